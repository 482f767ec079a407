"""Every simulated route answers 200 for a valid call, with a body that fits the schema's `returns`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from pvesim.auth import ApiToken
from pvesim.call import ROUTES
from pvesim.config import SimConfig
from pvesim.returns import KNOWN_RETURN_DIVERGENCES, check_returns
from pvesim.simulator import Simulator
from pvesim.state import HaResource, Pool, Storage
from shared.pve.schema import SchemaVersion, load_schema
from tests.support.pve_api import make_client

TEMPLATE = "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst"
BACKUP = "local:backup/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst"


Setup = Callable[[Simulator, httpx.AsyncClient], Awaitable[None]]


def _pause(vmid: int) -> Setup:
    async def setup(sim: Simulator, http: httpx.AsyncClient) -> None:
        sim.state.guests[vmid].paused = True

    return setup


async def _lvm(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A second storage for guest disks, to move disks to."""
    sim.state.storages["lvm"] = Storage("lvm", "lvmthin", ["images", "rootdir"])


async def _tasks(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A task that ended and one still running: the list shows both shapes of its items."""
    ended = (await http.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    await sim.wait_task(ended, timeout=10)
    sim.faults.add_task_rule(type="vzstart", duration=30, count=1)
    await http.post("/nodes/pve1/lxc/201/status/start")


async def _pool_and_ha(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A pool with a guest and a storage, and an HA resource: the lists have items to check."""
    sim.state.pools["prod"] = Pool("prod", "production", {100, 200}, {"local"})
    sim.state.ha_resources["vm:100"] = HaResource("vm:100", "started", max_restart=1, max_relocate=1)


async def _empty_pool(sim: Simulator, http: httpx.AsyncClient) -> None:
    sim.state.pools["old"] = Pool("old")


async def _pending(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A running guest keeps a cores change pending: the list shows `value` and `pending`."""
    await http.put("/nodes/pve1/qemu/100/config", data={"cores": 4})
    await http.put("/nodes/pve1/lxc/200/config", data={"ostype": "ubuntu"})


async def _pending_bridge(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A bridge written to interfaces.new and not applied: the list shows it, the apply and the revert have work."""
    response = await http.post("/nodes/pve1/network", data={"iface": "vmbr9", "type": "bridge", "autostart": 1})
    assert response.status_code == 200, response.text


async def _root_token(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A token of root@pam's own, so its token list has an item."""
    sim.core.tokens["root@pam!backup"] = ApiToken("root@pam!backup", "secret", {"/vms": frozenset({"VM.Backup"})})


async def _a_rule(sim: Simulator, http: httpx.AsyncClient) -> None:
    """A rule in every scope, so the lists have one to show and a position to address."""
    firewall = sim.state.firewall
    for scope in ("cluster", "node/pve1", "vm/100", "vm/200"):
        firewall.rules.setdefault(scope, []).insert(0, {"type": "out", "action": "DROP", "proto": "udp", "enable": 1})


@dataclass(frozen=True)
class Example:
    method: str
    template: str
    path: str
    params: dict[str, Any] = field(default_factory=dict)
    setup: Setup | None = None
    versions: tuple[SchemaVersion, ...] = ("9.1", "8.4")


EXAMPLES = [
    Example("GET", "/version", "/version"),
    Example("GET", "/nodes", "/nodes"),
    Example("GET", "/nodes/{node}/status", "/nodes/pve1/status"),
    Example("GET", "/nodes/{node}/syslog", "/nodes/pve1/syslog", {"service": "pveproxy", "start": 2, "limit": 3}),
    Example("GET", "/nodes/{node}/subscription", "/nodes/pve1/subscription"),
    Example("GET", "/cluster/log", "/cluster/log", {"max": 20}, setup=_tasks),
    Example(
        "POST",
        "/nodes/{node}/storage/{storage}/download-url",
        "/nodes/pve1/storage/local/download-url",
        {
            "url": "https://cdimage.example.org/debian-13.iso",
            "filename": "debian-13.iso",
            "content": "iso",
            "checksum": "0" * 64,
            "checksum-algorithm": "sha256",
        },
    ),
    *(
        example
        for base, path, options in (
            ("/cluster/firewall", "/cluster/firewall", {"enable": 1, "policy_in": "DROP"}),
            ("/nodes/{node}/firewall", "/nodes/pve1/firewall", {"enable": 1, "log_level_in": "info"}),
            ("/nodes/{node}/qemu/{vmid}/firewall", "/nodes/pve1/qemu/100/firewall", {"enable": 1, "policy_in": "DROP"}),
            ("/nodes/{node}/lxc/{vmid}/firewall", "/nodes/pve1/lxc/200/firewall", {"enable": 0, "ipfilter": 1}),
        )
        for example in (
            Example("GET", f"{base}/rules", f"{path}/rules", setup=_a_rule),
            Example(
                "POST",
                f"{base}/rules",
                f"{path}/rules",
                {
                    "type": "in",
                    "action": "ACCEPT",
                    "proto": "tcp",
                    "dport": "443",
                    "source": "+management",
                    "enable": 1,
                },
            ),
            Example("GET", f"{base}/rules/{{pos}}", f"{path}/rules/0", setup=_a_rule),
            Example("PUT", f"{base}/rules/{{pos}}", f"{path}/rules/0", {"comment": "edited", "enable": 0}, _a_rule),
            Example("DELETE", f"{base}/rules/{{pos}}", f"{path}/rules/0", setup=_a_rule),
            Example("GET", f"{base}/options", f"{path}/options"),
            Example("PUT", f"{base}/options", f"{path}/options", options),
        )
    ),
    Example("POST", "/cluster/ha/resources", "/cluster/ha/resources", {"sid": "vm:101", "max_restart": 2}),
    Example("PUT", "/cluster/ha/resources/{sid}", "/cluster/ha/resources/vm:100", {"state": "stopped"}, _pool_and_ha),
    Example("DELETE", "/cluster/ha/resources/{sid}", "/cluster/ha/resources/vm:100", setup=_pool_and_ha),
    Example("GET", "/access/users", "/access/users", {"full": 1}),
    Example("GET", "/access/groups", "/access/groups"),
    Example("GET", "/access/roles", "/access/roles"),
    Example("GET", "/access/acl", "/access/acl"),
    Example("GET", "/access/users/{userid}/token", "/access/users/root@pam/token", setup=_root_token),
    Example("GET", "/cluster/firewall/groups", "/cluster/firewall/groups"),
    Example("GET", "/cluster/firewall/groups/{group}", "/cluster/firewall/groups/webserver"),
    Example("GET", "/cluster/firewall/aliases", "/cluster/firewall/aliases"),
    Example("GET", "/cluster/firewall/ipset", "/cluster/firewall/ipset"),
    Example("GET", "/cluster/firewall/ipset/{name}", "/cluster/firewall/ipset/management"),
    Example("POST", "/cluster/firewall/ipset/{name}", "/cluster/firewall/ipset/blocklist", {"cidr": "198.51.100.7"}),
    Example("DELETE", "/cluster/firewall/ipset/{name}/{cidr}", "/cluster/firewall/ipset/management/192.168.100.0%2F24"),
    Example("GET", "/nodes/{node}/firewall/log", "/nodes/pve1/firewall/log", {"limit": 5}),
    Example("GET", "/nodes/{node}/qemu/{vmid}/firewall/log", "/nodes/pve1/qemu/100/firewall/log", {"start": 3}),
    Example("GET", "/nodes/{node}/lxc/{vmid}/firewall/log", "/nodes/pve1/lxc/200/firewall/log"),
    Example("GET", "/nodes/{node}/network", "/nodes/pve1/network", {"type": "any_bridge"}, setup=_pending_bridge),
    Example(
        "POST",
        "/nodes/{node}/network",
        "/nodes/pve1/network",
        {"iface": "vmbr1", "type": "bridge", "bridge_ports": "eno2", "bridge_vlan_aware": 1, "autostart": 1},
    ),
    Example(
        "PUT",
        "/nodes/{node}/network/{iface}",
        "/nodes/pve1/network/vmbr0",
        {"type": "bridge", "comments": "management", "mtu": 9000},
    ),
    Example("DELETE", "/nodes/{node}/network/{iface}", "/nodes/pve1/network/vmbr9", setup=_pending_bridge),
    Example("PUT", "/nodes/{node}/network", "/nodes/pve1/network", setup=_pending_bridge),
    Example("DELETE", "/nodes/{node}/network", "/nodes/pve1/network", setup=_pending_bridge),
    Example("GET", "/nodes/{node}/apt/update", "/nodes/pve1/apt/update"),
    Example("GET", "/cluster/resources", "/cluster/resources", setup=_pool_and_ha),
    Example("GET", "/cluster/nextid", "/cluster/nextid"),
    Example("GET", "/cluster/status", "/cluster/status"),
    Example("GET", "/access/permissions", "/access/permissions"),
    Example("GET", "/storage", "/storage"),
    Example("GET", "/nodes/{node}/storage", "/nodes/pve1/storage"),
    Example("GET", "/nodes/{node}/storage/{storage}/status", "/nodes/pve1/storage/local/status"),
    Example("GET", "/nodes/{node}/storage/{storage}/content", "/nodes/pve1/storage/local/content"),
    Example("GET", "/nodes/{node}/rrddata", "/nodes/pve1/rrddata", {"timeframe": "hour"}),
    Example("GET", "/nodes/{node}/tasks", "/nodes/pve1/tasks", {"source": "all"}, setup=_tasks),
    Example("GET", "/nodes/{node}/tasks/{upid}/status", "/nodes/pve1/tasks/{upid}/status"),
    Example("GET", "/nodes/{node}/tasks/{upid}/log", "/nodes/pve1/tasks/{upid}/log"),
    Example("DELETE", "/nodes/{node}/tasks/{upid}", "/nodes/pve1/tasks/{upid}"),
    Example(
        "POST",
        "/nodes/{node}/qemu",
        "/nodes/pve1/qemu",
        {"vmid": 130, "scsi0": "local-lvm:1", "net0": "virtio,bridge=vmbr0"},
    ),
    Example(
        "POST", "/nodes/{node}/lxc", "/nodes/pve1/lxc", {"vmid": 330, "ostemplate": TEMPLATE, "rootfs": "local-lvm:2"}
    ),
    Example("DELETE", "/nodes/{node}/qemu/{vmid}", "/nodes/pve1/qemu/101", {"purge": 1}),
    Example("DELETE", "/nodes/{node}/lxc/{vmid}", "/nodes/pve1/lxc/201", {"purge": 1}),
    Example("POST", "/nodes/{node}/qemu/{vmid}/agent/exec", "/nodes/pve1/qemu/100/agent/exec", {"command": "hostname"}),
    Example(
        "GET",
        "/nodes/{node}/qemu/{vmid}/agent/exec-status",
        "/nodes/pve1/qemu/100/agent/exec-status",
        {"pid": "{pid}"},
    ),
    Example("POST", "/nodes/{node}/qemu/{vmid}/clone", "/nodes/pve1/qemu/9000/clone", {"newid": 131, "name": "c"}),
    Example("GET", "/nodes/{node}/qemu/{vmid}/cloudinit", "/nodes/pve1/qemu/100/cloudinit"),
    Example("PUT", "/nodes/{node}/qemu/{vmid}/cloudinit", "/nodes/pve1/qemu/100/cloudinit"),
    Example("POST", "/nodes/{node}/qemu/{vmid}/config", "/nodes/pve1/qemu/101/config", {"cores": 4}),
    Example("GET", "/nodes/{node}/lxc/{vmid}/interfaces", "/nodes/pve1/lxc/200/interfaces"),
    Example("GET", "/nodes/{node}/version", "/nodes/pve1/version"),
    Example("GET", "/cluster/tasks", "/cluster/tasks", setup=_tasks),
    Example("GET", "/cluster/ha/status/current", "/cluster/ha/status/current", setup=_pool_and_ha),
    Example("GET", "/cluster/ha/resources", "/cluster/ha/resources", setup=_pool_and_ha),
    Example("GET", "/cluster/ha/resources/{sid}", "/cluster/ha/resources/vm:100", setup=_pool_and_ha),
    Example("GET", "/pools", "/pools", setup=_pool_and_ha),
    Example("GET", "/pools/{poolid}", "/pools/prod", setup=_pool_and_ha),
    Example("POST", "/pools", "/pools", {"poolid": "test", "comment": "new"}),
    Example("PUT", "/pools", "/pools", {"poolid": "prod", "vms": "101"}, setup=_pool_and_ha),
    Example("PUT", "/pools/{poolid}", "/pools/prod", {"storage": "local-lvm"}, setup=_pool_and_ha),
    Example("DELETE", "/pools", "/pools", {"poolid": "old"}, setup=_empty_pool),
    Example("DELETE", "/pools/{poolid}", "/pools/old", setup=_empty_pool),
    Example(
        "GET",
        "/nodes/{node}/qemu/{vmid}/agent/network-get-interfaces",
        "/nodes/pve1/qemu/100/agent/network-get-interfaces",
    ),
    Example("GET", "/nodes/{node}/qemu/{vmid}/agent/get-osinfo", "/nodes/pve1/qemu/100/agent/get-osinfo"),
    Example("GET", "/nodes/{node}/qemu/{vmid}/agent/get-host-name", "/nodes/pve1/qemu/100/agent/get-host-name"),
    Example("POST", "/nodes/{node}/qemu/{vmid}/agent/ping", "/nodes/pve1/qemu/100/agent/ping"),
    Example("GET", "/nodes/{node}/qemu/{vmid}/pending", "/nodes/pve1/qemu/100/pending", setup=_pending),
    Example("GET", "/nodes/{node}/lxc/{vmid}/pending", "/nodes/pve1/lxc/200/pending", setup=_pending),
    Example("POST", "/nodes/{node}/lxc/{vmid}/clone", "/nodes/pve1/lxc/201/clone", {"newid": 331, "hostname": "c"}),
    Example("GET", "/nodes/{node}/qemu/{vmid}/migrate", "/nodes/pve1/qemu/100/migrate", setup=_pool_and_ha),
    Example("GET", "/nodes/{node}/lxc/{vmid}/migrate", "/nodes/pve1/lxc/200/migrate", versions=("9.1",)),
    Example("POST", "/nodes/{node}/qemu/{vmid}/migrate", "/nodes/pve1/qemu/101/migrate", {"target": "pve2"}),
    Example(
        "POST", "/nodes/{node}/lxc/{vmid}/migrate", "/nodes/pve1/lxc/200/migrate", {"target": "pve2", "restart": 1}
    ),
    Example(
        "POST", "/nodes/{node}/vzdump", "/nodes/pve1/vzdump", {"vmid": "100", "storage": "local", "compress": "zstd"}
    ),
    Example("PUT", "/nodes/{node}/qemu/{vmid}/resize", "/nodes/pve1/qemu/101/resize", {"disk": "scsi0", "size": "+1G"}),
    Example("PUT", "/nodes/{node}/lxc/{vmid}/resize", "/nodes/pve1/lxc/201/resize", {"disk": "rootfs", "size": "+1G"}),
    Example(
        "POST",
        "/nodes/{node}/qemu/{vmid}/move_disk",
        "/nodes/pve1/qemu/101/move_disk",
        {"disk": "scsi0", "storage": "lvm"},
        setup=_lvm,
    ),
    Example(
        "POST",
        "/nodes/{node}/lxc/{vmid}/move_volume",
        "/nodes/pve1/lxc/201/move_volume",
        {"volume": "rootfs", "storage": "lvm"},
        setup=_lvm,
    ),
    Example("POST", "/nodes/{node}/qemu/{vmid}/template", "/nodes/pve1/qemu/101/template"),
    Example("POST", "/nodes/{node}/lxc/{vmid}/template", "/nodes/pve1/lxc/201/template"),
    Example("GET", "/nodes/{node}/storage/{storage}/content/{volume}", f"/nodes/pve1/storage/local/content/{BACKUP}"),
    Example(
        "PUT",
        "/nodes/{node}/storage/{storage}/content/{volume}",
        f"/nodes/pve1/storage/local/content/{BACKUP}",
        {"notes": "n"},
    ),
    Example(
        "DELETE", "/nodes/{node}/storage/{storage}/content/{volume}", f"/nodes/pve1/storage/local/content/{BACKUP}"
    ),
]
for _kind, _vmid, _stopped, _snap in (("qemu", 100, 101, "before-upgrade"), ("lxc", 200, 201, "clean")):
    _base = f"/nodes/{{node}}/{_kind}"
    EXAMPLES += [
        Example("GET", _base, f"/nodes/pve1/{_kind}"),
        Example("GET", f"{_base}/{{vmid}}/config", f"/nodes/pve1/{_kind}/{_vmid}/config"),
        Example("PUT", f"{_base}/{{vmid}}/config", f"/nodes/pve1/{_kind}/{_vmid}/config", {"description": "hello"}),
        Example("GET", f"{_base}/{{vmid}}/status/current", f"/nodes/pve1/{_kind}/{_vmid}/status/current"),
        Example("GET", f"{_base}/{{vmid}}/rrddata", f"/nodes/pve1/{_kind}/{_vmid}/rrddata", {"timeframe": "day"}),
        Example("GET", f"{_base}/{{vmid}}/snapshot", f"/nodes/pve1/{_kind}/{_vmid}/snapshot"),
        Example("POST", f"{_base}/{{vmid}}/snapshot", f"/nodes/pve1/{_kind}/{_vmid}/snapshot", {"snapname": "walk"}),
        Example(
            "POST",
            f"{_base}/{{vmid}}/snapshot/{{snapname}}/rollback",
            f"/nodes/pve1/{_kind}/{_vmid}/snapshot/{_snap}/rollback",
        ),
        Example("DELETE", f"{_base}/{{vmid}}/snapshot/{{snapname}}", f"/nodes/pve1/{_kind}/{_vmid}/snapshot/{_snap}"),
        Example("POST", f"{_base}/{{vmid}}/status/start", f"/nodes/pve1/{_kind}/{_stopped}/status/start"),
        Example("POST", f"{_base}/{{vmid}}/status/stop", f"/nodes/pve1/{_kind}/{_vmid}/status/stop"),
        Example("POST", f"{_base}/{{vmid}}/status/shutdown", f"/nodes/pve1/{_kind}/{_vmid}/status/shutdown"),
        Example("POST", f"{_base}/{{vmid}}/status/reboot", f"/nodes/pve1/{_kind}/{_vmid}/status/reboot"),
        Example("POST", f"{_base}/{{vmid}}/status/suspend", f"/nodes/pve1/{_kind}/{_vmid}/status/suspend"),
        Example(
            "POST", f"{_base}/{{vmid}}/status/resume", f"/nodes/pve1/{_kind}/{_vmid}/status/resume", setup=_pause(_vmid)
        ),
    ]


def test_the_examples_cover_every_simulated_route() -> None:
    assert {(e.method, e.template) for e in EXAMPLES} == set(ROUTES)


async def _fill(example: Example, sim: Simulator, http: httpx.AsyncClient) -> tuple[str, dict[str, Any]]:
    path, params = example.path, dict(example.params)
    if "{upid}" in path:
        sim.faults.add_task_rule(type="qmstart", duration=30, count=1)
        upid = (await http.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
        path = path.replace("{upid}", upid)
    if params.get("pid") == "{pid}":
        params["pid"] = (await http.post("/nodes/pve1/qemu/100/agent/exec", data={"command": "id"})).json()["data"][
            "pid"
        ]
    return path, params


@pytest.mark.parametrize("version", ["9.1", "8.4"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.method} {e.template}")
async def test_route_answers_within_its_declared_returns(example: Example, version: SchemaVersion) -> None:
    if version not in example.versions:
        pytest.skip(f"PVE {version} has no {example.method} {example.template}")
    async with Simulator(SimConfig(pve_version=version, task_duration=0.01)) as sim, make_client(sim) as http:
        if example.setup:
            await example.setup(sim, http)
        path, params = await _fill(example, sim, http)
        if example.method in ("POST", "PUT"):
            response = await http.request(example.method, path, data=params)
        else:
            response = await http.request(example.method, path, params=params)
        assert response.status_code == 200, response.text
        returns = load_schema(version).endpoint(example.template, example.method)
        assert returns is not None
        data = response.json()["data"]
        # an empty list would check no item: every list example answers at least one
        assert data != [], "the example needs a setup that gives the list items"
        problems = check_returns(returns.returns, data)
        if (example.method, example.template) in KNOWN_RETURN_DIVERGENCES:
            assert problems, "a known divergence that no longer diverges: drop it from KNOWN_RETURN_DIVERGENCES"
        else:
            assert problems == []
        assert sim.violations == []

"""The real client over HTTPS against pvesim: every model on real answers, and the errors a cluster gives."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.errors import (
    AuthenticationFailed,
    ContractDivergence,
    DispatchUncertain,
    Locked,
    NodeUnreachable,
    NotFound,
    PermissionDenied,
    PveUnreachable,
    RequestRejected,
)
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import (
    NO_DATA,
    OPTIONAL_UPID,
    UPID,
    CloudInitItem,
    ClusterResource,
    ClusterStatusEntry,
    LxcConfig,
    LxcInterface,
    LxcStatus,
    LxcSummary,
    NodeStatus,
    NodeSummary,
    PveVersion,
    QemuConfig,
    QemuStatus,
    QemuSummary,
    RrdPoint,
    Snapshot,
    StorageContentItem,
    StorageStatus,
    TaskLogLine,
    TaskStatus,
    TaskSummary,
    TokenPermissions,
)

NO_WAIT = RetryPolicy(attempts=3, backoff_s=0.0, jitter_s=0.0)
QEMU = {"node": "pve1", "vmid": 100}
LXC = {"node": "pve1", "vmid": 200}
RRD = {"timeframe": "hour", "cf": "AVERAGE"}


def _client(sim: Simulator, *, limited: bool = False, secret: str | None = None) -> PveClient:
    name = sim.limited_token_name if limited else sim.token_name
    value = secret or (sim.limited_token_secret if limited else sim.token_secret)
    assert sim.ca_path is not None
    return PveClient(sim.url, auth=PveTokenAuth(name, value), verify=sim.ca_path, retry=NO_WAIT)


@pytest.fixture(scope="module")
async def shared_sim() -> AsyncIterator[Simulator]:
    """One simulator for the tests that only read."""
    async with Simulator(SimConfig(offline_nodes=("pve2",))) as sim:
        yield sim


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    """A simulator of its own, for a test that changes state or sets faults."""
    async with Simulator() as sim:
        yield sim


@pytest.fixture
async def pve(shared_sim: Simulator) -> AsyncIterator[PveClient]:
    async with _client(shared_sim) as client:
        yield client


READS: list[tuple[str, object, dict[str, object], dict[str, str | int]]] = [
    ("/version", PveVersion, {}, {}),
    ("/nodes", list[NodeSummary], {}, {}),
    ("/nodes/{node}/status", NodeStatus, {"node": "pve1"}, {}),
    ("/cluster/resources", list[ClusterResource], {}, {}),
    ("/cluster/resources", list[ClusterResource], {}, {"type": "vm"}),
    ("/cluster/resources", list[ClusterResource], {}, {"type": "storage"}),
    ("/cluster/resources", list[ClusterResource], {}, {"type": "node"}),
    ("/cluster/nextid", int, {}, {}),
    ("/cluster/status", list[ClusterStatusEntry], {}, {}),
    ("/nodes/{node}/qemu", list[QemuSummary], {"node": "pve1"}, {}),
    ("/nodes/{node}/lxc", list[LxcSummary], {"node": "pve1"}, {}),
    ("/nodes/{node}/qemu/{vmid}/config", QemuConfig, QEMU, {}),
    ("/nodes/{node}/lxc/{vmid}/config", LxcConfig, LXC, {}),
    ("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, QEMU, {}),
    ("/nodes/{node}/lxc/{vmid}/status/current", LxcStatus, LXC, {}),
    ("/nodes/{node}/lxc/{vmid}/interfaces", list[LxcInterface], LXC, {}),
    ("/nodes/{node}/rrddata", list[RrdPoint], {"node": "pve1"}, RRD),
    ("/nodes/{node}/qemu/{vmid}/rrddata", list[RrdPoint], QEMU, RRD),
    ("/nodes/{node}/lxc/{vmid}/rrddata", list[RrdPoint], LXC, {"timeframe": "day", "cf": "MAX"}),
    ("/nodes/{node}/qemu/{vmid}/snapshot", list[Snapshot], QEMU, {}),
    ("/nodes/{node}/lxc/{vmid}/snapshot", list[Snapshot], LXC, {}),
    ("/nodes/{node}/storage", list[StorageStatus], {"node": "pve1"}, {}),
    ("/nodes/{node}/storage/{storage}/content", list[StorageContentItem], {"node": "pve1", "storage": "local"}, {}),
    ("/nodes/{node}/tasks", list[TaskSummary], {"node": "pve1"}, {}),
    ("/nodes/{node}/qemu/{vmid}/cloudinit", list[CloudInitItem], QEMU, {}),
    ("/access/permissions", TokenPermissions, {}, {}),
]


@pytest.mark.parametrize(
    ("template", "response", "path", "query"), READS, ids=[f"{t} {q}" if q else t for t, _, _, q in READS]
)
async def test_every_read_model_fits_pvesims_answer(pve, shared_sim, template, response, path, query):
    result = await pve.get(template, response, path=path, query=query)

    assert result is not None
    assert shared_sim.violations == []


async def test_listings_carry_what_the_tools_show(pve):
    guests = await pve.get("/cluster/resources", list[ClusterResource], query={"type": "vm"})
    config = await pve.get("/nodes/{node}/qemu/{vmid}/config", QemuConfig, path=QEMU)
    content = await pve.get(
        "/nodes/{node}/storage/{storage}/content", list[StorageContentItem], path={"node": "pve1", "storage": "local"}
    )

    assert {(g.vmid, g.type, g.node) for g in guests} >= {(100, "qemu", "pve1"), (200, "lxc", "pve1")}
    assert (config.name, config.memory_mib, config.cores) == ("web01", 2048, 2)
    assert "net0" in config.indexed("net")
    assert {"iso", "vztmpl"} <= {item.content for item in content}


async def test_power_action_returns_a_upid_whose_task_and_log_can_be_followed(sim):
    async with _client(sim) as pve:
        upid = await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": 101})
        await sim.wait_task(str(upid))
        task = {"node": upid.node, "upid": upid}
        status = await pve.get("/nodes/{node}/tasks/{upid}/status", TaskStatus, path=task)
        page = await pve.get_page("/nodes/{node}/tasks/{upid}/log", TaskLogLine, path=task, query={"start": 0})
        current = await pve.get(
            "/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, path={"node": "pve1", "vmid": 101}
        )

    assert (upid.type, upid.id, upid.owner) == ("qmstart", "101", sim.token_name)
    assert (status.status, status.exitstatus) == ("stopped", "OK")
    assert page.total == len(page.data) > 0
    assert current.status == "running"
    assert sim.violations == []


async def test_snapshot_create_rollback_and_delete_each_return_a_upid(sim):
    snap = {**QEMU, "snapname": "pre-test"}
    async with _client(sim) as pve:
        created = await pve.post("/nodes/{node}/qemu/{vmid}/snapshot", UPID, path=QEMU, body={"snapname": "pre-test"})
        await sim.wait_task(str(created))
        rolled = await pve.post("/nodes/{node}/qemu/{vmid}/snapshot/{snapname}/rollback", UPID, path=snap)
        await sim.wait_task(str(rolled))
        deleted = await pve.delete("/nodes/{node}/qemu/{vmid}/snapshot/{snapname}", UPID, path=snap)
        await sim.wait_task(str(deleted))

    assert [created.type, rolled.type, deleted.type] == ["qmsnapshot", "qmrollback", "qmdelsnapshot"]
    assert sim.violations == []


async def test_create_configure_and_destroy_a_vm(sim):
    new = {"node": "pve1", "vmid": 150}
    async with _client(sim) as pve:
        vmid = await pve.get("/cluster/nextid", int)
        created = await pve.post(
            "/nodes/{node}/qemu", UPID, path={"node": "pve1"}, body={"vmid": 150, "name": "t150", "memory": 1024}
        )
        await sim.wait_task(str(created))
        await pve.put("/nodes/{node}/qemu/{vmid}/config", NO_DATA, path=new, body={"cores": 4, "onboot": True})
        maybe_task = await pve.post("/nodes/{node}/qemu/{vmid}/config", OPTIONAL_UPID, path=new, body={"cores": 2})
        if maybe_task is not None:
            await sim.wait_task(str(maybe_task))
        config = await pve.get("/nodes/{node}/qemu/{vmid}/config", QemuConfig, path=new)
        destroyed = await pve.delete("/nodes/{node}/qemu/{vmid}", UPID, path=new)
        await sim.wait_task(str(destroyed))

        with pytest.raises(NotFound):
            await pve.get("/nodes/{node}/qemu/{vmid}/config", QemuConfig, path=new)

    assert vmid >= 100
    assert (config.cores, config.onboot) == (2, True)
    assert sim.violations == []


async def test_cloudinit_regenerate_answers_no_data(sim):
    async with _client(sim) as pve:
        assert await pve.put("/nodes/{node}/qemu/{vmid}/cloudinit", NO_DATA, path=QEMU) is None
    assert sim.violations == []


async def test_a_running_task_can_be_stopped(sim):
    sim.faults.add_task_rule(type="qmstart", duration=30.0)
    async with _client(sim) as pve:
        upid = await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": 101})
        await pve.delete("/nodes/{node}/tasks/{upid}", NO_DATA, path={"node": "pve1", "upid": upid})
        ended = await sim.wait_task(str(upid), timeout=10)
        status = await pve.get("/nodes/{node}/tasks/{upid}/status", TaskStatus, path={"node": "pve1", "upid": upid})

    assert ended.status == status.status == "stopped"
    assert status.exitstatus != "OK"
    assert sim.violations == []


async def test_a_task_pve_does_not_know_is_not_found(shared_sim):
    unknown = "UPID:pve1:0000FFFF:0000FFFF:6900A000:qmstart:101:root@pam!mcp:"
    async with _client(shared_sim) as pve:
        with pytest.raises(NotFound) as caught:
            await pve.get("/nodes/{node}/tasks/{upid}/status", TaskStatus, path={"node": "pve1", "upid": unknown})

    assert "no such task" in caught.value.message
    assert "check the UPID" in caught.value.hint


async def test_limited_token_gets_permission_denied_naming_privilege_and_path(shared_sim):
    async with _client(shared_sim, limited=True) as pve:
        with pytest.raises(PermissionDenied) as caught:
            await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": 101})

    error = caught.value
    assert (error.details["privilege"], error.details["acl_path"]) == ("VM.PowerMgmt", "/vms/101")
    assert f"token {shared_sim.limited_token_name} lacks VM.PowerMgmt on /vms/101" in error.message
    assert f"--tokens '{shared_sim.limited_token_name}'" in error.hint


async def test_limited_token_may_still_read(shared_sim):
    async with _client(shared_sim, limited=True) as pve:
        status = await pve.get("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, path=QEMU)

    assert status.vmid == 100


async def test_offline_node_is_node_unreachable(pve):
    with pytest.raises(NodeUnreachable) as caught:
        await pve.get("/nodes/{node}/qemu", list[QemuSummary], path={"node": "pve2"})

    assert "node pve2" in caught.value.message
    assert "595" in caught.value.message


async def test_node_the_cluster_does_not_know_is_not_found(pve):
    with pytest.raises(NotFound) as caught:
        await pve.get("/nodes/{node}/qemu", list[QemuSummary], path={"node": "pve9"})

    assert "pve9" in caught.value.message


async def test_wrong_secret_is_authentication_failed(shared_sim):
    async with _client(shared_sim, secret="not-the-secret") as pve:
        with pytest.raises(AuthenticationFailed):
            await pve.get("/version", PveVersion)


async def test_client_without_pves_ca_is_refused_with_the_tls_hint(shared_sim):
    client = PveClient(shared_sim.url, auth=PveTokenAuth(shared_sim.token_name, shared_sim.token_secret), retry=NO_WAIT)
    async with client:
        with pytest.raises(PveUnreachable) as caught:
            await client.get("/version", PveVersion)

    assert "PROXMOX_CA_BUNDLE" in caught.value.hint


STATUS = "/nodes/{node}/qemu/{vmid}/status/current"


@pytest.mark.parametrize(
    ("mode", "template", "response", "path", "field"),
    [
        pytest.param("missing_field", "/nodes", list[NodeSummary], {}, "data[0].node", id="missing_field"),
        pytest.param("wrong_type", STATUS, QemuStatus, QEMU, "data.ha", id="wrong_type"),
        pytest.param("not_json", STATUS, QemuStatus, QEMU, None, id="not_json"),
    ],
)
async def test_malformed_answer_is_contract_divergence(sim, mode, template, response, path, field):
    sim.faults.add_malformed(template, mode=mode)
    async with _client(sim) as pve:
        with pytest.raises(ContractDivergence) as caught:
            await pve.get(template, response, path=path)

    assert f"GET {template}" in caught.value.message
    assert caught.value.details.get("field") == field


async def test_missing_field_the_tools_do_not_use_is_tolerated(sim):
    # pvesim drops the first field the schema requires: `ha`, which real PVE always sends and no tool reads.
    sim.faults.add_malformed(STATUS, mode="missing_field")
    async with _client(sim) as pve:
        status = await pve.get(STATUS, QemuStatus, path=QEMU)

    assert (status.vmid, status.ha) == (100, None)


async def test_get_whose_connection_drops_is_tried_again(sim):
    sim.faults.add_drop(method="GET", path="/nodes")
    async with _client(sim) as pve:
        nodes = await pve.get("/nodes", list[NodeSummary])

    assert {node.node for node in nodes} == {"pve1", "pve2"}


async def test_start_whose_answer_is_lost_is_dispatch_uncertain_yet_took_effect(sim):
    sim.faults.add_drop(when="after", method="POST", path="/nodes/{node}/qemu/{vmid}/status/start")
    async with _client(sim) as pve:
        with pytest.raises(DispatchUncertain):
            await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": 101})
        # source=all: PVE lists only finished tasks unless asked for the active ones too.
        tasks = await pve.get("/nodes/{node}/tasks", list[TaskSummary], path={"node": "pve1"}, query={"source": "all"})

    assert [(t.type, t.id) for t in tasks if t.type == "qmstart"] == [("qmstart", "101")]


@pytest.mark.parametrize("when", ["before", "after"])
@pytest.mark.parametrize("method", ["PUT", "DELETE"])
async def test_a_put_or_delete_whose_connection_drops_is_sent_once(sim, method, when):
    # HTTP calls both idempotent and a client library may resend them on a dropped connection
    # (aiohttp does); PVE's DELETE of a guest destroys it and starts a task: a resend is a second one
    vmid = next(
        g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.template
    )
    target = {"node": sim.state.guests[vmid].node, "vmid": vmid}
    template = "/nodes/{node}/qemu/{vmid}/config" if method == "PUT" else "/nodes/{node}/qemu/{vmid}"
    sim.faults.add_drop(when=when, method=method, path=template)
    async with _client(sim) as pve:
        send = (
            pve.put(template, NO_DATA, path=target, body={"description": "x"})
            if method == "PUT"
            else pve.delete(template, UPID, path=target)
        )
        with pytest.raises(DispatchUncertain):
            await send

    sent = template.format(**target)
    assert [r.method for r in sim.requests if r.path == sent and r.method == method] == [method]


async def test_an_idempotent_put_pve_answers_500_once_is_sent_again_and_done(sim):
    sim.faults.add_error(500, message="got a passing error", method="PUT", path="/nodes/{node}/qemu/{vmid}/cloudinit")
    async with _client(sim) as pve:
        await pve.put("/nodes/{node}/qemu/{vmid}/cloudinit", NO_DATA, path=QEMU, idempotent=True)

    sent = [r.status for r in sim.requests if r.method == "PUT" and r.path.endswith("/cloudinit")]
    assert sent == [500, 200]


@pytest.mark.parametrize(
    ("message", "idempotent", "raised"),
    [
        pytest.param("VM 100 is locked (backup)", True, Locked, id="a-lock-has-a-meaning"),
        pytest.param("got a passing error", False, RequestRejected, id="not-declared-idempotent"),
    ],
)
async def test_a_500_is_not_sent_again_when_it_has_a_meaning_or_the_put_is_not_idempotent(
    sim, message, idempotent, raised
):
    template = "/nodes/{node}/qemu/{vmid}/cloudinit"
    sim.faults.add_error(500, message=message, method="PUT", path=template)
    async with _client(sim) as pve:
        with pytest.raises(raised):
            await pve.put(template, NO_DATA, path=QEMU, idempotent=idempotent)

    assert [r.status for r in sim.requests if r.method == "PUT" and r.path.endswith("/cloudinit")] == [500]

"""Effects happen once: a worker SIGKILLed mid-change leaves the job to another, which never repeats it.

arq reruns a killed worker's job once its lease ends (the longest job timeout + 10 s; the
stack's fast-recovery settings make that about 15 s). The rerun must reconcile or resume,
never dispatch a second time; pvesim's request log and effect counters prove it.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from mcp import Client
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Snapshot
from shared.jobs import keys
from tests.support.agent import finished, status, submit
from tests.support.redis_server import RedisServer
from tests.support.stack import FAST_RECOVERY, HostedClient, Stack, WorkerProcess, start_stack
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


@pytest.fixture(scope="module")
async def kill_stack(redis_proc: RedisServer) -> AsyncIterator[Stack]:
    config = SimConfig(task_duration=0.3, lock_timeout=0.5)
    env = {"PROXMOX_ALLOW_DANGER": "true", **FAST_RECOVERY}
    stack = await start_stack("redis", redis_proc, config, env, workers=0)  # each test starts its own
    yield stack
    stack.stop()
    await stack.sim.stop()


@pytest.fixture(scope="module")
async def client(kill_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(kill_stack.client()) as connected:
        yield connected


@pytest.fixture
async def crew(kill_stack: Stack, request: pytest.FixtureRequest) -> AsyncIterator[Crew]:
    """This test's workers (named after it), all stopped when it ends: no test's worker takes another's job."""
    assert kill_stack.redis is not None
    redis = Redis.from_url(kill_stack.redis.url, decode_responses=True)
    crew = Crew(kill_stack, redis, request.node.name)
    yield crew
    for worker in crew.started:
        worker.stop()
    await redis.aclose()


class Crew:
    def __init__(self, stack: Stack, redis: Redis, test: str) -> None:
        self.stack, self.redis, self.test = stack, redis, test
        self.started: list[WorkerProcess] = []

    async def start(self, role: str) -> WorkerProcess:
        """A worker that is up (its health key written) before this returns."""
        name = f"{self.test}-{role}"
        worker = self.stack.start_worker(name)
        self.started.append(worker)
        await eventually(lambda: self.redis.exists(keys.worker_health(name)), timeout=20, what=f"worker {name}")
        return worker


def kill_when(sim: Simulator, worker: WorkerProcess, method: str, path_suffix: str) -> Callable[[], None]:
    """SIGKILL `worker` the moment pvesim has handled its `method` request, before the answer reaches it."""
    original = sim.core.handle

    async def handle(verb: str, path: str, *rest: Any) -> Any:
        answer = await original(verb, path, *rest)
        if verb == method and path.endswith(path_suffix) and worker.process.poll() is None:
            worker.process.send_signal(signal.SIGKILL)
        return answer

    sim.core.handle = handle  # type: ignore[method-assign]  # intercept in-process, for this test only

    def restore() -> None:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the interception

    return restore


def posts(sim: Simulator, suffix: str, method: str = "POST") -> int:
    return sum(1 for r in sim.requests if r.method == method and r.path.endswith(suffix))


def tasks_of(sim: Simulator, task_type: str, vmid: int) -> list[Any]:
    return [t for t in sim.state.tasks.values() if t.type == task_type and t.vmid == vmid]


async def dead(worker: WorkerProcess) -> bool:
    return worker.process.poll() is not None


async def killed_after(
    sim: Simulator, crew: Crew, client: Client, suffix: str, tool: str, *, verb: str = "POST", **arguments: object
) -> str:
    """Submit `tool`, SIGKILL its worker once pvesim has handled its `verb` to `suffix`, start a rescuer; the job id.

    The dead worker left the job `dispatching` with no UPID: PVE did what nobody recorded.
    """
    victim = await crew.start("victim")
    restore = kill_when(sim, victim, verb, suffix)
    try:
        job_id = await submit(client, tool, **arguments)
        await eventually(lambda: dead(victim), what=f"the worker to be killed after {verb} {suffix}")
    finally:
        restore()
    dying = await status(client, job_id)
    assert (dying["state"], dying["upid"]) == ("dispatching", None)
    await crew.start("rescuer")
    return job_id


async def test_worker_killed_right_after_dispatch_leaves_one_start(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    suffix = f"/qemu/{vmid}/status/start"
    job_id = await killed_after(sim, crew, client, suffix, "power_control", vmid=vmid, action="start")
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert job["attempts"] >= 2  # the rescuer's pickup (and, on a slow machine, a further slice)
    assert [t.upid for t in tasks_of(sim, "qmstart", vmid)] == [job["upid"]]
    assert posts(sim, suffix) == 1
    assert sim.state.counts[vmid]["started"] == 1
    assert sim.state.guests[vmid].status == "running"


async def test_worker_killed_while_following_resumes_the_same_task(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    # longer than the killed worker's lease (about 15 s): the rescuer finds the task still running
    sim.faults.add_task_rule(type="vzshutdown", vmid=vmid, duration=25.0, count=1)
    victim = await crew.start("victim")
    job_id = await submit(client, "power_control", vmid=vmid, action="shutdown")

    async def following() -> bool:
        job = await status(client, job_id)
        return job["state"] == "running" and job["upid"] is not None

    await eventually(following, timeout=30, what="the worker to follow the shutdown task")
    victim.kill()
    picked_up = (await status(client, job_id))["attempts"]
    await crew.start("rescuer")

    async def rescued_while_running() -> bool:
        job = await status(client, job_id)
        return job["attempts"] > picked_up and not job["done"]

    await eventually(rescued_while_running, timeout=60, what="the rescuer to pick up the job while its task runs")
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert len(tasks_of(sim, "vzshutdown", vmid)) == 1
    assert posts(sim, f"/lxc/{vmid}/status/shutdown") == 1
    assert sim.state.counts[vmid]["shutdown"] == 1
    page = await client.call_tool("get_task_log", {"job_id": job_id, "start": 0, "limit": 1000})
    assert page.structured_content is not None
    lines = [line["t"] for line in page.structured_content["lines"]]
    assert lines == sim.state.tasks[str(job["upid"])].log  # no line lost or doubled across workers


async def test_vm_created_once_when_the_worker_dies_after_the_create_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    job_id = await killed_after(
        sim, crew, client, "/nodes/pve2/qemu", "create_vm", node="pve2", name="once", memory_mb=512, disk_gb=4
    )
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    vmid = job["vmid"]
    assert vmid is not None
    assert sim.state.counts[vmid]["created"] == 1
    assert len(tasks_of(sim, "qmcreate", vmid)) == 1
    assert posts(sim, "/nodes/pve2/qemu") == 1
    assert [g.config.get("name") for g in sim.state.guests.values() if g.vmid == vmid] == ["once"]


async def test_delete_with_stop_first_stops_and_destroys_once_across_a_kill(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    node = sim.state.guests[vmid].node
    job_id = await killed_after(
        sim, crew, client, f"/lxc/{vmid}/status/stop", "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True
    )
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert job["result"]["stopped_first"] is True
    assert posts(sim, f"/lxc/{vmid}/status/stop") == 1
    assert posts(sim, f"/nodes/{node}/lxc/{vmid}", method="DELETE") == 1
    assert sim.state.counts[vmid]["stopped"] == 1
    assert sim.state.counts[vmid]["deleted"] == 1
    assert vmid not in sim.state.guests


async def test_snapshot_deleted_once_when_the_worker_dies_after_the_delete_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.lock)
    vm.snapshots["doomed"] = Snapshot(name="doomed", parent=vm.config.get("parent"))
    suffix = f"/qemu/{vm.vmid}/snapshot/doomed"
    job_id = await killed_after(
        sim, crew, client, suffix, "delete_snapshot", verb="DELETE", vmid=vm.vmid, name="doomed"
    )
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert job["result"]["action"] == "delete"
    assert posts(sim, suffix, method="DELETE") == 1
    assert len(tasks_of(sim, "qmdelsnapshot", vm.vmid)) == 1
    assert sim.state.counts[vm.vmid]["snapshot_deleted"] == 1
    assert "doomed" not in vm.snapshots


async def test_nic_added_once_when_the_worker_dies_after_the_config_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.lock)
    nics_before = sorted(key for key in vm.config if key.startswith("net"))
    suffix = f"/qemu/{vm.vmid}/config"
    # no net: the first free one, which the rescuer must not take to be a NIC still to add
    job_id = await killed_after(sim, crew, client, suffix, "set_guest_nic", verb="PUT", vmid=vm.vmid, bridge="vmbr0")
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    added = job["result"]
    assert added["action"] == "added" and added["after"] == vm.config[added["net"]]
    assert sorted(key for key in vm.config if key.startswith("net")) == sorted([*nics_before, added["net"]])
    assert posts(sim, suffix, method="PUT") == 1


async def test_file_downloaded_once_when_the_worker_dies_after_the_download_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    suffix = "/storage/local/download-url"
    url = "https://cdimage.example.org/once/netinst.iso"
    job_id = await killed_after(sim, crew, client, suffix, "download_to_storage", node="pve1", storage="local", url=url)
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert job["result"]["volid"] == "local:iso/netinst.iso"
    assert posts(sim, suffix) == 1
    downloads = [t for t in sim.state.tasks.values() if t.type == "download" and t.id == "netinst.iso"]
    assert [t.upid for t in downloads] == [job["upid"]]  # the rescuer adopted the task, never sent another


async def test_bridge_declared_once_when_the_worker_dies_after_the_create_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    job_id = await killed_after(
        sim, crew, client, "/nodes/pve2/network", "set_node_network", node="pve2", iface="vmbr4", ports=["eno2"]
    )
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert job["result"]["action"] == "created"  # the rescuer found its own effect, not "already so"
    assert posts(sim, "/nodes/pve2/network") == 1
    pending = sim.state.nodes["pve2"].network_pending
    assert pending is not None and pending["vmbr4"]["bridge_ports"] == "eno2"


async def test_firewall_rule_added_once_when_the_worker_dies_after_the_add_request(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    rules = sim.state.firewall.rules["cluster"]
    before = len(rules)
    job_id = await killed_after(
        sim, crew, client, "/cluster/firewall/rules", "set_firewall_rule",
        type="in", action="ACCEPT", proto="tcp", dport="9443", comment="once",
    )  # fmt: skip
    job = await finished(client, job_id)
    assert job["state"] == "succeeded"
    assert posts(sim, "/cluster/firewall/rules") == 1
    assert len(rules) == before + 1 and [r.get("comment") for r in rules].count("once") == 1
    assert job["result"]["pos"] == 0 and "dport 9443" in job["result"]["rule"]


def _ha(sim: Simulator) -> tuple[str, str, dict[str, object], Callable[[], object]]:
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and f"vm:{g.vmid}" not in sim.state.ha_resources)
    check = lambda: sim.state.ha_resources[f"vm:{vm.vmid}"].max_restart  # noqa: E731
    return "/cluster/ha/resources", "set_ha_resource", {"vmid": vm.vmid, "max_restart": 3}, check


def _ipset(sim: Simulator) -> tuple[str, str, dict[str, object], Callable[[], object]]:
    entries = sim.state.firewall.ipsets["blocklist"]["entries"]
    check = lambda: [e["cidr"] for e in entries].count("198.51.100.77")  # noqa: E731
    return "/cluster/firewall/ipset/blocklist", "set_ipset_entry", {"name": "blocklist", "cidr": "198.51.100.77"}, check


def _apply(sim: Simulator) -> tuple[str, str, dict[str, object], Callable[[], object]]:
    node = sim.state.nodes["pve2"]
    node.network_pending = {**node.network, "vmbr9": {"type": "bridge", "method": "manual", "autostart": 1}}
    check = lambda: ("vmbr9" in node.network, node.network_pending)  # noqa: E731
    return "/nodes/pve2/network", "apply_node_network", {"node": "pve2"}, check


def _options(sim: Simulator) -> tuple[str, str, dict[str, object], Callable[[], object]]:
    vm = next(
        g for g in sim.state.guests.values() if g.kind == "qemu" and f"vm/{g.vmid}" not in sim.state.firewall.options
    )
    check = lambda: sim.state.firewall.options[f"vm/{vm.vmid}"]  # noqa: E731
    return f"/qemu/{vm.vmid}/firewall/options", "set_firewall_options", {"vmid": vm.vmid, "enable": True}, check


def _volume(sim: Simulator) -> tuple[str, str, dict[str, object], Callable[[], object]]:
    key, iso = next((key, v) for key, bucket in sim.state.volumes.items() for v in bucket if ":iso/" in v)
    check = lambda: iso in sim.state.volumes[key]  # noqa: E731
    return "/content/" + iso, "delete_volume", {"node": key[0] or "pve1", "volid": iso}, check


@pytest.mark.parametrize(
    ("case", "verb", "expected"),
    [
        pytest.param(_ha, "POST", 3, id="ha-resource-added"),
        pytest.param(_ipset, "POST", 1, id="ipset-entry-added"),
        pytest.param(_apply, "PUT", (True, None), id="network-applied"),
        pytest.param(_options, "PUT", {"enable": 1}, id="firewall-enabled"),
        pytest.param(_volume, "DELETE", False, id="volume-deleted"),
    ],
)
async def test_a_change_is_made_once_when_the_worker_dies_after_its_request(
    kill_stack: Stack,
    client: Client,
    crew: Crew,
    case: Callable[[Simulator], tuple[str, str, dict[str, object], Callable[[], object]]],
    verb: str,
    expected: object,
) -> None:
    sim = kill_stack.sim
    suffix, tool, arguments, effect = case(sim)
    job_id = await killed_after(sim, crew, client, suffix, tool, verb=verb, **arguments)
    job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    assert posts(sim, suffix, method=verb) == 1
    assert effect() == expected

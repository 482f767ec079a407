"""Every change of several PVE steps, with a fault on each step and a worker killed between its steps.

The changes of the catalogue that make more than one change on PVE: create_vm and create_lxc with
`start` (create, then start), delete_instance of a running guest (stop, then destroy),
rollback_snapshot with `start` (rollback, then start) and set_vm_cloudinit (the config, then the
drive rebuild). For each of their steps:

- `refused`: PVE answers 500 to the step's request, every time (it checks before it acts: nothing
  happens);
- `passing_500`: PVE answers 500 to the step's request once: a step whose request may simply be
  sent again (the destroy, the drive rebuild) is retried and the change succeeds; any other ends
  as `refused` does;
- `uncertain`: 596 before the request reaches the node (nothing happens, the answer says nothing);
- `dropped`: PVE acts, then the connection drops before the answer (the effect happened);
- `task_fails`: the step's PVE task ends in error (steps that are PVE tasks);

and a worker process SIGKILLed between the steps, either once the first step's effect is done but
before the worker has seen it (`killed_after_first`), or as the second step's request arrives,
which pvesim then never handles (`killed_before_second`); a new worker process takes the job over.

Each report is compared with pvesim's effect counters: the steps the record lists as done are
exactly the ones whose effect happened (once), `partial` names them, and a change reported
`failed` changed nothing. Worker processes run against a private redis-server, as deployed.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from mcp import Client
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.core import Answer
from pvesim.simulator import Simulator
from shared.jobs import keys
from tests.support.agent import finished
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, WorkerProcess, start_stack
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

NODE = "pve1"
TEMPLATE = "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst"


@dataclass(frozen=True)
class Step:
    name: str  # the step's name in the job record
    method: str
    path: str  # pvesim's schema template of the step's request
    effect: str  # pvesim's effect counter
    task_type: str | None  # the PVE task the step runs (None: a synchronous request)
    #: sending it again does no harm (the drive rebuild): retried on a lost answer, so its effect may repeat
    idempotent: bool = False
    #: the step declares its request idempotent: a passing server error is retried, not reported
    retried_on_500: bool = False


@dataclass(frozen=True)
class Change:
    tool: str
    steps: tuple[Step, Step]
    #: VMIDs of the scenario's guests for this change (none: the change makes its guest)
    first_vmid: int | None = None

    def arguments(self, vmid: int | None, tag: str) -> dict[str, Any]:
        if self.tool == "create_vm":
            return {"node": NODE, "name": f"ms-{tag}", "memory_mb": 512, "disk_gb": 4, "start": True}
        if self.tool == "create_lxc":
            return {"node": NODE, "hostname": f"ms-{tag}", "ostemplate": TEMPLATE, "start": True}
        if self.tool == "delete_instance":
            return {"vmid": vmid, "confirm_vmid": vmid, "stop_first": True}
        if self.tool == "rollback_snapshot":
            return {"vmid": vmid, "name": "base", "start": True}
        return {"vmid": vmid, "ciuser": f"ms{tag.replace('-', '')[:20]}"}


_ROLLBACK = "/nodes/{node}/qemu/{vmid}/snapshot/{snapname}/rollback"
_REBUILD = "/nodes/{node}/qemu/{vmid}/cloudinit"
CHANGES = {
    "create_vm": Change(
        "create_vm",
        (
            Step("create", "POST", "/nodes/{node}/qemu", "created", "qmcreate"),
            Step("start", "POST", "/nodes/{node}/qemu/{vmid}/status/start", "started", "qmstart"),
        ),
    ),
    "create_lxc": Change(
        "create_lxc",
        (
            Step("create", "POST", "/nodes/{node}/lxc", "created", "vzcreate"),
            Step("start", "POST", "/nodes/{node}/lxc/{vmid}/status/start", "started", "vzstart"),
        ),
    ),
    "delete_instance": Change(
        "delete_instance",
        (
            Step("stop", "POST", "/nodes/{node}/lxc/{vmid}/status/stop", "stopped", "vzstop"),
            Step("destroy", "DELETE", "/nodes/{node}/lxc/{vmid}", "deleted", "vzdestroy", retried_on_500=True),
        ),
        first_vmid=400,
    ),
    "rollback_snapshot": Change(
        "rollback_snapshot",
        (
            Step("rollback", "POST", _ROLLBACK, "rolled_back", "qmrollback"),
            Step("start", "POST", "/nodes/{node}/qemu/{vmid}/status/start", "started", "qmstart"),
        ),
        first_vmid=300,
    ),
    "set_vm_cloudinit": Change(
        "set_vm_cloudinit",
        (
            Step("config", "PUT", "/nodes/{node}/qemu/{vmid}/config", "config_updated", None),
            Step("cloudinit", "PUT", _REBUILD, "cloudinit_regenerated", None, idempotent=True, retried_on_500=True),
        ),
        first_vmid=200,
    ),
}
FAULTS = ("refused", "passing_500", "uncertain", "dropped", "task_fails")
KILLS = ("killed_after_first", "killed_before_second")
GUESTS_PER_CHANGE = 20


def _cases() -> Iterator[Any]:
    for name, change in CHANGES.items():
        for index, step in enumerate(change.steps):
            for fault in FAULTS:
                if fault == "task_fails" and step.task_type is None:
                    continue
                yield pytest.param(name, index, fault, id=f"{name}-{step.name}-{fault}")
        for kill in KILLS:
            yield pytest.param(name, None, kill, id=f"{name}-{kill}")


def _scenario(directory: Path) -> Path:
    """Guests for every case: running containers to delete, VMs with a snapshot, VMs with a cloud-init drive."""
    guests: list[dict[str, Any]] = []
    for offset in range(GUESTS_PER_CHANGE):
        guests.append({"vmid": 400 + offset, "type": "lxc", "node": NODE, "status": "running",
                       "name": f"del{400 + offset}"})  # fmt: skip
        guests.append({"vmid": 300 + offset, "type": "qemu", "node": NODE, "status": "running",
                       "name": f"rb{300 + offset}", "snapshots": [{"name": "base"}]})  # fmt: skip
        guests.append({"vmid": 200 + offset, "type": "qemu", "node": NODE, "status": "stopped",
                       "name": f"ci{200 + offset}",
                       "config": {"ide2": f"local-lvm:vm-{200 + offset}-cloudinit,media=cdrom"}})  # fmt: skip
    path = directory / "multistep.json"
    path.write_text(json.dumps({"guests": guests}))
    return path


@dataclass
class Workers:
    """The module's one worker process at a time; a kill case replaces it."""

    stack: Stack
    current: WorkerProcess | None = None
    started: int = 0

    async def start(self) -> WorkerProcess:
        self.started += 1
        name = f"ms{self.started}"
        self.current = self.stack.start_worker(name, PROXMOX_ALLOW_DANGER="true")
        assert self.stack.redis is not None
        redis = Redis.from_url(self.stack.redis.url, decode_responses=True)
        try:
            await eventually(lambda: redis.exists(keys.worker_health(name)), timeout=20, what=f"worker {name}")
        finally:
            await redis.aclose()
        return self.current


@pytest.fixture(scope="module")
async def ms_stack(redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    scenario = _scenario(tmp_path_factory.mktemp("multistep"))
    config = SimConfig(task_duration=0.3, lock_timeout=0.5, scenario=scenario)
    stack = await start_stack("redis", redis_proc, config, {"PROXMOX_ALLOW_DANGER": "true"}, workers=0)
    yield stack
    stack.stop()
    await stack.sim.stop()


@pytest.fixture(scope="module")
async def workers(ms_stack: Stack) -> Workers:
    pool = Workers(ms_stack)
    await pool.start()
    return pool


@pytest.fixture(scope="module")
async def client(ms_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(ms_stack.client()) as connected:
        yield connected


@pytest.fixture(autouse=True)
def clean_faults(ms_stack: Stack) -> Iterator[None]:
    yield
    ms_stack.sim.faults.clear()


_USED: dict[str, int] = {}


def _guest_for(change: Change) -> int | None:
    if change.first_vmid is None:
        return None
    used = _USED.get(change.tool, 0)
    _USED[change.tool] = used + 1
    assert used < GUESTS_PER_CHANGE
    return change.first_vmid + used


def _arm_fault(sim: Simulator, step: Step, fault: str, vmid: int | None) -> None:
    faults = sim.faults
    if fault == "refused":
        faults.add_error(500, message="simulated refusal", method=step.method, path=step.path, count=None)
    elif fault == "passing_500":
        faults.add_error(500, message="simulated passing error", method=step.method, path=step.path, count=1)
    elif fault == "uncertain":
        faults.add_error(596, method=step.method, path=step.path, count=1)
    elif fault == "dropped":
        faults.add_drop(when="after", method=step.method, path=step.path, count=1)
    else:
        faults.add_task_rule(type=step.task_type, vmid=vmid, outcome="error:simulated task failure", count=1)


def _task_of(sim: Simulator, path: str) -> Any:
    """The pvesim task a /nodes/{node}/tasks/{upid}/... path names, if any."""
    if "/tasks/" not in path:
        return None
    upid = unquote(path.split("/tasks/", 1)[1]).split("/", 1)[0]
    return sim.state.tasks.get(upid)


Forward = Callable[[], Awaitable[Answer]]


def _intercept(sim: Simulator, act: Callable[[str, str, Forward], Awaitable[Answer | None]]) -> None:
    """Let `act(method, path, forward)` see each request first; an Answer it returns replaces pvesim's.

    `forward()` has pvesim handle the request (its effect happens) and gives its answer.
    """
    original = sim.core.handle

    async def handle(method: str, path: str, *rest: Any) -> Answer:
        async def forward() -> Answer:
            return await original(method, path, *rest)

        replaced = await act(method, "/" + path.strip("/"), forward)
        return replaced if replaced is not None else await forward()

    sim.core.handle = handle  # type: ignore[method-assign,assignment]  # intercept in-process, for this test only

    def restore() -> None:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the interception

    _RESTORE.append(restore)


_RESTORE: list[Callable[[], None]] = []


@pytest.fixture(autouse=True)
def restore_interception() -> Iterator[None]:
    yield
    while _RESTORE:
        _RESTORE.pop()()


def _matches(step: Step, method: str, path: str, vmid: int | None) -> bool:
    """Whether a concrete request is the step's (its template's fixed parts, and the guest's VMID if known)."""
    if method != step.method:
        return False
    template = step.path.split("/")
    parts = path.split("/")
    if len(template) != len(parts):
        return False
    for want, got in zip(template, parts, strict=True):
        if want == "{vmid}" and vmid is not None and got != str(vmid):
            return False
        if not want.startswith("{") and want != got:
            return False
    return True


def _arm_kill(sim: Simulator, victim: WorkerProcess, change: Change, kill: str, vmid: int | None) -> list[float]:
    """SIGKILL the worker at the kill point; returns the list the kill's time lands in."""
    first, second = change.steps
    killed: list[float] = []

    def kill_now() -> None:
        victim.process.send_signal(signal.SIGKILL)
        killed.append(time.time())

    async def act(method: str, path: str, forward: Forward) -> Answer | None:
        if killed:
            return None
        if kill == "killed_before_second" and _matches(second, method, path, vmid):
            kill_now()
            return Answer(0, "", drop="before")  # never handled: the second step did not happen
        if kill == "killed_after_first" and first.task_type is None and _matches(first, method, path, vmid):
            answer = await forward()
            kill_now()  # the effect is done; the answer goes to a dead worker
            return answer
        if kill == "killed_after_first" and method == "GET":
            task = _task_of(sim, path)
            if task is not None and task.type == first.task_type and task.status == "stopped":
                kill_now()  # the first task has ended; the worker dies before it has seen how
                return Answer(0, "", drop="before")
        return None

    _intercept(sim, act)
    return killed


async def _record(stack: Stack, job_id: str) -> dict[str, Any]:
    assert stack.redis is not None
    redis = Redis.from_url(stack.redis.url, decode_responses=True)
    try:
        record: dict[str, Any] = await redis.hgetall(keys.job_record(job_id))  # type: ignore[misc]
    finally:
        await redis.aclose()
    return record


def _effects(sim: Simulator, change: Change, vmid: int | None) -> list[int]:
    """How often each step's effect happened (an idempotent step's repeats count once)."""
    if vmid is None:
        return [0, 0]
    counts = [sim.state.counts[vmid][step.effect] for step in change.steps]
    return [min(n, 1) if step.idempotent else n for n, step in zip(counts, change.steps, strict=True)]


@pytest.mark.parametrize(("change_name", "step_index", "fault"), list(_cases()))
async def test_a_fault_on_a_step_is_reported_as_exactly_what_took_effect(
    ms_stack: Stack, workers: Workers, client: Client, change_name: str, step_index: int | None, fault: str
) -> None:
    sim = ms_stack.sim
    change = CHANGES[change_name]
    vmid = _guest_for(change)
    tag = f"{change_name[:6]}-{'k' if step_index is None else step_index}-{fault[:8]}".replace("_", "")
    killed: list[float] = []
    victim = workers.current
    assert victim is not None
    seen = len(sim.requests)
    if step_index is not None:
        _arm_fault(sim, change.steps[step_index], fault, vmid)
    else:
        killed = _arm_kill(sim, victim, change, fault, vmid)

    job_id = await _submit(ms_stack, client, change.tool, change.arguments(vmid, tag))
    if step_index is None:
        await eventually(lambda: _true(bool(killed)), timeout=60, what="the worker to be killed between the steps")
        victim.process.wait(timeout=10)
        await workers.start()  # a new worker process takes the job over once the dead one's claim expired
    job = await finished(client, job_id, timeout=90)
    vmid = vmid if vmid is not None else job.get("vmid")
    record = await _record(ms_stack, job_id)
    done = [str(entry["step"]) for entry in json.loads(record.get("steps") or "[]")]
    effects = _effects(sim, change, vmid)
    first, second = (step.name for step in change.steps)

    retried = step_index is not None and fault == "passing_500" and change.steps[step_index].retried_on_500
    if step_index is None or fault in ("uncertain", "dropped") or retried:
        # the fault hid nothing from the job: both steps took effect once, and the report says so
        assert job["state"] == "succeeded", job
        assert done == [first, second], record
        assert effects == [1, 1], effects
    elif step_index == 0:
        # refused (if only once), or the first task failed: nothing changed, so failed is the truth
        assert job["state"] == "failed", job
        assert done == [], record
        assert effects == [0, 0], effects
    else:
        assert job["state"] == "partial", job
        assert f"took effect: {first};" in job["message"], job["message"]
        assert second not in job["message"].split(";", 1)[0], job["message"]
        assert done == [first], record
        assert effects == [1, 0], effects
    step = change.steps[step_index or 0]
    if fault == "dropped" and not step.idempotent:
        sent = [r for r in sim.requests[seen:] if r.status == 200 and _matches(step, r.method, r.path, vmid)]
        assert len(sent) == 1, sent  # handled once: the effect was found, not sent again
    if killed:
        print(f"\n{change_name} {fault}: recorded {_finished_at(record) - killed[0]:.1f}s after the kill")


async def _submit(stack: Stack, client: Client, tool: str, arguments: dict[str, Any]) -> str:
    """Call the tool without waiting; its job id, also when the job failed before the call returned."""
    result = await client.call_tool(tool, {**arguments, "confirmed": True, "wait_seconds": 0})
    if not result.is_error:
        assert result.structured_content is not None
        return str(result.structured_content["job_id"])
    assert stack.redis is not None
    newest = stack.redis.cli("--raw", "ZREVRANGE", keys.JOB_INDEX, "0", "0").split()
    assert newest, result.content
    return newest[0]


async def _true(value: bool) -> bool:
    return value


def _finished_at(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(str(record["finished_at"]).replace("Z", "+00:00")).timestamp()

"""PVE worker tasks: a UPID, a log that grows while the task runs, an exit status at the end.

A task's work is a coroutine that writes log lines, takes its time, and returns the effect to
apply. The effect is applied only when the task ends well (OK or WARNINGS), as PVE changes a
guest at the end of its worker. Guests have a config lock (PVE's flock on the config file) that
tasks and synchronous writes hold while they change the guest. Work that raises anything but
TaskFailed is a bug in pvesim: the task still ends (with an error, as a worker that died), and
the error is recorded for the test session to fail on.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from pvesim.errors import ApiError
from pvesim.faults import Faults, TaskOutcome
from pvesim.locks import GuestLock
from pvesim.records import SimError
from pvesim.state import ClusterState, Guest, Task

__all__ = ["Effect", "TaskContext", "TaskFailed", "TaskRunner", "Work", "lock_path"]

Effect = Callable[[], None]


class TaskFailed(Exception):
    """The task ends with this text as its exit status ("VM 100 already running")."""


def lock_path(guest: Guest) -> str:
    """The lock file PVE takes for a guest's config (qemu-server and pve-container)."""
    if guest.kind == "qemu":
        return f"/var/lock/qemu-server/lock-{guest.vmid}.conf"
    return f"/run/lock/lxc/pve-config-{guest.vmid}.lock"


def _gib(size: int) -> str:
    return f"{size / 1024**3:.1f} GiB"


@dataclass
class TaskContext:
    """What a task's work sees: its task record and its time budget."""

    task: Task
    duration: float
    warnings: int = 0  # lines logged with warn(): the task ends "WARNINGS: n" unless it fails

    def log(self, line: str) -> None:
        self.task.log.append(line)

    def warn(self, line: str) -> None:
        """PVE's log_warn: a "WARN: " line that counts towards the task's WARNINGS."""
        self.task.log.append(f"WARN: {line}")
        self.warnings += 1

    async def pause(self, share: float) -> None:
        """Spend a share of the task's duration."""
        if self.duration > 0:
            await asyncio.sleep(self.duration * share)

    async def transfer(self, total: int, *, prefix: str = "", steps: int = 4, share: float = 0.8) -> None:
        """Progress lines as qemu-img/drive-mirror print them, spread over a share of the duration."""
        for step in range(1, steps + 1):
            await self.pause(share / steps)
            done = total * step // steps
            self.log(f"{prefix}transferred {_gib(done)} of {_gib(total)} ({100 * done / total:.2f}%)")


Work = Callable[[TaskContext], Awaitable[Effect | None]]


class TaskRunner:
    """Starts tasks, keeps their records in the cluster state, stops them on request."""

    def __init__(
        self,
        state: ClusterState,
        faults: Faults,
        errors: list[SimError],
        *,
        default_duration: float,
        lock_timeout: float,
    ) -> None:
        self._state = state
        self._faults = faults
        self._errors = errors
        self._default_duration = default_duration
        self._lock_timeout = lock_timeout
        self._running: dict[str, asyncio.Task[None]] = {}
        self._done: dict[str, asyncio.Event] = {}
        self._locks: dict[int, GuestLock] = {}
        self._pids = itertools.count(start=int(time.time()) % 100_000 + 10_000)

    def start(
        self,
        *,
        node: str,
        task_type: str,
        task_id: str,
        user: str,
        work: Work,
        guest: Guest | None,
        config_lock: str | None = None,
        on_failure: Effect | None = None,
        shared_lock: bool = False,
        vmid: int | None = None,
    ) -> Task:
        """Create the task record and run its work in the background; returns at once, like PVE's fork_worker.

        `config_lock` is the `lock` the guest's config carries while the task runs ("snapshot", ...);
        `on_failure` undoes what the task set up when it ends in error (a half-created guest);
        `shared_lock` holds the guest's lock shared (a clone of a stopped guest); `vmid` names the
        guest of a task that locks none itself (vzdump of one guest).
        """
        node_state = self._state.nodes[node]
        pid, pstart, starttime = next(self._pids), node_state.uptime * 100, int(time.time())
        # pve-common PVE/UPID.pm encode: PID, PSTART and STARTTIME as 8 upper-case hex digits.
        upid = f"UPID:{node}:{pid:08X}:{pstart:08X}:{starttime:08X}:{task_type}:{task_id}:{user}:"
        task = Task(
            upid=upid,
            node=node,
            type=task_type,
            id=task_id,
            user=user,
            pid=pid,
            pstart=pstart,
            starttime=starttime,
            vmid=guest.vmid if guest else vmid,
        )
        self._state.add_task(task)
        self._done[task.upid] = asyncio.Event()
        if guest is not None and config_lock is not None:
            guest.config["lock"] = config_lock
        self._running[task.upid] = asyncio.create_task(
            self._run(task, work, guest, config_lock, on_failure, shared_lock=shared_lock), name=f"pvesim {task.upid}"
        )
        return task

    async def _run(
        self,
        task: Task,
        work: Work,
        guest: Guest | None,
        config_lock: str | None,
        on_failure: Effect | None,
        *,
        shared_lock: bool = False,
    ) -> None:
        duration, outcome = self._faults.task_plan(task.type, task.vmid)
        context = TaskContext(task, self._default_duration if duration is None else duration)
        lock = self._lock(guest) if guest else None
        acquired = False
        try:
            if lock is not None and guest is not None:
                await self._acquire_in_task(lock, guest, context, shared=shared_lock)
                acquired = True
            effect = await work(context)
            self._finish(task, effect, outcome or TaskOutcome("ok"), context.warnings)
        except TaskFailed as failure:
            self._end(task, str(failure))
        except asyncio.CancelledError:
            # What PVE's worker writes when the task is stopped (SIGTERM -> die "received interrupt").
            self._end(task, "received interrupt")
        except Exception as problem:  # a bug in pvesim: the task must still end, and the session learn of it
            self._crashed(task, "work", problem)
        finally:
            failed = task.exitstatus is not None and task.exitstatus != "OK" and not task.exitstatus.startswith("WARN")
            if failed and on_failure is not None:
                try:
                    on_failure()
                except Exception as problem:  # the same bug class, in the undo
                    self._crashed(task, "undo", problem)
            if guest is not None and config_lock is not None and guest.config.get("lock") == config_lock:
                del guest.config["lock"]
            if acquired and lock is not None:
                lock.release(shared=shared_lock)
            self._running.pop(task.upid, None)
            self._done[task.upid].set()

    def _finish(self, task: Task, effect: Effect | None, outcome: TaskOutcome, warned: int = 0) -> None:
        if outcome.kind == "error":
            self._end(task, outcome.message)
            return
        if effect is not None:
            effect()
        simulated = outcome.warnings if outcome.kind == "warnings" else 0
        for index in range(simulated):
            task.log.append(f"WARN: simulated warning {index + 1}")
        if simulated + warned:
            self._end(task, f"WARNINGS: {simulated + warned}")
        else:
            self._end(task, "OK")

    def _crashed(self, task: Task, part: str, problem: Exception) -> None:
        self._errors.append(SimError.capture(f"task {task.upid} ({part})", problem))
        if task.status == "running":
            self._end(task, f"pvesim internal error: {problem!r}")

    @staticmethod
    def _end(task: Task, exitstatus: str) -> None:
        if exitstatus == "OK":
            task.log.append("TASK OK")
        elif exitstatus.startswith("WARNINGS: "):
            task.log.append(f"TASK {exitstatus}")
        else:
            task.log.append(f"TASK ERROR: {exitstatus}")
        task.status = "stopped"
        task.exitstatus = exitstatus
        task.endtime = int(time.time())
        task.ended = time.monotonic()

    def _lock(self, guest: Guest) -> GuestLock:
        return self._locks.setdefault(guest.vmid, GuestLock())

    async def _acquire_in_task(
        self, lock: GuestLock, guest: Guest, context: TaskContext, *, shared: bool = False
    ) -> None:
        if not lock.blocks(shared=shared):
            await lock.acquire(shared=shared)
            return
        context.log("trying to acquire lock...")
        try:
            await asyncio.wait_for(lock.acquire(shared=shared), self._lock_timeout)
        except TimeoutError:
            raise TaskFailed(f"can't lock file '{lock_path(guest)}' - got timeout") from None
        context.task.log[-1] = "trying to acquire lock... OK"

    @contextlib.asynccontextmanager
    async def holding(self, guest: Guest, context: TaskContext, *, shared: bool = False) -> AsyncIterator[None]:
        """Hold another guest's config lock inside a task (a clone's target, a restore's guest)."""
        lock = self._lock(guest)
        await self._acquire_in_task(lock, guest, context, shared=shared)
        try:
            yield
        finally:
            lock.release(shared=shared)

    @contextlib.asynccontextmanager
    async def guest_lock(self, guest: Guest) -> AsyncIterator[None]:
        """Hold a guest's config lock for a synchronous change; PVE's 500 when it stays taken."""
        lock = self._lock(guest)
        try:
            await asyncio.wait_for(lock.acquire(), self._lock_timeout)
        except TimeoutError:
            raise ApiError(500, f"can't lock file '{lock_path(guest)}' - got timeout") from None
        try:
            yield
        finally:
            lock.release()

    def stop(self, upid: str) -> None:
        """Interrupt a running task (DELETE /nodes/{node}/tasks/{upid})."""
        running = self._running.get(upid)
        if running is not None:
            running.cancel()

    async def wait(self, upid: str, timeout: float = 30.0) -> Task:  # noqa: ASYNC109 - callers pass one deadline, not a context
        """Wait until a task has ended; its record."""
        await asyncio.wait_for(self._done[upid].wait(), timeout)
        return self._state.tasks[upid]

    async def shutdown(self) -> None:
        """Interrupt every running task and wait for them to end."""
        pending = list(self._running.values())
        for running in pending:
            running.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

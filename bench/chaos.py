"""Chaos: changes under killed workers, a restarting Redis and a misbehaving PVE; nothing lost, doubled or misreported.

One run starts pvesim in this process (a generated cluster, 1 s tasks), a private redis-server with
AOF (every write fsynced) and several `python -m workers` processes, then for `--minutes`:

- submits a stream of changes (power start and stop, snapshots, cloud-init settings), each on a
  guest no other job of the run is changing, through the queue as the MCP server does;
- SIGKILLs a random worker every 15-40 s and starts a new one in its place;
- restarts Redis every 60-120 s, down 2-4 s (AOF keeps every key);
- has PVE answer 2% of calls with 500, 502 or 596 (before handling them: nothing happens), drop the
  connection after handling a call now and then (the change happened; its answer is lost), and
  answer 20-60 ms late; `--errors 0.1:500` sets the share and the statuses instead.

Then it stops the faults, waits for every job to end, and counts, from the job records and pvesim's
effect counters:

  lost          jobs whose record vanished, or that no worker will ever run (not queued, not ended)
  duplicated    effects that happened more than once for one job (two starts, two snapshots...)
  misreported   jobs whose report does not match what happened: succeeded without the effect,
                failed with it, partial without the steps it names
  stuck         jobs not ended once the faults stopped and the drain time passed
  needless partial  jobs that ended partial because a step that may simply be sent again
                (IDEMPOTENT_STEPS) failed: it should have been retried
  garbled logs  jobs whose log, once every owed log is copied, is not the logs of their PVE
                tasks in order, each line once (an OK end is recorded before its log is copied)

and exits non-zero on any. `unknown` is an honest answer (the job could not tell), counted apart.

    .venv/bin/python -m bench.chaos --minutes 10 --seed 1
    .venv/bin/python -m bench.chaos --minutes 5 --seed 1 --errors 0.1:500
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import REDIS_ERRORS, WORKER_RETRIES, connect_redis
from shared.jobs.replication import replication_for
from shared.jobs.store import JobStore
from shared.operations.base import Params
from shared.operations.cloudinit import SET_VM_CLOUDINIT, CloudInitParams
from shared.operations.operation import Operation
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.operations.snapshots import CREATE_SNAPSHOT, CreateSnapshotParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.redis_server import RedisServer, free_port, restart_redis, start_aof_redis
from tests.support.signing import SIGNER
from tests.support.stack import Stack, WorkerProcess
from tests.support.waiting import eventually
from workers.task_logs import OWED_GRACE_SECONDS

#: the effect each change must have had exactly once when it succeeded (and not at all when it failed)
EFFECTS = {"start": "started", "stop": "stopped", "snapshot": "snapshot_created", "cloudinit": "config_updated"}
DRAIN_SECONDS = 120.0
#: the steps of these changes that send PVE a request whose repetition does what one does: a PVE
#: error on one of them is retried, so it never leaves a change partial
IDEMPOTENT_STEPS = {"cloudinit"}  # the drive rebuild, PUT .../cloudinit (workers/operations/cloudinit.py)
_FAILED_STEP = re.compile(r"then the (\w+) step failed")


@dataclass
class Change:
    job_id: str
    vmid: int
    kind: str  # a key of EFFECTS
    before: Counter[str]
    state: str | None = None
    message: str = ""
    delta: Counter[str] = field(default_factory=Counter)


@dataclass
class Tally:
    submitted: int = 0
    kills: int = 0
    redis_restarts: int = 0
    states: Counter[str] = field(default_factory=Counter)
    lost: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    misreported: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    needless_partial: list[str] = field(default_factory=list)
    garbled_logs: list[str] = field(default_factory=list)
    #: the step each partial change failed at
    partial_steps: Counter[str] = field(default_factory=Counter)

    @property
    def clean(self) -> bool:
        findings = (self.lost, self.duplicated, self.misreported, self.stuck, self.needless_partial, self.garbled_logs)
        return not any(findings)


@dataclass(frozen=True)
class Pace:
    """How often the faults come (seconds between two, drawn uniformly)."""

    kills: tuple[float, float] = (15.0, 40.0)
    redis_restarts: tuple[float, float] = (60.0, 120.0)


#: the CI version's pace: a minute holds several kills and a Redis restart
QUICK = Pace(kills=(6.0, 12.0), redis_restarts=(20.0, 30.0))


@dataclass(frozen=True)
class PveErrors:
    """The share of PVE calls answered with an error (before PVE handles them), and the statuses drawn."""

    rate: float = 0.02
    statuses: tuple[int, ...] = (500, 502, 596)

    @classmethod
    def parse(cls, text: str) -> PveErrors:
        """`0.1:500` or `0.05:500,502`."""
        rate, _, statuses = text.partition(":")
        return cls(float(rate), tuple(int(s) for s in statuses.split(",")) if statuses else cls.statuses)


class Chaos:
    def __init__(
        self,
        sim: Simulator,
        redis: RedisServer,
        stack: Stack,
        rng: random.Random,
        workers: int,
        pace: Pace,
        errors: PveErrors,
        *,
        retries: int = WORKER_RETRIES,
    ) -> None:
        self.sim, self.redis, self.stack, self.rng = sim, redis, stack, rng
        self.size = workers
        self.pace = pace
        self.errors = errors
        self.serial = 0
        self.busy: dict[int, Change] = {}
        self.done: list[Change] = []
        self.tally = Tally()
        settings = load_settings(redis_url=redis.url)
        self.connections = connect_redis(settings, retries=retries)
        # the product's durable writes: a job handed out is on the replicas first (none unless replicated)
        self.store = JobStore(self.connections.store, ttl_seconds=3600, replication=replication_for(settings))
        self.queue = JobClient(self.store, redactor=Redactor(), signer=SIGNER)
        self.vms = [g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and not g.template]
        for vmid in self.vms[::2]:  # half the VMs get a cloud-init drive
            sim.state.guests[vmid].config["ide2"] = f"local-lvm:vm-{vmid}-cloudinit,media=cdrom"

    def start_worker(self) -> WorkerProcess:
        self.serial += 1
        return self.stack.start_worker(f"chaos{self.serial}")

    def alive(self) -> list[WorkerProcess]:
        return [w for w in self.stack.workers if w.process.poll() is None]

    def _plan(self, vmid: int) -> tuple[str, Params]:
        guest = self.sim.state.guests[vmid]
        choices = ["power", "snapshot"] + (["cloudinit"] if "ide2" in guest.config else [])
        what = self.rng.choice(choices)
        if what == "snapshot":
            self.serial += 1
            return "snapshot", CreateSnapshotParams(vmid=vmid, name=f"chaos{self.serial}", confirmed=True)
        if what == "cloudinit":
            self.serial += 1
            return "cloudinit", CloudInitParams(vmid=vmid, ciuser=f"u{self.serial}", confirmed=True)
        action = "stop" if guest.status == "running" else "start"
        return action, PowerParams(vmid=vmid, action=action, confirmed=True)

    async def submit_one(self) -> None:
        free = [vmid for vmid in self.vms if vmid not in self.busy]
        if not free:
            return
        vmid = self.rng.choice(free)
        kind, params = self._plan(vmid)
        ops: dict[str, Operation[Any, Any]] = {"snapshot": CREATE_SNAPSHOT, "cloudinit": SET_VM_CLOUDINIT}
        op = ops.get(kind, POWER_CONTROL)
        before = Counter(self.sim.state.counts[vmid])
        try:
            record = await self.queue.submit(op, params)
        except Exception:  # Redis down: try again later
            return
        self.busy[vmid] = Change(record.job_id, vmid, kind, before)
        self.tally.submitted += 1

    async def collect(self) -> None:
        """Note the end of every busy guest's job (its effects are counted at that moment)."""
        for vmid, change in list(self.busy.items()):
            try:
                record = await self.store.get(change.job_id)
            except REDIS_ERRORS:
                return
            if record is not None and record.terminal:
                change.state, change.message = record.state.value, record.message or record.error_message or ""
                change.delta = Counter(self.sim.state.counts[vmid]) - change.before
                self.done.append(change)
                del self.busy[vmid]

    async def stream(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if len(self.busy) < 40:
                await self.submit_one()
            await self.collect()
            await asyncio.sleep(self.rng.uniform(0.1, 0.4))

    async def killer(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (pause := self.rng.uniform(*self.pace.kills)) < deadline - time.monotonic():
            await asyncio.sleep(pause)
            victims = self.alive()
            if victims:
                self.rng.choice(victims).kill()
                self.tally.kills += 1
            while len(self.alive()) < self.size:
                self.start_worker()

    async def redis_restarts(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (pause := self.rng.uniform(*self.pace.redis_restarts)) < deadline - time.monotonic():
            await asyncio.sleep(pause)
            await asyncio.to_thread(restart_redis, self.redis, self.rng.uniform(2, 4))
            self.tally.redis_restarts += 1

    async def pve_faults(self, seconds: float) -> None:
        faults = self.sim.faults
        faults.error_rate = self.errors.rate
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            faults.error_status = self.rng.choice(self.errors.statuses)
            faults.latency = self.rng.uniform(0.02, 0.06)
            if self.rng.random() < 0.3:
                faults.add_drop(when="after", method=self.rng.choice(["POST", "PUT"]), count=1)
            await asyncio.sleep(self.rng.uniform(1, 5))
        faults.clear()

    async def drain(self) -> None:
        deadline = time.monotonic() + DRAIN_SECONDS
        while self.busy and time.monotonic() < deadline:
            await self.collect()
            await asyncio.sleep(0.5)

    async def judge(self) -> None:
        tally = self.tally
        for change in self.busy.values():
            record = await self.store.get(change.job_id)
            if record is None:
                tally.lost.append(f"{change.job_id} ({change.kind} of {change.vmid}): its record is gone")
                continue
            queued = any(
                [
                    await self.store.redis.zscore(queue, change.job_id) is not None
                    for queue in keys.queues(keys.DEFAULT_CLUSTER)
                ]
            )
            what = "no longer queued, not ended" if not queued else f"still {record.state.value}: {record.message}"
            (tally.stuck if queued else tally.lost).append(f"{change.job_id} ({change.kind} of {change.vmid}): {what}")
        for change in self.done:
            tally.states[change.state or "?"] += 1
            effect = EFFECTS[change.kind]
            happened = change.delta[effect]
            label = f"{change.job_id} ({change.kind} of {change.vmid}, {change.state}: {change.message[:120]})"
            if happened > 1:
                tally.duplicated.append(f"{label}: {effect} x{happened}")
            if change.state in ("succeeded", "succeeded_with_warnings"):
                no_op = "nothing was done" in change.message or "already so" in change.message
                if happened == 0 and not no_op:
                    tally.misreported.append(f"{label}: reported done, {effect} never happened")
            elif change.state == "failed" and happened:
                tally.misreported.append(f"{label}: reported failed, but {effect} happened")
            elif change.state == "partial" and change.kind == "cloudinit" and not happened:
                tally.misreported.append(f"{label}: reported partial, but the config was never set")
            if change.state == "partial" and (failed := _FAILED_STEP.search(change.message)):
                tally.partial_steps[failed.group(1)] += 1
                if failed.group(1) in IDEMPOTENT_STEPS:
                    tally.needless_partial.append(f"{label}: its {failed.group(1)} step could have been retried")

    async def judge_logs(self) -> None:
        """Each ended job's log against its PVE tasks' logs, once no log is owed any more (or the wait ran out)."""

        async def none_owed() -> bool:
            return not await self.store.redis.zcard(keys.owed_logs(keys.DEFAULT_CLUSTER))

        with contextlib.suppress(AssertionError):  # a log still owed then shows as garbled
            await eventually(none_owed, timeout=OWED_GRACE_SECONDS + 30, interval=0.5, what="no log owed")
        upids = list(self.sim.state.tasks)  # in the order PVE started them
        async with self.store.redis.pipeline(transaction=False) as pipe:
            for upid in upids:
                pipe.get(keys.upid_job(keys.DEFAULT_CLUSTER, upid))
            owners = await pipe.execute()
        tasks: dict[str, list[str]] = {}
        for upid, job_id in zip(upids, owners, strict=True):
            if job_id:
                tasks.setdefault(job_id, []).append(upid)
        for change in self.done:
            if change.state == "unknown" or change.job_id not in tasks:
                continue
            expected = [line for upid in tasks[change.job_id] for line in self.sim.state.tasks[upid].log]
            logged = await self.store.redis.lrange(keys.job_log(change.job_id), 0, -1)
            if logged != expected:
                self.tally.garbled_logs.append(
                    f"{change.job_id} ({change.kind} of {change.vmid}, {change.state}): "
                    f"{len(logged)} lines logged, {len(expected)} in its tasks' logs"
                )


def report(tally: Tally, minutes: float, seed: int) -> int:
    print(f"chaos run: {minutes} min, seed {seed}")
    print(f"  changes submitted {tally.submitted}, worker kills {tally.kills}, Redis restarts {tally.redis_restarts}")
    print(f"  ended as: {dict(sorted(tally.states.items()))}")
    print(f"  partial, by the step that failed: {dict(sorted(tally.partial_steps.items()))}")
    print_findings(tally)
    print("clean" if tally.clean else "NOT clean")
    return 0 if tally.clean else 1


def print_findings(tally: Tally) -> None:
    """How many jobs were lost, duplicated, misreported, stuck or needlessly partial, and the first of each."""
    for name in ("lost", "duplicated", "misreported", "stuck", "needless_partial", "garbled_logs"):
        found = getattr(tally, name)
        print(f"  {name}: {len(found)}")
        for line in found[:10]:
            print(f"    {line}")


async def run(minutes: float, seed: int, workers: int, pace: Pace = Pace(), errors: PveErrors = PveErrors()) -> Tally:
    rng = random.Random(seed)
    seconds = minutes * 60
    directory = Path(tempfile.mkdtemp(prefix="pmcp-chaos-"))
    port = free_port()
    server = RedisServer(port, start_aof_redis(port, directory / "redis"), directory / "redis")
    sim = Simulator(SimConfig(task_duration=1.0, lock_timeout=0.5, guests=120, seed=seed))
    await sim.start()
    stack = Stack(sim, server, directory, extra_env={"PROXMOX_MCP_LOG_LEVEL": "INFO"})
    chaos = Chaos(sim, server, stack, rng, workers, pace, errors)
    try:
        for _ in range(workers):
            chaos.start_worker()
        await asyncio.sleep(3)  # the workers come up
        await asyncio.gather(
            chaos.stream(seconds), chaos.killer(seconds), chaos.redis_restarts(seconds), chaos.pve_faults(seconds)
        )
        while len(chaos.alive()) < workers:
            chaos.start_worker()
        await chaos.drain()
        await chaos.judge()
        await chaos.judge_logs()
        return chaos.tally
    finally:
        stack.stop()
        with contextlib.suppress(*REDIS_ERRORS):
            await chaos.connections.aclose()
        await sim.stop()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--errors", type=PveErrors.parse, default=PveErrors(), help="RATE:STATUS[,STATUS...]")
    args = parser.parse_args()
    os.environ.pop("REDIS_URL", None)
    tally = asyncio.run(run(args.minutes, args.seed, args.workers, errors=args.errors))
    return report(tally, args.minutes, args.seed)


if __name__ == "__main__":
    sys.exit(main())

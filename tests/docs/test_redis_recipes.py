"""docs/redis.md: every redis-cli recipe, run as written against live jobs, prints what the page says.

One stack for the module: a private redis-server with a password, pvesim in this process and
one `python -m workers` process with one job slot. Five jobs go through it: a VM creation that
succeeded, a start of a template that failed, a start of VM 101 whose PVE task keeps running
(it holds the guest lock; the worker's watcher follows it, and a client waits on it), a read
whose PVE request never answers (it holds the slot), and a read that waits for that slot.
Each recipe runs with the page's setup block in a terminal (a pty), with the
real redis-cli; its `# expect:` literals must be in the output, and a check per recipe reads
the output the way an admin does and holds it against what the stack did.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from arq.constants import expires_extra_ms, job_key_prefix
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.audit import AUDIT_HEAD, AUDIT_STREAM
from shared.jobs import keys
from shared.jobs.claims import CLAIM_TTL_SECONDS
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.logs import LEVELS
from shared.operations.create import CREATE_VM
from shared.operations.guests import GET_INSTANCE_CONFIG, GetConfigParams
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.redact import Redactor
from shared.settings import Settings, load_settings
from tests.support.compose import Compose
from tests.support.payloads import new_vm
from tests.support.recipes import Recipe, Terminal, fill, quoted, read_page
from tests.support.redis_server import RedisServer, redis_server
from tests.support.signing import SIGNER
from tests.support.stack import ROOT, Stack
from tests.support.waiting import eventually
from workers.worker import HEALTH_TTL_SECONDS

pytestmark = pytest.mark.timeout(120)

PAGE = read_page(ROOT / "docs" / "redis.md")
PASSWORD = "recipe-password-1"
WORKER = "w1"
#: long PVE timeouts: the read whose request never answers holds the only slot for the whole module
SLICE_SECONDS = 600
PVE_TIMEOUT_SECONDS = 300
SETTINGS = Settings.model_construct(task_slice_seconds=float(SLICE_SECONDS), proxmox_timeout=float(PVE_TIMEOUT_SECONDS))
DEFAULTS = Settings.model_construct()
RUNNING_VMID = 101
TEMPLATE_VMID = 9000


@dataclass
class Live:
    """The stack and its jobs, by role: finished, failed, running, waiting."""

    server: RedisServer
    sim: Simulator
    redis: Redis
    jobs: dict[str, JobRecord]
    #: time.monotonic() before the stack set its first key: no key of the stack is older
    began: float

    @property
    def running(self) -> JobRecord:
        return self.jobs["running"]

    @property
    def upid(self) -> str:
        assert self.running.upid is not None
        return self.running.upid

    def env(self) -> dict[str, str]:
        # nobody's password or settings from the environment: the page's setup block gives them
        return {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS"))}

    def values(self, role: str | None) -> dict[str, object]:
        values: dict[str, object] = {
            "host": "127.0.0.1",
            "port": self.server.port,
            "password": PASSWORD,
            "worker": WORKER,
        }
        if role is not None:
            job = self.jobs[role]
            values.update(job_id=job.job_id, vmid=job.vmid, upid=job.upid, created_ms=created_ms(job))
        return values

    def terminal(self, recipe: Recipe, role: str | None, *, before: str = "") -> Terminal:
        setup = fill(PAGE.setup, self.values(role))
        return Terminal(f"{setup}\n{before}{fill(recipe.script, self.values(role))}", self.env())

    async def task_writes(self, line: str) -> None:
        """The running PVE task writes a log line; wait until the worker has copied it into the job."""
        task = self.sim.state.tasks[self.upid]
        task.log.append(line)
        record = keys.job_record(self.running.job_id)

        async def copied() -> bool:
            return int(await self.redis.hget(record, "log_lines") or 0) == len(task.log)

        await eventually(copied, timeout=15, what="the worker to copy the task log line")

    async def xread_blocks(self) -> bool:
        """Whether a client (the recipe's redis-cli) is blocked in XREAD."""
        return any(c["cmd"] == "xread" and "b" in c["flags"] for c in await self.redis.client_list())


def created_ms(job: JobRecord) -> int:
    return int(job.created_at.timestamp() * 1000)


async def _until_ended(store: JobStore, job_id: str) -> JobRecord:
    """The job's record once it has ended and its task's log is copied whole (an OK end comes first)."""

    async def ended() -> JobRecord | None:
        record = await store.get(job_id)
        return record if record is not None and record.terminal and record.log_copying is None else None

    return await eventually(ended, timeout=30, what=f"job {job_id} to end, its log copied")


@pytest.fixture(scope="module")
async def live() -> AsyncIterator[Live]:
    began = time.monotonic()
    with redis_server() as server, tempfile.TemporaryDirectory(prefix="pmcp-redis-doc-") as logs:
        server.cli("CONFIG", "SET", "requirepass", PASSWORD)
        url = f"redis://:{PASSWORD}@127.0.0.1:{server.port}/0"
        sim = Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5))
        await sim.start()
        env = {
            "REDIS_URL": url,
            "PROXMOX_MCP_WORKER_MAX_JOBS": "1",
            "PROXMOX_MCP_TASK_SLICE": str(SLICE_SECONDS),
            "PROXMOX_TIMEOUT": str(PVE_TIMEOUT_SECONDS),
            "PROXMOX_MCP_READ_TIMEOUT": "600",
            "PROXMOX_MCP_WORKER_DRAIN": "0",
        }
        never = asyncio.Event()
        original = sim.core.handle

        async def hang_config_of_100(verb: str, path: str, *rest: object) -> object:
            if verb == "GET" and path.endswith("/qemu/100/config"):
                await never.wait()  # never answered: the read holds the worker's only slot
            return await original(verb, path, *rest)

        sim.core.handle = hang_config_of_100  # type: ignore[method-assign,assignment]  # for this module only
        stack = Stack(sim, server, Path(logs), extra_env=env)
        redis = Redis.from_url(url, decode_responses=True)
        conns = connect_redis(load_settings(redis_url=url))
        store = JobStore(conns.store, ttl_seconds=DEFAULTS.job_ttl_seconds)
        queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
        try:
            stack.start_worker(WORKER)
            await eventually(lambda: redis.exists(keys.worker_health(WORKER)), timeout=20, what="the worker")
            create = await queue.submit(CREATE_VM, new_vm("recipe01"))
            finished = await _until_ended(store, create.job_id)
            assert finished.state is JobState.SUCCEEDED, finished
            template = PowerParams(vmid=TEMPLATE_VMID, action="start", confirmed=True)
            failed = await _until_ended(store, (await queue.submit(POWER_CONTROL, template)).job_id)
            assert failed.state is JobState.FAILED, failed
            sim.faults.add_task_rule(type="qmstart", vmid=RUNNING_VMID, duration=3600)
            start = await queue.submit(POWER_CONTROL, PowerParams(vmid=RUNNING_VMID, action="start", confirmed=True))

            async def running() -> JobRecord | None:
                record = await store.get(start.job_id)
                return record if record is not None and record.upid else None

            started = await eventually(running, timeout=30, what="the start of VM 101 to run")
            await store.mark_waiting(start.job_id, 3600)  # a client waits on it: its log is copied as it grows
            hung = await queue.submit(GET_INSTANCE_CONFIG, GetConfigParams(vmid=100, node="pve1"))

            async def holding_the_slot() -> bool:
                # claimed, and marked running (a read is, READ_RUNNING_AFTER into its pickup): the recipes show both
                claimed = await redis.exists(keys.job_claim(hung.job_id))
                return bool(claimed) and await redis.hget(keys.job_record(hung.job_id), "state") == "running"

            await eventually(holding_the_slot, timeout=30, what="the hung read to take the slot and be marked running")
            waiting = await queue.submit(LIST_NODES, ListNodesParams())
            jobs = {"finished": finished, "failed": failed, "running": started, "hung": hung, "waiting": waiting}
            scenario = Live(server, sim, redis, jobs, began)
            await scenario.task_writes("starting VM 101 (simulated)")
            scenario.jobs["running"] = await store.get(start.job_id) or start
            yield scenario
        finally:
            never.set()
            stack.stop()
            await conns.aclose()
            await redis.aclose()
            sim.core.handle = original  # type: ignore[method-assign]  # undo the interception
            await sim.stop()


# -- running a recipe -------------------------------------------------------------------------------


async def to_the_end(live: Live, recipe: Recipe, role: str | None) -> str:
    """Run the recipe to its end: it must succeed without a word on stderr or an (error) reply."""
    done = await live.terminal(recipe, role).finish()
    assert done.code == 0, done
    assert done.stderr == "", done
    assert "(error)" not in done.output, done.output
    return done.output


async def follow_next(live: Live, recipe: Recipe, role: str | None) -> str:
    """It blocks; a progress line written meanwhile ends it with that event."""
    terminal = live.terminal(recipe, role)
    await eventually(live.xread_blocks, timeout=10, what="redis-cli to block in XREAD")
    assert terminal.output == ""
    await live.task_writes("drive-scsi0: transferred 1.0 GiB of 4.0 GiB (25.00%)")
    done = await terminal.finish(timeout=20)
    assert done.code == 0, done
    assert "drive-scsi0: transferred 1.0 GiB of 4.0 GiB (25.00%)" in quoted(done.output)
    return done.output


async def follow(live: Live, recipe: Recipe, role: str | None) -> str:
    """It prints the history, blocks, prints an event written meanwhile, and goes on until Ctrl-C."""
    events = keys.job_events(live.running.job_id)
    history = await live.redis.xrange(events)
    terminal = live.terminal(recipe, role)

    async def caught_up() -> bool:
        return len(terminal.output.splitlines()) == len(history) and await live.xread_blocks()

    await eventually(caught_up, timeout=10, what="the history to be printed")
    await live.task_writes("drive-scsi0: transferred 2.0 GiB of 4.0 GiB (50.00%)")

    async def printed_the_new_event() -> bool:
        return len(terminal.output.splitlines()) == len(history) + 1

    await eventually(printed_the_new_event, timeout=10, what="the new event to be printed")
    assert terminal.process.poll() is None, "the loop must go on following until Ctrl-C"
    done = await terminal.stop()
    assert done.stderr == "", done
    return done.output


# -- what each recipe must print ---------------------------------------------------------------------


def lines(output: str) -> list[str]:
    return [line.rstrip() for line in output.splitlines() if line.strip()]


def pairs(tokens: list[str]) -> dict[str, str]:
    return dict(zip(tokens[::2], tokens[1::2], strict=True))


async def ping(live: Live, out: str) -> None:
    assert lines(out) == ["PONG"]
    unauthenticated = await live.terminal(PAGE.recipes["ping"], None, before="unset REDISCLI_AUTH\n").finish()
    assert "NOAUTH" in unauthenticated.output + unauthenticated.stderr


async def recent_jobs(live: Live, out: str) -> None:
    newest_first = [live.jobs[role] for role in ("waiting", "hung", "running", "failed", "finished")]
    assert quoted(out) == [value for job in newest_first for value in (job.job_id, str(created_ms(job)))]


async def recent_jobs_table(live: Live, out: str) -> None:
    j = live.jobs
    assert lines(out) == [
        f"{j['waiting'].job_id} list_nodes queued",
        f"{j['hung'].job_id} get_instance_config running 100",
        f"{j['running'].job_id} power_control running {RUNNING_VMID}",
        f"{j['failed'].job_id} power_control failed {TEMPLATE_VMID}",
        f"{j['finished'].job_id} create_vm succeeded {j['finished'].vmid}",
    ]


async def job_record(live: Live, out: str) -> None:
    record = pairs(quoted(out))
    assert record == await live.redis.hgetall(keys.job_record(live.running.job_id))
    assert record["state"] == "running"
    assert record["worker"] == WORKER
    assert record["upid"] == live.upid
    assert record["vmid"] == str(RUNNING_VMID)


async def job_state(live: Live, out: str) -> None:
    assert lines(out) == ['"running"']


async def job_result(live: Live, out: str) -> None:
    finished = live.jobs["finished"]
    state, message, result = lines(out)
    assert quoted(state) == ["succeeded"]
    assert quoted(message) == [finished.message]
    assert json.loads(result) == finished.result


async def failed_jobs(live: Live, out: str) -> None:
    failed = live.jobs["failed"]
    assert lines(out) == [f"{failed.job_id} power_control {failed.error_code} {failed.error_message}"]


async def guest_jobs(live: Live, out: str) -> None:
    running = live.running
    created = await live.redis.hget(keys.job_record(running.job_id), "created_at")
    assert lines(out) == [f"{running.job_id} power_control running {created}"]


def entries(tokens: list[str]) -> list[tuple[str, dict[str, str]]]:
    """Stream entries from the quoted tokens of XRANGE/XREAD/XREVRANGE output."""
    found: list[tuple[str, list[str]]] = []
    for token in tokens:
        if re.fullmatch(r"\d+-\d+", token):
            found.append((token, []))
        elif found:
            found[-1][1].append(token)
    return [(entry_id, pairs(fields)) for entry_id, fields in found]


async def job_history(live: Live, out: str) -> None:
    finished = live.jobs["finished"]
    shown = entries(quoted(out))
    assert shown == [(entry_id, data) for entry_id, data in await live.redis.xrange(keys.job_events(finished.job_id))]
    states = [data["state"] for _id, data in shown if data["kind"] == "state"]
    assert states == ["queued", "dispatching", "running", "succeeded"]
    assert [data["percent"] for _id, data in shown if data["kind"] == "progress"] == [
        "25.00",
        "50.00",
        "75.00",
        "100.00",
    ]


async def follow_next_event(live: Live, out: str) -> None:
    ((_entry_id, data),) = entries(quoted(out)[1:])  # the first token is the stream's name
    assert data == {
        "kind": "progress",
        "percent": "25.00",
        "message": "drive-scsi0: transferred 1.0 GiB of 4.0 GiB (25.00%)",
    }


async def follow_lines(live: Live, out: str) -> None:
    shown = lines(out)
    history = await live.redis.xrange(keys.job_events(live.running.job_id))
    assert shown == [" ".join([entry_id, *(x for kv in data.items() for x in kv)]) for entry_id, data in history]
    assert shown[-1].endswith(
        "kind progress percent 50.00 message drive-scsi0: transferred 2.0 GiB of 4.0 GiB (50.00%)"
    )


async def job_progress(live: Live, out: str) -> None:
    finished = live.jobs["finished"]
    assert quoted(out) == [str(finished.progress), finished.progress_message]


async def task_log(live: Live, out: str) -> None:
    finished = live.jobs["finished"]
    assert finished.upid is not None
    pve_log = live.sim.state.tasks[finished.upid].log
    assert lines(out) == [*(line.rstrip() for line in pve_log if line.strip()), f"(integer) {len(pve_log)}"]
    assert out.splitlines()[: len(pve_log)] == pve_log  # exactly as PVE wrote them, leading spaces and all


async def upid_job(live: Live, out: str) -> None:
    assert quoted(out) == [live.running.job_id, live.upid]


async def queue_depth(live: Live, out: str) -> None:
    assert lines(out) == ["(integer) 1", "(integer) 2"]


async def queue_jobs(live: Live, out: str) -> None:
    assert lines(out) == [
        f"{live.running.job_id} in-progress power_control",
        f"{live.jobs['waiting'].job_id} waiting list_nodes",  # a held job's score is its claim's expiry: later
        f"{live.jobs['hung'].job_id} in-progress get_instance_config",
    ]


async def worker_jobs(live: Live, out: str) -> None:
    assert sorted(lines(out)) == sorted(
        [
            f"{live.running.job_id} {WORKER} power_control {RUNNING_VMID} running",
            f"{live.jobs['hung'].job_id} {WORKER} get_instance_config 100 running",
        ]
    )


async def job_claim(live: Live, out: str) -> None:
    token, pttl = lines(out)
    assert quoted(token)[0].startswith(f"{WORKER}:")
    assert quoted(token) == [await live.redis.get(keys.job_claim(live.running.job_id))]
    assert 0 < int(pttl.removeprefix("(integer) ")) <= CLAIM_TTL_SECONDS * 1000


async def waiting_on(live: Live, out: str) -> None:
    assert quoted(out) == [live.running.job_id]


async def task_durations(live: Live, out: str) -> None:
    learned = pairs(quoted(out))
    assert set(learned) == {"qmcreate"}  # the failed start of a template teaches nothing
    mean, deviation, count = learned["qmcreate"].split(",")
    assert (float(mean) > 0, float(deviation) >= 0, count) == (True, True, "1")


HEALTH_LINE = re.compile(
    r"\w{3}-\d\d \d\d:\d\d:\d\d j_complete=\d+ j_failed=\d+ j_retried=\d+ j_ongoing=\d+ following=\d+ queued=\d+"
    r" clusters=default"
)


async def workers(live: Live, out: str) -> None:
    ((name, health),) = [line.split(" ", 1) for line in lines(out)]
    assert name == WORKER
    assert HEALTH_LINE.fullmatch(health), health


async def worker_health(live: Live, out: str) -> None:
    health, ttl = lines(out)
    assert HEALTH_LINE.fullmatch(quoted(health)[0]), health
    assert 0 < int(ttl.removeprefix("(integer) ")) <= HEALTH_TTL_SECONDS


def lock_ttl_seconds(settings: Settings) -> float:
    """As docs/redis.md gives it: as long as a change may go without progress."""
    change = POWER_CONTROL.timeout_seconds(settings)
    return settings.task_max_seconds + settings.lock_wait_seconds + 2 * change


async def guest_lock(live: Live, out: str) -> None:
    holder, pttl = lines(out)
    assert quoted(holder) == [live.running.job_id]
    assert 0 < int(pttl.removeprefix("(integer) ")) <= lock_ttl_seconds(SETTINGS) * 1000


async def guest_locks(live: Live, out: str) -> None:
    assert lines(out) == [f"{RUNNING_VMID} {live.running.job_id}"]


async def recent_logs(live: Live, out: str) -> None:
    shown = entries(quoted(out))
    assert len(shown) == 20
    assert [entry_id for entry_id, _data in shown] == sorted(
        (entry_id for entry_id, _data in shown), key=lambda i: tuple(map(int, i.split("-"))), reverse=True
    )
    for _entry_id, data in shown:
        assert data["level"] in LEVELS
        assert json.loads(data["line"])["level"] == data["level"]


async def job_logs(live: Live, out: str) -> None:
    logged = [json.loads(line) for line in lines(out)]
    assert logged
    job_id = live.running.job_id
    assert all(entry.get("job_id") == job_id for entry in logged), logged
    assert any(entry["event"] == "task_dispatched" and entry["upid"] == live.upid for entry in logged)


async def audit_cluster(live: Live, out: str) -> None:
    shown = [json.loads(line) for line in lines(out)]
    ended = {job.job_id for role, job in live.jobs.items() if role in ("finished", "failed")}  # the ended changes
    assert {entry["job_id"] for entry in shown} == ended
    assert {entry["cluster"] for entry in shown} == {keys.DEFAULT_CLUSTER}
    assert [entry["seq"] for entry in shown] == sorted((entry["seq"] for entry in shown), reverse=True)


async def arq_job(live: Live, out: str) -> None:
    job_json, tries = lines(out)
    job = json.loads(job_json)
    assert job["f"] == "power_control"
    assert job["a"][0]["vmid"] == RUNNING_VMID
    assert job == json.loads(await live.redis.get(job_key_prefix + live.running.job_id) or "")
    assert quoted(tries) == [await live.redis.hget(keys.job_record(live.running.job_id), "attempts")]


def documented_ttls(recipe: Recipe, values: dict[str, object]) -> dict[str, int]:
    listed = recipe.expect.split("(default settings):", 1)[1]
    return {fill(key, values): int(seconds) for key, seconds in re.findall(r"(\S+) (\d+)", listed)}


async def ttls(live: Live, out: str) -> None:
    documented = documented_ttls(PAGE.recipes["ttls"], live.values("running"))
    job = live.running.job_id
    lock, claim = keys.guest_lock(keys.DEFAULT_CLUSTER, RUNNING_VMID), keys.job_claim(job)
    # the page gives the defaults; these are the code's values for them ...
    assert documented[keys.job_record(job)] == DEFAULTS.job_ttl_seconds
    assert documented[lock] == lock_ttl_seconds(DEFAULTS)
    assert documented[claim] == CLAIM_TTL_SECONDS
    assert documented[job_key_prefix + job] == expires_extra_ms // 1000
    assert documented[keys.worker_health(WORKER)] == HEALTH_TTL_SECONDS
    # ... and this stack runs with longer slices and timeouts, which the same rules turn into these
    expected = documented | {lock: lock_ttl_seconds(SETTINGS)}
    shown = dict(line.rsplit(" ", 1) for line in lines(out))
    assert shown.keys() == expected.keys()
    # every key was set (or renewed) since the stack began, so no more than its age has run off
    # (and a second for redis-cli's rounding of TTL to whole seconds)
    age = math.ceil(time.monotonic() - live.began) + 1
    for key, limit in expected.items():
        seconds = int(shown[key])
        assert max(1, limit - age) <= seconds <= limit, (key, seconds, limit, age)


@dataclass(frozen=True)
class Check:
    """Which job a recipe's placeholders name, how it is run, and what its output must show."""

    role: str | None
    verify: Callable[[Live, str], Awaitable[None]]
    run: Callable[[Live, Recipe, str | None], Awaitable[str]] = to_the_end


CHECKS: dict[str, Check] = {
    "ping": Check(None, ping),
    "recent-jobs": Check("waiting", recent_jobs),
    "recent-jobs-table": Check("running", recent_jobs_table),
    "job-record": Check("running", job_record),
    "job-state": Check("running", job_state),
    "job-result": Check("finished", job_result),
    "failed-jobs": Check("failed", failed_jobs),
    "guest-jobs": Check("running", guest_jobs),
    "job-history": Check("finished", job_history),
    "follow-next": Check("running", follow_next_event, follow_next),
    "follow": Check("running", follow_lines, follow),
    "job-progress": Check("finished", job_progress),
    "task-log": Check("finished", task_log),
    "upid-job": Check("running", upid_job),
    "queue-depth": Check(None, queue_depth),
    "queue-jobs": Check("running", queue_jobs),
    "worker-jobs": Check("running", worker_jobs),
    "workers": Check(None, workers),
    "worker-health": Check(None, worker_health),
    "guest-lock": Check("running", guest_lock),
    "guest-locks": Check("running", guest_locks),
    "recent-logs": Check(None, recent_logs),
    "job-logs": Check("running", job_logs),
    "audit-cluster": Check("finished", audit_cluster),
    "arq-job": Check("running", arq_job),
    "job-claim": Check("running", job_claim),
    "waiting": Check("running", waiting_on),
    "task-durations": Check(None, task_durations),
    "ttls": Check("running", ttls),
}


# -- the tests ---------------------------------------------------------------------------------------


def test_every_recipe_on_the_page_is_checked_and_says_what_it_prints() -> None:
    assert set(PAGE.recipes) == set(CHECKS)
    for recipe in PAGE.recipes.values():
        assert recipe.expect, f"recipe {recipe.name} has no '# expect:' comment"


@pytest.mark.parametrize("name", list(PAGE.recipes))
async def test_recipe_prints_what_the_page_says(name: str, live: Live) -> None:
    recipe, check = PAGE.recipes[name], CHECKS[name]
    output = await check.run(live, recipe, check.role)
    for literal in recipe.literals:
        assert fill(literal, live.values(check.role)) in output, f"`{literal}` not in the output:\n{output}"
    await check.verify(live, output)


# The key table: | `key pattern` | type | TTL | written by | meaning |
_ROW = re.compile(r"^\| `(?P<key>[^`]+)` \| (?P<type>\w+) \|", re.MULTILINE)


def key_table() -> dict[str, str]:
    section = (ROOT / "docs" / "redis.md").read_text().split("## Every key", 1)[1].split("\n## ", 1)[0]
    return {row["key"]: row["type"] for row in _ROW.finditer(section)}


def test_the_key_table_lists_every_key_the_code_names() -> None:
    named = {
        keys.queue_for("<cluster>", False),
        keys.queue_for("<cluster>", True),
        keys.JOB_INDEX,
        keys.wake("<cluster>"),
        keys.LOG_STREAM,
        keys.WAITING,
        keys.task_durations("<cluster>"),
        keys.owed_logs("<cluster>"),
        keys.pve_version("<cluster>"),
        keys.job_claim("<job_id>"),
        keys.job_record("<job_id>"),
        keys.job_events("<job_id>"),
        keys.job_log("<job_id>"),
        keys.upid_job("<cluster>", "<upid>"),
        keys.mcp_task("<job_id>"),
        keys.guest_lock("<cluster>", "<vmid>"),  # type: ignore[arg-type]  # the placeholder, not a VMID
        keys.worker_health("<worker>"),
        keys.job_signed("<job_id>"),
        AUDIT_STREAM,
        AUDIT_HEAD,
        job_key_prefix + "<job_id>",
        keys.job_in_progress("<job_id>"),
        keys.job_result("<job_id>"),
    }
    assert set(key_table()) == named


def _pattern(key: str) -> re.Pattern[str]:
    parts = re.split(r"(<[a-z_]+>)", key)
    return re.compile(
        "".join("UPID:.+" if p == "<upid>" else "[^:]+" if p.startswith("<") else re.escape(p) for p in parts)
    )


async def test_every_key_of_the_live_stack_is_in_the_key_table_with_its_type(live: Live) -> None:
    table = {key: (_pattern(key), kind) for key, kind in key_table().items()}
    found = [key async for key in live.redis.scan_iter(count=500)]
    assert len(found) > 15
    for key in found:
        matches = [(pattern, kind) for pattern, kind in table.values() if pattern.fullmatch(key)]
        assert len(matches) == 1, f"{key} matches {len(matches)} rows of the key table"
        assert await live.redis.type(key) == matches[0][1], key


def test_compose_lets_redis_cli_in_the_redis_container_authenticate() -> None:
    redis = Compose({"REDIS_PASSWORD": "from-env"}).service("redis")
    assert redis.environment()["REDISCLI_AUTH"] == "from-env"
    argv = redis.argv()
    assert argv[argv.index("--requirepass") + 1] == "from-env"


def test_recipe_outputs_are_read_as_a_terminal_shows_them() -> None:
    """The reader of quoted output undoes redis-cli's escapes (quotes, backslashes, UTF-8 bytes)."""
    assert quoted('1) "a \\"b\\" \\\\ \\xc3\\xa9"\n2) "x"') == ['a "b" \\ é', "x"]

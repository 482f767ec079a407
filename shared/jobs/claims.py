"""Claims: which worker holds a job, until when, and refusing the writes of a holder that lost it.

A worker takes a due job by creating its claim key `pmcp:claim:<job_id>` (`SET NX`, holding a
token unique to this hold) with a short TTL, and moves the job's score in its queue to the
claim's expiry, so the other workers' polls pass it by. Its heartbeat renews both while it
runs the job in a slot or its watcher follows the job's PVE task. A worker that dies stops
renewing: within CLAIM_TTL_SECONDS the claim is gone, the job due, and another worker takes it.

A worker that was only paused (SIGSTOP, swapping, a host suspended) past its claim wakes up
with stale state. Every write it makes about a job is therefore fenced: one script (`fenced`)
checks that the claim key still holds this hold's token and only then runs the write's
commands, so a holder that lost the job writes nothing (ClaimLost). Before it sends PVE a
request that changes something it also checks its own clock (`Heartbeat.assert_fresh`): a
worker whose last renewal is older than SEND_MARGIN_SECONDS does not send, because its claim
may be about to pass to another worker that would reconcile and send the same request.

A script, not WATCH/MULTI: the check and the write are one round trip where an optimistic
transaction needs two (WATCH and GET, then MULTI/EXEC), and a heartbeat renewing the claim in
between cannot make the write start over. The embedded store runs the same scripts (fakeredis
with Lua).

A renewal is a script too (`renew`): each claim it still holds is extended and its job
re-scored (`ZADD XX`) only where the claim key still holds its token, in the same atomic step,
so a job released meanwhile (requeued due now, in the same write that deleted its claim) is
never pushed a TTL into the future.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.client import EMPTY_RESPONSE
from redis.exceptions import NoScriptError, ResponseError

from shared.jobs import keys

__all__ = [
    "AHEAD_MS",
    "CLAIM_TTL_SECONDS",
    "HEARTBEAT_SECONDS",
    "SEND_MARGIN_SECONDS",
    "Claim",
    "ClaimLost",
    "Heartbeat",
    "Script",
    "Taken",
    "add_wake",
    "count_pickup",
    "fenced",
    "finish",
    "renew",
    "requeue",
    "take",
    "woken_job",
    "write_result",
]

#: how long a claim lasts without renewal: a dead worker's job is taken over this long after its last renewal
CLAIM_TTL_SECONDS = 10.0
#: how often a worker renews its claims (several renewals fit in one TTL, so a slow one is no loss)
HEARTBEAT_SECONDS = 2.0
#: a holder whose last renewal is older than this sends PVE nothing more (half the TTL: any request it
#: sends leaves PVE at least this long before another worker could take the job over and look for it)
SEND_MARGIN_SECONDS = CLAIM_TTL_SECONDS / 2
#: a job queued again once its PVE task ended is scored this much before now: ahead of every job
#: enqueued since (a job's payload lasts a day), in the order the tasks ended
AHEAD_MS = 86_400_000
#: tokens beyond this are pointless: each only saves one poll interval
MAX_WAKE_TOKENS = 100
#: how long arq's result of an ended job stays (arq's default keep_result, an hour)
ARQ_RESULT_TTL_MS = 3_600_000


def _now_ms() -> int:
    return int(time.time() * 1000)


class ClaimLost(Exception):  # an ending of this worker's part, not an error of the job
    """This worker no longer holds the job: its claim expired, and another worker may have taken it."""

    def __init__(self, job_id: str) -> None:
        super().__init__(f"job {job_id} is no longer held by this worker")
        self.job_id = job_id


@dataclass(frozen=True)
class Claim:
    """One hold of a job by a worker: the job, the queue it came from and the hold's token."""

    job_id: str
    queue: str
    token: str

    @property
    def key(self) -> str:
        return keys.job_claim(self.job_id)

    @property
    def cluster(self) -> str:
        """The cluster the job is for: its queue's."""
        return keys.cluster_of_queue(self.queue)


@dataclass
class Heartbeat:
    """When this worker last renewed its claims, by its own monotonic clock."""

    renewed: float = field(default_factory=time.monotonic)

    def beat(self, at: float) -> None:
        self.renewed = at

    def fresh(self) -> bool:
        return time.monotonic() - self.renewed < SEND_MARGIN_SECONDS

    def assert_fresh(self, claim: Claim) -> None:
        """Before a request that changes PVE: raise ClaimLost when the claim may be passing to another worker."""
        if not self.fresh():
            raise ClaimLost(claim.job_id)


def _ttl_ms() -> int:
    return int(CLAIM_TTL_SECONDS * 1000)


#: a command of a pipeline (`Pipeline.command_stack`): its words, and the options its answer is read with
_Command = tuple[tuple[str | bytes, ...], Mapping[str, Any]]


class Script:
    """A Lua script run by its SHA1 (EVALSHA), sent whole once where the server does not know it yet."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode(), usedforsecurity=False).hexdigest()  # the name Redis gives it

    async def __call__(self, redis: Redis, key_names: Sequence[str], args: Sequence[Any]) -> Any:
        try:
            return await redis.evalsha(self.sha, len(key_names), *key_names, *args)  # type: ignore[misc]  # redis stubs
        except NoScriptError:  # a restarted (or newly promoted) Redis: EVAL caches it again
            return await redis.eval(self.source, len(key_names), *key_names, *args)  # type: ignore[misc]  # redis stubs


def _words(commands: Sequence[_Command]) -> list[Any]:
    """A pipeline's commands as a script's arguments: each command's length, then its words."""
    words: list[Any] = []
    for command, _options in commands:
        words += [len(command), *command]
    return words


def _answers(redis: Redis, commands: Sequence[_Command], raw: list[Any]) -> list[Any]:
    """The answers a script gave for `commands`, read as a pipeline reads its own (each command's response callback).

    The first error among them is raised, as a pipeline's `execute()` raises it.
    """
    answers = []
    for (command, options), answer in zip(commands, raw, strict=True):
        if isinstance(answer, ResponseError):
            raise answer
        callback = redis.response_callbacks.get(command[0])
        read = {k: v for k, v in options.items() if k not in ("keys", EMPTY_RESPONSE)}
        answers.append(callback(answer, **read) if callback is not None else answer)
    return answers


@dataclass(frozen=True)
class Taken:
    """A job this worker now holds: its claim, its pickup number and the answers of `take`'s `load` commands."""

    claim: Claim
    pickup: int
    loaded: list[Any]


#: KEYS[1]: the queue. ARGV: now and the claim's TTL (ms), then for each candidate its ID, claim key,
#: token, in-progress key and record key, and the words of its load (`_words`) after their count.
#: For each job won: its ID, its pickup number and the answers of its load.
_TAKE = Script(
    """
local queue, now, ttl = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])
local won, at = {}, 3
while at <= #ARGV do
    local job, claim, token, progress, record = ARGV[at], ARGV[at + 1], ARGV[at + 2], ARGV[at + 3], ARGV[at + 4]
    local first, last = at + 6, at + 5 + tonumber(ARGV[at + 5])
    at = last + 1
    if redis.call('SET', claim, token, 'PX', ttl, 'NX') then
        local score = redis.call('ZSCORE', queue, job)
        if not score or tonumber(score) > now then
            redis.call('DEL', claim)
        else
            redis.call('ZADD', queue, 'XX', now + ttl, job)
            local pickup = redis.call('HINCRBY', record, 'attempts', 1)
            redis.call('SET', progress, token, 'PX', ttl)
            local answers, word = {}, first
            while word <= last do
                local length = tonumber(ARGV[word])
                answers[#answers + 1] = redis.pcall(unpack(ARGV, word + 1, word + length))
                word = word + length + 1
            end
            won[#won + 1] = {job, pickup, answers}
        end
    end
end
return won
"""
)


async def take(
    redis: Redis,
    queue: str,
    job_ids: Iterable[str],
    token: Callable[[], str],
    load: Callable[[Pipeline, str], None] | None = None,
) -> list[Taken]:
    """Claim those of `job_ids` that are still due and unclaimed; each claim with the job's pickup number.

    One script, one round trip (`_TAKE`). `SET NX` claims a job; its score then says whether it
    is still queued and due (another worker may have taken and deferred it meanwhile); a claim on
    a job that is not is released at once. A job won is scored a claim's TTL ahead, so the other
    workers' polls pass it by, and marked in progress as arq marks it. The pickup number counts
    every claim of the job (the record's `attempts`), so a job that kills its worker each time is
    seen to. `load` adds the commands that read (or mark) a won job: they run for the jobs won
    alone, in the same script, so what the worker needs to start a job comes with its claim.
    """
    candidates = {job_id: token() for job_id in job_ids}
    if not candidates:
        return []
    words: list[Any] = [_now_ms(), _ttl_ms()]
    loads: dict[str, list[_Command]] = {}
    pipe = redis.pipeline(transaction=False)  # never sent: it only records each load's commands
    for job_id, hold in candidates.items():
        first = len(pipe.command_stack)
        if load is not None:
            load(pipe, job_id)
        loads[job_id] = pipe.command_stack[first:]
        encoded = _words(loads[job_id])
        words += [job_id, keys.job_claim(job_id), hold, keys.job_in_progress(job_id), keys.job_record(job_id)]
        words += [len(encoded), *encoded]
    won = await _TAKE(redis, [queue], words)
    return [
        Taken(Claim(job_id, queue, candidates[job_id]), int(pickup), _answers(redis, loads[job_id], answers))
        for job_id, pickup, answers in won
    ]


#: ARGV: the claim's TTL and the queue score of a job held (ms), then for each claim its key, its token,
#: arq's in-progress key, its queue and its job's ID. The IDs of the jobs whose claims were lost.
_RENEW = Script(
    """
local ttl, expiry, lost = ARGV[1], ARGV[2], {}
for at = 3, #ARGV, 5 do
    local claim, token, progress, queue, job = ARGV[at], ARGV[at + 1], ARGV[at + 2], ARGV[at + 3], ARGV[at + 4]
    if redis.call('GET', claim) == token then
        redis.call('PEXPIRE', claim, ttl)
        redis.call('PEXPIRE', progress, ttl)
        redis.call('ZADD', queue, 'XX', expiry, job)
    else
        lost[#lost + 1] = job
    end
end
return lost
"""
)


async def renew(redis: Redis, claims: Iterable[Claim]) -> list[Claim]:
    """Extend the claims still held (key and queue score), in one script; returns those that were lost."""
    held = {claim.job_id: claim for claim in claims}
    if not held:
        return []
    words: list[Any] = [_ttl_ms(), _now_ms() + _ttl_ms()]
    for claim in held.values():
        words += [claim.key, claim.token, keys.job_in_progress(claim.job_id), claim.queue, claim.job_id]
    return [held[job_id] for job_id in await _RENEW(redis, [], words)]


#: KEYS: the claim key, then the job's guest locks. ARGV: the hold's token, the job's ID, then each
#: command as its length and its words. The answers of the commands, or nil when the claim is not held.
#: A command that fails does not stop the others (as in MULTI/EXEC); its error is among the answers.
_FENCED = Script(
    """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return nil
end
local answers, at = {}, 3
while at <= #ARGV do
    local length = tonumber(ARGV[at])
    answers[#answers + 1] = redis.pcall(unpack(ARGV, at + 1, at + length))
    at = at + length + 1
end
for index = 2, #KEYS do
    if redis.call('GET', KEYS[index]) == ARGV[2] then
        redis.call('DEL', KEYS[index])
    end
end
return answers
"""
)


async def fenced(
    redis: Redis, claim: Claim, build: Callable[[Pipeline], object], *, locks: Sequence[str] = ()
) -> list[Any]:
    """Run the commands `build` adds as one atomic write, only while `claim` still holds the job; their answers.

    Raises ClaimLost when the claim key holds another token (or none), having written nothing.
    `locks`: keys whose value is the job's ID while it holds them (its guest locks), deleted in
    the same write where they still hold it. `build` adds its commands to a pipeline, as for a
    transaction; they are sent as the arguments of one script (`_FENCED`), in one round trip.
    """
    pipe = redis.pipeline(transaction=False)
    build(pipe)
    commands = list(pipe.command_stack)
    answers = await _FENCED(redis, [claim.key, *locks], [claim.token, claim.job_id, *_words(commands)])
    if answers is None:
        raise ClaimLost(claim.job_id)
    return _answers(redis, commands, answers)


def requeue(pipe: Pipeline, claim: Claim, *, defer_seconds: float = 0.0, ahead: bool = False) -> None:
    """Release the claim and make the job due again after `defer_seconds`, waking an idle worker.

    `ahead`: the job goes before every job not started yet (scored AHEAD_MS before now; those
    are scored by when they were enqueued): a change whose PVE task ended is recorded before
    new work starts, however long the queue.
    """
    pipe.delete(claim.key, keys.job_in_progress(claim.job_id))
    score = _now_ms() - AHEAD_MS if ahead else _now_ms() + int(defer_seconds * 1000)
    pipe.zadd(claim.queue, {claim.job_id: score})
    add_wake(pipe, claim.cluster)


def woken_job(token: str | bytes | None) -> tuple[str, str] | None:
    """The queue and ID of the job a wake-up token names (`add_wake`), if it names one."""
    queue, _, job_id = (_text(token) or "").partition(" ")
    return (queue, job_id) if job_id else None


def count_pickup(pipe: Pipeline, job_id: str) -> None:
    """The record's `attempts` + 1: every claim of the job counts (its answer is the pickup number)."""
    pipe.hincrby(keys.job_record(job_id), "attempts", 1)


def add_wake(pipe: Pipeline, cluster: str, *, queue: str | None = None, job_id: str | None = None) -> None:
    """Push a wake-up token for the cluster's workers (one idle worker polls at once instead of at its interval).

    A token that names the job it announces (its queue and ID) lets the worker that pops it
    claim that job before it polls for the others: the job starts one round trip sooner.
    """
    wake = keys.wake(cluster)
    pipe.lpush(wake, f"{queue} {job_id}" if queue is not None and job_id is not None else "1")
    pipe.ltrim(wake, 0, MAX_WAKE_TOKENS - 1)
    pipe.expire(wake, 60)


def finish(pipe: Pipeline, claim: Claim, result: bytes | None = None) -> None:
    """Release the claim of a job that ended: out of its queue, its payload deleted, arq's `result` written.

    As arq's own worker ends a job: its in-progress key and job key go, its result stays an hour.
    """
    pipe.delete(claim.key, keys.job_in_progress(claim.job_id), keys.job_payload(claim.job_id))
    pipe.zrem(claim.queue, claim.job_id)
    if result is not None:
        write_result(pipe, claim.job_id, result)


def write_result(pipe: Pipeline, job_id: str, result: bytes) -> None:
    """arq's result of a job that ended (shared.jobs.codec.encode_result), kept an hour as arq keeps it."""
    pipe.set(keys.job_result(job_id), result, px=ARQ_RESULT_TTL_MS)


def _text(value: str | bytes | None) -> str | None:  # a client without decode_responses answers bytes
    return value.decode() if isinstance(value, bytes) else value

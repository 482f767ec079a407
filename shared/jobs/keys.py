"""Every Redis key the project writes, in one place (docs/redis.md documents each for redis-cli users).

A job's payload is written in arq's format under arq's key (`arq:job:<id>`, see
shared.jobs.client); everything else is ours and starts with `pmcp:`. Job IDs are the arq job
IDs, so one ID finds both.
"""

from __future__ import annotations

__all__ = [
    "ARQ_JOB_PREFIX",
    "JOB_INDEX",
    "LOG_STREAM",
    "QUEUES",
    "QUEUE_NAME",
    "READ_QUEUE",
    "TASK_DURATIONS",
    "WAITING",
    "WAKE",
    "guest_lock",
    "job_claim",
    "job_events",
    "job_log",
    "job_payload",
    "job_record",
    "mcp_task",
    "queue_for",
    "upid_job",
    "worker_health",
]

PREFIX = "pmcp"
#: arq's job key prefix (arq.constants.job_key_prefix; tests/jobs/test_client.py checks they agree): a
#: producer writes arq's job format without importing arq
ARQ_JOB_PREFIX = "arq:job:"
#: the queue of changes: every unfinished change's job ID, scored (epoch ms) by when a worker may take
#: it: its due time while it waits, its claim's expiry while a worker holds it (runs it or follows its task)
QUEUE_NAME = f"{PREFIX}:queue"
#: the same for reads, which workers take before changes (a read never waits behind a burst of changes)
READ_QUEUE = f"{PREFIX}:queue:read"
#: the queues in the order workers take from them
QUEUES = (READ_QUEUE, QUEUE_NAME)
#: sorted set: job ID scored by its creation time in epoch milliseconds (newest last)
JOB_INDEX = f"{PREFIX}:jobs"
#: list of wake-up tokens: the producer pushes one per job, an idle worker pops one and polls at once
WAKE = f"{PREFIX}:wake"
#: stream of JSON log lines from every process (what get_mcp_logs reads), capped
LOG_STREAM = f"{PREFIX}:logs"
#: sorted set: job ID scored by the time (epoch ms) until which a client waits on it; the watcher copies
#: the task log of these jobs (and their progress) as it grows, the others' only at the end
WAITING = f"{PREFIX}:waiting"
#: hash: PVE task type (qmstart, vzcreate, ...) -> how long its tasks take, learned by the watchers
#: (`mean,deviation,count` in seconds), so they poll densely only near a task's expected end
TASK_DURATIONS = f"{PREFIX}:task-durations"


def queue_for(read: bool) -> str:
    """The queue a job goes to: reads to READ_QUEUE, changes to QUEUE_NAME."""
    return READ_QUEUE if read else QUEUE_NAME


def job_payload(job_id: str) -> str:
    """String: the job's function and arguments in arq's job format (our JSON codec)."""
    return ARQ_JOB_PREFIX + job_id


def job_signed(job_id: str) -> str:
    """String, until the job's signature expires: set by its first pickup (a job taken, its record gone: a replay)."""
    return f"{PREFIX}:job:{job_id}:signed"


def job_claim(job_id: str) -> str:
    """String: the hold token of the worker that holds the job; expires unless its heartbeat renews it."""
    return f"{PREFIX}:claim:{job_id}"


def job_record(job_id: str) -> str:
    """Hash: the job record (operation, state, node, vmid, upid, result, error, timestamps)."""
    return f"{PREFIX}:job:{job_id}"


def job_log(job_id: str) -> str:
    """List: the PVE task log lines of the job, in order (line n is at index n-1)."""
    return f"{PREFIX}:job:{job_id}:log"


def job_events(job_id: str) -> str:
    """Stream: the job's state changes and progress, which waiting tool calls block on."""
    return f"{PREFIX}:job:{job_id}:events"


def mcp_task(task_id: str) -> str:
    """Hash: the MCP task of a job (the tasks extension): who started it, and the question it waits on, if any.

    Its ID is the job's ID; a task waiting for the user's answer has no job yet (its payload waits here).
    """
    return f"{PREFIX}:task:{task_id}"


def upid_job(upid: str) -> str:
    """String: the ID of the job that started the PVE task with this UPID."""
    return f"{PREFIX}:upid:{upid}"


def guest_lock(vmid: int) -> str:
    """String: the ID of the job that holds the write lock of a guest (VMIDs are unique cluster-wide)."""
    return f"{PREFIX}:lock:guest:{vmid}"


def worker_health(worker: str) -> str:
    """String: the health line of one worker (its own key, so replicas don't overwrite each other)."""
    return f"{PREFIX}:worker:{worker}:health"

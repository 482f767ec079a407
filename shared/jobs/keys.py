"""Every Redis key the project writes, in one place (docs/redis.md documents each for redis-cli users).

arq keeps its own keys (`arq:job:<id>`, `arq:in-progress:<id>`, `arq:retry:<id>`,
`arq:result:<id>`, `arq:abort`); the queue itself is QUEUE_NAME. Everything of ours starts
with `pmcp:`. Job IDs are the arq job IDs, so one ID finds both.
"""

from __future__ import annotations

__all__ = [
    "JOB_INDEX",
    "LOG_STREAM",
    "QUEUE_NAME",
    "WAKE",
    "guest_lock",
    "job_events",
    "job_log",
    "job_record",
    "upid_job",
    "worker_health",
]

PREFIX = "pmcp"
#: arq's queue (a sorted set of job IDs scored by the time they may run)
QUEUE_NAME = f"{PREFIX}:queue"
#: sorted set: job ID scored by its creation time in epoch milliseconds (newest last)
JOB_INDEX = f"{PREFIX}:jobs"
#: list of wake-up tokens: the producer pushes one per job, an idle worker pops one and polls at once
WAKE = f"{PREFIX}:wake"
#: stream of JSON log lines from every process (what get_mcp_logs reads), capped
LOG_STREAM = f"{PREFIX}:logs"


def job_record(job_id: str) -> str:
    """Hash: the job record (operation, state, node, vmid, upid, result, error, timestamps)."""
    return f"{PREFIX}:job:{job_id}"


def job_log(job_id: str) -> str:
    """List: the PVE task log lines of the job, in order (line n is at index n-1)."""
    return f"{PREFIX}:job:{job_id}:log"


def job_events(job_id: str) -> str:
    """Stream: the job's state changes and progress, which waiting tool calls block on."""
    return f"{PREFIX}:job:{job_id}:events"


def upid_job(upid: str) -> str:
    """String: the ID of the job that started the PVE task with this UPID."""
    return f"{PREFIX}:upid:{upid}"


def guest_lock(vmid: int) -> str:
    """String: the ID of the job that holds the write lock of a guest (VMIDs are unique cluster-wide)."""
    return f"{PREFIX}:lock:guest:{vmid}"


def worker_health(worker: str) -> str:
    """String: arq's health line of one worker (its own key, so replicas don't overwrite each other)."""
    return f"{PREFIX}:worker:{worker}:health"

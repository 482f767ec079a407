"""Every Redis key the project writes, in one place (docs/redis.md documents each for redis-cli users).

A job's payload is written in arq's format under arq's key (`arq:job:<id>`, see
shared.jobs.client); everything else is ours and starts with `pmcp:`. Job IDs are the arq job
IDs, so one ID finds both.

Job IDs are global (get_task_status finds a job whatever its cluster); every key that names a
PVE object or routes work to a cluster's workers (queues, wake-up tokens, guest locks, UPIDs,
learned task durations) sits under its cluster, `pmcp:cluster:<cluster>:` (shared.clusters):
VMID 100 of cluster A is not VMID 100 of cluster B. One cluster is one such name, `default`
unless PROXMOX_CLUSTER_NAME says otherwise.
"""

from __future__ import annotations

__all__ = [
    "ARQ_IN_PROGRESS_PREFIX",
    "ARQ_JOB_PREFIX",
    "ARQ_RESULT_PREFIX",
    "DEFAULT_CLUSTER",
    "JOB_INDEX",
    "LOG_STREAM",
    "QUEUE_PATTERN",
    "WAITING",
    "cluster_of_queue",
    "guest_lock",
    "job_claim",
    "job_events",
    "job_in_progress",
    "job_log",
    "job_payload",
    "job_record",
    "job_result",
    "mcp_task",
    "owed_logs",
    "pve_version",
    "queue_for",
    "queues",
    "task_durations",
    "upid_job",
    "wake",
    "worker_health",
]

PREFIX = "pmcp"
#: the name of the one cluster of today's single-cluster settings, unless PROXMOX_CLUSTER_NAME names it
DEFAULT_CLUSTER = "default"
#: arq's job key prefix (arq.constants.job_key_prefix; tests/jobs/test_client.py checks they agree): a
#: producer writes arq's job format without importing arq
ARQ_JOB_PREFIX = "arq:job:"
#: arq's in-progress and result key prefixes (arq.constants): set beside our own claim and record, so
#: arq's `Job(job_id, redis, _queue_name=...)` reads a job's status and result as arq's own would
ARQ_IN_PROGRESS_PREFIX = "arq:in-progress:"
ARQ_RESULT_PREFIX = "arq:result:"
#: sorted set: job ID scored by its creation time in epoch milliseconds (newest last)
JOB_INDEX = f"{PREFIX}:jobs"
#: stream of JSON log lines from every process (what get_mcp_logs reads), capped
LOG_STREAM = f"{PREFIX}:logs"
#: sorted set: job ID scored by the time (epoch ms) until which a client waits on it; the watcher copies
#: the task log of these jobs (and their progress) as it grows, the others' only at the end
WAITING = f"{PREFIX}:waiting"
#: counter: bumped right before a WAIT, so that the WAIT's connection has written after the write it confirms
REPLICATED = f"{PREFIX}:replicated"
_QUEUE = ":queue"


def _cluster(cluster: str) -> str:
    return f"{PREFIX}:cluster:{cluster}"


def queue_for(cluster: str, read: bool) -> str:
    """Sorted set: a cluster's unfinished jobs, scored (epoch ms) by when a worker may take each.

    Its due time while it waits, its claim's expiry while a worker holds it (runs it or follows its
    task). Reads have their own queue (`...:queue:read`), which workers take from first, so a read
    never waits behind a burst of changes.
    """
    return f"{_cluster(cluster)}{_QUEUE}{':read' if read else ''}"


def queues(cluster: str) -> tuple[str, str]:
    """A cluster's queues in the order workers take from them: reads, then changes."""
    return queue_for(cluster, True), queue_for(cluster, False)


#: the pattern of every cluster's queues, for readers that look at them all (scripts/admin_dashboard.py)
QUEUE_PATTERN = f"{PREFIX}:cluster:*{_QUEUE}*"


def is_read_queue(queue: str) -> bool:
    """Whether this is a cluster's queue of reads (`queue_for(cluster, True)`)."""
    return queue.endswith(f"{_QUEUE}:read")


def cluster_of_queue(queue: str) -> str:
    """The cluster whose queue this is (the name `queue_for` put in it)."""
    head, sep, _ = queue.rpartition(_QUEUE)
    prefix = _cluster("")
    if not sep or not head.startswith(prefix):
        raise ValueError(f"{queue!r} is no queue of ours")
    return head.removeprefix(prefix)


def wake(cluster: str) -> str:
    """List of wake-up tokens: the producer pushes one per job, an idle worker of the cluster pops one and polls."""
    return f"{_cluster(cluster)}:wake"


def task_durations(cluster: str) -> str:
    """Hash: PVE task type (qmstart, vzcreate, ...) -> how long its tasks take on the cluster, learned by the
    watchers (`mean,deviation,count` in seconds), so they poll densely only near a task's expected end."""
    return f"{_cluster(cluster)}:task-durations"


def owed_logs(cluster: str) -> str:
    """Sorted set: jobs whose PVE task ended OK and was recorded so before its log's last lines were copied,
    scored by when (epoch seconds). The worker that recorded the end copies them; any worker's watcher
    retakes one left there long (its worker died)."""
    return f"{_cluster(cluster)}:owed-logs"


def pve_version(cluster: str) -> str:
    """String: the cluster's PVE version ("9.1.2"), as a worker read it from GET /version for the generic path;
    find_pve_api and describe_pve_api read the schema of that version."""
    return f"{_cluster(cluster)}:pve-version"


def job_payload(job_id: str) -> str:
    """String: the job's function and arguments in arq's job format (our JSON codec)."""
    return ARQ_JOB_PREFIX + job_id


def job_signed(job_id: str) -> str:
    """String, until the job's signature expires: set by its first pickup (a job taken, its record gone: a replay)."""
    return f"{PREFIX}:job:{job_id}:signed"


def job_in_progress(job_id: str) -> str:
    """String (arq's): present while a worker holds the job, with the claim's expiry."""
    return f"{ARQ_IN_PROGRESS_PREFIX}{job_id}"


def job_result(job_id: str) -> str:
    """String (arq's): how the job ended, arq's result dict in our JSON codec; kept an hour."""
    return f"{ARQ_RESULT_PREFIX}{job_id}"


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


def upid_job(cluster: str, upid: str) -> str:
    """String: the ID of the job that started the PVE task with this UPID on the cluster."""
    return f"{_cluster(cluster)}:upid:{upid}"


def guest_lock(cluster: str, vmid: int) -> str:
    """String: the ID of the job that holds the write lock of a guest (a VMID is unique within its cluster)."""
    return f"{_cluster(cluster)}:lock:guest:{vmid}"


def worker_health(worker: str) -> str:
    """String: the health line of one worker (its own key, so replicas don't overwrite each other)."""
    return f"{PREFIX}:worker:{worker}:health"

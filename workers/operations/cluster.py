"""The cluster's task history (linked to our jobs) and its health."""

from __future__ import annotations

import asyncio

from shared.errors import NodeUnreachable, PveError
from shared.jobs import keys
from shared.operations.cluster import (
    GET_CLUSTER_STATUS,
    LIST_CLUSTERS,
    LIST_TASKS,
    ClusterEntry,
    ClusterHealth,
    ClusterList,
    ClusterNode,
    ClusterStatusParams,
    HaService,
    HaStatus,
    ListClustersParams,
    ListTasksParams,
    TaskEntry,
    TaskList,
)
from shared.pve.models import ClusterStatusEntry, NodeSummary, PveModel, PveVersion
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["get_cluster_status", "list_tasks"]


class _Task(PveModel):
    """A task of GET /cluster/tasks or GET /nodes/{node}/tasks (a token's ended task: user plus tokenid)."""

    upid: str
    node: str
    type: str
    id: str = ""
    user: str
    starttime: int
    endtime: int | None = None
    status: str | None = None
    tokenid: str | None = None


class _HaEntry(PveModel):
    """An item of GET /cluster/ha/status/current: quorum, master, fencing, lrm or service."""

    id: str
    type: str
    node: str | None = None
    status: str | None = None
    sid: str | None = None
    state: str | None = None
    request_state: str | None = None


def _entry(task: _Task, job_id: str | None) -> TaskEntry:
    user = f"{task.user}!{task.tokenid}" if task.tokenid and "!" not in task.user else task.user
    running = task.endtime is None
    return TaskEntry(
        upid=task.upid,
        node=task.node,
        type=task.type,
        id=task.id,
        user=user,
        status="running" if running else (task.status or "unknown"),
        starttime=task.starttime,
        endtime=task.endtime,
        job_id=job_id,
    )


async def _node_tasks(job: JobContext, node: str, params: ListTasksParams) -> list[_Task]:
    query = {
        "source": "all",
        "vmid": params.vmid,
        "typefilter": params.type,
        "userfilter": params.user,
        "errors": params.errors or None,
        "since": params.since,
        "limit": params.limit,
    }
    return await job.app.pve.get("/nodes/{node}/tasks", list[_Task], path={"node": node}, query=query)


@handles(LIST_TASKS)
async def list_tasks(job: JobContext, params: ListTasksParams) -> TaskList:
    pve = job.app.pve
    offline: list[str] = []
    if not params.filtered():
        found = await pve.get("/cluster/tasks", list[_Task])
    else:
        if params.node is not None:
            nodes = [params.node]
        else:
            listed = await pve.get("/nodes", list[NodeSummary])
            nodes = sorted(n.node for n in listed if n.status == "online")
            offline = sorted(n.node for n in listed if n.status != "online")
        found = []
        for node, answer in zip(
            nodes,
            await asyncio.gather(*(_node_tasks(job, n, params) for n in nodes), return_exceptions=True),
            strict=True,
        ):
            if isinstance(answer, NodeUnreachable) and params.node is None:
                offline.append(node)
            elif isinstance(answer, BaseException):
                raise answer
            else:
                found.extend(answer)
    # running first, then the newest
    found.sort(key=lambda t: (t.endtime is None, t.starttime), reverse=True)
    found = found[: params.limit]
    ours = await job.app.store.redis.mget([keys.upid_job(job.app.cluster, t.upid) for t in found]) if found else []
    tasks = [_entry(task, job_id) for task, job_id in zip(found, ours, strict=True)]
    return TaskList(tasks=tasks, count=len(tasks), offline_nodes=sorted(offline))


async def _node_version(job: JobContext, node: str) -> str | None:
    try:
        found = await job.app.pve.get("/nodes/{node}/version", PveVersion, path={"node": node})
    except NodeUnreachable:
        return None
    return found.version


@handles(GET_CLUSTER_STATUS)
async def get_cluster_status(job: JobContext, params: ClusterStatusParams) -> ClusterHealth:
    pve = job.app.pve
    status, ha_entries, version = await asyncio.gather(
        pve.get("/cluster/status", list[ClusterStatusEntry]),
        pve.get("/cluster/ha/status/current", list[_HaEntry]),
        pve.get("/version", PveVersion),
    )
    cluster = next((e for e in status if e.type == "cluster"), None)
    members = sorted((e for e in status if e.type == "node"), key=lambda e: e.name)
    # a standalone node lists no cluster entry, and a node alone is quorate
    online = [e for e in members if e.online or (cluster is None and e.online is None)]
    versions = await asyncio.gather(*(_node_version(job, e.name) for e in online))
    version_of = dict(zip((e.name for e in online), versions, strict=True))
    nodes = [ClusterNode(name=e.name, online=e in online, ip=e.ip, version=version_of.get(e.name)) for e in members]
    services = [
        HaService(sid=e.sid or e.id.removeprefix("service:"), node=e.node, state=e.state, request_state=e.request_state)
        for e in ha_entries
        if e.type == "service"
    ]
    quorum = next((e.status for e in ha_entries if e.type == "quorum"), None)
    master = next((e.node for e in ha_entries if e.type == "master"), None)
    return ClusterHealth(
        cluster_name=cluster.name if cluster is not None else None,
        quorate=bool(cluster.quorate) if cluster is not None else True,
        nodes_online=len(online),
        nodes_total=len(members),
        nodes=nodes,
        ha=HaStatus(configured=bool(services), quorum=quorum, master=master, services=services),
        version=version.version,
    )


@handles(LIST_CLUSTERS)
async def list_clusters(job: JobContext, params: ListClustersParams) -> ClusterList:
    """This job's cluster as its workers see it: its version, or why it does not answer (the frontend lists all)."""
    entry = ClusterEntry(name=job.app.cluster, url=job.app.settings.proxmox_url)
    try:
        version = await job.app.pve.get("/version", PveVersion)
    except PveError as exc:  # an answer about the cluster, not a failed job: the other clusters are listed still
        entry = entry.model_copy(update={"reachable": False, "error": str(exc)})
    else:
        entry = entry.model_copy(update={"reachable": True, "version": version.version})
    return ClusterList(clusters=[entry], count=1)

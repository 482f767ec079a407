"""The cluster's task history (linked to our jobs) and its health."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from shared.errors import Conflict, InvalidInput, NodeUnreachable, PveError
from shared.jobs import keys
from shared.listing import decode_cursor, encode_cursor
from shared.operations.cluster import (
    GET_CLUSTER_STATUS,
    LIST_CLUSTERS,
    LIST_TASKS,
    SET_HA_RESOURCE,
    ClusterEntry,
    ClusterHealth,
    ClusterList,
    ClusterNode,
    ClusterStatusParams,
    HaResourceParams,
    HaResourceResult,
    HaService,
    HaStatus,
    ListClustersParams,
    ListTasksParams,
    TaskEntry,
    TaskList,
)
from shared.pve.client import Page
from shared.pve.models import NO_DATA, ClusterStatusEntry, NodeSummary, PveModel, PveVersion
from workers.guest_lookup import resolve_guest
from workers.job import JobContext, Outcome
from workers.registry import handles
from workers.requests import Request, send_once

__all__ = ["HaEntry", "get_cluster_status", "list_tasks", "set_ha_resource"]


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


class HaEntry(PveModel):
    """An item of GET /cluster/ha/status/current: quorum, master, fencing, lrm or service."""

    id: str
    type: str
    node: str | None = None
    status: str | None = None
    sid: str | None = None
    state: str | None = None
    request_state: str | None = None
    max_restart: int | None = None
    max_relocate: int | None = None
    group: str | None = None


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


def _position(task: _Task) -> tuple[int, int]:
    """Where PVE lists a task: running first (the last started first), then the last ended first."""
    return (0, -task.starttime) if task.endtime is None else (1, -task.endtime)


@dataclass(frozen=True)
class _NodeWalk:
    """How far a walk through one node's task history is: tasks passed, and how many matched then."""

    passed: int = 0
    total: int | None = None

    @property
    def done(self) -> bool:
        return self.total is not None and self.passed >= self.total


async def _node_page(
    job: JobContext, node: str, params: ListTasksParams, walk: _NodeWalk
) -> tuple[_NodeWalk, Page[_Task]]:
    """The node's next tasks, and its walk as it stands once tasks started since the last page are allowed for.

    A new task comes first in PVE's order and pushes the rest down: by as many as the matching
    set has grown (a task that ends moves within the tasks already passed).
    """
    query = {
        "source": "all",
        "vmid": params.vmid,
        "typefilter": params.type,
        "userfilter": params.user,
        "errors": params.errors or None,
        "since": params.since,
        "until": params.until,
        "limit": params.limit,
    }
    path = {"node": node}
    page = await job.app.pve.get_page("/nodes/{node}/tasks", _Task, path=path, query={**query, "start": walk.passed})
    grown = page.total - walk.total if walk.total is not None else 0
    if grown > 0:
        walk = _NodeWalk(walk.passed + grown, page.total)
        page = await job.app.pve.get_page(
            "/nodes/{node}/tasks", _Task, path=path, query={**query, "start": walk.passed}
        )
    return _NodeWalk(walk.passed, page.total), page


def _resumed(cursor: dict[str, Any]) -> dict[str, _NodeWalk]:
    """Each node's walk as a cursor of list_tasks left it: `{node: [passed, total]}`."""
    walks: dict[str, _NodeWalk] = {}
    for node, walk in cursor.items():
        if not (isinstance(walk, list) and len(walk) == 2 and all(isinstance(n, int) for n in walk)):
            raise InvalidInput("cursor is not one this tool answered with", hint="Call again without cursor.")
        walks[node] = _NodeWalk(walk[0], walk[1])
    return walks


@handles(LIST_TASKS)
async def list_tasks(job: JobContext, params: ListTasksParams) -> TaskList:
    offline: list[str] = []
    walks: dict[str, _NodeWalk]
    if params.cursor is not None:
        walks = _resumed(decode_cursor(params.cursor, params.query(), dict))
    elif params.node is not None:
        walks = {params.node: _NodeWalk()}
    else:
        listed = await job.app.pve.get("/nodes", list[NodeSummary])
        walks = {n.node: _NodeWalk() for n in sorted(listed, key=lambda n: n.node) if n.status == "online"}
        offline = sorted(n.node for n in listed if n.status != "online")
    asked = [node for node, walk in walks.items() if not walk.done]
    answers = await asyncio.gather(*(_node_page(job, n, params, walks[n]) for n in asked), return_exceptions=True)
    pages: dict[str, list[_Task]] = {}
    for node, answer in zip(asked, answers, strict=True):
        if isinstance(answer, NodeUnreachable) and params.node is None:
            offline.append(node)
            del walks[node]
        elif isinstance(answer, BaseException):
            raise answer
        else:
            walks[node], page = answer
            pages[node] = page.data
    # each node's tasks in its own order, merged: the page is the first `limit` of them all
    streams = [[(node, task) for task in tasks] for node, tasks in pages.items()]
    found = list(itertools.islice(heapq.merge(*streams, key=lambda pair: _position(pair[1])), params.limit))
    taken = Counter(node for node, _ in found)
    before = sum(walk.passed for walk in walks.values())
    walks = {node: _NodeWalk(walk.passed + taken[node], walk.total) for node, walk in walks.items()}
    upids = [keys.upid_job(job.app.cluster, task.upid) for _, task in found]
    ours = await job.app.store.redis.mget(upids) if upids else []
    tasks = [_entry(task, job_id) for (_, task), job_id in zip(found, ours, strict=True)]
    by_node = {node: walk.total or 0 for node, walk in sorted(walks.items())}
    more = params.limit > 0 and any(not walk.done for walk in walks.values())
    cursor = {node: [walk.passed, walk.total] for node, walk in walks.items()}
    return TaskList(
        tasks=tasks,
        by_node=by_node,
        offline_nodes=sorted(offline),
        count=len(tasks),
        total=sum(by_node.values()),
        first=before + 1 if tasks else 0,
        next_cursor=encode_cursor(params.query(), cursor) if more else None,
    )


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
        pve.get("/cluster/ha/status/current", list[HaEntry]),
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
        HaService(
            sid=e.sid or e.id.removeprefix("service:"), node=e.node, state=e.state, request_state=e.request_state,
            max_restart=e.max_restart, max_relocate=e.max_relocate, group=e.group,
        )
        for e in ha_entries
        if e.type == "service"
    ]  # fmt: skip
    # "pve1 (active, watchdog active, <time>)": the LRM's mode is the first word in the brackets
    lrms = {e.node: (e.status or "").partition("(")[2].split(",")[0] for e in ha_entries if e.type == "lrm" and e.node}
    quorum = next((e.status for e in ha_entries if e.type == "quorum"), None)
    master = next((e.node for e in ha_entries if e.type == "master"), None)
    return ClusterHealth(
        cluster_name=cluster.name if cluster is not None else None,
        quorate=bool(cluster.quorate) if cluster is not None else True,
        nodes_online=len(online),
        nodes_total=len(members),
        nodes=nodes,
        ha=HaStatus(configured=bool(services), quorum=quorum, master=master, lrms=lrms, services=services),
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


class _HaResource(PveModel):
    """An item of GET /cluster/ha/resources: a resource's configuration."""

    sid: str
    state: str | None = None
    max_restart: int | None = None
    max_relocate: int | None = None
    group: str | None = None
    comment: str | None = None


async def _ha_resources(job: JobContext) -> dict[str, _HaResource]:
    return {r.sid: r for r in await job.app.pve.get("/cluster/ha/resources", list[_HaResource])}


def _ha_settings(resource: _HaResource | None) -> dict[str, str | int]:
    if resource is None:
        return {}
    shown = resource.model_dump(include={"state", "max_restart", "max_relocate", "group", "comment"})
    return {key: value for key, value in shown.items() if value is not None}


@handles(SET_HA_RESOURCE)
async def set_ha_resource(job: JobContext, params: HaResourceParams) -> Outcome:
    pve = job.app.pve
    guest = await resolve_guest(pve, params.vmid, params.node)
    sid = guest.ha_sid
    asked = params.values()

    async def plan() -> dict[str, Any]:
        entries = await pve.get("/cluster/ha/status/current", list[HaEntry])
        quorum = next((e for e in entries if e.type == "quorum"), None)
        if quorum is None or not str(quorum.status or "").startswith("OK"):
            raise Conflict(
                f"the cluster has no quorum ({quorum.status if quorum else 'no quorum entry'}); "
                f"PVE cannot change the HA configuration, and nothing was changed",
                hint="Bring enough nodes back online (get_cluster_status shows which are down), then call again.",
            )
        current = (await _ha_resources(job)).get(sid)
        if params.remove:
            return {"action": "removed" if current is not None else "unchanged"}
        if current is None:
            return {"action": "added", "set": {"state": "started", **asked}}
        have = _ha_settings(current)
        differs = {key: value for key, value in asked.items() if str(have.get(key)) != str(value)}
        return {"action": "changed" if differs else "unchanged", "set": differs}

    async def send(planned: dict[str, Any]) -> None:
        action = planned["action"]
        if action == "added":
            await pve.post("/cluster/ha/resources", NO_DATA, body={"sid": sid, **planned["set"]})
        elif action == "changed":
            await pve.put("/cluster/ha/resources/{sid}", NO_DATA, path={"sid": sid}, body=planned["set"])
        elif action == "removed":
            await pve.delete("/cluster/ha/resources/{sid}", NO_DATA, path={"sid": sid})

    async def done(planned: dict[str, Any]) -> bool:
        current = (await _ha_resources(job)).get(sid)
        if planned["action"] == "removed":
            return current is None
        have = _ha_settings(current)
        return current is not None and all(str(have.get(k)) == str(v) for k, v in planned.get("set", {}).items())

    planned = await send_once(job, Request("ha", plan, send, done))
    settings = _ha_settings((await _ha_resources(job)).get(sid))
    result = HaResourceResult(sid=sid, action=planned["action"], settings=settings)
    if planned["action"] == "unchanged":
        return Outcome(result, message=f"{sid} was already so in HA; nothing was changed")
    return Outcome(result, message=f"{sid} {planned['action']} {'from' if params.remove else 'in'} HA")

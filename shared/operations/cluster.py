"""The cluster as a whole: its recent tasks, its health (quorum, nodes, HA, versions); the clusters a server reaches."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.listing import PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.changes import GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import NodeName, Vmid

__all__ = [
    "GET_CLUSTER_STATUS",
    "LIST_CLUSTERS",
    "LIST_TASKS",
    "SET_HA_RESOURCE",
    "ClusterEntry",
    "ClusterHealth",
    "ClusterList",
    "ClusterNode",
    "ClusterStatusParams",
    "HaResourceParams",
    "HaResourceResult",
    "HaService",
    "HaStatus",
    "ListClustersParams",
    "ListTasksParams",
    "TaskEntry",
    "TaskList",
]


class ListTasksParams(PageParams):
    node: NodeName | None = None
    vmid: Vmid | None = None
    type: Annotated[
        str | None, StringConstraints(pattern=r"^[a-zA-Z0-9_\-]{1,64}$"), Field(description="qmstart, vzdump...")
    ] = None
    user: Annotated[str | None, StringConstraints(pattern=r"^[^\s!]+(![^\s]+)?$", max_length=128)] = None
    errors: Annotated[bool, Field(description="Only failed tasks (and running ones).")] = False
    since: Annotated[int | None, Field(ge=0, le=2**40, description="UNIX time")] = None
    until: Annotated[int | None, Field(ge=0, le=2**40)] = None


class TaskEntry(Result):
    upid: str
    node: str
    type: str
    id: str = Field(description="The guest's VMID or other object, '' for none.")
    user: str
    status: str = Field(description="running, OK, 'WARNINGS: n' or the error.")
    starttime: int
    endtime: int | None = None
    job_id: str | None = Field(None, description="Our job that started it (get_task_status reads it).")


class TaskList(PagedResult):
    """One page of the tasks that match, running first, then the last ended first, as PVE lists them."""

    tasks: list[TaskEntry]
    by_node: dict[str, int] = Field(default_factory=dict, description="Tasks that match, per node.")
    offline_nodes: list[str] = Field(default_factory=list, description="Nodes not asked: offline.")

    def brief(self) -> str:
        nodes = ", ".join(f"{node} {n}" for node, n in self.by_node.items())
        offline = f"; offline, not asked: {', '.join(self.offline_nodes)}" if self.offline_nodes else ""
        head = f"{self.total} tasks match (by node: {nodes or 'none'}{offline}); {self.shown(', running then newest')}"
        return "\n".join([head, *(_task_row(task) for task in self.tasks)])


def _task_row(t: TaskEntry) -> str:
    """A task in one line: start (UTC), node, type, id, status, user, UPID, our job."""
    started = datetime.fromtimestamp(t.starttime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    job = f" job {t.job_id}" if t.job_id else ""
    return f"{started} {t.node} {t.type} {t.id or '-'} {t.status!r} {t.user} {t.upid}{job}"


class ClusterStatusParams(Params):
    pass


class ClusterNode(Result):
    name: str
    online: bool
    ip: str | None = None
    version: str | None = Field(None, description="pve-manager version, for online nodes.")


class HaService(Result):
    sid: str
    node: str | None = None
    state: str | None = Field(None, description="What the HA stack does with it (started, stopping...).")
    request_state: str | None = None
    max_restart: int | None = None
    max_relocate: int | None = None
    group: str | None = None


class HaStatus(Result):
    configured: bool = Field(description="Whether any HA resource is configured.")
    quorum: str | None = None
    master: str | None = Field(None, description="The node whose CRM is master.")
    lrms: dict[str, str] = Field(default_factory=dict, description="Each node's LRM: active, idle, or dead?")
    services: list[HaService] = Field(default_factory=list)


class ClusterHealth(Result):
    cluster_name: str | None = Field(None, description="None for a standalone node.")
    quorate: bool
    nodes_online: int
    nodes_total: int
    nodes: list[ClusterNode]
    ha: HaStatus
    version: str = Field(description="PVE version of the node the API runs on.")

    def brief(self) -> str:
        quorum = "quorate" if self.quorate else "NOT quorate"
        return f"{self.cluster_name or 'standalone'}: {quorum}, {self.nodes_online}/{self.nodes_total} nodes online"


LIST_TASKS = Operation(
    "list_tasks",
    "List PVE tasks",
    Tier.SAFE,
    ListTasksParams,
    TaskList,
    description="""
        PVE tasks, running first, then the last ended first; filter by node, guest, type, user,
        errors, since and until (start times).

        Each node's own task history is searched, as PVE keeps it; the summary counts the tasks
        that match on each node. job_id names our job when this server started the task.
        """,
    pve_calls=("GET /nodes", "GET /nodes/{node}/tasks"),
)
GET_CLUSTER_STATUS = Operation(
    "get_cluster_status",
    "Cluster health",
    Tier.SAFE,
    ClusterStatusParams,
    ClusterHealth,
    description="""
        Quorum, nodes online, the HA manager (master, each node's LRM, each resource's state and
        settings), and the PVE versions.
        """,
    pve_calls=("GET /cluster/status", "GET /cluster/ha/status/current", "GET /nodes/{node}/version", "GET /version"),
)


class ListClustersParams(Params):
    pass


class ClusterEntry(Result):
    name: str
    url: str | None = None
    default: bool = Field(False, description="The cluster scripts use.")
    reachable: bool | None = Field(None, description="None: unknown (no worker answered in time).")
    version: str | None = Field(None, description="PVE version of the node the API runs on.")
    error: str | None = None


class ClusterList(Result):
    clusters: list[ClusterEntry]
    count: int

    def brief(self) -> str:
        return ", ".join(
            f"{c.name} ({'up' if c.reachable else 'unknown' if c.reachable is None else 'down'})" for c in self.clusters
        )


LIST_CLUSTERS = Operation(
    "list_clusters",
    "List the clusters",
    Tier.SAFE,
    ListClustersParams,
    ClusterList,
    description="""
        The PVE clusters this server reaches (PROXMOX_CLUSTERS): name, URL, and whether each answers, with its version.

        Listed only when several are configured; every other tool then takes `cluster`, one of these names.
        Each is asked through a read job on its own workers; one no worker answers in time is reachable: null.
        """,
    pve_calls=("GET /version",),
)


HaState = Literal["started", "stopped", "disabled", "ignored"]


class HaResourceParams(GuestChangeParams):
    state: Annotated[HaState | None, Field(description="A new resource: started unless given.")] = None
    max_restart: Annotated[int | None, Field(ge=0, le=10)] = None
    max_relocate: Annotated[int | None, Field(ge=0, le=10)] = None
    group: Annotated[str | None, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_.-]{1,63}$")] = None
    comment: Annotated[str | None, Field(max_length=4096)] = None
    remove: bool = False

    @model_validator(mode="after")
    def _coherent(self) -> Self:
        if self.remove and self.values():
            raise InvalidInput("remove takes no HA settings", hint="Give vmid and remove=true alone.")
        return self

    def values(self) -> dict[str, str | int]:
        names = ("state", "max_restart", "max_relocate", "group", "comment")
        return {name: getattr(self, name) for name in names if getattr(self, name) is not None}


class HaResourceResult(Result):
    sid: str = Field(description="vm:100 or ct:200.")
    action: Literal["added", "changed", "removed", "unchanged"]
    settings: dict[str, str | int] = Field(default_factory=dict, description="As HA keeps them now.")


def _ha_plan(p: HaResourceParams, guest: str) -> str:
    if p.remove:
        return f"take {guest} out of HA (it keeps running as it is, unmanaged)"
    shown = ", ".join(f"{k}={v}" for k, v in p.values().items())
    return f"manage {guest} by HA" + (f" with {shown}" if shown else "")


SET_HA_RESOURCE = Operation(
    "set_ha_resource",
    "Manage a guest by HA",
    Tier.RESTRICTED,
    HaResourceParams,
    HaResourceResult,
    description="""
        Add a guest as an HA resource, change its HA settings (state, max_restart, max_relocate,
        group), or take it out of HA (remove=true, Critical).

        Refused (CONFLICT) without quorum: PVE cannot write the HA configuration then. Migrating
        an HA guest is migrate_instance (HA moves it). Needs Sys.Console on /. Restricted: needs
        the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /cluster/ha/status/current",
        "GET /cluster/ha/resources",
        "POST /cluster/ha/resources",
        "PUT /cluster/ha/resources/{sid}",
        "DELETE /cluster/ha/resources/{sid}",
    ),
    errors=(("CONFLICT", "the cluster has no quorum"),),
    plan=_ha_plan,
    idempotent=True,
    critical_if="remove",
)

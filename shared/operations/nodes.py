"""Cluster nodes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import Field

from shared.listing import Order, PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import NodeName

__all__ = [
    "GET_CLUSTER_LOG",
    "GET_NODE_DETAILS",
    "GET_NODE_LOG",
    "LIST_NODES",
    "ClusterLog",
    "ClusterLogEntry",
    "ClusterLogParams",
    "ListNodesParams",
    "NodeDetails",
    "NodeInfo",
    "NodeList",
    "NodeLog",
    "NodeLogLine",
    "NodeLogParams",
    "NodeParams",
]


NodeStatus = Literal["online", "offline", "unknown"]


class ListNodesParams(PageParams):
    status: Annotated[NodeStatus | None, Field()] = None
    sort: Literal["name", "cpu", "memory", "uptime"] = "name"
    order: Order = None

    @property
    def descending(self) -> bool:
        return self.order == "desc" if self.order is not None else self.sort != "name"


class NodeInfo(Result):
    node: str
    status: NodeStatus
    cpu_percent: float | None = Field(None, description="CPU load, 0-100 across all cores.")
    cpus: int | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    uptime_seconds: int | None = None


class NodeList(PagedResult):
    nodes: list[NodeInfo]
    by_status: dict[str, int] = Field(default_factory=dict)
    sort: str = "name asc"

    def brief(self) -> str:
        states = ", ".join(f"{n} {status}" for status, n in sorted(self.by_status.items()))
        head = f"{self.total} nodes match ({states or 'none'}); {self.shown(f' by {self.sort}')}"
        return "\n".join([head, *(_row(node) for node in self.nodes)])


def _row(n: NodeInfo) -> str:
    """A node in one line: name, status, cpu, memory used/total GiB, uptime."""
    cpu = "-" if n.cpu_percent is None else f"{n.cpu_percent:.1f}%"
    used, total = (f"{b / 2**30:.1f}" if b is not None else "-" for b in (n.memory_used_bytes, n.memory_total_bytes))
    up = f" up {n.uptime_seconds // 3600}h" if n.uptime_seconds else ""
    return f"{n.node} {n.status} cpu {cpu} of {n.cpus or '-'} mem {used}/{total}G{up}"


LIST_NODES = Operation(
    "list_nodes",
    "List nodes",
    Tier.SAFE,
    ListNodesParams,
    NodeList,
    description="""
        Cluster nodes: status, CPU, memory, uptime; filter by status, sort by name, cpu, memory or uptime.

        Start here: node names are what the other tools take as `node`. An offline node answers
        nothing; its guests show status 'unknown' in list_vms.
        """,
    pve_calls=("GET /nodes",),
)


class NodeParams(Params):
    node: Annotated[NodeName, Field()]


class NodeDetails(Result):
    node: str
    pve_version: str | None = Field(None, description="pve-manager's version string.")
    kernel: str | None = None
    cpu_model: str | None = None
    sockets: int | None = None
    cores: int | None = None
    cpus: int | None = None
    memory_used_bytes: int
    memory_total_bytes: int
    uptime_seconds: int | None = None
    load_average: list[str] = Field(default_factory=list)
    boot_mode: str | None = Field(None, description="efi or legacy-bios; secure boot when secure_boot.")
    secure_boot: bool | None = None
    subscription: str = Field(description="PVE's status: active, notfound, expired, invalid, ...")
    subscription_message: str | None = None
    updates: int | None = Field(None, description="Packages with an update; None when unreadable (see updates_note).")
    updates_note: str | None = None
    packages: list[str] = Field(default_factory=list, description="The first 20: name old -> new.")


GET_NODE_DETAILS = Operation(
    "get_node_details",
    "Get node details",
    Tier.SAFE,
    NodeParams,
    NodeDetails,
    description="""
        A node's versions, kernel, CPU model, memory, uptime, load, boot mode, subscription
        status and the packages with a pending update (as the last apt update found them).

        Pending updates need Sys.Modify on /nodes/{node}; without it the rest is answered and
        updates_note says so.
        """,
    pve_calls=(
        "GET /nodes/{node}/status",
        "GET /nodes",
        "GET /nodes/{node}/subscription",
        "GET /nodes/{node}/apt/update",
    ),
    optional_calls=("GET /nodes/{node}/apt/update",),
)


#: PVE's own form for since and until: a date, or a date and a time (the node's local time)
LogMoment = Annotated[
    str | None,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$", description="YYYY-MM-DD[ HH:MM[:SS]], node time."),
]


class NodeLogParams(Params):
    node: Annotated[NodeName, Field()]
    since: LogMoment = None
    until: LogMoment = None
    service: Annotated[
        str | None, Field(pattern=r"^[A-Za-z0-9@._:-]{1,128}$", description="A systemd unit, e.g. pveproxy.")
    ] = None
    grep: Annotated[
        str | None, Field(min_length=1, max_length=200, description="Only lines holding this text (case-blind).")
    ] = None
    start: Annotated[int, Field(ge=0, le=2**31 - 1, description="Log lines to skip (from next_start).")] = 0
    limit: Annotated[int, Field(ge=1, le=500)] = 50


class NodeLogLine(Result):
    n: int = Field(description="Line number in the range read, from 1.")
    t: str


class NodeLog(Result):
    node: str
    total: int = Field(description="Lines in the range asked (since, until, service), before grep.")
    lines: list[NodeLogLine]
    scanned: int = Field(description="Lines read this call (grep reads at most 5,000).")
    next_start: int | None = Field(None, description="Pass as start to read on; None at the end.")

    def text(self) -> str:
        head = f"{self.node}: {len(self.lines)} of {self.total} lines (read {self.scanned})"
        more = f"; more from start={self.next_start}" if self.next_start is not None else ""
        return "\n".join([head + more, *(f"{line.n} {line.t}" for line in self.lines)])


GET_NODE_LOG = Operation(
    "get_node_log",
    "Read a node's system log",
    Tier.SAFE,
    NodeLogParams,
    NodeLog,
    description="""
        A node's system log (its journal, as journalctl prints it), oldest first: since/until,
        one systemd unit (service), and lines holding a text (grep), a page at a time.

        Read on from next_start. With grep, a call reads at most 5,000 lines: next_start says
        where to go on even when few matched. Needs Sys.Syslog on /nodes/{node}.
        """,
    pve_calls=("GET /nodes/{node}/syslog",),
)


class ClusterLogParams(Params):
    max: Annotated[int, Field(ge=1, le=500, description="Newest entries read.")] = 50
    node: Annotated[NodeName | None, Field()] = None
    grep: Annotated[str | None, Field(min_length=1, max_length=200, description="Case-blind text.")] = None


class ClusterLogEntry(Result):
    time: int = Field(description="UNIX epoch seconds.")
    node: str
    user: str
    tag: str = Field(description="The daemon: pvedaemon, pveproxy, pvescheduler, ...")
    msg: str


class ClusterLog(Result):
    entries: list[ClusterLogEntry]
    read: int = Field(description="Entries read (the newest `max`), before node and grep.")

    def text(self) -> str:
        head = f"cluster log: {len(self.entries)} of the newest {self.read} entries, newest first"
        rows = (
            f"{datetime.fromtimestamp(e.time, UTC).strftime('%Y-%m-%dT%H:%M:%SZ')} {e.node} {e.tag} {e.msg}"
            for e in self.entries
        )
        return "\n".join([head, *rows])


GET_CLUSTER_LOG = Operation(
    "get_cluster_log",
    "Read the cluster log",
    Tier.SAFE,
    ClusterLogParams,
    ClusterLog,
    description="""
        The cluster log, newest first: every node's task starts and ends, logins, what the
        daemons report; filtered by node and a text.

        Without Sys.Syslog on / PVE shows only the entries of the token's own user.
        """,
    pve_calls=("GET /cluster/log",),
)

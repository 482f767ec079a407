"""Resource usage (PVE's RRD data) of a guest or a node."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import ConsolidationFn, GuestKind, NodeName, Timeframe, Vmid

__all__ = [
    "GET_RESOURCE_USAGE",
    "MetricSummary",
    "ResourceUsage",
    "ResourceUsageParams",
    "UsageCf",
    "UsageNode",
    "UsagePoint",
    "UsagePoints",
    "UsageTimeframe",
    "UsageVmid",
]


UsageVmid = Annotated[Vmid | None, Field(description="A guest's usage (omit it for a node's).")]
UsageNode = Annotated[NodeName | None, Field(description="A node's usage; with vmid, the guest's node.")]
UsageTimeframe = Annotated[Timeframe, Field()]
UsageCf = Annotated[ConsolidationFn, Field()]
UsagePoints = Annotated[
    int,
    Field(
        ge=1,
        le=100,
        description="Points at most (PVE keeps ~70 samples).",
    ),
]


class ResourceUsageParams(Params):
    vmid: UsageVmid = None
    node: UsageNode = None
    timeframe: UsageTimeframe = "hour"
    cf: UsageCf = "AVERAGE"
    max_points: UsagePoints = 24

    @model_validator(mode="after")
    def _needs_target(self) -> Self:
        if self.vmid is None and self.node is None:
            raise InvalidInput("give vmid (a guest) or node (a node)", hint="Call again with vmid or node.")
        return self


class UsagePoint(Result):
    time: int = Field(description="UNIX epoch seconds.")
    cpu_percent: float | None = None
    memory_used_bytes: int | None = None
    net_in_bytes_per_s: float | None = None
    net_out_bytes_per_s: float | None = None
    disk_read_bytes_per_s: float | None = None
    disk_write_bytes_per_s: float | None = None


class MetricSummary(Result):
    last: float | None = None
    average: float | None = None
    maximum: float | None = None


class ResourceUsage(Result):
    target: Literal["guest", "node"]
    node: str
    vmid: int | None = None
    kind: GuestKind | None = None
    status: str | None = None
    timeframe: str
    cf: str
    cpus: float | None = None
    memory_total_bytes: int | None = None
    summary: dict[str, MetricSummary] = Field(
        description="Per metric (cpu_percent, memory_used_bytes, net/disk rates): last, average and maximum."
    )
    points: list[UsagePoint]

    def text(self) -> str:
        """The head line, the summary, then the points as a table: the structured content's values, to two decimals.

        A series is a table: one header naming the fields and a line per point carry it in a
        third of the characters of its JSON (which repeats every field name in every point).
        """
        who = f"guest {self.vmid} ({self.kind}) on {self.node}" if self.target == "guest" else f"node {self.node}"
        head = f"{who}: {self.status or 'status unknown'}, cpus {_number(self.cpus)}, "
        head += f"memory_total_bytes {_number(self.memory_total_bytes)}; {self.timeframe} {self.cf}"
        summary = "; ".join(
            f"{metric} {'/'.join(_number(v) for v in (s.last, s.average, s.maximum))}"
            for metric, s in self.summary.items()
        )
        rows = [" ".join(_number(getattr(point, column)) for column in _COLUMNS) for point in self.points]
        return "\n".join(
            [
                head,
                f"summary (last/average/maximum): {summary or 'no samples'}",
                f"{len(self.points)} points:",
                " ".join(_COLUMNS),
                *rows,
            ]
        )


#: the columns of the points' table, UsagePoint's fields in order
_COLUMNS = tuple(UsagePoint.model_fields)


def _number(value: float | None) -> str:
    """A value to at most two decimals (a point's are rounded so already), "-" for none."""
    if value is None:
        return "-"
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


GET_RESOURCE_USAGE = Operation(
    "get_resource_usage",
    "Read resource usage",
    Tier.SAFE,
    ResourceUsageParams,
    ResourceUsage,
    description="""
        CPU, memory, network and disk I/O over time of a guest (vmid) or a node.

        `summary` gives last/average/maximum per metric over every sample PVE keeps (about 70 for
        any timeframe: hour, day, week, month, year); `points` the series, merged to max_points.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes/{node}/qemu/{vmid}/rrddata",
        "GET /nodes/{node}/lxc/{vmid}/rrddata",
        "GET /nodes/{node}/qemu/{vmid}/status/current",
        "GET /nodes/{node}/lxc/{vmid}/status/current",
        "GET /nodes/{node}/rrddata",
        "GET /nodes/{node}/status",
    ),
)

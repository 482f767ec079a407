"""Resource usage (PVE's RRD data) of a guest or a node."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Params, Result
from shared.sanitize import ConsolidationFn, GuestKind, NodeName, Timeframe, Vmid

__all__ = [
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


UsageVmid = Annotated[Vmid | None, Field(description="Usage of this guest. Omit it (and give node) for a node.")]
UsageNode = Annotated[
    NodeName | None, Field(description="Usage of this node; with vmid, the node the guest is on (optional).")
]
UsageTimeframe = Annotated[Timeframe, Field(description="Period to cover; PVE keeps about 70 points per period.")]
UsageCf = Annotated[ConsolidationFn, Field(description="How PVE consolidates samples: AVERAGE or MAX.")]
UsagePoints = Annotated[
    int,
    Field(
        ge=1,
        le=100,
        description="At most this many points in the series: PVE's ~70 samples are merged into this many "
        "(averaged, or the maximum with cf=MAX). The summary always covers every sample.",
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

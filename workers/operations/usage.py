"""Resource usage from PVE's RRD data, for a guest or a node."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from pydantic import TypeAdapter

from shared.operations.usage import GET_RESOURCE_USAGE, MetricSummary, ResourceUsage, ResourceUsageParams, UsagePoint
from shared.pve.models import GuestStatus, NodeStatus, RrdPoint
from workers.guest_lookup import resolve_guest
from workers.job import JobContext
from workers.operations.units import percent
from workers.registry import handles

__all__ = ["Sample", "downsample", "get_resource_usage", "summarize"]

_METRICS: tuple[str, ...] = (
    "cpu_percent",
    "memory_used_bytes",
    "net_in_bytes_per_s",
    "net_out_bytes_per_s",
    "disk_read_bytes_per_s",
    "disk_write_bytes_per_s",
)


@dataclass(slots=True)
class Sample:
    """One RRD slot as plain values. The series is merged and summarized in this form and only the
    merged points become models (validating every slot as a model costs more than the call needs)."""

    time: int
    metrics: dict[str, float | None]


#: the points of a result, validated in one call rather than a model each (bench/bench_reads.py)
_POINTS = TypeAdapter(list[UsagePoint])


def _int(value: float | None) -> int | None:
    return int(value) if value is not None else None


def _sample(p: RrdPoint, *, node: bool) -> Sample:
    metrics: dict[str, float | None] = {
        "cpu_percent": percent(p.cpu),
        "memory_used_bytes": _int(p.memused if node else p.mem),
        "net_in_bytes_per_s": p.netin,
        "net_out_bytes_per_s": p.netout,
        "disk_read_bytes_per_s": p.diskread,
        "disk_write_bytes_per_s": p.diskwrite,
    }
    return Sample(p.time, metrics)


def downsample(samples: list[Sample], most: int, cf: str) -> list[UsagePoint]:
    """At most `most` points: consecutive samples merged (their average, or maximum for MAX), timed at their end."""
    if len(samples) <= most:
        return _POINTS.validate_python([{"time": sample.time, **sample.metrics} for sample in samples])
    size = -(-len(samples) // most)  # ceiling division: never more than `most` buckets
    merged: list[dict[str, float | int | None]] = []
    for start in range(0, len(samples), size):
        bucket = samples[start : start + size]
        point: dict[str, float | int | None] = {"time": bucket[-1].time}
        for metric in _METRICS:
            found = [v for sample in bucket if (v := sample.metrics[metric]) is not None]
            value = (max(found) if cf == "MAX" else sum(found) / len(found)) if found else None
            point[metric] = None if value is None else int(value) if metric == "memory_used_bytes" else round(value, 2)
        merged.append(point)
    return _POINTS.validate_python(merged)


def summarize(samples: list[Sample]) -> dict[str, MetricSummary]:
    """Last, average and maximum of each metric over the samples that have a value for it."""
    summary: dict[str, MetricSummary] = {}
    for metric in _METRICS:
        values: list[float] = [v for sample in samples if (v := sample.metrics[metric]) is not None]
        if values:
            summary[metric] = MetricSummary(
                last=values[-1], average=round(sum(values) / len(values), 2), maximum=max(values)
            )
    return summary


@handles(GET_RESOURCE_USAGE)
async def get_resource_usage(job: JobContext, params: ResourceUsageParams) -> ResourceUsage:
    pve = job.app.pve
    query = {"timeframe": params.timeframe, "cf": params.cf}
    if params.vmid is None:
        assert params.node is not None  # the params model requires vmid or node
        path = {"node": params.node}
        rrd, status = await asyncio.gather(
            pve.get("/nodes/{node}/rrddata", list[RrdPoint], path=path, query=query),
            pve.get("/nodes/{node}/status", NodeStatus, path=path),
        )
        samples = [_sample(p, node=True) for p in rrd]
        return ResourceUsage(
            target="node",
            node=params.node,
            status="online",
            timeframe=params.timeframe,
            cf=params.cf,
            cpus=status.cpuinfo.cpus if status.cpuinfo else None,
            memory_total_bytes=status.memory.total,
            summary=summarize(samples),
            points=downsample(samples, params.max_points, params.cf),
        )
    guest = await resolve_guest(pve, params.vmid, params.node)
    rrd, current = await asyncio.gather(
        pve.get(guest.template_for("/rrddata"), list[RrdPoint], path=guest.path, query=query),
        pve.get(guest.template_for("/status/current"), GuestStatus, path=guest.path),
    )
    samples = [_sample(p, node=False) for p in rrd]
    return ResourceUsage(
        target="guest",
        node=guest.node,
        vmid=guest.vmid,
        kind=guest.kind,
        status=current.status,
        timeframe=params.timeframe,
        cf=params.cf,
        cpus=current.cpus,
        memory_total_bytes=current.maxmem,
        summary=summarize(samples),
        points=downsample(samples, params.max_points, params.cf),
    )

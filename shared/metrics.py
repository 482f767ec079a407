"""Prometheus metrics of a process (prometheus_client), served at PROXMOX_MCP_METRICS (host:port).

Every process can serve them: a worker, the HTTP frontend, the stdio server. Unset, nothing is
measured and prometheus_client is never imported (it would cost every start), so each recording
function below is one test of a module global.

Labels stay bounded: operation and tool names, error codes, job outcomes, PVE path templates
(never a vmid, node or job ID), queues and clusters.

| metric | type | labels |
|---|---|---|
| `pmcp_queue_depth` | gauge | cluster, queue (`read`, `change`) |
| `pmcp_jobs_total` | counter | operation, outcome (the job's end state) |
| `pmcp_job_duration_seconds` | histogram | operation (from enqueue to end) |
| `pmcp_task_end_lag_seconds` | histogram | (from a PVE task's end to its job's recorded end) |
| `pmcp_pve_requests_total` | counter | method, endpoint (the API path template), status (`error`: no answer) |
| `pmcp_pve_request_duration_seconds` | histogram | method, endpoint |
| `pmcp_followed_tasks` | gauge | cluster |
| `pmcp_redis_reconnects_total` | counter | (a command's connection failed; it reconnects or gives up) |
| `pmcp_tool_calls_total` | counter | tool, code (`ok`, or the error code) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shared.errors import InvalidInput

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry

__all__ = [
    "enabled",
    "followed_tasks",
    "job_ended",
    "pve_request",
    "queue_depth",
    "redis_reconnect",
    "serve_metrics",
    "task_end_lag",
    "tool_called",
]

_SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_JOB_SECONDS = (0.01, 0.05, 0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0)


class _Metrics:
    """The metrics themselves, made once metrics are served."""

    def __init__(self, registry: CollectorRegistry) -> None:
        from prometheus_client import Counter, Gauge, Histogram  # noqa: PLC0415  # only where metrics are served

        self.queue_depth = Gauge("pmcp_queue_depth", "Jobs waiting in a queue", ["cluster", "queue"], registry=registry)
        self.jobs = Counter("pmcp_jobs", "Jobs ended", ["operation", "outcome"], registry=registry)
        self.job_seconds = Histogram(
            "pmcp_job_duration_seconds", "From a job's enqueue to its end", ["operation"],
            buckets=_JOB_SECONDS, registry=registry,
        )  # fmt: skip
        self.end_lag = Histogram(
            "pmcp_task_end_lag_seconds", "From a PVE task's end to its job's recorded end",
            buckets=_SECONDS, registry=registry,
        )  # fmt: skip
        self.pve_requests = Counter(
            "pmcp_pve_requests", "PVE API requests", ["method", "endpoint", "status"], registry=registry
        )
        self.pve_seconds = Histogram(
            "pmcp_pve_request_duration_seconds", "PVE API request time", ["method", "endpoint"],
            buckets=_SECONDS, registry=registry,
        )  # fmt: skip
        self.followed = Gauge("pmcp_followed_tasks", "PVE tasks this worker follows", ["cluster"], registry=registry)
        self.redis_reconnects = Counter(
            "pmcp_redis_reconnects", "Redis commands whose connection failed (reconnected or given up)",
            registry=registry,
        )  # fmt: skip
        self.tool_calls = Counter("pmcp_tool_calls", "MCP tool calls", ["tool", "code"], registry=registry)


_metrics: _Metrics | None = None


def serve_metrics(address: str) -> Any:
    """Start measuring, and serve /metrics at `address` (host:port, host optional: 127.0.0.1); the server."""
    global _metrics  # noqa: PLW0603  # one set of metrics per process, made at its start
    from prometheus_client import CollectorRegistry, start_http_server  # noqa: PLC0415

    host, _, port = address.rpartition(":")
    if not port.isdigit():
        raise InvalidInput(
            f"PROXMOX_MCP_METRICS={address!r} is no host:port", hint="For example 0.0.0.0:9464 or :9464."
        )
    registry = CollectorRegistry()
    try:
        server, _thread = start_http_server(int(port), addr=host.strip("[]") or "127.0.0.1", registry=registry)
    except OSError as exc:
        raise InvalidInput(
            f"cannot serve metrics at {address}: {exc.strerror or exc}",
            hint="Choose a free port in PROXMOX_MCP_METRICS, on an address of this host.",
        ) from None
    _metrics = _Metrics(registry)
    return server


def enabled() -> bool:
    return _metrics is not None


def queue_depth(cluster: str, queue: str, depth: int) -> None:
    if _metrics is not None:
        _metrics.queue_depth.labels(cluster, queue).set(depth)


def job_ended(operation: str, outcome: str, seconds: float) -> None:
    if _metrics is not None:
        _metrics.jobs.labels(operation, outcome).inc()
        _metrics.job_seconds.labels(operation).observe(seconds)


def task_end_lag(seconds: float) -> None:
    if _metrics is not None:
        _metrics.end_lag.observe(max(0.0, seconds))


def pve_request(method: str, endpoint: str, status: int | None, seconds: float) -> None:
    if _metrics is not None:
        _metrics.pve_requests.labels(method, endpoint, str(status) if status is not None else "error").inc()
        _metrics.pve_seconds.labels(method, endpoint).observe(seconds)


def followed_tasks(cluster: str, count: int) -> None:
    if _metrics is not None:
        _metrics.followed.labels(cluster).set(count)


def redis_reconnect() -> None:
    if _metrics is not None:
        _metrics.redis_reconnects.inc()


def tool_called(tool: str, code: str) -> None:
    if _metrics is not None:
        _metrics.tool_calls.labels(tool, code).inc()

"""The generic path: one call to any PVE endpoint, checked again here, sent at most once, followed if it starts a task.

The payload was checked by the frontend; the worker checks it again against the schema of its
cluster's own PVE version (learned from GET /version, once per cluster, and written to Redis
for find_pve_api and describe_pve_api) and the server's allow and deny lists, so a job written
straight into Redis gains nothing. A change is one step named "call": dispatching is recorded
before the request leaves, so a rerun that finds it dispatching without an answer knows the
request may have reached PVE, and ends the job unknown instead of sending it again.
"""

from __future__ import annotations

from typing import Any

import structlog
from pydantic import TypeAdapter

from shared.api.request import ApiRequest, check_request, schema_version_of
from shared.api.sealing import open_sealed
from shared.api.secrets import mask_answer
from shared.errors import DispatchUncertain, JobRefused
from shared.jobs import keys
from shared.jobs.states import JobState
from shared.operations.api import (
    PVE_API_CHANGE,
    PVE_API_READ,
    ApiAnswer,
    ApiCallParams,
    ApiChangeParams,
    ApiReadParams,
    bounded,
)
from shared.pve.schema import SchemaVersion
from shared.pve.upid import Upid, is_upid
from workers.app import WorkerApp
from workers.job import JobContext, JobEnded, Outcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.registry import handles

__all__ = ["cluster_version", "pve_api_change", "pve_api_read"]

log = structlog.get_logger("workers.operations.api")

_RAW: TypeAdapter[Any] = TypeAdapter(Any)
_STEP = "call"
#: each cluster's PVE version, as this process learned it (by cluster and API URL)
_VERSIONS: dict[tuple[str, str], SchemaVersion] = {}
#: query parameters PVE's list endpoints filter or page by: named when a long answer is cut
_NARROWING = ("type", "vmid", "node", "storage", "content", "typefilter", "since", "until", "start", "limit")


async def cluster_version(app: WorkerApp) -> SchemaVersion:
    """The schema version of the app's cluster, from GET /version once per process (and noted in Redis)."""
    key = (app.cluster, str(app.pve.base_url))
    known = _VERSIONS.get(key)
    if known is not None:
        return known
    answer = await app.pve.get("/version", _RAW)
    version = str(answer.get("version", "")) if isinstance(answer, dict) else ""
    known = _VERSIONS[key] = schema_version_of(version)
    await app.store.redis.set(keys.pve_version(app.cluster), version or known)
    return known


async def _checked(job: JobContext, params: ApiCallParams) -> ApiRequest:
    """The call checked against the cluster's own schema and this worker's settings: nothing is sent otherwise."""
    params.check(job.app.settings)  # this worker's allow and deny lists, before anything is sent or opened
    values = dict(params.params)
    if params.sealed:
        key = job.app.settings.job_key
        if key is None:
            raise JobRefused("the job carries sealed parameters, and this worker has no PROXMOX_MCP_JOB_KEY")
        values |= open_sealed(params.sealed, key.get_secret_value())
    return check_request(params.method, params.path, values, await cluster_version(job.app))


def _answer(request: ApiRequest, data: Any) -> ApiAnswer:
    narrow = [p for p in _NARROWING if p in request.endpoint.parameters]
    kept, cut = bounded(mask_answer(data), narrow=", ".join(narrow))
    return ApiAnswer(method=request.method, path=request.path, endpoint=request.template, data=kept, truncated=cut)


@handles(PVE_API_READ)
async def pve_api_read(job: JobContext, params: ApiReadParams) -> ApiAnswer:
    request = await _checked(job, params)
    data = await job.app.pve.get(request.template, _RAW, path=request.path_values, query=request.params)
    return _answer(request, data)


class _Answered(Exception):  # a control signal: PVE answered without starting a task
    def __init__(self, data: Any) -> None:
        super().__init__("answered")
        self.data = data


@handles(PVE_API_CHANGE)
async def pve_api_change(job: JobContext, params: ApiChangeParams) -> Outcome:
    record = job.record
    if record.step == _STEP and record.upid is None and record.state is JobState.DISPATCHING:
        # the request may have left: at most once, so it is never sent again
        raise JobEnded(
            JobState.UNKNOWN,
            f"{params.text()} was sent (or about to be) when its worker stopped or the answer was lost; "
            "a call on the generic path is never sent twice: check its effect with a GET",
        )
    request = await _checked(job, params)
    if request.vmid is not None:
        await job.lock_guest(request.vmid)  # not beside a declared change of the same guest
    pve = job.app.pve

    async def dispatch() -> Upid:
        sender = {"POST": pve.post, "PUT": pve.put}.get(request.method)
        try:
            if sender is not None:
                data = await sender(request.template, _RAW, path=request.path_values, body=request.params)
            else:
                data = await pve.delete(request.template, _RAW, path=request.path_values, query=request.params)
        except DispatchUncertain as lost:
            raise JobEnded(
                JobState.UNKNOWN,
                f"{request.text()} may have reached PVE, but its answer was lost ({lost.message}); "
                "a call on the generic path is never sent twice: check its effect with a GET",
            ) from lost
        if isinstance(data, str) and is_upid(data):
            return Upid.parse(data)
        raise _Answered(data)

    started = Upid.parse(record.upid) if record.upid else None  # a rerun's: the task to follow on
    task_type = started.type if started else request.endpoint.name or "task"
    node = request.node or (started.node if started else "")
    step = TaskStep(_STEP, node, task_type, request.vmid, dispatch)
    try:
        done = await run_step(job, step)
    except _Answered as answered:
        log.info("api_call_answered", method=request.method, endpoint=request.template)
        return Outcome(_answer(request, answered.data), message=f"PVE took {request.text()}")
    answer = _answer(request, done.upid)
    return outcome_of(answer, [done], f"PVE took {request.text()}; its task {done.upid} ended")

"""Node tasks: list with filters, status, log pages, stop."""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError, param_error
from pvesim.state import Task
from shared.errors import InvalidInput
from shared.pve.upid import Upid

__all__ = ["log_page"]


def _task(call: Call) -> Task:
    upid = str(call.params["upid"])
    try:
        Upid.parse(upid)
    except InvalidInput:
        raise param_error({"upid": "unable to parse worker upid"}) from None
    task = call.core.state.tasks.get(upid)
    if task is None or task.node != call.node:
        raise param_error({"upid": "no such task"})
    return task


def _wanted(task: Task, params: dict[str, Any]) -> bool:
    source = params.get("source", "archive")
    if source == "archive" and task.status == "running":
        return False
    if source == "active" and task.status != "running":
        return False
    checks = [
        params.get("vmid") is None or task.id == str(params["vmid"]),
        params.get("typefilter") is None or task.type == params["typefilter"],
        # a case-insensitive match on the user as listed (an ended task's without its token part)
        params.get("userfilter") is None or str(params["userfilter"]).lower() in str(task.summary()["user"]).lower(),
        params.get("since") is None or task.starttime >= int(params["since"]),
        params.get("until") is None or task.starttime <= int(params["until"]),
        not params.get("errors") or task.exitstatus != "OK",  # a running task is not OK yet: it stays
    ]
    statuses = params.get("statusfilter")
    if statuses and not params.get("errors"):  # pve-manager ignores statusfilter with errors=1
        wanted = {s.strip().lower() for s in str(statuses).replace(";", ",").split(",") if s.strip()}
        checks.append(_status_class(task) in wanted)
    return all(checks)


def _status_class(task: Task) -> str:
    if task.exitstatus is None:
        return "unknown"
    if task.exitstatus == "OK":
        return "ok"
    if task.exitstatus.startswith("WARNINGS"):
        return "warning"
    return "error"


@route("GET", "/nodes/{node}/tasks")
async def list_tasks(call: Call) -> Any:
    found = [t for t in call.core.state.tasks_on(call.node) if _wanted(t, call.params)]
    # the active file's tasks first, then the archive index read backwards (newest end first)
    running = sorted((t for t in found if t.status == "running"), key=lambda t: (t.starttime, t.pid), reverse=True)
    ended = sorted(
        (t for t in found if t.status != "running"), key=lambda t: (t.endtime or 0, t.starttime), reverse=True
    )
    start = int(call.params.get("start", 0))
    limit = int(call.params.get("limit", 50))
    call.total = len(found)
    return [task.summary() for task in [*running, *ended][start : start + limit]]


@route("GET", "/nodes/{node}/tasks/{upid}/status")
async def task_status(call: Call) -> Any:
    task = _task(call)
    status = {key: value for key, value in task.summary().items() if key not in ("endtime", "saved")}
    user, _, token = task.user.partition("!")  # read_task_status always splits a token's task
    status["user"] = user
    if token:
        status["tokenid"] = token
    status["status"] = task.status
    if task.status == "stopped":
        status["exitstatus"] = task.exitstatus
    return status


def log_page(call: Call, lines: list[str], start: int, limit: int | None) -> list[dict[str, Any]]:
    """Lines `start` on (at most `limit`, None: all), numbered from 1, as pve-common's log dumps answer.

    An empty log is one placeholder line: dump_logfile and dump_journal add it for ExtJS.
    """
    if not lines:
        call.total = 1
        return [{"n": 1, "t": "no content"}]
    call.total = len(lines)
    end = start + limit if limit is not None else None
    return [{"n": n, "t": text} for n, text in enumerate(lines[start:end], start=start + 1)]


@route("GET", "/nodes/{node}/tasks/{upid}/log")
async def task_log(call: Call) -> Any:
    task = _task(call)
    # pve-common dump_logfile_by_filehandle: limit 0 reads to the end
    return log_page(call, list(task.log), int(call.params.get("start", 0)), int(call.params.get("limit", 50)) or None)


@route("DELETE", "/nodes/{node}/tasks/{upid}")
async def stop_task(call: Call) -> Any:
    task = _task(call)
    if task.user != call.token.tokenid and "Sys.Modify" not in call.token.privileges_at(f"/nodes/{call.node}"):
        raise ApiError(403, f"Permission check failed (/nodes/{call.node}, Sys.Modify)")
    call.core.tasks.stop(task.upid)
    return None

"""MCP tasks (the io.modelcontextprotocol/tasks extension, SEP-2663) on the job store.

For a client that declares the extension in a request's capabilities (the 2026-07-28
protocol's per-request `_meta`), a change tool answers at once with a task instead of waiting:
its job's ID is the `taskId`, its TTL the job store's. The client follows it with:
- `tasks/get`: the job's state as a task status (queued, dispatching, running: working; the
  user's yes still to come: input_required; ended: completed, with the tool's answer inlined,
  its error too, with its stable code; cancelled), with our status message and progress;
- `tasks/update`: the user's answer to the task's question (a change that needs confirmation,
  from a client that cannot ask its user in the middle of a call): yes queues the job, anything
  else ends the task with the tool's refusal, and nothing changes;
- `tasks/cancel`: cancel_task's semantics (a queued job never runs; a running job's PVE task is
  stopped), the caller's own request to stop their task standing as the confirmation.
A task is only visible to the caller that started it: anyone else is told there is no such task.
A client that declares nothing keeps today's tool calls, byte for byte.

Only the 2026-07-28 protocol carries the extension: on a 2025-11-25 (handshake) connection the
SDK only delivers the core tool result shapes, so tool calls there answer as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import structlog
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding
from mcp.server.mcpserver import require_client_extension
from mcp.shared.exceptions import MCPError
from mcp_types import (
    HEADER_MISMATCH,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    CallToolRequestParams,
    CallToolResult,
    RequestParams,
    TextContent,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import Field

from mcp_frontend.app import FrontendApp
from mcp_frontend.callers import current_caller
from mcp_frontend.task_calls import task_call

if TYPE_CHECKING:
    from mcp_frontend.tools.spec import ToolSpec
    from shared.jobs.mcp_task_store import McpTask
    from shared.jobs.record import JobRecord
    from shared.operations.operation import Operation

__all__ = ["POLL_INTERVAL_MS", "TASKS_EXTENSION", "McpTasks", "owner_of"]

log = structlog.get_logger("mcp_frontend.mcp_tasks")

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
#: how often a client should poll tasks/get: our workers copy progress about as often
POLL_INTERVAL_MS = 1000
_MODERN = frozenset(MODERN_PROTOCOL_VERSIONS)


class TaskParams(RequestParams):
    task_id: str = Field(alias="taskId", min_length=1, max_length=200)


class UpdateTaskParams(TaskParams):
    input_responses: dict[str, Any] = Field(alias="inputResponses", default_factory=dict)


def declares_tasks(ctx: ServerRequestContext[Any, Any]) -> bool:
    """Whether this request's client declared the extension (on a connection that can carry it)."""
    capabilities = ctx.session.client_capabilities
    extensions = capabilities.extensions if capabilities is not None else None
    return ctx.protocol_version in _MODERN and extensions is not None and TASKS_EXTENSION in extensions


def owner_of(ctx: ServerRequestContext[FrontendApp, Any]) -> str:
    """Who makes this request, as far as tasks go.

    An authenticated caller (a token's name, an OAuth subject) owns its tasks on every frontend
    and session, and no other caller sees them, even on one stateless HTTP server. Otherwise
    (stdio, `--no-auth`): this server process and the HTTP session if there is one; over stdio
    the process serves one client. Task IDs are random UUIDs (122 random bits), so a task is
    never found by guessing; the owner keeps it from anyone who learns its ID.
    """
    caller = current_caller.get()
    if caller.kind in ("token", "oauth"):
        return caller.label
    session = None
    headers = getattr(ctx.request, "headers", None)
    if headers is not None:
        session = headers.get("mcp-session-id")
    return f"{ctx.lifespan_context.instance}:{session or '-'}"


class McpTasks(Extension):
    """The tasks extension: change tools answer with tasks; tasks/get, tasks/update and tasks/cancel follow them."""

    identifier = TASKS_EXTENSION

    def __init__(self, task_tool: Callable[[str], ToolSpec | None]) -> None:
        #: the tool of a name if it answers a declaring client with a task (ToolSpec.tasks), else None
        self._task_tool = task_tool

    def methods(self) -> Sequence[MethodBinding]:
        return [
            MethodBinding("tasks/get", TaskParams, self._get, protocol_versions=_MODERN),
            MethodBinding("tasks/update", UpdateTaskParams, self._update, protocol_versions=_MODERN),
            MethodBinding("tasks/cancel", TaskParams, self._cancel, protocol_versions=_MODERN),
        ]

    async def intercept_tool_call(
        self, params: CallToolRequestParams, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        spec = self._task_tool(params.name)
        if spec is None:
            return await call_next(ctx)
        if not declares_tasks(ctx):
            if spec.tasks == "required":
                require_client_extension(ctx, TASKS_EXTENSION)  # -32021, as the extension asks
            return await call_next(ctx)
        with task_call(owner_of(ctx)) as call:
            answer = await call_next(ctx)
        if call.task_id is None:  # refused before anything was started (bad input, no such guest), or asked first
            return answer
        app: FrontendApp = ctx.lifespan_context
        with _protocol_errors("reading the task it started"):
            task, record = await _find(app, call.owner, call.task_id)
        return {"resultType": "task", **self.view(app, task, record)}

    def view(
        self, app: FrontendApp, task: McpTask, record: JobRecord | None, *, detailed: bool = False
    ) -> dict[str, Any]:
        """The task as the wire shows it (`Task`); `detailed` adds what its status carries (SEP-2663 DetailedTask)."""
        return task_view(app, task, record, self._task_tool(task.tool), detailed=detailed)

    async def _get(self, ctx: ServerRequestContext[FrontendApp, Any], params: TaskParams) -> HandlerResult:
        app, task, record = await _caller_task(ctx, params.task_id, "reading the task")
        if record is not None and not record.terminal:
            with _protocol_errors("reading the task"):
                await _mark_followed(app, record.job_id)
        return {"resultType": "complete", **self.view(app, task, record, detailed=True)}

    async def _update(self, ctx: ServerRequestContext[FrontendApp, Any], params: UpdateTaskParams) -> HandlerResult:
        app, task, _ = await _caller_task(ctx, params.task_id, "answering the task")
        if task.pending is not None:
            with _protocol_errors("answering the task"):
                await _settle_answers(app, task, params.input_responses)
        return {"resultType": "complete"}

    async def _cancel(self, ctx: ServerRequestContext[FrontendApp, Any], params: TaskParams) -> HandlerResult:
        app, task, record = await _caller_task(ctx, params.task_id, "cancelling the task")
        with _protocol_errors("cancelling the task"):
            await _cancel(app, task, record)
        return {"resultType": "complete"}


async def _caller_task(
    ctx: ServerRequestContext[FrontendApp, Any], task_id: str, doing: str
) -> tuple[FrontendApp, McpTask, JobRecord | None]:
    """For a tasks request: -32021 unless its client declared the extension, else the caller's task and its job."""
    require_client_extension(ctx, TASKS_EXTENSION)
    _check_name_header(ctx, task_id)
    app = ctx.lifespan_context
    with _protocol_errors(doing):
        await app.ready()
        task, record = await _find(app, owner_of(ctx), task_id)
    return app, task, record


def _check_name_header(ctx: ServerRequestContext[FrontendApp, Any], task_id: str) -> None:
    """Over HTTP, the `Mcp-Name` header must name the task (SEP-2663 routing headers): -32020 if it does not."""
    headers = getattr(ctx.request, "headers", None)
    if headers is None:
        return
    named = headers.get("mcp-name")
    if named != task_id:
        raise MCPError(
            code=HEADER_MISMATCH,
            message=f"the Mcp-Name header ({named!r}) must be the taskId of the request ({task_id!r})",
        )


@contextmanager
def _protocol_errors(doing: str) -> Iterator[None]:
    """Turn what the store raised into the JSON-RPC error a tasks request answers, our code in its message."""
    try:
        yield
    except MCPError:
        raise
    except Exception as exc:
        from shared.errors import ProxmoxMcpError  # noqa: PLC0415
        from shared.jobs.client import store_failure  # noqa: PLC0415  # loaded with the store
        from shared.jobs.connection import REDIS_ERRORS  # noqa: PLC0415

        if isinstance(exc, REDIS_ERRORS):
            error: ProxmoxMcpError = store_failure(exc, doing)
        elif isinstance(exc, ProxmoxMcpError):
            error = exc
        else:
            log.exception("task_request_crashed", doing=doing)
            raise MCPError(code=INTERNAL_ERROR, message=f"INTERNAL_ERROR: failed while {doing}") from None
        raise MCPError(code=INTERNAL_ERROR, message=str(error), data={"code": error.code}) from None


def _not_found() -> MCPError:
    return MCPError(code=INVALID_PARAMS, message="Failed to retrieve task: Task not found")


async def _find(app: FrontendApp, owner: str, task_id: str) -> tuple[McpTask, JobRecord | None]:
    """The task and its job's record (None while it has no job); -32602 for a task that is not the caller's."""
    task = await app.tasks.get(task_id)
    if task is None or task.owner != owner:
        raise _not_found()
    return task, await app.store.get(task_id)


async def _mark_followed(app: FrontendApp, job_id: str) -> None:
    """Say a client follows the job, so its worker copies the task's progress as it goes (not only at the end)."""
    from shared.jobs.store import WAITING_SECONDS  # noqa: PLC0415  # loaded with the store

    await app.store.mark_waiting(job_id, WAITING_SECONDS)


async def _settle_answers(app: FrontendApp, task: McpTask, responses: dict[str, Any]) -> None:
    """The user's answers to a task's questions (some or all): once all are yes its job is queued; a no ends it.

    A yes is an accepted form whose every required yes/no is true (`approve` for a confirmation).
    Answers to keys the task does not ask (never asked, or answered already) are ignored.
    """
    from shared.jobs.client import PreparedJob  # noqa: PLC0415  # loaded with the store
    from shared.jobs.record import JobRecord  # noqa: PLC0415

    def decide(current: McpTask) -> Callable[[Any], object] | None:
        asked = current.questions or {}
        answered = {key: answer for key, answer in responses.items() if key in asked and isinstance(answer, dict)}
        if not answered:
            return None
        refused = next((answer for key, answer in answered.items() if not _yes(asked[key], answer)), None)
        if refused is not None:
            action = str(refused.get("action")) if refused.get("action") in ("decline", "cancel") else "no"
            ended = {"state": "refused", "error": _refusal(current.tool, action)}
            return lambda pipe: app.tasks.add_end(pipe, current.task_id, ended)
        left = {key: question for key, question in asked.items() if key not in answered}
        if left:
            return lambda pipe: app.tasks.add_questions(pipe, current.task_id, left)
        pending = current.pending or {}
        job = PreparedJob(JobRecord.model_validate(pending["record"]), pending["payload"], read=pending["read"])

        def queue(pipe: Any) -> None:
            app.tasks.add_release(pipe, current.task_id)
            app.jobs.add_submit(pipe, job)

        return queue

    if await app.tasks.settle(task.task_id, decide):
        log.info("mcp_task_answered", task_id=task.task_id, keys=sorted(responses))


def _yes(question: dict[str, Any], answer: dict[str, Any]) -> bool:
    """Whether an answer agrees: the form accepted, with every yes/no it requires answered true."""
    content = answer.get("content")
    if answer.get("action") != "accept" or not isinstance(content, dict):
        return False
    schema = question.get("params", {}).get("requestedSchema", {})
    properties = schema.get("properties", {})
    required = [name for name in schema.get("required", []) if properties.get(name, {}).get("type") == "boolean"]
    return all(content.get(name) is True for name in required)


def _refusal(tool: str, action: str) -> dict[str, str]:
    """The error the tool answers when its user does not approve (mcp_frontend.confirm.approved)."""
    from shared.errors import ConfirmationRequired  # noqa: PLC0415

    error = ConfirmationRequired(
        f"the user did not approve ({action}): {tool}; nothing was changed",
        hint="Ask the user; call again only if they agree.",
    )
    return {"code": error.code, "message": error.message, "hint": error.hint}


async def _cancel(app: FrontendApp, task: McpTask, record: JobRecord | None) -> None:
    """cancel_task for the task's job; a task still waiting for its answer ends with nothing changed."""
    if record is None:
        ended = {"state": "cancelled", "message": "cancelled before the user answered; nothing was changed"}

        def end(current: McpTask) -> Callable[[Any], object]:
            return lambda pipe: app.tasks.add_end(pipe, current.task_id, ended)

        if await app.tasks.settle(task.task_id, end):
            return
        record = await app.store.get(task.task_id)  # answered meanwhile: its job is the one to cancel
    if record is None or record.terminal:
        return
    from shared.operations.tasks import CANCEL_TASK, CancelParams  # noqa: PLC0415

    cancel = CancelParams(job_id=record.job_id, confirmed=True)
    await app.jobs.on(record.cluster).submit(CANCEL_TASK, cancel, caller=current_caller.get())
    log.info("mcp_task_cancel_requested", task_id=task.task_id)


def task_view(
    app: FrontendApp, task: McpTask, record: JobRecord | None, spec: ToolSpec | None, *, detailed: bool = False
) -> dict[str, Any]:
    """A task on the wire (`Task`); `detailed` adds what its status carries (SEP-2663 DetailedTask).

    `spec` is the tool that started it (None if this server no longer serves it): its answer
    is inlined once the job has ended.
    """
    status, message, carried = _status(task, record, spec)
    updated = max(task.updated_at, record.updated_at) if record is not None else task.updated_at
    view: dict[str, Any] = {
        "taskId": task.task_id,
        "status": status,
        "statusMessage": message,
        "createdAt": _iso(task.created_at),
        "lastUpdatedAt": _iso(updated),
        "ttlMs": app.settings.job_ttl_seconds * 1000,
        "pollIntervalMs": POLL_INTERVAL_MS,
    }
    return {**view, **carried} if detailed else view


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _status(task: McpTask, record: JobRecord | None, spec: ToolSpec | None) -> tuple[str, str, dict[str, Any]]:
    """(status, status message, what that status carries) of a task, from its job's state."""
    if record is None:
        return _status_before_job(task)
    if not record.terminal:
        return "working", _progress(record), {}
    if record.state.value == "cancelled":
        return "cancelled", record.message or f"{record.operation} cancelled", {}
    message = record.message or f"{record.operation} {record.state.value}"
    if spec is None:
        gone = f"the tool {task.tool} that started task {task.task_id} is not served here"
        return "failed", gone, {"error": {"code": INTERNAL_ERROR, "message": gone}}
    return "completed", message, {"result": _answer(record, spec.runs[0])}


def _status_before_job(task: McpTask) -> tuple[str, str, dict[str, Any]]:
    """The status of a task that has no job: waiting for its answer, refused, cancelled, or its job lost."""
    if task.pending is not None:
        asked = "; ".join(str(q.get("params", {}).get("message", "")) for q in (task.questions or {}).values())
        return "input_required", f"waiting for the user's yes: {asked}", {"inputRequests": task.questions}
    ended = task.ended or {}
    if ended.get("state") == "refused":
        error = ended["error"]
        text = f"{error['code']}: {error['message'].rstrip('.')}. Next: {error['hint']}"
        structured = {"job_id": task.task_id, "operation": task.tool, "state": "failed", "done": True}
        return "completed", error["message"], {"result": _error_answer(text, {**structured, "error": error})}
    if ended.get("state") == "cancelled":
        return "cancelled", str(ended.get("message")), {}
    gone = f"the job of task {task.task_id} is gone from the job store"
    return "failed", gone, {"error": {"code": INTERNAL_ERROR, "message": gone}}


def _progress(record: JobRecord) -> str:
    """Where an unfinished job stands, in a line: its state, its PVE task and progress."""
    line = {
        "queued": "queued, waiting for a worker",
        "dispatching": "starting its PVE task",
        "running": f"running PVE task {record.upid}" if record.upid else "running",
    }[record.state.value]
    if record.progress is not None:
        line += f", {record.progress:.0f}%"
    if record.progress_message:
        line += f": {record.progress_message}"
    return line


def _answer(record: JobRecord, op: Operation[Any, Any]) -> dict[str, Any]:
    """What the tool would have answered once its job ended: its report, or its error (with its stable code)."""
    from mcp_frontend.app import change_report, with_log_tail  # noqa: PLC0415
    from mcp_frontend.tools.spec import tool_result  # noqa: PLC0415  # loaded with the tools

    report = change_report(record, op.result)
    if record.error is None or record.took_effect:  # partial: a report, as the tool gives it
        return _dump(tool_result(report))
    error = with_log_tail(record.error)
    fields = {"code": error.code, "message": error.message, "hint": error.hint}
    return _error_answer(str(error), {**report.model_dump(mode="json"), "error": fields})


def _error_answer(text: str, structured: dict[str, Any]) -> dict[str, Any]:
    """A tool's error answer: its `CODE: message. Next: hint` line, and the error in structured content too."""
    return _dump(
        CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured, is_error=True)
    )


def _dump(result: CallToolResult) -> dict[str, Any]:
    """A tool result as the wire carries it (as the SDK dumps one)."""
    return result.model_dump(by_alias=True, mode="json", exclude_none=True)

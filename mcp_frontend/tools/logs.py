"""The server's own logs, from the Redis log stream every process writes to (no operation: no PVE call)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field, Strict

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.spec import ToolSpec, store_read_tool, tool_result
from shared.jobs import keys
from shared.listing import Cursor, PagedResult, encode_cursor, query_id, stream_position
from shared.logs import read_logs
from shared.operations.base import Result
from shared.sanitize import JobId

__all__ = ["LogLine", "McpLogs", "log_tools"]


class LogLine(Result):
    time: str | None = None
    level: str
    event: str
    process: str | None = Field(None, description="mcp (the server) or worker.")
    job_id: str | None = None
    fields: dict[str, Any] = Field(default_factory=dict, description="The line's other fields.")


class McpLogs(PagedResult):
    lines: list[LogLine] = Field(description="Newest first.")
    total: int = Field(0, description="Lines the log keeps, before filters.")

    def brief(self) -> str:
        return f"{self.total} lines in the log; {self.shown(' that match, newest first')}"

    def text(self) -> str:
        return Result.text(self)  # the lines as compact JSON: their fields are not one-liners


_CORE = frozenset({"timestamp", "level", "event", "process", "job_id"})
_TRACEBACK = "Traceback (most recent call last)"
_FRAMES_ONLY = frozenset({"stack"})  # a stack_info field: where a line was logged from, frames and nothing else


def _summary(value: Any) -> Any:
    """A value as the agent gets it: a traceback cut to its last line, the exception and its message.

    The frames above it are the server's own, of no use to an agent and no business of its (the
    log itself keeps them, for whoever runs the server).
    """
    if isinstance(value, dict):
        return {key: _summary(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_summary(item) for item in value]
    if not isinstance(value, str) or _TRACEBACK not in value:
        return value
    # an exception group's lines carry its "| " and "+---" drawing
    lines = [line.strip().lstrip("|").strip() for line in value.splitlines()]
    said = [line for line in lines if line.strip("+-|0123456789 ")]
    return said[-1] if said else ""


def _fields(fields: dict[str, Any]) -> dict[str, Any]:
    return {key: _summary(value) for key, value in fields.items() if key not in _CORE | _FRAMES_ONLY}


async def get_mcp_logs(
    ctx: Context[FrontendApp, Any],
    limit: Annotated[int, Strict(), Field(ge=1, le=500)] = 50,
    level: Annotated[Literal["debug", "info", "warning", "error"], Field()] = "info",
    job_id: Annotated[JobId | None, Strict(), Field()] = None,
    contains: Annotated[str | None, Field(max_length=200)] = None,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, McpLogs]:
    """Recent log lines of this server and its workers, newest first, secrets redacted.

    Use it when a job failed in a way its error does not explain: filter by job_id, or by
    level='warning' for trouble across the board.
    """
    app = app_of(ctx)
    query = query_id(level=level, job_id=job_id, contains=contains)
    before, passed = stream_position(cursor, query)
    # one line more than asked: whether there is a next page
    entries = await read_logs(
        app.store.redis, limit=limit + 1, min_level=level, contains=contains, job_id=job_id, before=before
    )
    more, entries = len(entries) > limit, entries[:limit]
    logs = McpLogs(
        count=len(entries),
        total=await app.store.redis.xlen(keys.LOG_STREAM),
        first=passed + 1 if entries else 0,
        next_cursor=encode_cursor(query, [entries[-1].id, passed + len(entries)]) if more else None,
        lines=[
            LogLine(
                time=e.fields.get("timestamp"),
                level=e.level,
                event=_summary(str(e.fields.get("event", ""))),
                process=e.fields.get("process"),
                job_id=e.fields.get("job_id"),
                fields=_fields(e.fields),
            )
            for e in entries
        ],
    )
    return tool_result(logs)


def log_tools() -> list[ToolSpec]:
    """get_mcp_logs: it reads Redis, never PVE."""
    return [store_read_tool(get_mcp_logs, name="get_mcp_logs", title="Server logs", group="logs")]

"""The server's own logs, from the Redis log stream every process writes to."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.common import add_tool
from shared.logs import read_logs
from shared.sanitize import JobId

__all__ = ["LogLine", "McpLogs", "register"]


class LogLine(BaseModel):
    time: str | None = None
    level: str
    event: str
    process: str | None = Field(None, description="mcp (the server) or worker.")
    job_id: str | None = None
    fields: dict[str, Any] = Field(default_factory=dict, description="The line's other fields.")


class McpLogs(BaseModel):
    lines: list[LogLine] = Field(description="Newest first.")


_CORE = frozenset({"timestamp", "level", "event", "process", "job_id"})


async def get_mcp_logs(
    ctx: Context[FrontendApp, Any],
    limit: Annotated[int, Field(ge=1, le=500, description="Lines to return at most.")] = 50,
    level: Annotated[
        Literal["debug", "info", "warning", "error"], Field(description="Only lines at this level or above.")
    ] = "info",
    job_id: Annotated[JobId | None, Field(description="Only lines about this job.")] = None,
    contains: Annotated[str | None, Field(max_length=200, description="Only lines containing this text.")] = None,
) -> McpLogs:
    """Recent log lines of this server and its workers (newest first), secrets redacted.

    Use it when a job failed in a way its error does not explain: filter by job_id, or by
    level='warning' for trouble across the board.
    """
    app = app_of(ctx)
    entries = await read_logs(app.store.redis, limit=limit, min_level=level, contains=contains, job_id=job_id)
    return McpLogs(
        lines=[
            LogLine(
                time=e.fields.get("timestamp"),
                level=e.level,
                event=str(e.fields.get("event", "")),
                process=e.fields.get("process"),
                job_id=e.fields.get("job_id"),
                fields={k: v for k, v in e.fields.items() if k not in _CORE},
            )
            for e in entries
        ]
    )


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(
        server,
        get_mcp_logs,
        ToolAnnotations(
            title="Server logs",
            read_only_hint=True,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    )

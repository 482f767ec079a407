"""get_audit_log: the audit log of changes (shared.audit), from its Redis stream; no operation, no PVE call."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field, Strict

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.callers import current_caller
from mcp_frontend.clusters import named_cluster
from mcp_frontend.tools.spec import ToolSpec, store_read_tool, tool_result
from shared.audit import AUDIT_STREAM, read_older
from shared.listing import Cursor, PagedResult, encode_cursor, query_id, stream_position
from shared.operations.base import Result

__all__ = ["AuditEntry", "AuditLog", "audit_tools"]

#: entries read from the stream for one call at most (filters apply to these)
_SCAN = 5000


class AuditEntry(Result):
    seq: int
    time: str
    caller: str | None = Field(None, description="token:NAME, oauth:SUBJECT or stdio.")
    tool: str
    cluster: str | None = None
    args: dict[str, Any] = Field(default_factory=dict, description="Secrets redacted.")
    plan: str | None = None
    job_id: str
    vmid: int | None = None
    upids: list[str] = Field(default_factory=list)
    outcome: str
    error_code: str | None = None


class AuditLog(PagedResult):
    entries: list[AuditEntry] = Field(description="Newest first.")
    total: int = Field(0, description="Entries in the log, before filters.")

    def brief(self) -> str:
        return f"{self.total} entries in the audit log; {self.shown(' that match, newest first')}"

    def text(self) -> str:
        return Result.text(self)  # the entries as compact JSON: their args and plans are not one-liners


async def get_audit_log(
    ctx: Context[FrontendApp, Any],
    limit: Annotated[int, Strict(), Field(ge=1, le=500)] = 50,
    caller: Annotated[str | None, Field(max_length=200)] = None,
    tool: Annotated[str | None, Field(max_length=64)] = None,
    vmid: Annotated[int | None, Strict(), Field(ge=100, le=999_999_999)] = None,
    since: Annotated[str | None, Field(max_length=40, description="ISO 8601 UTC time.")] = None,
    cursor: Cursor = None,
) -> Annotated[CallToolResult, AuditLog]:
    """Who changed what and how it ended: the audit log of changes, newest first.

    Filter by caller (token:NAME, oauth:SUBJECT, stdio), tool, vmid or since; with several
    clusters, by cluster too. A caller scoped to guests sees only its own entries, one scoped to
    clusters only theirs (an entry written before clusters names none, so it sees none of those).
    """
    app = app_of(ctx)
    asking = current_caller.get()
    own = asking.label if asking.scope.guest_scoped else None
    reached = asking.scope.clusters  # empty: every cluster
    cluster = named_cluster.get()  # the server took `cluster` out of the arguments (and checked the caller's scopes)
    filters = {"caller": caller, "tool": tool, "vmid": vmid, "since": since, "cluster": cluster}
    query = query_id(**filters, own=own, reached=sorted(reached))
    before, passed = stream_position(cursor, query)
    scanned = await read_older(app.store.redis, before=before, count=_SCAN)
    found: list[AuditEntry] = []
    last_taken: str | None = None
    resume: str | None = None  # the entry the next page starts after; none: nothing older can match
    for entry_id, entry in scanned:
        if since is not None and str(entry.get("time", "")) < since:
            break
        if len(found) == limit:
            resume = last_taken
            break
        if any(
            wanted is not None and entry.get(key) != wanted
            for key, wanted in (
                ("caller", own),
                ("caller", caller),
                ("tool", tool),
                ("vmid", vmid),
                ("cluster", cluster),
            )
        ):
            continue
        if reached and entry.get("cluster") not in reached:
            continue
        found.append(AuditEntry.model_validate(entry))
        last_taken = entry_id
    else:
        if len(scanned) == _SCAN:  # a full scan: older entries lie behind it
            resume = scanned[-1][0]
    in_log = await app.store.redis.xlen(AUDIT_STREAM)
    return tool_result(
        AuditLog(
            entries=found,
            count=len(found),
            total=in_log,
            first=passed + 1 if found else 0,
            next_cursor=encode_cursor(query, [resume, passed + len(found)]) if resume else None,
        )
    )


def audit_tools() -> list[ToolSpec]:
    """get_audit_log: it reads Redis, never PVE."""
    return [store_read_tool(get_audit_log, name="get_audit_log", title="Audit log", group="audit")]

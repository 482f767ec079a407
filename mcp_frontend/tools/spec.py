"""What every tool shares: its registration (compact schemas, tier-derived hints) and its answer.

A tool answers with the result as structured content (validated against its output schema) and
as text: clients differ in which block their model sees, so each carries the result on its own.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from mcp.server.mcpserver.tools import Tool
from mcp.types import Tool as MCPTool
from mcp.types import ToolAnnotations
from mcp_types import CallToolResult, TextContent

from mcp_frontend.schema import compact_schema
from shared.operations.base import Result
from shared.operations.changes import ChangeReport
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = ["ToolSpec", "compacted", "effective_hints", "hints", "make_tool", "store_read_tool", "tool_result"]


@dataclass(frozen=True, eq=False)
class ToolSpec:
    """One MCP tool and the operations it runs (what the manifest and the registry test read)."""

    tool: Tool
    tier: Tier
    #: its group, which `group:` scopes name (shared.caller.GROUPS)
    group: str
    #: the catalogue operations it runs, whose PVE calls and errors are its own
    runs: tuple[Operation[Any, Any], ...]
    #: errors particular to it beyond those of the operations it runs
    errors: tuple[tuple[str, str], ...] = ()
    #: built from an operation's declaration (not by a tool module of its own)
    declared: bool = False
    #: its whole description (the tool list carries the first paragraph), for docs/api_manifest.md
    manual: str = ""
    #: whether it answers a client that declared MCP tasks with a task (mcp_frontend.mcp_tasks): "optional"
    #: (a client that did not declare them gets the plain answer) or "required" (such a client gets -32021)
    tasks: Literal["optional", "required"] | None = None

    @property
    def name(self) -> str:
        return self.tool.name

    def published(self) -> MCPTool:
        """The tool as tools/list shows it."""
        tool = self.tool
        return MCPTool(
            name=tool.name,
            title=tool.title,
            description=tool.description,
            input_schema=tool.parameters,
            output_schema=tool.output_schema,
            annotations=tool.annotations,
        )


def hints(op: Operation[Any, Any]) -> ToolAnnotations:
    """Hints from the tier, unless the operation says otherwise: Safe tools read only; Critical ones destroy.

    A hint left out has MCP's default meaning (not idempotent, open world; destructive and
    idempotent only matter for a tool that is not read-only), so only the ones that differ are
    sent, as every session pays for the tool list; read-only and destructive are always said.
    """
    if op.tier is Tier.SAFE:
        return ToolAnnotations(read_only_hint=True)
    destructive = op.tier is Tier.CRITICAL if op.destructive is None else op.destructive
    return ToolAnnotations(read_only_hint=False, destructive_hint=destructive, idempotent_hint=op.idempotent or None)


def effective_hints(annotations: ToolAnnotations | None) -> ToolAnnotations:
    """Every hint with the value a client reads, MCP's default where one was left out."""
    given = annotations or ToolAnnotations()
    read_only = bool(given.read_only_hint)
    return ToolAnnotations(
        title=given.title,
        read_only_hint=read_only,
        destructive_hint=not read_only if given.destructive_hint is None else given.destructive_hint,
        idempotent_hint=read_only if given.idempotent_hint is None else given.idempotent_hint,
        open_world_hint=True if given.open_world_hint is None else given.open_world_hint,
    )


#: the change report's fields every change tool's output schema names (the others are in every answer)
_REPORT_PUBLISHED = ("job_id", "state", "done", "upid", "message")


def make_tool(fn: Callable[..., Any], *, name: str, title: str, description: str, annotations: ToolAnnotations) -> Tool:
    """The SDK's tool for `fn` (its arguments read off its signature), compacted."""
    return compacted(Tool.from_function(fn, name=name, title=title, description=description, annotations=annotations))


T = TypeVar("T", bound=Tool)


def compacted(tool: T) -> T:
    """`tool` with compact schemas, that takes only the arguments it names.

    A change report is published with the fields an agent acts on (job_id, state, done, upid,
    message) and its `result` as an object: the rest of the report (operation, node, vmid,
    exitstatus, duration, warnings) and each result's fields are in docs/api_manifest.md and in
    every answer, and thirty change tools would otherwise repeat them in every session's tool list.
    """
    # The SDK drops arguments a tool does not name: `memory` for `memory_mb` would create a VM with
    # the default memory. Published closed here; the server refuses them (ProxmoxMcpServer.call_tool).
    tool.parameters = {**compact_schema(tool.parameters), "additionalProperties": False}
    metadata = tool.fn_metadata
    if metadata.output_schema is not None:
        output = compact_schema(metadata.output_schema, output=True)
        if isinstance(metadata.output_model, type) and issubclass(metadata.output_model, ChangeReport):
            shown = {name: output["properties"][name] for name in _REPORT_PUBLISHED}
            output["properties"] = {**shown, "result": {"type": ["object", "null"]}}
        metadata.output_schema = output
    return tool


def store_read_tool(fn: Callable[..., Any], *, name: str, title: str, group: str) -> ToolSpec:
    """A Safe tool that reads what the server holds (logs, the audit stream, the API schema), never PVE.

    Its manual is `fn`'s docstring; the tool list carries the first paragraph.
    """
    annotations = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    manual = inspect.getdoc(fn) or ""
    description = manual.split("\n\n", 1)[0]
    tool = make_tool(fn, name=name, title=title, description=description, annotations=annotations)
    return ToolSpec(tool, Tier.SAFE, group, (), manual=manual)


def tool_result(result: Result) -> CallToolResult:
    """A tool's answer: the result as structured content, and as text (`Result.text`) for text-only clients."""
    structured = result.model_dump(mode="json")
    return CallToolResult(content=[TextContent(type="text", text=result.text())], structured_content=structured)

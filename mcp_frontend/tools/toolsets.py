"""enable_toolset: the discovery tool. It lists the toolsets and enables one for the session (mcp_frontend.toolsets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast, get_args

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import Field

from mcp_frontend.app import FrontendApp
from mcp_frontend.tools.spec import ToolSpec, store_read_tool, tool_result
from mcp_frontend.toolsets import DISCOVERY_TOOL, TOOLSETS
from shared.operations.base import Result

if TYPE_CHECKING:
    from mcp_frontend.server import ProxmoxMcpServer

__all__ = ["ToolsetList", "toolset_tools"]

ToolsetName = Literal[
    "guests",
    "tasks",
    "api",
    "lifecycle",
    "long_operations",
    "snapshots_backups",
    "storage",
    "network",
    "firewall",
    "inside_guests",
    "monitoring",
    "ha",
    "fleet",
    "access",
    "admin",
]
# the published enum and the toolsets themselves must name the same sets
if set(get_args(ToolsetName)) != set(TOOLSETS):
    raise TypeError(f"ToolsetName {sorted(get_args(ToolsetName))} is not TOOLSETS {sorted(TOOLSETS)}")


class ToolsetInfo(Result):
    name: str
    description: str
    tools: list[str]
    listed: bool


class ToolsetList(Result):
    """The toolsets, which are listed for this session, and the tools of the one just enabled."""

    toolsets: list[ToolsetInfo]
    enabled: str | None = None
    tools: list[dict[str, Any]] = Field(default_factory=list, description="The enabled set's tools, to call now.")

    def text(self) -> str:
        return self.brief()  # its rows are in it already

    def brief(self) -> str:
        lines = [
            f"{t.name}{' (listed)' if t.listed else ''}: {t.description}: {', '.join(t.tools)}" for t in self.toolsets
        ]
        listed = sum(t.listed for t in self.toolsets)
        head = f"{len(self.toolsets)} toolsets, {listed} listed; every tool is callable, listed or not"
        if self.enabled is not None:
            head = f"enabled {self.enabled}: its tools are listed now and callable at once; {head}"
        return "\n".join([head, *lines])


async def enable_toolset(
    ctx: Context[FrontendApp, Any],
    toolset: Annotated[ToolsetName | None, Field(description="Enable this one; none: list them.")] = None,
) -> Annotated[CallToolResult, ToolsetList]:
    """List the toolsets, or enable one for this session: its tools are listed and callable at once.

    Enabling sends notifications/tools/list_changed; a client that ignores it can call the tools
    whose definitions this answer carries.
    """
    server = cast("ProxmoxMcpServer", ctx.mcp_server)
    served = server.served_tools()
    if toolset is not None and server.toolsets.enable(toolset):
        await ctx.session.send_tool_list_changed()
    listed = server.listed_tool_names()
    sets = [
        ToolsetInfo(name=t.name, description=t.description, tools=names, listed=all(n in listed for n in names))
        for t in TOOLSETS.values()
        if (names := [n for n in t.tools if n in served])
    ]
    tools = []
    if toolset is not None:
        for name in TOOLSETS[toolset].tools:
            if (tool := served.get(name)) is not None:
                tools.append({"name": name, "description": tool.description, "inputSchema": tool.input_schema})
    return tool_result(ToolsetList(toolsets=sets, enabled=toolset, tools=tools))


def toolset_tools() -> list[ToolSpec]:
    """enable_toolset: it reads the server's own tool list, never PVE."""
    return [store_read_tool(enable_toolset, name=DISCOVERY_TOOL, title="Toolsets", group="toolsets")]

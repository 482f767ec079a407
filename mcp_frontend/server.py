"""The MCP server: `build_server(settings)` registers every tool on an MCPServer.

Errors reach the agent as tool errors in one format, `CODE: message. Next: hint`: our own
errors as they are, argument validation as VALIDATION_ERROR, a lost Redis as
JOB_STORE_UNAVAILABLE, anything else as INTERNAL_ERROR with the details kept in our log.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import structlog
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, InputRequiredResult
from pydantic import ValidationError
from redis.exceptions import RedisError

from mcp_frontend.app import FrontendApp, frontend_app
from mcp_frontend.tools import (
    cloudinit,
    create,
    delete,
    exec,
    guests,
    logs,
    nodes,
    power,
    snapshots,
    storage,
    tasks,
    usage,
)
from shared.errors import InternalError, InvalidInput, JobStoreUnavailable, ProxmoxMcpError, validation_message
from shared.settings import Settings

__all__ = ["ProxmoxMcpServer", "build_server"]

log = structlog.get_logger("mcp_frontend.server")

INSTRUCTIONS = """\
Manage a Proxmox VE cluster: nodes, qemu VMs, LXC containers, storage, snapshots, cloud-init and
commands in containers. Every tool call runs as a job; long operations return a job_id that
get_task_status and get_task_log follow. Start with list_nodes, list_vms and list_lxc_containers.
Tools that change the cluster need confirmation; errors start with a stable CODE and end with
'Next:' telling you what to do."""


def tool_error(exc: BaseException) -> ProxmoxMcpError | None:
    """Our error for an exception a tool call raised, or None to keep the SDK's own message."""
    if isinstance(exc, ProxmoxMcpError):
        return exc
    if isinstance(exc, ValidationError):
        return InvalidInput(validation_message(exc))
    if isinstance(exc, RedisError):
        return JobStoreUnavailable(f"the job store did not answer ({type(exc).__name__})")
    return None


class ProxmoxMcpServer(MCPServer[FrontendApp]):
    """MCPServer whose tool errors carry our stable codes and whose tools take only the arguments they name."""

    def close_arguments(self) -> None:
        """Publish every tool's arguments as closed (`additionalProperties: false`); call_tool enforces it."""
        for tool in self._tool_manager.list_tools():
            tool.parameters["additionalProperties"] = False

    def _unknown_arguments(self, name: str, arguments: dict[str, Any]) -> InvalidInput | None:
        # The SDK drops arguments a tool does not name: `memory` for `memory_mb` would create a VM
        # with the default memory. An agent's typo must fail, never change what happens.
        tool = self._tool_manager.get_tool(name)
        known: dict[str, Any] = tool.parameters.get("properties", {}) if tool is not None else {}
        unknown = sorted(set(arguments) - set(known)) if tool is not None else []
        if not unknown:
            return None
        return InvalidInput(
            f"{name} has no parameter {', '.join(repr(u) for u in unknown)}",
            hint=f"Its parameters are: {', '.join(known) or 'none'}.",
        )

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[FrontendApp, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        if (unknown := self._unknown_arguments(name, arguments)) is not None:
            raise ToolError(str(unknown))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if cause is None:  # an unknown tool name: the SDK's message says so
                raise
            error = tool_error(cause)
            if error is None and isinstance(cause, ToolError):  # the SDK's own (e.g. a declined elicitation)
                raise
            if error is None:
                log.error("tool_crashed", tool=name, exc_info=cause)  # noqa: TRY400  # the cause, not the ToolError we hold
                error = InternalError(f"{name} failed unexpectedly")
            raise ToolError(str(error)) from None


def build_server(settings: Settings, *, log_formatter: logging.Formatter | None = None) -> ProxmoxMcpServer:
    """The server with every tool; its lifespan connects the job store (and the embedded worker)."""

    @asynccontextmanager
    async def lifespan(_: MCPServer[FrontendApp]) -> AsyncIterator[FrontendApp]:
        async with frontend_app(settings, log_formatter=log_formatter) as app:
            yield app

    server = ProxmoxMcpServer(
        "proxmox-mcp",
        title="Proxmox VE",
        instructions=INSTRUCTIONS,
        version=_version(),
        lifespan=lifespan,
        log_level=settings.log_level,
    )
    for module in (nodes, guests, storage, snapshots, usage, tasks, logs, power, create, cloudinit, exec, delete):
        module.register(server)
    server.close_arguments()
    return server


def _version() -> str:
    try:
        return version("proxmox-mcp")
    except PackageNotFoundError:
        return "0+unknown"

"""The MCP server: `build_server(settings)` serves the tools its settings choose.

It starts as fast as a bare MCP server: tools/list is answered from the published list
(mcp_frontend.published), and the tools themselves (their models and validators) are built
when the first call comes; the job store connects in the background meanwhile (mcp_frontend.app).

Errors reach the agent as tool errors in one format, `CODE: message. Next: hint`: our own
errors as they are, argument validation as VALIDATION_ERROR, a lost Redis as
JOB_STORE_UNAVAILABLE, anything else as INTERNAL_ERROR with the details kept in our log.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import structlog
from mcp.server import MCPServer
from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.subscriptions import InMemorySubscriptionBus
from mcp.types import Tool as MCPTool
from mcp_types import CallToolResult, InputRequiredResult
from pydantic import ValidationError

from mcp_frontend.app import FrontendApp, app_of, frontend_app
from mcp_frontend.callers import CallerMiddleware, current_caller
from mcp_frontend.clusters import (
    CLUSTER_ARGUMENT,
    LIST_CLUSTERS_TOOL,
    cluster_optional,
    current_cluster,
    named_cluster,
    with_cluster_argument,
)
from mcp_frontend.mcp_tasks import McpTasks
from mcp_frontend.published import PublishedTool, listed_at_start, load_published, select_tools
from mcp_frontend.stdio import answered_stdio
from mcp_frontend.toolsets import EnabledToolsets, ToolsetMiddleware, tools_of
from shared import metrics
from shared.clusters import Clusters, load_clusters
from shared.errors import InternalError, InvalidInput, ProxmoxMcpError, validation_message
from shared.release import release_version
from shared.settings import Settings

if TYPE_CHECKING:
    from mcp.server.mcpserver.tools import Tool

    from mcp_frontend.tools import ToolSpec

__all__ = ["ProxmoxMcpServer", "build_server"]

log = structlog.get_logger("mcp_frontend.server")

#: a tool error's text starts with its code (shared.errors: `CODE: message. Next: hint`)
_ERROR_CODE = re.compile(r"^([A-Z][A-Z0-9_]+): ")

INSTRUCTIONS = """\
Manage a Proxmox VE cluster: nodes, qemu VMs, LXC containers, storage, snapshots, cloud-init and
commands in containers. Start with list_nodes, list_vms and list_lxc_containers; where a guest is
named by its vmid, node is optional (it is looked up); a yes/no argument left out is false.
Every call runs as a job. A change (a tool that is not read-only) waits up to wait_seconds (default
45 s; stay below your client's timeout, often 60 s) and answers with where its job stands; one still
running goes on: follow its job_id with get_task_status and get_task_log. Only cancel_task stops a job.
A change needs the user's agreement: a client that can ask its user is asked (a no changes nothing);
otherwise pass confirmed=true only once the user agreed, or the answer is CONFIRMATION_REQUIRED with
the plan. delete_instance also needs the VMID typed again as confirm_vmid. The *_guests tools change
many guests: selected by vmids, tag, pool, node and kind (all given must match), dry_run=true answers
the plan, parallel (default 4) bounds how many run at once, and more than 10 guests need confirm_count
set to their number. More tools (snapshots and backups, creating guests, migrations, storage and
downloads, networks, the firewall, HA, commands in guests, fleets, logs and monitoring, permissions)
are a call to enable_toolset away; find_pve_api, describe_pve_api and
call_pve_api reach the rest of the PVE API. Errors read 'CODE: message. Next: what to do'."""


def tool_error(exc: BaseException, *, ours: bool) -> ProxmoxMcpError | None:
    """Our error for an exception a tool call raised, or None to keep the SDK's own message.

    `ours` is True when the tool itself (not the SDK's argument validation) raised it: a
    ValidationError there is a result that does not fit its own model, our bug, not bad input.
    """
    if isinstance(exc, ProxmoxMcpError):
        return exc
    if isinstance(exc, ValidationError) and not ours:
        return InvalidInput(validation_message(exc))
    # loaded with the store, after the handshake
    from shared.jobs.client import store_failure  # noqa: PLC0415
    from shared.jobs.connection import REDIS_ERRORS  # noqa: PLC0415

    if isinstance(exc, REDIS_ERRORS):
        return store_failure(exc, "serving the call")
    return None


class ProxmoxMcpServer(MCPServer[FrontendApp]):
    """MCPServer that publishes its tools before it builds them, whose tool errors carry our stable
    codes and whose tools take only the arguments they name."""

    def __init__(
        self,
        published: list[PublishedTool],
        *,
        clusters: Clusters | None = None,
        listed: set[str] | None = None,
        **options: Any,
    ) -> None:
        #: the clusters it reaches; a call names one by its `cluster` argument (mcp_frontend.clusters)
        self.clusters = clusters
        self._entries = {entry.name: entry for entry in published}
        self._published = {entry.name: entry.tool for entry in published}
        #: what a session is listed before it enables a toolset (mcp_frontend.toolsets)
        self._listed = set(self._published) if listed is None else listed & set(self._published)
        #: the toolsets each client enabled at runtime (mcp_frontend.toolsets)
        self.toolsets = EnabledToolsets()
        self._tools: dict[str, Tool] | None = None
        self._specs: list[ToolSpec] | None = None
        #: where `ctx.notify_*` events go (the SDK's own in-process bus, held here for calls made without a request)
        self.subscription_bus = InMemorySubscriptionBus()
        #: set once a client was listed the tools: the frontend's resources load after that (mcp_frontend.app)
        self.tools_listed = asyncio.Event()
        super().__init__(extensions=[McpTasks(self.task_tool)], subscriptions=self.subscription_bus, **options)

    def specs(self) -> list[ToolSpec]:
        """The tools it serves, built on first use, with the operations each runs."""
        if self._specs is None:
            from mcp_frontend.tools import all_tools  # noqa: PLC0415  # built when the first call needs them

            self._specs = [spec for spec in all_tools() if spec.name in self._published]
            self._tools = {spec.name: spec.tool for spec in self._specs}
        return self._specs

    def task_tool(self, name: str) -> ToolSpec | None:
        """The tool of this name if it answers a client that declared MCP tasks with a task (the declared changes).

        A task names the operation whose job it carries: for a tool that runs several (call_pve_api's
        GET and change operations), that operation's name finds the tool.
        """
        if name not in self._published:
            return next((s for s in self.specs() if s.tasks is not None and s.runs and s.runs[0].name == name), None)
        spec = next(spec for spec in self.specs() if spec.name == name)
        return spec if spec.tasks is not None else None

    def listed_tool_names(self) -> set[str]:
        """The tools this session is listed: those listed at start and those of the toolsets it enabled."""
        return self._listed | (tools_of(self.toolsets.of_current()) & set(self._published))

    def served_tools(self) -> dict[str, MCPTool]:
        """Every tool this server serves (callable, listed or not), as tools/list would show it."""
        return dict(self._published)

    async def list_tools(self) -> list[MCPTool]:
        """The listed tools the caller's scopes cover (all of them over stdio)."""
        scope = current_caller.get().scope
        listed = self.listed_tool_names()
        self.tools_listed.set()
        return [
            e.tool
            for e in self._entries.values()
            if e.name in listed and scope.tool_refusal(e.name, e.tier, e.group) is None
        ]

    async def run_stdio_async(self) -> None:
        """Serve over stdio, every line answered (mcp_frontend.stdio), as MCPServer.run_stdio_async does otherwise.

        MCPServer serves stdio on the SDK's streams only. The server beneath it serves a connection on
        any streams (`Server.run`), and MCPServer makes it public only as its HTTP session manager's
        app: the HTTP app is made (never served) to reach it.
        """
        self.streamable_http_app()
        server = self.session_manager.app
        async with answered_stdio() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    def _unknown_arguments(self, name: str, arguments: dict[str, Any]) -> InvalidInput | None:
        # The SDK drops arguments a tool does not name: `memory` for `memory_mb` would create a VM
        # with the default memory. An agent's typo must fail, never change what happens.
        known: dict[str, Any] = self._published[name].input_schema.get("properties", {})
        unknown = sorted(set(arguments) - set(known))
        if not unknown:
            return None
        return InvalidInput(
            f"{name} has no parameter {', '.join(repr(u) for u in unknown)}",
            hint=f"Its parameters are: {', '.join(known) or 'none'}.",
        )

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[FrontendApp, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        if not metrics.enabled():
            return await self._call(name, arguments, context)
        try:
            result = await self._call(name, arguments, context)
        except ToolError as exc:
            code = _ERROR_CODE.match(str(exc))
            metrics.tool_called(name if name in self._published else "unknown", code[1] if code else "TOOL_ERROR")
            raise
        error = (result.structured_content or {}).get("error") if isinstance(result, CallToolResult) else None
        code = error.get("code") if isinstance(error, dict) else None
        metrics.tool_called(name, str(code) if code else "ok")
        return result

    async def _call(
        self, name: str, arguments: dict[str, Any], context: Context[FrontendApp, Any] | None
    ) -> CallToolResult | InputRequiredResult:
        if name not in self._published:
            raise ToolError(f"Unknown tool: {name}")
        entry = self._entries[name]
        try:  # before anything else: a tool outside the caller's scopes is refused whatever its arguments
            current_caller.get().refuse_tool(name, entry.tier, entry.group)
        except ProxmoxMcpError as exc:
            raise ToolError(str(exc)) from None
        given = arguments.get(CLUSTER_ARGUMENT)
        try:
            cluster = self._cluster(name, arguments)
        except ProxmoxMcpError as exc:
            raise ToolError(str(exc)) from None
        if (unknown := self._unknown_arguments(name, arguments)) is not None:
            raise ToolError(str(unknown))
        token = current_cluster.set(cluster)
        named = named_cluster.set(cluster if given is not None else None)
        try:
            return await self._run(name, arguments, context)
        finally:
            named_cluster.reset(named)
            current_cluster.reset(token)

    def _cluster(self, name: str, arguments: dict[str, Any]) -> str:
        """The cluster the call names (taken out of its arguments), refused before anything is queued when the
        server has no such cluster (UNKNOWN_CLUSTER) or the caller's scopes do not reach it."""
        given = arguments.pop(CLUSTER_ARGUMENT, None)
        if self.clusters is None:
            return current_cluster.get()
        if given is None and (name == LIST_CLUSTERS_TOOL or cluster_optional(self._entries[name].group, arguments)):
            return self.clusters.default.name  # list_clusters answers for every one; a job ID's is its job's
        if given is not None and not isinstance(given, str):
            raise InvalidInput(f"cluster must be a name, not {given!r}", hint=f"One of: {self.clusters.names()}.")
        cluster = self.clusters.resolve(given).name
        current_caller.get().refuse_cluster(cluster)
        return cluster

    async def _run(
        self, name: str, arguments: dict[str, Any], context: Context[FrontendApp, Any] | None
    ) -> CallToolResult | InputRequiredResult:
        if context is None:
            context = Context(mcp_server=self, subscriptions=self.subscription_bus)
        self.specs()
        assert self._tools is not None
        try:
            await app_of(context).ready()
            result: CallToolResult | InputRequiredResult = await self._tools[name].run(
                arguments, context, convert_result=True
            )
        except ProxmoxMcpError as exc:  # the app could not start (the embedded worker, say)
            raise ToolError(str(exc)) from None
        except ToolError as exc:
            cause = exc.__cause__
            if cause is None:
                raise
            error = tool_error(cause, ours=isinstance(exc, UnexpectedToolError))
            if error is None and isinstance(cause, ToolError):  # the SDK's own (e.g. a declined elicitation)
                raise
            if error is None:
                log.error("tool_crashed", tool=name, exc_info=cause)  # noqa: TRY400  # the cause, not the ToolError we hold
                error = InternalError(f"{name} failed unexpectedly")
            raise ToolError(str(error)) from None
        return result


def build_server(
    settings: Settings,
    *,
    log_formatter: logging.Formatter | None = None,
    server_class: type[ProxmoxMcpServer] = ProxmoxMcpServer,
    also_publish: Sequence[PublishedTool] = (),
    auth: tuple[AuthSettings, TokenVerifier] | None = None,
) -> ProxmoxMcpServer:
    """The server with the tools its settings choose; its lifespan connects the job store (and the embedded worker).

    A PROXMOX_MCP_TOOLS that names no tool, or a malformed PROXMOX_CLUSTERS (shared.clusters), is refused here
    (InvalidInput), before anything starts.
    A test build passes a `server_class` serving more tools, and publishes them (`also_publish`).
    `auth` (mcp_frontend.auth.auth_settings): the SDK's auth settings and our token verifier, for
    HTTP with authentication.
    """

    clusters = load_clusters(settings)

    @asynccontextmanager
    async def lifespan(server: MCPServer[FrontendApp]) -> AsyncIterator[FrontendApp]:
        listed = server.tools_listed if isinstance(server, ProxmoxMcpServer) else None
        async with frontend_app(settings, log_formatter=log_formatter, clusters=clusters, begin=listed) as app:
            yield app

    served = [
        *_for_clusters(select_tools(load_published(several_clusters=clusters.several), settings), clusters),
        *also_publish,
    ]
    return server_class(
        served,
        clusters=clusters,
        listed=listed_at_start([entry.name for entry in served], settings) | {e.name for e in also_publish},
        name="proxmox-mcp",
        title="Proxmox VE",
        instructions=INSTRUCTIONS,
        version=release_version(),
        lifespan=lifespan,
        log_level=settings.log_level,
        auth=auth[0] if auth is not None else None,
        token_verifier=auth[1] if auth is not None else None,
        middleware=[CallerMiddleware(authenticated=auth is not None), ToolsetMiddleware()],
    )


def _for_clusters(published: list[PublishedTool], clusters: Clusters) -> list[PublishedTool]:
    """The published tools for these clusters: as they are for one; for several, each with its `cluster` argument
    (mcp_frontend.clusters)."""
    if not clusters.several:
        return published
    return [
        entry
        if entry.name == LIST_CLUSTERS_TOOL
        else replace(
            entry,
            tool=entry.tool.model_copy(
                update={"input_schema": with_cluster_argument(entry.tool.input_schema, entry.group, clusters)}
            ),
        )
        for entry in published
    ]

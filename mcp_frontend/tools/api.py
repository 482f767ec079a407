"""The whole PVE API in three tools: find_pve_api, describe_pve_api (the bundled schema, no PVE call) and call_pve_api.

find and describe read the official schema of the cluster's PVE version, shipped in the package
(shared/pve/apidoc): the version a worker read from the cluster (GET /version, noted in Redis at
its first generic call), else 9.1's. call_pve_api runs one call as a job (shared.operations.api):
a GET as a read, anything else as a change, confirmed with the exact request first.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from mcp.types import ToolAnnotations
from mcp_types import CallToolResult
from pydantic import Field, Strict, StringConstraints

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.callers import current_caller
from mcp_frontend.clusters import current_cluster
from mcp_frontend.confirm import Approval, Plan, approved, ask
from mcp_frontend.tools.spec import ToolSpec, make_tool, store_read_tool, tool_result
from shared.api.describe import (
    FULL_PARAMETERS,
    parameter_view,
    privileges,
    returns_view,
    starts_task,
    tier_words,
)
from shared.api.request import (
    VERSIONS,
    ApiRequest,
    HttpMethod,
    check_request,
    resolve_endpoint,
    resolve_known,
    schema_version_of,
    versions_having,
)
from shared.api.sealing import seal
from shared.api.search import search, summary_of
from shared.api.secrets import is_secret
from shared.api.tiers import critical_reason, method_tier
from shared.errors import (
    ConfirmationRequired,
    DangerDisabled,
    FeatureDisabled,
    InvalidInput,
    OutOfScope,
    ProxmoxMcpError,
)
from shared.jobs import keys
from shared.operations.api import (
    PVE_API_CHANGE,
    PVE_API_READ,
    ApiAnswer,
    ApiChangeParams,
    ApiParamsField,
    ApiPath,
    ApiReadParams,
    ConfirmPath,
    call_tier,
)
from shared.operations.base import Result
from shared.operations.changes import Confirmed, WaitSeconds
from shared.pve.schema import SchemaVersion
from shared.safety import Tier

__all__ = ["ApiCallReport", "ApiDescription", "ApiSearch", "api_tools"]

_CONTEXT = Context[FrontendApp, Any]
_GROUP = "api"
#: it can change and destroy (Critical endpoints): a client treats it as it treats delete_instance
_CALL_HINTS = ToolAnnotations(read_only_hint=False, destructive_hint=True)


async def _known_version(app: FrontendApp) -> str | None:
    """The current cluster's PVE version as a worker read it (GET /version), if one has yet."""
    known = await app.store.redis.get(keys.pve_version(current_cluster.get()))
    return known.decode() if isinstance(known, bytes) else known


async def _version(app: FrontendApp) -> tuple[SchemaVersion, str]:
    """The schema version to read for the current cluster, and where that came from."""
    known = await _known_version(app)
    if known is None:
        return "9.1", "the bundled 9.1 schema (this cluster's version is learned at its first call_pve_api)"
    return schema_version_of(known), f"this cluster's PVE {known}"


class ApiHit(Result):
    method: str
    path: str
    summary: str
    tier: str
    privileges: str


class ApiSearch(Result):
    """Endpoints for a few words, best first."""

    schema_version: str = Field(description="The schema searched, and why that one.")
    total: int = Field(description="Endpoints that matched; the best `limit` are listed.")
    endpoints: list[ApiHit]

    def text(self) -> str:
        return self.brief()  # its rows are in it already

    def brief(self) -> str:
        rows = "\n".join(f"{h.method} {h.path} - {h.summary} [{h.tier}; {h.privileges}]" for h in self.endpoints)
        return f"{len(self.endpoints)} of {self.total} endpoints ({self.schema_version}):\n{rows}"


Query = Annotated[
    str, StringConstraints(min_length=1, max_length=200), Field(description="Words, e.g. 'firewall rule'.")
]


async def find_pve_api(
    ctx: _CONTEXT,
    query: Query,
    method: HttpMethod | None = None,
    limit: Annotated[int, Strict(), Field(ge=1, le=20)] = 10,
) -> Annotated[CallToolResult, ApiSearch]:
    """Search the PVE API's 650 endpoints by words; then describe_pve_api and call_pve_api.

    Each endpoint comes with its method, path template, what it does, its tier (safe, restricted,
    critical) and the privileges PVE checks. Endpoints this server does not reach
    (PROXMOX_MCP_API_DENY, PROXMOX_MCP_API_ALLOW, read-only mode) are left out.
    """
    app = app_of(ctx)
    version, source = await _version(app)
    policy = app.settings.api_policy()
    hits = [
        h
        for h in search(query, version)
        if (method is None or h.endpoint.method == method)
        and policy.refusal(h.endpoint.method, h.endpoint.path) is None
    ]
    endpoints = [
        ApiHit(
            method=h.endpoint.method,
            path=h.endpoint.path,
            summary=summary_of(h.endpoint),
            tier=method_tier(h.endpoint.method, h.endpoint.path).value,
            privileges=privileges(h.endpoint),
        )
        for h in hits[:limit]
    ]
    return tool_result(ApiSearch(schema_version=source, total=len(hits), endpoints=endpoints))


class ApiDescription(Result):
    """One endpoint: its parameters, its answer, who may call it, its tier."""

    method: str
    path: str = Field(description="The path template.")
    schema_version: str
    versions: list[str] = Field(description="The bundled PVE versions that have this endpoint.")
    summary: str
    tier: str
    privileges: str
    starts_task: bool = Field(description="It answers a UPID; call_pve_api follows the task to its end.")
    parameters: list[dict[str, Any]] = Field(description="name, in (path, query, body), type, required, default, …")
    more_parameters: list[str] = Field(default_factory=list, description="Named only: ask with parameter=NAME.")
    returns: dict[str, Any]
    reachable: str = Field(description="'yes', or why this server does not reach it.")

    def text(self) -> str:
        return self.brief()  # its rows are in it already

    def brief(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_defaults=True), separators=(",", ":"))


async def describe_pve_api(
    ctx: _CONTEXT,
    method: HttpMethod,
    path: Annotated[str, StringConstraints(min_length=1, max_length=1024), Field(description="Template or concrete.")],
    parameter: Annotated[str | None, Field(max_length=64, description="Only this parameter, in full.")] = None,
) -> Annotated[CallToolResult, ApiDescription]:
    """An endpoint's parameters (type, format, enum, default, required), answer, privileges and tier.

    Read it before call_pve_api. A property-string parameter (net0, scsi0, ipconfig0) lists its
    keys when asked for alone (parameter=NAME), as do endpoints with many parameters past the first.
    """
    app = app_of(ctx)
    version, source = await _version(app)
    endpoint, _ = resolve_endpoint(method, path, version)
    properties = endpoint.parameters
    names = list(properties)
    if parameter is not None:
        if parameter not in properties:
            raise InvalidInput(f"{endpoint.path} has no parameter {parameter!r}", hint=f"It has: {', '.join(names)}.")
        names = [parameter]
    shown, more = (names, []) if len(names) <= FULL_PARAMETERS else (names[:FULL_PARAMETERS], names[FULL_PARAMETERS:])
    refusal = app.settings.api_policy().refusal(endpoint.method, endpoint.path)
    description = ApiDescription(
        method=endpoint.method,
        path=endpoint.path,
        schema_version=source,
        versions=list(versions_having(endpoint.path, endpoint.method)),
        summary=summary_of(endpoint, 200),
        tier=tier_words(endpoint),
        privileges=privileges(endpoint),
        starts_task=starts_task(endpoint),
        parameters=[parameter_view(endpoint, n, properties[n], full=parameter is not None) for n in shown],
        more_parameters=more,
        returns=returns_view(endpoint),
        reachable=refusal or "yes",
    )
    return tool_result(description)


class ApiCallReport(Result):
    """How one call went: PVE's answer (a GET, or a change once done), and the change's job."""

    method: str
    path: str
    endpoint: str = Field(description="The path template it matched.")
    state: str = Field(description="succeeded for a read; a change's job state (unknown: see message).")
    done: bool
    job_id: str | None = Field(None, description="A change's job: get_task_status and get_task_log follow it.")
    upid: str | None = Field(None, description="The PVE task a change started.")
    message: str | None = None
    data: Any = Field(None, description="PVE's answer, secrets masked; cut to about 32 KB.")
    truncated: str | None = Field(None, description="What was left out, and how to ask for less.")

    def text(self) -> str:
        return self.brief()  # its rows are in it already

    def brief(self) -> str:
        head = f"{self.method} {self.path}: {self.state}" + (f" (job {self.job_id})" if self.job_id else "")
        notes = "".join(f"\n{text}" for text in (self.message, self.truncated) if text)
        data = json.dumps(self.data, separators=(",", ":"), ensure_ascii=False)
        return f"{head}{notes}\n{data}"


async def _checked(app: FrontendApp, method: str, path: str, params: dict[str, Any]) -> ApiRequest:
    """The call checked before anything is queued: against this cluster's schema when known, else any bundled one."""
    known = await _known_version(app)
    if known is not None:
        return check_request(method, path, params, schema_version_of(known))
    failure: ProxmoxMcpError | None = None
    for version in VERSIONS:
        try:
            return check_request(method, path, params, version)
        except ProxmoxMcpError as exc:
            failure = failure or exc
    assert failure is not None
    raise failure


def _refuse_out_of_reach(app: FrontendApp, request: ApiRequest, tier: Tier) -> None:
    app.settings.api_policy().refuse(request.method, request.template)
    caller = current_caller.get()
    caller.refuse_tool("call_pve_api", tier, _GROUP)
    if caller.scope.guest_scoped and request.vmid is None:
        raise OutOfScope(f"{caller.label} is scoped to guests ({caller.scope.selectors()}); {request.path} names none")
    if tier is Tier.CRITICAL and not app.settings.proxmox_allow_danger:
        raise DangerDisabled(
            f"refused: {request.method} {request.template} ({critical_reason(request.method, request.template)}); "
            "destructive operations are disabled on this server",
        )


async def _confirm(
    ctx: _CONTEXT,
    method: HttpMethod,
    path: ApiPath,
    params: ApiParamsField | None = None,
    confirmed: Confirmed = False,
    confirm_path: ConfirmPath = None,
    wait_seconds: WaitSeconds = None,
) -> Approval | Elicit[Approval]:
    app = app_of(ctx)
    request = await _checked(app, method, path, params or {})
    tier = method_tier(request.method, request.template)
    _refuse_out_of_reach(app, request, tier)
    if tier is Tier.SAFE:
        return Approval(approve=True)
    if tier is Tier.CRITICAL and (confirm_path or "").rstrip("/") != request.path.rstrip("/"):
        raise ConfirmationRequired(
            f"{request.method} {request.template} is Critical ({critical_reason(request.method, request.template)}): "
            "confirm_path must repeat the path; nothing was sent",
            hint="Type the path again as confirm_path.",
        )
    reason = critical_reason(request.method, request.template)
    summary = f"send {request.text()}" + (f" (Critical: {reason})" if reason else "")
    return ask(ctx, confirmed, Plan(action="call_pve_api", summary=summary, node=request.node, vmid=request.vmid))


def _sealed(app: FrontendApp, method: str, path: str, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The parameters split: the plain ones, and the secret ones sealed for the worker (shared.api.sealing)."""
    found = resolve_known(method, path)
    properties = found[0].parameters if found is not None else {}
    secret = {k: str(v) for k, v in values.items() if isinstance(v, str) and is_secret(k, properties.get(k))}
    if not secret:
        return values, {}
    key = app.settings.job_key
    if key is None:
        raise FeatureDisabled("secret parameters need PROXMOX_MCP_JOB_KEY to be sealed for the workers")
    plain = {k: v for k, v in values.items() if k not in secret}
    return plain, seal(secret, key.get_secret_value())


async def call_pve_api(
    ctx: _CONTEXT,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm)],
    method: HttpMethod,
    path: ApiPath,
    params: ApiParamsField | None = None,
    confirmed: Confirmed = False,
    confirm_path: ConfirmPath = None,
    wait_seconds: WaitSeconds = None,
) -> Annotated[CallToolResult, ApiCallReport]:
    app = app_of(ctx)
    plain, sealed = _sealed(app, method, path, params or {})
    if call_tier({"method": method, "path": path}) is Tier.SAFE:
        read = ApiReadParams(method=method, path=path, params=plain, sealed=sealed)
        answer = await app.read(PVE_API_READ, read)
        return tool_result(ApiCallReport(**answer.model_dump(), state="succeeded", done=True))
    approved(approval, f"{method} {path}")
    change = ApiChangeParams(
        method=method, path=path, params=plain, sealed=sealed, confirmed=True, confirm_path=confirm_path
    )
    report = await app.change(ctx, PVE_API_CHANGE, change, ApiAnswer, wait_seconds)
    result = report.result
    return tool_result(
        ApiCallReport(
            method=method,
            path=change.text().split(" ", 2)[1],
            endpoint=result.endpoint if result else "",
            data=result.data if result else None,
            truncated=result.truncated if result else None,
            state=report.state,
            done=report.done,
            job_id=report.job_id,
            upid=report.upid,
            message=report.message,
        )
    )


def api_tools() -> list[ToolSpec]:
    """find_pve_api and describe_pve_api (the schema, never PVE), and call_pve_api."""
    find = store_read_tool(find_pve_api, name="find_pve_api", title="Find a PVE API endpoint", group=_GROUP)
    describe = store_read_tool(
        describe_pve_api, name="describe_pve_api", title="Describe a PVE API endpoint", group=_GROUP
    )
    tool = make_tool(
        call_pve_api,
        name="call_pve_api",
        title=PVE_API_CHANGE.title,
        description=PVE_API_CHANGE.brief,
        annotations=_CALL_HINTS,
    )
    call = ToolSpec(
        tool,
        Tier.SAFE,  # its lowest: each call is held to its own tier (a read-scoped token may GET)
        _GROUP,
        (PVE_API_CHANGE, PVE_API_READ),
        manual=PVE_API_CHANGE.description,
        tasks="optional",
    )
    return [find, describe, call]

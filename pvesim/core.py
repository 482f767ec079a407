"""The simulator's request pipeline, in the order pveproxy works through a call.

faults (latency, drop, forced error) -> token auth (401) -> path lookup (501) -> duplicate and
schema checks (400) -> API-token and permission checks (403) -> node reachable (595) ->
handler -> faults on the answer (malformed body, drop after handling).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qsl

import pvesim.routes  # noqa: F401 - registers every handler in ROUTES
from pvesim.auth import AUDIT_PRIVILEGES, ApiToken, authenticate, check_permissions, schema_privileges
from pvesim.call import ROUTES, Call
from pvesim.commands import AgentExec
from pvesim.config import SimConfig
from pvesim.errors import ApiError, param_error
from pvesim.faults import ErrorFault, Faults, MalformedFault
from pvesim.records import BoundedLog, SimError
from pvesim.state import ClusterState
from pvesim.tasks import TaskRunner
from shared.pve.schema import Endpoint, load_schema
from shared.pve.validation import validate_params

__all__ = ["Answer", "RequestRecord", "SimCore", "Violation", "parse_form"]

_JSON = "application/json;charset=UTF-8"
_RESOLVE_CACHE_LIMIT = 20_000
# pve-storage registers its Content API with fragmentDelimiter '': the rest of the URL after
# .../content/ is one volume ID, slashes included (local:backup/vzdump-...).
_CONTENT_VOLUME = re.compile(r"^(/nodes/[^/]+/storage/[^/]+/content)/(.+/.+)$")
# An IP set entry's path ends in its CIDR, whose slash (sent as %2F) arrives decoded: one segment.
_IPSET_CIDR = re.compile(r"^(/cluster/firewall/ipset/[^/]+)/([0-9a-fA-F.:]+/\d{1,3})$")
# Newest entries kept: far more than a test makes, few enough for a simulator left running for days.
_REQUEST_LOG_MAX = 50_000
_VIOLATION_LOG_MAX = 10_000
_ERROR_LOG_MAX = 1_000


@dataclass(frozen=True)
class RequestRecord:
    """One API call as the simulator saw it."""

    method: str
    path: str  # without /api2/json
    template: str | None
    params: dict[str, Any]  # query and body parameters as sent (before type conversion)
    status: int
    tokenid: str | None
    time: float

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "path": self.path,
            "template": self.template,
            "params": self.params,
            "status": self.status,
            "tokenid": self.tokenid,
            "time": self.time,
        }


@dataclass(frozen=True)
class Violation:
    """A request real PVE would reject (or that one supported PVE version rejects)."""

    method: str
    path: str
    template: str | None
    kind: Literal["unknown_path", "parameters", "duplicate_parameter"]
    problems: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "path": self.path,
            "template": self.template,
            "kind": self.kind,
            "problems": self.problems,
        }


@dataclass
class Answer:
    """What goes back on the wire; `drop` closes the connection instead of (or in the middle of) answering."""

    status: int
    reason: str
    body: bytes = b""
    content_type: str = _JSON
    drop: Literal["before", "after"] | None = None
    extra_headers: list[tuple[str, str]] = field(default_factory=list)


def parse_form(text: str) -> dict[str, Any]:
    """application/x-www-form-urlencoded (or a query string): a repeated key gives a list."""
    out: dict[str, Any] = {}
    for key, value in parse_qsl(text, keep_blank_values=True):
        if key in out:
            previous = out[key]
            out[key] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            out[key] = value
    return out


def error_answer(error: ApiError) -> Answer:
    reason = error.message.strip().replace("\n", " ") or "error"
    if error.empty_body:
        return Answer(error.status, reason)
    body: dict[str, Any] = {"data": None, "message": error.message}
    if error.errors:
        body["errors"] = error.errors
    return Answer(error.status, reason, json.dumps(body, separators=(",", ":")).encode())


def _spoil(data: Any, returns: dict[str, Any], rule: MalformedFault) -> Answer:
    """Break an answer the way a diverging PVE version would."""
    if rule.mode == "not_json":
        return Answer(200, "OK", b"<html><body>502 Proxy Error</body></html>", "text/html;charset=UTF-8")
    target, schema = data, returns
    if isinstance(data, list) and data and isinstance(returns.get("items"), dict):
        target, schema = data[0], returns["items"]
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(target, dict) and isinstance(properties, dict):
        required = [k for k, s in properties.items() if not s.get("optional") and k in target] or list(target)
        if required:
            key = required[0]
            if rule.mode == "missing_field":
                del target[key]
            else:
                target[key] = 12345 if isinstance(target[key], str) else "not-a-number"
    elif rule.mode == "wrong_type":
        data = 12345 if isinstance(data, str) else "unexpected"
    else:
        data = None
    return Answer(200, "OK", json.dumps({"data": data}, separators=(",", ":")).encode())


class SimCore:
    """The cluster state, tokens, faults and tasks of one simulator, and its request pipeline."""

    def __init__(self, config: SimConfig, state: ClusterState, token_secret: str, limited_secret: str) -> None:
        self.config = config
        self.schema = load_schema(config.pve_version)
        self.state = state
        self.faults = Faults(seed=config.seed)
        self.faults.update(dict(config.faults))
        self.requests: list[RequestRecord] = BoundedLog(_REQUEST_LOG_MAX)
        self.violations: list[Violation] = BoundedLog(_VIOLATION_LOG_MAX)
        # Bugs in pvesim itself (see pvesim.records): a test session fails on any.
        self.errors: list[SimError] = BoundedLog(_ERROR_LOG_MAX)
        self.tasks = TaskRunner(
            state, self.faults, self.errors, default_duration=config.task_duration, lock_timeout=config.lock_timeout
        )
        self.tokens: dict[str, ApiToken] = {
            config.token_id: ApiToken(config.token_id, token_secret, {"/": schema_privileges(self.schema)}),
            config.limited_token_id: ApiToken(config.limited_token_id, limited_secret, {"/": AUDIT_PRIVILEGES}),
        }
        self.agent_results: dict[int, AgentExec] = {}  # guest-exec processes by pid
        self.agent_pids = 0
        # node-wide locks of operations that run one at a time per node (vzdump's global lock)
        self.node_locks: dict[str, asyncio.Lock] = {}
        # the guests' statistics as pvestatd last broadcast them (see SimConfig.stats_interval)
        self.guest_stats: dict[int, dict[str, Any]] = {}
        self.guest_stats_taken = float("-inf")
        self._resolved: dict[tuple[str, str], tuple[Endpoint | None, str | None, dict[str, str]]] = {}

    async def close(self) -> None:
        await self.tasks.shutdown()

    def _resolve(self, method: str, path: str) -> tuple[Endpoint | None, str | None, dict[str, str]]:
        key = (method, path)
        found = self._resolved.get(key)
        if found is None:
            volume = _CONTENT_VOLUME.match(path)
            cidr = _IPSET_CIDR.match(path)
            whole = volume or cidr
            match = self.schema.match(f"{whole[1]}/x" if whole else path)
            if match is None:
                found = (None, None, {})
            else:
                template, values = match
                if volume:
                    values = values | {"volume": volume[2]}
                elif cidr:
                    values = values | {"cidr": cidr[2]}
                found = (self.schema.endpoint(template, method), template, values)
            if len(self._resolved) >= _RESOLVE_CACHE_LIMIT:
                self._resolved.clear()
            self._resolved[key] = found
        return found

    async def handle(self, method: str, path: str, query: str, headers: dict[str, str], body: bytes) -> Answer:
        """Answer one /api2/json call (path without the prefix)."""
        path = "/" + path.strip("/")
        endpoint, template, path_values = self._resolve(method, path)
        if (self.faults.latency or self.faults.slow) and (delay := self.faults.delay(method, path, template)):
            await asyncio.sleep(delay)
        params: dict[str, Any] = {}
        tokenid: str | None = None
        try:
            drop = self.faults.take_drop(method, path, template)
            if drop is not None and drop.when == "before":
                self._record(method=method, path=path, template=template, params=params, status=0, tokenid=tokenid)
                return Answer(0, "", drop="before")
            token = authenticate(headers.get("authorization"), self.tokens)
            tokenid = token.tokenid
            forced = self.faults.take_error(method, path, template)
            if forced is not None:
                answer = self._forced(forced)
            else:
                params = self._params(method, query, headers, body)
                answer = await self._dispatch(
                    method=method,
                    path=path,
                    endpoint=endpoint,
                    template=template,
                    path_values=path_values,
                    params=params,
                    token=token,
                )
            if drop is not None:
                answer.drop = "after"
        except ApiError as error:
            answer = error_answer(error)
        except Exception as problem:  # a bug in pvesim: answer like a handler that died, never drop the call
            answer = self.crashed(f"{method} {path}", problem)
        self._record(method=method, path=path, template=template, params=params, status=answer.status, tokenid=tokenid)
        return answer

    def crashed(self, where: str, problem: Exception) -> Answer:
        """Record an internal error and answer as pveproxy answers a handler that died: 500 with the message."""
        self.errors.append(SimError.capture(where, problem))
        return error_answer(ApiError(500, f"pvesim internal error: {problem!r}"))

    def _forced(self, fault: ErrorFault) -> Answer:
        if fault.status >= 595:
            return Answer(fault.status, fault.reason)
        return error_answer(ApiError(fault.status, fault.reason))

    @staticmethod
    def _params(method: str, query: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if method in ("POST", "PUT") and body:
            content_type = headers.get("content-type", "")
            if "json" in content_type:
                try:
                    decoded = json.loads(body)
                except ValueError:
                    raise ApiError(400, "malformed JSON body") from None
                if not isinstance(decoded, dict):
                    raise ApiError(400, "JSON body must be an object")
                params.update(decoded)
            else:
                params.update(parse_form(body.decode("utf-8", "replace")))
        # pveproxy reads the query string after the body: a key in both takes the query's value.
        params.update(parse_form(query))
        return params

    async def _dispatch(
        self,
        *,
        method: str,
        path: str,
        endpoint: Endpoint | None,
        template: str | None,
        path_values: dict[str, str],
        params: dict[str, Any],
        token: ApiToken,
    ) -> Answer:
        if endpoint is None or template is None:
            self.violations.append(
                Violation(method, path, template, "unknown_path", {"path": "no such method and path"})
            )
            raise ApiError(501, f"Method '{method} {path}' not implemented")
        checked = validate_params(endpoint, path_values, params, self.schema.version)
        if checked.notes:
            self.violations.append(Violation(method, path, template, "duplicate_parameter", checked.notes))
        if checked.errors:
            self.violations.append(Violation(method, path, template, "parameters", checked.errors))
            raise param_error(checked.errors)
        if not endpoint.info.get("allowtoken"):
            raise ApiError(403, f"URI '{path}' not available with API token, need proper ticket.")
        check_permissions(endpoint.permissions, token, checked.values)
        node = checked.values.get("node")
        if node is not None:
            self._check_node(str(node), bool(endpoint.info.get("proxyto")))
        handler = ROUTES.get((method, template))
        if handler is None:
            raise ApiError(501, f"Method '{method} {path}' not implemented by pvesim")
        call = Call(self, token, method, template, checked.values)
        data = await handler(call)
        malformed = self.faults.take_malformed(method, path, template)
        if malformed is not None:
            return _spoil(data, endpoint.returns, malformed)
        envelope: dict[str, Any] = {"data": data}
        if call.total:
            envelope["total"] = call.total
        envelope.update(call.attributes)
        return Answer(200, "OK", json.dumps(envelope, separators=(",", ":")).encode())

    def _check_node(self, node: str, proxied: bool) -> None:
        found = self.state.nodes.get(node)
        if found is None:
            raise ApiError(
                500,
                f"hostname lookup '{node}' failed - failed to get address info for: {node}: Name or service not known",
            )
        if proxied and not found.online:
            # pveproxy's proxy call fails in AnyEvent::HTTP: status 595, the system error, no body.
            raise ApiError(595, "No route to host", empty_body=True)

    def _record(
        self, *, method: str, path: str, template: str | None, params: dict[str, Any], status: int, tokenid: str | None
    ) -> None:
        self.requests.append(RequestRecord(method, path, template, params, status, tokenid, time.time()))

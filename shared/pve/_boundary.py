"""The one place where httpx failures and PVE answers become our errors.

Like httpx's `map_httpcore_exceptions`: each foreign exception maps to the most specific error of
shared.errors, with the cause kept. PVE puts its message both in the HTTP reason phrase (the first
line) and, for the json format, in the body's `message`; 400s add `errors` per parameter
(pve-http-server `prepare_response_data`, pve-common `PVE::Exception`).

Whether a failed request may have reached PVE matters for writes: a GET can be sent again, a
POST/PUT/DELETE that may have arrived becomes DispatchUncertain so the worker reconciles first.
"""

from __future__ import annotations

import re
import ssl
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import pydantic_core
from pydantic import TypeAdapter, ValidationError
from pydantic_core import SchemaValidator, core_schema

from shared.errors import (
    AuthenticationFailed,
    ContractDivergence,
    DispatchUncertain,
    InternalError,
    InvalidInput,
    Locked,
    NodeUnreachable,
    NotFound,
    ProxmoxMcpError,
    PveError,
    PveUnreachable,
    RequestRejected,
)
from shared.privileges import permission_denied
from shared.pve.schema import ApiSchema

__all__ = [
    "TRANSIENT_STATUSES",
    "Call",
    "accepted_answer",
    "check_status",
    "is_retryable_answer",
    "is_transient_exception",
    "is_transient_response",
    "map_transport_errors",
    "read_data",
    "read_envelope",
    "transport_error",
    "validate_data",
]

T = TypeVar("T")

# Statuses worth another try for an idempotent GET: a gateway in front of PVE, or pveproxy
# failing to reach the node that serves the path (AnyEvent::HTTP's 595-599).
NODE_STATUSES = frozenset(range(595, 600))
GATEWAY_STATUSES = frozenset({502, 503, 504})
TRANSIENT_STATUSES = NODE_STATUSES | GATEWAY_STATUSES

# PVE answers 500 with its `die` text; these are the texts of missing objects and of guest locks
# (PVE::AbstractConfig "does not exist", check_node_exists "no such cluster node", the proxy's
# "hostname lookup 'x' failed" for a node name the cluster does not know, lock_file_full).
_NOT_FOUND = re.compile(
    r"does not exist|\bno such\b|unable to find configuration file|hostname lookup '[^']*' failed", re.IGNORECASE
)
#: pveproxy cannot route to a node name it does not know
_NO_NODE = re.compile(r"hostname lookup '[^']*' failed|no such cluster node", re.IGNORECASE)
_LOCKED = re.compile(r"\bis locked\b|can't lock file|can't acquire lock", re.IGNORECASE)

_TLS_HINT = (
    "Trust PVE's CA with PROXMOX_CA_BUNDLE=/path/to/pve-root-ca.pem (a copy of /etc/pve/pve-root-ca.pem), "
    "or set PROXMOX_VERIFY_SSL=false on a network you trust."
)


@dataclass(frozen=True)
class Call:
    """One API call, as our errors describe it: method, the schema's path template and its values."""

    method: str
    template: str
    values: Mapping[str, object]
    base_url: str
    token_name: str
    redact: Callable[[str], str]  # masks the token secret in anything the server sent back
    #: a write the caller knows to be idempotent (it sets a state, starts nothing): treated as a GET is
    repeatable: bool = False

    @property
    def idempotent(self) -> bool:
        return self.method == "GET" or self.repeatable

    @property
    def where(self) -> str:
        return f"{self.method} {self.template}"


def _tls_failure(exc: BaseException) -> ssl.SSLError | None:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, ssl.SSLError):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def is_transient_exception(exc: BaseException) -> bool:
    """A network failure another try may cure; a certificate PVE does not present correctly is not one."""
    network = isinstance(exc, httpx.NetworkError | httpx.TimeoutException | httpx.RemoteProtocolError)
    return network and _tls_failure(exc) is None


def is_transient_response(response: httpx.Response) -> bool:
    return response.status_code in TRANSIENT_STATUSES


def is_retryable_answer(response: httpx.Response, call: Call) -> bool:
    """Whether another try of `call` may get another answer: a transient status; for a write the caller
    declared idempotent, also a 500 PVE gave no meaning we know (not a lock, not a missing object).

    Sent again, such a write does what once does, so a server error that may pass is worth a retry
    rather than ending the change with what it did half done.
    """
    if is_transient_response(response):
        return True
    if not call.repeatable or response.status_code != 500:
        return False
    return isinstance(_server_error(response, call, pve_message(response, call)), RequestRejected)


def _uncertain(call: Call, what: str, details: dict[str, Any]) -> DispatchUncertain:
    return DispatchUncertain(
        f"{call.where} {what}; PVE may or may not have acted on it",
        details={"method": call.method, "endpoint": call.template, **details},
    )


def _details(exc: httpx.HTTPError, call: Call) -> dict[str, Any]:
    return {"method": call.method, "endpoint": call.template, "cause": type(exc).__name__}


def _not_connected(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    # No connection, so nothing was sent: true for every method.
    reason = "timed out" if isinstance(exc, httpx.TimeoutException) else call.redact(str(exc))
    return PveUnreachable(f"cannot connect to PVE at {call.base_url}: {reason}", details=_details(exc, call))


def _timed_out(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    if not call.idempotent:
        return _uncertain(call, "timed out after it was sent", {"cause": type(exc).__name__})
    return PveUnreachable(f"PVE did not answer {call.where} in time", details=_details(exc, call))


def _connection_broke(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    if not call.idempotent:
        return _uncertain(call, f"lost its connection ({call.redact(str(exc))})", {"cause": type(exc).__name__})
    return PveUnreachable(
        f"the connection to PVE broke during {call.where}: {call.redact(str(exc))}", details=_details(exc, call)
    )


def _proxy_refused(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    return PveUnreachable(
        f"the HTTP proxy refused the connection to PVE: {call.redact(str(exc))}", details=_details(exc, call)
    )


def _bad_url(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    return InvalidInput(
        f"PROXMOX_URL {call.base_url} cannot be used: {exc}", hint="Set PROXMOX_URL to https://HOST:8006."
    )


def _undecodable(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    if not call.idempotent:  # the answer came, so PVE acted on the write; what it started is unreadable
        return _uncertain(
            call, f"got an answer that cannot be decoded ({call.redact(str(exc))})", {"cause": type(exc).__name__}
        )
    return ContractDivergence(
        f"{call.where} sent a body that cannot be decoded: {call.redact(str(exc))}", details=_details(exc, call)
    )


def _client_misuse(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    # LocalProtocolError, TooManyRedirects, StreamError, ...: our side used httpx wrongly.
    return InternalError(f"{call.where} failed in the HTTP client: {type(exc).__name__}", details=_details(exc, call))


# Most specific first: ConnectTimeout is a TimeoutException, ConnectError a NetworkError.
_Mapper = Callable[[httpx.HTTPError, Call], ProxmoxMcpError]
_TRANSPORT_ERRORS: tuple[tuple[tuple[type[httpx.HTTPError], ...], _Mapper], ...] = (
    ((httpx.ConnectTimeout, httpx.PoolTimeout, httpx.ConnectError), _not_connected),
    ((httpx.TimeoutException,), _timed_out),
    ((httpx.NetworkError, httpx.RemoteProtocolError), _connection_broke),
    ((httpx.ProxyError,), _proxy_refused),
    ((httpx.UnsupportedProtocol,), _bad_url),
    ((httpx.DecodingError,), _undecodable),
    ((httpx.HTTPError,), _client_misuse),
)


def transport_error(exc: httpx.HTTPError, call: Call) -> ProxmoxMcpError:
    """The error of ours that an httpx failure means for this call."""
    tls = _tls_failure(exc)
    if tls is not None:
        reason = getattr(tls, "verify_message", None) or getattr(tls, "reason", None) or str(tls)
        return PveUnreachable(
            f"TLS verification of {call.base_url} failed ({reason})", hint=_TLS_HINT, details=_details(exc, call)
        )
    build = next(build for kind, build in _TRANSPORT_ERRORS if isinstance(exc, kind))
    return build(exc, call)


@contextmanager
def map_transport_errors(call: Call) -> Iterator[None]:
    """Turn any httpx failure inside the block into our error for `call`, keeping the cause."""
    try:
        yield
    except httpx.HTTPError as exc:
        raise transport_error(exc, call) from exc


def _body(response: httpx.Response) -> dict[str, Any] | None:
    # pydantic-core's parser: faster than json.loads on number-heavy answers such as rrddata.
    try:
        body = pydantic_core.from_json(response.content)
    except ValueError:  # not JSON, or not UTF-8
        return None
    return body if isinstance(body, dict) else None


def pve_message(response: httpx.Response, call: Call) -> str:
    """PVE's own words: the body's `message` when there is one, else the HTTP reason phrase."""
    body = _body(response)
    message = body.get("message") if body else None
    if isinstance(message, str) and message.strip():
        return call.redact(message.strip())
    return call.redact(response.reason_phrase.strip()) or f"HTTP {response.status_code}"


def _rejected(response: httpx.Response, call: Call, message: str) -> RequestRejected:
    body = _body(response) or {}
    errors = body.get("errors")
    details: dict[str, Any] = {"method": call.method, "endpoint": call.template, "status": response.status_code}
    if isinstance(errors, dict) and errors:
        details["errors"] = {str(key): call.redact(str(value).strip()) for key, value in errors.items()}
        reasons = "; ".join(f"{key}: {value}" for key, value in details["errors"].items())
        return RequestRejected(f"PVE rejected {call.where}: {reasons}", details=details)
    return RequestRejected(f"PVE rejected {call.where}: {message}", details=details)


def check_status(response: httpx.Response, call: Call, schema: Callable[[], ApiSchema]) -> None:
    """Raise our error for any answer but 2xx; `schema` is read only to explain a 403."""
    status = response.status_code
    if 200 <= status < 300:
        return
    message = pve_message(response, call)
    details: dict[str, Any] = {"method": call.method, "endpoint": call.template, "status": status}
    if status == 401:
        raise AuthenticationFailed(f"PVE refused the API token {call.token_name}: {message}", details=details)
    if status == 403:
        raise permission_denied(
            token_name=call.token_name,
            method=call.method,
            template=call.template,
            values=call.values,
            pve_message=message,
            endpoint=schema().endpoint(call.template, call.method),
        )
    if status == 400:
        rejected = _rejected(response, call, message)
        if "no such task" in rejected.message:  # pve-manager's task API: raise_param_exc({upid => "no such task ..."})
            raise NotFound(
                f"{call.where}: {rejected.message.split(': ', 1)[-1]}",
                hint="No task with that UPID on its node (PVE drops old task logs in time); check the UPID.",
                details=rejected.details,
            )
        raise rejected
    if status == 500:
        raise _server_error(response, call, message)
    if status == 501:
        raise ContractDivergence(
            f"PVE does not implement {call.where}: {message}",
            hint="This PVE version lacks the endpoint; check the supported versions (8.4, 9.x).",
            details=details,
        )
    if status in NODE_STATUSES:
        raise _node_error(call, status, message)
    if status in GATEWAY_STATUSES:
        if not call.idempotent:
            raise _uncertain(call, f"got {status} {message} from a gateway", {"status": status})
        raise PveUnreachable(f"PVE's gateway answered {status} {message} to {call.where}", details=details)
    raise _rejected(response, call, f"HTTP {status} {message}")


def _server_error(response: httpx.Response, call: Call, message: str) -> ProxmoxMcpError:
    details: dict[str, Any] = {"method": call.method, "endpoint": call.template, "pve_message": message}
    if _LOCKED.search(message):
        return Locked(f"{call.where}: {message}", details=details)
    if _NO_NODE.search(message) and call.values.get("node") is not None:
        return NotFound(
            f"node {call.values['node']} is not in the cluster ({call.where}: {message})",
            hint="List the cluster's nodes with list_nodes.",
            details=details,
        )
    if _NOT_FOUND.search(message):
        return NotFound(f"{call.where}: {message}", details=details)
    return _rejected(response, call, message)


def _node_error(call: Call, status: int, message: str) -> PveError:
    node = call.values.get("node")
    details: dict[str, Any] = {"method": call.method, "endpoint": call.template, "status": status}
    # 595 fails while connecting to the node, so nothing reached it; 596-599 may fail after sending.
    if status != 595 and not call.idempotent:
        return _uncertain(call, f"failed between PVE nodes ({status} {message})", {"status": status, "node": node})
    target = f"node {node}" if node is not None else "the node serving this path"
    return NodeUnreachable(f"{target} is unreachable from the PVE API ({status} {message})", details=details)


@contextmanager
def accepted_answer(call: Call) -> Iterator[None]:
    """Reading the answer to a call PVE accepted (2xx): for a write, an unreadable answer leaves its effect unknown.

    PVE did act on the write, but without its answer (a UPID) we cannot tell what it started:
    the caller must reconcile, as after a lost answer, rather than treat the write as refused.
    """
    try:
        yield
    except ContractDivergence as exc:
        if call.idempotent:
            raise
        raise DispatchUncertain(
            f"PVE accepted {call.where}, but its answer does not fit ({exc.message})", details=exc.details
        ) from exc


def read_envelope(response: httpx.Response, call: Call) -> dict[str, Any]:
    """The JSON object of a 2xx answer, which must carry `data`."""
    body = _body(response)
    details: dict[str, Any] = {"method": call.method, "endpoint": call.template}
    if body is None:
        content_type = response.headers.get("content-type", "none")
        raise ContractDivergence(
            f"{call.where} answered with something other than a JSON object (content-type {content_type})",
            details=details,
        )
    if "data" not in body:
        raise ContractDivergence(f"{call.where} answered without `data`", details={**details, "field": "data"})
    return body


def _location(loc: tuple[str | int, ...]) -> str:
    text = "data"
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def validate_data(adapter: TypeAdapter[T], value: object, call: Call, *, field: str = "data") -> T:
    """`value` as the adapter's type, or ContractDivergence naming the call, the field and what was expected."""
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        location = _location(tuple(first["loc"])).replace("data", field, 1)
        got = type(first["input"]).__name__ if first["type"] != "missing" else "nothing"
        more = exc.error_count() - 1
        others = f" (and {more} more)" if more else ""
        raise ContractDivergence(
            f"{call.where} returned {location} that does not fit: {first['msg']}, got {got}{others}",
            details={
                "method": call.method,
                "endpoint": call.template,
                "field": location,
                "expected": first["msg"],
                "error_type": first["type"],
                "errors": exc.error_count(),
            },
        ) from None  # pydantic's text repeats the input values; the message above names what matters


_ENVELOPES: weakref.WeakKeyDictionary[TypeAdapter[Any], SchemaValidator] = weakref.WeakKeyDictionary()


def _envelope_of(adapter: TypeAdapter[Any]) -> SchemaValidator:
    """A validator of `{"data": <the adapter's type>, ...}`, made once per adapter."""
    validator = _ENVELOPES.get(adapter)
    if validator is None:
        schema = core_schema.typed_dict_schema({"data": core_schema.typed_dict_field(adapter.core_schema)})
        validator = _ENVELOPES[adapter] = SchemaValidator(schema)
    return validator


def read_data(response: httpx.Response, adapter: TypeAdapter[T], call: Call) -> T:
    """The `data` of a 2xx answer as the adapter's type.

    Parsed and checked in one pass over the bytes, which on a datacenter's lists costs less than
    parsing alone. An answer that does not fit takes the two-step path, which names what is wrong.
    """
    try:
        data: T = _envelope_of(adapter).validate_json(response.content)["data"]
    except ValidationError:
        return validate_data(adapter, read_envelope(response, call)["data"], call)
    return data

"""The async PVE API client the workers use: httpx requests over one transport, typed calls, classified errors.

A call names the schema's path template and the placeholder values, so the client quotes each
value and can say which endpoint failed:

    async with PveClient.from_settings(settings) as pve:
        status = await pve.get("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus,
                               path={"node": "pve1", "vmid": 100})
        upid = await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={...})

The response type is a model class, a plain type (`list[NodeSummary]`, `int`) or a `TypeAdapter`
(shared.pve.models has `UPID`, `OPTIONAL_UPID`, `NO_DATA`). `data` is validated against it; a
mismatch raises ContractDivergence.

Retries: only GET (and a PUT the caller declares idempotent, such as rebuilding a cloud-init
drive) is retried, on network failures and 502-504/595-599 (an idempotent PUT also on a 500 PVE
gave no meaning we know), with capped exponential backoff bounded in attempts and total time
(RetryPolicy). Any other POST/PUT/DELETE is sent once: if it
may have reached PVE before failing, the error is DispatchUncertain and the caller must reconcile
(look for the task or the effect) instead of sending it again; so is a write PVE accepted whose
answer does not fit its model (it acted, but we cannot read what it started).

A request goes straight to its transport (httpx's public `AsyncBaseTransport`), not through an
`httpx.AsyncClient`, whose send pipeline (its auth flow, redirect handling and cookie jar) does
nothing for a token-authenticated API that never redirects, yet was most of what a request cost
above the transport (bench/bench_pve_request.py). The token header is set once.
"""

from __future__ import annotations

import asyncio
import re
import ssl
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import GenericAlias, TracebackType
from typing import Any, Generic, Self, TypeVar, cast
from urllib.parse import quote

import httpx
import structlog
from pydantic import TypeAdapter
from tenacity import (
    AsyncRetrying,
    RetryCallState,
    retry_if_exception,
    retry_if_result,
    stop_after_attempt,
    stop_after_delay,
    wait_exponential,
    wait_random,
)

from shared import metrics
from shared.errors import InternalError, InvalidInput, ProxmoxMcpError
from shared.pve._boundary import (
    Call,
    accepted_answer,
    check_status,
    is_retryable_answer,
    is_transient_exception,
    map_transport_errors,
    read_data,
    read_envelope,
    validate_data,
)
from shared.pve.auth import PveTokenAuth
from shared.pve.schema import ApiSchema, load_schema
from shared.pve.transport import pooled_transport
from shared.release import release_version
from shared.settings import Settings

__all__ = [
    "API_PREFIX",
    "DEFAULT_LIMITS",
    "DEFAULT_RETRY",
    "DEFAULT_TIMEOUT",
    "FormValue",
    "Page",
    "PveClient",
    "RetryPolicy",
]

T = TypeVar("T")

API_PREFIX = "/api2/json"
DEFAULT_TIMEOUT = httpx.Timeout(15.0, connect=5.0)
#: as many connections kept alive as may be open: a pool that closes what it just opened pays a TLS
#: handshake for each request beyond its keep-alive (bench/bench_pve_request.py)
DEFAULT_LIMITS = httpx.Limits(max_connections=20, max_keepalive_connections=20, keepalive_expiry=30.0)

FormValue = str | int | float | bool | list[str] | None
"""A query or form value: booleans go out as 1/0 (PVE's boolean), a list as the key repeated (PVE's
array, e.g. agent/exec's `command`), None means "leave it out"."""

_PLACEHOLDER = re.compile(r"\{([^}]+)\}")
_INT: TypeAdapter[int] = TypeAdapter(int)
log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long an idempotent GET is tried again on a transient failure."""

    attempts: int = 4  # tries in all, the first included
    backoff_s: float = 0.25  # the first wait; it doubles each time up to max_backoff_s
    max_backoff_s: float = 4.0
    max_elapsed_s: float = 30.0  # no new try starts after this long
    jitter_s: float = 0.25  # up to this much is added to each wait at random
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, repr=False, compare=False)


DEFAULT_RETRY = RetryPolicy()


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a paged list (the task log): the items and PVE's count of them all."""

    data: list[T]
    total: int


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter_for(tp: Any) -> TypeAdapter[Any]:
    # Building a TypeAdapter costs far more than a call; build one per response type, once.
    adapter = _ADAPTERS.get(tp)
    if adapter is None:
        adapter = _ADAPTERS[tp] = TypeAdapter(tp)
    return adapter


def _adapter(model: type[T] | TypeAdapter[T]) -> TypeAdapter[T]:
    if isinstance(model, TypeAdapter):
        return model
    return cast("TypeAdapter[T]", _adapter_for(model))


def _expand(template: str, values: Mapping[str, object]) -> str:
    names = _PLACEHOLDER.findall(template)
    if set(names) != set(values):
        raise InternalError(f"path values {sorted(values)} do not fit the template {template} ({sorted(names)})")
    return _PLACEHOLDER.sub(lambda m: quote(str(values[m[1]]), safe=""), template)


def _form(params: Mapping[str, FormValue] | None) -> dict[str, str | list[str]] | None:
    if params is None:
        return None
    encoded: dict[str, str | list[str]] = {}
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, list):
            encoded[key] = [str(item) for item in value]
        else:
            encoded[key] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return encoded


def _verify(verify: bool | str | Path) -> bool | ssl.SSLContext:
    if isinstance(verify, bool):
        return verify
    path = Path(verify)
    if not path.is_file():
        raise InvalidInput(
            f"CA bundle {path} is not a readable file",
            hint="Point PROXMOX_CA_BUNDLE at a PEM file holding PVE's CA (a copy of /etc/pve/pve-root-ca.pem).",
        )
    return ssl.create_default_context(cafile=str(path))


class PveClient:
    """Async client of the PVE REST API (`/api2/json`), authenticated with an API token."""

    def __init__(
        self,
        base_url: str,
        *,
        auth: PveTokenAuth,
        verify: bool | str | Path = True,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        limits: httpx.Limits = DEFAULT_LIMITS,
        transport: httpx.AsyncBaseTransport | None = None,
        retry: RetryPolicy = DEFAULT_RETRY,
        schema: ApiSchema | None = None,
    ) -> None:
        """`base_url` is the server (https://pve:8006); `schema` explains 403s (default: PVE 9.1's)."""
        root = base_url.rstrip("/").removesuffix(API_PREFIX)
        self.base_url = root
        self._api = root + API_PREFIX
        self._auth = auth
        self._retry = retry
        self._schema = schema
        tls = _verify(verify)
        self._transport = transport or pooled_transport(tls, limits)
        self._timeout = httpx.Timeout(timeout).as_dict()  # a number or an httpx.Timeout
        self._headers = httpx.Headers(
            {
                "Accept": "application/json",
                "User-Agent": f"proxmox-mcp/{release_version()}",
                "Authorization": auth.header(),
            }
        )

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        retry: RetryPolicy = DEFAULT_RETRY,
        limits: httpx.Limits = DEFAULT_LIMITS,
    ) -> Self:
        """A client from PROXMOX_URL, the token, TLS and timeout settings.

        PROXMOX_VERIFY_SSL=false wins over PROXMOX_CA_BUNDLE: turning verification off is the explicit choice.
        """
        settings.require_pve()
        url, token_name, secret = settings.proxmox_url, settings.proxmox_token_name, settings.proxmox_token_value
        # require_pve() raised when any of them is missing.
        assert url
        assert token_name
        assert secret
        verify: bool | Path = settings.proxmox_verify_ssl
        if verify and settings.proxmox_ca_bundle is not None:
            verify = settings.proxmox_ca_bundle
        return cls(
            url,
            auth=PveTokenAuth(token_name, secret),
            verify=verify,
            timeout=httpx.Timeout(settings.proxmox_timeout),
            limits=limits,
            transport=transport,
            retry=retry,
        )

    @staticmethod
    def limits_for(connections: int) -> httpx.Limits:
        """A pool of `connections`, all of them kept alive (one per request the caller makes at once)."""
        return httpx.Limits(max_connections=connections, max_keepalive_connections=connections, keepalive_expiry=30.0)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._transport.aclose()

    def __repr__(self) -> str:
        return f"PveClient({self.base_url!r}, token_name={self._auth.token_name!r})"

    async def get(
        self,
        template: str,
        model: type[T] | TypeAdapter[T],
        *,
        path: Mapping[str, object] | None = None,
        query: Mapping[str, FormValue] | None = None,
    ) -> T:
        """GET `data` as `model`; retried on transient failures."""
        return await self._call("GET", template, model, path=path, query=query)

    async def get_page(
        self,
        template: str,
        item: type[T],
        *,
        path: Mapping[str, object] | None = None,
        query: Mapping[str, FormValue] | None = None,
    ) -> Page[T]:
        """GET a paged list (`start`/`limit` in `query`) with PVE's top-level `total`.

        PVE leaves `total` out when it is 0 (pve-http-server only copies a true value), so absent means 0.
        """
        response, call = await self._request("GET", template, path=path, query=query)
        envelope = read_envelope(response, call)
        items = cast("TypeAdapter[list[T]]", _adapter_for(GenericAlias(list, (item,))))
        data = validate_data(items, envelope["data"], call)
        total = validate_data(_INT, envelope.get("total", 0), call, field="total")
        return Page(data=data, total=total)

    async def get_noted(
        self,
        template: str,
        model: type[T] | TypeAdapter[T],
        note: str,
        *,
        path: Mapping[str, object] | None = None,
        query: Mapping[str, FormValue] | None = None,
    ) -> tuple[T, str | None]:
        """GET `data` as `model`, and the text PVE puts beside it at the envelope's top level as `note`.

        GET /nodes/{node}/network sets `changes` there: the diff of the pending network configuration.
        """
        response, call = await self._request("GET", template, path=path, query=query)
        envelope = read_envelope(response, call)
        data = validate_data(_adapter(model), envelope["data"], call)
        noted = envelope.get(note)
        return data, (str(noted) if noted not in (None, "") else None)

    async def post(
        self,
        template: str,
        model: type[T] | TypeAdapter[T],
        *,
        path: Mapping[str, object] | None = None,
        body: Mapping[str, FormValue] | None = None,
    ) -> T:
        """POST a form; sent once (see DispatchUncertain)."""
        return await self._call("POST", template, model, path=path, body=body)

    async def put(
        self,
        template: str,
        model: type[T] | TypeAdapter[T],
        *,
        path: Mapping[str, object] | None = None,
        body: Mapping[str, FormValue] | None = None,
        idempotent: bool = False,
    ) -> T:
        """PUT a form; sent once, unless `idempotent` (sending it twice does what once does): then retried as a GET."""
        return await self._call("PUT", template, model, path=path, body=body, repeatable=idempotent)

    async def delete(
        self,
        template: str,
        model: type[T] | TypeAdapter[T],
        *,
        path: Mapping[str, object] | None = None,
        query: Mapping[str, FormValue] | None = None,
    ) -> T:
        """DELETE with parameters in the query (as PVE reads them); sent once."""
        return await self._call("DELETE", template, model, path=path, query=query)

    async def _call(
        self,
        method: str,
        template: str,
        model: type[T] | TypeAdapter[T],
        *,
        path: Mapping[str, object] | None,
        query: Mapping[str, FormValue] | None = None,
        body: Mapping[str, FormValue] | None = None,
        repeatable: bool = False,
    ) -> T:
        """One call's `data` as `model`."""
        response, call = await self._request(method, template, path=path, query=query, body=body, repeatable=repeatable)
        with accepted_answer(call):
            return read_data(response, _adapter(model), call)

    async def _request(
        self,
        method: str,
        template: str,
        *,
        path: Mapping[str, object] | None,
        query: Mapping[str, FormValue] | None = None,
        body: Mapping[str, FormValue] | None = None,
        repeatable: bool = False,
    ) -> tuple[httpx.Response, Call]:
        """Send one call and check its status; its body is the caller's to read."""
        values = dict(path or {})
        call = Call(method, template, values, self.base_url, self._auth.token_name, self._auth.redact, repeatable)
        request = httpx.Request(
            method,
            self._url(template, values, query),
            headers=self._headers,
            data=_form(body),
            extensions={"timeout": self._timeout},
        )
        response: httpx.Response
        sent = time.perf_counter()
        try:
            with map_transport_errors(call):
                if call.idempotent:
                    response = await self._send_retrying(call, request)
                else:
                    response = await self._send(request)
        except ProxmoxMcpError:
            metrics.pve_request(method, template, None, time.perf_counter() - sent)
            raise
        metrics.pve_request(method, template, response.status_code, time.perf_counter() - sent)
        log.debug("pve_response", method=method, endpoint=template, status=response.status_code)
        check_status(response, call, self._api_schema)
        return response, call

    def _url(self, template: str, values: Mapping[str, object], query: Mapping[str, FormValue] | None) -> httpx.URL:
        """The call's whole URL, parsed once: given a path and params, httpx would parse it three times."""
        target = self._api + _expand(template, values)
        if form := _form(query):
            target += "?" + str(httpx.QueryParams(form))
        return httpx.URL(target)

    def _api_schema(self) -> ApiSchema:
        return self._schema or load_schema("9.1")

    async def _send(self, request: httpx.Request) -> httpx.Response:
        """Send `request` once; the answer, its body read."""
        response = await self._transport.handle_async_request(request)
        response.request = request
        await response.aread()  # our transport's answer is read already; another's stream is read here
        return response

    async def _send_retrying(self, call: Call, request: httpx.Request) -> httpx.Response:
        """Send a GET, retried by the policy on a transient failure.

        The first try runs outside tenacity, whose bookkeeping every call would pay; only a
        transient failure enters the retry loop, which replays that first outcome as its attempt 1,
        so attempts, waits and the retry log are those of the policy.
        """
        first: httpx.Response | None = None
        failure: Exception | None = None
        try:
            first = await self._send(request)
        except Exception as exc:
            if not is_transient_exception(exc):
                raise
            failure = exc
        if first is not None and not is_retryable_answer(first, call):
            return first
        replayed = False

        async def send(request: httpx.Request) -> httpx.Response:
            nonlocal replayed
            if replayed:
                return await self._send(request)
            replayed = True
            if failure is not None:
                raise failure
            assert first is not None
            return first

        response: httpx.Response = await self._retrying(call)(send, request)
        return response

    def _retrying(self, call: Call) -> AsyncRetrying:
        policy = self._retry

        def note_retry(state: RetryCallState) -> None:
            outcome = state.outcome
            if outcome is None:
                return
            failure = outcome.exception()
            reason = type(failure).__name__ if failure else f"HTTP {outcome.result().status_code}"
            wait = state.next_action.sleep if state.next_action else 0.0
            log.warning(
                "pve_request_retry",
                method=call.method,
                endpoint=call.template,
                attempt=state.attempt_number,
                reason=reason,
                wait_s=round(wait, 3),
            )

        return AsyncRetrying(
            stop=stop_after_attempt(policy.attempts) | stop_after_delay(policy.max_elapsed_s),
            wait=(
                wait_exponential(multiplier=policy.backoff_s, max=policy.max_backoff_s)
                + wait_random(0, policy.jitter_s)
            ),
            retry=retry_if_exception(is_transient_exception)
            | retry_if_result(lambda response: is_retryable_answer(response, call)),
            sleep=policy.sleep,
            before_sleep=note_retry,
            # Out of tries: hand back the last answer (its status is classified) or raise the last error.
            retry_error_callback=lambda state: state.outcome.result() if state.outcome else None,
        )

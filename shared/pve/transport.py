"""The HTTP transport of the PVE client: httpx's interface on aiohttp's connection pool and parser.

A worker following a thousand tasks spends its CPU on PVE requests, and httpx's own transport
(httpcore's pool, anyio's streams, h11's parser in pure Python) was most of that cost
(bench/bench_pve_request.py compares them; docs/architecture.md "PVE client and contract" has the
figures). The client above stays httpx: its requests, responses and the errors
shared.pve._boundary classifies, into which aiohttp's failures are mapped here.

What a failure says about a write decides whether it is sent again, so the mapping keeps
httpx's meaning: only a failure before the request left (no connection, or no free one in
time) is a connect error; a connection that broke or timed out after it may have been sent is
not. aiohttp resends a request HTTP calls idempotent (PUT, DELETE) when its connection drops;
PVE's DELETE of a guest is not one to send twice, so a client middleware of ours (aiohttp's
public hook) hands such a failure back as a plain connection error, which aiohttp does not
resend, and retries stay the client's (shared.pve.client.RetryPolicy, GETs only).
"""

from __future__ import annotations

import ssl
import typing

import httpx

if typing.TYPE_CHECKING:
    import aiohttp

__all__ = ["AiohttpTransport", "pooled_transport"]

_HTTP_SCHEMES = ("http", "https")


class AiohttpTransport(httpx.AsyncBaseTransport):
    """httpx requests sent by one aiohttp session: a pool of `limits.max_connections`, all kept alive."""

    def __init__(self, verify: bool | ssl.SSLContext, limits: httpx.Limits) -> None:
        # True: httpx's default context (certifi's CAs), as httpx's own transport would verify with
        self._ssl: bool | ssl.SSLContext = httpx.create_ssl_context() if verify is True else verify
        self._limits = limits
        self._session: aiohttp.ClientSession | None = None
        self._aiohttp: typing.Any = None  # the module and yarl.URL, once the first request imported them
        self._url: typing.Any = None

    def _open(self) -> aiohttp.ClientSession:
        # imported on the first request, not at module load: the MCP server starts without it
        # (bench/bench_startup.py); the worker's first request pays it once
        import aiohttp  # noqa: PLC0415
        import yarl  # noqa: PLC0415

        self._aiohttp, self._url = aiohttp, yarl.URL
        connector = aiohttp.TCPConnector(
            ssl=self._ssl,
            limit=self._limits.max_connections or 0,  # 0: no limit, as httpx's None
            keepalive_timeout=self._limits.keepalive_expiry,
        )
        return aiohttp.ClientSession(
            connector=connector,
            cookie_jar=aiohttp.DummyCookieJar(),
            auto_decompress=False,
            trust_env=False,
            middlewares=(_not_resent,),
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.scheme not in _HTTP_SCHEMES:
            raise httpx.UnsupportedProtocol(f"Request URL has an unsupported protocol '{request.url.scheme}://'.")
        session = self._session = self._session or self._open()
        aiohttp = self._aiohttp
        timeout = request.extensions.get("timeout", {})
        try:
            async with session.request(
                request.method,
                self._url(str(request.url), encoded=True),  # quoted by the client already: sent as it is
                headers=request.headers.multi_items(),
                data=request.content or None,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(
                    total=None,
                    connect=timeout.get("pool"),
                    sock_connect=timeout.get("connect"),
                    sock_read=timeout.get("read"),
                ),
            ) as answer:
                body = await answer.read()
        except aiohttp.ClientError as exc:
            raise _mapped(exc, aiohttp) from exc
        except TimeoutError as exc:  # a timeout aiohttp did not wrap: after sending, as far as we know
            raise httpx.ReadTimeout(str(exc) or "timed out", request=request) from exc
        extensions: dict[str, typing.Any] = {"http_version": b"HTTP/1.1"}
        if answer.reason:
            extensions["reason_phrase"] = answer.reason.encode()
        # the body as sent: httpx decodes it by its Content-Encoding, as with its own transport, and
        # here, as the response is made (an answer given as content is read then; a stream would be read
        # again through async iterators)
        return httpx.Response(answer.status, headers=answer.raw_headers, content=body, extensions=extensions)

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


async def _not_resent(request: aiohttp.ClientRequest, handler: aiohttp.ClientHandlerType) -> aiohttp.ClientResponse:
    """A request whose connection broke after it was made fails as it is, never resent by aiohttp.

    aiohttp resends an idempotent method on a ServerDisconnectedError or ClientOSError from a
    kept-alive connection; a plain ClientConnectionError, whose cause is the failure, it does not.
    """
    import aiohttp  # noqa: PLC0415  # loaded already: this runs inside an aiohttp session

    try:
        return await handler(request)
    except aiohttp.ClientConnectorError:
        raise  # before anything was sent: aiohttp does not resend it either
    except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError) as exc:
        raise aiohttp.ClientConnectionError(str(exc) or type(exc).__name__) from exc


def _mapped(exc: aiohttp.ClientError, aiohttp: typing.Any) -> httpx.HTTPError:
    """The httpx error with aiohttp's failure's meaning (see the module docstring); first match wins."""
    if type(exc) is aiohttp.ClientConnectionError and isinstance(exc.__cause__, aiohttp.ClientError):
        exc = exc.__cause__  # a failure _not_resent kept from being resent
    meanings: tuple[tuple[tuple[type[Exception], ...], type[httpx.HTTPError]], ...] = (
        # no connection in time (none free in the pool, or the connect itself): nothing sent
        ((aiohttp.ConnectionTimeoutError,), httpx.ConnectTimeout),
        # refused, no route, DNS, the TLS handshake (a certificate PVE's CA did not sign): nothing sent
        ((aiohttp.ClientConnectorError,), httpx.ConnectError),
        ((aiohttp.ServerTimeoutError,), httpx.ReadTimeout),
        (
            (aiohttp.ServerDisconnectedError, aiohttp.ClientPayloadError, aiohttp.ClientResponseError),
            httpx.RemoteProtocolError,
        ),
        ((aiohttp.InvalidURL, aiohttp.NonHttpUrlClientError), httpx.UnsupportedProtocol),
        # reset, broken pipe: after the connection was made, so the request may have been sent
        ((aiohttp.ClientConnectionError,), httpx.ReadError),
    )
    error = next((error for kinds, error in meanings if isinstance(exc, kinds)), httpx.RemoteProtocolError)
    return error(str(exc) or type(exc).__name__)


def pooled_transport(verify: bool | ssl.SSLContext, limits: httpx.Limits) -> httpx.AsyncBaseTransport:
    """The PVE client's transport for these TLS settings and limits."""
    return AiohttpTransport(verify, limits)

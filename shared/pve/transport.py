# ruff: noqa: ASYNC109  (httpcore's stream and backend interfaces take `timeout` arguments; passed on as they come)
"""The HTTP transport of the PVE client: httpx's, with the connection pool's bookkeeping made cheap.

httpcore's pool looks at every connection each time a request enters or leaves it: whether it
expired (which asks the TLS stream for its socket, and anyio builds a dict of every attribute of
the stream for that) and, for each idle one, counts the idle ones again. With a pool of 32 kept
alive that cost about 1.5 ms of CPU per request, a third of a worker's CPU when it follows a
thousand tasks (bench/bench_follow.py, profiled with py-spy). Here the socket is looked up once
per connection, the pool counts its connections once, not once per idle one, and polls only the
socket of the connection it is about to use; what it decides is unchanged. The pool subclass
follows httpcore 1.0's method; on any other httpcore the stock pool is kept (with the cheap
socket lookup, which uses only httpcore's public interfaces).
"""

from __future__ import annotations

import select
import socket
import ssl
import time
import typing

import httpcore
import httpx

__all__ = ["pooled_transport"]


def _readable(sock: socket.socket | None) -> bool:
    """Whether a read would return at once (data, or the b"" of a connection the server closed)."""
    fd = -1 if sock is None else sock.fileno()
    if fd < 0:
        return True
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


class _Stream(httpcore.AsyncNetworkStream):
    """A network stream that knows its socket (anyio's answers cost a dict of every attribute per question)."""

    def __init__(self, inner: httpcore.AsyncNetworkStream) -> None:
        self._inner = inner
        self._socket: socket.socket | None = inner.get_extra_info("socket")

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._inner.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.AsyncNetworkStream:
        return _Stream(await self._inner.start_tls(ssl_context, server_hostname, timeout))

    def get_extra_info(self, info: str) -> typing.Any:
        if info == "socket":
            return self._socket
        if info == "is_readable":
            return _readable(self._socket)
        return self._inner.get_extra_info(info)


class _Backend(httpcore.AsyncNetworkBackend):
    def __init__(self) -> None:
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: typing.Iterable[typing.Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        return _Stream(await self._inner.connect_tcp(host, port, timeout, local_address, socket_options))

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: typing.Iterable[typing.Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        return _Stream(await self._inner.connect_unix_socket(path, timeout, socket_options))

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _keepalive_expired(connection: typing.Any) -> bool:
    """httpcore's `has_expired` without its socket check: the keep-alive ran out (no system call)."""
    inner = getattr(connection, "_connection", None)  # the HTTP/1.1 connection, once connected
    if inner is None:
        return False  # not connected yet (a failed connect counts as closed)
    if not hasattr(inner, "_expire_at"):
        return bool(connection.has_expired())
    expire_at = inner._expire_at
    return expire_at is not None and time.monotonic() > expire_at


class _Pool(httpcore.AsyncConnectionPool):
    """httpcore 1.0's pool, without counting all its connections again for each idle one.

    httpcore also asks every connection whether it expired each time a request enters or leaves
    the pool, which for each idle one is a poll() of its socket: 32 system calls per request, a
    tenth of a worker's CPU when it follows a thousand tasks. Here the socket is asked only of
    the connection a request is about to be given (a connection the server closed is never used,
    as before); the others are pruned by their keep-alive time alone.
    """

    def _assign_requests_to_connections(self) -> list[typing.Any]:
        closing = []
        for connection in list(self._connections):
            if connection.is_closed():
                self._connections.remove(connection)
            # httpcore counts `len([c.is_idle() for c in connections])`: all of them, at a cost per idle one
            elif _keepalive_expired(connection) or (
                connection.is_idle() and len(self._connections) > self._max_keepalive_connections
            ):
                self._connections.remove(connection)
                closing.append(connection)
        for pool_request in [request for request in self._requests if request.is_queued()]:
            origin = pool_request.request.url.origin
            available = self._available(origin, closing)
            if available is not None:
                pool_request.assign_to_connection(available)
                continue
            if len(self._connections) < self._max_connections:
                connection = self.create_connection(origin)
            else:
                spare = next((c for c in self._connections if c.is_idle()), None)
                if spare is None:
                    continue
                self._connections.remove(spare)
                closing.append(spare)
                connection = self.create_connection(origin)
            self._connections.append(connection)
            pool_request.assign_to_connection(connection)
        return closing

    def _available(self, origin: httpcore.Origin, closing: list[typing.Any]) -> typing.Any:
        """The first connection that can take a request to `origin` now; those found expired go to `closing`."""
        for connection in list(self._connections):
            if not (connection.can_handle_request(origin) and connection.is_available()):
                continue
            if connection.has_expired():  # the server closed it meanwhile (a readable idle socket)
                self._connections.remove(connection)
                closing.append(connection)
                continue
            return connection
        return None


def pooled_transport(verify: bool | ssl.SSLContext, limits: httpx.Limits) -> httpx.AsyncHTTPTransport:
    """httpx's transport for these TLS settings and limits, on the cheaper pool (see the module docstring)."""
    transport = httpx.AsyncHTTPTransport(verify=verify, limits=limits)
    stock = transport._pool  # httpx builds its pool in __init__ and offers no way to pass a backend
    if not isinstance(stock, httpcore.AsyncConnectionPool) or type(stock) is not httpcore.AsyncConnectionPool:
        return transport  # a proxy pool: left as httpx made it
    kind = _Pool if httpcore.__version__.startswith("1.0.") else httpcore.AsyncConnectionPool
    transport._pool = kind(
        ssl_context=stock._ssl_context,
        max_connections=stock._max_connections,
        max_keepalive_connections=stock._max_keepalive_connections,
        keepalive_expiry=stock._keepalive_expiry,
        http1=stock._http1,
        http2=stock._http2,
        retries=stock._retries,
        local_address=stock._local_address,
        uds=stock._uds,
        socket_options=stock._socket_options,
        network_backend=_Backend(),
    )
    return transport

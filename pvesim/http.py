"""A small HTTP/1.1 server on asyncio streams and h11.

Why not an ASGI server: pveproxy puts its error message into the status line's reason phrase
("HTTP/1.1 500 VM 100 is running - destroy failed"), and ASGI has no way to set a reason. A
direct h11 loop also lets a fault close a connection at a chosen moment without error noise.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import unquote

import h11

from pvesim.core import Answer

__all__ = ["HttpServer", "Request"]

_READ_SIZE = 65536
_MAX_BODY = 16 * 1024 * 1024
_STOP_GRACE = 2.0  # seconds open connections get to wind down on stop


@dataclass(frozen=True)
class Request:
    method: str
    path: str  # percent-decoded
    query: str
    headers: dict[str, str]  # lower-case names
    body: bytes


RequestHandler = Callable[[Request], Awaitable[Answer]]


class HttpServer:
    """Serve a request handler on one host and port, optionally over TLS."""

    def __init__(self, handler: RequestHandler, *, ssl_context: ssl.SSLContext | None) -> None:
        self._handler = handler
        self._ssl = ssl_context
        self._server: asyncio.Server | None = None
        self._connections: dict[asyncio.Task[None], asyncio.StreamWriter] = {}
        #: connections accepted since the start (a client's pool is seen from here: tests/pve_client/test_pool.py)
        self.accepted = 0

    @property
    def open_connections(self) -> int:
        return len(self._connections)

    async def start(self, host: str, port: int) -> int:
        """Listen; the port (useful with port 0)."""
        self._server = await asyncio.start_server(self._on_connection, host, port, ssl=self._ssl, backlog=512)
        return int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        # Abort the sockets rather than cancel the connection tasks: asyncio's stream callback logs
        # a cancelled connection task as an error (Python 3.11). A reader then sees EOF and returns.
        for writer in list(self._connections.values()):
            writer.transport.abort()
        pending = list(self._connections)
        if pending:
            _done, stuck = await asyncio.wait(pending, timeout=_STOP_GRACE)
            for task in stuck:  # a handler still busy (a long admin wait): no choice but to cancel it
                task.cancel()
            await asyncio.gather(*stuck, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    async def _on_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self.accepted += 1
        if task is not None:
            self._connections[task] = writer
        try:
            await self._serve(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError, h11.ProtocolError):
            pass  # the client went away or spoke nonsense; nothing to answer
        finally:
            if task is not None:
                self._connections.pop(task, None)
            # No wait_closed(): on shutdown the close waiter is cancelled under us, and closing is enough.
            writer.close()

    async def _next_event(self, conn: h11.Connection, reader: asyncio.StreamReader) -> object:
        while True:
            event = conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            data = await reader.read(_READ_SIZE)
            conn.receive_data(data)
            if not data:
                return conn.next_event()  # ConnectionClosed, or h11 raises a protocol error

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=_MAX_BODY)
        while True:
            event = await self._next_event(conn, reader)
            if not isinstance(event, h11.Request):
                return
            if conn.they_are_waiting_for_100_continue:
                writer.write(conn.send(h11.InformationalResponse(status_code=100, headers=[])) or b"")
            body = bytearray()
            while True:
                part = await self._next_event(conn, reader)
                if isinstance(part, h11.Data):
                    body += part.data
                    if len(body) > _MAX_BODY:
                        return
                elif isinstance(part, h11.EndOfMessage):
                    break
                else:
                    return
            target = event.target.decode("latin-1")
            raw_path, _, query = target.partition("?")
            request = Request(
                method=event.method.decode("ascii").upper(),
                path=unquote(raw_path),
                query=query,
                headers={name.decode("latin-1").lower(): value.decode("latin-1") for name, value in event.headers},
                body=bytes(body),
            )
            answer = await self._handler(request)
            if answer.drop == "before":
                writer.transport.abort()
                return
            headers = [
                ("Content-Type", answer.content_type),
                ("Content-Length", str(len(answer.body))),
                ("Cache-Control", "max-age=0"),
                ("Pragma", "no-cache"),
                ("Server", "pve-api-daemon/3.0"),
                *answer.extra_headers,
            ]
            writer.write(
                conn.send(
                    h11.Response(
                        status_code=answer.status, headers=headers, reason=answer.reason.encode("latin-1", "replace")
                    )
                )
                or b""
            )
            if answer.drop == "after":
                # Headers went out, the body never comes: the client sees the connection die mid-answer.
                await writer.drain()
                writer.transport.abort()
                return
            writer.write(conn.send(h11.Data(data=answer.body)) or b"")
            writer.write(conn.send(h11.EndOfMessage()) or b"")
            await writer.drain()
            if conn.our_state is h11.MUST_CLOSE:
                return
            conn.start_next_cycle()

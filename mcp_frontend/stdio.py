"""The stdio transport with every line answered: a line that is no JSON-RPC message gets its error.

The SDK's stdio transport hands a line it cannot read to the session as an exception, which
logs it (at DEBUG, with the line's raw tail: whatever the client sent, a password too) and
answers nothing. Lines the SDK can read but not write back (a string with a lone surrogate, a
number too long to print) end no better. Between the transport and the session, this answers
each such line with JSON-RPC's own error, and logs only what kind of line it was:
- not JSON that can be read (bad syntax, nesting too deep): -32700, id null;
- JSON that is no JSON-RPC message, or one holding what cannot be read or written back (a lone
  surrogate escape, a number too long): -32600, with the request's id when it has a usable one.

The lines themselves are read and written on the event loop (`Pipes`): the SDK reads stdin and
writes stdout through a thread, a hand-off each way for every message, which cost the server
more than the rest of a read's MCP layer. The SDK takes the streams as `stdio_server`'s
arguments; like its own, ours serve the wire from duplicates of fd 0 and 1 while those point at
the null device and at stderr, so nothing else in the process writes into the protocol. Where
the descriptors are no pipes, sockets or terminals (a regular file), the SDK's own streams serve.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import stat
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any, cast

import anyio
import structlog
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError

__all__ = ["Pipes", "answered_stdio", "refusal"]

log = structlog.get_logger("mcp_frontend.stdio")

#: JSON-RPC ids we answer with: a string, or an integer a client can read back (a double's range)
_LARGEST_ID = 2**53
#: the longest line read (a message beyond it ends the session, as a client that sends one is broken)
_LINE_LIMIT = 2**28
#: what a number in a message may hold at most: more digits than any id or token needs, fewer than
#: Python prints without its integer-to-text limit
_LARGEST_NUMBER = 10**100
_LARGEST_DIGITS = 100


def _usable_id(value: object) -> str | int | None:
    if isinstance(value, str) and not _unwritable(value):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < _LARGEST_ID:
        return value
    return None


def _unwritable(value: Any) -> bool:
    """Whether a message holds what cannot go back out as UTF-8 JSON: a lone surrogate, a huge number."""
    if isinstance(value, dict):
        return any(_unwritable(key) or _unwritable(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_unwritable(item) for item in value)
    if isinstance(value, str):
        return any(0xD800 <= ord(char) <= 0xDFFF for char in value)
    if isinstance(value, float):
        return not math.isfinite(value)
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _LARGEST_NUMBER


def _number(text: str) -> int | None:
    """A JSON integer as Python reads it, or None past what a message may hold (never parsed: too long)."""
    return int(text) if len(text.lstrip("-")) <= _LARGEST_DIGITS else None


def _id_of_line(line: str) -> str | int | None:
    """The usable id of a line that is JSON to Python's reader, or None."""
    try:
        decoded = json.loads(line, parse_int=_number)
    except (ValueError, RecursionError):
        return None
    return _usable_id(decoded.get("id")) if isinstance(decoded, dict) else None


def _error(request_id: str | int | None, code: int, message: str) -> SessionMessage:
    return SessionMessage(JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=message)))


def refusal(item: SessionMessage | Exception) -> SessionMessage | None:
    """The error answer a line from the transport gets, or None for a message the session may have."""
    if isinstance(item, SessionMessage):
        dumped = item.message.model_dump(by_alias=True, exclude_unset=True)
        if not _unwritable(dumped):
            return None
        log.info("jsonrpc_line_refused", kind="unwritable value")
        return _error(_usable_id(dumped.get("id")), INVALID_REQUEST, "Invalid Request: a value cannot be echoed")
    errors = item.errors(include_url=False) if isinstance(item, ValidationError) else []
    if not errors or errors[0]["type"] == "json_invalid":
        raw = errors[0]["input"] if errors else None
        request_id = _id_of_line(raw) if isinstance(raw, str) else None
        if request_id is not None:
            # JSON the SDK's parser refuses but Python's reads (a lone surrogate escape, a huge number):
            # a request whose id can be read gets its answer, or its client would wait for ever
            log.info("jsonrpc_line_refused", kind="unreadable value")
            return _error(request_id, INVALID_REQUEST, "Invalid Request: a value cannot be read")
        log.info("jsonrpc_line_refused", kind="not JSON")
        return _error(None, PARSE_ERROR, "Parse error")
    # the whole message is the input of the shallowest error about an object (a member it misses)
    shallowest_first = sorted(errors, key=lambda error: len(error["loc"]))
    objects = [error["input"] for error in shallowest_first if isinstance(error["input"], dict)]
    request_id = _usable_id(objects[0].get("id")) if objects else None
    log.info("jsonrpc_line_refused", kind="not a JSON-RPC message")
    return _error(request_id, INVALID_REQUEST, "Invalid Request")


class _Lines:
    """stdin's lines, read on the event loop (what `stdio_server` iterates its `stdin` for)."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        line = await self._reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", errors="replace")  # as the SDK's own reader decodes


class _Out:
    """stdout, written on the event loop (what `stdio_server` calls on its `stdout`)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer

    async def write(self, text: str) -> None:
        self._writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self._writer.drain()


def _streamable(fd: int) -> bool:
    """Whether the event loop can wait on `fd`: a pipe, a socket or a terminal (not a regular file)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or (stat.S_ISCHR(mode) and os.isatty(fd))


class Pipes:
    """The process's stdin and stdout as event-loop streams, the wire claimed as the SDK claims it."""

    @staticmethod
    def usable() -> bool:
        return all(_streamable(fd) for fd in (0, 1)) and sys.stdin is not None and sys.stdout is not None

    @staticmethod
    @asynccontextmanager
    async def claimed() -> AsyncIterator[tuple[_Lines, _Out]]:
        """stdin and stdout for the protocol alone: fd 0 reads the null device and fd 1 goes to stderr meanwhile."""
        loop = asyncio.get_running_loop()
        sys.stdout.flush()
        async with AsyncExitStack() as stack:
            wires = []
            for fd, diversion in ((0, os.open(os.devnull, os.O_RDONLY)), (1, os.dup(2))):
                wire = os.dup(fd)
                stack.callback(os.close, wire)
                os.dup2(diversion, fd)
                os.close(diversion)
                stack.callback(os.dup2, wire, fd)  # put back before `wire` closes
                wires.append(wire)
            # each transport owns (and closes) a duplicate of its wire
            reader = asyncio.StreamReader(limit=_LINE_LIMIT)
            inbound = os.fdopen(os.dup(wires[0]), "rb", buffering=0)
            transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), inbound)
            stack.callback(transport.close)
            outbound = os.fdopen(os.dup(wires[1]), "wb", buffering=0)
            out_transport, out_protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, outbound)
            writer = asyncio.StreamWriter(out_transport, out_protocol, None, loop)
            stack.callback(out_transport.close)
            yield _Lines(reader), _Out(writer)


@asynccontextmanager
async def _stdio() -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's stdio streams, on the event loop's own pipes where stdin and stdout are streams."""
    if not Pipes.usable():
        async with stdio_server() as streams:
            yield streams
        return
    # the SDK types its streams as anyio.AsyncFile; it only iterates the one and writes and flushes the other
    async with Pipes.claimed() as (lines, out), stdio_server(stdin=cast(Any, lines), stdout=cast(Any, out)) as streams:
        yield streams


@asynccontextmanager
async def answered_stdio() -> AsyncIterator[tuple[MemoryObjectReceiveStream[SessionMessage], Any]]:
    """The SDK's stdio streams, with every line the session should not see answered here instead."""
    async with _stdio() as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[SessionMessage](0)

        async def pump() -> None:
            async with send:
                async for item in read_stream:
                    answer = refusal(item)
                    if answer is None:
                        assert isinstance(item, SessionMessage)
                        await send.send(item)
                    else:
                        await write_stream.send(answer)

        async with anyio.create_task_group() as group:
            group.start_soon(pump)
            try:
                yield receive, write_stream
            finally:
                group.cancel_scope.cancel()

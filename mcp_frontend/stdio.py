"""The stdio transport with every line answered: a line that is no JSON-RPC message gets its error.

The SDK's stdio transport hands a line it cannot read to the session as an exception, which
logs it (at DEBUG, with the line's raw tail: whatever the client sent, a password too) and
answers nothing. Lines the SDK can read but not write back (a string with a lone surrogate, a
number too long to print) end no better. Between the transport and the session, this answers
each such line with JSON-RPC's own error, and logs only what kind of line it was:
- not JSON that can be read (bad syntax, nesting too deep, a number too long): -32700, id null;
- JSON that is no JSON-RPC message, or one holding what cannot be written back: -32600, with
  the request's id when it has a usable one.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import structlog
from anyio.streams.memory import MemoryObjectReceiveStream
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError

__all__ = ["answered_stdio", "refusal"]

log = structlog.get_logger("mcp_frontend.stdio")

#: JSON-RPC ids we answer with: a string, or an integer a client can read back (a double's range)
_LARGEST_ID = 2**53
#: what a number in a message may hold at most: more digits than any id or token needs, fewer than
#: Python prints without its integer-to-text limit
_LARGEST_NUMBER = 10**100


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
        log.info("jsonrpc_line_refused", kind="not JSON")
        return _error(None, PARSE_ERROR, "Parse error")
    # the whole message is the input of the shallowest error about an object (a member it misses)
    shallowest_first = sorted(errors, key=lambda error: len(error["loc"]))
    objects = [error["input"] for error in shallowest_first if isinstance(error["input"], dict)]
    request_id = _usable_id(objects[0].get("id")) if objects else None
    log.info("jsonrpc_line_refused", kind="not a JSON-RPC message")
    return _error(request_id, INVALID_REQUEST, "Invalid Request")


@asynccontextmanager
async def answered_stdio() -> AsyncIterator[tuple[MemoryObjectReceiveStream[SessionMessage], Any]]:
    """The SDK's stdio streams, with every line the session should not see answered here instead."""
    async with stdio_server() as (read_stream, write_stream):
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

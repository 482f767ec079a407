"""The MCP server spoken to in raw JSON-RPC, as a client of the 2026-07-28 protocol speaks: no SDK in between.

Every request carries the per-request envelope (`_meta`: protocol version, client info and
the capabilities the caller gives it), so a test chooses per request what the client declares.
`StdioWire` runs the server as a process and writes lines to its stdin; `HttpWire` POSTs each
request to a server's URL with the headers the protocol asks for (`Mcp-Method`, `Mcp-Name`,
`MCP-Protocol-Version`), and reads the answer as JSON or as the server-sent event carrying it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import httpx

__all__ = ["PROTOCOL", "TASKS", "HttpWire", "StdioWire", "Wire", "WireError", "envelope"]

PROTOCOL = "2026-07-28"
#: the capabilities of a client that declares the tasks extension
TASKS: dict[str, Any] = {"extensions": {"io.modelcontextprotocol/tasks": {}}}


class WireError(Exception):
    """A JSON-RPC error answer."""

    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code: int = error["code"]
        self.message: str = error.get("message", "")
        self.data: Any = error.get("data")


def envelope(capabilities: Mapping[str, Any]) -> dict[str, Any]:
    """The `_meta` every 2026-07-28 request carries."""
    return {
        "io.modelcontextprotocol/protocolVersion": PROTOCOL,
        "io.modelcontextprotocol/clientCapabilities": dict(capabilities),
        "io.modelcontextprotocol/clientInfo": {"name": "wire-test", "version": "1"},
    }


#: the params key each method mirrors into the `Mcp-Name` header
_NAMES = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"} | dict.fromkeys(
    ("tasks/get", "tasks/update", "tasks/cancel"), "taskId"
)


class Wire(Protocol):
    async def request(
        self, method: str, params: Mapping[str, Any] | None = None, *, capabilities: Mapping[str, Any] = ...
    ) -> dict[str, Any]: ...


def _answer(message: dict[str, Any]) -> dict[str, Any]:
    if "error" in message:
        raise WireError(message["error"])
    result: dict[str, Any] = message["result"]
    return result


class StdioWire:
    """A server process over stdio; `request` sends one JSON-RPC request and returns its result (or raises)."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self._process = process
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        #: the notifications the server sent, in order
        self.notifications: list[dict[str, Any]] = []
        self._reader = asyncio.create_task(self._read())

    @classmethod
    @asynccontextmanager
    async def start(cls, env: Mapping[str, str], cwd: Path, *args: str) -> AsyncIterator[StdioWire]:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "mcp_frontend",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=dict(env),
            cwd=cwd,
            limit=16 * 1024 * 1024,
        )
        wire = cls(process)
        try:
            yield wire
        finally:
            await wire.close()

    async def _read(self) -> None:
        assert self._process.stdout is not None
        async for line in self._process.stdout:
            message: dict[str, Any] = json.loads(line)
            waiter = self._waiting.pop(message["id"], None) if "id" in message else None
            if waiter is not None:
                waiter.set_result(message)
            elif "method" in message:
                self.notifications.append(message)
        for waiter in self._waiting.values():
            waiter.set_exception(AssertionError("the server closed its stdout"))

    async def request(
        self, method: str, params: Mapping[str, Any] | None = None, *, capabilities: Mapping[str, Any] = TASKS
    ) -> dict[str, Any]:
        request_id = next(self._ids)
        answer = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = answer
        body = {**(params or {}), "_meta": envelope(capabilities)}
        line = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": body})
        assert self._process.stdin is not None
        self._process.stdin.write(line.encode() + b"\n")
        await self._process.stdin.drain()
        return _answer(await asyncio.wait_for(answer, timeout=60))

    async def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            await asyncio.wait_for(self._process.wait(), timeout=20)
        except TimeoutError:
            self._process.kill()
            await self._process.wait()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


class HttpWire:
    """A server at `url` (streamable HTTP), one POST per request."""

    def __init__(self, url: str, headers: Mapping[str, str] | None = None) -> None:
        self.url = url
        self._client = httpx.AsyncClient(timeout=60, headers=dict(headers or {}))
        self._ids = itertools.count(1)

    async def request(
        self, method: str, params: Mapping[str, Any] | None = None, *, capabilities: Mapping[str, Any] = TASKS
    ) -> dict[str, Any]:
        body = {**(params or {}), "_meta": envelope(capabilities)}
        headers = {
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": PROTOCOL,
            "Mcp-Method": method,
        }
        if method in _NAMES and _NAMES[method] in body:
            headers["Mcp-Name"] = str(body[_NAMES[method]])
        message = {"jsonrpc": "2.0", "id": next(self._ids), "method": method, "params": body}
        response = await self._client.post(self.url, json=message, headers=headers)
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            events = [line[5:].strip() for line in response.text.splitlines() if line.startswith("data:")]
            answers = [json.loads(data) for data in events if data]
            return _answer(next(answer for answer in answers if answer.get("id") == message["id"]))
        return _answer(response.json())

    async def aclose(self) -> None:
        await self._client.aclose()

"""`proxmox-mcp --http` as a process of its own, and MCP clients that speak to it over real HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

import httpx2
from mcp import Client
from mcp.client._transport import TransportStreams
from mcp.client.streamable_http import streamable_http_client

from tests.support.waiting import eventually

__all__ = ["INITIALIZE", "MCP_HEADERS", "HttpServer", "free_port", "http_client", "http_server"]

ROOT = Path(__file__).resolve().parents[2]
#: a raw initialize request and the headers streamable HTTP wants, for tests that post by hand
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class HttpServer:
    """A running `python -m mcp_frontend --http 127.0.0.1:PORT ...`."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, log_path: Path) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


async def _listening(server: HttpServer) -> bool:
    if server.process.poll() is not None:
        raise AssertionError(f"the HTTP server ended ({server.process.returncode}): {server.log()[-2000:]}")
    try:
        async with httpx2.AsyncClient() as client:
            await client.get(f"http://127.0.0.1:{server.port}/")
    except httpx2.TransportError:
        return False
    return True


@asynccontextmanager
async def http_server(
    env: Mapping[str, str], cwd: Path, *arguments: str, by_setting: bool = False
) -> AsyncIterator[HttpServer]:
    """The server with these arguments after `--http 127.0.0.1:PORT` (or PROXMOX_MCP_HTTP, `by_setting`),
    listening; stopped at the end."""
    port = free_port()
    log_path = cwd / f"http-{port}.log"
    address = f"127.0.0.1:{port}"
    where = {"PROXMOX_MCP_HTTP": address} if by_setting else {}
    with log_path.open("wb") as log:
        process = subprocess.Popen(  # noqa: ASYNC220  # started once; it runs on while the test awaits
            [sys.executable, "-m", "mcp_frontend", *([] if by_setting else ["--http", address]), *arguments],
            env={**env, **where, "PYTHONPATH": str(ROOT)},
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = HttpServer(process, port, log_path)
    try:
        await eventually(lambda: _listening(server), timeout=30, what="the HTTP server to listen")
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@asynccontextmanager
async def _transport(url: str, headers: dict[str, str]) -> AsyncIterator[TransportStreams]:
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as client,
        streamable_http_client(url, http_client=client) as streams,
    ):
        yield streams


def http_client(url: str, token: str | None = None, **kwargs: object) -> Client:
    """The real MCP client over streamable HTTP, with a bearer token if given."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return Client(_transport(url, headers), **kwargs)  # type: ignore[arg-type]

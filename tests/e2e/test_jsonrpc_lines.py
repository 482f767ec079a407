"""Malformed JSON-RPC lines over stdio: each is answered or refused, none is left unanswered or logged.

The real server process, spoken to over its stdin and stdout line by line, as a client (or
something pretending to be one) would. After every bad line the server still answers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from queue import Empty, Queue
from typing import Any

import pytest

from tests.support.redis_server import RedisServer
from tests.support.signing import TEST_JOB_KEY
from tests.support.stack import ROOT

pytestmark = pytest.mark.timeout(120)

SECRET = "hunter2-in-a-bad-line"  # what a client might have sent; it must reach no log
_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}


class Server:
    """The stdio server as a process, with its answers read by a thread into a queue."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.answers: Queue[dict[str, Any]] = Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.answers.put(json.loads(line))

    def send(self, raw: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def answer(self, timeout: float = 15) -> dict[str, Any]:
        try:
            return self.answers.get(timeout=timeout)
        except Empty:
            raise AssertionError(f"no answer within {timeout}s (server alive: {self.process.poll() is None})") from None


@pytest.fixture(scope="module")
def server(redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    directory = tmp_path_factory.mktemp("jsonrpc")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env |= {
        "REDIS_URL": redis_proc.url,
        "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
        "PROXMOX_MCP_LOG_LEVEL": "DEBUG",
        "PROXMOX_MCP_LOG_FILE": str(directory / "server.log"),
        "PYTHONPATH": str(ROOT),
    }
    with (directory / "stderr.log").open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "mcp_frontend"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=env,
            cwd=directory,
        )
    running = Server(process)
    running.send(json.dumps(_INITIALIZE).encode())
    assert running.answer()["id"] == 1
    running.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode())
    yield running
    process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()
    for log in (directory / "server.log", directory / "stderr.log"):
        assert SECRET not in log.read_text(errors="replace"), f"{log.name} holds the raw line"


def _request_object(request_id: int, method: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": {}}


def _request(request_id: object, method: object, params: str = "{}") -> bytes:
    return f'{{"jsonrpc":"2.0","id":{json.dumps(request_id)},"method":{json.dumps(method)},"params":{params}}}'.encode()


@pytest.mark.parametrize(
    ("line", "code", "answered_id"),
    [
        pytest.param(f"not json {SECRET}".encode(), -32700, None, id="not-json"),
        pytest.param(b"", -32700, None, id="empty-line"),
        pytest.param(b"[" * 20_000 + b"]" * 20_000, -32700, None, id="20000-deep-nesting"),
        pytest.param(
            _request(3, "tools/list", '{"_meta":{"progressToken":' + "9" * 5_000 + "}}"),
            -32600,
            3,
            id="5000-digit-progress-token",
        ),
        pytest.param(
            _request(4, "tools/call", f'{{"name":"x","arguments":{{"p":"\\ud800{SECRET}"}}}}'),
            -32600,
            4,
            id="lone-surrogate",
        ),
        pytest.param(f'{{"password":"{SECRET}"}}'.encode(), -32600, None, id="json-but-no-message"),
        pytest.param(_request("r5", 5), -32600, "r5", id="method-not-a-string"),
        pytest.param(b"[]", -32600, None, id="empty-batch"),
        pytest.param(
            b'{"jsonrpc":"2.0","id":' + b"7" * 200 + b',"method":"ping"}', -32600, None, id="id-too-long-to-echo"
        ),
    ],
)
def test_a_malformed_line_is_answered_with_its_json_rpc_error(
    server: Server, line: bytes, code: int, answered_id: object
) -> None:
    server.send(line)
    answer = server.answer()
    assert answer.get("error", {}).get("code") == code, answer
    assert answer.get("id") == answered_id
    server.send(_request(100, "ping"))  # and the server goes on
    assert server.answer() == {"jsonrpc": "2.0", "id": 100, "result": {}}


def test_bytes_that_are_no_utf8_are_read_as_replacement_characters_and_answered(server: Server) -> None:
    server.send(b'{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":"\xed\xa0\x80"}}')
    assert server.answer() == {"jsonrpc": "2.0", "id": 9, "result": {}}


def test_a_session_answered_into_a_regular_file_is_served(redis_proc: RedisServer, tmp_path: Any) -> None:
    """stdout a regular file (the event loop cannot wait on one): the SDK's own streams serve the session."""
    lines = [_INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"}, _request_object(2, "tools/list")]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env |= {"REDIS_URL": redis_proc.url, "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY, "PYTHONPATH": str(ROOT)}
    answers_file = tmp_path / "answers.jsonl"
    with answers_file.open("wb") as stdout:
        process = subprocess.Popen(
            [sys.executable, "-m", "mcp_frontend"], stdin=subprocess.PIPE, stdout=stdout, env=env, cwd=tmp_path
        )
    assert process.stdin is not None
    try:
        process.stdin.write(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
        process.stdin.flush()
        deadline = time.monotonic() + 30
        while len(answers_file.read_text().splitlines()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    answers = [json.loads(line) for line in answers_file.read_text().splitlines()]
    assert [answer["id"] for answer in answers] == [1, 2]
    assert any(tool["name"] == "list_vms" for tool in answers[1]["result"]["tools"])


_STRAY_WRITER = """
import asyncio, os, sys
from mcp_frontend.stdio import Pipes

async def main():
    assert Pipes.usable()
    async with Pipes.claimed() as (lines, out):
        print("stray print", flush=True)
        os.write(1, b"stray write\\n")
        async for line in lines:
            await out.write("echo " + line)
            await out.flush()
    print("after the session", flush=True)

asyncio.run(main())
"""


def test_while_served_only_the_protocol_reaches_stdout() -> None:
    """What else in the process writes to fd 1 goes to stderr while the wire is claimed; stdout is back after."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _STRAY_WRITER],
        input=b'{"a": 1}\n{"b": 2}\n',
        capture_output=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert done.stdout.decode().splitlines() == ['echo {"a": 1}', 'echo {"b": 2}', "after the session"]
    assert done.stderr.decode().splitlines() == ["stray print", "stray write"]

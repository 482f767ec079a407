"""Every entry point starts without a warning on stderr (a user sees stderr in their MCP client's log).

A warning that Python prints reads `FILE:LINE: SomethingWarning: message`; none may appear at the
start of the server (`--demo`, through a session's first call), a worker (its check, and a run
that loads every handler) or pvesim. The processes run with Python's default warning filters,
as a user's do.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.redis_server import redis_server

pytestmark = pytest.mark.timeout(90)

BIN = Path(sys.executable).parent
WARNING = re.compile(r"^\S+:\d+: \w*Warning: ", re.MULTILINE)


def _env(**settings: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL", "PYTHONWARNINGS"))}
    return clean | settings


def _no_warning(stderr: str) -> None:
    assert not WARNING.search(stderr), stderr[-3000:]


def test_pvesim_help_prints_no_warning(tmp_path: Path) -> None:
    done = subprocess.run(
        [BIN / "pvesim", "--help"], env=_env(), cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert "pvesim" in done.stdout
    _no_warning(done.stderr)


def test_the_demo_server_answers_its_first_call_with_no_warning_on_stderr(tmp_path: Path) -> None:
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "list_nodes", "arguments": {}}},
    ]  # fmt: skip
    stderr = tmp_path / "stderr.txt"
    with stderr.open("w") as stderr_file:
        server = subprocess.Popen(
            [BIN / "proxmox-mcp", "--demo"],
            env=_env(PROXMOX_MCP_LOG_FILE=str(tmp_path / "mcp.log")),
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr_file,
            text=True,
        )
    assert server.stdin is not None
    assert server.stdout is not None
    try:
        for request in requests:
            server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        answers = {}
        while 2 not in answers:  # the pipe's end bounds this loop: the server exits on a closed stdin
            line = server.stdout.readline()
            assert line, "the server closed stdout before answering"
            message = json.loads(line)
            answers[message.get("id")] = message
        server.stdin.close()
        assert server.wait(timeout=30) == 0
    finally:
        server.kill()
        server.wait()
        server.stdout.close()
    assert answers[2]["result"]["isError"] is False
    _no_warning(stderr.read_text())


def test_a_worker_checks_and_runs_with_no_warning_on_stderr(tmp_path: Path) -> None:
    with redis_server() as redis:
        env = _env(
            REDIS_URL=redis.url,
            PROXMOX_URL="https://127.0.0.1:1",
            PROXMOX_TOKEN_NAME="mcp@pve!mcp",
            PROXMOX_TOKEN_VALUE="00000000-0000-0000-0000-000000000000",
            PROXMOX_MCP_JOB_KEY="0" * 64,
            PROXMOX_MCP_LOG_FILE=str(tmp_path / "worker.log"),
        )
        check = subprocess.run(
            [BIN / "proxmox-mcp-worker", "--check"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
            check=False,
        )  # fmt: skip
        # --burst loads every handler (asyncssh with them), finds the queue empty and exits
        run = subprocess.run(
            [BIN / "proxmox-mcp-worker", "--burst"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
            check=False,
        )  # fmt: skip
    assert check.returncode == 1, check.stderr  # no worker alive
    assert run.returncode == 0, run.stderr[-3000:]
    _no_warning(check.stderr)
    _no_warning(run.stderr)

"""The MCP conformance suite's tasks scenarios (`tasks-*`) against the server over HTTP.

The suite (npm `@modelcontextprotocol/conformance`, the 0.2 pre-release that has them) calls
fixture tools of its own; tests/support/conformance_server.py serves our server with them
added, built on the same job store and tasks extension as our tools. .ci/run installs the
suite under .node/; without it these tests are skipped with the command that installs it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.node_clients import CONFORMANCE, INSTALL, NODE
from tests.support.redis_server import free_port

pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).resolve().parents[2]

if not (NODE.exists() and CONFORMANCE.exists()):
    pytest.skip(f"the MCP conformance suite is not installed ({INSTALL})", allow_module_level=True)

#: every tasks scenario of the suite but `tasks-status-notifications`, which the suite skips
#: whatever the server does (pending its rewrite against subscriptions/listen)
SCENARIOS = (
    "tasks-lifecycle",
    "tasks-capability-negotiation",
    "tasks-wire-fields",
    "tasks-request-state-removal",
    "tasks-mrtr-input",
    "tasks-request-headers",
    "tasks-dispatch-and-envelope",
    "tasks-required-task-error",
    "tasks-mrtr-composition",
)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    directory = tmp_path_factory.mktemp("conformance")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env |= {"PYTHONPATH": str(ROOT), "PROXMOX_MCP_LOG_FILE": str(directory / "server.log")}
    with (directory / "stderr.log").open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.conformance_server", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            env=env,
            cwd=directory,
        )
    try:
        deadline = time.monotonic() + 60
        while not _listening(port):
            assert process.poll() is None, (directory / "stderr.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "the conformance server did not listen within 60 s"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=30)


def _checks(url: str, scenario: str, out: Path) -> list[dict[str, object]]:
    done = subprocess.run(
        [str(NODE), str(CONFORMANCE), "server", "--url", url, "--scenario", scenario, "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    found = list(out.glob(f"server-{scenario}-*/checks.json"))
    assert len(found) == 1, done.stdout[-3000:] + done.stderr[-3000:]
    checks: list[dict[str, object]] = json.loads(found[0].read_text())
    return checks


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_conformance_suite_passes_the_tasks_scenario(server_url: str, scenario: str, tmp_path: Path) -> None:
    checks = _checks(server_url, scenario, tmp_path)
    failed = [check for check in checks if check["status"] not in ("SUCCESS", "INFO")]
    assert not failed, json.dumps(failed, indent=1)[:4000]
    assert any(check["status"] == "SUCCESS" for check in checks)


def test_the_suite_skips_its_status_notifications_scenario(server_url: str, tmp_path: Path) -> None:
    """Pinned, so a suite that starts checking it shows up here: we send no task notifications yet."""
    statuses = {check["status"] for check in _checks(server_url, "tasks-status-notifications", tmp_path)}
    assert statuses == {"SKIPPED"}

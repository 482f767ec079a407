"""The MCP conformance suite (npm @modelcontextprotocol/conformance) against `proxmox-mcp --http`.

The demo server (embedded, pvesim in process) serves HTTP on loopback without authentication,
as the suite's server scenarios send no token. Every scenario of the active suite runs, and
server-stateless (protocol 2026-07-28) too; those that call the suite's own fixture tools,
resources or prompts are listed, each with its reason, in tests/conformance/expected-failures.yml,
and the suite fails the run for any other failure, or for a listed one that passes. The
summary is printed, so CI's output shows it. .ci/run installs the suite under .node/ (npm);
without it these tests are skipped with the command that installs it.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.support.http_server import http_server
from tests.support.node_clients import CONFORMANCE, INSTALL, NODE, pinned_version

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ROOT / "tests" / "conformance" / "expected-failures.yml"
VERSION = pinned_version("@modelcontextprotocol/conformance")
#: what applies to a Proxmox server and must pass outright (not by the baseline)
MUST_PASS = {
    "server-initialize",
    "server-session-lifecycle",
    "ping",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-error",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
}

if not (NODE.exists() and CONFORMANCE.exists()):
    pytest.skip(f"the MCP conformance suite is not installed ({INSTALL})", allow_module_level=True)


def _conformance(url: str, output: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    return subprocess.run(
        [
            str(NODE),
            str(CONFORMANCE),
            "server",
            "--url",
            url,
            "--expected-failures",
            str(EXPECTED),
            "-o",
            str(output),
            *arguments,
        ],
        env=env | {"NO_COLOR": "1", "FORCE_COLOR": "0"},
        cwd=output,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


async def test_the_conformance_suite_passes_what_applies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    async with http_server(env, tmp_path, "--demo", "--no-auth") as server:
        active = await asyncio.to_thread(_conformance, server.url, tmp_path)
        stateless = await asyncio.to_thread(_conformance, server.url, tmp_path, "--scenario", "server-stateless")
    summary = _plain(active.stdout).split("=== SUMMARY ===", 1)[-1].strip()
    with capsys.disabled():
        print(f"\nMCP conformance suite {VERSION}, active scenarios:\n{summary}")
        checks = _plain(stateless.stdout)
        counts = {word: len(re.findall(rf"\] {word}\b", checks)) for word in ("SUCCESS", "FAILURE", "WARNING")}
        print(
            f"server-stateless (2026-07-28): {counts['SUCCESS']} checks passed, {counts['FAILURE']} failed, "
            f"{counts['WARNING']} warnings; {checks.strip().splitlines()[-1]}"
        )
    assert active.returncode == 0, _plain(active.stdout)[-4000:] + active.stderr[-2000:]
    assert stateless.returncode == 0, _plain(stateless.stdout)[-4000:] + stateless.stderr[-2000:]
    passed = set(re.findall(r"^✓ ([\w-]+):", summary, re.M))
    assert passed >= MUST_PASS

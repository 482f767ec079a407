"""The wheel, installed as a user installs it, outside the checkout: every command runs, and the demo
answers real MCP clients.

The wheel goes into a fresh virtual environment in a temporary folder, from which no checkout is
importable (no PYTHONPATH, another working directory), with its dependencies resolved from the
package index as a user's pip does. Then: the Inspector CLI lists the tools of `proxmox-mcp
--demo` and calls one; the worker checks and runs; pvesim starts; `uvx` runs the wheel. Last,
every `uvx` and `pipx` line of the README's "Install" runs as written, each in a home of its own;
the published package's name is served from the built wheel's folder (UV_FIND_LINKS,
PIP_FIND_LINKS) until it is on PyPI. The image's lines are in tests/deploy/test_image_run.py.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shared.release import DISTRIBUTION
from tests.support.node_clients import INSPECTOR, INSTALL, NODE
from tests.support.redis_server import redis_server
from tests.support.release import README, WARNING, Dist, built, demo_session, fenced_lines, user_env

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    return built(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def venv(dist: Dist, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed by pip, dependencies from the index."""
    home = tmp_path_factory.mktemp("user")
    folder = home / "venv"
    env = user_env(home)
    subprocess.run([sys.executable, "-m", "venv", folder], check=True, env=env, cwd=home, timeout=120)
    install = subprocess.run(
        [folder / "bin" / "python", "-m", "pip", "install", "--quiet", dist.wheel],
        env=env,
        cwd=home,
        capture_output=True,
        text=True,
        timeout=480,
        check=False,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-3000:]
    return folder


def run(argv: list[str | Path], home: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv, env=user_env(home, **extra), cwd=home, capture_output=True, text=True, timeout=480, check=False
    )


def inspector(server: list[str], home: Path, *arguments: str) -> dict[str, Any]:
    """The MCP Inspector CLI against this stdio server command; its JSON answer."""
    if not (NODE.exists() and (INSPECTOR / "index.js").exists()):
        pytest.skip(f"the MCP Inspector is not installed ({INSTALL})")
    # the Inspector hands the server only the variables its -e options name (and PATH, HOME, ...)
    passed = [f"-e{name}={value}" for name, value in user_env(home).items() if name == "SSL_CERT_FILE"]
    done = run([NODE, INSPECTOR / "index.js", "--cli", *server, *passed, *arguments], home)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_installed_demo_answers_the_inspector_with_no_checkout_in_reach(venv: Path, tmp_path: Path) -> None:
    importable = run([venv / "bin" / "python", "-c", "import mcp_frontend; print(mcp_frontend.__file__)"], tmp_path)
    assert importable.stdout.startswith(str(venv)), importable.stdout + importable.stderr
    server = [str(venv / "bin" / "proxmox-mcp"), "--demo"]
    tools = {tool["name"] for tool in inspector(server, tmp_path, "--method", "tools/list")["tools"]}
    assert {"list_nodes", "list_vms", "power_control"} <= tools
    called = inspector(server, tmp_path, "--method", "tools/call", "--tool-name", "list_nodes")
    assert not called.get("isError"), called
    assert [n["node"] for n in called["structuredContent"]["nodes"]] == ["pve1", "pve2"]


async def test_the_installed_server_names_its_release_and_starts_quietly(venv: Path, tmp_path: Path) -> None:
    stderr = await demo_session(f"exec {shlex.quote(str(venv / 'bin' / 'proxmox-mcp'))} --demo", tmp_path)
    assert not WARNING.search(stderr), stderr[-3000:]


def test_the_installed_worker_checks_and_runs_and_pvesim_starts(venv: Path, tmp_path: Path) -> None:
    help_text = run([venv / "bin" / "pvesim", "--help"], tmp_path)
    assert help_text.returncode == 0, help_text.stderr
    assert help_text.stdout.startswith("usage: pvesim")
    with redis_server() as redis:
        settings = {
            "REDIS_URL": redis.url,
            "PROXMOX_URL": "https://127.0.0.1:1",
            "PROXMOX_TOKEN_NAME": "mcp@pve!mcp",
            "PROXMOX_TOKEN_VALUE": "00000000-0000-0000-0000-000000000000",
            "PROXMOX_MCP_JOB_KEY": "0" * 64,
        }
        check = run([venv / "bin" / "proxmox-mcp-worker", "--check"], tmp_path, **settings)
        # --burst loads every handler, finds the queue empty and exits
        burst = run([venv / "bin" / "proxmox-mcp-worker", "--burst"], tmp_path, **settings)
    assert check.returncode == 1, check.stderr  # no worker is alive, and it says so rather than failing to start
    assert burst.returncode == 0, burst.stderr[-3000:]
    for done in (help_text, check, burst):
        assert not WARNING.search(done.stderr), done.stderr[-3000:]


def test_uvx_runs_the_wheel_for_the_inspector(dist: Dist, tmp_path: Path) -> None:
    server = ["uvx", "--from", str(dist.wheel), "proxmox-mcp", "--demo"]
    tools = {tool["name"] for tool in inspector(server, tmp_path, "--method", "tools/list")["tools"]}
    assert {"list_nodes", "list_vms", "power_control"} <= tools


def install_lines(marker: str) -> list[str]:
    """The README's lines under `marker` that run the package (the image's are the deploy tests')."""
    return [line for line in fenced_lines(README.read_text(), marker) if not line.startswith(("docker", ".venv"))]


def test_the_readme_builds_the_wheel_the_local_lines_name(dist: Dist) -> None:
    build, *_ = fenced_lines(README.read_text(), "install-local")
    assert build == ".venv/bin/python -m build"  # what .ci/run runs to make dist/
    for line in install_lines("install-local"):
        assert f"./dist/{dist.wheel.name}" in line, line


@pytest.mark.parametrize("marker", ["install-published", "install-local"])
async def test_every_readme_install_line_runs_the_demo_as_written(
    marker: str, dist: Dist, tmp_path_factory: pytest.TempPathFactory
) -> None:
    lines = install_lines(marker)
    assert {line.split()[0] for line in lines} == {"uvx", "pipx"}
    for line in lines:
        home = tmp_path_factory.mktemp("home")
        (home / "dist").symlink_to(dist.folder)  # the local lines' ./dist, as in a checkout
        # not on PyPI yet: the published name resolves to the built wheel
        index = {"UV_FIND_LINKS": str(dist.folder), "PIP_FIND_LINKS": str(dist.folder)}
        *setup, server = line.split(" && ")
        for command in setup:
            done = run(["bash", "-c", command], home, **index)
            assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
        stderr = await demo_session(server, home, **index)
        assert not WARNING.search(stderr), f"{line}\n{stderr[-3000:]}"
    if marker == "install-published":
        assert all(DISTRIBUTION in line for line in lines)

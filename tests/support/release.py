"""The release as a user gets it: the built sdist and wheel, and a clean environment to run them in.

.ci/run builds both once into dist/ (`python -m build`, `twine check`) and names that folder in
PMCP_DIST_DIR; without it, `built()` builds them into a folder of the test session's own.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from pydantic import AliasChoices

from shared.settings import ENV_FILE_VARIABLE, Settings

__all__ = [
    "DIST_DIR_VARIABLE",
    "README",
    "ROOT",
    "WARNING",
    "Dist",
    "built",
    "demo_session",
    "fenced_lines",
    "project",
    "server_json",
    "setting_variables",
    "user_env",
]

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DIST_DIR_VARIABLE = "PMCP_DIST_DIR"
#: a warning as Python prints it: `FILE:LINE: SomethingWarning: message`
WARNING = re.compile(r"^\S+:\d+: \w*Warning: ", re.MULTILINE)
#: the dev tools a user's shell has in the install tests: uv's (uvx) and pipx
INSTALLERS = ("uv", "uvx", "pipx")


def project() -> dict[str, Any]:
    """pyproject.toml's [project] table."""
    table: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return table


def server_json() -> dict[str, Any]:
    """The MCP Registry entry (server.json)."""
    entry: dict[str, Any] = json.loads((ROOT / "server.json").read_text())
    return entry


@dataclass(frozen=True)
class Dist:
    """A built release: its folder, sdist and wheel."""

    folder: Path
    sdist: Path
    wheel: Path


def built(scratch: Path) -> Dist:
    """The sdist and wheel of this checkout: CI's (PMCP_DIST_DIR), else built into `scratch`."""
    given = os.environ.get(DIST_DIR_VARIABLE)
    folder = Path(given) if given else scratch
    if not given:
        subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(folder), str(ROOT)],
            check=True,
            capture_output=True,
            timeout=300,
        )
    name = project()["name"].replace("-", "_")
    version = project()["version"]
    return Dist(folder, folder / f"{name}-{version}.tar.gz", folder / f"{name}-{version}-py3-none-any.whl")


def user_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment like a user's shell: no PYTHONPATH, no virtual environment, no PROXMOX_* or REDIS_URL, and
    tool homes (uv, pipx) inside `home` so nothing of the developer's is touched or reused."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PROXMOX_", "REDIS_URL", "PYTHON", "VIRTUAL_ENV", "UV_", "PIPX_"))
    }
    # of the dev tools only the installers, so that no command of the checkout's own virtualenv is found
    tools = home / "tools"
    tools.mkdir(exist_ok=True)
    for name in INSTALLERS:
        if not (tools / name).exists():
            (tools / name).symlink_to(Path(sys.executable).with_name(name))
    venv_bin = str(Path(sys.executable).parent)
    path = [entry for entry in env.get("PATH", "").split(os.pathsep) if entry and entry != venv_bin]
    env |= {
        "UV_TOOL_DIR": str(home / "uv-tools"),
        "UV_TOOL_BIN_DIR": str(home / "bin"),
        "PIPX_HOME": str(home / "pipx"),
        "PIPX_BIN_DIR": str(home / "bin"),
        "PATH": os.pathsep.join([str(home / "bin"), str(tools), *path]),
    }
    # behind a TLS-inspecting proxy (as on CI's machines) pip is given its CA bundle; uv reads the same one here
    if "PIP_CERT" in env and "SSL_CERT_FILE" not in env:
        env["SSL_CERT_FILE"] = env["PIP_CERT"]
    return env | extra


def setting_variables() -> dict[str, bool]:
    """Every environment variable the server and the workers read, and whether it holds a secret."""
    found = {ENV_FILE_VARIABLE: False}
    for field in Settings.model_fields.values():
        alias = field.validation_alias
        assert isinstance(alias, AliasChoices)
        found[str(alias.choices[0])] = "SecretStr" in str(field.annotation)
    return found


def fenced_lines(markdown: str, marker: str) -> list[str]:
    """The command lines of the ```sh block right after `<!-- marker -->`, comments dropped."""
    match = re.search(rf"<!-- {re.escape(marker)} -->\s*```sh\n(.*?)```", markdown, flags=re.DOTALL)
    assert match, f"no ```sh block after <!-- {marker} -->"
    lines = [line.split(" #", 1)[0].strip() for line in match.group(1).splitlines()]
    return [line for line in lines if line]


async def demo_session(command: str, home: Path, **extra: str) -> str:
    """One MCP session with the stdio server that `command` (a shell line) starts: the tools are listed, a tool
    answers, and the server names this release. Returns what the server wrote on stderr."""
    errors = home / "stderr.txt"
    server = StdioServerParameters(command="bash", args=["-c", command], env=user_env(home, **extra), cwd=str(home))
    with errors.open("w") as errlog:
        async with Client(stdio_client(server, errlog=errlog)) as client:  # type: ignore[arg-type]
            assert client.server_info.version == project()["version"]
            tools = {tool.name for tool in (await client.list_tools()).tools}
            nodes = await client.call_tool("list_nodes", {})
    assert {"list_nodes", "list_vms", "get_task_status"} <= tools
    assert not nodes.is_error, nodes.content
    assert nodes.structured_content is not None
    assert [n["node"] for n in nodes.structured_content["nodes"]] == ["pve1", "pve2"]
    return errors.read_text()

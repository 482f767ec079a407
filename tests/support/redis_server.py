"""A private redis-server on a free port, so tests never touch anyone else's data."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["RedisServer", "free_port", "redis_server", "restart_redis", "start_aof_redis"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen[bytes]
    directory: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def cli(self, *args: str) -> str:
        """Run redis-cli against this server and return its output (as a user would)."""
        return subprocess.run(
            ["redis-cli", "-p", str(self.port), "--no-raw", *args], capture_output=True, text=True, check=True
        ).stdout

    def dump(self) -> str:
        """Every key and value, as redis-cli shows them: where a test looks for what must not be stored."""
        out: list[str] = []
        for key in self.cli("--raw", "--scan").split():
            kind = self.cli("--raw", "TYPE", key).strip()
            command = {
                "string": ["GET", key],
                "hash": ["HGETALL", key],
                "list": ["LRANGE", key, "0", "-1"],
                "zset": ["ZRANGE", key, "0", "-1", "WITHSCORES"],
                "set": ["SMEMBERS", key],
                "stream": ["XRANGE", key, "-", "+"],
            }[kind]
            value = subprocess.run(
                ["redis-cli", "-p", str(self.port), "--raw", *command], capture_output=True, check=True
            ).stdout
            out.append(key + "\n" + value.decode(errors="replace"))
        return "\n".join(out)


def _wait_ready(port: int, process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith((b"+PONG", b"-NOAUTH")):  # a password-protected server answers too
                    return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError("redis-server did not answer PING in time")


@contextmanager
def redis_server(*extra: str, port: int | None = None) -> Iterator[RedisServer]:
    """Start redis-server on a free port (or `port`) in a temporary directory; stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (apt install redis-server)")
    directory = Path(tempfile.mkdtemp(prefix="pmcp-redis-"))
    port = port or free_port()
    process = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(directory),
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_ready(port, process)
        yield RedisServer(port, process, directory)
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def start_aof_redis(port: int, directory: Path) -> subprocess.Popen[bytes]:
    """redis-server with AOF (every write fsynced) on `port`, keeping its data in `directory`; ready when returned."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (apt install redis-server)")
    directory.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
         "--appendfsync", "always", "--dir", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    _wait_ready(port, process)
    return process


def restart_redis(server: RedisServer, down_seconds: float) -> None:
    """Stop an AOF redis-server, leave it down `down_seconds`, start it again on the same port and data."""
    server.process.terminate()
    server.process.wait(timeout=10)
    time.sleep(down_seconds)  # down: nothing answers on the port
    server.process = start_aof_redis(server.port, server.directory)

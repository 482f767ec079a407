"""A replicated Redis on loopback: a primary, a replica and three sentinels, as a team deploys it.

Each is a redis-server process (sentinels are redis-server in sentinel mode) in a directory of
its own. The sentinels agree (quorum 2) that the primary is down a second after it stops
answering, and promote the replica. With `tls`, every one of them speaks only TLS (clients,
replication and the sentinels' own links), under a throwaway CA.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import redis

from pvesim.tls import TlsFiles, make_tls
from tests.support.redis_server import free_port

__all__ = ["SERVICE", "Node", "SentinelSet", "sentinel_set"]

SERVICE = "pmcp"
DOWN_AFTER_MS = 1000


@dataclass
class Node:
    """One redis-server process: a data node or a sentinel."""

    port: int
    directory: Path
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None
    #: the CA its TLS certificate is signed by (None: plain TCP)
    ca: Path | None = None

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        with (self.directory / "log.txt").open("ab") as log:
            self.process = subprocess.Popen(self.argv, cwd=self.directory, stdout=log, stderr=log)
        _wait_ready(self)

    def kill(self) -> None:
        """SIGKILL: gone at once, as a crashed host; what it had not replicated is lost with it."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self) -> redis.Redis:
        tls = {"ssl": True, "ssl_ca_certs": str(self.ca)} if self.ca is not None else {}
        return redis.Redis(port=self.port, socket_connect_timeout=1, socket_timeout=2, decode_responses=True, **tls)


@dataclass
class SentinelSet:
    data: dict[int, Node]  # by port: the first primary and its replica
    sentinels: list[Node]
    first_primary: int
    root: Path
    failovers: list[float] = field(default_factory=list)
    #: the CA of every node's certificate, when they speak TLS
    ca: Path | None = None

    @property
    def url(self) -> str:
        hosts = ",".join(f"127.0.0.1:{sentinel.port}" for sentinel in self.sentinels)
        if self.ca is not None:
            return f"rediss+sentinel://{hosts}/{SERVICE}/0?ssl_ca_certs={self.ca}"
        return f"redis+sentinel://{hosts}/{SERVICE}/0"

    def primary(self) -> int:
        """The primary's port as the sentinels name it now."""
        for sentinel in self.sentinels:
            try:
                with sentinel.client() as client:
                    host_port = client.execute_command("SENTINEL", "get-master-addr-by-name", SERVICE)
            except redis.RedisError:
                continue
            if host_port:
                return int(host_port[1])
        raise RuntimeError("no sentinel names a primary")

    def wait_for_promotion(self, old: int, timeout: float = 30.0) -> int:
        """Wait until the sentinels name another primary than `old` and it takes writes; its port."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                current = self.primary()
            except RuntimeError:
                current = old
            if current != old:
                with self.data[current].client() as client:
                    if client.info("replication").get("role") == "master":
                        return current
            time.sleep(0.05)
        raise AssertionError(f"no replica was promoted within {timeout} s")

    def wait_for_replicas(self, count: int, timeout: float = 30.0) -> None:
        """Wait until the primary has `count` replicas in sync (after a restarted node rejoined)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.data[self.primary()].client() as client:
                info = client.info("replication")
            online = [v for k, v in info.items() if k.startswith("slave") and isinstance(v, dict)]
            if len([r for r in online if r.get("state") == "online"]) >= count:
                return
            time.sleep(0.1)
        raise AssertionError(f"the primary did not get {count} replica(s) within {timeout} s")


def _wait_acquainted(made: SentinelSet, timeout: float = 30.0) -> None:
    """Wait until every sentinel knows the other two and the replica: before that, a failover finds no majority."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        known = []
        for sentinel in made.sentinels:
            with sentinel.client() as client:
                peers = client.execute_command("SENTINEL", "sentinels", SERVICE)
                replicas = client.execute_command("SENTINEL", "replicas", SERVICE)
            known.append(len(peers) == len(made.sentinels) - 1 and len(replicas) == len(made.data) - 1)
        if all(known):
            return
        time.sleep(0.1)
    raise AssertionError(f"the sentinels did not learn of each other within {timeout} s")


def _wait_ready(node: Node, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert node.process is not None
        if node.process.poll() is not None:
            raise RuntimeError(f"redis-server on port {node.port} exited: {(node.directory / 'log.txt').read_text()}")
        try:
            with node.client() as client:
                if client.ping():
                    return
        except redis.RedisError:
            time.sleep(0.02)
    raise RuntimeError(f"redis-server on port {node.port} did not answer in time")


def _tls_options(tls: TlsFiles | None) -> dict[str, str]:
    """redis-server's settings to speak TLS only (no plain port), replication and sentinel links included."""
    if tls is None:
        return {}
    chain, ca = str(tls.chain_path), str(tls.ca_path)
    return {"tls-cert-file": chain, "tls-key-file": chain, "tls-ca-cert-file": ca, "tls-auth-clients": "no",
            "tls-replication": "yes"}  # fmt: skip


def _data_node(binary: str, root: Path, port: int, replica_of: int | None, tls: TlsFiles | None) -> Node:
    ports = ["--port", "0", "--tls-port", str(port)] if tls is not None else ["--port", str(port)]
    argv = [binary, *ports, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(root / str(port))]
    for name, value in _tls_options(tls).items():
        argv += [f"--{name}", value]
    if replica_of is not None:
        argv += ["--replicaof", "127.0.0.1", str(replica_of)]
    return Node(port, root / str(port), argv, ca=tls.ca_path if tls is not None else None)


def _sentinel(binary: str, root: Path, port: int, primary: int, tls: TlsFiles | None) -> Node:
    directory = root / f"sentinel-{port}"
    directory.mkdir(parents=True)
    config = directory / "sentinel.conf"  # a sentinel rewrites its own file as it learns the set
    ports = f"port 0\ntls-port {port}\n" if tls is not None else f"port {port}\n"
    config.write_text(
        f"{ports}bind 127.0.0.1\n"
        + "".join(f"{name} {value}\n" for name, value in _tls_options(tls).items())
        + f"sentinel monitor {SERVICE} 127.0.0.1 {primary} 2\n"
        f"sentinel down-after-milliseconds {SERVICE} {DOWN_AFTER_MS}\n"
        f"sentinel failover-timeout {SERVICE} 10000\n"
        f"sentinel parallel-syncs {SERVICE} 1\n"
    )
    return Node(port, directory, [binary, str(config), "--sentinel"], ca=tls.ca_path if tls is not None else None)


@contextmanager
def sentinel_set(*, tls: bool = False) -> Iterator[SentinelSet]:
    """A primary, its replica and three sentinels watching them; all stopped and removed afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed (apt install redis-server)")
    root = Path(tempfile.mkdtemp(prefix="pmcp-sentinel-"))
    files = make_tls(root, "127.0.0.1")[0] if tls else None
    primary, replica = free_port(), free_port()
    data = {
        primary: _data_node(binary, root, primary, None, files),
        replica: _data_node(binary, root, replica, primary, files),
    }
    sentinels = [_sentinel(binary, root, free_port(), primary, files) for _ in range(3)]
    made = SentinelSet(data, sentinels, primary, root, ca=files.ca_path if files is not None else None)
    try:
        for node in [*data.values(), *sentinels]:
            node.start()
        made.wait_for_replicas(1)
        _wait_acquainted(made)
        yield made
    finally:
        for node in [*sentinels, *data.values()]:
            node.stop()
        shutil.rmtree(root, ignore_errors=True)

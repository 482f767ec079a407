"""The built image, run: as compose runs it, as the README's `docker run` lines run it, and what it holds.

.ci/image builds the Dockerfile with podman and names the image in PMCP_TEST_IMAGE (and the base it
used in PMCP_TEST_BASE); without them these tests are skipped. Each compose service runs as a
container from the image, with the hardening docker-compose.yml gives it (read-only root, no
capabilities, no new privileges, an init), on the host's network in place of compose's: Redis is
the redis service's command on a local port, and pvesim, a worker and the HTTP frontend are
containers. An MCP client then makes one authenticated call through the frontend. The README's
image lines run as written, with `docker` a shim for podman.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
from redis.asyncio import Redis

from mcp_frontend.auth import add_token
from pvesim.scenario import default_state
from shared.jobs import keys
from tests.support.compose import ROOT, Compose, Service, read_env_file
from tests.support.compose_processes import local_redis
from tests.support.http_server import http_client
from tests.support.redis_server import free_port
from tests.support.release import README, WARNING, demo_session, fenced_lines, server_json, user_env
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

IMAGE = os.environ.get("PMCP_TEST_IMAGE", "")
if not IMAGE or shutil.which("podman") is None:
    pytest.skip("no image built here (.ci/image builds one with podman)", allow_module_level=True)

USER = "10001"
DEV_MODULES = ("pip", "setuptools", "pytest", "ruff", "mypy", "hypothesis", "build", "twine")
# the base's own package manager (apt) stays, as in python:3.11-slim
DEV_PROGRAMS = ("gcc", "cc", "git", "curl", "wget", "sudo")
#: what the image holds, seen from inside as the user it runs as
PROBE = f"""
import importlib.util, json, os, pathlib, shutil

def secret(path):
    if path.name == ".env" or path.suffix == ".key":
        return True
    return path.suffix == ".pem" and b"PRIVATE KEY" in path.read_bytes()

roots = [root for root in ("/app", "/opt/venv", "/home", "/root") if os.access(root, os.R_OK)]
print(json.dumps({{
    "uid": os.getuid(),
    "gid": os.getgid(),
    "app": os.listdir("/app"),
    "modules": [m for m in {DEV_MODULES!r} if importlib.util.find_spec(m)],
    "programs": [p for p in {DEV_PROGRAMS!r} if shutil.which(p)],
    "secrets": [str(p) for root in roots for p in pathlib.Path(root).rglob("*") if p.is_file() and secret(p)],
}}))
"""


def podman(*arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["podman", *arguments], capture_output=True, text=True, timeout=timeout, check=False)


def hardening(service: Service) -> list[str]:
    """docker-compose.yml's security settings of a service, as podman run options."""
    spec = service.spec
    options = ["--read-only"] if spec.get("read_only") else []
    options += [f"--tmpfs={path}" for path in spec.get("tmpfs", [])]
    options += [f"--cap-drop={cap}" for cap in spec.get("cap_drop", [])]
    options += [f"--security-opt={opt.replace(':true', '')}" for opt in spec.get("security_opt", [])]
    options += ["--init"] if spec.get("init") else []
    return options


@contextmanager
def container(
    service: Service, addresses: Mapping[str, str], workdir: Path, *extra: str, volumes: tuple[str, ...] = ()
) -> Iterator[str]:
    """The service as a detached container of the image, removed at the end (its log kept in `workdir`)."""
    name = f"pmcp-test-{service.name}-{uuid.uuid4().hex[:8]}"
    env = [f"--env={key}={value}" for key, value in service.environment(addresses).items()]
    mounts = [f"--volume={volume}" for volume in volumes]
    started = podman(
        "run", "--detach", f"--name={name}", "--network=host", *hardening(service), *env, *mounts,
        IMAGE, *service.command(addresses), *extra,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    try:
        yield name
    finally:
        (workdir / f"{name}.log").write_text(podman("logs", name).stderr)
        podman("rm", "--force", "--time=5", name)


async def a_worker_is_alive(redis_url: str) -> None:
    """Wait for a worker's health key (a container names itself by its own hostname and pid)."""
    client = Redis.from_url(redis_url)

    async def alive() -> bool:
        return bool(await client.keys(keys.worker_health("*")))

    try:
        await eventually(alive, timeout=60, what="a worker container to report healthy")
    finally:
        await client.aclose()


async def listening(url: str) -> bool:
    try:
        async with httpx.AsyncClient(timeout=1) as client:
            await client.get(url)
    except httpx.TransportError:
        return False
    return True


def test_the_image_runs_unprivileged_and_holds_no_secret_and_no_dev_tools() -> None:
    (inspected,) = json.loads(podman("image", "inspect", IMAGE).stdout)
    config = inspected["Config"]
    assert config["User"].split(":")[0] == USER
    assert not [e for e in config.get("Env", []) if e.startswith(("PROXMOX_", "REDIS_URL"))], config["Env"]
    assert config["Labels"]["io.modelcontextprotocol.server.name"] == server_json()["name"]
    done = podman("run", "--rm", IMAGE, "python", "-c", PROBE)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert (seen["uid"], seen["gid"]) == (int(USER), int(USER))
    assert seen["app"] == [], "the working directory must be empty (a .env there would be read)"
    assert seen["modules"] == [], f"dev or build tools in the image: {seen['modules']}"
    assert seen["programs"] == [], f"programs an image for running the server does not need: {seen['programs']}"
    assert seen["secrets"] == [], seen["secrets"]


async def test_the_compose_services_from_the_image_answer_an_authenticated_call(tmp_path: Path) -> None:
    port = free_port()
    variables = read_env_file(ROOT / "demo.env") | {"PROXMOX_MCP_PUBLIC_HOST": f"127.0.0.1:{port}"}
    compose = Compose(variables)
    config = tmp_path / "config"
    config.mkdir()
    token = add_token(config / "tokens.json", "ci", ["read"])
    shutil.chown(config / "tokens.json", int(USER), int(USER))  # docker-compose.yml: chown 10001 config/tokens.json
    with ExitStack() as stack:
        redis_server = stack.enter_context(local_redis(compose.service("redis"), variables["REDIS_PASSWORD"], tmp_path))
        pvesim_port = free_port()
        addresses = {"redis:6379": redis_server.address, "pvesim:8006": f"127.0.0.1:{pvesim_port}"}
        stack.enter_context(
            container(compose.service("pvesim"), addresses, tmp_path, "--host=127.0.0.1", f"--port={pvesim_port}")
        )
        await eventually(lambda: listening(f"http://127.0.0.1:{pvesim_port}/"), timeout=60, what="pvesim to listen")
        worker = stack.enter_context(container(compose.service("worker"), addresses, tmp_path))
        stack.enter_context(
            container(
                compose.service("mcp-http"), addresses, tmp_path, f"--http=127.0.0.1:{port}",
                volumes=(f"{config}:/config:ro,Z",),
            )
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}/mcp"
        await eventually(lambda: listening(url), timeout=60, what="the HTTP frontend to listen")
        await a_worker_is_alive(redis_server.url)
        # the worker container's own health check, as compose runs it
        health = podman("exec", worker, *compose.service("worker").spec["healthcheck"]["test"][1:])
        assert health.returncode == 0, health.stdout + health.stderr

        async with httpx.AsyncClient(timeout=10) as anonymous:
            refused = await anonymous.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert refused.status_code == 401
        async with http_client(url, token) as session:
            result = await session.call_tool("list_vms", {})
        assert not result.is_error, result.content
        assert result.structured_content is not None
        vms = {guest["vmid"] for guest in result.structured_content["guests"]}
        assert vms == {g.vmid for g in default_state().guests.values() if g.kind == "qemu"}


@pytest.fixture
def docker_shim(tmp_path: Path) -> Path:
    """A home whose `docker` is podman. A build gets the base .ci/image used and the host's CA bundle, because
    the Dockerfile's own base is on Docker Hub, which CI cannot reach."""
    home = tmp_path / "home"
    (home / "tools").mkdir(parents=True)
    base = os.environ.get("PMCP_TEST_BASE", "")
    shim = home / "tools" / "docker"
    shim.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = build ] && [ -n "$PMCP_TEST_BASE" ]; then\n'
        '    shift; exec podman build --network host --build-arg "PYTHON_IMAGE=$PMCP_TEST_BASE" \\\n'
        '        -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro "$@"\n'
        "fi\n"
        'exec podman "$@"\n'
    )
    shim.chmod(0o755)
    (home / ".base").write_text(base)
    return home


@pytest.mark.parametrize("marker", ["install-published", "install-local"])
async def test_the_readme_image_lines_run_the_demo_as_written(marker: str, docker_shim: Path) -> None:
    (line,) = [line for line in fenced_lines(README.read_text(), marker) if line.startswith("docker")]
    *setup, server = line.split(" && ")
    env = {"PMCP_TEST_BASE": (docker_shim / ".base").read_text()}
    for command in setup:
        done = await asyncio.to_thread(
            subprocess.run, ["bash", "-c", command], env=user_env(docker_shim, **env), cwd=ROOT,
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert done.returncode == 0, f"{command}\n{done.stderr[-3000:]}"
    stderr = await demo_session(server, docker_shim, **env)
    assert not WARNING.search(stderr), f"{line}\n{stderr[-3000:]}"


async def test_a_stopped_container_ends_its_worker_within_the_grace_period(tmp_path: Path) -> None:
    variables = read_env_file(ROOT / "demo.env")
    compose = Compose(variables)
    with local_redis(compose.service("redis"), variables["REDIS_PASSWORD"], tmp_path) as redis_server:
        addresses = {"redis:6379": redis_server.address, "pvesim:8006": "127.0.0.1:1"}
        with container(compose.service("worker"), addresses, tmp_path) as worker:
            await a_worker_is_alive(redis_server.url)
            # `docker compose stop`: SIGTERM through the init to the worker, which drains and exits
            grace = compose.service("worker").spec["stop_grace_period"].rstrip("s")
            stopped = await asyncio.to_thread(podman, "stop", f"--time={grace}", worker)
            assert stopped.returncode == 0, stopped.stderr
            (state,) = json.loads(podman("inspect", worker).stdout)
            assert state["State"]["ExitCode"] == 0, podman("logs", worker).stderr[-3000:]

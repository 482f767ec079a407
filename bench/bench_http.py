"""The HTTP server under a team's load, and what authentication and signed jobs add to each call.

One run starts pvesim (in this process, 0.2 s tasks), a private redis-server and 4 worker
processes, and two `proxmox-mcp --http` servers on the same Redis and workers: one `--no-auth`
on loopback (the baseline), one with a tokens file, each client sending its bearer token. 16
clients of the official `mcp` client over streamable HTTP each loop over reads (list_nodes,
get_instance_config) and changes (update_instance, create_snapshot, `confirmed`, on a guest of
the client's own: no two clients change one guest), against one server, then the other, in
slices in the order baseline, auth, auth, baseline, baseline, auth, auth, baseline (so drift
over the run, and other load on the machine, hits both alike).

It prints the throughput and p50/p99 per tool of each mode, and the added cost per call:

- end to end: the auth mode's p50 minus the baseline's, per tool, from the runs above and from
  a run side by side (half the clients on each server at once, so load from elsewhere on the
  machine hits both alike); on a loaded two-core machine both are within the noise;
- timed directly, p50 of many runs: the token check as the server makes it on every request
  (the SDK's BearerAuthBackend with our verifier and a tokens file of 50 tokens), the signing
  of a job (the frontend's HMAC over a realistic payload) and the worker's check of it (the HMAC
  again, plus its replay mark, one Redis SET NX).

And the HTTP path alone: tools/list (answered by the server itself, nothing queued; the tokens
have the `critical` scope, so both servers list the same tools), one at a time, to each server
in turn, p50 each: what auth adds to a request, end to end, out of the queue's noise.

Target (issue 14): token check + signing + verification (HMAC and replay mark) <= 1 ms p50 per
call, and auth's end-to-end addition to tools/list <= 1 ms p50.

    .venv/bin/python -m bench.bench_http [--seconds 20] [--clients 16] [--workers 4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import Client
from redis.asyncio import Redis
from starlette.requests import HTTPConnection

from bench.worker_env import worker_env
from mcp_frontend.auth import CallerVerifier, TokenFile, add_token
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.caller import Caller
from shared.jobs import keys
from shared.jobs.client import new_job_id
from shared.operations.snapshots import CREATE_SNAPSHOT, CreateSnapshotParams
from shared.operations.update import UPDATE_INSTANCE, UpdateParams
from tests.support.http_server import HttpServer, http_client, http_server
from tests.support.redis_server import redis_server
from tests.support.signing import SIGNER
from tests.support.waiting import eventually

TARGET_MS = 1.0
#: what each client does, in turn: two reads for every change
ROUND = ("list_nodes", "get_instance_config", "update_instance", "get_instance_config", "list_nodes", "create_snapshot")
CHANGES = frozenset({"update_instance", "create_snapshot"})
MODES = ("no-auth", "bearer")
DIRECT_RUNS = 5000
LISTS = 1000
#: each mode's time in this many slices, the modes in turn A B B A A B B A: drift hits both alike
SLICES = 4


@dataclass
class Calls:
    """What one mode's calls took (seconds, per tool) and which failed."""

    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    wall: float = 0.0

    @property
    def count(self) -> int:
        return sum(len(times) for times in self.seconds.values())

    def all(self) -> list[float]:
        return [t for times in self.seconds.values() for t in times]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def _arguments(tool: str, vmid: int, label: str) -> dict[str, Any]:
    if tool == "list_nodes":
        return {}
    if tool == "get_instance_config":
        return {"vmid": vmid}
    if tool == "update_instance":
        return {"vmid": vmid, "description": f"bench {label}", "confirmed": True, "wait_seconds": 60}
    return {"vmid": vmid, "name": f"b{label}", "confirmed": True, "wait_seconds": 60}


def _failed(tool: str, result: Any) -> bool:
    if result.is_error:
        return True
    state = (result.structured_content or {}).get("state")
    return tool in CHANGES and state not in (None, "succeeded")


async def _client(mcp: Client, number: int, vmid: int, until: float, calls: Calls, serial: list[int]) -> None:
    turn = 0
    while time.monotonic() < until:
        tool = ROUND[turn % len(ROUND)]
        turn += 1
        serial[0] += 1
        began = time.perf_counter()
        result = await mcp.call_tool(tool, _arguments(tool, vmid, f"{number}x{serial[0]}"))
        calls.seconds.setdefault(tool, []).append(time.perf_counter() - began)
        if _failed(tool, result):
            calls.errors[tool] += 1


async def _phase(lanes: list[tuple[Client, int, Calls]], seconds: float, serial: list[int]) -> None:
    """Each (client, guest, tally) loops for `seconds`, all at once."""
    until = time.monotonic() + seconds
    began = time.perf_counter()
    await asyncio.gather(*(_client(c, i, vmid, until, calls, serial) for i, (c, vmid, calls) in enumerate(lanes)))
    for calls in {id(calls): calls for _c, _v, calls in lanes}.values():
        calls.wall += time.perf_counter() - began


async def tool_lists(open_client: Client, auth_client: Client) -> dict[str, float]:
    """tools/list, one client at a time, the two servers in turn: the HTTP path alone (the transport,
    the SDK's auth middleware, our token check), without the queue's noise. p50 of each in ms, and
    the median of the paired differences (each bearer call minus the no-auth call just before it:
    a burst of load from elsewhere hits both of a pair)."""
    times: dict[str, list[float]] = {mode: [] for mode in MODES}
    for _ in range(LISTS):
        for mode, mcp in zip(MODES, (open_client, auth_client), strict=True):
            began = time.perf_counter()
            await mcp.list_tools()
            times[mode].append(time.perf_counter() - began)
    paired = [b - a for a, b in zip(times["no-auth"], times["bearer"], strict=True)]
    return {**{mode: percentile(v, 0.5) * 1000 for mode, v in times.items()}, "paired": percentile(paired, 0.5) * 1000}


def _p50_ms(run: Callable[[], object], runs: int = DIRECT_RUNS) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return percentile(times, 0.5) * 1000


async def _p50_ms_async(run: Callable[[], Awaitable[object]], runs: int = DIRECT_RUNS) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        await run()
        times.append(time.perf_counter() - began)
    return percentile(times, 0.5) * 1000


async def direct_costs(tokens_file: Path, token: str, redis_url: str) -> dict[str, float]:
    """p50 in ms of the token check, the signing and the worker's verification of one call."""
    from mcp.server.auth.middleware.bearer_auth import BearerAuthBackend  # noqa: PLC0415  # the SDK's, as served

    backend = BearerAuthBackend(CallerVerifier(TokenFile(tokens_file), None))
    headers = [(b"host", b"127.0.0.1"), (b"authorization", f"Bearer {token}".encode())]
    connection = HTTPConnection({"type": "http", "headers": headers, "method": "POST", "path": "/mcp"})

    async def check() -> None:
        assert await backend.authenticate(connection) is not None

    caller = Caller(kind="token", name="bench-1", scopes=("change",))
    payloads = {
        "update_instance": UpdateParams(
            vmid=123, cores=4, memory_mb=8192, description="web front end, " * 8, tags=["prod", "web"], confirmed=True
        ).model_dump(mode="json"),
        "create_snapshot": CreateSnapshotParams(
            vmid=123, name="before-upgrade", description="before the kernel update", confirmed=True
        ).model_dump(mode="json"),
    }
    operations = {"update_instance": UPDATE_INSTANCE.name, "create_snapshot": CREATE_SNAPSHOT.name}
    job_id = new_job_id()
    now_ms = int(time.time() * 1000)
    costs = {"token check (BearerAuthBackend, 50 tokens)": await _p50_ms_async(check)}
    for tool, payload in payloads.items():
        op = operations[tool]
        envelope = SIGNER.sign(job_id, op, payload, caller, cluster=keys.DEFAULT_CLUSTER, now_ms=now_ms)
        costs[f"signing ({tool})"] = _p50_ms(
            lambda: SIGNER.sign(job_id, op, payload, caller, cluster=keys.DEFAULT_CLUSTER, now_ms=now_ms)  # noqa: B023
        )
        costs[f"verification ({tool})"] = _p50_ms(
            lambda: SIGNER.verify(job_id, op, payload, envelope, cluster=keys.DEFAULT_CLUSTER, started=False)  # noqa: B023
        )
    redis = Redis.from_url(redis_url)
    try:
        marks = iter(range(10**9))
        costs["replay mark (Redis SET NX)"] = await _p50_ms_async(
            lambda: redis.set(keys.job_signed(f"bench-{next(marks)}"), "1", nx=True, ex=60), runs=2000
        )
    finally:
        await redis.aclose()
    return costs


def _qemu_guests(sim: Simulator, count: int) -> list[int]:
    found = [g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and not g.template]
    if len(found) < count:
        raise SystemExit(f"pvesim has {len(found)} VMs, fewer than {count} clients")
    return found[:count]


async def _workers_up(sim: Simulator, redis_url: str, count: int, workdir: Path) -> list[subprocess.Popen[bytes]]:
    env = worker_env(sim, redis_url)
    running = []
    redis = Redis.from_url(redis_url)
    try:
        for index in range(1, count + 1):
            name = f"http-{index}"
            running.append(
                subprocess.Popen(  # noqa: ASYNC220  # worker processes, stopped by the caller
                    [sys.executable, "-m", "workers"],
                    env=env | {"PROXMOX_MCP_WORKER_NAME": name, "PROXMOX_MCP_LOG_LEVEL": "WARNING"},
                    cwd=workdir,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
            await eventually(lambda n=name: redis.exists(keys.worker_health(n)), timeout=60, what=name)  # type: ignore[misc]
    finally:
        await redis.aclose()
    return running


async def _connected(stack: contextlib.AsyncExitStack, server: HttpServer, tokens: list[str | None]) -> list[Client]:
    return [await stack.enter_async_context(http_client(server.url, token)) for token in tokens]


async def _runs(
    connected: dict[str, list[Client]], vmids: list[int], seconds: float
) -> tuple[dict[str, Calls], dict[str, Calls]]:
    """Each mode with all clients, in slices (A B B A ...); then half the clients of each side by side."""
    results = {mode: Calls() for mode in MODES}
    side = {mode: Calls() for mode in MODES}
    serial = [0]
    for mode in MODES:  # warm: connections to PVE and Redis open, code paths hot
        await _phase([(c, v, Calls()) for c, v in zip(connected[mode], vmids, strict=True)], 3.0, serial)
    for mode in (*MODES, *reversed(MODES)) * (SLICES // 2):
        await _phase(
            [(c, v, results[mode]) for c, v in zip(connected[mode], vmids, strict=True)], seconds / SLICES, serial
        )
    # side by side: half the clients on each server at the same moments, so whatever else loads the
    # machine loads both alike
    half = len(vmids) // 2
    lanes = [(c, v, side[MODES[0]]) for c, v in zip(connected[MODES[0]][:half], vmids[:half], strict=True)]
    lanes += [(c, v, side[MODES[1]]) for c, v in zip(connected[MODES[1]][half:], vmids[half:], strict=True)]
    await _phase(lanes, seconds, serial)
    return results, side


async def main_async(seconds: float, clients: int, workers: int) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="pmcp-bench-http-"))
    tokens_file = workdir / "tokens.json"
    tokens = [add_token(tokens_file, f"bench-{i + 1}", ["critical"]) for i in range(clients)]
    for i in range(clients, 50):  # a tokens file of a team, not of one
        add_token(tokens_file, f"other-{i}", ["read"])
    async with Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5, guests=max(40, 2 * clients), seed=14)) as sim:
        vmids = _qemu_guests(sim, clients)
        with redis_server() as redis:
            processes = await _workers_up(sim, redis.url, workers, workdir)
            env = worker_env(sim, redis.url, PROXMOX_MCP_LOG_LEVEL="WARNING")
            try:
                async with (
                    http_server(env, workdir, "--no-auth") as open_server,
                    http_server(env | {"PROXMOX_MCP_TOKENS_FILE": str(tokens_file)}, workdir) as auth_server,
                    contextlib.AsyncExitStack() as stack,
                ):
                    connected = {
                        "no-auth": await _connected(stack, open_server, [None] * clients),
                        "bearer": await _connected(stack, auth_server, list(tokens)),
                    }
                    results, side = await _runs(connected, vmids, seconds)
                    ping = await tool_lists(connected["no-auth"][0], connected["bearer"][0])
                costs = await direct_costs(tokens_file, tokens[0], redis.url)
            finally:
                for process in processes:
                    process.terminate()
                for process in processes:
                    process.wait(timeout=60)
    return report(results, side, ping, costs, seconds=seconds, clients=clients, workers=workers)


def _table(base: Calls, auth: Calls) -> None:
    print(f"  {'p50 / p99 ms':22}" + "".join(f"{mode:>20}" for mode in MODES) + f"{'bearer - no-auth p50':>24}")
    rows = [(tool, base.seconds.get(tool, []), auth.seconds.get(tool, [])) for tool in dict.fromkeys(ROUND)]
    rows.append(("all calls", base.all(), auth.all()))
    for name, plain, checked in rows:
        cells = "".join(
            f"{percentile(t, 0.5) * 1000:9.1f} / {percentile(t, 0.99) * 1000:7.1f}" for t in (plain, checked)
        )
        diff = (percentile(checked, 0.5) - percentile(plain, 0.5)) * 1000
        ratio = percentile(checked, 0.5) / percentile(plain, 0.5)
        print(f"  {name:22}{cells}{diff:+15.2f} ms ({ratio:.2f}x)")


def report(
    results: dict[str, Calls],
    side: dict[str, Calls],
    ping: dict[str, float],
    costs: dict[str, float],
    *,
    seconds: float,
    clients: int,
    workers: int,
) -> int:
    print(f"HTTP server, {clients} clients (mcp, streamable HTTP), {workers} workers, pvesim tasks 0.2 s")
    print(f"each mode {seconds:.0f} s, in {SLICES} slices, in turn: " + ", ".join((*MODES, *reversed(MODES)) * 2))
    for mode, calls in results.items():
        errors = sum(calls.errors.values())
        print(f"  {mode:8} {calls.count:6d} calls  {calls.count / calls.wall:7.1f} calls/s  {errors} failed")
    if any(calls.errors for calls in (*results.values(), *side.values())):
        print("  failed calls: " + ", ".join(f"{mode} {dict(c.errors)}" for mode, c in {**results, **side}.items()))
    _table(results["no-auth"], results["bearer"])
    half = clients // 2
    print(f"side by side for {seconds:.0f} s: {half} clients on each server at once (the same load on both)")
    for mode, calls in side.items():
        print(f"  {mode:8} {calls.count:6d} calls  {calls.count / calls.wall:7.1f} calls/s")
    _table(side["no-auth"], side["bearer"])
    added = ping["paired"]
    print(
        f"HTTP path alone, tools/list ({LISTS} each, one at a time, in turn): p50 no-auth {ping['no-auth']:.3f} ms, "
        f"bearer {ping['bearer']:.3f} ms; auth adds {added:+.3f} ms (median of the paired differences)"
    )
    print(f"added cost per call, timed directly (p50 of {DIRECT_RUNS}):")
    for name, ms in costs.items():
        print(f"  {name:46} {ms:8.4f} ms")
    token = next(ms for name, ms in costs.items() if name.startswith("token check"))
    sign = max(ms for name, ms in costs.items() if name.startswith("signing"))
    verify = max(ms for name, ms in costs.items() if name.startswith("verification"))
    mark = costs["replay mark (Redis SET NX)"]
    total = token + sign + verify + mark
    print(
        f"  per change call: token check + signing + verification + replay mark = {total:.3f} ms "
        f"(target <= {TARGET_MS} ms); {total / TARGET_MS * 100:.0f}% of the target"
    )
    clean = not any(calls.errors for calls in (*results.values(), *side.values()))
    met = total <= TARGET_MS and added <= TARGET_MS and clean
    print("target met" if met else "target MISSED" + ("" if clean else " (calls failed)"))
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each mode runs (default 20)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    return asyncio.run(main_async(args.seconds, args.clients, args.workers))


if __name__ == "__main__":
    sys.exit(main())

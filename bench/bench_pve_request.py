"""The CPU a PVE request costs the client: our transport against httpx's own, in one run.

pvesim runs in a process of its own (its CPU is not the client's). This process reads one
task's log, GET /nodes/{node}/tasks/{upid}/log as the watcher does at every task's end, through
PveClient, `--requests` times with 12 at once (the watcher's share of the pool), on a client
over shared/pve/transport.py and on one over httpx's stock AsyncHTTPTransport (the baseline),
in alternating rounds so that load from elsewhere on the machine hits both alike. A third
client, aiohttp alone with the same validation of the answer and no httpx above it, is the floor:
what the request would cost the client without httpx's request and response objects. It prints
the client's CPU per request (process time, median of the rounds) and the ratios.

    .venv/bin/python -m bench.bench_pve_request [--requests 3000] [--rounds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

import aiohttp
import httpx
import structlog
import yarl
from pydantic import TypeAdapter

from shared.pve._boundary import _envelope_of
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient
from shared.pve.models import UPID, TaskLogLine
from shared.pve.transport import pooled_transport

_AT_ONCE = 12
_SECRET = "bench-secret"
_TOKEN = "root@pam!mcp"


async def _cpu_per_call(call: Callable[[], Awaitable[object]], count: int) -> float:
    """Client CPU ms per call, `count` calls with _AT_ONCE in flight."""
    gate = asyncio.Semaphore(_AT_ONCE)

    async def one() -> None:
        async with gate:
            await call()

    await asyncio.gather(*(one() for _ in range(_AT_ONCE * 4)))  # connections opened, TLS done
    start = time.process_time()
    await asyncio.gather(*(one() for _ in range(count)))
    return (time.process_time() - start) / count * 1000


def _client(url: str, ca: Path, transport: httpx.AsyncBaseTransport) -> PveClient:
    limits = PveClient.limits_for(_AT_ONCE)
    return PveClient(url, auth=PveTokenAuth(_TOKEN, _SECRET), verify=ca, limits=limits, transport=transport)


async def _measure(url: str, ca: Path, requests: int, rounds: int) -> dict[str, list[float]]:
    tls = ssl.create_default_context(cafile=str(ca))
    limits = PveClient.limits_for(_AT_ONCE)
    async with _client(url, ca, pooled_transport(tls, limits)) as pve:
        guests = await pve.get("/nodes/{node}/qemu", list[dict[str, object]], path={"node": "pve1"})
        vmid = next(g["vmid"] for g in guests if g["status"] == "stopped")
        upid = await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": vmid})
    where = {"path": {"node": upid.node, "upid": str(upid)}, "query": {"start": 0, "limit": 500}}
    log_url = f"{url}/api2/json/nodes/{upid.node}/tasks/{quote(str(upid), safe='')}/log?start=0&limit=500"
    found: dict[str, list[float]] = {"ours": [], "httpx": [], "aiohttp": []}
    for _ in range(rounds):
        for name, runs in found.items():
            if name == "aiohttp":
                runs.append(await _aiohttp_alone(log_url, tls, requests))
                continue
            transport = (
                pooled_transport(tls, limits) if name == "ours" else httpx.AsyncHTTPTransport(verify=tls, limits=limits)
            )
            async with _client(url, ca, transport) as pve:
                read = pve.get_page

                async def call(read: Callable[..., Awaitable[object]] = read) -> object:
                    return await read("/nodes/{node}/tasks/{upid}/log", TaskLogLine, **where)

                runs.append(await _cpu_per_call(call, requests))
    return found


async def _aiohttp_alone(log_url: str, tls: ssl.SSLContext, requests: int) -> float:
    """The same GET on an aiohttp session of the same pool, its answer validated as PveClient does."""
    envelope = _envelope_of(TypeAdapter(list[TaskLogLine]))
    headers = {"Authorization": f"PVEAPIToken={_TOKEN}={_SECRET}"}
    target = yarl.URL(log_url, encoded=True)
    connector = aiohttp.TCPConnector(ssl=tls, limit=_AT_ONCE)
    async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar()) as session:

        async def call() -> object:
            async with session.get(target, headers=headers) as answer:
                answer.raise_for_status()
                return envelope.validate_json(await answer.read())["data"]

        return await _cpu_per_call(call, requests)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger("warning"))  # no line per request
    state = Path(tempfile.mkdtemp(prefix="pmcp-bench-request-"))
    sim = subprocess.Popen(
        [sys.executable, "-m", "pvesim", "--port", "0", "--state-dir", str(state), "--token-secret", _SECRET],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert sim.stdout is not None
        url = next(line.split(" on ", 1)[1].strip() for line in sim.stdout if " listening on " in line)
        found = asyncio.run(_measure(url, state / "pvesim-ca.pem", args.requests, args.rounds))
    finally:
        sim.terminate()
        sim.wait()
    ours, stock, floor = (statistics.median(found[name]) for name in ("ours", "httpx", "aiohttp"))
    print(f"PVE client CPU per GET of a task log, {_AT_ONCE} at once, {args.requests} per round, {args.rounds} rounds")
    for name, runs in found.items():
        print(f"  {name:8} {statistics.median(runs):6.3f} ms  (rounds: {' '.join(f'{r:.3f}' for r in runs)})")
    print(f"  ours / httpx's own transport: {ours / stock:.2f}")
    print(f"  ours / aiohttp alone (the floor, no httpx above it): {ours / floor:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

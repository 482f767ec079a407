"""Cold start: from spawning the server to its answer to tools/list, against a bare MCP server.

One run measures these servers, interleaved (so machine load hits all alike), each started
afresh `--runs` times (median reported):

  bare         an MCPServer with one tool on the same SDK and Python (the baseline)
  redis        the `proxmox-mcp` console script with REDIS_URL set (a private redis-server):
               what a deployment runs
  embedded     the `proxmox-mcp` console script with REDIS_URL unset: its in-memory store and
               in-process worker
  redis -m     the same as `python -m mcp_frontend`, embedded -m likewise (no target)

Each run spawns the process, speaks JSON-RPC over its stdin/stdout (initialize, initialized,
tools/list) and stops the clock at the tools/list answer. Targets (issue 28): the console
script <= 1.15x bare, with REDIS_URL and embedded. It also prints `python -X importtime` totals: what importing the
frontend's command costs beyond the SDK (as its entry point loads it, rich left out; embedded too;
and with rich loaded, as any other import of it would), and our own modules' share of it.

    .venv/bin/python -m bench.bench_startup [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from tests.support.redis_server import redis_server
from tests.support.signing import TEST_JOB_KEY

TARGETS = {"redis": 1.15, "embedded": 1.15}
#: the console script users run, beside this interpreter (pip and uv put it there)
_CONSOLE_SCRIPT = str(Path(sys.executable).with_name("proxmox-mcp"))
_OWN_PACKAGES = ("mcp_frontend", "shared", "workers")
_BARE_SERVER = """\
from mcp.server import MCPServer

server = MCPServer("bare")


@server.tool()
def ping() -> str:
    \"\"\"Answer pong.\"\"\"
    return "pong"


server.run()
"""
#: what the embedded server needs to start; it does not reach PVE before a tool runs
_PVE_ENV = {
    "PROXMOX_URL": "https://127.0.0.1:1",
    "PROXMOX_TOKEN_NAME": "bench@pve!bench",
    "PROXMOX_TOKEN_VALUE": "00000000-0000-0000-0000-000000000000",
}


def _send(process: subprocess.Popen[bytes], message: Mapping[str, object]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    process.stdin.flush()


def _answer(process: subprocess.Popen[bytes], request_id: int) -> dict[str, object]:
    assert process.stdout is not None
    while line := process.stdout.readline():
        message = json.loads(line)
        if message.get("id") == request_id:
            return dict(message)
    raise RuntimeError(f"the server exited (status {process.wait()}) before answering request {request_id}")


def cold_start(argv: list[str], env: Mapping[str, str]) -> tuple[float, int]:
    """Seconds from spawn to the tools/list answer, and how many tools it listed."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        hello = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}
        _send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello})
        _answer(process, 1)
        _send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        listed = _answer(process, 2)
        elapsed = time.perf_counter() - started
    finally:
        process.kill()
        process.wait()
    result = listed.get("result")
    if not isinstance(result, dict):
        raise RuntimeError(f"tools/list failed: {listed}")  # noqa: TRY004  # a failed run, not a type error
    return elapsed, len(result["tools"])


def import_totals(statement: str) -> tuple[float, float]:
    """`python -X importtime -c statement`: milliseconds of all it imports, and of our own modules' own code."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", statement], capture_output=True, text=True, check=True
    )
    line = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)$")
    total = own = 0
    for match in filter(None, map(line.match, run.stderr.splitlines())):
        self_us, cumulative_us, indent, module = int(match[1]), int(match[2]), match[3], match[4]
        if len(indent) == 1:  # a top-level import: its cumulative time holds everything below it
            total += cumulative_us
        if module.split(".")[0] in _OWN_PACKAGES:
            own += self_us
    return total / 1000, own / 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="cold starts per server (median reported)")
    args = parser.parse_args(argv)
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    with tempfile.TemporaryDirectory(prefix="pmcp-bench-") as directory, redis_server() as redis:
        bare_script = Path(directory) / "bare_server.py"
        bare_script.write_text(_BARE_SERVER, encoding="utf-8")
        # an empty .env of its own: the developer's .env must not change what is measured
        env_file = Path(directory) / ".env"
        env_file.write_text("", encoding="utf-8")
        own_env = {**base_env, "PROXMOX_MCP_ENV_FILE": str(env_file), "PROXMOX_MCP_LOG_LEVEL": "WARNING"}
        # with REDIS_URL the server needs the job key it signs with (an unset one stops it at start)
        redis_env = {**own_env, "REDIS_URL": redis.url, "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY}
        embedded_env = {**own_env, **_PVE_ENV}
        module = [sys.executable, "-m", "mcp_frontend"]
        servers = {
            "bare": ([sys.executable, str(bare_script)], base_env),
            "redis": ([_CONSOLE_SCRIPT], redis_env),
            "embedded": ([_CONSOLE_SCRIPT], embedded_env),
            "redis -m": (module, redis_env),
            "embedded -m": (module, embedded_env),
        }
        times: dict[str, list[float]] = {name: [] for name in servers}
        tools: dict[str, int] = {}
        cold_start(*servers["bare"])  # warm the OS file cache once, unmeasured
        for _ in range(args.runs):
            for name, (command, env) in servers.items():
                seconds, tools[name] = cold_start(command, env)
                times[name].append(seconds)
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"cold start, spawn -> tools/list answered (median of {args.runs}):")
    failed = False
    for name, median in medians.items():
        ratio = median / medians["bare"]
        target = TARGETS.get(name)
        verdict = "" if target is None else f"  target <= {target}x: {'ok' if ratio <= target else 'MISSED'}"
        failed |= target is not None and ratio > target
        spread = ", ".join(f"{value * 1000:.0f}" for value in times[name])
        print(f"  {name:11} {median * 1000:7.0f} ms  {ratio:5.2f}x  ({tools[name]} tools; runs: {spread} ms){verdict}")
    print("python -X importtime totals:")
    sdk, _ = import_totals("from mcp.server import MCPServer")
    print(f"  {'from mcp.server import MCPServer':48} {sdk:6.0f} ms")
    # what the launcher (mcp_frontend.__main__) loads: the command, rich left out first
    launch = "from shared.startup import without_rich; without_rich(); import mcp_frontend.cli"
    for label, statement in (
        ("the command (mcp_frontend.cli)", launch),
        ("the command, embedded too", f"{launch}, mcp_frontend.embedded"),
        ("the command with rich loaded", "import mcp_frontend.cli"),
    ):
        total, own = import_totals(statement)
        print(f"  {label:48} {total:6.0f} ms  ({total - sdk:+.0f} ms over the SDK; our modules' own {own:.0f} ms)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Every tool, driven through the real MCP client with values hypothesis draws from its published schema.

The values are those a client reading tools/list may send, with PVE's own formats and the
cluster's names mixed in (tests.support.tool_values). Whatever the values, over the whole run:
- no call ends in INTERNAL_ERROR, and every error's code is one the README lists;
- no output carries a traceback;
- pvesim's validator flags no request (what PVE would refuse never leaves the server);
- no secret (the API token, any password a call carried) is in an output, a log or Redis,
  with the server and workers logging at DEBUG and at INFO.

Bounded here: PROXMOX_MCP_PROPERTY_EXAMPLES per tool and stack (8 unless set: some 500 calls),
drawn from a fixed seed, so CI is repeatable. `python -m bench.bench_properties` runs it long and
with fresh seeds.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.types import CallToolResult, Tool

from mcp_frontend.published import load_published
from pvesim.config import SimConfig
from tests.support.background import BackgroundLoop
from tests.support.pve_values import PASSWORD_MARK
from tests.support.readme import error_codes
from tests.support.redis_server import RedisServer, redis_server
from tests.support.stack import HostedClient, Stack, start_stack
from tests.support.tool_values import Pools, arguments

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

EXAMPLES = int(os.environ.get("PROXMOX_MCP_PROPERTY_EXAMPLES", "8"))
#: the bench's long runs draw fresh values each time; CI's are the same every run
FRESH_SEEDS = os.environ.get("PROXMOX_MCP_PROPERTY_FRESH") == "1"
TOOLS = sorted(published.tool.name for published in load_published())
CODES = error_codes()
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+")


@dataclass
class Run:
    """One stack, its client, and what the run has seen so far."""

    loop: BackgroundLoop
    stack: Stack
    client: Client
    tools: dict[str, Tool]
    job_ids: list[str] = field(default_factory=list)
    secrets: set[str] = field(default_factory=set)
    codes: Counter[str] = field(default_factory=Counter)
    calls: Counter[str] = field(default_factory=Counter)

    def call(self, tool: str, arguments: dict[str, Any]) -> CallToolResult:
        return self.loop.run(self.client.call_tool(tool, arguments), timeout=120)


@pytest.fixture(
    scope="module",
    params=[("redis", "DEBUG"), ("redis", "INFO"), ("embedded", "DEBUG")],
    ids=["redis-debug", "redis-info", "embedded-debug"],
)
def run(request: pytest.FixtureRequest, redis_proc: RedisServer) -> Iterator[Run]:
    mode, level = request.param
    loop = BackgroundLoop()
    # in redis mode a redis-server of its own: the dump at the end is this run's and nothing else's
    with redis_server() if mode == "redis" else nullcontext(redis_proc) as server:
        config = SimConfig(task_duration=0.05, lock_timeout=0.3, ssh=True, guests=30)
        env = {
            "PROXMOX_ALLOW_DANGER": "true",
            "PROXMOX_MCP_LOCK_WAIT": "1",
            "PROXMOX_MCP_WORKER_POLL": "0.2",
            "PROXMOX_MCP_LOG_LEVEL": level,
        }
        stack = loop.run(start_stack(mode, server, config, env))
        host = HostedClient(stack.client())
        try:
            client = loop.run(host.__aenter__())
            tools = {tool.name: tool for tool in loop.run(client.list_tools()).tools}
            running = Run(loop, stack, client, tools, secrets={stack.sim.token_secret})
            ct = next(g for g in stack.sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
            # a job to point at: starting a running container is a no-op
            started = running.call("power_control", {"vmid": ct.vmid, "action": "start", "confirmed": True})
            assert started.structured_content is not None, started.content
            running.job_ids.append(started.structured_content["job_id"])
            yield running
        finally:
            loop.run(host.__aexit__(None, None, None))
            stack.stop()
            loop.run(stack.sim.stop())
            loop.close()


def _shown(result: CallToolResult) -> str:
    """All a client sees of a result: its content and its structured content."""
    return json.dumps([c.model_dump() for c in result.content]) + json.dumps(result.structured_content)


def _check(run: Run, tool: str, sent: dict[str, Any], result: CallToolResult) -> None:
    shown = _shown(result)
    assert not TRACEBACK.search(shown), f"{tool}({sent}) showed a traceback: {shown[:2000]}"
    run.secrets.update(re.findall(PASSWORD_MARK, json.dumps(sent)))
    for secret in run.secrets:
        assert secret not in shown, f"{tool}({sent}) showed a secret"
    violations = run.stack.sim.violations
    assert not violations, f"{tool}({sent}) sent PVE what it would refuse: {violations[-1]}"
    if result.is_error:
        text = result.content[0].text if result.content and result.content[0].type == "text" else shown
        code = text.split(":", 1)[0]
        assert code in CODES, f"{tool}({sent}) answered with a code the README does not list: {text}"
        assert code != "INTERNAL_ERROR", f"{tool}({sent}): {text}"
        run.codes[code] += 1
    else:
        assert result.structured_content is not None, f"{tool}({sent}): {shown[:500]}"
        job_id = result.structured_content.get("job_id")
        if isinstance(job_id, str) and job_id not in run.job_ids:
            run.job_ids.append(job_id)
        run.codes["ok"] += 1


@pytest.mark.parametrize("tool", TOOLS)
def test_any_value_the_schema_allows_gets_an_answer_of_ours_and_leaks_nothing(run: Run, tool: str) -> None:
    schema = run.tools[tool].input_schema
    pools = Pools.now(run.stack.sim, run.job_ids)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=not FRESH_SEEDS,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def one_call(data: st.DataObject) -> None:
        sent = data.draw(arguments(schema, pools), label="arguments")
        run.calls[tool] += 1
        try:
            result = run.call(tool, sent)
        except Exception as error:  # a JSON-RPC error, a server gone: no answer of a tool at all
            raise AssertionError(f"{tool}({sent!r}) got no tool answer: {error!r}") from error
        _check(run, tool, sent, result)

    one_call()


def test_after_the_run_no_secret_is_in_a_log_or_in_redis(run: Run) -> None:
    logs = {path.name: path.read_text(errors="replace") for path in run.stack.log_dir.glob("*.log")}
    assert logs, "the server and workers write log files in this test"
    places = dict(logs)
    if run.stack.redis is not None:
        places["Redis"] = run.stack.redis.dump()
    for secret in run.secrets:
        for place, text in places.items():
            assert secret not in text, f"a secret in {place}"
    assert not run.stack.sim.violations
    print(f"\n{sum(run.calls.values())} calls; answers: {dict(sorted(run.codes.items()))}")

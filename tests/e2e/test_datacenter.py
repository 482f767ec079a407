"""A datacenter (`pvesim --scale datacenter`: 32 nodes, 10,000 guests, 100,000 tasks, 5,000 backups).

What an agent reads to answer an admin's question stays small at this size, and the lists it
walks through (tasks, backups) page through all of it, each entry once, through the real MCP
client (in memory) against pvesim over HTTPS.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Task
from shared.listing import encode_cursor
from shared.operations.cluster import ListTasksParams
from tests.support.inprocess import inprocess_client

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

#: what an agent may read, over all its calls, to answer one question
QUESTION_BYTES = 8 * 1024


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(scale="datacenter"))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    async with inprocess_client(sim) as connected:
        yield connected


class Reader:
    """An agent's calls, and the bytes of each block it was answered with, over all of them.

    Each block counts on its own: a client shows its model one or the other, so each must be small.
    """

    def __init__(self, client: Client) -> None:
        self.client = client
        self.structured = 0
        self.text = 0

    @property
    def bytes(self) -> int:
        return max(self.structured, self.text)

    async def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = await self.client.call_tool(tool, arguments)
        assert not result.is_error, result.content
        assert result.structured_content is not None
        self.structured += len(json.dumps(result.structured_content, separators=(",", ":")).encode())
        self.text += sum(len(getattr(block, "text", "").encode()) for block in result.content)
        return result.structured_content


def _report(capsys: pytest.CaptureFixture[str], question: str, agent: Reader) -> None:
    with capsys.disabled():
        print(f"\n{question}: {agent.structured} bytes structured, {agent.text} bytes of text (bound {QUESTION_BYTES})")


async def test_the_five_busiest_running_vms_of_a_node_are_one_small_answer(
    client: Client, sim: Simulator, capsys: pytest.CaptureFixture[str]
) -> None:
    agent = Reader(client)
    answer = await agent.call("list_vms", node="pve7", status="running", sort="cpu", limit=5)
    running = [g for g in sim.state.guests.values() if g.kind == "qemu" and g.node == "pve7" and g.status == "running"]
    busiest = sorted(running, key=lambda g: (g.cpu_load, g.vmid), reverse=True)[:5]
    assert [g["vmid"] for g in answer["guests"]] == [g.vmid for g in busiest]
    assert answer["total"] == len(running)
    _report(capsys, "the 5 busiest running VMs on pve7", agent)
    assert agent.bytes <= QUESTION_BYTES, agent.bytes


async def test_every_stopped_guest_tagged_prod_is_counted_by_node_and_kind_in_a_small_answer(
    client: Client, sim: Simulator, capsys: pytest.CaptureFixture[str]
) -> None:
    agent = Reader(client)
    answers = {
        kind: await agent.call(tool, status="stopped", tag="prod", limit=0)
        for kind, tool in (("qemu", "list_vms"), ("lxc", "list_lxc_containers"))
    }
    for kind, answer in answers.items():
        truth = Counter(
            g.node
            for g in sim.state.guests.values()
            if g.kind == kind and g.status == "stopped" and "prod" in str(g.config.get("tags", "")).split(";")
        )
        assert answer["guests"] == [] and answer["next_cursor"] is None
        assert answer["by_node"] == dict(sorted(truth.items()))
        assert answer["total"] == sum(truth.values()) > 500
    _report(capsys, "every stopped guest tagged prod", agent)
    assert agent.bytes <= QUESTION_BYTES, agent.bytes


async def _walk(agent: Reader, tool: str, rows: str, key: str, between: Any = None, **arguments: Any) -> list[Any]:
    seen: list[Any] = []
    cursor = None
    while True:
        page = await agent.call(tool, **arguments, **({"cursor": cursor} if cursor else {}))
        seen += [row[key] for row in page[rows]]
        cursor = page["next_cursor"]
        if cursor is None:
            return seen
        if between is not None:
            between(seen)


def _pve_order(task: Task) -> tuple[int, int]:
    return (0, -task.starttime) if task.endtime is None else (1, -task.endtime)


def _starting(sim: Simulator, nodes: list[str]) -> tuple[list[str], Any]:
    """The UPIDs of tasks started between pages, and the `between` of a walk that starts one on each node in turn."""
    started: list[str] = []

    def a_task_starts(seen: list[str]) -> None:
        node, now, pid = nodes[len(started) % len(nodes)], int(time.time()), 900_000 + len(started)
        upid = f"UPID:{node}:{pid:08X}:00000001:{now:08X}:qmstart:1003:root@pam:"
        sim.state.add_task(Task(upid, node, "qmstart", "1003", "root@pam", pid, 1, now))
        started.append(upid)

    return started, a_task_starts


async def test_a_nodes_task_history_comes_in_pves_order_each_task_once_while_tasks_start(
    client: Client, sim: Simulator
) -> None:
    history = sorted(sim.state.tasks_on("pve3"), key=_pve_order)
    started, a_task_starts = _starting(sim, ["pve3"])
    agent = Reader(client)
    walked = await _walk(agent, "list_tasks", "tasks", "upid", between=a_task_starts, node="pve3", limit=500)
    assert walked == [t.upid for t in history]  # none of those started on the way, none twice, none skipped
    assert started


async def test_the_clusters_tasks_of_two_days_come_merged_from_every_node_each_once_while_tasks_start(
    client: Client, sim: Simulator
) -> None:
    since = int(time.time()) - 2 * 86400
    recent = [t for t in sim.state.tasks.values() if t.starttime >= since]
    agent = Reader(client)
    first = await agent.call("list_tasks", since=since, limit=5)
    assert first["total"] == len(recent) and len(first["by_node"]) == 32
    started, a_task_starts = _starting(sim, ["pve9", "pve20", "pve31"])
    walked = await _walk(agent, "list_tasks", "tasks", "upid", between=a_task_starts, since=since, limit=500)
    assert len(started) >= 3
    assert sorted(walked) == sorted(t.upid for t in recent)
    ordered = [sim.state.tasks[upid] for upid in walked]
    assert [_pve_order(t) for t in ordered] == sorted(_pve_order(t) for t in ordered)


async def test_a_stale_task_cursor_is_a_clear_error(client: Client) -> None:
    page = await Reader(client).call("list_tasks", node="pve1", limit=5)
    result = await client.call_tool("list_tasks", {"node": "pve2", "limit": 5, "cursor": page["next_cursor"]})
    assert result.is_error and "cursor is stale" in getattr(result.content[0], "text", "")
    # one of the right query whose walk is not a walk: refused as such, not an internal error
    forged = encode_cursor(ListTasksParams(node="pve1", limit=5).query(), {"pve1": "far"})
    result = await client.call_tool("list_tasks", {"node": "pve1", "limit": 5, "cursor": forged})
    assert result.is_error and getattr(result.content[0], "text", "").startswith("VALIDATION_ERROR")


async def test_thousands_of_backups_page_newest_first_within_small_answers(client: Client, sim: Simulator) -> None:
    backups = [v for bucket in sim.state.volumes.values() for v in bucket.values() if v.content == "backup"]
    agent = Reader(client)
    answer = await agent.call("list_backups")
    assert answer["total"] == len(backups) >= 5000
    assert [b["volid"] for b in answer["backups"]] == [
        v.volid for v in sorted(backups, key=lambda v: (v.ctime, v.volid), reverse=True)[:50]
    ]
    assert agent.bytes <= 16 * 1024

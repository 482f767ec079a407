"""The bounded lists at scale (guests, backups, a storage's volumes): pages, filters, sorts, summaries, cursors.

A generated cluster of 400 guests on four nodes, read through the real MCP client (in memory)
from pvesim over HTTPS; every answer is bounded, and a walk through the pages sees each guest
once, even when guests come and go on the way.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Snapshot, Volume
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(120)

GUESTS = 400


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(guests=GUESTS))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    async with inprocess_client(sim) as connected:
        yield connected


async def _list(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    answer: dict[str, Any] = result.structured_content
    text = result.content[0].text  # type: ignore[union-attr]  # a list's content is text
    for block in (json.dumps(answer, separators=(",", ":")), text):
        assert len(block.encode()) <= 16 * 1024, f"{tool}({arguments}): a block of {len(block)} bytes"
    return answer


async def _walk(
    client: Client, tool: str, between: Any = None, rows: str = "guests", key: str = "vmid", **arguments: Any
) -> list[Any]:
    seen: list[Any] = []
    cursor = None
    while True:
        page = await _list(client, tool, **arguments, **({"cursor": cursor} if cursor else {}))
        seen += [row[key] for row in page[rows]]
        cursor = page["next_cursor"]
        if cursor is None:
            return seen
        if between is not None:
            between(seen)


async def test_the_default_answer_is_a_page_with_a_summary_of_the_whole_set(client: Client, sim: Simulator) -> None:
    vms = [g for g in sim.state.guests.values() if g.kind == "qemu"]
    page = await _list(client, "list_vms")
    assert (page["total"], page["count"], page["first"]) == (len(vms), 50, 1)
    assert page["by_status"] == {s: n for s in ("running", "stopped") if (n := sum(1 for g in vms if g.status == s))}
    assert page["by_node"] == {n: sum(1 for g in vms if g.node == n) for n in sorted({g.node for g in vms})}
    assert [g["vmid"] for g in page["guests"]] == sorted(g.vmid for g in vms)[:50]
    assert page["next_cursor"]


async def test_paging_to_the_end_returns_each_guest_once(client: Client, sim: Simulator) -> None:
    walked = await _walk(client, "list_lxc_containers", limit=37)
    assert walked == sorted(g.vmid for g in sim.state.guests.values() if g.kind == "lxc")


async def test_the_five_busiest_running_vms_of_a_node_are_one_small_call(client: Client, sim: Simulator) -> None:
    for index, guest in enumerate(g for g in sim.state.guests.values() if g.node == "pve3"):
        guest.cpu_load = (index % 17) / 100  # loads of its own, so the order is the test's
    arguments = {"node": "pve3", "status": "running", "sort": "cpu", "limit": 5}
    result = await client.call_tool("list_vms", arguments)
    answer = result.structured_content
    assert answer is not None
    running = [g for g in sim.state.guests.values() if (g.node, g.kind, g.status) == ("pve3", "qemu", "running")]
    expected = sorted(running, key=lambda g: (-(g.cpu_load or 0), -g.vmid))[:5]
    assert [g["vmid"] for g in answer["guests"]] == [g.vmid for g in expected]
    assert answer["total"] == len(running) and answer["sort"] == "cpu desc"
    size = len(json.dumps(answer)) + len(result.content[0].text)  # type: ignore[union-attr]
    assert size <= 8 * 1024, size


async def test_filters_by_tag_name_and_template(client: Client, sim: Simulator) -> None:
    tagged = sorted(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.vmid % 7 == 0)
    for vmid in tagged:
        sim.state.guests[vmid].config["tags"] = "prod;batch"
    page = await _list(client, "list_vms", tag="batch", limit=500)
    assert [g["vmid"] for g in page["guests"]] == tagged
    named = await _list(client, "list_vms", name="VM10*", limit=500)
    assert named["guests"] and all(g["name"].startswith("vm10") for g in named["guests"])
    assert (await _list(client, "list_vms", template=True))["total"] == 0


async def test_a_stale_or_foreign_cursor_is_a_clear_error(client: Client) -> None:
    page = await _list(client, "list_vms", limit=10, sort="name")
    result = await client.call_tool("list_vms", {"limit": 10, "sort": "vmid", "cursor": page["next_cursor"]})
    assert result.is_error and "cursor is stale" in result.content[0].text  # type: ignore[union-attr]
    result = await client.call_tool("list_vms", {"cursor": "not-a-cursor"})
    assert result.is_error and result.content[0].text.startswith("VALIDATION_ERROR")  # type: ignore[union-attr]


async def test_guests_coming_and_going_mid_walk_neither_repeat_nor_skip_the_others(
    client: Client, sim: Simulator
) -> None:
    before = sorted(g.vmid for g in sim.state.guests.values() if g.kind == "qemu")
    removed: list[int] = []

    def churn(seen: list[int]) -> None:
        # one guest behind the cursor and one ahead of it go away
        for vmid in (seen[0], next(v for v in before if v > seen[-1] + 10)):
            if vmid in sim.state.guests:
                del sim.state.guests[vmid]
                removed.append(vmid)

    walked = await _walk(client, "list_vms", between=churn, limit=60)
    assert len(walked) == len(set(walked))
    assert set(before) - set(removed) <= set(walked)


async def test_backups_come_newest_first_a_page_at_a_time_within_since_and_until(
    client: Client, sim: Simulator
) -> None:
    base = 1_760_000_000
    for index in range(230):
        vmid = 1000 + index % 40
        volid = f"local:backup/vzdump-qemu-{vmid}-{index:05d}.vma.zst"
        sim.state.add_volume("pve1", Volume(volid, "backup", 2**30, "vma.zst", vmid=vmid, ctime=base + index * 60))
    first = await _list(client, "list_backups", node="pve1", storage="local")
    assert (first["total"], first["count"], first["total_bytes"]) == (230, 50, 230 * 2**30)
    times = [b["created_at"] for b in first["backups"]]
    assert times == sorted(times, reverse=True) and times[0] == base + 229 * 60
    walked = await _walk(client, "list_backups", rows="backups", key="volid", node="pve1", storage="local", limit=64)
    assert len(walked) == len(set(walked)) == 230
    window = await _list(client, "list_backups", node="pve1", since=base + 100 * 60, until=base + 110 * 60)
    assert window["total"] == 10
    text = (await client.call_tool("list_backups", {"node": "pve1", "limit": 3})).content[0].text  # type: ignore[union-attr]
    assert text.splitlines()[0].startswith("230 backups match") and len(text.splitlines()) == 4


async def test_a_storages_volumes_come_a_page_at_a_time(client: Client) -> None:
    page = await _list(client, "list_storage_content", node="pve1", storage="local-lvm", limit=25)
    assert page["count"] == 25 and page["total"] > 25 and page["next_cursor"]
    seen = await _walk(
        client, "list_storage_content", rows="items", key="volid", node="pve1", storage="local-lvm", limit=25
    )
    assert seen == sorted(seen) and len(seen) == len(set(seen)) == page["total"]


async def test_a_fleet_plan_over_hundreds_of_guests_shows_fifty_and_counts_them_all(
    client: Client, sim: Simulator
) -> None:
    lxc = [g for g in sim.state.guests.values() if g.kind == "lxc"]
    result = await client.call_tool("power_guests", {"kind": "lxc", "action": "start", "dry_run": True})
    assert not result.is_error, result.content
    plan = result.structured_content
    assert plan is not None
    assert (plan["total"], plan["counts"], len(plan["guests"])) == (len(lxc), {"planned": len(lxc)}, 50)
    assert len(json.dumps(plan)) <= 16 * 1024


async def test_nodes_come_sorted_by_load_a_page_at_a_time_with_counts_by_status(client: Client, sim: Simulator) -> None:
    walked = await _walk(client, "list_nodes", rows="nodes", key="node", sort="memory", limit=3)
    assert sorted(walked) == sorted(sim.state.nodes) and len(walked) == len(set(walked))
    page = await _list(client, "list_nodes", status="online", limit=1)
    assert page["by_status"] == {"online": len(sim.state.nodes)} and page["count"] == 1 and page["next_cursor"]


async def test_a_guests_many_snapshots_come_oldest_first_a_page_at_a_time(client: Client, sim: Simulator) -> None:
    guest = next(g for g in sim.state.guests.values() if g.kind == "qemu" and not g.snapshots)
    for n in range(12):
        guest.snapshots[f"daily-{n:02d}"] = Snapshot(f"daily-{n:02d}", snaptime=1_700_000_000 + n * 86400)
    page = await _list(client, "list_snapshots", vmid=guest.vmid, limit=5)
    assert (page["total"], page["count"], page["first"]) == (12, 5, 1)
    walked = await _walk(client, "list_snapshots", rows="snapshots", key="name", vmid=guest.vmid, limit=5)
    assert walked == [f"daily-{n:02d}" for n in range(12)]

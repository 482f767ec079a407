"""The audit log's hash chain (shared.audit): appended by several writers as one chain; edits and gaps found."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis

from shared.audit import AuditLog, read_entries, verify, without_cluster


async def test_entries_appended_at_once_by_several_writers_form_one_chain(fake_redis: Redis) -> None:
    logs = [AuditLog(fake_redis) for _ in range(4)]
    await asyncio.gather(*(log.append({"tool": "power_control", "n": n}) for n, log in enumerate(logs * 5)))
    entries = await read_entries(fake_redis)
    assert [entry["seq"] for entry in entries] == list(range(1, 21))
    assert verify(entries) == []


async def test_entries_one_writer_appends_at_once_each_come_back_to_their_caller(fake_redis: Redis) -> None:
    log = AuditLog(fake_redis)  # one worker whose jobs end together: their entries share transactions
    written = await asyncio.gather(*(log.append({"tool": "power_control", "n": n}) for n in range(30)))
    assert [entry["n"] for entry in written] == list(range(30))
    assert sorted(entry["seq"] for entry in written) == list(range(1, 31))
    entries = await read_entries(fake_redis)
    assert entries == sorted(written, key=lambda entry: entry["seq"])
    assert verify(entries) == []


async def test_an_edited_a_deleted_and_an_inserted_entry_are_each_found(fake_redis: Redis) -> None:
    log = AuditLog(fake_redis)
    for n in range(5):
        await log.append({"tool": "create_snapshot", "n": n})
    entries = await read_entries(fake_redis)
    edited: list[dict[str, Any]] = [dict(entry) for entry in entries]
    edited[2]["caller"] = "someone else"
    assert verify(edited) == ["entry 3: its content does not match its hash (edited)"]
    assert verify(entries[:1] + entries[2:]) == ["entry 3: expected entry 2 here (one deleted or inserted)"]
    assert "entry 3: expected entry 2 here" in verify([entries[0], entries[2], entries[1]])[0]


def test_a_file_may_skip_what_other_writers_wrote_but_not_break_a_link() -> None:
    from shared.audit import GENESIS, entry_hash  # noqa: PLC0415

    first = {"seq": 1, "prev": GENESIS, "tool": "x"}
    first["hash"] = entry_hash(first)
    third = {"seq": 3, "prev": "h" * 64, "tool": "y"}  # the second was another worker's
    third["hash"] = entry_hash(third)
    assert verify([first, third], gaps_allowed=True) == []
    assert verify([first, third]) != []


async def test_an_edited_or_removed_cluster_is_found_and_entries_from_before_clusters_still_verify(
    fake_redis: Redis,
) -> None:
    """Entries of a release without clusters have no `cluster`: their chain holds, and the check counts them."""
    log = AuditLog(fake_redis)
    for n in range(2):  # as an older worker wrote them
        await log.append({"tool": "create_snapshot", "vmid": 100, "n": n})
    for cluster in ("a", "b"):
        await log.append({"tool": "create_snapshot", "cluster": cluster, "vmid": 100})
    entries = await read_entries(fake_redis)
    assert verify(entries) == []
    assert without_cluster(entries) == 2
    moved = [dict(entry) for entry in entries]
    moved[3]["cluster"] = "a"  # b's change of VM 100 passed off as a's
    assert verify(moved) == ["entry 4: its content does not match its hash (edited)"]
    dropped = [dict(entry) for entry in entries]
    del dropped[2]["cluster"]  # made to look older than it is
    assert verify(dropped) == ["entry 3: its content does not match its hash (edited)"]
    claimed = [dict(entry) for entry in entries]
    claimed[0]["cluster"] = "b"  # an old entry given a cluster afterwards
    assert verify(claimed) == ["entry 1: its content does not match its hash (edited)"]

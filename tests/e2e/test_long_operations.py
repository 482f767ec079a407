"""The long operations end to end through the stdio MCP client: clone, migrate, back up, restore,
resize and move disks, make templates, for qemu and LXC; each one's failure changes nothing on PVE."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Guest, Storage
from tests.support.agent import error_of
from tests.support.calls import guest
from tests.support.cluster import assert_unchanged, picture
from tests.support.inprocess import inprocess_client
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(180)

#: a PVE task this long gives a waiting client progress lines while it runs (the log is copied every second)
SLOW_TASK = 3.0


async def change(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, {"confirmed": True, **arguments})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    assert result.structured_content["done"], result.structured_content
    return result.structured_content


async def with_progress(client: Client, tool: str, **arguments: Any) -> tuple[dict[str, Any], list[float]]:
    """A waited change and the progress notifications the client received during it."""
    progress: list[float] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(value)

    result = await client.call_tool(tool, {"confirmed": True, **arguments}, progress_callback=on_progress)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content, progress


@asynccontextmanager
async def pve_unchanged(stack: Stack) -> AsyncIterator[None]:
    """The block writes nothing to PVE and changes nothing there (its job was refused before any write)."""
    before = picture(stack.sim)
    yield
    assert_unchanged(stack.sim, before)


@asynccontextmanager
async def pve_refuses(stack: Stack) -> AsyncIterator[None]:
    """What the block writes PVE refuses before it starts anything: no task, and nothing changed."""
    before = picture(stack.sim)
    tasks = len(stack.sim.state.tasks)
    yield
    writes = [r for r in stack.sim.requests[before.requests :] if r.method != "GET"]
    assert writes and all(r.status >= 400 for r in writes), writes
    after = picture(stack.sim)
    assert (after.guests, after.counts, len(stack.sim.state.tasks)) == (before.guests, before.counts, tasks)


def other_node(sim: Simulator, of: Guest) -> str:
    return next(node for node in sim.state.nodes if node != of.node and sim.state.nodes[node].online)


def last_stopped_vm(sim: Simulator) -> Guest:
    return max(
        (g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.template),
        key=lambda g: g.vmid,
    )


def disk_storage(sim: Simulator, vmid: int, disk: str) -> str:
    return sim.state.guests[vmid].config[disk].split(":", 1)[0]


# -- clone ------------------------------------------------------------------------------------


async def test_a_waited_full_clone_reports_copy_progress_and_the_new_vm(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    source = guest(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmclone", vmid=source.vmid, duration=SLOW_TASK, count=1)
    report, progress = await with_progress(changes, "clone_instance", vmid=source.vmid, name="e2e-clone")
    assert report["state"] == "succeeded", report
    new = report["result"]["vmid"]
    assert report["result"] | {"vmid": None} == {
        "vmid": None, "node": source.node, "kind": "qemu", "name": "e2e-clone", "source_vmid": source.vmid,
        "full": True, "started": False, "status": "stopped",
    }  # fmt: skip
    assert sim.state.guests[new].config["name"] == "e2e-clone"
    assert sim.state.counts[source.vmid]["cloned"] == 1
    assert sim.state.counts[new]["created"] == 1
    assert progress and progress == sorted(progress) and progress[0] < 100


async def test_a_container_clone_takes_its_hostname_and_starts(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    source = guest(sim, "lxc", "stopped")
    report = await change(changes, "clone_instance", vmid=source.vmid, name="e2e-ct-clone", start=True)
    new = report["result"]["vmid"]
    assert (report["result"]["kind"], report["result"]["status"]) == ("lxc", "running")
    assert sim.state.guests[new].config["hostname"] == "e2e-ct-clone"
    assert sim.state.guests[new].status == "running"


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_a_template_made_from_a_guest_clones_linked(changes: Client, changes_stack: Stack, kind: str) -> None:
    sim = changes_stack.sim
    source = guest(sim, kind, "stopped")
    made = await change(changes, "convert_to_template", vmid=source.vmid)
    assert made["result"]["changed"] is True
    assert sim.state.guests[source.vmid].template
    again = await change(changes, "convert_to_template", vmid=source.vmid)
    assert (again["result"]["changed"], again["upid"]) == (False, None)
    report = await change(changes, "clone_instance", vmid=source.vmid)
    assert report["result"]["full"] is False
    assert report["result"]["vmid"] in sim.state.guests
    base = f"local-lvm:base-{source.vmid}-disk-0"
    assert any(
        line.startswith("create linked clone of") and base in line for line in sim.state.tasks[report["upid"]].log
    )


async def test_a_vm_on_shared_storage_clones_onto_another_node(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    sim.state.storages.setdefault(
        "e2e-nfs", Storage("e2e-nfs", "nfs", ["images", "rootdir"], shared=True, path="/mnt/pve/e2e-nfs")
    )
    source = last_stopped_vm(sim)  # not the guest the other tests pick first: its disk goes elsewhere
    await change(changes, "move_disk", vmid=source.vmid, disk="scsi0", storage="e2e-nfs", delete=True)
    target = other_node(sim, source)
    report = await change(changes, "clone_instance", vmid=source.vmid, target=target, name="e2e-far")
    new = report["result"]["vmid"]
    assert (report["result"]["node"], sim.state.guests[new].node) == (target, target)
    assert sim.state.guests[source.vmid].node == source.node


async def test_a_clone_onto_another_node_from_local_storage_names_pves_reason_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    source = next(
        g
        for g in sim.state.guests.values()
        if g.kind == "qemu" and g.status == "stopped" and not g.template and g.config["scsi0"].startswith("local-lvm:")
    )
    async with pve_refuses(changes_stack):
        text = await error_of(
            changes, "clone_instance", vmid=source.vmid, target=other_node(sim, source), confirmed=True
        )
    assert text.startswith("PVE_REQUEST_REJECTED:"), text
    assert "(VM uses local storage)" in text


async def test_a_linked_clone_of_a_guest_that_is_no_template_is_refused_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    source = guest(changes_stack.sim, "qemu", "stopped")
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "clone_instance", vmid=source.vmid, full=False, confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "no template" in text


async def test_a_clone_to_a_vmid_in_use_is_a_conflict_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    source, taken = guest(sim, "qemu", "stopped"), guest(sim, "lxc", "running")
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "clone_instance", vmid=source.vmid, newid=taken.vmid, confirmed=True)
    assert text.startswith("CONFLICT:"), text
    assert f"VMID {taken.vmid} is already in use" in text


async def test_a_clone_onto_a_full_storage_fails_with_pves_reason_and_leaves_no_guest(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    full = sim.state.storages.setdefault("e2e-full", Storage("e2e-full", "lvmthin", ["images", "rootdir"]))
    full.reserved = full.total - 1024**3  # a GiB left: the copy of a 32 GiB disk stops part way
    source = guest(sim, "qemu", "stopped")
    guests = set(sim.state.guests)
    text = await error_of(changes, "clone_instance", vmid=source.vmid, storage="e2e-full", confirmed=True)
    assert text.startswith("PVE_TASK_FAILED:"), text
    assert "No space left on device" in text  # PVE's reason, from the task log's tail
    assert set(sim.state.guests) == guests  # the new VMID and its volumes are gone, as PVE leaves it


async def test_a_template_of_a_running_guest_is_a_conflict_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    running = guest(changes_stack.sim, "lxc", "running")
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "convert_to_template", vmid=running.vmid, confirmed=True)
    assert text.startswith("CONFLICT:"), text
    assert "running" in text


# -- migrate ----------------------------------------------------------------------------------


async def test_a_waited_live_migration_reports_progress_and_the_guests_new_node(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "running")
    source, target = vm.node, other_node(sim, vm)
    sim.faults.add_task_rule(type="qmigrate", vmid=vm.vmid, duration=SLOW_TASK, count=1)
    report, progress = await with_progress(changes, "migrate_instance", vmid=vm.vmid, target=target)
    assert report["state"] == "succeeded", report
    assert report["result"] == {
        "vmid": vm.vmid, "kind": "qemu", "source_node": source, "node": target, "mode": "online", "status": "running",
    }  # fmt: skip
    assert report["node"] == target  # get_task_status names where the guest is now
    assert report["upid"].split(":")[1] == source  # the task ran on the source node
    assert sim.state.guests[vm.vmid].node == target
    assert sim.state.counts[vm.vmid]["migrated"] == 1
    assert progress and progress == sorted(progress) and progress[0] < 100


@pytest.mark.parametrize(("kind", "status", "mode"), [("qemu", "stopped", "offline"), ("lxc", "running", "restart")])
async def test_a_guest_migrates_offline_or_in_restart_mode(
    changes: Client, changes_stack: Stack, kind: str, status: str, mode: str
) -> None:
    sim = changes_stack.sim
    moving = guest(sim, kind, status)
    target = other_node(sim, moving)
    report = await change(changes, "migrate_instance", vmid=moving.vmid, target=target)
    assert (report["result"]["mode"], report["result"]["node"], report["result"]["status"]) == (mode, target, status)
    assert sim.state.guests[moving.vmid].node == target


async def test_a_migration_to_an_offline_node_is_refused_before_dispatch_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "stopped")
    target = other_node(sim, vm)
    sim.set_node_online(target, False)
    try:
        async with pve_unchanged(changes_stack):
            text = await error_of(changes, "migrate_instance", vmid=vm.vmid, target=target, confirmed=True)
    finally:
        sim.set_node_online(target, True)
    assert text.startswith("NODE_UNREACHABLE:"), text
    assert f"node {target} is offline" in text


async def test_a_vm_with_a_passed_through_device_is_refused_before_dispatch_naming_it(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "stopped")
    vm.config["usb0"] = "host=1d6b:0002"  # as `qm set --usb0 host=...`
    try:
        async with pve_unchanged(changes_stack):
            text = await error_of(changes, "migrate_instance", vmid=vm.vmid, target=other_node(sim, vm), confirmed=True)
    finally:
        del vm.config["usb0"]
    assert text.startswith("CONFLICT:"), text
    assert "local devices that cannot migrate: usb0" in text


async def test_a_migration_pve_refuses_in_its_task_names_pves_reason_and_the_guest_stays(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "running")
    await change(changes, "create_snapshot", vmid=vm.vmid, name="pinned")  # on local-lvm: it cannot go live
    migrated = sim.state.counts[vm.vmid]["migrated"]
    text = await error_of(changes, "migrate_instance", vmid=vm.vmid, target=other_node(sim, vm), confirmed=True)
    assert text.startswith("PVE_TASK_FAILED:"), text
    assert "migration aborted" in text
    assert "online storage migration not possible if non-replicated snapshot exists" in text
    assert sim.state.guests[vm.vmid].node == vm.node
    assert sim.state.counts[vm.vmid]["migrated"] == migrated


# -- backup and restore -----------------------------------------------------------------------


async def test_a_waited_backup_reports_progress_and_names_the_archive_list_backups_shows_first(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "running")
    sim.faults.add_task_rule(type="vzdump", vmid=vm.vmid, duration=SLOW_TASK, count=1)
    report, progress = await with_progress(changes, "backup_instance", vmid=vm.vmid, notes="before the upgrade")
    assert report["state"] == "succeeded", report
    [archive] = report["result"]["archives"]
    assert archive["vmid"] == vm.vmid
    assert archive["volid"].startswith(f"local:backup/vzdump-qemu-{vm.vmid}-")
    assert archive["volid"] in sim.state.volume_bucket(vm.node, "local")
    assert progress and progress == sorted(progress) and progress[0] < 100
    listed = (await changes.call_tool("list_backups", {"vmid": vm.vmid})).structured_content
    assert listed is not None
    newest = listed["backups"][0]
    assert (newest["volid"], newest["kind"], newest["notes"], newest["protected"]) == (
        archive["volid"], "qemu", "before the upgrade", False,
    )  # fmt: skip


async def test_one_backup_job_of_guests_on_two_nodes_names_an_archive_for_each(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    ct = guest(sim, "lxc", "stopped")
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.node != ct.node and not g.template)
    report = await change(changes, "backup_instance", vmid=ct.vmid, more_vmids=[vm.vmid], protected=True)
    assert sorted(a["vmid"] for a in report["result"]["archives"]) == sorted([ct.vmid, vm.vmid])
    assert sim.state.counts[ct.vmid]["backed_up"] >= 1 and sim.state.counts[vm.vmid]["backed_up"] >= 1
    listed = (await changes.call_tool("list_backups", {"vmid": ct.vmid})).structured_content
    assert listed is not None and listed["backups"][0]["protected"] is True


async def test_a_backup_to_a_storage_without_backup_content_is_refused_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    vm = guest(changes_stack.sim, "qemu", "stopped")
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "backup_instance", vmid=vm.vmid, storage="local-lvm", confirmed=True)
    assert text.startswith("NOT_FOUND:"), text
    assert "'local-lvm' for backup" in text


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_a_backup_restores_as_a_new_guest_and_over_its_stopped_source_with_force(
    changes: Client, changes_stack: Stack, kind: str
) -> None:
    sim = changes_stack.sim
    source = guest(sim, kind, "stopped")
    backup = await change(changes, "backup_instance", vmid=source.vmid, mode="stop")
    [archive] = backup["result"]["archives"]
    restored = await change(
        changes, "restore_backup", archive=archive["volid"], node=source.node, storage="local-lvm", start=True
    )
    new = restored["result"]["vmid"]
    assert new != source.vmid
    assert restored["result"] | {"vmid": None} == {
        "vmid": None, "node": source.node, "kind": kind, "archive": archive["volid"], "replaced": False,
        "started": True, "status": "running",
    }  # fmt: skip
    assert sim.state.counts[new]["restored"] == 1
    forced = await change(
        changes, "restore_backup", archive=archive["volid"], node=source.node, vmid=source.vmid,
        confirm_vmid=source.vmid, force=True, storage="local-lvm",
    )  # fmt: skip
    assert forced["result"]["replaced"] is True
    assert sim.state.counts[source.vmid]["restored"] == 1


async def test_a_restore_to_a_vmid_in_use_without_force_is_a_conflict_and_nothing_changes(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    vm = guest(sim, "qemu", "stopped")
    backup = await change(changes, "backup_instance", vmid=vm.vmid)
    [archive] = backup["result"]["archives"]
    async with pve_unchanged(changes_stack):
        text = await error_of(
            changes, "restore_backup", archive=archive["volid"], node=vm.node, vmid=vm.vmid, confirmed=True
        )
    assert text.startswith("CONFLICT:"), text
    assert f"VMID {vm.vmid} is already in use" in text


async def test_list_backups_of_a_storage_that_holds_none_is_not_found(changes: Client) -> None:
    text = await error_of(changes, "list_backups", node="pve1", storage="local-lvm")
    assert text.startswith("NOT_FOUND:"), text


# -- disks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "disk"), [("qemu", "scsi0"), ("lxc", "rootfs")])
async def test_a_disk_grows_by_a_size_or_to_one_and_a_shrink_is_refused(
    changes: Client, changes_stack: Stack, kind: str, disk: str
) -> None:
    sim = changes_stack.sim
    target = guest(sim, kind, "stopped")
    grown = await change(changes, "resize_disk", vmid=target.vmid, disk=disk, size="+2G")
    size = grown["result"]["size"]
    assert grown["result"]["changed"] is True
    assert f"size={size}" in sim.state.guests[target.vmid].config[disk]
    before = sim.state.counts[target.vmid]["resized"]
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "resize_disk", vmid=target.vmid, disk=disk, size="1G", confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "cannot shrink" in text
    assert sim.state.counts[target.vmid]["resized"] == before == 1


@pytest.mark.parametrize(("kind", "disk"), [("qemu", "scsi0"), ("lxc", "rootfs")])
async def test_a_disk_moves_to_another_storage_and_the_same_storage_is_refused(
    changes: Client, changes_stack: Stack, kind: str, disk: str
) -> None:
    sim = changes_stack.sim
    sim.state.storages.setdefault("e2e-fast", Storage("e2e-fast", "lvmthin", ["images", "rootdir"]))
    target = guest(sim, kind, "stopped")
    before = sim.state.counts[target.vmid]["disk_moved"]
    moved = await change(changes, "move_disk", vmid=target.vmid, disk=disk, storage="e2e-fast", delete=True)
    assert moved["result"]["volume"].startswith("e2e-fast:")
    assert disk_storage(sim, target.vmid, disk) == "e2e-fast"
    assert sim.state.counts[target.vmid]["disk_moved"] == before + 1
    async with pve_unchanged(changes_stack):
        text = await error_of(changes, "move_disk", vmid=target.vmid, disk=disk, storage="e2e-fast", confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "on e2e-fast already" in text


# -- PVE 8.4 ----------------------------------------------------------------------------------


async def test_on_pve_8_4_a_container_migrates_without_the_precondition_endpoint_pve_9_added() -> None:
    sim = Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5, pve_version="8.4"))
    await sim.start()
    try:
        async with inprocess_client(sim) as client:
            report = await change(client, "migrate_instance", vmid=202, target="pve1")
        assert (report["result"]["mode"], report["result"]["node"]) == ("restart", "pve1")
        assert sim.state.guests[202].node == "pve1"
        assert sim.violations == []  # nothing asked of PVE 8.4 that it lacks
    finally:
        await sim.stop()

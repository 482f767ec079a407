"""Every change tool end to end through the stdio MCP client, for qemu and LXC where both apply."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from mcp import Client

from pvesim.simulator import Simulator
from tests.support.agent import error_of
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


async def change(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, {"confirmed": True, **arguments})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def guest_of(sim: Simulator, kind: str, status: str) -> int:
    return next(
        g.vmid
        for g in sim.state.guests.values()
        if g.kind == kind and g.status == status and not g.template and not g.lock and not g.paused
    )


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_power_cycle_follows_each_task_to_its_end(changes: Client, changes_stack: Stack, kind: str) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, kind, "stopped")
    started = await change(changes, "power_control", vmid=vmid, action="start")
    assert (started["state"], started["done"], started["exitstatus"]) == ("succeeded", True, "OK")
    assert started["upid"] in sim.state.tasks
    assert started["result"]["status_after"] == "running"
    rebooted = await change(changes, "power_control", vmid=vmid, action="reboot")
    assert rebooted["result"]["changed"] is True
    stopped = await change(changes, "power_control", vmid=vmid, action="shutdown", timeout=30)
    assert stopped["result"]["status_after"] == "stopped"
    assert sim.state.counts[vmid]["started"] == 1
    assert sim.state.counts[vmid]["rebooted"] == 1
    assert sim.state.counts[vmid]["shutdown"] == 1


async def test_qemu_suspend_and_resume(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "running")
    assert (await change(changes, "power_control", vmid=vmid, action="suspend"))["result"]["status_after"] == "paused"
    assert (await change(changes, "power_control", vmid=vmid, action="resume"))["result"]["status_after"] == "running"


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_asking_for_the_current_state_is_a_successful_no_op(
    changes: Client, changes_stack: Stack, kind: str
) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, kind, "running")
    before = len(sim.state.tasks)
    report = await change(changes, "power_control", vmid=vmid, action="start")
    assert (report["state"], report["upid"], report["result"]["changed"]) == ("succeeded", None, False)
    assert "already running" in report["message"]
    assert len(sim.state.tasks) == before


async def test_reboot_of_a_stopped_guest_is_a_conflict(changes: Client, changes_stack: Stack) -> None:
    vmid = guest_of(changes_stack.sim, "lxc", "stopped")
    text = await error_of(changes, "power_control", vmid=vmid, action="reboot", confirmed=True)
    assert "CONFLICT:" in text
    assert "action='start'" in text


async def test_create_vm_reports_progress_and_the_new_vm(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    iso = next(v for v in sim.state.volumes[("pve1", "local")] if ":iso/" in v)
    progress: list[float] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(value)

    result = await changes.call_tool(
        "create_vm",
        {"node": "pve1", "name": "e2e-vm", "iso": iso, "disk_gb": 4, "confirmed": True},
        progress_callback=on_progress,
    )
    assert not result.is_error, result.content
    report = result.structured_content
    assert report is not None
    vmid = report["result"]["vmid"]
    assert (report["state"], report["result"]["kind"], report["result"]["status"]) == ("succeeded", "qemu", "stopped")
    assert sim.state.guests[vmid].config["name"] == "e2e-vm"
    assert iso in sim.state.guests[vmid].config["ide2"]
    assert progress
    assert progress == sorted(progress)
    assert progress[-1] == 100.0


async def test_create_lxc_hashes_the_password_and_starts_it(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    template = next(v for v in sim.state.volumes[("pve2", "local")] if ":vztmpl/" in v)
    report = await change(
        changes, "create_lxc", node="pve2", hostname="e2e-ct", ostemplate=template, password="correct-horse-9",
        ip="10.0.0.50/24", gateway="10.0.0.1", start=True,
    )  # fmt: skip
    vmid = report["result"]["vmid"]
    assert (report["result"]["kind"], report["result"]["status"]) == ("lxc", "running")
    sent = next(r for r in sim.requests if r.method == "POST" and r.path == "/nodes/pve2/lxc")
    assert str(sent.params["password"]).startswith("$6$")
    assert "correct-horse-9" not in str(sent.params)
    assert "ip=10.0.0.50/24,gw=10.0.0.1" in sim.state.guests[vmid].config["net0"]


async def test_create_with_a_missing_template_changes_nothing(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    before = set(sim.state.guests)
    text = await error_of(
        changes, "create_lxc", node="pve1", hostname="x", ostemplate="local:vztmpl/nope.tar.zst", confirmed=True
    )
    assert "NOT_FOUND: local:vztmpl/nope.tar.zst does not exist on node pve1" in text
    assert set(sim.state.guests) == before


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        pytest.param(
            {"node": "pve1", "storage": "nosuch"},
            "NOT_FOUND: node pve1 has no enabled storage 'nosuch' for images",
            id="unknown-storage",
        ),
        pytest.param(
            {"node": "pve1", "storage": "local"},
            "NOT_FOUND: node pve1 has no enabled storage 'local' for images",
            id="storage-without-images",
        ),
        pytest.param({"node": "pve9"}, "NOT_FOUND: node pve9 is not in the cluster", id="unknown-node"),
    ],
)
async def test_create_on_a_storage_or_node_that_cannot_take_it_says_which_and_changes_nothing(
    changes: Client, changes_stack: Stack, arguments: dict[str, str], expected: str
) -> None:
    sim = changes_stack.sim
    before = set(sim.state.guests)
    text = await error_of(changes, "create_vm", name="nowhere", confirmed=True, **arguments)
    assert text.startswith(expected), text
    assert set(sim.state.guests) == before


async def test_create_with_a_vmid_in_use_is_a_conflict(changes: Client, changes_stack: Stack) -> None:
    used = next(iter(changes_stack.sim.state.guests))
    text = await error_of(changes, "create_vm", node="pve1", name="dup", vmid=used, confirmed=True)
    assert f"CONFLICT: VMID {used} is already in use" in text


async def test_cloudinit_sets_only_what_differs_and_encodes_keys(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "stopped")
    sim.state.guests[vmid].config["ide2"] = f"local-lvm:vm-{vmid}-cloudinit,media=cdrom"  # as `qm set --ide2`
    key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOmcp0test0key0only0for0tests0AAAAAAAAAAA e2e@test"
    report = await change(
        changes, "set_vm_cloudinit", vmid=vmid, ciuser="agent", cipassword="pa55word!", sshkeys=[key],
        ipconfig={"0": "ip=10.1.2.3/24,gw=10.1.2.1"}, nameserver="1.1.1.1",
    )  # fmt: skip
    result = report["result"]
    assert set(result["changed"]) >= {"ciuser", "cipassword", "sshkeys", "ipconfig0", "nameserver"}
    assert result["changed"]["cipassword"]["after"] == "[redacted]"
    assert result["changed"]["sshkeys"]["after"] == key
    assert result["regenerated"] is True
    config = sim.state.guests[vmid].config
    assert config["ciuser"] == "agent"
    assert config["sshkeys"].startswith("ssh-ed25519%20AAAA")  # percent-encoded, as PVE requires
    assert config["cipassword"].startswith("$6$")
    config["sshkeys"] = config["sshkeys"].removesuffix("%0A")  # as set by someone without the last newline
    again = await change(changes, "set_vm_cloudinit", vmid=vmid, ciuser="agent", nameserver="1.1.1.1", sshkeys=[key])
    assert again["result"]["changed"] == {}
    assert "already" in again["message"]


async def test_cloudinit_on_a_container_is_refused(changes: Client, changes_stack: Stack) -> None:
    vmid = guest_of(changes_stack.sim, "lxc", "running")
    text = await error_of(changes, "set_vm_cloudinit", vmid=vmid, ciuser="x", confirmed=True)
    assert "VALIDATION_ERROR" in text


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_snapshot_then_rollback(changes: Client, changes_stack: Stack, kind: str) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, kind, "running")
    taken = await change(changes, "create_snapshot", vmid=vmid, name=f"e2e-{kind}", description="before the test")
    assert taken["result"]["action"] == "snapshot"
    assert f"e2e-{kind}" in sim.state.guests[vmid].snapshots
    text = await error_of(changes, "create_snapshot", vmid=vmid, name=f"e2e-{kind}", confirmed=True)
    assert "CONFLICT:" in text
    rolled = await change(changes, "rollback_snapshot", vmid=vmid, name=f"e2e-{kind}", start=True)
    assert rolled["result"]["status_after"] == "running"
    assert sim.state.counts[vmid]["rolled_back"] == 1
    missing = await error_of(changes, "rollback_snapshot", vmid=vmid, name="nope", confirmed=True)
    assert "NOT_FOUND:" in missing


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_delete_snapshot_removes_one_snapshot_once_and_keeps_the_chain(
    changes: Client, changes_stack: Stack, kind: str
) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, kind, "stopped")
    for name in ("del-first", "del-second"):
        await change(changes, "create_snapshot", vmid=vmid, name=f"{name}-{kind}")
    writes = len(sim.requests)
    report = await change(changes, "delete_snapshot", vmid=vmid, name=f"del-first-{kind}")
    assert (report["state"], report["result"]["action"]) == ("succeeded", "delete")
    assert report["upid"] is not None and f":{'qm' if kind == 'qemu' else 'vz'}delsnapshot:" in report["upid"]
    snapshots = sim.state.guests[vmid].snapshots
    assert f"del-first-{kind}" not in snapshots
    # the later snapshot now descends from what the deleted one descended from
    assert snapshots[f"del-second-{kind}"].parent != f"del-first-{kind}"
    assert sim.state.counts[vmid]["snapshot_deleted"] == 1
    deletes = [r for r in sim.requests[writes:] if r.method == "DELETE"]
    assert [r.path.rsplit("/", 1)[-1] for r in deletes] == [f"del-first-{kind}"]
    log = await changes.call_tool("get_task_log", {"job_id": report["job_id"]})
    assert log.structured_content is not None and log.structured_content["total"] > 0  # the task's log, copied
    missing = await error_of(changes, "delete_snapshot", vmid=vmid, name="nope", confirmed=True)
    assert "NOT_FOUND:" in missing


async def test_container_command_returns_output_and_exit_code(changes: Client, changes_stack: Stack) -> None:
    vmid = guest_of(changes_stack.sim, "lxc", "running")
    report = await change(changes, "execute_lxc_command", vmid=vmid, command="cat /etc/os-release")
    assert report["result"]["exit_code"] == 0
    assert "PRETTY_NAME" in report["result"]["stdout"]


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_delete_removes_a_stopped_guest_once(changes: Client, changes_stack: Stack, kind: str) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, kind, "stopped")
    report = await change(changes, "delete_instance", vmid=vmid, confirm_vmid=vmid, purge=True)
    assert report["result"]["stopped_first"] is False
    assert vmid not in sim.state.guests
    assert sim.state.counts[vmid]["deleted"] == 1


async def test_delete_of_a_running_guest_is_refused_unless_stopped_first(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "running")
    text = await error_of(changes, "delete_instance", vmid=vmid, confirm_vmid=vmid, confirmed=True)
    assert "CONFLICT:" in text
    assert "stop_first=true" in text
    assert vmid in sim.state.guests
    report = await change(changes, "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True)
    assert report["result"]["stopped_first"] is True
    assert vmid not in sim.state.guests


async def test_a_job_outliving_its_wait_is_read_to_completion_later(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=2.0, count=1)
    report = await change(changes, "power_control", vmid=vmid, action="start", wait_seconds=0.3)
    assert report["done"] is False
    assert "get_task_status" in report["message"]
    status: dict[str, Any] = {"done": False}
    for _ in range(10):
        status = await changes.call_tool("get_task_status", {"job_id": report["job_id"], "wait_seconds": 5})
        status = status.structured_content or {}
        if status.get("done"):
            break
    assert (status["state"], status["exitstatus"]) == ("succeeded", "OK")
    log = (await changes.call_tool("get_task_log", {"job_id": report["job_id"], "limit": 100})).structured_content
    assert log is not None
    assert log["task_done"] is True
    assert log["lines"][-1]["t"] == "TASK OK"


async def test_cancel_stops_the_pve_task_and_ends_the_job_cancelled(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "lxc", "stopped")
    sim.faults.add_task_rule(type="vzstart", vmid=vmid, duration=30.0, count=1)
    report = await change(changes, "power_control", vmid=vmid, action="start", wait_seconds=0.5)
    assert report["done"] is False
    cancelled = await change(changes, "cancel_task", job_id=report["job_id"])
    assert cancelled["result"]["state"] == "cancelled"
    status = (await changes.call_tool("get_task_status", {"job_id": report["job_id"]})).structured_content
    assert status is not None
    assert status["state"] == "cancelled"
    task = next(t for t in sim.state.tasks.values() if t.type == "vzstart" and t.vmid == vmid)
    assert task.exitstatus == "received interrupt"
    assert sim.state.guests[vmid].status == "stopped"
    again = await change(changes, "cancel_task", job_id=report["job_id"])
    assert (again["result"]["state"], again["message"]) == ("cancelled", "the job had already ended")


async def test_failed_task_reports_exit_status_and_log_tail(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, outcome="error:TASK failed: out of memory", count=1)
    text = await error_of(changes, "power_control", vmid=vmid, action="start", confirmed=True)
    assert "PVE_TASK_FAILED:" in text
    assert "out of memory" in text
    assert "task log ends:" in text
    assert "get_task_log(upid=" in text


async def test_warnings_succeed_and_are_surfaced(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "running")
    sim.faults.add_task_rule(type="qmsnapshot", vmid=vmid, outcome="warnings:1", count=1)
    report = await change(changes, "create_snapshot", vmid=vmid, name="warned")
    assert (report["state"], report["exitstatus"]) == ("succeeded_with_warnings", "WARNINGS: 1")
    assert report["warnings"] == ["WARN: simulated warning 1"]


async def test_writes_to_one_guest_are_serialized(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "qemu", "running")
    # one-second tasks: overlapping runs would show in PVE's whole-second start and end times
    sim.faults.add_task_rule(type="qmsnapshot", vmid=vmid, duration=1.2, count=2)
    earlier, requests_before = set(sim.state.tasks), len(sim.requests)
    first, second = await asyncio.gather(
        change(changes, "create_snapshot", vmid=vmid, name="serial-a"),
        change(changes, "create_snapshot", vmid=vmid, name="serial-b"),
    )
    assert first["state"] == second["state"] == "succeeded"
    # Our guest lock kept them apart before PVE had to: had both reached PVE at once, the second
    # POST would have been refused 500 "VM is locked (snapshot)" and retried by the worker.
    posts = [
        r.status
        for r in sim.requests[requests_before:]
        if r.method == "POST" and r.path == f"/nodes/{sim.state.guests[vmid].node}/qemu/{vmid}/snapshot"
    ]
    assert posts == [200, 200]
    runs = sorted(
        (t.starttime, t.endtime)
        for upid, t in sim.state.tasks.items()
        if upid not in earlier and t.type == "qmsnapshot" and t.vmid == vmid
    )
    assert len(runs) == 2
    (_, first_end), (second_start, _) = runs
    assert first_end <= second_start


async def test_a_guest_locked_by_pve_is_retried_then_reported_locked(changes: Client, changes_stack: Stack) -> None:
    """Also: the refused attempts never adopt an earlier snapshot task of the same guest as their own."""
    sim = changes_stack.sim
    vmid = guest_of(sim, "lxc", "running")
    sim.state.guests[vmid].config["lock"] = "backup"
    try:
        text = await error_of(changes, "create_snapshot", vmid=vmid, name="locked", confirmed=True, wait_seconds=40)
    finally:
        del sim.state.guests[vmid].config["lock"]
    assert "LOCKED:" in text
    assert "locked" not in sim.state.guests[vmid].snapshots


async def test_abandoning_the_waiting_call_leaves_the_pve_task_running(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vmid = guest_of(sim, "lxc", "stopped")
    sim.faults.add_task_rule(type="vzstart", vmid=vmid, duration=3.0, count=1)
    earlier = set(sim.state.tasks)
    started_before = sim.state.counts[vmid]["started"]
    call = asyncio.create_task(changes.call_tool("power_control", {"vmid": vmid, "action": "start", "confirmed": True}))

    async def task_runs() -> bool:
        return any(u not in earlier and t.type == "vzstart" and t.vmid == vmid for u, t in sim.state.tasks.items())

    # abandon the call once its PVE task runs (a fixed client timeout could fire before the job was
    # even queued on a loaded machine, and then nothing would start at all)
    await eventually(task_runs, timeout=30, what="the start's PVE task to run while the call waits")
    assert not call.done()
    call.cancel()  # the agent stops waiting: the SDK sends notifications/cancelled
    with pytest.raises(asyncio.CancelledError):
        await call

    async def started() -> bool:
        return sim.state.counts[vmid]["started"] == started_before + 1

    await eventually(started, timeout=30, what="the start to finish although nobody waits for it")
    task = next(t for u, t in sim.state.tasks.items() if u not in earlier and t.type == "vzstart" and t.vmid == vmid)
    assert task.exitstatus == "OK"

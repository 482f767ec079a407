"""The long operations of issue 12: clone, migrate, vzdump, restore, resize, move, template, backups in storage.

Each test drives pvesim over HTTPS the way a client does, and checks what PVE would show: the
task's exit status and log wording, the locks while it runs, and the cluster afterwards.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import HaResource, Storage
from tests.support.pve_api import finished, make_client, task_log

BACKUP = "local:backup/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst"


async def _started(client: httpx.AsyncClient, method: str, path: str, **data: object) -> str:
    response = await client.request(method, path, data=data)
    assert response.status_code == 200, response.text
    upid = response.json()["data"]
    assert isinstance(upid, str)
    assert upid.startswith("UPID:")
    return upid


async def _refused(client: httpx.AsyncClient, method: str, path: str, **data: object) -> tuple[int, str]:
    response = await client.request(method, path, data=data)
    assert response.status_code != 200, response.text
    return response.status_code, response.json()["message"]


async def _scenario(tmp_path: Path, text: str, **options: object) -> Simulator:
    file = tmp_path / "scenario.yaml"
    file.write_text(text)
    return Simulator(SimConfig(scenario=file, task_duration=0.05, lock_timeout=0.3, **options))  # type: ignore[arg-type]


# -- clone --------------------------------------------------------------------------------


async def test_linked_clone_of_a_template_gets_its_own_disks_and_identity(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    upid = await _started(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=131, name="web-a")
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert log[0] == "creating a clone of VM 9000 with ID 131"
    assert "create linked clone of drive scsi0 (local-lvm:base-9000-disk-0)" in log
    assert "create full clone of drive ide2 (local-lvm:vm-9000-cloudinit)" in log  # cloud-init is always copied
    config = (await client.get("/nodes/pve1/qemu/131/config")).json()["data"]
    template = sim.state.guests[9000].config
    assert (config["name"], "lock" in config, "template" in config) == ("web-a", False, False)
    assert config["scsi0"].startswith("local-lvm:vm-131-disk-0,")
    assert config["net0"] != template["net0"]
    assert config["smbios1"] != template["smbios1"]
    assert sim.state.counts[9000]["cloned"] == 1
    assert sim.state.counts[131]["created"] == 1


async def test_clone_reserves_the_new_vmid_with_a_clone_lock(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmclone", duration=30)
    upid = await _started(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=131)
    assert sim.state.guests[131].config["lock"] == "clone"
    status, message = await _refused(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=131)
    assert (status, message) == (500, "unable to create VM 131: config file already exists\n")
    await client.delete(f"/nodes/pve1/tasks/{upid}")
    assert (await finished(sim, client, upid))["exitstatus"] == "received interrupt"
    assert 131 not in sim.state.guests  # a failed clone leaves nothing behind
    assert not [v for b in sim.state.volumes.values() for v in b.values() if v.vmid == 131]


async def test_clones_of_a_template_run_together_while_a_change_to_it_waits(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    sim.faults.add_task_rule(type="qmclone", duration=1.0)
    upids = [await _started(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=vmid) for vmid in (131, 132, 133)]
    # a stopped source is locked shared: no clone waits for another
    await asyncio.sleep(0.1)
    for upid in upids:
        assert "trying to acquire lock..." not in await task_log(client, upid)
    put = await client.put("/nodes/pve1/qemu/9000/config", data={"description": "x"})
    assert (put.status_code, put.json()["message"]) == (
        500,
        "can't lock file '/var/lock/qemu-server/lock-9000.conf' - got timeout\n",
    )
    for upid in upids:
        assert (await finished(sim, client, upid))["exitstatus"] == "OK"


async def test_linked_clone_needs_a_template_and_a_full_clone_of_a_running_vm_mirrors(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    _, message = await _refused(client, "POST", "/nodes/pve1/qemu/100/clone", newid=140, full=0)
    assert message == "Linked clone feature is not supported for 'local-lvm:vm-100-disk-0' (scsi0)\n"
    _, message = await _refused(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=140, full=0, storage="local-lvm")
    assert message == "parameter 'storage' not allowed for linked clones\n"
    upid = await _started(client, "POST", "/nodes/pve1/qemu/100/clone", newid=140)
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert "drive mirror is starting for drive-scsi0" in log
    assert any(
        re.fullmatch(r"mirror-scsi0: transferred 16\.0 GiB of 32\.0 GiB \(50\.00%\) in \d+s", line) for line in log
    )
    assert "issuing guest agent 'guest-fsfreeze-freeze' command" in log
    assert sim.state.guests[140].config["name"] == "Copy-of-VM-web01"
    assert sim.state.guests[100].status == "running"


async def test_clone_to_another_node_needs_shared_storage(client: httpx.AsyncClient) -> None:
    status, message = await _refused(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=140, target="pve2")
    assert (status, message) == (500, "can't clone VM to node 'pve2' (VM uses local storage)\n")
    status, message = await _refused(client, "POST", "/nodes/pve1/qemu/9000/clone", newid=140, target="pve9")
    assert message == "no such cluster node 'pve9'\n"


async def test_a_full_clone_onto_a_full_storage_fails_with_enospc_and_leaves_nothing(tmp_path: Path) -> None:
    scenario = """
storages:
  - {storage: local-lvm, type: lvmthin, content: [images, rootdir]}
  - {storage: tank, type: dir, content: [images], full: true}
guests:
  - {vmid: 100, type: qemu, node: pve1, name: web}
"""
    async with await _scenario(tmp_path, scenario) as sim, make_client(sim) as client:
        upid = await _started(client, "POST", "/nodes/pve1/qemu/100/clone", newid=101, storage="tank")
        status = await finished(sim, client, upid)
        assert str(status["exitstatus"]).startswith("clone failed: copy failed: command '/usr/bin/qemu-img convert")
        assert "qemu-img: error while writing at byte 0: No space left on device" in await task_log(client, upid)
        assert 101 not in sim.state.guests
        assert not [v for b in sim.state.volumes.values() for v in b.values() if v.vmid == 101]


async def test_lxc_clone_locks_source_and_target_and_refuses_a_running_full_clone(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    _, message = await _refused(client, "POST", "/nodes/pve1/lxc/200/clone", newid=230)
    assert message == "Full clone of a running container is only possible from a snapshot\n"
    sim.faults.add_task_rule(type="vzclone", duration=0.5)
    upid = await _started(client, "POST", "/nodes/pve1/lxc/201/clone", newid=230, hostname="ct-copy")
    assert (sim.state.guests[201].lock, sim.state.guests[230].lock) == ("disk", "create")
    start = await client.post("/nodes/pve1/lxc/201/status/start")
    assert start.json()["message"] == "CT is locked (disk)\n"
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert (sim.state.guests[201].lock, sim.state.guests[230].lock) == (None, None)
    assert sim.state.guests[230].config["hostname"] == "ct-copy"
    assert upid.split(":")[5:7] == ["vzclone", "201"]


# -- migrate ------------------------------------------------------------------------------


async def test_migrate_precondition_names_local_disks(client: httpx.AsyncClient) -> None:
    found = (await client.get("/nodes/pve1/qemu/100/migrate")).json()["data"]
    assert (found["running"], found["allowed_nodes"], found["local_resources"]) == (1, ["pve2"], [])
    disks = {d["volid"]: d for d in found["local_disks"]}
    assert disks["local-lvm:vm-100-disk-0"]["size"] == 32 * 1024**3
    assert disks["local-lvm:vm-100-disk-0"]["referenced_in_snapshot"] == {"before-upgrade": 1}
    lxc = (await client.get("/nodes/pve1/lxc/200/migrate")).json()["data"]
    assert (lxc["running"], lxc["allowed-nodes"]) == (1, ["pve2"])


async def test_offline_migration_moves_the_vm_and_its_disk_at_the_end(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    sim.faults.add_task_rule(type="qmigrate", duration=0.4)
    upid = await _started(client, "POST", "/nodes/pve1/qemu/101/migrate", target="pve2")
    await asyncio.sleep(0.1)
    assert (sim.state.guests[101].node, sim.state.guests[101].lock) == ("pve1", "migrate")
    put = await client.put("/nodes/pve1/qemu/101/config", data={"description": "x"})
    assert put.json()["message"] == "VM is locked (migrate)\n"
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert log[0].endswith("starting migration of VM 101 to node 'pve2' (10.10.10.12)")
    assert any(line.endswith("copying local disk images") for line in log)
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d migration finished successfully \(duration \d\d:\d\d:\d\d\)", log[-2]
    )
    assert (sim.state.guests[101].node, sim.state.guests[101].lock) == ("pve2", None)
    assert "local-lvm:vm-101-disk-0" in sim.state.volume_bucket("pve2", "local-lvm")
    assert "local-lvm:vm-101-disk-0" not in sim.state.volume_bucket("pve1", "local-lvm")
    assert sim.state.counts[101]["migrated"] == 1
    assert (await client.get("/nodes/pve2/qemu/101/status/current")).status_code == 200


async def test_migration_refusals_and_aborts_in_pves_words(sim: Simulator, client: httpx.AsyncClient) -> None:
    assert (await _refused(client, "POST", "/nodes/pve1/qemu/100/migrate", target="pve2"))[1] == (
        "can't migrate running VM without --online\n"
    )
    response = await client.post("/nodes/pve1/qemu/101/migrate", data={"target": "pve1"})
    assert (response.status_code, response.json()["errors"]) == (400, {"target": "target is local node."})
    # VM 100 has a snapshot on local storage: online storage migration cannot take it
    upid = await _started(client, "POST", "/nodes/pve1/qemu/100/migrate", target="pve2", online=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "migration aborted"
    log = await task_log(client, upid)
    assert any(
        line.endswith("ERROR: Problem found while scanning volumes - can't migrate VM - check log") for line in log
    )
    assert sim.state.guests[100].node == "pve1"
    # a target that does not answer fails at the SSH test
    sim.set_node_online("pve2", False)
    upid = await _started(client, "POST", "/nodes/pve1/qemu/101/migrate", target="pve2")
    assert (await finished(sim, client, upid))["exitstatus"] == "migration aborted"
    assert (await task_log(client, upid))[-2].endswith(
        "ERROR: migration aborted (duration 00:00:00): Can't connect to destination address using public key"
    )
    assert sim.state.counts[101]["migrated"] == 0


async def test_online_migration_with_local_disks_mirrors_them_and_the_ram(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    upid = await _started(client, "POST", "/nodes/pve2/qemu/102/migrate", target="pve1", online=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "migration aborted"
    assert any(
        "can't live migrate attached local disks without with-local-disks option" in line
        for line in await task_log(client, upid)
    )
    upid = await _started(
        client, "POST", "/nodes/pve2/qemu/102/migrate", target="pve1", online=1, **{"with-local-disks": 1}
    )
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert "mirror-scsi0: Completed successfully." in log
    assert any("migration active, transferred 1.0 GiB of 2.0 GiB VM-state" in line for line in log)
    guest = sim.state.guests[102]
    assert (guest.node, guest.status) == ("pve1", "running")
    assert upid.split(":")[1] == "pve2"  # the task runs on the source


async def test_container_migrates_in_restart_mode(sim: Simulator, client: httpx.AsyncClient) -> None:
    assert (await _refused(client, "POST", "/nodes/pve2/lxc/202/migrate", target="pve1"))[1] == (
        "can't migrate running container without --online or --restart\n"
    )
    upid = await _started(client, "POST", "/nodes/pve2/lxc/202/migrate", target="pve1", restart=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert log[0].endswith("shutdown CT 202")
    assert any(line.endswith("start container on target node") for line in log)
    assert (sim.state.guests[202].node, sim.state.guests[202].status) == ("pve1", "running")
    assert upid.split(":")[5] == "vzmigrate"


async def test_an_ha_guest_is_migrated_by_the_ha_stack(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.state.ha_resources["vm:101"] = HaResource("vm:101", "stopped")
    upid = await _started(client, "POST", "/nodes/pve1/qemu/101/migrate", target="pve2")
    assert upid.split(":")[5] == "hamigrate"
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert await task_log(client, upid) == ["Requesting HA migration for VM 101 to node pve2", "TASK OK"]
    migration = next(t for t in sim.state.tasks.values() if t.type == "qmigrate")
    assert migration.user == "root@pam"
    assert (await finished(sim, client, migration.upid))["exitstatus"] == "OK"
    assert (await task_log(client, migration.upid))[0] == "task started by HA resource agent"
    assert sim.state.guests[101].node == "pve2"


# -- vzdump ---------------------------------------------------------------------------------


async def test_vzdump_writes_an_archive_that_appears_in_the_storage(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="vzdump", duration=0.4)
    upid = await _started(
        client,
        "POST",
        "/nodes/pve1/vzdump",
        vmid="100",
        storage="local",
        mode="snapshot",
        compress="zstd",
        protected=1,
        **{"notes-template": "{{guestname}} ({{vmid}})"},
    )
    await asyncio.sleep(0.15)
    assert sim.state.guests[100].lock == "backup"
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    archive = next(
        re.fullmatch(r"INFO: creating vzdump archive '(.+)'", line) for line in log if "creating vzdump" in line
    )
    assert archive is not None
    path = archive[1]
    assert re.fullmatch(r"/var/lib/vz/dump/vzdump-qemu-100-\d{4}_\d\d_\d\d-\d\d_\d\d_\d\d\.vma\.zst", path)
    assert log[-2:] == ["INFO: Backup job finished successfully", "TASK OK"]
    assert sim.state.guests[100].lock is None
    backups = (await client.get("/nodes/pve1/storage/local/content", params={"content": "backup", "vmid": 100})).json()[
        "data"
    ]
    assert len(backups) == 1
    backup = backups[0]
    assert backup["volid"] == "local:backup/" + path.rsplit("/", 1)[1]
    assert (backup["format"], backup["subtype"], backup["notes"], backup["protected"]) == (
        "vma.zst",
        "qemu",
        "web01 (100)",
        1,
    )
    assert sim.state.counts[100]["backed_up"] == 1
    assert upid.split(":")[5:7] == ["vzdump", "100"]


async def test_vzdump_failures_name_the_reason(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="101", storage="local-lvm")
    assert (await finished(sim, client, upid))["exitstatus"] == (
        "could not get storage information for 'local-lvm': "
        "can't use storage 'local-lvm' for backups - wrong content type"
    )
    sim.state.guests[201].config["lock"] = "snapshot"
    upid = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="200,201", storage="local")
    assert (await finished(sim, client, upid))["exitstatus"] == "job errors"
    log = await task_log(client, upid)
    assert "ERROR: Backup of VM 201 failed - CT is locked (snapshot)" in log
    assert "INFO: Backup job finished with errors" in log
    assert sim.state.counts[200]["backed_up"] == 1  # one guest's failure does not stop the others
    # a guest of another node is not this node's to back up: PVE answers OK without a task
    assert (await client.post("/nodes/pve1/vzdump", data={"vmid": "102"})).json()["data"] == "OK"


async def test_vzdump_onto_a_full_storage_leaves_no_archive(tmp_path: Path) -> None:
    scenario = """
storages:
  - {storage: local-lvm, type: lvmthin, content: [images, rootdir]}
  - {storage: local, type: dir, content: [backup], full: true}
guests:
  - {vmid: 100, type: qemu, node: pve1, status: running, name: web}
"""
    async with await _scenario(tmp_path, scenario) as sim, make_client(sim) as client:
        upid = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="100", storage="local")
        assert (await finished(sim, client, upid))["exitstatus"] == "job errors"
        log = await task_log(client, upid)
        assert "ERROR: Backup of VM 100 failed - vma_queue_write: write error - No space left on device" in log
        assert (await client.get("/nodes/pve1/storage/local/content")).json()["data"] == []


async def test_backup_jobs_of_one_node_run_one_at_a_time(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="vzdump", duration=0.3)
    first = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="200")
    second = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="201")
    await finished(sim, client, first)
    assert (await finished(sim, client, second))["exitstatus"] == "OK"
    log = await task_log(client, second)
    assert log[:2] == ["INFO: trying to get global lock - waiting...", "INFO: got global lock"]


async def test_a_backup_to_pbs_is_named_by_guest_and_time(tmp_path: Path) -> None:
    scenario = """
storages:
  - {storage: local-lvm, type: lvmthin, content: [images, rootdir]}
  - {storage: pbs, type: pbs, content: [backup], datastore: store1}
guests:
  - {vmid: 100, type: qemu, node: pve1, status: running, name: web}
"""
    async with await _scenario(tmp_path, scenario) as sim, make_client(sim) as client:
        upid = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="100", storage="pbs")
        assert (await finished(sim, client, upid))["exitstatus"] == "OK"
        line = next(t for t in await task_log(client, upid) if "Proxmox Backup Server archive" in t)
        assert re.fullmatch(
            r"INFO: creating Proxmox Backup Server archive 'vm/100/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ'", line
        )
        backup = (await client.get("/nodes/pve2/storage/pbs/content")).json()["data"][0]  # shared: seen from every node
        assert backup["volid"].startswith("pbs:backup/vm/100/")
        assert (backup["format"], backup["subtype"]) == ("pbs-vm", "qemu")


# -- restore --------------------------------------------------------------------------------


async def test_qmrestore_to_a_new_vmid_with_unique_macs(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmrestore", duration=0.3)
    upid = await _started(client, "POST", "/nodes/pve1/qemu", vmid=150, archive=BACKUP, unique=1, storage="local-lvm")
    assert sim.state.guests[150].lock == "create"
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert log[0].startswith("restore vma archive: zstd -q -d -c /var/lib/vz/dump/vzdump-qemu-101-")
    assert "new volume ID is 'local-lvm:vm-150-disk-0'" in log
    assert any(line.startswith("progress 100% (read ") for line in log)
    restored = sim.state.guests[150].config
    assert restored["name"] == "db01"
    assert restored["scsi0"].startswith("local-lvm:vm-150-disk-0,")
    assert restored["net0"] != sim.state.guests[101].config["net0"]
    assert "lock" not in restored
    assert sim.state.counts[150]["restored"] == 1


async def test_restore_over_a_vmid_in_use(sim: Simulator, client: httpx.AsyncClient) -> None:
    assert (await _refused(client, "POST", "/nodes/pve1/qemu", vmid=100, archive=BACKUP))[1] == (
        "unable to restore VM 100 - VM 100 already exists on node 'pve1'\n"
    )
    upid = await _started(client, "POST", "/nodes/pve1/qemu", vmid=100, archive=BACKUP, force=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "unable to restore VM 100 - vm is running"
    assert sim.state.guests[100].lock is None and sim.state.guests[100].config["name"] == "web01"
    upid = await _started(client, "POST", "/nodes/pve1/qemu", vmid=101, archive=BACKUP, force=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert sim.state.counts[101]["restored"] == 1
    missing = "local:backup/vzdump-qemu-999-2026_01_01-00_00_00.vma.zst"
    assert (await _refused(client, "POST", "/nodes/pve1/qemu", vmid=151, archive=missing))[1] == (
        f"can't find file '{missing}'\n"
    )


async def test_container_restore_needs_a_storage_for_container_directories(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    backup = await _started(client, "POST", "/nodes/pve1/vzdump", vmid="201", storage="local", compress="zstd")
    await finished(sim, client, backup)
    archive = next(v.volid for v in sim.state.volume_bucket("pve1", "local").values() if v.vmid == 201)
    response = await client.post("/nodes/pve1/lxc", data={"vmid": 250, "ostemplate": archive, "restore": 1})
    assert response.json()["errors"] == {"storage": "storage 'local' does not support container directories"}
    assert (await _refused(client, "POST", "/nodes/pve1/lxc", vmid=200, ostemplate=archive, restore=1))[1] == (
        "CT 200 already exists on node 'pve1'\n"
    )
    upid = await _started(
        client, "POST", "/nodes/pve1/lxc", vmid=250, ostemplate=archive, restore=1, storage="local-lvm"
    )
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    log = await task_log(client, upid)
    assert log[0] == f"recovering backed-up configuration from '{archive}'"
    assert f"restoring '{archive}' now.." in log
    assert sim.state.guests[250].config["hostname"] == "build01"
    assert upid.split(":")[5] == "vzrestore"


# -- resize, move, template -----------------------------------------------------------------


async def test_resize_grows_and_refuses_a_shrink_as_each_api_does(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = await _started(client, "PUT", "/nodes/pve1/qemu/101/resize", disk="scsi0", size="+10G")
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert "size=74G" in sim.state.guests[101].config["scsi0"]
    assert "  Logical volume pve/vm-101-disk-0 successfully resized." in await task_log(client, upid)
    # qemu-server checks inside the task, pve-container before it forks
    upid = await _started(client, "PUT", "/nodes/pve1/qemu/101/resize", disk="scsi0", size="10G")
    assert (await finished(sim, client, upid))["exitstatus"] == "shrinking disks is not supported"
    assert (await _refused(client, "PUT", "/nodes/pve1/lxc/201/resize", disk="rootfs", size="4G"))[1] == (
        "unable to shrink disk size\n"
    )
    upid = await _started(client, "PUT", "/nodes/pve1/lxc/201/resize", disk="rootfs", size="12G")
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert sim.state.counts[201]["resized"] == 1


async def test_move_disk_keeps_the_source_as_unused_unless_deleted(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.state.storages["fast"] = Storage("fast", "lvmthin", ["images", "rootdir"])
    upid = await _started(client, "POST", "/nodes/pve1/qemu/101/move_disk", disk="scsi0", storage="fast")
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    config = sim.state.guests[101].config
    assert config["scsi0"].startswith("fast:vm-101-disk-0,")
    assert config["unused0"] == "local-lvm:vm-101-disk-0"
    assert "transferred 64.0 GiB of 64.0 GiB (100.00%)" in await task_log(client, upid)
    upid = await _started(client, "POST", "/nodes/pve1/lxc/201/move_volume", volume="rootfs", storage="fast", delete=1)
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert sim.state.guests[201].config["rootfs"].startswith("fast:vm-201-disk-0,")
    assert "local-lvm:vm-201-disk-0" not in sim.state.volume_bucket("pve1", "local-lvm")
    assert (await _refused(client, "POST", "/nodes/pve1/lxc/200/move_volume", volume="rootfs", storage="fast"))[1] == (
        "cannot move volumes of a running container\n"
    )


async def test_template_turns_disks_into_base_volumes(sim: Simulator, client: httpx.AsyncClient) -> None:
    assert (await _refused(client, "POST", "/nodes/pve1/qemu/102/template"))[
        1
    ] == "Configuration file 'nodes/pve1/qemu-server/102.conf' does not exist\n"
    assert (await _refused(client, "POST", "/nodes/pve1/qemu/100/template"))[1] == (
        "unable to create template, because VM contains snapshots\n"
    )
    upid = await _started(client, "POST", "/nodes/pve1/qemu/101/template")
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert '  Renamed "vm-101-disk-0" to "base-101-disk-0" in volume group "pve"' in await task_log(client, upid)
    assert sim.state.guests[101].template
    linked = await _started(client, "POST", "/nodes/pve1/qemu/101/clone", newid=160)
    assert (await finished(sim, client, linked))["exitstatus"] == "OK"
    # pve-container forks vztemplate and answers null
    response = await client.post("/nodes/pve1/lxc/201/template")
    assert response.json() == {"data": None}
    task = next(t for t in sim.state.tasks.values() if t.type == "vztemplate")
    assert (await finished(sim, client, task.upid))["exitstatus"] == "OK"
    assert sim.state.guests[201].config["rootfs"].startswith("local-lvm:base-201-disk-0,")


# -- backups in storage --------------------------------------------------------------------


async def test_a_backup_volume_can_be_read_annotated_and_deleted(sim: Simulator, client: httpx.AsyncClient) -> None:
    path = f"/nodes/pve1/storage/local/content/{BACKUP}"
    info = (await client.get(path)).json()["data"]
    assert (info["path"], info["format"], info["notes"]) == (
        "/var/lib/vz/dump/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst",
        "vma.zst",
        "db01",
    )
    assert (await client.put(path, data={"protected": 1})).json() == {"data": None}
    upid = (await client.delete(path)).json()["data"]
    status = await finished(sim, client, upid)
    assert (
        status["exitstatus"]
        == "cannot remove protected volume 'backup/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst' on 'local'"
    )
    await client.put(path, data={"protected": 0})
    upid = (await client.delete(path)).json()["data"]
    assert upid.split(":")[5:7] == ["imgdel", "101@local"]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert await task_log(client, upid) == [f"Removed volume '{BACKUP}'", "TASK OK"]
    assert BACKUP not in sim.state.volume_bucket("pve1", "local")


@pytest.mark.parametrize("encoded", [False, True], ids=["slash", "percent-encoded"])
async def test_a_volume_id_in_the_path_may_carry_slashes(client: httpx.AsyncClient, encoded: bool) -> None:
    volume = BACKUP.replace(":", "%3A").replace("/", "%2F") if encoded else BACKUP
    response = await client.get(f"/nodes/pve1/storage/local/content/{volume}")
    assert response.status_code == 200, response.text
    assert response.json()["data"]["size"] == 2_148_003_840

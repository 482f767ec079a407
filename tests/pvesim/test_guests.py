"""Guest semantics: power, create, delete, config, locks, cloud-init, agent, snapshots, reads."""

from __future__ import annotations

import httpx
import pytest

from pvesim.simulator import Simulator
from pvesim.state import Volume
from tests.support.pve_api import finished, task_log


async def test_lxc_start_of_running_container_fails_at_once(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/lxc/200/status/start")
    assert response.status_code == 500
    assert response.json()["message"] == "CT 200 already running\n"
    assert sim.state.tasks == {}


async def test_delete_of_running_guests_is_refused(client: httpx.AsyncClient) -> None:
    qemu = await client.delete("/nodes/pve1/qemu/100")
    lxc = await client.delete("/nodes/pve1/lxc/200")
    assert qemu.json()["message"] == "VM 100 is running - destroy failed\n"
    assert lxc.json()["message"] == "unable to destroy CT 200 - container is running\n"


async def test_delete_of_stopped_vm_removes_it_and_its_disks_once(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = (await client.delete("/nodes/pve1/qemu/101", params={"purge": 1, "destroy-unreferenced-disks": 1})).json()[
        "data"
    ]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert 101 not in sim.state.guests
    assert sim.state.counts[101]["deleted"] == 1
    volumes = (await client.get("/nodes/pve1/storage/local-lvm/content")).json()["data"]
    assert not [v for v in volumes if v.get("vmid") == 101]
    missing = await client.get("/nodes/pve1/qemu/101/status/current")
    assert missing.json()["message"] == "Configuration file 'nodes/pve1/qemu-server/101.conf' does not exist\n"


async def test_create_with_used_vmid_fails_already_exists(client: httpx.AsyncClient) -> None:
    qemu = await client.post("/nodes/pve1/qemu", data={"vmid": "200"})
    assert qemu.status_code == 500
    assert qemu.json()["message"] == "CT 200 already exists on node 'pve1'\n"


async def test_nextid_is_a_string_and_skips_used_ids(client: httpx.AsyncClient) -> None:
    assert (await client.get("/cluster/nextid")).json()["data"] == "103"
    used = await client.get("/cluster/nextid", params={"vmid": 100})
    assert used.status_code == 400
    assert used.json()["errors"] == {"vmid": "VM 100 already exists"}


async def test_lxc_create_from_template_and_start(sim: Simulator, client: httpx.AsyncClient) -> None:
    data = {
        "vmid": "300",
        "ostemplate": "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst",
        "hostname": "web",
        "rootfs": "local-lvm:8",
        "net0": "name=eth0,bridge=vmbr0,ip=dhcp",
        "start": "1",
    }
    upid = (await client.post("/nodes/pve1/lxc", data=data)).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert any("extracting archive" in line for line in await task_log(client, upid))
    # as in PVE, start=1 forks a vzstart task of its own once the create ends: the CT runs after that one
    starts = [t for t in sim.state.tasks.values() if t.type == "vzstart" and t.vmid == 300]
    assert len(starts) == 1
    assert starts[0].starttime >= int(sim.state.tasks[upid].starttime)
    assert (await finished(sim, client, starts[0].upid))["exitstatus"] == "OK"
    assert sim.state.guests[300].status == "running"
    assert sim.state.counts[300] == {"created": 1, "started": 1}


async def test_rollback_with_start_starts_the_vm_in_a_task_of_its_own(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    snap = (await client.post("/nodes/pve1/qemu/101/snapshot", data={"snapname": "before"})).json()["data"]
    await finished(sim, client, snap)
    upid = (await client.post("/nodes/pve1/qemu/101/snapshot/before/rollback", data={"start": "1"})).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert "Execute autostart" in await task_log(client, upid)
    starts = [t for t in sim.state.tasks.values() if t.type == "qmstart" and t.vmid == 101]
    assert len(starts) == 1
    assert (await finished(sim, client, starts[0].upid))["exitstatus"] == "OK"
    assert sim.state.guests[101].status == "running"


async def test_create_with_missing_template_fails_and_leaves_no_guest(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    upid = (
        await client.post("/nodes/pve1/lxc", data={"vmid": "301", "ostemplate": "local:vztmpl/nope.tar.zst"})
    ).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "volume 'local:vztmpl/nope.tar.zst' does not exist"
    assert 301 not in sim.state.guests


async def test_snapshot_lock_blocks_other_changes(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmsnapshot", duration=30)
    upid = (await client.post("/nodes/pve1/qemu/101/snapshot", data={"snapname": "s1"})).json()["data"]
    blocked = await client.post("/nodes/pve1/qemu/101/status/start")
    assert blocked.status_code == 500
    assert blocked.json()["message"] == "VM is locked (snapshot)\n"
    put = await client.put("/nodes/pve1/qemu/101/config", data={"description": "x"})
    assert (put.status_code, put.json()["message"]) == (500, "VM is locked (snapshot)\n")  # at once, no wait
    await client.delete(f"/nodes/pve1/tasks/{upid}")
    await sim.wait_task(upid)
    assert "lock" not in sim.state.guests[101].config


async def test_snapshot_create_rollback_delete(sim: Simulator, client: httpx.AsyncClient) -> None:
    create = (await client.post("/nodes/pve1/lxc/201/snapshot", data={"snapname": "before", "description": "d"})).json()
    assert (await finished(sim, client, create["data"]))["exitstatus"] == "OK"
    names = [s["name"] for s in (await client.get("/nodes/pve1/lxc/201/snapshot")).json()["data"]]
    assert names == ["before", "current"]
    await client.put("/nodes/pve1/lxc/201/config", data={"memory": "2048"})
    rollback = (await client.post("/nodes/pve1/lxc/201/snapshot/before/rollback")).json()["data"]
    assert (await finished(sim, client, rollback))["exitstatus"] == "OK"
    assert sim.state.guests[201].config["memory"] == "512"
    again = (await client.post("/nodes/pve1/lxc/201/snapshot", data={"snapname": "before"})).json()["data"]
    assert (await finished(sim, client, again))["exitstatus"] == "snapshot name 'before' already used"
    delete = (await client.delete("/nodes/pve1/lxc/201/snapshot/before")).json()["data"]
    assert (await finished(sim, client, delete))["exitstatus"] == "OK"
    assert sim.state.counts[201] == {
        "snapshot_created": 1,
        "rolled_back": 1,
        "snapshot_deleted": 1,
        "config_updated": 1,
    }


async def test_config_put_is_sync_and_post_is_a_task(sim: Simulator, client: httpx.AsyncClient) -> None:
    put = await client.put("/nodes/pve1/qemu/101/config", data={"memory": "4096", "delete": "agent"})
    assert put.json() == {"data": None}
    config = (await client.get("/nodes/pve1/qemu/101/config")).json()["data"]
    assert config["memory"] == "4096"
    assert "agent" not in config
    assert config["cores"] == 2
    post = (await client.post("/nodes/pve1/qemu/101/config", data={"cores": "8", "digest": config["digest"]})).json()
    assert post["data"].split(":")[5] == "qmconfig"
    assert (await finished(sim, client, post["data"]))["exitstatus"] == "OK"
    assert sim.state.guests[101].config["cores"] == "8"
    stale = await client.put("/nodes/pve1/qemu/101/config", data={"cores": "1", "digest": config["digest"]})
    assert stale.status_code == 500


async def test_cloudinit_pending_view_and_regenerate(sim: Simulator, client: httpx.AsyncClient) -> None:
    await client.put("/nodes/pve1/qemu/100/config", data={"ciuser": "admin"})
    pending = (await client.get("/nodes/pve1/qemu/100/cloudinit")).json()["data"]
    assert {"key": "ciuser", "value": "ubuntu", "pending": "admin"} in pending
    assert (await client.put("/nodes/pve1/qemu/100/cloudinit")).json() == {"data": None}
    after = (await client.get("/nodes/pve1/qemu/100/cloudinit")).json()["data"]
    assert {"key": "ciuser", "value": "admin"} in after
    assert sim.state.counts[100]["cloudinit_regenerated"] == 1


async def test_agent_exec_returns_pid_and_output(client: httpx.AsyncClient) -> None:
    pid = (await client.post("/nodes/pve1/qemu/100/agent/exec", data={"command": ["echo", "$(id)"]})).json()["data"][
        "pid"
    ]
    status = (await client.get("/nodes/pve1/qemu/100/agent/exec-status", params={"pid": pid})).json()["data"]
    assert status == {"exited": 1, "exitcode": 0, "out-data": "$(id)\n"}
    stopped = await client.post("/nodes/pve1/qemu/101/agent/exec", data={"command": "hostname"})
    assert stopped.status_code == 500


async def test_clone_of_template_writes_progress_and_creates_vm(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = (await client.post("/nodes/pve1/qemu/9000/clone", data={"newid": "120", "full": "1", "name": "c1"})).json()[
        "data"
    ]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    assert any("transferred" in line and "(100.00%)" in line for line in await task_log(client, upid))
    assert sim.state.guests[120].config["name"] == "c1"
    assert sim.state.counts[120]["created"] == 1


async def test_resources_filter_by_type(client: httpx.AsyncClient) -> None:
    vms = (await client.get("/cluster/resources", params={"type": "vm"})).json()["data"]
    assert {r["type"] for r in vms} == {"qemu", "lxc"}
    assert {r["vmid"] for r in vms} == {100, 101, 102, 9000, 200, 201, 202}
    template = next(r for r in vms if r["vmid"] == 9000)
    assert template["template"] == 1


async def test_lxc_interfaces_of_running_container(client: httpx.AsyncClient) -> None:
    interfaces = (await client.get("/nodes/pve1/lxc/200/interfaces")).json()["data"]
    assert [i["name"] for i in interfaces] == ["lo", "eth0"]


async def test_storage_content_lists_isos_and_templates(client: httpx.AsyncClient) -> None:
    isos = (await client.get("/nodes/pve1/storage/local/content", params={"content": "iso"})).json()["data"]
    assert "local:iso/ubuntu-24.04.2-live-server-amd64.iso" in [v["volid"] for v in isos]
    templates = (await client.get("/nodes/pve1/storage", params={"content": "vztmpl"})).json()["data"]
    assert [s["storage"] for s in templates] == ["local"]


@pytest.mark.parametrize(
    ("kind", "vmid", "name"), [("qemu", 100, "current"), ("lxc", 200, "current"), ("lxc", 200, "vzdump")]
)
async def test_reserved_snapshot_names_are_refused_before_any_task(
    client: httpx.AsyncClient, kind: str, vmid: int, name: str
) -> None:
    answer = await client.post(f"/nodes/pve1/{kind}/{vmid}/snapshot", data={"snapname": name})
    assert answer.status_code == 500
    assert answer.json()["message"] == f"unable to use snapshot name '{name}' (reserved name)\n"


async def test_qemu_list_has_qmpstatus_only_with_full(client: httpx.AsyncClient) -> None:
    plain = (await client.get("/nodes/pve1/qemu")).json()["data"]
    full = (await client.get("/nodes/pve1/qemu", params={"full": 1})).json()["data"]
    assert not any("qmpstatus" in entry for entry in plain)
    assert all("qmpstatus" in entry for entry in full)


async def test_a_set_cloudinit_password_reads_back_masked(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.state.guests[100].config["cipassword"] = "$6$salt$hash"
    config = (await client.get("/nodes/pve1/qemu/100/config")).json()["data"]
    assert config["cipassword"] == "**********"


async def test_the_newest_rrd_slot_carries_only_its_time(client: httpx.AsyncClient) -> None:
    points = (await client.get("/nodes/pve1/qemu/100/rrddata", params={"timeframe": "hour"})).json()["data"]
    assert len(points) == 70
    assert set(points[-1]) == {"time"}
    assert {"cpu", "mem", "netin"} <= set(points[-2])


@pytest.mark.parametrize("unreferenced", [False, True], ids=["referenced-only", "destroy-unreferenced-disks"])
async def test_delete_removes_unreferenced_volumes_only_when_asked(
    sim: Simulator, client: httpx.AsyncClient, unreferenced: bool
) -> None:
    vm = sim.state.guests[101]
    disk = next(iter(vm.referenced_volumes() & set(sim.state.volume_bucket("pve1", "local-lvm"))))
    stray = Volume("local-lvm:vm-101-disk-9", "images", 1024**3, "raw", vmid=101)
    sim.state.add_volume("pve1", stray)
    params = {"destroy-unreferenced-disks": int(unreferenced)}
    upid = (await client.delete("/nodes/pve1/qemu/101", params=params)).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    left = set(sim.state.volume_bucket("pve1", "local-lvm"))
    assert disk not in left
    assert (stray.volid in left) is not unreferenced

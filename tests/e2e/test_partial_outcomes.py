"""A change of several steps says which took effect when a later one fails; a lost answer is not a failure.

Each test drives a tool of a server built in this process (embedded store and worker) against
pvesim, with one fault on one step, and compares the report with what pvesim's effect counters
and state say happened.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.agent import finished, submit
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(120)

CLOUDINIT_VM = 100  # the default cluster's VM with a cloud-init drive


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(autouse=True)
def clean_faults(sim: Simulator) -> Iterator[None]:
    yield
    sim.faults.clear()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    async with inprocess_client(sim, PROXMOX_ALLOW_DANGER="true") as connected:
        yield connected


async def test_a_drive_rebuild_refused_after_the_config_was_set_is_partial_and_names_the_config(
    sim: Simulator, client: Client
) -> None:
    sim.faults.add_error(500, method="PUT", path="/nodes/{node}/qemu/{vmid}/cloudinit", count=None)
    before = sim.state.counts[CLOUDINIT_VM]["config_updated"]

    job = await finished(client, await submit(client, "set_vm_cloudinit", vmid=CLOUDINIT_VM, ciuser="partial1"))

    assert job["state"] == "partial", job
    assert "took effect: config" in job["message"], job
    assert sim.state.guests[CLOUDINIT_VM].config["ciuser"] == "partial1"  # the config step did take effect
    assert sim.state.counts[CLOUDINIT_VM]["config_updated"] == before + 1
    assert sim.state.counts[CLOUDINIT_VM]["cloudinit_regenerated"] == 0


async def test_a_config_put_whose_answer_was_lost_is_recognised_as_this_jobs_own_change(
    sim: Simulator, client: Client
) -> None:
    old = sim.state.guests[CLOUDINIT_VM].config.get("ciuser")
    sim.faults.add_drop(when="after", method="PUT", path="/nodes/{node}/qemu/{vmid}/config")
    before = sim.state.counts[CLOUDINIT_VM]["config_updated"]

    job = await finished(client, await submit(client, "set_vm_cloudinit", vmid=CLOUDINIT_VM, ciuser="lost2"))

    assert job["state"] == "succeeded", job
    assert "already so" not in job["message"]
    assert job["result"]["changed"]["ciuser"] == {"before": old, "after": "lost2"}
    assert sim.state.counts[CLOUDINIT_VM]["config_updated"] == before + 1  # set once, not sent again
    assert sim.state.counts[CLOUDINIT_VM]["cloudinit_regenerated"] >= 1


async def test_a_create_whose_start_is_refused_is_partial_and_the_vm_is_reported_created(
    sim: Simulator, client: Client
) -> None:
    sim.faults.add_error(500, method="POST", path="/nodes/{node}/qemu/{vmid}/status/start", count=None)

    job = await finished(
        client,
        await submit(client, "create_vm", node="pve2", name="partial3", memory_mb=512, disk_gb=4, start=True),
    )

    assert job["state"] == "partial", job
    assert "took effect: create" in job["message"], job
    vmid = job["vmid"]
    assert vmid in sim.state.guests
    assert sim.state.counts[vmid]["created"] == 1
    assert sim.state.counts[vmid]["started"] == 0


async def test_a_delete_whose_destroy_is_refused_after_the_stop_is_partial_and_names_the_stop(
    sim: Simulator, client: Client
) -> None:
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    node = sim.state.guests[vmid].node
    sim.faults.add_error(500, method="DELETE", path=f"/nodes/{node}/lxc/{vmid}", count=None)

    job = await finished(client, await submit(client, "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True))

    assert job["state"] == "partial", job
    assert "took effect: stop" in job["message"], job
    assert sim.state.guests[vmid].status == "stopped"
    assert sim.state.counts[vmid]["stopped"] == 1
    assert sim.state.counts[vmid]["deleted"] == 0

"""The long operations happen once: a worker SIGKILLed right after its clone, migrate or vzdump request
leaves the job to another, which finds the task in the node's task list and never sends it again;
one killed while following a migration leaves it to another, which follows it on the source node.

The same kill stack, workers and helpers as tests/e2e/test_exactly_once.py; pvesim's counters
and task list prove one clone, one migration and one archive, and get_task_status the outcome.
"""

from __future__ import annotations

import pytest
from mcp import Client

from tests.e2e import test_exactly_once as once
from tests.e2e.test_exactly_once import Crew, killed_after, posts, tasks_of
from tests.support.agent import finished, status, submit
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

#: that module's fixtures, for this module's own stack
kill_stack, client, crew = once.kill_stack, once.client, once.crew


async def test_a_clone_whose_worker_died_after_the_request_makes_one_guest(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    template = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.template)
    suffix = f"/qemu/{template.vmid}/clone"
    job_id = await killed_after(sim, crew, client, suffix, "clone_instance", vmid=template.vmid, name="once-clone")
    job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    new = job["result"]["vmid"]
    assert (job["result"]["name"], job["result"]["full"]) == ("once-clone", False)
    assert posts(sim, suffix) == 1
    assert [t.upid for t in tasks_of(sim, "qmclone", template.vmid)] == [job["upid"]]
    assert sim.state.counts[template.vmid]["cloned"] == 1
    assert sim.state.counts[new]["created"] == 1
    assert [g.vmid for g in sim.state.guests.values() if g.config.get("name") == "once-clone"] == [new]


async def test_a_migration_whose_worker_died_after_the_request_moves_the_guest_once(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.template)
    source = vm.node
    target = next(node for node in sim.state.nodes if node != source)
    suffix = f"/qemu/{vm.vmid}/migrate"
    job_id = await killed_after(sim, crew, client, suffix, "migrate_instance", vmid=vm.vmid, target=target)
    job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    assert (job["result"]["source_node"], job["result"]["node"], job["node"]) == (source, target, target)
    assert job["upid"].split(":")[1] == source  # found in the source node's task list
    assert posts(sim, suffix) == 1
    assert [t.upid for t in tasks_of(sim, "qmigrate", vm.vmid)] == [job["upid"]]
    assert sim.state.counts[vm.vmid]["migrated"] == 1
    assert sim.state.guests[vm.vmid].node == target


async def test_a_backup_whose_worker_died_after_the_request_writes_one_archive(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    ct = next(g for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running" and not g.lock)
    archives_before = {v for v in sim.state.volume_bucket(ct.node, "local") if f"vzdump-lxc-{ct.vmid}-" in v}
    suffix = f"/nodes/{ct.node}/vzdump"
    job_id = await killed_after(sim, crew, client, suffix, "backup_instance", vmid=ct.vmid)
    job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    made = {v for v in sim.state.volume_bucket(ct.node, "local") if f"vzdump-lxc-{ct.vmid}-" in v} - archives_before
    assert [a["volid"] for a in job["result"]["archives"]] == sorted(made)
    assert len(made) == 1
    assert posts(sim, suffix) == 1
    assert [t.upid for t in tasks_of(sim, "vzdump", ct.vmid)] == [job["upid"]]
    assert sim.state.counts[ct.vmid]["backed_up"] == 1


async def test_a_migration_followed_by_a_worker_that_dies_is_followed_to_its_end_on_the_source_node(
    kill_stack: Stack, client: Client, crew: Crew
) -> None:
    sim = kill_stack.sim
    ct = next(g for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running" and not g.snapshots)
    source = ct.node
    target = next(node for node in sim.state.nodes if node != source)
    # longer than the killed worker's lease (about 15 s): the rescuer finds the migration still running
    sim.faults.add_task_rule(type="vzmigrate", vmid=ct.vmid, duration=25.0, count=1)
    victim = await crew.start("victim")
    job_id = await submit(client, "migrate_instance", vmid=ct.vmid, target=target)

    async def following() -> bool:
        job = await status(client, job_id)
        return job["state"] == "running" and job["upid"] is not None

    await eventually(following, timeout=30, what="the worker to follow the migration")
    victim.kill()
    await crew.start("rescuer")
    job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    assert (job["result"]["mode"], job["result"]["node"], job["node"]) == ("restart", target, target)
    assert job["upid"].split(":")[1] == source
    assert posts(sim, f"/lxc/{ct.vmid}/migrate") == 1
    assert sim.state.counts[ct.vmid]["migrated"] == 1
    assert (sim.state.guests[ct.vmid].node, sim.state.guests[ct.vmid].status) == (target, "running")

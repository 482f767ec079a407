"""The safety tiers, through the real MCP client against pvesim, in both deployment modes.

Restricted tools change nothing without a yes (confirmed=true, or an elicitation the user
accepts); delete is refused unless the server allows danger, and then needs a yes and the
VMID typed again. The worker checks all of it again, so a job written straight into Redis
gets no further than one that came through the MCP server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from mcp import Client
from mcp.types import ElicitResult

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Guest
from tests.support.agent import call, error_of
from tests.support.cluster import assert_unchanged, label, nothing_happens, pick, picture, writes_since
from tests.support.redis_jobs import ended, inject
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, own_stack

pytestmark = pytest.mark.timeout(180)

TEMPLATE = "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst"
#: a VMID no scenario uses, for the guest the delete test creates and destroys
DOOMED_VMID = 4300


# -- guests, and what "nothing changed" means -------------------------------------------------


# -- stacks and clients -----------------------------------------------------------------------


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def guarded_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    """A stack whose server and workers run without PROXMOX_ALLOW_DANGER (the default)."""
    async with own_stack(request.param, redis_proc, SimConfig(task_duration=0.3, lock_timeout=0.5), {}) as running:
        yield running


@pytest.fixture(scope="module")
async def guarded(guarded_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(guarded_stack.client()) as client:
        yield client


def _yes() -> ElicitResult:
    return ElicitResult(action="accept", content={"approve": True})


@dataclass
class User:
    """The person behind an eliciting client: answers every question with `answer`, keeps the questions."""

    answer: ElicitResult = field(default_factory=_yes)
    questions: list[str] = field(default_factory=list)

    async def reply(self, context: Any, params: Any) -> ElicitResult:
        self.questions.append(params.message)
        return self.answer


@pytest.fixture(scope="module")
def user() -> User:
    return User()


@pytest.fixture(scope="module")
async def asking(changes_stack: Stack, user: User) -> AsyncIterator[Client]:
    """A client that declares elicitation: the server asks `user` before a change."""
    async with HostedClient(changes_stack.client(elicitation_callback=user.reply)) as client:
        yield client


@pytest.fixture
def answering(user: User) -> Iterator[User]:
    """The user, with no questions asked yet; the answer goes back to yes afterwards."""
    user.questions.clear()
    yield user
    user.answer = _yes()


# -- Restricted tools -------------------------------------------------------------------------

#: a Restricted tool call without confirmation: (arguments, what its plan must name) for a cluster
Case = Callable[[Simulator], tuple[dict[str, Any], list[str]]]


def _power(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "action": "start"}, [f"start {label(vm)} on node {vm.node}"]


def _create_vm(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    return {"node": "pve1", "name": "safety-vm", "vmid": 4201}, ["create VM 'safety-vm' (VMID 4201) on node pve1"]


def _create_lxc(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    arguments = {"node": "pve1", "hostname": "safety-ct", "ostemplate": TEMPLATE, "vmid": 4202}
    return arguments, ["create container 'safety-ct' (VMID 4202) on node pve1", TEMPLATE]


def _cloudinit(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "ciuser": "alice", "nameserver": "10.0.0.53"}, [
        f"set cloud-init user, DNS servers of {label(vm)} on node {vm.node}"
    ]


def _snapshot(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    ct = pick(sim, "lxc", "running")
    return {"vmid": ct.vmid, "name": "pre-change"}, [f"take snapshot 'pre-change' of {label(ct)} on node {ct.node}"]


def _rollback(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "name": "before-upgrade"}, [
        f"roll {label(vm)} on node {vm.node}",
        "back to snapshot 'before-upgrade'",
    ]


def _delete_snapshot(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "name": "before-upgrade"}, [
        f"delete snapshot 'before-upgrade' of {label(vm)} on node {vm.node}"
    ]


def _exec(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    ct = pick(sim, "lxc", "running")
    return {"vmid": ct.vmid, "command": "cat /etc/hostname"}, [
        f"run cat /etc/hostname in {label(ct)} on node {ct.node}"
    ]


def _clone(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "newid": 4210, "full": True}, [f"make a full clone of {label(vm)} on node {vm.node}"]


def _migrate(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    ct = pick(sim, "lxc", "running")
    target = next(node for node in sim.state.nodes if node != ct.node)
    return {"vmid": ct.vmid, "target": target}, [f"migrate {label(ct)} on node {ct.node}", f"to node {target}"]


def _backup(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "mode": "stop"}, [f"back up {label(vm)} on node {vm.node}", "(stop mode"]


def _restore(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    archive = "local:backup/vzdump-qemu-4211-2026_01_10-02_00_01.vma.zst"
    return {"archive": archive, "node": "pve1", "vmid": 4211}, [f"restore backup {archive} as a new guest (VMID 4211)"]


def _resize(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "disk": "scsi0", "size": "+1G"}, [f"grow disk scsi0 of {label(vm)} on node {vm.node}"]


def _move(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    ct = pick(sim, "lxc", "stopped")
    return {"vmid": ct.vmid, "disk": "rootfs", "storage": "local"}, [
        f"move disk rootfs of {label(ct)} on node {ct.node}",
        "to storage local",
    ]


def _template(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid}, [f"convert {label(vm)} on node {vm.node}", "into a template"]


def _vm_exec(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "command": "cat /etc/hostname"}, [
        f"run cat /etc/hostname in {label(vm)} on node {vm.node}"
    ]


def _update(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "cores": 3}, [f"set cores=3 of {label(vm)} on node {vm.node}"]


def _nic(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "net": 0, "vlan": 40}, [f"set vlan=40 on net0 of {label(vm)} on node {vm.node}"]


def _download(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    url = "https://example.org/isos/never.iso"
    return {"node": "pve1", "storage": "local", "url": url}, [f"download {url} to local:iso/never.iso on node pve1"]


def _node_network(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    return {"node": "pve1", "iface": "vmbr2", "ports": ["eno2"]}, [
        "declare bridge vmbr2 on node pve1 with ports=eno2 (pending)"
    ]


def _apply_network(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    node = sim.state.nodes["pve2"]
    node.network_pending = {**node.network, "vmbr6": {"type": "bridge", "method": "manual"}}
    return {"node": "pve2"}, ["apply the pending network changes of node pve2", "+iface vmbr6 inet manual"]


def _rule(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    return {"type": "in", "action": "DROP", "proto": "tcp", "dport": "23"}, [
        "add firewall rule type=in action=DROP proto=tcp dport=23 at position 0 of the cluster"
    ]


def _firewall_options(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "enable": True}, [f"set firewall options enable=1 of guest {vm.vmid}"]


def _ipset(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    return {"name": "blocklist", "cidr": "198.51.100.9"}, ["add 198.51.100.9 to IP set blocklist"]


def _ha(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "max_restart": 2}, [
        f"manage {label(vm)} on node {vm.node} (stopped) by HA with max_restart=2"
    ]


def _delete_iso(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    node, volid = next((n or "pve1", v) for (n, _), bucket in sim.state.volumes.items() for v in bucket if ":iso/" in v)
    return {"node": node, "volid": volid}, [f"delete {volid} from node {node}, for good"]


def _cdrom(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmid": vm.vmid, "eject": True}, [f"eject the ide2 CD-ROM of {label(vm)} on node {vm.node}"]


def _fleet_snapshot(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm, ct = pick(sim, "qemu", "stopped"), pick(sim, "lxc", "running")
    return {"vmids": [vm.vmid, ct.vmid], "name": "fleet-pre"}, [
        f"take snapshot 'fleet-pre' of 2 guests: {label(vm)} on node {vm.node}, {label(ct)} on node {ct.node}"
    ]


def _fleet_power(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    ct = pick(sim, "lxc", "stopped")
    return {"vmids": [ct.vmid], "action": "start"}, [f"start 1 guest: {label(ct)} on node {ct.node}"]


def _fleet_backup(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "running")
    return {"vmids": [vm.vmid]}, [f"back up 1 guest: {label(vm)} on node {vm.node} to storage local (snapshot mode"]


RESTRICTED = [
    pytest.param("power_control", _power, id="power"),
    pytest.param("create_vm", _create_vm, id="create_vm"),
    pytest.param("create_lxc", _create_lxc, id="create_lxc"),
    pytest.param("set_vm_cloudinit", _cloudinit, id="cloudinit"),
    pytest.param("create_snapshot", _snapshot, id="snapshot"),
    pytest.param("rollback_snapshot", _rollback, id="rollback"),
    pytest.param("delete_snapshot", _delete_snapshot, id="delete_snapshot"),
    pytest.param("execute_lxc_command", _exec, id="exec"),
    pytest.param("clone_instance", _clone, id="clone"),
    pytest.param("migrate_instance", _migrate, id="migrate"),
    pytest.param("backup_instance", _backup, id="backup"),
    pytest.param("restore_backup", _restore, id="restore"),
    pytest.param("resize_disk", _resize, id="resize"),
    pytest.param("move_disk", _move, id="move_disk"),
    pytest.param("convert_to_template", _template, id="template"),
    pytest.param("execute_vm_command", _vm_exec, id="vm-exec"),
    pytest.param("update_instance", _update, id="update"),
    pytest.param("set_guest_nic", _nic, id="nic"),
    pytest.param("download_to_storage", _download, id="download"),
    pytest.param("set_node_network", _node_network, id="node-network"),
    pytest.param("set_firewall_rule", _rule, id="firewall-rule"),
    pytest.param("set_firewall_options", _firewall_options, id="firewall-options"),
    pytest.param("set_ipset_entry", _ipset, id="ipset"),
    pytest.param("set_ha_resource", _ha, id="ha"),
    pytest.param("delete_volume", _delete_iso, id="delete-volume"),
    pytest.param("set_vm_cdrom", _cdrom, id="cdrom"),
    pytest.param("snapshot_guests", _fleet_snapshot, id="fleet-snapshot"),
    pytest.param("power_guests", _fleet_power, id="fleet-power"),
    pytest.param("backup_guests", _fleet_backup, id="fleet-backup"),
]


@pytest.mark.parametrize(("tool", "case"), RESTRICTED)
async def test_restricted_tool_without_confirmation_answers_with_its_plan_and_changes_nothing(
    changes: Client, changes_stack: Stack, tool: str, case: Case
) -> None:
    arguments, plan = case(changes_stack.sim)
    async with nothing_happens(changes_stack):
        text = await error_of(changes, tool, **arguments)
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    for words in plan:
        assert words in text, (words, text)
    assert "confirmed=true" in text  # the agent's next step


async def test_cancel_without_confirmation_names_the_jobs_guest_and_node_and_changes_nothing(
    changes: Client, changes_stack: Stack
) -> None:
    ct = pick(changes_stack.sim, "lxc", "running")
    # a real job to point at: starting a running container is a successful no-op
    job = await call(changes, "power_control", vmid=ct.vmid, action="start", confirmed=True)
    assert (job["done"], job["result"]["changed"]) == (True, False)
    async with nothing_happens(changes_stack):
        text = await error_of(changes, "cancel_task", job_id=job["job_id"])
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert f"stop job {job['job_id']} (power_control on guest {ct.vmid}" in text
    # which task the user is asked to stop: the job's guest and node, as every other plan names them
    for words in (str(ct.vmid), ct.node):
        assert words in text, (words, text)


async def test_cancel_declined_by_the_user_changes_nothing(
    changes: Client, asking: Client, changes_stack: Stack, answering: User
) -> None:
    ct = pick(changes_stack.sim, "lxc", "running")
    # the job comes from the asking client's own server: in embedded mode each server has its own store
    job = await call(asking, "power_control", vmid=ct.vmid, action="start", confirmed=True)
    answering.questions.clear()
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, "cancel_task", job_id=job["job_id"])
    assert len(answering.questions) == 1
    assert f"stop job {job['job_id']} (power_control on guest {ct.vmid}" in answering.questions[0]
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    status = await call(asking, "get_task_status", job_id=job["job_id"])
    assert status["state"] == "succeeded"


@pytest.mark.parametrize(("tool", "case"), RESTRICTED)
async def test_eliciting_client_is_asked_with_the_plan_and_a_decline_changes_nothing(
    asking: Client, changes_stack: Stack, answering: User, tool: str, case: Case
) -> None:
    arguments, plan = case(changes_stack.sim)
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, tool, **arguments)
    assert len(answering.questions) == 1
    for words in plan:
        assert words in answering.questions[0], (words, answering.questions[0])
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "(decline)" in text
    assert "nothing was changed" in text


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(ElicitResult(action="cancel"), id="cancelled"),
        pytest.param(ElicitResult(action="accept", content={"approve": False}), id="accepted-but-not-approved"),
    ],
)
async def test_a_cancelled_or_unapproved_question_changes_nothing(
    asking: Client, changes_stack: Stack, answering: User, answer: ElicitResult
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    answering.answer = answer
    async with nothing_happens(changes_stack):
        text = await error_of(asking, "power_control", vmid=vm.vmid, action="start")
    assert len(answering.questions) == 1
    assert f"start {label(vm)} on node {vm.node}" in answering.questions[0]
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "nothing was changed" in text


async def test_accepting_the_question_starts_the_guest_exactly_once(
    asking: Client, changes_stack: Stack, answering: User
) -> None:
    sim = changes_stack.sim
    vm = pick(sim, "qemu", "stopped")
    before = picture(sim)
    report = await call(asking, "power_control", vmid=vm.vmid, action="start")
    assert len(answering.questions) == 1
    assert f"start {label(vm)} on node {vm.node}" in answering.questions[0]
    assert (report["state"], report["done"], report["result"]["changed"]) == ("succeeded", True, True)
    assert f":qmstart:{vm.vmid}:" in report["upid"]
    assert sim.state.guests[vm.vmid].status == "running"
    assert sim.state.counts[vm.vmid]["started"] == before.counts.get(vm.vmid, {}).get("started", 0) + 1
    assert writes_since(sim, before) == [f"POST /nodes/{vm.node}/qemu/{vm.vmid}/status/start"]
    await call(asking, "power_control", vmid=vm.vmid, action="stop", confirmed=True)  # as the other tests found it


async def test_a_client_that_can_ask_the_user_asks_even_when_the_agent_says_confirmed(
    asking: Client, changes_stack: Stack, answering: User
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, "power_control", vmid=vm.vmid, action="start", confirmed=True)
    assert len(answering.questions) == 1
    assert "(decline)" in text


def _delete(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    return {"vmid": vm.vmid, "confirm_vmid": vm.vmid}, [f"DELETE {label(vm)} on node {vm.node}"]


def _generic_put(sim: Simulator) -> tuple[dict[str, Any], list[str]]:
    vm = pick(sim, "qemu", "stopped")
    path = f"/nodes/{vm.node}/qemu/{vm.vmid}/config"
    return {"method": "PUT", "path": path, "params": {"description": "never"}}, [f"send PUT {path} description=never"]


#: every change tool, and a call of it that would run; cancel_task's job is made by the test
CHANGES: dict[str, Case | None] = {
    **{param.values[0]: param.values[1] for param in RESTRICTED},  # type: ignore[misc]
    "delete_instance": _delete,
    "apply_node_network": _apply_network,
    "call_pve_api": _generic_put,
    "cancel_task": None,
}


async def test_every_change_tool_the_server_publishes_has_a_decline_case(asking: Client) -> None:
    tools = (await asking.list_tools()).tools
    changes = {tool.name for tool in tools if tool.annotations is None or tool.annotations.read_only_hint is not True}
    assert changes == CHANGES.keys(), "a change tool without a case in CHANGES (or a case for no tool)"


@pytest.mark.parametrize("confirmed", [pytest.param(None, id="confirmed-left-out"), False, True])
@pytest.mark.parametrize("tool", sorted(CHANGES))
async def test_every_change_tool_refuses_on_the_users_no_whatever_confirmed_says(
    asking: Client, changes_stack: Stack, answering: User, tool: str, confirmed: bool | None
) -> None:
    case = CHANGES[tool]
    if case is None:  # cancel_task: a job to point at (starting a running container is a no-op)
        ct = pick(changes_stack.sim, "lxc", "running")
        job = await call(asking, "power_control", vmid=ct.vmid, action="start", confirmed=True)
        arguments, plan = {"job_id": job["job_id"]}, [f"stop job {job['job_id']}"]
        answering.questions.clear()
    else:
        arguments, plan = case(changes_stack.sim)
    if confirmed is not None:
        arguments["confirmed"] = confirmed
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, tool, **arguments)
    assert len(answering.questions) == 1, answering.questions  # asked once, whatever the agent said
    for words in plan:
        assert words in answering.questions[0], (words, answering.questions[0])
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "(decline)" in text


@pytest.mark.parametrize(
    ("tool", "arguments", "problem"),
    [
        pytest.param("set_vm_cloudinit", {"vmid": 100}, "nothing to set", id="cloudinit-with-nothing-to-set"),
        pytest.param(
            "create_lxc",
            {"node": "pve1", "hostname": "isoct", "ostemplate": "local:iso/debian-13.1.0-amd64-netinst.iso"},
            "is not a container template",
            id="lxc-from-an-iso",
        ),
        pytest.param(
            "create_lxc",
            {
                "node": "pve1",
                "hostname": "gwct",
                "ostemplate": "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst",
                "gateway": "10.0.0.1",
            },
            "gateway only goes with a static ip",
            id="gateway-with-dhcp",
        ),
        pytest.param(
            "create_vm",
            {"node": "pve1", "name": "tmplvm", "iso": "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst"},
            "is not an ISO volume",
            id="vm-booting-a-template",
        ),
    ],
)
async def test_a_call_that_cannot_run_is_refused_before_the_user_is_asked(
    asking: Client, changes_stack: Stack, answering: User, tool: str, arguments: dict[str, Any], problem: str
) -> None:
    async with nothing_happens(changes_stack):
        text = await error_of(asking, tool, **arguments)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert problem in text
    assert answering.questions == []  # nobody approves a plan that was never going to run


# -- delete (Critical) ------------------------------------------------------------------------


async def test_delete_is_danger_disabled_on_a_server_without_allow_danger(
    guarded: Client, guarded_stack: Stack
) -> None:
    vm = pick(guarded_stack.sim, "qemu", "stopped")
    async with nothing_happens(guarded_stack):
        text = await error_of(guarded, "delete_instance", vmid=vm.vmid, confirm_vmid=vm.vmid, confirmed=True)
    assert text.startswith("DANGER_DISABLED:"), text
    assert "PROXMOX_ALLOW_DANGER" in text
    assert vm.vmid in guarded_stack.sim.state.guests


async def test_delete_without_confirmation_shows_what_would_be_destroyed_and_changes_nothing(
    changes: Client, changes_stack: Stack
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    async with nothing_happens(changes_stack):
        text = await error_of(changes, "delete_instance", vmid=vm.vmid, confirm_vmid=vm.vmid)
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert f"DELETE {label(vm)} on node {vm.node}" in text
    assert "cannot be undone" in text
    assert vm.vmid in changes_stack.sim.state.guests


async def test_delete_with_a_wrong_confirm_vmid_changes_nothing_and_nobody_is_asked(
    changes: Client, asking: Client, changes_stack: Stack, answering: User
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    other = vm.vmid + 1
    async with nothing_happens(changes_stack):
        confirmed = await error_of(changes, "delete_instance", vmid=vm.vmid, confirm_vmid=other, confirmed=True)
        asked = await error_of(asking, "delete_instance", vmid=vm.vmid, confirm_vmid=other)
    for text in (confirmed, asked):
        assert text.startswith("CONFIRMATION_REQUIRED:"), text
        assert f"confirm_vmid {other} does not match vmid {vm.vmid}" in text
    assert answering.questions == []
    assert vm.vmid in changes_stack.sim.state.guests


async def test_delete_declined_by_the_user_changes_nothing(
    asking: Client, changes_stack: Stack, answering: User
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, "delete_instance", vmid=vm.vmid, confirm_vmid=vm.vmid)
    assert len(answering.questions) == 1
    assert f"DELETE {label(vm)} on node {vm.node}" in answering.questions[0]
    assert text.startswith("CONFIRMATION_REQUIRED:"), text


async def test_confirmed_delete_with_the_vmid_typed_again_deletes_exactly_once(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    created = await call(changes, "create_vm", node="pve1", name="doomed", vmid=DOOMED_VMID, confirmed=True)
    assert created["state"] == "succeeded"
    before = picture(sim)
    report = await call(changes, "delete_instance", vmid=DOOMED_VMID, confirm_vmid=DOOMED_VMID, confirmed=True)
    assert (report["state"], report["done"], report["result"]["vmid"]) == ("succeeded", True, DOOMED_VMID)
    assert DOOMED_VMID not in sim.state.guests
    assert sim.state.counts[DOOMED_VMID]["deleted"] == 1
    assert writes_since(sim, before) == [f"DELETE /nodes/pve1/qemu/{DOOMED_VMID}"]


# -- a forced restore (Critical: it replaces a guest) -------------------------------------------

ARCHIVE = "local:backup/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst"


async def test_forced_restore_is_danger_disabled_on_a_server_without_allow_danger(
    guarded: Client, guarded_stack: Stack
) -> None:
    vm = pick(guarded_stack.sim, "qemu", "stopped")
    forced = {"archive": ARCHIVE, "node": vm.node, "vmid": vm.vmid, "confirm_vmid": vm.vmid, "force": True}
    async with nothing_happens(guarded_stack):
        text = await error_of(guarded, "restore_backup", **forced, confirmed=True)
    assert text.startswith("DANGER_DISABLED:"), text
    assert "PROXMOX_ALLOW_DANGER" in text


async def test_forced_restore_without_the_vmid_typed_again_changes_nothing_and_nobody_is_asked(
    changes: Client, asking: Client, changes_stack: Stack, answering: User
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    forced = {"archive": ARCHIVE, "node": vm.node, "vmid": vm.vmid, "force": True}
    async with nothing_happens(changes_stack):
        missing = await error_of(changes, "restore_backup", **forced, confirmed=True)
        wrong = await error_of(asking, "restore_backup", **forced, confirm_vmid=vm.vmid + 1)
    for text in (missing, wrong):
        assert text.startswith("CONFIRMATION_REQUIRED:"), text
        assert "confirm_vmid" in text
    assert answering.questions == []


async def test_forced_restore_declined_by_the_user_changes_nothing(
    asking: Client, changes_stack: Stack, answering: User
) -> None:
    vm = pick(changes_stack.sim, "qemu", "stopped")
    forced = {"archive": ARCHIVE, "node": vm.node, "vmid": vm.vmid, "confirm_vmid": vm.vmid, "force": True}
    answering.answer = ElicitResult(action="decline")
    async with nothing_happens(changes_stack):
        text = await error_of(asking, "restore_backup", **forced)
    assert len(answering.questions) == 1
    assert f"OVERWRITE guest {vm.vmid} on node {vm.node} with backup {ARCHIVE}" in answering.questions[0]
    assert text.startswith("CONFIRMATION_REQUIRED:"), text


async def test_worker_refuses_a_delete_its_own_settings_forbid_even_when_the_server_allows_it(
    guarded_stack: Stack,
) -> None:
    if guarded_stack.redis is None:
        pytest.skip("embedded: the server is its own worker")
    vm = pick(guarded_stack.sim, "qemu", "stopped")
    env = guarded_stack.env(PROXMOX_ALLOW_DANGER="true", PROXMOX_MCP_LOG_FILE=str(guarded_stack.log_dir / "lax.log"))
    before = picture(guarded_stack.sim)
    async with HostedClient(guarded_stack.client(env=env)) as lax:
        # this server lets the delete through and enqueues it: the worker is the gate that holds
        text = await error_of(lax, "delete_instance", vmid=vm.vmid, confirm_vmid=vm.vmid, confirmed=True)
    assert text.startswith("DANGER_DISABLED:"), text
    assert_unchanged(guarded_stack.sim, before)


# -- jobs written straight into Redis ---------------------------------------------------------


#: (arq function, payload for a stopped VM and a running container, the error the worker must end the job with)
Injection = Callable[[Guest, Guest], dict[str, Any]]

GUARDED_INJECTIONS = [
    pytest.param(
        "delete_instance",
        lambda vm, ct: {"vmid": vm.vmid, "confirm_vmid": vm.vmid, "confirmed": True},
        "DANGER_DISABLED",
        id="confirmed-delete",
    ),
    pytest.param(
        "restore_backup",
        lambda vm, ct: {
            "archive": ARCHIVE,
            "node": vm.node,
            "vmid": vm.vmid,
            "confirm_vmid": vm.vmid,
            "force": True,
            "confirmed": True,
        },
        "DANGER_DISABLED",
        id="confirmed-forced-restore",
    ),
    pytest.param(
        "power_control",
        lambda vm, ct: {"vmid": vm.vmid, "action": "start", "confirmed": False},
        "CONFIRMATION_REQUIRED",
        id="unconfirmed-power",
    ),
    pytest.param(
        "execute_lxc_command",
        lambda vm, ct: {"vmid": ct.vmid, "argv": ["id"]},
        "CONFIRMATION_REQUIRED",
        id="confirmation-left-out",
    ),
    pytest.param(
        "cancel_task",
        lambda vm, ct: {"upid": f"UPID:{ct.node}:00001F40:0000A2C8:6900A000:vzstart:{ct.vmid}:root@pam!mcp:"},
        "CONFIRMATION_REQUIRED",
        id="unconfirmed-cancel",
    ),
    pytest.param(
        "power_control",
        lambda vm, ct: {"vmid": 5, "action": "start", "confirmed": True},
        "VALIDATION_ERROR",
        id="vmid-5",
    ),
    pytest.param(
        "power_control",
        lambda vm, ct: {"vmid": vm.vmid, "action": "start", "confirmed": True, "tier": "safe"},
        "VALIDATION_ERROR",
        id="unknown-field",
    ),
    pytest.param(
        "execute_lxc_command",
        lambda vm, ct: {"vmid": ct.vmid, "argv": "id; reboot", "confirmed": True},
        "VALIDATION_ERROR",
        id="argv-as-shell-text",
    ),
    pytest.param(
        "execute_lxc_command",
        lambda vm, ct: {"vmid": ct.vmid, "argv": ["echo", "a\x00reboot"], "confirmed": True},
        "VALIDATION_ERROR",
        id="nul-in-argv",
    ),
    pytest.param(
        "power_control",
        lambda vm, ct: {"vmid": vm.vmid, "action": "start", "confirmed": "yes"},
        "VALIDATION_ERROR",
        id="confirmed-as-text",
    ),
    pytest.param(
        "power_control",
        lambda vm, ct: {"vmid": float(vm.vmid), "action": "start", "confirmed": True},
        "VALIDATION_ERROR",
        id="vmid-as-float",
    ),
    pytest.param(
        "set_vm_cloudinit",
        lambda vm, ct: {"vmid": vm.vmid, "ipconfig": {"0": "ip=dhcp,ip=10.0.0.5/24"}, "confirmed": True},
        "VALIDATION_ERROR",
        id="ipconfig-pve-refuses",
    ),
]


@pytest.mark.parametrize(("function", "payload", "code"), GUARDED_INJECTIONS)
async def test_job_written_into_redis_is_refused_by_the_worker_and_nothing_happens(
    guarded: Client, guarded_stack: Stack, function: str, payload: Injection, code: str
) -> None:
    if guarded_stack.redis is None:
        pytest.skip("embedded: there is no Redis to write to")
    sim = guarded_stack.sim
    vm, ct = pick(sim, "qemu", "stopped"), pick(sim, "lxc", "running")
    before = picture(sim)
    job_id = await inject(guarded_stack.redis, function, payload(vm, ct))
    record = await ended(guarded_stack.redis, job_id)
    assert (record.state.value, record.error_code) == ("failed", code), record.error_message
    assert_unchanged(sim, before)
    status = await call(guarded, "get_task_status", job_id=job_id)  # what an agent reads of it
    assert (status["state"], status["error"]["code"]) == ("failed", code)


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        pytest.param(
            lambda vmid: {"vmid": vmid, "confirm_vmid": vmid + 1, "confirmed": True},
            "CONFIRMATION_REQUIRED",
            id="wrong-confirm-vmid",
        ),
        pytest.param(
            lambda vmid: {"vmid": vmid, "confirm_vmid": vmid, "confirmed": False},
            "CONFIRMATION_REQUIRED",
            id="unconfirmed",
        ),
        pytest.param(lambda vmid: {"vmid": vmid, "confirmed": True}, "VALIDATION_ERROR", id="confirm-vmid-left-out"),
    ],
)
async def test_delete_written_into_redis_needs_confirmation_and_the_vmid_where_danger_is_allowed(
    changes_stack: Stack, payload: Callable[[int], dict[str, Any]], code: str
) -> None:
    if changes_stack.redis is None:
        pytest.skip("embedded: there is no Redis to write to")
    vm = pick(changes_stack.sim, "qemu", "stopped")
    before = picture(changes_stack.sim)
    job_id = await inject(changes_stack.redis, "delete_instance", payload(vm.vmid))
    record = await ended(changes_stack.redis, job_id)
    assert (record.state.value, record.error_code) == ("failed", code), record.error_message
    assert_unchanged(changes_stack.sim, before)

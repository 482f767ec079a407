"""Commands in VMs through the guest agent: the same injection tests as containers', settings, at most once.

The argv goes to PVE's agent/exec as an array (one form key per argument) and qemu-ga runs the
program itself, without a shell: pvesim records the request, so each test shows exactly the argv
the agent got. The hostile cases are execute_lxc_command's own (tests/e2e/test_exec_injection.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client

from pvesim.commands import run_command
from pvesim.config import SimConfig
from pvesim.state import Agent, Guest
from tests.e2e import test_exactly_once
from tests.e2e.test_exactly_once import Crew, dead, kill_when
from tests.e2e.test_exec_injection import HOSTILE
from tests.support.agent import call, error_of, finished, status, submit
from tests.support.cluster import assert_unchanged, nothing_happens, picture
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, own_stack, start_stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)

EXEC = "/agent/exec"


@pytest.fixture(scope="module")
async def vm_stack(redis_proc: RedisServer) -> AsyncIterator[Stack]:
    env = {"PROXMOX_VM_EXEC": "true", "PROXMOX_MCP_WORKER_POLL": "0.2"}
    running = await start_stack("redis", redis_proc, SimConfig(task_duration=0.3), env)
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def mcp(vm_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(vm_stack.client()) as client:
        yield client


def running_vm(stack: Stack) -> Guest:
    return stack.sim.state.guests[100]  # web01: running, its agent answers


def sent_argv(stack: Stack, since: int) -> list[tuple[str, ...]]:
    """The argv of every agent/exec request pvesim handled since request `since`."""
    return [
        tuple(r.params["command"]) if isinstance(r.params["command"], list) else (r.params["command"],)
        for r in stack.sim.requests[since:]
        if r.method == "POST" and r.path.endswith(EXEC)
    ]


async def ran_once(mcp: Client, stack: Stack, command: str) -> tuple[tuple[str, ...], dict[str, Any]]:
    vm = running_vm(stack)
    before = len(stack.sim.requests)
    report = await call(mcp, "execute_vm_command", vmid=vm.vmid, command=command, confirmed=True)
    assert (report["state"], report["done"]) == ("succeeded", True), report
    result: dict[str, Any] = report["result"]
    assert (result["vmid"], result["node"]) == (vm.vmid, vm.node)
    [argv] = sent_argv(stack, before)  # the command was sent once, and nothing else was
    return argv, result


@pytest.mark.parametrize(("command", "argv", "stdout"), HOSTILE)
async def test_hostile_text_reaches_the_vm_as_literal_arguments(
    mcp: Client, vm_stack: Stack, command: str, argv: tuple[str, ...], stdout: str
) -> None:
    recorded, result = await ran_once(mcp, vm_stack, command)
    assert recorded == argv
    assert tuple(result["argv"]) == argv
    assert (result["exit_code"], result["stdout"], result["stderr"]) == (0, stdout, "")


async def test_a_pipe_into_sh_is_two_file_names_for_cat(mcp: Client, vm_stack: Stack) -> None:
    os_release = run_command(running_vm(vm_stack), ["cat", "/etc/os-release"]).stdout
    recorded, result = await ran_once(mcp, vm_stack, "cat /etc/os-release | sh")
    assert recorded == ("cat", "/etc/os-release", "|", "sh")
    assert result["stdout"] == os_release
    assert result["stderr"] == "cat: |: No such file or directory\ncat: sh: No such file or directory\n"
    assert result["exit_code"] == 1


async def test_shell_syntax_as_the_program_name_is_not_found(mcp: Client, vm_stack: Stack) -> None:
    recorded, result = await ran_once(mcp, vm_stack, "$(reboot)")
    assert recorded == ("$(reboot)",)
    assert (result["exit_code"], result["stdout"]) == (127, "")
    assert "Failed to execute child process \u201c$(reboot)\u201d (No such file or directory)" in result["stderr"]


async def test_unknown_program_exits_127(mcp: Client, vm_stack: Stack) -> None:
    recorded, result = await ran_once(mcp, vm_stack, "frobnicate --now")
    assert recorded == ("frobnicate", "--now")
    assert result["exit_code"] == 127


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        pytest.param("echo a\x00b", "NUL byte", id="nul"),
        pytest.param('echo "unbalanced', "No closing quotation", id="open-double-quote"),
        pytest.param("echo trailing\\", "No escaped character", id="trailing-backslash"),
        pytest.param("   ", "empty", id="only-blanks"),
    ],
)
async def test_commands_that_are_no_argv_are_refused_before_anything_runs(
    mcp: Client, vm_stack: Stack, command: str, reason: str
) -> None:
    async with nothing_happens(vm_stack):
        text = await error_of(mcp, "execute_vm_command", vmid=100, command=command, confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert reason in text


async def test_the_plan_shows_hostile_text_quoted_as_the_arguments_it_becomes(mcp: Client, vm_stack: Stack) -> None:
    async with nothing_happens(vm_stack):
        text = await error_of(mcp, "execute_vm_command", vmid=100, command="echo $(id) ; rm -rf /")
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "run echo '$(id)' ';' rm -rf / in VM 100 'web01'" in text


async def test_a_command_that_outlives_its_timeout_exits_124(mcp: Client, vm_stack: Stack) -> None:
    report = await call(mcp, "execute_vm_command", vmid=100, command="sleep 5", timeout_seconds=1, confirmed=True)
    result = report["result"]
    assert result["exit_code"] == 124
    assert "timed out after 1s" in result["stderr"]


async def test_a_status_read_pve_fails_once_after_the_command_started_still_reports_its_end(
    mcp: Client, vm_stack: Stack
) -> None:
    vm = running_vm(vm_stack)
    faults = vm_stack.sim.faults
    faults.add_error(
        500, method="GET", path=f"/nodes/{vm.node}/qemu/{vm.vmid}/agent/exec-status", message="got timeout"
    )
    try:
        argv, result = await ran_once(mcp, vm_stack, "echo read again")  # sent once, and reported done
    finally:
        faults.clear()
    assert argv == ("echo", "read", "again")
    assert (result["exit_code"], result["stdout"]) == (0, "read again\n")
    assert not faults.errors  # the status read did get its 500


async def test_a_command_in_a_stopped_vm_is_a_conflict(mcp: Client, vm_stack: Stack) -> None:
    before = picture(vm_stack.sim)
    text = await error_of(mcp, "execute_vm_command", vmid=101, command="hostname", confirmed=True)
    assert text.startswith("CONFLICT:"), text
    assert "VM 101 is stopped" in text
    assert_unchanged(vm_stack.sim, before)


async def test_an_agent_with_guest_exec_disabled_is_feature_disabled(mcp: Client, vm_stack: Stack) -> None:
    vm = vm_stack.sim.state.guests[102]
    vm.agent = Agent(blocked=frozenset({"guest-exec"}))
    try:
        text = await error_of(mcp, "execute_vm_command", vmid=102, command="hostname", confirmed=True)
    finally:
        vm.agent = Agent()
    assert text.startswith("FEATURE_DISABLED:"), text
    assert "guest-exec" in text and "disabled" in text


async def test_a_container_is_pointed_to_execute_lxc_command(mcp: Client, vm_stack: Stack) -> None:
    text = await error_of(mcp, "execute_vm_command", vmid=200, command="hostname", confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "execute_lxc_command" in text


# -- settings: off by default, the allowlist ------------------------------------------------


async def test_commands_in_vms_are_off_until_enabled(redis_proc: RedisServer) -> None:
    async with (
        own_stack("embedded", redis_proc, SimConfig(task_duration=0.3), {}) as stack,
        HostedClient(stack.client()) as mcp,
    ):
        before = picture(stack.sim)
        text = await error_of(mcp, "execute_vm_command", vmid=100, command="hostname", confirmed=True)
        assert_unchanged(stack.sim, before)
    assert text.startswith("FEATURE_DISABLED:"), text
    assert "PROXMOX_VM_EXEC" in text


async def test_the_allowlist_of_container_commands_limits_vm_commands_too(redis_proc: RedisServer) -> None:
    env = {"PROXMOX_VM_EXEC": "true", "PROXMOX_EXEC_ALLOWLIST": "echo"}
    async with (
        own_stack("embedded", redis_proc, SimConfig(task_duration=0.3), env) as stack,
        HostedClient(stack.client()) as mcp,
    ):
        before = picture(stack.sim)
        refused = await error_of(mcp, "execute_vm_command", vmid=100, command="/bin/echo hi", confirmed=True)
        assert_unchanged(stack.sim, before)
        allowed = await call(mcp, "execute_vm_command", vmid=100, command="echo hi", confirmed=True)
    assert refused.startswith("VALIDATION_ERROR:") and "PROXMOX_EXEC_ALLOWLIST" in refused, refused
    assert allowed["result"]["stdout"] == "hi\n"


# -- at most once ---------------------------------------------------------------------------

#: this test's workers, all stopped when it ends (the exactly-once tests' fixture, on this module's kill_stack)
crew = test_exactly_once.crew


@pytest.fixture(scope="module")
async def kill_stack(redis_proc: RedisServer) -> AsyncIterator[Stack]:
    env = {"PROXMOX_VM_EXEC": "true", "PROXMOX_MCP_WORKER_POLL": "0.2", "PROXMOX_TIMEOUT": "2"}
    async with own_stack("redis", redis_proc, SimConfig(task_duration=0.3), env) as running:
        for worker in running.workers:  # each test starts its own
            worker.stop()
        running.workers.clear()
        yield running


async def test_a_worker_killed_while_the_command_runs_leaves_the_next_to_read_its_end(
    kill_stack: Stack, crew: Crew
) -> None:
    sim = kill_stack.sim
    async with HostedClient(kill_stack.client()) as client:
        victim = await crew.start("victim")
        restore = kill_when(sim, victim, "GET", "/agent/exec-status")  # the pid is stored by then
        try:
            job_id = await submit(client, "execute_vm_command", vmid=100, command="sleep 3")
            await eventually(lambda: dead(victim), timeout=30, what="the worker to be killed while polling")
        finally:
            restore()
        await crew.start("rescuer")
        job = await finished(client, job_id)
    assert job["state"] == "succeeded", job
    assert job["result"]["exit_code"] == 0
    assert [r.path for r in sim.requests if r.method == "POST" and r.path.endswith(EXEC)] == [
        "/nodes/pve1/qemu/100/agent/exec"
    ]


async def test_a_worker_killed_right_after_sending_the_command_never_sends_it_again(
    kill_stack: Stack, crew: Crew
) -> None:
    sim = kill_stack.sim
    before = len(sim.requests)
    async with HostedClient(kill_stack.client()) as client:
        victim = await crew.start("victim")
        restore = kill_when(sim, victim, "POST", EXEC)  # before its answer (the pid) reaches the worker
        try:
            job_id = await submit(client, "execute_vm_command", vmid=100, command="hostname")
            await eventually(lambda: dead(victim), timeout=30, what="the worker to be killed mid-send")
        finally:
            restore()
        assert (await status(client, job_id))["state"] == "dispatching"
        await crew.start("rescuer")
        job = await finished(client, job_id)
    assert job["state"] == "unknown", job
    assert "not sent twice" in job["message"]
    assert len(sent_argv(kill_stack, before)) == 1

"""Container commands cannot smuggle shell syntax onto the node, through the real MCP client and pvesim's SSH.

The command line is split like a shell splits words, but never run by a shell: each word
reaches `pct exec` in the container as one literal argument. pvesim's SSH endpoint records
the argv the node's side ended up with (`sim.state.ssh_execs`), so each test shows exactly
what ran, and that nothing else did. It also records the raw command line the worker sent:
its shell-free split reads `;` or `$(...)` as words whether they were quoted or not, so each
test also checks that the line is exactly the shell-quoted `pct exec VMID -- argv...`.
"""

from __future__ import annotations

import shlex
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client

from pvesim.commands import run_command
from pvesim.config import SimConfig
from pvesim.state import Guest
from tests.support.agent import call, error_of
from tests.support.cluster import assert_unchanged, nothing_happens, pick, picture
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, own_stack

pytestmark = pytest.mark.timeout(180)


def running_ct(stack: Stack) -> Guest:
    return pick(stack.sim, "lxc", "running")


async def run(mcp: Client, ct: Guest, command: str) -> dict[str, Any]:
    """Run a command in a running container; the tool's result."""
    report = await call(mcp, "execute_lxc_command", vmid=ct.vmid, command=command, confirmed=True)
    assert (report["state"], report["done"]) == ("succeeded", True), report
    result: dict[str, Any] = report["result"]
    assert (result["vmid"], result["node"]) == (ct.vmid, ct.node)
    return result


async def ran_once(mcp: Client, stack: Stack, command: str) -> tuple[tuple[str, ...], dict[str, Any]]:
    """Run `command`; the one argv pvesim's node recorded for it, and the tool's result."""
    ct = running_ct(stack)
    execs = stack.sim.state.ssh_execs
    before = len(execs)
    result = await run(mcp, ct, command)
    assert len(execs) == before + 1, execs[before:]  # the command ran, and nothing else did
    assert execs[-1].vmid == ct.vmid
    assert execs[-1].command == sent_line(ct.vmid, execs[-1].argv)
    return execs[-1].argv, result


def sent_line(vmid: int, argv: tuple[str, ...]) -> str:
    """The command line a node's shell turns back into exactly `pct exec VMID -- argv...`."""
    return shlex.join(["pct", "exec", str(vmid), "--", *argv])


HOSTILE = [
    pytest.param("echo ; rm -rf /", ("echo", ";", "rm", "-rf", "/"), "; rm -rf /\n", id="semicolon"),
    pytest.param("echo $(id)", ("echo", "$(id)"), "$(id)\n", id="command-substitution"),
    pytest.param("echo `id`", ("echo", "`id`"), "`id`\n", id="backticks"),
    pytest.param("""echo "a b" 'c d'""", ("echo", "a b", "c d"), "a b c d\n", id="quotes"),
    pytest.param("echo 'one\nreboot'", ("echo", "one\nreboot"), "one\nreboot\n", id="newline-in-quotes"),
    pytest.param("echo one\nreboot", ("echo", "one", "reboot"), "one reboot\n", id="newline-unquoted"),
    pytest.param("echo a && reboot", ("echo", "a", "&&", "reboot"), "a && reboot\n", id="and-then"),
    pytest.param(
        "echo $HOME > /etc/passwd", ("echo", "$HOME", ">", "/etc/passwd"), "$HOME > /etc/passwd\n", id="redirect"
    ),
    pytest.param("""echo "it's" '"q"' \\$x""", ("echo", "it's", '"q"', "$x"), 'it\'s "q" $x\n', id="nested-quotes"),
]


@pytest.mark.parametrize(("command", "argv", "stdout"), HOSTILE)
async def test_hostile_text_reaches_the_container_as_literal_arguments(
    changes: Client, changes_stack: Stack, command: str, argv: tuple[str, ...], stdout: str
) -> None:
    recorded, result = await ran_once(changes, changes_stack, command)
    assert recorded == argv
    assert tuple(result["argv"]) == argv
    assert (result["exit_code"], result["stdout"], result["stderr"]) == (0, stdout, "")


async def test_a_pipe_into_sh_is_two_file_names_for_cat(changes: Client, changes_stack: Stack) -> None:
    os_release = run_command(running_ct(changes_stack), ["cat", "/etc/os-release"]).stdout
    recorded, result = await ran_once(changes, changes_stack, "cat /etc/os-release | sh")
    assert recorded == ("cat", "/etc/os-release", "|", "sh")
    assert result["stdout"] == os_release
    assert result["stderr"] == "cat: |: No such file or directory\ncat: sh: No such file or directory\n"
    assert result["exit_code"] == 1


async def test_shell_syntax_as_the_command_name_is_not_found(changes: Client, changes_stack: Stack) -> None:
    recorded, result = await ran_once(changes, changes_stack, "$(reboot)")
    assert recorded == ("$(reboot)",)
    assert (result["exit_code"], result["stdout"]) == (127, "")
    assert result["stderr"] == "$(reboot): command not found\n"


async def test_unknown_command_returns_exit_code_127_and_its_stderr(changes: Client, changes_stack: Stack) -> None:
    recorded, result = await ran_once(changes, changes_stack, "frobnicate --now")
    assert recorded == ("frobnicate", "--now")
    assert (result["exit_code"], result["stdout"], result["stderr"]) == (127, "", "frobnicate: command not found\n")


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        pytest.param("echo a\x00b", "NUL byte", id="nul"),
        pytest.param("echo\x00; reboot", "NUL byte", id="nul-before-shell-text"),
        pytest.param('echo "unbalanced', "No closing quotation", id="open-double-quote"),
        pytest.param("echo 'a b", "No closing quotation", id="open-single-quote"),
        pytest.param("echo trailing\\", "No escaped character", id="trailing-backslash"),
        pytest.param("   ", "empty", id="only-blanks"),
    ],
)
async def test_commands_that_are_no_argv_are_refused_before_anything_runs(
    changes: Client, changes_stack: Stack, command: str, reason: str
) -> None:
    async with nothing_happens(changes_stack):
        text = await error_of(
            changes, "execute_lxc_command", vmid=running_ct(changes_stack).vmid, command=command, confirmed=True
        )
    assert text.startswith("VALIDATION_ERROR:"), text
    assert reason in text


async def test_the_plan_shows_hostile_text_quoted_as_the_arguments_it_becomes(
    changes: Client, changes_stack: Stack
) -> None:
    ct = running_ct(changes_stack)
    async with nothing_happens(changes_stack):
        text = await error_of(changes, "execute_lxc_command", vmid=ct.vmid, command="echo $(id) ; rm -rf /")
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert f"run echo '$(id)' ';' rm -rf / in container {ct.vmid}" in text


async def test_command_in_a_stopped_container_is_a_conflict(changes: Client, changes_stack: Stack) -> None:
    ct = pick(changes_stack.sim, "lxc", "stopped")
    before = picture(changes_stack.sim)
    text = await error_of(changes, "execute_lxc_command", vmid=ct.vmid, command="hostname", confirmed=True)
    assert text.startswith("CONFLICT:"), text
    assert f"container {ct.vmid} is stopped" in text
    assert "power_control" in text
    assert_unchanged(changes_stack.sim, before)


# -- settings: SSH off, an allowlist ----------------------------------------------------------


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def no_ssh_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    """A stack whose server and workers have no SSH key or known_hosts."""
    async with own_stack(request.param, redis_proc, SimConfig(task_duration=0.3), {}) as running:
        yield running


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def allowlist_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    """A stack with SSH whose workers only run `echo` (PROXMOX_EXEC_ALLOWLIST=echo)."""
    env = {"PROXMOX_EXEC_ALLOWLIST": "echo"}
    async with own_stack(request.param, redis_proc, SimConfig(task_duration=0.3, ssh=True), env) as running:
        yield running


async def test_commands_are_feature_disabled_until_ssh_is_configured(no_ssh_stack: Stack) -> None:
    ct = running_ct(no_ssh_stack)
    async with HostedClient(no_ssh_stack.client()) as mcp:
        before = picture(no_ssh_stack.sim)
        text = await error_of(mcp, "execute_lxc_command", vmid=ct.vmid, command="hostname", confirmed=True)
    assert text.startswith("FEATURE_DISABLED:"), text
    assert "PROXMOX_SSH_KEY" in text
    assert_unchanged(no_ssh_stack.sim, before)


async def test_allowlist_refuses_other_commands_and_runs_nothing(allowlist_stack: Stack) -> None:
    sim = allowlist_stack.sim
    ct = running_ct(allowlist_stack)
    async with HostedClient(allowlist_stack.client()) as mcp:
        before = picture(sim)
        refused = [
            await error_of(mcp, "execute_lxc_command", vmid=ct.vmid, command=command, confirmed=True)
            for command in ("cat /etc/os-release", "/bin/cat /etc/os-release", "sh -c 'echo hi'")
        ]
        assert_unchanged(sim, before)
        allowed = await run(mcp, ct, "echo still allowed")
    for text in refused:
        assert text.startswith("VALIDATION_ERROR:"), text
        assert "allowlist" in text
        assert "PROXMOX_EXEC_ALLOWLIST" in text
    assert (allowed["exit_code"], allowed["stdout"]) == (0, "still allowed\n")
    ran = sim.state.ssh_execs[before.execs :]
    assert [(e.command, e.argv) for e in ran] == [
        (sent_line(ct.vmid, ("echo", "still", "allowed")), ("echo", "still", "allowed"))
    ]

"""The SSH endpoint: `pct exec` only, argv split like a POSIX shell, only the configured key."""

from __future__ import annotations

import shlex
from collections.abc import AsyncIterator

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.sshlib import asyncssh


@pytest.fixture
async def ssh_sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(ssh=True, task_duration=0.05)) as sim:
        yield sim


def _known_hosts(sim: Simulator) -> asyncssh.SSHKnownHosts:
    return asyncssh.import_known_hosts(sim.ssh_host_key_line() + "\n")


async def _run(sim: Simulator, command: str) -> asyncssh.SSHCompletedProcess:
    async with asyncssh.connect(
        "127.0.0.1",
        sim.ssh_port,
        username="root",
        client_keys=[str(sim.ssh_client_key_path)],
        known_hosts=_known_hosts(sim),
    ) as conn:
        return await conn.run(command, check=False)


HOSTILE = ["; rm -rf /", "$(id)", "`id`", "a'b\"c", "line1\nline2", "*", "&& reboot"]


async def test_hostile_arguments_arrive_as_literal_argv(ssh_sim: Simulator) -> None:
    command = shlex.join(["pct", "exec", "200", "--", "echo", *HOSTILE])
    result = await _run(ssh_sim, command)
    assert result.exit_status == 0
    assert result.stdout == " ".join(HOSTILE) + "\n"
    assert ssh_sim.state.ssh_execs[-1].argv == ("echo", *HOSTILE)
    assert ssh_sim.state.ssh_execs[-1].command == command


async def test_each_exec_records_the_raw_command_line_next_to_its_argv(ssh_sim: Simulator) -> None:
    """Unquoted shell syntax splits into the same words as quoted text; only the raw line tells them apart."""
    await _run(ssh_sim, "pct exec 200 -- echo a ; id")
    await _run(ssh_sim, "pct exec 200 -- echo a ';' id")
    unquoted, quoted = ssh_sim.state.ssh_execs[-2:]
    assert unquoted.argv == quoted.argv == ("echo", "a", ";", "id")
    assert (unquoted.command, quoted.command) == ("pct exec 200 -- echo a ; id", "pct exec 200 -- echo a ';' id")


async def test_known_commands_answer_like_a_debian_container(ssh_sim: Simulator) -> None:
    hostname = await _run(ssh_sim, "pct exec 200 -- hostname")
    assert hostname.stdout == "dns01\n"
    release = await _run(ssh_sim, "pct exec 200 -- cat /etc/os-release")
    assert "ID=debian" in str(release.stdout)
    uname = await _run(ssh_sim, "pct exec 200 -- uname -a")
    assert str(uname.stdout).startswith("Linux dns01 ")


async def test_unknown_command_exits_127(ssh_sim: Simulator) -> None:
    result = await _run(ssh_sim, "pct exec 200 -- frobnicate --now")
    assert result.exit_status == 127
    assert result.stderr == "frobnicate: command not found\n"


async def test_stopped_container_fails_like_pct(ssh_sim: Simulator) -> None:
    result = await _run(ssh_sim, "pct exec 201 -- hostname")
    assert result.exit_status == 255
    assert result.stderr == "CT 201 not running\n"


async def test_anything_but_pct_exec_is_refused(ssh_sim: Simulator) -> None:
    for command in ("id", "pct list", "bash -c 'echo hi'"):
        result = await _run(ssh_sim, command)
        assert result.exit_status == 1
        assert "only 'pct exec" in str(result.stderr)
    assert ssh_sim.state.ssh_execs == []


async def test_other_client_keys_are_refused(ssh_sim: Simulator) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1", ssh_sim.ssh_port, username="root", client_keys=[stranger], known_hosts=_known_hosts(ssh_sim)
        )

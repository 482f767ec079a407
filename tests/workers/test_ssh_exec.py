"""pct exec over SSH against pvesim's endpoint: host keys verified, output capped, timeouts kept."""

from __future__ import annotations

import shlex
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.errors import SshFailed
from shared.operations.exec import pct_exec_command
from shared.settings import Settings, load_settings
from shared.sshlib import asyncssh
from workers.ssh import TIMED_OUT_EXIT, run_pct_exec

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(ssh=True)) as running:
        yield running


def settings_for(sim: Simulator, **overrides: object) -> Settings:
    assert sim.ssh_port is not None
    values: dict[str, object] = {
        "ssh_key_file": str(sim.ssh_client_key_path),
        "ssh_known_hosts": str(sim.state_dir / "known_hosts"),
        "ssh_port": sim.ssh_port,
    }
    return load_settings(**(values | overrides))


def running_ct(sim: Simulator) -> int:
    return next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")


def test_the_remote_command_line_splits_back_into_the_same_argv() -> None:
    argv = ["echo", "; rm -rf /", "$(id)", "`id`", "a'b\"c", "line\nbreak", ""]
    remote = pct_exec_command(101, argv)
    assert shlex.split(remote) == ["pct", "exec", "101", "--", *argv]


async def test_output_beyond_the_cap_is_cut_and_flagged(sim: Simulator) -> None:
    settings = settings_for(sim, exec_output_max_bytes=1024)
    output = await run_pct_exec(settings, "127.0.0.1", running_ct(sim), ["echo", "x" * 5000], seconds=10)
    assert output.exit_code == 0
    assert output.stdout == b"x" * 1024
    assert output.stdout_truncated is True
    assert output.stderr_truncated is False


async def test_a_command_outliving_its_timeout_ends_with_exit_124_and_says_it_may_still_run(sim: Simulator) -> None:
    output = await run_pct_exec(settings_for(sim), "127.0.0.1", running_ct(sim), ["sleep", "30"], seconds=0.5)
    assert output.exit_code == TIMED_OUT_EXIT
    assert b"timed out after 0.5s" in output.stderr
    assert b"may still be running in the container" in output.stderr


async def test_a_host_key_not_in_known_hosts_is_refused(sim: Simulator, tmp_path: Path) -> None:
    assert sim.ssh_port is not None
    other = tmp_path / "known_hosts"
    other.write_text(
        f"[127.0.0.1]:{sim.ssh_port} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ5nb3RhcmVhbGtleWJ1dGxvb2tzbGlrZW9uZWFh\n"
    )
    settings = settings_for(sim, ssh_known_hosts=str(other))
    with pytest.raises(SshFailed, match="host key"):
        await run_pct_exec(settings, "127.0.0.1", running_ct(sim), ["hostname"], seconds=5)
    assert sim.state.ssh_execs == []


async def test_an_unknown_key_is_refused(sim: Simulator, tmp_path: Path) -> None:
    stranger = tmp_path / "id_ed25519"
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(stranger))
    settings = settings_for(sim, ssh_key_file=str(stranger))
    with pytest.raises(SshFailed, match="refused our SSH key"):
        await run_pct_exec(settings, "127.0.0.1", running_ct(sim), ["hostname"], seconds=5)
    assert sim.state.ssh_execs == []


async def test_output_that_came_before_a_timeout_is_kept(tmp_path: Path) -> None:
    # A node whose command prints a line, then hangs: what it printed reaches the agent.
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "id_ed25519").write_bytes(client_key.export_private_key())

    async def command(process: asyncssh.SSHServerProcess[str]) -> None:
        process.stdout.write("first line\n")
        process.stderr.write("a warning\n")
        # hangs until the client gives up and closes the session (it reads EOF then)
        await process.stdin.read()

    server = await asyncssh.listen(
        "127.0.0.1",
        0,
        server_host_keys=[host_key],
        authorized_client_keys=asyncssh.import_authorized_keys(client_key.export_public_key().decode()),
        process_factory=command,
    )
    try:
        port = server.sockets[0].getsockname()[1]
        (tmp_path / "known_hosts").write_text(f"[127.0.0.1]:{port} {host_key.export_public_key().decode()}")
        settings = load_settings(
            ssh_key_file=str(tmp_path / "id_ed25519"), ssh_known_hosts=str(tmp_path / "known_hosts"), ssh_port=port
        )
        output = await run_pct_exec(settings, "127.0.0.1", 101, ["tail", "-f", "/var/log/syslog"], seconds=1)
    finally:
        server.close()
        await server.wait_closed()

    assert output.exit_code == TIMED_OUT_EXIT
    assert output.stdout == b"first line\n"
    assert output.stderr.startswith(b"a warning\n")
    assert b"may still be running in the container" in output.stderr

"""`pct exec` in a container over SSH to its node (PVE's API has no exec for containers).

The command is an argv, quoted with shlex.join for the node's shell, which splits it back into
exactly these arguments for `pct exec VMID -- argv...`; pct runs them without a shell inside
the container. So `;`, `$(...)`, quotes and newlines arrive as literal text. The node's host
key must be in known_hosts (no trust on first use); our key authenticates; output is capped.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from shared.errors import SshFailed
from shared.operations.exec import pct_exec_command
from shared.settings import Settings
from shared.sshlib import asyncssh

__all__ = ["ExecOutput", "run_pct_exec"]

#: exit code reported when the command outlived its timeout (as coreutils' timeout(1) does)
TIMED_OUT_EXIT = 124
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class ExecOutput:
    exit_code: int
    stdout: bytes
    stderr: bytes
    stdout_truncated: bool
    stderr_truncated: bool
    duration_seconds: float


@dataclass
class _Capture:
    """One output stream, kept up to `cap` bytes (the rest is read and dropped); what came survives a timeout."""

    cap: int
    data: bytearray = field(default_factory=bytearray)
    truncated: bool = False

    async def drain(self, stream: asyncssh.SSHReader[bytes]) -> None:
        while chunk := await stream.read(_CHUNK):
            room = self.cap - len(self.data)
            self.data += chunk[: max(room, 0)]
            self.truncated = self.truncated or len(chunk) > room


def _output(exit_code: int, stdout: _Capture, stderr: _Capture, started: float) -> ExecOutput:
    return ExecOutput(
        exit_code,
        bytes(stdout.data),
        bytes(stderr.data),
        stdout.truncated,
        stderr.truncated,
        time.monotonic() - started,
    )


async def run_pct_exec(
    settings: Settings,
    host: str,
    vmid: int,
    argv: list[str],
    seconds: float,
    *,
    connect_seconds: float | None = None,
) -> ExecOutput:
    """Run `pct exec` on `host` for at most `seconds` after connecting within `connect_seconds` (PROXMOX_TIMEOUT).

    Raises SshFailed when the node cannot be reached or refuses us.
    """
    assert settings.ssh_key_file is not None
    assert settings.ssh_known_hosts is not None
    cap = settings.exec_output_max_bytes
    started = time.monotonic()
    try:
        async with asyncssh.connect(
            host,
            port=settings.ssh_port,
            username=settings.ssh_user,
            client_keys=[str(settings.ssh_key_file)],
            known_hosts=str(settings.ssh_known_hosts),
            connect_timeout=connect_seconds or settings.proxmox_timeout,
        ) as connection:
            process = await connection.create_process(pct_exec_command(vmid, argv), encoding=None)
            stdout, stderr = _Capture(cap), _Capture(cap)
            try:
                async with asyncio.timeout(seconds):
                    await asyncio.gather(stdout.drain(process.stdout), stderr.drain(process.stderr))
                    completed = await process.wait()
            except TimeoutError:
                process.close()
                # closing our end of the channel need not stop pct exec on the node: say so, keep what came
                stderr.data += (
                    f"\n[timed out after {seconds:g}s: the SSH session was closed; "
                    f"the command may still be running in the container]\n"
                ).encode()
                return _output(TIMED_OUT_EXIT, stdout, stderr, started)
    except asyncssh.HostKeyNotVerifiable as exc:
        raise SshFailed(f"the SSH host key of {host} is not the one known_hosts has: {exc.reason}") from None
    except asyncssh.PermissionDenied:
        raise SshFailed(f"{host} refused our SSH key for user {settings.ssh_user}") from None
    except (OSError, asyncssh.Error) as exc:
        raise SshFailed(f"cannot reach {host}:{settings.ssh_port} over SSH: {exc}") from None
    exit_code = completed.exit_status if completed.exit_status is not None else 255
    return _output(exit_code, stdout, stderr, started)

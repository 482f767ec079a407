"""An SSH endpoint that answers `pct exec <vmid> -- <argv...>` for the simulated containers.

The remote side gets one command string and splits it with shlex.split, as a POSIX shell would,
so hostile text that was quoted by the client arrives as literal arguments. Each `pct exec` is
recorded with that raw string as well as its argv: shlex.split reads `;`, `&&`, `>` and `$(...)`
as plain words, so only the raw string shows whether the client quoted them. Anything else
(a shell, another command) is refused. Only the configured client keys may log in.
"""

from __future__ import annotations

import asyncio
import shlex
from dataclasses import dataclass
from pathlib import Path

from pvesim.commands import run_command
from pvesim.state import ClusterState, SshExec
from shared.sshlib import asyncssh

__all__ = ["SshEndpoint"]

_REFUSAL = "pvesim: only 'pct exec <vmid> -- <command> [args...]' is served here\n"


@dataclass(frozen=True)
class _Reply:
    """What the session sends back, and how long it waits before it does."""

    stdout: str = ""
    stderr: str = ""
    exit_status: int = 0
    pause: float = 0.0


class SshEndpoint:
    """The node's sshd, as far as `pct exec` goes."""

    def __init__(self, state: ClusterState, state_dir: Path, authorized_keys: tuple[str, ...]) -> None:
        self._state = state
        self._dir = state_dir
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key_path: Path | None = None
        keys = list(authorized_keys)
        if not keys:
            # No key given: make one, so tests and the demo can log in with client_key_path.
            client_key = asyncssh.generate_private_key("ssh-ed25519", comment="pvesim-client")
            self.client_key_path = state_dir / "pvesim-client-key"
            client_key.write_private_key(str(self.client_key_path))
            self.client_key_path.chmod(0o600)
            keys.append(client_key.export_public_key().decode().strip())
        self._authorized = asyncssh.import_authorized_keys("\n".join(keys) + "\n")
        self._server: asyncssh.SSHAcceptor | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> int:
        self._server = await asyncssh.create_server(
            asyncssh.SSHServer,
            host,
            port,
            server_host_keys=[self.host_key],
            authorized_client_keys=self._authorized,
            process_factory=self._serve,
            password_auth=False,
            kbdint_auth=False,
        )
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def host_key_line(self, host: str) -> str:
        """The known_hosts line for this endpoint ("[127.0.0.1]:2222 ssh-ed25519 AAAA...")."""
        name = host if self.port == 22 else f"[{host}]:{self.port}"
        return f"{name} {self.host_key.export_public_key().decode().strip()}"

    def write_known_hosts(self, host: str) -> Path:
        path = self._dir / "known_hosts"
        path.write_text(self.host_key_line(host) + "\n", encoding="utf-8")
        return path

    async def _serve(self, process: asyncssh.SSHServerProcess[str]) -> None:
        reply = self._run(process.command or "")
        if reply.pause:
            await asyncio.sleep(reply.pause)  # `sleep N`: a command that takes its time, for timeouts
        if reply.stdout:
            process.stdout.write(reply.stdout)
        if reply.stderr:
            process.stderr.write(reply.stderr)
        process.exit(reply.exit_status)

    def _run(self, command: str) -> _Reply:
        if not command:
            return _Reply(stderr=_REFUSAL, exit_status=1)
        try:
            argv = shlex.split(command)
        except ValueError as problem:
            return _Reply(stderr=f"pvesim: cannot split command: {problem}\n", exit_status=1)
        if len(argv) < 3 or argv[:2] != ["pct", "exec"]:
            return _Reply(stderr=_REFUSAL, exit_status=1)
        vmid_text, rest = argv[2], argv[3:]
        if rest[:1] == ["--"]:
            rest = rest[1:]
        guest = self._state.guests.get(int(vmid_text)) if vmid_text.isdigit() else None
        if guest is None or guest.kind != "lxc":
            node = next(iter(self._state.nodes), "pve1")
            return _Reply(
                stderr=f"Configuration file 'nodes/{node}/lxc/{vmid_text}.conf' does not exist\n", exit_status=255
            )
        if guest.status != "running":
            reply = _Reply(stderr=f"CT {guest.vmid} not running\n", exit_status=255)
        else:
            result = run_command(guest, rest)
            reply = _Reply(result.stdout, result.stderr, result.exit_status, _sleep_seconds(rest))
        self._state.ssh_execs.append(SshExec(guest.vmid, command, tuple(rest), reply.exit_status))
        return reply


def _sleep_seconds(argv: list[str]) -> float:
    """How long `sleep N` keeps the session open (0 for any other command)."""
    if len(argv) == 2 and argv[0] == "sleep" and argv[1].replace(".", "", 1).isdigit():
        return min(float(argv[1]), 3600.0)
    return 0.0

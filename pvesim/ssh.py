"""An SSH endpoint that answers `pct exec <vmid> -- <argv...>` for the simulated containers.

The remote side gets one command string and splits it with shlex.split, as a POSIX shell would,
so hostile text that was quoted by the client arrives as literal arguments. Anything else
(a shell, another command) is refused. Only the configured client keys may log in.
"""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path

import asyncssh

from pvesim.commands import run_command
from pvesim.state import ClusterState, SshExec

__all__ = ["SshEndpoint"]

_REFUSAL = "pvesim: only 'pct exec <vmid> -- <command> [args...]' is served here\n"


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
        stdout, stderr, status = self._run(process.command)
        if (pause := self._sleep_seconds(process.command)) is not None:
            await asyncio.sleep(pause)  # `sleep N`: a command that takes its time, for timeouts
        if stdout:
            process.stdout.write(stdout)
        if stderr:
            process.stderr.write(stderr)
        process.exit(status)

    @staticmethod
    def _sleep_seconds(command: str | None) -> float | None:
        try:
            argv = shlex.split(command or "")
        except ValueError:
            return None
        rest = argv[4:] if argv[3:4] == ["--"] else argv[3:]
        if len(rest) == 2 and rest[0] == "sleep" and rest[1].replace(".", "", 1).isdigit():
            return min(float(rest[1]), 3600.0)
        return None

    def _run(self, command: str | None) -> tuple[str, str, int]:
        if not command:
            return "", _REFUSAL, 1
        try:
            argv = shlex.split(command)
        except ValueError as problem:
            return "", f"pvesim: cannot split command: {problem}\n", 1
        if len(argv) < 3 or argv[:2] != ["pct", "exec"]:
            return "", _REFUSAL, 1
        vmid_text, rest = argv[2], argv[3:]
        if rest[:1] == ["--"]:
            rest = rest[1:]
        guest = self._state.guests.get(int(vmid_text)) if vmid_text.isdigit() else None
        if guest is None or guest.kind != "lxc":
            node = next(iter(self._state.nodes), "pve1")
            return "", f"Configuration file 'nodes/{node}/lxc/{vmid_text}.conf' does not exist\n", 255
        if guest.status != "running":
            result_text, status = f"CT {guest.vmid} not running\n", 255
            self._state.ssh_execs.append(SshExec(guest.vmid, tuple(rest), status))
            return "", result_text, status
        result = run_command(guest, rest)
        self._state.ssh_execs.append(SshExec(guest.vmid, tuple(rest), result.exit_status))
        return result.stdout, result.stderr, result.exit_status

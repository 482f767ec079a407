"""Running a command in a container (pct exec over SSH)."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, field_validator

from shared.errors import InvalidInput
from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams
from shared.operations.operation import Operation, ToolArgument
from shared.safety import Tier

if TYPE_CHECKING:
    from shared.settings import Settings

__all__ = ["EXECUTE_LXC_COMMAND", "Command", "ExecParams", "ExecResult", "ExecTimeout", "check_argv", "split_command"]

#: what a command line may hold at most (pct exec passes it to the kernel as argv)
MAX_ARGV_BYTES = 64 * 1024
#: Linux's MAX_ARG_STRLEN: the node's sshd hands the quoted line to its shell as one argument
MAX_LINE_BYTES = 128 * 1024
_LONGEST_VMID = 999_999_999


def pct_exec_command(vmid: int, argv: list[str]) -> str:
    """The remote command line: the node's shell turns it back into exactly `pct exec VMID -- argv`."""
    return shlex.join(["pct", "exec", str(vmid), "--", *argv])


def check_argv(argv: list[str]) -> list[str]:
    """Refuse what cannot be a literal argv: nothing to run, NUL bytes, or too much for the node's shell."""
    if not argv or not argv[0]:
        raise InvalidInput("the command is empty", hint="Give a command such as 'uptime' or 'cat /etc/os-release'.")
    if any("\x00" in arg for arg in argv):
        raise InvalidInput("the command contains a NUL byte, which no argument can hold")
    if sum(len(arg.encode()) + 1 for arg in argv) > MAX_ARGV_BYTES:
        raise InvalidInput(f"the command is longer than {MAX_ARGV_BYTES} bytes")
    # quoting grows a line (each ' becomes five characters): it must still fit the shell's one argument
    quoted = len(pct_exec_command(_LONGEST_VMID, argv).encode())
    if quoted >= MAX_LINE_BYTES:
        raise InvalidInput(
            f"the command, quoted for the node's shell, is {quoted} bytes: more than one argument can hold "
            f"({MAX_LINE_BYTES})",
            hint="Send fewer or plainer arguments (quotes cost the most), or copy a script into the container first.",
        )
    return argv


def split_command(command: str) -> list[str]:
    """The argv a command line stands for (shlex, POSIX rules); bad quoting or NUL bytes are refused."""
    if "\x00" in command:
        raise InvalidInput("the command contains a NUL byte, which no argument can hold")
    try:
        argv = shlex.split(command, posix=True)
    except ValueError as exc:  # "No closing quotation", "No escaped character"
        raise InvalidInput(f"the command cannot be split into arguments: {exc}") from None
    return check_argv(argv)


Command = Annotated[
    str,
    Field(
        min_length=1,
        max_length=65536,
        description="Split as a POSIX shell splits words, but no shell runs it: ';', '|', $(...) stay literal "
        "(use sh -c '...').",
    ),
]
ExecTimeout = Annotated[
    int,
    Field(
        ge=1,
        le=600,
        description="Kill it after this long (exit 124); at most PROXMOX_MCP_TASK_SLICE.",
    ),
]


class ExecParams(GuestChangeParams):
    #: the command, split (shlex) by the frontend: each element reaches the container as one argument
    argv: Annotated[list[str], ToolArgument("command", Command, split_command)]
    timeout_seconds: ExecTimeout = 30

    @field_validator("argv")
    @classmethod
    def _argv(cls, argv: list[str]) -> list[str]:
        return check_argv(argv)

    def check(self, settings: Settings) -> None:
        """A command runs within one task slice: a longer timeout is refused before anyone is asked."""
        limit = settings.task_slice_seconds
        if self.timeout_seconds > limit:
            raise InvalidInput(
                f"timeout_seconds {self.timeout_seconds} exceeds this server's limit of {limit:g} seconds "
                "(PROXMOX_MCP_TASK_SLICE)",
                hint=f"Call again with timeout_seconds of at most {limit:g}, or ask an administrator to raise "
                "PROXMOX_MCP_TASK_SLICE.",
            )


class ExecResult(Result):
    vmid: int
    node: str
    argv: list[str] = Field(description="The arguments the container received, one per element.")
    exit_code: int = Field(description="The command's exit status (127: not found; 124: timed out).")
    stdout: str
    stderr: str
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    duration_seconds: float

    def brief(self) -> str:
        return f"exit code {self.exit_code} after {self.duration_seconds:g}s; output in stdout and stderr"


EXECUTE_LXC_COMMAND = Operation(
    "execute_lxc_command",
    "Run a command in a container",
    Tier.RESTRICTED,
    ExecParams,
    ExecResult,
    description="""
        Run a command in a running container (pct exec over SSH), at most once.

        The answer has the exit code, stdout and stderr (capped; *_truncated says when). A
        command runs at most once: if its worker dies mid-way the job ends 'unknown' rather than
        running it again. Needs SSH configured by an administrator (else FEATURE_DISABLED) and
        may be limited to an allowlist of commands. Restricted: needs the user's confirmation.
        """,
    pve_calls=("GET /cluster/resources", "GET /nodes/{node}/lxc/{vmid}/status/current", "GET /cluster/status"),
    errors=(
        ("FEATURE_DISABLED", "the workers have no SSH key and known_hosts, or no SSH address for the node"),
        ("SSH_FAILED", "the node's SSH refused the connection, its host key, or our key"),
        (
            "VALIDATION_ERROR",
            "the command is not on the allowlist, cannot be split into words, the guest is a "
            "qemu VM, or timeout_seconds exceeds the server's limit",
        ),
        ("CONFLICT", "the container is not running"),
    ),
    plan=lambda p, guest: f"run {shlex.join(p.argv)} in {guest}",
    # an arbitrary command can destroy what it likes
    destructive=True,
)

"""Running a command in a container (pct exec over SSH)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from shared.errors import InvalidInput
from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams

__all__ = ["ExecParams", "ExecResult", "ExecTimeout", "check_argv"]

#: what a command line may hold at most (pct exec passes it to the kernel as argv)
MAX_ARGV_BYTES = 64 * 1024


def check_argv(argv: list[str]) -> list[str]:
    """Refuse what cannot be a literal argv: nothing to run, NUL bytes, or too much."""
    if not argv or not argv[0]:
        raise InvalidInput("the command is empty", hint="Give a command such as 'uptime' or 'cat /etc/os-release'.")
    if any("\x00" in arg for arg in argv):
        raise InvalidInput("the command contains a NUL byte, which no argument can hold")
    if sum(len(arg.encode()) + 1 for arg in argv) > MAX_ARGV_BYTES:
        raise InvalidInput(f"the command is longer than {MAX_ARGV_BYTES} bytes")
    return argv


ExecTimeout = Annotated[
    int,
    Field(
        ge=1,
        le=600,
        description="Stop the command after this many seconds (exit code 124 then). At most the server's "
        "PROXMOX_MCP_TASK_SLICE (60 by default); more is refused.",
    ),
]


class ExecParams(GuestChangeParams):
    #: the command, already split (shlex) by the frontend: each element reaches the container as one argument
    argv: list[str]
    timeout_seconds: ExecTimeout = 30

    @field_validator("argv")
    @classmethod
    def _argv(cls, argv: list[str]) -> list[str]:
        return check_argv(argv)


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

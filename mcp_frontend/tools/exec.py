"""Command tool: run a command in a container."""

from __future__ import annotations

import shlex
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from pydantic import Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, approved, confirm_guest_change
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.errors import InvalidInput
from shared.operations.base import GuestNode
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.exec import ExecParams, ExecResult, ExecTimeout, check_argv
from shared.sanitize import Vmid
from shared.settings import Settings

__all__ = ["register", "split_command"]

EXEC = operation("execute_lxc_command")

Command = Annotated[
    str,
    Field(
        min_length=1,
        max_length=65536,
        description="The command line, split like a POSIX shell splits words (quotes group words). It is NOT "
        "run by a shell: pipes, ';', '&&', redirections and $(...) reach the command as literal text. For "
        "shell syntax run it explicitly, e.g. sh -c 'ps aux | grep nginx'.",
    ),
]


def split_command(command: str) -> list[str]:
    """The argv a command line stands for (shlex, POSIX rules); bad quoting or NUL bytes are refused."""
    if "\x00" in command:
        raise InvalidInput("the command contains a NUL byte, which no argument can hold")
    try:
        argv = shlex.split(command, posix=True)
    except ValueError as exc:  # "No closing quotation", "No escaped character"
        raise InvalidInput(f"the command cannot be split into arguments: {exc}") from None
    return check_argv(argv)


def _check_timeout(timeout_seconds: int, settings: Settings) -> None:
    """Refuse a timeout the workers would refuse: a command runs within one task slice."""
    limit = settings.task_slice_seconds
    if timeout_seconds > limit:
        raise InvalidInput(
            f"timeout_seconds {timeout_seconds} exceeds this server's limit of {limit:g} seconds "
            "(PROXMOX_MCP_TASK_SLICE)",
            hint=f"Call again with timeout_seconds of at most {limit:g}, or ask an administrator to raise "
            "PROXMOX_MCP_TASK_SLICE.",
        )


async def _confirm(
    ctx: Context[FrontendApp, Any], vmid: int, command: str, node: str | None, timeout_seconds: int, confirmed: bool
) -> Approval | Elicit[Approval]:
    argv = split_command(command)
    _check_timeout(timeout_seconds, app_of(ctx).settings)
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action="execute_lxc_command", vmid=vmid, node=node,
        summary=lambda guest: f"run {shlex.join(argv)} in {guest}",
    )  # fmt: skip


async def execute_lxc_command(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    command: Command,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm)],
    node: GuestNode = None,
    timeout_seconds: ExecTimeout = 30,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[ExecResult]:
    """Run a command in a running LXC container (pct exec on its node, over SSH) and return its output.

    The answer has the exit code, stdout and stderr (capped; *_truncated says when). A
    command runs at most once: if its worker dies mid-way the job ends 'unknown' rather than
    running it again. Needs SSH configured by an administrator (else FEATURE_DISABLED) and
    may be limited to an allowlist of commands. Restricted: needs the user's confirmation.
    """
    approved(approval, f"run a command in container {vmid}")
    params = ExecParams(
        vmid=vmid, node=node, argv=split_command(command), timeout_seconds=timeout_seconds, confirmed=True
    )
    return await app_of(ctx).change(ctx, EXEC, params, ExecResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    # an arbitrary command can destroy what it likes
    add_tool(server, execute_lxc_command, annotations_for(EXEC, "Run a command in a container", destructive=True))

"""The QEMU guest agent: interfaces, and commands; an agent PVE cannot use is a clear error naming why.

A command (agent/exec) is no PVE task: its pid is stored the moment the agent names it, and the
job then reads agent/exec-status until the command exits or its timeout passes. A rerun after a
worker died with the pid stored reads on; one that died between sending and storing ends
`unknown` rather than run the command twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from pydantic import Field

from shared.errors import (
    Conflict,
    DispatchUncertain,
    FeatureDisabled,
    NotFound,
    ProxmoxMcpError,
    RequestRejected,
)
from shared.jobs.record import utcnow
from shared.jobs.states import JobState
from shared.operations.agent import (
    EXECUTE_VM_COMMAND,
    GET_VM_INTERFACES,
    VmInterface,
    VmInterfaces,
    VmInterfacesParams,
)
from shared.operations.exec import ExecParams, ExecResult
from shared.pve.models import IpAddress, PveModel
from workers.guest_lookup import Guest, power_state, resolve_guest
from workers.job import JobContext, JobEnded, Outcome
from workers.operations.exec import check_allowed
from workers.registry import handles
from workers.ssh import TIMED_OUT_EXIT

__all__ = ["agent_errors", "agent_guest", "execute_vm_command", "get_vm_interfaces"]


class _AgentInterface(PveModel):
    """An interface as qemu-ga's guest-network-get-interfaces reports it."""

    name: str
    hardware_address: str | None = Field(default=None, alias="hardware-address")
    ip_addresses: list[IpAddress] | None = Field(default=None, alias="ip-addresses")


class _AgentInterfaces(PveModel):
    result: list[_AgentInterface]


_ENABLE_HINT = (
    "Set the VM's agent option (qm set VMID --agent enabled=1), install and start qemu-guest-agent inside it, "
    "then restart the VM."
)


async def agent_guest(job: JobContext, vmid: int, node: str | None, tool: str) -> Guest:
    """The qemu VM an agent tool addresses (a container is refused with the tool to use instead)."""
    hint = f"{tool} works through the QEMU guest agent of a VM; for a container use its LXC tool."
    return await resolve_guest(job.app.pve, vmid, node, kind="qemu", hint=hint)


@asynccontextmanager
async def agent_errors(guest: Guest) -> AsyncIterator[None]:
    """PVE's refusals of an agent call (qemu-server's assert_agent_available, qemu-ga's own) as clear errors."""
    try:
        yield
    except RequestRejected as refused:
        text = refused.message
        if "No QEMU guest agent configured" in text:
            raise Conflict(f"{guest.label} has no QEMU guest agent configured", hint=_ENABLE_HINT) from None
        if "guest agent is not running" in text:
            raise Conflict(
                f"the QEMU guest agent of {guest.label} does not answer (not installed, not started, or agent=0)",
                hint="Install and start qemu-guest-agent inside the VM (and set its agent option), then call again.",
            ) from None
        if "is not running" in text:
            raise Conflict(
                f"{guest.label} is not running", hint="Start it with power_control(action='start')."
            ) from None
        if "has been disabled" in text:
            raise FeatureDisabled(
                f"the guest agent of {guest.label} has this command disabled ({text.split(' - ', 1)[-1].strip()})",
                hint="The VM's qemu-ga configuration blocks it (--block-rpcs / block-rpcs in qemu-ga.conf).",
            ) from None
        raise


def _addresses(found: list[IpAddress] | None, family: str) -> list[str]:
    return [
        f"{a.ip_address}/{a.prefix}" if a.prefix is not None else str(a.ip_address)
        for a in found or []
        if a.ip_address_type == family and a.ip_address
    ]


@handles(GET_VM_INTERFACES)
async def get_vm_interfaces(job: JobContext, params: VmInterfacesParams) -> VmInterfaces:
    guest = await agent_guest(job, params.vmid, params.node, "get_vm_interfaces")
    async with agent_errors(guest):
        answer = await job.app.pve.get(
            "/nodes/{node}/qemu/{vmid}/agent/network-get-interfaces", _AgentInterfaces, path=guest.path
        )
    interfaces = [
        VmInterface(
            name=i.name,
            mac=i.hardware_address,
            ipv4=_addresses(i.ip_addresses, "ipv4"),
            ipv6=_addresses(i.ip_addresses, "ipv6"),
        )
        for i in answer.result
    ]
    return VmInterfaces(vmid=guest.vmid, node=guest.node, interfaces=interfaces)


class _ExecStarted(PveModel):
    pid: int


class _ExecStatus(PveModel):
    """GET .../agent/exec-status: `exited` false while it runs, then its exit code (or signal) and output."""

    exited: bool
    exitcode: int | None = None
    signal: int | None = None
    out_data: str | None = Field(default=None, alias="out-data")
    err_data: str | None = Field(default=None, alias="err-data")
    out_truncated: bool | None = Field(default=None, alias="out-truncated")
    err_truncated: bool | None = Field(default=None, alias="err-truncated")


#: how often a running command's status is read: soon at first, then at most once a second
_FIRST_POLL_SECONDS = 0.05
_MAX_POLL_SECONDS = 1.0


def _capped(text: str | None, cap: int, truncated: bool | None) -> tuple[str, bool]:
    data = (text or "").encode()
    return data[:cap].decode(errors="ignore"), bool(truncated) or len(data) > cap


def _exec_result(
    job: JobContext, guest: Guest, params: ExecParams, status: _ExecStatus | None, seconds: float
) -> ExecResult:
    """The command's result; `status` None when it outlived its timeout (exit 124, as in a container)."""
    cap = job.app.settings.exec_output_max_bytes
    if status is None:
        note = (
            f"\n[timed out after {params.timeout_seconds}s: the guest agent goes on running it; "
            "it cannot be stopped from here]\n"
        )
        return ExecResult(
            vmid=guest.vmid, node=guest.node, argv=params.argv, exit_code=TIMED_OUT_EXIT, stdout="",
            stderr=note, duration_seconds=round(seconds, 3),
        )  # fmt: skip
    stdout, stdout_cut = _capped(status.out_data, cap, status.out_truncated)
    stderr, stderr_cut = _capped(status.err_data, cap, status.err_truncated)
    if status.exitcode is not None:
        exit_code = status.exitcode
    else:
        exit_code = 128 + status.signal if status.signal is not None else 255
    return ExecResult(
        vmid=guest.vmid, node=guest.node, argv=params.argv, exit_code=exit_code, stdout=stdout, stderr=stderr,
        stdout_truncated=stdout_cut, stderr_truncated=stderr_cut, duration_seconds=round(seconds, 3),
    )  # fmt: skip


async def _start(job: JobContext, guest: Guest, params: ExecParams) -> int | ExecResult:
    """Send guest-exec once; its pid (stored at once), or the result of a program the VM does not have."""
    store, record = job.app.store, job.record
    await job.end_if_cancelled()
    since = utcnow()
    await store.transition(job.job_id, JobState.DISPATCHING, dispatched_at=since)
    record.state, record.dispatched_at = JobState.DISPATCHING, since
    job.assert_may_send()
    try:
        async with agent_errors(guest):
            started = await job.app.pve.post(
                "/nodes/{node}/qemu/{vmid}/agent/exec", _ExecStarted, path=guest.path, body={"command": params.argv}
            )
    except DispatchUncertain:
        raise JobEnded(
            JobState.UNKNOWN,
            "the command was sent, but its answer was lost: it may or may not run, and it is not sent twice",
        ) from None
    except (RequestRejected, NotFound) as refused:  # "No such file or directory" reads as NOT_FOUND
        if "Failed to execute child process" not in refused.message:
            await _unsent(job)
            raise
        # qemu-ga runs the program itself: one the VM does not have is not found, as a shell says with 127
        said = refused.message.split(" - ", 1)[-1].strip()
        return ExecResult(
            vmid=guest.vmid, node=guest.node, argv=params.argv, exit_code=127, stdout="", stderr=said + "\n",
            duration_seconds=0.0,
        )  # fmt: skip
    except ProxmoxMcpError:
        await _unsent(job)
        raise
    record.plan = {"pid": started.pid}
    await store.update(job.job_id, plan=record.plan)
    return started.pid


async def _unsent(job: JobContext) -> None:
    """PVE refused the command before the agent ran it: back to queued, so the refusal is the job's error."""
    job.record.state = JobState.QUEUED
    await job.app.store.transition(job.job_id, JobState.QUEUED)


@handles(EXECUTE_VM_COMMAND)
async def execute_vm_command(job: JobContext, params: ExecParams) -> Outcome:
    record = job.record
    pid = (record.plan or {}).get("pid")
    if record.state is JobState.DISPATCHING and pid is None:
        raise JobEnded(
            JobState.UNKNOWN,
            "the worker sending this command stopped mid-way: it may or may not run, and it is not sent twice",
        )
    if not job.app.settings.vm_exec_enabled:
        raise FeatureDisabled(
            "commands in VMs are off on this server",
            hint="An administrator sets PROXMOX_VM_EXEC=true for the workers (the allowlist applies).",
        )
    check_allowed(job, params)
    guest = await job.guest(params.vmid, params.node, kind="qemu", hint="For a container use execute_lxc_command.")
    if pid is None:
        state = guest.state or await power_state(job.app.pve, guest)
        if state.status != "running":
            raise Conflict(f"{guest.label} is {state}", hint="Start it with power_control(action='start').")
        started = await _start(job, guest, params)
        if isinstance(started, ExecResult):
            return Outcome(started, message="the VM has no such program (exit 127); nothing ran")
        pid = started
    since = record.dispatched_at or utcnow()
    delay = _FIRST_POLL_SECONDS
    while True:
        async with agent_errors(guest):
            status = await job.app.pve.get(
                "/nodes/{node}/qemu/{vmid}/agent/exec-status", _ExecStatus, path=guest.path, query={"pid": pid}
            )
        elapsed = (utcnow() - since).total_seconds()
        if status.exited:
            result = _exec_result(job, guest, params, status, elapsed)
            return Outcome(result, message=f"exited with {result.exit_code}")
        left = params.timeout_seconds - elapsed
        if left <= 0:
            return Outcome(_exec_result(job, guest, params, None, elapsed), message="timed out (exit 124)")
        await asyncio.sleep(min(delay, left))
        delay = min(delay * 1.6, _MAX_POLL_SECONDS)

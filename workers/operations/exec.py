"""Commands in containers: never run twice, refused unless SSH is configured, optionally allowlisted."""

from __future__ import annotations

from shared.errors import Conflict, FeatureDisabled, InvalidInput, WaitTimeout
from shared.jobs.record import utcnow
from shared.jobs.states import JobState
from shared.operations.exec import EXECUTE_LXC_COMMAND, ExecParams, ExecResult
from shared.pve.models import ClusterStatusEntry
from workers.guest_lookup import power_state
from workers.job import JobContext, JobEnded, Outcome, Retry
from workers.registry import handles
from workers.ssh import run_pct_exec

__all__ = ["check_allowed", "execute_lxc_command"]

#: pickups in a row whose checks leave too little time for the command before the job gives up
_MAX_SHORT_PICKUPS = 3
_MIN_CONNECT_SECONDS = 1.0


async def _node_host(job: JobContext, node: str) -> str:
    """The address to SSH to: PROXMOX_SSH_HOSTS, else the node's IP in /cluster/status."""
    if host := job.app.settings.ssh_host_map().get(node):
        return host
    entries = await job.app.pve.get("/cluster/status", list[ClusterStatusEntry])
    for entry in entries:
        if entry.type == "node" and entry.name == node and entry.ip:
            return entry.ip
    raise FeatureDisabled(
        f"no SSH address is known for node {node}", hint="Set PROXMOX_SSH_HOSTS, e.g. 'pve1=10.0.0.11'."
    )


def check_allowed(job: JobContext, params: ExecParams) -> None:
    """The allowlist (PROXMOX_EXEC_ALLOWLIST) and the timeout limit, for commands in containers and VMs alike."""
    settings = job.app.settings
    allowed = settings.exec_allowed()
    # the whole argv[0]: allowing "echo" must not allow /tmp/x/echo, which could be any program
    command = params.argv[0]
    if allowed is not None and command not in allowed:
        raise InvalidInput(
            f"command {command!r} is not on this server's allowlist",
            hint=f"Allowed: {', '.join(sorted(allowed))} (PROXMOX_EXEC_ALLOWLIST).",
        )
    if params.timeout_seconds > settings.task_slice_seconds:
        raise InvalidInput(
            f"timeout_seconds {params.timeout_seconds} exceeds this server's limit of "
            f"{settings.task_slice_seconds:.0f} (PROXMOX_MCP_TASK_SLICE)"
        )


def _check_policy(job: JobContext, params: ExecParams) -> None:
    if not job.app.settings.ssh_configured:
        raise FeatureDisabled(
            "commands in containers are off: this worker has no SSH key and known_hosts",
            hint="An administrator sets PROXMOX_SSH_KEY and PROXMOX_SSH_KNOWN_HOSTS for the workers.",
        )
    check_allowed(job, params)


async def _connect_seconds(job: JobContext, params: ExecParams) -> float:
    """How long the SSH connect may take: what this pickup has left once the whole command is allowed for.

    The pickup's deadline must never cut the command off: a command cut off is never run again
    (its outcome is unknown). With too little left (the checks before were slow), the command
    starts in a fresh pickup; a PVE so slow that several pickups in a row lack the room ends
    the job, with nothing run.
    """
    room = job.time_left() - params.timeout_seconds
    if room >= _MIN_CONNECT_SECONDS:
        return min(job.app.settings.proxmox_timeout, room)
    if job.record.attempts < _MAX_SHORT_PICKUPS:
        raise Retry(defer=0.1)
    raise WaitTimeout(
        f"the checks before the command left no room for it to run {params.timeout_seconds}s, "
        f"{job.record.attempts} times; nothing was run",
        hint="Call again; if this repeats, PVE answers slowly (see PROXMOX_TIMEOUT) or timeout_seconds is too long.",
    )


@handles(EXECUTE_LXC_COMMAND)
async def execute_lxc_command(job: JobContext, params: ExecParams) -> Outcome:
    if job.record.state is JobState.DISPATCHING:
        # a worker died while the command ran: it may have done its work, and a command is no task to look up
        raise JobEnded(
            JobState.UNKNOWN,
            "the worker running this command stopped mid-way: it may or may not have run, and it is not run twice",
        )
    _check_policy(job, params)
    pve = job.app.pve
    guest = await job.guest(
        params.vmid, params.node, kind="lxc", hint="execute_lxc_command runs commands in LXC containers."
    )
    state = guest.state or await power_state(pve, guest)
    if state.status != "running":
        raise Conflict(f"container {guest.vmid} is {state}", hint="Start it with power_control(action='start').")
    host = await _node_host(job, guest.node)
    connect_seconds = await _connect_seconds(job, params)
    await job.end_if_cancelled()
    await job.app.store.transition(job.job_id, JobState.DISPATCHING, dispatched_at=utcnow())
    output = await run_pct_exec(
        job.app.settings, host, guest.vmid, params.argv, params.timeout_seconds, connect_seconds=connect_seconds
    )
    result = ExecResult(
        vmid=guest.vmid,
        node=guest.node,
        argv=params.argv,
        exit_code=output.exit_code,
        stdout=output.stdout.decode(errors="replace"),
        stderr=output.stderr.decode(errors="replace"),
        stdout_truncated=output.stdout_truncated,
        stderr_truncated=output.stderr_truncated,
        duration_seconds=round(output.duration_seconds, 3),
    )
    return Outcome(result, message=f"exited with {output.exit_code}")

"""Power actions: start, stop, shutdown, reboot, suspend, resume, for qemu and LXC."""

from __future__ import annotations

from collections.abc import Mapping

from shared.errors import Conflict, RequestRejected, TaskFailed
from shared.operations.power import POWER_CONTROL, PowerAction, PowerParams, PowerResult
from shared.pve.client import FormValue, PveClient
from shared.pve.models import UPID
from shared.pve.upid import Upid
from workers.guest_lookup import Guest, PowerState, power_state, power_state_after
from workers.job import JobContext, Outcome, StepOutcome, TaskStep, guest_step, outcome_of
from workers.lifecycle import run_step
from workers.registry import handles

__all__ = ["nothing_to_do", "power_control", "power_step"]


def nothing_to_do(action: PowerAction, state: PowerState, guest: Guest) -> str | None:
    """Why `action` has nothing to do in `state` (a successful no-op); raises Conflict when it cannot apply."""
    name = guest.label
    running, paused = state.status == "running", state.paused
    if action == "start":
        if paused:
            raise Conflict(f"{name} is paused, not stopped", hint="Use action='resume' to continue it.")
        return f"{name} is already running" if running else None
    if action in ("stop", "shutdown"):
        return None if running else f"{name} is already stopped"
    if action == "reboot" and not running:
        raise Conflict(f"{name} is stopped: there is nothing to reboot", hint="Use action='start'.")
    if guest.kind == "qemu" and action == "suspend":
        if not running:
            raise Conflict(f"{name} is stopped: there is nothing to suspend")
        return f"{name} is already paused" if paused else None
    if guest.kind == "qemu" and action == "resume":
        if not running:
            raise Conflict(f"{name} is stopped, not paused", hint="Use action='start'.")
        return None if paused else f"{name} is already running"
    return None


#: the power state each action leads to, and which the guest's own power task leaves it in when
#: it ends well: PVE ends qmstart once the VM runs, qmshutdown once it has stopped (`_state_after`)
_STATE_AFTER: dict[PowerAction, str] = {
    "start": "running",
    "stop": "stopped",
    "shutdown": "stopped",
    "reboot": "running",
    "suspend": "paused",
    "resume": "running",
}


def _state_after(done: StepOutcome, guest: Guest, action: PowerAction) -> str | None:
    """The state the step's task ended in, when its end says it; None: read it from PVE.

    Only the guest's own task says it (qmstart, vzshutdown, ...): an HA-managed guest's hastart
    ends once the HA stack was asked, before the guest runs, and a step whose effect was found
    already there ran no task. An LXC suspend freezes the container, which PVE still lists as running.
    """
    if done.end is None or done.upid is None or Upid.parse(done.upid).type != guest.task_type(action):
        return None
    if guest.kind == "lxc" and action in ("suspend", "resume"):
        return None
    return _STATE_AFTER.get(action)


def _effect(action: PowerAction, state: PowerState) -> bool | None:
    """Whether `state` is what `action` leads to; None when the state cannot tell (reboot)."""
    return None if action == "reboot" else str(state) == _STATE_AFTER[action]


def power_step(
    pve: PveClient, guest: Guest, action: PowerAction, body: Mapping[str, FormValue] | None = None
) -> TaskStep:
    """The step that runs `action` on `guest` (qmstart, vzstop, ...); a rerun finds its effect in the power state."""

    async def dispatch() -> Upid:
        return await pve.post(guest.template_for(f"/status/{action}"), UPID, path=guest.path, body=body)

    async def effect_present() -> bool:
        return bool(_effect(action, await power_state(pve, guest)))

    reboot = action == "reboot"  # a reboot leaves no state behind that says it happened
    return guest_step(guest, action, dispatch, None if reboot else effect_present)


#: the listed status (GET /cluster/resources) from which each action surely has something to do
_ACTS_FROM: dict[PowerAction, str] = {"start": "stopped", "stop": "running", "shutdown": "running"}


def _acts_on_listing(action: PowerAction, guest: Guest) -> bool:
    """Whether the guest's listed status alone says `action` has work to do (so its own status is not read first).

    The cluster's resource list can be seconds behind. Acting on it is safe: PVE refuses a start
    of a guest that runs and a stop of one that is stopped, and that refusal is then read as
    the no-op it is (`_no_op_after_refusal`). A paused VM is listed as running; the actions
    that care (suspend, resume) and every other read the guest's own status first.
    """
    return guest.state is None and guest.status is not None and _ACTS_FROM.get(action) == guest.status


def _no_op(guest: Guest, action: PowerAction, state: PowerState, reason: str) -> Outcome:
    result = PowerResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, action=action, changed=False, status_after=str(state)
    )
    return Outcome(result, message=f"{reason}; nothing was done")


async def _no_op_after_refusal(pve: PveClient, guest: Guest, action: PowerAction) -> Outcome | None:
    """After PVE refused an action taken on the listing: the no-op it was, if the guest's own status says so."""
    state = await power_state(pve, guest)
    reason = nothing_to_do(action, state, guest)  # raises Conflict where the action cannot apply (paused)
    return _no_op(guest, action, state, reason) if reason is not None else None


@handles(POWER_CONTROL)
async def power_control(job: JobContext, params: PowerParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    on_listing = False
    if job.record.step is None:  # a fresh job: nothing dispatched yet, so a no-op is still possible
        on_listing = _acts_on_listing(params.action, guest)
        before = None if on_listing else guest.state or await power_state(pve, guest)
        if before is not None and (reason := nothing_to_do(params.action, before, guest)) is not None:
            return _no_op(guest, params.action, before, reason)

    body = {"timeout": params.timeout} if params.timeout and params.action in ("shutdown", "reboot") else None
    try:
        done = await run_step(job, power_step(pve, guest, params.action, body))
    except (TaskFailed, RequestRejected):
        if on_listing and (no_op := await _no_op_after_refusal(pve, guest, params.action)) is not None:
            return no_op
        raise
    # read only when the task's end does not say it: at a thousand starts ending together, this
    # read would sit on the path from each task's end to its job's (bench/bench_follow.py)
    after = _state_after(done, guest, params.action) or await power_state_after(pve, guest)
    result = PowerResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, action=params.action, changed=True, status_after=after
    )
    return outcome_of(result, [done], f"{params.action} of {guest.kind} {guest.vmid} done; it is now {after}")

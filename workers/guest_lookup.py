"""Finding a guest: its node and kind (qemu or lxc), and its power state.

With the node given, the guest's own status (`GET /nodes/{node}/{kind}/{vmid}/status/current`)
says both that it is there and how it is, in one request that a change needs anyway; only
without a node (or when it is not there) is the cluster's resource list read, whose status and
names lag behind changes by up to ten seconds (pvestatd).
"""

from __future__ import annotations

from dataclasses import dataclass

import structlog

from shared.errors import InvalidInput, NotFound, ProxmoxMcpError
from shared.pve.client import PveClient
from shared.pve.models import ClusterResource, LxcStatus, QemuStatus
from shared.sanitize import GuestKind

__all__ = [
    "Guest",
    "PowerState",
    "cluster_guests",
    "guest_exists",
    "power_state",
    "power_state_after",
    "resolve_guest",
]

log = structlog.get_logger("workers.guest_lookup")


@dataclass(frozen=True)
class Guest:
    """Where a guest lives and what it is."""

    vmid: int
    node: str
    kind: GuestKind
    name: str | None
    status: str | None
    template: bool
    #: its power state when it was looked up by its own status (None: found in the resource list)
    state: PowerState | None = None

    @property
    def path(self) -> dict[str, str | int]:
        """Placeholder values for `/nodes/{node}/{kind}/{vmid}/...` templates."""
        return {"node": self.node, "vmid": self.vmid}

    @property
    def label(self) -> str:
        """How PVE's own messages name it: `VM 100` or `CT 101`."""
        return f"{'VM' if self.kind == 'qemu' else 'CT'} {self.vmid}"

    @property
    def ha_sid(self) -> str:
        """Its HA resource ID: `vm:100` or `ct:200`."""
        return f"{'vm' if self.kind == 'qemu' else 'ct'}:{self.vmid}"

    def task_type(self, action: str) -> str:
        """PVE's task type for `action` on this guest: qmstart, vzcreate, qmdestroy, ..."""
        return f"{'qm' if self.kind == 'qemu' else 'vz'}{action}"

    def template_for(self, suffix: str) -> str:
        """The API path template of this guest's kind, e.g. `/nodes/{node}/lxc/{vmid}/config`."""
        return f"/nodes/{{node}}/{self.kind}/{{vmid}}{suffix}"


async def cluster_guests(pve: PveClient) -> list[ClusterResource]:
    """Every VM and container in the cluster (GET /cluster/resources?type=vm)."""
    resources = await pve.get("/cluster/resources", list[ClusterResource], query={"type": "vm"})
    return [r for r in resources if r.type in ("qemu", "lxc") and r.vmid is not None]


def _kind_name(kind: GuestKind) -> str:
    return "a qemu VM" if kind == "qemu" else "a container"


async def resolve_guest(
    pve: PveClient, vmid: int, node: str | None = None, *, kind: GuestKind | None = None, hint: str | None = None
) -> Guest:
    """The guest with `vmid`; when `node` is given it must be the guest's node, when `kind` its kind (else `hint`)."""
    if node is not None and (found := await _guest_on(pve, vmid, node, kind)) is not None:
        return found
    # not on that node (or no node given): the resource list names where it is, for a clear error
    for resource in await cluster_guests(pve):
        if resource.vmid != vmid:
            continue
        found_node = resource.node or ""
        if node is not None and node != found_node:
            raise NotFound(
                f"guest {vmid} is on node {found_node}, not on {node}",
                hint=f"Call again with node={found_node}, or omit node.",
            )
        found_kind: GuestKind = "qemu" if resource.type == "qemu" else "lxc"
        if kind is not None and kind != found_kind:
            raise InvalidInput(f"guest {vmid} is {_kind_name(found_kind)}, not {_kind_name(kind)}", hint=hint)
        return Guest(vmid, found_node, found_kind, resource.name, resource.status, bool(resource.template))
    raise NotFound(
        f"no guest with VMID {vmid} in the cluster",
        hint="List guests with list_vms or list_lxc_containers and use one of their VMIDs.",
    )


async def _guest_on(pve: PveClient, vmid: int, node: str, kind: GuestKind | None) -> Guest | None:
    """The guest on `node` read by its own status, trying qemu then lxc unless `kind` is given; None if not there."""
    for candidate in (kind,) if kind is not None else ("qemu", "lxc"):
        path = {"node": node, "vmid": vmid}
        try:
            if candidate == "qemu":
                qemu = await pve.get("/nodes/{node}/qemu/{vmid}/status/current", QemuStatus, path=path)
                state = PowerState(qemu.status, qemu.status == "running" and qemu.qmpstatus == "paused")
                return Guest(vmid, node, "qemu", qemu.name, qemu.status, bool(qemu.template), state)
            lxc = await pve.get("/nodes/{node}/lxc/{vmid}/status/current", LxcStatus, path=path)
            return Guest(vmid, node, "lxc", lxc.name, lxc.status, bool(lxc.template), PowerState(lxc.status, False))
        except NotFound:
            continue
    return None


@dataclass(frozen=True)
class PowerState:
    """A guest's power state: PVE's status plus, for qemu, whether it is paused."""

    status: str  # running | stopped (PVE's status)
    paused: bool

    def __str__(self) -> str:
        return "paused" if self.paused else self.status


async def power_state(pve: PveClient, guest: Guest) -> PowerState:
    """GET .../status/current, read as a power state."""
    if guest.kind == "qemu":
        qemu = await pve.get(guest.template_for("/status/current"), QemuStatus, path=guest.path)
        return PowerState(qemu.status, qemu.status == "running" and qemu.qmpstatus == "paused")
    lxc = await pve.get(guest.template_for("/status/current"), LxcStatus, path=guest.path)
    return PowerState(lxc.status, False)


async def power_state_after(pve: PveClient, guest: Guest) -> str:
    """The power state after a change, for its report; "unknown" when PVE cannot say right now.

    The change itself is done by then: a failing read must not turn its job into a failure.
    """
    try:
        return str(await power_state(pve, guest))
    except ProxmoxMcpError as exc:
        log.warning("status_after_unknown", vmid=guest.vmid, code=exc.code)
        return "unknown"


async def guest_exists(pve: PveClient, vmid: int) -> bool:
    """Whether the cluster lists a guest with this VMID (its membership changes at once, unlike names and status)."""
    return any(r.vmid == vmid for r in await cluster_guests(pve))

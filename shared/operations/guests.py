"""Guests: qemu VMs and LXC containers."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from shared.operations.base import GuestParams, Params, Result
from shared.sanitize import GuestKind, NodeName

__all__ = [
    "GetConfigParams",
    "GuestInfo",
    "GuestList",
    "InstanceConfig",
    "ListGuestsParams",
    "LxcInterface",
    "LxcInterfaces",
    "LxcInterfacesParams",
    "NodeFilter",
]


NodeFilter = Annotated[NodeName | None, Field(description="Only guests on this node. Omit it for the whole cluster.")]


class ListGuestsParams(Params):
    node: NodeFilter = None


class GuestInfo(Result):
    vmid: int
    name: str | None = None
    node: str
    kind: GuestKind
    status: str = Field(description="PVE's status: running, stopped, paused or suspended (qemu), unknown.")
    template: bool = False
    cpus: float | None = None
    cpu_percent: float | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    disk_total_bytes: int | None = None
    uptime_seconds: int | None = None
    tags: list[str] = Field(default_factory=list)
    lock: str | None = Field(None, description="PVE's lock on the guest (backup, snapshot, migrate...), if any.")


class GuestList(Result):
    guests: list[GuestInfo]
    count: int


class GetConfigParams(GuestParams):
    pass


class InstanceConfig(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str | None = None
    status: str | None = None
    digest: str | None = Field(None, description="SHA1 of the config; PVE refuses a change made against an old one.")
    config: dict[str, Any] = Field(description="The guest's configuration as PVE returns it (secrets redacted).")


class LxcInterfacesParams(GuestParams):
    pass


class LxcInterface(Result):
    name: str
    hwaddr: str | None = None
    inet: str | None = Field(None, description="IPv4 address with prefix length.")
    inet6: str | None = Field(None, description="IPv6 address with prefix length.")


class LxcInterfaces(Result):
    vmid: int
    node: str
    interfaces: list[LxcInterface]

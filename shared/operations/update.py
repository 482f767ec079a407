"""Changing a guest's resources and options (update_instance): only what differs, against a known digest."""

from __future__ import annotations

import re
from typing import Annotated, Literal, Self

from pydantic import Field, StringConstraints, field_validator, model_validator

from shared.errors import InvalidInput
from shared.formats import dns_name
from shared.operations.base import Result
from shared.operations.changes import GUEST_CONFIG_CALLS, GUEST_STATUS_CALLS, GuestChangeParams
from shared.operations.create import IsoVolume
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind

__all__ = [
    "SET_VM_CDROM",
    "UPDATE_INSTANCE",
    "CdromParams",
    "CdromResult",
    "ConfigDiff",
    "Digest",
    "Tag",
    "UpdateParams",
    "UpdateResult",
    "parse_startup",
]

#: pve-tag: what PVE's tag-style allows in a tag (PVE::JSONSchema's pve-tag)
Tag = Annotated[str, StringConstraints(pattern=r"^(?i:[a-z0-9_][a-z0-9_\-+.]*)$", max_length=64)]
#: a config digest as get_instance_config shows it (SHA1, hex)
Digest = Annotated[
    str | None,
    StringConstraints(pattern=r"^[0-9a-f]{40}$"),
    Field(description="From get_instance_config: CONFLICT if changed since."),
]
_STARTUP_KEY = re.compile(r"^(?:order=)?(\d+)$|^(up|down)=(\d+)$")


def parse_startup(text: str) -> dict[str, int]:
    """PVE's pve-startup-order (`[order=]N,up=N,down=N`, any of them) as a dict; refused if malformed."""
    parsed: dict[str, int] = {}
    for part in text.split(","):
        found = _STARTUP_KEY.match(part.strip())
        if found is None:
            raise InvalidInput(f"startup {text!r}: {part!r} is not order=N, up=N or down=N")
        key, value = ("order", found[1]) if found[1] is not None else (found[2], found[3])
        if key in parsed:
            raise InvalidInput(f"startup {text!r}: {key} given twice")
        parsed[key] = int(value)
    return parsed


class UpdateParams(GuestChangeParams):
    cores: Annotated[int | None, Field(ge=1, le=1024)] = None
    sockets: Annotated[int | None, Field(ge=1, le=16)] = None
    memory_mb: Annotated[int | None, Field(ge=16)] = None
    balloon_mb: Annotated[int | None, Field(ge=0, description="0 disables.")] = None
    onboot: bool | None = None
    startup: Annotated[str | None, Field(max_length=64, description="order=1,up=30,down=60")] = None
    description: Annotated[str | None, Field(max_length=8192)] = None
    tags: Annotated[list[Tag] | None, Field(max_length=32, description="Replaces the tags.")] = None
    name: Annotated[str | None, Field(max_length=63, description="Or hostname.")] = None
    protection: bool | None = None
    digest: Digest = None

    @field_validator("name")
    @classmethod
    def _dns_name(cls, name: str | None) -> str | None:
        return dns_name(name, "name") if name is not None else None

    @field_validator("startup")
    @classmethod
    def _startup(cls, startup: str | None) -> str | None:
        if startup is not None:
            parse_startup(startup)
        return startup

    @model_validator(mode="after")
    def _something_to_set(self) -> Self:
        if not self.asked():
            raise InvalidInput("nothing to change", hint="Give at least one of cores, memory_mb, onboot, tags, ...")
        return self

    def asked(self) -> list[str]:
        """The settings this call changes, by their argument names."""
        fixed = {"vmid", "node", "confirmed", "digest"}
        return [name for name in type(self).model_fields if name not in fixed and getattr(self, name) is not None]


class ConfigDiff(Result):
    before: str | None = None
    after: str | None = None


class UpdateResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    changed: dict[str, ConfigDiff] = Field(description="Each config key that changed, as PVE keeps it.")
    pending: list[str] = Field(description="Changed keys PVE keeps pending until the guest restarts.")


def _plan(p: UpdateParams, guest: str) -> str:
    shown = [f"{name}={getattr(p, name)}" for name in p.asked()]
    return f"set {', '.join(shown)} of {guest}"


UPDATE_INSTANCE = Operation(
    "update_instance",
    "Change guest settings",
    Tier.RESTRICTED,
    UpdateParams,
    UpdateResult,
    description="""
        Change a guest's CPU, memory, boot, description, tags, name or protection; only what differs.

        Only what differs is sent, with the config's digest: an edit made meanwhile by someone else is
        refused (CONFLICT), never overwritten; pass get_instance_config's digest to guard against edits
        since you read it. A running guest takes some changes at once; the others stay pending until
        it restarts (`pending` lists them). set_guest_nic changes a NIC. Restricted: needs the user's
        confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        *GUEST_STATUS_CALLS,
        *GUEST_CONFIG_CALLS,
    ),
    errors=(
        ("CONFLICT", "the config changed since `digest` (or while the change was being made)"),
        ("VALIDATION_ERROR", "sockets or balloon_mb for a container"),
    ),
    plan=_plan,
    guest_write=True,
    idempotent=True,
)


CdromDrive = Literal["ide0", "ide1", "ide2", "ide3", "sata0", "sata1", "sata2", "sata3", "sata4", "sata5"]


class CdromParams(GuestChangeParams):
    iso: Annotated[IsoVolume, Field(description="The ISO to insert; none with eject.")] = None
    eject: bool = False
    drive: Annotated[CdromDrive, Field(description="The CD-ROM drive (PVE's own default).")] = "ide2"

    @model_validator(mode="after")
    def _one(self) -> Self:
        if (self.iso is not None) != self.eject:
            return self
        raise InvalidInput("give an iso to insert, or eject=true", hint="One of them, not both.")


class CdromResult(Result):
    vmid: int
    node: str
    drive: str
    action: Literal["inserted", "ejected", "unchanged"]
    before: str | None = None
    after: str | None = None
    pending: bool = Field(description="True: PVE applies it when the VM restarts (a new drive on a running VM).")


SET_VM_CDROM = Operation(
    "set_vm_cdrom",
    "Insert or eject a VM's ISO",
    Tier.RESTRICTED,
    CdromParams,
    CdromResult,
    description="""
        Insert an ISO into a VM's CD-ROM drive (ide2 unless drive), or eject it.

        The ISO must be on a storage the VM's node has. A running VM takes a new medium at once;
        a drive it does not have yet waits for its restart. Restricted: needs the user's
        confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        *GUEST_STATUS_CALLS,
        "GET /nodes/{node}/storage/{storage}/content",
        *GUEST_CONFIG_CALLS,
    ),
    errors=(
        ("NOT_FOUND", "no such ISO on the VM's node"),
        ("VALIDATION_ERROR", "a container, or a drive that holds a disk"),
    ),
    plan=lambda p, guest: (
        f"eject the {p.drive} CD-ROM of {guest}" if p.eject else f"insert {p.iso} into {p.drive} of {guest}"
    ),
    guest_write=True,
    idempotent=True,
)

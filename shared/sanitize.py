"""Input types that carry PVE's own patterns, so bad input is refused before anything is enqueued.

Each type is an `Annotated` alias with a `Field` description and constraint: the MCP tool
schemas publish them to the agent, and the worker validates every payload against the same
types again. Patterns follow pve-common's JSONSchema formats (pve-node, pve-storage-id,
pve-configid, pve-vmid); a UPID's is PVE::UPID's own, from shared.pve.upid.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from shared.pve.upid import UPID_PATTERN

__all__ = [
    "NODE_PATTERN",
    "SNAPSHOT_PATTERN",
    "STORAGE_PATTERN",
    "TOKEN_NAME_PATTERN",
    "ConsolidationFn",
    "ContentType",
    "GuestKind",
    "JobId",
    "NodeName",
    "NodeText",
    "PasswordHash",
    "SnapshotName",
    "SshPublicKey",
    "StorageId",
    "Timeframe",
    "UpidText",
    "Vmid",
]

NODE_PATTERN = r"^[a-zA-Z0-9]([a-zA-Z0-9\-]*[a-zA-Z0-9])?$"
STORAGE_PATTERN = r"^[a-zA-Z][a-zA-Z0-9\-_.]*[a-zA-Z0-9]$"
SNAPSHOT_PATTERN = r"^[a-zA-Z][a-zA-Z0-9_\-]+$"
#: PVE's token id: pve-userid "!" pve-tokenid, as PVE::AccessControl splits it (the user part holds no "!")
TOKEN_NAME_PATTERN = r"^[^\s:/@!]+@[A-Za-z][A-Za-z0-9.\-_]+![A-Za-z][A-Za-z0-9.\-_]+$"  # noqa: S105  # a pattern, not a secret

#: PVE's pve-vmid: the range is checked, not published (mcp_frontend.schema), like a pattern
Vmid = Annotated[int, Field(ge=100, le=999_999_999, json_schema_extra={"format": "pve-vmid"})]
#: a node name without a description of its own (NodeName's says where names come from)
NodeText = Annotated[str, StringConstraints(pattern=NODE_PATTERN, max_length=63)]
#: a node name, as list_nodes shows it
NodeName = NodeText
StorageId = Annotated[
    str,
    StringConstraints(pattern=STORAGE_PATTERN, max_length=64),
    Field(description="Storage ID (list_storage)."),
]
SnapshotName = Annotated[
    str,
    StringConstraints(pattern=SNAPSHOT_PATTERN, min_length=2, max_length=40),
]
UpidText = Annotated[
    str,
    StringConstraints(pattern=UPID_PATTERN, max_length=512),
    Field(description="A PVE task ID: UPID:node:..."),
]
#: a job ID a tool of this server returned (32 hex characters)
JobId = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32}$")]
#: sha512-crypt ($6$salt$hash, default rounds): what PVE stores and accepts instead of a clear password
PasswordHash = Annotated[str, StringConstraints(pattern=r"^\$6\$[a-zA-Z0-9./]{1,16}\$[a-zA-Z0-9./]+$")]
SshPublicKey = Annotated[
    str,
    StringConstraints(pattern=r"^(ssh-|ecdsa-|sk-)[a-z0-9\-@.]+ [A-Za-z0-9+/=]+( [^\n]*)?$", max_length=16384),
]
ContentType = Literal["images", "rootdir", "vztmpl", "iso", "backup", "snippets", "import"]
Timeframe = Literal["hour", "day", "week", "month", "year"]
ConsolidationFn = Literal["AVERAGE", "MAX"]
GuestKind = Literal["qemu", "lxc"]

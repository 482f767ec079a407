"""Access: what a token or user may do where, the answer to "why does this token get 403 on /vms/101"."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = ["GET_PERMISSIONS", "PermissionsParams", "PermissionsResult"]

#: an ACL path (/, /vms/101, /storage/local, /nodes/pve1, /pool/prod, /sdn/zones/z1, ...)
AclPath = Annotated[str, StringConstraints(pattern=r"^/[A-Za-z0-9_./:@-]{0,255}$")]
Privilege = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Za-z]*(?:\.[A-Z][A-Za-z]*)+$")]


class PermissionsParams(Params):
    path: Annotated[AclPath, Field(description="/vms/101, /storage/local, /nodes/pve1, ...")] = "/"
    privilege: Annotated[Privilege | None, Field(description="e.g. VM.PowerMgmt: held there, and how to grant it.")] = (
        None
    )
    userid: Annotated[
        str | None,
        StringConstraints(pattern=r"^[^\s:/!]+@[A-Za-z0-9._-]+(?:![A-Za-z][A-Za-z0-9._-]*)?$"),
        Field(description="A user or token (user@realm!name); default: this server's token (needs Sys.Audit)."),
    ] = None


class PermissionsResult(Result):
    subject: str = Field(description="The user or token asked about.")
    path: str
    privileges: dict[str, str] = Field(description="Each privilege held on path, with the ACL path it comes from.")
    privilege: str | None = None
    held: bool | None = Field(None, description="Whether `privilege` is held on path.")
    held_below: list[str] = Field(default_factory=list, description="Paths under path where `privilege` is held.")
    grant: str | None = Field(None, description="A pveum command that grants `privilege` on path.")

    def brief(self) -> str:
        count = f"{self.subject} holds {len(self.privileges)} privileges on {self.path}"
        if self.privilege is None:
            return count
        if self.held:
            return f"{self.subject} holds {self.privilege} on {self.path} (from {self.privileges[self.privilege]})"
        below = f"; it holds it below, on {', '.join(self.held_below[:5])}" if self.held_below else ""
        return f"{self.subject} lacks {self.privilege} on {self.path}{below}; {self.grant or 'Administrator holds it'}"


GET_PERMISSIONS = Operation(
    "get_permissions",
    "Effective permissions on a path",
    Tier.SAFE,
    PermissionsParams,
    PermissionsResult,
    description="""
        The privileges a token or user holds on an ACL path and where each comes from; with
        privilege, whether it is held and the pveum command that grants it: why a call gets 403.

        Without userid, this server's own token (test_connection reads the same). Another user's
        or token's needs Sys.Audit on /access.
        """,
    pve_calls=("GET /access/permissions",),
)

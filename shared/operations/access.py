"""Access: what a token or user may do where, the answer to "why does this token get 403 on /vms/101"."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from shared.listing import PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = [
    "GET_PERMISSIONS",
    "LIST_ACCESS",
    "AccessEntry",
    "AccessList",
    "ListAccessParams",
    "PermissionsParams",
    "PermissionsResult",
]

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


AccessKind = Literal["users", "groups", "roles", "tokens", "acl"]


class ListAccessParams(PageParams):
    kind: AccessKind = "acl"
    userid: Annotated[
        str | None,
        StringConstraints(pattern=r"^[^\s:/!]+@[A-Za-z0-9._-]+$"),
        Field(description="tokens: whose (default: every user's); acl: only this user's and its tokens' entries."),
    ] = None


class AccessEntry(Result):
    name: str = Field(description="The user, group, role or token ID; an ACL entry's path.")
    enabled: bool | None = None
    members: list[str] | None = Field(None, description="A group's users; a user's groups.")
    tokens: list[str] | None = None
    privileges: list[str] | None = Field(None, description="A role's.")
    ugid: str | None = Field(None, description="An ACL entry's user, group or token.")
    role: str | None = None
    propagate: bool | None = None
    expire: int | None = Field(None, description="UNIX epoch seconds; 0: never.")


class AccessList(PagedResult):
    kind: str
    entries: list[AccessEntry]

    def brief(self) -> str:
        head = f"{self.kind}: {self.total}; {self.shown()}"
        return "\n".join([head, *(_access_line(e) for e in self.entries)])


def _access_line(e: AccessEntry) -> str:
    parts = [e.name]
    if e.ugid is not None:
        parts.append(f"{e.ugid} {e.role}" + ("" if e.propagate else " (no propagate)"))
    if e.enabled is False:
        parts.append("(disabled)")
    for label, values in (("members", e.members), ("tokens", e.tokens), ("privileges", e.privileges)):
        if values:
            parts.append(f"{label} {','.join(values)}")
    return " ".join(parts)


LIST_ACCESS = Operation(
    "list_access",
    "List users, groups, roles, tokens, ACLs",
    Tier.SAFE,
    ListAccessParams,
    AccessList,
    description="""
        The cluster's users, groups, roles (with their privileges), API tokens (never a secret)
        or ACL entries (path, who, role, propagate), a page at a time.

        PVE lists only what the token may see: users and groups need Sys.Audit or User.Modify on
        /access, the ACL needs Permissions.Modify. get_permissions says what a token holds where.
        """,
    pve_calls=(
        "GET /access/users",
        "GET /access/groups",
        "GET /access/roles",
        "GET /access/acl",
        "GET /access/users/{userid}/token",
    ),
)

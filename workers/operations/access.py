"""Access reads: effective permissions, as PVE computes them, explained."""

from __future__ import annotations

from shared.listing import paginate
from shared.operations.access import (
    GET_PERMISSIONS,
    LIST_ACCESS,
    AccessEntry,
    AccessList,
    ListAccessParams,
    PermissionsParams,
    PermissionsResult,
)
from shared.privileges import Coverage, Gap, Need, NeedKind, grant_commands, held_at, held_below
from shared.pve.models import PveModel, TokenPermissions
from workers.job import JobContext
from workers.registry import handles

__all__ = ["get_permissions", "list_access"]


def _grant(subject: str, path: str, privilege: str) -> str:
    need = Need(path, (privilege,), False, NeedKind.REQUIRED, "GET /access/permissions")
    return "; ".join(grant_commands(subject, [Gap(need, Coverage.NONE, (privilege,), ())]))


@handles(GET_PERMISSIONS)
async def get_permissions(job: JobContext, params: PermissionsParams) -> PermissionsResult:
    query = {"userid": params.userid} if params.userid is not None else None
    # the whole map, not `path=`: it says where each privilege comes from, and what is held below
    permissions = (await job.app.pve.get("/access/permissions", TokenPermissions, query=query)).root
    subject = params.userid or job.app.settings.proxmox_token_name or "this server's token"
    path = "/" + params.path.strip("/")
    held = held_at(path, permissions)
    result = PermissionsResult(subject=subject, path=path, privileges=held)
    if params.privilege is None:
        return result
    has = params.privilege in held
    return result.model_copy(
        update={
            "privilege": params.privilege,
            "held": has,
            "held_below": [] if has else list(held_below(path, params.privilege, permissions)),
            "grant": None if has else _grant(subject, path, params.privilege),
        }
    )


class _Token(PveModel):
    tokenid: str
    expire: int | None = None
    comment: str | None = None


class _User(PveModel):
    userid: str
    enable: bool | None = None
    expire: int | None = None
    groups: str | None = None
    tokens: list[_Token] | None = None


class _Group(PveModel):
    groupid: str
    users: str | None = None


class _Role(PveModel):
    roleid: str
    privs: str | None = None


class _Acl(PveModel):
    path: str
    ugid: str
    type: str
    roleid: str
    propagate: bool | None = None


def _split(text: str | None) -> list[str]:
    return [part for part in (text or "").split(",") if part]


async def _entries(job: JobContext, params: ListAccessParams) -> list[AccessEntry]:
    pve = job.app.pve
    if params.kind == "users":
        users = await pve.get("/access/users", list[_User], query={"full": 1})
        return [
            AccessEntry(
                name=u.userid, enabled=u.enable is not False, members=_split(u.groups) or None, expire=u.expire,
                tokens=[f"{u.userid}!{t.tokenid}" for t in u.tokens or []] or None,
            )
            for u in users
        ]  # fmt: skip
    if params.kind == "groups":
        return [
            AccessEntry(name=g.groupid, members=_split(g.users)) for g in await pve.get("/access/groups", list[_Group])
        ]
    if params.kind == "roles":
        roles = await pve.get("/access/roles", list[_Role])
        return [AccessEntry(name=r.roleid, privileges=_split(r.privs)) for r in roles]
    if params.kind == "tokens":
        userids = (
            [params.userid]
            if params.userid is not None
            else [u.userid for u in await pve.get("/access/users", list[_User])]
        )
        found = []
        for userid in userids:
            tokens = await pve.get("/access/users/{userid}/token", list[_Token], path={"userid": userid})
            found += [AccessEntry(name=f"{userid}!{t.tokenid}", expire=t.expire) for t in tokens]
        return found
    acl = await pve.get("/access/acl", list[_Acl])
    return [
        AccessEntry(name=a.path, ugid=a.ugid, role=a.roleid, propagate=a.propagate is not False)
        for a in acl
        if params.userid is None or a.ugid.split("!", 1)[0] == params.userid
    ]


@handles(LIST_ACCESS)
async def list_access(job: JobContext, params: ListAccessParams) -> AccessList:
    page = paginate(await _entries(job, params), lambda e: (e.name, e.ugid or ""), descending=False, asked=params)
    return AccessList(kind=params.kind, entries=page.rows, **AccessList.page_of(page))

"""Users, groups, roles, API tokens and ACLs (pve-access-control's API2::User, Group, Role, ACL), read only.

pvesim's tokens carry their privileges per ACL path; the ACL lists each as an entry of the
built-in role with exactly those privileges, or of a custom role named after the token when
none has. Each list is cut to what the caller may see, as PVE cuts it: users and groups need
Sys.Audit or User.Modify on /access, the ACL needs Permissions.Modify, a user's tokens are its
own or need User.Modify.
"""

from __future__ import annotations

from typing import Any

from pvesim.auth import ApiToken, schema_privileges
from pvesim.call import Call, route
from pvesim.errors import ApiError
from shared.privileges import role_privileges

__all__: list[str] = []


def _roles(call: Call) -> dict[str, frozenset[str]]:
    """The built-in roles (Administrator holds every privilege the schema names), then the tokens' custom ones."""
    everything = schema_privileges(call.core.schema)
    roles = {"Administrator": everything, "NoAccess": frozenset(), **role_privileges()}
    for token in call.core.tokens.values():
        for privileges in token.acl.values():
            if privileges not in roles.values():
                roles[f"Custom-{token.tokenid.split('!', 1)[1]}"] = privileges
    return roles


def _role_of(roles: dict[str, frozenset[str]], privileges: frozenset[str]) -> str:
    return next(name for name, held in roles.items() if held == privileges)


def _sees(token: ApiToken, privilege: str, path: str = "/access") -> bool:
    return privilege in token.privileges_at(path)


def _users(call: Call) -> dict[str, list[ApiToken]]:
    users: dict[str, list[ApiToken]] = {"root@pam": []}
    for token in call.core.tokens.values():
        users.setdefault(token.user, []).append(token)
    return users


@route("GET", "/access/users")
async def users(call: Call) -> Any:
    token = call.token
    everyone = _sees(token, "Sys.Audit") or _sees(token, "User.Modify")
    out = []
    for userid, tokens in sorted(_users(call).items()):
        if not everyone and userid != token.user:
            continue
        entry: dict[str, Any] = {"userid": userid, "enable": 1, "expire": 0, "realm-type": userid.split("@")[1]}
        if userid == "root@pam":
            entry["groups"] = "admins"
        if call.params.get("full"):
            entry["tokens"] = [{"tokenid": t.tokenid.split("!", 1)[1], "privsep": 1, "expire": 0} for t in tokens]
        out.append(entry)
    return out


@route("GET", "/access/groups")
async def groups(call: Call) -> Any:
    if not (_sees(call.token, "Sys.Audit") or _sees(call.token, "User.Modify")):
        return []
    return [{"groupid": "admins", "users": "root@pam", "comment": "cluster administrators"}]


@route("GET", "/access/roles")
async def roles(call: Call) -> Any:
    found = _roles(call)
    builtin = {"Administrator", "NoAccess", *role_privileges()}
    return [
        {"roleid": name, "privs": ",".join(sorted(privileges)), **({"special": 1} if name in builtin else {})}
        for name, privileges in found.items()
    ]


@route("GET", "/access/acl")
async def acl(call: Call) -> Any:
    if not _sees(call.token, "Permissions.Modify", "/"):
        return []
    found = _roles(call)
    entries = [{"path": "/", "ugid": "admins", "type": "group", "roleid": "Administrator", "propagate": 1}]
    for token in sorted(call.core.tokens.values(), key=lambda t: t.tokenid):
        for path, privileges in sorted(token.acl.items()):
            role = _role_of(found, privileges)
            entries.append({"path": path, "ugid": token.tokenid, "type": "token", "roleid": role, "propagate": 1})
    return entries


@route("GET", "/access/users/{userid}/token")
async def user_tokens(call: Call) -> Any:
    userid = str(call.params["userid"])
    if userid != call.token.user and not _sees(call.token, "User.Modify"):
        raise ApiError(403, "Permission check failed (/access/groups, User.Modify)")
    tokens = _users(call).get(userid)
    if tokens is None:
        raise ApiError(500, f"no such user ('{userid}')")
    return [{"tokenid": t.tokenid.split("!", 1)[1], "privsep": 1, "expire": 0} for t in tokens]

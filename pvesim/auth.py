"""API tokens and PVE's permission checks (RPCEnvironment::check_api2_permissions).

A token carries an ACL: path -> privileges, propagated to every path below it. An endpoint's
`permissions.check` is evaluated against it; a failure is PVE's 403
"Permission check failed (/vms/100, VM.PowerMgmt)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pvesim.errors import ApiError
from shared.pve.schema import ApiSchema

__all__ = ["ApiToken", "authenticate", "check_permissions", "schema_privileges"]

_HEADER = re.compile(r"^PVEAPIToken[= ](?P<user>[^\s!]+)!(?P<name>[^\s=]+)[=:](?P<secret>\S+)$")
_PLACEHOLDER = re.compile(r"\{([^}]+)\}")
_PROSE_PRIVILEGE = re.compile(r"'([A-Z][A-Za-z]+(?:\.[A-Z][A-Za-z]+)+)'")
# The privileges a read-only auditor has; the limited token gets exactly these on "/".
AUDIT_PRIVILEGES = frozenset(
    {"Sys.Audit", "VM.Audit", "Datastore.Audit", "Pool.Audit", "SDN.Audit", "Mapping.Audit", "VM.GuestAgent.Audit"}
)


@dataclass(frozen=True)
class ApiToken:
    tokenid: str  # USER@REALM!TOKENID
    secret: str
    acl: dict[str, frozenset[str]] = field(hash=False)

    @property
    def user(self) -> str:
        return self.tokenid.split("!", 1)[0]

    def privileges_at(self, path: str) -> frozenset[str]:
        """Every privilege the token holds on a path (ACL entries propagate downwards)."""
        held: set[str] = set()
        for acl_path, privileges in self.acl.items():
            if acl_path in ("/", path) or path.startswith(acl_path.rstrip("/") + "/"):
                held |= privileges
        return frozenset(held)

    def permissions_json(self) -> dict[str, dict[str, int]]:
        """The GET /access/permissions answer: path -> {privilege: propagate}."""
        return {path: dict.fromkeys(sorted(privileges), 1) for path, privileges in sorted(self.acl.items())}


def schema_privileges(schema: ApiSchema) -> frozenset[str]:
    """Every privilege name the schema's permissions mention, in their checks or their prose (VM.Backup,
    which vzdump's description names, is in no check): what a token with the Administrator role holds."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                if isinstance(item, str) and re.fullmatch(r"[A-Z][A-Za-z]+(\.[A-Za-z]+)+", item):
                    found.add(item)
                walk(item)

    for endpoint in schema.endpoints():
        walk(endpoint.permissions.get("check"))
        found.update(_PROSE_PRIVILEGE.findall(str(endpoint.permissions.get("description") or "")))
    found.add("Permissions.Modify")  # the ACL's own check ('perm-modify') names no privilege
    return frozenset(found)


def authenticate(header: str | None, tokens: dict[str, ApiToken]) -> ApiToken:
    """The token an Authorization header names, or the 401 pveproxy answers."""
    if not header:
        raise ApiError(401, "No ticket", empty_body=True)
    found = _HEADER.match(header.strip())
    if found is None:
        raise ApiError(401, "invalid token value!", empty_body=True)
    tokenid = f"{found['user']}!{found['name']}"
    token = tokens.get(tokenid)
    if token is None:
        raise ApiError(401, f"no such token '{found['name']}' for user '{found['user']}'", empty_body=True)
    if found["secret"] != token.secret:
        raise ApiError(401, "invalid token value!", empty_body=True)
    return token


def _denied(what: str | None = None) -> ApiError:
    return ApiError(403, f"Permission check failed ({what})" if what else "Permission check failed")


def _perm(check: list[Any], token: ApiToken, values: dict[str, Any]) -> None:
    template, privileges = str(check[1]), [str(p) for p in check[2]]
    options = dict(zip(check[3::2], check[4::2], strict=False))
    required = options.get("require_param")
    if required and required not in values:
        raise _denied()
    missing_value = [name for name in _PLACEHOLDER.findall(template) if name not in values]
    if missing_value:
        raise _denied()
    path = _PLACEHOLDER.sub(lambda m: str(values[m[1]]), template)
    held = token.privileges_at(path)
    if options.get("any"):
        if not held.intersection(privileges):
            raise _denied(f"{path}, {'|'.join(privileges)}")
        return
    for privilege in privileges:
        if privilege not in held:
            raise _denied(f"{path}, {privilege}")


def _evaluate(check: list[Any], token: ApiToken, values: dict[str, Any]) -> None:
    operator = check[0]
    if operator == "perm":
        _perm(check, token, values)
    elif operator == "and":
        for sub in check[1:]:
            _evaluate(sub, token, values)
    elif operator == "or":
        for sub in check[1:]:
            try:
                _evaluate(sub, token, values)
            except ApiError:
                continue
            return
        raise _denied()
    elif "User.Modify" not in token.privileges_at("/access"):
        # userid-group, userid-param, perm-modify: user management, which only the full token may do.
        raise _denied()


def check_permissions(permissions: dict[str, Any], token: ApiToken, values: dict[str, Any]) -> None:
    """Raise PVE's 403 when the token may not call an endpoint with these parameters."""
    check = permissions.get("check")
    if isinstance(check, list) and check:
        _evaluate(check, token, values)

"""403 diagnostics: which privilege on which ACL path the token lacks, and how to grant it.

Two sources, both from PVE itself:
- the 403 text. PVE raises `Permission check failed (PATH, PRIV)`, or `(PATH, PRIV1|PRIV2)` when any
  one of several privileges would do (pve-common `raise_perm_exc`, pve-access-control
  `RPCEnvironment::check`/`check_any`);
- the endpoint's `permissions` in the schema, e.g. `["perm", "/vms/{vmid}", ["VM.PowerMgmt"]]`, with
  the placeholders filled in from the request path.
The role in the hint is the smallest built-in role holding the privilege, following how
pve-access-control builds its roles (`create_roles`: audit, user and admin privileges per category).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.errors import PermissionDenied
from shared.pve.schema import Endpoint

__all__ = ["CUSTOM_ROLE", "Denial", "fill_placeholders", "parse_denial", "permission_denied", "suggest_role"]

#: the role our grant hints create for a privilege no built-in role below Administrator holds
CUSTOM_ROLE = "ProxmoxMcp"

_DENIAL = re.compile(r"Permission check failed \((?P<path>/[^,()]*), (?P<privs>[A-Za-z.|]+)\)")
_PLACEHOLDER = re.compile(r"\{([^}]+)\}")

# The smallest built-in role holding each privilege (pve-access-control `$privgroups`).
_ROLE_FOR: dict[str, str] = {
    **dict.fromkeys(
        ["VM.Audit", "Sys.Audit", "Datastore.Audit", "SDN.Audit", "Pool.Audit", "Mapping.Audit"], "PVEAuditor"
    ),
    **dict.fromkeys(["VM.Config.CDROM", "VM.Config.Cloudinit", "VM.Console", "VM.Backup", "VM.PowerMgmt"], "PVEVMUser"),
    **dict.fromkeys(
        [
            "VM.Config.Disk",
            "VM.Config.CPU",
            "VM.Config.Memory",
            "VM.Config.Network",
            "VM.Config.HWType",
            "VM.Config.Options",
            "VM.Allocate",
            "VM.Clone",
            "VM.Migrate",
            "VM.Monitor",
            "VM.Snapshot",
            "VM.Snapshot.Rollback",
        ],
        "PVEVMAdmin",
    ),
    "Datastore.AllocateSpace": "PVEDatastoreUser",
    **dict.fromkeys(["Datastore.Allocate", "Datastore.AllocateTemplate"], "PVEDatastoreAdmin"),
    **dict.fromkeys(["Sys.Console", "Sys.Syslog"], "PVESysAdmin"),
    "SDN.Use": "PVESDNUser",
    "SDN.Allocate": "PVESDNAdmin",
    "Pool.Allocate": "PVEPoolAdmin",
    "Mapping.Use": "PVEMappingUser",
    "Mapping.Modify": "PVEMappingAdmin",
    **dict.fromkeys(["User.Modify", "Group.Allocate", "Realm.AllocateUser"], "PVEUserAdmin"),
}


@dataclass(frozen=True, slots=True)
class Denial:
    """What was missing: an ACL path and the privileges checked there."""

    path: str
    privileges: tuple[str, ...]
    any_of: bool  # True when any one of `privileges` would have been enough


def parse_denial(message: str) -> Denial | None:
    """The path and privileges in PVE's `Permission check failed (...)` text, if it names them."""
    found = _DENIAL.search(message)
    if found is None:
        return None
    privileges = tuple(found["privs"].split("|"))
    return Denial(found["path"], privileges, any_of=len(privileges) > 1)


def fill_placeholders(value: Any, values: Mapping[str, object]) -> Any:
    """A schema permission (nested lists of strings) with `{name}` replaced by the request's values."""
    if isinstance(value, str):
        return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], value)
    if isinstance(value, list):
        return [fill_placeholders(item, values) for item in value]
    return value


def suggest_role(privilege: str) -> str | None:
    """The smallest built-in PVE role that holds `privilege`; None when only Administrator or a custom role has it."""
    return _ROLE_FOR.get(privilege)


def _schema_check(endpoint: Endpoint | None, values: Mapping[str, object]) -> list[Any] | None:
    if endpoint is None:
        return None
    check = endpoint.permissions.get("check")
    return fill_placeholders(check, values) if isinstance(check, list) else None


def _from_check(check: list[Any] | None) -> Denial | None:
    # Only a plain ["perm", path, [privs], ("any", 1)?] names one path; "and"/"or" trees stay in details.
    if not check or check[0] != "perm" or len(check) < 3 or not isinstance(check[2], list):
        return None
    privileges = tuple(str(priv) for priv in check[2])
    any_of = "any" in check[3::2] and len(privileges) > 1
    return Denial(str(check[1]), privileges, any_of=any_of)


def _grant_hint(token_name: str, denial: Denial) -> str:
    privilege = denial.privileges[0]
    role = suggest_role(privilege)
    user = token_name.partition("!")[0]
    if role is None:
        role = CUSTOM_ROLE
        create = f"pveum role add {CUSTOM_ROLE} --privs {privilege}; then "
    else:
        create = ""
    return (
        f"Grant it: {create}pveum acl modify {denial.path} --tokens '{token_name}' --roles {role}. "
        f"A privilege-separated token holds only what its user has too "
        f"(pveum acl modify {denial.path} --users {user} --roles {role})"
    )


def permission_denied(
    *,
    token_name: str,
    method: str,
    template: str,
    values: Mapping[str, object],
    pve_message: str,
    endpoint: Endpoint | None,
) -> PermissionDenied:
    """The PERMISSION_DENIED error for a 403, naming privilege, ACL path and the grant that fixes it."""
    required = _schema_check(endpoint, values)
    denial = parse_denial(pve_message) or _from_check(required)
    where = f"({method} {template})"
    details: dict[str, Any] = {"endpoint": template, "method": method, "pve_message": pve_message}
    if required is not None:
        details["required"] = required
    elif endpoint is not None and endpoint.permissions.get("description"):
        details["description"] = fill_placeholders(str(endpoint.permissions["description"]), values)
    if denial is None:
        return PermissionDenied(f"token {token_name} was refused by PVE: {pve_message} {where}", details=details)
    details["privilege"] = denial.privileges[0] if len(denial.privileges) == 1 else list(denial.privileges)
    details["acl_path"] = denial.path
    missing = " or ".join(denial.privileges) if denial.any_of else ", ".join(denial.privileges)
    return PermissionDenied(
        f"token {token_name} lacks {missing} on {denial.path} {where}",
        hint=_grant_hint(token_name, denial),
        details=details,
    )

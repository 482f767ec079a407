"""Privileges: what each operation needs on PVE, what a token lacks, and how to grant it.

One module for every privilege rule, read by the PVE client (a 403 becomes PERMISSION_DENIED
naming the privilege and the grant), by docs/api_manifest.md and by scripts/test_connection.py.

What an operation needs comes from the schema's `permissions` of every endpoint it calls (the
declaration's `pve_calls`):
- a `check` is exact: PVE answers 403 without it (`["perm", "/vms/{vmid}", ["VM.Audit"]]`,
  combined with "and"/"or");
- endpoints that let every user in (`"user": "all"`) state their rule in prose: a list that
  leaves out what the token may not see ("Only list VMs where you have VM.Audit permissions
  on /vms/<vmid>."), or a check that applies in some cases only ("... if they aren't the owner
  of the task"). Each sentence naming a privilege and an ACL path becomes a need.

What the token holds is PVE's own answer to GET /access/permissions: ACL path -> privilege ->
whether it propagates to the paths below. A need on `/vms/{vmid}` is met for every guest when
the privilege propagates from `/vms` or `/`, and only for some when it is held on single
guests (`/vms/100`) or pools (`/pool/web`). Each check ends in one `Verdict`.

A 403 names what was missing in two ways, both PVE's own: its text, `Permission check failed
(PATH, PRIV)` or `(PATH, PRIV1|PRIV2)` when any one would do (pve-common `raise_perm_exc`,
pve-access-control `RPCEnvironment::check`/`check_any`), and the endpoint's `permissions`.
The role in a grant is the smallest built-in role holding the privilege, following how
pve-access-control builds its roles (`create_roles`: audit, user and admin privileges per category).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from shared.errors import PermissionDenied
from shared.operations.operation import Operation
from shared.pve.schema import ApiSchema, Endpoint

__all__ = [
    "CUSTOM_ROLE",
    "Coverage",
    "Denial",
    "Gap",
    "Need",
    "NeedKind",
    "OperationPrivileges",
    "Permissions",
    "Verdict",
    "call_endpoints",
    "check_operations",
    "endpoint_needs",
    "fill_placeholders",
    "grant_commands",
    "grant_path",
    "held_at",
    "held_below",
    "operation_needs",
    "own_task_endpoint",
    "parse_denial",
    "permission_denied",
    "role_privileges",
    "suggest_role",
]

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


#: the built-in roles one holds all of (pve-access-control composes its roles so)
_ROLE_INCLUDES: dict[str, tuple[str, ...]] = {
    "PVEVMAdmin": ("PVEVMUser",),
    "PVEDatastoreAdmin": ("PVEDatastoreUser",),
    "PVESDNAdmin": ("PVESDNUser",),
    "PVEMappingAdmin": ("PVEMappingUser",),
}
#: the audit privilege of each role's own area, which the role holds too
_ROLE_AUDIT: dict[str, str] = {
    "PVEVMUser": "VM.Audit",
    "PVEDatastoreUser": "Datastore.Audit",
    "PVEDatastoreAdmin": "Datastore.Audit",
    "PVESysAdmin": "Sys.Audit",
    "PVESDNUser": "SDN.Audit",
    "PVEPoolAdmin": "Pool.Audit",
    "PVEMappingUser": "Mapping.Audit",
    "PVEUserAdmin": "Sys.Audit",
}


def role_privileges() -> dict[str, frozenset[str]]:
    """The built-in roles below Administrator and their privileges, as far as this module knows them."""
    own: dict[str, set[str]] = {}
    for privilege, role in _ROLE_FOR.items():
        own.setdefault(role, set()).add(privilege)
    for role, audit in _ROLE_AUDIT.items():
        own.setdefault(role, set()).add(audit)
    for role, included in _ROLE_INCLUDES.items():
        for other in included:
            own[role] |= own[other]
    return {role: frozenset(privileges) for role, privileges in sorted(own.items())}


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
    """The commands that grant what a 403 named, as grant_commands writes them for any gap."""
    need = Need(denial.path, denial.privileges, denial.any_of, NeedKind.REQUIRED, endpoint="")
    commands = grant_commands(token_name, [Gap(need, Coverage.NONE, denial.privileges, ())])
    user = token_name.partition("!")[0]
    for_user = commands[-1].replace(f"--tokens '{token_name}'", f"--users {user}")
    return (
        f"Grant it: {'; then '.join(commands)}. "
        f"A privilege-separated token holds only what its user has too ({for_user})"
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


Permissions = Mapping[str, Mapping[str, bool]]
"""GET /access/permissions: ACL path -> privilege -> propagates to the paths below."""

_PRIVILEGE = re.compile(r"\b[A-Z][A-Za-z]*(?:\.[A-Z][A-Za-z]*)+\b")
# An ACL path starts after a space or a quote ("bridge/vlan" is not one).
_ACL_PATH = re.compile(r"(?:(?<=\s)|(?<='))(/[\w{}<>/.-]*)")
# "if ...", "for restore ...", a parameter's own rule ("The 'prune-backups' setting requires ..."), or
# objects known only once the call runs ("on any used storage")
_CONDITIONAL = re.compile(
    r"\b(if|unless|for restore|for privileged|any used)\b|\b(setting|parameters?|option) requires?\b", re.IGNORECASE
)
# "..., and 'Datastore.AllocateSpace' on ...": each clause that names a privilege is a need of its own
_CLAUSE = re.compile(r",?\s+and\s+(?=')")
# "... only list ...", or /cluster/log's "needs 'Sys.Syslog' on '/' in order to get all logs"
_FILTERED = re.compile(r"^\s*(only list|list\b|resources are filtered)|\bin order to (get|see) all\b", re.IGNORECASE)
#: endpoints on one task, addressed by its UPID
_TASK_BY_UPID = "/nodes/{node}/tasks/{upid}"
# Objects a sentence names without a path ("on any used storage").
_IMPLIED_PATHS = (
    ("storage", "/storage/{storage}"),
    ("bridge", "/sdn/zones/{zone}"),
    ("vnet", "/sdn/zones/{zone}"),
    ("any vm", "/vms/{vmid}"),
)
_DOT = "\x00"  # stands in for the dots inside privilege names while a description is split into sentences


class NeedKind(StrEnum):
    #: PVE refuses the call without it (403)
    REQUIRED = "required"
    #: PVE answers, but leaves out what the token may not see (an empty list, at worst)
    FILTERED = "filtered"
    #: needed in some cases only (another user's task, a restore, a parameter that was given)
    CONDITIONAL = "conditional"


class Coverage(StrEnum):
    #: held on every object the path can name
    FULL = "full"
    #: held on some objects only (single guests, a pool)
    PARTIAL = "partial"
    #: not held at all
    NONE = "none"


class Verdict(StrEnum):
    """How a check came out: of a token's privileges here, of every check in scripts/test_connection.py."""

    PASS = "PASS"  # noqa: S105  # a verdict, not a password
    WARN = "WARN"
    FAIL = "FAIL"
    #: not checked, because a check it needs did not pass
    SKIP = "SKIP"


@dataclass(frozen=True)
class Need:
    """Privileges on an ACL path (with the schema's placeholders) that one endpoint needs."""

    path: str
    privileges: tuple[str, ...]
    any_of: bool  # any one of `privileges` is enough
    kind: NeedKind
    endpoint: str  # "GET /nodes/{node}/qemu"

    def describe(self) -> str:
        privileges = " or ".join(self.privileges) if self.any_of else ", ".join(self.privileges)
        return f"{privileges} on {grant_path(self.path)}"


@dataclass(frozen=True)
class Gap:
    """A need the token does not meet everywhere."""

    need: Need
    coverage: Coverage  # PARTIAL or NONE
    missing: tuple[str, ...]  # the privileges it lacks (for any_of: all of them)
    held_on: tuple[str, ...]  # for PARTIAL: the paths it holds them on

    @property
    def verdict(self) -> Verdict:
        if self.coverage is Coverage.NONE and self.need.kind is not NeedKind.CONDITIONAL:
            return Verdict.FAIL
        return Verdict.WARN

    def describe(self) -> str:
        need = self.need
        privileges = " or ".join(self.missing) if need.any_of else ", ".join(self.missing)
        where = grant_path(need.path)
        if self.coverage is Coverage.PARTIAL:
            text = f"{privileges} only on {', '.join(self.held_on)}, not on all of {where}"
        else:
            text = f"{privileges} on {where}"
        consequence = {
            NeedKind.REQUIRED: "PVE refuses the call without it",
            NeedKind.FILTERED: "without it PVE leaves those objects out of the answer",
            NeedKind.CONDITIONAL: "needed in some cases only",
        }[need.kind]
        return f"{text} ({need.endpoint}: {consequence})"


@dataclass(frozen=True)
class OperationPrivileges:
    """One operation's needs and the gaps the token leaves."""

    operation: str
    needs: tuple[Need, ...]
    gaps: tuple[Gap, ...]
    #: calls the schema does not know, whose needs are therefore unknown
    unknown_calls: tuple[str, ...] = ()

    @property
    def verdict(self) -> Verdict:
        verdicts = {gap.verdict for gap in self.gaps} | ({Verdict.WARN} if self.unknown_calls else set())
        if Verdict.FAIL in verdicts:
            return Verdict.FAIL
        return Verdict.WARN if verdicts else Verdict.PASS


def grant_path(path: str) -> str:
    """The ACL path to grant on for a need: the part before the first placeholder (`/vms/{vmid}` -> `/vms`)."""
    parts: list[str] = []
    for part in path.strip("/").split("/"):
        if not part or "{" in part:
            break
        parts.append(part)
    return "/" + "/".join(parts)


def _perm_need(check: list[Any], endpoint: str, kind: NeedKind) -> Need:
    options = dict(zip(check[3::2], check[4::2], strict=False))
    privileges = tuple(str(privilege) for privilege in check[2])
    if options.get("require_param"):  # checked only when that parameter is given
        kind = NeedKind.CONDITIONAL
    return Need(str(check[1]), privileges, bool(options.get("any")) and len(privileges) > 1, kind, endpoint)


def _check_needs(check: Any, endpoint: str, kind: NeedKind = NeedKind.REQUIRED) -> list[Need]:
    if not isinstance(check, list) or not check:
        return []
    operator = check[0]
    if operator == "perm" and len(check) >= 3 and isinstance(check[2], list):
        return [_perm_need(check, endpoint, kind)]
    if operator == "and":
        return [need for sub in check[1:] for need in _check_needs(sub, endpoint, kind)]
    if operator == "or":
        # The first alternative that needs no optional parameter is the one a plain call meets.
        alternatives = [needs for sub in check[1:] if (needs := _check_needs(sub, endpoint, kind))]
        plain = [needs for needs in alternatives if all(need.kind is kind for need in needs)]
        return (plain or alternatives or [[]])[0]
    return []  # userid-param, userid-group, perm-modify: user management, which no tool does


def _sentences(text: str) -> list[str]:
    protected = _PRIVILEGE.sub(lambda m: m[0].replace(".", _DOT), text)
    return [part.replace(_DOT, ".").strip() for part in re.split(r"\.\s*", protected) if part.strip()]


def _sentence_path(sentence: str) -> str | None:
    found = _ACL_PATH.search(sentence)
    if found:
        path = found[1].rstrip("'.,)")
        return re.sub(r"<([^>]+)>", r"{\1}", path) or "/"
    lowered = sentence.lower()
    return next((path for word, path in _IMPLIED_PATHS if word in lowered), None)


def _clauses(sentence: str) -> list[str]:
    """The sentence's clauses that each name a privilege, or the sentence whole if fewer than two do."""
    parts = _CLAUSE.split(sentence)
    named = [part for part in parts if _PRIVILEGE.search(part)]
    return named if len(named) > 1 else [sentence]


def _description_needs(description: str, endpoint: str, known: frozenset[str] = frozenset()) -> list[Need]:
    """The needs a description states; `known`: privileges an exact check names already, left out."""
    needs: list[Need] = []
    for whole in _sentences(description):
        for sentence in _clauses(whole):
            needs += _clause_need(sentence, whole[: whole.index(sentence) + len(sentence)], endpoint, known)
    return needs


def _clause_need(sentence: str, so_far: str, endpoint: str, known: frozenset[str]) -> list[Need]:
    """The need one clause states; a condition earlier in its sentence ("if you set 'todisk', ...") holds for it."""
    privileges = tuple(p for p in dict.fromkeys(_PRIVILEGE.findall(sentence)) if p not in known)
    path = _sentence_path(sentence)
    if not privileges or path is None:
        return []
    if _CONDITIONAL.search(so_far):
        kind = NeedKind.CONDITIONAL
    elif _FILTERED.search(sentence):
        kind = NeedKind.FILTERED
    else:
        kind = NeedKind.REQUIRED
    any_of = len(privileges) > 1 and re.search(r"\bor\b", sentence) is not None
    return [Need(path, privileges, any_of, kind, endpoint)]


def endpoint_needs(endpoint: Endpoint) -> list[Need]:
    """What one endpoint needs: its exact `check` and what else its `description` says (clone's and
    move_disk's name the storage's Datastore.AllocateSpace only there), or the description alone."""
    where = f"{endpoint.method} {endpoint.path}"
    permissions = endpoint.permissions
    check = permissions.get("check")
    description = str(permissions.get("description") or "")
    if isinstance(check, list) and check:
        needs = _check_needs(check, where)
        # what the description adds to an exact check: its unconditional needs only (the storage a disk
        # is moved to); "if you set 'todisk'" and "any used storage" are the check's business
        known = frozenset(privilege for need in needs for privilege in need.privileges)
        extra = _description_needs(description, where, known)
        return needs + [need for need in extra if need.kind is NeedKind.REQUIRED]
    return _description_needs(description, where)


def call_endpoints(call: str, schema: ApiSchema) -> list[Endpoint]:
    """The endpoints a catalogue call ("METHOD /template") names.

    A placeholder the schema has as a literal stands for each of them:
    `POST /nodes/{node}/qemu/{vmid}/status/{action}` is start, stop, shutdown, reboot, ...
    """
    method, _, template = call.partition(" ")
    endpoint = schema.endpoint(template, method)
    if endpoint is not None:
        return [endpoint]
    segments = [r"[^/]+" if re.fullmatch(r"\{[^}]+\}", part) else re.escape(part) for part in template.split("/")]
    pattern = re.compile("^" + "/".join(segments) + "$")
    return [found for found in schema.endpoints() if found.method == method.upper() and pattern.match(found.path)]


def own_task_endpoint(op: Operation, endpoint: Endpoint) -> bool:
    """True for an endpoint on one task by UPID that `op` only calls on the tasks it started itself."""
    return op.starts_task and endpoint.path.startswith(_TASK_BY_UPID)


def operation_needs(
    op: Operation, schema: ApiSchema, *, endpoints: Callable[[str], list[Endpoint]] | None = None
) -> list[Need]:
    """Every need of the endpoints `op` may call; `endpoints` resolves a call (default: `call_endpoints`).

    A change reads and stops only the PVE tasks it started itself, which PVE lets their owner
    do: what the by-UPID task endpoints need (for other users' tasks) is not its need.
    """
    needs: dict[tuple[str, tuple[str, ...], bool, NeedKind], Need] = {}
    for call in op.pve_calls:
        for endpoint in endpoints(call) if endpoints is not None else call_endpoints(call, schema):
            if own_task_endpoint(op, endpoint):
                continue
            for found in endpoint_needs(endpoint):
                need = replace(found, kind=NeedKind.CONDITIONAL) if call in op.optional_calls else found
                # qemu and lxc variants of one call need the same thing; name it once
                needs.setdefault((need.path, need.privileges, need.any_of, need.kind), need)
    return list(needs.values())


def _ancestors(path: str) -> list[str]:
    """`path` and every path above it: /vms/100 -> /vms/100, /vms, /."""
    parts = [part for part in path.strip("/").split("/") if part]
    return ["/" + "/".join(parts[:end]) for end in range(len(parts), -1, -1)]


def held_at(path: str, permissions: Permissions) -> dict[str, str]:
    """The privileges held on `path` (an ACL path, no placeholders), each with the ACL path it comes from.

    PVE's own rule: a grant on the path itself, or a propagating one on a path above it.
    """
    held: dict[str, str] = {}
    exact = "/" + path.strip("/")
    for ancestor in _ancestors(exact):
        for privilege, propagates in permissions.get(ancestor, {}).items():
            if privilege not in held and (propagates or ancestor == exact):
                held[privilege] = ancestor
    return dict(sorted(held.items()))


def held_below(path: str, privilege: str, permissions: Permissions) -> tuple[str, ...]:
    """The paths under `path` where `privilege` is held (what a partial grant covers)."""
    below = "/" + path.strip("/").rstrip("/") + "/"
    below = "/" if below == "//" else below
    return tuple(sorted(p for p, held in permissions.items() if privilege in held and p.startswith(below)))


def _coverage(privilege: str, need_path: str, permissions: Permissions) -> tuple[Coverage, tuple[str, ...]]:
    prefix = grant_path(need_path)
    templated = prefix != "/" + need_path.strip("/")
    for ancestor in _ancestors(prefix):
        held = permissions.get(ancestor, {})
        # on the prefix itself a non-propagating grant only covers a path without placeholders
        if privilege in held and (held[privilege] or (ancestor == prefix and not templated)):
            return Coverage.FULL, ()
    below = prefix.rstrip("/") + "/"
    pools = prefix == "/vms" or prefix.startswith("/storage")  # pool members are guests and storages
    partial = tuple(
        sorted(
            path
            for path, held in permissions.items()
            if privilege in held and (path.startswith(below) or (pools and path.startswith("/pool/")))
        )
    )
    return (Coverage.PARTIAL, partial) if partial else (Coverage.NONE, ())


def _gap(need: Need, permissions: Permissions) -> Gap | None:
    found = {privilege: _coverage(privilege, need.path, permissions) for privilege in need.privileges}
    if need.any_of:
        if any(coverage is Coverage.FULL for coverage, _ in found.values()):
            return None
        partial = tuple(sorted({path for _, paths in found.values() for path in paths}))
        coverage = Coverage.PARTIAL if partial else Coverage.NONE
        return Gap(need, coverage, need.privileges, partial)
    missing = tuple(privilege for privilege, (coverage, _) in found.items() if coverage is not Coverage.FULL)
    if not missing:
        return None
    partial_paths = tuple(sorted({path for privilege in missing for path in found[privilege][1]}))
    coverage = Coverage.NONE if any(found[p][0] is Coverage.NONE for p in missing) else Coverage.PARTIAL
    return Gap(need, coverage, missing, partial_paths if coverage is Coverage.PARTIAL else ())


def check_operations(
    operations: Iterable[Operation], schema: ApiSchema, permissions: Permissions
) -> list[OperationPrivileges]:
    """Each operation's needs held against the token's permissions."""
    reports: list[OperationPrivileges] = []
    for op in operations:
        needs = operation_needs(op, schema)
        gaps = tuple(gap for need in needs if (gap := _gap(need, permissions)) is not None)
        unknown = tuple(call for call in op.pve_calls if not call_endpoints(call, schema))
        reports.append(OperationPrivileges(op.name, tuple(needs), gaps, unknown))
    return reports


def grant_commands(token_name: str, gaps: Iterable[Gap]) -> list[str]:
    """pveum commands that grant what the gaps lack to a token (or a user), one per ACL path, with the
    smallest built-in roles.

    A privilege no built-in role below Administrator holds goes into a role of its own, CUSTOM_ROLE.
    """
    roles_by_path: dict[str, dict[str, None]] = {}
    custom: dict[str, None] = {}
    for gap in gaps:
        # for "any of" one privilege is enough: the first is the one PVE's own docs name
        privileges = gap.missing[:1] if gap.need.any_of else gap.missing
        roles = roles_by_path.setdefault(grant_path(gap.need.path), {})
        for privilege in privileges:
            role = suggest_role(privilege)
            if role is None:
                custom[privilege] = None
                role = CUSTOM_ROLE
            roles[role] = None
    commands: list[str] = []
    if custom:
        commands.append(f"pveum role add {CUSTOM_ROLE} --privs '{','.join(custom)}'")
    # a user (no "!name") is granted with --users, a token with --tokens
    principal = f"--tokens '{token_name}'" if "!" in token_name else f"--users '{token_name}'"
    commands.extend(
        f"pveum acl modify {path} {principal} --roles {','.join(roles)}"
        for path, roles in sorted(roles_by_path.items())
    )
    return commands

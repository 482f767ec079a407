"""An endpoint as an agent reads it before a call: parameters, answer, privileges, tier, whether it starts a task.

Compact by design (describe_pve_api's answer is read before every call): descriptions are cut
to their first sentence, a property string lists its keys with their types, an answer's rows
list their fields by name. An endpoint with many parameters (a VM's config has about a hundred)
gives the first ones in full and names the rest; `parameter=` asks for one of them in full.
"""

from __future__ import annotations

import re
from typing import Any

from shared.api.secrets import is_secret
from shared.api.tiers import critical_reason, method_tier
from shared.pve.schema import Endpoint

__all__ = [
    "FULL_PARAMETERS",
    "first_sentence",
    "location_of",
    "parameter_view",
    "privileges",
    "returns_view",
    "starts_task",
    "type_of",
]

#: parameters given in full before the rest are only named
FULL_PARAMETERS = 16
_DESCRIPTION = 90


def first_sentence(text: Any, limit: int = _DESCRIPTION) -> str:
    """A schema description's first sentence on one line, cut to `limit` characters."""
    line = " ".join(str(text or "").split())
    first = re.split(r"(?<=[a-z0-9)])\. ", line, maxsplit=1)[0].rstrip(".")
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def starts_task(endpoint: Endpoint) -> bool:
    """Whether a call answers with a UPID: a change whose answer the schema declares a plain string."""
    returns = endpoint.returns
    return endpoint.method != "GET" and returns.get("type") == "string" and not returns.get("format")


def location_of(endpoint: Endpoint, name: str) -> str:
    """Where a parameter goes: the path, the query (GET, DELETE) or the body (POST, PUT)."""
    if name in endpoint.path_params:
        return "path"
    return "query" if endpoint.method in ("GET", "DELETE") else "body"


def type_of(schema: dict[str, Any]) -> str:
    """A parameter's type in a few words: `integer 1-4094`, `enum: a|b`, `string pve-node`, `boolean`."""
    kind = str(schema.get("type", "any"))
    if schema.get("enum"):  # some schemas carry `enum: null`
        return "enum: " + "|".join(str(v) for v in schema["enum"])
    fmt = schema.get("format")
    words = [kind]
    if isinstance(fmt, str):
        words.append(fmt)
    elif isinstance(fmt, dict):
        words.append("property string")
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None or high is not None:
        words.append(f"{'' if low is None else low}-{'' if high is None else high}")
    if "maxLength" in schema:
        words.append(f"max {schema['maxLength']} chars")
    if kind == "array" and isinstance(schema.get("items"), dict):
        words.append("of " + type_of(schema["items"]))
    return " ".join(words)


def parameter_view(endpoint: Endpoint, name: str, schema: dict[str, Any], *, full: bool) -> dict[str, Any]:
    """One parameter: where it goes, its type, whether it is required, its default and what it is."""
    view: dict[str, Any] = {"name": name, "in": location_of(endpoint, name), "type": type_of(schema)}
    if not (schema.get("optional") or name in endpoint.path_params) and not schema.get("alias"):
        view["required"] = True
    if "default" in schema:
        view["default"] = schema["default"]
    if name.endswith("[n]"):
        view["indexed"] = f"{name[:-3]}0, {name[:-3]}1, …"
    if is_secret(name, schema):
        view["secret"] = True
    view["description"] = first_sentence(schema.get("description") or schema.get("verbose_description"))
    fmt = schema.get("format")
    if full and isinstance(fmt, dict):
        keys = {}
        for key, sub in fmt.items():
            if isinstance(sub, dict) and not sub.get("alias"):
                text = type_of(sub) + (" (default key)" if sub.get("default_key") else "")
                keys[key] = text + ("" if sub.get("optional") else ", required")
        view["keys"] = keys
    if full and schema.get("requires"):
        view["requires"] = schema["requires"]
    return view


def returns_view(endpoint: Endpoint) -> dict[str, Any]:
    """What a call answers: its type, and the fields of its object or of its rows."""
    returns = endpoint.returns
    view: dict[str, Any] = {"type": str(returns.get("type", "null"))}
    shape = returns.get("items") if returns.get("type") == "array" else returns
    fields = (shape or {}).get("properties") if isinstance(shape, dict) else None
    if isinstance(fields, dict) and fields:
        view["fields"] = sorted(fields)
    if starts_task(endpoint):
        view["type"] = "string (a UPID: the call starts a PVE task, which is followed to its end)"
    return view


def _check(check: Any) -> str:  # noqa: PLR0911 - one case per kind of check, as PVE's check_api2_permissions
    """PVE's permission check (PVE::RPCEnvironment's check syntax) in words."""
    if not isinstance(check, list) or not check:
        return str(check)
    kind, rest = check[0], check[1:]
    if kind == "perm" and len(rest) >= 2:
        joiner = " or " if "any" in rest[2:] else " and "
        return f"{joiner.join(rest[1])} on {rest[0]}"
    if kind in ("and", "or"):
        return f" {kind} ".join(
            f"({_check(part)})" if isinstance(part, list) and part[0] in ("and", "or") else _check(part)
            for part in rest
        )
    if kind == "perm-modify":
        return f"Permissions.Modify (or the privileges it grants) on {rest[0] if rest else '/'}"
    if kind == "userid-param":
        return "the user named in the call itself" if rest[:1] == ["self"] else "access to the user named in the call"
    if kind == "userid-group" and rest:
        return f"{' or '.join(rest[0])} on a group of the user named in the call"
    if kind == "admin":
        return "an administrator"
    return " ".join(str(part) for part in check)


def privileges(endpoint: Endpoint) -> str:
    """Who may call it, in one line: `VM.PowerMgmt on /vms/{vmid}`, `any authenticated user`, `root@pam only`."""
    permissions = endpoint.permissions
    if permissions.get("user") == "all":
        return "any authenticated user" + (
            f" ({first_sentence(permissions['description'], 80)})" if permissions.get("description") else ""
        )
    if permissions.get("user") == "world":
        return "anyone"
    if "check" in permissions:
        return _check(permissions["check"])
    if permissions.get("description"):
        return first_sentence(permissions["description"], 140)
    return "root@pam only"


def tier_words(endpoint: Endpoint) -> str:
    tier = method_tier(endpoint.method, endpoint.path)
    reason = critical_reason(endpoint.method, endpoint.path)
    return f"{tier.value} ({reason})" if reason else tier.value

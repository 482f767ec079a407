"""Request parameters checked against the schema the way PVE::JSONSchema checks them.

pvesim checks every request it gets with it; call_pve_api checks a call with it before queuing it,
and the worker again before sending it (shared.api.request).

The order and the messages follow pve-common's JSONSchema.pm (check_object, check_prop,
check_type, parse_property_string): for one parameter the type is checked first, then its
format, pattern, lengths, range and enum, and the first failure is its error. Every failing
parameter gets an entry; together they make the 400 "Parameter verification failed.".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from shared.pve.formats import NAMED_FORMATS, split_list
from shared.pve.schema import Endpoint, SchemaVersion

__all__ = ["FOLDED_LIMITS", "CheckedParams", "check_value", "perl_string", "schema_for", "validate_params"]

# How many of each indexed option PVE registers (`net[n]` folds net0..net31); from qemu-server
# ($MAX_NETS and friends) and pve-container ($MAX_LXC_NETWORKS, $MAX_MOUNT_POINTS, ...).
FOLDED_LIMITS = {
    "net": 32,
    "ipconfig": 32,
    "scsi": 31,
    "virtio": 16,
    "sata": 6,
    "ide": 4,
    "unused": 256,
    "hostpci": 16,
    "serial": 4,
    "parallel": 3,
    "numa": 8,
    "usb": 14,
    "virtiofs": 10,
    "mp": 256,
    "dev": 256,
}
_FOLDED = re.compile(r"^([a-z][a-z_-]*?)(\d+)$")
_INTEGER = re.compile(r"^[+-]?\d+$")
_NUMBER = re.compile(r"^[+-]?(\d+\.\d+|\d+\.|\.\d+|\d+)([eE][+-]?\d+)?$")
_TRUE = re.compile(r"^(1|on|yes|true)$", re.IGNORECASE)
_FALSE = re.compile(r"^(0|off|no|false)$", re.IGNORECASE)


@dataclass
class CheckedParams:
    """The outcome of checking one request's parameters."""

    values: dict[str, Any] = field(default_factory=dict)  # path and body/query values, typed
    errors: dict[str, str] = field(default_factory=dict)  # parameter -> PVE's message
    notes: dict[str, str] = field(default_factory=dict)  # accepted here, rejected by another PVE version


def schema_for(properties: dict[str, Any], key: str) -> dict[str, Any] | None:
    """The schema of a parameter, resolving folded names (`net3` -> `net[n]`)."""
    found = properties.get(key)
    if found is not None:
        return dict(found)
    match = _FOLDED.match(key)
    if match is None:
        return None
    folded = properties.get(f"{match[1]}[n]")
    if folded is None or int(match[2]) >= FOLDED_LIMITS.get(match[1], 32):
        return None
    return dict(folded)


def perl_string(value: Any) -> str:
    """A scalar as Perl prints it (JSON numbers and booleans arrive typed)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:.15g}"
    return str(value)


def _ref_name(value: Any) -> str | None:
    if isinstance(value, list):
        return "ARRAY"
    if isinstance(value, dict):
        return "HASH"
    if isinstance(value, bool):
        return "JSON::PP::Boolean"
    return None


def _check_type(kind: str | None, value: Any) -> str | None:  # noqa: PLR0911 - mirrors check_type in JSONSchema.pm
    if kind in (None, "any"):
        return None
    ref = _ref_name(value)
    if kind == "array":
        return None if ref == "ARRAY" else "type check ('array') failed"
    if kind == "object":
        return None if ref == "HASH" else "type check ('object') failed"
    if ref is not None:
        if kind == "boolean" and ref == "JSON::PP::Boolean":
            return None
        return f"type check ('{kind}') failed - got {ref}"
    text = perl_string(value)
    if kind == "boolean" and text not in ("1", "0"):
        return f"type check ('boolean') failed - got '{text}'"
    if kind == "integer" and not _INTEGER.match(text):
        return f"type check ('integer') failed - got '{text}'"
    if kind == "number" and not _NUMBER.match(text):
        return f"type check ('number') failed - got '{text}'"
    return None


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    # Perl's "(?^:" resets flags to the defaults; Python spells that "(?:".
    converted = pattern.replace("(?^:", "(?:").replace("(?^i:", "(?i:")
    return re.compile("^" + converted + "$")


def check_value(value: Any, schema: dict[str, Any], path: str, errors: dict[str, str]) -> None:
    """PVE's check_prop for a present value: adds at most one error per path."""
    problem = _check_type(schema.get("type"), value)
    if problem:
        errors[path] = problem
        return
    if isinstance(value, list):
        items = schema.get("items")
        if isinstance(items, dict):
            for index, item in enumerate(value):
                check_value(item, items, f"{path}[{index}]", errors)
        return
    if isinstance(value, dict):
        check_object(path, dict(schema.get("properties") or {}), value, False, errors)
        return
    text = perl_string(value)
    fmt = schema.get("format")
    if fmt:
        problem = _check_format(fmt, text, path)
        if problem:
            errors[path] = f"invalid format - {problem}"
            return
    problem = _check_bounds(schema, text)
    if problem:
        errors[path] = problem


def _check_bounds(schema: dict[str, Any], text: str) -> str | None:  # noqa: PLR0911 - one check after the other, as check_prop
    pattern = schema.get("pattern")
    if pattern and not _pattern(str(pattern)).search(text):
        return "value does not match the regex pattern"
    if "maxLength" in schema and len(text) > int(schema["maxLength"]):
        return f"value may only be {schema['maxLength']} characters long"
    if "minLength" in schema and len(text) < int(schema["minLength"]):
        return f"value must be at least {schema['minLength']} characters long"
    if _NUMBER.match(text):
        number = float(text)
        if "maximum" in schema and number > float(schema["maximum"]):
            return f"value must have a maximum value of {schema['maximum']}"
        if "minimum" in schema and number < float(schema["minimum"]):
            return f"value must have a minimum value of {schema['minimum']}"
    enum = schema.get("enum")
    if enum and text not in [str(item) for item in enum]:
        return f"value '{text}' does not have a value in the enumeration '{', '.join(str(i) for i in enum)}'"
    return None


def _check_format(fmt: Any, text: str, path: str) -> str | None:
    if isinstance(fmt, dict):
        return _check_property_string(fmt, text, path)
    name, _, suffix = str(fmt).rpartition("-")
    if suffix in ("list", "opt") and name:
        check = NAMED_FORMATS.get(name)
        if check is None:
            return None
        items = split_list(text) if suffix == "list" else ([text] if text else [])
        return next((problem for item in items if (problem := check(item))), None)
    check = NAMED_FORMATS.get(str(fmt))
    return check(text) if check else None


def _check_property_string(  # noqa: PLR0911, PLR0912 - a faithful port of parse_property_string
    fmt: dict[str, Any], data: str, path: str
) -> str | None:
    """PVE's parse_property_string followed by check_object without additional properties."""
    parsed: dict[str, Any] = {}
    default_key: str | None = None
    for part in data.split(","):
        if not part.strip():
            continue
        keyed = re.match(r"^([^=]+)=(.+)$", part, re.DOTALL)
        if keyed:
            key, value = keyed[1], keyed[2]
            if key in parsed:
                return f"duplicate key in comma-separated list property: {key}"
            schema = fmt.get(key)
            if isinstance(schema, dict) and schema.get("alias"):
                key_alias = schema.get("keyAlias")
                if key_alias:
                    if key_alias in parsed:
                        return f"key alias '{key_alias}' is already defined"
                    parsed[key_alias] = key
                key = str(schema["alias"])
                schema = fmt.get(key)
            if not isinstance(schema, dict):
                return f"invalid key in comma-separated list property: {key}"
            if schema.get("type") == "boolean":
                value = "1" if _TRUE.match(value) else "0" if _FALSE.match(value) else value
            parsed[key] = value
        elif "=" not in part:
            if default_key:
                return f"duplicate key in comma-separated list property: {default_key}"
            default_key = next((k for k, s in fmt.items() if isinstance(s, dict) and s.get("default_key")), None)
            if default_key is None:
                return "value without key, but schema does not define a default key"
            if default_key in parsed:
                return f"duplicate key in comma-separated list property: {default_key}"
            parsed[default_key] = part
        else:
            return "missing key in comma-separated list property"
    errors: dict[str, str] = {}
    check_object(path, fmt, parsed, False, errors)
    if errors:
        return "format error\n" + "".join(f"{key}: {message}\n" for key, message in errors.items())
    return None


def check_object(
    path: str, properties: dict[str, Any], value: dict[str, Any], additional: bool, errors: dict[str, str]
) -> None:
    """PVE's check_object: missing required keys, then each present key."""
    for key, schema in properties.items():
        if not isinstance(schema, dict) or key.endswith("[n]"):
            continue
        sub = f"{path}.{key}" if path else key
        if key not in value:
            if not (schema.get("optional") or schema.get("alias") or schema.get("group")):
                errors[sub] = "property is missing and it is not optional"
            continue
    for key, item in value.items():
        sub = f"{path}.{key}" if path else key
        schema = schema_for(properties, key)
        if schema is None:
            if not additional:
                errors[sub] = "property is not defined in schema and the schema does not allow additional properties"
            continue
        requires = schema.get("requires")
        if isinstance(requires, str) and requires not in value:
            target = f"{path}.{requires}" if path else requires
            errors[target] = f"missing property - '{sub}' requires this property"
        check_value(item, schema, sub, errors)


def _typed(value: Any, schema: dict[str, Any]) -> Any:
    """A checked value as the handler wants it (form bodies carry every value as text)."""
    kind = schema.get("type")
    if isinstance(value, list):
        return [perl_string(item) for item in value]
    if kind == "integer":
        return int(perl_string(value))
    if kind == "number":
        return float(perl_string(value))
    if kind == "boolean":
        return perl_string(value) == "1"
    return perl_string(value) if not isinstance(value, dict) else value


def _wire_shape(value: Any, schema: dict[str, Any] | None) -> Any:
    """A form value as PVE sees it: a repeated key is one NUL-joined string unless the type is array."""
    is_array = (schema or {}).get("type") == "array"
    if isinstance(value, list) and not is_array:
        return "\0".join(perl_string(item) for item in value)
    if is_array and isinstance(value, str):
        return value.split("\0")
    return value


def validate_params(
    endpoint: Endpoint, path_values: dict[str, str], params: dict[str, Any], version: SchemaVersion
) -> CheckedParams:
    """Check one request: a parameter given in both path and body/query, then the schema."""
    checked = CheckedParams()
    properties = endpoint.parameters
    merged: dict[str, Any] = dict(path_values)
    for key in sorted(params):
        value = _wire_shape(params[key], schema_for(properties, key))
        if key in path_values:
            conflicting = perl_string(value) != path_values[key]
            # pve-manager 9 rejects only a conflicting value; 8.x rejected every duplicate.
            if version == "8.4":
                checked.errors[key] = "duplicate parameter (already defined in URI)"
            elif conflicting:
                checked.errors[key] = "duplicate parameter (already defined in URI) with conflicting values!"
            else:
                checked.notes[key] = "duplicate parameter (already defined in URI): PVE 8.4 rejects it"
            if checked.errors:
                # PVE raises at the first duplicate, before the schema is looked at.
                return checked
        merged[key] = value
    check_object("", properties, merged, endpoint.additional_properties, checked.errors)
    if not checked.errors:
        for key, value in merged.items():
            schema = schema_for(properties, key) or {}
            checked.values[key] = _typed(value, schema)
    return checked

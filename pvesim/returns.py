"""Response bodies checked against the schema's `returns`.

Used by the test that walks every simulated route, and by the admin surface to report when the
simulator itself answers outside the schema. JSON types follow what PVE sends: booleans as
0/1 integers (or JSON booleans), integers as JSON numbers.
"""

from __future__ import annotations

from typing import Any

from shared.pve.validation import schema_for

__all__ = ["KNOWN_RETURN_DIVERGENCES", "check_returns"]

# Endpoints where real PVE answers differently from its own `returns` schema, and the
# simulator follows PVE. Keyed by (method, template).
KNOWN_RETURN_DIVERGENCES: dict[tuple[str, str], str] = {
    ("GET", "/cluster/nextid"): "the schema says integer; PVE sends the VMID as a JSON string",
}


def _type_problem(kind: str | None, value: Any) -> str | None:
    ok: bool
    if kind in (None, "any"):
        ok = True
    elif kind == "null":
        ok = value is None
    elif kind == "string":
        ok = isinstance(value, str)
    elif kind == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "number":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif kind == "boolean":
        ok = isinstance(value, bool) or (isinstance(value, int) and value in (0, 1))
    elif kind == "array":
        ok = isinstance(value, list)
    elif kind == "object":
        ok = isinstance(value, dict)
    else:
        ok = True
    return None if ok else f"expected {kind}, got {type(value).__name__} {value!r:.60}"


def check_returns(schema: dict[str, Any], value: Any, path: str = "data") -> list[str]:
    """Every place where a response value does not fit its schema ("data[0].vmid: expected integer ...")."""
    if not schema:
        return []
    problem = _type_problem(schema.get("type"), value)
    if problem:
        return [f"{path}: {problem}"]
    problems: list[str] = []
    enum = schema.get("enum")
    if enum and isinstance(value, str) and value not in enum:
        problems.append(f"{path}: {value!r} is not one of {enum}")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            problems.extend(check_returns(schema["items"], item, f"{path}[{index}]"))
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        properties: dict[str, Any] = schema["properties"]
        for key, sub in properties.items():
            if key.endswith("[n]") or sub.get("optional") or key in value:
                continue
            problems.append(f"{path}.{key}: missing")
        for key, item in value.items():
            sub = schema_for(properties, key)
            if sub is not None:
                problems.extend(check_returns(sub, item, f"{path}.{key}"))
    return problems

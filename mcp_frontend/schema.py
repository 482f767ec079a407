"""Compact JSON schemas for tools/list: what a model needs to call a tool, without pydantic's extras.

Every agent session pays for the tool list in tokens before its first call, so the schemas
pydantic generates are trimmed, saying less but never something else:
- no generated `title`s (the property name says it);
- a property that may be null is X with `"type": [X's type, "null"]` rather than
  `{"anyOf": [X, {"type": "null"}]}`, and an optional argument just X (leaving it out says null);
- a `$defs` entry used once is written in place; only a model that really repeats keeps a `$ref`;
- output schemas carry types only (no `default`s, descriptions, formats or `required`);
- input schemas leave out a `default` of null or false (the server's instructions say once that a
  yes/no argument left out is false) and PVE's formats (a `pattern` and the lengths that go with
  it, a `pve-` format such as pve-vmid and its range): the server checks every argument against
  them, and its error names the one that failed.
docs/api_manifest.md, rendered from the models, documents all of it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

__all__ = ["compact_schema"]

_DEFS = "#/$defs/"
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_VALUES = ("items", "additionalProperties", "not")
_DROPPED = ("title", "pattern")
#: what an output schema does without ("required" stays in input schemas: it says what to pass)
_OUTPUT_ONLY = ("description", "required", "format")


def compact_schema(schema: Mapping[str, Any], *, output: bool = False) -> dict[str, Any]:
    """A compact copy of `schema` that accepts exactly what it accepts."""
    tree = copy.deepcopy(dict(schema))
    defs: dict[str, Any] = tree.pop("$defs", {})
    uses: dict[str, int] = {}
    _count_refs(tree, uses)
    for definition in defs.values():
        _count_refs(definition, uses)
    inline = {name for name in defs if uses.get(name, 0) <= 1}
    compacted = _compact(tree, defs, inline, output=output)
    kept = {name: _compact(defs[name], defs, inline, output=output) for name in defs if name not in inline}
    if kept:
        compacted["$defs"] = kept
    return compacted


def _count_refs(node: Any, uses: dict[str, int]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_DEFS):
            uses[ref.removeprefix(_DEFS)] = uses.get(ref.removeprefix(_DEFS), 0) + 1
        for value in node.values():
            _count_refs(value, uses)
    elif isinstance(node, list):
        for item in node:
            _count_refs(item, uses)


def _compact(
    node: dict[str, Any], defs: Mapping[str, Any], inline: set[str], *, output: bool, optional: bool = False
) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.removeprefix(_DEFS) in inline:
        # the definition in place; the reference's own keys (a description) win
        node = {**copy.deepcopy(defs[ref.removeprefix(_DEFS)]), **{k: v for k, v in node.items() if k != "$ref"}}
    result: dict[str, Any] = {}
    # one of PVE's formats (a pattern, or a named one like pve-vmid) is checked, not published
    pve_format = "pattern" in node or str(node.get("format", "")).startswith("pve-")
    patterned = ("pattern", "minLength", "maxLength", "minimum", "maximum", "format") if pve_format else ()
    for key, value in node.items():
        if key in patterned:
            continue
        if (
            key in _DROPPED
            or (key == "default" and (output or value is None or value is False))
            or key in (_OUTPUT_ONLY if output else ())
            or (key == "additionalProperties" and value is True)  # what JSON Schema assumes anyway
        ):
            continue
        if key == "properties":
            required = set(node.get("required", ()))
            result[key] = {
                name: _compact(prop, defs, inline, output=output, optional=name not in required)
                for name, prop in value.items()
            }
        elif key in _SCHEMA_LISTS:
            result[key] = [_compact(branch, defs, inline, output=output) for branch in value]
        elif key in _SCHEMA_VALUES and isinstance(value, dict):
            result[key] = _compact(value, defs, inline, output=output)
        else:
            result[key] = value
    if "enum" in result and result.get("type") in ("string", "integer") and None not in result["enum"]:
        del result["type"]  # every value it may take is listed, so the type says nothing more
    return _nullable(result, optional=optional and not output)


def _nullable(node: dict[str, Any], *, optional: bool) -> dict[str, Any]:
    """`anyOf: [X, null]` as X: alone for an optional property, else with a type list (X a plain typed schema)."""
    branches = node.get("anyOf")
    if not isinstance(branches, list) or len(branches) != 2 or {"type": "null"} not in branches:
        return node
    other = next(branch for branch in branches if branch != {"type": "null"})
    if optional:
        return {**other, **{k: v for k, v in node.items() if k != "anyOf"}}
    if not isinstance(other.get("type"), str) or "$ref" in other:
        return node
    merged = {**other, **{k: v for k, v in node.items() if k != "anyOf"}}
    merged["type"] = [other["type"], "null"]
    if "enum" in other:
        merged["enum"] = [*other["enum"], None]
    if "const" in other:
        merged["enum"] = [merged.pop("const"), None]
    return merged

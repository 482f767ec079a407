"""docs/api_manifest.md, generated from the live server: every tool with its tier, parameters,
PVE endpoints and privileges, what it returns and the errors to expect.

`python -m mcp_frontend.manifest > docs/api_manifest.md` writes it. The sources are the tools
as `list_tools()` reports them (what an agent sees), the operation catalogue (tier, PVE calls)
and the PVE API schema (privileges, read through shared.privileges). tests/test_manifest.py
renders it again and compares, so the document cannot drift from the code.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp.types import Tool
from pydantic import TypeAdapter

from mcp_frontend.published import select_tools
from mcp_frontend.server import build_server
from mcp_frontend.tools import ToolSpec, all_tools
from mcp_frontend.tools.spec import effective_hints
from shared.api.tiers import CRITICAL, method_tier, pattern_matches
from shared.catalogue import CATALOGUE, Operation
from shared.operations.changes import ChangeReport
from shared.privileges import (
    Coverage,
    Gap,
    Need,
    NeedKind,
    call_endpoints,
    endpoint_needs,
    grant_commands,
    grant_path,
    operation_needs,
    own_task_endpoint,
    suggest_role,
)
from shared.pve.schema import ApiSchema, Endpoint, SchemaVersion, load_schema
from shared.safety import Tier
from shared.settings import Settings

__all__ = [
    "SCHEMA_VERSION",
    "TOKEN_EXAMPLE",
    "ToolEntry",
    "call_endpoints_for",
    "live_specs",
    "live_tools",
    "main",
    "manifest_entries",
    "render_manifest",
]

#: the PVE version whose schema states the privileges
SCHEMA_VERSION: SchemaVersion = "9.1"
#: the token the examples grant to (the README's)
TOKEN_EXAMPLE = "mcp@pve!mcp"  # noqa: S105  # a token id, not its secret

_TIER_MEANING: Mapping[Tier, str] = {
    Tier.SAFE: "runs at once and changes nothing.",
    Tier.RESTRICTED: (
        "changes the cluster, so it needs the user's confirmation: the server asks through MCP elicitation "
        "when the client supports it, otherwise pass `confirmed=true` once the user agreed. Without either it "
        "answers `CONFIRMATION_REQUIRED` with the plan and changes nothing."
    ),
    Tier.CRITICAL: (
        "refused with `DANGER_DISABLED` unless the server and its workers run with `PROXMOX_ALLOW_DANGER=true`; "
        "then it needs confirmation as a Restricted tool does; a guest's deletion, the VMID typed again as "
        "`confirm_vmid`."
    ),
}

_KIND_MARK: Mapping[NeedKind, str] = {
    NeedKind.REQUIRED: "",
    NeedKind.FILTERED: " (filtered)",
    NeedKind.CONDITIONAL: " (cond.)",
}
_KIND_NOTE: Mapping[NeedKind, str] = {
    NeedKind.REQUIRED: "",
    NeedKind.FILTERED: " (filters the answer)",
    NeedKind.CONDITIONAL: " (in some cases)",
}


@dataclass(frozen=True)
class ToolEntry:
    """One tool as the manifest shows it: its full schemas (what the compact tool list leaves out too),
    and the operation behind it."""

    tool: Tool
    operation: Operation[Any, Any] | None
    #: errors particular to it: its operation's and its own
    errors: tuple[tuple[str, str], ...]
    #: 0 reads, 1 changes (both built from declarations), 2 following jobs and reading logs
    section: int
    #: the other operations it runs (a fleet's plan), whose calls are among the operation's own
    also: tuple[Operation, ...] = ()

    @property
    def name(self) -> str:
        return self.tool.name

    @property
    def title(self) -> str:
        return self.tool.title or self.tool.name

    @property
    def tier(self) -> Tier:
        return self.operation.tier if self.operation else Tier.SAFE

    @classmethod
    def of(cls, spec: ToolSpec) -> ToolEntry:
        registered = spec.tool
        metadata = registered.fn_metadata
        inputs = {**metadata.arg_model.model_json_schema(by_alias=True), "additionalProperties": False}
        outputs = TypeAdapter(metadata.output_model).json_schema() if metadata.output_model is not None else None
        tool = Tool(
            name=registered.name,
            title=registered.title,
            description=spec.manual or registered.description,
            input_schema=inputs,
            output_schema=outputs,
            annotations=effective_hints(registered.annotations),
        )
        operation = spec.runs[0] if spec.runs else None
        errors = (*(operation.errors if operation else ()), *spec.errors)
        section = (0 if spec.tier is Tier.SAFE else 1) if spec.declared else 2
        return cls(tool, operation, errors, section, spec.runs[1:])


async def live_specs() -> list[ToolSpec]:
    """Every tool a server may serve: a default one's, and list_clusters, which one with several clusters adds."""
    return select_tools(all_tools(), Settings.model_construct())


async def live_tools() -> list[Tool]:
    """Every tool a default server serves, as tools/list shows each (listed at start or in a toolset it enables)."""
    return list(build_server(Settings.model_construct()).served_tools().values())


def manifest_entries(specs: Iterable[ToolSpec]) -> list[ToolEntry]:
    """The tools in manifest order: reads, then changes (catalogue order), then tasks and logs."""
    order = {op: index for index, op in enumerate(CATALOGUE)}
    entries = [ToolEntry.of(spec) for spec in specs]

    def key(entry: ToolEntry) -> tuple[int, int, str]:
        return (entry.section, order.get(entry.operation, len(order)) if entry.operation else len(order), entry.name)

    return sorted(entries, key=key)


def call_endpoints_for(call: str, schema: ApiSchema, tool: Tool) -> list[Endpoint]:
    """The endpoints a catalogue call names for this tool.

    A placeholder that the schema has as literals (`.../status/{action}`) stands for the
    endpoints the tool's parameter of that name can choose (its enum), when it has one.
    """
    endpoints = call_endpoints(call, schema)
    method, _, template = call.partition(" ")
    placeholder = re.fullmatch(r"\{(\w+)\}", template.rsplit("/", 1)[-1])
    if schema.endpoint(template, method) is not None or placeholder is None:
        return endpoints
    values = _enum_values(tool.input_schema.get("properties", {}).get(placeholder[1], {}))
    if not values:
        return endpoints
    by_value = {endpoint.path.rsplit("/", 1)[-1]: endpoint for endpoint in endpoints}
    return [by_value[value] for value in values if value in by_value]


def _enum_values(prop: Mapping[str, Any]) -> list[str]:
    if "enum" in prop:
        return [str(value) for value in prop["enum"]]
    return [str(value) for branch in prop.get("anyOf", []) for value in branch.get("enum", [])]


# --- privileges -----------------------------------------------------------------------------------


def _tool_needs(entry: ToolEntry, schema: ApiSchema) -> list[Need]:
    """The needs of every endpoint the tool may call, each once; an "any of" a required one meets is left out."""
    if entry.operation is None:
        return []
    tool = entry.tool
    needs = operation_needs(entry.operation, schema, endpoints=lambda call: call_endpoints_for(call, schema, tool))
    single = {(n.path, n.privileges[0]) for n in needs if not n.any_of and n.kind is NeedKind.REQUIRED}
    return [n for n in needs if not (n.any_of and any((n.path, p) in single for p in n.privileges))]


def _privileges_text(need: Need) -> str:
    return (" or " if need.any_of else ", ").join(need.privileges)


def _role_text(need: Need) -> str:
    roles = dict.fromkeys(suggest_role(p) or "none below Administrator" for p in need.privileges)
    return (" or " if need.any_of else ", ").join(roles)


def _needs_cell(endpoints: Sequence[Endpoint]) -> str:
    needs: dict[str, None] = {}
    for endpoint in endpoints:
        for need in endpoint_needs(endpoint):
            needs[f"{_privileges_text(need)} on `{need.path}`{_KIND_NOTE[need.kind]}"] = None
    if needs:
        return "<br>".join(needs)
    if endpoints and endpoints[0].permissions.get("user") == "all":
        return "any valid token"
    return "see PVE's rule"


def _notes_cell(call: str, endpoints: Sequence[Endpoint]) -> str:
    notes: list[str] = []
    template = call.partition(" ")[2]
    if len(endpoints) > 1 or (endpoints and endpoints[0].path != template):
        placeholder = template.rsplit("/", 1)[-1]
        notes.append(f"{placeholder}: " + ", ".join(endpoint.path.rsplit("/", 1)[-1] for endpoint in endpoints))
    described: dict[str, list[str]] = {}
    for endpoint in endpoints:
        if endpoint.permissions.get("description"):
            described.setdefault(str(endpoint.permissions["description"]), []).append(endpoint.path.rsplit("/", 1)[-1])
    for text, names in described.items():
        which = f"{', '.join(names)}: " if len(endpoints) > 1 and len(names) < len(endpoints) else ""
        notes.append(f'{which}PVE: "{text}"')
    return _cell("<br>".join(notes)) if notes else ""


# --- JSON schema in short ------------------------------------------------------------------------


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _range(prop: Mapping[str, Any], unit: str = "") -> str:
    low = prop.get("minimum", prop.get("minLength", prop.get("minItems")))
    high = prop.get("maximum", prop.get("maxLength", prop.get("maxItems", prop.get("maxProperties"))))
    if "exclusiveMinimum" in prop:
        return f"> {prop['exclusiveMinimum']}{unit}"
    if low is not None and high is not None:
        return f"{low}..{high}{unit}"
    if low is not None:
        return f"≥ {low}{unit}"
    if high is not None:
        return f"≤ {high}{unit}"
    return ""


def _short_type(prop: Mapping[str, Any], defs: Mapping[str, Any], *, detail: bool) -> str:
    """A JSON schema in a few words; `detail` adds limits and patterns (for parameters)."""
    if "$ref" in prop:
        name = _ref_name(prop["$ref"])
        fields = ", ".join(defs.get(name, {}).get("properties", {}))
        return f"{name} ({fields})" if fields and not detail else name
    if "anyOf" in prop:
        branches = [b for b in prop["anyOf"] if b.get("type") != "null"]
        text = " or ".join(_short_type(b, defs, detail=detail) for b in branches) or "null"
        return text + (", secret" if prop.get("format") == "password" else "")
    if "enum" in prop:
        return "one of " + ", ".join(f"`{value}`" for value in prop["enum"])
    if prop.get("type") in ("array", "object"):
        return _container_type(prop, defs, detail=detail)
    return ", ".join(_scalar_type(prop, detail=detail))


def _container_type(prop: Mapping[str, Any], defs: Mapping[str, Any], *, detail: bool) -> str:
    if prop["type"] == "array":
        items = _short_type(prop.get("items", {}), defs, detail=detail)
        return f"list{_count(prop, 'items', detail=detail)} of {items}"
    values = prop.get("additionalProperties")
    if not isinstance(values, dict):  # free-form (PVE's own config)
        return "object"
    return f"map{_count(prop, 'entries', detail=detail)} of {_short_type(values, defs, detail=detail)}"


def _count(prop: Mapping[str, Any], unit: str, *, detail: bool) -> str:
    limits = _range(prop, f" {unit}") if detail else ""
    return f" ({limits})" if limits else ""


def _scalar_type(prop: Mapping[str, Any], *, detail: bool) -> list[str]:
    kind = prop.get("type")
    if kind in ("integer", "number"):
        return [str(kind)] + ([_range(prop)] if detail and _range(prop) else [])
    if kind != "string":
        return [str(kind) if kind else "any JSON"]
    parts = ["string"]
    if detail and _range(prop):
        parts.append(_range(prop, " chars"))
    if prop.get("format") == "password":
        parts.append("secret")
    elif prop.get("format"):
        parts.append(str(prop["format"]))
    if detail and "pattern" in prop:
        parts.append(f"pattern `{prop['pattern']}`")
    return parts


def _description(prop: Mapping[str, Any]) -> str:
    """The property's description, or its non-null branch's (Optional[Annotated[...]] puts it there)."""
    if prop.get("description"):
        return str(prop["description"])
    for branch in prop.get("anyOf", []):
        if branch.get("description"):
            return str(branch["description"])
    return ""


def _default(prop: Mapping[str, Any], required: bool) -> str:
    if required:
        return "required"
    if "default" not in prop or prop["default"] is None:
        return "optional"
    value = prop["default"]
    return f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


# --- rendering -----------------------------------------------------------------------------------


def _doc(text: str | None) -> str:
    return inspect.cleandoc(text or "")


def _first_line(text: str | None) -> str:
    return _doc(text).split("\n", 1)[0]


def _hints(tool: Tool) -> str:
    annotations = tool.annotations
    if annotations is None:
        return "none"
    hints = [
        name
        for name, value in (
            ("read-only", annotations.read_only_hint),
            ("destructive", annotations.destructive_hint),
            ("idempotent", annotations.idempotent_hint),
            ("open world", annotations.open_world_hint),
        )
        if value
    ]
    return ", ".join(hints) or "none"


def _parameters(tool: Tool) -> list[str]:
    schema = tool.input_schema
    props: Mapping[str, Any] = schema.get("properties", {})
    if not props:
        return ["None."]
    required = set(schema.get("required", []))
    defs = schema.get("$defs", {})
    rows = ["| Name | Type | Required / default | Description |", "|---|---|---|---|"]
    rows.extend(
        f"| `{name}` | {_cell(_short_type(prop, defs, detail=True))} | {_default(prop, name in required)} "
        f"| {_cell(_description(prop)) or '—'} |"
        for name, prop in props.items()
    )
    return rows


def _is_change_report(output: Mapping[str, Any]) -> bool:
    return set(output.get("properties", {})) == set(ChangeReport.model_fields)


def _field_lines(model: Mapping[str, Any], defs: Mapping[str, Any]) -> list[str]:
    required = set(model.get("required", []))
    lines = []
    for name, prop in model.get("properties", {}).items():
        kind = _short_type(prop, defs, detail=False)
        optional = "" if name in required else ", may be null" if "anyOf" in prop else ""
        description = _description(prop)
        lines.append(f"- `{name}` ({kind}{optional})" + (f": {' '.join(description.split())}" if description else ""))
    return lines


def _returns(tool: Tool) -> list[str]:
    output = tool.output_schema
    if not output:
        return ["**Returns** unstructured text."]
    defs = output.get("$defs", {})
    if not _is_change_report(output):
        return [f"**Returns** `{output.get('title', 'object')}`:", "", *_field_lines(output, defs)]
    result_ref = next((b["$ref"] for b in output["properties"]["result"].get("anyOf", []) if "$ref" in b), None)
    if result_ref is None:
        return ["**Returns** a [change report](#change-reports)."]
    name = _ref_name(result_ref)
    return [
        f"**Returns** a [change report](#change-reports) whose `result`, once the job is done, is `{name}`:",
        "",
        *_field_lines(defs[name], defs),
    ]


def _endpoints(entry: ToolEntry, schema: ApiSchema) -> list[str]:
    if entry.operation is None:
        return ["**PVE endpoints**: none (it reads the server's own log stream in Redis)."]
    op = entry.operation
    if entry.name != op.name:
        lead = (
            f"**PVE endpoints**: it reads the job store; only a UPID of a task this server did not start "
            f"is read from PVE (operation `{op.name}`):"
        )
    else:
        lead = f"**PVE endpoints** (operation `{op.name}`):"
    if entry.also:
        first = ", ".join(f"(operation `{o.name}`)" for o in entry.also)
        lead = lead.removesuffix(":") + f", the plan read first {first}:"
    rows = [lead, "", "| Endpoint | Privileges on ACL path | Notes |", "|---|---|---|"]
    for call in op.pve_calls:
        endpoints = call_endpoints_for(call, schema, entry.tool)
        if endpoints and all(own_task_endpoint(op, endpoint) for endpoint in endpoints):
            rows.append(f"| `{call}` | none: only the job's own task, which PVE lets its owner use | |")
        else:
            rows.append(f"| `{call}` | {_needs_cell(endpoints)} | {_notes_cell(call, endpoints)} |")
    return rows


def _errors(entry: ToolEntry) -> list[str]:
    errors: dict[str, str] = {}
    op = entry.operation
    if op is not None and op.tier is Tier.CRITICAL:
        errors["DANGER_DISABLED"] = "PROXMOX_ALLOW_DANGER is not true"
    if op is not None and op.tier is not Tier.SAFE:
        errors["CONFIRMATION_REQUIRED"] = "no confirmation, or the user declined; nothing changed"
    if "vmid" in entry.tool.input_schema.get("required", []):
        errors["NOT_FOUND"] = "no guest with that VMID (or it is not on the `node` given)"
    if op is not None and op.guest_write:
        errors["LOCKED"] = "another change holds the guest (ours or a PVE task) past the wait"
    if op is not None and op.starts_task:
        errors["PVE_TASK_FAILED"] = "the PVE task ended with an error; the message ends with the task log's tail"
    if op is not None and op.tier is Tier.SAFE:
        errors["TIMEOUT"] = "the read did not finish in time (PROXMOX_MCP_READ_TIMEOUT), e.g. no worker is running"
        errors["CANCELLED"] = "cancel_task ended the read's job before it had an answer"
    for code, when in entry.errors:
        errors[code] = f"{errors[code]}; or {when}" if code in errors else when
    if not errors:
        return []
    return ["**Errors to expect** (besides [those of every tool](#errors)):", ""] + [
        f"- `{code}`: {when}" for code, when in errors.items()
    ]


def _tier_text(entry: ToolEntry) -> str:
    """The tool's tier, and the argument that makes a call of it Critical (restore_backup's `force`)."""
    op = entry.operation
    critical = f" (Critical with `{op.critical_if}`)" if op is not None and op.critical_if else ""
    return entry.tier.value.capitalize() + critical


def _tool_section(entry: ToolEntry, schema: ApiSchema) -> list[str]:
    tier = entry.tier
    errors = _errors(entry)
    op = entry.operation
    critical = (
        [f"**With `{op.critical_if}`: Critical**: {_TIER_MEANING[Tier.CRITICAL]}", ""]
        if op is not None and op.critical_if
        else []
    )
    return [
        f"### {entry.name}",
        "",
        f"**{entry.title}** · MCP hints: {_hints(entry.tool)}",
        "",
        _doc(entry.tool.description),
        "",
        f"**Tier: {tier.value.capitalize()}**: {_TIER_MEANING[tier]}",
        "",
        *critical,
        "**Parameters**",
        "",
        *_parameters(entry.tool),
        "",
        *_returns(entry.tool),
        "",
        *_endpoints(entry, schema),
        "",
        *([*errors, ""] if errors else []),
    ]


def _summary(entries: Sequence[ToolEntry], schema: ApiSchema) -> list[str]:
    rows = ["| Tool | Title | Tier | What it does | PVE privileges |", "|---|---|---|---|---|"]
    for entry in entries:
        needs = sorted(_tool_needs(entry, schema), key=lambda n: list(NeedKind).index(n.kind))
        marks: dict[str, str] = {}
        for need in needs:  # the strongest kind first
            marks.setdefault(_privileges_text(need), _KIND_MARK[need.kind])
        privileges = ", ".join(text + mark for text, mark in marks.items())
        rows.append(
            f"| [{entry.name}](#{entry.name}) | {_cell(entry.title)} | {_tier_text(entry)} "
            f"| {_cell(_first_line(entry.tool.description))} | {_cell(privileges) or '—'} |"
        )
    return rows


def _aggregate(entries: Sequence[ToolEntry], schema: ApiSchema) -> dict[tuple[str, str], dict[str, NeedKind]]:
    """(privileges, ACL path) -> tool -> the strongest kind of need it has there."""
    rank = {NeedKind.REQUIRED: 0, NeedKind.FILTERED: 1, NeedKind.CONDITIONAL: 2}
    table: dict[tuple[str, str], dict[str, NeedKind]] = {}
    for entry in entries:
        for need in _tool_needs(entry, schema):
            tools = table.setdefault((_privileges_text(need), need.path), {})
            current = tools.get(entry.name)
            if current is None or rank[need.kind] < rank[current]:
                tools[entry.name] = need.kind
    return table


def _privilege_table(entries: Sequence[ToolEntry], schema: ApiSchema) -> list[str]:
    roles = {(_privileges_text(n), n.path): _role_text(n) for e in entries for n in _tool_needs(e, schema)}
    rows = ["| Privilege | ACL path | Grant on | Smallest built-in role | Needed by |", "|---|---|---|---|---|"]
    table = _aggregate(entries, schema)
    for privileges, path in sorted(table, key=lambda key: (grant_path(key[1]), key[1], key[0])):
        tools = ", ".join(f"`{name}`{_KIND_MARK[kind]}" for name, kind in table[(privileges, path)].items())
        rows.append(f"| {privileges} | `{path}` | `{grant_path(path)}` | {roles[(privileges, path)]} | {tools} |")
    return rows


def _grants(entries: Sequence[ToolEntry], schema: ApiSchema) -> list[str]:
    gaps = {
        (need.path, need.privileges, need.any_of): Gap(need, Coverage.NONE, need.privileges, ())
        for entry in entries
        for need in _tool_needs(entry, schema)
        if need.kind is not NeedKind.CONDITIONAL
    }
    return grant_commands(TOKEN_EXAMPLE, sorted(gaps.values(), key=lambda gap: (gap.need.path, gap.need.privileges)))


def _conditional_grants(entries: Sequence[ToolEntry], schema: ApiSchema) -> list[str]:
    table = _aggregate(entries, schema)
    lines = []
    for entry in entries:
        for need in _tool_needs(entry, schema):
            kinds = table[(_privileges_text(need), need.path)]
            if kinds[entry.name] is not NeedKind.CONDITIONAL:
                continue
            if any(kind is not NeedKind.CONDITIONAL for kind in kinds.values()):  # the grants above hold it
                continue
            commands = "; ".join(grant_commands(TOKEN_EXAMPLE, [Gap(need, Coverage.NONE, need.privileges, ())]))
            lines.append(
                f"- `{entry.name}`: {_privileges_text(need)} on `{need.path}` (`{need.endpoint}`): `{commands}`"
            )
    return lines


def _change_report_fields(entries: Sequence[ToolEntry]) -> list[str]:
    for entry in entries:
        output = entry.tool.output_schema
        if output and _is_change_report(output):
            fields = {k: v for k, v in output["properties"].items() if k != "result"}
            return [
                *_field_lines({**output, "properties": fields}, output.get("$defs", {})),
                "- `result` (each tool's own result, below; null until the job is done)",
            ]
    return []


_SECTIONS = (
    ("Reads", "Safe tools: they run at once and change nothing."),
    ("Changes", "Restricted and Critical tools: each runs as a job that follows its PVE task to the end."),
    ("Tasks and logs", "Following jobs and PVE tasks, stopping them, and the server's own log."),
)


def _generic_path(schema: ApiSchema) -> list[str]:
    """call_pve_api's tiers: by method, and the Critical list (shared.api.tiers) with what each entry matches."""
    endpoints = schema.endpoints()
    tiers = Counter(method_tier(e.method, e.path) for e in endpoints)
    rows = []
    for entry in CRITICAL:
        matched = [e for e in endpoints if pattern_matches(f"{entry.method} {entry.pattern}", e.method, e.path)]
        rows.append(f"| `{entry.method}` | `{entry.pattern}` | {len(matched)} | {_cell(entry.why)} |")
    return [
        "## The rest of the API: call_pve_api",
        "",
        f"`call_pve_api` reaches every endpoint of the PVE {schema.version} schema ({len(endpoints)}): "
        f"{tiers[Tier.SAFE]} Safe (GET), {tiers[Tier.RESTRICTED]} Restricted (POST, PUT, DELETE) and "
        f"{tiers[Tier.CRITICAL]} Critical, the ones this list matches (a `*` is one path segment, `**` any number). "
        "A Critical call needs `PROXMOX_ALLOW_DANGER=true`, the user's confirmation and the path typed again as "
        "`confirm_path`. `PROXMOX_MCP_API_ALLOW` and `PROXMOX_MCP_API_DENY` narrow what it reaches, in the same "
        "patterns; read-only mode leaves GET. The privileges are those of each endpoint (`describe_pve_api` "
        "gives them). A change on this path is sent at most once: it has no effect check to reconcile with, so "
        "a lost answer ends the job `unknown`.",
        "",
        "| Method | Path pattern | Endpoints | Why Critical |",
        "|---|---|---|---|",
        *rows,
        "",
    ]


def render_manifest(specs: Iterable[ToolSpec], schema: ApiSchema) -> str:
    """The Markdown manifest of the tools `specs` describe (the same input always gives the same text)."""
    entries = manifest_entries(specs)
    by_tier = {tier: [e.name for e in entries if e.tier is tier] for tier in Tier}
    user = TOKEN_EXAMPLE.partition("!")[0]
    token_id = TOKEN_EXAMPLE.partition("!")[2]
    lines = [
        "# API manifest",
        "",
        "<!-- Generated by `python -m mcp_frontend.manifest > docs/api_manifest.md`; do not edit by hand. -->",
        "",
        f"Every MCP tool of proxmox-mcp: its tier, parameters, what it returns, the PVE endpoints it may call and "
        f"the privileges each needs (from the official PVE {schema.version} API schema), and the errors to expect. "
        "It is generated from the live server definition (the schemas an agent sees), the operation catalogue "
        "(`shared/catalogue.py`) and the PVE schema; a test fails when it is out of date.",
        "",
        "## Tools",
        "",
        *_summary(entries, schema),
        "",
        "## Tiers and confirmation",
        "",
        "| Tier | Tools | Calling it |",
        "|---|---|---|",
        *(
            f"| {tier.value.capitalize()} | {', '.join(by_tier[tier]) or '—'} | {_cell(_TIER_MEANING[tier])} |"
            for tier in Tier
        ),
        "",
        "Confirmation is asked per call. A client that supports MCP elicitation (form mode) shows the user the "
        "plan (node, guest, action) and the call goes on only on a yes; a declined or cancelled question changes "
        "nothing. An agent whose client cannot ask passes `confirmed=true`, and only after the user agreed. The "
        "worker checks the tier and the payload again, with the same parameter models and its own settings.",
        "",
        "The payload's `confirmed` is trusted because every job is signed: the server signs it with "
        "`PROXMOX_MCP_JOB_KEY` (an HMAC over its ID, operation, payload, cluster, caller and expiry), and a "
        "worker refuses a job whose signature does not hold (`JOB_REFUSED`) before anything is sent to PVE. "
        "So write access to Redis alone runs no job; whoever holds the job key as well can enqueue any job, "
        "as the server does. What the worker's own check still stops, for such a job: a Critical change "
        "while the worker runs without `PROXMOX_ALLOW_DANGER=true`, a delete whose `confirm_vmid` is not its "
        "`vmid`, any change on a worker with `PROXMOX_MCP_READ_ONLY=true`, and any value the tool itself "
        'would refuse (docs/redis.md, "Who can write to Redis").',
        "",
        *_generic_path(schema),
        "## Change reports",
        "",
        "A change runs as a job. The tool waits up to `wait_seconds` (default: the server's "
        "`PROXMOX_MCP_WAIT_SECONDS`), forwarding the task's progress as MCP progress notifications, and answers "
        "with a change report. If the job is still running then, the report has `done=false` and the job goes "
        "on: follow it with `get_task_status` and `get_task_log`. Cancelling the waiting call never cancels the "
        "PVE task; only `cancel_task` does. A change that failed answers with its error instead. Fields:",
        "",
        *_change_report_fields(entries),
        "",
        "## Errors",
        "",
        "A failed call is a tool error whose text reads `CODE: message. Next: hint`. Every tool can answer "
        "`VALIDATION_ERROR` (bad arguments; nothing was enqueued), `JOB_STORE_UNAVAILABLE` (Redis cannot be "
        "reached) and `INTERNAL_ERROR`. Every tool that calls PVE can also answer `AUTHENTICATION_FAILED`, "
        "`PERMISSION_DENIED` (naming the privilege, the ACL path and the `pveum` command that grants it), "
        "`PVE_UNREACHABLE`, `NODE_UNREACHABLE`, `PVE_REQUEST_REJECTED` and `API_CONTRACT_DIVERGENCE`. Each tool "
        "below lists the errors particular to it.",
        "",
        "## Privileges a token needs",
        "",
        "The privileges come from each endpoint's `permissions` in the PVE schema. A `check` is exact: PVE "
        "answers 403 without it. Endpoints open to any user state their rule in prose: *filtered* means PVE "
        "answers but leaves out what the token may not see (a guest the token may not audit looks absent); "
        "*cond.* means needed in some cases only, as the endpoint's note says. A path with a placeholder "
        "(`/vms/{vmid}`) is met for every object by granting on the path above it (`/vms`), which propagates.",
        "",
        *_privilege_table(entries, schema),
        "",
        "A token for proxmox-mcp, with the smallest built-in roles that hold what every tool needs (the "
        "conditional needs aside):",
        "",
        "```sh",
        f"pveum user add {user}",
        f"pveum user token add {user} {token_id} --privsep 1   # prints the secret once",
        *_grants(entries, schema),
        "```",
        "",
        "For read-only use (the Safe tools), grant only:",
        "",
        "```sh",
        *_grants([entry for entry in entries if entry.tier is Tier.SAFE], schema),
        "```",
        "",
        "The conditional needs those grants leave out, for the cases the endpoint's note names:",
        "",
        *_conditional_grants(entries, schema),
        "",
        f"A privilege-separated token (`--privsep 1`) holds only what its user holds too: run each `acl modify` "
        f"again with `--users {user}` in place of `--tokens '{TOKEN_EXAMPLE}'`. `scripts/test_connection.py` "
        "checks a token against these needs.",
        "",
    ]
    for index, (title, intro) in enumerate(_SECTIONS):
        section = [entry for entry in entries if entry.section == index]
        if not section:
            continue
        lines += [f"## {title}", "", intro, ""]
        for entry in section:
            lines += _tool_section(entry, schema)
    return "\n".join(lines).rstrip("\n") + "\n"


async def _render_live() -> str:
    return render_manifest(await live_specs(), load_schema(SCHEMA_VERSION))


def main() -> None:
    print(asyncio.run(_render_live()), end="")


if __name__ == "__main__":
    main()

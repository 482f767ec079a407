"""docs/api_manifest.md: generated from the live tools, and complete about what they call on PVE."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from mcp_frontend.manifest import SCHEMA_VERSION, call_endpoints_for, live_specs, manifest_entries, render_manifest
from shared.catalogue import CATALOGUE
from shared.errors import error_codes
from shared.privileges import call_endpoints
from shared.pve.schema import load_schema

MANIFEST = Path(__file__).parents[1] / "docs" / "api_manifest.md"
REGENERATE = "python -m mcp_frontend.manifest > docs/api_manifest.md"
SCHEMA = load_schema(SCHEMA_VERSION)


async def test_api_manifest_matches_the_live_tools() -> None:
    live = render_manifest(await live_specs(), SCHEMA)
    recorded = MANIFEST.read_text(encoding="utf-8")
    if live != recorded:
        diff = "".join(
            difflib.unified_diff(
                recorded.splitlines(keepends=True), live.splitlines(keepends=True), "docs/api_manifest.md", "generated"
            )
        )
        pytest.fail(f"docs/api_manifest.md is out of date; regenerate it with `{REGENERATE}`.\n{diff}", pytrace=False)


async def test_manifest_is_the_same_whatever_order_the_tools_come_in() -> None:
    specs = await live_specs()
    assert render_manifest(list(reversed(specs)), SCHEMA) == render_manifest(specs, SCHEMA)


@pytest.mark.parametrize(
    ("operation", "call"),
    [pytest.param(op.name, call, id=f"{op.name}:{call}") for op in CATALOGUE for call in op.pve_calls],
)
def test_every_pve_call_of_every_operation_names_schema_endpoints(operation: str, call: str) -> None:
    assert call_endpoints(call, SCHEMA), f"{operation} calls {call}, which PVE {SCHEMA_VERSION}'s schema does not have"


async def test_every_catalogue_operation_is_run_by_a_tool_in_the_manifest() -> None:
    entries = manifest_entries(await live_specs())
    reached = {entry.operation for entry in entries if entry.operation} | {op for entry in entries for op in entry.also}
    assert reached == set(CATALOGUE)


async def test_a_placeholder_a_tool_chooses_from_an_enum_has_an_endpoint_for_each_choice() -> None:
    # power_control's (and power_guests') action picks .../status/{action}: every action must name an endpoint,
    # for qemu and LXC
    checked = 0
    for entry in manifest_entries(await live_specs()):
        tool, op = entry.tool, entry.operation
        for call in op.pve_calls if op else ():
            placeholder = re.fullmatch(r"\{(\w+)\}", call.rsplit("/", 1)[-1])
            choices = tool.input_schema["properties"].get(placeholder[1], {}).get("enum") if placeholder else None
            if not choices:
                continue
            found = [endpoint.path.rsplit("/", 1)[-1] for endpoint in call_endpoints_for(call, SCHEMA, tool)]
            assert found == choices, f"{tool.name}: {call}"
            checked += 1
    assert checked == 4  # the qemu and the LXC power calls, of power_control and power_guests


async def test_each_tool_section_lists_its_parameters_and_every_pve_call_of_its_operation() -> None:
    specs = await live_specs()
    text = render_manifest(specs, SCHEMA)
    sections = dict(re.findall(r"^### (\w+)\n(.*?)(?=^### |\Z)", text, flags=re.MULTILINE | re.DOTALL))
    assert set(sections) == {spec.name for spec in specs}
    for entry in manifest_entries(specs):
        tool, op = entry.tool, entry.operation
        section = sections[tool.name]
        for parameter in tool.input_schema.get("properties", {}):
            assert f"| `{parameter}` |" in section, (tool.name, parameter)
        for call in op.pve_calls if op else ():
            assert f"| `{call}` |" in section, (tool.name, call)


async def test_power_control_needs_power_management_on_the_guest() -> None:
    text = render_manifest(await live_specs(), SCHEMA)
    row = next(line for line in text.splitlines() if line.startswith("| VM.PowerMgmt |"))
    assert "`/vms/{vmid}` | `/vms` | PVEVMUser |" in row
    assert "`power_control`" in row
    assert "`delete_instance`" in row


async def test_every_error_code_the_manifest_names_exists() -> None:
    text = render_manifest(await live_specs(), SCHEMA)
    errors_section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([A-Z][A-Z_]+)`", errors_section))
    named |= set(re.findall(r"^- `([A-Z][A-Z_]+)`: ", text, flags=re.MULTILINE))
    assert {"PERMISSION_DENIED", "CONFIRMATION_REQUIRED", "DANGER_DISABLED", "SSH_FAILED"} <= named
    assert named <= error_codes(), sorted(named - error_codes())

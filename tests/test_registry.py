"""Every operation of the catalogue has all it needs: its handler, its tool, its case, its manifest row.

An operation is declared once (shared/operations) and everything else is registered on its
constant: a declaration that lacks any of these fails here, naming what is missing.
"""

from __future__ import annotations

import re

from mcp_frontend.manifest import SCHEMA_VERSION, live_specs, render_manifest
from shared.catalogue import CATALOGUE
from shared.pve.schema import load_schema
from tests.support.calls import CHANGES, COVERED_APART, READS
from workers.registry import handlers


def test_every_operation_has_a_handler_and_every_handler_an_operation() -> None:
    registered = handlers()
    assert [op.name for op in CATALOGUE if op not in registered] == []
    assert [op.name for op in registered if op not in CATALOGUE] == []


async def test_every_operation_is_run_by_a_tool() -> None:
    run = {op for spec in await live_specs() for op in spec.runs}
    assert [op.name for op in CATALOGUE if op not in run] == []


async def test_every_operation_has_a_catalogue_calls_case() -> None:
    cased = {case.tool for case in (*READS, *CHANGES)} | set(COVERED_APART)
    covered = {op for spec in await live_specs() if spec.name in cased for op in spec.runs}
    assert [op.name for op in CATALOGUE if op not in covered] == [], "add a Case in tests/support/calls.py"


async def test_every_operation_has_its_row_in_the_manifest() -> None:
    text = render_manifest(await live_specs(), load_schema(SCHEMA_VERSION))
    listed = set(re.findall(r"\(operation `(\w+)`\)", text))
    assert [op.name for op in CATALOGUE if op.name not in listed] == []


def test_operation_names_are_unique_and_every_change_declares_its_plan() -> None:
    names = [op.name for op in CATALOGUE]
    assert len(names) == len(set(names))
    assert [op.name for op in CATALOGUE if op.changes and op.plan is None] == []

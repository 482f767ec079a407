"""The tools as a client sees them (`list_tools`), held against tests/snapshots/tools.json.

Any change to a tool's name, title, description, input or output schema, or annotations shows
up as a diff of that file in review. After an intended change, record it again:

    python -m tests.test_tool_snapshot --update
"""

from __future__ import annotations

import argparse
import asyncio
import difflib
import json
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from mcp.types import Tool

from mcp_frontend.manifest import live_tools, tool_snapshot

SNAPSHOT = Path(__file__).parent / "snapshots" / "tools.json"
UPDATE = "python -m tests.test_tool_snapshot --update"


def snapshot_text(tools: Iterable[Tool]) -> str:
    return json.dumps(tool_snapshot(tools), indent=2, ensure_ascii=False) + "\n"


def snapshot_diff(recorded: str, live: str) -> str:
    lines = difflib.unified_diff(
        recorded.splitlines(keepends=True), live.splitlines(keepends=True), "tests/snapshots/tools.json", "list_tools()"
    )
    return "".join(lines)


async def test_list_tools_matches_the_recorded_snapshot() -> None:
    live = snapshot_text(await live_tools())
    recorded = SNAPSHOT.read_text(encoding="utf-8")
    if live != recorded:
        pytest.fail(
            f"list_tools() differs from tests/snapshots/tools.json. If the change is intended, run `{UPDATE}` "
            f"and commit the file with it.\n{snapshot_diff(recorded, live)}",
            pytrace=False,
        )


def test_snapshot_lists_each_tool_once_sorted_by_name() -> None:
    names = [tool["name"] for tool in json.loads(SNAPSHOT.read_text(encoding="utf-8"))]
    assert names == sorted(set(names))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check (or --update) tests/snapshots/tools.json against list_tools().")
    parser.add_argument("--update", action="store_true", help="write the live list_tools() to the snapshot")
    args = parser.parse_args(argv)
    live = snapshot_text(asyncio.run(live_tools()))
    if args.update:
        SNAPSHOT.write_text(live, encoding="utf-8")
        print(f"wrote {SNAPSHOT}")
        return 0
    diff = snapshot_diff(SNAPSHOT.read_text(encoding="utf-8"), live)
    print(diff or "snapshot is up to date", end="" if diff else "\n")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())

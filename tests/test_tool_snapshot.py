"""The published tool list (mcp_frontend/tools.json) is exactly what the tools, built, publish.

tools/list is answered from that file (the tools are built on the first call), and it is the
review snapshot: any change to a tool's name, title, description, input or output schema, or
annotations shows up as a diff of it. After an intended change, write it again:

    python -m mcp_frontend.published --update
"""

from __future__ import annotations

import difflib
import json
from importlib.resources import files

import pytest

from mcp_frontend.manifest import live_specs
from mcp_frontend.published import load_published, render_published

UPDATE = "python -m mcp_frontend.published --update"


async def test_the_published_list_is_what_the_tools_publish() -> None:
    live = render_published((spec.tier, spec.group, spec.published()) for spec in await live_specs())
    recorded = files("mcp_frontend").joinpath("tools.json").read_text(encoding="utf-8")
    if live != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(keepends=True), live.splitlines(keepends=True), "mcp_frontend/tools.json", "tools"
        )
        pytest.fail(
            f"the tools publish something else than mcp_frontend/tools.json. If the change is intended, run "
            f"`{UPDATE}` and commit the file with it.\n{''.join(diff)}",
            pytrace=False,
        )


def test_the_published_list_names_each_tool_once_sorted_by_name() -> None:
    names = [entry["name"] for entry in json.loads(files("mcp_frontend").joinpath("tools.json").read_text("utf-8"))]
    assert names == sorted(set(names))
    assert [tool.name for tool in load_published(several_clusters=True)] == names

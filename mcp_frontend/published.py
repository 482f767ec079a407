"""The tool list the server publishes: generated from the tools, shipped as mcp_frontend/tools.json.

Building the tools (their pydantic models and JSON schemas) is a large share of a start
(bench/bench_startup.py), and the list they publish is the same on every start; a server that
answers tools/list as fast as a bare MCP server cannot pay that first. So tools/list is
answered from this file, and the tools are built when the first call comes (mcp_frontend.server).
The file is also the review snapshot of what a client sees: tests/test_tool_snapshot.py builds
the tools and fails when it differs.
After an intended change, write it again:

    python -m mcp_frontend.published --update

Which tools a server publishes is its settings' choice: PROXMOX_MCP_TOOLS names tools or
groups (`read`, `change`, `critical`), PROXMOX_MCP_READ_ONLY=true leaves out every change.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Protocol, TypeVar

from mcp.types import Tool

from mcp_frontend.toolsets import DEFAULT_TOOLSETS, DISCOVERY_TOOL, TOOLSETS, tools_of
from shared.errors import InvalidInput
from shared.safety import Tier
from shared.settings import Settings

__all__ = [
    "GROUPS",
    "SEVERAL_CLUSTERS_ONLY",
    "PublishedTool",
    "load_published",
    "main",
    "render_published",
    "select_tools",
]

#: tools only a server with several clusters publishes (mcp_frontend.clusters): with one there is nothing to list
SEVERAL_CLUSTERS_ONLY = frozenset({"list_clusters"})
#: the groups PROXMOX_MCP_TOOLS may name, by the tier of their tools
GROUPS = {"read": Tier.SAFE, "change": Tier.RESTRICTED, "critical": Tier.CRITICAL}
#: PROXMOX_MCP_TOOLS=all: every tool served is listed, as before toolsets
ALL = "all"
_FILE = "tools.json"
_KEYS = ("name", "title", "description", "inputSchema", "outputSchema", "annotations")


@dataclass(frozen=True)
class PublishedTool:
    """A tool as tools/list shows it, with its tier (which the settings choose by) and its group (which scopes name)."""

    tier: Tier
    group: str
    tool: Tool

    @property
    def name(self) -> str:
        return self.tool.name


class _Tiered(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def tier(self) -> Tier: ...


T = TypeVar("T", bound=_Tiered)


def select_tools(tools: Sequence[T], settings: Settings) -> list[T]:
    """The tools a server with these settings serves (callable; mcp_frontend.toolsets says which it lists).

    PROXMOX_MCP_TOOLS may name tools, tier groups (read, change, critical), toolsets and `all`;
    only tool names and tier groups restrict what is served (to those tools, and the toolsets named
    with them). A name that is none of these is refused (InvalidInput names the variable).
    """
    chosen = list(tools)
    wanted = _wanted(settings)
    if wanted:
        known = {tool.name for tool in tools}
        if unknown := sorted(wanted - known - set(GROUPS) - set(TOOLSETS) - {ALL}):
            raise InvalidInput(
                f"setting PROXMOX_MCP_TOOLS names no tool {', '.join(repr(u) for u in unknown)}",
                hint=f"Name tools ({', '.join(sorted(known))}), groups ({', '.join(GROUPS)}), "
                f"toolsets ({', '.join(TOOLSETS)}) or all, comma-separated.",
            )
        if restricting := wanted - set(TOOLSETS) - {ALL}:
            tiers = {GROUPS[name] for name in restricting & set(GROUPS)}
            kept = restricting | tools_of(wanted & set(TOOLSETS))
            chosen = [tool for tool in chosen if tool.name in kept or tool.tier in tiers]
    if settings.read_only:
        chosen = [tool for tool in chosen if tool.tier is Tier.SAFE]
    return chosen


def listed_at_start(served: Iterable[str], settings: Settings) -> set[str]:
    """The tools a session is listed before it enables a toolset: the default toolsets, or those PROXMOX_MCP_TOOLS
    names, and enable_toolset; `all`, or a restriction to tools and tier groups alone, lists everything served."""
    names = set(served)
    wanted = _wanted(settings)
    sets = set(DEFAULT_TOOLSETS) if not wanted else wanted & set(TOOLSETS)
    if ALL in wanted or (wanted and not sets):
        return names
    listed = (tools_of(sets) | (wanted - set(TOOLSETS))) & names
    unlisted = names - listed - {DISCOVERY_TOOL}
    return listed | ({DISCOVERY_TOOL} & names) if unlisted else listed


def _wanted(settings: Settings) -> set[str]:
    return {name.strip() for name in (settings.mcp_tools or "").split(",") if name.strip()}


def _entry(tier: Tier, group: str, tool: Tool) -> dict[str, Any]:
    dumped = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {"tier": tier.value, "group": group, **{key: dumped[key] for key in _KEYS if key in dumped}}


def render_published(tools: Iterable[tuple[Tier, str, Tool]]) -> str:
    """The file's text for these tools (sorted by name, so a diff shows what changed)."""
    entries = sorted((_entry(tier, group, tool) for tier, group, tool in tools), key=lambda entry: str(entry["name"]))
    return json.dumps(entries, indent=2, ensure_ascii=False) + "\n"


def load_published(text: str | None = None, *, several_clusters: bool = False) -> list[PublishedTool]:
    """Every tool the file lists (or `text` lists) that a server publishes: with one cluster, all but list_clusters."""
    raw = text if text is not None else files("mcp_frontend").joinpath(_FILE).read_text(encoding="utf-8")
    return [
        PublishedTool(Tier(entry.pop("tier")), entry.pop("group"), Tool.model_validate(entry))
        for entry in json.loads(raw)
        if several_clusters or entry["name"] not in SEVERAL_CLUSTERS_ONLY
    ]


def _live() -> str:
    from mcp_frontend.tools import all_tools  # noqa: PLC0415  # building the tools is what this file saves

    return render_published((spec.tier, spec.group, spec.published()) for spec in all_tools())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check (or --update) mcp_frontend/tools.json against the tools.")
    parser.add_argument("--update", action="store_true", help="write the tools' list to the file")
    args = parser.parse_args(argv)
    path = files("mcp_frontend").joinpath(_FILE)
    live = _live()
    if args.update:
        path.write_text(live, encoding="utf-8")  # type: ignore[attr-defined]  # a real file in a checkout
        print(f"wrote {path}")
        return 0
    recorded = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(recorded.splitlines(True), live.splitlines(True), "tools.json", "tools"))
    print(diff or "mcp_frontend/tools.json is up to date", end="" if diff else "\n")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())

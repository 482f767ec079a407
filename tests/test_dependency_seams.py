"""Our code uses mcp, aiohttp and httpx through their public API; the two hooks the SDK lacks sit at one named seam.

docs/architecture.md "Where we lean on the SDK" says why each seam exists.
"""

from __future__ import annotations

import re
from pathlib import Path

_ROOT = Path(__file__).parents[1]
_PACKAGES = ("mcp_frontend", "workers", "shared", "pvesim")

#: private attributes of our dependencies that nothing of ours may touch
_NEVER = (
    "_tool_input_schema",  # MCPServer's; we pass nothing the SDK would validate Mcp-Param headers against
    "_subscriptions",  # MCPServer's; the bus is ours, given to MCPServer(subscriptions=...)
    "_retry_connection",  # aiohttp's; a client middleware stops its resend instead
    "_tool_manager",  # MCPServer's
    "_disconnect_reset_raise",  # redis-py's
)
#: the hooks the SDK has no public form of, each allowed in one file only
_SEAMS = {
    "_lowlevel_server": "mcp_frontend/server.py",  # to serve stdio on streams that answer every line
    "__signature__": "mcp_frontend/tools/declared.py",  # a declared tool's arguments, for Tool.from_function
}


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(_ROOT)): path.read_text(encoding="utf-8")
        for package in _PACKAGES
        for path in sorted((_ROOT / package).rglob("*.py"))
    }


def test_no_private_attribute_of_a_dependency_is_touched() -> None:
    found = [
        f"{name}: {attribute}"
        for name, text in _sources().items()
        for attribute in _NEVER
        if re.search(rf"\b{re.escape(attribute)}\b", text)
    ]
    assert found == []


def test_each_hook_the_sdk_lacks_sits_at_its_one_seam() -> None:
    for attribute, seam in _SEAMS.items():
        where = [name for name, text in _sources().items() if attribute in text]
        assert where == [seam], f"{attribute} is used in {where}, not only at {seam}"


def test_modules_are_imported_by_import_statements_not_by_name() -> None:
    found = [name for name, text in _sources().items() if "import_module(" in text]
    assert found == []

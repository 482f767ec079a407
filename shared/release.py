"""What this release is called and which version it is, read from the installed distribution.

pyproject.toml holds the one version; everything else (the server's `serverInfo`, the PVE
client's User-Agent) reads it from the package metadata here.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version

__all__ = ["DISTRIBUTION", "release_version"]

#: the name on PyPI ("proxmox-mcp" there is another project's); the commands keep "proxmox-mcp"
DISTRIBUTION = "proxmox-mcp-orchestrator"


@cache
def release_version() -> str:
    """The installed distribution's version; `0+unknown` when run from sources that were never installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"

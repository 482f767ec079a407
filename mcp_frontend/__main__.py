"""`proxmox-mcp` / `python -m mcp_frontend`: start the MCP server (the command is mcp_frontend.cli).

Before the command loads, rich is left out of the process (shared.startup): nothing the server
does uses it, and loading it slowed every cold start.
"""

from __future__ import annotations

import sys

from shared.startup import without_rich

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    without_rich()
    from mcp_frontend.cli import main as command  # noqa: PLC0415  # loaded once rich is left out

    return command(argv)


if __name__ == "__main__":
    sys.exit(main())

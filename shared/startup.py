"""What a command does first, before it imports anything that logs.

structlog imports rich whenever it is installed (our admin dashboard needs it), for the pretty
console tracebacks of its development renderer. The server never renders through it: its logs
are JSON or plain lines (shared.logs), their tracebacks formatted by the standard library. Yet
loading rich (and pygments with it) made up a good part of what a cold start costs over the MCP
SDK's own (bench/bench_startup.py), so the server's entry point leaves it out of its process.
"""

from __future__ import annotations

import sys

__all__ = ["without_rich"]


def without_rich() -> None:
    """Keep rich out of this process: an import of it fails as if it were not installed.

    Call it before anything imports structlog. A process that loaded rich already keeps it.
    """
    sys.modules.setdefault("rich", None)  # type: ignore[arg-type]  # None in sys.modules: "not importable"

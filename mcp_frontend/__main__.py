"""`proxmox-mcp` / `python -m mcp_frontend`: the MCP server over stdio.

stdout carries the MCP protocol and nothing else; logs go to stderr (and the log file and
Redis stream). `--demo` starts the bundled PVE simulator in this process and points the
server at it, embedded (REDIS_URL is ignored), so the whole product runs with nothing installed.
"""

from __future__ import annotations

import argparse
import sys

import anyio

from mcp_frontend.server import build_server
from shared.errors import ProxmoxMcpError
from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import Settings, load_settings

__all__ = ["main"]


async def _serve(settings: Settings, demo: bool) -> None:
    redactor = Redactor(settings.secrets())
    if not demo:
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await build_server(settings, log_formatter=formatter).run_stdio_async()
        return
    from pvesim.demo import demo_simulator  # noqa: PLC0415  # the simulator is only loaded for --demo

    async with demo_simulator() as sim:
        # the demo's cluster lives in this process, so its jobs must too: never a shared Redis's workers
        settings = settings.model_copy(update={**sim.settings_update(), "redis_url": None})
        redactor.add(*settings.secrets())
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await build_server(settings, log_formatter=formatter).run_stdio_async()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="proxmox-mcp", description=__doc__)
    parser.add_argument(
        "--demo", action="store_true", help="run against a simulated PVE cluster started in this process"
    )
    parser.add_argument(
        "--env-file", help="read settings from this dotenv file (default: .env, or PROXMOX_MCP_ENV_FILE)"
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.env_file)
        if not args.demo and settings.embedded:
            settings.require_pve()
        if sys.stdin.isatty():
            print(
                "proxmox-mcp speaks MCP over stdio: start it from an MCP client (see README). Waiting for a client...",
                file=sys.stderr,
            )
        anyio.run(_serve, settings, args.demo)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`proxmox-mcp` / `python -m mcp_frontend`: the MCP server, over stdio or (`--http HOST:PORT`) streamable HTTP.

Over stdio, stdout carries the MCP protocol and nothing else; logs go to stderr (and the log file
and Redis stream). Over HTTP (mcp_frontend.http) the server listens at http://HOST:PORT/mcp, on
127.0.0.1 unless told otherwise, and every caller authenticates; `--no-auth` is for a loopback
address only. `--demo` starts the bundled PVE simulator in this process and points the server at
it, embedded (REDIS_URL is ignored), so the whole product runs with nothing installed.
"""

from __future__ import annotations

import argparse
import sys

import anyio

from mcp_frontend.http import HttpAddress, build_http_app, parse_address, serve_http
from mcp_frontend.server import ProxmoxMcpServer, build_server
from shared.errors import InvalidInput, ProxmoxMcpError
from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import Settings, load_settings

__all__ = ["main"]


async def _run(server: ProxmoxMcpServer, settings: Settings, http: HttpAddress | None) -> None:
    if http is None:
        await server.run_stdio_async()
    else:
        await serve_http(build_http_app(server, settings, http), http)


async def _serve(settings: Settings, demo: bool, http: HttpAddress | None) -> None:
    redactor = Redactor(settings.secrets())
    if not demo:
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await _run(build_server(settings, log_formatter=formatter), settings, http)
        return
    from pvesim.demo import demo_simulator  # noqa: PLC0415  # the simulator is only loaded for --demo

    async with demo_simulator() as sim:
        # the demo's cluster lives in this process, so its jobs must too: never a shared Redis's workers
        settings = settings.model_copy(update={**sim.settings_update(), "redis_url": None})
        redactor.add(*settings.secrets())
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await _run(build_server(settings, log_formatter=formatter), settings, http)


def _http_address(option: str | None, settings: Settings, no_auth: bool) -> HttpAddress | None:
    """Where to serve HTTP (--http, else PROXMOX_MCP_HTTP), or None for stdio; refused without authentication."""
    text = option or settings.http
    if text is None:
        if no_auth:
            raise InvalidInput(
                "--no-auth is for --http only", hint="Over stdio the client that starts the server is the caller."
            )
        return None
    address = parse_address(text)
    if not no_auth:
        raise InvalidInput(
            "serving over HTTP needs authentication, which this version does not have yet",
            hint="On a loopback address (127.0.0.1), add --no-auth to serve without it.",
        )
    if not address.loopback:
        raise InvalidInput(
            f"--no-auth is refused on {address.host}: only a loopback address (127.0.0.1, ::1) may go without it",
            hint="Bind to 127.0.0.1 (and put a reverse proxy in front, see docs/deployment.md).",
        )
    return address


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="proxmox-mcp", description=__doc__)
    parser.add_argument(
        "--demo", action="store_true", help="run against a simulated PVE cluster started in this process"
    )
    parser.add_argument(
        "--env-file", help="read settings from this dotenv file (default: .env, or PROXMOX_MCP_ENV_FILE)"
    )
    parser.add_argument(
        "--http", metavar="HOST:PORT", help="serve streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1)"
    )
    parser.add_argument(
        "--no-auth", action="store_true", help="serve HTTP without authentication (a loopback address only)"
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.env_file)
        http = _http_address(args.http, settings, args.no_auth)
        if not args.demo and settings.embedded:
            settings.require_pve()
        if http is None and sys.stdin.isatty():
            print(
                "proxmox-mcp speaks MCP over stdio: start it from an MCP client (see README). Waiting for a client...",
                file=sys.stderr,
            )
        anyio.run(_serve, settings, args.demo, http)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

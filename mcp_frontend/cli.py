"""The `proxmox-mcp` command (run by mcp_frontend.__main__): the MCP server, over stdio or (`--http HOST:PORT`)
streamable HTTP.

Over stdio, stdout carries the MCP protocol and nothing else; logs go to stderr (and the log file
and Redis stream). Over HTTP (mcp_frontend.http) the server listens at http://HOST:PORT/mcp, on
127.0.0.1 unless told otherwise, and every caller authenticates; `--no-auth` is for a loopback
address only. `--demo` starts the bundled PVE simulator in this process and points the server at
it, embedded (REDIS_URL is ignored), so the whole product runs with nothing installed.
"""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

import anyio
from mcp.server.auth.settings import AuthSettings

from mcp_frontend.auth import CallerVerifier, add_token, auth_settings, list_tokens, remove_token
from mcp_frontend.http import HttpAddress, build_http_app, parse_address, serve_http
from mcp_frontend.server import build_server
from shared.clusters import load_clusters, pve_settings
from shared.errors import InvalidInput, ProxmoxMcpError
from shared.jobs.signing import signer_for
from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import Settings, load_settings

__all__ = ["argument_parser", "main"]


@dataclass(frozen=True)
class _Http:
    """How to serve HTTP: where, and with which authentication (None: --no-auth)."""

    address: HttpAddress
    auth: tuple[AuthSettings, CallerVerifier] | None


async def _run(settings: Settings, formatter: logging.Formatter, http: _Http | None) -> None:
    if http is None:
        await build_server(settings, log_formatter=formatter).run_stdio_async()
        return
    server = build_server(settings, log_formatter=formatter, auth=http.auth)
    await serve_http(build_http_app(server, settings, http.address), http.address)


async def _serve(settings: Settings, demo: bool, http: _Http | None) -> None:
    redactor = Redactor([*settings.secrets(), *load_clusters(settings).secrets()])
    if not demo:
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await _run(settings, formatter, http)
        return
    from pvesim.demo import demo_simulator  # noqa: PLC0415  # the simulator is only loaded for --demo

    async with demo_simulator() as sim:
        # the demo's cluster lives in this process, so its jobs must too: never a shared Redis's workers
        settings = settings.model_copy(update={**sim.settings_update(), "redis_url": None})
        redactor.add(*settings.secrets())
        formatter = configure_logging(settings, role="mcp", redactor=redactor)
        await _run(settings, formatter, http)


def _http(option: str | None, settings: Settings, no_auth: bool) -> _Http | None:
    """How to serve HTTP (--http, else PROXMOX_MCP_HTTP), or None for stdio; refused without authentication."""
    text = option or settings.http
    if text is None:
        if no_auth:
            raise InvalidInput(
                "--no-auth is for --http only", hint="Over stdio the client that starts the server is the caller."
            )
        return None
    address = parse_address(text)
    if not no_auth:
        auth = auth_settings(settings, settings.public_url or address.url)
        if auth is None:
            raise InvalidInput(
                "serving over HTTP needs authentication: set PROXMOX_MCP_TOKENS_FILE or PROXMOX_MCP_OAUTH_ISSUER",
                hint="Add a token with `proxmox-mcp token add NAME --scope read`, or (on 127.0.0.1 only) --no-auth.",
            )
        return _Http(address, auth)
    if not address.loopback:
        raise InvalidInput(
            f"--no-auth is refused on {address.host}: only a loopback address (127.0.0.1, ::1) may go without it",
            hint="Bind to 127.0.0.1 (and put a reverse proxy in front, see docs/deployment.md).",
        )
    return _Http(address, None)


def _token_command(argv: list[str]) -> int:
    """`proxmox-mcp token add NAME --scope ...` (prints the new token once), `token remove NAME`, `token list`."""
    parser = argparse.ArgumentParser(
        prog="proxmox-mcp token", description="Manage the bearer tokens of the HTTP server."
    )
    parser.add_argument("--env-file", help="read settings from this dotenv file")
    parser.add_argument("--file", type=Path, help="the tokens file (default: PROXMOX_MCP_TOKENS_FILE)")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="add a token and print it (once: the file keeps only its hash)")
    add.add_argument("name")
    add.add_argument(
        "--scope",
        action="append",
        required=True,
        help="read, change, critical, group:G, node:N, pool:P, tag:T, vmid:N or vmid:LOW-HIGH (repeat for more)",
    )
    remove = commands.add_parser("remove", help="remove a token by name")
    remove.add_argument("name")
    commands.add_parser("list", help="list the tokens' names and scopes")
    args = parser.parse_args(argv)
    try:
        path = args.file or load_settings(args.env_file).tokens_file
        if path is None:
            raise InvalidInput("no tokens file", hint="Set PROXMOX_MCP_TOKENS_FILE or pass --file PATH.")
        if args.command == "add":
            print(add_token(path, args.name, args.scope))
            print(f"proxmox-mcp: token {args.name!r} added to {path}; it is shown only now", file=sys.stderr)
        elif args.command == "remove":
            remove_token(path, args.name)
        else:
            for name, scopes in list_tokens(path):
                print(f"{name}\t{' '.join(scopes)}")
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp: {exc}", file=sys.stderr)
        return 2
    return 0


def _audit_command(argv: list[str]) -> int:
    """`proxmox-mcp audit verify [--file PATH]`: check the audit log's hash chain; exit 1 naming what is wrong."""
    parser = argparse.ArgumentParser(prog="proxmox-mcp audit", description="Check the audit log of changes.")
    parser.add_argument("--env-file", help="read settings from this dotenv file")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="verify the hash chain of the Redis stream (and of a file)")
    check.add_argument("--file", type=Path, help="an audit file (PROXMOX_MCP_AUDIT_FILE) to verify, against the stream")
    args = parser.parse_args(argv)
    # loaded only for this command: the audit reads Redis, which a stdio start must not wait to import
    from shared.audit import verify_audit, without_cluster  # noqa: PLC0415

    try:
        settings = load_settings(args.env_file)
        problems, entries = anyio.run(verify_audit, settings, args.file)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if older := without_cluster(entries):  # their hashes hold: they were written without the field
        print(f"{older} entries name no cluster: written before clusters, they hold no such field")
    print(f"{len(entries)} entries checked: {'the chain holds' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


def argument_parser() -> argparse.ArgumentParser:
    """The server's own arguments (besides the `token` and `audit` commands)."""
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
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["token"]:
        return _token_command(argv[1:])
    if argv[:1] == ["audit"]:
        return _audit_command(argv[1:])
    args = argument_parser().parse_args(argv)
    try:
        settings = load_settings(args.env_file)
        http = _http(args.http, settings, args.no_auth)
        if settings.metrics_address:
            from shared.metrics import serve_metrics  # noqa: PLC0415  # prometheus_client loads only when served

            serve_metrics(settings.metrics_address)
        if not args.demo and settings.embedded:  # this process calls PVE: every cluster's settings must be complete
            for cluster in load_clusters(settings).values():
                pve_settings(cluster, settings)
        if not args.demo and not settings.embedded:
            signer_for(settings)  # a missing PROXMOX_MCP_JOB_KEY stops the server now, not at its first call
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

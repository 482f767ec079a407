"""The MCP server over streamable HTTP (`proxmox-mcp --http HOST:PORT`): the SDK's transport at `/mcp`.

One endpoint serves both eras of the protocol: sessions opened with `initialize` (2025-11-25 and
before), and the stateless requests of 2026-07-28, as the SDK's session manager routes them.

- It binds to 127.0.0.1 unless told otherwise (`--http :8080` is 127.0.0.1:8080).
- DNS rebinding: every request's Host must be one the server answers to (loopback names, the
  address it binds, the host of PROXMOX_MCP_PUBLIC_URL, PROXMOX_MCP_HTTP_ALLOWED_HOSTS) and
  its Origin, when a browser sends one, one it allows (the same hosts over http and https,
  PROXMOX_MCP_HTTP_ALLOWED_ORIGINS): a web page whose name was pointed at 127.0.0.1 gets 421
  or 403, never a tool.
- Authentication is always on (mcp_frontend.auth); `--no-auth` turns it off, and only on a
  loopback address, where the machine's own users are the only callers.
"""

from __future__ import annotations

import ipaddress
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette

from shared.errors import InvalidInput
from shared.settings import Settings

if TYPE_CHECKING:
    from mcp_frontend.server import ProxmoxMcpServer

__all__ = ["DEFAULT_HOST", "MCP_PATH", "HttpAddress", "build_http_app", "parse_address", "serve_http"]

DEFAULT_HOST = "127.0.0.1"
MCP_PATH = "/mcp"
_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True)
class HttpAddress:
    """Where the server listens."""

    host: str
    port: int

    @property
    def loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host.strip("[]")).is_loopback
        except ValueError:
            return False

    @property
    def wildcard(self) -> bool:
        return self.host in ("0.0.0.0", "::", "[::]")  # noqa: S104  # naming the wildcard, not binding it

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host
        return f"http://{host}:{self.port}{MCP_PATH}"


def parse_address(text: str) -> HttpAddress:
    """`HOST:PORT`, `[IPv6]:PORT` or `:PORT` (127.0.0.1); a bad one is refused with InvalidInput."""
    host, sep, port_text = text.strip().rpartition(":")
    if not sep or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise InvalidInput(
            f"--http {text!r} is not HOST:PORT", hint="For example --http 127.0.0.1:8080 (or --http :8080)."
        )
    host = host.strip("[]") or DEFAULT_HOST
    return HttpAddress(host=host, port=int(port_text))


def _names(values: str | None) -> list[str]:
    return [value.strip() for value in (values or "").split(",") if value.strip()]


def transport_security(settings: Settings, address: HttpAddress) -> TransportSecuritySettings:
    """The Host and Origin values the server accepts: always checked, whatever address it binds."""
    hosts = [*_LOOPBACK_NAMES]
    if not address.wildcard and not address.loopback:
        hosts.append(f"[{address.host}]" if ":" in address.host else address.host)
    if settings.public_url is not None and (public := urlsplit(settings.public_url).hostname):
        hosts.append(f"[{public}]" if ":" in public else public)  # the name clients reach it at
    hosts += _names(settings.http_allowed_hosts)
    allowed_hosts = [name for host in hosts for name in (host, f"{host}:*")]
    origins = [f"{scheme}://{host}:*" for host in hosts for scheme in ("http", "https")]
    origins += [f"{scheme}://{host}" for host in hosts for scheme in ("http", "https")]
    origins += _names(settings.http_allowed_origins)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=allowed_hosts, allowed_origins=origins
    )


def build_http_app(server: ProxmoxMcpServer, settings: Settings, address: HttpAddress) -> Starlette:
    """The ASGI app: the SDK's streamable HTTP transport at /mcp, Host and Origin checked."""
    return server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        transport_security=transport_security(settings, address),
        host=address.host,
    )


async def serve_http(app: Starlette, address: HttpAddress) -> None:
    """Serve `app` on `address` until cancelled; uvicorn logs through our logging (stderr, the log file)."""
    import uvicorn  # noqa: PLC0415  # only an HTTP server needs it

    config = uvicorn.Config(
        app,
        host=address.host,
        port=address.port,
        log_config=None,
        log_level=logging.getLogger().getEffectiveLevel(),
        lifespan="on",
        server_header=False,
    )
    await uvicorn.Server(config).serve()

"""REDIS_URL: one Redis (`redis://`, `rediss://`, `unix://`), or a Sentinel set that names the primary.

A Sentinel set is written

    redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/service[/db][?option=value...]

(`rediss+sentinel://` for TLS to the sentinels and to Redis alike). The user and password are
Redis's; the sentinels' own password, if they have one, is the `sentinel_password` option, and
`ssl_ca_certs` names the CA file for TLS. Port 26379 is the sentinels' default. A client made from
such a URL asks the sentinels for the primary of `service` on every new connection, so it follows
a failover: a connection to the old primary fails, and the command's retry connects to the new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

if TYPE_CHECKING:  # redis-py loads where a client is made, not where settings only check a URL
    from redis.asyncio import Redis

__all__ = ["SentinelTarget", "parse_sentinel", "redis_client", "redis_location", "redis_secrets"]

SENTINEL_PORT = 26379
_SCHEMES = {"redis+sentinel": False, "rediss+sentinel": True}
_OPTIONS = {"sentinel_password", "ssl_ca_certs"}


@dataclass(frozen=True)
class SentinelTarget:
    """Where a Sentinel set is and which primary to ask it for."""

    sentinels: tuple[tuple[str, int], ...]
    service: str
    db: int = 0
    username: str | None = None
    password: str | None = None
    sentinel_password: str | None = None
    tls: bool = False
    ca_file: str | None = None


def parse_sentinel(url: str) -> SentinelTarget | None:
    """The Sentinel set a REDIS_URL names, or None for a URL of one Redis; ValueError when it is malformed."""
    parts = urlsplit(url)
    if parts.scheme not in _SCHEMES:
        return None
    userinfo, _, hosts = parts.netloc.rpartition("@")
    username, _, password = userinfo.partition(":") if userinfo else ("", "", "")
    sentinels: list[tuple[str, int]] = []
    for host in hosts.split(","):
        name, _, port = host.strip().rpartition(":") if ":" in host else (host.strip(), "", "")
        if not name or (port and not port.isdigit()):
            raise ValueError(f"a sentinel address must be host or host:port, not {host!r}")
        sentinels.append((name, int(port) if port else SENTINEL_PORT))
    path = [part for part in parts.path.split("/") if part]
    if not path or len(path) > 2 or (len(path) == 2 and not path[1].isdigit()):
        raise ValueError("the path must name the Sentinel service, then the database if not 0: /mymaster/0")
    options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    if unknown := options.keys() - _OPTIONS:
        raise ValueError(f"unknown option(s) {sorted(unknown)}; known: {sorted(_OPTIONS)}")
    return SentinelTarget(
        sentinels=tuple(sentinels),
        service=unquote(path[0]),
        db=int(path[1]) if len(path) == 2 else 0,
        username=unquote(username) or None,
        password=unquote(password) or None,
        sentinel_password=options.get("sentinel_password"),
        tls=_SCHEMES[parts.scheme],
        ca_file=options.get("ssl_ca_certs"),
    )


def redis_client(url: str, *, decode_responses: bool = True, **options: Any) -> Redis:
    """A client for REDIS_URL with these connection options (retry, timeouts, ...); close it with
    `aclose(close_connection_pool=True)`."""
    from redis.asyncio import ConnectionPool, Redis  # noqa: PLC0415

    target = parse_sentinel(url)
    if target is None:
        return Redis(connection_pool=ConnectionPool.from_url(url, decode_responses=decode_responses, **options))
    from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool  # noqa: PLC0415

    class SentinelClient(Redis):
        """The primary's client; closing it with its pool closes its clients of the sentinels too."""

        sentinels: list[Redis]

        async def aclose(self, close_connection_pool: bool | None = None) -> None:
            await super().aclose(close_connection_pool)
            if close_connection_pool:
                for asked in self.sentinels:
                    await asked.aclose()

    tls: dict[str, Any] = {"ssl": True, "ssl_ca_certs": target.ca_file} if target.tls else {}
    # the sentinels answer a few small questions: a short timeout, and no retry of their own (the
    # command's retry asks again)
    asked = {key: options[key] for key in ("socket_connect_timeout", "socket_timeout") if options.get(key) is not None}
    sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves its __init__ unannotated
        list(target.sentinels),
        sentinel_kwargs={"password": target.sentinel_password, **asked, **tls},
    )
    client: SentinelClient = sentinel.master_for(
        target.service,
        redis_class=SentinelClient,
        connection_pool_class=SentinelConnectionPool,
        db=target.db,
        username=target.username,
        password=target.password,
        decode_responses=decode_responses,
        **tls,
        **options,
    )
    client.sentinels = list(sentinel.sentinels)
    return client


def redis_location(url: str) -> str:
    """Where REDIS_URL points, without its credentials (for messages and logs)."""
    target = parse_sentinel(url)
    if target is not None:
        hosts = ",".join(f"{host}:{port}" for host, port in target.sentinels)
        return f"sentinel {hosts} service {target.service}/{target.db}"
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"
    return f"{parts.hostname or 'localhost'}:{parts.port or 6379}/{database}"


def redis_secrets(url: str) -> list[str]:
    """The passwords in REDIS_URL (Redis's, and the sentinels'), for redaction."""
    target = parse_sentinel(url)
    if target is None:
        password = urlsplit(url).password
        return [unquote(password)] if password else []
    return [secret for secret in (target.password, target.sentinel_password) if secret]

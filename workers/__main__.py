"""`proxmox-mcp-worker` / `python -m workers`: run one worker process (or check workers' health)."""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys

from redis.exceptions import RedisError

from shared.errors import ProxmoxMcpError
from shared.jobs import keys
from shared.jobs.health import health_keys
from shared.jobs.redis_url import redis_client, redis_location
from shared.settings import Settings, load_settings
from shared.startup import without_rich

__all__ = ["main"]


async def _healthy_here(settings: Settings) -> bool:
    """True when this worker (PROXMOX_MCP_WORKER_NAME), or else one on this host, wrote its health key recently."""
    assert settings.redis_url is not None
    # no retry policy here: a health check must answer within its own timeout, not ride out an outage
    redis = redis_client(settings.redis_url.get_secret_value(), socket_connect_timeout=3, socket_timeout=3)
    try:
        # arq rewrites the key every HEALTH_CHECK_SECONDS with a TTL one second longer: it exists while alive
        if settings.worker_name is not None:
            return bool(await redis.exists(keys.worker_health(settings.worker_name)))
        return bool(await health_keys(redis, f"{socket.gethostname()}-*"))  # worker_name()'s default: host-PID
    finally:
        await redis.aclose(close_connection_pool=True)


class _Exit(Exception):
    """Stop with this status after printing the one line that says why."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status


def _settings(env_file: str | None) -> Settings:
    try:
        settings = load_settings(env_file)
    except ProxmoxMcpError as exc:
        raise _Exit(2, str(exc)) from None
    if settings.redis_url is None:
        raise _Exit(
            2,
            "REDIS_URL is not set. Next: a separate worker needs a shared Redis; without one, proxmox-mcp runs "
            "its own worker.",
        )
    return settings


def _check(settings: Settings) -> int:
    try:
        return 0 if asyncio.run(_healthy_here(settings)) else 1
    except RedisError as exc:
        raise _Exit(1, f"cannot reach Redis: {type(exc).__name__}") from None


def _run(settings: Settings, *, burst: bool) -> int:
    # the worker's code loads only to run one: `--check`, the container's healthcheck every 15 s, needs
    # the settings and Redis alone
    from shared.clusters import load_clusters  # noqa: PLC0415
    from shared.logs import configure_logging  # noqa: PLC0415
    from shared.metrics import serve_metrics  # noqa: PLC0415
    from shared.redact import Redactor  # noqa: PLC0415
    from workers.worker import build_worker  # noqa: PLC0415

    try:
        redactor = Redactor([*settings.secrets(), *load_clusters(settings).secrets()])
        formatter = configure_logging(settings, role="worker", redactor=redactor)
        if settings.metrics_address:
            serve_metrics(settings.metrics_address)
        build_worker(settings, log_formatter=formatter, burst=burst).run()
    except ProxmoxMcpError as exc:
        raise _Exit(2, str(exc)) from None
    except RedisError as exc:  # the connection's retries (about a minute) ran out
        where = redis_location(settings.redis_url.get_secret_value()) if settings.redis_url else "REDIS_URL"
        raise _Exit(1, f"lost Redis at {where}: {exc}") from None
    return 0


def main(argv: list[str] | None = None) -> int:
    without_rich()  # before the worker's code loads structlog (shared.startup)
    parser = argparse.ArgumentParser(prog="proxmox-mcp-worker", description=__doc__)
    parser.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    parser.add_argument(
        "--check", action="store_true", help="exit 0 if this worker (by its name) or one on this host is alive"
    )
    parser.add_argument(
        "--env-file", help="read settings from this dotenv file (default: .env, or PROXMOX_MCP_ENV_FILE)"
    )
    args = parser.parse_args(argv)
    try:
        settings = _settings(args.env_file)
        return _check(settings) if args.check else _run(settings, burst=args.burst)
    except _Exit as exit_:
        print(f"proxmox-mcp-worker: {exit_}", file=sys.stderr)
        return exit_.status


if __name__ == "__main__":
    sys.exit(main())

"""`proxmox-mcp-worker` / `python -m workers`: run one worker process (or check workers' health)."""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys

from redis.asyncio import Redis
from redis.exceptions import RedisError

from shared.errors import ProxmoxMcpError
from shared.jobs import keys
from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import Settings, load_settings
from workers.worker import build_worker

__all__ = ["main"]


async def _healthy_here(settings: Settings) -> bool:
    """True when a worker on this host wrote its health key recently (one worker per container)."""
    assert settings.redis_url is not None
    # no retry policy here: a health check must answer within its own timeout, not ride out an outage
    redis = Redis.from_url(settings.redis_url.get_secret_value(), socket_connect_timeout=3, socket_timeout=3)
    try:
        pattern = keys.worker_health(f"{socket.gethostname()}-*")
        # arq rewrites the key every HEALTH_CHECK_SECONDS with a TTL one second longer: it exists while alive
        async for _key in redis.scan_iter(match=pattern, count=100):
            return True
        return False
    finally:
        await redis.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="proxmox-mcp-worker", description=__doc__)
    parser.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    parser.add_argument("--check", action="store_true", help="exit 0 if a worker on this host is alive")
    parser.add_argument(
        "--env-file", help="read settings from this dotenv file (default: .env, or PROXMOX_MCP_ENV_FILE)"
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.env_file)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp-worker: {exc}", file=sys.stderr)
        return 2
    if settings.redis_url is None:
        print(
            "proxmox-mcp-worker: REDIS_URL is not set. Next: a separate worker needs a shared Redis;"
            " without one, proxmox-mcp runs its own worker.",
            file=sys.stderr,
        )
        return 2
    try:
        if args.check:
            try:
                return 0 if asyncio.run(_healthy_here(settings)) else 1
            except RedisError as exc:
                print(f"proxmox-mcp-worker: cannot reach Redis: {type(exc).__name__}", file=sys.stderr)
                return 1
        formatter = configure_logging(settings, role="worker", redactor=Redactor(settings.secrets()))
        worker = build_worker(settings, log_formatter=formatter, burst=args.burst)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp-worker: {exc}", file=sys.stderr)
        return 2
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

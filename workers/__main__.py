"""`proxmox-mcp-worker` / `python -m workers`: run one worker process (or check workers' health)."""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys

from shared.errors import ProxmoxMcpError
from shared.jobs import keys
from shared.jobs.connection import connect_redis
from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import Settings, load_settings
from workers.worker import build_worker

__all__ = ["main"]


async def _healthy_here(settings: Settings) -> bool:
    """True when a worker on this host wrote its health key recently (one worker per container)."""
    conns = connect_redis(settings)
    try:
        pattern = keys.worker_health(f"{socket.gethostname()}-*")
        # arq rewrites the key every HEALTH_CHECK_SECONDS with a TTL one second longer: it exists while alive
        async for _key in conns.store.scan_iter(match=pattern, count=100):
            return True
        return False
    finally:
        await conns.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="proxmox-mcp-worker", description=__doc__)
    parser.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    parser.add_argument("--check", action="store_true", help="exit 0 if a worker on this host is alive")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
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
            return 0 if asyncio.run(_healthy_here(settings)) else 1
        formatter = configure_logging(settings, role="worker", redactor=Redactor(settings.secrets()))
        worker = build_worker(settings, log_formatter=formatter, burst=args.burst)
    except ProxmoxMcpError as exc:
        print(f"proxmox-mcp-worker: {exc}", file=sys.stderr)
        return 2
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

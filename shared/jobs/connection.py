"""Redis connections: the job store's client (text), which reads and writes the arq jobs too.

With REDIS_URL set it talks to that Redis with a retry policy: a worker's rides out a
Redis restart (about a minute); the MCP server's gives up within seconds, so a tool call
answers JOB_STORE_UNAVAILABLE instead of hanging. Unset, both share one in-memory fakeredis
server: the embedded mode, where the frontend also runs the worker, so the same code path
needs nothing installed. (arq's own client reads our jobs with a bytes client and shared.jobs.codec:
tests/workers/test_arq_view.py.)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from redis.asyncio import ConnectionPool, Redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from shared import metrics
from shared.jobs.redis_url import redis_client
from shared.settings import Settings

if TYPE_CHECKING:  # fakeredis loads only where a worker runs embedded: a producer never needs it
    from fakeredis import FakeServer

__all__ = [
    "FRONTEND_RETRIES",
    "REDIS_ERRORS",
    "WORKER_RETRIES",
    "RedisConnections",
    "RedisRetry",
    "connect_redis",
    "connect_store",
]

#: per command: up to ~60 s of retries with jittered backoff (capped at 5 s), enough for a restart
WORKER_RETRIES = 16
#: per command: up to ~3 s (0.05 s doubling, jittered), what a tool call can afford to wait
FRONTEND_RETRIES = 6
#: what losing Redis raises: redis-py's errors, and the OS's (redis-py 5.3 lets a refused connect through
#: as a plain ConnectionRefusedError)
REDIS_ERRORS: tuple[type[Exception], ...] = (RedisError, OSError)


T = TypeVar("T")

#: set while a RedisRetry loop runs in this task: a retry nested in it tries once (see call_with_retry)
_RETRYING: ContextVar[bool] = ContextVar("redis_retrying", default=False)


class RedisRetry:
    """redis-py's retry of a failed command (`redis.asyncio.retry.Retry`'s interface), which can be ended.

    After `give_up()`, a command that fails raises at once, and one waiting to try again raises now.
    A worker gives up when its drain ends on a stop: with Redis gone, each of its last writes would
    otherwise retry for about a minute, and a stop must end within its bound. The pool gives each
    connection a deep copy of its retry policy; a copy of this one is itself, so giving up reaches
    every connection.
    """

    def __init__(self, backoff: ExponentialWithJitterBackoff, retries: int) -> None:
        # stateless: shared by every command at once, it needs no reset between them
        self.backoff = backoff
        self.retries = retries
        self.supported_errors: tuple[type[Exception], ...] = (RedisConnectionError, RedisTimeoutError)
        self.given_up = False
        self._waiting: set[asyncio.Future[None]] = set()

    def __deepcopy__(self, memo: dict[int, Any]) -> RedisRetry:
        return self

    def update_supported_errors(self, specified_errors: Iterable[type[Exception]]) -> None:
        self.supported_errors = tuple({*self.supported_errors, *specified_errors})

    def give_up(self) -> None:
        """End every retry: those waiting now, and any later failure's."""
        self.given_up = True
        for waiting in self._waiting:
            if not waiting.done():
                waiting.set_result(None)

    async def call_with_retry(self, do: Callable[[], Awaitable[T]], fail: Callable[[Exception], Awaitable[Any]]) -> T:
        if _RETRYING.get():
            # inside another retry of this policy (a connect inside a command, or inside a Sentinel
            # connection's look for the primary): one try here, and the outer loop retries it all,
            # so a Sentinel client asks for the primary anew at each try, not after a minute
            try:
                return await do()
            except self.supported_errors as error:
                await fail(error)
                raise
        token = _RETRYING.set(True)
        try:
            return await self._retried(do, fail)
        finally:
            _RETRYING.reset(token)

    async def _retried(self, do: Callable[[], Awaitable[T]], fail: Callable[[Exception], Awaitable[Any]]) -> T:
        failures = 0
        while True:
            try:
                return await do()
            except self.supported_errors as error:
                failures += 1
                metrics.redis_reconnect()
                await fail(error)
                if self.given_up or (0 <= self.retries < failures):
                    raise
                await self._pause(self.backoff.compute(failures))
                if self.given_up:
                    raise

    async def _pause(self, seconds: float) -> None:
        waiting = asyncio.get_running_loop().create_future()
        self._waiting.add(waiting)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiting, seconds)
        finally:
            self._waiting.discard(waiting)


@dataclass
class RedisConnections:
    """The client a process needs; close with `aclose()`."""

    store: Redis
    embedded: bool
    #: the retry policy of every connection to REDIS_URL (None: embedded, nothing to retry)
    retry: RedisRetry | None = field(default=None)

    def give_up_retries(self) -> None:
        """From now on a Redis command that fails fails at once (a worker's stop, after its drain)."""
        if self.retry is not None:
            self.retry.give_up()

    async def aclose(self) -> None:
        # The client was built on a pool of ours, so closing the client alone would leave its pool open.
        await self.store.aclose(close_connection_pool=True)


def _options(retries: int) -> dict[str, Any]:
    return {
        "retry": RedisRetry(ExponentialWithJitterBackoff(base=0.05, cap=5.0), retries),
        # OSError too: a restarting Redis refuses connections (ConnectionRefusedError), which redis-py
        # 5.3 neither retries nor wraps while it connects, and connecting happens when a command
        # checks a connection out of the pool, before that command's own retry begins
        "retry_on_error": [RedisConnectionError, RedisTimeoutError, OSError],
        "socket_connect_timeout": 5,
        "socket_keepalive": True,
        "health_check_interval": 30,
    }


def connect_store(settings: Settings, *, retries: int = WORKER_RETRIES) -> Redis:
    """The job store's client for REDIS_URL: all a producer of jobs needs (the frontend, the scripts)."""
    assert settings.redis_url is not None, "the embedded store lives in the process that runs its worker"
    return redis_client(settings.redis_url.get_secret_value(), **_options(retries))


def connect_redis(
    settings: Settings, *, retries: int = WORKER_RETRIES, fake_server: FakeServer | None = None
) -> RedisConnections:
    """A client for REDIS_URL, or for an in-memory server when it is unset (pass one to share it)."""
    if settings.redis_url is None:
        from fakeredis import FakeServer  # noqa: PLC0415
        from fakeredis.aioredis import FakeAsyncRedisConnection  # noqa: PLC0415

        server = fake_server or FakeServer()
        pool = ConnectionPool(connection_class=FakeAsyncRedisConnection, server=server, decode_responses=True)
        return RedisConnections(store=Redis(connection_pool=pool), embedded=True)
    options = _options(retries)
    store = redis_client(settings.redis_url.get_secret_value(), **options)
    return RedisConnections(store=store, embedded=False, retry=options["retry"])

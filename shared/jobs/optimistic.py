"""WATCH some keys and read them, in one round trip: the first half of an optimistic transaction.

redis-py sends `pipe.watch(key)` and each read after it as round trips of their own. The audit
chain (shared.audit) WATCHes its head and GETs it before MULTI/EXEC, so it would cost three
round trips where two do: here WATCH and the GETs leave in one write to the socket.

A connection lost on the way is retried like any command of the client's (its retry policy):
the keys are watched afresh on the new connection, so nothing is lost by sending both again.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio.client import Pipeline

__all__ = ["watch_and_get"]


async def watch_and_get(pipe: Pipeline, *keys: str) -> list[Any]:
    """WATCH `keys` on the pipeline's connection and GET each; their values, in order.

    Then `pipe.multi()`, the writes and `pipe.execute()`, as after `pipe.watch(...)`: the
    transaction fails with WatchError if any of the keys changed since.
    """
    conn = pipe.connection
    if conn is None:
        conn = pipe.connection = await pipe.connection_pool.get_connection()
    commands: list[tuple[str, ...]] = [("WATCH", *keys), *(("GET", key) for key in keys)]

    async def send() -> list[Any]:
        await conn.send_packed_command(conn.pack_commands(commands))
        await conn.read_response()  # OK
        return [await conn.read_response() for _ in keys]

    async def failed(error: BaseException) -> None:
        # as redis-py's pipeline does on a failed command: drop the connection; give up unless the error may pass
        await conn.disconnect()
        if conn.retry_on_error is None or not isinstance(error, tuple(conn.retry_on_error)):
            await pipe.aclose()
            raise error

    values: list[Any] = await conn.retry.call_with_retry(send, failed)
    pipe.watching = True  # as pipe.watch() leaves it: reset() unwatches, execute() runs MULTI/EXEC
    return values

"""The floor of a queued read: a process that answers requests over Redis with the same PVE GETs.

bench/bench_reads.py runs it beside the worker. Each request is a list pushed on `hop:request`
(LPUSH) naming the GETs, in steps run concurrently; this process pops it (BLPOP), makes them
with httpx on a keep-alive connection, as the bench's direct baseline does, and pushes the
answers' bodies on the request's own reply list, which the bench pops. That is one Redis round
trip each way and the GETs in another process: what any read through a queue costs at least,
before a job store, claims, signatures or validation.

    python -m bench.read_hop REDIS_URL PVE_URL CA_FILE AUTHORIZATION
"""

from __future__ import annotations

import asyncio
import json
import ssl
import sys

import httpx
from redis.asyncio import Redis

REQUESTS = "hop:request"


def reply_key(request_id: str) -> str:
    return f"hop:reply:{request_id}"


async def serve(redis_url: str, pve_url: str, ca_file: str, authorization: str) -> None:
    redis = Redis.from_url(redis_url)
    tls = ssl.create_default_context(cafile=ca_file)
    async with httpx.AsyncClient(
        base_url=f"{pve_url}/api2/json", verify=tls, headers={"Authorization": authorization}
    ) as http:
        while True:
            _, raw = await redis.blpop([REQUESTS])
            request = json.loads(raw)
            bodies: list[bytes] = []
            for step in request["steps"]:
                for answer in await asyncio.gather(*(http.get(path) for path in step)):
                    answer.raise_for_status()
                    bodies.append(answer.content)
            reply = reply_key(request["id"])
            async with redis.pipeline(transaction=False) as pipe:
                pipe.lpush(reply, b"\n".join(bodies))
                pipe.expire(reply, 60)
                await pipe.execute()


if __name__ == "__main__":
    asyncio.run(serve(*sys.argv[1:5]))

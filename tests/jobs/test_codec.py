"""The JSON job codec: readable in redis-cli; exceptions come back as themselves.

That arq's own client reads our jobs and their results through it: tests/workers/test_arq_view.py.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from arq.connections import ArqRedis
from arq.jobs import Job
from arq.worker import JobExecutionFailed

from shared.errors import Locked
from shared.jobs import codec
from tests.support.redis_server import RedisServer


@pytest.fixture
async def arq_redis(redis_proc: RedisServer) -> ArqRedis:
    pool = ArqRedis.from_url(redis_proc.url)
    pool.job_serializer = codec.dumps
    pool.job_deserializer = codec.loads
    await pool.flushdb()
    yield pool
    await pool.aclose()


@pytest.mark.parametrize(
    ("exc", "expected_type"),
    [
        pytest.param(asyncio.CancelledError(), asyncio.CancelledError, id="cancelled"),
        pytest.param(TimeoutError("slow"), TimeoutError, id="timeout"),
        pytest.param(JobExecutionFailed("job expired"), JobExecutionFailed, id="arq-failed"),
        pytest.param(Locked("VM is locked (snapshot)"), Locked, id="our-error"),
        pytest.param(KeyError("x"), codec.RemoteJobError, id="other"),
    ],
)
def test_exceptions_round_trip_as_real_exceptions(exc: BaseException, expected_type: type) -> None:
    decoded = codec.loads(codec.dumps({"r": exc}))["r"]
    assert isinstance(decoded, expected_type)


def test_our_errors_keep_code_hint_and_details() -> None:
    error = Locked("VM 100 is locked (snapshot)", details={"vmid": 100})
    decoded = codec.loads(codec.dumps({"r": error}))["r"]
    assert decoded.fields() == error.fields()


def test_encoded_job_is_plain_json() -> None:
    raw = codec.dumps({"f": "list_vms", "a": [{"node": "pve1"}], "k": {}, "t": 1, "et": 123})
    assert json.loads(raw) == {"f": "list_vms", "a": [{"node": "pve1"}], "k": {}, "t": 1, "et": 123}


def test_undecodable_bytes_raise_codec_error() -> None:
    with pytest.raises(codec.CodecError):
        codec.loads(b"\x80\x04pickle")


async def test_job_in_redis_reads_as_json_with_redis_cli(arq_redis: ArqRedis, redis_proc: RedisServer) -> None:
    job = await arq_redis.enqueue_job("list_vms", {"node": "pve1"}, _job_id="readable")
    assert isinstance(job, Job)
    raw = redis_proc.cli("--raw", "GET", "arq:job:readable")
    assert json.loads(raw)["a"] == [{"node": "pve1"}]

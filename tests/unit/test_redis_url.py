"""REDIS_URL names one Redis or a Sentinel set; a malformed Sentinel set is refused with its reason."""

from __future__ import annotations

import pytest

from shared.errors import ProxmoxMcpError
from shared.jobs.redis_url import SentinelTarget, parse_sentinel, redis_location, redis_secrets
from shared.settings import load_settings


def test_one_redis_is_no_sentinel_set() -> None:
    assert parse_sentinel("redis://:pw@localhost:6379/0") is None
    assert redis_location("redis://:pw@cache.example.com:6380/2") == "cache.example.com:6380/2"
    assert redis_secrets("redis://:s3cret@localhost:6379/0") == ["s3cret"]


def test_a_sentinel_set_names_its_sentinels_service_database_and_passwords() -> None:
    url = "rediss+sentinel://mcp:p%40ss@s1.example.com,s2.example.com:26380/pmcp/3?sentinel_password=sp&ssl_ca_certs=/ca.pem"
    assert parse_sentinel(url) == SentinelTarget(
        sentinels=(("s1.example.com", 26379), ("s2.example.com", 26380)),
        service="pmcp",
        db=3,
        username="mcp",
        password="p@ss",
        sentinel_password="sp",
        tls=True,
        ca_file="/ca.pem",
    )
    assert redis_location(url) == "sentinel s1.example.com:26379,s2.example.com:26380 service pmcp/3"
    assert redis_secrets(url) == ["p@ss", "sp"]


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("redis+sentinel://s1,s2", "must name the Sentinel service"),
        ("redis+sentinel://s1/pmcp/zero", "must name the Sentinel service"),
        ("redis+sentinel://s1:port/pmcp", "host or host:port"),
        ("redis+sentinel://s1/pmcp?sentinel_pasword=x", "unknown option"),
    ],
)
def test_a_malformed_sentinel_set_is_refused_at_start_with_its_reason(url: str, reason: str) -> None:
    with pytest.raises(ProxmoxMcpError) as raised:
        load_settings(redis_url=url)
    assert "REDIS_URL" in raised.value.message
    assert reason in raised.value.message


def test_a_sentinel_set_waits_for_one_replica_unless_told_otherwise() -> None:
    sentinel = "redis+sentinel://s1,s2,s3/pmcp"
    assert load_settings(redis_url=sentinel).replicas == 1
    assert load_settings(redis_url=sentinel, redis_replicas=0).replicas == 0
    assert load_settings(redis_url="redis://localhost:6379/0").replicas == 0
    assert load_settings(redis_url="redis://localhost:6379/0", redis_replicas=2).replicas == 2
    assert load_settings().replicas == 0  # embedded: no Redis, no replicas

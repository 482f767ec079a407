"""docker-compose.ha.yml, the override for Redis that fails over and two HTTP frontends, checked without docker.

It validates against the compose specification (CI runs the same call); every process that
reaches Redis is given the same Sentinel set, whose sentinels are services of the file and watch
the base file's `redis` as the primary under the name the URL asks for; the replica follows that
primary; and the second frontend is the first one's definition, behind the proxy with it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from shared.jobs.redis_url import parse_sentinel
from tests.deploy.test_compose_file import check_jsonschema
from tests.support.compose import ROOT, interpolate

HA = ROOT / "docker-compose.ha.yml"
VARIABLES = {"REDIS_PASSWORD": "pw", "PROXMOX_MCP_PUBLIC_HOST": "mcp.example.com"}


def ha_services() -> dict[str, dict[str, Any]]:
    document: dict[str, Any] = yaml.safe_load(HA.read_text())
    found: dict[str, dict[str, Any]] = document["services"]
    return found


def test_the_override_validates_against_the_compose_specification() -> None:
    result = check_jsonschema(HA)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_process_finds_the_primary_through_the_sentinels_the_file_runs() -> None:
    services = ha_services()
    urls = {name: interpolate(services[name]["environment"]["REDIS_URL"], VARIABLES)
            for name in ("worker", "mcp", "mcp-http", "mcp-http-b")}  # fmt: skip
    assert len(set(urls.values())) == 1, urls
    target = parse_sentinel(next(iter(urls.values())))
    assert target is not None
    assert target.password == "pw"
    assert {host for host, _ in target.sentinels} == {"sentinel-1", "sentinel-2", "sentinel-3"} <= services.keys()
    script = "\n".join(services["sentinel-1"]["command"])
    monitored = re.search(r"sentinel monitor (\S+) (\S+) 6379 (\d)", script)
    assert monitored is not None
    assert monitored.group(1) == target.service
    assert monitored.group(2) == "redis"  # the base file's Redis is the first primary
    assert int(monitored.group(3)) == len(target.sentinels) // 2 + 1  # a majority agrees a primary is down
    assert "sentinel auth-pass" in script


def test_the_replica_follows_the_primary_and_the_second_frontend_is_the_first() -> None:
    services = ha_services()
    replica = services["redis-replica"]["command"]
    assert replica[replica.index("--replicaof") + 1 :][:2] == ["redis", "6379"]
    assert "--masterauth" in replica and "--masterauth" in services["redis"]["command"]
    assert services["mcp-http-b"]["extends"] == {"file": "docker-compose.yml", "service": "mcp-http"}
    proxy = "\n".join(services["proxy"]["command"])
    assert "reverse_proxy mcp-http:8080 mcp-http-b:8080" in proxy
    assert Path(ROOT / services["mcp-http-b"]["extends"]["file"]).exists()

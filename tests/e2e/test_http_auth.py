"""Authentication and scopes over real HTTP, with the MCP client (and the Inspector CLI in test_inspector.py).

The server runs as `proxmox-mcp --http` with a tokens file and an OAuth issuer whose JWKS the
test serves; pvesim has a pool `dev` (guests 101 and 201) and a guest tagged `infra` (200).
Whatever is refused reaches PVE with nothing: no write, no request about the guest. A second
server reaches two clusters (tests.support.two_clusters), for a token scoped to one of them.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

from mcp_frontend.auth import add_token
from mcp_frontend.published import load_published
from pvesim.config import SimConfig
from pvesim.state import Pool
from shared.jobs import keys
from shared.safety import Tier
from tests.support.cluster import assert_unchanged, picture
from tests.support.http_server import INITIALIZE, MCP_HEADERS, HttpServer, http_client, http_server
from tests.support.oauth import Issuer, issuer
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, start_stack
from tests.support.two_clusters import ClustersStack, two_clusters
from tests.support.waiting import eventually
from tests.support.wire import HttpWire, WireError

pytestmark = pytest.mark.timeout(180)

READS = {tool.name for tool in load_published() if tool.tier is Tier.SAFE}
TOKENS = {
    "reader": ["read"],
    "operator": ["change"],
    "dev": ["change", "pool:dev"],
    "infra": ["read", "tag:infra"],
}


@dataclass
class Served:
    stack: Stack
    server: HttpServer
    issuer: Issuer
    tokens: dict[str, str]

    def client(self, token: str | None, **kwargs: Any) -> HostedClient:
        return HostedClient(http_client(self.server.url, token, **kwargs))

    def jwt(self, subject: str, scopes: str, **kwargs: Any) -> str:
        return self.issuer.token(subject, scopes, self.server.url, **kwargs)


@pytest.fixture(scope="module")
def test_issuer() -> Iterator[Issuer]:
    with issuer() as running:
        yield running


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def served(request: pytest.FixtureRequest, redis_proc: RedisServer, test_issuer: Issuer) -> AsyncIterator[Served]:
    stack = await start_stack(
        request.param, redis_proc, SimConfig(task_duration=0.2, lock_timeout=0.5), {"PROXMOX_MCP_WORKER_POLL": "0.2"}
    )
    stack.sim.state.pools["dev"] = Pool("dev", vms={101, 201})
    tokens_file = stack.log_dir / "tokens.json"
    tokens = {name: add_token(tokens_file, name, scopes) for name, scopes in TOKENS.items()}
    env = stack.env(
        PROXMOX_MCP_TOKENS_FILE=str(tokens_file),
        PROXMOX_MCP_OAUTH_ISSUER=test_issuer.url,
        PROXMOX_MCP_OAUTH_JWKS_URL=test_issuer.jwks_url,
    )
    try:
        async with http_server(env, stack.log_dir) as server:
            yield Served(stack, server, test_issuer, tokens)
    finally:
        stack.stop()
        await stack.sim.stop()


async def _post(served: Served, authorization: str | None) -> httpx2.Response:
    headers = MCP_HEADERS | ({"Authorization": authorization} if authorization else {})
    async with httpx2.AsyncClient() as client:
        return await client.post(served.server.url, json=INITIALIZE, headers=headers)


async def test_no_token_gets_401_pointing_at_the_protected_resource_metadata(served: Served) -> None:
    answer = await _post(served, None)
    assert answer.status_code == 401
    metadata_url = f"http://127.0.0.1:{served.server.port}/.well-known/oauth-protected-resource/mcp"
    challenge = answer.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert f'resource_metadata="{metadata_url}"' in challenge
    async with httpx2.AsyncClient() as client:
        metadata = (await client.get(metadata_url)).json()
    assert metadata["resource"] == served.server.url
    assert [url.rstrip("/") for url in metadata["authorization_servers"]] == [served.issuer.url]


@pytest.mark.parametrize(
    "kind", ["unknown-token", "not-a-token", "jwt-of-another-issuer-key", "jwt-for-another-audience", "jwt-expired"]
)
async def test_a_wrong_token_gets_401(served: Served, kind: str) -> None:
    other = Issuer(served.issuer.url, served.issuer.jwks_url)  # same name, a key the JWKS does not hold
    token = {
        "unknown-token": "pmcp_" + "x" * 43,
        "not-a-token": "hunter2",
        "jwt-of-another-issuer-key": other.token("mallory", "critical", served.server.url),
        "jwt-for-another-audience": served.issuer.token("alice", "read", "https://elsewhere.example/mcp"),
        "jwt-expired": served.jwt("alice", "read", lifetime=-60),
    }[kind]
    answer = await _post(served, f"Bearer {token}")
    assert answer.status_code == 401
    assert "resource_metadata=" in answer.headers["www-authenticate"]


async def _jobs(served: Served) -> int | None:
    """How many jobs the store holds (redis mode; embedded, the store is in the server process)."""
    if served.stack.redis is None:
        return None
    from redis.asyncio import Redis  # noqa: PLC0415

    client = Redis.from_url(served.stack.redis.url)
    try:
        return int(await client.zcard(keys.JOB_INDEX))
    finally:
        await client.aclose()


async def test_a_read_token_lists_only_safe_tools_and_its_change_is_refused_before_anything_is_queued(
    served: Served,
) -> None:
    sim = served.stack.sim
    async with served.client(served.tokens["reader"]) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        before, jobs = picture(sim), await _jobs(served)
        refused = await client.call_tool("power_control", {"vmid": 101, "action": "start", "confirmed": True})
        assert_unchanged(sim, before)
        assert len(sim.requests) == before.requests
        assert await _jobs(served) == jobs
        nodes = await client.call_tool("list_nodes", {})
    assert listed == READS
    assert refused.is_error
    text = refused.content[0].text  # type: ignore[union-attr]
    assert text.startswith("PERMISSION_DENIED: power_control needs scope 'change'")
    assert not nodes.is_error


def _about(sim: Any, start: int, vmid: int) -> list[str]:
    """Requests since `start` that name the guest (its config, status, tasks...)."""
    return [f"{r.method} {r.path}" for r in sim.requests[start:] if f"/{vmid}/" in f"{r.path}/"]


async def test_a_pool_token_reads_and_changes_only_guests_of_its_pool(served: Served) -> None:
    sim = served.stack.sim
    async with served.client(served.tokens["dev"]) as client:
        vms = await client.call_tool("list_vms", {})
        cts = await client.call_tool("list_lxc_containers", {})
        before = picture(sim)
        read = await client.call_tool("get_instance_config", {"vmid": 100})
        change = await client.call_tool("power_control", {"vmid": 102, "action": "stop", "confirmed": True})
        assert_unchanged(sim, before)
        assert _about(sim, before.requests, 100) == _about(sim, before.requests, 102) == []
        allowed = await client.call_tool("get_instance_config", {"vmid": 101})
    assert vms.structured_content is not None and cts.structured_content is not None
    assert [vm["vmid"] for vm in vms.structured_content["guests"]] == [101]
    assert [ct["vmid"] for ct in cts.structured_content["guests"]] == [201]
    for refused, vmid in ((read, 100), (change, 102)):
        assert refused.is_error
        text = refused.content[0].text  # type: ignore[union-attr]
        assert text.startswith(f"PERMISSION_DENIED: guest {vmid} is outside the scopes of token:dev (pool:dev)")
    assert not allowed.is_error


async def test_a_pool_token_changes_a_guest_of_its_pool_and_its_job_records_who_asked(served: Served) -> None:
    async with served.client(served.tokens["dev"]) as client:
        report = await client.call_tool("power_control", {"vmid": 201, "action": "start", "confirmed": True})
    assert not report.is_error, report.content
    assert report.structured_content is not None
    assert served.stack.sim.state.guests[201].status == "running"
    if served.stack.redis is not None:
        from redis.asyncio import Redis  # noqa: PLC0415

        client_redis = Redis.from_url(served.stack.redis.url, decode_responses=True)
        try:
            caller = await client_redis.hget(keys.job_record(report.structured_content["job_id"]), "caller")
        finally:
            await client_redis.aclose()
        assert caller is not None
        assert json.loads(caller) == {"kind": "token", "name": "dev", "scopes": ["change", "pool:dev"]}


async def test_a_pool_tokens_fleet_change_reaches_only_guests_of_its_pool(served: Served) -> None:
    """A fleet's guests are the fleet caller's: each guest's job carries the token, and a guest outside its pool
    (VM 100) is not changed, even when the call names it."""
    sim = served.stack.sim
    async with served.client(served.tokens["dev"]) as client:
        report = await client.call_tool(
            "snapshot_guests", {"vmids": [100, 101], "name": "fleet-dev", "confirmed": True, "wait_seconds": 30}
        )
    assert "fleet-dev" not in sim.state.guests[100].snapshots, report.content
    assert "fleet-dev" in sim.state.guests[101].snapshots, report.content


async def test_a_tag_token_reads_only_guests_with_its_tag(served: Served) -> None:
    sim = served.stack.sim
    async with served.client(served.tokens["infra"]) as client:
        cts = await client.call_tool("list_lxc_containers", {})
        vms = await client.call_tool("list_vms", {})
        before = picture(sim)
        refused = await client.call_tool("get_instance_config", {"vmid": 202})
        assert _about(sim, before.requests, 202) == []
    assert cts.structured_content is not None and vms.structured_content is not None
    assert [ct["vmid"] for ct in cts.structured_content["guests"]] == [200]
    assert vms.structured_content["guests"] == []
    assert refused.is_error
    assert "outside the scopes of token:infra (tag:infra)" in refused.content[0].text  # type: ignore[union-attr]


async def test_a_jwt_of_the_issuer_works_until_it_expires(served: Served) -> None:
    token = served.jwt("alice", "read group:nodes openid", lifetime=6)
    async with served.client(token) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        nodes = await client.call_tool("list_nodes", {})
    assert listed == {"list_nodes", "get_node_details", "get_node_log", "get_cluster_log"}  # read, nodes group only
    assert not nodes.is_error

    async def refused() -> bool:
        return (await _post(served, f"Bearer {token}")).status_code == 401

    await eventually(refused, timeout=20, interval=0.5, what="the JWT to expire")


async def test_a_change_token_lists_every_change_tool_but_no_critical_one(served: Served) -> None:
    async with served.client(served.tokens["operator"]) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
    published = load_published()
    assert listed == {tool.name for tool in published if tool.tier is not Tier.CRITICAL}


def test_a_token_is_shown_once_and_the_file_keeps_only_its_hash(tmp_path: Path) -> None:
    path = tmp_path / "tokens.json"
    token = add_token(path, "ci", ["read", "vmid:100-199"])
    text = path.read_text()
    assert token.startswith("pmcp_")
    assert token not in text
    assert json.loads(text)["tokens"][0]["scopes"] == ["read", "vmid:100-199"]
    assert path.stat().st_mode & 0o777 == 0o600


async def test_an_mcp_task_is_seen_and_cancelled_only_by_the_caller_that_started_it(served: Served) -> None:
    # two callers on one stateless HTTP server (no session tells them apart): a token and a JWT
    vm = next(guest for guest in served.stack.sim.state.guests.values() if guest.kind == "qemu" and not guest.template)
    before = picture(served.stack.sim)
    mine = HttpWire(served.server.url, {"Authorization": f"Bearer {served.tokens['operator']}"})
    theirs = HttpWire(served.server.url, {"Authorization": f"Bearer {served.jwt('someone-else', 'change')}"})
    try:
        started = await mine.request(
            "tools/call", {"name": "create_snapshot", "arguments": {"vmid": vm.vmid, "name": "owned"}}
        )
        task_id = started["taskId"]
        for method in ("tasks/get", "tasks/cancel"):
            with pytest.raises(WireError) as hidden:
                await theirs.request(method, {"taskId": task_id})
            assert hidden.value.code == -32602
        assert (await mine.request("tasks/get", {"taskId": task_id}))["status"] == "input_required"
        await mine.request("tasks/cancel", {"taskId": task_id})
        assert (await mine.request("tasks/get", {"taskId": task_id}))["status"] == "cancelled"
    finally:
        await mine.aclose()
        await theirs.aclose()
    assert_unchanged(served.stack.sim, before)


@dataclass
class TwoServed:
    stack: ClustersStack
    server: HttpServer
    tokens: dict[str, str]

    def client(self, token: str) -> HostedClient:
        return HostedClient(http_client(self.server.url, token))


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def two_served(
    request: pytest.FixtureRequest, redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[TwoServed]:
    """The HTTP server of clusters a and b, with a token for both (`ops`) and one scoped to a (`ops-a`)."""
    async with two_clusters(request.param, redis_proc, tmp_path_factory.mktemp("two-clusters")) as stack:
        tokens_file = stack.log_dir / "tokens.json"
        scopes = {"ops": ["change"], "ops-a": ["change", "cluster:a"]}
        tokens = {name: add_token(tokens_file, name, granted) for name, granted in scopes.items()}
        async with http_server(stack.env(PROXMOX_MCP_TOKENS_FILE=str(tokens_file)), stack.log_dir) as server:
            yield TwoServed(stack, server, tokens)


def _text(result: Any) -> str:
    assert result.is_error, result.structured_content
    return str(result.content[0].text)


async def test_a_token_scoped_to_one_cluster_reads_it_and_nothing_of_the_other_reaches_its_pve(
    two_served: TwoServed,
) -> None:
    """VM 100 is web-a on a and web-b on b. `ops-a` reads a; every call of it naming b is refused naming its scope,
    before anything is queued, and b's simulator hears nothing; of the audit log it sees a's entries only."""
    b = two_served.stack.sims()["b"]
    async with two_served.client(two_served.tokens["ops"]) as ops:  # a change on each cluster, by a token of both
        jobs = {}
        for cluster in ("a", "b"):
            report = await ops.call_tool(
                "create_snapshot",
                {"cluster": cluster, "vmid": 100, "name": f"http-{cluster}", "confirmed": True, "wait_seconds": 30},
            )
            assert report.structured_content is not None and report.structured_content["done"], report.content
            jobs[cluster] = report.structured_content["job_id"]

        async def audited() -> bool:  # the entry is the last thing a worker writes for a change
            log = await ops.call_tool("get_audit_log", {"limit": 500})
            assert log.structured_content is not None
            return set(jobs.values()) <= {entry["job_id"] for entry in log.structured_content["entries"]}

        await eventually(audited, timeout=30, interval=0.2, what="both changes' audit entries")
    heard = len(b.requests)
    async with two_served.client(two_served.tokens["ops-a"]) as client:
        vms = await client.call_tool("list_vms", {"cluster": "a"})
        config = await client.call_tool("get_instance_config", {"cluster": "a", "vmid": 100})
        refused = [
            await client.call_tool("list_vms", {"cluster": "b"}),
            await client.call_tool("get_instance_config", {"cluster": "b", "vmid": 100}),
            await client.call_tool("create_snapshot", {"cluster": "b", "vmid": 100, "name": "nope", "confirmed": True}),
            await client.call_tool("get_task_status", {"job_id": jobs["b"]}),
            await client.call_tool("get_audit_log", {"cluster": "b"}),
        ]
        own = await client.call_tool("get_audit_log", {"limit": 500})
        status = await client.call_tool("get_task_status", {"job_id": jobs["a"]})
    assert vms.structured_content is not None and config.structured_content is not None, (vms, config)
    assert {vm["name"] for vm in vms.structured_content["guests"] if vm["vmid"] == 100} == {"web-a"}
    assert config.structured_content["config"]["name"] == "web-a"
    for result in refused:
        assert _text(result).startswith(
            "PERMISSION_DENIED: cluster b is outside the scopes of token:ops-a (cluster:a)"
        ), _text(result)
    assert len(b.requests) == heard
    assert "nope" not in b.state.guests[100].snapshots
    assert own.structured_content is not None and status.structured_content is not None
    entries = own.structured_content["entries"]
    assert jobs["a"] in {entry["job_id"] for entry in entries}
    assert {entry["cluster"] for entry in entries} == {"a"}
    assert status.structured_content["cluster"] == "a"

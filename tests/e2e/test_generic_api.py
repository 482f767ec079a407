"""The whole PVE API through find_pve_api, describe_pve_api and call_pve_api, with the real MCP client.

Both deployment modes, over stdio; a read-scoped token over HTTP. Each stack denies one endpoint
(PROXMOX_MCP_API_DENY) to the server and its workers alike, and allows Critical calls.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client
from mcp.types import ElicitResult

from mcp_frontend.auth import add_token
from pvesim.config import SimConfig
from shared.caller import Caller
from shared.jobs.signing import JobSigner
from tests.support.agent import error_of
from tests.support.cluster import assert_unchanged, pick, picture
from tests.support.http_server import http_client, http_server
from tests.support.redis_jobs import ended, inject
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, start_stack

pytestmark = pytest.mark.timeout(180)

DENIED = "/nodes/*/syslog"
SECRET = "generic-Secret-4711"


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def api_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    config = SimConfig(task_duration=0.4, lock_timeout=0.5, guests=24)
    env = {"PROXMOX_ALLOW_DANGER": "true", "PROXMOX_MCP_API_DENY": DENIED, "PROXMOX_MCP_WORKER_POLL": "0.2"}
    running = await start_stack(request.param, redis_proc, config, env)
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def agent(api_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(api_stack.client()) as client:
        yield client


def _answer(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    answer: dict[str, Any] = result.structured_content
    return answer


async def test_find_then_describe_then_get(api_stack: Stack, agent: Client) -> None:
    found = _answer(await agent.call_tool("find_pve_api", {"query": "ha resources", "method": "GET"}))
    paths = [hit["path"] for hit in found["endpoints"]]
    assert "/cluster/ha/resources" in paths[:3], paths
    assert all(hit["tier"] == "safe" for hit in found["endpoints"])
    described = _answer(await agent.call_tool("describe_pve_api", {"method": "GET", "path": "/cluster/ha/resources"}))
    assert {p["name"]: p["in"] for p in described["parameters"]}["type"] == "query"
    assert described["privileges"] and described["starts_task"] is False
    result = await agent.call_tool("call_pve_api", {"method": "GET", "path": "/nodes/pve1/storage"})
    answer = _answer(result)
    assert answer["state"] == "succeeded"
    storages = {row["storage"] for row in answer["data"]}
    assert "local" in storages
    # a client that reads only the text block gets the rows too
    text = result.content[0].text
    assert {row["storage"] for row in json.loads(text.split("\n", 1)[1])} == storages


async def test_a_post_that_starts_a_task_is_followed_to_its_end(api_stack: Stack, agent: Client) -> None:
    sim = api_stack.sim
    vmid = max(sim.state.guests) + 100
    sim.faults.add_task_rule(type="qmcreate", vmid=vmid, duration=2.0, count=1)
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    params = {"vmid": vmid, "name": "generic-vm", "memory": 512, "scsi0": "local-lvm:4"}
    result = await agent.call_tool(
        "call_pve_api",
        {"method": "POST", "path": "/nodes/pve1/qemu", "params": params, "confirmed": True},
        progress_callback=on_progress,
    )
    answer = _answer(result)
    assert (answer["state"], answer["done"]) == ("succeeded", True), answer
    assert answer["upid"] and f":qmcreate:{vmid}:" in answer["upid"]
    assert sim.state.guests[vmid].config["name"] == "generic-vm"
    assert progress and progress == sorted(progress), progress
    log = _answer(await agent.call_tool("get_task_log", {"job_id": answer["job_id"]}))
    lines = [line["t"] for line in log["lines"]]
    assert any("transferred" in line for line in lines) and lines[-1] == "TASK OK", lines


async def test_a_put_without_a_task_ends_at_once(api_stack: Stack, agent: Client) -> None:
    vm = pick(api_stack.sim, "lxc", "stopped")
    path = f"/nodes/{vm.node}/lxc/{vm.vmid}/config"
    arguments = {"method": "PUT", "path": path, "params": {"description": "set generically"}, "confirmed": True}
    answer = _answer(await agent.call_tool("call_pve_api", arguments))
    assert (answer["state"], answer["upid"], answer["data"]) == ("succeeded", None, None)
    assert api_stack.sim.state.guests[vm.vmid].config["description"] == "set generically"


async def test_bad_input_is_refused_before_anything_is_queued(api_stack: Stack, agent: Client) -> None:
    sim = api_stack.sim
    vm = pick(sim, "qemu", "stopped")
    before = picture(sim)
    text = await error_of(
        agent,
        "call_pve_api",
        method="PUT",
        path=f"/nodes/{vm.node}/qemu/{vm.vmid}/config",
        params={"net0": "virtio,bridgez=vmbr0", "cores": "many"},
        confirmed=True,
    )
    assert text.startswith("VALIDATION_ERROR") and "net0" in text and "cores" in text
    assert "no endpoint" in await error_of(agent, "call_pve_api", method="GET", path="/nodes/pve1/no-such-thing")
    in_path_and_body = {"vmid": vm.vmid + 1}
    text = await error_of(
        agent, "call_pve_api", method="POST", path=f"/nodes/{vm.node}/qemu/{vm.vmid}/status/start",
        params=in_path_and_body, confirmed=True,
    )  # fmt: skip
    assert "vmid" in text and "duplicate parameter" in text
    assert len(sim.requests) == before.requests
    assert_unchanged(sim, before)


async def test_a_denied_endpoint_is_refused_and_not_offered(api_stack: Stack, agent: Client) -> None:
    before = picture(api_stack.sim)
    text = await error_of(agent, "call_pve_api", method="GET", path="/nodes/pve1/syslog")
    assert text.startswith("FEATURE_DISABLED") and "PROXMOX_MCP_API_DENY" in text
    found = _answer(await agent.call_tool("find_pve_api", {"query": "syslog"}))
    assert "/nodes/{node}/syslog" not in [hit["path"] for hit in found["endpoints"]]
    assert len(api_stack.sim.requests) == before.requests


async def test_a_critical_endpoint_needs_danger_then_the_path_typed_again(api_stack: Stack, agent: Client) -> None:
    sim = api_stack.sim
    vm = pick(sim, "qemu", "stopped")
    path = f"/nodes/{vm.node}/qemu/{vm.vmid}"
    before = picture(sim)
    async with HostedClient(api_stack.client(api_stack.env(PROXMOX_ALLOW_DANGER="false"))) as careful:
        text = await error_of(careful, "call_pve_api", method="DELETE", path=path, confirmed=True, confirm_path=path)
    assert text.startswith("DANGER_DISABLED")
    text = await error_of(agent, "call_pve_api", method="DELETE", path=path, confirmed=True)
    assert text.startswith("CONFIRMATION_REQUIRED") and "confirm_path" in text
    assert len(sim.requests) == before.requests
    arguments = {"method": "DELETE", "path": path, "confirmed": True, "confirm_path": path, "wait_seconds": 30}
    answer = _answer(await agent.call_tool("call_pve_api", arguments))
    assert answer["state"] == "succeeded", answer
    assert vm.vmid not in sim.state.guests


async def test_a_client_that_can_ask_shows_the_exact_request_with_secrets_masked(api_stack: Stack) -> None:
    sim = api_stack.sim
    vm = pick(sim, "qemu", "stopped")
    asked: list[str] = []

    async def answer(context: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"approve": True})

    path = f"/nodes/{vm.node}/qemu/{vm.vmid}/config"
    arguments = {"method": "PUT", "path": path, "params": {"cipassword": SECRET, "ciuser": "agent"}}
    async with HostedClient(api_stack.client(elicitation_callback=answer)) as asking:
        result = _answer(await asking.call_tool("call_pve_api", arguments))
    assert result["state"] == "succeeded"
    assert asked and f"PUT {path}" in asked[0] and "cipassword=***" in asked[0] and "ciuser=agent" in asked[0]
    assert SECRET not in asked[0]
    # PVE got the secret itself; nothing else of ours holds it
    sent = [r for r in sim.requests if r.method == "PUT" and r.path == path]
    assert sent[-1].params["cipassword"] == SECRET
    shown = json.dumps(result)
    audit = await asking_audit(api_stack)
    logs = "".join(p.read_text() for p in api_stack.log_dir.glob("*.log"))
    stored = api_stack.redis.dump() if api_stack.redis is not None else ""
    for place, text in (("answer", shown), ("audit", audit), ("logs", logs), ("redis", stored)):
        assert SECRET not in text, f"the secret is in the {place}"


async def asking_audit(stack: Stack) -> str:
    async with HostedClient(stack.client()) as reader:
        return json.dumps(_answer(await reader.call_tool("get_audit_log", {"limit": 20})))


async def test_a_forged_job_is_refused_by_the_worker_with_nothing_sent(api_stack: Stack) -> None:
    if api_stack.redis is None:
        pytest.skip("a job written into Redis needs a shared Redis")
    sim = api_stack.sim
    vm = pick(sim, "qemu", "stopped")
    before = picture(sim)
    start = {"method": "POST", "path": f"/nodes/{vm.node}/qemu/{vm.vmid}/status/start", "confirmed": True}
    other = JobSigner(b"a key that is not the workers' one", expiry_seconds=3600)
    record = await ended(api_stack.redis, await inject(api_stack.redis, "pve_api_change", start, signer=other))
    assert (record.state.value, record.error_code) == ("failed", "JOB_REFUSED")
    # signed as a frontend would, but for an endpoint the workers deny, or a Critical one not typed again
    denied = {"method": "GET", "path": "/nodes/pve1/syslog"}
    record = await ended(api_stack.redis, await inject(api_stack.redis, "pve_api_read", denied))
    assert (record.state.value, record.error_code) == ("failed", "FEATURE_DISABLED")
    destroy = {"method": "DELETE", "path": f"/nodes/{vm.node}/qemu/{vm.vmid}", "confirmed": True}
    record = await ended(api_stack.redis, await inject(api_stack.redis, "pve_api_change", destroy))
    assert (record.state.value, record.error_code) == ("failed", "CONFIRMATION_REQUIRED")
    # signed for a caller scoped to one guest: a path that names no guest is beyond it
    scoped = Caller(kind="token", name="one-guest", scopes=("change", f"vmid:{vm.vmid}"))
    storages = {"method": "GET", "path": "/nodes/pve1/storage"}
    record = await ended(api_stack.redis, await inject(api_stack.redis, "pve_api_read", storages, caller=scoped))
    assert (record.state.value, record.error_code) == ("failed", "PERMISSION_DENIED")
    sneaked = {"method": "GET", "path": f"/nodes/{vm.node}/qemu/{vm.vmid}", "sealed": {"password": "bm90IHNlYWxlZA=="}}
    record = await ended(api_stack.redis, await inject(api_stack.redis, "pve_api_read", sneaked))
    assert (record.state.value, record.error_code) == ("failed", "JOB_REFUSED")
    assert len(sim.requests) == before.requests
    assert_unchanged(sim, before)


async def test_a_read_scoped_token_may_get_but_not_post(api_stack: Stack) -> None:
    sim = api_stack.sim
    tokens_file = api_stack.log_dir / "api-tokens.json"
    reader = add_token(tokens_file, "api-reader", ["read"])
    vm = pick(sim, "qemu", "stopped")
    env = api_stack.env(PROXMOX_MCP_TOKENS_FILE=str(tokens_file))
    async with http_server(env, api_stack.log_dir) as server, HostedClient(http_client(server.url, reader)) as client:
        answer = _answer(await client.call_tool("call_pve_api", {"method": "GET", "path": "/nodes/pve1/storage"}))
        assert answer["data"]
        before = picture(sim)
        path = f"/nodes/{vm.node}/qemu/{vm.vmid}/status/start"
        text = await error_of(client, "call_pve_api", method="POST", path=path, confirmed=True)
    assert text.startswith("PERMISSION_DENIED") and "change" in text
    assert len(sim.requests) == before.requests
    assert_unchanged(sim, before)
    one_guest = add_token(tokens_file, "api-one-guest", ["change", f"vmid:{vm.vmid}"])
    async with (
        http_server(env, api_stack.log_dir) as server,
        HostedClient(http_client(server.url, one_guest)) as client,
    ):
        mine = _answer(
            await client.call_tool("call_pve_api", {"method": "GET", "path": f"/nodes/{vm.node}/qemu/{vm.vmid}/config"})
        )
        assert mine["data"]
        text = await error_of(client, "call_pve_api", method="GET", path="/nodes/pve1/storage")
    assert text.startswith("PERMISSION_DENIED") and "names none" in text

"""MCP tasks (io.modelcontextprotocol/tasks) on the wire: raw JSON-RPC, 2026-07-28 protocol, over stdio and HTTP.

What a client that declares the extension sees, through long changes (clone, migrate): a change
answers at once with a task, which tasks/get follows (progress on the way) to the tool's own
answer, its error too, with its code; tasks/cancel stops the PVE task in pvesim; a change that
needs the user's yes waits for it as an input_required task that tasks/update answers. A
request that declares nothing gets today's answers, and nobody but the task's caller sees the task.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Guest
from tests.support.http_server import http_server
from tests.support.redis_server import RedisServer
from tests.support.stack import Stack, start_stack
from tests.support.waiting import eventually
from tests.support.wire import HttpWire, StdioWire, Wire, WireError

pytestmark = pytest.mark.timeout(120)

WEEK_MS = 7 * 86400 * 1000  # PROXMOX_MCP_JOB_TTL's default
ENDED = ("completed", "failed", "cancelled")


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def tasks_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    config = SimConfig(task_duration=0.3, lock_timeout=0.5, guests=40)
    running = await start_stack(request.param, redis_proc, config, {"PROXMOX_MCP_WORKER_POLL": "0.2"})
    yield running
    running.stop()
    await running.sim.stop()


def _server_env(stack: Stack, name: str) -> dict[str, str]:
    return stack.env(PROXMOX_MCP_LOG_FILE=str(stack.log_dir / f"{name}.log"))


@asynccontextmanager
async def serving(transport: str, stack: Stack, name: str) -> AsyncIterator[Wire]:
    """A server process of the stack, spoken to over `transport` (stdio, or HTTP on loopback without auth)."""
    env = _server_env(stack, name)
    if transport == "stdio":
        async with StdioWire.start(env, stack.log_dir) as stdio:
            yield stdio
        return
    async with http_server(env, stack.log_dir, "--no-auth") as server:
        http = HttpWire(server.url)
        try:
            yield http
        finally:
            await http.aclose()


@pytest.fixture(scope="module", params=["stdio", "http"])
async def wire(request: pytest.FixtureRequest, tasks_stack: Stack) -> AsyncIterator[Wire]:
    async with serving(request.param, tasks_stack, "server") as running:
        yield running


async def call(wire: Wire, tool: str, **arguments: Any) -> dict[str, Any]:
    return await wire.request("tools/call", {"name": tool, "arguments": arguments})


async def until(
    wire: Wire, task_id: str, seen: Callable[[dict[str, Any]], bool], *, timeout: float = 30
) -> dict[str, Any]:
    """tasks/get, polled until `seen` holds for the task (or it ended)."""

    async def probe() -> dict[str, Any] | None:
        task = await wire.request("tasks/get", {"taskId": task_id})
        return task if seen(task) or task["status"] in ENDED else None

    return await eventually(probe, timeout=timeout, interval=0.1, what=f"task {task_id}")


def fresh(name: str) -> str:
    """A snapshot name no other test (of this stack, over another transport) took."""
    return f"{name}-{next(_SERIAL)}"


_SERIAL = itertools.count(1)


def ended(task: dict[str, Any]) -> bool:
    return task["status"] in ENDED


_USED: set[tuple[int, int]] = set()


def untouched(sim: Simulator, kind: str, status: str) -> Guest:
    """A guest of this kind and state that no other test here used (each test's PVE tasks are its own)."""
    for vmid in sorted(sim.state.guests):
        found = sim.state.guests[vmid]
        if (found.kind, found.status) != (kind, status) or found.template or found.lock or found.paused:
            continue
        if (id(sim), vmid) not in _USED:
            _USED.add((id(sim), vmid))
            return found
    raise AssertionError(f"no {status} {kind} guest left")


def other_node(sim: Simulator, of: Guest) -> str:
    return next(node for node in sim.state.nodes if node != of.node and sim.state.nodes[node].online)


async def test_a_clone_answers_with_a_task_that_reports_progress_and_ends_with_the_tools_result(
    wire: Wire, tasks_stack: Stack
) -> None:
    sim = tasks_stack.sim
    source = untouched(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmclone", vmid=source.vmid, duration=6.0, count=1)  # copy lines over ~5 s
    name = fresh("task-clone")
    created = await call(wire, "clone_instance", vmid=source.vmid, name=name, confirmed=True)
    assert created["resultType"] == "task"
    assert created["status"] == "working"
    assert (created["ttlMs"], created["pollIntervalMs"]) == (WEEK_MS, 1000)
    assert {"result", "error", "inputRequests"}.isdisjoint(created)
    task_id = created["taskId"]

    working = await until(wire, task_id, lambda task: "%" in task.get("statusMessage", ""))
    assert working["status"] == "working", working
    assert working["statusMessage"].startswith("running PVE task UPID:")
    assert ":qmclone:" in working["statusMessage"]

    done = await until(wire, task_id, ended)
    assert done["status"] == "completed", done
    assert done["resultType"] == "complete"
    result = done["result"]
    assert not result.get("isError")
    report = result["structuredContent"]
    assert (report["job_id"], report["state"], report["exitstatus"]) == (task_id, "succeeded", "OK")
    assert (report["result"]["source_vmid"], report["result"]["name"]) == (source.vmid, name)
    assert sim.state.guests[report["result"]["vmid"]].config["name"] == name
    assert result["content"][0]["text"].startswith("clone_instance succeeded")


async def test_a_failing_migration_completes_with_the_tools_error_and_its_code(wire: Wire, tasks_stack: Stack) -> None:
    sim = tasks_stack.sim
    vm = untouched(sim, "qemu", "stopped")
    home, target = vm.node, other_node(sim, vm)
    sim.faults.add_task_rule(type="qmigrate", vmid=vm.vmid, outcome="error:migration aborted", count=1)
    created = await call(wire, "migrate_instance", vmid=vm.vmid, target=target, confirmed=True)
    done = await until(wire, created["taskId"], ended)
    assert done["status"] == "completed"  # a tool error is a result, not a protocol failure
    result = done["result"]
    assert result["isError"] is True
    assert result["content"][0]["text"].startswith("PVE_TASK_FAILED:")
    assert "migration aborted" in result["content"][0]["text"]
    assert result["structuredContent"]["error"]["code"] == "PVE_TASK_FAILED"
    assert sim.state.guests[vm.vmid].node == home


async def test_cancelling_a_running_migration_stops_its_pve_task(wire: Wire, tasks_stack: Stack) -> None:
    sim = tasks_stack.sim
    vm = untouched(sim, "qemu", "stopped")
    home, target = vm.node, other_node(sim, vm)
    sim.faults.add_task_rule(type="qmigrate", vmid=vm.vmid, duration=30.0, count=1)
    created = await call(wire, "migrate_instance", vmid=vm.vmid, target=target, confirmed=True)
    task_id = created["taskId"]
    running = await until(wire, task_id, lambda task: "running PVE task" in task["statusMessage"])
    upid = running["statusMessage"].removeprefix("running PVE task ").split(",")[0]

    ack = await wire.request("tasks/cancel", {"taskId": task_id})
    assert {"taskId", "status", "result", "error"}.isdisjoint(ack)
    assert ack["resultType"] == "complete"
    done = await until(wire, task_id, ended)
    assert done["status"] == "cancelled", done.get("result", done)
    assert sim.state.tasks[upid].exitstatus == "received interrupt"
    assert sim.state.guests[vm.vmid].node == home
    assert await wire.request("tasks/cancel", {"taskId": task_id}) == ack  # an ended task: the same ack


async def test_an_unconfirmed_clone_asks_through_its_task_and_runs_on_the_users_yes(
    wire: Wire, tasks_stack: Stack
) -> None:
    sim = tasks_stack.sim
    source = untouched(sim, "qemu", "stopped")
    name = fresh("asked")
    created = await call(wire, "clone_instance", vmid=source.vmid, name=name)
    assert created["status"] == "input_required"
    task_id = created["taskId"]
    asking = await wire.request("tasks/get", {"taskId": task_id})
    question = asking["inputRequests"]["confirm"]
    assert question["method"] == "elicitation/create"
    assert f"VM {source.vmid}" in question["params"]["message"]
    assert question["params"]["requestedSchema"]["required"] == ["approve"]
    named = [g for g in sim.state.guests.values() if g.config.get("name") == name]
    assert named == []  # nothing happens before the yes

    unknown = {"never-asked": {"action": "accept", "content": {"approve": True}}}
    assert (await wire.request("tasks/update", {"taskId": task_id, "inputResponses": unknown}))[
        "resultType"
    ] == "complete"
    assert (await wire.request("tasks/get", {"taskId": task_id}))["status"] == "input_required"

    yes = {"confirm": {"action": "accept", "content": {"approve": True}}}
    ack = await wire.request("tasks/update", {"taskId": task_id, "inputResponses": yes})
    assert {"taskId", "status", "inputRequests"}.isdisjoint(ack)
    done = await until(wire, task_id, ended)
    assert done["status"] == "completed", done
    report = done["result"]["structuredContent"]
    assert report["state"] == "succeeded"
    assert sim.state.guests[report["result"]["vmid"]].config["name"] == name


async def test_the_users_no_or_a_cancel_ends_a_waiting_task_with_nothing_changed(
    wire: Wire, tasks_stack: Stack
) -> None:
    sim = tasks_stack.sim
    vm = untouched(sim, "qemu", "stopped")
    names = fresh("refused"), fresh("dropped")
    refused = await call(wire, "create_snapshot", vmid=vm.vmid, name=names[0])
    no = {"confirm": {"action": "decline"}}
    await wire.request("tasks/update", {"taskId": refused["taskId"], "inputResponses": no})
    done = await until(wire, refused["taskId"], ended)
    assert done["status"] == "completed"
    assert done["result"]["isError"] is True
    assert done["result"]["content"][0]["text"].startswith("CONFIRMATION_REQUIRED: the user did not approve (decline)")
    assert done["result"]["structuredContent"]["error"]["code"] == "CONFIRMATION_REQUIRED"

    dropped = await call(wire, "create_snapshot", vmid=vm.vmid, name=names[1])
    await wire.request("tasks/cancel", {"taskId": dropped["taskId"]})
    assert (await wire.request("tasks/get", {"taskId": dropped["taskId"]}))["status"] == "cancelled"
    assert set(names).isdisjoint(sim.state.guests[vm.vmid].snapshots)


async def test_bad_input_is_refused_at_once_without_a_task(wire: Wire) -> None:
    refused = await call(wire, "create_snapshot", vmid=99, name="x", confirmed=True)
    assert refused["resultType"] == "complete"
    assert "taskId" not in refused
    assert refused["isError"] is True
    assert refused["content"][0]["text"].startswith("VALIDATION_ERROR:")


async def test_a_request_that_declares_no_tasks_gets_todays_answer(wire: Wire, tasks_stack: Stack) -> None:
    vm = untouched(tasks_stack.sim, "qemu", "stopped")
    answer = await wire.request(
        "tools/call",
        {"name": "create_snapshot", "arguments": {"vmid": vm.vmid, "name": fresh("plain"), "confirmed": True}},
        capabilities={},
    )
    assert "taskId" not in answer
    assert answer["structuredContent"]["state"] == "succeeded"
    with pytest.raises(WireError) as refused:
        await wire.request("tasks/get", {"taskId": answer["structuredContent"]["job_id"]}, capabilities={})
    assert refused.value.code == -32021
    assert refused.value.data["requiredCapabilities"]["extensions"] == {"io.modelcontextprotocol/tasks": {}}


async def test_a_task_is_only_visible_to_its_caller(
    wire: Wire, tasks_stack: Stack, request: pytest.FixtureRequest
) -> None:
    if tasks_stack.embedded:
        pytest.skip("two servers share tasks only through a shared Redis")
    vm = untouched(tasks_stack.sim, "qemu", "stopped")
    created = await call(wire, "create_snapshot", vmid=vm.vmid, name=fresh("mine"))
    transport = request.node.callspec.params["wire"]
    async with serving(transport, tasks_stack, "other") as other:
        for method, params in (
            ("tasks/get", {}),
            ("tasks/cancel", {}),
            ("tasks/update", {"inputResponses": {"confirm": {"action": "accept", "content": {"approve": True}}}}),
        ):
            with pytest.raises(WireError) as hidden:
                await other.request(method, {"taskId": created["taskId"], **params})
            assert (hidden.value.code, hidden.value.message) == (-32602, "Failed to retrieve task: Task not found")
    assert (await wire.request("tasks/get", {"taskId": created["taskId"]}))["status"] == "input_required"
    with pytest.raises(WireError) as unknown:
        await wire.request("tasks/get", {"taskId": "no-such-task"})
    assert unknown.value.code == -32602


async def test_a_generic_call_that_starts_a_task_answers_with_a_task_and_a_get_answers_at_once(
    wire: Wire, tasks_stack: Stack
) -> None:
    sim = tasks_stack.sim
    vm = untouched(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmstart", vmid=vm.vmid, duration=2.0, count=1)
    path = f"/nodes/{vm.node}/qemu/{vm.vmid}/status/start"
    created = await call(wire, "call_pve_api", method="POST", path=path, confirmed=True)
    assert (created["resultType"], created["status"]) == ("task", "working"), created
    done = await until(wire, created["taskId"], ended)
    assert done["status"] == "completed", done
    report = done["result"]["structuredContent"]
    assert (report["operation"], report["state"], report["exitstatus"]) == ("pve_api_change", "succeeded", "OK")
    assert sim.state.guests[vm.vmid].status == "running"
    read = await call(wire, "call_pve_api", method="GET", path=f"/nodes/{vm.node}/qemu/{vm.vmid}/status/current")
    assert read["resultType"] == "complete"
    assert read["structuredContent"]["data"]["status"] == "running"

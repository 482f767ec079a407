"""Every PVE request a tool makes is listed in its operation's catalogue entry (`pve_calls`).

docs/api_manifest.md and scripts/test_connection.py's privilege check read `pve_calls`; a
request missing there is a privilege nobody is told about. Each case runs a tool end to end
(the in-process server on its embedded store and worker, against pvesim) and holds every
(method, path template) pvesim logged meanwhile against the schema endpoints the operation's
calls name, `{action}` expanded.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import httpx
import pytest
from mcp import Client

from mcp_frontend.tools import all_tools
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Guest
from shared.privileges import call_endpoints
from shared.pve.schema import load_schema
from tests.support.calls import CHANGES, READS, Case, guest
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(120)

SCHEMA = load_schema("9.1")
#: a change still running when its tool answers is waited for this long (its calls count too)
JOB_WAIT = 30


#: the operations each tool runs
RUNS = {spec.name: spec.runs for spec in all_tools()}


def documented(*tools: str) -> set[str]:
    """'METHOD /template' of every schema endpoint the pve_calls of the tools' operations name."""
    return {
        f"{endpoint.method} {endpoint.path}"
        for tool in tools
        for op in RUNS[tool]
        for call in op.pve_calls
        for endpoint in call_endpoints(call, SCHEMA)
    }


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    # a generated cluster of 40 guests: each case finds guests in the state it needs
    simulator = Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5, ssh=True, guests=40))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    """The in-process server, with SSH, commands in VMs and Critical tools on."""
    async with inprocess_client(
        sim, PROXMOX_ALLOW_DANGER="true", PROXMOX_MCP_LOCK_WAIT="10", PROXMOX_VM_EXEC="true"
    ) as connected:
        yield connected


async def run_tool(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The tool's structured answer; a job of ours still running then is waited for to its end."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    answer: dict[str, Any] = result.structured_content
    if answer.get("done") is False and answer.get("job_id") is not None:
        status = await client.call_tool("get_task_status", {"job_id": answer["job_id"], "wait_seconds": JOB_WAIT})
        assert status.structured_content is not None
        assert status.structured_content["done"], status.structured_content
    return answer


async def calls_during(sim: Simulator, run: Callable[[], Any]) -> set[str]:
    """'METHOD /template' of every request pvesim saw while `run` ran."""
    mark = len(sim.requests)
    await run()
    return {f"{record.method} {record.template}" for record in sim.requests[mark:]}


def assert_documented(calls: Iterable[str], *tools: str) -> None:
    undocumented = sorted(set(calls) - documented(*tools))
    assert not undocumented, f"not in the pve_calls of {', '.join(tools)}'s operations: {undocumented}"


def _case_id(case: Case) -> str:
    return case.tool


@pytest.mark.parametrize("case", [pytest.param(c, id=_case_id(c)) for c in READS])
async def test_a_read_calls_only_what_its_operation_lists(sim: Simulator, client: Client, case: Case) -> None:
    arguments = case.arguments(sim)
    calls = await calls_during(sim, lambda: run_tool(client, case.tool, arguments))
    assert calls, "the read reached PVE"
    assert_documented(calls, case.tool)


@pytest.mark.parametrize("case", [pytest.param(c, id=_case_id(c)) for c in CHANGES])
async def test_a_change_calls_only_what_its_operation_lists(sim: Simulator, client: Client, case: Case) -> None:
    arguments = {"confirmed": True, **case.arguments(sim)}
    calls = await calls_during(sim, lambda: run_tool(client, case.tool, arguments))
    assert calls, "the change reached PVE"
    assert_documented(calls, case.tool)


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_a_rollback_calls_only_what_its_operation_lists(sim: Simulator, client: Client, kind: str) -> None:
    vmid = guest(sim, kind, "stopped").vmid
    await run_tool(client, "create_snapshot", {"vmid": vmid, "name": "before", "confirmed": True})
    arguments = {"vmid": vmid, "name": "before", "start": True, "confirmed": True}
    calls = await calls_during(sim, lambda: run_tool(client, "rollback_snapshot", arguments))
    assert "POST /nodes/{node}/" + kind + "/{vmid}/snapshot/{snapname}/rollback" in calls
    assert_documented(calls, "rollback_snapshot")


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_a_restore_calls_only_what_its_operation_lists(sim: Simulator, client: Client, kind: str) -> None:
    vmid = guest(sim, kind, "stopped").vmid
    backup = await run_tool(client, "backup_instance", {"vmid": vmid, "confirmed": True, "wait_seconds": JOB_WAIT})
    [archive] = backup["result"]["archives"]
    node = sim.state.guests[vmid].node
    arguments = {"archive": archive["volid"], "node": node, "storage": "local-lvm", "start": True, "confirmed": True}
    calls = await calls_during(sim, lambda: run_tool(client, "restore_backup", arguments))
    assert f"POST /nodes/{{node}}/{kind}" in calls
    assert_documented(calls, "restore_backup")
    forced = {**arguments, "vmid": vmid, "confirm_vmid": vmid, "force": True, "start": False}
    calls = await calls_during(sim, lambda: run_tool(client, "restore_backup", {**forced, "confirmed": True}))
    assert_documented(calls, "restore_backup")


async def test_cancelling_a_job_calls_only_what_cancel_and_the_job_list(sim: Simulator, client: Client) -> None:
    ct = guest(sim, "lxc", "stopped")
    sim.faults.add_task_rule(type="vzstart", vmid=ct.vmid, duration=30.0, count=1)

    async def start_and_cancel() -> None:
        started = await client.call_tool(
            "power_control", {"vmid": ct.vmid, "action": "start", "confirmed": True, "wait_seconds": 0.5}
        )
        assert started.structured_content is not None
        assert started.structured_content["done"] is False
        job_id = started.structured_content["job_id"]
        cancelled = await run_tool(client, "cancel_task", {"job_id": job_id, "confirmed": True})
        assert cancelled["result"]["state"] == "cancelled"

    calls = await calls_during(sim, start_and_cancel)
    assert "DELETE /nodes/{node}/tasks/{upid}" in calls
    # both jobs run at once, so neither's requests can be told apart: together they are in both entries
    assert_documented(calls, "power_control", "cancel_task")


async def _foreign_task(sim: Simulator, ct: Guest) -> str:
    """A UPID of a task started outside the server (straight through the API)."""
    tls = ssl.create_default_context(cafile=str(sim.ca_path))
    async with httpx.AsyncClient(base_url=sim.api_url, verify=tls, headers={"Authorization": sim.auth_header}) as pve:
        answer = await pve.post(f"/nodes/{ct.node}/lxc/{ct.vmid}/status/start")
    answer.raise_for_status()
    upid: str = answer.json()["data"]
    return upid


@pytest.mark.parametrize("tool", ["get_task_status", "get_task_log", "cancel_task"])
async def test_a_task_started_elsewhere_is_read_and_stopped_with_what_the_operation_lists(
    sim: Simulator, client: Client, tool: str
) -> None:
    ct = guest(sim, "lxc", "stopped")
    sim.faults.add_task_rule(type="vzstart", vmid=ct.vmid, duration=30.0, count=1)
    upid = await _foreign_task(sim, ct)
    arguments: dict[str, Any] = {"upid": upid} | ({"confirmed": True} if tool == "cancel_task" else {})
    calls = await calls_during(sim, lambda: run_tool(client, tool, arguments))
    assert calls
    assert_documented(calls, tool)
    sim.core.tasks.stop(upid)  # the next case finds the container free
    await sim.wait_task(upid)


async def test_a_generic_call_sends_the_endpoint_it_names_and_only_what_its_operations_list(
    sim: Simulator, client: Client
) -> None:
    vm = guest(sim, "qemu", "stopped")
    guest_path = f"/nodes/{vm.node}/qemu/{vm.vmid}"
    for method, path, params in (
        ("GET", f"{guest_path}/config", {}),
        ("PUT", f"{guest_path}/config", {"description": "set through call_pve_api"}),
        ("POST", f"{guest_path}/status/start", {}),
    ):
        template, _ = SCHEMA.match(path) or ("", {})
        arguments = {"method": method, "path": path, "params": params, "confirmed": True}
        calls = await calls_during(sim, lambda arguments=arguments: run_tool(client, "call_pve_api", arguments))
        assert f"{method} {template}" in calls
        assert_documented(calls - {f"{method} {template}"}, "call_pve_api")

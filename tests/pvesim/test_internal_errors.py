"""A bug in pvesim never hangs a task or drops a connection: it answers or ends like PVE, and is recorded.

Each test breaks a piece of the simulator on purpose, checks the answer and the record in
`sim.errors`, and clears the record (the session fails on any internal error left behind).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

import pvesim.simulator
from pvesim.call import ROUTES, Call
from pvesim.http import Request
from pvesim.simulator import Simulator
from pvesim.tasks import Effect, TaskContext
from tests.support.pve_api import finished, task_log

BUG = "pvesim internal error: RuntimeError('simulated bug')"


@pytest.fixture
async def admin(sim: Simulator) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=sim.url, verify=False, headers={"Authorization": sim.auth_header}) as http:
        yield http


async def test_a_task_whose_work_raises_ends_in_error_and_is_recorded(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    async def broken(context: TaskContext) -> Effect | None:
        context.log("starting")
        raise RuntimeError("simulated bug")

    guest = sim.state.guests[101]
    task = sim.core.tasks.start(
        node="pve1", task_type="qmstart", task_id="101", user=sim.token_name, work=broken, guest=guest, config_lock="x"
    )
    status = await finished(sim, client, task.upid)
    assert (status["status"], status["exitstatus"]) == ("stopped", BUG)
    assert await task_log(client, task.upid) == ["starting", f"TASK ERROR: {BUG}"]
    assert [error.where for error in sim.errors] == [f"task {task.upid} (work)"]
    assert "RuntimeError: simulated bug" in sim.errors[0].traceback
    sim.errors.clear()
    # the guest's config lock and task lock were let go: the next task runs
    assert "lock" not in guest.config
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "OK"


async def test_a_failed_tasks_undo_that_raises_is_recorded_and_the_task_still_ends(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    async def failing(context: TaskContext) -> Effect | None:
        raise RuntimeError("the task's own failure")

    def undo() -> None:
        raise RuntimeError("simulated bug")

    task = sim.core.tasks.start(
        node="pve1", task_type="qmcreate", task_id="150", user=sim.token_name, work=failing, guest=None, on_failure=undo
    )
    status = await finished(sim, client, task.upid)
    assert status["exitstatus"] == 'pvesim internal error: RuntimeError("the task\'s own failure")'
    assert [error.where for error in sim.errors] == [f"task {task.upid} (work)", f"task {task.upid} (undo)"]
    sim.errors.clear()


async def test_an_api_handler_that_raises_answers_500_with_pves_error_body(
    sim: Simulator, client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(call: Call) -> object:
        raise RuntimeError("simulated bug")

    monkeypatch.setitem(ROUTES, ("GET", "/version"), broken)
    response = await client.get("/version")
    assert response.status_code == 500
    assert response.reason_phrase == BUG
    assert response.json() == {"data": None, "message": BUG + "\n"}
    assert (sim.requests[-1].path, sim.requests[-1].status) == ("/version", 500)
    assert [error.where for error in sim.errors] == ["GET /version"]
    sim.errors.clear()
    # the connection was answered, not dropped: the same client goes on
    assert (await client.get("/nodes")).status_code == 200


async def test_an_admin_call_that_raises_answers_500_and_errors_are_listed_and_cleared(
    sim: Simulator, admin: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(core: object, request: Request, path: str) -> object:
        raise RuntimeError("simulated bug")

    with monkeypatch.context() as patch:
        patch.setattr(pvesim.simulator, "handle_admin", broken)
        response = await admin.get("/_sim/state")
    assert response.status_code == 500
    assert response.json()["message"] == BUG + "\n"
    listed = (await admin.get("/_sim/errors")).json()["data"]
    assert [(e["where"], e["error"]) for e in listed] == [("GET /_sim/state", "RuntimeError('simulated bug')")]
    assert (await admin.delete("/_sim/errors")).status_code == 200
    assert sim.errors == []


@pytest.mark.parametrize("timeout", ["abc", "nan", "-1", ""])
async def test_admin_wait_with_a_timeout_that_is_no_number_of_seconds_is_a_400(
    sim: Simulator, admin: httpx.AsyncClient, timeout: str
) -> None:
    upid = (await admin.post("/api2/json/nodes/pve1/qemu/101/status/start")).json()["data"]
    response = await admin.get(f"/_sim/tasks/{upid}/wait", params={"timeout": timeout})
    assert response.status_code == 400
    assert response.json()["message"] == f"timeout must be a number of seconds, not {timeout!r}\n"
    assert sim.errors == []

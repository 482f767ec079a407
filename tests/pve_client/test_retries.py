"""Only GETs are tried again, only on transient failures, and never without bound."""

from __future__ import annotations

import httpx
import pytest

from shared.errors import (
    DispatchUncertain,
    Locked,
    NodeUnreachable,
    PermissionDenied,
    PveUnreachable,
    RequestRejected,
)
from shared.pve.client import RetryPolicy
from shared.pve.models import UPID, NodeSummary

from .answers import pve_data, pve_error

NODES = "/nodes"
START = "/nodes/{node}/qemu/{vmid}/status/start"
GUEST = {"node": "pve1", "vmid": 100}
UPID_TEXT = "UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam!mcp:"


class Script:
    """A handler that plays its answers in order (an exception is raised) and counts the calls."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers)
        self.calls = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        answer = self.answers[min(self.calls, len(self.answers) - 1)]
        self.calls += 1
        if isinstance(answer, Exception):
            raise answer
        return answer


def refused() -> httpx.ConnectError:
    return httpx.ConnectError("[Errno 111] Connection refused")


ONLINE = [{"node": "pve1", "status": "online"}]


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param(refused(), id="connection-refused"),
        pytest.param(httpx.ReadTimeout("timed out"), id="read-timeout"),
        pytest.param(httpx.RemoteProtocolError("Server disconnected without sending a response."), id="disconnect"),
        pytest.param(pve_error(502, "Bad Gateway"), id="502"),
        pytest.param(pve_error(503, "Service Unavailable"), id="503"),
        pytest.param(pve_error(595, "Connection refused"), id="595"),
        pytest.param(pve_error(596, "Connection timed out"), id="596"),
    ],
)
async def test_get_is_tried_again_after_a_transient_failure_and_succeeds(make_client, failure):
    script = Script(failure, pve_data(ONLINE))
    client = make_client(script)

    nodes = await client.get(NODES, list[NodeSummary])

    assert [node.node for node in nodes] == ["pve1"]
    assert script.calls == 2


async def test_get_gives_up_after_the_configured_attempts_with_growing_waits(make_client, sleeps):
    script = Script(pve_error(503, "Service Unavailable"))
    client = make_client(
        script, retry=RetryPolicy(attempts=4, backoff_s=0.1, max_backoff_s=0.3, jitter_s=0.0, sleep=sleeps)
    )

    with pytest.raises(PveUnreachable):
        await client.get(NODES, list[NodeSummary])

    assert script.calls == 4
    assert sleeps.waits == pytest.approx([0.1, 0.2, 0.3])


async def test_get_starts_no_new_try_once_the_time_budget_is_spent(make_client, sleeps):
    script = Script(pve_error(595, "No route to host"))
    client = make_client(script, retry=RetryPolicy(attempts=10, max_elapsed_s=0.0, sleep=sleeps))

    with pytest.raises(NodeUnreachable):
        await client.get(NODES, list[NodeSummary])

    assert script.calls == 1
    assert sleeps.waits == []


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        pytest.param(pve_error(500, "VM is locked (backup)"), Locked, id="locked"),
        pytest.param(pve_error(403, "Permission check failed (/, Sys.Audit)"), PermissionDenied, id="forbidden"),
        pytest.param(pve_error(400, "Parameter verification failed."), RequestRejected, id="bad-parameter"),
    ],
)
async def test_get_is_not_tried_again_when_the_answer_would_not_change(make_client, answer, error):
    script = Script(answer)
    client = make_client(script)

    with pytest.raises(error):
        await client.get(NODES, list[NodeSummary])

    assert script.calls == 1


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param(pve_error(503, "Service Unavailable"), id="503"),
        pytest.param(pve_error(596, "Connection timed out"), id="596"),
        pytest.param(httpx.ReadTimeout("timed out"), id="read-timeout"),
        pytest.param(httpx.RemoteProtocolError("Server disconnected without sending a response."), id="disconnect"),
        pytest.param(httpx.WriteError("Broken pipe"), id="write-error"),
    ],
)
async def test_post_is_sent_once_and_a_failure_after_sending_is_dispatch_uncertain(make_client, failure):
    script = Script(failure, pve_data(UPID_TEXT))
    client = make_client(script)

    with pytest.raises(DispatchUncertain) as caught:
        await client.post(START, UPID, path=GUEST)

    assert script.calls == 1
    assert caught.value.code == "DISPATCH_UNCERTAIN"
    assert caught.value.details["endpoint"] == START


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param(refused(), id="connection-refused"),
        pytest.param(httpx.ConnectTimeout("timed out"), id="connect-timeout"),
        pytest.param(httpx.PoolTimeout("no free connection"), id="pool-timeout"),
    ],
)
async def test_post_that_never_left_is_pve_unreachable_not_uncertain(make_client, failure):
    script = Script(failure, pve_data(UPID_TEXT))
    client = make_client(script)

    with pytest.raises(PveUnreachable) as caught:
        await client.post(START, UPID, path=GUEST)

    assert type(caught.value) is PveUnreachable
    assert script.calls == 1


@pytest.mark.parametrize("method", ["put", "delete"])
async def test_put_and_delete_are_never_tried_again(make_client, method):
    script = Script(pve_error(502, "Bad Gateway"), pve_data(None))
    client = make_client(script)

    with pytest.raises(DispatchUncertain):
        await getattr(client, method)("/nodes/{node}/tasks/{upid}", UPID, path={"node": "pve1", "upid": UPID_TEXT})

    assert script.calls == 1

"""Every PVE answer that is not a success becomes one error class of ours, with PVE's reason in it."""

from __future__ import annotations

import httpx
import pytest

from shared.errors import (
    AuthenticationFailed,
    ContractDivergence,
    DispatchUncertain,
    Locked,
    NodeUnreachable,
    NotFound,
    PveUnreachable,
    RequestRejected,
)
from shared.pve.models import UPID, QemuStatus

from .answers import pve_error

STATUS = "/nodes/{node}/qemu/{vmid}/status/current"
START = "/nodes/{node}/qemu/{vmid}/status/start"
GUEST = {"node": "pve1", "vmid": 100}


@pytest.mark.parametrize(
    ("answer", "error", "words"),
    [
        pytest.param(
            pve_error(401, "authentication failure"),
            AuthenticationFailed,
            ["root@pam!mcp", "authentication failure"],
            id="401",
        ),
        pytest.param(
            pve_error(500, "Configuration file 'nodes/pve1/qemu-server/100.conf' does not exist"),
            NotFound,
            ["does not exist", "GET /nodes/{node}/qemu/{vmid}/status/current"],
            id="500-does-not-exist",
        ),
        pytest.param(
            pve_error(500, "no such cluster node 'pve9'"),
            NotFound,
            ["no such cluster node"],
            id="500-no-such",
        ),
        pytest.param(pve_error(500, "VM is locked (backup)"), Locked, ["VM is locked (backup)"], id="500-vm-locked"),
        pytest.param(
            pve_error(500, "can't lock file '/var/lock/qemu-server/lock-100.conf' - got timeout"),
            Locked,
            ["can't lock file"],
            id="500-cant-lock",
        ),
        pytest.param(
            pve_error(500, "unable to read tail (got 0 bytes)"),
            RequestRejected,
            ["unable to read tail"],
            id="500-other",
        ),
        pytest.param(
            pve_error(501, "Method 'GET /nodes/pve1/qemu/100/status/current' not implemented"),
            ContractDivergence,
            ["does not implement", "not implemented"],
            id="501",
        ),
        pytest.param(
            pve_error(595, "No route to host"), NodeUnreachable, ["node pve1", "595", "No route to host"], id="595"
        ),
        pytest.param(pve_error(599, "Too many redirections"), NodeUnreachable, ["599"], id="599"),
        pytest.param(pve_error(502, "Bad Gateway"), PveUnreachable, ["502"], id="502"),
        pytest.param(pve_error(504, "Gateway Timeout"), PveUnreachable, ["504"], id="504"),
        pytest.param(pve_error(404, "Not Found"), RequestRejected, ["404"], id="404-from-a-proxy"),
    ],
)
async def test_error_answer_to_a_get_raises_its_error_class(make_client, answer, error, words):
    client = make_client(lambda request: answer)

    with pytest.raises(error) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert type(caught.value) is error
    for word in words:
        assert word in caught.value.message


async def test_parameter_errors_name_each_rejected_parameter(make_client):
    answer = pve_error(
        400,
        "Parameter verification failed.",
        errors={"vmid": "invalid format - value does not look like a valid VM ID\n"},
    )
    client = make_client(lambda request: answer)

    with pytest.raises(RequestRejected) as caught:
        await client.post(START, UPID, path=GUEST, body={"timeout": 30})

    assert caught.value.details["errors"] == {"vmid": "invalid format - value does not look like a valid VM ID"}
    assert "vmid: invalid format" in caught.value.message
    assert caught.value.code == "PVE_REQUEST_REJECTED"


async def test_pve_message_is_read_from_the_reason_phrase_when_the_body_has_none(make_client):
    answer = httpx.Response(500, content=b"", extensions={"reason_phrase": b"VM 100 not running"})
    client = make_client(lambda request: answer)

    with pytest.raises(RequestRejected) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert "VM 100 not running" in caught.value.message


async def test_401_without_a_body_is_authentication_failed(make_client):
    answer = httpx.Response(401, content=b"", extensions={"reason_phrase": b"invalid token value!"})
    client = make_client(lambda request: answer)

    with pytest.raises(AuthenticationFailed) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert "invalid token value" in caught.value.message
    assert "PROXMOX_TOKEN_NAME" in caught.value.hint


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        pytest.param(pve_error(503, "Service Unavailable"), DispatchUncertain, id="503-may-have-been-forwarded"),
        pytest.param(pve_error(597, "Connection reset"), DispatchUncertain, id="597-after-sending-to-the-node"),
        pytest.param(pve_error(595, "Connection refused"), NodeUnreachable, id="595-never-reached-the-node"),
        pytest.param(pve_error(500, "VM is locked (snapshot)"), Locked, id="lock-means-pve-did-nothing"),
    ],
)
async def test_write_that_may_have_reached_pve_is_dispatch_uncertain(make_client, answer, error):
    client = make_client(lambda request: answer)

    with pytest.raises(error) as caught:
        await client.post(START, UPID, path=GUEST)

    assert type(caught.value) is error


async def test_redirect_is_not_followed_and_is_rejected(make_client):
    answer = httpx.Response(301, headers={"location": "https://elsewhere/"})
    client = make_client(lambda request: answer)

    with pytest.raises(RequestRejected) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert "301" in caught.value.message

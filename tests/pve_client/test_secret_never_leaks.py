"""The token secret appears in no error, no error cause and no log event, whatever goes wrong."""

from __future__ import annotations

import json
import traceback

import httpx
import pytest
from structlog.testing import capture_logs

from shared.errors import ProxmoxMcpError
from shared.pve.models import UPID, NodeSummary

from .answers import TOKEN_SECRET, pve_data, pve_error


def _echo_secret(request: httpx.Request) -> httpx.Response:
    # A hostile or broken server that echoes the Authorization header back in every channel it has.
    header = request.headers["Authorization"]
    return pve_error(403, f"Permission check failed ({header})")


@pytest.mark.parametrize(
    "handler",
    [
        pytest.param(lambda request: pve_error(401, "authentication failure"), id="401"),
        pytest.param(lambda request: pve_error(403, "Permission check failed (/, Sys.Audit)"), id="403"),
        pytest.param(lambda request: pve_error(503, "Service Unavailable"), id="retried-503"),
        pytest.param(lambda request: pve_data([{"node": 1}]), id="divergence"),
        pytest.param(lambda request: (_ for _ in ()).throw(httpx.ReadTimeout("timed out")), id="timeout"),
    ],
)
@pytest.mark.parametrize("method", ["get", "post"])
async def test_secret_is_absent_from_errors_their_causes_and_logs(make_client, handler, method):
    client = make_client(handler)
    if method == "get":
        call = client.get("/nodes", list[NodeSummary])
    else:
        call = client.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": "pve1", "vmid": 100})

    with capture_logs() as logs, pytest.raises(ProxmoxMcpError) as caught:
        await call

    error = caught.value
    rendered = [
        str(error),
        repr(error),
        json.dumps(error.fields(), default=str),
        "".join(traceback.format_exception(error)),
        json.dumps(logs, default=str),
    ]
    for text in rendered:
        assert TOKEN_SECRET not in text


async def test_server_echoing_the_header_does_not_carry_the_secret_into_the_error(make_client):
    client = make_client(_echo_secret)

    with pytest.raises(ProxmoxMcpError) as caught:
        await client.get("/nodes", list[NodeSummary])

    assert TOKEN_SECRET not in str(caught.value)
    assert TOKEN_SECRET not in json.dumps(caught.value.fields(), default=str)

"""UPID parsing: exactly what PVE::UPID::decode accepts, and the original text back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.errors import InvalidInput
from shared.pve.upid import Upid


@pytest.mark.parametrize(
    ("text", "node", "pid", "pstart", "starttime", "kind", "target", "user", "token"),
    [
        pytest.param(
            "UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:",
            "pve1",
            0x000A1B2C,
            0x0012D687,
            0x66B1F2A0,
            "qmstart",
            "100",
            "root@pam",
            None,
            id="user",
        ),
        pytest.param(
            "UPID:pve-2:00001234:00ABCDEF:66B1F2A0:vzcreate:101:root@pam!mcp:",
            "pve-2",
            0x1234,
            0xABCDEF,
            0x66B1F2A0,
            "vzcreate",
            "101",
            "root@pam",
            "mcp",
            id="token",
        ),
        pytest.param(
            "UPID:node3:0000BEEF:1A2B3C4D5:66B1F2A0:aptupdate::admin@pve:",
            "node3",
            0xBEEF,
            0x1A2B3C4D5,
            0x66B1F2A0,
            "aptupdate",
            "",
            "admin@pve",
            None,
            id="empty-id-and-9-digit-pstart",
        ),
    ],
)
def test_upid_parses_into_its_parts(text, node, pid, pstart, starttime, kind, target, user, token):
    upid = Upid.parse(text)

    assert (upid.node, upid.pid, upid.pstart, upid.starttime) == (node, pid, pstart, starttime)
    assert (upid.type, upid.id, upid.user, upid.token) == (kind, target, user, token)
    assert str(upid) == text


def test_upid_gives_its_start_time_and_owner():
    upid = Upid.parse("UPID:pve1:00001234:00ABCDEF:66B1F2A0:qmstop:100:root@pam!mcp:")

    assert upid.started_at == datetime.fromtimestamp(0x66B1F2A0, tz=UTC)
    assert upid.owner == "root@pam!mcp"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam", id="no-trailing-colon"),
        pytest.param("PID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="no-prefix"),
        pytest.param("UPID:pve1:A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="short-pid"),
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2AZ:qmstart:100:root@pam:", id="not-hex"),
        pytest.param("UPID:-pve:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="bad-node"),
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0::100:root@pam:", id="no-type"),
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:1/0:root@pam:", id="slash-in-id"),
    ],
)
def test_text_that_is_no_upid_is_invalid_input(text):
    with pytest.raises(InvalidInput) as caught:
        Upid.parse(text)

    assert caught.value.code == "VALIDATION_ERROR"

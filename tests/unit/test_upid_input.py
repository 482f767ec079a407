"""A UPID as tools take it: the input type accepts exactly what PVE (and Upid.parse) accepts; the guest it names."""

from __future__ import annotations

import re

import pytest
from pydantic import TypeAdapter, ValidationError

from shared.errors import InvalidInput
from shared.pve.upid import UPID_PATTERN, Upid
from shared.sanitize import UpidText

UPID_TEXT = TypeAdapter(UpidText)

VALID = [
    pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="user"),
    pytest.param("UPID:pve-2:00001234:00ABCDEF:66B1F2A0:vzcreate:101:root@pam!mcp:", id="token"),
    pytest.param("UPID:node3:0000BEEF:1A2B3C4D5:66B1F2A0:aptupdate::admin@pve:", id="empty-id-and-9-digit-pstart"),
]
INVALID = [
    pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam", id="no-trailing-colon"),
    pytest.param("UPID:pve1:A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="short-pid"),
    pytest.param("UPID:pve1:000A1B2C0:0012D687:66B1F2A0:qmstart:100:root@pam:", id="9-digit-pid"),
    pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A00:qmstart:100:root@pam:", id="9-digit-starttime"),
    pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:1/0:root@pam:", id="slash-in-id"),
    pytest.param("UPID:-pve:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", id="bad-node"),
]


@pytest.mark.parametrize("text", VALID)
def test_a_upid_pve_issues_is_taken_by_the_tools_and_parsed(text: str) -> None:
    assert UPID_TEXT.validate_python(text) == text
    assert str(Upid.parse(text)) == text


@pytest.mark.parametrize("text", INVALID)
def test_what_pve_would_not_issue_is_refused_by_the_tools_and_the_parser_alike(text: str) -> None:
    with pytest.raises(ValidationError):
        UPID_TEXT.validate_python(text)
    with pytest.raises(InvalidInput):
        Upid.parse(text)


def test_the_pattern_tools_publish_has_no_python_only_syntax() -> None:
    """Clients check arguments against JSON Schema patterns (ECMA-262), which have no (?P<name>...)."""
    assert "(?P" not in UPID_PATTERN
    assert re.compile(UPID_PATTERN).groups == 0


@pytest.mark.parametrize(
    ("text", "vmid"),
    [
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam:", 100, id="guest-task"),
        pytest.param("UPID:node3:0000BEEF:1A2B3C4D5:66B1F2A0:aptupdate::admin@pve:", None, id="node-task"),
        pytest.param("UPID:pve1:000A1B2C:0012D687:66B1F2A0:imgdel:local:root@pam:", None, id="storage-task"),
    ],
)
def test_a_upid_names_its_guest_only_when_its_id_is_a_vmid(text: str, vmid: int | None) -> None:
    assert Upid.parse(text).vmid == vmid

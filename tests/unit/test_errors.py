"""Every error code the design names exists, with a hint, and renders as the line an agent reads."""

from __future__ import annotations

import pytest

from shared.errors import Locked, ProxmoxMcpError, error_codes, error_from_fields

DESIGN_CODES = {
    "VALIDATION_ERROR",
    "CONFIRMATION_REQUIRED",
    "DANGER_DISABLED",
    "PERMISSION_DENIED",
    "NOT_FOUND",
    "LOCKED",
    "NODE_UNREACHABLE",
    "PVE_TASK_FAILED",
    "API_CONTRACT_DIVERGENCE",
    "JOB_STORE_UNAVAILABLE",
    "TIMEOUT",
}


def test_every_design_code_exists() -> None:
    assert error_codes() >= DESIGN_CODES


@pytest.mark.parametrize("code", sorted(error_codes()))
def test_every_code_rebuilds_with_a_hint(code: str) -> None:
    error = error_from_fields(code, "something happened")
    assert error.code == code
    assert error.hint


def test_error_line_names_code_message_and_next_step() -> None:
    assert str(Locked("VM 100 is locked (backup).")) == (
        "LOCKED: VM 100 is locked (backup). Next: Another task holds the guest; wait for it (get_task_status) "
        "and call again."
    )


def test_unknown_code_becomes_internal_error() -> None:
    error = error_from_fields("NO_SUCH_CODE", "x")
    assert type(error) is not ProxmoxMcpError
    assert error.code == "INTERNAL_ERROR"

"""Redaction: by key, by the PVE token header's shape, and by the configured secret values."""

from __future__ import annotations

from shared.redact import REDACTED, Redactor

SECRET = "0f6b6c5e-1234-4b5a-9c8d-123456789abc"


def test_secret_keys_are_redacted_at_any_depth() -> None:
    data = {"params": {"cipassword": "hunter22", "ciuser": "admin"}, "Authorization": "x"}
    assert Redactor()(data) == {"params": {"cipassword": REDACTED, "ciuser": "admin"}, "Authorization": REDACTED}


def test_token_header_shape_is_redacted_in_text() -> None:
    line = "sent Authorization: PVEAPIToken=root@pam!mcp=" + SECRET + " to pve"
    assert Redactor().text(line) == f"sent Authorization: PVEAPIToken=root@pam!mcp={REDACTED} to pve"


def test_known_secret_values_are_redacted_wherever_they_appear() -> None:
    redactor = Redactor([SECRET])
    assert redactor(["boom " + SECRET]) == [f"boom {REDACTED}"]


def test_url_passwords_are_redacted() -> None:
    assert Redactor().text("redis://:s3cretpass@redis:6379/0") == f"redis://:{REDACTED}@redis:6379/0"


def test_innocent_data_is_left_alone() -> None:
    data = {"node": "pve1", "vmid": 100, "sshkeys": "ssh-ed25519 AAAA user@host", "passthrough": 1}
    assert Redactor([SECRET])(data) == data

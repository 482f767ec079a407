"""Settings: one clear line for a bad value, and every variable documented in .env.example."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.errors import InvalidInput
from shared.settings import Settings, load_settings
from tests.support.signing import TEST_JOB_KEY

ROOT = Path(__file__).resolve().parents[2]


def _variables() -> list[str]:
    names = []
    for field in Settings.model_fields.values():
        alias = field.validation_alias
        names.append(str(alias.choices[0]))  # type: ignore[union-attr]  # every field has AliasChoices
    return names


@pytest.mark.parametrize("variable", _variables())
def test_every_setting_is_documented_in_env_example(variable: str) -> None:
    assert f"{variable}=" in (ROOT / ".env.example").read_text()


def test_a_malformed_setting_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROXMOX_TIMEOUT", "soon")
    with pytest.raises(InvalidInput, match="setting PROXMOX_TIMEOUT is invalid"):
        load_settings()


def test_a_url_without_scheme_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROXMOX_URL", "pve.example.com:8006")
    with pytest.raises(InvalidInput, match="PROXMOX_URL"):
        load_settings()


def test_empty_values_count_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROXMOX_CA_BUNDLE", "")
    monkeypatch.setenv("REDIS_URL", "")
    settings = load_settings()
    assert settings.proxmox_ca_bundle is None
    assert settings.embedded


def test_missing_pve_settings_are_named_together() -> None:
    with pytest.raises(InvalidInput, match="missing setting PROXMOX_URL, PROXMOX_TOKEN_NAME, PROXMOX_TOKEN_VALUE"):
        load_settings().require_pve()


def test_an_env_file_named_by_the_client_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env_file = tmp_path / "proxmox.env"
    env_file.write_text("PROXMOX_URL=https://pve.example.com:8006\nPROXMOX_ALLOW_DANGER=true\n")
    monkeypatch.setenv("PROXMOX_MCP_ENV_FILE", str(env_file))
    settings = load_settings()
    assert settings.proxmox_url == "https://pve.example.com:8006"
    assert settings.proxmox_allow_danger is True


def test_a_missing_env_file_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="does not exist"):
        load_settings(tmp_path / "nope.env")


def test_secrets_are_known_for_redaction(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROXMOX_TOKEN_VALUE", "0f6b6c5e-1234")
    monkeypatch.setenv("REDIS_URL", "redis://:hunter2hunter@redis:6379/0")
    assert load_settings().secrets() == ["0f6b6c5e-1234", TEST_JOB_KEY, "hunter2hunter"]


def _pve(**overrides: object) -> Settings:
    base: dict[str, object] = {
        "proxmox_url": "https://pve.example.com:8006",
        "proxmox_token_name": "root@pam!mcp",
        "proxmox_token_value": "secret",
    }
    return load_settings(**{**base, **overrides})


def test_an_ssh_key_without_known_hosts_is_refused_rather_than_leaving_exec_silently_off(tmp_path: Path) -> None:
    key = tmp_path / "id_ed25519"
    key.write_text("key")
    with pytest.raises(InvalidInput, match="PROXMOX_SSH_KEY is set but PROXMOX_SSH_KNOWN_HOSTS is not"):
        _pve(ssh_key_file=key).require_pve()


def test_a_known_hosts_file_that_does_not_exist_is_named_at_start(tmp_path: Path) -> None:
    key = tmp_path / "id_ed25519"
    key.write_text("key")
    missing = tmp_path / "known_hosts"
    with pytest.raises(InvalidInput, match=f"PROXMOX_SSH_KNOWN_HOSTS names {missing}, which is not a readable file"):
        _pve(ssh_key_file=key, ssh_known_hosts=missing).require_pve()


def test_a_ca_bundle_is_not_checked_when_verification_is_off(tmp_path: Path) -> None:
    _pve(proxmox_verify_ssl=False, proxmox_ca_bundle=tmp_path / "gone.pem").require_pve()
    with pytest.raises(InvalidInput, match="PROXMOX_CA_BUNDLE"):
        _pve(proxmox_ca_bundle=tmp_path / "gone.pem").require_pve()

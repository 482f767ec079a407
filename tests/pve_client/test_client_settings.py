"""A client built from the settings uses their URL, token, TLS choice and timeout."""

from __future__ import annotations

import httpx
import pytest

from shared.errors import InvalidInput
from shared.pve.client import PveClient
from shared.pve.models import PveVersion
from shared.settings import Settings

from .answers import TOKEN_NAME, TOKEN_SECRET, pve_data


def _settings(**overrides: object) -> Settings:
    values: dict[str, object] = {
        "proxmox_url": "https://pve.example.test:8006/",
        "proxmox_token_name": TOKEN_NAME,
        "proxmox_token_value": TOKEN_SECRET,
        "proxmox_timeout": 7.5,
        **overrides,
    }
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]  # pydantic-settings' init-only argument


async def test_client_from_settings_calls_the_api_under_api2_json_with_the_token():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return pve_data({"version": "8.4.1", "release": "8.4", "repoid": "2a5fa54a"})

    async with PveClient.from_settings(_settings(), transport=httpx.MockTransport(handler)) as client:
        version = await client.get("/version", PveVersion)

    assert version.release == "8.4"
    assert str(seen[0].url) == "https://pve.example.test:8006/api2/json/version"
    assert seen[0].headers["Authorization"] == f"PVEAPIToken={TOKEN_NAME}={TOKEN_SECRET}"
    assert seen[0].extensions["timeout"] == {"connect": 7.5, "read": 7.5, "write": 7.5, "pool": 7.5}


def test_client_from_incomplete_settings_names_the_missing_variable():
    with pytest.raises(InvalidInput) as caught:
        PveClient.from_settings(_settings(proxmox_token_value=None))

    assert "PROXMOX_TOKEN_VALUE" in caught.value.message


def test_client_from_settings_with_a_missing_ca_bundle_fails_at_start(tmp_path):
    with pytest.raises(InvalidInput) as caught:
        PveClient.from_settings(_settings(proxmox_ca_bundle=tmp_path / "pve-root-ca.pem"))

    assert "PROXMOX_CA_BUNDLE" in caught.value.message
    assert "not a readable file" in caught.value.message


async def test_turning_verification_off_wins_over_a_ca_bundle(tmp_path):
    # The bundle does not exist: reading it would fail, so success shows it was not read.
    settings = _settings(proxmox_verify_ssl=False, proxmox_ca_bundle=tmp_path / "pve-root-ca.pem")

    async with PveClient.from_settings(settings) as client:
        assert client.base_url == "https://pve.example.test:8006"

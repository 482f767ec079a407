"""The API token header, and the secret staying out of every repr."""

from __future__ import annotations

import httpx
import pytest
from pydantic import SecretStr

from shared.errors import InvalidInput
from shared.pve.auth import PveTokenAuth
from shared.pve.models import PveVersion

from .answers import TOKEN_NAME, TOKEN_SECRET, pve_data


async def test_every_request_carries_the_pve_api_token_header(make_client):
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["Authorization"])
        return pve_data({"version": "9.1.2", "release": "9.1", "repoid": "0123abcd"})

    client = make_client(handler)
    await client.get("/version", PveVersion)
    await client.get("/version", PveVersion)

    assert seen == [f"PVEAPIToken={TOKEN_NAME}={TOKEN_SECRET}"] * 2


@pytest.mark.parametrize("secret", [TOKEN_SECRET, SecretStr(TOKEN_SECRET)], ids=["str", "SecretStr"])
def test_token_auth_repr_and_str_hide_the_secret(secret):
    auth = PveTokenAuth(TOKEN_NAME, secret)

    assert TOKEN_SECRET not in repr(auth)
    assert TOKEN_SECRET not in str(auth)
    assert TOKEN_NAME in repr(auth)
    assert (auth.user, auth.token_name) == ("root@pam", TOKEN_NAME)


async def test_client_repr_hides_the_secret(make_client):
    client = make_client(lambda request: pve_data(None))

    assert TOKEN_SECRET not in repr(client)


@pytest.mark.parametrize("name", ["root@pam", "mcp", "root!mcp", "root@pam!", "root@pam!1x"])
def test_token_name_without_user_realm_and_tokenid_is_invalid_input(name):
    with pytest.raises(InvalidInput) as caught:
        PveTokenAuth(name, TOKEN_SECRET)

    assert TOKEN_SECRET not in str(caught.value)

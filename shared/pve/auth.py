"""The PVE API token: the secret lives in a `SecretStr` and only ever in the request header.

PVE reads `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET` (pve-http-server's
`apitoken_name` is `PVEAPIToken`; proxmoxer builds the same header).
"""

from __future__ import annotations

import re

from pydantic import SecretStr

from shared.errors import InvalidInput
from shared.sanitize import TOKEN_NAME_PATTERN

__all__ = ["PveTokenAuth"]

_TOKEN_NAME = re.compile(TOKEN_NAME_PATTERN)


class PveTokenAuth:
    """PVE's API token, for the header the client sends with every request; its repr and str never show the secret."""

    def __init__(self, token_name: str, secret: SecretStr | str) -> None:
        if _TOKEN_NAME.match(token_name) is None:
            raise InvalidInput(
                f"token name {token_name!r} is not user@realm!tokenid",
                hint="Set PROXMOX_TOKEN_NAME to the full token id, for example root@pam!mcp.",
            )
        self.token_name = token_name
        self.user = token_name.partition("!")[0]
        self._secret = secret if isinstance(secret, SecretStr) else SecretStr(secret)

    def header(self) -> str:
        """The `Authorization` header's value."""
        return f"PVEAPIToken={self.token_name}={self._secret.get_secret_value()}"

    def redact(self, text: str) -> str:
        """`text` with the secret masked, for anything that came back from the server."""
        secret = self._secret.get_secret_value()
        return text.replace(secret, "**********") if secret else text

    def __repr__(self) -> str:
        return f"PveTokenAuth(token_name={self.token_name!r}, secret={self._secret!r})"

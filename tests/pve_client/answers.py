"""PVE-shaped answers and the test token, for handlers passed to httpx.MockTransport."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

TOKEN_NAME = "root@pam!mcp"
TOKEN_SECRET = "5f0c1e2a-9b7d-4c3e-8a6f-0d1e2f3a4b5c"
BASE_URL = "https://pve.example.test:8006"

Handler = Callable[[httpx.Request], httpx.Response | Awaitable[httpx.Response]]


def pve_data(data: Any, **extra: Any) -> httpx.Response:
    """A 200 as pve-http-server's json formatter writes it."""
    return httpx.Response(200, json={"data": data, **extra})


def pve_error(status: int, message: str, *, errors: dict[str, str] | None = None) -> httpx.Response:
    """An error as PVE sends it: the first line of the message as reason phrase, the whole in `message`."""
    body: dict[str, Any] = {"data": None, "message": message + "\n"}
    if errors:
        body["errors"] = errors
    return httpx.Response(
        status,
        content=json.dumps(body).encode(),
        headers={"content-type": "application/json;charset=UTF-8"},
        extensions={"reason_phrase": message.splitlines()[0].encode()},
    )

"""Fixtures for the PVE client: clients over httpx.MockTransport, and a retry policy that never waits."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy

from .answers import BASE_URL, TOKEN_NAME, TOKEN_SECRET, Handler


class Sleeps:
    """A RetryPolicy sleep that records each wait instead of waiting."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
def retry(sleeps: Sleeps) -> RetryPolicy:
    return RetryPolicy(attempts=3, backoff_s=0.1, max_backoff_s=1.0, jitter_s=0.0, sleep=sleeps)


@pytest.fixture
async def make_client(retry: RetryPolicy) -> AsyncIterator[Callable[..., PveClient]]:
    """Build clients over a MockTransport handler; all are closed after the test."""
    built: list[PveClient] = []

    def make(handler: Handler, **kwargs: Any) -> PveClient:
        kwargs.setdefault("retry", retry)
        client = PveClient(
            BASE_URL,
            auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET),
            transport=httpx.MockTransport(handler),
            **kwargs,
        )
        built.append(client)
        return client

    yield make
    for client in built:
        await client.aclose()

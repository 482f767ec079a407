"""Which handler runs each operation: registered on the operation's constant, as pvesim's `@route` does.

    @handles(CREATE_SNAPSHOT)
    async def create_snapshot(job: JobContext, params: CreateSnapshotParams) -> Outcome: ...

`handlers()` imports every handler module (workers.operations) and returns the registry;
the worker looks up each job's handler in it, and tests/test_registry.py
checks that no operation lacks its handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from shared.operations.operation import Operation
from workers.job import Handler

__all__ = ["handlers", "handles"]

H = TypeVar("H", bound=Handler)

_HANDLERS: dict[Operation[Any, Any], Handler] = {}


def handles(op: Operation[Any, Any]) -> Callable[[H], H]:
    """Register the decorated coroutine as the handler of `op` (one handler per operation)."""

    def register(handler: H) -> H:
        if op in _HANDLERS:
            raise TypeError(f"{op.name} has two handlers: {_HANDLERS[op].__qualname__} and {handler.__qualname__}")
        _HANDLERS[op] = handler
        return handler

    return register


def handlers() -> Mapping[Operation[Any, Any], Handler]:
    """Every registered handler, by operation (the handler modules are imported first)."""
    import workers.operations  # noqa: F401, PLC0415  # importing the modules registers their handlers

    return MappingProxyType(_HANDLERS)

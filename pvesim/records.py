"""What a simulator keeps for tests to read: logs bounded in length, and its own internal errors.

A simulator may run for days (the demo, a benchmark), so its request and violation logs keep
only their newest entries. An internal error is a bug in pvesim itself (a handler or a task's
work raised something it did not mean to); it is answered or ended the way PVE would, and kept
here so that a test session fails on it instead of passing on a half-broken simulator.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["BoundedLog", "SimError"]

T = TypeVar("T")


class BoundedLog(list[T]):
    """A list that keeps its newest `maxlen` items; a plain list otherwise (tests compare and slice it)."""

    def __init__(self, maxlen: int) -> None:
        super().__init__()
        self.maxlen = maxlen

    def append(self, item: T) -> None:
        super().append(item)
        if len(self) > self.maxlen:
            del self[: len(self) - self.maxlen]


@dataclass(frozen=True)
class SimError:
    """An exception pvesim did not expect, where it happened ("GET /version", "task UPID:..."), and its traceback."""

    where: str
    error: str
    traceback: str

    @classmethod
    def capture(cls, where: str, problem: BaseException) -> SimError:
        return cls(where, repr(problem), "".join(traceback.format_exception(problem)))

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "error": self.error, "traceback": self.traceback}

"""Every pvesim the suite starts is watched: a request real PVE would reject fails the session.

pvesim validates each request against the official PVE API schema and records what breaks it.
The simulator's own tests send bad requests on purpose (they test the validator), so
simulators started from tests/pvesim/ are exempt; every other one — the client's, the
workers', the end-to-end stacks', the scripts' and the deployment tests' — must see none.

An internal error of pvesim (a handler or a task that raised what it did not mean to) fails the
session from any simulator, the validator's own included: a test that provokes one on purpose
clears `sim.errors` itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pvesim.core import Violation
from pvesim.records import SimError
from pvesim.simulator import Simulator

__all__ = ["report_errors", "report_violations", "watch_simulators"]

_TESTS = Path(__file__).resolve().parents[1]
_EXEMPT = _TESTS / "pvesim"
_WATCHED: list[Simulator] = []
_STARTED: list[Simulator] = []


def _started_by_validator_tests() -> bool:
    for frame in inspect.stack(context=0):
        path = Path(frame.filename).resolve()
        if path.is_relative_to(_TESTS) and not path.is_relative_to(Path(__file__).resolve().parent):
            return path.is_relative_to(_EXEMPT)
    return False


@contextmanager
def watch_simulators() -> Iterator[None]:
    """Record every Simulator started while this is active (the whole test session)."""
    original = Simulator.start

    async def start(self: Simulator) -> None:
        _STARTED.append(self)
        if not _started_by_validator_tests():
            _WATCHED.append(self)
        await original(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Simulator, "start", start)
        yield


def report_violations() -> list[Violation]:
    return [violation for sim in _WATCHED for violation in sim.violations]


def report_errors() -> list[SimError]:
    return [error for sim in _STARTED for error in sim.errors]

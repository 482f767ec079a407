"""The table of workers.lifecycle: true to the docs, naming functions that exist, and closed over the states."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from shared.jobs.states import TERMINAL_STATES, JobState
from workers import lifecycle

_DOCS = Path(__file__).parents[2] / "docs" / "architecture.md"


def test_the_architecture_doc_shows_the_table_as_the_module_has_it() -> None:
    text = _DOCS.read_text()
    shown = re.search(r"<!-- lifecycle:begin -->\n(.*?)<!-- lifecycle:end -->", text, re.DOTALL)
    assert shown is not None, "docs/architecture.md lost its lifecycle markers"
    assert shown.group(1) == lifecycle.markdown(), "regenerate it: python -m workers.lifecycle"


def _resolve(name: str) -> object | None:
    """`module.attr.attr`: the longest importable module prefix, then attributes."""
    parts = name.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[split:]:
            target = getattr(target, attribute, None)
        return target
    return None


def test_every_function_the_table_names_exists() -> None:
    for transition in lifecycle.TRANSITIONS:
        for name in transition.by:
            qualified = name if name.startswith("shared.") else f"workers.{name}"
            assert callable(_resolve(qualified)), f"{transition.event!r} names {name}, which does not exist"


def test_every_state_is_reached_and_every_live_state_can_end() -> None:
    assert set(lifecycle.ENDS) == TERMINAL_STATES
    reached = {target for t in lifecycle.TRANSITIONS for target in t.targets}
    assert reached == set(JobState)
    for live in set(JobState) - TERMINAL_STATES:
        assert all(lifecycle.allowed(live, end) for end in lifecycle.ENDS), live


def test_an_ended_job_never_moves_again() -> None:
    for end in lifecycle.ENDS:
        assert not any(lifecycle.allowed(end, other) for other in set(JobState) - {end})


def test_a_job_is_dispatched_before_it_runs_a_task() -> None:
    # a change reaches `running` with a UPID only through a dispatch: queued -> running is a read's or a fleet's
    assert lifecycle.allowed(JobState.DISPATCHING, JobState.RUNNING)
    assert not lifecycle.allowed(None, JobState.RUNNING)
    assert not lifecycle.allowed(None, JobState.DISPATCHING)

"""The task follower's pure rules: exit status, progress, warnings, when to look next."""

from __future__ import annotations

import itertools

import pytest

from shared.jobs.states import JobState
from workers.pve_tasks import (
    DENSE_SECONDS,
    LEARN_AFTER,
    Durations,
    classify_exitstatus,
    next_check,
    parse_progress,
    parse_task_end,
    warning_lines,
)


@pytest.mark.parametrize(
    ("exitstatus", "state"),
    [
        pytest.param("OK", JobState.SUCCEEDED, id="ok"),
        pytest.param("WARNINGS: 2", JobState.SUCCEEDED_WITH_WARNINGS, id="warnings-succeed"),
        pytest.param("VM 100 already running", JobState.FAILED, id="error-text"),
        pytest.param("received interrupt", JobState.FAILED, id="stopped"),
        pytest.param("unexpected status", JobState.FAILED, id="unknown"),
    ],
)
def test_exit_status_decides_the_state(exitstatus: str, state: JobState) -> None:
    assert classify_exitstatus(exitstatus) is state


@pytest.mark.parametrize(
    ("line", "percent"),
    [
        pytest.param("transferred 1.0 GiB of 4.0 GiB (25.00%)", 25.0, id="disk-transfer"),
        pytest.param("drive-scsi0: transferred 512.0 MiB of 32.0 GiB (1.56%) in 2s", 1.56, id="drive-mirror"),
        pytest.param("    (12.34/100%)", 12.34, id="qemu-img"),
        pytest.param("progress 10% (read 1073741824 bytes, duration 3 sec)", 10.0, id="vma-extract"),
        pytest.param(
            "INFO:  25% (1.0 GiB of 4.0 GiB) in 2s, read: 400.0 MiB/s, write: 133.3 MiB/s", 25.0, id="vzdump-qemu"
        ),
        pytest.param(
            "migration active, transferred 512.0 MiB of 2.0 GiB VM-state, 110.0 MiB/s", 25.0, id="ram-migration"
        ),
        pytest.param(
            " 131072K ........ ........ ........ ........ ........ ........  33% 118M 1s", 33.0, id="wget-dot-giga"
        ),
        pytest.param("Length: 657457152 (627M) [application/x-iso9660-image]", None, id="wget-length"),
        pytest.param("INFO: starting new backup job: vzdump 100 --mode snapshot", None, id="vzdump-no-progress"),
        pytest.param("Formatting '/dev/pve/vm-100-disk-0', fmt=raw size=4294967296", None, id="no-progress"),
        pytest.param("used 150% of quota (150.00%)", None, id="out-of-range"),
    ],
)
def test_progress_is_read_from_pve_log_lines(line: str, percent: float | None) -> None:
    assert parse_progress(line) == percent


def test_warnings_are_the_warn_lines() -> None:
    lines = ["starting", "WARN: no efidisk configured", "TASK WARNINGS: 1"]
    assert warning_lines(lines) == ["WARN: no efidisk configured"]


@pytest.mark.parametrize(
    ("line", "exitstatus"),
    [
        pytest.param("TASK OK", "OK", id="ok"),
        pytest.param("TASK WARNINGS: 3", "WARNINGS: 3", id="warnings"),
        pytest.param("TASK ERROR: VM 100 already running", "VM 100 already running", id="error"),
        pytest.param("starting VM 100", None, id="a-line-of-a-running-task"),
        pytest.param("TASK OK, or not", None, id="not-the-end-line"),
    ],
)
def test_a_task_logs_last_line_states_its_exit_status(line: str, exitstatus: str | None) -> None:
    assert parse_task_end(line) == exitstatus


def _looks(duration: float, known: Durations | None) -> list[float]:
    """The times (from the start) at which a task of `duration` seconds is looked at, up to its end."""
    times, elapsed, looks = [], 0.0, 0
    while elapsed < duration:
        elapsed += next_check(elapsed, looks, known)
        looks += 1
        times.append(elapsed)
    return times


def test_a_task_of_an_unknown_type_is_looked_at_soon_then_at_most_once_a_second() -> None:
    times = _looks(20.0, None)
    assert times[0] == pytest.approx(0.05)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert max(gaps) == pytest.approx(1.0)
    assert len(times) <= 20 + 7  # once a second, and seven looks early on


def test_a_task_of_a_known_type_is_looked_at_densely_near_its_end_and_no_more_often_than_once_a_second() -> None:
    known = Durations(mean=20.0, deviation=0.05, count=LEARN_AFTER)
    times = _looks(20.0, known)
    assert times[0] == pytest.approx(0.05)  # a task that fails at once is seen at once
    assert len(times) <= 20  # no more looks than one a second would make
    near_end = [t for t in times if t > 19.5]
    assert all(b - a <= DENSE_SECONDS + 1e-9 for a, b in itertools.pairwise(near_end))
    assert times[-1] - 20.0 <= DENSE_SECONDS + 1e-9  # the end is seen within one dense interval


def test_a_short_task_of_a_known_type_costs_three_looks_and_is_seen_ended_within_a_dense_interval() -> None:
    known = Durations(mean=2.0, deviation=0.03, count=LEARN_AFTER)  # a start, learned from looks 0.15 s apart
    times = _looks(2.0, known)
    assert len(times) <= 3  # one at once (a start that fails at once), then around the expected end
    assert times[-1] - 2.0 <= DENSE_SECONDS + 1e-9


def test_a_task_later_than_expected_is_looked_at_less_often_again() -> None:
    known = Durations(mean=5.0, deviation=0.0, count=LEARN_AFTER)
    assert next_check(5.0, 10, known) == DENSE_SECONDS
    assert next_check(30.0, 40, known) == pytest.approx(1.0)


def test_durations_are_learned_from_ends_and_known_after_a_few() -> None:
    seen = Durations(0.0, 0.0, 0)
    for seconds in (20.0, 20.2, 19.8):
        assert not seen.known
        seen = seen.learn(seconds)
    assert seen.known
    assert seen.mean == pytest.approx(20.0, abs=0.1)
    assert Durations.parse(str(seen)) == Durations(round(seen.mean, 3), round(seen.deviation, 3), 3)
    assert Durations.parse("garbage") is None

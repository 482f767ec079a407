"""The task follower's pure rules: exit status, progress, warnings, poll schedule."""

from __future__ import annotations

import itertools

import pytest

from shared.jobs.states import JobState
from workers.follow import classify_exitstatus, parse_progress, poll_delays, warning_lines


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
        pytest.param("progress 10% (read 1073741824 bytes, duration 3 sec)", 10.0, id="vzdump"),
        pytest.param("Formatting '/dev/pve/vm-100-disk-0', fmt=raw size=4294967296", None, id="no-progress"),
        pytest.param("used 150% of quota (150.00%)", None, id="out-of-range"),
    ],
)
def test_progress_is_read_from_pve_log_lines(line: str, percent: float | None) -> None:
    assert parse_progress(line) == percent


def test_warnings_are_the_warn_lines() -> None:
    lines = ["starting", "WARN: no efidisk configured", "TASK WARNINGS: 1"]
    assert warning_lines(lines) == ["WARN: no efidisk configured"]


def test_polls_start_soon_and_widen_to_a_cap() -> None:
    delays = list(itertools.islice(poll_delays(first=0.05, factor=2, cap=0.3), 6))
    assert delays == [0.05, 0.1, 0.2, 0.3, 0.3, 0.3]

"""The pure parts of following a PVE task: exit status, progress, warnings, when to look next.

The watcher (workers.watcher) does the I/O; everything here is a plain function of its input,
tested with tables.

When to look: a task's end shows as its UPID leaving the node's active task list. Polling that
list often makes the lag between the end and our noticing it short, and costs PVE requests.
A task type's duration is learned (`Durations`, kept in Redis by every worker); once a type has
been seen a few times a task is looked at once soon after it starts (many fail at once), then
every few seconds until a band around its expected end, densely in that band, and less often
again after it. Before that, the interval widens from 50 ms to one second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.jobs.states import JobState

__all__ = [
    "DENSE_SECONDS",
    "LEARN_AFTER",
    "Durations",
    "TaskEnd",
    "classify_exitstatus",
    "next_check",
    "parse_progress",
    "parse_task_end",
    "warning_lines",
]

#: a task type's duration counts as known after this many of its tasks were seen to end
LEARN_AFTER = 3
#: the shortest interval of looks in the band around an expected end (a quarter of the band's half-width,
#: so a type whose durations vary much is looked at less densely over a wider band)
DENSE_SECONDS = 0.15
#: the interval of looks for a task of a type not known yet, and after the band: at most one a second
_UNKNOWN_CAP_SECONDS = 1.0
_FIRST_SECONDS = 0.05
#: the longest gap between two looks at a task still far from its expected end
_FAR_CAP_SECONDS = 5.0
#: the half-width of the dense band: this share of the expected duration, at least _BAND_MIN_SECONDS,
#: and at least three deviations of the durations seen
_BAND_SHARE = 0.02
_BAND_MIN_SECONDS = 0.1
#: weight of a new duration in the running mean and deviation
_LEARNING_RATE = 0.3

_WARNINGS = re.compile(r"^WARNINGS: (\d+)$")
# pve-common PVE::Tools::upid_read_status: a task's exit status is its log's last line
_TASK_END = re.compile(r"^TASK (?:(OK)|ERROR: (.+)|(WARNINGS: \d+))$")
_PROGRESS = (
    re.compile(r"\((\d{1,3}(?:\.\d+)?)%\)"),  # "transferred 1.0 GiB of 4.0 GiB (25.00%)"
    re.compile(r"\((\d{1,3}(?:\.\d+)?)/100%\)"),  # qemu-img convert "(12.34/100%)"
    re.compile(r"^progress (\d{1,3}(?:\.\d+)?)%"),  # vma extract (qmrestore) "progress 10% (read ...)"
    re.compile(r"^INFO: +(\d{1,3})% \("),  # vzdump of a VM "INFO:  25% (1.0 GiB of 4.0 GiB) in 2s, ..."
    re.compile(r"^ *\d+K[ .]+ (\d{1,3})% "),  # wget's dot:giga (download-url) "  65536K ........ ...  33% 118M 1s"
)
_SIZE = r"(\d+(?:\.\d+)?) ([KMGTP]?i?B)"
# live migration of RAM "migration active, transferred 512.0 MiB of 2.0 GiB VM-state, ..." (no percentage)
_TRANSFERRED = re.compile(rf"transferred {_SIZE} of {_SIZE}")
_UNITS = {"B": 1, "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, "TiB": 1024**4, "PiB": 1024**5}


@dataclass(frozen=True)
class TaskEnd:
    """How a PVE task ended."""

    exitstatus: str
    state: JobState
    warnings: list[str]
    log_tail: list[str]


def classify_exitstatus(exitstatus: str) -> JobState:
    """OK succeeds; 'WARNINGS: n' succeeds with warnings; anything else failed."""
    if exitstatus == "OK":
        return JobState.SUCCEEDED
    if _WARNINGS.match(exitstatus):
        return JobState.SUCCEEDED_WITH_WARNINGS
    return JobState.FAILED


def parse_task_end(line: str) -> str | None:
    """The exit status a task log's last line states ("TASK OK" -> "OK"), or None if it states none."""
    found = _TASK_END.match(line)
    if found is None:
        return None
    return next(group for group in found.groups() if group is not None)


def parse_progress(line: str) -> float | None:
    """The percentage a task log line reports, if it reports one."""
    for pattern in _PROGRESS:
        found = pattern.search(line)
        if found:
            value = float(found.group(1))
            return value if 0 <= value <= 100 else None
    found = _TRANSFERRED.search(line)
    if found and found.group(2) in _UNITS and found.group(4) in _UNITS:
        done = float(found.group(1)) * _UNITS[found.group(2)]
        total = float(found.group(3)) * _UNITS[found.group(4)]
        return round(100 * done / total, 2) if total > 0 and done <= total else None
    return None


def warning_lines(lines: list[str]) -> list[str]:
    """The lines PVE writes with log_warn ("WARN: ...")."""
    return [line for line in lines if line.startswith("WARN: ")]


@dataclass(frozen=True)
class Durations:
    """What is known of how long a task type takes: a running mean and mean deviation, in seconds."""

    mean: float
    deviation: float
    count: int

    @classmethod
    def parse(cls, text: str) -> Durations | None:
        """Read `mean,deviation,count` as the store keeps it; None for anything else."""
        try:
            mean, deviation, count = text.split(",")
            return cls(float(mean), float(deviation), int(count))
        except ValueError:
            return None

    def __str__(self) -> str:
        return f"{self.mean:.3f},{self.deviation:.3f},{self.count}"

    def learn(self, seconds: float, within: float = 0.0) -> Durations:
        """These durations with one more task that took `seconds`, give or take `within` (how it was seen).

        A task's end is seen between two looks: what is off the mean by no more than that
        uncertainty teaches no deviation, so tasks that always take as long are soon looked at
        in a narrow band, however far apart the looks that saw them end were.
        """
        if self.count == 0:
            return Durations(seconds, 0.0, 1)
        mean = self.mean + _LEARNING_RATE * (seconds - self.mean)
        off = max(0.0, abs(seconds - self.mean) - within)
        deviation = self.deviation + _LEARNING_RATE * (off - self.deviation)
        return Durations(mean, deviation, self.count + 1)

    @property
    def known(self) -> bool:
        return self.count >= LEARN_AFTER

    @property
    def band(self) -> float:
        """Half the width of the band around the expected end that is looked at densely."""
        return max(_BAND_MIN_SECONDS, _BAND_SHARE * self.mean, 3 * self.deviation)


def next_check(elapsed: float, looks: int, durations: Durations | None) -> float:
    """Seconds from now to the next look at a task that has run `elapsed` seconds and been looked at `looks` times."""
    if looks == 0:
        return _FIRST_SECONDS
    if durations is None or not durations.known:
        return min(_UNKNOWN_CAP_SECONDS, _FIRST_SECONDS * 1.6**looks)
    band = durations.band
    dense_from, dense_to = durations.mean - band, durations.mean + band
    dense = min(_UNKNOWN_CAP_SECONDS, max(DENSE_SECONDS, band / 4))
    if elapsed < dense_from:
        return max(dense, min(_FAR_CAP_SECONDS, dense_from - elapsed))
    if elapsed <= dense_to:
        return dense
    # later than expected: widen again, from the dense interval to one a second
    return min(_UNKNOWN_CAP_SECONDS, max(dense, (elapsed - dense_to) / 2))

"""Resource usage series: merged to at most max_points, the summary over every sample."""

from __future__ import annotations

from shared.operations.usage import UsagePoint
from workers.operations.usage import Sample, downsample, summarize


def _series(n: int) -> list[Sample]:
    return [Sample(60 * i, {"cpu_percent": float(i), "memory_used_bytes": 1000 * i} | _NO_RATES) for i in range(n)]


_NO_RATES: dict[str, float | None] = dict.fromkeys(
    ("net_in_bytes_per_s", "net_out_bytes_per_s", "disk_read_bytes_per_s", "disk_write_bytes_per_s")
)


def test_a_short_series_is_left_as_it_is() -> None:
    points = downsample(_series(10), 24, "AVERAGE")
    assert points == [UsagePoint(time=60 * i, cpu_percent=float(i), memory_used_bytes=1000 * i) for i in range(10)]


def test_seventy_samples_merge_into_at_most_the_asked_points_averaged_and_timed_at_their_end() -> None:
    merged = downsample(_series(70), 24, "AVERAGE")
    assert len(merged) <= 24
    assert merged[0].time == 120  # samples 0, 1, 2
    assert merged[0].cpu_percent == 1.0
    assert merged[0].memory_used_bytes == 1000
    assert merged[-1].time == 60 * 69


def test_max_keeps_the_peaks() -> None:
    merged = downsample(_series(70), 10, "MAX")
    assert len(merged) == 10
    assert merged[0].cpu_percent == 6.0
    assert max(p.cpu_percent or 0 for p in merged) == 69.0


def test_missing_values_stay_missing() -> None:
    samples = [Sample(i, {"cpu_percent": None, "memory_used_bytes": None} | _NO_RATES) for i in range(50)]
    assert all(p.cpu_percent is None for p in downsample(samples, 5, "AVERAGE"))


def test_the_summary_covers_every_sample() -> None:
    summary = summarize(_series(70))
    assert summary["cpu_percent"].maximum == 69.0
    assert summary["cpu_percent"].last == 69.0

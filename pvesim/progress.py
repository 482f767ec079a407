"""Progress lines of long copies, in the wording of the tools PVE runs, spread over a task's time.

The figures follow a steady synthetic throughput (so a log reads like a real one whatever the
task duration), and each copy can stop part way with ENOSPC for a storage that is full.

- qemu-img convert (clone or move of a stopped disk): "transferred 1.0 GiB of 4.0 GiB (25.00%)"
- drive-mirror / blockdev-mirror (running disk):    "mirror-scsi0: transferred 1.0 GiB of 4.0 GiB (25.00%) in 2s"
- vzdump of a VM:                                    "INFO:  25% (1.0 GiB of 4.0 GiB) in 2s, read: ..., write: ..."
- live migration of RAM:                             "migration active, transferred 512.0 MiB of 2.0 GiB VM-state, ..."
- pvesm export/import of a disk (offline migration): "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2 s, 537 MB/s"
- vma extract (restore):                             "progress 25% (read 1073741824 bytes, duration 2 sec)"
"""

from __future__ import annotations

from collections.abc import Callable

from pvesim.disks import ENOSPC, render_bytes, render_duration
from pvesim.tasks import TaskContext

__all__ = [
    "DISK_SPEED",
    "Stopped",
    "dd_copy",
    "mirror",
    "qemu_img_convert",
    "ram_migration",
    "steps",
    "vma_extract",
    "vzdump_qemu",
]

DISK_SPEED = 400 * 1024**2  # bytes per second the synthetic copies run at
RAM_SPEED = 110 * 1024**2
_STEPS = 4


class Stopped(Exception):
    """A copy hit ENOSPC after `done` bytes; the caller turns it into its tool's failure."""

    def __init__(self, done: int) -> None:
        super().__init__(ENOSPC)
        self.done = done


async def steps(
    context: TaskContext,
    total: int,
    line: Callable[[int, float], str],
    *,
    share: float,
    room: int | None = None,
    count: int = _STEPS,
    speed: int = DISK_SPEED,
) -> float:
    """Log `count` progress lines over `share` of the task's time; the synthetic seconds it took.

    `room` (bytes that fit on the target) stops the copy with Stopped once it is exceeded.
    """
    seconds = 0.0
    for step in range(1, count + 1):
        await context.pause(share / count)
        done = total * step // count
        if room is not None and done > room:
            raise Stopped(room)
        seconds = done / speed
        context.log(line(done, seconds))
    return seconds


def _percent(done: int, total: int) -> str:
    return f"{100 * done / total:.2f}" if total else "100.00"


async def qemu_img_convert(context: TaskContext, total: int, *, share: float, room: int | None = None) -> None:
    """qemu-img convert -p, as QemuImage::convert reports it."""

    def line(done: int, _seconds: float) -> str:
        return f"transferred {render_bytes(done, 1)} of {render_bytes(total, 1)} ({_percent(done, total)}%)"

    await steps(context, total, line, share=share, room=room)


async def mirror(
    context: TaskContext, drive: str, total: int, *, share: float, room: int | None = None, job: str | None = None
) -> None:
    """A block mirror job as BlockJob::monitor reports it (blockdev-mirror "mirror-<drive>" on QEMU 10)."""
    job = job or f"mirror-{drive}"
    context.log(f"drive mirror is starting for drive-{drive}")

    def line(done: int, seconds: float) -> str:
        text = f"{job}: transferred {render_bytes(done, 1)} of {render_bytes(total, 1)} ({_percent(done, total)}%)"
        return f"{text} in {render_duration(seconds)}" + (", ready" if done == total else "")

    await steps(context, total, line, share=share, room=room)
    context.log("all 'mirror' jobs are ready")


async def vzdump_qemu(context: TaskContext, total: int, *, share: float, room: int | None = None) -> int:
    """The VMA backup job's status lines (VZDump::QemuServer); the bytes it wrote (zeroes left out)."""
    speed = render_bytes(DISK_SPEED, 1) + "/s"
    write = render_bytes(DISK_SPEED // 3, 1) + "/s"

    def line(done: int, seconds: float) -> str:
        percent = int(done * 100 / total) if total else 100
        return (
            f"INFO: {percent:3d}% ({render_bytes(done, 1)} of {render_bytes(total, 1)}) "
            f"in {render_duration(max(seconds, 1))}, read: {speed}, write: {write}"
        )

    seconds = await steps(context, total, line, share=share, room=room)
    zero = total * 2 // 3
    context.log(
        f"INFO: backup is sparse: {render_bytes(zero)} ({zero * 100 // total if total else 0}%) total zero data"
    )
    context.log(
        f"INFO: transferred {render_bytes(total)} in {max(1, round(seconds))} seconds ({render_bytes(DISK_SPEED, 1)}/s)"
    )
    return total - zero


async def ram_migration(context: TaskContext, memory: int, *, share: float) -> None:
    """The query-migrate loop of QemuMigrate::phase2."""
    speed = render_bytes(RAM_SPEED, 1)

    def line(done: int, _seconds: float) -> str:
        return f"migration active, transferred {render_bytes(done, 1)} of {render_bytes(memory, 1)} VM-state, {speed}/s"

    seconds = await steps(context, memory, line, share=share, speed=RAM_SPEED)
    context.log(f"average migration speed: {render_bytes(memory / max(seconds, 1), 1)}/s - downtime 42 ms")
    context.log("migration completed, transferred " + render_bytes(memory, 1) + " VM-state")
    context.log("migration status: completed")


def _dd_human(value: float, unit: str) -> str:
    """dd's human-readable sizes: two significant digits ("1.1 GB", "17 GB", "16 GiB")."""
    return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"


async def dd_copy(context: TaskContext, total: int, *, share: float, room: int | None = None) -> None:
    """dd's status=progress lines, as storage_migrate relays them (pvesm export | pvesm import)."""

    def line(done: int, seconds: float) -> str:
        rate = int(done / max(seconds, 1) / 1e6)
        human = f"{_dd_human(done / 1e9, 'GB')}, {_dd_human(done / 1024**3, 'GiB')}"
        return f"{done} bytes ({human}) copied, {max(1, round(seconds))} s, {rate} MB/s"

    await steps(context, total, line, share=share, room=room)


async def vma_extract(context: TaskContext, total: int, *, share: float, room: int | None = None) -> None:
    """vma extract -v, as qmrestore prints it."""

    def line(done: int, seconds: float) -> str:
        percent = int(done * 100 / total) if total else 100
        return f"progress {percent}% (read {done} bytes, duration {max(1, round(seconds))} sec)"

    await steps(context, total, line, share=share, room=room)
    sparse = total * 2 // 3
    context.log(f"total bytes read {total}, sparse bytes {sparse} ({100 * sparse / total if total else 0:.3g}%)")
    context.log("space reduction due to 4K zero blocks 0.41%")

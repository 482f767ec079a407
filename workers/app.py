"""What a worker process holds for its jobs: created in arq's on_startup, closed in on_shutdown."""

from __future__ import annotations

from dataclasses import dataclass

from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.settings import Settings

__all__ = ["WorkerApp"]


@dataclass
class WorkerApp:
    """The worker's long-lived resources; arq keeps it in `ctx["app"]`."""

    settings: Settings
    pve: PveClient
    store: JobStore
    name: str

"""What a worker process holds for its jobs: created when the worker starts, closed when it stops."""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.audit import AuditLog
from shared.jobs.claims import Heartbeat
from shared.jobs.signing import JobSigner
from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.settings import Settings

__all__ = ["WorkerApp"]


@dataclass
class WorkerApp:
    """The worker's long-lived resources; a job runs with a copy whose store is fenced by its claim."""

    settings: Settings
    pve: PveClient
    store: JobStore
    name: str
    #: checks every job's signature (PROXMOX_MCP_JOB_KEY) before anything of it runs
    signer: JobSigner
    #: where every change's end is recorded (shared.audit)
    audit: AuditLog
    #: when the worker last renewed its claims (a job sends nothing to PVE once that is too long ago)
    heartbeat: Heartbeat = field(default_factory=Heartbeat)

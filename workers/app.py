"""What a worker process holds for its jobs, per cluster it serves: made when the worker starts, closed at its end."""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.audit import AuditLog
from shared.jobs.claims import Heartbeat
from shared.jobs.keys import DEFAULT_CLUSTER
from shared.jobs.signing import JobSigner
from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.settings import Settings

__all__ = ["WorkerApp"]


@dataclass
class WorkerApp:
    """The worker's long-lived resources; a job runs with a copy whose store is fenced by its claim."""

    #: this cluster's settings (the process's, with the cluster's values over them: shared.clusters)
    settings: Settings
    #: this cluster's PVE client (a worker holds one per cluster it serves)
    pve: PveClient
    store: JobStore
    name: str
    #: checks every job's signature (PROXMOX_MCP_JOB_KEY) before anything of it runs
    signer: JobSigner
    #: where every change's end is recorded (shared.audit)
    audit: AuditLog
    #: when the worker last renewed its claims (a job sends nothing to PVE once that is too long ago)
    heartbeat: Heartbeat = field(default_factory=Heartbeat)
    #: the cluster this app's PVE client reaches; a job runs with the app of the cluster it is signed for
    cluster: str = DEFAULT_CLUSTER

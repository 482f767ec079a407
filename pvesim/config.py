"""How a simulator is set up: where it listens, which cluster it serves, how long tasks take."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from shared.pve.schema import SchemaVersion

__all__ = ["DEFAULT_TOKEN_ID", "LIMITED_TOKEN_ID", "SimConfig"]

DEFAULT_TOKEN_ID = "root@pam!mcp"  # noqa: S105 - a token id, not its secret
LIMITED_TOKEN_ID = "audit@pve!limited"  # noqa: S105 - a token id, not its secret


@dataclass
class SimConfig:
    """Every knob of a simulator. Defaults suit tests: a free port, HTTPS, short tasks."""

    host: str = "127.0.0.1"
    port: int = 0  # 0: pick a free port
    https: bool = True
    pve_version: SchemaVersion = "9.1"
    # What GET /version (and node status) report instead of the schema's release, e.g. "7.4-3":
    # a client's view of an older or newer PVE; everything else still follows `pve_version`.
    reported_version: str | None = None
    scenario: Path | None = None  # YAML or JSON cluster description
    guests: int | None = None  # generate a large cluster with this many guests instead
    scale: Literal["datacenter"] | None = None  # or a datacenter: 32 nodes, 10,000 guests, 40 storages
    offline_nodes: tuple[str, ...] = ()
    token_id: str = DEFAULT_TOKEN_ID
    token_secret: str | None = None  # random when unset
    limited_token_id: str = LIMITED_TOKEN_ID
    limited_token_secret: str | None = None
    state_dir: Path | None = None  # CA, certificates, SSH keys; a temporary directory when unset
    # Tasks: how long one runs (seconds) unless a fault rule says otherwise, and how long a task
    # waits for a guest's config lock before it fails with "got timeout" (PVE waits 10 s).
    task_duration: float = 0.2
    lock_timeout: float = 1.0
    # How stale /cluster/resources' guest names, status and usage may be: PVE takes them from the
    # statistics pvestatd broadcasts about every 10 s (lock and tags come from the config at once).
    # 0 keeps them current, for tests that read the list right after a change.
    stats_interval: float = 0.0
    # Faults present from the start (the same JSON the admin surface takes at /_sim/faults).
    faults: dict[str, object] = field(default_factory=dict)
    seed: int | None = None  # for the random parts (error rate); None: not reproducible
    ssh: bool = False
    ssh_port: int = 0
    ssh_authorized_keys: tuple[str, ...] = ()  # OpenSSH public key lines; one is made when empty

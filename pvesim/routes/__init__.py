"""The simulated endpoints. Importing this package registers every handler in `pvesim.call.ROUTES`."""

from pvesim.routes import (
    agent,
    backup,
    clone,
    cluster,
    extras,
    guests,
    ha,
    migrate,
    nodes,
    pools,
    restore,
    snapshots,
    storage,
    tasks,
    templates,
    volumes,
)

__all__ = [
    "agent",
    "backup",
    "clone",
    "cluster",
    "extras",
    "guests",
    "ha",
    "migrate",
    "nodes",
    "pools",
    "restore",
    "snapshots",
    "storage",
    "tasks",
    "templates",
    "volumes",
]

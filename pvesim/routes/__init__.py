"""The simulated endpoints. Importing this package registers every handler in `pvesim.call.ROUTES`."""

from pvesim.routes import cluster, extras, guests, snapshots, storage, tasks

__all__ = ["cluster", "extras", "guests", "snapshots", "storage", "tasks"]

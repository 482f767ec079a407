"""Workers: arq processes that carry out jobs against the PVE API (the only holders of PVE credentials).

`arq workers.WorkerSettings` works too: the settings class is built on first access, from
the environment, so importing this package reads nothing.
"""

from __future__ import annotations

from typing import Any

__all__ = ["WorkerSettings"]


def __getattr__(name: str) -> Any:
    if name == "WorkerSettings":
        from workers.worker import worker_settings_from_env  # noqa: PLC0415  # lazy: importing reads no env

        return worker_settings_from_env()
    raise AttributeError(name)

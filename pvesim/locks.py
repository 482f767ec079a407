"""A guest's config lock: PVE's flock on the config file, taken exclusively or shared.

Most tasks and every synchronous write hold it exclusively (`lock_config`); a clone of a stopped
guest holds it shared (`lock_config_shared`), so that several clones of one template run at once
while a change to the template waits for all of them.
"""

from __future__ import annotations

import asyncio
from collections import deque

__all__ = ["GuestLock"]


class GuestLock:
    """A fair (first come, first served) reader-writer lock, used like `asyncio.Lock`."""

    def __init__(self) -> None:
        self._writer = False
        self._readers = 0
        self._waiters: deque[tuple[bool, asyncio.Future[None]]] = deque()

    def locked(self) -> bool:
        """Whether an exclusive acquire would have to wait."""
        return self._writer or self._readers > 0 or bool(self._waiters)

    def blocks(self, *, shared: bool) -> bool:
        """Whether an acquire of this kind would have to wait."""
        return bool(self._waiters) or not self._free_for(shared)

    async def acquire(self, *, shared: bool = False) -> bool:
        if not self._waiters and self._free_for(shared):
            self._take(shared)
            return True
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (shared, granted)
        self._waiters.append(entry)
        try:
            await granted
        except BaseException:
            if granted.done() and not granted.cancelled():
                self.release(shared=shared)  # granted just as the waiter gave up: hand it on
            else:
                if entry in self._waiters:
                    self._waiters.remove(entry)
                self._grant()
            raise
        return True

    def release(self, *, shared: bool = False) -> None:
        if shared:
            self._readers -= 1
        else:
            self._writer = False
        self._grant()

    def _free_for(self, shared: bool) -> bool:
        return not self._writer and (shared or self._readers == 0)

    def _take(self, shared: bool) -> None:
        if shared:
            self._readers += 1
        else:
            self._writer = True

    def _grant(self) -> None:
        while self._waiters:
            shared, granted = self._waiters[0]
            if granted.done():
                self._waiters.popleft()
                continue
            if not self._free_for(shared):
                return
            self._waiters.popleft()
            self._take(shared)
            granted.set_result(None)

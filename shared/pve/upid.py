"""PVE's task id (UPID): which node runs the task, when it started, its type, target and owner.

Format (pve-common PVE/UPID.pm, `encode`/`decode`):
`UPID:node:PID:PSTART:STARTTIME:type:id:user:` with PID and STARTTIME as 8 hex digits and PSTART
as 8 or 9 (it grows past 8 after about 497 days of uptime). `id` may be empty. For an API token
the user part is `user@realm!tokenid`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from shared.errors import InvalidInput

__all__ = ["UPID_PATTERN", "Upid", "is_upid"]

#: the same pattern PVE::UPID::decode uses, so we accept exactly what PVE accepts; no field holds
#: a ':', so the fields are what lies between them. Plain groups only: tool schemas publish it
#: as a JSON Schema pattern (ECMA-262), which has no (?P<name>...).
UPID_PATTERN = (
    r"^UPID:[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?:[0-9A-Fa-f]{8}:[0-9A-Fa-f]{8,9}:[0-9A-Fa-f]{8}"
    r":[^:\s/]+:[^:\s/]*:[^:\s/]+:$"
)
_UPID = re.compile(UPID_PATTERN)


def is_upid(text: str) -> bool:
    """Whether a text is a UPID as PVE issues them (a call's answer that starts a task)."""
    return _UPID.match(text) is not None


@dataclass(frozen=True)
class Upid:
    """A parsed UPID; `str()` gives back the exact text PVE issued."""

    text: str = field(repr=False)
    node: str
    pid: int
    pstart: int
    starttime: int  # seconds since the epoch
    type: str
    id: str
    user: str  # user@realm, without the token part

    token: str | None  # the token id when an API token started the task

    @classmethod
    def parse(cls, text: str) -> Upid:
        """Parse PVE's UPID text; anything PVE itself would not accept raises InvalidInput."""
        if _UPID.match(text) is None:
            raise InvalidInput(
                f"{text!r} is not a PVE task id (UPID:node:pid:pstart:starttime:type:id:user:)",
                hint="Pass the UPID exactly as PVE returned it, including the trailing colon.",
            )
        _, node, pid, pstart, starttime, kind, target, owner, _ = text.split(":")
        user, _, token = owner.partition("!")
        return cls(
            text=text,
            node=node,
            pid=int(pid, 16),
            pstart=int(pstart, 16),
            starttime=int(starttime, 16),
            type=kind,
            id=target,
            user=user,
            token=token or None,
        )

    @property
    def started_at(self) -> datetime:
        return datetime.fromtimestamp(self.starttime, tz=UTC)

    @property
    def vmid(self) -> int | None:
        """The guest the task is about, when its `id` is a VMID (it names a storage or nothing for some tasks)."""
        return int(self.id) if self.id.isdigit() else None

    @property
    def owner(self) -> str:
        """The user or token that owns the task, as PVE writes it in task lists (`user@realm!tokenid`)."""
        return f"{self.user}!{self.token}" if self.token else self.user

    def __str__(self) -> str:
        return self.text

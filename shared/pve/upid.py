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

__all__ = ["Upid"]

# The same pattern PVE::UPID::decode uses, so we accept exactly what PVE accepts.
_UPID = re.compile(
    r"^UPID:(?P<node>[a-zA-Z0-9]([a-zA-Z0-9\-]*[a-zA-Z0-9])?):(?P<pid>[0-9A-Fa-f]{8}):"
    r"(?P<pstart>[0-9A-Fa-f]{8,9}):(?P<starttime>[0-9A-Fa-f]{8}):(?P<type>[^:\s/]+):"
    r"(?P<id>[^:\s/]*):(?P<user>[^:\s/]+):$"
)


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
        found = _UPID.match(text)
        if found is None:
            raise InvalidInput(
                f"{text!r} is not a PVE task id (UPID:node:pid:pstart:starttime:type:id:user:)",
                hint="Pass the UPID exactly as PVE returned it, including the trailing colon.",
            )
        user, _, token = found["user"].partition("!")
        return cls(
            text=text,
            node=found["node"],
            pid=int(found["pid"], 16),
            pstart=int(found["pstart"], 16),
            starttime=int(found["starttime"], 16),
            type=found["type"],
            id=found["id"],
            user=user,
            token=token or None,
        )

    @property
    def started_at(self) -> datetime:
        return datetime.fromtimestamp(self.starttime, tz=UTC)

    @property
    def owner(self) -> str:
        """The user or token that owns the task, as PVE writes it in task lists (`user@realm!tokenid`)."""
        return f"{self.user}!{self.token}" if self.token else self.user

    def __str__(self) -> str:
        return self.text

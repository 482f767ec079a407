"""PVE task identifiers (UPIDs): `UPID:node:PID:PSTART:STARTTIME:type:id:user:`.

PID, PSTART and STARTTIME are 8 upper-case hex digits, as PVE::Tools::upid_encode writes them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Upid", "parse_upid"]

_UPID = re.compile(
    r"^UPID:(?P<node>[a-zA-Z0-9]([a-zA-Z0-9\-]*[a-zA-Z0-9])?):(?P<pid>[0-9A-Fa-f]{8}):(?P<pstart>[0-9A-Fa-f]{8,9}):"
    r"(?P<starttime>[0-9A-Fa-f]{8}):(?P<type>[^:\s]+):(?P<id>[^:\s]*):(?P<user>[^:\s]+):$"
)


@dataclass(frozen=True)
class Upid:
    node: str
    pid: int
    pstart: int
    starttime: int
    type: str
    id: str
    user: str

    def __str__(self) -> str:
        return (
            f"UPID:{self.node}:{self.pid:08X}:{self.pstart:08X}:{self.starttime:08X}:{self.type}:{self.id}:{self.user}:"
        )


def parse_upid(text: str) -> Upid | None:
    """The parts of a UPID, or None when the text is not one."""
    found = _UPID.match(text)
    if found is None:
        return None
    return Upid(
        node=found["node"],
        pid=int(found["pid"], 16),
        pstart=int(found["pstart"], 16),
        starttime=int(found["starttime"], 16),
        type=found["type"],
        id=found["id"],
        user=found["user"],
    )

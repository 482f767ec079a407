"""Passwords are hashed before they are enqueued: no clear text in Redis, logs or PVE's API traffic.

PVE accepts an already hashed password for cloud-init (`cipassword`, any crypt() hash) and for
a container's root (`password`, `$6$salt$hash` with default rounds) and stores it as given.
A tool takes the clear password as its argument (`Password`) and the payload carries `hashed()`
of it (see shared.operations.operation.ToolArgument).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from shared.errors import InvalidInput

__all__ = ["Password", "hash_password", "hashed"]


def _no_nul(password: str | None) -> str | None:
    # crypt() ends a password at its first NUL: refused here, before anyone is asked, not failed in hashing
    if password is not None and "\x00" in password:
        raise InvalidInput("the password holds a NUL byte, which no password can hold")
    return password


#: a password argument; each tool says whose in its own Field(description=...)
Password = Annotated[
    str | None,
    Field(min_length=5, max_length=256, json_schema_extra={"format": "password"}),
    AfterValidator(_no_nul),
]


def hash_password(clear: str) -> str:
    """The sha512-crypt hash of `clear`, with a random salt."""
    # loaded on first use: hashing happens only when a password is given, and the frontend starts faster
    from passlib.hash import sha512_crypt  # noqa: PLC0415

    # 5000 is sha512-crypt's default: the hash then carries no "rounds=" field, which
    # pve-container's check for "already hashed" (`^\$6\$[a-zA-Z0-9./]{1,16}\$[a-zA-Z0-9./]+$`) requires.
    return str(sha512_crypt.using(rounds=5000).hash(clear))


def hashed(password: str | None) -> str | None:
    """sha512-crypt of a password argument: no clear password is ever queued, stored or logged."""
    return hash_password(password) if password is not None else None

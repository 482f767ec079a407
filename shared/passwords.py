"""Passwords are hashed before they are enqueued: no clear text in Redis, logs or PVE's API traffic.

PVE accepts an already hashed password for cloud-init (`cipassword`, any crypt() hash) and for
a container's root (`password`, `$6$salt$hash` with default rounds) and stores it as given.
"""

from __future__ import annotations

from passlib.hash import sha512_crypt

__all__ = ["hash_password"]

# 5000 is sha512-crypt's default: the hash then carries no "rounds=" field, which
# pve-container's check for "already hashed" (`^\$6\$[a-zA-Z0-9./]{1,16}\$[a-zA-Z0-9./]+$`) requires.
_HASHER = sha512_crypt.using(rounds=5000)


def hash_password(clear: str) -> str:
    """The sha512-crypt hash of `clear`, with a random salt."""
    return str(_HASHER.hash(clear))

"""Secret parameters of a generic call, sealed from the frontend to the worker.

A declared tool hashes a password before it is queued; a generic call cannot, since PVE wants
the secret itself (a realm's bind password, a notification target's token). So the frontend
seals each secret parameter with AES-GCM under a key derived from PROXMOX_MCP_JOB_KEY (which the
frontend and the workers share; embedded, the process's own), and only the worker that sends
the call opens it. Redis, the logs, the record and the audit entry hold the sealed text alone.
Each value is bound to its parameter's name: a sealed value moved to another name does not open.
"""

from __future__ import annotations

import base64
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from shared.errors import JobRefused

__all__ = ["open_sealed", "seal"]

_INFO = b"proxmox-mcp call_pve_api secret parameters"


def _aead(job_key: str) -> AESGCM:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_INFO).derive(job_key.encode())
    return AESGCM(key)


def seal(values: dict[str, str], job_key: str) -> dict[str, str]:
    """Each value sealed: base64 of a fresh nonce and the ciphertext, bound to its name."""
    aead = _aead(job_key)
    sealed: dict[str, str] = {}
    for name, value in values.items():
        nonce = os.urandom(12)
        sealed[name] = base64.b64encode(nonce + aead.encrypt(nonce, value.encode(), name.encode())).decode()
    return sealed


def open_sealed(sealed: dict[str, str], job_key: str) -> dict[str, str]:
    """The values back; JOB_REFUSED when one was not sealed with this key for this name."""
    aead = _aead(job_key)
    opened: dict[str, str] = {}
    for name, text in sealed.items():
        try:
            raw = base64.b64decode(text, validate=True)
            opened[name] = aead.decrypt(raw[:12], raw[12:], name.encode()).decode()
        except (ValueError, InvalidTag) as exc:
            raise JobRefused(f"the sealed parameter {name!r} was not sealed by a frontend of this server") from exc
    return opened

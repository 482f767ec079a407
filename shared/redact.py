"""Redaction: what must never reach a log line, a Redis value or a tool output.

Three nets, because each alone misses something:
- by key: any mapping key that names a secret (password, token value, Authorization...);
- by shape: a `PVEAPIToken=user@realm!id=SECRET` header value anywhere in a string;
- by value: the configured secrets themselves (token secret, Redis password), wherever they appear.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["REDACTED", "Redactor", "is_secret_key"]

REDACTED = "[redacted]"

_SECRET_KEY = re.compile(
    r"(password|passwd|passphrase|secret|token[_-]?value|authorization|cookie|api[_-]?key|private[_-]?key|csrf)",
    re.IGNORECASE,
)
_TOKEN_HEADER = re.compile(r"(PVEAPIToken=[^=\s]+=)[^\s\"',;]+")
_URL_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@/\s]+(@)", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # a process logs and stores the same few hundred keys over and over
def is_secret_key(key: str) -> bool:
    """True for keys whose values are secrets (`cipassword`, `PROXMOX_TOKEN_VALUE`, `Authorization`...)."""
    return bool(_SECRET_KEY.search(key))


class Redactor:
    """Replaces secrets in nested data; configured once per process with the secret values it knows."""

    def __init__(self, secrets: Iterable[str | None] = ()) -> None:
        # Short values would redact innocent text; real secrets are long.
        self._values = sorted({s for s in secrets if s and len(s) >= 6}, key=len, reverse=True)

    def add(self, *secrets: str | None) -> None:
        self._values = sorted({*self._values, *(s for s in secrets if s and len(s) >= 6)}, key=len, reverse=True)

    def text(self, value: str) -> str:
        for secret in self._values:
            if secret in value:
                value = value.replace(secret, REDACTED)
        # each pattern starts from a literal: a string without it is left without running the pattern
        # (every string of every log line passes here)
        if "PVEAPIToken=" in value:
            value = _TOKEN_HEADER.sub(rf"\g<1>{REDACTED}", value)
        if "://" in value:
            value = _URL_PASSWORD.sub(rf"\g<1>{REDACTED}\g<2>", value)
        return value

    def __call__(self, value: Any) -> Any:
        """A redacted copy of `value` (mappings, sequences and strings; other values as they are)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {
                key: REDACTED if isinstance(key, str) and is_secret_key(key) and item is not None else self(item)
                for key, item in value.items()
            }
        if isinstance(value, (list, tuple)):
            return type(value)(self(item) for item in value)
        return value

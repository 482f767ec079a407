"""Which parameters of a PVE call, and which fields of its answer, hold secrets.

PVE marks few of them in its schema (`format: password` is rare); it names them alike:
`password`, `cipassword`, `confirmation-password`, `secret`, a notification target's `token`, an
ACME `eab-hmac-key`, a token's `value` in the answer that creates it. A masked value is never
logged, recorded, audited, shown in a plan or answered.
"""

from __future__ import annotations

from typing import Any

from shared.redact import is_secret_key

__all__ = ["MASK", "is_secret", "mask_answer", "masked"]

MASK = "***"
#: PVE's names for secrets that the redactor's key net (shared.redact) leaves alone, being plain words
#: elsewhere: a notification target's `token`, a PEM or ACME `key` (`eab-hmac-key`), an LDAP `bindpw`
_PVE_NAMES = frozenset({"token", "key", "bindpw"})


def is_secret(name: str, schema: dict[str, Any] | None = None) -> bool:
    """Whether a parameter (or answer field) of this name and schema holds a secret."""
    if schema is not None and schema.get("format") == "password":
        return True
    lowered = name.lower()
    return is_secret_key(name) or lowered in _PVE_NAMES or lowered.endswith("-key")


def masked(params: dict[str, Any], properties: dict[str, Any] | None = None) -> dict[str, Any]:
    """The parameters with every secret's value masked (for a plan, a log, a record, an audit entry)."""
    schemas = properties or {}
    return {k: (MASK if is_secret(k, schemas.get(k)) else v) for k, v in params.items()}


def _secret_field(key: str, container: dict[str, Any]) -> bool:
    # a new API token's secret comes back as `value` beside its id (POST /access/users/{userid}/token/{tokenid})
    return is_secret(key) or (key == "value" and "full-tokenid" in container)


def mask_answer(data: Any) -> Any:
    """PVE's answer with secret fields masked, at any depth (a new token's `value`, a realm's password)."""
    if isinstance(data, dict):
        return {k: MASK if v is not None and _secret_field(k, data) else mask_answer(v) for k, v in data.items()}
    if isinstance(data, list):
        return [mask_answer(item) for item in data]
    return data

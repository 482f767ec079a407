"""Signed jobs: a worker runs only what a frontend holding PROXMOX_MCP_JOB_KEY queued, once.

The job client signs each job: an HMAC-SHA256, keyed with PROXMOX_MCP_JOB_KEY (which frontends
and workers share; embedded, a key made per process), over the job's ID, operation, payload,
cluster, caller (with its scopes) and expiry, as canonical JSON. The signature, the caller and the expiry
travel in the arq job's keyword arguments (`k`), next to the payload in `a`.

Before it reads anything of the job's but this, the worker checks (`verify`):
- the signature: a job without one, or with its operation, payload, caller, scopes or expiry
  changed (or copied under another job ID), is refused;
- the cluster: the job must be signed for the cluster whose queue the worker took it from, so a
  job moved to another cluster's queue (VMID 100 there is another guest) is refused;
- the expiry, when the job has not started yet (PROXMOX_MCP_JOB_EXPIRY after it was queued):
  a job that waited longer, or an old one written again, is refused;
- that it was not taken before: its first pickup marks the job (`pmcp:job:<id>:signed`, until it
  expires); a job found marked whose record is gone (deleted, to run it again) is refused. A
  job whose record ended is not run again anyway (workers.lifecycle).
A refused job ends `failed` with JOB_REFUSED, and nothing is sent to PVE.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any

from pydantic import ValidationError

from shared.caller import Caller
from shared.errors import InvalidInput, JobRefused
from shared.settings import Settings

__all__ = ["JobSigner", "canonical", "signer_for"]


def canonical(value: Any) -> bytes:
    """The one JSON text of a value that both sides sign: keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class JobSigner:
    """Signs jobs (the job client) and verifies them (workers) with one key."""

    def __init__(self, key: bytes, *, expiry_seconds: float) -> None:
        if len(key) < 16:
            raise ValueError("a job key needs 16 bytes at least")
        self._key = key
        self.expiry_seconds = expiry_seconds

    def _mac(self, job_id: str, operation: str, payload: Any, *, cluster: str, caller: Any, expires_ms: int) -> str:
        signed = {"job_id": job_id, "operation": operation, "payload": payload, "caller": caller}
        message = canonical({**signed, "cluster": cluster, "expires": expires_ms})
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    def sign(
        self, job_id: str, operation: str, payload: Any, caller: Caller, *, cluster: str, now_ms: int
    ) -> dict[str, Any]:
        """The arq job's keyword arguments: the cluster, the caller, the expiry and the signature."""
        dumped = caller.model_dump(mode="json")
        expires = now_ms + int(self.expiry_seconds * 1000)
        return {
            "cluster": cluster,
            "caller": dumped,
            "expires": expires,
            "signature": self._mac(job_id, operation, payload, cluster=cluster, caller=dumped, expires_ms=expires),
        }

    def verify(
        self, job_id: str, operation: str, payload: Any, envelope: Any, *, cluster: str, started: bool
    ) -> Caller:
        """The caller of a job signed for `cluster` whose signature holds (and, not `started` yet, that has not
        expired); else JobRefused."""
        if not isinstance(envelope, dict) or not isinstance(envelope.get("signature"), str):
            raise JobRefused(f"job {job_id} ({operation}) is not signed; nothing was sent to PVE")
        caller, expires = envelope.get("caller"), envelope.get("expires")
        if not isinstance(caller, dict) or not isinstance(expires, int) or isinstance(expires, bool):
            raise JobRefused(f"job {job_id} ({operation}) has no caller or expiry; nothing was sent to PVE")
        if envelope.get("cluster") != cluster:
            raise JobRefused(
                f"job {job_id} ({operation}) was signed for cluster {envelope.get('cluster')!r} but queued for "
                f"{cluster!r}; nothing was sent to PVE"
            )
        expected = self._mac(job_id, operation, payload, cluster=cluster, caller=caller, expires_ms=expires)
        if not hmac.compare_digest(expected, envelope["signature"]):
            raise JobRefused(
                f"job {job_id} ({operation}) does not match its signature (altered, or signed with another key); "
                "nothing was sent to PVE"
            )
        if not started and expires < time.time() * 1000:
            raise JobRefused(
                f"job {job_id} ({operation}) expired before it started; nothing was sent to PVE",
                hint="Call the tool again (a job not started within PROXMOX_MCP_JOB_EXPIRY is refused).",
            )
        try:
            return Caller.model_validate(caller)
        except ValidationError:
            raise JobRefused(f"job {job_id} ({operation}) names no valid caller; nothing was sent to PVE") from None


def signer_for(settings: Settings) -> JobSigner:
    """The signer of these settings' PROXMOX_MCP_JOB_KEY; with a shared Redis, a missing key is refused."""
    if settings.job_key is None:
        raise InvalidInput(
            "missing setting PROXMOX_MCP_JOB_KEY: with REDIS_URL set, the server and workers sign and check jobs",
            hint="Set the same key for the server and every worker (openssl rand -hex 32), in .env or the environment.",
        )
    return JobSigner(settings.job_key.get_secret_value().encode(), expiry_seconds=settings.job_expiry_seconds)

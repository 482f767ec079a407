"""The JSON codec arq uses for jobs and results (never pickle).

Pickle would let anyone who can write to Redis run code in every worker, and it is
unreadable in redis-cli. JSON needs one extra: arq stores exceptions as results (a failed
job, an aborted one) and raises them again from `Job.result()`; `Job.abort()` only reports
success when it gets an `asyncio.CancelledError` back. So exceptions are written as a
tagged object and rebuilt as the closest real exception class.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from arq.jobs import SerializationError
from arq.worker import JobExecutionFailed, RetryJob

from shared.errors import ProxmoxMcpError, error_from_fields
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState

__all__ = ["EXCEPTION_TAG", "CodecError", "RemoteJobError", "dumps", "loads"]

EXCEPTION_TAG = "__exception__"


class CodecError(SerializationError):
    """A value could not be encoded to, or decoded from, the job JSON."""


class RemoteJobError(Exception):
    """A job raised an exception of a type this process does not rebuild; `type` names it."""

    def __init__(self, type_name: str, message: str) -> None:
        super().__init__(f"{type_name}: {message}" if message else type_name)
        self.type_name = type_name


# Rebuilt exactly: arq and asyncio give these meaning (abort, timeout, expiry, retry).
_REBUILT: dict[str, type[BaseException]] = {
    "asyncio.exceptions.CancelledError": asyncio.CancelledError,
    "builtins.TimeoutError": TimeoutError,
    "arq.worker.JobExecutionFailed": JobExecutionFailed,
    "arq.worker.RetryJob": RetryJob,
}


def _encode_exception(exc: BaseException) -> dict[str, Any]:
    cls = type(exc)
    encoded: dict[str, Any] = {"type": f"{cls.__module__}.{cls.__qualname__}", "message": str(exc)}
    if isinstance(exc, ProxmoxMcpError):
        encoded["fields"] = exc.fields()
    return {EXCEPTION_TAG: encoded}


def _default(value: Any) -> Any:
    if isinstance(value, BaseException):
        return _encode_exception(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _decode_exception(encoded: dict[str, Any]) -> BaseException:
    type_name = str(encoded.get("type", "Exception"))
    message = str(encoded.get("message", ""))
    if fields := encoded.get("fields"):
        return error_from_fields(fields["code"], fields["message"], fields.get("hint"), fields.get("details"))
    rebuilt = _REBUILT.get(type_name)
    if rebuilt is asyncio.CancelledError:
        return asyncio.CancelledError()
    if rebuilt is not None:
        return rebuilt(message)
    return RemoteJobError(type_name, message)


def _object_hook(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and EXCEPTION_TAG in obj:
        return _decode_exception(obj[EXCEPTION_TAG])
    return obj


def dumps(data: dict[str, Any]) -> bytes:
    """Encode an arq job or result dict as UTF-8 JSON."""
    try:
        return json.dumps(data, default=_default, separators=(",", ":"), ensure_ascii=False).encode()
    except (TypeError, ValueError) as exc:
        raise CodecError(f"cannot encode job data: {exc}") from exc


def loads(raw: bytes) -> dict[str, Any]:
    """Decode what `dumps` wrote; exceptions come back as exception instances."""
    try:
        decoded = json.loads(raw, object_hook=_object_hook)
    except (TypeError, ValueError) as exc:
        raise CodecError(f"cannot decode job data: {exc}") from exc
    if not isinstance(decoded, dict):
        raise CodecError("job data is not a JSON object")
    return decoded


def encode_result(record: JobRecord, queue: str, state: JobState, value: Any) -> bytes:
    """arq's result dict of a job that ended in `state` (`arq.jobs.serialize_result`'s keys), in this codec.

    `value` is what arq's `Job.result()` gives back: the result of a job that succeeded; else what
    it raises: the job's error, CancelledError for a cancelled job (arq's own abort), TimeoutError
    for one timed out, and for any other end (unknown, partial without an error) a RemoteJobError
    naming the state. The arguments are the record's, secrets redacted.
    """
    now_ms = int(time.time() * 1000)
    if not state.succeeded and not isinstance(value, BaseException):
        if state is JobState.CANCELLED:
            value = asyncio.CancelledError()
        elif state is JobState.TIMED_OUT:
            value = TimeoutError(str(value))
        else:
            value = RemoteJobError(f"job {state.value}", str(value))
    started = record.started_at or record.created_at
    return dumps(
        {
            "t": record.attempts,
            "f": record.operation,
            "a": [record.args],
            "k": {},
            "et": int(record.created_at.timestamp() * 1000),
            "s": state.succeeded,
            "r": value,
            "st": int(started.timestamp() * 1000),
            "ft": now_ms,
            "q": queue,
        }
    )

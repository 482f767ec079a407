"""The audit log: one entry per change, in an append-only Redis stream and a rotating file, hash-chained.

A worker appends an entry when a change job ends, whatever its outcome (refused ones too):
when, who (the caller's label and kind), the tool, the cluster it ran on, its arguments (secrets
redacted, as the job record holds them), the plan, the job ID, the UPIDs of its PVE tasks, and
the outcome (state and error code). Entries go to the stream `pmcp:audit` (never trimmed) and, where
PROXMOX_MCP_AUDIT_FILE is set, to that file too, one JSON line each (rotated at 10 MB, ten kept).

Each entry carries `seq` (1, 2, ...), the hash of the entry before it (`prev`; the first one's
is 64 zeros) and its own `hash`, the SHA-256 of its canonical JSON without `hash`. Appending
is one optimistic transaction on `pmcp:audit:head` (the last seq and hash), so workers that
append at once still form one chain (the entries one process appends at once share one
transaction). `verify` finds an entry edited (its hash), deleted or inserted (a broken link,
a gap in seq); `proxmox-mcp audit verify` runs it on the stream and, with `--file`, on a
file, whose entries must also match the stream's.

The hash covers every field an entry has, so entries written before a field existed still
verify: those of a release without clusters have no `cluster` (`without_cluster` counts them,
and the check says so), an edit that adds or removes one breaks its hash like any other.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import logging.handlers
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import WatchError

from shared.errors import InvalidInput
from shared.jobs.keys import PREFIX
from shared.jobs.optimistic import watch_and_get
from shared.jobs.redis_url import redis_client
from shared.jobs.signing import canonical
from shared.settings import Settings

__all__ = [
    "AUDIT_HEAD",
    "AUDIT_STREAM",
    "GENESIS",
    "AuditLog",
    "entry_hash",
    "read_entries",
    "verify",
    "verify_audit",
    "without_cluster",
]

AUDIT_STREAM = f"{PREFIX}:audit"
AUDIT_HEAD = f"{PREFIX}:audit:head"
GENESIS = "0" * 64


def entry_hash(entry: dict[str, Any]) -> str:
    """The SHA-256 of the entry's canonical JSON, its own `hash` left out."""
    return hashlib.sha256(canonical({k: v for k, v in entry.items() if k != "hash"})).hexdigest()


class AuditLog:
    """Appends entries to the stream (and the file, if one is set) as one chain."""

    def __init__(self, redis: Redis, file: Path | None = None) -> None:
        self.redis = redis
        self._pending: list[tuple[dict[str, Any], asyncio.Future[dict[str, Any]]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._file: logging.Logger | None = None
        if file is not None:
            file.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(file, maxBytes=10 * 1024 * 1024, backupCount=10)
            handler.setFormatter(logging.Formatter("%(message)s"))
            self._file = logging.Logger(f"pmcp.audit.{file}")  # its own: never the root logger's handlers
            self._file.addHandler(handler)

    async def append(self, fields: dict[str, Any]) -> dict[str, Any]:
        """Chain `fields` after the last entry and write it; returns the entry as written.

        Entries this process appends at once are written together, in one transaction: a
        worker whose jobs end together would otherwise have each append retry on the others'
        (on the head's WATCH), in line, round trips apiece.
        """
        fields = {"time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"), **fields}
        written: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending.append((fields, written))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        return await asyncio.shield(written)  # a caller cancelled meanwhile must not take the others' batch down

    async def _write_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                entries = await self._write(fields for fields, _written in batch)
            except Exception as exc:  # each caller gets what failed its entry
                for _fields, written in batch:
                    if not written.done():
                        written.set_exception(exc)
                continue
            for (_fields, written), entry in zip(batch, entries, strict=True):
                if not written.done():
                    written.set_result(entry)

    async def _write(self, batch: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Chain the entries after the head and write them in one transaction (again, if another process wrote)."""
        pending = list(batch)
        while True:
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    (head,) = await watch_and_get(pipe, AUDIT_HEAD)
                    text = head.decode() if isinstance(head, bytes) else head
                    seq, prev = (int(text.split(":", 1)[0]), text.split(":", 1)[1]) if text else (0, GENESIS)
                    entries, lines = [], []
                    for fields in pending:
                        seq += 1
                        entry = {**fields, "seq": seq, "prev": prev}
                        entry["hash"] = prev = entry_hash(entry)
                        entries.append(entry)
                        lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
                    pipe.multi()  # type: ignore[no-untyped-call]  # redis-py's stubs leave it untyped
                    for line in lines:
                        pipe.xadd(AUDIT_STREAM, {"entry": line})
                    pipe.set(AUDIT_HEAD, f"{seq}:{prev}")
                    await pipe.execute()
                except WatchError:  # another process appended first: chain after its entries
                    continue
            if self._file is not None:
                for line in lines:
                    self._file.info(line)
            return entries


async def read_entries(redis: Redis, *, count: int | None = None) -> list[dict[str, Any]]:
    """The stream's entries, oldest first (at most `count`)."""
    return [_entry(values) for _, values in await redis.xrange(AUDIT_STREAM, count=count)]


async def read_older(redis: Redis, *, before: str | None, count: int) -> list[tuple[str, dict[str, Any]]]:
    """At most `count` entries with their stream IDs, newest first, older than the entry `before` (none: all)."""
    raw = await redis.xrevrange(AUDIT_STREAM, max=f"({before}" if before else "+", min="-", count=count)
    return [
        (entry_id.decode() if isinstance(entry_id, bytes) else entry_id, _entry(values)) for entry_id, values in raw
    ]


def _entry(values: dict[Any, Any]) -> dict[str, Any]:
    """An entry from its stream fields (a client without decode_responses answers bytes)."""
    entry: dict[str, Any] = json.loads(values["entry"] if "entry" in values else values[b"entry"])
    return entry


def verify(entries: Iterable[dict[str, Any]], *, gaps_allowed: bool = False) -> list[str]:
    """What is wrong with a chain of entries (empty: nothing), oldest first.

    `gaps_allowed` (a file: it holds what its own process wrote, other workers wrote the rest):
    a jump in seq is no fault there, and a link is checked only between consecutive entries.
    """
    problems: list[str] = []
    previous: dict[str, Any] | None = None
    for entry in entries:
        seq = entry.get("seq")
        if entry.get("hash") != entry_hash(entry):
            problems.append(f"entry {seq}: its content does not match its hash (edited)")
        if previous is None:
            expected_seq, expected_prev = (1, GENESIS) if not gaps_allowed else (seq, entry.get("prev"))
        else:
            expected_seq, expected_prev = previous["seq"] + 1, previous.get("hash")
        jumped = gaps_allowed and isinstance(seq, int) and isinstance(expected_seq, int) and seq > expected_seq
        if seq != expected_seq and not jumped:
            problems.append(f"entry {seq}: expected entry {expected_seq} here (one deleted or inserted)")
        elif seq == expected_seq and entry.get("prev") != expected_prev:
            problems.append(f"entry {seq}: does not link to the entry before it (one deleted, inserted or edited)")
        previous = entry
    return problems


def without_cluster(entries: Iterable[dict[str, Any]]) -> int:
    """How many entries predate the `cluster` field (written by a release without clusters)."""
    return sum(1 for entry in entries if "cluster" not in entry and "unreadable" not in entry)


def _file_entries(path: Path) -> list[dict[str, Any]]:
    """A file's entries, its rotated files first (oldest first)."""
    rotated = [p for p in path.parent.glob(f"{path.name}.*") if p.suffix[1:].isdigit()]
    files = sorted(rotated, key=lambda p: -int(p.suffix[1:]))  # .10 is the oldest, .1 the newest
    entries: list[dict[str, Any]] = []
    for part in [*files, path]:
        for number, line in enumerate(part.read_text(encoding="utf-8").splitlines(), 1):
            try:
                entries.append(json.loads(line))
            except ValueError:
                entries.append({"seq": f"{part.name}:{number}", "unreadable": line[:80]})
    return entries


async def verify_audit(settings: Settings, file: Path | None) -> tuple[list[str], list[dict[str, Any]]]:
    """Check the stream's chain and its head (with REDIS_URL), and a file's, against the stream: (problems, the
    entries checked)."""
    problems: list[str] = []
    stream: list[dict[str, Any]] = []
    if settings.redis_url is not None:
        redis = redis_client(settings.redis_url.get_secret_value())
        try:
            stream = await read_entries(redis)
            head = await redis.get(AUDIT_HEAD)
        finally:
            await redis.aclose(close_connection_pool=True)
        problems += verify(stream)
        last = f"{stream[-1]['seq']}:{stream[-1]['hash']}" if stream else None
        if head != last:
            problems.append(f"the stream ends at entry {last or 'none'} but its head says {head} (entries removed)")
    elif file is None:
        raise InvalidInput("nothing to verify", hint="Set REDIS_URL (the stream), or pass --file PATH.")
    if file is None:
        return problems, stream
    entries = _file_entries(file)
    problems += [f"{file}: {problem}" for problem in verify(entries, gaps_allowed=True)]
    by_seq = {entry["seq"]: entry for entry in stream}
    for entry in entries if stream else []:
        recorded = by_seq.get(entry.get("seq"))
        if recorded != entry:
            problems.append(f"{file}: entry {entry.get('seq')} differs from the stream's")
    return problems, stream + entries

"""Logging: structlog JSON lines through one redacting pipeline, to three sinks.

- stderr, always: in stdio mode stdout belongs to the MCP protocol, so nothing else may write there;
- a rotating file, when PROXMOX_MCP_LOG_FILE is set;
- a capped Redis stream (`pmcp:logs`) that every process appends to and `get_mcp_logs` reads.

Library logs (arq, mcp, httpx, uvicorn) go through the same processors via structlog's
ProcessorFormatter, so they are JSON and redacted too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import logging.handlers
import os
import sys
from collections import deque
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import structlog

from shared.jobs import keys
from shared.redact import Redactor
from shared.settings import Settings

if TYPE_CHECKING:  # the MCP server configures logging before it has loaded redis (it connects later)
    from redis.asyncio import Redis

__all__ = ["LEVELS", "LogEntry", "RedisLogSink", "configure_logging", "read_logs"]

LEVELS = ("debug", "info", "warning", "error", "critical")
# httpx logs every request at INFO; our own pve_response and job_finished events (with state,
# code and duration) say the same for less on the job's path.
_QUIET_LIBRARIES = {
    "httpx": logging.WARNING,
    "httpcore": logging.WARNING,
    "asyncssh": logging.WARNING,
    "arq.worker": logging.WARNING,
}


class _CutRawLines(logging.Filter):
    """Drops what the MCP SDK logs of a line it could not read: the line's own text, a password maybe.

    Redaction by key cannot find a secret in raw text, so the record keeps its message and loses
    its arguments (`transport yielded exception: %r`, the exception quoting the line).
    """

    _RAW = ("transport yielded exception",)

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(self._RAW):
            record.msg, record.args = f"{record.msg.split(':', 1)[0]}: (the line is not logged)", ()
        return True


_CUT_RAW_LINES = _CutRawLines()


class RedactProcessor:
    """structlog processor: the event dict with every secret replaced (see shared.redact)."""

    def __init__(self, redactor: Redactor) -> None:
        self.redactor = redactor

    def __call__(self, logger: Any, method_name: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        redacted: MutableMapping[str, Any] = self.redactor(dict(event_dict))
        return redacted


def _static_fields(role: str) -> structlog.types.Processor:
    pid = os.getpid()

    def add(logger: Any, method_name: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        event_dict.setdefault("process", role)
        event_dict.setdefault("pid", pid)
        return event_dict

    return add


class _FormatOnce(structlog.stdlib.ProcessorFormatter):
    """Formats a record once for all the handlers it reaches (stderr, the file, the Redis sink).

    Each handler formats on its own: a worker's every line was rendered to JSON twice, once for
    stderr and once for the Redis stream. With the redactor's literal checks (shared.redact), a
    worker's line costs 48 µs of CPU, not 118.
    """

    def format(self, record: logging.LogRecord) -> str:
        line: str | None = record.__dict__.get("_pmcp_line")
        if line is None:
            line = super().format(record)
            record._pmcp_line = line
        return line


def configure_logging(settings: Settings, *, role: str, redactor: Redactor) -> logging.Formatter:
    """Configure structlog and stdlib logging for this process (call once, at start).

    Returns the JSON formatter, for sinks attached later (RedisLogSink).
    """
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _static_fields(role),
        structlog.processors.format_exc_info,
        RedactProcessor(redactor),
    ]
    structlog.configure(
        processors=[structlog.stdlib.filter_by_level, *shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    formatter = _FormatOnce(
        foreign_pre_chain=shared,
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.JSONRenderer(default=str),
        ],
    )
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if settings.log_file is not None:
        settings.log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(
            logging.handlers.RotatingFileHandler(settings.log_file, maxBytes=10 * 1024 * 1024, backupCount=5)
        )
    root = logging.getLogger()
    for handler in list(root.handlers):
        if not isinstance(handler, RedisLogHandler):
            root.removeHandler(handler)
    for handler in handlers:
        handler.setFormatter(formatter)
        handler.addFilter(_CUT_RAW_LINES)
        root.addHandler(handler)
    root.setLevel(settings.log_level)
    for name, level in _QUIET_LIBRARIES.items():
        logging.getLogger(name).setLevel(max(level, logging.getLevelName(settings.log_level)))
    return formatter


class RedisLogHandler(logging.Handler):
    """Hands formatted lines to the sink's buffer; never blocks and never does I/O itself."""

    def __init__(self, sink: RedisLogSink) -> None:
        super().__init__()
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
        except Exception:  # a log line must never break the caller
            self.handleError(record)
            return
        self.sink.push(record.levelname.lower(), line)


class RedisLogSink:
    """Appends log lines to the capped `pmcp:logs` stream from a background task."""

    def __init__(self, redis: Redis, *, formatter: logging.Formatter, maxlen: int, buffer: int = 5000) -> None:
        self.redis = redis
        self.maxlen = maxlen
        self._buffer: deque[tuple[str, str]] = deque(maxlen=buffer)
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._handler = RedisLogHandler(self)
        self._handler.setFormatter(formatter)
        self._handler.addFilter(_CUT_RAW_LINES)

    def push(self, level: str, line: str) -> None:
        self._buffer.append((level, line))  # a full buffer (Redis gone a while) drops its oldest line
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    async def start(self) -> None:
        """Attach to the root logger and start draining (call from the process's event loop)."""
        self._loop = asyncio.get_running_loop()
        logging.getLogger().addHandler(self._handler)
        self._task = asyncio.create_task(self._drain(), name="redis-log-sink")

    async def aclose(self) -> None:
        """Detach, then write what is still buffered."""
        logging.getLogger().removeHandler(self._handler)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):  # Redis may be gone at shutdown; losing the tail is acceptable
            await self._flush()

    async def _drain(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._flush()
            except Exception:  # Redis down: keep the lines buffered (bounded) and try on the next wake
                await asyncio.sleep(1)
                self._wake.set()

    async def _flush(self) -> None:
        while self._buffer:
            batch = [self._buffer.popleft() for _ in range(min(len(self._buffer), 200))]
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for level, line in batch:
                        pipe.xadd(keys.LOG_STREAM, {"level": level, "line": line}, maxlen=self.maxlen, approximate=True)
                    await pipe.execute()
            except Exception:
                self._buffer.extendleft(reversed(batch))
                raise


@dataclass(frozen=True)
class LogEntry:
    id: str
    level: str
    fields: dict[str, Any]


async def read_logs(
    redis: Redis,
    *,
    limit: int = 50,
    min_level: str = "info",
    contains: str | None = None,
    job_id: str | None = None,
    before: str | None = None,
) -> list[LogEntry]:
    """The newest log lines at or above `min_level` (newest first), filtered, older than the line `before`."""
    threshold = LEVELS.index(min_level)
    found: list[LogEntry] = []
    last = f"({before}" if before else "+"
    while len(found) < limit:
        batch = await redis.xrevrange(keys.LOG_STREAM, max=last, min="-", count=500)
        if not batch:
            break
        for entry_id, data in batch:
            level = data.get("level", "info")
            if level not in LEVELS or LEVELS.index(level) < threshold:
                continue
            line = data.get("line", "")
            if contains is not None and contains not in line:
                continue
            try:
                fields = json.loads(line)
            except ValueError:
                fields = {"event": line}
            if job_id is not None and fields.get("job_id") != job_id:
                continue
            found.append(LogEntry(entry_id, level, fields))
            if len(found) == limit:
                break
        if len(batch) < 500:
            break
        last = f"({batch[-1][0]}"
    return found

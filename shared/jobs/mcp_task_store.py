"""MCP tasks on the job store: one hash per task, `pmcp:task:<id>`, next to its job's record.

A tool call answered with an MCP task (the io.modelcontextprotocol/tasks extension,
mcp_frontend.mcp_tasks) is one job seen through MCP: the task's ID is the job's ID and its status
is read from the job record. This hash holds what the record does not:
- `owner`: who started it; nobody else may read, answer or cancel it;
- `tool`, `created_at`, `updated_at`;
- while a change waits for its user's yes (a client that cannot be asked in the middle of a call):
  `questions` (the elicitation requests, by key) and `pending` (the job, prepared, not yet queued).
  The answer removes `pending` and, for a yes, records and queues the job in the same transaction,
  so a job is queued at most once however many answers arrive;
- `ended`, for a task that ended before it had a job: no (the user's refusal, as an error) or
  cancelled before the answer.
It expires after the job store's TTL (PROXMOX_MCP_JOB_TTL) from its creation or its answer, the
later, so it lasts as long as its job's record.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import WatchError

from shared.jobs import keys
from shared.jobs.record import encode_fields, utcnow

__all__ = ["McpTask", "McpTaskStore"]

_JSON_FIELDS = frozenset({"questions", "pending", "ended"})


class McpTask(BaseModel):
    """An MCP task: its owner, and what it waits for or how it ended when it has no job."""

    model_config = ConfigDict(extra="ignore")

    task_id: str
    owner: str
    tool: str
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    #: the requests the user is to answer (`inputRequests`), by key, while the task waits
    questions: dict[str, Any] | None = None
    #: the job to queue on a yes: {"record": the JobRecord as JSON, "payload": its params, "read": bool}
    pending: dict[str, Any] | None = None
    #: how a task without a job ended: {"state": "refused", "error": {code, message, hint}} or
    #: {"state": "cancelled", "message": ...}
    ended: dict[str, Any] | None = None

    def to_hash(self) -> dict[str, str]:
        return encode_fields(self.model_dump(exclude_none=True), json_fields=_JSON_FIELDS)

    @classmethod
    def from_hash(cls, fields: dict[str, str]) -> McpTask:
        return cls.model_validate(
            {key: json.loads(value) if key in _JSON_FIELDS else value for key, value in fields.items()}
        )


class McpTaskStore:
    """Reads and writes MCP task hashes on a `decode_responses=True` Redis client."""

    def __init__(self, redis: Redis, *, ttl_seconds: int) -> None:
        self.redis = redis
        self.ttl_seconds = ttl_seconds

    def add_create(self, pipe: Pipeline, task: McpTask) -> None:
        """The commands that write a new task, added to a transaction of the caller's (its job's submit)."""
        pipe.hset(keys.mcp_task(task.task_id), mapping=task.to_hash())
        pipe.expire(keys.mcp_task(task.task_id), self.ttl_seconds)

    async def create(self, task: McpTask) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            self.add_create(pipe, task)
            await pipe.execute()

    async def get(self, task_id: str) -> McpTask | None:
        fields = await self.redis.hgetall(keys.mcp_task(task_id))  # type: ignore[misc]  # redis stubs: Awaitable|dict
        return McpTask.from_hash(fields) if "owner" in fields else None

    async def settle(self, task_id: str, decide: Callable[[McpTask], Callable[[Pipeline], object] | None]) -> bool:
        """Change a task that waits for answers, atomically: False if it waits for none (or `decide` did nothing).

        `decide(task)` gives the commands to run (`add_questions`, `add_release` with the job's
        submit or `add_end`), or None; they run in a transaction that fails, and is decided
        again, if another answer changed the task meanwhile: a job is queued at most once.
        """
        key = keys.mcp_task(task_id)
        while True:
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    fields = await pipe.hgetall(key)  # type: ignore[misc]  # redis stubs: Awaitable|dict
                    if "pending" not in fields:
                        return False
                    commands = decide(McpTask.from_hash(fields))
                    if commands is None:
                        return False
                    pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                    pipe.hset(key, mapping=encode_fields({"updated_at": utcnow()}))
                    pipe.expire(key, self.ttl_seconds)  # as long as the job it may queue now
                    commands(pipe)
                    await pipe.execute()
                except WatchError:
                    continue
                return True

    def add_questions(self, pipe: Pipeline, task_id: str, questions: dict[str, Any]) -> None:
        """The commands that leave a task waiting for these questions only (the others were answered)."""
        pipe.hset(keys.mcp_task(task_id), mapping=encode_fields({"questions": questions}, json_fields=_JSON_FIELDS))

    def add_release(self, pipe: Pipeline, task_id: str) -> None:
        """The commands that end a task's wait: its questions and held job go (the job queued, or not at all)."""
        pipe.hdel(keys.mcp_task(task_id), "pending", "questions")

    def add_end(self, pipe: Pipeline, task_id: str, ended: dict[str, Any]) -> None:
        """The commands that end a task's wait without a job, saying how (`ended`)."""
        self.add_release(pipe, task_id)
        pipe.hset(keys.mcp_task(task_id), mapping=encode_fields({"ended": ended}, json_fields=_JSON_FIELDS))

"""A tool call to be answered with an MCP task: the mark the tasks extension puts on it while the tool runs.

The extension (mcp_frontend.mcp_tasks) sets the mark around a change tool's run for a client
that declared the extension; the change path reads it (a context variable, so no tool changes
its signature):
- mcp_frontend.confirm: a question the client cannot put to its user mid-call becomes the
  task's question (`questions`) instead of CONFIRMATION_REQUIRED;
- FrontendApp.change: the job is submitted with its task, not waited for, and the task noted
  here (`task_id`), for the extension to answer with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from mcp.server.elicitation import render_elicitation_schema
from pydantic import BaseModel

__all__ = ["QUESTION_KEY", "TaskCall", "current_task_call", "elicitation", "task_call"]

#: the key of a task's confirmation question in `inputRequests` (one per task, so never reused)
QUESTION_KEY = "confirm"


@dataclass
class TaskCall:
    """One tool call answered with a task."""

    #: who starts the task (only they may read, answer or cancel it)
    owner: str
    #: the questions for the user (`elicitation/create` requests, by key), when the change waits for
    #: their yes before it is queued
    questions: dict[str, Any] | None = None
    #: the task the change started, once it did
    task_id: str | None = None


_CURRENT: ContextVar[TaskCall | None] = ContextVar("task_call", default=None)


def current_task_call() -> TaskCall | None:
    """The mark of the tool call being run, if it is to be answered with a task."""
    return _CURRENT.get()


@contextmanager
def task_call(owner: str) -> Iterator[TaskCall]:
    """Mark the tool call run inside as one to answer with a task started by `owner`."""
    call = TaskCall(owner)
    token = _CURRENT.set(call)
    try:
        yield call
    finally:
        _CURRENT.reset(token)


def elicitation(message: str, schema: type[BaseModel]) -> dict[str, Any]:
    """A question for a task's `inputRequests`: the `elicitation/create` request a client would get mid-call."""
    return {
        "method": "elicitation/create",
        "params": {"mode": "form", "message": message, "requestedSchema": render_elicitation_schema(schema)},
    }

"""Every state change a stack's jobs made, checked against the table of workers.lifecycle."""

from __future__ import annotations

from redis import Redis

from shared.jobs.states import JobState
from workers.lifecycle import allowed


def unexplained_changes(url: str) -> list[str]:
    """The state changes in the Redis at `url` that no transition of the table makes ("job: a -> b")."""
    client = Redis.from_url(url, decode_responses=True)
    found: list[str] = []
    try:
        for key in client.scan_iter(match="pmcp:job:*:events", count=1000):
            before: JobState | None = None
            for _, event in client.xrange(key):
                if event.get("kind") != "state":
                    continue
                state = JobState(event["state"])
                if not allowed(before, state):
                    found.append(f"{key}: {before} -> {state}")
                before = state
    finally:
        client.close()
    return found

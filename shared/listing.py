"""Bounded, navigable list answers: a limit, an opaque cursor, a sort, and a summary over the whole set.

A list tool filters and sorts the whole set, then answers one page of it: at most `limit` rows
(a default that keeps a typical answer small, and a ceiling), with a summary of the whole set
and, when rows remain, a cursor for the next page.

The cursor is keyset, not an offset: it carries the sort key of the last row returned (and a
fingerprint of the query's filters and sort), and the next page starts strictly after that
key. So a walk that began before a guest was added or removed neither repeats nor skips any
other guest whose sort key did not change. A sort on a value that moves (cpu, memory, uptime)
can move a guest across the cursor between two pages; sort by vmid or name for an exact walk.
A cursor given with other filters or another sort than its own is refused as stale.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import Field, Strict

from shared.errors import InvalidInput
from shared.operations.base import Params, Result

__all__ = ["LIMIT_MAX", "Cursor", "Limit", "Order", "Page", "PageParams", "PagedResult", "paginate", "query_id"]

T = TypeVar("T")

#: rows one answer carries at most, whatever the agent asks
LIMIT_MAX = 500
Limit = Annotated[int, Strict(), Field(ge=1, le=LIMIT_MAX)]
#: the next_cursor of the answer before
Cursor = Annotated[str | None, Field(max_length=512)]
#: unset: ascending for vmid and name, descending for the figures (the busiest first)
Order = Annotated[Literal["asc", "desc"] | None, Field()]


def query_id(**query: Any) -> str:
    """A fingerprint of a list call's filters and sort: a cursor is valid only for its own query."""
    text = json.dumps(query, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _encode(query: str, after: list[Any]) -> str:
    raw = json.dumps({"q": query, "a": after}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode(cursor: str, query: str) -> list[Any]:
    try:
        data = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        after, issued_for = data["a"], data["q"]
    except (binascii.Error, ValueError, KeyError, TypeError):
        raise InvalidInput("cursor is not one this tool answered with", hint="Call again without cursor.") from None
    if issued_for != query or not isinstance(after, list):
        raise InvalidInput(
            "cursor is stale: it belongs to a call with other filters or another sort",
            hint="Call again with the filters and sort of the call that gave it, or without cursor.",
        )
    return after


def _sortable(key: tuple[Any, ...]) -> list[Any]:
    """A sort key with no None in it (None sorts first), as JSON can carry it."""
    return [[0, 0] if value is None else [1, value] for value in key]


@dataclass(frozen=True)
class Page(Generic[T]):
    rows: list[T]
    #: rows in the whole (filtered) set
    total: int
    #: the 1-based position of the first row in the sorted set (0 when the page is empty)
    first: int
    next_cursor: str | None


class PageParams(Params):
    """A list call's page: how many rows (a subclass sets its own default) and where to go on."""

    limit: Limit = 50
    cursor: Cursor = None

    def query(self) -> str:
        """The fingerprint of the filters and sort a cursor of this call belongs to."""
        return query_id(**self.model_dump(exclude={"limit", "cursor"}))


class PagedResult(Result):
    """One page of a list, its rows in its text too (some clients show the model only the text block)."""

    count: int = 0
    total: int = 0
    first: int = 0
    next_cursor: str | None = Field(None, description="For the next page; none: the last.")

    @classmethod
    def page_of(cls, page: Page[Any]) -> dict[str, Any]:
        """The page fields of a result from `paginate`'s page."""
        return {"count": len(page.rows), "total": page.total, "first": page.first, "next_cursor": page.next_cursor}

    def shown(self, how: str = "") -> str:
        """`showing 1-50 by cpu desc; next cursor …`, or that none is shown."""
        shown = f"showing {self.first}-{self.first + self.count - 1}{how}" if self.count else "none shown"
        return shown + (f"; next cursor {self.next_cursor}" if self.next_cursor else "")

    def text(self) -> str:
        return self.brief()  # a summary line and its rows already


def paginate(
    rows: Sequence[T],
    key: Callable[[T], tuple[Any, ...]],
    *,
    descending: bool,
    asked: PageParams,
) -> Page[T]:
    """One page of `rows` in `key` order, as a call `asked` for it: its limit, starting after its cursor's row."""
    limit, cursor, query = asked.limit, asked.cursor, asked.query()
    ordered = sorted(rows, key=lambda row: _sortable(key(row)), reverse=descending)
    start = 0
    if cursor is not None:
        after = _decode(cursor, query)

        def beyond(row: T) -> bool:
            sortable = _sortable(key(row))
            return sortable < after if descending else sortable > after

        start = next((index for index, row in enumerate(ordered) if beyond(row)), len(ordered))
    page = ordered[start : start + limit]
    more = start + limit < len(ordered)
    next_cursor = _encode(query, _sortable(key(page[-1]))) if page and more else None
    return Page(rows=page, total=len(ordered), first=start + 1 if page else 0, next_cursor=next_cursor)

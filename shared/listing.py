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
import heapq
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import Field, Strict

from shared.errors import InvalidInput
from shared.operations.base import Params, Result

__all__ = [
    "LIMIT_MAX",
    "Cursor",
    "Limit",
    "Order",
    "Page",
    "PageParams",
    "PagedResult",
    "decode_cursor",
    "encode_cursor",
    "paginate",
    "query_id",
    "stream_position",
]

T = TypeVar("T")

#: rows one answer carries at most, whatever the agent asks
LIMIT_MAX = 500
Limit = Annotated[int, Strict(), Field(ge=0, le=LIMIT_MAX, description="0: summary only")]
#: the next_cursor of the answer before
Cursor = Annotated[str | None, Field(max_length=512)]
#: unset: ascending for vmid and name, descending for the figures (the busiest first)
Order = Annotated[Literal["asc", "desc"] | None, Field()]


def query_id(**query: Any) -> str:
    """A fingerprint of a list call's filters and sort: a cursor is valid only for its own query."""
    text = json.dumps(query, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def encode_cursor(query: str, after: Any) -> str:
    """An opaque cursor: where the next page starts (any JSON value) for the query of `query`."""
    raw = json.dumps({"q": query, "a": after}, separators=(",", ":")).encode()
    # compressed: a walk over 32 nodes' task histories names each node and where it stands
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_cursor(cursor: str, query: str, shape: type = list) -> Any:
    """Where an `encode_cursor` cursor said to start, if it was made for this query and has this shape."""
    try:
        data = json.loads(zlib.decompress(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))))
        after, issued_for = data["a"], data["q"]
    except (binascii.Error, zlib.error, ValueError, KeyError, TypeError):
        raise InvalidInput("cursor is not one this tool answered with", hint="Call again without cursor.") from None
    if issued_for != query or not isinstance(after, shape):
        raise InvalidInput(
            "cursor is stale: it belongs to a call with other filters or another sort",
            hint="Call again with the filters and sort of the call that gave it, or without cursor.",
        )
    return after


def stream_position(cursor: str | None, query: str) -> tuple[str | None, int]:
    """Where a page of a stream read newest first starts: after which entry, and how many pages before showed."""
    if cursor is None:
        return None, 0
    after = decode_cursor(cursor, query)
    if len(after) != 2 or not isinstance(after[0], str) or not isinstance(after[1], int):
        raise InvalidInput("cursor is not one this tool answered with", hint="Call again without cursor.")
    return after[0], after[1]


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
    next_cursor: str | None = None

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
    limit, cursor = asked.limit, asked.cursor

    def sort_key(row: T) -> list[Any]:
        return _sortable(key(row))

    keyed = [(sort_key(row), row) for row in rows]  # each row's key made once
    if cursor is not None:
        after = decode_cursor(cursor, asked.query())
        keyed = [pair for pair in keyed if (pair[0] < after if descending else pair[0] > after)]
    # the page's rows alone are put in order: "the five busiest" of 10,000 sorts five
    page = (heapq.nlargest if descending else heapq.nsmallest)(limit, keyed, key=itemgetter(0))
    more = len(keyed) > limit
    next_cursor = encode_cursor(asked.query(), page[-1][0]) if page and more else None
    first = len(rows) - len(keyed) + 1 if page else 0
    return Page(rows=[row for _, row in page], total=len(rows), first=first, next_cursor=next_cursor)

"""Bases shared by the operation models."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field

from shared.sanitize import NodeText, Vmid

if TYPE_CHECKING:
    from shared.settings import Settings

__all__ = ["GuestNode", "GuestParams", "Params", "Result"]


class Params(BaseModel):
    """A job payload, strict: unknown fields are refused (a typo never goes unnoticed), and values are
    of the type the schema says (`"yes"` is no boolean, `201.0` or `"201 "` no VMID), in a tool's
    arguments (mcp_frontend.tools.declared makes them as strict) as in a job written into Redis."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    def check(self, settings: Settings) -> None:
        """Refuse what this server's settings do not allow; the frontend checks it before asking the user."""


class Result(BaseModel):
    """A job result, returned to the agent as structured content, and as text (`text()`)."""

    model_config = ConfigDict(extra="ignore")

    def text(self) -> str:
        """The text block: some clients show the model only this one, others only the structured content.

        So it carries the result too: the one line of `brief()`, then the result as compact JSON. A
        list whose `brief()` already has its rows (a summary line, a compact line a row) says so by
        overriding this with `brief()` alone.
        """
        data = json.dumps(self.model_dump(mode="json", exclude_none=True), separators=(",", ":"), ensure_ascii=False)
        return f"{self.brief()}\n{data}"

    def brief(self) -> str:
        """One line for clients that show only text (the structured content carries all of it)."""
        parts: list[str] = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if value is None or value in ([], {}) or isinstance(value, BaseModel):
                continue
            parts.append(f"{name}: {len(value)}" if isinstance(value, list | dict) else f"{name}={value}")
        return _cap(", ".join(parts))


def _cap(text: str, limit: int = 240) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: the node of a guest named by its VMID: optional, the server looks the guest up (its instructions say so)
GuestNode = Annotated[NodeText | None, Field()]


class GuestParams(Params):
    """Addresses one guest (VM or container) by VMID; the node is looked up when omitted."""

    vmid: Vmid
    node: GuestNode = None

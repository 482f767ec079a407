"""What the tool modules share: registration with a title, a clean description and tier-derived hints;
the password argument, hashed before it leaves the server."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

from mcp_frontend.app import FrontendApp
from shared.catalogue import Operation
from shared.passwords import hash_password
from shared.safety import Tier

__all__ = ["Password", "add_tool", "annotations_for", "hashed"]

#: a password argument; each tool says whose in its own Field(description=...)
Password = Annotated[str | None, Field(min_length=5, max_length=256, json_schema_extra={"format": "password"})]


def hashed(password: str | None) -> str | None:
    """sha512-crypt of a password argument: no clear password is ever queued, stored or logged."""
    return hash_password(password) if password is not None else None


def annotations_for(
    op: Operation, title: str, *, idempotent: bool | None = None, destructive: bool | None = None
) -> ToolAnnotations:
    """Hints from the tier: Safe tools are read-only; Critical ones destructive. Hints, not security."""
    read_only = op.tier is Tier.SAFE
    return ToolAnnotations(
        title=title,
        read_only_hint=read_only,
        destructive_hint=op.tier is Tier.CRITICAL if destructive is None else destructive,
        idempotent_hint=read_only if idempotent is None else idempotent,
        open_world_hint=True,
    )


def add_tool(server: MCPServer[FrontendApp], fn: Callable[..., Any], annotations: ToolAnnotations) -> None:
    """Register `fn`: its docstring (dedented) is the description, the annotations' title the title."""
    server.add_tool(fn, title=annotations.title, description=inspect.getdoc(fn), annotations=annotations)

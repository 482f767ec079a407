"""The caller of the request being handled, for the tools (shared.caller).

`CallerMiddleware`, a ServerMiddleware that wraps every inbound MCP message, reads who sent it
from the HTTP request the SDK hands along (the AuthenticatedUser its bearer-auth middleware put
there: our CallerToken) and sets `current_caller` while the message is handled. Over stdio there
is no HTTP request: the caller is STDIO; over HTTP with --no-auth it is ANONYMOUS. With
authentication on, a message that carries no caller of ours is refused (the SDK's middleware
answered 401 before it got here; this guards a misconfiguration, never a normal request).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_REQUEST

from mcp_frontend.auth import CallerToken
from shared.caller import ANONYMOUS, STDIO, Caller

__all__ = ["CallerMiddleware", "current_caller"]

#: who the message being handled comes from
current_caller: ContextVar[Caller] = ContextVar("pmcp_caller", default=STDIO)


def _caller(request: Any, authenticated: bool) -> Caller | None:
    if request is None:
        return STDIO
    user = getattr(request, "scope", {}).get("user")
    if isinstance(user, AuthenticatedUser) and isinstance(user.access_token, CallerToken):
        return user.access_token.caller
    return None if authenticated else ANONYMOUS


class CallerMiddleware:
    """Sets `current_caller` for each message; `authenticated`: HTTP with authentication on."""

    def __init__(self, *, authenticated: bool) -> None:
        self.authenticated = authenticated

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        caller = _caller(ctx.request, self.authenticated)
        if caller is None:
            raise MCPError(code=INVALID_REQUEST, message="Unauthenticated")
        token = current_caller.set(caller)
        try:
            return await call_next(ctx)
        finally:
            current_caller.reset(token)

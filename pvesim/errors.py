"""The error a request handler raises to answer the way PVE answers.

PVE dies with a message ending in a newline; pveproxy puts that message into the status line's
reason and (JSON format) into the body as `message`. Parameter errors carry `errors`, a map of
parameter name to message.
"""

from __future__ import annotations

__all__ = ["ApiError", "param_error"]


class ApiError(Exception):
    """An HTTP error answer: status, PVE's message, and per-parameter errors for a 400."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        errors: dict[str, str] | None = None,
        empty_body: bool = False,
    ) -> None:
        super().__init__(message)
        self.status = status
        # PVE's die messages end in "\n"; the body keeps it, the reason phrase does not.
        self.message = message if message.endswith("\n") else message + "\n"
        self.errors = errors
        self.empty_body = empty_body  # pveproxy's own errors (401, 595) carry no JSON body


def param_error(errors: dict[str, str]) -> ApiError:
    """The 400 PVE sends for a parameter that fails verification."""
    return ApiError(400, "Parameter verification failed.\n", errors=errors)

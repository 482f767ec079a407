"""The admin surface under /_sim/: read state, requests and violations, set faults, from any process.

Every call needs the simulator's full API token (the same Authorization header as /api2/json).

    GET    /_sim/state                 the cluster: nodes, guests, storages, volumes, tasks, counts, ssh execs
    GET    /_sim/requests              the request log          DELETE clears it
    GET    /_sim/violations            schema violations        DELETE clears them
    GET    /_sim/errors                pvesim's internal errors DELETE clears them
    GET    /_sim/faults                the fault rules          PUT adds (JSON, see Faults.update), DELETE clears
    PUT    /_sim/nodes/{node}          {"online": false}        take a node offline or bring it back
    GET    /_sim/tasks/{upid}/wait     ?timeout=S               wait for a task to end; its status
"""

from __future__ import annotations

import json
import math
from typing import Any

from pvesim.auth import authenticate
from pvesim.core import Answer, SimCore, error_answer, parse_form
from pvesim.errors import ApiError
from pvesim.http import Request

__all__ = ["handle_admin"]


def _json(data: Any, status: int = 200) -> Answer:
    return Answer(status, "OK", json.dumps({"data": data}, separators=(",", ":")).encode())


def _body(body: bytes) -> dict[str, Any]:
    try:
        decoded = json.loads(body or b"{}")
    except ValueError:
        raise ApiError(400, "body must be JSON") from None
    if not isinstance(decoded, dict):
        raise ApiError(400, "body must be a JSON object")
    return decoded


def _timeout(query: str) -> float:
    """The `timeout` query parameter in seconds (default 30)."""
    text = parse_form(query).get("timeout", "30")
    try:
        seconds = float(text)
    except (TypeError, ValueError):
        raise ApiError(400, f"timeout must be a number of seconds, not {text!r}") from None
    if not math.isfinite(seconds) or seconds < 0:
        raise ApiError(400, f"timeout must be a number of seconds, not {text!r}")
    return seconds


async def _route(  # noqa: PLR0911, PLR0912 - one case per admin endpoint reads better than a dispatch table
    core: SimCore, method: str, parts: list[str], query: str, body: bytes
) -> Answer:
    match method, parts:
        case "GET", ["state"]:
            return _json(core.state.to_json())
        case "GET", ["requests"]:
            return _json([record.to_json() for record in core.requests])
        case "DELETE", ["requests"]:
            core.requests.clear()
            return _json(None)
        case "GET", ["violations"]:
            return _json([violation.to_json() for violation in core.violations])
        case "DELETE", ["violations"]:
            core.violations.clear()
            return _json(None)
        case "GET", ["errors"]:
            return _json([error.to_json() for error in core.errors])
        case "DELETE", ["errors"]:
            core.errors.clear()
            return _json(None)
        case "GET", ["faults"]:
            return _json(core.faults.to_json())
        case "PUT", ["faults"]:
            try:
                core.faults.update(_body(body))
            except (TypeError, ValueError) as problem:
                raise ApiError(400, f"invalid fault rules: {problem}") from None
            return _json(core.faults.to_json())
        case "DELETE", ["faults"]:
            core.faults.clear()
            return _json(None)
        case "PUT", ["nodes", node]:
            if node not in core.state.nodes:
                raise ApiError(404, f"no such node '{node}'")
            core.state.nodes[node].online = bool(_body(body).get("online", True))
            return _json(None)
        case "GET", ["tasks", upid, "wait"]:
            if upid not in core.state.tasks:
                raise ApiError(404, f"no such task '{upid}'")
            task = await core.tasks.wait(upid, timeout=_timeout(query))
            return _json({"upid": task.upid, "status": task.status, "exitstatus": task.exitstatus})
    raise ApiError(404, f"no admin endpoint {method} /_sim/{'/'.join(parts)}")


def _admin_token(core: SimCore, headers: dict[str, str]) -> None:
    token = authenticate(headers.get("authorization"), core.tokens)
    if token.tokenid != core.config.token_id:
        raise ApiError(403, "the admin surface needs the simulator's full token")


async def handle_admin(core: SimCore, request: Request, path: str) -> Answer:
    """Answer one /_sim/ call (path after the prefix)."""
    try:
        _admin_token(core, request.headers)
        parts = [part for part in path.split("/") if part]
        return await _route(core, request.method, parts, request.query, request.body)
    except ApiError as error:
        return error_answer(error)
    except TimeoutError:
        return error_answer(ApiError(504, "task still running"))

"""One API call as a handler sees it, and the registry of handlers by (method, path template)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pvesim.errors import ApiError
from pvesim.state import Guest, GuestKind
from pvesim.tasks import Effect, Work
from shared.pve.validation import schema_for

if TYPE_CHECKING:
    from pvesim.auth import ApiToken
    from pvesim.core import SimCore

__all__ = ["ROUTES", "Call", "Handler", "route", "typed"]

_INTEGER = re.compile(r"^[+-]?\d+$")
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


@dataclass
class Call:
    """The checked parameters of a call, who made it, and the simulator it reaches."""

    core: SimCore
    token: ApiToken
    method: str
    template: str
    params: dict[str, Any]
    total: int | None = None  # set by list handlers that page; becomes the envelope's `total`
    #: what PVE's set_result_attrib puts beside `data` at the envelope's top level (the network's `changes`)
    attributes: dict[str, Any] = field(default_factory=dict)

    @property
    def node(self) -> str:
        return str(self.params["node"])

    @property
    def vmid(self) -> int:
        return int(self.params["vmid"])

    def guest(self, kind: GuestKind) -> Guest:
        """The guest of this call's {node}/{vmid}, or PVE's error for a config file that does not exist."""
        guest = self.core.state.guests.get(self.vmid)
        if guest is None or guest.kind != kind or guest.node != self.node:
            folder = "qemu-server" if kind == "qemu" else "lxc"
            raise ApiError(500, f"Configuration file 'nodes/{self.node}/{folder}/{self.vmid}.conf' does not exist")
        return guest

    def start_task(
        self,
        task_type: str,
        work: Work,
        *,
        guest: Guest | None,
        task_id: str | None = None,
        config_lock: str | None = None,
        on_failure: Effect | None = None,
        shared_lock: bool = False,
        vmid: int | None = None,
        user: str | None = None,
    ) -> str:
        """Run work as a PVE task on this call's node; the UPID."""
        task = self.core.tasks.start(
            config_lock=config_lock,
            on_failure=on_failure,
            shared_lock=shared_lock,
            vmid=vmid,
            node=self.node,
            task_type=task_type,
            task_id=task_id if task_id is not None else (str(guest.vmid) if guest else ""),
            user=user or self.token.tokenid,
            work=work,
            guest=guest,
        )
        return task.upid

    def returns_properties(self) -> dict[str, Any]:
        """The `properties` of this endpoint's declared return value (of its items, for a list)."""
        endpoint = self.core.schema.endpoint(self.template, self.method)
        returns = endpoint.returns if endpoint else {}
        if returns.get("type") == "array":
            returns = returns.get("items") or {}
        return dict(returns.get("properties") or {})


def typed(values: dict[str, str], properties: dict[str, Any]) -> dict[str, Any]:
    """Config-file strings as JSON of the declared types (PVE sends booleans as 0/1)."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        kind = (schema_for(properties, key) or {}).get("type")
        if kind in ("integer", "boolean") and _INTEGER.match(value):
            out[key] = int(value)
        elif kind == "number" and _NUMBER.match(value):
            out[key] = float(value)
        else:
            out[key] = value
    return out


Handler = Callable[[Call], Awaitable[Any]]
ROUTES: dict[tuple[str, str], Handler] = {}


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    """Register a handler for one schema endpoint."""

    def register(handler: Handler) -> Handler:
        ROUTES[(method, template)] = handler
        return handler

    return register

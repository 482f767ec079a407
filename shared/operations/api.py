"""The generic path to the whole PVE API: a call to any endpoint, as a job like every other.

Two operations run `call_pve_api` (mcp_frontend/tools/api.py): a GET is `pve_api_read`, Safe;
a POST, PUT or DELETE is `pve_api_change`, Restricted (Critical for the endpoints of
shared.api.tiers.CRITICAL). Both are checked against the schema of the cluster's PVE version
before anything is queued and again in the worker (shared.api.request), against the server's
allow and deny lists, and masked wherever they are shown (shared.api.secrets).

Unlike a declared operation, a change here has no effect check to reconcile with: it is sent
at most once. A job whose request may have reached PVE without its answer coming back ends
`unknown`, naming the request, and is never sent again. An answer that is a UPID is followed
to the task's end like every change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Self

from pydantic import Field, StringConstraints, model_validator

from shared.api.request import HttpMethod, normal_path, resolve_known
from shared.api.secrets import MASK, masked
from shared.api.tiers import method_tier
from shared.errors import ConfirmationRequired, InvalidInput
from shared.operations.base import Params, Result
from shared.operations.changes import TASK_CALLS, ChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier

if TYPE_CHECKING:
    from shared.settings import Settings

__all__ = [
    "ANSWER_BUDGET",
    "PVE_API_CHANGE",
    "PVE_API_READ",
    "ApiAnswer",
    "ApiCallParams",
    "ApiChangeParams",
    "ApiReadParams",
    "bounded",
    "call_tier",
]

#: bytes of PVE's answer an agent gets (compact JSON), in each of the answer's two blocks
ANSWER_BUDGET = 32 * 1024

ApiPath = Annotated[
    str,
    StringConstraints(min_length=1, max_length=1024, pattern=r"^/[\x21-\x7e]*$"),
    Field(description="Concrete, e.g. /nodes/pve1/qemu/100/config."),
]
# values are checked against the endpoint's schema (shared.api.request), which names the type each wants
ApiParamsField = Annotated[dict[str, Any], Field(description="Query or body parameters, as describe_pve_api lists.")]


def call_tier(values: Mapping[str, Any]) -> Tier:
    """A call's tier from its method and path, on whichever bundled schema knows the path."""
    method, path = str(values.get("method", "GET")), str(values.get("path", "/"))
    found = resolve_known(method, path)
    if found is None:
        return Tier.SAFE if method.upper() == "GET" else Tier.RESTRICTED
    return method_tier(found[0].method, found[0].path)


class ApiCallParams(Params):
    """One call: method, concrete path and parameters."""

    method: HttpMethod
    path: ApiPath
    params: ApiParamsField = Field(default_factory=dict)
    #: the secret parameters, sealed by the frontend for the worker (shared.api.sealing); never the agent's
    sealed: dict[str, str] = Field(default_factory=dict)

    @property
    def vmid(self) -> int | None:
        """The guest the path names (for guest and pool scopes and the guest's lock), if any."""
        vmid = self._path_values().get("vmid")
        return int(vmid) if vmid is not None and vmid.isdigit() else None

    @property
    def node(self) -> str | None:
        return self._path_values().get("node")

    def _path_values(self) -> dict[str, str]:
        found = resolve_known(self.method, self.path)
        return found[1] if found is not None else {}

    def check(self, settings: Settings) -> None:
        found = resolve_known(self.method, self.path)
        if found is None:
            return  # no endpoint of any bundled schema: the call's own check says so
        settings.api_policy().refuse(found[0].method, found[0].path)

    def text(self) -> str:
        shown = " ".join(
            f"{k}={v}" for k, v in sorted({**masked(self.params), **dict.fromkeys(self.sealed, MASK)}.items())
        )
        return f"{self.method} {normal_path(self.path)}" + (f" {shown}" if shown else "")


class ApiReadParams(ApiCallParams):
    method: HttpMethod = "GET"

    @model_validator(mode="after")
    def _a_get(self) -> Self:
        if self.method != "GET":
            raise InvalidInput("pve_api_read runs GET only")
        return self


ConfirmPath = Annotated[str | None, Field(description="For a Critical endpoint: the path typed again.")]


class ApiChangeParams(ApiCallParams, ChangeParams):
    confirm_path: ConfirmPath = None

    @model_validator(mode="after")
    def _path_typed_again(self) -> Self:
        if (
            call_tier(self.model_dump()) is Tier.CRITICAL
            and self.confirmed
            and (self.confirm_path is None or normal_path(self.confirm_path) != normal_path(self.path))
        ):
            raise ConfirmationRequired(
                f"{self.method} {normal_path(self.path)} is Critical: confirm_path must repeat the path; "
                "nothing was sent",
                hint="Type the path again as confirm_path.",
            )
        return self


class ApiAnswer(Result):
    """PVE's answer to one call."""

    method: str
    path: str
    endpoint: str = Field(description="The path template it matched.")
    data: Any = Field(None, description="PVE's `data`, secrets masked; cut to about 32 KB.")
    truncated: str | None = Field(None, description="What was left out, and how to ask for less.")

    def text(self) -> str:
        return self.brief()  # its rows are in it already

    def brief(self) -> str:
        # the text block carries the data too: some clients show the model only the text
        head = f"{self.method} {self.path}" + (f" ({self.truncated})" if self.truncated else "")
        return f"{head}:\n{json.dumps(self.data, separators=(',', ':'), ensure_ascii=False)}"


def bounded(data: Any, budget: int = ANSWER_BUDGET, narrow: str = "") -> tuple[Any, str | None]:
    """PVE's answer cut to `budget` bytes of compact JSON, and what was cut (None when it is whole)."""
    size = len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())
    if size <= budget:
        return data, None
    how = f"; narrow it with {narrow}" if narrow else ""
    if isinstance(data, list):
        kept: list[Any] = []
        used = 2
        for item in data:
            cost = len(json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode()) + 1
            if used + cost > budget:
                break
            kept.append(item)
            used += cost
        return kept, f"the first {len(kept)} of {len(data)} rows ({size} bytes in all){how}"
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text[: budget - 64], f"cut to {budget - 64} of {size} bytes, as JSON text{how}"


_DESCRIPTION = """
    Call any endpoint of the PVE API: GET reads, POST/PUT/DELETE change (a task is followed).

    Find the endpoint with find_pve_api and read its parameters with describe_pve_api first;
    the call is checked against the schema of the cluster's PVE version before anything is
    sent. A GET is Safe. POST, PUT and DELETE are Restricted: the user confirms the exact
    request (secrets masked). Critical endpoints (destroying guests, storages, users, ACLs,
    node shutdown, consoles, certificates, cluster join: docs/api_manifest.md lists them) need
    PROXMOX_ALLOW_DANGER=true, the confirmation and the path typed again as confirm_path.

    A change is sent at most once: if its answer is lost (a worker stopped, the connection
    failed after sending), the job ends `unknown` naming the request, and it is never sent
    again; check its effect with a GET. A change answered with a UPID is followed to its end
    like every change (progress, get_task_log, cancel_task). An answer over about 32 KB is cut,
    saying how much was left out. The PVE token's own privileges apply on top of all this.
    """
_ERRORS = (
    ("VALIDATION_ERROR", "the call does not fit the schema of the cluster's PVE version (names the parameter)"),
    ("FEATURE_DISABLED", "PROXMOX_MCP_API_ALLOW, PROXMOX_MCP_API_DENY or read-only mode exclude the endpoint"),
)
#: what the generic path calls of its own, besides the endpoint it is given
_OWN_CALLS = ("GET /version",)

PVE_API_READ = Operation(
    "pve_api_read",
    "Call the PVE API",
    Tier.SAFE,
    ApiReadParams,
    ApiAnswer,
    description=_DESCRIPTION,
    pve_calls=_OWN_CALLS,
    tier_from=call_tier,
    errors=_ERRORS,
)
PVE_API_CHANGE = Operation(
    "pve_api_change",
    "Call the PVE API",
    Tier.RESTRICTED,
    ApiChangeParams,
    ApiAnswer,
    description=_DESCRIPTION,
    pve_calls=(*_OWN_CALLS, *TASK_CALLS),
    plan=lambda p, guest: f"send {p.text()}",
    starts_task=True,
    tier_from=call_tier,
    errors=(("DISPATCH_UNCERTAIN", "never: a lost answer ends the job unknown, and the request is not sent again"),),
)

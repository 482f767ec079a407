"""A call on the generic path, checked against the schema of the cluster's PVE version.

The concrete path is matched to its template (the most literal one wins, as PVE routes), its
values and the parameters are checked as PVE::JSONSchema checks them (shared.pve.validation:
types, enums, formats such as pve-vmid and pve-configid, property strings, a parameter given
in both the path and the body), and the endpoint must exist in that version: one that 8.4 lacks
is refused on 8.4. Every failure is VALIDATION_ERROR naming the parameter and what it expects.
The frontend checks a call before queuing it, the worker again before sending it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from shared.api.describe import type_of
from shared.api.secrets import masked
from shared.errors import InvalidInput
from shared.pve.schema import Endpoint, SchemaVersion, load_schema
from shared.pve.validation import schema_for, validate_params

__all__ = [
    "VERSIONS",
    "ApiRequest",
    "HttpMethod",
    "check_request",
    "resolve_endpoint",
    "resolve_known",
    "schema_version_of",
    "versions_having",
]

HttpMethod = Literal["GET", "POST", "PUT", "DELETE"]
VERSIONS: tuple[SchemaVersion, ...] = get_args(SchemaVersion)
_API_PREFIX = re.compile(r"^/?api2/json(?=/)")


@dataclass(frozen=True)
class ApiRequest:
    """A checked call: the endpoint, the path's values and the query or body parameters, typed."""

    method: str
    path: str
    endpoint: Endpoint
    path_values: dict[str, str]
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def template(self) -> str:
        return self.endpoint.path

    @property
    def vmid(self) -> int | None:
        """The guest the path names (`/nodes/pve1/qemu/100/...`), if any."""
        value = self.path_values.get("vmid")
        return int(value) if value is not None and value.isdigit() else None

    @property
    def node(self) -> str | None:
        return self.path_values.get("node")

    def masked_params(self) -> dict[str, Any]:
        return masked(self.params, self.endpoint.parameters)

    def text(self) -> str:
        """The request as a person reads it, secrets masked: `PUT /nodes/pve1/qemu/100/config net0=...`."""
        shown = " ".join(f"{k}={_shown(v)}" for k, v in self.masked_params().items())
        return f"{self.method} {self.path}" + (f" {shown}" if shown else "")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def normal_path(path: str) -> str:
    """A path as the schema names it: without /api2/json, one leading slash, no trailing one."""
    return "/" + _API_PREFIX.sub("", path.strip()).strip("/")


def schema_version_of(version: str) -> SchemaVersion:
    """The bundled schema for a PVE version as GET /version reports it ("9.1.2", "8.4.14"): 8.x reads 8.4's."""
    return "8.4" if version.split(".", 1)[0] == "8" else "9.1"


def resolve_known(method: str, path: str) -> tuple[Endpoint, dict[str, str]] | None:
    """The endpoint on the first bundled schema that has it (9.1's, then 8.4's), with the path's values; or None."""
    for version in VERSIONS:
        try:
            return resolve_endpoint(method, path, version)
        except InvalidInput:
            continue
    return None


def versions_having(template: str, method: str) -> list[SchemaVersion]:
    return [v for v in VERSIONS if load_schema(v).endpoint(template, method) is not None]


def resolve_endpoint(method: str, path: str, version: SchemaVersion) -> tuple[Endpoint, dict[str, str]]:
    """The endpoint serving `method` on a concrete path (or a template), with the path's values."""
    method = method.upper()
    schema = load_schema(version)
    path = normal_path(path)
    exact = schema.endpoint(path, method)
    if exact is not None and exact.path_params:
        return exact, {}  # a template as given: describe_pve_api reads it, a call must name values
    found = schema.match(path)
    if found is None:
        elsewhere = [v for v in VERSIONS if v != version and load_schema(v).match(path) is not None]
        hint = (
            f"It is in PVE {', '.join(elsewhere)}'s API, not in this cluster's ({version})."
            if elsewhere
            else ("Find the endpoint with find_pve_api.")
        )
        raise InvalidInput(f"path {path!r} is no endpoint of the PVE {version} API", hint=hint)
    template, values = found
    endpoint = schema.endpoint(template, method)
    if endpoint is None:
        served = [m for m in ("GET", "POST", "PUT", "DELETE") if schema.endpoint(template, m) is not None]
        other = [v for v in VERSIONS if v != version and load_schema(v).endpoint(template, method)]
        where = f" (PVE {', '.join(other)} has it; this cluster runs {version})" if other else ""
        raise InvalidInput(
            f"{method} is not served on {template}{where}",
            hint=f"It serves {', '.join(served) or 'nothing'}; describe_pve_api shows each.",
        )
    return endpoint, values


def check_request(method: str, path: str, params: dict[str, Any], version: SchemaVersion) -> ApiRequest:
    """The call, checked as the version's PVE would check it; VALIDATION_ERROR naming each bad parameter."""
    endpoint, values = resolve_endpoint(method, path, version)
    if endpoint.path_params and not values:
        raise InvalidInput(
            f"{normal_path(path)} is a template: name its {', '.join(endpoint.path_params)} in the path",
            hint="For example /nodes/pve1/qemu/100/config for /nodes/{node}/qemu/{vmid}/config.",
        )
    checked = validate_params(endpoint, values, params, version)
    # PVE 8.4 refuses a parameter the path names, 9.x one whose value differs: neither is sent
    checked.errors |= {k: f"given in the path already ({values[k]}): leave it out of params" for k in checked.notes}
    if checked.errors:
        properties = endpoint.parameters
        problems = "; ".join(
            f"{name}: {_expects(message, name, properties)}" for name, message in checked.errors.items()
        )
        raise InvalidInput(
            f"{endpoint.method} {endpoint.path} refused its parameters (PVE {version} would): {problems}",
            hint=f"describe_pve_api(method='{endpoint.method}', path='{endpoint.path}') shows what each expects.",
            details={"errors": checked.errors},
        )
    typed = {k: v for k, v in checked.values.items() if k not in values}
    return ApiRequest(endpoint.method, normal_path(path), endpoint, values, typed)


def _expects(message: str, name: str, properties: dict[str, Any]) -> str:
    """PVE's message, and what the parameter expects when the schema says (its type or its values)."""
    schema = schema_for(properties, name.split(".", 1)[0].split("[", 1)[0])
    return f"{message.strip()} (expects {type_of(schema)})" if schema else message.strip()

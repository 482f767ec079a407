"""Every response model against the official schema's `returns`, for PVE 9.1 and 8.4.

A model may be more tolerant than the schema (a field the schema requires may be optional here),
never different: each field it declares must be declared by the schema of an endpoint it serves,
with a compatible type, and each field it requires must be required there. So the models and the
schema cannot drift apart unnoticed.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal

import pytest
from pydantic import BaseModel, RootModel, TypeAdapter

from shared.pve import models
from shared.pve.models import (
    NO_DATA,
    OPTIONAL_UPID,
    UPID,
    AptPackage,
    CloudInitItem,
    ClusterResource,
    ClusterStatusEntry,
    FirewallAlias,
    FirewallGroup,
    FirewallOptions,
    FirewallRule,
    IpSet,
    IpSetEntry,
    LxcConfig,
    LxcInterface,
    LxcStatus,
    LxcSummary,
    NetworkInterface,
    NodeStatus,
    NodeSummary,
    PveVersion,
    QemuConfig,
    QemuMigrateCheck,
    QemuStatus,
    QemuSummary,
    RrdPoint,
    Snapshot,
    StorageConfig,
    StorageContentItem,
    StorageStatus,
    Subscription,
    TaskLogLine,
    TaskStatus,
    TaskSummary,
    TokenPermissions,
)
from shared.pve.schema import load_schema
from shared.pve.upid import Upid

GUEST = "/nodes/{node}/{kind}/{vmid}"

# (method, path template, what the client is told to expect)
RESPONSES: list[tuple[str, str, Any]] = [
    ("GET", "/version", PveVersion),
    ("GET", "/nodes", list[NodeSummary]),
    ("GET", "/nodes/{node}/status", NodeStatus),
    ("GET", "/nodes/{node}/subscription", Subscription),
    ("GET", "/nodes/{node}/apt/update", list[AptPackage]),
    ("GET", "/nodes/{node}/network", list[NetworkInterface]),
    ("GET", "/storage", list[StorageConfig]),
    ("GET", "/cluster/firewall/rules", list[FirewallRule]),
    ("GET", "/nodes/{node}/firewall/rules", list[FirewallRule]),
    ("GET", "/nodes/{node}/qemu/{vmid}/firewall/rules", list[FirewallRule]),
    ("GET", "/nodes/{node}/lxc/{vmid}/firewall/rules", list[FirewallRule]),
    ("GET", "/cluster/firewall/groups/{group}", list[FirewallRule]),
    ("GET", "/cluster/firewall/options", FirewallOptions),
    ("GET", "/nodes/{node}/qemu/{vmid}/firewall/options", FirewallOptions),
    ("GET", "/cluster/firewall/aliases", list[FirewallAlias]),
    ("GET", "/cluster/firewall/ipset", list[IpSet]),
    ("GET", "/cluster/firewall/ipset/{name}", list[IpSetEntry]),
    ("GET", "/cluster/firewall/groups", list[FirewallGroup]),
    ("GET", "/nodes/{node}/firewall/log", list[TaskLogLine]),
    ("GET", "/cluster/resources", list[ClusterResource]),
    ("GET", "/cluster/nextid", int),
    ("GET", "/cluster/status", list[ClusterStatusEntry]),
    ("GET", "/nodes/{node}/qemu", list[QemuSummary]),
    ("GET", "/nodes/{node}/lxc", list[LxcSummary]),
    ("GET", "/nodes/{node}/qemu/{vmid}/config", QemuConfig),
    ("GET", "/nodes/{node}/lxc/{vmid}/config", LxcConfig),
    ("GET", "/nodes/{node}/qemu/{vmid}/status/current", QemuStatus),
    ("GET", "/nodes/{node}/lxc/{vmid}/status/current", LxcStatus),
    *[
        ("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/status/{action}", UPID)
        for kind in ("qemu", "lxc")
        for action in ("start", "stop", "shutdown", "reboot", "suspend", "resume")
    ],
    ("GET", "/nodes/{node}/lxc/{vmid}/interfaces", list[LxcInterface]),
    ("GET", "/nodes/{node}/rrddata", list[RrdPoint]),
    ("GET", "/nodes/{node}/qemu/{vmid}/rrddata", list[RrdPoint]),
    ("GET", "/nodes/{node}/lxc/{vmid}/rrddata", list[RrdPoint]),
    *[
        row
        for kind in ("qemu", "lxc")
        for row in [
            ("GET", f"/nodes/{{node}}/{kind}/{{vmid}}/snapshot", list[Snapshot]),
            ("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/snapshot", UPID),
            ("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/snapshot/{{snapname}}/rollback", UPID),
            ("DELETE", f"/nodes/{{node}}/{kind}/{{vmid}}/snapshot/{{snapname}}", UPID),
            ("POST", f"/nodes/{{node}}/{kind}", UPID),
            ("DELETE", f"/nodes/{{node}}/{kind}/{{vmid}}", UPID),
        ]
    ],
    ("GET", "/nodes/{node}/storage", list[StorageStatus]),
    ("GET", "/nodes/{node}/storage/{storage}/content", list[StorageContentItem]),
    ("GET", "/nodes/{node}/tasks", list[TaskSummary]),
    ("GET", "/nodes/{node}/tasks/{upid}/status", TaskStatus),
    ("GET", "/nodes/{node}/tasks/{upid}/log", list[TaskLogLine]),
    ("DELETE", "/nodes/{node}/tasks/{upid}", NO_DATA),
    ("PUT", "/nodes/{node}/qemu/{vmid}/config", NO_DATA),
    ("POST", "/nodes/{node}/qemu/{vmid}/config", OPTIONAL_UPID),
    ("PUT", "/nodes/{node}/qemu/{vmid}/cloudinit", NO_DATA),
    ("GET", "/nodes/{node}/qemu/{vmid}/cloudinit", list[CloudInitItem]),
    ("GET", "/access/permissions", TokenPermissions),
    *[
        row
        for kind in ("qemu", "lxc")
        for row in [
            ("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/clone", UPID),
            ("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/migrate", UPID),
            ("PUT", f"/nodes/{{node}}/{kind}/{{vmid}}/resize", UPID),
        ]
    ],
    ("GET", "/nodes/{node}/qemu/{vmid}/migrate", QemuMigrateCheck),
    ("POST", "/nodes/{node}/vzdump", UPID),
    ("POST", "/nodes/{node}/qemu/{vmid}/move_disk", UPID),
    ("POST", "/nodes/{node}/lxc/{vmid}/move_volume", UPID),
    ("POST", "/nodes/{node}/qemu/{vmid}/template", UPID),
    ("POST", "/nodes/{node}/lxc/{vmid}/template", NO_DATA),
]

# Fields real PVE sends that its schema leaves out; each is optional in its model.
#: fields PVE sends that its schema leaves out: a volume's content type, a firewall list's or option set's
#: digest, a storage definition's options
UNDECLARED: dict[type[BaseModel], set[str]] = {
    StorageContentItem: {"content"},
    FirewallOptions: {"digest"},
    FirewallRule: {"digest"},
    StorageConfig: {"nodes"},
}

VERSIONS = ("9.1", "8.4")
JSON_TYPES: dict[Any, set[str]] = {
    str: {"string"},
    int: {"integer"},
    float: {"number", "integer"},  # a float holds an integer too
    bool: {"boolean"},
    Upid: {"string"},
    types.NoneType: {"null"},
}


def _without_none(annotation: Any) -> tuple[Any, bool]:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and types.NoneType in args:
        rest = [arg for arg in args if arg is not types.NoneType]
        return (rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]), True  # noqa: UP007  # built at runtime
    return annotation, False


def _unannotated(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def _problems(annotation: Any, schemas: list[dict[str, Any]], where: str) -> list[str]:
    """Where a field's type and the schema nodes that declare it (one per endpoint and version) disagree."""
    annotation = _unannotated(_without_none(_unannotated(annotation))[0])
    json_types = {schema.get("type") for schema in schemas}
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, RootModel):
        return _problems(annotation.model_fields["root"].annotation, schemas, where)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_problems(annotation, schemas, where)
    if origin is list:
        if json_types != {"array"}:
            return [f"{where}: list but schema types {json_types}"]
        return _problems(typing.get_args(annotation)[0], [schema.get("items", {}) for schema in schemas], f"{where}[]")
    if origin is dict or annotation is dict:
        return [] if json_types == {"object"} else [f"{where}: dict but schema types {json_types}"]
    if origin is Literal:
        problems = [] if json_types == {"string"} else [f"{where}: Literal but schema types {json_types}"]
        for schema in schemas:
            extra = set(typing.get_args(annotation)) - set(schema.get("enum", typing.get_args(annotation)))
            if extra:
                problems.append(f"{where}: Literal values {sorted(extra)} not in the schema enum")
        return problems
    if origin in (typing.Union, types.UnionType):  # a value PVE sends as either (0/1 or a boolean)
        allowed = set().union(*(JSON_TYPES.get(member, set()) for member in typing.get_args(annotation)))
        return [] if json_types <= allowed else [f"{where}: {annotation} but schema types {json_types}"]
    allowed = JSON_TYPES.get(annotation)
    if allowed is None:
        return [f"{where}: no rule for {annotation!r}"]
    return [] if json_types <= allowed else [f"{where}: {annotation.__name__} but schema types {json_types}"]


def _model_problems(model: type[BaseModel], schemas: list[dict[str, Any]], where: str) -> list[str]:
    """A model against every schema object it must fit."""
    if {schema.get("type") for schema in schemas} != {"object"}:
        return [f"{where}: model but schema types {[schema.get('type') for schema in schemas]}"]
    declared = [schema.get("properties") or {} for schema in schemas]
    if not any(declared):
        return []  # a free-form object (rrddata): nothing to compare
    problems: list[str] = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        found = [props[key] for props in declared if key in props]
        if not found:
            if key not in UNDECLARED.get(model, set()):
                problems.append(f"{where}.{key}: not in the schema")
            continue
        if field.is_required() and (len(found) < len(schemas) or any(prop.get("optional") for prop in found)):
            problems.append(f"{where}.{key}: required here, optional in the schema")
        problems.extend(_problems(field.annotation, found, f"{where}.{key}"))
    return problems


def _returns(method: str, template: str, version: str) -> dict[str, Any]:
    endpoint = load_schema(version).endpoint(template, method)  # type: ignore[arg-type]
    assert endpoint is not None, f"{method} {template} is not in the PVE {version} schema"
    return endpoint.returns


def _shape(response: Any) -> set[str]:
    if isinstance(response, TypeAdapter):
        return {UPID: {"string"}, OPTIONAL_UPID: {"string"}, NO_DATA: {"null"}}[response]
    if typing.get_origin(response) is list:
        return {"array"}
    if isinstance(response, type) and issubclass(response, BaseModel):
        return {"object"}
    return JSON_TYPES[response]


@pytest.mark.parametrize(("method", "template", "response"), RESPONSES, ids=[f"{m} {t}" for m, t, _ in RESPONSES])
def test_response_shape_fits_the_schema_in_every_supported_pve_version(method, template, response):
    for version in VERSIONS:
        returns = _returns(method, template, version)
        assert returns.get("type") in _shape(response), f"{method} {template} returns {returns} in PVE {version}"


def _models_and_schemas() -> dict[type[BaseModel], list[dict[str, Any]]]:
    grouped: dict[type[BaseModel], list[dict[str, Any]]] = {}
    for method, template, response in RESPONSES:
        model = typing.get_args(response)[0] if typing.get_origin(response) is list else response
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            continue
        for version in VERSIONS:
            returns = _returns(method, template, version)
            grouped.setdefault(model, []).append(returns.get("items", returns) if model is not response else returns)
    return grouped


@pytest.mark.parametrize(
    ("model", "schemas"), list(_models_and_schemas().items()), ids=lambda v: getattr(v, "__name__", "")
)
def test_model_fields_are_declared_and_required_as_the_schema_says(model, schemas):
    assert _problems(model, schemas, model.__name__) == []


def test_every_response_model_is_checked_against_the_schema():
    checked = set(_models_and_schemas())
    nested = {
        models.NodeMemory,
        models.NodeRootfs,
        models.CpuInfo,
        models.KernelInfo,
        models.BootInfo,
        models.IpAddress,
    }
    bases = {models.PveModel, models.GuestSummary, models.GuestStatus, models.GuestConfig}
    public = {getattr(models, name) for name in models.__all__}
    response_models = {obj for obj in public if isinstance(obj, type) and issubclass(obj, BaseModel)}

    assert response_models - checked - nested - bases == set()

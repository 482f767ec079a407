"""The official PVE API schema (apidoc), indexed by path template and method.

The data is the Proxmox API viewer's `apidata.js` for PVE 9.1 and 8.4 (see apidoc/SOURCE.md).
The simulator validates every request against it; the client reads the `permissions` of an
endpoint from it to explain a 403.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

__all__ = ["ApiSchema", "Endpoint", "SchemaVersion", "load_schema"]

SchemaVersion = Literal["9.1", "8.4"]

_PLACEHOLDER = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True)
class Endpoint:
    """One method on one path template, as the schema declares it."""

    path: str
    method: str
    info: dict[str, Any] = field(repr=False, compare=False)

    @property
    def name(self) -> str:
        return str(self.info.get("name", ""))

    @property
    def parameters(self) -> dict[str, Any]:
        """The `properties` of the parameters object, path placeholders included."""
        return dict(self.info.get("parameters", {}).get("properties", {}))

    @property
    def additional_properties(self) -> bool:
        return bool(self.info.get("parameters", {}).get("additionalProperties", 0))

    @property
    def returns(self) -> dict[str, Any]:
        return dict(self.info.get("returns", {}))

    @property
    def permissions(self) -> dict[str, Any]:
        return dict(self.info.get("permissions", {}))

    @property
    def path_params(self) -> tuple[str, ...]:
        return tuple(_PLACEHOLDER.findall(self.path))


@dataclass(frozen=True)
class _Route:
    template: str
    pattern: re.Pattern[str]
    names: tuple[str, ...]  # placeholder names in group order (they may hold '-', so groups are positional)
    literal_segments: int


def _route(template: str) -> _Route:
    parts = [part for part in template.split("/") if part]
    regex = "".join("/([^/]+)" if _PLACEHOLDER.fullmatch(part) else "/" + re.escape(part) for part in parts)
    names = tuple(_PLACEHOLDER.findall(template))
    literal = sum(1 for part in parts if not _PLACEHOLDER.fullmatch(part))
    return _Route(template, re.compile("^" + (regex or "/") + "$"), names, literal)


class ApiSchema:
    """Lookup of endpoints by template or by a concrete request path."""

    def __init__(self, version: SchemaVersion, tree: list[dict[str, Any]]) -> None:
        self.version = version
        self._endpoints: dict[tuple[str, str], Endpoint] = {}
        self._routes: list[_Route] = []
        for node in _walk(tree):
            template = node["path"]
            for method, info in (node.get("info") or {}).items():
                self._endpoints[(template, method.upper())] = Endpoint(template, method.upper(), info)
            self._routes.append(_route(template))
        # The most literal template wins ("/nodes/{node}/qemu/{vmid}/status/current" over
        # a template with a placeholder in that place).
        self._routes.sort(key=lambda route: (-route.literal_segments, route.template))

    def endpoint(self, template: str, method: str) -> Endpoint | None:
        return self._endpoints.get((template, method.upper()))

    def endpoints(self) -> list[Endpoint]:
        return list(self._endpoints.values())

    def templates(self) -> list[str]:
        return [route.template for route in self._routes]

    def match(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The template a concrete path (without /api2/json) belongs to, and its placeholder values."""
        path = "/" + path.strip("/")
        for route in self._routes:
            found = route.pattern.match(path)
            if found:
                return route.template, dict(zip(route.names, found.groups(), strict=True))
        return None

    def resolve(self, path: str, method: str) -> tuple[Endpoint, dict[str, str]] | None:
        """The endpoint serving `method` on a concrete path, with its placeholder values."""
        found = self.match(path)
        if found is None:
            return None
        template, values = found
        endpoint = self.endpoint(template, method)
        return (endpoint, values) if endpoint else None


def _walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for node in nodes:
        out.append(node)
        out.extend(_walk(node.get("children") or []))
    return out


@cache
def load_schema(version: SchemaVersion = "9.1") -> ApiSchema:
    """Load and index the schema of a PVE version (cached per process)."""
    data = resources.files("shared.pve").joinpath(f"apidoc/apidoc-{version}.json.gz").read_bytes()
    return ApiSchema(version, json.loads(gzip.decompress(data)))

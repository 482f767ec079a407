"""The tier of a call on the generic path, and which endpoints an administrator let it reach.

A GET is Safe; POST, PUT and DELETE are Restricted; the endpoints in CRITICAL are Critical,
whatever their method, with the same gate as delete_instance: PROXMOX_ALLOW_DANGER, a
confirmation and the VMID (or the path's last value) typed again. The list is data, here alone:
tests/unit/test_api_tiers.py checks every entry names endpoints of the schema, and
docs/api_manifest.md lists it.

PROXMOX_MCP_API_ALLOW and PROXMOX_MCP_API_DENY take path-template patterns, comma-separated,
each optionally after methods: `/cluster/firewall/**`, `DELETE /nodes/*/qemu/*`, `POST|PUT /pools/**`. A `*` is one
path segment (a placeholder such as `{vmid}` or a literal), `**` any number of them. With an
allow list only what it matches is reachable; a deny pattern always wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from shared.errors import FeatureDisabled
from shared.safety import Tier

__all__ = ["CRITICAL", "ApiPolicy", "Critical", "critical_reason", "method_tier", "pattern_matches"]


@dataclass(frozen=True)
class Critical:
    """Endpoints that are Critical: methods (`POST|PUT`, or `*` for any) and a path-template pattern, and why."""

    method: str
    pattern: str
    why: str


#: destroying what cannot be brought back, cutting the way in, or running code as root on a node
CRITICAL: tuple[Critical, ...] = (
    Critical("DELETE", "/nodes/*/qemu/*", "destroys a VM and its disks"),
    Critical("DELETE", "/nodes/*/lxc/*", "destroys a container and its volumes"),
    Critical("DELETE", "/nodes/*/storage/*/content/*", "deletes a volume or a backup"),
    Critical("DELETE", "/nodes/*/storage/*/prunebackups", "deletes backups"),
    Critical("DELETE", "/storage/*", "removes a storage"),
    Critical("POST|PUT|DELETE", "/nodes/*/disks/**", "wipes a disk, or makes or destroys a file system on it"),
    Critical("DELETE", "/nodes/*/ceph/**", "destroys Ceph pools, OSDs, monitors or file systems"),
    Critical("DELETE", "/pools/**", "removes a resource pool"),
    Critical("DELETE", "/pools", "removes a resource pool"),
    Critical("DELETE", "/access/users/*", "removes a user"),
    Critical("DELETE", "/access/users/*/token/*", "removes an API token"),
    Critical("DELETE", "/access/groups/*", "removes a group"),
    Critical("DELETE", "/access/roles/*", "removes a role"),
    Critical("DELETE", "/access/domains/*", "removes an authentication realm"),
    Critical("PUT", "/access/acl", "grants or revokes permissions"),
    Critical("DELETE", "/cluster/ha/resources/*", "takes a guest out of HA"),
    Critical("PUT", "/cluster/firewall/options", "can turn the cluster firewall off or change its policies"),
    Critical("PUT", "/nodes/*/firewall/options", "can turn a node's firewall off"),
    Critical("POST", "/nodes/*/status", "shuts down or reboots a node"),
    Critical("POST", "/nodes/*/stopall", "stops every guest of a node"),
    Critical("PUT", "/nodes/*/network", "applies a node's pending network configuration"),
    Critical("POST", "/nodes/*/apt/update", "changes a node's packages"),
    Critical("POST", "/nodes/*/execute", "runs API calls in bulk on a node"),
    Critical("*", "/nodes/*/termproxy", "opens a root shell on a node"),
    Critical("*", "/nodes/*/vncshell", "opens a root shell on a node"),
    Critical("*", "/nodes/*/spiceshell", "opens a root shell on a node"),
    Critical("*", "/nodes/*/vncwebsocket", "opens a console on a node"),
    Critical("*", "/nodes/*/*/*/termproxy", "opens a guest's console"),
    Critical("*", "/nodes/*/*/*/vncproxy", "opens a guest's console"),
    Critical("*", "/nodes/*/*/*/spiceproxy", "opens a guest's console"),
    Critical("*", "/nodes/*/*/*/vncwebsocket", "opens a guest's console"),
    Critical("POST|PUT|DELETE", "/nodes/*/certificates/**", "replaces a node's TLS certificates"),
    Critical("POST", "/cluster/config", "creates a cluster"),
    Critical("POST", "/cluster/config/join", "joins a cluster"),
    Critical("POST|DELETE", "/cluster/config/nodes/*", "adds or removes a cluster node"),
)


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    parts = []
    for segment in pattern.strip("/").split("/"):
        if segment == "**":
            parts.append("(?:/[^/]+)*")
        elif segment == "*":
            parts.append("/[^/]+")
        else:
            parts.append("/" + re.escape(segment))
    return re.compile("^" + "".join(parts) + "$" if pattern.strip("/") else "^/$")


def pattern_matches(pattern: str, method: str, template: str) -> bool:
    """Whether `[METHOD ]/path/pattern` matches a method on a path template."""
    wanted, _, path = pattern.strip().rpartition(" ")
    if wanted and wanted != "*" and method.upper() not in wanted.upper().split("|"):
        return False
    return bool(_regex(path).match(template))


def critical_reason(method: str, template: str) -> str | None:
    """Why a call is Critical, or None when it is not."""
    for entry in CRITICAL:
        if pattern_matches(f"{entry.method} {entry.pattern}", method, template):
            return entry.why
    return None


def method_tier(method: str, template: str) -> Tier:
    """A call's tier: Critical when listed, else Safe for GET and Restricted for the rest."""
    if critical_reason(method, template) is not None:
        return Tier.CRITICAL
    return Tier.SAFE if method.upper() == "GET" else Tier.RESTRICTED


@dataclass(frozen=True)
class ApiPolicy:
    """Which endpoints the generic path reaches: PROXMOX_MCP_API_ALLOW / _DENY, and read-only mode."""

    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    read_only: bool = False

    @classmethod
    def parse(cls, allow: str | None, deny: str | None, *, read_only: bool = False) -> ApiPolicy:
        def split(text: str | None) -> tuple[str, ...]:
            return tuple(p.strip() for p in (text or "").split(",") if p.strip())

        return cls(split(allow), split(deny), read_only)

    def refuse(self, method: str, template: str) -> None:
        """FEATURE_DISABLED unless this server reaches the endpoint."""
        refusal = self.refusal(method, template)
        if refusal is not None:
            raise FeatureDisabled(
                f"{method} {template} is not reachable on this server: {refusal}",
                hint="An administrator sets PROXMOX_MCP_API_ALLOW and PROXMOX_MCP_API_DENY.",
            )

    def refusal(self, method: str, template: str) -> str | None:
        """Why this server does not reach the endpoint, or None when it does."""
        if any(pattern_matches(p, method, template) for p in self.deny):
            return "PROXMOX_MCP_API_DENY excludes it"
        if self.allow and not any(pattern_matches(p, method, template) for p in self.allow):
            return "PROXMOX_MCP_API_ALLOW does not include it"
        if self.read_only and method.upper() != "GET":
            return "this server is read-only (PROXMOX_MCP_READ_ONLY=true): only GET"
        return None

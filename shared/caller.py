"""Who asked for a job and what they may do: the caller every job carries.

A caller is who a tool call came from: a bearer token of the tokens file (its name), an OAuth
subject (a JWT's `sub`), `stdio` (the client that started the server), or `anonymous` (HTTP
with `--no-auth`). Its scopes are a list of strings, the same on every side: the frontend lists
and refuses tools by them, the job record and its signature carry them, the worker checks them
again from the job.

Scopes, as `proxmox-mcp token add --scope` and a JWT's `scope` claim name them:

- a tier, the highest the caller may use: `read` (Safe tools), `change` (and Restricted ones),
  `critical` (and Critical ones, still only with PROXMOX_ALLOW_DANGER). Without one: `read`.
- `group:NAME`, tool groups (`group:power`, `group:snapshots`; GROUPS lists them). Without one:
  every group.
- `cluster:NAME`, the clusters of PROXMOX_CLUSTERS the caller reaches (shared.clusters). Without
  one: every cluster.
- guest selectors: `node:NAME`, `pool:NAME`, `tag:NAME`, `vmid:N` or `vmid:LOW-HIGH`. With any,
  the caller reaches only the guests one of them matches: a guest outside them is neither
  listed nor read nor changed; it reads only its own jobs and audit entries, and not the
  server's logs (get_mcp_logs), which name every guest. Without any: every guest.

Scopes a JWT carries for other services (`openid`, `email`) are not ours and are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.errors import InvalidInput, OutOfScope
from shared.safety import Tier

__all__ = [
    "ANONYMOUS",
    "GROUPS",
    "STDIO",
    "Caller",
    "GuestFacts",
    "Scope",
    "parse_scopes",
]

#: the tool groups `group:NAME` may name: the operations' domains (shared.catalogue; a test keeps the
#: two in step), and the server's own tools
GROUPS = (
    "nodes",
    "access",
    "network",
    "firewall",
    "cluster",
    "guests",
    "storage",
    "usage",
    "power",
    "create",
    "clone",
    "migrate",
    "update",
    "cloudinit",
    "snapshots",
    "backup",
    "disks",
    "exec",
    "agent",
    "fleet",
    "delete",
    "tasks",
    "api",
    "logs",
    "audit",
    "toolsets",
)
_TIERS = {"read": Tier.SAFE, "change": Tier.RESTRICTED, "critical": Tier.CRITICAL}
_RANK = {Tier.SAFE: 0, Tier.RESTRICTED: 1, Tier.CRITICAL: 2}
_TIER_SCOPE = {tier: name for name, tier in _TIERS.items()}
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,62}$")
_VMIDS = re.compile(r"^(\d{3,9})(?:-(\d{3,9}))?$")
_SELECTORS = ("node", "pool", "tag", "vmid")


def _canonical(scope: str) -> str:
    """The scope as it is stored and signed, or InvalidInput naming what is wrong with it."""
    text = scope.strip()
    if text in _TIERS:
        return text
    kind, sep, value = text.partition(":")
    if not sep or kind not in ("group", "cluster", *_SELECTORS):
        raise InvalidInput(
            f"scope {scope!r} is unknown",
            hint="Scopes: read, change, critical, group:NAME, cluster:NAME, node:NAME, pool:NAME, tag:NAME, vmid:N "
            "or vmid:LOW-HIGH.",
        )
    if kind == "group" and value not in GROUPS:
        raise InvalidInput(f"scope {scope!r} names no tool group", hint=f"Groups: {', '.join(GROUPS)}.")
    if kind == "vmid":
        found = _VMIDS.match(value)
        if found is None or int(found[1]) < 100 or int(found[2] or found[1]) < int(found[1]):
            raise InvalidInput(f"scope {scope!r} is no VMID or range", hint="For example vmid:100 or vmid:100-199.")
    elif kind != "group" and not _NAME.match(value):
        raise InvalidInput(f"scope {scope!r} names no valid {kind}", hint="Names are letters, digits, '-', '_', '.'.")
    return f"{kind}:{value}"


def parse_scopes(scopes: Iterable[str], *, strict: bool = True) -> tuple[str, ...]:
    """Scope strings, checked and sorted (what a caller carries); not `strict`, unknown ones are left out."""
    found: set[str] = set()
    for scope in scopes:
        try:
            found.add(_canonical(scope))
        except InvalidInput:
            if strict:
                raise
    return tuple(sorted(found))


class GuestFacts(BaseModel):
    """What a guest selector matches on: a guest's VMID, node, pool and tags (those PVE knows)."""

    vmid: int
    node: str | None = None
    pool: str | None = None
    tags: frozenset[str] = frozenset()


class Scope:
    """A caller's scopes, read: its highest tier, its groups and its guest selectors."""

    def __init__(self, scopes: Iterable[str]) -> None:
        self.scopes = tuple(scopes)
        tiers = [_TIERS[s] for s in self.scopes if s in _TIERS]
        self.tier = max(tiers, key=_RANK.__getitem__) if tiers else Tier.SAFE
        values: dict[str, set[str]] = {kind: set() for kind in ("group", "cluster", *_SELECTORS)}
        for scope in self.scopes:
            kind, _, value = scope.partition(":")
            if kind in values:
                values[kind].add(value)
        self.groups = frozenset(values["group"])
        self.clusters = frozenset(values["cluster"])
        self.nodes = frozenset(values["node"])
        self.pools = frozenset(values["pool"])
        self.tags = frozenset(values["tag"])
        self.vmids = tuple(
            (int(m[1]), int(m[2] or m[1])) for m in (_VMIDS.match(v) for v in sorted(values["vmid"])) if m
        )

    @property
    def guest_scoped(self) -> bool:
        """Whether the caller reaches only some guests."""
        return bool(self.nodes or self.pools or self.tags or self.vmids)

    def tool_refusal(self, tool: str, tier: Tier, group: str) -> str | None:
        """Why the caller may not use this tool (naming the scope it lacks), or None when it may."""
        if _RANK[tier] > _RANK[self.tier]:
            return f"{tool} needs scope '{_TIER_SCOPE[tier]}'"
        if self.groups and group not in self.groups:
            return f"{tool} needs scope 'group:{group}'"
        if group == "logs" and self.guest_scoped:
            return f"{tool} reads what every guest's jobs logged: not for a caller scoped to guests"
        return None

    def admits_cluster(self, cluster: str) -> bool:
        """Whether the caller reaches this cluster (every one, without `cluster:` scopes)."""
        return not self.clusters or cluster in self.clusters

    def admits(self, guest: GuestFacts) -> bool:
        """Whether a guest selector matches the guest (always, for a caller that is not guest-scoped)."""
        if not self.guest_scoped:
            return True
        return (
            (guest.node is not None and guest.node in self.nodes)
            or (guest.pool is not None and guest.pool in self.pools)
            or bool(guest.tags & self.tags)
            or any(low <= guest.vmid <= high for low, high in self.vmids)
        )

    def may_rule_out(self, vmid: int, node: str | None) -> bool:
        """Whether the guest is out of scope already by what a call names (its VMID, its node if given).

        Only selectors by node and VMID decide that; a pool or tag selector needs the guest's facts
        from PVE, which the worker reads.
        """
        if not self.guest_scoped or self.pools or self.tags:
            return False
        if node is not None and node in self.nodes:
            return False
        if self.nodes and node is None:
            return False
        return not any(low <= vmid <= high for low, high in self.vmids)

    def selectors(self) -> str:
        """The guest selectors, as the scopes name them."""
        return ", ".join(s for s in self.scopes if s.partition(":")[0] in _SELECTORS)


class Caller(BaseModel):
    """Who asked: `kind` (token, oauth, stdio, anonymous), its `name` and its scopes (canonical strings)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["stdio", "token", "oauth", "anonymous"]
    name: str
    scopes: tuple[str, ...]

    @property
    def label(self) -> str:
        """How records, the audit log and messages name the caller: `token:alice`, `oauth:<sub>`, `stdio`."""
        return self.name if self.kind in ("stdio", "anonymous") else f"{self.kind}:{self.name}"

    @cached_property
    def scope(self) -> Scope:
        return Scope(self.scopes)

    def refuse_tool(self, tool: str, tier: Tier, group: str) -> None:
        """Raise OutOfScope (PERMISSION_DENIED naming the scope) unless the caller may use this tool."""
        why = self.scope.tool_refusal(tool, tier, group)
        if why is not None:
            raise OutOfScope(f"{why}; {self.label} has {', '.join(self.scopes) or 'no scope'}")

    def refuse_cluster(self, cluster: str) -> None:
        """Raise OutOfScope unless the caller's scopes reach the cluster."""
        if not self.scope.admits_cluster(cluster):
            raise OutOfScope(
                f"cluster {cluster} is outside the scopes of {self.label} "
                f"({', '.join(f'cluster:{c}' for c in sorted(self.scope.clusters))})",
                hint="Use a cluster your scopes cover (list_clusters shows them).",
            )

    def refuse_guest(self, guest: GuestFacts) -> None:
        """Raise OutOfScope unless a selector of the caller matches the guest."""
        if not self.scope.admits(guest):
            raise OutOfScope(
                f"guest {guest.vmid} is outside the scopes of {self.label} ({self.scope.selectors()})",
                hint="Use a guest your scopes cover (list_vms and list_lxc_containers show them).",
            )


#: the client that started the server over stdio: it could run the server with any settings anyway
STDIO = Caller(kind="stdio", name="stdio", scopes=("critical",))
#: HTTP with --no-auth, on loopback: the machine's own users, as over stdio
ANONYMOUS = Caller(kind="anonymous", name="anonymous", scopes=("critical",))

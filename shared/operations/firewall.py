"""The firewall: rules and options at cluster, node and guest level, aliases, IP sets, groups, logs.

A call addresses a level by what it names: nothing is the cluster, `node` a node, `vmid` a
guest (its node looked up when left out). Rules are addressed by position, with the digest of
the list the position was read from: an edit made meanwhile is a CONFLICT, never the wrong rule
changed or deleted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.listing import PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.changes import ChangeParams
from shared.operations.nodes import NodeLogLine
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import NodeName, Vmid

__all__ = [
    "FIREWALL_LOG",
    "GET_FIREWALL",
    "LIST_FIREWALL_OBJECTS",
    "SET_FIREWALL_OPTIONS",
    "SET_FIREWALL_RULE",
    "SET_IPSET_ENTRY",
    "FirewallLog",
    "FirewallLogParams",
    "FirewallObject",
    "FirewallObjects",
    "FirewallOptionsParams",
    "FirewallOptionsResult",
    "FirewallParams",
    "FirewallRuleInfo",
    "FirewallRuleParams",
    "FirewallRuleResult",
    "FirewallView",
    "GetFirewallParams",
    "IpSetEntryParams",
    "IpSetEntryResult",
    "ObjectsParams",
    "level_calls",
]

#: a firewall list's digest as get_firewall shows it (SHA1, hex)
ListDigest = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{40}$")]
LogLevel = Literal["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug", "nolog"]
Policy = Literal["ACCEPT", "REJECT", "DROP"]
#: a firewall name (an IP set's, an alias's, a group's), as pve-firewall takes it
FirewallName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_-]{1,62}$")]


class FirewallParams(Params):
    """Which firewall: the cluster's (neither), a node's (node), or a guest's (vmid, node optional)."""

    node: Annotated[NodeName | None, Field()] = None
    vmid: Vmid | None = None


def level_calls(suffix: str, method: str = "GET") -> tuple[str, ...]:
    """The PVE call of each level for `suffix` (rules, options, log, ...)."""
    bases = ("/cluster", "/nodes/{node}", "/nodes/{node}/qemu/{vmid}", "/nodes/{node}/lxc/{vmid}")
    return tuple(f"{method} {base}/firewall/{suffix}" for base in bases)


_GUEST_LOOKUP = ("GET /cluster/resources",)


class GetFirewallParams(FirewallParams, PageParams):
    pass


class FirewallRuleInfo(Result):
    pos: int
    type: str = Field(description="in, out, forward, or group (action names the security group).")
    action: str
    enable: bool
    macro: str | None = None
    source: str | None = None
    dest: str | None = None
    proto: str | None = None
    dport: str | None = None
    sport: str | None = None
    iface: str | None = None
    log: str | None = None
    comment: str | None = None

    def line(self) -> str:
        """A rule in one line, as an admin reads it: position, direction, verdict, what it matches."""
        parts = [str(self.pos), self.type, self.action if self.type != "group" else f"group {self.action}"]
        if self.macro:
            parts.append(self.macro)
        if self.proto:
            parts.append(self.proto)
        for label, value in (("from", self.source), ("to", self.dest), ("dport", self.dport), ("sport", self.sport)):
            if value:
                parts.append(f"{label} {value}")
        if self.iface:
            parts.append(f"on {self.iface}")
        if self.log and self.log != "nolog":
            parts.append(f"log {self.log}")
        if not self.enable:
            parts.append("(disabled)")
        return " ".join(parts) + (f"  # {self.comment}" if self.comment else "")


class FirewallView(PagedResult):
    level: str = Field(description="cluster, node pve1, or VM/CT 100 on pve1.")
    enabled: bool
    policy_in: str | None = None
    policy_out: str | None = None
    options: dict[str, str | int] = Field(default_factory=dict)
    digest: str = Field(description="The rule list's: pass it to set_firewall_rule to edit by position.")
    options_digest: str | None = None
    rules: list[FirewallRuleInfo]

    def brief(self) -> str:
        state = "enabled" if self.enabled else "disabled"
        policy = f", policy in {self.policy_in or '-'} out {self.policy_out or '-'}" if self.policy_in else ""
        head = f"firewall of {self.level}: {state}{policy}; {self.total} rules (digest {self.digest}); {self.shown()}"
        return "\n".join([head, *(rule.line() for rule in self.rules)])


GET_FIREWALL = Operation(
    "get_firewall",
    "Firewall rules and options",
    Tier.SAFE,
    GetFirewallParams,
    FirewallView,
    description="""
        The firewall rules (by position) and options of the cluster, a node (node) or a guest (vmid).

        The answer's digest goes with a position to change, move or delete a rule
        (set_firewall_rule). A guest's rules act only on NICs with firewall=1 and only while the
        cluster's firewall is enabled.
        """,
    pve_calls=(*_GUEST_LOOKUP, *level_calls("rules"), *level_calls("options")),
)


RuleEdit = Literal["add", "update", "move", "delete"]


class FirewallRuleParams(FirewallParams, ChangeParams):
    edit: RuleEdit = "add"
    pos: Annotated[int | None, Field(ge=0, le=9999, description="add: where (default 0, the top).")] = None
    digest: Annotated[ListDigest | None, Field(description="get_firewall's; needed but to add.")] = None
    moveto: Annotated[int | None, Field(ge=0, le=9999)] = None
    type: Literal["in", "out", "forward", "group"] | None = None
    action: Annotated[
        str | None, StringConstraints(pattern=r"^(?:ACCEPT|DROP|REJECT|[A-Za-z][A-Za-z0-9_-]{1,17})$")
    ] = Field(None, description="ACCEPT, DROP, REJECT, or a group's name.")
    macro: Annotated[str | None, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9-]{0,63}$")] = None
    source: Annotated[str | None, StringConstraints(pattern=r"^[-+/.:,A-Za-z0-9_]{1,512}$")] = None
    dest: Annotated[str | None, StringConstraints(pattern=r"^[-+/.:,A-Za-z0-9_]{1,512}$")] = None
    proto: Annotated[str | None, StringConstraints(pattern=r"^[a-z0-9-]{1,20}$")] = None
    dport: Annotated[str | None, StringConstraints(pattern=r"^[A-Za-z0-9_:,-]{1,128}$")] = None
    sport: Annotated[str | None, StringConstraints(pattern=r"^[A-Za-z0-9_:,-]{1,128}$")] = None
    iface: Annotated[str | None, StringConstraints(pattern=r"^net\d{1,2}$|^[a-zA-Z][\w.-]{1,20}$")] = None
    enable: bool | None = None
    log: LogLevel | None = None
    comment: Annotated[str | None, Field(max_length=512)] = None

    @model_validator(mode="after")
    def _coherent(self) -> Self:
        if self.edit == "add":
            if self.type is None or self.action is None:
                raise InvalidInput("a new rule needs type and action", hint="e.g. type='in', action='ACCEPT'.")
            if self.digest is not None and self.pos is None:
                raise InvalidInput("digest goes with pos", hint="Leave digest out to add at the top.")
            return self
        if self.pos is None or self.digest is None:
            raise InvalidInput(
                f"to {self.edit} a rule, give its pos and the digest get_firewall answered with",
                hint="Read them with get_firewall: the digest makes an edit made meanwhile a CONFLICT.",
            )
        if (self.edit == "move") != (self.moveto is not None):
            raise InvalidInput("moveto goes with edit='move'", hint="Give edit='move' and moveto.")
        if self.edit in ("move", "delete") and self.fields():
            raise InvalidInput(f"{self.edit} takes no rule fields", hint="Give pos, digest (and moveto) alone.")
        if self.edit == "update" and not self.fields():
            raise InvalidInput("nothing to change in the rule", hint="Give the fields to set (action, dport, ...).")
        return self

    def fields(self) -> dict[str, str | int]:
        """The rule fields this call sets, as PVE names and keeps them."""
        names = ("type", "action", "macro", "source", "dest", "proto", "dport", "sport", "iface", "log", "comment")
        out: dict[str, str | int] = {name: getattr(self, name) for name in names if getattr(self, name) is not None}
        if self.enable is not None:
            out["enable"] = int(self.enable)
        return out


class FirewallRuleResult(Result):
    level: str
    edit: RuleEdit
    pos: int | None = Field(None, description="Where the rule is now (None once deleted).")
    rule: str | None = Field(None, description="The rule, as get_firewall shows it.")
    digest: str = Field(description="The list's new digest.")


def _where(p: FirewallParams) -> str:
    """The level a call addresses, as a plan names it."""
    if p.vmid is not None:
        return f"guest {p.vmid}" + (f" on node {p.node}" if p.node else "")
    return f"node {p.node}" if p.node is not None else "the cluster"


def _rule_plan(p: FirewallRuleParams, _: str) -> str:
    where = _where(p)
    if p.edit == "add":
        shown = " ".join(f"{k}={v}" for k, v in p.fields().items())
        return f"add firewall rule {shown} at position {p.pos or 0} of {where}"
    if p.edit == "move":
        return f"move firewall rule {p.pos} of {where} to position {p.moveto}"
    if p.edit == "delete":
        return f"delete firewall rule {p.pos} of {where}"
    shown = " ".join(f"{k}={v}" for k, v in p.fields().items())
    return f"set {shown} on firewall rule {p.pos} of {where}"


SET_FIREWALL_RULE = Operation(
    "set_firewall_rule",
    "Add, change, move or delete a firewall rule",
    Tier.RESTRICTED,
    FirewallRuleParams,
    FirewallRuleResult,
    description="""
        Add a firewall rule (at the top, or at pos), or update, move or delete the rule at pos,
        given get_firewall's digest; at cluster, node (node) or guest (vmid) level.

        A list edited since the digest was read is a CONFLICT and nothing changes. A new rule is
        enabled unless enable=false. A rule naming an alias, IP set (+name), macro or group that
        does not exist is refused. Needs Sys.Modify on / (cluster), /nodes/{node} (node), or
        VM.Config.Network on /vms/{vmid}. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        *_GUEST_LOOKUP,
        *level_calls("rules"),
        *level_calls("rules", "POST"),
        *level_calls("rules/{pos}", "PUT"),
        *level_calls("rules/{pos}", "DELETE"),
    ),
    errors=(
        ("CONFLICT", "the rule list changed since digest"),
        ("VALIDATION_ERROR", "a position with no rule, or a rule PVE refuses (an unknown alias, IP set, macro, group)"),
    ),
    plan=_rule_plan,
    idempotent=False,
)


class FirewallOptionsParams(FirewallParams, ChangeParams):
    enable: bool | None = None
    policy_in: Policy | None = None
    policy_out: Policy | None = None
    log_level_in: LogLevel | None = None
    log_level_out: LogLevel | None = None

    @model_validator(mode="after")
    def _something(self) -> Self:
        if not self.values():
            raise InvalidInput("nothing to set", hint="Give enable, policy_in, policy_out, log_level_in or _out.")
        return self

    def values(self) -> dict[str, str | int]:
        names = ("policy_in", "policy_out", "log_level_in", "log_level_out")
        out: dict[str, str | int] = {name: getattr(self, name) for name in names if getattr(self, name) is not None}
        if self.enable is not None:
            out["enable"] = int(self.enable)
        return out


class FirewallOptionsResult(Result):
    level: str
    changed: dict[str, str | int] = Field(description="The options set (those already so are left out).")
    enabled: bool


def _options_plan(p: FirewallOptionsParams, _: str) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in p.values().items())
    return f"set firewall options {shown} of {_where(p)}"


def _options_tier(values: Mapping[str, Any]) -> Tier:
    """Turning the cluster's firewall off opens every guest and node at once: Critical."""
    cluster = values.get("node") is None and values.get("vmid") is None
    return Tier.CRITICAL if cluster and values.get("enable") is False else Tier.RESTRICTED


SET_FIREWALL_OPTIONS = Operation(
    "set_firewall_options",
    "Enable a firewall or set its policy",
    Tier.RESTRICTED,
    FirewallOptionsParams,
    FirewallOptionsResult,
    description="""
        Enable or disable the firewall of the cluster, a node (node) or a guest (vmid), or set its
        policies (cluster, guest) and log levels (node, guest).

        Disabling the cluster's firewall is Critical (PROXMOX_ALLOW_DANGER=true). Restricted
        otherwise: needs the user's confirmation.
        """,
    pve_calls=(*_GUEST_LOOKUP, *level_calls("options"), *level_calls("options", "PUT")),
    errors=(("VALIDATION_ERROR", "an option that level does not have (a node has no policy)"),),
    plan=_options_plan,
    idempotent=True,
    tier_from=_options_tier,
)


ObjectKind = Literal["ipsets", "aliases", "groups"]


class ObjectsParams(PageParams):
    kind: ObjectKind = "ipsets"
    name: Annotated[FirewallName | None, Field(description="One IP set or group: its entries or rules.")] = None


class FirewallObject(Result):
    name: str
    comment: str | None = None
    cidr: str | None = Field(None, description="An alias's address, an IP set entry's.")
    nomatch: bool | None = None
    entries: list[str] | None = Field(None, description="An IP set's (the first 20; name one for all).")
    count: int | None = Field(None, description="An IP set's entries, a group's rules.")


class FirewallObjects(PagedResult):
    kind: str
    name: str | None = None
    objects: list[FirewallObject]
    rules: list[FirewallRuleInfo] = Field(default_factory=list, description="A named group's rules.")

    def brief(self) -> str:
        what = f"{self.kind} {self.name}" if self.name else self.kind
        head = f"{what}: {self.total}; {self.shown()}"
        rows = [_object_line(o) for o in self.objects] + [rule.line() for rule in self.rules]
        return "\n".join([head, *rows])


def _object_line(o: FirewallObject) -> str:
    parts = [o.name]
    if o.cidr:
        parts.append(o.cidr + (" (nomatch)" if o.nomatch else ""))
    if o.entries is not None:
        parts.append(f"[{', '.join(o.entries)}{', ...' if (o.count or 0) > len(o.entries) else ''}]")
    elif o.count is not None:
        parts.append(f"{o.count} rules")
    return " ".join(parts) + (f"  # {o.comment}" if o.comment else "")


LIST_FIREWALL_OBJECTS = Operation(
    "list_firewall_objects",
    "List firewall IP sets, aliases, groups",
    Tier.SAFE,
    ObjectsParams,
    FirewallObjects,
    description="""
        The cluster's IP sets with their entries, aliases, or security groups; name one IP set
        or group for all its entries or rules.

        Rules name an IP set as +name, an alias by its name, a group as a rule of type group.
        """,
    pve_calls=(
        "GET /cluster/firewall/ipset",
        "GET /cluster/firewall/ipset/{name}",
        "GET /cluster/firewall/aliases",
        "GET /cluster/firewall/groups",
        "GET /cluster/firewall/groups/{group}",
    ),
)


class IpSetEntryParams(ChangeParams):
    name: FirewallName
    cidr: Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F.:]{2,39}(?:/\d{1,3})?$")]
    remove: bool = False
    comment: Annotated[str | None, Field(max_length=512)] = None
    nomatch: bool | None = None


class IpSetEntryResult(Result):
    name: str
    cidr: str
    action: Literal["added", "removed", "unchanged"]
    entries: int = Field(description="The set's entries now.")


IP_SET_CALLS = (
    "GET /cluster/firewall/ipset",
    "GET /cluster/firewall/ipset/{name}",
    "POST /cluster/firewall/ipset/{name}",
    "DELETE /cluster/firewall/ipset/{name}/{cidr}",
)

SET_IPSET_ENTRY = Operation(
    "set_ipset_entry",
    "Add or remove an IP set entry",
    Tier.RESTRICTED,
    IpSetEntryParams,
    IpSetEntryResult,
    description="""
        Add an address or network to one of the cluster's IP sets, or remove it (remove=true).

        Every rule that names the set (+name) follows at once. An entry already as asked is left
        alone. Needs Sys.Modify on /. Restricted: needs the user's confirmation.
        """,
    pve_calls=IP_SET_CALLS,
    errors=(("NOT_FOUND", "no IP set of that name"),),
    plan=lambda p, _: f"{'remove' if p.remove else 'add'} {p.cidr} {'from' if p.remove else 'to'} IP set {p.name}",
    idempotent=True,
)


class FirewallLogParams(FirewallParams):
    since: Annotated[int | None, Field(ge=0, description="UNIX epoch seconds.")] = None
    until: Annotated[int | None, Field(ge=0)] = None
    start: Annotated[int, Field(ge=0, le=2**31 - 1, description="Lines to skip (from next_start).")] = 0
    limit: Annotated[int, Field(ge=1, le=500)] = 50

    @model_validator(mode="after")
    def _not_cluster(self) -> Self:
        if self.node is None and self.vmid is None:
            raise InvalidInput("a firewall log is a node's or a guest's", hint="Give node, or vmid.")
        return self


class FirewallLog(Result):
    level: str
    total: int
    lines: list[NodeLogLine]
    next_start: int | None = Field(None, description="Pass as start to read on; None at the end.")

    def text(self) -> str:
        more = f"; more from start={self.next_start}" if self.next_start is not None else ""
        head = f"firewall log of {self.level}: {len(self.lines)} of {self.total} lines{more}"
        return "\n".join([head, *(f"{line.n} {line.t}" for line in self.lines)])


FIREWALL_LOG = Operation(
    "get_firewall_log",
    "Read a firewall log",
    Tier.SAFE,
    FirewallLogParams,
    FirewallLog,
    description="""
        What the firewall of a node (node) or guest (vmid) logged, oldest first, a page at a time.

        Only rules and policies with a log level log. Needs Sys.Syslog on /nodes/{node}, or
        VM.Console on /vms/{vmid}.
        """,
    pve_calls=(*_GUEST_LOOKUP, *level_calls("log")[1:]),
)

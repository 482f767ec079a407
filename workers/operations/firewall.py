"""The firewall: reads, and changes made once each (workers.requests) against the digest they were planned on."""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass
from typing import Any

from shared.errors import Conflict, InvalidInput, NotFound, ProxmoxMcpError, RequestRejected
from shared.listing import paginate
from shared.operations.firewall import (
    FIREWALL_LOG,
    GET_FIREWALL,
    LIST_FIREWALL_OBJECTS,
    SET_FIREWALL_OPTIONS,
    SET_FIREWALL_RULE,
    SET_IPSET_ENTRY,
    FirewallLog,
    FirewallLogParams,
    FirewallObject,
    FirewallObjects,
    FirewallOptionsParams,
    FirewallOptionsResult,
    FirewallParams,
    FirewallRuleInfo,
    FirewallRuleParams,
    FirewallRuleResult,
    FirewallView,
    GetFirewallParams,
    IpSetEntryParams,
    IpSetEntryResult,
    ObjectsParams,
)
from shared.operations.nodes import NodeLogLine
from shared.pve.client import FormValue
from shared.pve.models import (
    NO_DATA,
    FirewallAlias,
    FirewallGroup,
    FirewallOptions,
    FirewallRule,
    IpSet,
    IpSetEntry,
    TaskLogLine,
    no_content,
)
from workers.guest_lookup import resolve_guest
from workers.job import JobContext, Outcome
from workers.registry import handles
from workers.requests import Request, send_once

__all__ = [
    "get_firewall",
    "get_firewall_log",
    "list_firewall_objects",
    "set_firewall_options",
    "set_firewall_rule",
    "set_ipset_entry",
]

#: the digest of an empty list (copy_list_with_digest of nothing): PVE lists no item to carry it
_EMPTY_DIGEST = "da39a3ee5e6b4b0d3255bfef95601890afd80709"
_RULE_KEYS = ("type", "action", "macro", "source", "dest", "proto", "dport", "sport", "iface", "log", "comment")
#: the options each level has (pve-firewall's cluster, host and VM option sets)
_LEVEL_OPTIONS = {
    "cluster": {"enable", "policy_in", "policy_out"},
    "node": {"enable", "log_level_in", "log_level_out"},
    "guest": {"enable", "policy_in", "policy_out", "log_level_in", "log_level_out"},
}
_ENTRIES_SHOWN = 20


@dataclass(frozen=True)
class Level:
    """A firewall: the cluster's, a node's or a guest's, and where its API lives."""

    kind: str  # cluster, node, guest
    label: str
    base: str
    path: dict[str, object]

    def at(self, suffix: str) -> str:
        return f"{self.base}/{suffix}"


async def _level(job: JobContext, params: FirewallParams) -> Level:
    if params.vmid is not None:
        guest = await resolve_guest(job.app.pve, params.vmid, params.node)
        return Level("guest", f"{guest.label} on {guest.node}", guest.template_for("/firewall"), dict(guest.path))
    if params.node is not None:
        return Level("node", f"node {params.node}", "/nodes/{node}/firewall", {"node": params.node})
    return Level("cluster", "the cluster", "/cluster/firewall", {})


async def _rules(job: JobContext, level: Level) -> tuple[list[FirewallRule], str]:
    rules = await job.app.pve.get(level.at("rules"), list[FirewallRule], path=level.path)
    return rules, (rules[0].digest or _EMPTY_DIGEST) if rules else _EMPTY_DIGEST


def _content(rule: FirewallRule) -> dict[str, str | int]:
    """A rule's fields as a change sets them (position, digest and PVE's derived ipversion left out)."""
    fields: dict[str, str | int] = {key: getattr(rule, key) for key in _RULE_KEYS if getattr(rule, key)}
    fields["enable"] = int(rule.enable or 0)
    return fields


def _info(rule: FirewallRule) -> FirewallRuleInfo:
    return FirewallRuleInfo(
        pos=rule.pos, type=rule.type, action=rule.action, enable=bool(rule.enable), macro=rule.macro,
        source=rule.source, dest=rule.dest, proto=rule.proto, dport=rule.dport, sport=rule.sport, iface=rule.iface,
        log=rule.log, comment=rule.comment,
    )  # fmt: skip


def _enabled(level: Level, options: FirewallOptions) -> bool:
    """A node's firewall is on unless disabled; the cluster's and a guest's off unless enabled."""
    return bool(options.enable) if options.enable is not None else level.kind == "node"


@handles(GET_FIREWALL)
async def get_firewall(job: JobContext, params: GetFirewallParams) -> FirewallView:
    level = await _level(job, params)
    (rules, digest), options = await asyncio.gather(
        _rules(job, level), job.app.pve.get(level.at("options"), FirewallOptions, path=level.path)
    )
    page = paginate([_info(rule) for rule in rules], lambda r: (r.pos,), descending=False, asked=params)
    shown = options.model_dump(exclude_none=True, exclude={"digest"})
    return FirewallView(
        level=level.label,
        enabled=_enabled(level, options),
        policy_in=options.policy_in,
        policy_out=options.policy_out,
        options={key: value if isinstance(value, str | int) else str(value) for key, value in shown.items()},
        digest=digest,
        options_digest=options.digest,
        rules=page.rows,
        **FirewallView.page_of(page),
    )


def _stale(level: Level) -> Conflict:
    return Conflict(
        f"the firewall rules of {level.label} changed since they were read; nothing was changed",
        hint="Read them again with get_firewall, then decide again with the new positions and digest.",
    )


def _refused(level: Level, error: ProxmoxMcpError) -> ProxmoxMcpError:
    if isinstance(error, RequestRejected) and "modified configuration" in error.message:
        return _stale(level)
    return error


def _moved_to(pos: int, moveto: int, length: int) -> int:
    """Where PVE puts a rule moved from `pos` to before the rule at `moveto` (the end, past the last)."""
    return min(moveto - 1 if moveto > pos else moveto, length - 1)


def _count(rules: list[FirewallRule], wanted: dict[str, Any]) -> int:
    return sum(1 for rule in rules if _content(rule) == wanted)


@handles(SET_FIREWALL_RULE)
async def set_firewall_rule(job: JobContext, params: FirewallRuleParams) -> Outcome:
    pve = job.app.pve
    level = await _level(job, params)

    async def plan() -> dict[str, Any]:
        rules, digest = await _rules(job, level)
        if params.digest is not None and params.digest != digest:
            raise _stale(level)
        if params.edit == "add":
            wanted = {"enable": 1, **params.fields()}
            pos = min(params.pos or 0, len(rules))
            return {"rule": wanted, "count": _count(rules, wanted), "pos": pos, "digest": digest}
        assert params.pos is not None  # the params' check: every edit but an add names its rule
        if params.pos >= len(rules):
            raise InvalidInput(
                f"{level.label} has no firewall rule at position {params.pos} (it has {len(rules)})",
                hint="Read the positions with get_firewall.",
            )
        current = _content(rules[params.pos])
        rule = {**current, **params.fields()} if params.edit == "update" else current
        return {"rule": rule, "count": _count(rules, current), "pos": params.pos, "digest": digest}

    async def send(planned: dict[str, Any]) -> None:
        path = {**level.path, "pos": planned["pos"]}
        body: dict[str, FormValue] = {"digest": planned["digest"]}
        try:
            if params.edit == "add":
                body |= {**planned["rule"], "pos": planned["pos"]}
                await pve.post(level.at("rules"), NO_DATA, path=level.path, body=body)
            elif params.edit == "delete":
                await pve.delete(level.at("rules/{pos}"), NO_DATA, path=path, query=body)
            else:
                body |= {"moveto": params.moveto} if params.edit == "move" else params.fields()
                await pve.put(level.at("rules/{pos}"), NO_DATA, path=path, body=body)
        except RequestRejected as rejected:
            raise _refused(level, rejected) from None

    async def done(planned: dict[str, Any]) -> bool:
        rules, digest = await _rules(job, level)
        wanted, pos = planned["rule"], planned["pos"]
        if params.edit == "add":
            return bool(_count(rules, wanted) > planned["count"])
        if params.edit == "delete":
            return bool(_count(rules, wanted) < planned["count"])
        if params.edit == "move":
            at = _moved_to(pos, params.moveto or 0, len(rules))
            return bool(digest != planned["digest"] and _content(rules[at]) == wanted)
        return bool(pos < len(rules) and _content(rules[pos]) == wanted)

    planned = await send_once(job, Request("rule", plan, send, done))
    rules, digest = await _rules(job, level)
    pos: int | None = planned["pos"]
    if params.edit == "delete":
        pos = None
    elif params.edit == "move" and pos is not None:
        pos = _moved_to(pos, params.moveto or 0, len(rules))
    shown = _info(rules[pos]).line() if pos is not None and pos < len(rules) else None
    result = FirewallRuleResult(level=level.label, edit=params.edit, pos=pos, rule=shown, digest=digest)
    verb = {"add": "added", "update": "updated", "move": "moved", "delete": "deleted"}[params.edit]
    where = f" at position {pos}" if pos is not None else ""
    return Outcome(result, message=f"firewall rule {verb}{where} of {level.label}")


@handles(SET_FIREWALL_OPTIONS)
async def set_firewall_options(job: JobContext, params: FirewallOptionsParams) -> Outcome:
    pve = job.app.pve
    level = await _level(job, params)
    asked = params.values()
    unknown = sorted(set(asked) - _LEVEL_OPTIONS[level.kind])
    if unknown:
        raise InvalidInput(
            f"the firewall of {level.label} has no option {', '.join(unknown)}",
            hint=f"It takes {', '.join(sorted(_LEVEL_OPTIONS[level.kind]))}.",
        )

    async def current() -> FirewallOptions:
        return await pve.get(level.at("options"), FirewallOptions, path=level.path)

    def differs(options: FirewallOptions) -> dict[str, str | int]:
        have = options.model_dump(exclude_none=True)
        return {key: value for key, value in asked.items() if str(have.get(key)) != str(value)}

    async def plan() -> dict[str, Any]:
        options = await current()
        return {"set": differs(options), "digest": options.digest}

    async def send(planned: dict[str, Any]) -> None:
        if planned["set"]:
            body = {**planned["set"], "digest": planned["digest"]}
            await pve.put(level.at("options"), NO_DATA, path=level.path, body=body)

    async def done(planned: dict[str, Any]) -> bool:
        return not differs(await current())

    planned = await send_once(job, Request("options", plan, send, done))
    enabled = _enabled(level, await current())
    result = FirewallOptionsResult(level=level.label, changed=planned["set"], enabled=enabled)
    if not planned["set"]:
        return Outcome(result, message=f"the firewall options of {level.label} were already so; nothing was changed")
    state = "enabled" if enabled else "disabled"
    return Outcome(result, message=f"firewall options of {level.label} set; its firewall is {state}")


async def _ipset(job: JobContext, name: str) -> list[IpSetEntry]:
    """An IP set's entries; NOT_FOUND naming the sets there are when it does not exist."""
    sets = await job.app.pve.get("/cluster/firewall/ipset", list[IpSet])
    if name not in {s.name for s in sets}:
        known = ", ".join(sorted(s.name for s in sets)) or "none"
        raise NotFound(f"no IP set named {name!r} (the cluster has: {known})", hint="list_firewall_objects lists them.")
    return await _entries(job, name)


async def _entries(job: JobContext, name: str) -> list[IpSetEntry]:
    """An IP set's entries (the set known to exist: PVE's own error otherwise)."""
    return await job.app.pve.get("/cluster/firewall/ipset/{name}", list[IpSetEntry], path={"name": name})


def _same_network(a: str, b: str) -> bool:
    try:
        return ipaddress.ip_network(a, strict=False) == ipaddress.ip_network(b, strict=False)
    except ValueError:
        return a == b


@handles(SET_IPSET_ENTRY)
async def set_ipset_entry(job: JobContext, params: IpSetEntryParams) -> Outcome:
    pve, name = job.app.pve, params.name
    try:
        ipaddress.ip_network(params.cidr, strict=False)
    except ValueError:
        raise InvalidInput(
            f"{params.cidr!r} is not an address or network", hint="e.g. 10.0.0.5 or 10.0.0.0/24"
        ) from None

    def present(entries: list[IpSetEntry]) -> IpSetEntry | None:
        return next((e for e in entries if _same_network(e.cidr, params.cidr)), None)

    async def plan() -> dict[str, Any]:
        found = present(await _ipset(job, name))
        if (found is None) == params.remove:
            return {"action": "unchanged"}
        return {"action": "removed" if params.remove else "added", "cidr": found.cidr if found else params.cidr}

    async def send(planned: dict[str, Any]) -> None:
        if planned["action"] == "added":
            body = {"cidr": params.cidr, "comment": params.comment, "nomatch": int(params.nomatch or 0) or None}
            await pve.post("/cluster/firewall/ipset/{name}", NO_DATA, path={"name": name}, body=body)
        elif planned["action"] == "removed":
            path = {"name": name, "cidr": planned["cidr"]}
            await pve.delete("/cluster/firewall/ipset/{name}/{cidr}", NO_DATA, path=path)

    async def done(planned: dict[str, Any]) -> bool:
        gone = present(await _entries(job, name)) is None
        return bool(planned["action"] == "unchanged" or gone == (planned["action"] == "removed"))

    planned = await send_once(job, Request("ipset", plan, send, done))
    entries = len(await _entries(job, name))
    result = IpSetEntryResult(name=name, cidr=params.cidr, action=planned["action"], entries=entries)
    if planned["action"] == "unchanged":
        return Outcome(result, message=f"IP set {name} already {'lacks' if params.remove else 'holds'} {params.cidr}")
    return Outcome(
        result, message=f"{params.cidr} {planned['action']} {'from' if params.remove else 'to'} IP set {name}"
    )


async def _group_rules(job: JobContext, group: str) -> list[FirewallRule]:
    return await job.app.pve.get("/cluster/firewall/groups/{group}", list[FirewallRule], path={"group": group})


async def _aliases(job: JobContext, params: ObjectsParams) -> FirewallObjects:
    aliases = await job.app.pve.get("/cluster/firewall/aliases", list[FirewallAlias])
    rows = [FirewallObject(name=a.name, cidr=a.cidr, comment=a.comment) for a in aliases]
    page = paginate(rows, lambda o: (o.name,), descending=False, asked=params)
    return FirewallObjects(kind="aliases", objects=page.rows, **FirewallObjects.page_of(page))


async def _groups(job: JobContext, params: ObjectsParams) -> FirewallObjects:
    if params.name is not None:
        rules = await _group_rules(job, params.name)
        ruled = paginate([_info(r) for r in rules], lambda r: (r.pos,), descending=False, asked=params)
        return FirewallObjects(
            kind="group", name=params.name, objects=[], rules=ruled.rows, **FirewallObjects.page_of(ruled)
        )
    groups = await job.app.pve.get("/cluster/firewall/groups", list[FirewallGroup])
    page = paginate(groups, lambda g: (g.group,), descending=False, asked=params)
    counts = await asyncio.gather(*(_group_rules(job, g.group) for g in page.rows))
    rows = [
        FirewallObject(name=g.group, comment=g.comment, count=len(rules))
        for g, rules in zip(page.rows, counts, strict=True)
    ]
    return FirewallObjects(kind="groups", objects=rows, **FirewallObjects.page_of(page))


async def _ipsets(job: JobContext, params: ObjectsParams) -> FirewallObjects:
    if params.name is not None:
        entries = await _ipset(job, params.name)
        rows = [FirewallObject(name=e.cidr, cidr=e.cidr, comment=e.comment, nomatch=e.nomatch) for e in entries]
        page = paginate(rows, lambda o: (o.name,), descending=False, asked=params)
        return FirewallObjects(kind="ipset", name=params.name, objects=page.rows, **FirewallObjects.page_of(page))
    pve = job.app.pve
    sets = await pve.get("/cluster/firewall/ipset", list[IpSet])
    sets_page = paginate(sets, lambda s: (s.name,), descending=False, asked=params)
    found = await asyncio.gather(*(_entries(job, s.name) for s in sets_page.rows))
    shown = [
        FirewallObject(
            name=s.name, comment=s.comment, entries=[e.cidr for e in entries[:_ENTRIES_SHOWN]], count=len(entries)
        )
        for s, entries in zip(sets_page.rows, found, strict=True)
    ]
    return FirewallObjects(kind="ipsets", objects=shown, **FirewallObjects.page_of(sets_page))


@handles(LIST_FIREWALL_OBJECTS)
async def list_firewall_objects(job: JobContext, params: ObjectsParams) -> FirewallObjects:
    lister = {"aliases": _aliases, "groups": _groups, "ipsets": _ipsets}[params.kind]
    return await lister(job, params)


@handles(FIREWALL_LOG)
async def get_firewall_log(job: JobContext, params: FirewallLogParams) -> FirewallLog:
    level = await _level(job, params)
    query = {"since": params.since, "until": params.until, "start": params.start, "limit": params.limit}
    page = await job.app.pve.get_page(level.at("log"), TaskLogLine, path=level.path, query=query)
    if no_content(page.total, page.data):
        return FirewallLog(level=level.label, total=0, lines=[])
    end = params.start + len(page.data)
    return FirewallLog(
        level=level.label,
        total=page.total,
        lines=[NodeLogLine(n=line.n, t=line.t) for line in page.data],
        next_start=end if end < page.total else None,
    )

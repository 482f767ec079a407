"""The firewall API (pve-firewall's API2::Firewall): rules by position, options, aliases, IP sets, groups, logs.

One set of handlers serves the cluster, a node and a guest (qemu or lxc): the scope comes from
the path. Rule changes check the list's digest when given (`detected modified configuration`),
a position that holds no rule is refused, and a rule's references are verified as
PVE::Firewall::verify_rule does (a macro, a group, an alias or IP set that must exist).
"""

from __future__ import annotations

import ipaddress
import re
import time
from datetime import UTC, datetime
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError, param_error
from pvesim.firewall import MACROS, Firewall, digest_of, object_digest
from pvesim.routes.tasks import log_page

__all__: list[str] = []

_GUEST_BASES = {"qemu": "/nodes/{node}/qemu/{vmid}/firewall", "lxc": "/nodes/{node}/lxc/{vmid}/firewall"}
_RULE_FIELDS = ("type", "action", "macro", "source", "dest", "proto", "dport", "sport", "iface", "log", "comment")
_ACTIONS = ("ACCEPT", "DROP", "REJECT")
_STALE = "detected modified configuration - file changed by other user? Try again."
_PORT = re.compile(r"^(?:\d{1,5}(?::\d{1,5})?|[a-z][a-z0-9-]*)(?:,(?:\d{1,5}(?::\d{1,5})?|[a-z][a-z0-9-]*))*$")


def _firewall(call: Call) -> Firewall:
    return call.core.state.firewall


def _scope(call: Call) -> str:
    """The rules' scope of this call's path: cluster, node/<node>, vm/<vmid>, group/<group>."""
    template = call.template
    if template.startswith("/cluster/firewall/groups/"):
        group = str(call.params["group"])
        if group not in _firewall(call).groups:
            raise ApiError(500, f"no such security group '{group}'")
        return f"group/{group}"
    if template.startswith("/cluster/"):
        return "cluster"
    if "/qemu/" in template or "/lxc/" in template:
        call.guest("qemu" if "/qemu/" in template else "lxc")
        return f"vm/{call.vmid}"
    return f"node/{call.node}"


def _check_digest(call: Call, current: str) -> None:
    digest = call.params.get("digest")
    if digest is not None and digest != current:
        raise ApiError(500, _STALE)


def _listed(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    digest = digest_of(rules)
    return [{**rule, "pos": pos, "digest": digest} for pos, rule in enumerate(rules)]


def _address(firewall: Firewall, value: str, field: str) -> None:
    """A source or dest: addresses and ranges, an alias's name, or +ipset (PVE::Firewall::parse_address_list)."""
    for part in value.split(","):
        if part.startswith("+"):
            name = part[1:].removeprefix("dc/")
            if name not in firewall.ipsets:
                raise param_error({field: f"no such ipset '{name}'"})
            continue
        if re.match(r"^[A-Za-z][A-Za-z0-9_-]+$", part) and not part.startswith(("fe80", "ff0")):
            if part.removeprefix("dc/") not in firewall.aliases:
                raise param_error({field: f"no such alias '{part}'"})
            continue
        try:
            for end in part.split("-"):
                ipaddress.ip_network(end, strict=False)
        except ValueError:
            raise param_error({field: f"invalid address '{part}'"}) from None


def _verify(firewall: Firewall, rule: dict[str, Any]) -> None:
    """verify_rule: what a rule names must exist, and a group rule takes a group as its action."""
    if rule.get("type") == "group":
        if rule.get("action") not in firewall.groups:
            raise param_error({"action": f"no such security group '{rule.get('action')}'"})
    elif rule.get("action") not in _ACTIONS:
        raise param_error({"action": f"value '{rule.get('action')}' does not have a value in the enumeration"})
    if rule.get("macro") and rule["macro"] not in MACROS:
        raise param_error({"macro": f"unknown macro '{rule['macro']}'"})
    for field in ("source", "dest"):
        if rule.get(field):
            _address(firewall, str(rule[field]), field)
    for field in ("dport", "sport"):
        if rule.get(field):
            if not rule.get("proto") and not rule.get("macro"):
                raise param_error({field: "port is only valid with proto or macro"})
            if not _PORT.match(str(rule[field])):
                raise param_error({field: f"invalid port '{rule[field]}'"})


def _values(call: Call) -> dict[str, Any]:
    values: dict[str, Any] = {key: call.params[key] for key in _RULE_FIELDS if key in call.params}
    if "enable" in call.params:
        values["enable"] = int(call.params["enable"])
    return values


def _rule_at(rules: list[dict[str, Any]], call: Call) -> int:
    pos = int(call.params.get("pos", -1))
    if not 0 <= pos < len(rules):
        raise ApiError(500, "no rule at specified position")
    return pos


def _register_rules(base: str) -> None:
    @route("GET", f"{base}/rules")
    async def get_rules(call: Call) -> Any:
        return _listed(_firewall(call).rules.get(_scope(call), []))

    @route("POST", f"{base}/rules")
    async def create_rule(call: Call) -> Any:
        rules = _firewall(call).rules.setdefault(_scope(call), [])
        _check_digest(call, digest_of(rules))
        rule = {"enable": 0, **_values(call)}  # PVE writes a new rule disabled unless enable=1
        _verify(_firewall(call), rule)
        pos = int(call.params.get("pos", 0))
        rules.insert(max(0, min(pos, len(rules))), rule)
        return None

    @route("GET", f"{base}/rules/{{pos}}")
    async def get_rule(call: Call) -> Any:
        rules = _firewall(call).rules.get(_scope(call), [])
        return _listed(rules)[_rule_at(rules, call)]

    @route("PUT", f"{base}/rules/{{pos}}")
    async def update_rule(call: Call) -> Any:
        rules = _firewall(call).rules.setdefault(_scope(call), [])
        _check_digest(call, digest_of(rules))
        pos = _rule_at(rules, call)
        if "moveto" in call.params:
            moved = rules.pop(pos)
            target = int(call.params["moveto"])
            rules.insert(target if target <= pos else max(0, target - 1), moved)
            return None
        rule = dict(rules[pos])
        for key in re.split(r"[,;\s]+", str(call.params.get("delete") or "")):
            rule.pop(key, None)
        rule.update(_values(call))
        _verify(_firewall(call), rule)
        rules[pos] = rule
        return None

    @route("DELETE", f"{base}/rules/{{pos}}")
    async def delete_rule(call: Call) -> Any:
        rules = _firewall(call).rules.setdefault(_scope(call), [])
        _check_digest(call, digest_of(rules))
        del rules[_rule_at(rules, call)]
        return None

    @route("GET", f"{base}/options")
    async def get_options(call: Call) -> Any:
        options = _firewall(call).options.get(_scope(call), {})
        return {**options, "digest": object_digest(options)}

    @route("PUT", f"{base}/options")
    async def set_options(call: Call) -> Any:
        options = _firewall(call).options.setdefault(_scope(call), {})
        _check_digest(call, object_digest(options))
        for key in re.split(r"[,;\s]+", str(call.params.get("delete") or "")):
            options.pop(key, None)
        for key, value in call.params.items():
            if key in ("node", "vmid", "digest", "delete"):
                continue
            options[key] = int(value) if isinstance(value, bool) else value
        return None


for _base in ("/cluster/firewall", "/nodes/{node}/firewall", *_GUEST_BASES.values()):
    _register_rules(_base)


@route("GET", "/cluster/firewall/groups/{group}")
async def group_rules(call: Call) -> Any:
    return _listed(_firewall(call).rules.get(_scope(call), []))


@route("GET", "/cluster/firewall/groups")
async def groups(call: Call) -> Any:
    found = [{"group": name, **values} for name, values in sorted(_firewall(call).groups.items())]
    digest = digest_of(found)
    return [{**entry, "digest": digest} for entry in found]


@route("GET", "/cluster/firewall/aliases")
async def aliases(call: Call) -> Any:
    found = [{"name": name, **values} for name, values in sorted(_firewall(call).aliases.items())]
    digest = digest_of(found)
    return [{**entry, "digest": digest} for entry in found]


@route("GET", "/cluster/firewall/ipset")
async def ipsets(call: Call) -> Any:
    found = [
        {"name": name, **({"comment": s["comment"]} if s.get("comment") else {})}
        for name, s in sorted(_firewall(call).ipsets.items())
    ]
    digest = digest_of(found)
    return [{**entry, "digest": digest} for entry in found]


def _ipset(call: Call) -> list[dict[str, Any]]:
    name = str(call.params["name"])
    found = _firewall(call).ipsets.get(name)
    if found is None:
        raise ApiError(500, f"no such IPSet '{name}'")
    entries: list[dict[str, Any]] = found["entries"]
    return entries


def _cidr(value: str) -> str:
    try:
        network = ipaddress.ip_network(value, strict=False)
    except ValueError:
        raise param_error({"cidr": f"value '{value}' does not look like a valid IP address or CIDR network"}) from None
    return str(network) if "/" in value else str(network.network_address)


@route("GET", "/cluster/firewall/ipset/{name}")
async def ipset_entries(call: Call) -> Any:
    entries = _ipset(call)
    digest = digest_of(entries)
    return [{**entry, "digest": digest} for entry in entries]


@route("POST", "/cluster/firewall/ipset/{name}")
async def add_ipset_entry(call: Call) -> Any:
    entries = _ipset(call)
    cidr = _cidr(str(call.params["cidr"]))
    if any(entry["cidr"] == cidr for entry in entries):
        raise ApiError(500, f"entry '{cidr}' already exists")
    entry: dict[str, Any] = {"cidr": cidr}
    if call.params.get("comment"):
        entry["comment"] = call.params["comment"]
    if call.params.get("nomatch"):
        entry["nomatch"] = 1
    entries.append(entry)
    return None


@route("DELETE", "/cluster/firewall/ipset/{name}/{cidr}")
async def delete_ipset_entry(call: Call) -> Any:
    entries = _ipset(call)
    _check_digest(call, digest_of(entries))
    cidr = _cidr(str(call.params["cidr"]))
    kept = [entry for entry in entries if entry["cidr"] != cidr]
    if len(kept) == len(entries):
        raise ApiError(500, f"no such IP/Network '{cidr}'")
    entries[:] = kept
    return None


def _log_lines(call: Call, scope: str) -> list[str]:
    """What pvefw-logger wrote for the scope (made once): drops of the policy, a rule's accepts."""
    firewall = _firewall(call)
    if scope not in firewall.log:
        vmid = scope.split("/", 1)[1] if scope.startswith("vm/") else "0"
        chain = f"tap{vmid}i0-IN" if vmid != "0" else "PVEFW-HOST-IN"
        now = time.time()
        lines = []
        for i in range(240):
            at = datetime.fromtimestamp(now - 3600 + i * 15, UTC).strftime("%d/%b/%Y:%H:%M:%S +0000")
            port, verdict = ((22, "ACCEPT"), (3389, "DROP"), (443, "ACCEPT"), (23, "DROP"))[i % 4]
            lines.append(
                f"{vmid} 6 {chain} {at} {'policy' if verdict == 'DROP' else 'rule'} {verdict}: "
                f"IN=vmbr0 SRC=203.0.113.{i % 250 + 1} DST=10.10.10.{100 + int(vmid) % 100} LEN=60 "
                f"PROTO=TCP SPT={40000 + i} DPT={port} SYN"
            )
        firewall.log[scope] = lines
    return firewall.log[scope]


def _firewall_log(call: Call, scope: str) -> Any:
    lines = _log_lines(call, scope)
    since, until = call.params.get("since"), call.params.get("until")
    if since is not None or until is not None:
        low, high = int(since or 0), int(until or 2**62)
        lines = [
            line
            for line in lines
            if low <= datetime.strptime(line.split(" ")[3], "%d/%b/%Y:%H:%M:%S").replace(tzinfo=UTC).timestamp() <= high
        ]
    return log_page(call, lines, int(call.params.get("start") or 0), int(call.params.get("limit") or 0) or 50)


@route("GET", "/nodes/{node}/firewall/log")
async def node_log(call: Call) -> Any:
    return _firewall_log(call, f"node/{call.node}")


@route("GET", "/nodes/{node}/qemu/{vmid}/firewall/log")
async def qemu_log(call: Call) -> Any:
    call.guest("qemu")
    return _firewall_log(call, f"vm/{call.vmid}")


@route("GET", "/nodes/{node}/lxc/{vmid}/firewall/log")
async def lxc_log(call: Call) -> Any:
    call.guest("lxc")
    return _firewall_log(call, f"vm/{call.vmid}")

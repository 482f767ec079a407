"""The firewall's configuration as pve-firewall keeps it: rules, options, aliases, IP sets, security groups.

Rules live in scopes (`cluster`, `node/pve1`, `vm/100`, `group/web`), each an ordered list
addressed by position. Every list and option set has a digest (copy_list_with_digest: a SHA1
of its entries' sorted keys and values), which a change may carry: a digest that no longer
matches is refused as PVE::Tools::assert_if_modified refuses it, so a concurrent edit never
leads to the wrong rule being changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MACROS", "Firewall", "digest_of", "object_digest"]

#: some of PVE::Firewall's macros (the rest behave the same for a simulator)
MACROS = frozenset(
    {"SSH", "HTTP", "HTTPS", "DNS", "Ping", "SMTP", "IMAP", "NTP", "MySQL", "PostgreSQL", "Ceph", "SMB", "NFS"}
)


def digest_of(entries: list[dict[str, Any]]) -> str:
    """copy_list_with_digest's SHA1: each entry's keys sorted, `key:value` lines."""
    sha = hashlib.sha1(usedforsecurity=False)
    for entry in entries:
        for key in sorted(entry):
            if entry[key] is not None and key not in ("pos", "digest"):
                sha.update(f"{key}:{entry[key]}\n".encode())
    return sha.hexdigest()


def object_digest(values: dict[str, Any]) -> str:
    """copy_opject_with_digest's SHA1 of an option set."""
    return digest_of([values])


def _rule(**values: Any) -> dict[str, Any]:
    return {"enable": 1, **values}


@dataclass
class Firewall:
    """The cluster's firewall configuration (cluster.fw, host.fw per node, <vmid>.fw per guest)."""

    rules: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    aliases: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: name -> {"comment": ..., "entries": [{"cidr", "comment", "nomatch"}]}
    ipsets: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: name -> {"comment": ...}; a group's rules are the scope `group/<name>`
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: what the firewall logged, per scope (`node/pve1`, `vm/100`), oldest first
    log: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def example(cls, management: str) -> Firewall:
        """A cluster as an admin sets one up: SSH and the GUI from the management network, a web group."""
        return cls(
            rules={
                "cluster": [
                    _rule(type="in", action="ACCEPT", macro="SSH", source="+management", comment="admin ssh"),
                    _rule(type="in", action="ACCEPT", proto="tcp", dport="8006", source="+management"),
                    _rule(type="in", action="DROP", proto="tcp", dport="3128", log="info", enable=0),
                ],
                "group/webserver": [
                    _rule(type="in", action="ACCEPT", macro="HTTP"),
                    _rule(type="in", action="ACCEPT", macro="HTTPS"),
                ],
                "vm/100": [_rule(type="group", action="webserver", comment="public web")],
            },
            options={"cluster": {"enable": 1, "policy_in": "DROP", "policy_out": "ACCEPT"}},
            aliases={"gateway": {"cidr": management.rsplit(".", 1)[0] + ".1", "comment": "default gateway"}},
            ipsets={
                "management": {
                    "comment": "admin workstations",
                    "entries": [{"cidr": management}, {"cidr": "192.168.100.0/24", "comment": "vpn"}],
                },
                "blocklist": {"entries": []},
            },
            groups={"webserver": {"comment": "HTTP and HTTPS in"}},
        )

"""Hypothesis strategies for the values PVE takes, written from PVE's own format definitions.

pve-common (PVE::JSONSchema: `dns-name`, `ipv4`, `ipv6`, `CIDRv4`/`CIDRv6`, `pve-ipv4-config`,
`address-list`), qemu-server (`pve-qm-ipconfig`) and pve-container (`pve-lxc-network`'s ip and gw,
`dns-name-list`). They are built from the definitions, not from shared.formats, so a value the
server refuses and PVE takes (or the other way round) shows up. Each format also comes in near
misses: the same parts, put together as PVE would refuse them.
"""

from __future__ import annotations

import string

from hypothesis import strategies as st

__all__ = [
    "PASSWORD_MARK",
    "address_lists",
    "cidr_v4",
    "cidr_v6",
    "commands",
    "dns_name_lists",
    "dns_names",
    "ipconfigs",
    "ipv4_configs",
    "ipv4s",
    "ipv6s",
    "marked_passwords",
    "snapshot_names",
    "ssh_keys",
]

#: what starts a password this module makes: "Pw" and 32 hex digits no other value holds
PASSWORD_MARK = r"Pw[0-9a-f]{32}"

_LABEL_CHARS = string.ascii_letters + string.digits
# dns-name: labels of letters, digits and inner hyphens, joined by single dots
_labels = st.builds(
    lambda first, middle, last: first + middle + last if middle or last else first,
    st.sampled_from(_LABEL_CHARS),
    st.text(_LABEL_CHARS + "-", max_size=12),
    st.one_of(st.just(""), st.sampled_from(_LABEL_CHARS)),
)
dns_names = st.lists(_labels, min_size=1, max_size=3).map(".".join)
dns_name_lists = st.lists(dns_names, min_size=1, max_size=3).map(" ".join)

ipv4s = st.ip_addresses(v=4).map(str)
ipv6s = st.ip_addresses(v=6).map(str)
# CIDRv4 takes a prefix of 8 to 32, CIDRv6 of 8 to 128; 0 to 7 is a near miss
cidr_v4 = st.builds("{}/{}".format, ipv4s, st.integers(0, 33))
cidr_v6 = st.builds("{}/{}".format, ipv6s, st.integers(0, 129))
ipv4_configs = st.one_of(st.sampled_from(["dhcp", "manual"]), cidr_v4)
_ipv6_configs = st.one_of(st.sampled_from(["auto", "dhcp", "manual"]), cidr_v6)
address_lists = st.lists(st.one_of(ipv4s, ipv6s, dns_names), min_size=1, max_size=3).map(", ".join)

# pve-qm-ipconfig: ip, gw, ip6, gw6, in any order and combination (a gateway without a static
# address of its family is the near miss qemu-server's parse_ipconfig refuses)
ipconfigs = (
    st.lists(st.sampled_from(["ip", "gw", "ip6", "gw6"]), unique=True, max_size=4)
    .flatmap(
        lambda keys: st.fixed_dictionaries(
            {key: {"ip": ipv4_configs, "gw": ipv4s, "ip6": _ipv6_configs, "gw6": ipv6s}[key] for key in keys}
        )
    )
    .map(lambda parts: ",".join(f"{key}={value}" for key, value in parts.items()))
)

snapshot_names = st.builds(
    "{}{}".format, st.sampled_from(string.ascii_letters), st.text(_LABEL_CHARS + "_-", min_size=1, max_size=20)
)

ssh_keys = st.builds(
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{} {}".format,
    st.text(string.ascii_letters + string.digits + "+/", min_size=8, max_size=43),
    st.text(_LABEL_CHARS + "@.-", max_size=20),
)

commands = st.one_of(
    st.sampled_from(["cat /etc/hostname", "uptime", "echo hello world", "sh -c 'id; hostname'", "ls -l /tmp"]),
    st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6).map(" ".join),
)

#: a password this run can find again anywhere it must not be: the mark and a tail of any text
marked_passwords = st.builds("Pw{}{}".format, st.uuids().map(lambda u: u.hex), st.text(max_size=12))

"""PVE's own formats for the values we pass on, so what PVE would refuse never leaves the server.

Each check is the one PVE runs, read from its sources (pve-common PVE::JSONSchema and
PVE::ParseUtils, qemu-server PVE::QemuServer::Network, pve-container PVE::LXC::Config): the
named formats (`ipv4`, `ipv6`, `CIDRv4`, `pve-ipv4-config`, `dns-name`, `address`, the `-list`
forms) and the property strings built of them (`pve-qm-ipconfig`; the `ip`/`gw` of
`pve-lxc-network`). One difference on purpose: PVE's regexes end in Perl's `$`, which also
matches before a final newline, and a config file cannot hold a newline, so a value here is
matched whole and may hold no control character at all.

Each check returns the value, or raises InvalidInput with PVE's wording and the value's role,
so it serves as a pydantic AfterValidator on both sides of the queue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from pydantic import AfterValidator, ValidationInfo

from shared.errors import InvalidInput

__all__ = [
    "address_list",
    "checked",
    "cidr_v4",
    "cidr_v6",
    "dns_name",
    "dns_name_list",
    "ipconfig",
    "ipv4",
    "ipv4_config",
    "ipv6",
    "ipv6_config",
    "no_control_characters",
    "parse_property_string",
    "split_list",
]

# PVE::ParseUtils: no leading zeros in an octet, 255 at most
_IPV4_OCTET = r"(?:25[0-5]|(?:2[0-4]|1[0-9]|[1-9])?[0-9])"
_IPV4 = rf"(?:(?:{_IPV4_OCTET}\.){{3}}{_IPV4_OCTET})"
_H16 = r"(?:[0-9a-fA-F]{1,4})"
_LS32 = rf"(?:(?:{_IPV4}|{_H16}:{_H16}))"
_IPV6 = (
    "(?:"
    rf"(?:(?:(?:{_H16}:){{6}}){_LS32})|"
    rf"(?:(?:::(?:{_H16}:){{5}}){_LS32})|"
    rf"(?:(?:(?:{_H16})?::(?:{_H16}:){{4}}){_LS32})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}){_LS32})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}){_LS32})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,3}}{_H16})?::(?:{_H16}:){{1}}){_LS32})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,4}}{_H16})?::){_LS32})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,5}}{_H16})?::){_H16})|"
    rf"(?:(?:(?:(?:{_H16}:){{0,6}}{_H16})?::))"
    ")"
)
_DNS_LABEL = r"(?:[a-zA-Z0-9](?:[a-zA-Z0-9\-]*[a-zA-Z0-9])?)"
_DNS_NAME = re.compile(rf"(?:{_DNS_LABEL}\.)*{_DNS_LABEL}")
_IPV4_RE = re.compile(_IPV4)
_IPV6_RE = re.compile(_IPV6)
_CIDR_V4 = re.compile(rf"({_IPV4})/(\d+)")
_CIDR_V6 = re.compile(rf"({_IPV6})/(\d+)")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def checked(check: Callable[[str, str], str]) -> AfterValidator:
    """`check` as the validator of a field (an optional one's None passes), naming the field in its error."""

    def validate(value: str | None, info: ValidationInfo) -> str | None:
        return None if value is None else check(value, info.field_name or "value")

    return AfterValidator(validate)


def _refuse(role: str, value: str, why: str) -> InvalidInput:
    return InvalidInput(f"{role} {value!r}: {why}", hint="Give it in the form the parameter's description shows.")


def no_control_characters(value: str, role: str = "value") -> str:
    """Refuse a NUL, a newline or any other control character (no PVE value or config line holds one)."""
    if _CONTROL.search(value):
        raise InvalidInput(f"{role} holds a control character (a NUL, a newline...), which PVE cannot take")
    return value


def ipv4(value: str, role: str = "address") -> str:
    """PVE's `ipv4`."""
    if not _IPV4_RE.fullmatch(no_control_characters(value, role)):
        raise _refuse(role, value, "value does not look like a valid IPv4 address")
    return value


def ipv6(value: str, role: str = "address") -> str:
    """PVE's `ipv6`."""
    if not _IPV6_RE.fullmatch(no_control_characters(value, role)):
        raise _refuse(role, value, "value does not look like a valid IPv6 address")
    return value


def _is_ip(value: str) -> bool:
    return bool(_IPV4_RE.fullmatch(value) or _IPV6_RE.fullmatch(value))


def cidr_v4(value: str, role: str = "address") -> str:
    """PVE's `CIDRv4`: an IPv4 address with a prefix of 8 to 32."""
    found = _CIDR_V4.fullmatch(no_control_characters(value, role))
    if found is None or not 7 < int(found[2]) <= 32:
        raise _refuse(role, value, "value does not look like a valid IPv4 CIDR network (its prefix length: 8 to 32)")
    return value


def _cidr_v6(value: str) -> bool:
    found = _CIDR_V6.fullmatch(value)
    return found is not None and 7 < int(found[2]) <= 128


def cidr_v6(value: str, role: str = "address") -> str:
    """PVE's `CIDRv6`: an IPv6 address with a prefix of 8 to 128."""
    if not _cidr_v6(no_control_characters(value, role)):
        raise _refuse(role, value, "value does not look like a valid IPv6 CIDR network (its prefix length: 8 to 128)")
    return value


def ipv4_config(value: str, role: str = "ip") -> str:
    """PVE's `pve-ipv4-config`: dhcp, manual or a CIDRv4."""
    if no_control_characters(value, role) in ("dhcp", "manual"):
        return value
    return cidr_v4(value, role)


def ipv6_config(value: str, role: str = "ip6") -> str:
    """PVE's `pve-ipv6-config`: auto, dhcp, manual or a CIDRv6 (prefix 8 to 128)."""
    if no_control_characters(value, role) in ("auto", "dhcp", "manual") or _cidr_v6(value):
        return value
    raise _refuse(role, value, "value does not look like a valid ipv6 network configuration")


def dns_name(value: str, role: str = "name") -> str:
    """PVE's `dns-name`: labels of letters, digits and inner hyphens, joined by single dots."""
    if not _DNS_NAME.fullmatch(no_control_characters(value, role)):
        raise _refuse(role, value, "value does not look like a valid DNS name")
    return value


def split_list(text: str) -> list[str]:
    """PVE::ParseUtils::split_list: entries separated by commas, semicolons or white space."""
    return [entry for entry in re.split(r"[,;\s]+", text) if entry]


def address_list(value: str, role: str = "nameserver") -> str:
    """PVE's `address-list`: each entry an IP address or a DNS name (at least one)."""
    entries = split_list(no_control_characters(value, role))
    if not entries:
        raise _refuse(role, value, "no address in the list")
    for entry in entries:
        if not (_is_ip(entry) or _DNS_NAME.fullmatch(entry)):
            raise _refuse(role, entry, "value does not look like a valid address")
    return value


def dns_name_list(value: str, role: str = "searchdomain") -> str:
    """PVE's `dns-name-list` (pve-container's searchdomain): each entry a DNS name (at least one)."""
    entries = split_list(no_control_characters(value, role))
    if not entries:
        raise _refuse(role, value, "no name in the list")
    for entry in entries:
        dns_name(entry, role)
    return value


def parse_property_string(text: str, keys: Mapping[str, Callable[[str, str], str]], role: str) -> dict[str, str]:
    """PVE::JSONSchema::parse_property_string for `key=value,...` with these keys, each value checked."""
    parsed: dict[str, str] = {}
    for part in no_control_characters(text, role).split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise _refuse(role, text, f"{part!r} is not key=value")
        if key in parsed:
            raise _refuse(role, text, f"duplicate key in comma-separated list property: {key}")
        if key not in keys:
            raise _refuse(role, text, f"invalid key in comma-separated list property: {key}")
        parsed[key] = keys[key](value, f"{role} {key}")
    return parsed


_IPCONFIG_KEYS: Mapping[str, Callable[[str, str], str]] = {
    "ip": ipv4_config,
    "gw": ipv4,
    "ip6": ipv6_config,
    "gw6": ipv6,
}


def ipconfig(value: str, role: str = "ipconfig") -> str:
    """qemu-server's `pve-qm-ipconfig` as parse_ipconfig reads it: a gateway needs a static address of its family."""
    parsed = parse_property_string(value, _IPCONFIG_KEYS, role)
    for gateway, address, family, dynamic in (
        ("gw", "ip", "IPv4", ("dhcp",)),
        ("gw6", "ip6", "IPv6", ("auto", "dhcp", "manual")),
    ):
        if gateway not in parsed:
            continue
        if address not in parsed:
            raise _refuse(role, value, f"{gateway} needs an {family} address ({address}=...)")
        if parsed[address] in dynamic:
            raise _refuse(role, value, f"{gateway} goes with a static {address}, not {address}={parsed[address]}")
    return value

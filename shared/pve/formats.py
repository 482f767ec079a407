"""PVE's named string formats (PVE::JSONSchema register_format), the ones we can check here.

Each check returns None when the value passes, else PVE's own message (from pve-common's
JSONSchema.pm and pve-storage/pve-access-control where noted). Formats PVE checks with data we
do not have (time zones, storage content lists of a live system) are not listed and pass.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable

__all__ = ["NAMED_FORMATS", "split_list"]

_CONFIGID = re.compile(r"^[a-z][a-z0-9_-]+$", re.IGNORECASE)
_STORAGE_ID = re.compile(r"^[a-z][a-z0-9\-_.]*[a-z0-9]$", re.IGNORECASE)
_VMID = re.compile(r"^[1-9][0-9]{2,8}$")
_NODE = re.compile(r"^([a-zA-Z0-9]([a-zA-Z0-9\-]*[a-zA-Z0-9])?)$")
_URLENCODED = re.compile(r"^[-%a-zA-Z0-9_.!~*'()]*$")
_BRIDGE = re.compile(r"^[-_.\w\d]+$")
_MAC = re.compile(r"^[a-f0-9][02468ace](?::[a-f0-9]{2}){5}$", re.IGNORECASE)
_IFACE = re.compile(r"^[a-z][a-z0-9_]{1,20}([:.]\d+)?$", re.IGNORECASE)
_TAG = re.compile(r"^[a-z0-9_][a-z0-9_\-+.]*$", re.IGNORECASE)
_DNS_LABEL = r"([a-zA-Z0-9]([a-zA-Z0-9\-]*[a-zA-Z0-9])?)"
_DNS_NAME = re.compile(rf"^({_DNS_LABEL}\.)*{_DNS_LABEL}$")
_DISK_SIZE = re.compile(r"^(\d+(\.\d+)?)([KMGT])?$")
_STARTUP_PART = re.compile(r"^(order=)?\d+$|^up=\d+$|^down=\d+$")
_TASK_STATUS = re.compile(r"^(ok|error|warning|unknown)$", re.IGNORECASE)
_VOLUME_ID = re.compile(r"^([a-z][a-z0-9\-_.]*[a-z0-9]):(.+)$", re.IGNORECASE)
_USERID = re.compile(r"^[^\s:/]+@[A-Za-z][A-Za-z0-9.\-_]+$")
_REALM = re.compile(r"^[A-Za-z][A-Za-z0-9.\-_]+$")
_POOLID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-+/]*$")
_CONTENT = {"images", "rootdir", "vztmpl", "iso", "backup", "snippets", "import", "none"}


def _regex(pattern: re.Pattern[str], message: str) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        return None if pattern.match(value) else message.format(value=value)

    return check


def _ip(version: int | None, message: str) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        try:
            address = ipaddress.ip_address(value)
        except ValueError:
            return message
        return None if version is None or address.version == version else message

    return check


def _cidr(version: int | None, message: str) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        address, _, bits = value.partition("/")
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return message
        if not bits.isdigit() or (version is not None and ip.version != version):
            return message
        limit = 32 if ip.version == 4 else 128
        return None if 7 < int(bits) <= limit else message

    return check


def _dns_or_ip(value: str) -> str | None:
    if _ip(None, "x")(value) is None or _DNS_NAME.match(value):
        return None
    return f"value does not look like a valid address: {value}"


def _startup(value: str) -> str | None:
    parts = [part for part in value.split(",") if part.strip()]
    if parts and all(_STARTUP_PART.match(part) for part in parts):
        return None
    return "unable to parse startup options"


def _volume_id(value: str) -> str | None:
    return None if _VOLUME_ID.match(value) else f"unable to parse volume ID '{value}'"


def _content(value: str) -> str | None:
    return None if value in _CONTENT else f"invalid content type '{value}'"


NAMED_FORMATS: dict[str, Callable[[str], str | None]] = {
    "pve-vmid": _regex(_VMID, "value does not look like a valid VM ID"),
    "pve-node": _regex(_NODE, "value does not look like a valid node name"),
    "pve-configid": _regex(_CONFIGID, "invalid configuration ID '{value}'"),
    "pve-storage-id": _regex(_STORAGE_ID, "storage ID '{value}' contains illegal characters"),
    "urlencoded": _regex(_URLENCODED, "invalid urlencoded string: {value}"),
    "pve-bridge-id": _regex(_BRIDGE, "invalid bridge ID '{value}'"),
    "mac-addr": _regex(_MAC, "value does not look like a valid unicast MAC address"),
    "pve-iface": _regex(_IFACE, "invalid network interface name '{value}'"),
    "pve-tag": _regex(_TAG, "invalid characters in tag"),
    "dns-name": _regex(_DNS_NAME, "value does not look like a valid DNS name"),
    "disk-size": _regex(_DISK_SIZE, "value does not look like a valid disk size: {value}"),
    "pve-task-status-type": _regex(_TASK_STATUS, "invalid status '{value}'"),
    "pve-userid": _regex(_USERID, "value '{value}' does not look like a valid user name"),
    "pve-realm": _regex(_REALM, "value '{value}' does not look like a valid realm"),
    "pve-poolid": _regex(_POOLID, "invalid pool ID '{value}'"),
    "pve-volume-id": _volume_id,
    "pve-storage-content": _content,
    "pve-startup-order": _startup,
    "address": _dns_or_ip,
    "ip": _ip(None, "value does not look like a valid IP address"),
    "ipv4": _ip(4, "value does not look like a valid IPv4 address"),
    "ipv6": _ip(6, "value does not look like a valid IPv6 address"),
    "CIDR": _cidr(None, "value does not look like a valid CIDR network"),
    "CIDRv4": _cidr(4, "value does not look like a valid IPv4 CIDR network"),
    "CIDRv6": _cidr(6, "value does not look like a valid IPv6 CIDR network"),
}


def split_list(text: str) -> list[str]:
    """PVE::Tools::split_list: items separated by commas, semicolons, NULs or white space."""
    return [item for item in re.split(r"[,;\0\s]+", text.strip()) if item]

"""PVE's formats, as pve-common, qemu-server and pve-container check them: what passes, what PVE refuses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shared.errors import InvalidInput
from shared.formats import address_list, cidr_v4, dns_name, dns_name_list, ipconfig, ipv4, ipv6

Check = Callable[[str], str]


@pytest.mark.parametrize(
    ("check", "value"),
    [
        (dns_name, "web01"),
        (dns_name, "web-01.example.com"),
        (dns_name, "a"),
        (ipv4, "10.0.0.1"),
        (ipv4, "255.255.255.255"),
        (ipv6, "fd00::1"),
        (ipv6, "::"),
        (ipv6, "::ffff:10.0.0.1"),
        (cidr_v4, "10.0.0.5/8"),
        (cidr_v4, "10.0.0.5/32"),
        (address_list, "10.0.0.53 fd00::53"),
        (address_list, "10.0.0.53,ns1.example.com"),
        (dns_name_list, "example.com lab.example.com"),
        (ipconfig, "ip=dhcp"),
        (ipconfig, "ip=10.0.0.5/24,gw=10.0.0.1"),
        (ipconfig, "ip6=auto"),
        (ipconfig, "ip=10.0.0.5/24,gw=10.0.0.1,ip6=fd00::5/64,gw6=fd00::1"),
        (ipconfig, "ip6=dhcp,ip=manual"),
    ],
)
def test_what_pve_takes_passes(check: Check, value: str) -> None:
    assert check(value) == value


@pytest.mark.parametrize(
    ("check", "value"),
    [
        pytest.param(dns_name, "a..b", id="dns-empty-label"),
        pytest.param(dns_name, "a.-b", id="dns-label-starts-with-hyphen"),
        pytest.param(dns_name, "a-.b", id="dns-label-ends-with-hyphen"),
        pytest.param(dns_name, "web01\n", id="dns-trailing-newline"),
        pytest.param(ipv4, "256.1.1.1", id="ipv4-octet-over-255"),
        pytest.param(ipv4, "010.0.0.1", id="ipv4-leading-zero"),
        pytest.param(ipv4, "10.0.0.1\n", id="ipv4-trailing-newline"),
        pytest.param(ipv6, "fd00::1%eth0", id="ipv6-zone"),
        pytest.param(ipv6, "10.0.0.1", id="ipv6-given-ipv4"),
        pytest.param(cidr_v4, "10.0.0.5/7", id="cidr-mask-below-8"),
        pytest.param(cidr_v4, "10.0.0.5/33", id="cidr-mask-over-32"),
        pytest.param(cidr_v4, "10.0.0.5", id="cidr-without-mask"),
        pytest.param(address_list, "....", id="nameserver-dots"),
        pytest.param(address_list, "", id="nameserver-empty"),
        pytest.param(dns_name_list, "example..com", id="searchdomain-empty-label"),
        pytest.param(ipconfig, "ip=dhcp\n", id="ipconfig-trailing-newline"),
        pytest.param(ipconfig, "ip=10.0.0.5", id="ipconfig-ip-without-mask"),
        pytest.param(ipconfig, "ip6=fd00::5/64,gw6=10.0.0.1", id="ipconfig-v4-gateway-in-gw6"),
        pytest.param(ipconfig, "ip=dhcp,ip=10.0.0.5/24", id="ipconfig-key-twice"),
        pytest.param(ipconfig, "ip=dhcp,gw=10.0.0.1", id="ipconfig-gateway-with-dhcp"),
        pytest.param(ipconfig, "gw=10.0.0.1", id="ipconfig-gateway-without-ip"),
        pytest.param(ipconfig, "ip6=auto,gw6=fd00::1", id="ipconfig-v6-gateway-with-auto"),
        pytest.param(ipconfig, "mtu=1500", id="ipconfig-unknown-key"),
        pytest.param(ipconfig, "ip", id="ipconfig-no-value"),
    ],
)
def test_what_pve_refuses_is_refused_with_its_reason(check: Check, value: str) -> None:
    with pytest.raises(InvalidInput):
        check(value)

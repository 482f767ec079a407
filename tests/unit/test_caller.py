"""Scopes as tokens and JWTs name them, and what they let a caller reach (shared.caller)."""

from __future__ import annotations

import pytest

from shared.caller import GROUPS, Caller, GuestFacts, Scope, parse_scopes
from shared.catalogue import CATALOGUE, group_of
from shared.errors import InvalidInput, OutOfScope
from shared.safety import Tier


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        pytest.param(["read"], ("read",), id="tier"),
        pytest.param([" change ", "pool:dev", "pool:dev"], ("change", "pool:dev"), id="trimmed-and-deduplicated"),
        pytest.param(["vmid:100-199", "tag:web", "node:pve1"], ("node:pve1", "tag:web", "vmid:100-199"), id="sorted"),
        pytest.param(["group:snapshots", "critical"], ("critical", "group:snapshots"), id="group"),
    ],
)
def test_scopes_are_checked_and_kept_in_one_canonical_form(given: list[str], canonical: tuple[str, ...]) -> None:
    assert parse_scopes(given) == canonical


@pytest.mark.parametrize(
    "bad", ["admin", "group:everything", "vmid:99", "vmid:300-200", "vmid:abc", "pool:", "node:a b", "tag:;x"]
)
def test_a_scope_that_means_nothing_is_refused_by_name(bad: str) -> None:
    with pytest.raises(InvalidInput, match="scope"):
        parse_scopes([bad])


def test_every_tool_group_can_be_named_in_a_scope() -> None:
    from mcp_frontend.published import load_published  # noqa: PLC0415

    assert {tool.group for tool in load_published()} == set(GROUPS)
    assert {group_of(op) for op in CATALOGUE} | {"logs", "audit", "toolsets"} == set(GROUPS)


def test_scopes_of_other_services_in_a_jwt_are_ignored() -> None:
    assert parse_scopes(["openid", "email", "read", "group:power"], strict=False) == ("group:power", "read")


@pytest.mark.parametrize(
    ("scopes", "tier", "group", "refusal"),
    [
        pytest.param(["read"], Tier.RESTRICTED, "power", "needs scope 'change'", id="read-cannot-change"),
        pytest.param(["change"], Tier.CRITICAL, "delete", "needs scope 'critical'", id="change-cannot-delete"),
        pytest.param(["critical"], Tier.SAFE, "guests", None, id="critical-reads-too"),
        pytest.param(
            ["change", "group:power"], Tier.RESTRICTED, "snapshots", "needs scope 'group:snapshots'", id="group"
        ),
        pytest.param([], Tier.SAFE, "nodes", None, id="no-tier-is-read"),
        pytest.param(["read", "pool:dev"], Tier.SAFE, "logs", "not for a caller scoped to guests", id="logs"),
    ],
)
def test_a_tool_is_refused_naming_the_scope_it_needs(
    scopes: list[str], tier: Tier, group: str, refusal: str | None
) -> None:
    found = Scope(parse_scopes(scopes)).tool_refusal("a_tool", tier, group)
    assert found is None if refusal is None else refusal in (found or "")


@pytest.mark.parametrize(
    ("guest", "admitted"),
    [
        pytest.param(GuestFacts(vmid=150), True, id="in-a-vmid-range"),
        pytest.param(GuestFacts(vmid=300, pool="dev"), True, id="in-the-pool"),
        pytest.param(GuestFacts(vmid=300, tags=frozenset({"db", "web"})), True, id="one-of-its-tags"),
        pytest.param(GuestFacts(vmid=300, node="pve2"), True, id="on-the-node"),
        pytest.param(GuestFacts(vmid=300, node="pve1", pool="prod", tags=frozenset({"db"})), False, id="none"),
    ],
)
def test_a_guest_is_in_scope_when_any_selector_matches_it(guest: GuestFacts, admitted: bool) -> None:
    scope = Scope(parse_scopes(["read", "vmid:100-199", "pool:dev", "tag:web", "node:pve2"]))
    assert scope.admits(guest) is admitted


def test_a_caller_refused_a_guest_is_told_which_scopes_it_has() -> None:
    caller = Caller(kind="token", name="dev", scopes=parse_scopes(["change", "pool:dev"]))
    with pytest.raises(OutOfScope, match=r"guest 100 is outside the scopes of token:dev \(pool:dev\)"):
        caller.refuse_guest(GuestFacts(vmid=100, pool="prod"))


def test_the_frontend_rules_out_only_what_vmid_and_node_decide() -> None:
    by_range = Scope(parse_scopes(["read", "vmid:100-199"]))
    assert by_range.may_rule_out(300, None) is True
    assert by_range.may_rule_out(150, None) is False
    assert Scope(parse_scopes(["read", "pool:dev"])).may_rule_out(300, None) is False  # PVE knows the pool
    assert Scope(parse_scopes(["read", "node:pve1"])).may_rule_out(300, None) is False  # the node is looked up
    assert Scope(parse_scopes(["read"])).may_rule_out(300, "pve1") is False

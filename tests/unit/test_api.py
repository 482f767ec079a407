"""The generic path's parts: the Critical list, allow and deny patterns, the search, masking, bounded answers."""

from __future__ import annotations

import json

import pytest

from shared.api.describe import parameter_view, privileges, returns_view, starts_task
from shared.api.request import check_request
from shared.api.search import search
from shared.api.secrets import MASK, mask_answer, masked
from shared.api.tiers import CRITICAL, ApiPolicy, critical_reason, method_tier, pattern_matches
from shared.errors import InvalidInput
from shared.operations.api import ANSWER_BUDGET, bounded
from shared.pve.schema import load_schema
from shared.safety import Tier

SCHEMA = load_schema("9.1")


@pytest.mark.parametrize("entry", CRITICAL, ids=lambda e: f"{e.method} {e.pattern}")
def test_every_critical_entry_names_endpoints_of_the_schema(entry: object) -> None:
    matched = [
        e
        for e in SCHEMA.endpoints()
        if pattern_matches(f"{entry.method} {entry.pattern}", e.method, e.path)  # type: ignore[attr-defined]
    ]
    assert matched, f"{entry} matches no endpoint of PVE 9.1"


@pytest.mark.parametrize(
    ("method", "template", "tier"),
    [
        ("GET", "/nodes/{node}/qemu/{vmid}/config", Tier.SAFE),
        ("PUT", "/nodes/{node}/qemu/{vmid}/config", Tier.RESTRICTED),
        ("POST", "/nodes/{node}/qemu/{vmid}/status/start", Tier.RESTRICTED),
        ("DELETE", "/nodes/{node}/qemu/{vmid}", Tier.CRITICAL),
        ("DELETE", "/nodes/{node}/lxc/{vmid}", Tier.CRITICAL),
        ("DELETE", "/storage/{storage}", Tier.CRITICAL),
        ("DELETE", "/access/users/{userid}/token/{tokenid}", Tier.CRITICAL),
        ("PUT", "/access/acl", Tier.CRITICAL),
        ("DELETE", "/cluster/ha/resources/{sid}", Tier.CRITICAL),
        ("PUT", "/cluster/firewall/options", Tier.CRITICAL),
        ("POST", "/nodes/{node}/status", Tier.CRITICAL),
        ("POST", "/nodes/{node}/termproxy", Tier.CRITICAL),
        ("GET", "/nodes/{node}/qemu/{vmid}/vncwebsocket", Tier.CRITICAL),
        ("POST", "/nodes/{node}/execute", Tier.CRITICAL),
        ("POST", "/cluster/config/join", Tier.CRITICAL),
        ("POST", "/cluster/firewall/rules", Tier.RESTRICTED),
        ("GET", "/nodes/{node}/certificates/info", Tier.SAFE),
        ("POST", "/nodes/{node}/certificates/custom", Tier.CRITICAL),
        ("GET", "/nodes/{node}/disks/list", Tier.SAFE),
        ("PUT", "/nodes/{node}/disks/wipedisk", Tier.CRITICAL),
    ],
)
def test_a_call_is_tiered_by_its_method_and_the_critical_list(method: str, template: str, tier: Tier) -> None:
    assert SCHEMA.endpoint(template, method) is not None
    assert method_tier(method, template) is tier
    assert (critical_reason(method, template) is not None) == (tier is Tier.CRITICAL)


def test_deny_wins_over_allow_and_read_only_leaves_only_get() -> None:
    policy = ApiPolicy.parse("/cluster/firewall/**, GET /nodes/*/syslog", "DELETE /cluster/firewall/rules/*")
    assert policy.refusal("POST", "/cluster/firewall/rules") is None
    assert policy.refusal("GET", "/nodes/{node}/syslog") is None
    assert "DENY" in (policy.refusal("DELETE", "/cluster/firewall/rules/{pos}") or "")
    assert "ALLOW" in (policy.refusal("POST", "/nodes/{node}/qemu") or "")
    assert "ALLOW" in (policy.refusal("PUT", "/nodes/{node}/syslog") or "")
    read_only = ApiPolicy.parse(None, None, read_only=True)
    assert read_only.refusal("GET", "/nodes") is None
    assert "read-only" in (read_only.refusal("POST", "/nodes/{node}/qemu") or "")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("firewall rules of the cluster", "GET /cluster/firewall/rules"),
        ("download iso from url", "POST /nodes/{node}/storage/{storage}/download-url"),
        ("ha resource", "POST /cluster/ha/resources"),
        ("create bridge", "POST /nodes/{node}/network"),
        ("node syslog", "GET /nodes/{node}/syslog"),
        ("effective permissions of a token", "GET /access/permissions"),
        ("start vm", "POST /nodes/{node}/qemu/{vmid}/status/start"),
        ("container config", "GET /nodes/{node}/lxc/{vmid}/config"),
        ("storage content", "GET /nodes/{node}/storage/{storage}/content"),
    ],
)
def test_an_admins_words_find_the_endpoint_among_the_first_five(query: str, expected: str) -> None:
    found = [f"{hit.endpoint.method} {hit.endpoint.path}" for hit in search(query)[:5]]
    assert expected in found, found


def test_describing_an_endpoint_says_who_may_call_it_and_whether_it_starts_a_task() -> None:
    start = SCHEMA.endpoint("/nodes/{node}/qemu/{vmid}/status/start", "POST")
    assert start is not None
    assert privileges(start) == "VM.PowerMgmt on /vms/{vmid}"
    assert starts_task(start) and "UPID" in returns_view(start)["type"]
    config = SCHEMA.endpoint("/nodes/{node}/qemu/{vmid}/config", "PUT")
    assert config is not None and not starts_task(config)
    assert "VM.Config.Network or VM.Config.Disk" in privileges(config) or " or " in privileges(config)


def test_secrets_are_masked_in_params_and_in_answers() -> None:
    assert masked({"cipassword": "x", "ciuser": "u", "bindpw": "y"}) == {
        "cipassword": MASK,
        "ciuser": "u",
        "bindpw": MASK,
    }
    token = {"full-tokenid": "a@pve!t", "info": {"privsep": 1}, "value": "0000-secret"}
    assert mask_answer([token])[0]["value"] == MASK
    assert mask_answer({"value": "not a token's", "password": None}) == {"value": "not a token's", "password": None}


def test_a_long_answer_is_cut_to_its_budget_and_says_how_much_was_left_out() -> None:
    rows = [{"vmid": 100 + i, "name": f"guest-{i:05d}", "status": "running"} for i in range(5000)]
    kept, note = bounded(rows, narrow="type, node")
    assert len(json.dumps(kept, separators=(",", ":")).encode()) <= ANSWER_BUDGET
    assert kept == rows[: len(kept)] and note is not None
    assert f"of {len(rows)} rows" in note and "type, node" in note
    assert bounded(rows[:10]) == (rows[:10], None)


def test_an_endpoint_84_lacks_is_refused_on_84_naming_the_version_that_has_it() -> None:
    only_9 = next(
        e for e in SCHEMA.endpoints() if load_schema("8.4").endpoint(e.path, e.method) is None and "{" not in e.path
    )
    with pytest.raises(InvalidInput) as refused:
        check_request(only_9.method, only_9.path, {}, "8.4")
    assert "8.4" in str(refused.value) and "9.1" in str(refused.value)


@pytest.mark.parametrize("version", ["9.1", "8.4"])
def test_every_endpoint_of_both_schemas_can_be_described(version: str) -> None:
    for endpoint in load_schema(version).endpoints():  # type: ignore[arg-type]
        for name, schema in endpoint.parameters.items():
            view = parameter_view(endpoint, name, schema, full=True)
            assert view["name"] == name and view["type"], (endpoint.path, name)
        assert privileges(endpoint) and returns_view(endpoint)["type"]

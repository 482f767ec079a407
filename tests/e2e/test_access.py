"""Effective permissions through the MCP client: why a token gets 403, as an admin asks it."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.e2e.test_node_reads import acl_of
from tests.support.agent import call, error_of
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


async def test_a_privilege_held_on_one_guest_only_is_explained_with_the_grant_that_fixes_it(
    mcp: Client, stack: Stack
) -> None:
    token = stack.sim.token_name
    acl = {"/": frozenset({"Sys.Audit"}), "/vms/102": frozenset({"VM.PowerMgmt", "VM.Audit"})}
    with acl_of(stack, acl):
        missing = await call(mcp, "get_permissions", path="/vms/101", privilege="VM.PowerMgmt")
        held = await call(mcp, "get_permissions", path="/vms/102", privilege="VM.PowerMgmt")
        everything = await call(mcp, "get_permissions", path="/vms/101")
    assert (missing["subject"], missing["held"], missing["held_below"]) == (token, False, [])
    assert missing["grant"] == f"pveum acl modify /vms/101 --tokens '{token}' --roles PVEVMUser"
    assert held["held"] is True and held["privileges"]["VM.PowerMgmt"] == "/vms/102"
    assert everything["privileges"] == {"Sys.Audit": "/"}  # propagated from /, nothing of /vms/102's
    with acl_of(stack, {"/vms/102": frozenset({"VM.PowerMgmt"})}):
        below = await call(mcp, "get_permissions", path="/vms", privilege="VM.PowerMgmt")
    assert below["held"] is False and below["held_below"] == ["/vms/102"]


async def test_another_users_permissions_need_sys_audit_on_access(mcp: Client, stack: Stack) -> None:
    with acl_of(stack, {"/vms": frozenset({"VM.Audit"})}):
        denied = await error_of(mcp, "get_permissions", userid="ops@pve!ci", path="/")
    assert denied.startswith("PERMISSION_DENIED") and "Sys.Audit" in denied


async def test_the_acl_names_each_tokens_role_and_roles_their_privileges(mcp: Client, stack: Stack) -> None:
    acl = await call(mcp, "list_access", kind="acl")
    limited = next(e for e in acl["entries"] if e["ugid"] == stack.sim.limited_token_name)
    assert (limited["name"], limited["propagate"]) == ("/", True)
    roles = {e["name"]: e["privileges"] for e in (await call(mcp, "list_access", kind="roles", limit=100))["entries"]}
    assert set(roles[limited["role"]]) >= {"VM.Audit", "Sys.Audit"}
    assert "VM.PowerMgmt" in roles["PVEVMUser"] and "VM.Audit" in roles["PVEVMAdmin"]
    users = {e["name"]: e for e in (await call(mcp, "list_access", kind="users"))["entries"]}
    assert stack.sim.token_name in users[stack.sim.token_name.split("!")[0]]["tokens"]
    tokens = await call(mcp, "list_access", kind="tokens", userid=stack.sim.token_name.split("!")[0])
    assert stack.sim.token_name in {e["name"] for e in tokens["entries"]}
    assert all("secret" not in str(e).lower() for e in tokens["entries"])


async def test_a_token_without_the_right_to_modify_permissions_sees_no_acl(mcp: Client, stack: Stack) -> None:
    with acl_of(stack, {"/": frozenset({"Sys.Audit", "VM.Audit"})}):
        acl = await call(mcp, "list_access", kind="acl")
        users = await call(mcp, "list_access", kind="users")
    assert acl["total"] == 0  # PVE lists only the entries a caller could change
    assert users["total"] >= 2  # Sys.Audit on /access (propagated from /) shows every user

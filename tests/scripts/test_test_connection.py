"""scripts/test_connection.py against pvesim, a private redis-server and real worker processes.

The script runs as an administrator runs it: a separate process, settings from the environment.
The privilege rules it applies (shared.privileges) are checked on their own at the end.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from pvesim.auth import AUDIT_PRIVILEGES, schema_privileges
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.catalogue import CATALOGUE
from shared.jobs import keys
from shared.operations.agent import GET_VM_INTERFACES
from shared.operations.firewall import FIREWALL_LOG
from shared.operations.guests import GET_INSTANCE_CONFIG
from shared.operations.nodes import GET_CLUSTER_LOG, GET_NODE_DETAILS, GET_NODE_LOG, LIST_NODES
from shared.privileges import (
    Coverage,
    Gap,
    Need,
    NeedKind,
    Verdict,
    call_endpoints,
    check_operations,
    endpoint_needs,
    grant_commands,
)
from shared.pve.schema import Endpoint, load_schema
from shared.safety import Tier
from tests.support.redis_server import RedisServer, free_port
from tests.support.scripts import Run, base_env, run_script, sim_env
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


async def check(env: dict[str, str], cwd: Path, *args: str) -> Run:
    return await run_script("test_connection.py", *args, env=env, cwd=cwd)


async def check_json(env: dict[str, str], cwd: Path) -> tuple[int, dict[str, Any]]:
    run = await check(env, cwd, "--json")
    return run.code, json.loads(run.stdout)


def line(run: Run, status: str, name: str) -> str:
    """The report line of one check (`FAIL  API token  ...`)."""
    found = [text for text in run.stdout.splitlines() if text.split()[:1] == [status] and f"  {name}  " in text]
    assert found, f"no {status} line for {name!r} in:\n{run.stdout}"
    return found[0]


def by_name(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in report["checks"]}


def set_acl(sim: Simulator, tokenid: str, acl: dict[str, set[str]]) -> None:
    token_acl = sim.core.tokens[tokenid].acl
    token_acl.clear()
    token_acl.update({path: frozenset(privileges) for path, privileges in acl.items()})


# -- PVE ----------------------------------------------------------------------------------------


def every_privilege() -> set[str]:
    """What an Administrator holds: every privilege the API names, in a check or in prose."""
    schema = load_schema("9.1")
    named = {
        privilege
        for endpoint in schema.endpoints()
        for need in endpoint_needs(endpoint)
        for privilege in need.privileges
    }
    return named | schema_privileges(schema)


async def test_good_token_passes_every_check_and_exits_0(sim: Simulator, workdir: Path) -> None:
    set_acl(sim, sim.token_name, {"/": every_privilege()})
    run = await check(sim_env(sim), workdir)
    assert run.code == 0, run.output
    for name in ("settings", "PVE reachable", "TLS", "API token", "token privileges"):
        line(run, "PASS", name)
    assert "embedded" in line(run, "SKIP", "Redis")
    assert "embedded" in line(run, "SKIP", "workers")
    assert f"all {len(CATALOGUE)} operations have what they need" in run.stdout
    assert sim.token_secret not in run.output


@pytest.mark.parametrize(("release", "schema"), [("7.4-3", "9.1"), ("10.0.1", "9.1")])
async def test_a_release_without_its_own_schema_says_which_schema_was_used(
    workdir: Path, release: str, schema: str
) -> None:
    async with Simulator(SimConfig(reported_version=release)) as other:
        set_acl(other, other.token_name, {"/": every_privilege()})
        run = await check(sim_env(other), workdir)
    assert run.code == 0, run.output
    assert f"accepted by PVE {release}" in line(run, "PASS", "API token")
    assert line(run, "PASS", "token privileges").endswith(
        f"all {len(CATALOGUE)} operations have what they need (schema {schema} used for PVE {release})"
    )


async def test_a_release_with_its_own_schema_needs_no_note(sim: Simulator, workdir: Path) -> None:
    set_acl(sim, sim.token_name, {"/": every_privilege()})
    run = await check(sim_env(sim), workdir)
    assert "schema" not in line(run, "PASS", "token privileges")


async def test_wrong_token_fails_authentication_and_exits_1(sim: Simulator, workdir: Path) -> None:
    wrong = "00000000-dead-beef-0000-000000000000"
    run = await check(sim_env(sim, PROXMOX_TOKEN_VALUE=wrong), workdir)
    assert run.code == 1
    assert "refused the API token" in line(run, "FAIL", "API token")
    assert "fix: Check PROXMOX_TOKEN_NAME (user@realm!tokenid) and PROXMOX_TOKEN_VALUE" in run.stdout
    line(run, "SKIP", "token privileges")
    assert wrong not in run.output
    assert "Traceback" not in run.output


async def test_limited_token_passes_every_read_and_names_what_each_write_lacks(sim: Simulator, workdir: Path) -> None:
    """The simulator's limited token holds the audit privileges: enough for every read, not for power."""
    code, report = await check_json(sim_env(sim, limited=True), workdir)
    items = {item["name"]: item for item in by_name(report)["token privileges"].get("items", [])}
    assert set(items) == {op.name for op in CATALOGUE}
    failed = [item for item in items.values() if item["status"] == "FAIL"]
    for op in CATALOGUE:
        if op.tier is Tier.SAFE and op not in (GET_NODE_DETAILS, GET_NODE_LOG, FIREWALL_LOG, GET_CLUSTER_LOG):
            assert items[op.name]["status"] == "PASS", items[op.name]
    firewall_log = items["get_firewall_log"]
    assert firewall_log["status"] == "FAIL" and "Sys.Syslog" in firewall_log["summary"], firewall_log
    # the cluster log answers without Sys.Syslog on /, with the token's own entries only
    cluster_log = items["get_cluster_log"]
    assert "Sys.Syslog on /" in cluster_log["summary"] and "leaves those objects out" in cluster_log["summary"]
    # a node's system log needs Sys.Syslog, which PVEAuditor does not hold (PVE's own roles)
    log = items["get_node_log"]
    assert log["status"] == "FAIL" and "Sys.Syslog on /nodes" in log["summary"], log
    # pending updates need Sys.Modify, which no audit role holds: the tool answers the rest without it
    details = items["get_node_details"]
    assert details["status"] == "WARN", details
    assert "Sys.Modify on /nodes" in details["summary"] and "apt/update" in details["summary"], details
    for item in failed:
        missing = item["details"]["missing"]
        assert missing, item
        for entry in missing:
            assert not set(entry["privileges"]) & AUDIT_PRIVILEGES, entry  # it holds those on /
            assert entry["path"].startswith("/"), entry
        assert f"--tokens '{sim.limited_token_name}'" in item["fix"], item
    assert code == 1
    power = items["power_control"]
    assert power["status"] == "FAIL"
    assert [(m["privileges"], m["path"]) for m in power["details"]["missing"]] == [(["VM.PowerMgmt"], "/vms")]
    assert power["fix"] == f"pveum acl modify /vms --tokens '{sim.limited_token_name}' --roles PVEVMUser"


async def test_token_with_only_sys_audit_is_told_it_lacks_vm_audit_for_guest_reads(
    sim: Simulator, workdir: Path
) -> None:
    set_acl(sim, sim.limited_token_name, {"/": {"Sys.Audit"}})
    env = sim_env(sim, limited=True)
    code, report = await check_json(env, workdir)
    assert code == 1
    privileges = by_name(report)["token privileges"]
    assert privileges["status"] == "FAIL"
    items = {item["name"]: item for item in privileges["items"]}
    for tool in ("list_vms", "list_lxc_containers", "get_instance_config", "list_snapshots", "get_resource_usage"):
        assert items[tool]["status"] == "FAIL", items[tool]
        missing = items[tool]["details"]["missing"]
        assert [(m["privileges"], m["path"]) for m in missing] == [(["VM.Audit"], "/vms")], tool
        assert f"pveum acl modify /vms --tokens '{sim.limited_token_name}' --roles PVEAuditor" in items[tool]["fix"]
    assert items["list_storage_content"]["details"]["missing"][0]["privileges"] == [
        "Datastore.Audit",
        "Datastore.AllocateSpace",
    ]
    assert items["list_nodes"]["status"] == "PASS"
    assert items["pve_task_status"]["status"] == "PASS"  # Sys.Audit on /nodes is held

    run = await check(env, workdir)
    assert "VM.Audit on /vms" in line(run, "FAIL", "list_vms")
    assert "FAIL  token privileges" in run.stdout
    assert "grant the same roles to audit@pve" in run.stdout


async def test_privileges_on_single_guests_only_are_a_warning(sim: Simulator, workdir: Path) -> None:
    set_acl(sim, sim.limited_token_name, {"/": {"Sys.Audit", "Datastore.Audit"}, "/vms/100": {"VM.Audit"}})
    run = await check(sim_env(sim, limited=True), workdir)
    assert "VM.Audit only on /vms/100, not on all of /vms" in line(run, "WARN", "list_vms")
    for read in ("list_lxc_containers", "get_instance_config", "list_snapshots"):  # they work, on guest 100
        line(run, "WARN", read)


async def test_a_privilege_needed_only_in_some_cases_is_a_warning_with_an_optional_grant(
    sim: Simulator, workdir: Path
) -> None:
    set_acl(sim, sim.limited_token_name, {"/": {"VM.Audit", "Datastore.Audit"}})
    _code, report = await check_json(sim_env(sim, limited=True), workdir)
    items = {item["name"]: item for item in by_name(report)["token privileges"]["items"]}
    status = items["pve_task_status"]  # another user's task needs Sys.Audit on its node; our own do not
    assert status["status"] == "WARN"
    assert [(m["privileges"], m["kind"]) for m in status["details"]["missing"]] == [(["Sys.Audit"], "conditional")]
    assert status["fix"].startswith("only if that case applies to you: pveum acl modify /nodes")
    assert items["get_resource_usage"]["status"] == "FAIL"  # node usage always needs Sys.Audit


async def test_unreachable_url_fails_the_connection_check_with_a_fix(sim: Simulator, workdir: Path) -> None:
    run = await check(sim_env(sim, PROXMOX_URL=f"https://127.0.0.1:{free_port()}"), workdir)
    assert run.code == 1
    assert "refused the connection" in line(run, "FAIL", "PVE reachable")
    assert "fix: Check PROXMOX_URL" in run.stdout
    for name in ("TLS", "API token", "token privileges"):
        assert "PVE is not reachable" in line(run, "SKIP", name)
    assert "Traceback" not in run.output


async def test_certificate_from_an_unknown_ca_fails_tls_with_the_ca_bundle_fix(sim: Simulator, workdir: Path) -> None:
    env = sim_env(sim)
    del env["PROXMOX_CA_BUNDLE"]
    run = await check(env, workdir)
    assert run.code == 1
    assert "does not verify" in line(run, "FAIL", "TLS")
    assert "set PROXMOX_CA_BUNDLE" in run.stdout
    line(run, "SKIP", "API token")


async def test_verification_knowingly_off_is_a_warning_not_a_failure(sim: Simulator, workdir: Path) -> None:
    env = sim_env(sim, PROXMOX_VERIFY_SSL="false")
    del env["PROXMOX_CA_BUNDLE"]
    run = await check(env, workdir)
    assert run.code == 0, run.output
    assert "verification is off" in line(run, "WARN", "TLS")
    line(run, "PASS", "API token")


async def test_incomplete_settings_fail_and_name_the_missing_variable(workdir: Path) -> None:
    run = await check(base_env(PROXMOX_URL="https://pve.example.com:8006"), workdir)
    assert run.code == 1
    assert "PROXMOX_TOKEN_NAME, PROXMOX_TOKEN_VALUE" in line(run, "FAIL", "settings")
    line(run, "SKIP", "PVE reachable")


async def test_a_malformed_setting_exits_2_with_one_line(workdir: Path) -> None:
    run = await check(base_env(PROXMOX_TIMEOUT="soon"), workdir)
    assert run.code == 2
    assert run.stderr.strip().count("\n") == 0
    assert "PROXMOX_TIMEOUT" in run.stderr


async def test_each_cluster_of_proxmox_clusters_is_checked_and_the_failed_one_named(
    sim: Simulator, workdir: Path
) -> None:
    set_acl(sim, sim.token_name, {"/": every_privilege()})
    clusters = workdir / "clusters.yaml"
    clusters.write_text(
        "clusters:\n"
        f"  good: {{url: '{sim.url}', token_name: '{sim.token_name}', token_value_env: GOOD_TOKEN,"
        f" ca_bundle: '{sim.ca_path}'}}\n"
        f"  bad: {{url: '{sim.url}', token_name: '{sim.token_name}', token_value: wrong, ca_bundle: '{sim.ca_path}'}}\n"
    )
    run = await check(base_env(PROXMOX_CLUSTERS=str(clusters), GOOD_TOKEN=sim.token_secret), workdir)
    assert run.code == 1, run.output
    for name in ("settings", "PVE reachable", "TLS", "API token", "token privileges"):
        line(run, "PASS", f"good: {name}")
    assert "PVE refused the API token" in line(run, "FAIL", "bad: API token")
    assert "FAILED (cluster bad):" in run.stdout
    assert sim.token_secret not in run.output
    both = await check(base_env(PROXMOX_CLUSTERS=str(clusters), PROXMOX_URL=sim.url), workdir)
    assert both.code == 2
    assert "PROXMOX_CLUSTERS is set, and so is PROXMOX_URL" in both.stderr


# -- Redis and workers --------------------------------------------------------------------------


async def test_redis_and_a_live_worker_pass(stack: Stack, redis: Redis, workdir: Path) -> None:
    stack.start_worker("w1")
    await eventually(lambda: redis.exists(keys.worker_health("w1")), timeout=20, what="worker w1's health key")
    run = await check(stack.env(), workdir)
    assert run.code == 0, run.output
    assert "Redis 7" in line(run, "PASS", "Redis")
    assert "1 alive: w1" in line(run, "PASS", "workers")
    assert "j_complete=" in line(run, "PASS", "w1")
    # a read job through the queue, as the MCP server sends it, answered by the worker from PVE
    assert "a worker answered list_nodes in" in line(run, "PASS", "a read job")
    assert await redis.zcard(keys.JOB_INDEX) == 0  # the check's job is left out of the job list


async def test_redis_without_a_live_worker_fails_the_worker_check(
    sim: Simulator, redis_proc: RedisServer, redis: Redis, workdir: Path
) -> None:
    await redis.set(keys.worker_health("gone"), "", px=1)  # a worker that stopped beating
    run = await check(sim_env(sim, REDIS_URL=redis_proc.url), workdir, "--skip-pve")
    assert run.code == 1
    line(run, "PASS", "Redis")
    assert "no worker is alive" in line(run, "FAIL", "workers")
    assert "proxmox-mcp-worker" in run.stdout
    line(run, "SKIP", "a read job")
    assert "PVE reachable" not in run.stdout  # --skip-pve


async def test_unreachable_redis_fails_with_a_fix_and_skips_workers(sim: Simulator, workdir: Path) -> None:
    run = await check(sim_env(sim, REDIS_URL=f"redis://:s3cret-pass@127.0.0.1:{free_port()}/0"), workdir)
    assert run.code == 1
    assert "cannot reach Redis" in line(run, "FAIL", "Redis")
    assert "fix: Check REDIS_URL" in run.stdout
    line(run, "SKIP", "workers")
    assert "s3cret-pass" not in run.output
    assert "Traceback" not in run.output


# -- the privilege rules ------------------------------------------------------------------------


def _endpoint(permissions: dict[str, Any]) -> Endpoint:
    return Endpoint("/nodes/{node}/example", "GET", {"permissions": permissions})


@pytest.mark.parametrize(
    ("permissions", "expected"),
    [
        pytest.param(
            {"check": ["perm", "/vms/{vmid}", ["VM.PowerMgmt"]]},
            [("/vms/{vmid}", ("VM.PowerMgmt",), False, NeedKind.REQUIRED)],
            id="perm",
        ),
        pytest.param(
            {"check": ["perm", "/storage/{storage}", ["Datastore.Audit", "Datastore.AllocateSpace"], "any", 1]},
            [("/storage/{storage}", ("Datastore.Audit", "Datastore.AllocateSpace"), True, NeedKind.REQUIRED)],
            id="any-of",
        ),
        pytest.param(
            {
                "check": [
                    "and",
                    ["perm", "/vms/{vmid}", ["VM.Clone"]],
                    [
                        "or",
                        ["perm", "/vms/{newid}", ["VM.Allocate"]],
                        ["perm", "/pool/{pool}", ["VM.Allocate"], "require_param", "pool"],
                    ],
                ]
            },
            [
                ("/vms/{vmid}", ("VM.Clone",), False, NeedKind.REQUIRED),
                ("/vms/{newid}", ("VM.Allocate",), False, NeedKind.REQUIRED),
            ],
            id="and-or-takes-the-plain-alternative",
        ),
        pytest.param(
            {"description": "Only list VMs where you have VM.Audit permissions on /vms/<vmid>.", "user": "all"},
            [("/vms/{vmid}", ("VM.Audit",), False, NeedKind.FILTERED)],
            id="filtered-list",
        ),
        pytest.param(
            {
                "description": "The user needs 'Sys.Audit' permissions on '/nodes/<node>' if they are not the owner "
                "of the task.",
                "user": "all",
            },
            [("/nodes/{node}", ("Sys.Audit",), False, NeedKind.CONDITIONAL)],
            id="conditional",
        ),
        pytest.param(
            {
                "description": "You need 'VM.Allocate' permissions on /vms/{vmid} or on the VM pool /pool/{pool}. "
                "If you create disks you need 'Datastore.AllocateSpace' on any used storage.If you use a "
                "bridge/vlan, you need 'SDN.Use' on any used bridge/vlan.",
                "user": "all",
            },
            [
                ("/vms/{vmid}", ("VM.Allocate",), False, NeedKind.REQUIRED),
                ("/storage/{storage}", ("Datastore.AllocateSpace",), False, NeedKind.CONDITIONAL),
                ("/sdn/zones/{zone}", ("SDN.Use",), False, NeedKind.CONDITIONAL),
            ],
            id="prose-with-several-sentences",
        ),
        pytest.param({"user": "all"}, [], id="anyone"),
    ],
)
def test_needs_are_read_from_the_check_or_else_the_description(
    permissions: dict[str, Any], expected: list[tuple[str, tuple[str, ...], bool, NeedKind]]
) -> None:
    needs = endpoint_needs(_endpoint(permissions))
    assert [(n.path, n.privileges, n.any_of, n.kind) for n in needs] == expected


@pytest.mark.parametrize(
    ("held", "coverage"),
    [
        pytest.param({"/": {"VM.Audit": True}}, None, id="propagating-from-root"),
        pytest.param({"/vms": {"VM.Audit": True}}, None, id="propagating-from-vms"),
        pytest.param({"/vms": {"VM.Audit": False}}, Coverage.NONE, id="vms-without-propagation"),
        pytest.param({"/vms/100": {"VM.Audit": True}}, Coverage.PARTIAL, id="one-guest"),
        pytest.param({"/pool/web": {"VM.Audit": True}}, Coverage.PARTIAL, id="a-pool"),
        pytest.param({"/nodes": {"VM.Audit": True}}, Coverage.NONE, id="elsewhere"),
    ],
)
def test_a_need_on_every_guest_is_met_only_by_a_grant_that_propagates_to_all(
    held: dict[str, dict[str, bool]], coverage: Coverage | None
) -> None:
    [report] = check_operations([GET_INSTANCE_CONFIG], load_schema("9.1"), held)
    assert (report.gaps[0].coverage if report.gaps else None) == coverage


def test_grant_commands_for_reads_use_the_auditor_role() -> None:
    # get_vm_interfaces reads through the guest agent: VM.GuestAgent.Audit, which PVEAuditor does not hold;
    # get_node_details reads pending updates with Sys.Modify when it may (a read-only token need not);
    # get_node_log needs Sys.Syslog, which PVEAuditor does not hold either
    # a firewall log needs Sys.Syslog (a node's) or VM.Console (a guest's), neither of them PVEAuditor's
    beyond_audit = (GET_VM_INTERFACES, GET_NODE_DETAILS, GET_NODE_LOG, FIREWALL_LOG)
    reads = [op for op in CATALOGUE if op.tier is Tier.SAFE and op not in beyond_audit]
    reports = check_operations(reads, load_schema("9.1"), {})
    commands = grant_commands("mcp@pve!mcp", [gap for report in reports for gap in report.gaps])
    assert "pveum acl modify /vms --tokens 'mcp@pve!mcp' --roles PVEAuditor" in commands
    assert not any(command.startswith("pveum role add") for command in commands)


def test_a_privilege_no_small_role_holds_gets_a_role_of_its_own() -> None:
    need = Need("/", ("Sys.Modify",), False, NeedKind.REQUIRED, "POST /example")
    commands = grant_commands("mcp@pve!mcp", [Gap(need, Coverage.NONE, ("Sys.Modify",), ())])
    assert commands == [
        "pveum role add ProxmoxMcp --privs 'Sys.Modify'",
        "pveum acl modify / --tokens 'mcp@pve!mcp' --roles ProxmoxMcp",
    ]


def test_a_placeholder_the_schema_spells_out_stands_for_each_such_call() -> None:
    endpoints = call_endpoints("POST /nodes/{node}/qemu/{vmid}/status/{action}", load_schema("9.1"))
    actions = {endpoint.path.rsplit("/", 1)[1] for endpoint in endpoints}
    assert {"start", "stop", "shutdown", "reboot", "suspend", "resume"} <= actions


def test_a_call_the_schema_does_not_know_is_a_warning_not_a_pass() -> None:
    op = dataclasses.replace(LIST_NODES, pve_calls=("GET /nodes/{node}/no-such-thing",))
    [report] = check_operations([op], load_schema("9.1"), {"/": {"Sys.Audit": True}})
    assert report.verdict is Verdict.WARN
    assert report.unknown_calls == ("GET /nodes/{node}/no-such-thing",)

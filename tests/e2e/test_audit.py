"""The audit log: every change of an end-to-end run, by three callers, with who asked; an edit is detected.

One stack (redis mode, a worker writing PROXMOX_MCP_AUDIT_FILE), the server over stdio and over
HTTP (a bearer token and a JWT of a test issuer). Every change tool runs; get_audit_log must hold
exactly one entry per change with its caller, tool, plan, UPIDs and outcome, and
`proxmox-mcp audit verify` must pass, then fail once an entry of the stream or the file is edited
or deleted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from redis.asyncio import Redis

from mcp_frontend.auth import add_token
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.audit import AUDIT_HEAD, AUDIT_STREAM, GENESIS, entry_hash
from tests.support.http_server import http_client, http_server
from tests.support.inprocess import inprocess_client
from tests.support.oauth import Issuer, issuer
from tests.support.redis_server import redis_server
from tests.support.stack import HostedClient, Stack, start_stack

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def test_issuer() -> Iterator[Issuer]:
    with issuer() as running:
        yield running


@pytest.fixture(scope="module")
async def audited(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    """A stack of its own (its audit stream is the test's), Critical tools allowed, SSH for commands."""
    audit_file = tmp_path_factory.mktemp("audit") / "audit.jsonl"
    env = {
        "PROXMOX_ALLOW_DANGER": "true",
        "PROXMOX_MCP_LOCK_WAIT": "10",
        "PROXMOX_MCP_WORKER_POLL": "0.2",
        "PROXMOX_MCP_AUDIT_FILE": str(audit_file),
    }
    with redis_server() as server:
        config = SimConfig(task_duration=0.3, lock_timeout=0.5, ssh=True, guests=12)
        stack = await start_stack("redis", server, config, env)
        try:
            yield stack
        finally:
            stack.stop()
            await stack.sim.stop()


def _audit_file(stack: Stack) -> Path:
    return Path(stack.extra_env["PROXMOX_MCP_AUDIT_FILE"])


def _guest(stack: Stack, kind: str, status: str, taken: set[int]) -> int:
    vmid = next(
        g.vmid
        for g in sorted(stack.sim.state.guests.values(), key=lambda g: g.vmid)
        if g.kind == kind and g.status == status and not g.template and g.vmid not in taken
    )
    taken.add(vmid)
    return vmid


async def _change(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, {"confirmed": True, **arguments})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


@pytest.fixture(scope="module")
async def run(audited: Stack, test_issuer: Issuer) -> list[tuple[str, str, str, str]]:
    """Every change tool once, by stdio, a token and a JWT: (job_id, tool, caller, state) of each."""
    stack, taken = audited, set[int]()
    done: list[tuple[str, str, str, str]] = []
    tokens = stack.log_dir / "tokens.json"
    ops = add_token(tokens, "ops", ["critical"])
    env = stack.env(
        PROXMOX_MCP_TOKENS_FILE=str(tokens),
        PROXMOX_MCP_OAUTH_ISSUER=test_issuer.url,
        PROXMOX_MCP_OAUTH_JWKS_URL=test_issuer.jwks_url,
    )
    iso = next(v for v in stack.sim.state.volumes[("pve1", "local")] if ":iso/" in v)
    template = next(v for v in stack.sim.state.volumes[("pve1", "local")] if ":vztmpl/" in v)
    async with http_server(env, stack.log_dir) as server:
        jwt = test_issuer.token("alice@example.com", "change", server.url, lifetime=600)
        async with HostedClient(stack.client()) as stdio:
            vm = _guest(stack, "qemu", "stopped", taken)
            report = await _change(stdio, "power_control", vmid=vm, action="start")
            done.append((report["job_id"], "power_control", "stdio", report["state"]))
            report = await _change(stdio, "create_snapshot", vmid=vm, name="audit1")
            done.append((report["job_id"], "create_snapshot", "stdio", report["state"]))
        async with HostedClient(http_client(server.url, ops)) as token:
            report = await _change(token, "create_vm", node="pve1", name="audit-vm", iso=iso, disk_gb=4)
            done.append((report["job_id"], "create_vm", "token:ops", report["state"]))
            created = report["result"]["vmid"]
            report = await _change(token, "set_vm_cloudinit", vmid=created, ciuser="agent", cipassword="s3cret-pw!")
            done.append((report["job_id"], "set_vm_cloudinit", "token:ops", report["state"]))
            report = await _change(
                token, "create_lxc", node="pve1", hostname="audit-ct", ostemplate=template, password="correct-horse-9"
            )
            done.append((report["job_id"], "create_lxc", "token:ops", report["state"]))
            ct = _guest(stack, "lxc", "running", taken)
            report = await _change(token, "execute_lxc_command", vmid=ct, command="cat /etc/os-release")
            done.append((report["job_id"], "execute_lxc_command", "token:ops", report["state"]))
            report = await _change(token, "delete_instance", vmid=created, confirm_vmid=created)
            done.append((report["job_id"], "delete_instance", "token:ops", report["state"]))
        async with HostedClient(http_client(server.url, jwt)) as oauth:
            report = await _change(oauth, "rollback_snapshot", vmid=vm, name="audit1")
            done.append((report["job_id"], "rollback_snapshot", "oauth:alice@example.com", report["state"]))
            report = await _change(oauth, "delete_snapshot", vmid=vm, name="audit1")
            done.append((report["job_id"], "delete_snapshot", "oauth:alice@example.com", report["state"]))
            slow = _guest(stack, "qemu", "stopped", taken)
            report = await _change(oauth, "power_control", vmid=slow, action="start", wait_seconds=0)
            cancel = await _change(oauth, "cancel_task", job_id=report["job_id"])
            done.append((cancel["job_id"], "cancel_task", "oauth:alice@example.com", cancel["state"]))
            ended = await oauth.call_tool("get_task_status", {"job_id": report["job_id"], "wait_seconds": 30})
            assert ended.structured_content is not None
            done.append(
                (report["job_id"], "power_control", "oauth:alice@example.com", ended.structured_content["state"])
            )
    return done


async def _entries(stack: Stack) -> list[dict[str, Any]]:
    async with HostedClient(stack.client()) as client:
        result = await client.call_tool("get_audit_log", {"limit": 500})
    assert result.structured_content is not None
    entries: list[dict[str, Any]] = result.structured_content["entries"]
    return entries


def _verify(stack: Stack, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcp_frontend", "audit", "verify", *arguments],
        env=stack.env(),
        cwd=stack.log_dir,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


async def test_every_change_of_the_run_is_audited_once_with_who_asked(
    audited: Stack, run: list[tuple[str, str, str, str]]
) -> None:
    entries = await _entries(audited)
    by_job = {entry["job_id"]: entry for entry in entries}
    assert len(entries) == len(run) == len(by_job)
    for job_id, tool, caller, state in run:
        entry = by_job[job_id]
        assert (entry["tool"], entry["caller"], entry["outcome"]) == (tool, caller, state), entry
        assert entry["cluster"] == "default", entry  # one cluster: its name, unless PROXMOX_CLUSTER_NAME sets one
    assert {tool for _, tool, _, _ in run} >= {
        "power_control",
        "create_snapshot",
        "rollback_snapshot",
        "delete_snapshot",
        "create_vm",
        "create_lxc",
        "set_vm_cloudinit",
        "execute_lxc_command",
        "delete_instance",
        "cancel_task",
    }
    started = next(e for e in entries if e["tool"] == "power_control" and e["caller"] == "stdio")
    assert started["plan"] is not None and started["plan"].startswith("start ")
    assert started["upids"] and all(upid.startswith("UPID:") for upid in started["upids"])
    cloudinit = next(e for e in entries if e["tool"] == "set_vm_cloudinit")
    assert "s3cret-pw!" not in json.dumps(cloudinit)  # arguments as the record holds them: redacted


async def test_the_audit_log_filters_by_caller_and_the_chain_verifies(
    audited: Stack, run: list[tuple[str, str, str, str]]
) -> None:
    async with HostedClient(audited.client()) as client:
        result = await client.call_tool("get_audit_log", {"caller": "token:ops"})
    assert result.structured_content is not None
    assert {e["caller"] for e in result.structured_content["entries"]} == {"token:ops"}
    assert len(result.structured_content["entries"]) == sum(1 for _, _, who, _ in run if who == "token:ops")
    checked = _verify(audited, "--file", str(_audit_file(audited)))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip().endswith("the chain holds")


async def test_an_edited_or_deleted_entry_is_detected(audited: Stack, run: list[tuple[str, str, str, str]]) -> None:
    assert audited.redis is not None
    redis = Redis.from_url(audited.redis.url, decode_responses=True)
    original = await redis.xrange(AUDIT_STREAM)
    head = await redis.get(AUDIT_HEAD)

    async def rewrite(entries: list[dict[str, Any]]) -> None:
        await redis.delete(AUDIT_STREAM)
        for entry in entries:
            await redis.xadd(AUDIT_STREAM, {"entry": json.dumps(entry)})

    kept = [json.loads(values["entry"]) for _, values in original]
    try:
        edited = [dict(entry) for entry in kept]
        edited[1]["caller"] = "token:someone-else"  # someone with Redis access hides who did it
        await rewrite(edited)
        found = _verify(audited)
        assert found.returncode == 1
        assert "entry 2: its content does not match its hash (edited)" in found.stdout
        edited = [dict(entry) for entry in kept]
        edited[2]["cluster"] = "prod"  # a change passed off as made on another cluster
        await rewrite(edited)
        found = _verify(audited)
        assert found.returncode == 1
        assert "entry 3: its content does not match its hash (edited)" in found.stdout
        await rewrite(kept[:2] + kept[3:])  # an entry removed
        found = _verify(audited)
        assert found.returncode == 1
        assert "entry 4: expected entry 3 here" in found.stdout
        await rewrite(kept)
        path = _audit_file(audited)
        lines = path.read_text().splitlines()
        lines[0] = lines[0].replace('"outcome":"succeeded"', '"outcome":"failed"')
        path.write_text("\n".join(lines) + "\n")
        found = _verify(audited, "--file", str(path))
        assert found.returncode == 1
        assert "entry 1: its content does not match its hash" in found.stdout
        assert "entry 1 differs from the stream's" in found.stdout
    finally:
        await rewrite(kept)
        await redis.set(AUDIT_HEAD, head or "")
        await redis.aclose()


async def test_a_chain_begun_before_clusters_still_verifies_and_the_check_says_which_entries_name_none(
    audited: Stack, run: list[tuple[str, str, str, str]]
) -> None:
    """An upgraded deployment: its first entries were written by a release without the `cluster` field."""
    assert audited.redis is not None
    redis = Redis.from_url(audited.redis.url, decode_responses=True)
    original = await redis.xrange(AUDIT_STREAM)
    head = await redis.get(AUDIT_HEAD)
    kept = [json.loads(values["entry"]) for _, values in original]
    try:
        chain, prev = [], GENESIS
        for number, entry in enumerate(kept):
            older = {k: v for k, v in entry.items() if k != "hash" and not (number < 3 and k == "cluster")}
            older["prev"] = prev
            older["hash"] = prev = entry_hash(older)
            chain.append(older)
        await redis.delete(AUDIT_STREAM)
        for entry in chain:
            await redis.xadd(AUDIT_STREAM, {"entry": json.dumps(entry)})
        await redis.set(AUDIT_HEAD, f"{chain[-1]['seq']}:{chain[-1]['hash']}")
        found = _verify(audited)
        assert found.returncode == 0, found.stdout + found.stderr
        assert "3 entries name no cluster: written before clusters" in found.stdout
        assert found.stdout.strip().endswith("the chain holds")
        async with HostedClient(audited.client()) as client:
            listed = await client.call_tool("get_audit_log", {"limit": 500, "cluster": "default"})
        assert listed.structured_content is not None
        assert len(listed.structured_content["entries"]) == len(kept) - 3  # the older ones name no cluster
    finally:
        await redis.delete(AUDIT_STREAM)
        for _, values in original:
            await redis.xadd(AUDIT_STREAM, values)
        await redis.set(AUDIT_HEAD, head or "")
        await redis.aclose()


async def test_the_audit_log_pages_newest_first_each_entry_once_while_changes_go_on() -> None:
    sim = Simulator(SimConfig(task_duration=0.05))
    await sim.start()
    try:
        async with inprocess_client(sim) as client:
            actions = iter(["start", "stop"] * 10)

            async def change() -> None:
                arguments = {"vmid": 100, "action": next(actions), "confirmed": True}
                report = await client.call_tool("power_control", arguments)
                assert not report.is_error, report.content

            for _ in range(5):
                await change()
            seen: list[int] = []
            cursor: str | None = None
            while True:
                arguments: dict[str, Any] = {"limit": 2, **({"cursor": cursor} if cursor else {})}
                result = await client.call_tool("get_audit_log", arguments)
                assert result.structured_content is not None, result.content
                page = result.structured_content
                seen += [entry["seq"] for entry in page["entries"]]
                assert page["first"] == len(seen) - len(page["entries"]) + 1
                assert page["total"] >= 5  # the log holds the walk's five and the changes made since
                cursor = page["next_cursor"]
                if cursor is None:
                    break
                await change()  # a newer entry: not part of this walk
    finally:
        await sim.stop()
    assert seen == [5, 4, 3, 2, 1]

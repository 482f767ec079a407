"""After a full run, no secret is in a log line, a Redis key or value or a tool output.

The PVE token secret never leaves the workers' client; a guest password given to a tool is
hashed (sha512-crypt) before it is queued, so PVE receives only the hash.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.types import CallToolResult

from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(180)

FULL_RUN = [
    ("list_nodes", {}),
    ("list_vms", {}),
    ("list_lxc_containers", {}),
    ("list_storage", {}),
    ("list_storage_content", {"node": "pve1", "storage": "local"}),
    ("get_instance_config", {"vmid": 100}),
    ("get_instance_config", {"vmid": 424242}),
    ("get_lxc_interfaces", {"vmid": 200}),
    ("get_resource_usage", {"vmid": 100}),
    ("get_resource_usage", {"node": "pve1"}),
    ("list_snapshots", {"vmid": 100}),
    ("list_vms", {"node": "bad node"}),
    ("get_mcp_logs", {"limit": 500, "level": "debug"}),
]


def _shown(result: CallToolResult) -> str:
    """All a client sees of a tool's result: its content and its structured content."""
    return json.dumps([c.model_dump() for c in result.content]) + json.dumps(result.structured_content)


async def test_token_secret_leaks_nowhere(mcp: Client, stack: Stack) -> None:
    secret = stack.sim.token_secret
    stack.sim.faults.add_malformed("/nodes/{node}/qemu/{vmid}/config", mode="wrong_type")
    stack.sim.faults.add_error(
        403, message="Permission check failed (/vms/100, VM.Audit)", path="/nodes/{node}/qemu/{vmid}/snapshot"
    )
    outputs: list[str] = []
    for tool, arguments in [*FULL_RUN, ("get_instance_config", {"vmid": 100}), ("list_snapshots", {"vmid": 100})]:
        outputs.append(_shown(await mcp.call_tool(tool, arguments)))
    assert secret not in "\n".join(outputs)
    logs = [path.read_text() for path in stack.log_dir.glob("*.log")]
    assert logs, "the server and workers write log files in this test"
    assert any("job_finished" in text or "read_finished" in text for text in logs)  # queued, or embedded
    for text in logs:
        assert secret not in text
    if stack.redis is not None:
        dump = stack.redis.dump()
        assert "pmcp:logs" in dump
        assert secret not in dump


CT_PASSWORD = "ct-root-Secret-4711"
CI_PASSWORD = "ci-user-Secret-0815"


async def test_passwords_leak_nowhere_and_reach_pve_only_as_sha512_crypt(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    requests_before = len(sim.requests)
    template = next(v for v in sim.state.volumes[("pve1", "local")] if ":vztmpl/" in v)
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.lock)
    sim.state.guests[vmid].config["ide2"] = f"local-lvm:vm-{vmid}-cloudinit,media=cdrom"  # as `qm set --ide2`
    calls: list[tuple[str, dict[str, Any]]] = [
        ("create_lxc", {"node": "pve1", "hostname": "secret-ct", "ostemplate": template, "password": CT_PASSWORD}),
        ("set_vm_cloudinit", {"vmid": vmid, "ciuser": "agent", "cipassword": CI_PASSWORD}),
        # the same passwords on calls that fail, before PVE and at PVE
        (
            "create_lxc",
            {"node": "pve1", "hostname": "x", "ostemplate": "local:vztmpl/no.tar.zst", "password": CT_PASSWORD},
        ),
        ("set_vm_cloudinit", {"vmid": 424242, "cipassword": CI_PASSWORD}),
    ]
    outputs = [_shown(await changes.call_tool(tool, {**arguments, "confirmed": True})) for tool, arguments in calls]
    outputs.append(_shown(await changes.call_tool("get_instance_config", {"vmid": vmid})))
    outputs.append(_shown(await changes.call_tool("get_mcp_logs", {"limit": 500, "level": "debug"})))

    # what PVE received: each password once, as a sha512-crypt hash
    sent = [
        (r.path, key, str(r.params[key]))
        for r in sim.requests[requests_before:]
        for key in ("password", "cipassword")
        if key in r.params
    ]
    assert [(path, key) for path, key, _value in sent] == [
        ("/nodes/pve1/lxc", "password"),
        (f"/nodes/{sim.state.guests[vmid].node}/qemu/{vmid}/config", "cipassword"),
    ]
    assert all(value.startswith("$6$") for _path, _key, value in sent), sent
    bodies = "\n".join(json.dumps(r.params) for r in sim.requests[requests_before:])
    # ... and the answers, the logs and the store: no clear password anywhere
    logs = [path.read_text() for path in changes_stack.log_dir.glob("*.log")]
    assert logs, "the server and workers write log files in this test"
    places = {"PVE requests": bodies, "tool output": "\n".join(outputs), "log files": "\n".join(logs)}
    if changes_stack.redis is not None:
        places["Redis"] = changes_stack.redis.dump()
    for secret in (CT_PASSWORD, CI_PASSWORD):
        for place, text in places.items():
            assert secret not in text, f"a clear password in the {place}"

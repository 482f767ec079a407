"""What a tool tells the agent and the user before anything runs: hints, plans and early refusals."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
from mcp import Client

from mcp_frontend.manifest import live_tools
from mcp_frontend.tools.spec import effective_hints
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(60)

#: a short task slice: container commands may run at most this long
SLICE = 20


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(task_duration=0.2, ssh=True))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    async with inprocess_client(sim, PROXMOX_MCP_TASK_SLICE=str(SLICE)) as connected:
        yield connected


def running_container(sim: Simulator) -> int:
    return next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")


async def error_text(client: Client, tool: str, **arguments: object) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    return " ".join(getattr(item, "text", "") for item in result.content)


@pytest.mark.parametrize(
    ("tool", "destructive", "idempotent"),
    [
        pytest.param("power_control", True, False, id="power-stop-is-a-hard-off-and-reboot-repeats"),
        pytest.param("execute_lxc_command", True, False, id="a-command-may-do-anything"),
        pytest.param("rollback_snapshot", True, True, id="rollback-discards-what-changed-since"),
        pytest.param("create_snapshot", False, False, id="snapshot-adds-only"),
    ],
)
async def test_tools_that_can_destroy_or_repeat_an_effect_say_so_in_their_hints(
    tool: str, destructive: bool, idempotent: bool
) -> None:
    # as a client reads them: a hint left out means MCP's default
    annotations = effective_hints({t.name: t.annotations for t in await live_tools()}[tool])
    assert (annotations.destructive_hint, annotations.idempotent_hint) == (destructive, idempotent)
    assert annotations.read_only_hint is False


async def test_the_plan_of_an_unprivileged_container_says_it_gets_nesting(sim: Simulator, client: Client) -> None:
    template = next(v for volumes in sim.state.volumes.values() for v in volumes if ":vztmpl/" in v)
    before = len(sim.requests)
    unprivileged = await error_text(client, "create_lxc", node="pve1", hostname="ct1", ostemplate=template)
    privileged = await error_text(
        client, "create_lxc", node="pve1", hostname="ct1", ostemplate=template, unprivileged=False
    )
    assert unprivileged.startswith("CONFIRMATION_REQUIRED:"), unprivileged
    assert "unprivileged, with features nesting=1" in unprivileged
    assert ", privileged" in privileged
    assert "nesting" not in privileged
    assert len(sim.requests) == before  # nothing was created


async def test_a_command_timeout_beyond_the_task_slice_is_refused_before_anyone_is_asked(
    sim: Simulator, client: Client
) -> None:
    vmid = running_container(sim)
    before = len(sim.requests)
    text = await error_text(
        client, "execute_lxc_command", vmid=vmid, command="echo hi", timeout_seconds=SLICE + 1, confirmed=True
    )
    assert text.startswith("VALIDATION_ERROR:"), text
    assert f"timeout_seconds {SLICE + 1} exceeds this server's limit of {SLICE} seconds" in text
    assert "PROXMOX_MCP_TASK_SLICE" in text
    unconfirmed = await error_text(client, "execute_lxc_command", vmid=vmid, command="echo hi", timeout_seconds=600)
    assert unconfirmed.startswith("VALIDATION_ERROR:"), "refused before the plan is made"
    assert len(sim.requests) == before  # no job reached PVE, nothing ran


async def test_a_command_timeout_of_exactly_the_task_slice_runs(sim: Simulator, client: Client) -> None:
    arguments = {"vmid": running_container(sim), "command": "echo hi", "timeout_seconds": SLICE, "confirmed": True}
    result = await client.call_tool("execute_lxc_command", arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    assert result.structured_content["result"]["stdout"] == "hi\n"


async def test_a_misspelled_argument_is_refused_and_nothing_is_created(sim: Simulator, client: Client) -> None:
    before = set(sim.state.guests)
    text = await error_text(
        client, "create_vm", node="pve1", name="typo01", memory=8192, disk_size=100, confirmed=True, wait_seconds=0
    )
    assert text.startswith("VALIDATION_ERROR: create_vm has no parameter 'disk_size', 'memory'")
    assert "memory_mb" in text and "disk_gb" in text  # the hint lists what it takes
    assert set(sim.state.guests) == before


async def test_a_read_with_a_misspelled_filter_is_refused_rather_than_answering_unfiltered(client: Client) -> None:
    text = await error_text(client, "list_vms", nodes="pve2")
    assert text.startswith("VALIDATION_ERROR: list_vms has no parameter 'nodes'")


async def test_every_tool_publishes_closed_arguments() -> None:
    assert all(tool.input_schema.get("additionalProperties") is False for tool in await live_tools())


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param({"confirmed": "yes"}, id="confirmed-yes"),
        pytest.param({"confirmed": "on"}, id="confirmed-on"),
        pytest.param({"confirmed": 1}, id="confirmed-1"),
        pytest.param({"confirmed": 1.0}, id="confirmed-1.0"),
        pytest.param({"vmid": "201 "}, id="vmid-with-a-blank"),
        pytest.param({"vmid": 201.0}, id="vmid-as-float"),
        pytest.param({"vmid": "2_01"}, id="vmid-with-underscore"),
        pytest.param({"stop_first": "true"}, id="stop-first-as-text"),
        pytest.param({"confirm_vmid": "201"}, id="confirm-vmid-as-text"),
    ],
)
async def test_a_safety_argument_of_the_wrong_type_is_refused_not_coerced(
    sim: Simulator, client: Client, arguments: dict[str, object]
) -> None:
    """The schema says boolean and integer, and the server means it: nothing is coerced, nothing is asked."""
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    before = len(sim.requests)
    base = {"vmid": vm.vmid, "confirm_vmid": vm.vmid, "confirmed": True}
    text = await error_text(client, "delete_instance", **{**base, **arguments})
    assert text.startswith("VALIDATION_ERROR:"), text
    assert next(iter(arguments)) in text
    assert len(sim.requests) == before  # refused before the guest was even looked up


def _container(sim: Simulator, **arguments: object) -> tuple[str, dict[str, object]]:
    template = next(v for volumes in sim.state.volumes.values() for v in volumes if ":vztmpl/" in v)
    return "create_lxc", {"node": "pve1", "hostname": "ct1", "ostemplate": template, "confirmed": True, **arguments}


def _cloudinit(sim: Simulator, **arguments: object) -> tuple[str, dict[str, object]]:
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and not g.template)
    return "set_vm_cloudinit", {"vmid": vm.vmid, "confirmed": True, **arguments}


@pytest.mark.parametrize(
    ("call", "refused"),
    [
        pytest.param(lambda sim: _container(sim, hostname="a..b"), "hostname", id="hostname-empty-label"),
        pytest.param(lambda sim: _container(sim, hostname="a.-b"), "hostname", id="hostname-hyphen-after-dot"),
        pytest.param(lambda sim: _container(sim, ip="10.0.0.5/7"), "ip", id="lxc-ip-mask-below-8"),
        pytest.param(
            lambda sim: _container(sim, ip="10.0.0.5/24", gateway="256.1.1.1"), "gateway", id="gateway-octet-256"
        ),
        pytest.param(
            lambda sim: _container(sim, ip="10.0.0.5/24", gateway="010.0.0.1"), "gateway", id="gateway-leading-zero"
        ),
        pytest.param(lambda sim: _container(sim, password="pass\x00word"), "NUL", id="password-with-nul"),
        pytest.param(lambda sim: _cloudinit(sim, ipconfig={"0": "ip=dhcp\n"}), "ipconfig0", id="ipconfig-newline"),
        pytest.param(lambda sim: _cloudinit(sim, ipconfig={"0": "ip=10.0.0.5"}), "ipconfig0", id="ipconfig-no-mask"),
        pytest.param(
            lambda sim: _cloudinit(sim, ipconfig={"0": "ip6=fd00::5/64,gw6=10.0.0.1"}),
            "ipconfig0",
            id="ipconfig-v4-gateway-in-gw6",
        ),
        pytest.param(
            lambda sim: _cloudinit(sim, ipconfig={"0": "ip=dhcp,ip=10.0.0.5/24"}), "duplicate", id="ipconfig-key-twice"
        ),
        pytest.param(lambda sim: _cloudinit(sim, nameserver="...."), "nameserver", id="nameserver-dots"),
        pytest.param(lambda sim: _cloudinit(sim, cipassword="pass\x00word"), "NUL", id="cipassword-with-nul"),
    ],
)
async def test_input_pve_would_refuse_is_refused_before_anyone_is_asked(
    sim: Simulator, client: Client, call: Callable[[Simulator], tuple[str, dict[str, object]]], refused: str
) -> None:
    tool, arguments = call(sim)
    before = len(sim.requests)
    text = await error_text(client, tool, **arguments)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert refused in text, text
    assert len(sim.requests) == before  # nothing was looked up, let alone created


async def test_a_command_the_nodes_shell_could_not_take_is_refused_before_anyone_is_asked(
    sim: Simulator, client: Client
) -> None:
    """30,000 quotes are 30 KB of argv but, quoted for the node's shell, over its 128 KiB per argument."""
    before = len(sim.requests)
    command = 'echo "' + "'" * 30_000 + '"'
    text = await error_text(client, "execute_lxc_command", vmid=running_container(sim), command=command, confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "quoted for the node's shell" in text
    assert len(sim.requests) == before


async def test_a_log_page_past_any_log_is_refused_as_bad_input_not_an_outage(client: Client) -> None:
    job_id = "0" * 32
    text = await error_text(client, "get_task_log", job_id=job_id, start=9223372036854775807)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "start" in text

"""The QEMU guest agent endpoints (qemu-server PVE/API2/Qemu/Agent.pm and PVE/QemuServer/Agent.pm).

Before any command PVE asserts the agent is usable, in this order: "No QEMU guest agent
configured" (no `agent` key at all), "VM 100 is not running", "QEMU guest agent is not running"
(guest-ping fails: `agent: 0` has no agent device, or the agent inside does not answer). A command
the agent's configuration blocks (qemu-ga --block-rpcs) fails the way QMPClient reports a QGA
error: "VM 100 qga command 'guest-exec' failed - Command guest-exec has been disabled: the
command is not allowed". qemu-ga forgets an exec's status once it reported it as exited.
"""

from __future__ import annotations

import ipaddress
import time
from typing import Any

from pvesim.call import Call, route
from pvesim.commands import PROGRAMS, AgentExec, CommandResult, run_command
from pvesim.errors import ApiError
from pvesim.state import Guest

__all__: list[str] = []

_EXEC_PIDS_START = 4000  # guest agent pids handed out from here
_OSINFO = {
    "l26": {
        "id": "ubuntu",
        "kernel-release": "6.8.0-57-generic",
        "kernel-version": "#59-Ubuntu SMP PREEMPT_DYNAMIC Sat Mar 15 17:40:59 UTC 2025",
        "machine": "x86_64",
        "name": "Ubuntu",
        "pretty-name": "Ubuntu 24.04.2 LTS",
        "version": "24.04.2 LTS (Noble Numbat)",
        "version-id": "24.04",
    },
    "win11": {
        "id": "mswindows",
        "kernel-release": "26100",
        "kernel-version": "10.0",
        "machine": "x86_64",
        "name": "Microsoft Windows",
        "pretty-name": "Windows 11 Pro",
        "variant": "client",
        "variant-id": "client",
        "version": "Microsoft Windows 11",
        "version-id": "11",
    },
}


def _agent_guest(call: Call, command: str) -> Guest:
    """assert_agent_available, then the agent's own refusal of a blocked command."""
    guest = call.guest("qemu")
    if "agent" not in guest.config:
        raise ApiError(500, "No QEMU guest agent configured")
    if guest.status != "running":
        raise ApiError(500, f"VM {guest.vmid} is not running")
    if not guest.agent_configured() or not guest.agent.running:
        raise ApiError(500, "QEMU guest agent is not running")
    qga = f"guest-{command}"
    if qga in guest.agent.blocked:
        raise ApiError(
            500,
            f"VM {guest.vmid} qga command '{qga}' failed - Command {qga} has been disabled: the command is not allowed",
        )
    return guest


@route("POST", "/nodes/{node}/qemu/{vmid}/agent/exec")
async def agent_exec(call: Call) -> Any:
    guest = _agent_guest(call, "exec")
    command = call.params.get("command")
    argv = [str(part) for part in (command if isinstance(command, list) else [command] if command else [])]
    if not argv and call.params.get("input-data") is None:
        raise ApiError(500, "command or input-data (or both) required")
    if argv and argv[0].rsplit("/", 1)[-1] not in PROGRAMS:
        # qemu-ga runs the program itself (no shell): one it cannot find fails guest-exec (GLib's g_spawn)
        raise ApiError(
            500,
            f"VM {guest.vmid} qga command 'guest-exec' failed - "
            f"Failed to execute child process \u201c{argv[0]}\u201d (No such file or directory)",
        )
    result = run_command(guest, [argv[0].rsplit("/", 1)[-1], *argv[1:]]) if argv else CommandResult("", "", 0)
    seconds = 0.0
    if argv and argv[0] == "sleep" and len(argv) > 1:
        try:
            seconds = float(argv[1])
        except ValueError:
            seconds = 0.0
    execs = call.core.agent_results
    pid = _EXEC_PIDS_START + call.core.agent_pids
    call.core.agent_pids += 1
    execs[pid] = AgentExec(guest.vmid, result, time.monotonic() + seconds)
    call.core.state.count(guest.vmid, "agent_exec")
    return {"pid": pid}


@route("GET", "/nodes/{node}/qemu/{vmid}/agent/exec-status")
async def agent_exec_status(call: Call) -> Any:
    guest = _agent_guest(call, "exec-status")
    pid = int(call.params["pid"])
    execs = call.core.agent_results
    found = execs.get(pid)
    if found is None or found.vmid != guest.vmid:
        raise ApiError(500, f"VM {guest.vmid} qga command 'guest-exec-status' failed - Invalid parameter 'pid'")
    if time.monotonic() < found.done_at:
        return {"exited": 0}
    del execs[pid]  # qemu-ga drops a process once it reported its exit
    result = found.result
    status: dict[str, Any] = {"exited": 1, "exitcode": result.exit_status}
    if result.stdout:
        status["out-data"] = result.stdout
    if result.stderr:
        status["err-data"] = result.stderr
    return status


def _mac_to_link_local(mac: str) -> str:
    parts = [int(x, 16) for x in mac.split(":")]
    parts[0] ^= 0x02
    eui = [*parts[:3], 0xFF, 0xFE, *parts[3:]]
    groups = [f"{eui[i] << 8 | eui[i + 1]:x}" for i in range(0, 8, 2)]
    return str(ipaddress.IPv6Address("fe80::" + ":".join(groups)))


def _statistics(index: int) -> dict[str, int]:
    return {
        "rx-bytes": 123_456_789 + index,
        "rx-dropped": 0,
        "rx-errs": 0,
        "rx-packets": 98_765 + index,
        "tx-bytes": 23_456_789 + index,
        "tx-dropped": 0,
        "tx-errs": 0,
        "tx-packets": 45_678 + index,
    }


def _address(guest: Guest, index: int) -> tuple[str, int]:
    """The guest's IPv4 address on netN: its static ipconfigN, else a DHCP lease."""
    ipconfig = guest.config.get(f"ipconfig{index}", "")
    for part in ipconfig.split(","):
        if part.startswith("ip=") and "/" in part:
            address, _, prefix = part.removeprefix("ip=").partition("/")
            return address, int(prefix)
    return f"10.10.{10 + index}.{guest.vmid % 200 + 20}", 24


def network_interfaces(guest: Guest) -> list[dict[str, Any]]:
    """What guest-network-get-interfaces reports inside the VM: lo, one interface per netN, extras."""
    out: list[dict[str, Any]] = [
        {
            "name": "lo",
            "hardware-address": "00:00:00:00:00:00",
            "ip-addresses": [
                {"ip-address": "127.0.0.1", "ip-address-type": "ipv4", "prefix": 8},
                {"ip-address": "::1", "ip-address-type": "ipv6", "prefix": 128},
            ],
            "statistics": _statistics(0),
        }
    ]
    windows = guest.config.get("ostype", "l26").startswith("win")
    for key in sorted((k for k in guest.config if k.startswith("net") and k[3:].isdigit()), key=lambda k: int(k[3:])):
        index = int(key[3:])
        head = guest.config[key].split(",", 1)[0]
        mac = head.split("=", 1)[1].lower() if "=" in head else "bc:24:11:00:00:00"
        address, prefix = _address(guest, index)
        out.append(
            {
                "name": f"Ethernet {index + 1}" if windows else f"ens{18 + index}",
                "hardware-address": mac,
                "ip-addresses": [
                    {"ip-address": address, "ip-address-type": "ipv4", "prefix": prefix},
                    {"ip-address": _mac_to_link_local(mac), "ip-address-type": "ipv6", "prefix": 64},
                ],
                "statistics": _statistics(index + 1),
            }
        )
    out.extend(dict(extra) for extra in guest.agent.interfaces)
    return out


@route("GET", "/nodes/{node}/qemu/{vmid}/agent/network-get-interfaces")
async def agent_network_interfaces(call: Call) -> Any:
    return {"result": network_interfaces(_agent_guest(call, "network-get-interfaces"))}


@route("POST", "/nodes/{node}/qemu/{vmid}/agent/ping")
async def agent_ping(call: Call) -> Any:
    _agent_guest(call, "ping")
    return {"result": {}}


@route("GET", "/nodes/{node}/qemu/{vmid}/agent/get-osinfo")
async def agent_osinfo(call: Call) -> Any:
    guest = _agent_guest(call, "get-osinfo")
    ostype = guest.config.get("ostype", "l26")
    return {"result": dict(_OSINFO["win11" if ostype.startswith("win") else "l26"])}


@route("GET", "/nodes/{node}/qemu/{vmid}/agent/get-host-name")
async def agent_host_name(call: Call) -> Any:
    guest = _agent_guest(call, "get-host-name")
    return {"result": {"host-name": guest.config.get("name", f"vm{guest.vmid}")}}

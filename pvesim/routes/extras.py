"""Cloud-init (pending view, regenerate), container interfaces, RRD data."""

from __future__ import annotations

import time
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError
from pvesim.routes.guests import check_lock
from pvesim.state import Guest

__all__: list[str] = []


def _cloudinit_items(guest: Guest) -> list[dict[str, Any]]:
    current = guest.cloudinit_config()
    applied = guest.cloudinit_applied
    out: list[dict[str, Any]] = []
    for key in sorted(set(current) | set(applied)):
        entry: dict[str, Any] = {"key": key}
        if key in applied:
            entry["value"] = applied[key]
        if key not in current:
            entry["delete"] = 1
        elif current[key] != applied.get(key):
            entry["pending"] = current[key]
        out.append(entry)
    return out


@route("GET", "/nodes/{node}/qemu/{vmid}/cloudinit")
async def cloudinit_pending(call: Call) -> Any:
    return _cloudinit_items(call.guest("qemu"))


@route("PUT", "/nodes/{node}/qemu/{vmid}/cloudinit")
async def cloudinit_regenerate(call: Call) -> Any:
    guest = call.guest("qemu")
    check_lock(guest)
    if not any(key.startswith(("ide", "scsi", "sata")) and "cloudinit" in value for key, value in guest.config.items()):
        raise ApiError(500, "no cloudinit drive found")
    async with call.core.tasks.guest_lock(guest):
        guest.cloudinit_applied = guest.cloudinit_config()
        call.core.state.count(guest.vmid, "cloudinit_regenerated")
    return None


@route("GET", "/nodes/{node}/lxc/{vmid}/interfaces")
async def lxc_interfaces(call: Call) -> Any:
    guest = call.guest("lxc")
    if guest.status != "running":
        raise ApiError(500, f"CT {guest.vmid} is not running")
    out: list[dict[str, Any]] = [
        {
            "name": "lo",
            "hwaddr": "00:00:00:00:00:00",
            "hardware-address": "00:00:00:00:00:00",
            "inet": "127.0.0.1/8",
            "inet6": "::1/128",
            "ip-addresses": [
                {"ip-address": "127.0.0.1", "ip-address-type": "inet", "prefix": 8},
                {"ip-address": "::1", "ip-address-type": "inet6", "prefix": 128},
            ],
        }
    ]
    for index, (key, value) in enumerate(sorted((k, v) for k, v in guest.config.items() if k.startswith("net"))):
        options = dict(part.split("=", 1) for part in value.split(",") if "=" in part)
        hwaddr = options.get("hwaddr", "BC:24:11:00:00:00").lower()
        ip = f"10.10.20.{(guest.vmid + index) % 250 + 2}"
        out.append(
            {
                "name": options.get("name", f"eth{key.removeprefix('net')}"),
                "hwaddr": hwaddr,
                "hardware-address": hwaddr,
                "inet": f"{ip}/24",
                "ip-addresses": [{"ip-address": ip, "ip-address-type": "inet", "prefix": 24}],
            }
        )
    return out


def _rrd_points(call: Call, metrics: dict[str, float]) -> list[dict[str, Any]]:
    step = {"hour": 60, "day": 1800, "week": 10800, "month": 43200, "year": 604800, "decade": 6048000}
    interval = step.get(str(call.params.get("timeframe")), 60)
    now = int(time.time()) // interval * interval
    points = [
        {"time": now - interval * (69 - i)} | {k: round(v * (1 + (i % 7) / 20), 6) for k, v in metrics.items()}
        for i in range(69)
    ]
    # the newest slot is still being filled: rrdcached has no values for it yet, PVE sends its time alone
    return [*points, {"time": now}]


@route("GET", "/nodes/{node}/rrddata")
async def node_rrddata(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    return _rrd_points(
        call,
        {
            "cpu": 0.03,
            "maxcpu": node.maxcpu,
            "memused": 6 * 1024**3,
            "memtotal": node.maxmem,
            "loadavg": 0.2,
            "netin": 2400.0,
            "netout": 1800.0,
            "iowait": 0.0004,
            "rootused": 9 * 1024**3,
            "roottotal": 94 * 1024**3,
        },
    )


def _guest_rrd(call: Call, guest: Guest) -> list[dict[str, Any]]:
    running = guest.status == "running"
    return _rrd_points(
        call,
        {
            "cpu": 0.012 if running else 0.0,
            "maxcpu": guest.cores(),
            "mem": guest.memory_bytes() / 3 if running else 0.0,
            "maxmem": guest.memory_bytes(),
            "disk": 0.0,
            "maxdisk": 32 * 1024**3,
            "netin": 900.0 if running else 0.0,
            "netout": 400.0 if running else 0.0,
            "diskread": 5000.0 if running else 0.0,
            "diskwrite": 2000.0 if running else 0.0,
        },
    )


@route("GET", "/nodes/{node}/qemu/{vmid}/rrddata")
async def qemu_rrddata(call: Call) -> Any:
    return _guest_rrd(call, call.guest("qemu"))


@route("GET", "/nodes/{node}/lxc/{vmid}/rrddata")
async def lxc_rrddata(call: Call) -> Any:
    return _guest_rrd(call, call.guest("lxc"))

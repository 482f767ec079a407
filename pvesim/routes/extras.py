"""Cloud-init (pending view, regenerate), guest agent exec, clone, container interfaces, RRD data."""

from __future__ import annotations

import time
from typing import Any

from pvesim.call import Call, route
from pvesim.commands import run_command
from pvesim.errors import ApiError
from pvesim.routes.guests import check_lock
from pvesim.state import Guest, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__: list[str] = []

_EXEC_PIDS_START = 4000  # guest agent pids handed out from here


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


def _agent_guest(call: Call) -> Guest:
    guest = call.guest("qemu")
    if guest.status != "running":
        raise ApiError(500, f"VM {guest.vmid} is not running")
    if guest.config.get("agent", "0").split(",")[0] not in ("1", "enabled=1"):
        raise ApiError(500, "No QEMU guest agent configured")
    return guest


@route("POST", "/nodes/{node}/qemu/{vmid}/agent/exec")
async def agent_exec(call: Call) -> Any:
    guest = _agent_guest(call)
    command = call.params["command"]
    argv = [str(part) for part in (command if isinstance(command, list) else [command])]
    result = run_command(guest, argv)
    pid = _EXEC_PIDS_START + len(call.core.agent_results)
    call.core.agent_results[pid] = (guest.vmid, result)
    call.core.state.count(guest.vmid, "agent_exec")
    return {"pid": pid}


@route("GET", "/nodes/{node}/qemu/{vmid}/agent/exec-status")
async def agent_exec_status(call: Call) -> Any:
    guest = _agent_guest(call)
    found = call.core.agent_results.get(int(call.params["pid"]))
    if found is None or found[0] != guest.vmid:
        raise ApiError(500, f"Agent error: PID {call.params['pid']} does not exist")
    result = found[1]
    status: dict[str, Any] = {"exited": 1, "exitcode": result.exit_status}
    if result.stdout:
        status["out-data"] = result.stdout
    if result.stderr:
        status["err-data"] = result.stderr
    return status


@route("POST", "/nodes/{node}/qemu/{vmid}/clone")
async def clone(call: Call) -> Any:
    state = call.core.state
    source = call.guest("qemu")
    newid = int(call.params["newid"])
    existing = state.guests.get(newid)
    if existing is not None:
        raise ApiError(500, f"unable to create VM {newid}: config file already exists")
    check_lock(source)
    full = call.params.get("full")
    full = (not source.template) if full is None else bool(full)
    target_storage = call.params.get("storage")
    name = str(call.params.get("name") or f"Copy-of-{source.config.get('name', f'VM-{source.vmid}')}")
    target = Guest(newid, "qemu", call.node, "stopped", {"lock": "clone"})  # the clone task unlocks it
    state.guests[newid] = target

    async def work(context: TaskContext) -> Effect | None:
        config = {k: v for k, v in source.config.items() if k not in ("lock", "parent", "template")}
        disks = [
            k for k in sorted(config) if k.startswith(("scsi", "virtio", "sata", "efidisk")) and "vm-" in config[k]
        ]
        disks += [k for k in sorted(config) if k.startswith(("scsi", "virtio", "sata")) and "base-" in config[k]]
        volumes: list[Volume] = []
        for key in disks:
            volid, _, options = config[key].partition(",")
            storage = str(target_storage or volid.split(":", 1)[0])
            new_volid = f"{storage}:vm-{newid}-disk-{len(volumes)}"
            size = next((v.size for b in state.volumes.values() for v in b.values() if v.volid == volid), 4 * 1024**3)
            if full:
                context.log(f"create full clone of drive {key} ({volid})")
                context.log(f'  Logical volume "{new_volid.split(":", 1)[1]}" created.')
                await context.transfer(size, prefix="", steps=4, share=0.8 / len(disks))
            else:
                context.log(f"create linked clone of drive {key} ({volid})")
            volumes.append(Volume(new_volid, "images", size, "raw", newid))
            config[key] = ",".join([new_volid, *([options] if options else [])])
        await context.pause(0.1)

        def effect() -> None:
            if newid not in state.guests:
                raise TaskFailed(f"unable to create VM {newid}: clone target vanished")
            target.config = config | {"name": name}  # replaces the "clone" lock
            for volume in volumes:
                state.add_volume(call.node, volume)
            state.count(newid, "created")
            state.count(source.vmid, "cloned")

        return effect

    def forget() -> None:
        state.guests.pop(newid, None)

    return call.start_task("qmclone", work, guest=source, on_failure=forget)


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

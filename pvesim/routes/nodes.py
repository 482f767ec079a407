"""A node's system log, subscription and pending package updates (pve-manager's Nodes.pm, Subscription.pm, APT.pm)."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

from pvesim.call import Call, route
from pvesim.routes.tasks import log_page
from pvesim.state import Node

__all__ = ["syslog_lines"]

#: the journal a node keeps, as `journalctl -o short` prints it: (epoch seconds, unit, line)
_JOURNAL_SPAN_SECONDS = 86400
_ENTRIES = 1500
_SOURCES = (
    ("pvedaemon", "pvedaemon[{pid}]: <root@pam> successful auth for user 'root@pam'"),
    ("pveproxy", "pveproxy[{pid}]: worker {pid} finished"),
    ("pveproxy", "pveproxy[{pid}]: starting 1 worker(s)"),
    ("pvestatd", "pvestatd[{pid}]: status update time (0.{pid}s)"),
    ("corosync", "corosync[{pid}]:   [KNET  ] link: host: 2 link: 0 is up"),
    ("cron", "CRON[{pid}]: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)"),
    ("systemd", "systemd[1]: Started session-{pid}.scope - Session {pid} of User root."),
    ("kernel", "kernel: vmbr0: port 2(tap101i0) entered forwarding state"),
    ("pve-ha-lrm", "pve-ha-lrm[{pid}]: status change wait_for_agent_lock => active"),
    ("smartd", "smartd[{pid}]: Device: /dev/sda [SAT], SMART Usage Attribute: 194 Temperature_Celsius changed"),
)


def _journal(node: Node) -> list[tuple[float, str, str]]:
    """The node's journal over the last day, oldest first (made once per node, the same on every read)."""
    if node.journal:
        return node.journal
    now = time.time()
    step = _JOURNAL_SPAN_SECONDS / _ENTRIES
    entries = []
    for i in range(_ENTRIES):
        unit, text = _SOURCES[(i * 7 + len(node.name)) % len(_SOURCES)]
        at = now - _JOURNAL_SPAN_SECONDS + i * step
        stamp = datetime.fromtimestamp(at).strftime("%b %d %H:%M:%S")
        entries.append((at, unit, f"{stamp} {node.name} {text.format(pid=1000 + (i * 37) % 9000)}"))
    node.journal = entries
    return entries


def _moment(text: str) -> float:
    """A `since`/`until` of the schema's form ("2026-12-07", "2026-12-07 10:05", "... 10:05:30"), local time."""
    for form in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, form).timestamp()
        except ValueError:
            continue
    raise ValueError(text)  # the schema's pattern let it through: it cannot happen


def syslog_lines(node: Node, since: str | None, until: str | None, service: str | None) -> list[str]:
    """What `journalctl -o short --no-pager [--unit S] [--since A] [--until B]` prints for the node."""
    low = _moment(since) if since else None
    high = _moment(until) if until else None
    return [
        line
        for at, unit, line in _journal(node)
        if (low is None or at >= low) and (high is None or at <= high) and service in (None, unit)
    ]


@route("GET", "/nodes/{node}/syslog")
async def syslog(call: Call) -> Any:
    params = call.params
    lines = syslog_lines(
        call.core.state.nodes[call.node], params.get("since"), params.get("until"), params.get("service")
    )
    # PVE::Tools::dump_journal: 50 lines unless told (0 too)
    return log_page(call, lines, int(params.get("start") or 0), int(params.get("limit") or 0) or 50)


@route("GET", "/nodes/{node}/subscription")
async def subscription(call: Call) -> Any:
    # a node without a key, as a fresh install (and most homelabs) answers
    return {
        "status": "notfound",
        "message": "There is no subscription key",
        "serverid": "8C5E2F1A9B3D4E6F7A8B9C0D1E2F3A4B",
        "sockets": 1,
        "url": "https://www.proxmox.com/en/proxmox-virtual-environment/pricing",
    }


@route("GET", "/nodes/{node}/apt/update")
async def apt_update(call: Call) -> Any:
    # the package index as the last `apt update` (pveupdate) left it
    return [
        {
            "Package": "pve-manager",
            "Title": "Proxmox Virtual Environment Management Tools",
            "Description": "This package contains the Proxmox Virtual Environment management tools.",
            "OldVersion": "9.1.1",
            "Version": "9.1.2",
            "Origin": "Proxmox",
            "Priority": "optional",
            "Section": "admin",
            "Arch": "all",
        },
        {
            "Package": "openssl",
            "Title": "Secure Sockets Layer toolkit - cryptographic utility",
            "Description": "This package is part of the OpenSSL project's implementation of the SSL and TLS protocols.",
            "OldVersion": "3.5.1-1",
            "Version": "3.5.1-1+deb13u1",
            "Origin": "Debian",
            "Priority": "optional",
            "Section": "utils",
            "Arch": "amd64",
        },
    ]


@route("GET", "/cluster/log")
async def cluster_log(call: Call) -> Any:
    """The cluster log (pmxcfs's clusterlog), newest first: each task's start and end, and what daemons said.

    Without Sys.Syslog on / a caller sees only the entries of its own user (PVE::API2::Cluster log).
    """
    state = call.core.state
    entries: list[dict[str, Any]] = []
    for task in state.tasks.values():
        base = {"node": task.node, "user": task.user, "tag": "pvedaemon", "pid": task.pid, "pri": 6}
        entries.append({**base, "time": int(task.starttime), "msg": f"<{task.user}> starting task {task.upid}"})
        if task.endtime is not None:
            end = {**base, "time": int(task.endtime), "msg": f"<{task.user}> end task {task.upid} {task.exitstatus}"}
            entries.append(end)
    now = int(time.time())
    for i, node in enumerate(sorted(state.nodes)):
        entries.append(
            {"node": node, "user": "root@pam", "tag": "pvedaemon", "pid": 1000 + i, "pri": 6,
             "time": now - 3600 - i, "msg": "<root@pam> successful auth for user 'root@pam'"}
        )  # fmt: skip
    if "Sys.Syslog" not in call.token.privileges_at("/"):
        entries = [e for e in entries if e["user"] in (call.token.tokenid, call.token.user)]
    entries.sort(key=lambda e: (-e["time"], e["msg"]))
    limit = int(call.params.get("max") or 50)
    return [{"uid": f"{i:08X}:{e['time']:08X}", **e} for i, e in enumerate(entries[:limit])]

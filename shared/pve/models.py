"""Pydantic models of the PVE responses we use, checked against the official schema's `returns`.

Rules, from how real PVE answers rather than only what its schema says:
- The fields tools rely on are required and typed; everything else is optional, and unknown fields
  are kept (`extra="allow"`) because newer PVE versions add fields.
- PVE's JSON comes from Perl scalars: a number may arrive as text ("101" from GET /cluster/nextid),
  a boolean as 0/1, and a string field as a number. Pydantic's lax mode takes the first two;
  `coerce_numbers_to_str` takes the third.
- A response that still does not fit raises API_CONTRACT_DIVERGENCE (the client does that).

How to pass a response type to `PveClient`: a model class (`GuestStatus`), a plain type
(`list[NodeSummary]`, `int`), or one of the adapters below for types that need one (`UPID`,
`OPTIONAL_UPID`, `NO_DATA`). tests/pve_client/test_models_match_schema.py holds the endpoint → model
table and fails when a model declares a field or type the schema does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, RootModel, TypeAdapter, with_config
from typing_extensions import TypedDict

from shared.errors import InvalidInput
from shared.pve.upid import Upid

__all__ = [
    "NO_DATA",
    "OPTIONAL_UPID",
    "UPID",
    "AptPackage",
    "BootInfo",
    "CloudInitItem",
    "ClusterResource",
    "ClusterStatusEntry",
    "CpuInfo",
    "FirewallAlias",
    "FirewallGroup",
    "FirewallOptions",
    "FirewallRule",
    "GuestConfig",
    "GuestResource",
    "GuestStatus",
    "GuestSummary",
    "IpAddress",
    "IpSet",
    "IpSetEntry",
    "KernelInfo",
    "LxcConfig",
    "LxcInterface",
    "LxcStatus",
    "LxcSummary",
    "NetworkInterface",
    "NodeMemory",
    "NodeRootfs",
    "NodeStatus",
    "NodeSummary",
    "PveModel",
    "PveVersion",
    "QemuConfig",
    "QemuMigrateCheck",
    "QemuStatus",
    "QemuSummary",
    "RrdPoint",
    "Snapshot",
    "StorageConfig",
    "StorageContentItem",
    "StorageStatus",
    "Subscription",
    "TaskLogLine",
    "TaskStatus",
    "TaskSummary",
    "TokenPermissions",
    "UpidValue",
    "no_content",
]


class PveModel(BaseModel):
    """Base of every response model: unknown fields kept, PVE's loose scalar types accepted."""

    model_config = ConfigDict(extra="allow", coerce_numbers_to_str=True, populate_by_name=True, frozen=True)


def _upid(value: object) -> Upid:
    if isinstance(value, Upid):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a UPID must be a string, not {type(value).__name__}")  # noqa: TRY004  # pydantic reports ValueError only
    try:
        return Upid.parse(value)
    except InvalidInput as exc:
        raise ValueError(exc.message) from None


UpidValue = Annotated[Upid, PlainValidator(_upid, json_schema_input_type=str), PlainSerializer(str, return_type=str)]
"""A UPID field: validated by `Upid.parse`, serialized back to PVE's text."""

UPID: TypeAdapter[Upid] = TypeAdapter(UpidValue)
"""What task-starting calls return (POST .../status/start, snapshot, create, DELETE a guest)."""

OPTIONAL_UPID: TypeAdapter[Upid | None] = TypeAdapter(UpidValue | None)
"""POST /nodes/{node}/qemu/{vmid}/config: a UPID when PVE started a task, null when it did not need one."""

NO_DATA: TypeAdapter[None] = TypeAdapter(None)
"""Calls whose `data` is null (PUT config, PUT cloudinit, DELETE a task)."""


class PveVersion(PveModel):
    """GET /version."""

    version: str
    release: str
    repoid: str | None = None
    console: str | None = None


class NodeSummary(PveModel):
    """An item of GET /nodes."""

    node: str
    status: Literal["online", "offline", "unknown"]
    cpu: float | None = None
    maxcpu: int | None = None
    mem: int | None = None
    maxmem: int | None = None
    uptime: int | None = None
    level: str | None = None
    ssl_fingerprint: str | None = None


class NodeMemory(PveModel):
    total: int
    used: int
    free: int | None = None
    available: int | None = None


class NodeRootfs(PveModel):
    total: int
    used: int
    avail: int | None = None
    free: int | None = None


class CpuInfo(PveModel):
    model: str | None = None
    cpus: int | None = None
    sockets: int | None = None
    cores: int | None = None


class KernelInfo(PveModel):
    sysname: str
    release: str
    version: str
    machine: str


class BootInfo(PveModel):
    mode: str
    secureboot: bool | None = None


class NodeStatus(PveModel):
    """GET /nodes/{node}/status."""

    cpu: float
    memory: NodeMemory
    rootfs: NodeRootfs | None = None
    loadavg: list[str] | None = None
    cpuinfo: CpuInfo | None = None
    pveversion: str | None = None
    current_kernel: KernelInfo | None = Field(None, alias="current-kernel")
    boot_info: BootInfo | None = Field(None, alias="boot-info")


class Subscription(PveModel):
    """GET /nodes/{node}/subscription (`key` and `serverid` only with Sys.Audit)."""

    status: str
    message: str | None = None
    level: str | None = None
    productname: str | None = None
    nextduedate: str | None = None


class NetworkInterface(PveModel):
    """An item of GET /nodes/{node}/network: an interface as /etc/network/interfaces declares it.

    With changes pending (interfaces.new), the pending declaration; `active` and `exists` are the
    running system's.
    """

    iface: str
    type: str
    active: bool | None = None
    autostart: bool | None = None
    exists: bool | None = None
    method: str | None = None
    method6: str | None = None
    cidr: str | None = None
    cidr6: str | None = None
    gateway: str | None = None
    gateway6: str | None = None
    bridge_ports: str | None = None
    bridge_vlan_aware: bool | None = None
    bridge_vids: str | None = None
    slaves: str | None = None
    bond_mode: str | None = None
    vlan_id: int | None = Field(None, alias="vlan-id")
    vlan_raw_device: str | None = Field(None, alias="vlan-raw-device")
    mtu: int | None = None
    comments: str | None = None


class FirewallRule(PveModel):
    """An item of GET .../firewall/rules (cluster, node, guest, security group): a rule at its position.

    Every item carries the digest of the whole list (copy_list_with_digest), which a change by
    position sends back so that an edit made meanwhile is refused.
    """

    pos: int
    type: str = ""  # 8.4's schema leaves a group's rules' type and action out; PVE sends them
    action: str = ""
    digest: str | None = None
    enable: int | None = None
    macro: str | None = None
    source: str | None = None
    dest: str | None = None
    proto: str | None = None
    dport: str | None = None
    sport: str | None = None
    iface: str | None = None
    log: str | None = None
    comment: str | None = None


class FirewallOptions(PveModel):
    """GET .../firewall/options: the option set (which options exist depends on the level) and its digest."""

    digest: str | None = None
    enable: int | bool | None = None  # 0/1 at the cluster and on a node, a boolean on a guest
    policy_in: str | None = None
    policy_out: str | None = None
    log_level_in: str | None = None
    log_level_out: str | None = None


class FirewallAlias(PveModel):
    """An item of GET /cluster/firewall/aliases."""

    name: str
    cidr: str
    comment: str | None = None
    digest: str


class IpSet(PveModel):
    """An item of GET /cluster/firewall/ipset: an IP set's name."""

    name: str
    comment: str | None = None
    digest: str


class IpSetEntry(PveModel):
    """An item of GET /cluster/firewall/ipset/{name}: an address or network of the set."""

    cidr: str
    comment: str | None = None
    nomatch: bool | None = None
    digest: str


class FirewallGroup(PveModel):
    """An item of GET /cluster/firewall/groups: a security group's name."""

    group: str
    comment: str | None = None
    digest: str


class AptPackage(PveModel):
    """An item of GET /nodes/{node}/apt/update: a package with an update the last `apt update` found."""

    package: str | None = Field(None, alias="Package")
    version: str | None = Field(None, alias="Version")
    old_version: str | None = Field(None, alias="OldVersion")
    origin: str | None = Field(None, alias="Origin")


class ClusterResource(PveModel):
    """An item of GET /cluster/resources (nodes, guests, storage, pools, SDN: `type` tells which)."""

    id: str
    type: str
    node: str | None = None
    status: str | None = None
    name: str | None = None
    vmid: int | None = None
    template: bool | None = None
    lock: str | None = None
    tags: str | None = None
    pool: str | None = None
    hastate: str | None = None
    cpu: float | None = None
    maxcpu: float | None = None
    mem: int | None = None
    maxmem: int | None = None
    disk: int | None = None
    maxdisk: int | None = None
    uptime: int | None = None
    storage: str | None = None
    content: str | None = None
    plugintype: str | None = None
    shared: bool | None = None


@with_config(ConfigDict(coerce_numbers_to_str=True))
class GuestResource(TypedDict):
    """A guest of GET /cluster/resources?type=vm, with the fields a list reads, checked as ClusterResource's.

    A dict, not a model: a datacenter's answer holds 10,000 of them, and making a model of each
    costs several times the check of a typed dict (bench/bench_scale.py, docs/architecture.md);
    the fields and their types are the same.
    """

    type: str
    vmid: int
    node: NotRequired[str | None]
    status: NotRequired[str | None]
    name: NotRequired[str | None]
    template: NotRequired[bool | None]
    lock: NotRequired[str | None]
    tags: NotRequired[str | None]
    pool: NotRequired[str | None]
    cpu: NotRequired[float | None]
    maxcpu: NotRequired[float | None]
    mem: NotRequired[int | None]
    maxmem: NotRequired[int | None]
    maxdisk: NotRequired[int | None]
    uptime: NotRequired[int | None]


class ClusterStatusEntry(PveModel):
    """An item of GET /cluster/status: one `cluster` entry (when clustered) and one per node."""

    id: str
    name: str
    type: Literal["cluster", "node"]
    nodeid: int | None = None
    ip: str | None = None
    online: bool | None = None
    local: bool | None = None
    level: str | None = None
    quorate: bool | None = None
    nodes: int | None = None
    version: int | None = None


class GuestSummary(PveModel):
    """Fields GET /nodes/{node}/qemu and /lxc items share."""

    vmid: int
    status: Literal["running", "stopped"]
    name: str | None = None
    cpu: float | None = None
    cpus: float | None = None
    mem: int | None = None
    maxmem: int | None = None
    maxdisk: int | None = None
    uptime: int | None = None
    lock: str | None = None
    tags: str | None = None
    template: bool | None = None
    netin: int | None = None
    netout: int | None = None
    diskread: int | None = None
    diskwrite: int | None = None


class QemuSummary(GuestSummary):
    """An item of GET /nodes/{node}/qemu."""

    pid: int | None = None
    qmpstatus: str | None = None


class LxcSummary(GuestSummary):
    """An item of GET /nodes/{node}/lxc."""

    disk: int | None = None
    maxswap: int | None = None


class GuestStatus(GuestSummary):
    """Fields GET .../{vmid}/status/current shares between qemu and lxc: a list item's, and HA state."""

    ha: dict[str, object] | None = None


class QemuStatus(GuestStatus):
    """GET /nodes/{node}/qemu/{vmid}/status/current."""

    qmpstatus: str | None = None  # finer than `status`: "paused", "prelaunch", ...
    pid: int | None = None
    agent: bool | None = None
    running_qemu: str | None = Field(default=None, alias="running-qemu")
    running_machine: str | None = Field(default=None, alias="running-machine")


class LxcStatus(GuestStatus):
    """GET /nodes/{node}/lxc/{vmid}/status/current."""

    disk: int | None = None
    maxswap: int | None = None


_MEMORY_CURRENT = re.compile(r"^(?:current=)?(\d+)(?:,|$)")


class GuestConfig(PveModel):
    """Fields GET .../{vmid}/config shares; every other key (net0, scsi0, ...) stays in `model_extra`."""

    digest: str
    lock: str | None = None
    template: bool | None = None
    cores: int | None = None
    onboot: bool | None = None
    description: str | None = None
    tags: str | None = None

    def indexed(self, prefix: str) -> dict[str, str]:
        """The numbered keys of one kind, e.g. `indexed("net")` -> {"net0": "virtio=...,bridge=vmbr0"}."""
        pattern = re.compile(rf"^{re.escape(prefix)}\d+$")
        return {key: str(value) for key, value in (self.model_extra or {}).items() if pattern.match(key)}


class QemuConfig(GuestConfig):
    """GET /nodes/{node}/qemu/{vmid}/config."""

    name: str | None = None
    sockets: int | None = None
    memory: str | None = None  # a property string since PVE 8: "[current=]<MiB>"
    balloon: int | None = None
    ostype: str | None = None
    agent: str | None = None

    @property
    def memory_mib(self) -> int | None:
        """The configured memory in MiB (PVE's default of 512 applies when the key is absent)."""
        if self.memory is None:
            return None
        found = _MEMORY_CURRENT.match(self.memory)
        return int(found[1]) if found else None


class LxcConfig(GuestConfig):
    """GET /nodes/{node}/lxc/{vmid}/config."""

    hostname: str | None = None
    memory: int | None = None
    swap: int | None = None
    ostype: str | None = None
    arch: str | None = None
    rootfs: str | None = None
    unprivileged: bool | None = None


class IpAddress(PveModel):
    ip_address: str | None = Field(default=None, alias="ip-address")
    ip_address_type: str | None = Field(default=None, alias="ip-address-type")
    prefix: int | None = None


class LxcInterface(PveModel):
    """An item of GET /nodes/{node}/lxc/{vmid}/interfaces (PVE 8 sends no `ip-addresses`)."""

    name: str
    hwaddr: str | None = None
    inet: str | None = None
    inet6: str | None = None
    hardware_address: str | None = Field(default=None, alias="hardware-address")
    ip_addresses: list[IpAddress] | None = Field(default=None, alias="ip-addresses")


class RrdPoint(PveModel):
    """An item of GET .../rrddata; a metric PVE has no value for in that slot is absent."""

    time: int
    cpu: float | None = None
    maxcpu: float | None = None
    mem: float | None = None
    maxmem: float | None = None
    memused: float | None = None
    memtotal: float | None = None
    disk: float | None = None
    maxdisk: float | None = None
    diskread: float | None = None
    diskwrite: float | None = None
    netin: float | None = None
    netout: float | None = None
    loadavg: float | None = None
    iowait: float | None = None
    rootused: float | None = None
    roottotal: float | None = None
    swapused: float | None = None
    swaptotal: float | None = None


class Snapshot(PveModel):
    """An item of GET .../{vmid}/snapshot; the entry named "current" is the guest's present state."""

    name: str
    description: str = ""
    parent: str | None = None
    snaptime: int | None = None
    vmstate: bool | None = None  # qemu only: the snapshot includes RAM


class StorageConfig(PveModel):
    """An item of GET /storage: a storage's definition in storage.cfg (the schema names only `storage`)."""

    storage: str
    nodes: str | None = None


class StorageStatus(PveModel):
    """An item of GET /nodes/{node}/storage."""

    storage: str
    type: str
    content: str
    active: bool | None = None
    enabled: bool | None = None
    shared: bool | None = None
    total: int | None = None
    used: int | None = None
    avail: int | None = None
    used_fraction: float | None = None


class StorageContentItem(PveModel):
    """An item of GET /nodes/{node}/storage/{storage}/content."""

    volid: str
    format: str
    size: int
    content: str | None = None  # real PVE sends it ("iso", "images", ...); the schema does not list it
    vmid: int | None = None
    ctime: int | None = None
    used: int | None = None
    parent: str | None = None
    notes: str | None = None
    protected: bool | None = None


class TaskSummary(PveModel):
    """An item of GET /nodes/{node}/tasks."""

    upid: str
    node: str
    pid: int
    pstart: int
    starttime: int
    type: str
    id: str
    user: str
    endtime: int | None = None
    # "RUNNING" while active, then the exit status ("OK", "WARNINGS: 2", an error). A token's task is
    # listed as user "root@pam" plus a `tokenid` the schema does not declare: the UPID names both.
    status: str | None = None


class TaskStatus(PveModel):
    """GET /nodes/{node}/tasks/{upid}/status."""

    upid: str
    node: str
    pid: int
    pstart: int
    starttime: int
    type: str
    id: str
    user: str
    status: Literal["running", "stopped"]
    exitstatus: str | None = None  # set once stopped: "OK", "WARNINGS: n" or the error


class TaskLogLine(PveModel):
    """An item of GET /nodes/{node}/tasks/{upid}/log or /syslog (paged: `start`, `limit`, top-level `total`)."""

    n: int
    t: str


def no_content(total: int, lines: Sequence[TaskLogLine]) -> bool:
    """Whether a log answer is PVE's one placeholder line for an empty log (dump_logfile's and dump_journal's).

    ExtJS wants at least one line, so pve-common answers a log with none as `[{n: 1, t: "no content"}]`.
    """
    return total == 1 and len(lines) == 1 and lines[0].t == "no content"


class CloudInitItem(PveModel):
    """An item of GET /nodes/{node}/qemu/{vmid}/cloudinit: a cloud-init key, used and pending."""

    key: str
    value: str | None = None
    pending: str | None = None
    delete: int | None = None


class TokenPermissions(RootModel[dict[str, dict[str, bool]]]):
    """GET /access/permissions: ACL path -> privilege -> whether it propagates to sub-paths."""


class QemuMigrateCheck(PveModel):
    """GET /nodes/{node}/qemu/{vmid}/migrate: what PVE says of migrating the VM."""

    running: bool
    allowed_nodes: list[str] | None = None
    #: node -> why not (`unavailable_storages`, `blocking-ha-resources`)
    not_allowed_nodes: dict[str, dict[str, Any]] | None = None
    local_disks: list[dict[str, Any]] = Field(default_factory=list)
    local_resources: list[str] = Field(default_factory=list)

"""Arguments for a tool from its published input schema, with PVE's formats and the cluster's own names.

Every property gets a value of its schema's type within its schema's bounds (what a client that
reads the schema may send). Where the argument names something PVE knows, the value is one of:
a name the cluster has (so calls get past "not found" and reach PVE), a value in PVE's format
(tests.support.pve_values), or any text at all. The server must take the first two as PVE would
and refuse the rest with its own error, never with INTERNAL_ERROR.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from pvesim.simulator import Simulator
from tests.support import pve_values as pve

__all__ = ["Pools", "arguments"]

#: how long a change or a read may wait in these runs (the schema allows 600 s; the tasks take less)
_WAIT_AT_MOST = 2.0


@dataclass(frozen=True)
class Pools:
    """Names the cluster had when a test began, and the job ids the run had seen.

    Fixed for the test: hypothesis replays what it drew, and draws from lists that changed
    in between (a guest deleted, a job added) would not replay.
    """

    nodes: list[str]
    vmids: list[int]
    snapshots: list[str]
    storages: list[str]
    volids: list[str]
    upids: list[str]
    job_ids: list[str]

    @classmethod
    def now(cls, sim: Simulator, job_ids: list[str]) -> Pools:
        state = sim.state
        return cls(
            nodes=sorted(state.nodes),
            vmids=sorted(state.guests),
            snapshots=sorted({name for guest in state.guests.values() for name in guest.snapshots} - {"current"}),
            storages=sorted(state.storages),
            volids=sorted({volid for volumes in state.volumes.values() for volid in volumes}),
            upids=sorted(state.tasks)[-50:],
            job_ids=list(job_ids),
        )


def _some(values: list[Any]) -> st.SearchStrategy[Any]:
    return st.sampled_from(values) if values else st.nothing()


def _known(name: str, pools: Pools) -> st.SearchStrategy[Any] | None:
    """The values that mean something to PVE for an argument of this name, or None."""
    by_name: dict[str, st.SearchStrategy[Any]] = {
        "node": _some(pools.nodes),
        "vmid": st.one_of(_some(pools.vmids), st.integers(100, 999_999_999)),
        "confirm_vmid": _some(pools.vmids),
        "storage": _some(pools.storages),
        "ostemplate": _some([v for v in pools.volids if ":vztmpl/" in v]),
        "iso": _some([v for v in pools.volids if ":iso/" in v]),
        "hostname": pve.dns_names,
        "ip": pve.ipv4_configs,
        "gateway": pve.ipv4s,
        "nameserver": pve.address_lists,
        "searchdomain": pve.dns_name_lists,
        "password": pve.marked_passwords,
        "cipassword": pve.marked_passwords,
        "command": pve.commands,
        "job_id": _some(pools.job_ids),
        "upid": _some(pools.upids),
        "bridge": st.sampled_from(["vmbr0", "vmbr1"]),
        "ciuser": st.from_regex(r"[a-z_][a-z0-9_\-]{0,31}", fullmatch=True),
    }
    return by_name.get(name)


def _text(schema: dict[str, Any], tame: bool = False) -> st.SearchStrategy[str]:
    # a lone surrogate is no UTF-8: no client can send it (tests/e2e/test_jsonrpc_lines.py sends one raw)
    alphabet = st.characters(min_codepoint=0x20, max_codepoint=0x7E) if tame else st.characters(codec="utf-8")
    return st.text(alphabet, min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 80), 80))


def _of_type(name: str, schema: dict[str, Any], pools: Pools, tame: bool = False) -> st.SearchStrategy[Any]:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema:
        return st.one_of([_of_type(name, option, pools, tame) for option in schema["anyOf"]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([_of_type(name, {**schema, "type": one}, pools, tame) for one in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        low = schema.get("minimum", 0)
        return st.floats(low, min(schema.get("maximum", _WAIT_AT_MOST), _WAIT_AT_MOST), allow_nan=False)
    if kind == "array":
        items = schema.get("items", {})
        return st.lists(_value("item" if name != "sshkeys" else "sshkey", items, pools, tame), max_size=4)
    if kind == "object":  # ipconfig: ipconfigN by NIC index
        values = schema.get("additionalProperties", {})
        if tame:
            return st.dictionaries(st.integers(0, 33).map(str), pve.ipconfigs, max_size=3)
        keys = st.one_of(st.integers(0, 33).map(str), st.text(max_size=3))
        return st.dictionaries(keys, st.one_of(pve.ipconfigs, _text(values)), max_size=3)
    return _text(schema, tame)


def _value(name: str, schema: dict[str, Any], pools: Pools, tame: bool) -> st.SearchStrategy[Any]:
    """A value for this argument: tame, a known one or one in PVE's format; else that or anything of its type."""
    if name == "sshkey":
        return pve.ssh_keys if tame else st.one_of(pve.ssh_keys, _text(schema))
    known = _known(name, pools)
    if name == "name" and schema.get("maxLength") == 63:  # a guest's name: a dns-name
        known = pve.dns_names
    elif name == "name":  # a snapshot's
        known = st.one_of(_some(pools.snapshots), pve.snapshot_names)
    typed = _of_type(name, schema, pools, tame)
    if known is None or known.is_empty:  # (a pool the cluster has nothing in)
        return typed
    # a known value must also be one the schema allows (a vmid beyond a bound, a name too long)
    fitting = known.filter(lambda value: _fits(value, schema))
    return fitting if tame else st.one_of(fitting, typed)


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    if isinstance(value, str):
        return schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value))
    return True


def arguments(schema: dict[str, Any], pools: Pools) -> st.SearchStrategy[dict[str, Any]]:
    """Arguments of a call: the required properties, and any of the others.

    Half the calls are tame (every value one PVE or the cluster knows, or plain text), so that
    they get as far as PVE; the other half wild (any value may be any text of its type).
    """
    return st.booleans().flatmap(lambda tame: _arguments(schema, pools, tame))


def _arguments(schema: dict[str, Any], pools: Pools, tame: bool) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    strategies = {name: _value(name, prop, pools, tame) for name, prop in properties.items()}
    drawn = st.fixed_dictionaries(
        {name: s for name, s in strategies.items() if name in required},
        optional={name: s for name, s in strategies.items() if name not in required},
    )
    if "confirm_vmid" in properties:  # the VMID typed again: the same one, often enough to delete
        return st.tuples(drawn, st.booleans()).map(
            lambda pair: {**pair[0], "confirm_vmid": pair[0]["vmid"]} if pair[1] and "vmid" in pair[0] else pair[0]
        )
    return drawn

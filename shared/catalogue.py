"""The operation catalogue: every operation declared in shared/operations, in one tuple.

Each domain module declares its operations as constants (`CREATE_SNAPSHOT = Operation(...)`,
see shared.operations.operation); this module collects them, so a new operation in an
existing domain needs no line here. Both sides read the same tuple: the frontend builds one
tool per operation (or a tool module of its own runs it), the worker runs each job of an
operation with the handler registered on its constant. tests/test_registry.py checks that
every operation has its handler, its tool, its case in tests/test_catalogue_calls.py and its
row in docs/api_manifest.md.
"""

from __future__ import annotations

from types import ModuleType

from shared.operations import (
    access,
    agent,
    api,
    backup,
    clone,
    cloudinit,
    cluster,
    create,
    delete,
    disks,
    exec,
    firewall,
    fleet,
    guests,
    migrate,
    network,
    nodes,
    power,
    snapshots,
    storage,
    tasks,
    update,
    usage,
)
from shared.operations.operation import Operation

__all__ = ["CATALOGUE", "Operation", "group_of"]

#: reads first, then changes: the order tools are listed in
_DOMAINS: tuple[ModuleType, ...] = (
    nodes,
    access,
    network,
    firewall,
    guests,
    storage,
    usage,
    agent,
    cluster,
    power,
    create,
    cloudinit,
    update,
    snapshots,
    clone,
    migrate,
    backup,
    disks,
    fleet,
    exec,
    delete,
    tasks,
    api,
)


def _declared(modules: tuple[ModuleType, ...]) -> tuple[Operation, ...]:
    found = [value for module in modules for value in vars(module).values() if isinstance(value, Operation)]
    unique = list(dict.fromkeys(found))  # a module may import another's constant
    names = [op.name for op in unique]
    if len(set(names)) != len(names):
        raise TypeError(f"two operations share a name: {sorted(n for n in names if names.count(n) > 1)}")
    return tuple(sorted(unique, key=lambda op: op.changes))


CATALOGUE: tuple[Operation, ...] = _declared(_DOMAINS)

_GROUPS: dict[Operation, str] = {}
for _module in _DOMAINS:  # the first domain that has it: a later one may import its constant (fleet: power_control)
    for _value in vars(_module).values():
        if isinstance(_value, Operation):
            _GROUPS.setdefault(_value, _module.__name__.rsplit(".", 1)[-1])


def group_of(op: Operation) -> str:
    """The operation's tool group (its domain: `power`, `snapshots`), which `group:` scopes name (shared.caller).

    An operation outside the catalogue (a test build's) belongs to no group: only a caller without
    `group:` scopes may run it.
    """
    return _GROUPS.get(op, "")

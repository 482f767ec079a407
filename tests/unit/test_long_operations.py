"""The pure parts of the long operations: archive names from a vzdump log, disk sizes, a call's tier,
the privileges PVE states in prose."""

from __future__ import annotations

import pytest

from shared.catalogue import CATALOGUE
from shared.privileges import endpoint_needs
from shared.pve.schema import load_schema
from shared.safety import Tier
from workers.operations.backup import archives_in_log
from workers.operations.disks import disk_bytes

VZDUMP_LOG = [
    "INFO: starting new backup job: vzdump 100,101 --storage local --mode snapshot --compress zstd",
    "INFO: Starting Backup of VM 100 (qemu)",
    "INFO: creating vzdump archive '/var/lib/vz/dump/vzdump-qemu-100-2026_01_10-10_00_00.vma.zst'",
    "INFO:  50% (16.0 GiB of 32.0 GiB) in 41s, read: 400.0 MiB/s, write: 133.3 MiB/s",
    "INFO: Finished Backup of VM 100 (00:01:25)",
    "INFO: Starting Backup of VM 101 (lxc)",
    "INFO: creating vzdump archive '/var/lib/vz/dump/vzdump-lxc-101-2026_01_10-10_01_25.tar.zst'",
    "ERROR: Backup of VM 101 failed - vma_queue_write: write error - No space left on device",
    "INFO: Starting Backup of VM 102 (qemu)",
    "INFO: creating Proxmox Backup Server archive 'vm/102/2026-01-10T09:02:00Z'",
    "INFO: Finished Backup of VM 102 (00:00:10)",
    "INFO: Backup job finished with errors",
]


def test_archives_are_named_only_for_the_guests_whose_backup_finished() -> None:
    assert [(a.vmid, a.volid) for a in archives_in_log(VZDUMP_LOG, "local")] == [
        (100, "local:backup/vzdump-qemu-100-2026_01_10-10_00_00.vma.zst"),
        (102, "local:backup/vm/102/2026-01-10T09:02:00Z"),
    ]


@pytest.mark.parametrize(
    ("size", "expected"),
    [("32G", 32 * 1024**3), ("512M", 512 * 1024**2), ("1.5T", int(1.5 * 1024**4)), ("4096", 4096), ("8K", 8192)],
)
def test_disk_sizes_are_read_in_pves_binary_units(size: str, expected: int) -> None:
    assert disk_bytes(size) == expected


@pytest.mark.parametrize(("force", "tier"), [(True, Tier.CRITICAL), (False, Tier.RESTRICTED), (None, Tier.RESTRICTED)])
def test_a_restore_is_critical_only_when_it_is_forced(force: bool | None, tier: Tier) -> None:
    restore = next(op for op in CATALOGUE if op.name == "restore_backup")
    assert restore.tier_of({"force": force} if force is not None else {}) is tier


def test_the_critical_arguments_are_a_forced_restore_and_taking_a_guest_out_of_ha() -> None:
    assert {op.name: op.critical_if for op in CATALOGUE if op.critical_if} == {
        "restore_backup": "force",
        "set_ha_resource": "remove",
    }


def _needs(method: str, path: str) -> list[tuple[str, tuple[str, ...], str]]:
    endpoint = load_schema("9.1").endpoint(path, method)  # type: ignore[arg-type]  # a method name
    assert endpoint is not None
    return [(need.path, need.privileges, need.kind.value) for need in endpoint_needs(endpoint)]


def test_vzdump_needs_vm_backup_on_the_guest_and_space_on_the_storage_and_the_rest_only_for_its_options() -> None:
    assert _needs("POST", "/nodes/{node}/vzdump") == [
        ("/vms/{vmid}", ("VM.Backup",), "required"),
        ("/storage/{storage}", ("Datastore.AllocateSpace",), "required"),
        ("/storage/{storage}", ("Datastore.Allocate",), "conditional"),
        ("/", ("Sys.Modify",), "conditional"),
    ]


def test_move_disk_needs_its_check_and_space_on_the_target_storage() -> None:
    assert _needs("POST", "/nodes/{node}/qemu/{vmid}/move_disk") == [
        ("/vms/{vmid}", ("VM.Config.Disk",), "required"),
        ("/storage/{storage}", ("Datastore.AllocateSpace",), "required"),
    ]


def test_a_condition_earlier_in_a_sentence_holds_for_its_later_clauses() -> None:
    # "... and if you have set 'todisk', you need also 'VM.Config.Disk' ... and 'Datastore.AllocateSpace' ..."
    assert _needs("POST", "/nodes/{node}/qemu/{vmid}/status/suspend") == [
        ("/vms/{vmid}", ("VM.PowerMgmt",), "required")
    ]

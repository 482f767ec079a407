"""ISOs and templates downloaded into a storage, through the MCP client, as an admin fetches a new installer."""

from __future__ import annotations

import pytest
from mcp import Client

from pvesim.routes.downloads import download_checksum, download_size
from tests.support.agent import call, error_of
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


def _posts(stack: Stack) -> int:
    return sum(1 for r in stack.sim.requests if r.method == "POST" and r.path.endswith("/download-url"))


async def test_an_iso_downloaded_with_its_checksum_is_listed_and_its_task_log_says_verified(
    mcp: Client, stack: Stack
) -> None:
    url = "https://cdimage.example.org/debian/debian-13.2.0-amd64-netinst.iso"
    report = await call(
        mcp,
        "download_to_storage",
        node="pve1",
        storage="local",
        url=url,
        checksum=download_checksum(url, "sha512"),
        confirmed=True,
    )
    assert report["state"] == "succeeded" and report["upid"].split(":")[5] == "download"
    result = report["result"]
    assert result["volid"] == "local:iso/debian-13.2.0-amd64-netinst.iso"
    assert result["size_bytes"] == download_size(url) and result["checksum_verified"] is True
    listed = await call(mcp, "list_storage_content", node="pve1", storage="local")
    assert result["volid"] in {item["volid"] for item in listed["items"]}
    log = await call(mcp, "get_task_log", job_id=report["job_id"], limit=100)
    lines = [line["t"] for line in log["lines"]]
    assert "OK, checksum verified" in lines and any(" 50% " in line for line in lines)


async def test_a_template_takes_the_file_name_given(mcp: Client, stack: Stack) -> None:
    report = await call(
        mcp,
        "download_to_storage",
        node="pve2",
        storage="local",
        url="https://mirror.example.org/images/rootfs.tar.xz?release=12",
        content="vztmpl",
        filename="debian-12-custom_amd64.tar.xz",
        confirmed=True,
    )
    assert report["result"]["volid"] == "local:vztmpl/debian-12-custom_amd64.tar.xz"
    volume = stack.sim.state.volume_bucket("pve2", "local")["local:vztmpl/debian-12-custom_amd64.tar.xz"]
    assert (volume.content, volume.format) == ("vztmpl", "txz")


async def test_a_checksum_mismatch_fails_the_task_quoting_it_and_leaves_no_file(mcp: Client, stack: Stack) -> None:
    url = "https://cdimage.example.org/alpine/alpine-virt-3.22.iso"
    error = await error_of(
        mcp, "download_to_storage", node="pve1", storage="local", url=url, checksum="ab" * 32, confirmed=True
    )
    assert "PVE_TASK_FAILED" in error and "checksum mismatch" in error and "ab" * 32 in error
    assert "local:iso/alpine-virt-3.22.iso" not in stack.sim.state.volume_bucket("pve1", "local")


async def test_a_url_the_node_cannot_reach_fails_with_pves_own_error(mcp: Client, stack: Stack) -> None:
    error = await error_of(
        mcp, "download_to_storage", node="pve1", storage="local", url="https://mirror.nowhere.invalid/a.iso",
        confirmed=True,
    )  # fmt: skip
    assert "PVE_TASK_FAILED" in error and "exit code 4" in error
    assert "unable to resolve host address 'mirror.nowhere.invalid'" in error  # the log line, quoted


async def test_what_cannot_work_is_refused_before_anything_is_sent(mcp: Client, stack: Stack) -> None:
    sent = _posts(stack)
    existing = next(v for v in stack.sim.state.volume_bucket("pve1", "local") if ":iso/" in v)
    name = existing.split("/", 1)[1]
    conflict = await error_of(
        mcp, "download_to_storage", node="pve1", storage="local", url=f"https://example.org/{name}", confirmed=True
    )
    assert "CONFLICT" in conflict and existing in conflict
    extension = await error_of(
        mcp, "download_to_storage", node="pve1", storage="local", url="https://example.org/a.exe", confirmed=True
    )
    assert "VALIDATION_ERROR" in extension and ".iso or .img" in extension
    content = await error_of(
        mcp, "download_to_storage", node="pve1", storage="local-lvm", url="https://example.org/b.iso", confirmed=True
    )
    assert "VALIDATION_ERROR" in content and "does not hold iso" in content
    storage = await error_of(
        mcp, "download_to_storage", node="pve1", storage="nfs-isos", url="https://example.org/c.iso", confirmed=True
    )
    assert "NOT_FOUND" in storage and "nfs-isos" in storage
    assert _posts(stack) == sent


async def test_an_iso_is_deleted_and_a_backup_needs_its_volid_typed_again(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    key, iso = next((key, v) for key, bucket in sim.state.volumes.items() for v in bucket if ":iso/" in v)
    node = key[0] or "pve1"  # a shared storage's volumes are every node's
    deleted = await call(changes, "delete_volume", node=node, volid=iso, confirmed=True)
    assert deleted["state"] == "succeeded" and deleted["upid"].split(":")[5] == "imgdel"
    assert deleted["result"]["content"] == "iso" and iso not in sim.state.volumes[key]
    backup = "local:backup/vzdump-qemu-100-2026_01_01-00_00_00.vma.zst"  # refused before any lookup
    untyped = await error_of(changes, "delete_volume", node=node, volid=backup, confirmed=True)
    assert untyped.startswith("VALIDATION_ERROR") and "confirm_volid" in untyped


async def test_a_disk_a_guest_still_names_is_not_deleted(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and "scsi0" in g.config and not g.template)
    disk = vm.config["scsi0"].split(",", 1)[0]
    refused = await error_of(changes, "delete_volume", node=vm.node, volid=disk, confirm_volid=disk, confirmed=True)
    assert refused.startswith("CONFLICT") and f"{disk} is in use by VM {vm.vmid} as scsi0" in refused
    missing = await error_of(changes, "delete_volume", node="pve1", volid="local:iso/nothing.iso", confirmed=True)
    assert missing.startswith("NOT_FOUND")


async def test_deleting_a_backup_is_critical(mcp: Client, stack: Stack) -> None:
    backup = next(v for bucket in stack.sim.state.volumes.values() for v in bucket if ":backup/" in v)
    refused = await error_of(mcp, "delete_volume", node="pve1", volid=backup, confirm_volid=backup, confirmed=True)
    assert refused.startswith("DANGER_DISABLED")

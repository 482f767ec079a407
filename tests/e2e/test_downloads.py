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

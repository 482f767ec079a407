"""Downloading an ISO or container template into a storage (pve-storage's download-url), as a `download` task.

pvesim reaches no network: a URL's host or path says what the download meets. A host under
`.invalid` does not resolve (wget's exit code 4), a path holding `/missing/` answers 404 (exit
code 8); any other URL serves a file whose bytes are the URL itself, so its checksum is
`download_checksum(url, algorithm)`. The log reads as PVE::Tools::download_file_from_url's.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any
from urllib.parse import urlsplit

from pvesim.call import Call, route
from pvesim.disks import VZTMPL_FORMATS, volume_path
from pvesim.errors import ApiError, param_error
from pvesim.state import Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__ = ["download_checksum", "download_size"]

#: PVE::Storage's ISO_EXT_RE_0 and VZTMPL_EXT_RE_1 (import: the disk images and OVAs it can read)
_EXTENSIONS = {
    "iso": re.compile(r"\.(?:iso|img)$", re.IGNORECASE),
    "vztmpl": re.compile(r"\.tar\.(?:gz|xz|zst|bz2)$", re.IGNORECASE),
    "import": re.compile(r"\.(?:ova|ovf|qcow2|raw|vmdk)$", re.IGNORECASE),
}
_FILE_BASED = ("dir", "nfs", "cifs", "cephfs", "glusterfs", "btrfs")
_DOTS = 6  # progress lines a download logs, as wget's dot:giga lines


def download_checksum(url: str, algorithm: str) -> str:
    return hashlib.new(algorithm, url.encode()).hexdigest()


def download_size(url: str) -> int:
    """The file's size: 256 to 767 MiB, the same for a URL every time."""
    return (256 + int(hashlib.sha256(url.encode()).hexdigest(), 16) % 512) * 1024**2


def _normalized(filename: str) -> str:
    """normalize_content_filename: characters outside [-_.a-zA-Z0-9] become underscores."""
    return re.sub(r"[^-_.a-zA-Z0-9]", "_", filename)


def _format(content: str, filename: str) -> str:
    """The format pve-storage lists: iso, a template's compression (tzst for .tar.zst), an import's extension."""
    if content == "iso":
        return "iso"
    extension = filename.rsplit(".", 1)[-1].lower()
    if content == "vztmpl":
        return VZTMPL_FORMATS[extension]
    return extension


def _wget(url: str, target: str, verify: bool) -> str:
    insecure = "" if verify else " --no-check-certificate"
    return f"command '/usr/bin/wget -q{insecure} --show-progress --progress=dot:giga -O '{target}' '{url}''"


@route("POST", "/nodes/{node}/storage/{storage}/download-url")
async def download_url(call: Call) -> Any:
    state = call.core.state
    params = call.params
    storage = state.storages.get(str(params["storage"]))
    if storage is None or not storage.available_on(call.node):
        raise ApiError(500, f"storage '{params['storage']}' does not exist")
    if storage.type not in _FILE_BASED:
        raise ApiError(500, f"can't upload to storage type '{storage.type}', not a file based storage!")
    content = str(params["content"])
    if content not in storage.content:
        raise ApiError(500, f"storage '{storage.storage}' is not configured for content-type '{content}'")
    filename = _normalized(str(params["filename"]))
    if not _EXTENSIONS[content].search(filename):
        raise param_error({"filename": "wrong file extension"})
    url = str(params["url"])
    volid = f"{storage.storage}:{content}/{filename}"
    path = volume_path(state, volid)
    checksum, algorithm = params.get("checksum"), params.get("checksum-algorithm")
    verify = bool(params.get("verify-certificates", 1))

    async def work(context: TaskContext) -> Effect:
        temporary = f"{path}.tmp_dwnl.{context.task.pid}"
        context.log(f"downloading {url} to {path}")
        host = urlsplit(url).hostname or ""
        await context.pause(0.1)
        if host.endswith(".invalid"):
            context.log(f"wget: unable to resolve host address '{host}'")
            raise TaskFailed(f"{_wget(url, temporary, verify)} failed: exit code 4")
        if "/missing/" in url:
            context.log("HTTP request sent, awaiting response... 404 Not Found")
            raise TaskFailed(f"{_wget(url, temporary, verify)} failed: exit code 8")
        size = download_size(url)
        context.log(f"Length: {size} ({size // 1024**2}M) [application/octet-stream]")
        context.log(f"Saving to: '{temporary}'")
        chunk = size // 1024 // _DOTS
        for step in range(1, _DOTS + 1):
            await context.pause(0.8 / _DOTS)
            percent = 100 * step // _DOTS
            dots = "........ " * 6
            context.log(f"{(step - 1) * chunk:>8}K {dots}{percent:3}% 118M 1s")
        if checksum is not None and algorithm is not None:
            context.log("calculating checksum...")
            got = download_checksum(url, str(algorithm))
            if got != str(checksum).lower():
                raise TaskFailed(f"checksum mismatch: got '{got}' != expect '{str(checksum).lower()}'")
            context.log("OK, checksum verified")
        context.log(f"download of '{temporary}' to '{path}' finished")

        def effect() -> None:
            state.add_volume(call.node, Volume(volid, content, size, _format(content, filename)))

        return effect

    return call.start_task("download", work, guest=None, task_id=filename)

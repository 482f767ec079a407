"""The image's pinned runtime dependencies: proxmox-mcp's requirements (no extras) and theirs, as installed here.

`python -m tests.support.pins > requirements-image.txt` rewrites the file the Dockerfile installs,
from the versions this virtual environment (where the tests pass) holds.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, distribution

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

__all__ = ["HEADER", "installed_closure", "read_pins", "render", "unpinned_requirements"]

PROJECT = "proxmox-mcp"
HEADER = """\
# The image's runtime dependencies, pinned (the Dockerfile installs exactly these, then the
# project with --no-deps). The versions the test suite passes with; regenerate after a
# dependency change with:  .venv/bin/python -m tests.support.pins > requirements-image.txt
"""


def _applies(requirement: Requirement) -> bool:
    """True when the requirement applies to an install without extras on this platform."""
    return requirement.marker is None or requirement.marker.evaluate({"extra": ""})


def installed_closure(project: str = PROJECT) -> dict[str, str]:
    """Every distribution the project needs at run time (transitively), with its installed version."""
    found: dict[str, str] = {}
    pending = [Requirement(text) for text in distribution(project).requires or []]
    while pending:
        requirement = pending.pop()
        name = canonicalize_name(requirement.name)
        if name in found or not _applies(requirement):
            continue
        dist = distribution(requirement.name)
        found[name] = dist.version
        pending.extend(Requirement(text) for text in dist.requires or [])
    return dict(sorted(found.items()))


def unpinned_requirements(pins: dict[str, str]) -> set[str]:
    """Requirements of pinned packages that are not pinned themselves.

    Read from the installed metadata of each package installed here at its pinned version (its
    requirements are then exactly the image's); a package installed at another version is skipped.
    """
    missing: set[str] = set()
    for name, version in pins.items():
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue
        if dist.version != version:
            continue
        for text in dist.requires or []:
            requirement = Requirement(text)
            if _applies(requirement) and canonicalize_name(requirement.name) not in pins:
                missing.add(f"{requirement.name} (needed by {name})")
    return missing


def render(pins: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in pins.items())


def read_pins(text: str) -> dict[str, str]:
    """`name==version` lines of a requirements file, by canonical name."""
    pins: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version
    return pins


if __name__ == "__main__":
    sys.stdout.write(render(installed_closure()))

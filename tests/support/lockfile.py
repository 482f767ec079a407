"""The locks in requirements/ (pip's hashed requirements, resolved by uv in scripts/lock.sh), read and compared.

`python -m tests.support.lockfile --not-locked requirements/dev.txt` prints the distributions
installed here that the lock does not name; setup.sh uninstalls them, so that a virtual
environment set up from the lock holds the lock and nothing else.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, distribution, distributions
from pathlib import Path

from packaging.markers import Marker, default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from shared.release import DISTRIBUTION

__all__ = [
    "PROJECT",
    "Pin",
    "ever_applies",
    "installed_not_locked",
    "locked_not_installed",
    "read_lock",
    "unlocked_requirements",
]

PROJECT = DISTRIBUTION


#: the Pythons and platforms the locks are resolved for (scripts/lock.sh: --universal, 3.11 and newer)
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
PLATFORMS = (
    ("linux", "Linux", "posix"),
    ("darwin", "Darwin", "posix"),
    ("win32", "Windows", "nt"),
    ("emscripten", "Emscripten", "posix"),
)


def _environments() -> list[dict[str, str]]:
    here = default_environment()
    return [
        {
            **here,
            "python_version": python,
            "python_full_version": f"{python}.0",
            "sys_platform": sys_platform,
            "platform_system": system,
            "os_name": os_name,
            "extra": "",
        }
        for python in PYTHONS
        for sys_platform, system, os_name in PLATFORMS
    ]


def ever_applies(marker: Marker | None, extras: frozenset[str] = frozenset()) -> bool:
    """True when a requirement applies on some Python and platform the locks are for, with these extras."""
    if marker is None:
        return True
    return any(marker.evaluate(env | {"extra": extra}) for env in _environments() for extra in {"", *extras})


@dataclass(frozen=True)
class Pin:
    """One locked distribution: `name==version ; marker --hash=...`."""

    name: str
    version: str
    marker: Marker | None
    hashes: frozenset[str]

    def applies(self) -> bool:
        """True when pip installs this pin on this machine's Python and platform."""
        return self.marker is None or self.marker.evaluate()


def read_lock(path: Path) -> dict[str, Pin]:
    """The pins of a hashed requirements file, by canonical name."""
    pins: dict[str, Pin] = {}
    for entry in path.read_text(encoding="utf-8").replace("\\\n", " ").splitlines():
        line = entry.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        words = line.split()
        hashes = frozenset(w.removeprefix("--hash=") for w in words if w.startswith("--hash="))
        requirement = Requirement(" ".join(w for w in words if not w.startswith("--hash=")))
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"{path.name}: {requirement} is not pinned"
        name = canonicalize_name(requirement.name)
        pins[name] = Pin(name, specifier.version, requirement.marker, hashes)
    return pins


def unlocked_requirements(pins: dict[str, Pin]) -> set[str]:
    """Requirements of locked distributions that the lock does not name.

    Read from the metadata of each distribution installed here at its locked version; a
    requirement counts when it applies on any Python and platform the lock is for.
    """
    missing: set[str] = set()
    for pin in pins.values():
        try:
            dist = distribution(pin.name)
        except PackageNotFoundError:
            continue
        if dist.version != pin.version:
            continue
        for text in dist.requires or []:
            requirement = Requirement(text)
            if ever_applies(requirement.marker) and canonicalize_name(requirement.name) not in pins:
                missing.add(f"{requirement.name} (needed by {pin.name})")
    return missing


def locked_not_installed(pins: dict[str, Pin]) -> dict[str, str]:
    """Pins that apply here but are missing or at another version: name -> what is installed."""
    wrong: dict[str, str] = {}
    for pin in pins.values():
        if not pin.applies():
            continue
        try:
            version = distribution(pin.name).version
        except PackageNotFoundError:
            version = "not installed"
        if version != pin.version:
            wrong[pin.name] = f"{version}, locked {pin.version}"
    return wrong


def installed_not_locked(pins: dict[str, Pin]) -> list[str]:
    """Distributions installed here that the lock does not name (the project itself aside)."""
    names = {canonicalize_name(dist.metadata["Name"]) for dist in distributions()}
    return sorted(names - pins.keys() - {PROJECT})


if __name__ == "__main__":
    if sys.argv[1:2] != ["--not-locked"] or len(sys.argv) != 3:
        sys.exit("usage: python -m tests.support.lockfile --not-locked LOCKFILE")
    print("\n".join(installed_not_locked(read_lock(Path(sys.argv[2])))))

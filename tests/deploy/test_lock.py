"""The locks agree with pyproject.toml, and this environment holds exactly the lock.

setup.sh and .ci/run install requirements/dev.txt and nothing else, so the suite runs in a
virtual environment made from the lock: the last test compares the two. The others fail when
pyproject.toml changes without `scripts/lock.sh`, or a lock is edited by hand.
"""

from __future__ import annotations

import json
import subprocess
import tomllib
from importlib.metadata import PackageNotFoundError, distribution

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.support.compose import ROOT
from tests.support.lockfile import (
    PROJECT,
    Pin,
    ever_applies,
    installed_not_locked,
    locked_not_installed,
    read_lock,
    unlocked_requirements,
)
from tests.support.node_clients import NODE_CLIENTS

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DEV = read_lock(ROOT / "requirements" / "dev.txt")
RUNTIME = read_lock(ROOT / "requirements" / "runtime.txt")
RELOCK = "run scripts/lock.sh"


def _requirements(*texts: str) -> list[Requirement]:
    return [Requirement(text) for text in texts]


def _runtime() -> list[Requirement]:
    return _requirements(*PYPROJECT["project"]["dependencies"])


def _dev() -> list[Requirement]:
    build_in = (ROOT / "requirements" / "build.in").read_text(encoding="utf-8").splitlines()
    return [
        *_runtime(),
        *_requirements(*PYPROJECT["project"]["optional-dependencies"]["dev"]),
        *_requirements(*PYPROJECT["build-system"]["requires"]),
        *_requirements(*(line for line in build_in if line.strip() and not line.startswith("#"))),
    ]


def _reached(roots: list[Requirement]) -> set[str]:
    """The distributions the roots need, transitively (extras included), on any platform the lock is for."""
    walked: set[tuple[str, frozenset[str]]] = set()
    pending = [(canonicalize_name(r.name), frozenset(r.extras)) for r in roots]
    while pending:
        name, extras = pending.pop()
        if (name, extras) in walked:
            continue
        walked.add((name, extras))
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue  # locked for another platform (pywin32, colorama): checked by its version alone
        for text in dist.requires or []:
            needed = Requirement(text)
            if ever_applies(needed.marker, extras):
                pending.append((canonicalize_name(needed.name), frozenset(needed.extras)))
    return {name for name, _ in walked}


@pytest.mark.parametrize(("lock", "roots"), [("dev.txt", _dev), ("runtime.txt", _runtime)])
def test_each_lock_pins_every_requirement_of_pyproject_within_its_range(lock: str, roots: object) -> None:
    pins = read_lock(ROOT / "requirements" / lock)
    assert callable(roots)
    for requirement in roots():
        pin = pins.get(canonicalize_name(requirement.name))
        assert pin is not None, f"{requirement.name} is not in requirements/{lock}; {RELOCK}"
        assert requirement.specifier.contains(pin.version, prereleases=True), (
            f"requirements/{lock} pins {pin.name} {pin.version}, outside pyproject's {requirement}; {RELOCK}"
        )


@pytest.mark.parametrize(("lock", "roots"), [("dev.txt", _dev), ("runtime.txt", _runtime)])
def test_each_lock_holds_what_pyproject_needs_and_nothing_more(lock: str, roots: object) -> None:
    pins = read_lock(ROOT / "requirements" / lock)
    assert callable(roots)
    assert not unlocked_requirements(pins), f"requirements/{lock} misses dependencies; {RELOCK}"
    unneeded = sorted(pins.keys() - _reached(roots()))
    assert not unneeded, f"requirements/{lock} pins what pyproject no longer needs: {unneeded}; {RELOCK}"
    assert PROJECT not in pins


def test_every_pin_is_hashed_and_the_image_lock_agrees_with_the_dev_lock() -> None:
    unhashed = sorted(name for name, pin in (DEV | RUNTIME).items() if not pin.hashes)
    assert not unhashed, f"pins without a hash: {unhashed}"
    differ: dict[str, tuple[Pin, Pin | None]] = {n: (p, DEV.get(n)) for n, p in RUNTIME.items() if DEV.get(n) != p}
    assert not differ, f"requirements/runtime.txt and dev.txt disagree on {sorted(differ)}; {RELOCK}"
    dev_tools = {
        canonicalize_name(r.name) for r in _requirements(*PYPROJECT["project"]["optional-dependencies"]["dev"])
    }
    assert not dev_tools & RUNTIME.keys(), "the image would carry a dev tool"


def test_this_environment_holds_exactly_the_dev_lock() -> None:
    # the suite runs in the virtual environment setup.sh made from the lock (CI: a fresh one)
    assert locked_not_installed(DEV) == {}, "this environment is not the lock's; run ./setup.sh"
    assert installed_not_locked(DEV) == [], "installed here but not locked; run ./setup.sh"
    assert distribution(PROJECT).version == PYPROJECT["project"]["version"]


def test_the_node_clients_lock_pins_exactly_what_package_json_names() -> None:
    manifest = json.loads((NODE_CLIENTS / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((NODE_CLIENTS / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == manifest["dependencies"], "run npm install --prefix tests/node"
    for name, version in manifest["dependencies"].items():
        assert version[0].isdigit(), f"{name} {version}: package.json pins exact versions"
        locked = lock["packages"][f"node_modules/{name}"]
        assert (locked["version"], locked["integrity"].startswith("sha512-")) == (version, True)
    for path, entry in lock["packages"].items():
        assert not path or entry.get("integrity") or entry.get("link"), f"{path} has no integrity hash"
        installed = NODE_CLIENTS / path / "package.json"
        if path and installed.exists():  # installed by npm ci: exactly the lock's version
            assert json.loads(installed.read_text(encoding="utf-8"))["version"] == entry["version"], path


def test_the_lock_script_parses_and_refuses_an_unknown_option_before_doing_anything() -> None:
    # running it for real needs the index and reinstalls .venv; its parse and its argument check need neither
    script = ROOT / "scripts" / "lock.sh"
    assert subprocess.run(["bash", "-n", str(script)], capture_output=True, check=False).returncode == 0
    done = subprocess.run(["bash", str(script), "--bogus"], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr.strip()) == (2, "usage: scripts/lock.sh [--upgrade] [--no-test]")

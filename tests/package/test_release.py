"""The release a user downloads: what PyPI shows of it, what the wheel holds, and one version everywhere.

server.json is the MCP Registry's entry. Its schema (2025-12-11) could not be vendored from
this machine (docs/install.md, "Publishing"), so the entry is checked here against what the
registry and the server need of it: the fields, the name the README and the image claim, and
every variable a setting the server reads, marked secret exactly where the setting is one.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

from shared.release import DISTRIBUTION
from tests.support.build_context import stages
from tests.support.release import README, ROOT, Dist, built, project, server_json, setting_variables

pytestmark = pytest.mark.timeout(300)

NAME_PATTERN = r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"  # the registry's server name: reverse-DNS namespace / name


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    return built(tmp_path_factory.mktemp("dist"))


def test_the_distributions_pass_twine_check(dist: Dist) -> None:
    twine = Path(sys.executable).with_name("twine")
    done = subprocess.run(
        [twine, "check", "--strict", dist.sdist, dist.wheel], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_carries_what_a_pypi_page_and_the_demo_need(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = set(wheel.namelist())
        info = f"{DISTRIBUTION.replace('-', '_')}-{project()['version']}.dist-info"
        metadata = HeaderParser().parsestr(wheel.read(f"{info}/METADATA").decode())
        scripts = wheel.read(f"{info}/entry_points.txt").decode()
    assert metadata["Name"] == DISTRIBUTION
    assert metadata["License-Expression"] == "MIT"
    assert f"{info}/licenses/LICENSE" in names
    urls = dict(value.split(", ", 1) for value in metadata.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues", "Changelog"} <= urls.keys()
    assert any(c.startswith("Programming Language :: Python :: 3.11") for c in metadata.get_all("Classifier"))
    assert metadata["Description-Content-Type"] == "text/markdown"
    # the demo: pvesim, the PVE schema it answers by, and the published tool list
    assert {"pvesim/__main__.py", "pvesim/demo.py", "mcp_frontend/tools.json"} <= names
    assert {"shared/pve/apidoc/apidoc-9.1.json.gz", "shared/pve/apidoc/apidoc-8.4.json.gz"} <= names
    for command in ("proxmox-mcp", "proxmox-mcp-worker", "pvesim", DISTRIBUTION):
        assert re.search(rf"^{command} = ", scripts, re.M), command
    # nothing of the checkout's own: no tests, secrets or certificates
    assert not [n for n in names if n.startswith(("tests/", "certs/", "bench/", "scripts/")) or n.endswith(".env")]


def test_the_sdist_builds_the_same_packages_without_the_tests(dist: Dist) -> None:
    with tarfile.open(dist.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml", "pvesim/demo.py"} <= names
    assert {"shared/pve/apidoc/apidoc-9.1.json.gz", "mcp_frontend/tools.json"} <= names
    assert not [n for n in names if n.startswith(("tests/", ".env", "certs/"))]


def test_one_version_is_named_by_the_changelog_server_json_and_the_image_entry() -> None:
    version = project()["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text()
    releases = re.findall(r"^## \[(\d[^\]]*)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert releases and releases[0] == version, "CHANGELOG.md's newest release must be pyproject's version"
    entry = server_json()
    assert entry["version"] == version
    packages = {package["registryType"]: package for package in entry["packages"]}
    assert packages["pypi"]["version"] == version
    assert packages["pypi"]["identifier"] == DISTRIBUTION
    assert packages["oci"]["identifier"].endswith(f":{version}")


def test_server_json_is_a_registry_entry_whose_name_the_readme_and_the_image_claim() -> None:
    entry = server_json()
    assert entry["$schema"] == "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
    assert re.match(NAME_PATTERN, entry["name"])
    assert 1 <= len(entry["description"]) <= 100
    assert entry["repository"]["source"] == "github"
    assert entry["repository"]["url"] == project()["urls"]["Source"]
    # PyPI ownership: the registry looks for this line in the package's README
    assert f"mcp-name: {entry['name']}" in README.read_text()
    # OCI ownership: the registry reads this label of the image
    labels = " ".join(i.arguments for i in stages(ROOT / "Dockerfile")[-1] if i.keyword == "LABEL")
    assert f'io.modelcontextprotocol.server.name="{entry["name"]}"' in labels
    for package in entry["packages"]:
        assert package["transport"] == {"type": "stdio"}
        assert package["registryType"] in {"pypi", "oci"}


def test_server_json_names_settings_that_exist_and_marks_every_secret() -> None:
    variables = setting_variables()
    required = {"PROXMOX_URL", "PROXMOX_TOKEN_NAME", "PROXMOX_TOKEN_VALUE"}
    for package in server_json()["packages"]:
        declared = {v["name"]: v for v in package["environmentVariables"]}
        assert declared.keys() <= variables.keys(), sorted(declared.keys() - variables.keys())
        assert {name for name, v in declared.items() if v["isRequired"]} == required
        for name, v in declared.items():
            assert v["isSecret"] is variables[name], f"{name}: isSecret must be {variables[name]}"
            assert v["description"]
            assert v.get("format", "string") in {"string", "number", "boolean", "filepath"}
        # the settings a user must give to reach a cluster and to share a Redis are all declared
        assert {*required, "PROXMOX_CA_BUNDLE", "REDIS_URL", "PROXMOX_MCP_JOB_KEY"} <= declared.keys()

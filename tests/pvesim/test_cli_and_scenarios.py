"""`python -m pvesim` as a user runs it, and the clusters it can serve."""

from __future__ import annotations

import json
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from pvesim.__main__ import main, parse_args
from pvesim.config import SimConfig
from pvesim.demo import demo_simulator
from pvesim.simulator import Simulator
from shared.settings import Settings
from tests.support.pve_api import make_client


@pytest.fixture
def cli_process(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], dict[str, str]]]:
    with subprocess.Popen(
        [sys.executable, "-m", "pvesim", "--port", "0", "--token-secret", "cli-secret", "--state-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    ) as process:
        banner: dict[str, str] = {}
        deadline = time.monotonic() + 20
        assert process.stdout is not None
        while "Try" not in banner and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            key, _, value = line.partition(":")
            banner[key.strip()] = value.strip()
        try:
            yield process, banner
        finally:
            process.terminate()
            process.wait(timeout=10)


def test_cli_prints_url_token_and_ca_and_curl_lists_nodes(
    cli_process: tuple[subprocess.Popen[str], dict[str, str]],
) -> None:
    _process, banner = cli_process
    assert banner["Token"] == "PVEAPIToken=root@pam!mcp=cli-secret"
    assert Path(banner["CA"]).read_text().startswith("-----BEGIN CERTIFICATE-----")
    curl = shutil.which("curl")
    if curl is None:
        pytest.skip("curl is not installed")
    url = re.search(r"https://\S+/api2/json", banner["API"])
    assert url is not None
    out = subprocess.run(
        [curl, "-sk", "-H", f"Authorization: {banner['Token']}", f"{url.group(0)}/nodes"],
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
    )
    assert [n["node"] for n in json.loads(out.stdout)["data"]] == ["pve1", "pve2"]


async def test_scenario_file_describes_the_cluster(tmp_path: Path) -> None:
    scenario = tmp_path / "lab.yaml"
    scenario.write_text(
        "cluster_name: lab\n"
        "nodes: [{name: alpha, ip: 10.0.0.1}, {name: beta, ip: 10.0.0.2}]\n"
        "guests:\n"
        "  - {vmid: 500, type: lxc, node: beta, status: running, name: db, snapshots: [{name: s1}]}\n"
        "  - {vmid: 501, type: qemu, node: alpha, config: {memory: '1024'}}\n",
        encoding="utf-8",
    )
    config = parse_args(["--scenario", str(scenario), "--port", "0", "--offline-node", "alpha"])
    async with Simulator(config) as sim, make_client(sim) as http:
        status = (await http.get("/cluster/status")).json()["data"]
        assert status[0]["name"] == "lab"
        assert [(n["name"], n["online"]) for n in status[1:]] == [("alpha", 0), ("beta", 1)]
        lxc = (await http.get("/nodes/beta/lxc")).json()["data"]
        assert [(g["vmid"], g["status"]) for g in lxc] == [(500, "running")]
        assert (await http.get("/nodes/alpha/qemu")).status_code == 595


async def test_generated_cluster_has_the_asked_number_of_guests() -> None:
    config = parse_args(["--guests", "400", "--port", "0", "--http"])
    async with Simulator(config) as sim, make_client(sim) as http:
        resources = (await http.get("/cluster/resources", params={"type": "vm"})).json()["data"]
        assert len(resources) == 400
        assert {r["node"] for r in resources} == {"pve1", "pve2", "pve3", "pve4"}


def test_offline_node_must_exist() -> None:
    with pytest.raises(ValueError, match="no such node"):
        Simulator(parse_args(["--offline-node", "nope"]))


async def test_demo_settings_point_a_client_at_the_simulator() -> None:
    async with demo_simulator() as demo:
        update = demo.settings_update()
        settings = Settings().model_copy(update=update)
        assert settings.proxmox_url == demo.sim.url
        assert settings.proxmox_ca_bundle == demo.sim.ca_path
        verify = ssl.create_default_context(cafile=str(settings.proxmox_ca_bundle))
        token = f"PVEAPIToken={settings.proxmox_token_name}={update['proxmox_token_value'].get_secret_value()}"
        async with httpx.AsyncClient(verify=verify, headers={"Authorization": token}) as http:
            response = await http.get(f"{settings.proxmox_url}/api2/json/nodes")
        assert response.status_code == 200


@pytest.mark.parametrize("taken", ["port", "ssh_port"])
async def test_a_taken_port_fails_the_start_and_leaves_no_temporary_directory(
    sim: Simulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken: str
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the simulator makes its own directory
    config = SimConfig(ssh=True, **{taken: sim.port})
    with pytest.raises(OSError, match="address already in use"):
        await Simulator(config).start()
    assert os.listdir(tmp_path) == []


BAD_SCENARIOS = [
    pytest.param("lab.yaml", "nodes: [{name: a}\n", "invalid YAML at line 2, column 1:", id="yaml-syntax"),
    pytest.param("lab.json", '{"nodes": [', "invalid JSON at line 1, column 12: Expecting value", id="json-syntax"),
    pytest.param("lab.yaml", "- just\n- a list\n", "expected a mapping at the top level, got list", id="not-a-mapping"),
    pytest.param("lab.yaml", "nodes: [{ip: 10.0.0.1}]\n", "nodes[0]: missing 'name'", id="node-without-name"),
    pytest.param("lab.yaml", "guests: [{type: lxc}]\n", "guests[0]: missing 'vmid'", id="guest-without-vmid"),
    pytest.param("lab.yaml", "guests: [{vmid: abc}]\n", "guests[0]: invalid literal for int()", id="vmid-not-a-number"),
    pytest.param("lab.yaml", "guests: [{vmid: 1, node: nope}]\n", "guests[0]: no such node 'nope'", id="unknown-node"),
    pytest.param("lab.yaml", "guests: {vmid: 1}\n", "guests: expected a list, got dict", id="section-not-a-list"),
    pytest.param(
        "lab.yaml", "storages: [local]\n", "storages[0]: expected a mapping, got str", id="entry-not-a-mapping"
    ),
    pytest.param(
        "lab.yaml", "guests: [{vmid: 1, snapshots: [{}]}]\n", "guests[0]: missing 'name'", id="snapshot-without-name"
    ),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD_SCENARIOS)
def test_a_bad_scenario_file_is_one_error_line_naming_the_entry_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, message: str
) -> None:
    scenario = tmp_path / name
    scenario.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["--scenario", str(scenario), "--port", "0"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"pvesim: scenario {scenario}: {message}"), err


def test_a_missing_scenario_file_is_one_error_line_as_the_cli_runs(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "pvesim", "--scenario", str(missing), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"pvesim: scenario {missing}: cannot read it: [Errno 2] No such file or directory: '{missing}'"
    ]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        pytest.param("{not json", "invalid fault rules: Expecting property name", id="not-json"),
        pytest.param("[]", "invalid fault rules: expected a JSON object", id="not-an-object"),
        pytest.param('{"errors": [{"colour": 1}]}', "invalid fault rules: ", id="unknown-field"),
    ],
)
def test_bad_fault_rules_on_the_command_line_are_a_usage_error(
    capsys: pytest.CaptureFixture[str], rules: str, message: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        parse_args(["--faults", rules])
    assert exited.value.code == 2
    assert f"argument --faults: {message}" in capsys.readouterr().err


async def test_a_reported_version_changes_what_version_says_not_the_schema_followed() -> None:
    async with Simulator(SimConfig(reported_version="7.4-3")) as sim, make_client(sim) as http:
        version = (await http.get("/version")).json()["data"]
        assert (version["version"], version["release"]) == ("7.4-3", "7.4")
        status = (await http.get("/nodes/pve1/status")).json()["data"]
        assert status["pveversion"].startswith("pve-manager/7.4-3/")
        assert sim.core.schema.version == "9.1"

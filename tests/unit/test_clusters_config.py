"""PROXMOX_CLUSTERS: a TOML or YAML file of clusters, or the single-cluster settings as one; each mistake one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.caller import Caller, parse_scopes
from shared.clusters import load_clusters, pve_settings
from shared.errors import InvalidInput, OutOfScope, UnknownCluster
from shared.settings import Settings

_TOML = """
default = "lab"

[clusters.prod]
url = "https://pve-prod.example.com:8006/"
token_name = "mcp@pve!agent"
token_value_file = "{secret}"
verify_ssl = true
ssh_key = "/keys/prod"
ssh_known_hosts = "/keys/prod_known_hosts"
ssh_hosts = {{ pve1 = "10.0.0.1", pve2 = "10.0.0.2" }}

[clusters.lab]
url = "https://lab.example.com:8006"
token_name = "mcp@pve!lab"
token_value_env = "LAB_TOKEN"
verify_ssl = false
timeout = 5
ssh_user = "admin"
"""

_YAML = """
clusters:
  prod:
    url: https://pve-prod.example.com:8006
    token_name: mcp@pve!agent
    token_value: prod-secret
  lab:
    url: https://lab.example.com:8006
    token_name: mcp@pve!lab
    token_value_env: LAB_TOKEN
"""


def _settings(path: Path, **values: object) -> Settings:
    return Settings(_env_file=None, proxmox_clusters=path, **values)  # type: ignore[call-arg]  # pydantic-settings' option


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_toml_file_names_each_cluster_with_its_own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = _file(tmp_path, "prod.token", "prod-secret\n")
    settings = _settings(_file(tmp_path, "clusters.toml", _TOML.format(secret=secret)))
    clusters = load_clusters(settings)
    assert list(clusters) == ["prod", "lab"] and clusters.several
    assert clusters.default.name == "lab"
    assert clusters["prod"].url == "https://pve-prod.example.com:8006"
    prod = clusters["prod"].settings(settings)
    assert prod.proxmox_token_value is not None and prod.proxmox_token_value.get_secret_value() == "prod-secret"
    assert prod.ssh_host_map() == {"pve1": "10.0.0.1", "pve2": "10.0.0.2"}
    assert (prod.proxmox_cluster_name, prod.ssh_user, prod.proxmox_timeout) == ("prod", "root", 15.0)
    monkeypatch.setenv("LAB_TOKEN", "lab-secret")
    lab = clusters["lab"].settings(settings)
    assert (lab.proxmox_verify_ssl, lab.proxmox_timeout, lab.ssh_user) == (False, 5.0, "admin")
    assert lab.proxmox_token_value is not None and lab.proxmox_token_value.get_secret_value() == "lab-secret"
    assert sorted(clusters.secrets()) == ["lab-secret", "prod-secret"]


def test_a_yaml_file_reads_the_same_and_its_first_cluster_is_the_default(tmp_path: Path) -> None:
    clusters = load_clusters(_settings(_file(tmp_path, "clusters.yaml", _YAML)))
    assert list(clusters) == ["prod", "lab"]
    assert clusters.default.name == "prod"
    assert [c.default for c in clusters.values()] == [True, False]


def test_without_the_file_the_single_cluster_settings_are_one_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(_env_file=None, proxmox_url="https://pve:8006")  # type: ignore[call-arg]
    clusters = load_clusters(settings)
    assert list(clusters) == ["default"] and not clusters.several
    assert clusters.resolve(None).name == "default"
    assert clusters["default"].settings(settings) is settings
    named = Settings(_env_file=None, proxmox_cluster_name="prod")  # type: ignore[call-arg]
    assert list(load_clusters(named)) == ["prod"]


def test_an_unknown_or_missing_cluster_is_unknown_cluster_naming_the_known_ones(tmp_path: Path) -> None:
    clusters = load_clusters(_settings(_file(tmp_path, "c.yml", _YAML)))
    with pytest.raises(UnknownCluster, match="no cluster 'dev': this server reaches prod, lab"):
        clusters.resolve("dev")
    with pytest.raises(UnknownCluster, match="no cluster given"):
        clusters.resolve(None)
    one = load_clusters(Settings(_env_file=None))  # type: ignore[call-arg]
    with pytest.raises(UnknownCluster, match="reaches default"):
        one.resolve("prod")


def test_setting_both_the_file_and_single_cluster_settings_is_refused(tmp_path: Path) -> None:
    settings = _settings(_file(tmp_path, "c.yaml", _YAML), proxmox_url="https://pve:8006", ssh_key_file="/k")
    with pytest.raises(InvalidInput, match="PROXMOX_CLUSTERS is set, and so is PROXMOX_SSH_KEY, PROXMOX_URL"):
        load_clusters(settings)


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("c.toml", "[clusters.a\nurl = 1", "is no valid TOML"),
        ("c.yaml", "clusters: [a, b", "is no valid YAML"),
        ("c.json", "{}", "neither .toml nor .yaml"),
        ("c.toml", "x = 1", "has no clusters"),
        (
            "c.toml",
            'default = "b"\n[clusters.a]\nurl = "https://a"\ntoken_name = "u@pve!tok"\ntoken_value = "s"',
            "none of",
        ),
        (
            "c.yaml",
            "clusters: {a: {url: 'https://a', token_name: 'u@pve!tok', token_value: s}}\nextra: 1",
            "unknown keys",
        ),
        (
            "c.yaml",
            "clusters: {A:B: {url: 'https://a', token_name: 'u@pve!tok', token_value: s}}",
            "no valid cluster name",
        ),
        ("c.yaml", "clusters: {a: {url: 'pve:8006', token_name: 'u@pve!tok', token_value: s}}", "cluster a: url"),
        ("c.yaml", "clusters: {a: {url: 'https://a', token_name: 'u@pve!tok', token_value: s, tls: no}}", "tls"),
        ("c.yaml", "clusters: {a: {url: 'https://a', token_name: 'u@pve!tok'}}", "exactly one of token_value"),
        (
            "c.yaml",
            "clusters: {a: {url: 'https://a', token_name: 'u@pve!tok', token_value: s, token_value_env: V}}",
            "has token_value, token_value_env",
        ),
    ],
)
def test_a_malformed_file_is_one_clear_line(tmp_path: Path, name: str, text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as raised:
        load_clusters(_settings(_file(tmp_path, name, text)))
    assert "PROXMOX_CLUSTERS file" in raised.value.message and "\n" not in raised.value.message


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="cannot be read"):
        load_clusters(_settings(tmp_path / "absent.toml"))


def test_a_secret_that_cannot_be_read_fails_where_pve_is_called_naming_the_cluster(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LAB_TOKEN", raising=False)
    settings = _settings(_file(tmp_path, "clusters.toml", _TOML.format(secret=tmp_path / "absent")))
    clusters = load_clusters(settings)  # the frontend reads names and URLs only: no secret needed
    assert clusters.secrets() == []
    with pytest.raises(InvalidInput, match=r"cluster prod: its token_value_file .*absent cannot be read"):
        pve_settings(clusters["prod"], settings)
    with pytest.raises(InvalidInput, match="cluster lab: variable LAB_TOKEN"):
        pve_settings(clusters["lab"], settings)


def test_a_worker_serves_the_clusters_named_or_all(tmp_path: Path) -> None:
    clusters = load_clusters(_settings(_file(tmp_path, "c.yaml", _YAML)))
    assert [c.name for c in clusters.served(None)] == ["prod", "lab"]
    assert [c.name for c in clusters.served(" lab ,lab")] == ["lab"]
    with pytest.raises(InvalidInput, match="PROXMOX_MCP_WORKER_CLUSTERS names no cluster dev"):
        clusters.served("lab,dev")


def test_a_cluster_scope_reaches_only_its_clusters() -> None:
    assert parse_scopes(["cluster:prod", "read"]) == ("cluster:prod", "read")
    scoped = Caller(kind="token", name="ops", scopes=("cluster:prod", "change"))
    assert scoped.scope.admits_cluster("prod") and not scoped.scope.admits_cluster("lab")
    scoped.refuse_cluster("prod")
    with pytest.raises(OutOfScope, match=r"cluster lab is outside the scopes of token:ops \(cluster:prod\)"):
        scoped.refuse_cluster("lab")
    Caller(kind="token", name="all", scopes=("read",)).refuse_cluster("lab")  # no cluster scope: every cluster

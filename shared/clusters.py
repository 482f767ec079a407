"""The PVE clusters a server reaches: PROXMOX_CLUSTERS's file, or today's single-cluster settings as one.

With PROXMOX_CLUSTERS unset, the PROXMOX_* settings describe one cluster, named `default`
(or PROXMOX_CLUSTER_NAME). With it set, it names a TOML or YAML file (by its suffix) that
holds every cluster; the single-cluster PVE settings must then be unset, so nobody wonders
which one wins:

    default = "prod"                  # optional: else the first cluster
    [clusters.prod]
    url = "https://pve-prod.example.com:8006"
    token_name = "mcp@pve!agent"
    token_value_file = "/run/secrets/pve-prod"   # or token_value = "...", or token_value_env = "VAR"
    verify_ssl = true
    ca_bundle = "/etc/proxmox-mcp/prod-ca.pem"
    ssh_key = "/etc/proxmox-mcp/id_ed25519"     # with ssh_known_hosts: commands in containers
    ssh_known_hosts = "/etc/proxmox-mcp/known_hosts"

Secrets are read only where PVE is called (`Cluster.settings`, by workers): a frontend with
REDIS_URL set reads the file for the names and URLs, and needs neither a token nor its file.
Each cluster's settings are the process's own with the cluster's values over them, so the PVE
client and SSH read a cluster exactly as they read today's single-cluster settings.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from shared.errors import InvalidInput, UnknownCluster
from shared.sanitize import TOKEN_NAME_PATTERN
from shared.settings import CLUSTER_NAME_PATTERN, Settings

__all__ = ["SINGLE_CLUSTER_SETTINGS", "Cluster", "ClusterConfig", "Clusters", "load_clusters", "pve_settings"]

#: the settings a cluster of PROXMOX_CLUSTERS holds instead (set together with it, they are refused)
SINGLE_CLUSTER_SETTINGS = {
    "proxmox_url": "PROXMOX_URL",
    "proxmox_token_name": "PROXMOX_TOKEN_NAME",
    "proxmox_token_value": "PROXMOX_TOKEN_VALUE",
    "proxmox_verify_ssl": "PROXMOX_VERIFY_SSL",
    "proxmox_ca_bundle": "PROXMOX_CA_BUNDLE",
    "ssh_key_file": "PROXMOX_SSH_KEY",
    "ssh_known_hosts": "PROXMOX_SSH_KNOWN_HOSTS",
    "ssh_hosts": "PROXMOX_SSH_HOSTS",
    "proxmox_cluster_name": "PROXMOX_CLUSTER_NAME",
}


class ClusterConfig(BaseModel):
    """One cluster's entry in the file: what the single-cluster settings hold, for this cluster."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str
    token_name: Annotated[str, Field(pattern=TOKEN_NAME_PATTERN)]
    #: the token's secret, in the file itself; or read from `token_value_file`, or from the variable `token_value_env`
    token_value: SecretStr | None = None
    token_value_file: Path | None = None
    token_value_env: Annotated[str | None, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")] = None
    verify_ssl: bool = True
    ca_bundle: Path | None = None
    timeout: Annotated[float | None, Field(gt=0, le=300)] = None
    ssh_key: Path | None = None
    ssh_known_hosts: Path | None = None
    ssh_user: Annotated[str | None, Field(pattern=r"^[a-z_][a-z0-9_\-]*$")] = None
    ssh_port: Annotated[int | None, Field(ge=1, le=65535)] = None
    #: node=host pairs (as PROXMOX_SSH_HOSTS), or a table of them
    ssh_hosts: str | dict[str, str] | None = None

    @field_validator("url")
    @classmethod
    def _url_has_scheme(cls, value: str) -> str:
        if not value.startswith(("https://", "http://")):
            raise ValueError("must start with https:// (for example https://pve.example.com:8006)")
        return value.rstrip("/")

    def secret_sources(self) -> list[str]:
        """Where the token's secret is set to come from (the file allows one)."""
        given = (("token_value", self.token_value), ("token_value_file", self.token_value_file))
        return [name for name, value in (*given, ("token_value_env", self.token_value_env)) if value is not None]


@dataclass(frozen=True)
class Cluster:
    """One cluster by its name: its URL for everyone, its secrets only for `settings()`."""

    name: str
    url: str | None
    #: the cluster a tool call without `cluster` reaches when only one is configured, and the scripts' choice
    default: bool
    config: ClusterConfig | None = None

    def settings(self, base: Settings) -> Settings:
        """`base` with this cluster's values over it: what the PVE client and SSH of this cluster read.

        The token's secret is read now (from the file or variable the entry names): a missing one
        fails here, naming the cluster, not at its first request.
        """
        config = self.config
        if config is None:
            return base
        hosts = config.ssh_hosts
        values: dict[str, Any] = {
            "proxmox_url": config.url,
            "proxmox_token_name": config.token_name,
            "proxmox_token_value": self._secret(config),
            "proxmox_verify_ssl": config.verify_ssl,
            "proxmox_ca_bundle": config.ca_bundle,
            "ssh_key_file": config.ssh_key,
            "ssh_known_hosts": config.ssh_known_hosts,
            "ssh_hosts": ",".join(f"{n}={h}" for n, h in hosts.items()) if isinstance(hosts, dict) else hosts,
            "proxmox_cluster_name": self.name,
        }
        optional = {"proxmox_timeout": config.timeout, "ssh_user": config.ssh_user, "ssh_port": config.ssh_port}
        values.update({key: value for key, value in optional.items() if value is not None})
        return base.model_copy(update=values)

    def settings_secret(self) -> str:
        """The token's secret of a cluster of the file, read from where the file says."""
        assert self.config is not None
        return self._secret(self.config).get_secret_value()

    def _secret(self, config: ClusterConfig) -> SecretStr:
        if config.token_value is not None:
            return config.token_value
        if config.token_value_env is not None:
            value = os.environ.get(config.token_value_env)
            if not value:
                raise InvalidInput(
                    f"cluster {self.name}: variable {config.token_value_env} (its token_value_env) is unset",
                    hint="Set it in this process's environment (only workers need it).",
                )
            return SecretStr(value)
        path = config.token_value_file
        assert path is not None  # the file names one source exactly (load_clusters)
        try:
            return SecretStr(path.read_text(encoding="utf-8").strip())
        except OSError as exc:
            raise InvalidInput(
                f"cluster {self.name}: its token_value_file {path} cannot be read ({exc.strerror})",
                hint="Fix the path (inside a container: where the secret is mounted).",
            ) from None


class Clusters(Mapping[str, Cluster]):
    """The configured clusters by name, in the file's order; `default` is the one scripts use."""

    def __init__(self, clusters: list[Cluster]) -> None:
        self._by_name = {cluster.name: cluster for cluster in clusters}
        self.default = next(cluster for cluster in clusters if cluster.default)

    def __getitem__(self, name: str) -> Cluster:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    @property
    def several(self) -> bool:
        """Whether tools name their cluster (and `cluster` is published and required)."""
        return len(self._by_name) > 1

    def resolve(self, name: str | None) -> Cluster:
        """The cluster a call names (None: the only one); UNKNOWN_CLUSTER (listing the known ones) otherwise."""
        if name is None:
            if self.several:
                raise UnknownCluster(
                    f"no cluster given: this server reaches {self.names()}", hint="Pass cluster (see list_clusters)."
                )
            return self.default
        found = self._by_name.get(name)
        if found is None:
            raise UnknownCluster(f"no cluster {name!r}: this server reaches {self.names()}")
        return found

    def names(self) -> str:
        return ", ".join(self._by_name)

    def secrets(self) -> list[str]:
        """The token secrets this process can read (for redaction; one it cannot read is no error here)."""
        found: list[str] = []
        for cluster in self.values():
            if cluster.config is not None:
                try:
                    found.append(cluster.settings_secret())
                except InvalidInput:
                    continue
        return found

    def served(self, wanted: str | None) -> list[Cluster]:
        """The clusters a worker serves: PROXMOX_MCP_WORKER_CLUSTERS's (comma-separated), or all."""
        if wanted is None:
            return list(self.values())
        names = [name.strip() for name in wanted.split(",") if name.strip()]
        unknown = [name for name in names if name not in self._by_name]
        if unknown or not names:
            raise InvalidInput(
                f"setting PROXMOX_MCP_WORKER_CLUSTERS names no cluster {', '.join(unknown) or '(empty)'}",
                hint=f"Name clusters of PROXMOX_CLUSTERS, comma-separated: {self.names()}.",
            )
        return [self._by_name[name] for name in dict.fromkeys(names)]


def pve_settings(cluster: Cluster, base: Settings) -> Settings:
    """The cluster's settings, checked as its PVE client needs them (complete, files readable, the secret at hand).

    An error names the cluster when it comes from the clusters file.
    """
    try:
        found = cluster.settings(base)
        found.require_pve()
    except InvalidInput as exc:
        if cluster.config is not None and not exc.message.startswith("cluster "):
            exc.message = f"cluster {cluster.name}: {exc.message}"
        raise
    return found


def load_clusters(settings: Settings) -> Clusters:
    """The clusters of these settings; a malformed file, or both kinds of settings, raise InvalidInput."""
    if settings.proxmox_clusters is None:
        only = Cluster(settings.proxmox_cluster_name, settings.proxmox_url, default=True)
        return Clusters([only])
    both = sorted(env for field, env in SINGLE_CLUSTER_SETTINGS.items() if field in settings.model_fields_set)
    if both:
        raise InvalidInput(
            f"PROXMOX_CLUSTERS is set, and so is {', '.join(both)}: the clusters file holds every cluster's settings",
            hint="Unset the single-cluster settings (move them into the file), or unset PROXMOX_CLUSTERS.",
        )
    path = settings.proxmox_clusters
    return _parse(path, _read(path))


def _read(path: Path) -> Any:
    where = f"PROXMOX_CLUSTERS file {path}"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(f"{where} cannot be read ({exc.strerror})", hint="Fix PROXMOX_CLUSTERS.") from None
    if path.suffix == ".toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise InvalidInput(f"{where} is no valid TOML: {exc}", hint="Fix the file.") from None
    if path.suffix in (".yaml", ".yml"):
        import yaml  # noqa: PLC0415  # only a YAML file pays for importing it

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise InvalidInput(f"{where} is no valid YAML: {exc}".replace("\n", " "), hint="Fix the file.") from None
    raise InvalidInput(f"{where} is neither .toml nor .yaml/.yml", hint="Name the file by its format.")


def _parse(path: Path, data: Any) -> Clusters:
    where = f"PROXMOX_CLUSTERS file {path}"
    entries = data.get("clusters") if isinstance(data, dict) else None
    if not isinstance(entries, dict) or not entries:
        raise InvalidInput(f"{where} has no clusters", hint="Give each cluster a table [clusters.NAME].")
    if unknown := sorted(set(data) - {"clusters", "default"}):
        raise InvalidInput(f"{where} has unknown keys {', '.join(unknown)}", hint="Top-level keys: clusters, default.")
    default = data.get("default", next(iter(entries)))
    if default not in entries:
        raise InvalidInput(f"{where}: default {default!r} is none of its clusters", hint="Name one of them.")
    clusters: list[Cluster] = []
    for name, entry in entries.items():
        if not isinstance(name, str) or not CLUSTER_NAME_PATTERN.match(name):
            raise InvalidInput(
                f"{where}: {name!r} is no valid cluster name",
                hint="Names are lower-case letters, digits, '-' and '_', at most 32, starting with a letter or digit.",
            )
        try:
            config = ClusterConfig.model_validate(entry)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "entry"
            raise InvalidInput(f"{where}: cluster {name}: {field}: {first['msg']}", hint="Fix the file.") from None
        if len(config.secret_sources()) != 1:
            raise InvalidInput(
                f"{where}: cluster {name} needs exactly one of token_value, token_value_file, token_value_env"
                f" (has {', '.join(config.secret_sources()) or 'none'})",
                hint="token_value_file or token_value_env keep the secret out of the file.",
            )
        clusters.append(Cluster(name, config.url, default=name == default, config=config))
    return Clusters(clusters)

"""Settings from the environment and `.env`, read once per process and passed down.

The PVE credentials are needed only where PVE is called: by the workers (and by the
frontend in embedded mode, where the worker runs in-process). A frontend that talks to an
external Redis needs no PVE secret at all.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from shared.api.tiers import ApiPolicy
from shared.errors import InvalidInput
from shared.jobs.keys import DEFAULT_CLUSTER
from shared.jobs.redis_url import parse_sentinel, redis_secrets
from shared.sanitize import TOKEN_NAME_PATTERN

__all__ = ["CLUSTER_NAME_PATTERN", "ENV_FILE_VARIABLE", "Settings", "load_settings"]

ENV_FILE_VARIABLE = "PROXMOX_MCP_ENV_FILE"
#: a cluster's name (shared.clusters): it is part of Redis keys, so no ':' and no spaces
CLUSTER_NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,31}$")


def _env(name: str) -> AliasChoices:
    return AliasChoices(name, name.lower())


class Settings(BaseSettings):
    """Every setting, with its environment variable in `validation_alias`."""

    # An empty variable (PROXMOX_CA_BUNDLE=) counts as unset, as compose and shells tend to pass them.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore", populate_by_name=True
    )

    # Proxmox VE API
    proxmox_url: Annotated[str | None, Field(validation_alias=_env("PROXMOX_URL"))] = None
    proxmox_token_name: Annotated[
        str | None, Field(validation_alias=_env("PROXMOX_TOKEN_NAME"), pattern=TOKEN_NAME_PATTERN)
    ] = None
    proxmox_token_value: Annotated[SecretStr | None, Field(validation_alias=_env("PROXMOX_TOKEN_VALUE"))] = None
    proxmox_verify_ssl: Annotated[bool, Field(validation_alias=_env("PROXMOX_VERIFY_SSL"))] = True
    proxmox_ca_bundle: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_CA_BUNDLE"))] = None
    proxmox_timeout: Annotated[float, Field(validation_alias=_env("PROXMOX_TIMEOUT"), gt=0, le=300)] = 15.0
    proxmox_allow_danger: Annotated[bool, Field(validation_alias=_env("PROXMOX_ALLOW_DANGER"))] = False
    #: the one cluster's name, when the settings above describe it (keys, list_clusters, `cluster` arguments)
    proxmox_cluster_name: Annotated[
        str, Field(validation_alias=_env("PROXMOX_CLUSTER_NAME"), pattern=CLUSTER_NAME_PATTERN.pattern)
    ] = DEFAULT_CLUSTER
    #: several clusters (shared.clusters): a TOML or YAML file of them, instead of the settings above
    proxmox_clusters: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_CLUSTERS"))] = None
    #: the clusters a worker serves (names of PROXMOX_CLUSTERS, comma-separated); unset: all of them
    worker_clusters: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_WORKER_CLUSTERS"))] = None

    # The queue and job store; unset means embedded (in-process store and worker). One Redis
    # (redis://, rediss://) or a Sentinel set (redis+sentinel://host,host,host/service/db).
    redis_url: Annotated[SecretStr | None, Field(validation_alias=_env("REDIS_URL"))] = None
    #: the replicas a write the product answers for must reach before it answers (WAIT): the job a
    #: client was given, a task's UPID, a job's end. Unset: 1 with a Sentinel set, else 0 (none).
    redis_replicas: Annotated[int | None, Field(validation_alias=_env("PROXMOX_MCP_REDIS_REPLICAS"), ge=0, le=8)] = None
    #: how long such a write waits for its replicas at most; past it, it goes on and logs that it did
    redis_replica_wait_seconds: Annotated[
        float, Field(validation_alias=_env("PROXMOX_MCP_REDIS_REPLICA_WAIT"), gt=0, le=60)
    ] = 1.0

    # Signed jobs (shared.jobs.signing): the key frontends and workers share, 32 characters or more
    # (`openssl rand -hex 32`); embedded (REDIS_URL unset), one is made per process.
    job_key: Annotated[SecretStr | None, Field(validation_alias=_env("PROXMOX_MCP_JOB_KEY"), min_length=32)] = None
    #: a job not started this long after it was queued is refused (and so is an old one written again)
    job_expiry_seconds: Annotated[
        float, Field(validation_alias=_env("PROXMOX_MCP_JOB_EXPIRY"), ge=10, le=24 * 3600)
    ] = 3600.0

    # Jobs
    job_ttl_seconds: Annotated[int, Field(validation_alias=_env("PROXMOX_MCP_JOB_TTL"), ge=60)] = 7 * 24 * 3600
    wait_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_WAIT_SECONDS"), gt=0, le=3600)] = 45.0
    read_timeout_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_READ_TIMEOUT"), gt=0, le=600)] = (
        30.0
    )
    task_slice_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_TASK_SLICE"), gt=0, le=3600)] = 60.0
    # arq keeps a job for a day from its enqueue (it is never re-queued by us), so following and
    # waiting for a guest lock together must end well within that day.
    task_max_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_TASK_MAX"), gt=0, le=20 * 3600)] = (
        6 * 3600.0
    )
    lock_wait_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_LOCK_WAIT"), ge=0, le=3600)] = 300.0
    worker_max_jobs: Annotated[int, Field(validation_alias=_env("PROXMOX_MCP_WORKER_MAX_JOBS"), ge=1, le=1000)] = 20
    worker_name: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_WORKER_NAME"))] = None
    worker_drain_seconds: Annotated[int, Field(validation_alias=_env("PROXMOX_MCP_WORKER_DRAIN"), ge=0, le=3600)] = 20
    # Workers wake at once when a job is enqueued; this is only the fallback poll interval.
    worker_poll_seconds: Annotated[float, Field(validation_alias=_env("PROXMOX_MCP_WORKER_POLL"), gt=0, le=60)] = 0.5

    # Container commands over SSH (execute_lxc_command): off until a key and known_hosts are given.
    ssh_key_file: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_SSH_KEY"))] = None
    ssh_known_hosts: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_SSH_KNOWN_HOSTS"))] = None
    ssh_user: Annotated[str, Field(validation_alias=_env("PROXMOX_SSH_USER"), pattern=r"^[a-z_][a-z0-9_\-]*$")] = "root"
    ssh_port: Annotated[int, Field(validation_alias=_env("PROXMOX_SSH_PORT"), ge=1, le=65535)] = 22
    #: node=host pairs, for nodes whose SSH address is not the one /cluster/status reports
    ssh_hosts: Annotated[str | None, Field(validation_alias=_env("PROXMOX_SSH_HOSTS"))] = None
    #: command names allowed in containers (comma-separated); unset: any command
    exec_allowlist: Annotated[str | None, Field(validation_alias=_env("PROXMOX_EXEC_ALLOWLIST"))] = None
    exec_output_max_bytes: Annotated[
        int, Field(validation_alias=_env("PROXMOX_EXEC_OUTPUT_MAX"), ge=1024, le=16 * 1024 * 1024)
    ] = 64 * 1024
    #: commands in VMs through the QEMU guest agent (execute_vm_command): off until enabled; the same
    #: allowlist and output cap apply
    vm_exec_enabled: Annotated[bool, Field(validation_alias=_env("PROXMOX_VM_EXEC"))] = False

    # Which tools the server publishes: names or groups (read, change, critical), comma-separated;
    # unset: all. Read-only hides every change tool, and the workers refuse change jobs.
    mcp_tools: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_TOOLS"))] = None
    read_only: Annotated[bool, Field(validation_alias=_env("PROXMOX_MCP_READ_ONLY"))] = False
    # The generic API path (call_pve_api, find_pve_api): path-template patterns, comma-separated, each
    # optionally after a method (`/cluster/firewall/**`, `DELETE /nodes/*/qemu/*`); deny wins (shared.api.tiers)
    api_allow: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_API_ALLOW"))] = None
    api_deny: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_API_DENY"))] = None

    # Streamable HTTP (mcp_frontend.http): HOST:PORT to serve MCP over HTTP instead of stdio, as --http does.
    http: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_HTTP"))] = None
    #: Host header values (names, name:port) the HTTP server answers besides loopback and its own address
    http_allowed_hosts: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_HTTP_ALLOWED_HOSTS"))] = None
    #: Origin values (scheme://host[:port]) allowed besides those of the allowed hosts
    http_allowed_origins: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_HTTP_ALLOWED_ORIGINS"))] = None

    #: the URL clients reach /mcp at (behind a reverse proxy: https://mcp.example.com/mcp); the OAuth resource
    public_url: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_PUBLIC_URL"))] = None
    # Authentication over HTTP (mcp_frontend.auth): bearer tokens from a file of hashed tokens, and/or
    # JWTs of an OAuth 2.1 authorization server, checked against its JWKS.
    tokens_file: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_MCP_TOKENS_FILE"))] = None
    oauth_issuer: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_OAUTH_ISSUER"))] = None
    oauth_jwks_url: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_OAUTH_JWKS_URL"))] = None
    #: the `aud` a JWT must carry; unset: the public URL
    oauth_audience: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_OAUTH_AUDIENCE"))] = None

    #: the audit log's file (shared.audit), besides its Redis stream; unset: the stream only
    audit_file: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_MCP_AUDIT_FILE"))] = None

    # Logging
    log_level: Annotated[
        Literal["DEBUG", "INFO", "WARNING", "ERROR"], Field(validation_alias=_env("PROXMOX_MCP_LOG_LEVEL"))
    ] = "INFO"
    log_file: Annotated[Path | None, Field(validation_alias=_env("PROXMOX_MCP_LOG_FILE"))] = None
    log_stream_max: Annotated[int, Field(validation_alias=_env("PROXMOX_MCP_LOG_STREAM_MAX"), ge=100)] = 10_000
    #: host:port where this process serves Prometheus metrics at /metrics (shared.metrics); unset: none
    metrics_address: Annotated[str | None, Field(validation_alias=_env("PROXMOX_MCP_METRICS"))] = None

    @field_validator("proxmox_url")
    @classmethod
    def _url_has_scheme(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        if not value.startswith(("https://", "http://")):
            raise ValueError("must start with https:// (for example https://pve.example.com:8006)")
        return value.rstrip("/")

    @field_validator("redis_url")
    @classmethod
    def _redis_url_is_readable(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            parse_sentinel(value.get_secret_value())  # a malformed Sentinel set fails here, with its reason
        return value

    @property
    def embedded(self) -> bool:
        """True when REDIS_URL is unset: the store and a worker live in this process."""
        return self.redis_url is None

    @property
    def replicas(self) -> int:
        """The replicas a durable write waits for (PROXMOX_MCP_REDIS_REPLICAS, or its default)."""
        if self.redis_url is None:
            return 0
        if self.redis_replicas is not None:
            return self.redis_replicas
        return 1 if parse_sentinel(self.redis_url.get_secret_value()) is not None else 0

    @property
    def ssh_configured(self) -> bool:
        return self.ssh_key_file is not None and self.ssh_known_hosts is not None

    def ssh_host_map(self) -> dict[str, str]:
        """PROXMOX_SSH_HOSTS as {node: host}."""
        pairs = (item.split("=", 1) for item in (self.ssh_hosts or "").split(",") if "=" in item)
        return {node.strip(): host.strip() for node, host in pairs}

    def api_policy(self) -> ApiPolicy:
        """Which endpoints call_pve_api reaches here (PROXMOX_MCP_API_ALLOW/_DENY, read-only mode)."""
        return ApiPolicy.parse(self.api_allow, self.api_deny, read_only=self.read_only)

    def exec_allowed(self) -> frozenset[str] | None:
        """The allowed command names, or None when any command may run."""
        if not self.exec_allowlist:
            return None
        return frozenset(name.strip() for name in self.exec_allowlist.split(",") if name.strip())

    def secrets(self) -> list[str]:
        """The secret values this process knows, for redaction (token secret, Redis password)."""
        found: list[str] = []
        if self.proxmox_token_value is not None:
            found.append(self.proxmox_token_value.get_secret_value())
        if self.job_key is not None:
            found.append(self.job_key.get_secret_value())
        if self.redis_url is not None:
            found += redis_secrets(self.redis_url.get_secret_value())
        return found

    def require_pve(self) -> None:
        """Fail with one clear line when the settings for talking to PVE are incomplete or name unreadable files."""
        missing = [
            name
            for name, value in (
                ("PROXMOX_URL", self.proxmox_url),
                ("PROXMOX_TOKEN_NAME", self.proxmox_token_name),
                ("PROXMOX_TOKEN_VALUE", self.proxmox_token_value),
            )
            if not value
        ]
        if missing:
            raise InvalidInput(
                f"missing setting {', '.join(missing)}",
                hint="Set it in the environment or in .env (see .env.example).",
            )
        ssh = {"PROXMOX_SSH_KEY": self.ssh_key_file, "PROXMOX_SSH_KNOWN_HOSTS": self.ssh_known_hosts}
        if len({value is None for value in ssh.values()}) == 2:  # one set, the other not
            given, absent = sorted(ssh, key=lambda name: ssh[name] is None)
            raise InvalidInput(
                f"{given} is set but {absent} is not: commands in containers need both",
                hint="Set both (or neither, to leave execute_lxc_command off).",
            )
        ca_bundle = self.proxmox_ca_bundle if self.proxmox_verify_ssl else None  # unused without verification
        for name, path in (("PROXMOX_CA_BUNDLE", ca_bundle), *ssh.items()):
            if path is not None and not (path.is_file() and os.access(path, os.R_OK)):
                raise InvalidInput(
                    f"setting {name} names {path}, which is not a readable file",
                    hint="Fix the path (inside a container: the path where the file is mounted).",
                )


def load_settings(env_file: str | Path | None = None, **overrides: object) -> Settings:
    """Read the settings; a malformed one raises InvalidInput naming the variable, never a traceback.

    Besides the environment, one dotenv file is read: `env_file`, else PROXMOX_MCP_ENV_FILE, else
    `.env` in the working directory (MCP clients start servers in directories of their choosing,
    so a client configuration names the file instead).
    """
    chosen = env_file or os.environ.get(ENV_FILE_VARIABLE) or None
    if chosen is not None and not Path(chosen).is_file():
        raise InvalidInput(f"settings file {chosen} does not exist", hint=f"Fix {ENV_FILE_VARIABLE} or --env-file.")
    try:
        return Settings(_env_file=chosen or ".env", **overrides)  # type: ignore[arg-type]  # validated by the model
    except ValidationError as exc:
        first = exc.errors()[0]
        env = str(first["loc"][0]).upper() if first["loc"] else "settings"  # loc is the variable's name
        message = f"setting {env} is invalid: {first['msg']}"
        raise InvalidInput(message, hint="Fix it in the environment or .env.") from None

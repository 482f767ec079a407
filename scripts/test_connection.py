#!/usr/bin/env python3
"""Check that proxmox-mcp can work from this machine, with the settings it would use.

Checks, in order: the settings; the PVE URL is reachable; its TLS certificate verifies (or
verification is knowingly off); the API token authenticates; the token holds the privileges
each operation needs (from the PVE API schema and the token's own GET /access/permissions);
Redis is reachable, workers are alive and one answers a read job sent the way the MCP server
sends it, through the shared job client (all only when REDIS_URL is set: without it the MCP
server keeps its queue in memory and runs its own worker).

With PROXMOX_CLUSTERS (several clusters), the PVE checks and the read job run for each cluster,
each line named `<cluster>: <check>`, and the verdict names the clusters that failed.

Each check prints one line, PASS, WARN, FAIL or SKIP, and a fix under every WARN and FAIL.
Settings come from the environment and .env in the working directory, as for the server.

Exit status: 0 when no check failed (WARN and SKIP do not fail), 1 when one failed,
2 when the settings cannot be read at all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import ssl
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from redis.asyncio import Redis
from redis.exceptions import AuthenticationError, RedisError

from shared.catalogue import CATALOGUE
from shared.clusters import Cluster, Clusters, load_clusters
from shared.errors import ProxmoxMcpError
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.health import health_keys, worker_name
from shared.jobs.redis_url import redis_client, redis_location
from shared.jobs.signing import signer_for
from shared.jobs.store import JobStore
from shared.logs import configure_logging
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.privileges import (
    Gap,
    NeedKind,
    OperationPrivileges,
    Verdict,
    check_operations,
    grant_commands,
    grant_path,
)
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import PveVersion, TokenPermissions
from shared.pve.schema import SchemaVersion, load_schema
from shared.redact import Redactor
from shared.settings import Settings, load_settings

__all__ = ["Check", "main", "run_checks"]

#: a certificate that ends sooner than this is worth a warning
_CERT_WARN_DAYS = 14
_REDIS_TIMEOUT_S = 5.0
#: the check's own read job is kept this long, not the job TTL
_OWN_JOB_TTL_S = 300
_START_WORKERS = (
    "Start workers: `docker compose up -d --scale worker=2 worker` in the compose setup, "
    "or run `proxmox-mcp-worker` with the same .env."
)


@dataclass
class Check:
    """The outcome of one check: a status, one line, a fix, and sub-results (one per operation or worker)."""

    name: str
    status: Verdict
    summary: str
    fix: str | None = None
    items: list[Check] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    #: the cluster it checked, when there are several (its name then starts with it)
    cluster: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "status": self.status.value, "summary": self.summary}
        if self.cluster is not None:
            data["cluster"] = self.cluster
        if self.fix:
            data["fix"] = self.fix
        if self.items:
            data["items"] = [item.as_json() for item in self.items]
        if self.details:
            data["details"] = self.details
        return data


# -- PVE --------------------------------------------------------------------------------------


def _endpoint(settings: Settings) -> tuple[str, str, int]:
    """Scheme, host and port of PROXMOX_URL (the scheme's port when the URL names none)."""
    assert settings.proxmox_url  # the settings check passed
    parts = urlsplit(settings.proxmox_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, parts.hostname or "", port


def check_settings(settings: Settings) -> Check:
    try:
        settings.require_pve()
    except ProxmoxMcpError as exc:
        return Check("settings", Verdict.FAIL, exc.message, fix=exc.hint)
    if settings.proxmox_verify_ssl and settings.proxmox_ca_bundle is not None:
        tls = f"CA bundle {settings.proxmox_ca_bundle}"
    elif settings.proxmox_verify_ssl:
        tls = "the system's CAs"
    else:
        tls = "TLS verification off"
    mode = "embedded (no REDIS_URL)" if settings.embedded else "Redis"
    return Check(
        "settings", Verdict.PASS, f"{settings.proxmox_url} as {settings.proxmox_token_name}, {tls}; queue: {mode}"
    )


async def check_reachable(settings: Settings) -> Check:
    _scheme, host, port = _endpoint(settings)
    fix = (
        f"Check PROXMOX_URL (https://NODE:8006, any node of the cluster), that pveproxy runs on {host} "
        f"(systemctl status pveproxy) and that no firewall blocks port {port} from here."
    )
    timeout = min(settings.proxmox_timeout, 10.0)
    try:
        _reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except socket.gaierror as exc:
        return Check(
            "PVE reachable",
            Verdict.FAIL,
            f"cannot resolve host {host}: {exc.strerror}",
            fix="Check the host name in PROXMOX_URL, or use the node's IP address (https://192.0.2.10:8006).",
        )
    except TimeoutError:
        return Check("PVE reachable", Verdict.FAIL, f"no answer from {host}:{port} within {timeout:.0f}s", fix=fix)
    except ConnectionRefusedError:
        return Check("PVE reachable", Verdict.FAIL, f"{host}:{port} refused the connection (nothing listens)", fix=fix)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Check("PVE reachable", Verdict.FAIL, f"cannot connect to {host}:{port}: {reason}", fix=fix)
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return Check("PVE reachable", Verdict.PASS, f"{host}:{port} accepts connections")


def _tls_context(settings: Settings) -> ssl.SSLContext:
    if not settings.proxmox_verify_ssl:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        return context
    if settings.proxmox_ca_bundle is not None:
        return ssl.create_default_context(cafile=str(settings.proxmox_ca_bundle))
    return ssl.create_default_context()


async def _peer_certificate(host: str, port: int, context: ssl.SSLContext) -> dict[str, Any]:
    _reader, writer = await asyncio.open_connection(host, port, ssl=context, server_hostname=host)
    certificate: dict[str, Any] = writer.get_extra_info("peercert") or {}
    writer.close()
    with contextlib.suppress(OSError, ssl.SSLError):
        await writer.wait_closed()
    return certificate


_TLS_FIX = (
    "Copy PVE's CA (/etc/pve/pve-root-ca.pem on any node) here and set PROXMOX_CA_BUNDLE to it; "
    "or set PROXMOX_VERIFY_SSL=false, only on a network you trust."
)


def _handshake_failed(host: str, port: int, exc: Exception) -> Check:
    if isinstance(exc, ssl.SSLCertVerificationError):
        return Check(
            "TLS", Verdict.FAIL, f"the certificate of {host} does not verify: {exc.verify_message}", fix=_TLS_FIX
        )
    if isinstance(exc, ssl.SSLError):
        return Check(
            "TLS",
            Verdict.FAIL,
            f"TLS handshake with {host}:{port} failed: {exc.reason or exc}",
            fix="Check that PROXMOX_URL points at pveproxy (https, port 8006), not another service.",
        )
    reason = "no answer in time" if isinstance(exc, TimeoutError) else str(exc)
    return Check("TLS", Verdict.FAIL, f"TLS handshake with {host}:{port} failed: {reason}", fix=_TLS_FIX)


def _certificate_check(certificate: dict[str, Any], trusted_by: str) -> Check:
    not_after = certificate.get("notAfter")
    if not not_after:
        return Check("TLS", Verdict.PASS, f"certificate verified with {trusted_by}")
    expires = ssl.cert_time_to_seconds(not_after)
    until = datetime.fromtimestamp(expires, UTC).date().isoformat()
    if (expires - time.time()) / 86400 < _CERT_WARN_DAYS:
        return Check(
            "TLS",
            Verdict.WARN,
            f"certificate verified with {trusted_by}, but it expires on {until}",
            fix="Renew it: `pvenode acme cert order` (ACME) or `pvecm updatecerts --force` (self-signed).",
        )
    return Check("TLS", Verdict.PASS, f"certificate verified with {trusted_by}, valid until {until}")


async def check_tls(settings: Settings) -> Check:
    scheme, host, port = _endpoint(settings)
    if scheme != "https":
        return Check(
            "TLS",
            Verdict.WARN,
            "PROXMOX_URL uses plain http: the API token travels unencrypted",
            fix="Use https://NODE:8006 (pveproxy speaks only HTTPS; plain http works only through a proxy).",
        )
    bundle = settings.proxmox_ca_bundle
    if settings.proxmox_verify_ssl and bundle is not None and not bundle.is_file():
        return Check("TLS", Verdict.FAIL, f"PROXMOX_CA_BUNDLE {bundle} is not a readable file", fix=_TLS_FIX)
    try:
        async with asyncio.timeout(min(settings.proxmox_timeout, 10.0)):
            certificate = await _peer_certificate(host, port, _tls_context(settings))
    except (OSError, TimeoutError) as exc:  # ssl.SSLError is an OSError
        return _handshake_failed(host, port, exc)
    if not settings.proxmox_verify_ssl:
        return Check(
            "TLS",
            Verdict.WARN,
            "verification is off (PROXMOX_VERIFY_SSL=false): anyone on the path could pose as PVE and take the token",
            fix="Copy /etc/pve/pve-root-ca.pem from a node here, set PROXMOX_CA_BUNDLE to it, PROXMOX_VERIFY_SSL=true.",
        )
    return _certificate_check(certificate, f"CA bundle {bundle}" if bundle is not None else "the system's CAs")


def _schema_for(version: PveVersion) -> tuple[SchemaVersion, str]:
    """The vendored schema to check a release against, and a note when it is not that release's own."""
    major = version.version.split(".")[0]
    schema: SchemaVersion = "8.4" if major == "8" else "9.1"
    # PVE 7 or 10 (say): privileges may differ from what the nearest schema we have says
    note = "" if major in ("8", "9") else f" (schema {schema} used for PVE {version.version})"
    return schema, note


async def check_token(pve: PveClient, token_name: str) -> tuple[Check, PveVersion | None]:
    try:
        version = await pve.get("/version", PveVersion)
    except ProxmoxMcpError as exc:
        return Check("API token", Verdict.FAIL, exc.message, fix=exc.hint), None
    return Check("API token", Verdict.PASS, f"{token_name} accepted by PVE {version.version}"), version


def _always_needed(gaps: Iterable[Gap]) -> list[Gap]:
    return [gap for gap in gaps if gap.need.kind is not NeedKind.CONDITIONAL]


def _operation_item(report: OperationPrivileges, token_name: str) -> Check:
    if report.verdict is Verdict.PASS:
        needs = dict.fromkeys(
            need.describe() + (" (some cases)" if need.kind is NeedKind.CONDITIONAL else "") for need in report.needs
        )
        return Check(report.operation, Verdict.PASS, "; ".join(needs) or "no privilege beyond a valid token")
    status = report.verdict  # WARN or FAIL: the token's privileges fall short
    commands = grant_commands(token_name, _always_needed(report.gaps))
    sometimes = grant_commands(token_name, [gap for gap in report.gaps if gap.need.kind is NeedKind.CONDITIONAL])
    fixes = ["; ".join(commands)] if commands else []
    if sometimes:  # granting what only some cases need would give the token more than it uses
        fixes.append("only if that case applies to you: " + "; ".join(sometimes))
    problems = [f"lacks {gap.describe()}" for gap in report.gaps]
    if report.unknown_calls:
        problems.append(
            f"cannot tell what {', '.join(report.unknown_calls)} needs: the PVE API schema has no such call"
        )
        fixes.append("report this: the operation catalogue names a call that PVE does not have")
    return Check(
        report.operation,
        status,
        "; ".join(problems),
        fix="; ".join(fixes),
        details={
            "missing": [
                {
                    "privileges": list(gap.missing),
                    "any_of": gap.need.any_of,
                    "path": grant_path(gap.need.path),
                    "acl_path_template": gap.need.path,
                    "kind": gap.need.kind.value,
                    "coverage": gap.coverage.value,
                    "held_on": list(gap.held_on),
                    "endpoint": gap.need.endpoint,
                }
                for gap in report.gaps
            ],
            "unknown_calls": list(report.unknown_calls),
            "grant": commands,
        },
    )


async def check_privileges(pve: PveClient, token_name: str, version: PveVersion) -> Check:
    try:
        held = await pve.get("/access/permissions", TokenPermissions)
    except ProxmoxMcpError as exc:
        return Check(
            "token privileges", Verdict.FAIL, f"cannot read the token's permissions: {exc.message}", fix=exc.hint
        )
    schema, note = _schema_for(version)
    reports = check_operations(CATALOGUE, load_schema(schema), held.root)
    items = [_operation_item(report, token_name) for report in reports]
    failed = [report for report in reports if report.verdict is Verdict.FAIL]
    warned = [report for report in reports if report.verdict is Verdict.WARN]
    if not failed and not warned:
        what = f"all {len(reports)} operations have what they need{note}"
        return Check("token privileges", Verdict.PASS, what, items=items)
    user = token_name.partition("!")[0]
    commands = grant_commands(token_name, _always_needed(gap for report in failed + warned for gap in report.gaps))
    fix = (
        ("Grant what is missing: " + "; ".join(commands) + ". " if commands else "")
        + "Each operation's line says what it lacks and how to grant it. A privilege-separated token holds only "
        + f"what its user holds too: grant the same roles to {user} (--users instead of --tokens)."
    )
    status = Verdict.FAIL if failed else Verdict.WARN
    if failed:
        what = f"{len(failed)} of {len(reports)} operations lack privileges"
        what += f", {len(warned)} more work with limits" if warned else ""
    else:
        what = f"{len(warned)} of {len(reports)} operations work with limits"
    return Check("token privileges", status, what + note, fix=fix, items=items, details={"grant": commands})


def _skip(name: str, because: str) -> Check:
    return Check(name, Verdict.SKIP, f"skipped: {because}")


async def pve_checks(settings: Settings) -> list[Check]:
    """Settings, reachability, TLS, token and privileges; each needs the one before it."""
    names = ("PVE reachable", "TLS", "API token", "token privileges")
    settings_check = check_settings(settings)
    if settings_check.status is Verdict.FAIL:
        return [settings_check, *(_skip(name, "the PVE settings are incomplete") for name in names)]
    reachable = await check_reachable(settings)
    if reachable.status is Verdict.FAIL:
        return [settings_check, reachable, *(_skip(name, "PVE is not reachable") for name in names[1:])]
    tls = await check_tls(settings)
    if tls.status is Verdict.FAIL:
        return [settings_check, reachable, tls, *(_skip(name, "TLS failed") for name in names[2:])]
    token_name = settings.proxmox_token_name
    assert token_name  # the settings check passed
    try:
        pve = PveClient.from_settings(settings, retry=RetryPolicy(attempts=1))
    except ProxmoxMcpError as exc:
        token = Check("API token", Verdict.FAIL, exc.message, fix=exc.hint)
        return [settings_check, reachable, tls, token, _skip(names[3], "the token was not accepted")]
    async with pve:
        token, version = await check_token(pve, token_name)
        if version is None:
            return [settings_check, reachable, tls, token, _skip(names[3], "the token was not accepted")]
        privileges = await check_privileges(pve, token_name, version)
    return [settings_check, reachable, tls, token, privileges]


# -- Redis and workers ------------------------------------------------------------------------


async def check_redis(redis: Redis, url: str) -> Check:
    where = redis_location(url)
    try:
        await redis.ping()
        info = await redis.info("server")
        depth = 0
        async for queue in redis.scan_iter(match=keys.QUEUE_PATTERN, _type="zset"):
            depth += int(await redis.zcard(queue))
    except AuthenticationError as exc:
        return Check(
            "Redis",
            Verdict.FAIL,
            f"Redis at {where} refused the credentials: {exc}",
            fix="Put the password in REDIS_URL (redis://:PASSWORD@HOST:6379/0), the same as Redis's requirepass.",
        )
    except RedisError as exc:
        return Check(
            "Redis",
            Verdict.FAIL,
            f"cannot reach Redis at {where}: {exc}",
            fix="Check REDIS_URL and that Redis runs (`docker compose up -d redis`; `redis-cli -u $REDIS_URL ping`).",
        )
    return Check("Redis", Verdict.PASS, f"Redis {info.get('redis_version', '?')} at {where}; {depth} job(s) queued")


async def check_workers(redis: Redis) -> Check:
    try:
        found = await health_keys(redis)
        beats = await redis.mget(found) if found else []
    except RedisError as exc:
        return Check("workers", Verdict.FAIL, f"cannot read the workers' health keys: {exc}", fix=_START_WORKERS)
    alive = sorted((worker_name(key), beat) for key, beat in zip(found, beats, strict=True) if beat)
    if not alive:
        return Check(
            "workers",
            Verdict.FAIL,
            f"no worker is alive (no {keys.worker_health('*')} key: workers rewrite theirs every 10 s)",
            fix=_START_WORKERS,
        )
    items = [Check(name, Verdict.PASS, beat) for name, beat in alive]
    names = ", ".join(name for name, _ in alive)
    return Check("workers", Verdict.PASS, f"{len(alive)} alive: {names}", items=items)


async def check_a_read(url: str, settings: Settings, cluster: str) -> Check:
    """A read job through the cluster's queue, the way the MCP server runs it: a worker takes it and PVE answers."""
    # its own client: waiting blocks on the job's events for longer than the checks' socket timeout
    redis = redis_client(url, socket_connect_timeout=_REDIS_TIMEOUT_S)
    jobs = JobClient(
        JobStore(redis, ttl_seconds=settings.job_ttl_seconds),
        redactor=Redactor(settings.secrets()),
        signer=signer_for(settings),
        cluster=cluster,
    )
    started = time.monotonic()
    try:
        record = await jobs.submit(LIST_NODES, ListNodesParams())
        try:
            finished = await jobs.wait(record.job_id, seconds=settings.read_timeout_seconds)
            nodes = await jobs.answer(LIST_NODES, finished)
        finally:
            await jobs.store.retire(record.job_id, _OWN_JOB_TTL_S)  # a check's job is nobody else's business
    except ProxmoxMcpError as exc:
        return Check("a read job", Verdict.FAIL, f"list_nodes through the queue: {exc.message}", fix=exc.hint)
    finally:
        await redis.aclose(close_connection_pool=True)
    took = (time.monotonic() - started) * 1000
    names = ", ".join(node.node for node in nodes.nodes) or "none"
    return Check("a read job", Verdict.PASS, f"a worker answered list_nodes in {took:.0f} ms (nodes: {names})")


async def queue_checks(settings: Settings, clusters: Clusters | None = None) -> list[Check]:
    clusters = clusters if clusters is not None else load_clusters(settings)
    if settings.redis_url is None:
        return [
            Check(
                "Redis",
                Verdict.SKIP,
                "REDIS_URL is not set: embedded mode, the MCP server keeps its queue and job store in memory",
            ),
            Check("workers", Verdict.SKIP, "embedded mode: the MCP server runs its own worker in-process"),
            Check("a read job", Verdict.SKIP, "embedded mode: the MCP server runs its own worker in-process"),
        ]
    url = settings.redis_url.get_secret_value()
    redis = redis_client(url, socket_connect_timeout=_REDIS_TIMEOUT_S, socket_timeout=_REDIS_TIMEOUT_S)
    try:
        reached = await check_redis(redis, url)
        if reached.status is Verdict.FAIL:
            return [reached, _skip("workers", "Redis is not reachable"), _skip("a read job", "Redis is not reachable")]
        workers = await check_workers(redis)
        if workers.status is Verdict.FAIL:
            return [reached, workers, _skip("a read job", "no worker would take it")]
        reads = [_named(await check_a_read(url, settings, c.name), c, clusters) for c in clusters.values()]
        return [reached, workers, *reads]
    finally:
        await redis.aclose(close_connection_pool=True)


def _named(check: Check, cluster: Cluster, clusters: Clusters) -> Check:
    """A check of one cluster, named after it when there are several."""
    if not clusters.several:
        return check
    return replace(check, name=f"{cluster.name}: {check.name}", cluster=cluster.name)


async def cluster_checks(settings: Settings, cluster: Cluster) -> list[Check]:
    """The PVE checks of one cluster, with its own settings (the file's, for PROXMOX_CLUSTERS)."""
    try:
        own = cluster.settings(settings)
    except ProxmoxMcpError as exc:  # its token's secret cannot be read
        names = ("PVE reachable", "TLS", "API token", "token privileges")
        return [Check("settings", Verdict.FAIL, exc.message, fix=exc.hint), *(_skip(n, "no token") for n in names)]
    return await pve_checks(own)


async def run_checks(settings: Settings, *, pve: bool = True) -> list[Check]:
    """Every check, in order, the PVE ones for each cluster; `pve=False` leaves those out (a host that only runs
    the MCP server)."""
    clusters = load_clusters(settings)
    checks: list[Check] = []
    if pve:
        for cluster in clusters.values():
            checks.extend(_named(check, cluster, clusters) for check in await cluster_checks(settings, cluster))
    checks.extend(await queue_checks(settings, clusters))
    return checks


# -- output -----------------------------------------------------------------------------------


def _colour(enabled: bool) -> Callable[[Verdict], str]:
    codes = {Verdict.PASS: "32", Verdict.WARN: "33", Verdict.FAIL: "31;1", Verdict.SKIP: "2"}

    def paint(status: Verdict) -> str:
        label = f"{status.value:<4}"
        return f"\x1b[{codes[status]}m{label}\x1b[0m" if enabled else label

    return paint


def render_text(checks: list[Check], *, colour: bool = False) -> str:
    paint = _colour(colour)
    width = max(len(check.name) for check in checks)
    lines: list[str] = []
    for check in checks:
        lines.append(f"{paint(check.status)}  {check.name:<{width}}  {check.summary}")
        item_width = max((len(item.name) for item in check.items), default=0)
        for item in check.items:
            lines.append(f"      {paint(item.status)}  {item.name:<{item_width}}  {item.summary}")
            if item.fix:
                lines.append(f"      {'':4}  {'':<{item_width}}  fix: {item.fix}")
        if check.fix and check.status in (Verdict.FAIL, Verdict.WARN):
            lines.append(f"      fix: {check.fix}")
    counts = {status: sum(check.status is status for check in checks) for status in Verdict}
    tally = ", ".join(f"{counts[status]} {status.value.lower()}" for status in Verdict if counts[status])
    verdict = "FAILED" if counts[Verdict.FAIL] else "OK"
    failed = list(dict.fromkeys(c.cluster for c in checks if c.status is Verdict.FAIL and c.cluster is not None))
    if failed:
        verdict += f" (cluster {', '.join(failed)})"
    lines.extend(["", f"{verdict}: {tally}."])
    return "\n".join(lines)


def _use_colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="test_connection.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument(
        "--skip-pve",
        action="store_true",
        help="check only Redis and workers (a host that runs only the MCP server against a shared Redis)",
    )
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
        load_clusters(settings)  # a malformed PROXMOX_CLUSTERS is a settings error: one line, exit 2
    except ProxmoxMcpError as exc:
        print(f"test_connection: {exc}", file=sys.stderr)
        return 2
    # errors only, to stderr: the checks themselves are the report
    configure_logging(
        settings.model_copy(update={"log_level": "ERROR"}),
        role="diagnostics",
        redactor=Redactor([*settings.secrets(), *load_clusters(settings).secrets()]),
    )
    try:
        checks = asyncio.run(run_checks(settings, pve=not args.skip_pve))
    except KeyboardInterrupt:
        return 130
    failed = any(check.status is Verdict.FAIL for check in checks)
    if args.json:
        print(json.dumps({"ok": not failed, "checks": [check.as_json() for check in checks]}, indent=2))
    else:
        print(render_text(checks, colour=_use_colour()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

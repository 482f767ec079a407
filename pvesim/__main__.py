"""`python -m pvesim` / `pvesim`: run the simulator until Ctrl-C, printing how to reach it."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from pathlib import Path

from pvesim.config import SimConfig
from pvesim.faults import Faults
from pvesim.scenario import ScenarioError
from pvesim.simulator import Simulator

__all__ = ["main", "parse_args"]


def _fault_rules(text: str) -> dict[str, object]:
    """--faults: JSON fault rules, checked the way PUT /_sim/faults checks them."""
    try:
        rules = json.loads(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(f"invalid fault rules: {problem}") from None
    if not isinstance(rules, dict):
        raise argparse.ArgumentTypeError("invalid fault rules: expected a JSON object")
    try:
        Faults().update(rules)
    except (TypeError, ValueError) as problem:
        raise argparse.ArgumentTypeError(f"invalid fault rules: {problem}") from None
    return rules


def parse_args(argv: list[str] | None = None) -> SimConfig:
    parser = argparse.ArgumentParser(
        prog="pvesim", description="A Proxmox VE API simulator checked against the official schema."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8006, help="port; 0 picks a free one (default 8006)")
    parser.add_argument("--http", action="store_true", help="plain HTTP instead of HTTPS")
    parser.add_argument("--pve-version", choices=["9.1", "8.4"], default="9.1", help="schema and behaviour to follow")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--scenario", type=Path, help="cluster from a YAML or JSON file")
    group.add_argument("--guests", type=int, help="generate a large cluster with this many guests")
    group.add_argument(
        "--scale", choices=["datacenter"], help="a datacenter: 32 nodes, 10,000 guests (tags, pools), 40 storages"
    )
    parser.add_argument("--offline-node", action="append", default=[], help="start with this node offline (repeatable)")
    parser.add_argument("--token-secret", help="secret of the full API token (default: random)")
    parser.add_argument(
        "--state-dir", type=Path, help="where the CA, certificates and SSH keys go (default: temporary)"
    )
    parser.add_argument("--task-duration", type=float, default=2.0, help="seconds a task runs (default 2.0)")
    parser.add_argument("--lock-timeout", type=float, default=10.0, help="seconds a task waits for a guest lock")
    parser.add_argument(
        "--stats-interval",
        type=float,
        default=0.0,
        help="seconds /cluster/resources' guest names, status and usage lag, as pvestatd's (PVE ~10; default 0)",
    )
    parser.add_argument(
        "--faults", type=_fault_rules, help="initial fault rules as JSON (the body PUT /_sim/faults takes)"
    )
    parser.add_argument("--seed", type=int, help="seed for random faults")
    parser.add_argument("--ssh-port", type=int, help="also serve `pct exec` over SSH on this port (0: free port)")
    parser.add_argument("--ssh-authorized-key", action="append", default=[], help="OpenSSH public key line to accept")
    args = parser.parse_args(argv)
    return SimConfig(
        host=args.host,
        port=args.port,
        https=not args.http,
        pve_version=args.pve_version,
        scenario=args.scenario,
        guests=args.guests,
        scale=args.scale,
        offline_nodes=tuple(args.offline_node),
        token_secret=args.token_secret,
        state_dir=args.state_dir,
        task_duration=args.task_duration,
        lock_timeout=args.lock_timeout,
        stats_interval=args.stats_interval,
        faults=args.faults or {},
        seed=args.seed,
        ssh=args.ssh_port is not None,
        ssh_port=args.ssh_port or 0,
        ssh_authorized_keys=tuple(args.ssh_authorized_key),
    )


def _banner(sim: Simulator) -> str:
    lines = [
        f"pvesim {sim.config.pve_version} listening on {sim.url}",
        f"API:        {sim.api_url}",
        f"Token:      PVEAPIToken={sim.token_name}={sim.token_secret}",
        f"Read-only:  PVEAPIToken={sim.limited_token_name}={sim.limited_token_secret}",
    ]
    if sim.ca_path:
        lines.append(f"CA:         {sim.ca_path}")
    if sim.ssh is not None:
        lines.append(f"SSH:        port {sim.ssh_port}, host key: {sim.ssh_host_key_line()}")
        if sim.ssh_client_key_path:
            lines.append(f"SSH key:    {sim.ssh_client_key_path}")
    tls = f"--cacert {sim.ca_path} " if sim.ca_path else ""
    lines.append(f"Try:        curl {tls}-H 'Authorization: {sim.auth_header}' {sim.api_url}/nodes")
    return "\n".join(lines)


async def _run(config: SimConfig) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    async with Simulator(config) as sim:
        print(_banner(sim), flush=True)
        await stop.wait()


def main(argv: list[str] | None = None) -> None:
    config = parse_args(argv)
    try:
        asyncio.run(_run(config))
    except ScenarioError as problem:
        # a usage error, like a bad option: exit 2, one line
        print(f"pvesim: {problem}", file=sys.stderr)
        sys.exit(2)
    except (OSError, ValueError) as problem:
        sys.exit(f"pvesim: {problem}")


if __name__ == "__main__":
    main()

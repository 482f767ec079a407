"""The MCP server in this process, embedded (its own in-memory store and worker), against a pvesim.

Quicker than the stdio stack of tests/e2e and just as real below the transport: the same
`build_server`, tools, queue, worker and PVE client.
"""

from __future__ import annotations

from mcp import Client

from mcp_frontend.server import build_server
from pvesim.simulator import Simulator
from shared.settings import Settings
from tests.support.stack import HostedClient, ssh_env

__all__ = ["inprocess_client", "inprocess_settings"]


def inprocess_settings(sim: Simulator, **overrides: str) -> Settings:
    """Settings for `sim` (and its SSH endpoint, when it runs one), given as the environment would give them."""
    environment = {
        "PROXMOX_URL": sim.url,
        "PROXMOX_TOKEN_NAME": sim.token_name,
        "PROXMOX_TOKEN_VALUE": sim.token_secret,
        "PROXMOX_CA_BUNDLE": str(sim.ca_path),
        "PROXMOX_MCP_TOOLS": "all",  # every tool listed, as the tests of each tool expect
        **(ssh_env(sim) if sim.ssh_port is not None else {}),
        **overrides,
    }
    return Settings.model_validate(environment)


def inprocess_client(sim: Simulator, **overrides: str) -> HostedClient:
    """An MCP client (without elicitation) of a server built in this process; enter it with `async with`."""
    return HostedClient(Client(build_server(inprocess_settings(sim, **overrides))))

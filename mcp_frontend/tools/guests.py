"""Guest tools: list VMs and containers, read a configuration, read container interfaces."""

from __future__ import annotations

from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.operations.base import GuestNode
from shared.operations.guests import (
    GetConfigParams,
    GuestList,
    InstanceConfig,
    ListGuestsParams,
    LxcInterfaces,
    LxcInterfacesParams,
    NodeFilter,
)
from shared.sanitize import Vmid

__all__ = ["register"]

LIST_VMS = operation("list_vms")
LIST_LXC = operation("list_lxc_containers")
GET_CONFIG = operation("get_instance_config")
GET_INTERFACES = operation("get_lxc_interfaces")


async def list_vms(ctx: Context[FrontendApp, Any], node: NodeFilter = None) -> GuestList:
    """List qemu virtual machines: VMID, name, node, status (running/stopped/...), CPU, memory, tags, lock.

    Without `node` it lists the whole cluster in one call. Templates are included
    (template=true). Use a VMID from here with the other guest tools.
    """
    return await app_of(ctx).read(LIST_VMS, ListGuestsParams(node=node), GuestList)


async def list_lxc_containers(ctx: Context[FrontendApp, Any], node: NodeFilter = None) -> GuestList:
    """List LXC containers: VMID, name, node, status, CPU, memory, tags, lock.

    Without `node` it lists the whole cluster in one call. Use a VMID from here with
    get_instance_config, get_lxc_interfaces or the snapshot tools.
    """
    return await app_of(ctx).read(LIST_LXC, ListGuestsParams(node=node), GuestList)


async def get_instance_config(ctx: Context[FrontendApp, Any], vmid: Vmid, node: GuestNode = None) -> InstanceConfig:
    """Read the configuration of a VM or container (CPU, memory, disks, network, cloud-init, options).

    Works for qemu and LXC alike; `kind` in the answer says which. Secrets (passwords) are
    redacted. `digest` identifies this version of the configuration.
    """
    return await app_of(ctx).read(GET_CONFIG, GetConfigParams(vmid=vmid, node=node), InstanceConfig)


async def get_lxc_interfaces(ctx: Context[FrontendApp, Any], vmid: Vmid, node: GuestNode = None) -> LxcInterfaces:
    """Read a running container's network interfaces with their MAC, IPv4 and IPv6 addresses.

    Only for LXC containers, and only while they run (a stopped container has no interfaces:
    the error says so). For a VM, read its network from get_instance_config.
    """
    return await app_of(ctx).read(GET_INTERFACES, LxcInterfacesParams(vmid=vmid, node=node), LxcInterfaces)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, list_vms, annotations_for(LIST_VMS, "List VMs"))
    add_tool(server, list_lxc_containers, annotations_for(LIST_LXC, "List containers"))
    add_tool(server, get_instance_config, annotations_for(GET_CONFIG, "Read guest configuration"))
    add_tool(server, get_lxc_interfaces, annotations_for(GET_INTERFACES, "Read container interfaces"))

"""A create's defaults are declared once, in its params model: the tool publishes them, a payload gets them."""

from __future__ import annotations

import pytest

from mcp_frontend.manifest import live_tools
from shared.operations.base import Params
from shared.operations.create import CreateLxcParams, CreateVmParams


@pytest.mark.parametrize(
    ("tool", "model", "payload"),
    [
        pytest.param("create_vm", CreateVmParams, {"node": "pve1", "name": "web01"}, id="vm"),
        pytest.param(
            "create_lxc",
            CreateLxcParams,
            {"node": "pve1", "hostname": "ct01", "ostemplate": "local:vztmpl/debian.tar.zst"},
            id="container",
        ),
    ],
)
async def test_a_payload_that_leaves_sizes_out_gets_the_defaults_the_tool_publishes(
    tool: str, model: type[Params], payload: dict[str, object]
) -> None:
    """A job written straight into Redis creates what the same call of the tool would."""
    published = {t.name: t for t in await live_tools()}[tool].input_schema["properties"]
    # a yes/no argument left out is false (the server's instructions say so; its schema omits the default)
    defaults = {name: prop.get("default", False) for name, prop in published.items() if prop.get("type") == "boolean"}
    defaults |= {name: prop["default"] for name, prop in published.items() if "default" in prop}
    assert {"cores", "memory_mb", "disk_gb", "storage", "bridge", "start"} <= set(defaults)
    params = model.model_validate({**payload, "confirmed": True})
    for name, value in defaults.items():
        if name in model.model_fields and name != "confirmed":
            assert getattr(params, name) == value, name

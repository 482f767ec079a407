"""A create payload states every size and choice: the defaults are the tools' alone."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from pydantic import ValidationError

from mcp_frontend.tools.create import create_lxc, create_vm
from shared.operations.base import Params
from shared.operations.create import CreateLxcParams, CreateVmParams


@pytest.mark.parametrize(
    ("model", "payload"),
    [
        pytest.param(CreateVmParams, {"node": "pve1", "name": "web01", "confirmed": True}, id="vm"),
        pytest.param(
            CreateLxcParams,
            {"node": "pve1", "hostname": "ct01", "ostemplate": "local:vztmpl/debian.tar.zst", "confirmed": True},
            id="container",
        ),
    ],
)
def test_a_payload_without_sizes_is_refused_rather_than_given_defaults(
    model: type[Params], payload: dict[str, object]
) -> None:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(payload)
    missing = {error["loc"][0] for error in caught.value.errors() if error["type"] == "missing"}
    assert {"cores", "memory_mb", "disk_gb", "storage", "bridge", "start"} <= missing


@pytest.mark.parametrize(
    ("tool", "model"),
    [pytest.param(create_vm, CreateVmParams, id="vm"), pytest.param(create_lxc, CreateLxcParams, id="container")],
)
def test_every_field_a_payload_needs_has_a_default_in_the_tool(
    tool: Callable[..., object], model: type[Params]
) -> None:
    """Whatever the agent leaves out, the tool fills in, so the payload it enqueues is complete."""
    defaults = {
        name
        for name, parameter in inspect.signature(tool).parameters.items()
        if parameter.default is not inspect.Parameter.empty
    }
    required = {name for name, field in model.model_fields.items() if field.is_required()}
    always_given = {"node", "name", "hostname", "ostemplate"}  # the tools' required arguments
    assert required - always_given <= defaults

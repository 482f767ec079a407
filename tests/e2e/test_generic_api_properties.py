"""call_pve_api's check, held against pvesim's over hundreds of endpoints with values hypothesis draws from the schema.

For each example an endpoint of the 9.1 schema is drawn, a concrete path for it, and parameters
of its own with values that fit their schema or nearly do. The frontend's check
(shared.api.request) then either refuses the call, naming every parameter it refuses and why, or
accepts it: then the call goes to pvesim over real HTTPS through the PVE client, the way the
worker sends it, and pvesim's schema check must find nothing to refuse (its violations log stays
empty; the session fails on any violation too).
"""

from __future__ import annotations

import os
import string
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.api.request import ApiRequest, check_request
from shared.errors import InvalidInput, ProxmoxMcpError
from shared.pve.client import PveClient
from shared.pve.schema import Endpoint, load_schema
from shared.settings import Settings
from tests.support.background import BackgroundLoop

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

EXAMPLES = int(os.environ.get("PROXMOX_MCP_API_EXAMPLES", "600"))
SCHEMA = load_schema("9.1")
# the endpoints a call may name (a console's websocket is no JSON API call)
ENDPOINTS = sorted((e for e in SCHEMA.endpoints() if "websocket" not in e.path), key=lambda e: (e.path, e.method))
_RAW: TypeAdapter[Any] = TypeAdapter(Any)
_WORD = st.text(alphabet=string.ascii_lowercase + string.digits + "-_.", min_size=1, max_size=10)
_JUNK = st.sampled_from(["", "x y", "-1", "yes", "1.5", "a,b", "=", "9" * 12])
_KNOWN = {
    "pve-node": st.sampled_from(["pve1", "pve2"]),
    "pve-vmid": st.sampled_from([100, 101, 200, 201, 4242]),
    "pve-storage-id": st.sampled_from(["local", "local-lvm"]),
    "pve-configid": st.sampled_from(["net0", "scsi0", "ide2", "vmbr0"]),
}
_PLACEHOLDERS = {
    "node": st.sampled_from(["pve1", "pve2"]),
    "vmid": st.sampled_from(["100", "101", "200"]),
    "storage": st.sampled_from(["local", "local-lvm"]),
}


def _value(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value that fits the parameter's schema, or nearly does."""
    kind, fmt = schema.get("type"), schema.get("format")
    fitting: st.SearchStrategy[Any]
    if schema.get("enum"):  # download-url's `compression` declares "enum": null
        fitting = st.sampled_from(list(schema["enum"]))
    elif kind == "boolean":
        fitting = st.booleans()
    elif kind == "integer":
        low, high = int(float(schema.get("minimum", -5))), int(float(schema.get("maximum", 100_000)))
        fitting = st.integers(low, min(high, 2**31))
    elif kind == "number":
        fitting = st.floats(0, 64, allow_nan=False)
    elif isinstance(fmt, str) and fmt in _KNOWN:
        fitting = _KNOWN[fmt]
    elif isinstance(fmt, dict):
        keys = [k for k, v in fmt.items() if isinstance(v, dict) and not v.get("alias")]
        fitting = (
            st.lists(st.sampled_from(keys), max_size=2, unique=True).flatmap(
                lambda chosen: st.tuples(*(_value(fmt[k]) for k in chosen)).map(
                    lambda values, chosen=chosen: ",".join(f"{k}={v}" for k, v in zip(chosen, values, strict=True))
                )
            )
            if keys
            else _WORD
        )
    else:
        fitting = _WORD
    return st.one_of(fitting, fitting, fitting, _JUNK)


@st.composite
def calls(draw: st.DrawFn) -> tuple[Endpoint, str, dict[str, Any]]:
    endpoint = draw(st.sampled_from(ENDPOINTS))
    parts = []
    for segment in endpoint.path.strip("/").split("/"):
        name = segment[1:-1] if segment.startswith("{") else None
        parts.append(draw(_PLACEHOLDERS.get(name, _WORD)) if name else segment)
    path = "/" + "/".join(parts)
    properties = {k: v for k, v in endpoint.parameters.items() if k not in endpoint.path_params and "[n]" not in k}
    names = draw(st.lists(st.sampled_from(sorted(properties)), max_size=3, unique=True)) if properties else []
    params = {name: draw(_value(properties[name])) for name in names}
    return endpoint, path, params


class Target:
    def __init__(self) -> None:
        self.loop = BackgroundLoop()
        self.sim = Simulator(SimConfig(task_duration=0.05, lock_timeout=0.2, guests=12))
        self.loop.run(self.sim.start())
        settings = Settings(
            PROXMOX_URL=self.sim.url,
            PROXMOX_TOKEN_NAME=self.sim.token_name,
            PROXMOX_TOKEN_VALUE=self.sim.token_secret,
            PROXMOX_CA_BUNDLE=str(self.sim.ca_path),
        )
        self.pve = PveClient.from_settings(settings)

    async def send(self, request: ApiRequest) -> None:
        method, template, path, params = request.method, request.template, request.path_values, request.params
        try:
            if method == "GET":
                await self.pve.get(template, _RAW, path=path, query=params)
            elif method == "DELETE":
                await self.pve.delete(template, _RAW, path=path, query=params)
            else:
                await (self.pve.post if method == "POST" else self.pve.put)(template, _RAW, path=path, body=params)
        except ProxmoxMcpError:
            pass  # PVE's refusal of what it may refuse (a missing guest, a permission, an unmodelled endpoint)

    def close(self) -> None:
        self.loop.run(self.pve.aclose())
        self.loop.run(self.sim.stop())
        self.loop.close()


@pytest.fixture(scope="module")
def target() -> Iterator[Target]:
    running = Target()
    yield running
    running.close()


def test_what_the_check_accepts_pvesim_accepts_and_what_it_refuses_it_names(target: Target) -> None:
    seen: Counter[str] = Counter()
    endpoints: set[tuple[str, str]] = set()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(call=calls())
    def one_call(call: tuple[Endpoint, str, dict[str, Any]]) -> None:
        endpoint, path, params = call
        endpoints.add((endpoint.method, endpoint.path))
        try:
            request = check_request(endpoint.method, path, params, "9.1")
        except InvalidInput as refused:
            errors = refused.details.get("errors") or {}
            text = str(refused)
            assert text.startswith("VALIDATION_ERROR:") and len(text) > 40, text
            for name, why in errors.items():
                assert f"{name}: " in text and why.split(" - ")[0] in text, (name, text)
            seen["refused"] += 1
            return
        before = len(target.sim.violations)
        target.loop.run(target.send(request))
        assert target.sim.violations[before:] == [], f"{request.text()}: {target.sim.violations[before:]}"
        seen["accepted"] += 1

    one_call()
    print(f"\n{sum(seen.values())} calls on {len(endpoints)} endpoints: {dict(seen)}")
    assert seen["accepted"] > EXAMPLES // 5 and seen["refused"] > EXAMPLES // 10
    assert len(endpoints) > 200

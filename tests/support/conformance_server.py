"""The server as the MCP conformance suite's tasks scenarios test it: ours, plus the suite's fixture tools.

`python -m tests.support.conformance_server PORT` serves the real server (the demo cluster,
embedded) over our HTTP transport (mcp_frontend.http, as `--http 127.0.0.1:PORT --no-auth`),
with the tools the `tasks-*` scenarios call added. Each fixture is built
the way our change tools are, on the same job store and the same tasks extension: its tool
runs its operation through `FrontendApp.change` (so a declaring client gets a task, its job
queued, or held while it asks), and the embedded worker runs the job with the fixture's
handler. Only `greet`, which the suite calls synchronously only, is no job.

| Fixture | What it does here |
|---|---|
| `greet(name)` | answers `Hello, {name}!` at once (no job, no task) |
| `slow_compute(seconds, label)` | a job that sleeps `seconds`, ending cancelled when cancel_task asks |
| `failing_job()` | task support required; a job that fails with a tool error after about a second |
| `protocol_error_job()` | a job whose record is lost while it runs: the task fails (a JSON-RPC error) |
| `confirm_delete(filename)` | asks through its task (`inputRequests`), runs on the yes |
| `multi_input()` | asks two questions through its task, answered one by one |
| `test_tool_with_task()` | task support required; asks a name in the call's input round, then a task greets it |
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from typing import Annotated, Any

from mcp.server.mcpserver import Context, Resolve
from mcp.server.mcpserver.resolve import Elicit
from mcp.types import ToolAnnotations
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.published import PublishedTool
from mcp_frontend.server import ProxmoxMcpServer, build_server
from mcp_frontend.task_calls import current_task_call, elicitation
from mcp_frontend.tools import ToolSpec, all_tools
from mcp_frontend.tools.spec import make_tool, tool_result
from shared.errors import Conflict
from shared.jobs import keys
from shared.operations.base import Params, Result
from shared.operations.changes import ChangeReport
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.settings import Settings
from workers.job import JobContext, Outcome
from workers.registry import handles

__all__ = ["FIXTURES", "ConformanceServer", "build_conformance_server"]

_CONTEXT = Context[FrontendApp, Any]


class FixtureParams(Params):
    seconds: float = Field(0, ge=0, le=600)
    label: str = ""
    name: str = ""
    confirmed: bool = False


class FixtureResult(Result):
    text: str

    def brief(self) -> str:
        return self.text


def _fixture(name: str) -> Operation[FixtureParams, FixtureResult]:
    return Operation(
        name=name,
        title=name,
        tier=Tier.RESTRICTED,
        params=FixtureParams,
        result=FixtureResult,
        description=f"The conformance suite's {name} fixture.",
        pve_calls=(),
        plan=lambda params, _: f"run the {name} fixture",
    )


SLOW_COMPUTE = _fixture("slow_compute")
FAILING_JOB = _fixture("failing_job")
PROTOCOL_ERROR_JOB = _fixture("protocol_error_job")
CONFIRM_DELETE = _fixture("confirm_delete")
MULTI_INPUT = _fixture("multi_input")
GREET_BY_TASK = _fixture("test_tool_with_task")


def _done(text: str) -> Outcome:
    return Outcome(FixtureResult(text=text), message=text)


@handles(SLOW_COMPUTE)
async def slow_compute(job: JobContext, params: FixtureParams) -> Outcome:
    deadline = time.monotonic() + params.seconds
    while (left := deadline - time.monotonic()) > 0:
        await job.end_if_cancelled()  # cancel_task: a job a worker holds stops at its next look
        await asyncio.sleep(min(left, 0.1))
    return _done(f"computed {params.label or 'nothing'} in {params.seconds:g} s")


@handles(FAILING_JOB)
async def failing_job(job: JobContext, params: FixtureParams) -> Outcome:
    await asyncio.sleep(1)
    raise Conflict("the failing_job fixture failed, as it always does", hint="Nothing to do: it is a fixture.")


@handles(PROTOCOL_ERROR_JOB)
async def protocol_error_job(job: JobContext, params: FixtureParams) -> Outcome:
    await job.app.store.redis.delete(keys.job_record(job.job_id))  # the job store loses the job
    raise Conflict("the protocol_error_job fixture lost its job")


@handles(CONFIRM_DELETE)
async def confirm_delete(job: JobContext, params: FixtureParams) -> Outcome:
    return _done(f"deleted {params.label}")


@handles(MULTI_INPUT)
async def multi_input(job: JobContext, params: FixtureParams) -> Outcome:
    return _done("both answers were yes")


@handles(GREET_BY_TASK)
async def greet_by_task(job: JobContext, params: FixtureParams) -> Outcome:
    return _done(f"Hello, {params.name}!")


class Confirm(BaseModel):
    confirm: bool = Field(description="Yes, go on.")


class NamedConfirm(BaseModel):
    name: str = Field("", description="A name.")
    confirm: bool = Field(description="Yes, go on.")


class UserName(BaseModel):
    name: str = Field(description="Your name.")


async def _run(ctx: _CONTEXT, op: Operation[FixtureParams, FixtureResult], **values: Any) -> CallToolResult:
    params = FixtureParams(confirmed=True, **values)
    report: ChangeReport[FixtureResult] = await app_of(ctx).change(ctx, op, params, FixtureResult, None)
    return tool_result(report)


def _ask(questions: dict[str, Any]) -> None:
    """Questions for the user, asked through the task (a fixture called without tasks just runs)."""
    if (call := current_task_call()) is not None:
        call.questions = questions


async def greet(name: str = "World") -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=f"Hello, {name}!")])


async def slow_compute_tool(ctx: _CONTEXT, seconds: float = 1, label: str = "") -> CallToolResult:
    return await _run(ctx, SLOW_COMPUTE, seconds=seconds, label=label)


async def failing_job_tool(ctx: _CONTEXT) -> CallToolResult:
    return await _run(ctx, FAILING_JOB)


async def protocol_error_job_tool(ctx: _CONTEXT) -> CallToolResult:
    return await _run(ctx, PROTOCOL_ERROR_JOB)


async def confirm_delete_tool(ctx: _CONTEXT, filename: str = "") -> CallToolResult:
    _ask({"confirm-delete": elicitation(f"Delete {filename}?", Confirm)})
    return await _run(ctx, CONFIRM_DELETE, label=filename)


async def multi_input_tool(ctx: _CONTEXT) -> CallToolResult:
    _ask({key: elicitation(f"The {key} question: go on?", NamedConfirm) for key in ("first", "second")})
    return await _run(ctx, MULTI_INPUT)


async def ask_name() -> Elicit[UserName]:
    return Elicit("What is your name?", UserName)


async def test_tool_with_task(ctx: _CONTEXT, user: Annotated[UserName, Resolve(ask_name)]) -> CallToolResult:
    return await _run(ctx, GREET_BY_TASK, name=user.name)


def _spec(fn: Any, name: str, op: Operation[Any, Any] | None, tasks: Any) -> ToolSpec:
    hints = ToolAnnotations(read_only_hint=op is None, destructive_hint=False)
    tool = make_tool(
        fn, name=name, title=name, description=f"The conformance suite's {name} fixture.", annotations=hints
    )
    tier = op.tier if op is not None else Tier.SAFE
    return ToolSpec(tool, tier, "tasks", (op,) if op is not None else (), tasks=tasks)


def fixture_specs() -> list[ToolSpec]:
    return [
        _spec(greet, "greet", None, None),
        _spec(slow_compute_tool, "slow_compute", SLOW_COMPUTE, "optional"),
        _spec(failing_job_tool, "failing_job", FAILING_JOB, "required"),
        _spec(protocol_error_job_tool, "protocol_error_job", PROTOCOL_ERROR_JOB, "optional"),
        _spec(confirm_delete_tool, "confirm_delete", CONFIRM_DELETE, "optional"),
        _spec(multi_input_tool, "multi_input", MULTI_INPUT, "optional"),
        _spec(test_tool_with_task, "test_tool_with_task", GREET_BY_TASK, "required"),
    ]


FIXTURES = tuple(spec.name for spec in fixture_specs())


class ConformanceServer(ProxmoxMcpServer):
    """Our server with the conformance fixtures among its tools."""

    def specs(self) -> list[ToolSpec]:
        if self._specs is None:
            self._specs = [spec for spec in [*all_tools(), *fixture_specs()] if spec.name in self._published]
            self._tools = {spec.name: spec.tool for spec in self._specs}
        return self._specs


def build_conformance_server(settings: Settings, *, log_formatter: logging.Formatter | None = None) -> ProxmoxMcpServer:
    """The server for these settings, publishing the fixtures too."""
    fixtures = [PublishedTool(spec.tier, spec.group, spec.published()) for spec in fixture_specs()]
    return build_server(settings, log_formatter=log_formatter, server_class=ConformanceServer, also_publish=fixtures)


async def _serve(port: int) -> None:
    """The demo cluster, embedded, over HTTP as `proxmox-mcp --demo --http 127.0.0.1:PORT --no-auth` serves it."""
    from mcp_frontend.http import HttpAddress, build_http_app, serve_http  # noqa: PLC0415
    from pvesim.demo import demo_simulator  # noqa: PLC0415
    from shared.logs import configure_logging  # noqa: PLC0415
    from shared.redact import Redactor  # noqa: PLC0415
    from shared.settings import load_settings  # noqa: PLC0415

    async with demo_simulator() as sim:
        update = {**sim.settings_update(), "redis_url": None, "task_slice_seconds": 600}  # slow_compute runs long
        settings = load_settings(None).model_copy(update=update)
        formatter = configure_logging(settings, role="mcp", redactor=Redactor(settings.secrets()))
        server = build_conformance_server(settings, log_formatter=formatter)
        address = HttpAddress(host="127.0.0.1", port=port)
        await serve_http(build_http_app(server, settings, address), address)


if __name__ == "__main__":
    asyncio.run(_serve(int(sys.argv[1])))

"""A tool built from an operation's declaration: no tool module of its own.

The tool's arguments are the fields of the operation's params model, with their types,
descriptions, patterns and defaults (a field marked `ToolArgument` is taken under its own name
and converted: a password becomes its hash, a command line its argv). A change also takes
`wait_seconds`, and resolves its confirmation before its body runs: the params are built
(and so validated, with the server's settings too) first, so bad input is refused before the
user is asked; then the declared plan is put to the user (see mcp_frontend.confirm). A read
runs to its end; a change is waited for up to `wait_seconds` and reported.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from mcp_types import CallToolResult
from pydantic import Field, Strict
from pydantic.fields import FieldInfo

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, approved, confirm_change, refuse_danger
from mcp_frontend.tools.spec import ToolSpec, hints, make_tool, tool_result
from shared.catalogue import group_of
from shared.operations.base import Params
from shared.operations.changes import ChangeReport, WaitSeconds
from shared.operations.operation import Operation, ToolArgument

__all__ = ["Argument", "declared_tool", "payload", "signed", "tool_arguments"]

_CONTEXT = Context[FrontendApp, Any]
_KEYWORD = inspect.Parameter.KEYWORD_ONLY
_REQUIRED = inspect.Parameter.empty


@dataclass(frozen=True)
class Argument:
    """One argument of a declared tool, and the payload field it fills."""

    name: str
    field: str
    annotation: Any
    default: Any
    convert: Callable[[Any], Any] | None = None

    def parameter(self) -> inspect.Parameter:
        return inspect.Parameter(self.name, _KEYWORD, default=self.default, annotation=self.annotation)


def _numeric(annotation: Any) -> bool:
    """Whether a field's type is a bool, an int or a float (or such or None): what lax validation coerces."""
    if get_origin(annotation) is Annotated:
        return _numeric(get_args(annotation)[0])
    if isinstance(annotation, UnionType) or get_origin(annotation) is Union:
        return all(_numeric(arg) for arg in get_args(annotation) if arg is not type(None))
    return annotation in (bool, int, float)


def _argument(name: str, info: FieldInfo, strict: bool) -> Argument:
    default = _REQUIRED if info.is_required() else info.default
    declared = next((m for m in info.metadata if isinstance(m, ToolArgument)), None)
    if declared is not None:
        return Argument(declared.name, name, declared.annotation, default, declared.convert)
    # as strict as the payload: the schema's boolean takes no "yes", its integer no 201.0 and no "201 "
    strictness = (Strict(),) if strict and _numeric(info.annotation) else ()
    field = Field(description=info.description, json_schema_extra=info.json_schema_extra)
    return Argument(name, name, Annotated[(info.annotation, *info.metadata, *strictness, field)], default)


def tool_arguments(params: type[Params]) -> list[Argument]:
    """The tool's arguments from a params model: the required ones first, `confirmed` last."""
    strict = bool(params.model_config.get("strict"))
    arguments = [_argument(name, info, strict) for name, info in params.model_fields.items()]
    return sorted(arguments, key=lambda a: (a.default is not _REQUIRED, a.name == "confirmed"))


def payload(params: type[Params], arguments: list[Argument], given: Mapping[str, Any]) -> Params:
    values = {a.field: a.convert(given[a.name]) if a.convert else given[a.name] for a in arguments}
    return params.model_validate(values)


def signed(fn: Callable[..., Any], name: str, parameters: list[inspect.Parameter], returns: Any) -> None:
    """Give a generated function the signature the SDK reads (its schema and its resolver's arguments)."""
    fn.__name__ = fn.__qualname__ = name
    fn.__signature__ = inspect.Signature(parameters, return_annotation=returns)  # type: ignore[attr-defined]  # read by inspect.signature
    fn.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": returns}


def declared_tool(op: Operation[Any, Any]) -> ToolSpec:
    """The MCP tool of `op`, built from its declaration."""
    arguments = tool_arguments(op.params)
    context = inspect.Parameter("ctx", _KEYWORD, annotation=_CONTEXT)
    parameters = [context, *(a.parameter() for a in arguments)]

    if not op.changes:

        async def read(ctx: _CONTEXT, **given: Any) -> CallToolResult:
            app = app_of(ctx)
            return tool_result(await app.read(op, payload(op.params, arguments, given)))

        signed(read, op.name, parameters, Annotated[CallToolResult, op.result])
        return _spec(read, op)

    async def confirm(ctx: _CONTEXT, **given: Any) -> Approval | Elicit[Approval]:
        refuse_danger(app_of(ctx), op, given)
        params = payload(op.params, arguments, given)
        return await confirm_change(ctx, op, params, confirmed=given["confirmed"])

    async def change(ctx: _CONTEXT, approval: ElicitationResult[Approval], **given: Any) -> CallToolResult:
        wait_seconds = given.pop("wait_seconds")
        vmid = given.get("vmid")
        approved(approval, op.name + (f" of guest {vmid}" if vmid is not None else ""))
        params = payload(op.params, arguments, {**given, "confirmed": True})
        return tool_result(await app_of(ctx).change(ctx, op, params, op.result, wait_seconds))

    wait = inspect.Parameter("wait_seconds", _KEYWORD, default=None, annotation=WaitSeconds)
    signed(confirm, f"confirm_{op.name}", [context, *parameters[1:], wait], Approval | Elicit[Approval])
    asked = inspect.Parameter("approval", _KEYWORD, annotation=Annotated[ElicitationResult[Approval], Resolve(confirm)])
    report = ChangeReport[op.result]  # type: ignore[name-defined]  # a generic parametrized at run time
    signed(change, op.name, [context, asked, *parameters[1:], wait], Annotated[CallToolResult, report])
    return _spec(change, op)


def _spec(fn: Callable[..., Any], op: Operation[Any, Any]) -> ToolSpec:
    tool = make_tool(fn, name=op.name, title=op.title, description=op.brief, annotations=hints(op))
    return ToolSpec(
        tool,
        op.tier,
        group_of(op),
        (op,),
        declared=True,
        manual=op.description,
        tasks="optional" if op.changes else None,
    )

"""A tool built from an operation's declaration: no tool module of its own.

The tool's arguments are the fields of the operation's params model, with their types,
descriptions, patterns and defaults (a field marked `ToolArgument` is taken under its own name
and converted: a password becomes its hash, a command line its argv). A change also takes
`wait_seconds`, and resolves its confirmation before its body runs: the params are built
(and so validated, with the server's settings too) first, so bad input is refused before the
user is asked; then the declared plan is put to the user (see mcp_frontend.confirm). A read
runs to its end; a change is waited for up to `wait_seconds` and reported.

The SDK builds a tool from a function's signature. A declared tool has no function of its own,
so it is built as the SDK's `Tool` model directly (`DeclaredTool`): its arguments model is made
from the declared arguments, and its body takes them as keywords.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from mcp.server.mcpserver.resolve import build_resolver_plans
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult
from pydantic import Field, Strict, create_model
from pydantic.fields import FieldInfo

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, approved, confirm_change, refuse_danger
from mcp_frontend.tools.spec import ToolSpec, compacted, hints, tool_result
from shared.catalogue import group_of
from shared.operations.base import Params
from shared.operations.changes import ChangeReport, WaitSeconds
from shared.operations.operation import Operation, ToolArgument

__all__ = ["Argument", "Confirm", "DeclaredTool", "declared_tool", "payload", "tool_arguments", "tool_of"]

_CONTEXT = Context[FrontendApp, Any]
#: a required argument's default (pydantic's mark for a field with none)
_REQUIRED: Any = ...

#: a change's confirmation: the plan put to the user for the call's validated arguments, or approval at once
Confirm = Callable[[_CONTEXT, dict[str, Any]], Awaitable[Approval | Elicit[Approval]]]


@dataclass(frozen=True)
class Argument:
    """One argument of a declared tool, and the payload field it fills."""

    name: str
    field: str
    annotation: Any
    default: Any
    convert: Callable[[Any], Any] | None = None


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


#: the arguments of the declared tool call being run, as the client sent them (DeclaredTool.run)
_call_arguments: ContextVar[dict[str, Any]] = ContextVar("declared_call_arguments")


class DeclaredTool(Tool):
    """The SDK's tool, built from a declaration instead of read off a function's signature.

    The SDK hands a confirmation resolver the tool arguments its signature names. A declared
    confirmation names none, as its arguments are the declaration's: it is given the call's
    arguments from here, validated by the same arguments model as the body's.
    """

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False) -> Any:
        token = _call_arguments.set(arguments)
        try:
            return await super().run(arguments, context, convert_result)
        finally:
            _call_arguments.reset(token)


def tool_of(
    op: Operation[Any, Any],
    arguments: list[Argument],
    body: Callable[..., Awaitable[CallToolResult]],
    *,
    returns: type,
    confirm: Confirm | None = None,
) -> DeclaredTool:
    """The tool of `op`, whose body takes `arguments` as keywords, and `ctx`.

    With `confirm`, it is a change: it takes `wait_seconds` too, and its body `approval`, the
    user's answer to what `confirm` put to them (the SDK's `Resolve`).
    """
    fields: dict[str, Any] = {a.name: (a.annotation, a.default) for a in arguments}
    if confirm is not None:
        fields["wait_seconds"] = (WaitSeconds, None)
    name = op.name
    model = create_model(f"{name}Arguments", __base__=ArgModelBase, **fields)
    metadata = FuncMetadata(arg_model=model, output_model=returns)
    resolved: dict[str, tuple[Resolve, bool]] = {}
    if confirm is not None:  # the body takes the whole answer (an ElicitationResult), hence True
        resolved["approval"] = (Resolve(_resolver(name, confirm, metadata)), True)
    tool = DeclaredTool(
        fn=body,
        name=name,
        title=op.title,
        description=op.brief,
        parameters=model.model_json_schema(by_alias=True),
        fn_metadata=metadata,
        is_async=True,
        context_kwarg="ctx",
        resolved_params=resolved,
        resolver_plans=build_resolver_plans(resolved, set(fields)),
        annotations=hints(op),
    )
    return compacted(tool)


def _resolver(
    name: str, confirm: Confirm, metadata: FuncMetadata
) -> Callable[[_CONTEXT], Awaitable[Approval | Elicit[Approval]]]:
    async def resolve(ctx: _CONTEXT) -> Approval | Elicit[Approval]:
        return await confirm(ctx, metadata.validate_arguments(_call_arguments.get()))

    # the resolver's name is its key in a 2026-07-28 client's input requests
    resolve.__name__ = resolve.__qualname__ = f"confirm_{name}"
    return resolve


def declared_tool(op: Operation[Any, Any]) -> ToolSpec:
    """The MCP tool of `op`, built from its declaration."""
    arguments = tool_arguments(op.params)

    if not op.changes:

        async def read(ctx: _CONTEXT, **given: Any) -> CallToolResult:
            return tool_result(await app_of(ctx).read(op, payload(op.params, arguments, given)))

        return _spec(tool_of(op, arguments, read, returns=op.result), op)

    async def confirm(ctx: _CONTEXT, given: dict[str, Any]) -> Approval | Elicit[Approval]:
        refuse_danger(app_of(ctx), op, given)
        params = payload(op.params, arguments, given)
        return await confirm_change(ctx, op, params, confirmed=given["confirmed"])

    async def change(ctx: _CONTEXT, approval: ElicitationResult[Approval], **given: Any) -> CallToolResult:
        wait_seconds = given.pop("wait_seconds")
        vmid = given.get("vmid")
        approved(approval, op.name + (f" of guest {vmid}" if vmid is not None else ""))
        params = payload(op.params, arguments, {**given, "confirmed": True})
        return tool_result(await app_of(ctx).change(ctx, op, params, op.result, wait_seconds))

    report = ChangeReport[op.result]  # type: ignore[name-defined]  # a generic parametrized at run time
    return _spec(tool_of(op, arguments, change, returns=report, confirm=confirm), op)


def _spec(tool: Tool, op: Operation[Any, Any]) -> ToolSpec:
    return ToolSpec(
        tool,
        op.tier,
        group_of(op),
        (op,),
        declared=True,
        manual=op.description,
        tasks="optional" if op.changes else None,
    )

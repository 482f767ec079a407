"""Compact schemas accept what pydantic's accept; they only say it in fewer bytes."""

from __future__ import annotations

from typing import Annotated, Any

import jsonschema
import pytest
from pydantic import BaseModel, Field

from mcp_frontend.schema import compact_schema
from shared.sanitize import NodeName, Vmid


class Point(BaseModel):
    x: int
    label: str | None = None


class Shape(BaseModel):
    name: str = Field(description="What it is called.")
    kind: Annotated[str, Field(pattern="^(a|b)$")] = "a"
    start: Point
    end: Point
    middle: Point | None = None
    tags: list[str] = []
    note: str | None = None


def test_generated_titles_are_dropped_but_a_property_named_title_stays() -> None:
    class Book(BaseModel):
        title: str

    schema = compact_schema(Book.model_json_schema())
    assert schema == {"properties": {"title": {"type": "string"}}, "required": ["title"], "type": "object"}


def test_an_optional_argument_is_its_type_and_a_result_field_that_may_be_null_a_type_list() -> None:
    arguments = compact_schema(Shape.model_json_schema())
    assert arguments["properties"]["note"] == {"type": "string"}
    result = compact_schema(Shape.model_json_schema(), output=True)
    assert result["properties"]["note"] == {"type": ["string", "null"]}


def test_a_model_used_once_is_written_in_place_and_one_used_twice_keeps_its_ref() -> None:
    class Once(BaseModel):
        point: Point

    assert "$defs" not in compact_schema(Once.model_json_schema())
    shape = compact_schema(Shape.model_json_schema())
    assert set(shape["$defs"]) == {"Point"}
    assert shape["properties"]["start"] == {"$ref": "#/$defs/Point"}


def test_pve_formats_are_checked_not_published() -> None:
    class Target(BaseModel):
        vmid: Vmid
        node: NodeName

    schema = compact_schema(Target.model_json_schema())
    assert schema["properties"] == {"vmid": {"type": "integer"}, "node": {"type": "string"}}


def test_output_schemas_carry_types_only() -> None:
    schema = compact_schema(Shape.model_json_schema(), output=True)
    text = str(schema)
    assert "description" not in text and "default" not in text and "required" not in text


@pytest.mark.parametrize(
    "value",
    [
        {"name": "n", "start": {"x": 1}, "end": {"x": 2}},
        {"name": "n", "start": {"x": 1, "label": None}, "end": {"x": 2}, "middle": None, "note": None},
        {"name": "n", "start": {"x": 1}, "end": {"x": 2}, "middle": {"x": 3, "label": "m"}, "tags": ["t"]},
    ],
)
def test_a_result_valid_for_the_full_schema_is_valid_for_the_compact_one(value: dict[str, Any]) -> None:
    jsonschema.validate(Shape.model_validate(value).model_dump(mode="json"), Shape.model_json_schema())
    jsonschema.validate(
        Shape.model_validate(value).model_dump(mode="json"), compact_schema(Shape.model_json_schema(), output=True)
    )

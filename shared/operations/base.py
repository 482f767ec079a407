"""Bases shared by the operation models."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from shared.sanitize import NodeName, Vmid

__all__ = ["GuestNode", "GuestParams", "Params", "Result"]


class Params(BaseModel):
    """A job payload: strict (unknown fields are refused, so a typo never goes unnoticed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Result(BaseModel):
    """A job result, returned to the agent as structured content."""

    model_config = ConfigDict(extra="ignore")


GuestNode = Annotated[
    NodeName | None,
    Field(description="Node the guest is on. Omit it: the server looks the guest up in the cluster."),
]


class GuestParams(Params):
    """Addresses one guest (VM or container) by VMID; the node is looked up when omitted."""

    vmid: Vmid
    node: GuestNode = None

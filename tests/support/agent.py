"""What an agent does with a change through the tools: submit it without waiting, then read it back."""

from __future__ import annotations

from typing import Any

from mcp import Client

from tests.support.waiting import eventually

__all__ = ["call", "error_of", "finished", "status", "submit"]


async def submit(client: Client, tool: str, **arguments: Any) -> str:
    """Call a change tool confirmed and without waiting; its job id."""
    result = await client.call_tool(tool, {**arguments, "confirmed": True, "wait_seconds": 0})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return str(result.structured_content["job_id"])


async def status(client: Client, job_id: str, wait_seconds: float = 0) -> dict[str, Any]:
    """The job as get_task_status shows it to an agent (with wait_seconds: once it ended, or after that long)."""
    result = await client.call_tool("get_task_status", {"job_id": job_id, "wait_seconds": wait_seconds})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def finished(client: Client, job_id: str, timeout: float = 90, *, waiting: bool = True) -> dict[str, Any]:
    """get_task_status of the job once it ended; `waiting=False` asks without waiting (no client waits on the job)."""

    async def ended() -> dict[str, Any] | None:
        job = await status(client, job_id, wait_seconds=5 if waiting else 0)
        return job if job["done"] else None

    interval = 0.2 if waiting else 0.05
    return await eventually(ended, timeout=timeout, interval=interval, what=f"job {job_id} to end")


async def whole_log(client: Client, job_id: str, timeout: float = 10.0) -> list[str]:
    """The job's task log lines once get_task_log says they are all there (an OK end comes before its log)."""

    async def copied() -> list[str] | None:
        page = (await client.call_tool("get_task_log", {"job_id": job_id, "limit": 500})).structured_content
        assert page is not None
        return None if page["log_copying"] or not page["task_done"] else [line["t"] for line in page["lines"]]

    return await eventually(copied, timeout=timeout, interval=0.2, what=f"the log of job {job_id} to be copied whole")


async def call(mcp: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await mcp.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def error_of(mcp: Client, tool: str, **arguments: Any) -> str:
    result = await mcp.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    text = result.content[0].text  # type: ignore[union-attr]  # an error's content is text
    assert "Traceback" not in text
    return text

"""What the logs keep of a line the MCP SDK could not read: that there was one, not its text."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from shared.logs import configure_logging
from shared.redact import Redactor
from shared.settings import load_settings

SECRET = "pw-in-a-broken-line"


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    path = tmp_path / "debug.log"
    configure_logging(load_settings(log_level="DEBUG", log_file=path), role="test", redactor=Redactor())
    yield path
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def test_the_sdks_debug_line_of_an_unreadable_message_loses_the_raw_tail(log_file: Path) -> None:
    # as mcp.shared.jsonrpc_dispatcher logs what its transport could not parse
    error = ValueError(f'Invalid JSON: {{"method":"tools/call","arguments":{{"password":"{SECRET}"')
    logging.getLogger("mcp.shared.jsonrpc_dispatcher").debug("transport yielded exception: %r", error)
    logging.getLogger("mcp.shared.jsonrpc_dispatcher").debug("an ordinary line: %s", "kept")
    text = log_file.read_text()
    assert SECRET not in text
    assert "transport yielded exception: (the line is not logged)" in text
    assert "an ordinary line: kept" in text

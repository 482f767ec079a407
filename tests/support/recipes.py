"""Shell recipes of a docs page, and a terminal to run them in as an admin would.

A recipe is a fenced block opened with ```` ```sh recipe=<name> ````; its `# expect:` comment
(to the end of the block) says what it prints, with literal output in backticks. A
```` ```sh setup ```` block is what a reader runs once before the recipes (the connection).
Placeholders such as `<job_id>` stand for values the reader (here: the test) fills in.

The terminal is a pty, so redis-cli formats its answers as it does for a person at a
terminal (`1) "..."`, `(integer) 2`), while commands inside `$(...)` and pipes get its plain
output, exactly as in the reader's shell.
"""

from __future__ import annotations

import asyncio
import os
import pty
import re
import signal
import subprocess
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Page", "Recipe", "Terminal", "fill", "quoted", "read_page"]

_BLOCK = re.compile(r"^```sh (?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)
_PLACEHOLDER = re.compile(r"<([a-z_]+)>")
_LITERAL = re.compile(r"`([^`]+)`")
#: a string as redis-cli prints it in a terminal: in double quotes, with backslash escapes
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPES = {"n": b"\n", "r": b"\r", "t": b"\t", "a": b"\a", "b": b"\b", '"': b'"', "\\": b"\\"}


@dataclass(frozen=True)
class Recipe:
    name: str
    script: str
    #: the `# expect:` comment, without its comment marks
    expect: str

    @property
    def literals(self) -> list[str]:
        """What the expect comment quotes in backticks: text the output contains."""
        return _LITERAL.findall(self.expect)


@dataclass(frozen=True)
class Page:
    setup: str
    recipes: dict[str, Recipe]


def _expectation(body: str) -> str:
    lines = body.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("# expect:")]
    if not starts:
        return ""
    comment = lines[starts[0] :]
    assert all(line.startswith("#") for line in comment), f"the expect comment must end the block:\n{body}"
    return " ".join(line.lstrip("#").strip() for line in comment).removeprefix("expect:").strip()


def read_page(path: Path) -> Page:
    """The setup block and the recipes of a markdown page, by name."""
    setup: list[str] = []
    recipes: dict[str, Recipe] = {}
    for block in _BLOCK.finditer(path.read_text()):
        info, body = block["info"].split(), block["body"]
        if info == ["setup"]:
            setup.append(body)
        for word in info:
            if word.startswith("recipe="):
                name = word.removeprefix("recipe=")
                assert name not in recipes, f"two recipes are called {name}"
                recipes[name] = Recipe(name, body, _expectation(body))
    assert len(setup) == 1, f"{path.name} must have one ```sh setup block"
    return Page(setup[0], recipes)


def fill(text: str, values: Mapping[str, object]) -> str:
    """`text` with every `<name>` replaced by its value (a missing value is a test error)."""

    def value(match: re.Match[str]) -> str:
        name = match[1]
        assert name in values, f"no value for <{name}> in {text!r}"
        return str(values[name])

    return _PLACEHOLDER.sub(value, text)


def _unescape(text: str) -> str:
    out = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char != "\\":
            out += char.encode()
            index += 1
        elif text[index + 1] == "x":
            out.append(int(text[index + 2 : index + 4], 16))
            index += 4
        else:
            out += _ESCAPES[text[index + 1]]
            index += 2
    return out.decode()


def quoted(output: str) -> list[str]:
    """Every string redis-cli printed in quotes, in order, unescaped."""
    return [_unescape(found) for found in _QUOTED.findall(output)]


@dataclass(frozen=True)
class Finished:
    code: int
    output: str
    stderr: str


class Terminal:
    """`bash -c script` with its stdout on a pty, read in the background (the loop stays free for pvesim)."""

    def __init__(self, script: str, env: Mapping[str, str]) -> None:
        leader, follower = pty.openpty()
        self.process = subprocess.Popen(
            ["bash", "--noprofile", "--norc", "-c", script],
            stdin=subprocess.DEVNULL,
            stdout=follower,
            stderr=subprocess.PIPE,
            env=dict(env),
            start_new_session=True,  # its own process group: stop() ends redis-cli with the shell
        )
        os.close(follower)
        self._leader = leader
        self._lock = threading.Lock()
        self._out = bytearray()
        self._err = b""
        self._readers = [
            threading.Thread(target=self._read_terminal, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _read_terminal(self) -> None:
        while True:
            try:
                chunk = os.read(self._leader, 4096)
            except OSError:  # EIO: nothing holds the terminal any more
                break
            if not chunk:
                break
            with self._lock:
                self._out += chunk
        os.close(self._leader)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        with self.process.stderr as stream:
            self._err = stream.read()

    @property
    def output(self) -> str:
        """What the terminal showed so far, with plain newlines."""
        with self._lock:
            raw = bytes(self._out)
        return raw.decode(errors="replace").replace("\r\n", "\n")

    async def finish(self, timeout: float = 30) -> Finished:
        """Wait for the script to end by itself (stopped and failed after `timeout` seconds)."""
        try:
            code = await asyncio.to_thread(self.process.wait, timeout)
        except subprocess.TimeoutExpired:
            await self.stop()
            raise AssertionError(f"the recipe did not end within {timeout}s; it printed:\n{self.output}") from None
        return await self._collect(code)

    async def stop(self) -> Finished:
        """End the script and everything it started, as Ctrl-C ends a recipe that blocks."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            code = await asyncio.to_thread(self.process.wait, 5)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            code = await asyncio.to_thread(self.process.wait, 5)
        return await self._collect(code)

    async def _collect(self, code: int) -> Finished:
        for reader in self._readers:
            await asyncio.to_thread(reader.join, 10)
        return Finished(code, self.output, self._err.decode(errors="replace"))

"""The Dockerfile's instructions per stage, and the build context docker sends after .dockerignore.

.dockerignore is matched as docker does (moby's patternmatcher): each pattern is tried against
the path and each of its parent directories, `*` and `?` stay within one path segment, `**`
crosses them, and the last pattern that matches decides (a leading `!` re-includes).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Instruction", "context_files", "ignored", "stages"]


@dataclass(frozen=True)
class Instruction:
    keyword: str
    arguments: str


def stages(dockerfile: Path) -> list[list[Instruction]]:
    """Instructions grouped by build stage (each FROM starts one); continuation lines joined."""
    logical: list[str] = []
    pending = ""
    for raw in dockerfile.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    found: list[list[Instruction]] = []
    for line in logical:
        keyword, _, arguments = line.partition(" ")
        instruction = Instruction(keyword.upper(), " ".join(arguments.split()))
        if instruction.keyword == "FROM":
            found.append([])
        if found:
            found[-1].append(instruction)
    return found


def _pattern(text: str) -> re.Pattern[str]:
    text = text.strip().lstrip("/")
    parts: list[str] = []
    index = 0
    while index < len(text):
        if text.startswith("**/", index):
            parts.append("(?:.*/)?")
            index += 3
        elif text.startswith("**", index):
            parts.append(".*")
            index += 2
        elif text[index] == "*":
            parts.append("[^/]*")
            index += 1
        elif text[index] == "?":
            parts.append("[^/]")
            index += 1
        elif text[index] == "[":
            end = text.index("]", index)
            parts.append(text[index : end + 1])
            index = end + 1
        else:
            parts.append(re.escape(text[index]))
            index += 1
    return re.compile("".join(parts))


def _rules(root: Path) -> list[tuple[bool, re.Pattern[str]]]:
    rules: list[tuple[bool, re.Pattern[str]]] = []
    for raw in (root / ".dockerignore").read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            include = line.startswith("!")
            rules.append((include, _pattern(line[1:] if include else line)))
    return rules


def _excluded(rules: list[tuple[bool, re.Pattern[str]]], path: str) -> bool:
    parts = path.split("/")
    candidates = [path] + ["/".join(parts[:n]) for n in range(1, len(parts))]
    excluded = False
    for include, pattern in rules:
        if any(pattern.fullmatch(candidate) for candidate in candidates):
            excluded = not include
    return excluded


def ignored(root: Path, path: str) -> bool:
    """True when docker leaves `path` (relative, with /) out of the build context."""
    return _excluded(_rules(root), path)


def context_files(root: Path) -> set[str]:
    """Every file of the build context, as paths relative to `root`."""
    rules = _rules(root)
    found: set[str] = set()
    for directory, _dirs, files in os.walk(root):
        for name in files:
            path = (Path(directory) / name).relative_to(root).as_posix()
            if not _excluded(rules, path):
                found.add(path)
    return found

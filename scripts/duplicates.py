"""Count the pairs of repeated blocks in the tree: six lines or more, the same but for their literals.

    python scripts/duplicates.py [--list] [PATH ...]

A line is compared with its string and number literals blanked, its indentation and comments
dropped; blank lines, imports and lines of data alone (literals and brackets, no name) do not
count, nor does a run of six lines with three or fewer different ones (a list of like calls). Two places whose next six
such lines are the same start a pair; a pair that goes on is one pair, however long. The figure
is what issue "a job's life you can read in one place" asks to keep under 60.
"""

from __future__ import annotations

import argparse
import io
import itertools
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

__all__ = ["pairs"]

WINDOW = 6
_SKIPPED_DIRS = {".venv", "node_modules", ".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
#: a group this large is a common idiom (closing brackets, decorators), not a copy
_LARGEST_GROUP = 12


def _lines(path: Path) -> list[tuple[int, str]]:
    """(line number, normalised text) of the lines that count."""
    source = path.read_text(encoding="utf-8")
    shaped: dict[int, list[str]] = defaultdict(list)
    named: set[int] = set()  # lines with a name or keyword: code, not a row of data
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    for token in tokens:
        kind = token.type
        if kind in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            continue
        if kind == tokenize.ENDMARKER:
            continue
        text = "S" if kind == tokenize.STRING else "N" if kind == tokenize.NUMBER else token.string
        shaped[token.start[0]].append(text)
        if kind == tokenize.NAME:
            named.add(token.start[0])
    kept = []
    for number in sorted(shaped):
        line = " ".join(shaped[number])
        if number not in named or line.startswith(("import ", "from ")):
            continue
        kept.append((number, line))
    return kept


def _files(roots: list[Path]) -> list[Path]:
    found = []
    for root in roots:
        if root.is_file():
            found.append(root)
            continue
        for path in sorted(root.rglob("*.py")):
            if not _SKIPPED_DIRS & set(path.parts):
                found.append(path)
    return found


def pairs(roots: list[Path]) -> list[tuple[str, int, str, int]]:
    """Each pair of repeated blocks: (file, first line, other file, its first line)."""
    lines = {path: _lines(path) for path in _files(roots)}
    windows: dict[tuple[str, ...], list[tuple[Path, int]]] = defaultdict(list)
    for path, kept in lines.items():
        for i in range(len(kept) - WINDOW + 1):
            window = tuple(text for _, text in kept[i : i + WINDOW])
            if len(set(window)) > WINDOW // 2:  # a run of like lines (log calls, asserts) is a list, not a copy
                windows[window].append((path, i))
    starts: set[tuple[Path, int, Path, int]] = set()
    matched: set[tuple[Path, int, Path, int]] = set()
    for places in windows.values():
        if len(places) < 2 or len(places) > _LARGEST_GROUP:
            continue
        for (a, i), (b, j) in itertools.combinations(places, 2):
            if a == b and abs(i - j) < WINDOW:
                continue  # a block overlapping itself (a run of like lines)
            matched.add((a, i, b, j))
    for a, i, b, j in matched:
        if (a, i - 1, b, j - 1) not in matched:
            starts.add((a, i, b, j))
    return sorted((str(a), lines[a][i][0], str(b), lines[b][j][0]) for a, i, b, j in starts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[Path()])
    parser.add_argument("--list", action="store_true", help="name every pair")
    args = parser.parse_args(argv)
    found = pairs(args.paths)
    if args.list:
        for a, i, b, j in found:
            print(f"{a}:{i}  {b}:{j}")
    print(f"{len(found)} pairs of repeated blocks ({WINDOW} lines or more)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the README promises, read from it: the error codes a tool may answer with."""

from __future__ import annotations

import re

from tests.support.stack import ROOT

__all__ = ["README", "error_codes"]

README = (ROOT / "README.md").read_text(encoding="utf-8")


def error_codes() -> set[str]:
    """The codes the README's Errors section lists."""
    section = README.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`([A-Z][A-Z_]+)`", section))

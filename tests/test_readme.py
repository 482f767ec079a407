"""The README tells the truth about what a user runs into: every error code, commands as written."""

from __future__ import annotations

import re

from shared.errors import ProxmoxMcpError
from tests.support.readme import README, error_codes


def raised_codes() -> set[str]:
    """The codes of the errors the code raises: every class without subclasses (the others are bases)."""
    found: set[str] = set()
    pending: list[type[ProxmoxMcpError]] = [ProxmoxMcpError]
    while pending:
        cls = pending.pop()
        subclasses = cls.__subclasses__()
        pending.extend(subclasses)
        if not subclasses:
            found.add(cls.code)
    return found


def test_readme_lists_every_error_code_an_agent_can_get() -> None:
    assert error_codes() == raised_codes()


def test_readme_commands_run_the_projects_virtualenv_not_whatever_is_on_the_path() -> None:
    lines = [line for block in re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL) for line in block.splitlines()]
    bare = [line for line in lines if re.search(r"(?<![/\w.-])(python|pytest|ruff|mypy|arq)\b", line)]
    assert not bare, bare

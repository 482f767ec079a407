"""The `pct exec` line a worker sends survives a real shell on the node: every word arrives as one literal argument.

sshd hands the command line to the login shell (`$SHELL -c LINE`). Here a real sh and bash run
`pct_exec_command(vmid, argv)` with `pct` defined as a shell function that writes each argument
it receives, NUL-terminated, to a file; so the test sees exactly the argv `pct` would get, and
whether the shell did anything else on the way (a `touch` of a marker file, a glob expanded).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from shared.operations.exec import pct_exec_command

VMID = 200
#: `pct` as a shell function: each argument NUL-terminated (arguments may hold newlines)
PCT = 'pct() { printf \'%s\\0\' "$@" > "$OUT"; }\n'
MARKER = "pwned"

HOSTILE = [
    pytest.param("; touch $TMP/pwned", id="semicolon"),
    pytest.param("&& touch $TMP/pwned", id="and-then"),
    pytest.param("|| touch $TMP/pwned", id="or-else"),
    pytest.param("| tee $TMP/pwned", id="pipe"),
    pytest.param("> $TMP/pwned", id="redirect"),
    pytest.param("& touch $TMP/pwned", id="background"),
    pytest.param("$(touch $TMP/pwned)", id="command-substitution"),
    pytest.param("`touch $TMP/pwned`", id="backticks"),
    pytest.param("line\ntouch $TMP/pwned", id="newline"),
    pytest.param("it's", id="single-quote"),
    pytest.param("'; touch $TMP/pwned; '", id="quote-breakout"),
    pytest.param('"; touch $TMP/pwned; "', id="double-quote-breakout"),
    pytest.param("\\'; touch $TMP/pwned #", id="escaped-quote"),
    pytest.param("*", id="glob-star"),
    pytest.param("?wned*", id="glob-question"),
    pytest.param("[p]*", id="glob-class"),
    pytest.param("{a,b}", id="brace-expansion"),
    pytest.param("~", id="tilde"),
    pytest.param("$TMP ${IFS} $$", id="parameters"),
    pytest.param("# not a comment", id="hash"),
    pytest.param("", id="empty"),
    pytest.param("  two  spaces  ", id="blanks"),
    pytest.param("--", id="double-dash"),
    pytest.param("\\", id="backslash"),
    pytest.param("ünïcødé ☃", id="unicode"),
]
SHELLS = [
    pytest.param(path, id=Path(path).name)
    for path in ("/bin/sh", "/bin/bash")
    if shutil.which(path) is not None  # bash is the login shell of root on a PVE node; sh is the floor
]


def received(shell: str, line: str, workdir: Path) -> list[str]:
    """Run `line` with `pct` defined in `shell`, in `workdir`; the arguments `pct` got."""
    out = workdir / "argv"
    done = subprocess.run(
        [shell, "-c", PCT + line],
        cwd=workdir,
        env={"PATH": os.environ["PATH"], "OUT": str(out), "TMP": str(workdir), "HOME": str(workdir)},
        capture_output=True,
        timeout=10,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b""), done
    return out.read_bytes().decode().split("\0")[:-1]


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A directory a glob would match in (a file whose name a glob could expand to)."""
    (tmp_path / "pwned-not").write_text("")
    return tmp_path


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("payload", HOSTILE)
def test_hostile_word_reaches_pct_as_one_literal_argument(shell: str, payload: str, workdir: Path) -> None:
    argv = ["echo", payload]
    assert received(shell, pct_exec_command(VMID, argv), workdir) == ["exec", str(VMID), "--", *argv]
    assert not (workdir / MARKER).exists()


@pytest.mark.parametrize("shell", SHELLS)
def test_every_hostile_word_in_one_command_arrives_in_order(shell: str, workdir: Path) -> None:
    argv = ["sh", "-c", *(str(param.values[0]) for param in HOSTILE)]
    assert received(shell, pct_exec_command(VMID, argv), workdir) == ["exec", str(VMID), "--", *argv]
    assert not (workdir / MARKER).exists()


@pytest.mark.parametrize("shell", SHELLS)
def test_the_same_words_unquoted_would_run_on_the_node(shell: str, workdir: Path) -> None:
    """The harness can tell: joined without quoting, the payload runs `touch` on the node."""
    line = " ".join(["pct", "exec", str(VMID), "--", "echo", "; touch $TMP/pwned"])
    assert received(shell, line, workdir) == ["exec", str(VMID), "--", "echo"]
    assert (workdir / MARKER).exists()

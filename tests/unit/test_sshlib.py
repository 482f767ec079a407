"""asyncssh is imported at one seam (shared/sshlib.py), which keeps its import-time deprecation noise quiet."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEAM = ROOT / "shared" / "sshlib.py"


def _imports_asyncssh(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "asyncssh" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "asyncssh":
            return True
    return False


def test_only_the_seam_imports_asyncssh() -> None:
    sources = [
        p for d in ("shared", "workers", "mcp_frontend", "pvesim", "tests", "scripts") for p in (ROOT / d).rglob("*.py")
    ]
    ours = [p for p in sources if p != SEAM and "node_modules" not in p.parts]
    direct = sorted(str(p.relative_to(ROOT)) for p in ours if _imports_asyncssh(p))
    assert direct == [], f"import asyncssh from shared.sshlib instead: {direct}"


def test_the_seam_imports_asyncssh_quietly_and_leaves_later_warnings_shown() -> None:
    # a fresh interpreter (this one imported asyncssh long ago), with every warning an error
    code = (
        "import warnings\n"
        "from shared.sshlib import asyncssh\n"
        "from cryptography.utils import CryptographyDeprecationWarning\n"
        "with warnings.catch_warnings(record=True) as shown:\n"
        "    warnings.simplefilter('default')\n"
        "    warnings.warn_explicit('later', CryptographyDeprecationWarning, 'x.py', 1, module='asyncssh.x')\n"
        "assert len(shown) == 1, shown\n"
        "print(asyncssh.__version__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip()

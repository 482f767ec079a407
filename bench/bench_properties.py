"""The property-based tool test (tests/e2e/test_tool_properties.py), long and with fresh values.

CI runs it bounded: a few examples per tool and stack, the same ones every run. This runs
`--examples` per tool and stack (200 unless given: 22 tools x 3 stacks x 200 = 13,200 calls,
some ten minutes), with values hypothesis has not drawn before, `--rounds` times over. Every
round checks what CI's run checks: no INTERNAL_ERROR and no code outside the README's list,
no traceback in any output, no request pvesim's validator flags, no secret in an output, a
log (DEBUG and INFO) or Redis. A failure prints the call that broke it.

    .venv/bin/python -m bench.bench_properties [--examples 200] [--rounds 1] [-k embedded]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/e2e/test_tool_properties.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--examples", type=int, default=200, help="examples per tool and stack")
    parser.add_argument("--rounds", type=int, default=1, help="runs, each with fresh values")
    parser.add_argument("-k", dest="select", default=None, help="pytest -k: only these stacks or tools")
    args = parser.parse_args()
    env = os.environ | {"PROXMOX_MCP_PROPERTY_EXAMPLES": str(args.examples), "PROXMOX_MCP_PROPERTY_FRESH": "1"}
    # -rP: the passed tests' output, where each stack's last test prints its tally of answers
    command = [sys.executable, "-m", "pytest", TEST, "-q", "-p", "no:cacheprovider", "-x", "-rP"]
    if args.select:
        command += ["-k", args.select]
    for round_number in range(1, args.rounds + 1):
        started = time.monotonic()
        result = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
        summary = [line for line in result.stdout.splitlines() if " calls; answers: " in line]
        outcome = "ok" if result.returncode == 0 else "FAILED"
        print(f"round {round_number}: {outcome} in {time.monotonic() - started:.0f} s")
        for line in summary:
            print(f"  {line.strip()}")
        if result.returncode != 0:
            print(result.stdout[-20_000:])
            print(result.stderr[-5_000:], file=sys.stderr)
            return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())

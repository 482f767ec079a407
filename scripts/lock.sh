#!/usr/bin/env bash
# Resolve the locks in requirements/ from pyproject.toml, install them into .venv and run the suite.
#
#   scripts/lock.sh --upgrade   the newest versions pyproject's ranges allow (run it monthly, and
#                               when a dependency's fix or security release is out)
#   scripts/lock.sh             after editing pyproject.toml: the locked versions are kept where
#                               the new ranges still admit them
#   --no-test                   resolve and install only
#
# setup.sh and .ci/run install from the locks alone, so a fresh machine gets exactly the versions
# the suite last passed with; pyproject's ranges stay the promise to those who install the wheel.
# The locks are universal (every platform, Python 3.11 and newer) and carry every file's hash.
set -euo pipefail
cd "$(dirname "$0")/.."

upgrade=()
test=1
for arg in "$@"; do
    case "$arg" in
        --upgrade) upgrade=(--upgrade) ;;
        --no-test) test=0 ;;
        *) echo "usage: scripts/lock.sh [--upgrade] [--no-test]" >&2; exit 2 ;;
    esac
done

uv=.venv/bin/uv
[ -x "$uv" ] || { echo "scripts/lock.sh: run ./setup.sh first (uv comes with the dev tools)" >&2; exit 1; }
compile=("$uv" pip compile --quiet --universal --python-version 3.11 --generate-hashes
         --custom-compile-command "scripts/lock.sh" "${upgrade[@]}")

# dev.txt: the project's runtime dependencies, the dev tools, the installer and the build backend
"${compile[@]}" pyproject.toml requirements/build.in --extra dev --output-file requirements/dev.txt
# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

./setup.sh
if [ "$test" = 1 ]; then
    .venv/bin/pytest
fi

#!/usr/bin/env bash
# Set up proxmox-mcp in this checkout: a virtual environment with the project and its
# development tools at the versions of the lock (requirements/dev.txt), and a .env to fill in.
# Safe to run again: it brings the install in line with the lock and keeps .env.
set -euo pipefail
cd "$(dirname "$0")"

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "setup.sh: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
    exit 1
fi

if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
# Exactly the locked versions, every file's hash checked (requirements/dev.txt: the runtime
# dependencies, the dev tools, pip and the build backend), then the project itself with nothing
# more, and off with anything the lock no longer names. scripts/lock.sh refreshes the lock.
# stdout stays clean: `./setup.sh && .venv/bin/proxmox-mcp --demo` must hand stdout to the protocol
.venv/bin/python -m pip install --quiet --require-hashes --requirement requirements/dev.txt >&2
.venv/bin/python -m pip install --quiet --no-deps --no-build-isolation --editable . >&2
stale=$(.venv/bin/python -m tests.support.lockfile --not-locked requirements/dev.txt)
if [ -n "$stale" ]; then
    # shellcheck disable=SC2086  # one distribution name a line
    .venv/bin/python -m pip uninstall --quiet --yes $stale >&2
fi

# Byte-compile the project's own modules once: where PYTHONDONTWRITEBYTECODE is set (container
# images often set it), every server, worker and test process would compile them again at start.
.venv/bin/python -m compileall -q -j 0 mcp_frontend workers shared pvesim tests bench scripts >&2

if [ ! -f .env ]; then
    cp .env.example .env
    echo "setup.sh: created .env from .env.example; fill in PROXMOX_URL and the API token for a real cluster" >&2
fi

if ! command -v redis-server >/dev/null 2>&1; then
    echo "setup.sh: note: redis-server is not installed; the tests need it (Debian/Ubuntu: apt install redis-server)" >&2
fi

cat >&2 <<'NEXT'
setup.sh: done. Next:
  .venv/bin/proxmox-mcp --demo   # the server on its embedded default, against the bundled PVE simulator
  .venv/bin/pytest               # the tests
  .venv/bin/proxmox-mcp          # the server against the cluster configured in .env
NEXT

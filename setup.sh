#!/usr/bin/env bash
# Set up proxmox-mcp in this checkout: a virtual environment with the project and its
# development tools, and a .env to fill in. Safe to run again: it only adds what is missing
# and upgrades the install in place.
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
# stdout stays clean: `./setup.sh && .venv/bin/proxmox-mcp --demo` must hand stdout to the protocol
.venv/bin/python -m pip install --quiet --upgrade pip >&2
.venv/bin/python -m pip install --quiet -e ".[dev]" >&2

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

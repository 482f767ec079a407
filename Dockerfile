# proxmox-mcp: one image for the MCP server (proxmox-mcp), the workers (proxmox-mcp-worker) and
# the simulator (pvesim); docker-compose.yml picks the command per service. No secret is built
# in: every setting comes from the environment at run time (see .env.example).

# The base image pinned by tag and by digest (of the multi-platform index). To move it forward:
#   docker buildx imagetools inspect python:3.11-slim-bookworm     (the "Digest:" line)
ARG PYTHON_IMAGE=python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d

# --- build: a virtual environment with the pinned dependencies and the project -----------------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /opt/venv
# Dependencies first, from the hashed runtime lock only (scripts/lock.sh): this layer stays cached
# while only the code changes.
COPY requirements/runtime.txt requirements/runtime.txt
RUN /opt/venv/bin/pip install --no-cache-dir --require-hashes --requirement requirements/runtime.txt
COPY pyproject.toml README.md LICENSE ./
COPY shared ./shared
COPY workers ./workers
COPY mcp_frontend ./mcp_frontend
COPY pvesim ./pvesim
# The project itself, without its dev extras and without touching the pinned dependencies; then
# prove the set is consistent and drop the installers, which the running image never needs.
RUN /opt/venv/bin/pip install --no-cache-dir --no-deps . \
    && /opt/venv/bin/pip check \
    && /opt/venv/bin/pip uninstall --yes pip setuptools

# --- runtime: the base image, the virtual environment, a user without privileges ----------------
FROM ${PYTHON_IMAGE}
LABEL org.opencontainers.image.title="proxmox-mcp" \
      org.opencontainers.image.description="MCP server for Proxmox VE: stdio server, queue workers and the pvesim simulator" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="https://github.com/proxmox-mcp/proxmox-mcp" \
      io.modelcontextprotocol.server.name="io.github.proxmox-mcp/proxmox-mcp"
RUN groupadd --system --gid 10001 pmcp \
    && useradd --system --uid 10001 --gid pmcp --home-dir /nonexistent --no-create-home \
       --shell /usr/sbin/nologin pmcp
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
# An empty working directory: settings are read from a .env in the working directory, and the
# image must never carry one (compose passes the settings as environment variables instead).
WORKDIR /app
USER 10001:10001
# No HEALTHCHECK here: the image runs three different processes; docker-compose.yml gives the
# worker its own (`proxmox-mcp-worker --check`), Redis and pvesim theirs.
CMD ["proxmox-mcp"]

"""The simulator as one object: start it in the running event loop, read its URL, token and state.

async with Simulator(SimConfig(ssh=True)) as sim:
    httpx.AsyncClient(base_url=sim.api_url, verify=str(sim.ca_path), headers={"Authorization": sim.auth_header})
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from pathlib import Path
from types import TracebackType

from pvesim.admin import handle_admin
from pvesim.config import SimConfig
from pvesim.core import Answer, RequestRecord, SimCore, Violation, error_answer
from pvesim.errors import ApiError
from pvesim.faults import Faults
from pvesim.http import HttpServer, Request
from pvesim.records import SimError
from pvesim.scenario import build_state
from pvesim.ssh import SshEndpoint
from pvesim.state import ClusterState, Task
from pvesim.tls import make_tls

__all__ = ["Simulator"]

_API_PREFIX = "/api2/json/"
_ADMIN_PREFIX = "/_sim/"


class Simulator:
    """A PVE API simulator listening on a real socket (HTTPS by default), plus an optional SSH endpoint."""

    def __init__(self, config: SimConfig | None = None) -> None:
        self.config = config or SimConfig()
        self.token_secret = self.config.token_secret or str(uuid.uuid4())
        self.limited_token_secret = self.config.limited_token_secret or str(uuid.uuid4())
        state = build_state(self.config.scenario, self.config.guests, self.config.offline_nodes, self.config.scale)
        self.core = SimCore(self.config, state, self.token_secret, self.limited_token_secret)
        self._own_dir: Path | None = None
        self.state_dir = self.config.state_dir or Path()
        self.ca_path: Path | None = None
        self.port = 0
        self._http: HttpServer | None = None
        self.ssh: SshEndpoint | None = None

    # -- what tests read --------------------------------------------------------------------

    @property
    def url(self) -> str:
        """Base URL without /api2/json, e.g. https://127.0.0.1:41234."""
        scheme = "https" if self.config.https else "http"
        host = self.config.host if ":" not in self.config.host else f"[{self.config.host}]"
        return f"{scheme}://{host}:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.url}/api2/json"

    @property
    def connections(self) -> tuple[int, int]:
        """TCP connections accepted since the start, and those open now."""
        return (self._http.accepted, self._http.open_connections) if self._http is not None else (0, 0)

    @property
    def token_name(self) -> str:
        """USER@REALM!TOKENID of the full token."""
        return self.config.token_id

    @property
    def limited_token_name(self) -> str:
        """USER@REALM!TOKENID of the read-only token (audit privileges only)."""
        return self.config.limited_token_id

    @property
    def auth_header(self) -> str:
        return f"PVEAPIToken={self.token_name}={self.token_secret}"

    @property
    def limited_auth_header(self) -> str:
        return f"PVEAPIToken={self.limited_token_name}={self.limited_token_secret}"

    @property
    def state(self) -> ClusterState:
        return self.core.state

    @property
    def requests(self) -> list[RequestRecord]:
        return self.core.requests

    @property
    def violations(self) -> list[Violation]:
        return self.core.violations

    @property
    def errors(self) -> list[SimError]:
        """Internal errors: bugs in pvesim itself, which a test must not pass on (see pvesim.records)."""
        return self.core.errors

    @property
    def faults(self) -> Faults:
        return self.core.faults

    @property
    def ssh_port(self) -> int | None:
        return self.ssh.port if self.ssh else None

    @property
    def ssh_client_key_path(self) -> Path | None:
        """The private key the SSH endpoint accepts, when none was configured."""
        return self.ssh.client_key_path if self.ssh else None

    def ssh_host_key_line(self) -> str:
        """A known_hosts line for the SSH endpoint."""
        if self.ssh is None:
            raise RuntimeError("the SSH endpoint is not running (SimConfig(ssh=True))")
        return self.ssh.host_key_line(self.config.host)

    def set_node_online(self, node: str, online: bool) -> None:
        self.state.nodes[node].online = online

    async def wait_task(self, upid: str, timeout: float = 30.0) -> Task:  # noqa: ASYNC109 - a deadline for tests, kept in one place
        """Wait until a task has ended; its record."""
        return await self.core.tasks.wait(upid, timeout)

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        if self.config.state_dir is None:
            self._own_dir = Path(tempfile.mkdtemp(prefix="pvesim-"))
            self.state_dir = self._own_dir
        try:
            await self._listen()
        except BaseException:
            await self.stop()  # a port already taken must not leave the temporary directory or a listener behind
            raise

    async def _listen(self) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        ssl_context = None
        if self.config.https:
            files, ssl_context = make_tls(self.state_dir, self.config.host)
            self.ca_path = files.ca_path
        self._http = HttpServer(self._handle, ssl_context=ssl_context)
        self.port = await self._http.start(self.config.host, self.config.port)
        if self.config.ssh:
            self.ssh = SshEndpoint(self.state, self.state_dir, self.config.ssh_authorized_keys)
            await self.ssh.start(self.config.host, self.config.ssh_port)
            self.ssh.write_known_hosts(self.config.host)

    async def stop(self) -> None:
        if self.ssh is not None:
            await self.ssh.stop()
        if self._http is not None:
            await self._http.stop()
        await self.core.close()
        if self._own_dir is not None:
            shutil.rmtree(self._own_dir, ignore_errors=True)
            self._own_dir = None

    async def __aenter__(self) -> Simulator:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    async def _handle(self, request: Request) -> Answer:
        try:
            return await self._route(request)
        except Exception as problem:  # a bug in pvesim (the admin surface): answer 500, never drop the connection
            return self.core.crashed(f"{request.method} {request.path}", problem)

    async def _route(self, request: Request) -> Answer:
        if request.path.startswith(_API_PREFIX) or request.path == _API_PREFIX.rstrip("/"):
            path = request.path[len(_API_PREFIX) - 1 :]
            return await self.core.handle(request.method, path, request.query, request.headers, request.body)
        if request.path.startswith(_ADMIN_PREFIX):
            path = request.path[len(_ADMIN_PREFIX) :]
            return await handle_admin(self.core, request, path)
        return error_answer(ApiError(404, "Not Found"))

"""Every httpx failure maps to one of our errors, and a certificate PVE's CA did not sign is named as such."""

from __future__ import annotations

import gzip
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
import trustme

from shared.errors import InvalidInput, ProxmoxMcpError, PveUnreachable
from shared.pve._boundary import Call, transport_error
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import PveVersion

from .answers import TOKEN_NAME, TOKEN_SECRET


def _concrete_httpx_errors() -> list[type[httpx.HTTPError]]:
    found: list[type[httpx.HTTPError]] = []
    pending: list[type[httpx.HTTPError]] = [httpx.HTTPError]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if not cls.__subclasses__() and cls is not httpx.HTTPStatusError:  # raise_for_status is never called
            found.append(cls)
    return sorted(found, key=lambda cls: cls.__name__)


# Errors only a wrong use of httpx on our side can cause; everything else is about PVE or the network.
_OUR_MISUSE = {httpx.LocalProtocolError, httpx.TooManyRedirects}


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("error", _concrete_httpx_errors(), ids=lambda cls: cls.__name__)
def test_every_httpx_error_maps_to_an_error_with_a_stable_code(error, method):
    call = Call(method, "/version", {}, "https://pve.example.test:8006", TOKEN_NAME, str)

    mapped = transport_error(error("failed"), call)

    assert isinstance(mapped, ProxmoxMcpError)
    assert (mapped.code == "INTERNAL_ERROR") == (error in _OUR_MISUSE)


@pytest.mark.parametrize(("method", "code"), [("GET", "API_CONTRACT_DIVERGENCE"), ("POST", "DISPATCH_UNCERTAIN")])
def test_an_answer_that_cannot_be_decoded_leaves_a_write_uncertain(method, code):
    # PVE answered, so a write reached it and acted: treating it as refused could send it again
    call = Call(method, "/nodes/{node}/qemu/{vmid}/status/start", {}, "https://pve.example.test:8006", TOKEN_NAME, str)

    mapped = transport_error(httpx.DecodingError("Error -3 while decompressing data"), call)

    assert mapped.code == code


def test_unsupported_url_scheme_points_at_proxmox_url():
    call = Call("GET", "/version", {}, "ftp://pve", TOKEN_NAME, str)

    mapped = transport_error(httpx.UnsupportedProtocol("Request URL has an unsupported protocol 'ftp://'."), call)

    assert isinstance(mapped, InvalidInput)
    assert "PROXMOX_URL" in mapped.message


class _VersionHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b'{"data": {"version": "9.1.2", "release": "9.1", "repoid": "0123abcd"}}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json;charset=UTF-8")
        # pveproxy compresses an answer for a client that accepts gzip; /gzip/broken is a corrupt one
        if self.path.startswith("/api2/json/gzip/") and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body)
            if self.path.endswith("/broken"):
                body = body[:10] + b"\xff" * 12 + body[22:]
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # the stdlib's signature
        """Quiet: the test output is not the place for an access log."""


@pytest.fixture(scope="module")
def tls_ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture(scope="module")
def tls_server(tls_ca: trustme.CA) -> Iterator[str]:
    """A real HTTPS server on a free port whose certificate only `tls_ca` vouches for."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls_ca.issue_cert("127.0.0.1").configure_cert(context)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _VersionHandler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"https://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join()


async def test_untrusted_certificate_is_named_with_the_settings_that_fix_it(tls_server, sleeps):
    client = PveClient(tls_server, auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET), retry=RetryPolicy(sleep=sleeps))

    async with client:
        with pytest.raises(PveUnreachable) as caught:
            await client.get("/version", PveVersion)

    assert "TLS verification" in caught.value.message
    assert "certificate" in caught.value.message
    assert "PROXMOX_CA_BUNDLE" in caught.value.hint
    assert "PROXMOX_VERIFY_SSL=false" in caught.value.hint
    assert sleeps.waits == []  # a certificate does not get better by asking again


async def test_client_trusts_pve_through_a_ca_bundle_path(tls_server, tls_ca, tmp_path):
    bundle = tmp_path / "pve-root-ca.pem"
    tls_ca.cert_pem.write_to_path(str(bundle))

    async with PveClient(tls_server, auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET), verify=bundle) as client:
        version = await client.get("/version", PveVersion)

    assert version.release == "9.1"


async def test_client_with_verification_off_talks_to_a_self_signed_pve(tls_server):
    async with PveClient(tls_server, auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET), verify=False) as client:
        version = await client.get("/version", PveVersion)

    assert version.version == "9.1.2"


async def test_a_compressed_answer_is_read_and_a_corrupt_one_is_a_contract_divergence(tls_server):
    async with PveClient(tls_server, auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET), verify=False) as client:
        version = await client.get("/gzip/version", PveVersion)
        with pytest.raises(ProxmoxMcpError) as caught:
            await client.get("/gzip/broken", PveVersion)

    assert version.version == "9.1.2"
    assert caught.value.code == "API_CONTRACT_DIVERGENCE"


def test_missing_ca_bundle_file_is_invalid_input(tmp_path):
    with pytest.raises(InvalidInput) as caught:
        PveClient("https://pve:8006", auth=PveTokenAuth(TOKEN_NAME, TOKEN_SECRET), verify=tmp_path / "missing.pem")

    assert "CA bundle" in caught.value.message

"""A certificate chain made at start: a throwaway CA (trustme) and a server certificate it signs."""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path

import trustme

__all__ = ["TlsFiles", "make_tls"]


@dataclass(frozen=True)
class TlsFiles:
    ca_path: Path  # what clients verify with (PROXMOX_CA_BUNDLE)
    chain_path: Path  # server key and certificate chain, PEM


def make_tls(state_dir: Path, host: str) -> tuple[TlsFiles, ssl.SSLContext]:
    """Write the CA and the server chain into state_dir; the server's SSL context."""
    ca = trustme.CA(organization_name="pvesim test CA")
    names = ["localhost", "127.0.0.1", "::1"]
    if host not in names and host not in ("0.0.0.0", "::"):  # noqa: S104 - comparing, not binding
        names.append(host)
    cert = ca.issue_cert(*names)
    files = TlsFiles(state_dir / "pvesim-ca.pem", state_dir / "pvesim-server.pem")
    ca.cert_pem.write_to_path(str(files.ca_path))
    cert.private_key_and_cert_chain_pem.write_to_path(str(files.chain_path))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    cert.configure_cert(context)
    return files, context

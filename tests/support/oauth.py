"""A test OAuth issuer: an RSA key, its JWKS served over real HTTP, and JWTs it signs."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

__all__ = ["Issuer", "issuer"]


class Issuer:
    """Signs JWTs with its key; `jwks_url` serves the public half."""

    def __init__(self, url: str, jwks_url: str) -> None:
        self.url = url
        self.jwks_url = jwks_url
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        public: dict[str, Any] = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        self.jwks = {"keys": [public | {"kid": "test-1", "use": "sig", "alg": "RS256"}]}

    def token(self, subject: str, scopes: str, audience: str, *, lifetime: float = 300, **claims: Any) -> str:
        now = int(time.time())
        payload = {"iss": self.url, "sub": subject, "aud": audience, "scope": scopes, "iat": now}
        payload |= {"exp": now + int(lifetime)} | claims
        return jwt.encode(payload, self.key, algorithm="RS256", headers={"kid": "test-1"})


@contextmanager
def issuer() -> Iterator[Issuer]:
    """An issuer whose JWKS a server can fetch at http://127.0.0.1:PORT/jwks.json."""
    holder: dict[str, Issuer] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps(holder["issuer"].jwks).encode()
            self.send_response(200 if self.path == "/jwks.json" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # the stdlib's name
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    holder["issuer"] = Issuer(f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port}/jwks.json")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield holder["issuer"]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)

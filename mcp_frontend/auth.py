"""Authentication over HTTP: who a request comes from, as a Caller (shared.caller).

Two kinds of bearer token, told apart by their form; the SDK's auth support does the rest
(a request without a valid one gets 401 with `WWW-Authenticate: Bearer ...,
resource_metadata="<the RFC 9728 metadata URL>"`, and the metadata is served there):

- **Tokens of the tokens file** (PROXMOX_MCP_TOKENS_FILE), `pmcp_` and 43 random characters,
  made by `proxmox-mcp token add NAME --scope ...`, which prints one once. The file keeps only
  each token's SHA-256 (a random 256-bit token needs no slow hash: nobody can guess one to try),
  its name and its scopes; it is read again whenever it changes, so a token added or removed
  counts from the next request on.
- **JWTs of an OAuth 2.1 authorization server** (PROXMOX_MCP_OAUTH_ISSUER), checked with PyJWT
  against the issuer's JWKS (PROXMOX_MCP_OAUTH_JWKS_URL, fetched and cached by PyJWT's
  PyJWKClient): signature (asymmetric algorithms only), issuer, audience (PROXMOX_MCP_OAUTH_AUDIENCE,
  else the public URL), expiry and subject are required. Its `scope` claim (or `scp`) holds
  the scopes; the caller is `oauth:<sub>`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio.to_thread
import structlog
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from pydantic import AnyHttpUrl

from shared.caller import Caller, parse_scopes
from shared.errors import InvalidInput
from shared.settings import Settings

__all__ = [
    "TOKEN_PREFIX",
    "CallerToken",
    "CallerVerifier",
    "TokenFile",
    "add_token",
    "auth_settings",
    "list_tokens",
    "remove_token",
]

log = structlog.get_logger("mcp_frontend.auth")

TOKEN_PREFIX = "pmcp_"  # noqa: S105  # the form of our tokens, not one
#: what a JWT may be signed with: asymmetric algorithms only (a shared secret would let the server mint tokens)
_JWT_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]
_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.@\-]{0,63}$"


class CallerToken(AccessToken):
    """An access token the SDK passes along, with the Caller it stands for."""

    caller: Caller


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class _Entry:
    name: str
    sha256: str
    scopes: tuple[str, ...]


class TokenFile:
    """The tokens file, read again whenever it changes on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._by_digest: dict[str, _Entry] = {}

    def _load(self) -> None:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            self._stamp, self._by_digest = None, {}
            return
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp == self._stamp:
            return
        entries = _read_entries(self.path)
        self._by_digest = {entry.sha256: entry for entry in entries}
        self._stamp = stamp
        log.info("tokens_loaded", count=len(entries))

    def caller(self, token: str) -> Caller | None:
        """The caller a token of the file stands for, or None."""
        self._load()
        digest = _digest(token)
        entry = self._by_digest.get(digest)
        # the lookup is by digest; compare in constant time all the same
        if entry is None or not hmac.compare_digest(entry.sha256, digest):
            return None
        return Caller(kind="token", name=entry.name, scopes=entry.scopes)


def _read_entries(path: Path) -> list[_Entry]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [_Entry(str(item["name"]), str(item["sha256"]), parse_scopes(item["scopes"])) for item in data["tokens"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InvalidInput(
            f"the tokens file {path} cannot be read ({type(exc).__name__})",
            hint="Fix or remove it; proxmox-mcp token add writes it.",
        ) from None


def _write_entries(path: Path, entries: list[dict[str, Any]]) -> None:
    """Write the file whole (a temporary file renamed over it), readable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump({"tokens": entries}, out, indent=2)
        out.write("\n")
    os.chmod(temporary, 0o600)
    os.replace(temporary, path)


def _raw_entries(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    _read_entries(path)  # refuse to rewrite a file we cannot read
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["tokens"]
    return entries


def add_token(path: Path, name: str, scopes: list[str]) -> str:
    """Add a token named `name` with these scopes; returns the token (the file keeps only its hash)."""
    import re  # noqa: PLC0415  # only the command needs it

    if not re.match(_NAME_PATTERN, name):
        raise InvalidInput(f"token name {name!r} is invalid", hint="Letters, digits, '.', '_', '-', '@'; 64 at most.")
    checked = parse_scopes(scopes)
    if not any(scope in ("read", "change", "critical") for scope in checked):
        raise InvalidInput("a token needs a tier scope", hint="Add --scope read, --scope change or --scope critical.")
    entries = _raw_entries(path)
    if any(entry["name"] == name for entry in entries):
        raise InvalidInput(f"a token named {name!r} exists already", hint="Remove it first, or choose another name.")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    entries.append({"name": name, "sha256": _digest(token), "scopes": list(checked), "created_at": created})
    _write_entries(path, entries)
    return token


def list_tokens(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The tokens' names and scopes."""
    return [(entry.name, entry.scopes) for entry in (_read_entries(path) if path.exists() else [])]


def remove_token(path: Path, name: str) -> None:
    """Remove the token named `name`; InvalidInput when there is none."""
    entries = _raw_entries(path)
    kept = [entry for entry in entries if entry["name"] != name]
    if len(kept) == len(entries):
        raise InvalidInput(f"no token named {name!r} in {path}")
    _write_entries(path, kept)


class _Jwks:
    """JWTs of one issuer, verified against its JWKS (PyJWT; the JWKS fetched in a thread and cached)."""

    def __init__(self, issuer: str, jwks_url: str, audience: str) -> None:
        import jwt  # noqa: PLC0415  # loaded only where OAuth is configured

        self.issuer = issuer
        self.audience = audience
        self._jwt = jwt
        self._keys = jwt.PyJWKClient(jwks_url, cache_keys=True, lifespan=300, timeout=10)

    async def caller(self, token: str) -> tuple[Caller, dict[str, Any]] | None:
        jwt = self._jwt
        try:
            key = await anyio.to_thread.run_sync(self._keys.get_signing_key_from_jwt, token)
            claims: dict[str, Any] = jwt.decode(
                token,
                key.key,
                algorithms=_JWT_ALGORITHMS,
                audience=self.audience,
                issuer=self.issuer,
                options={"require": ["exp", "iss", "aud", "sub"]},
            )
        except jwt.PyJWTError as exc:
            log.info("jwt_refused", reason=type(exc).__name__)
            return None
        granted = claims.get("scope", "")
        names = granted.split() if isinstance(granted, str) else []
        if isinstance(claims.get("scp"), list):
            names += [str(item) for item in claims["scp"]]
        caller = Caller(kind="oauth", name=str(claims["sub"]), scopes=parse_scopes(names, strict=False))
        return caller, claims


class CallerVerifier:
    """The SDK's TokenVerifier: a bearer token of the file or a JWT of the issuer, as a CallerToken; else None."""

    def __init__(self, tokens: TokenFile | None, jwks: _Jwks | None) -> None:
        self.tokens = tokens
        self.jwks = jwks

    async def verify_token(self, token: str) -> AccessToken | None:
        if token.startswith(TOKEN_PREFIX):
            caller = self.tokens.caller(token) if self.tokens is not None else None
            if caller is None:
                return None
            return CallerToken(token=token, client_id=caller.label, scopes=list(caller.scopes), caller=caller)
        if self.jwks is None or token.count(".") != 2:
            return None
        found = await self.jwks.caller(token)
        if found is None:
            return None
        caller, claims = found
        return CallerToken(
            token=token,
            client_id=str(claims.get("client_id") or claims.get("azp") or caller.name),
            scopes=list(caller.scopes),
            expires_at=int(claims["exp"]),
            subject=caller.name,
            claims={"iss": claims["iss"]},
            caller=caller,
        )


def auth_settings(settings: Settings, resource_url: str) -> tuple[AuthSettings, CallerVerifier] | None:
    """The SDK's auth settings and our verifier for these settings; None when none is configured."""
    if settings.tokens_file is None and settings.oauth_issuer is None:
        return None
    jwks = None
    if settings.oauth_issuer is not None:
        if settings.oauth_jwks_url is None:
            raise InvalidInput(
                "PROXMOX_MCP_OAUTH_ISSUER is set but PROXMOX_MCP_OAUTH_JWKS_URL is not",
                hint="Set it to the issuer's JWKS URL (its metadata's jwks_uri).",
            )
        jwks = _Jwks(settings.oauth_issuer, settings.oauth_jwks_url, settings.oauth_audience or resource_url)
    tokens = TokenFile(settings.tokens_file) if settings.tokens_file is not None else None
    if tokens is not None:
        tokens.caller("")  # read it now: a broken file stops the server at start, not at the first request
    # With tokens only, the server is the issuer of its own tokens: the metadata names it.
    issuer = settings.oauth_issuer or resource_url.rsplit("/mcp", 1)[0]
    config = AuthSettings(
        issuer_url=AnyHttpUrl(issuer),
        resource_server_url=AnyHttpUrl(resource_url),
        validate_token_resource=False,  # the verifier checks a JWT's audience itself
        required_scopes=None,
    )
    return config, CallerVerifier(tokens, jwks)

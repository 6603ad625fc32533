"""Run the dashboard and API with uvicorn: ``vecmem serve``.

The access token is generated afresh at each start (``secrets.token_urlsafe``) unless one
is given or configured (environment ``VECMEM_SERVER_TOKEN``). The printed URL carries it
in the fragment (``#token=…``), which browsers never send to the server, so it cannot end
up in an access log; the page moves it into the ``Authorization`` header.

Binding anything but a loopback address without a configured token is refused: a fresh
random token printed to a terminal is fine for one person on one machine, not for a
network service.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import Any, TextIO

from vecmem.errors import InvalidInputError

TOKEN_ENV = "VECMEM_SERVER_TOKEN"
#: Tokens bound to scopes, as JSON: {"<token>": ["scope", ...], ...}. In the environment
#: (like the main token), never in a config file that might be committed.
SCOPED_TOKENS_ENV = "VECMEM_SERVER_TOKENS"
MIN_TOKEN_CHARS = 16


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback IPs (127.0.0.0/8, ::1)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _check_token(token: str, what: str = "the server token") -> None:
    if len(token) < MIN_TOKEN_CHARS or not token.isprintable() or token.strip() != token:
        raise InvalidInputError(
            f"{what} must be at least {MIN_TOKEN_CHARS} printable characters without "
            "surrounding spaces"
        )


def scoped_tokens(raw: str | None = None) -> dict[str, list[str]]:
    """The scope-bound tokens of ``VECMEM_SERVER_TOKENS`` (or ``raw``), checked."""
    import json

    raw = os.environ.get(SCOPED_TOKENS_ENV) if raw is None else raw
    if not raw:
        return {}
    example = '{"<token>": ["scope-a", "scope-b"]}'
    try:
        data = json.loads(raw)
    except ValueError:
        raise InvalidInputError(f"{SCOPED_TOKENS_ENV} must be JSON like {example}") from None
    if not isinstance(data, dict) or not data:
        raise InvalidInputError(f"{SCOPED_TOKENS_ENV} must be a JSON object like {example}")
    out: dict[str, list[str]] = {}
    for i, (token, scopes) in enumerate(data.items(), 1):
        _check_token(token, f"token {i} of {SCOPED_TOKENS_ENV}")  # never echo a token
        if (not isinstance(scopes, list) or not scopes or not all(
                isinstance(s, str) and s.strip() and len(s) <= 128 for s in scopes)):
            raise InvalidInputError(
                f"token {i} of {SCOPED_TOKENS_ENV} needs a non-empty list of scope names")
        out[token] = scopes
    return out


def resolve_token(host: str, token: str | None = None) -> tuple[str, bool]:
    """The token to require and whether it was generated here (vs. given/configured)."""
    configured = token if token is not None else os.environ.get(TOKEN_ENV) or None
    if configured is not None:
        _check_token(configured)
        return configured, False
    if not is_loopback(host):
        raise InvalidInputError(
            f"refusing to bind {host!r} without a configured token: only a loopback address "
            f"(127.0.0.1, ::1, localhost) gets a generated one. Set {TOKEN_ENV} (or pass "
            "--token) to a long random secret to serve on a network interface."
        )
    return secrets.token_urlsafe(32), True


def page_url(host: str, port: int, token: str | None = None) -> str:
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"  # a wildcard bind is reachable locally under loopback
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    base = f"http://{shown}:{port}/"
    return f"{base}#token={token}" if token else base


def serve(
    db: str | os.PathLike[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    open_browser: bool = False,
    *,
    scope: str | None = None,
    config: str | None = None,
    allow_origins: list[str] | None = None,
    out: TextIO | None = None,
    run: Callable[..., Any] | None = None,
) -> None:
    """Open the memory at ``db`` and serve the API and dashboard until interrupted.

    ``run`` replaces ``uvicorn.run`` (tests); ``out`` is where the URL is printed.
    """
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise InvalidInputError("port must be an integer between 0 and 65535")
    required, generated = resolve_token(host, token)
    bound = scoped_tokens()
    if required in bound:
        raise InvalidInputError(f"the main token must not also be one of {SCOPED_TOKENS_ENV}")

    from vecmem.memory import Memory
    from vecmem.server.app import create_app
    from vecmem.settings import Settings

    settings = Settings.load(config, db=os.fspath(db) if db is not None else None, scope=scope)
    mem = Memory.open(settings=settings)
    try:
        app = create_app(mem, required, allow_origins=allow_origins, scoped_tokens=bound)
        stream = out or sys.stdout
        url = page_url(host, port, required if generated else None)
        print(f"vecmem dashboard for {settings.db} (scope {mem.scope!r})", file=stream)
        if bound:
            print(f"{len(bound)} more token(s) bound to scopes ({SCOPED_TOKENS_ENV})",
                  file=stream)
        if generated:
            print(f"open: {url}", file=stream)
            print("(a new token is generated at each start; the link carries it)", file=stream)
        else:
            print(f"open: {url}  (use your configured token)", file=stream)
        stream.flush()
        if open_browser:
            threading.Timer(1.0, webbrowser.open, args=(page_url(host, port, required),)).start()
        if run is None:
            import uvicorn

            run = uvicorn.run
        run(app, host=host, port=port, log_level="info", server_header=False)
    finally:
        mem.close()

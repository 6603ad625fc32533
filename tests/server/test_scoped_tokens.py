"""Tokens bound to scopes, against a real uvicorn server on loopback: the main token opens
every scope, a bound token only its own (403 otherwise, and nothing is opened or
written), a wrong token is 401, and the configuration is checked before serving."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from vecmem import InvalidInputError, Memory
from vecmem.server.serve import SCOPED_TOKENS_ENV, scoped_tokens, serve

pytest.importorskip("uvicorn")

MAIN = "main-token-0123456789abcdef"
ALICE = "alice-token-0123456789abcdef"
TEAM = "team-token-0123456789abcdefgh"
BOUND = {ALICE: ["alice"], TEAM: ["team-a", "团队-b"]}


@pytest.fixture
def base(mem: Memory) -> Iterator[str]:
    import uvicorn

    from vecmem.server.app import create_app

    app = create_app(mem, MAIN, scoped_tokens=BOUND)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def _call(base: str, token: str, method: str, path: str, **kw: object) -> httpx.Response:
    return httpx.request(method, base + path, headers={"Authorization": f"Bearer {token}"},
                         timeout=30, **kw)  # type: ignore[arg-type]


def test_a_bound_token_opens_only_its_scopes(base: str, mem: Memory) -> None:
    ok = _call(base, ALICE, "POST", "/api/memories", params={"scope": "alice"},
               json={"content": "Alice prefers tabs over spaces"})
    assert ok.status_code == 200, ok.text
    assert _call(base, ALICE, "GET", "/api/stats", params={"scope": "alice"}).json()["total"] == 1
    for scope in ("team-a", "default", "Alice", "alice "):
        r = _call(base, ALICE, "GET", "/api/memories", params={"scope": scope})
        assert r.status_code == 403, (scope, r.text)
        assert r.json()["error"] == "Forbidden" and "alice" in r.json()["message"]
        assert ALICE not in r.text
    # No scope means the server's default one, which Alice's token does not hold.
    assert _call(base, ALICE, "GET", "/api/stats").status_code == 403
    # Two scopes in one request: each must be allowed.
    r = httpx.get(base + "/api/stats?scope=alice&scope=team-a",
                  headers={"Authorization": f"Bearer {ALICE}"}, timeout=30)
    assert r.status_code == 403
    # Refused writes write nothing, anywhere.
    before = mem.stats()["total"]
    r = _call(base, ALICE, "POST", "/api/memories", params={"scope": mem.scope},
              json={"content": "Mallory's fact"})
    assert r.status_code == 403 and mem.stats()["total"] == before


def test_a_token_with_several_scopes_and_chinese_names(base: str) -> None:
    for scope in ("team-a", "团队-b"):
        r = _call(base, TEAM, "POST", "/api/memories", params={"scope": scope},
                  json={"content": f"部署目标是 Kubernetes ({scope})"})
        assert r.status_code == 200, r.text
    assert _call(base, TEAM, "GET", "/api/stats", params={"scope": "alice"}).status_code == 403


def test_the_main_token_opens_every_scope_and_wrong_tokens_are_401(base: str) -> None:
    for scope in ("alice", "team-a", "anything"):
        assert _call(base, MAIN, "GET", "/api/stats", params={"scope": scope}).status_code == 200
    assert _call(base, MAIN, "GET", "/api/stats").status_code == 200
    for wrong in (ALICE[:-1], ALICE + "x", "x", MAIN.upper()):
        r = _call(base, wrong, "GET", "/api/stats", params={"scope": "alice"})
        assert r.status_code == 401, wrong


def test_the_configuration_is_checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert scoped_tokens("") == {}
    assert scoped_tokens(json.dumps(BOUND)) == BOUND
    for bad in ("not json", "[]", "{}", json.dumps({"short": ["a"]}),
                json.dumps({ALICE: []}), json.dumps({ALICE: "alice"}),
                json.dumps({ALICE: [""]}), json.dumps({ALICE: ["x" * 129]})):
        with pytest.raises(InvalidInputError) as info:
            scoped_tokens(bad)
        assert ALICE not in info.value.message  # a token is never echoed
    # The main token cannot double as a bound one (which would be which?).
    monkeypatch.setenv(SCOPED_TOKENS_ENV, json.dumps({MAIN: ["alice"]}))
    with pytest.raises(InvalidInputError, match="main token"):
        serve(str(tmp_path / "m.db"), token=MAIN, run=lambda *a, **k: None)

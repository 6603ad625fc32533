"""The core profile over the HTTP API (a real SQLite file through FastAPI's TestClient):
shown, pinned, excluded and reset; bad input is a clear 4xx, nothing changes."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_seed import TOKEN

from vecmem import Memory
from vecmem.server.app import create_app

AUTH = {"Authorization": f"Bearer {TOKEN}"}
FACTS = ["User is severely allergic to peanuts and carries an EpiPen.",
         "用户希望默认用中文回答。", "The Atlas service is written in Go."]


def _call(client: TestClient, method: str, path: str, body: Any = None) -> Any:
    return client.request(method, f"/api{path}", headers=AUTH,
                          **({} if body is None else {"json": body}))


def test_profile_show_pin_exclude_reset(mem: Memory) -> None:
    peanut, style, atlas = (r.memory_id for r in mem.add_many(FACTS, raw=True))
    client = TestClient(create_app(mem, TOKEN))
    prof = _call(client, "GET", "/profile").json()
    assert [e["memory_id"] for e in prof["entries"]] == [peanut, style]
    assert prof["max_memories"] == 12 and prof["max_chars"] == 1200
    r = _call(client, "POST", f"/profile/{atlas}", {"include": True})
    assert r.status_code == 200 and r.json()["entries"][0]["memory_id"] == atlas
    r = _call(client, "POST", f"/profile/{peanut}", {"include": False})
    assert peanut in r.json()["excluded"]
    # Checked through Memory, not only the answer.
    assert peanut not in {e.memory_id for e in mem.core_profile().entries}
    r = _call(client, "POST", f"/profile/{peanut}", {"include": None})
    assert peanut in {e.memory_id for e in mem.core_profile().entries}
    # Bad input: a clear error, nothing changed.
    before = mem.core_profile()
    assert _call(client, "POST", "/profile/999999", {"include": True}).status_code == 404
    assert _call(client, "POST", f"/profile/{10**30}", {"include": True}).status_code in (
        400, 422)
    assert _call(client, "POST", f"/profile/{atlas}", {"include": "yes"}).status_code == 422
    assert _call(client, "POST", f"/profile/{atlas}", {}).status_code == 422
    assert _call(client, "POST", f"/profile/{atlas}",
                 {"include": True, "extra": 1}).status_code == 422
    assert mem.core_profile() == before
    assert client.get("/api/profile").status_code == 401

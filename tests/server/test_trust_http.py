"""Trust levels over HTTP: a memory's detail and every explain candidate carry the trust
its write had (issue 15 item 3)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_seed import TOKEN

from vecmem import Memory
from vecmem.server.app import create_app

AUTH = {"Authorization": f"Bearer {TOKEN}"}


def test_detail_and_explain_carry_the_trust(mem: Memory) -> None:
    client = TestClient(create_app(mem, TOKEN))
    typed = mem.add("The user's tax advisor is called Ines", source="dashboard").memory_id
    scraped = mem.add("The tax advisor's office moved to Rua Augusta", source="web").memory_id
    detail = client.get(f"/api/memories/{scraped}", headers=AUTH).json()
    assert detail["trust"] == "automatic"
    assert client.get(f"/api/memories/{typed}", headers=AUTH).json()["trust"] == "person"
    ex = client.get("/api/explain", params={"q": "tax advisor", "k": 5}, headers=AUTH).json()
    got = {c["memory_id"]: c["trust"] for c in ex["candidates"]}
    assert got == {typed: "person", scraped: "automatic"}

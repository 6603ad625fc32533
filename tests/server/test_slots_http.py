"""Issue 15 over HTTP: trust levels (a memory's detail and every explain candidate carry
the trust its write had) and possible slot conflicts (listed by /cleanup, planned by kind,
applied only with the confirmation phrase)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_seed import PHRASE, TOKEN

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


def test_possible_conflicts_are_listed_planned_by_kind_and_need_the_phrase(mem: Memory) -> None:
    client = TestClient(create_app(mem, TOKEN))
    old = mem.add("The user works at Datadog").memory_id
    new = mem.add("The user has been working for Grafana Labs since June").memory_id
    report = client.get("/api/cleanup", headers=AUTH).json()
    assert report["possible_conflicts"] == 1
    (c,) = [c for c in report["candidates"] if c["kind"] == "possible_conflict"]
    assert (c["memory_id"], c["detail"]["newer"]) == (old, new)
    assert "Grafana Labs" in c["reason"]
    # The low-risk plan leaves it alone; the plan of its kind archives the older value.
    low = client.post("/api/cleanup/plan", headers=AUTH)
    assert low.status_code == 400 and "no candidates" in low.json()["message"]
    bad = client.post("/api/cleanup/plan", params={"kind": "everything"}, headers=AUTH)
    assert bad.status_code in (400, 422)
    plan = client.post("/api/cleanup/plan", params={"kind": "possible_conflict"},
                       headers=AUTH).json()
    assert [(o["action"], o["memory_id"]) for o in plan["operations"]] == [("archive", old)]
    wrong = client.post(f"/api/plans/{plan['id']}/apply", json={"confirm": "yes"},
                        headers=AUTH)
    assert wrong.status_code == 403 and mem.get(old).status == "active"
    done = client.post(f"/api/plans/{plan['id']}/apply", json={"confirm": PHRASE},
                       headers=AUTH)
    assert done.status_code == 200, done.text
    assert (mem.get(old).status, mem.get(new).status) == ("archived", "active")
    assert client.get("/api/cleanup", headers=AUTH).json()["possible_conflicts"] == 0

"""The HTTP API through FastAPI's TestClient over a real SQLite file.

Every change is checked through ``Memory`` (not only through the API's answer), and
every action is compared with its ``/preview`` twin.
"""

from __future__ import annotations

import io
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_seed import PHRASE, TOKEN, Seeded

from vecmem import InvalidInputError, Memory
from vecmem.server.app import CONTENT_SECURITY_POLICY, STATIC_DIR, create_app
from vecmem.server.serve import is_loopback, page_url, resolve_token, serve

AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def client(mem: Memory) -> TestClient:
    return TestClient(create_app(mem, TOKEN))


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def get(client: TestClient, path: str, **params: Any) -> Any:
    return ok(client.get(f"/api{path}", params=params, headers=AUTH))


def post(client: TestClient, path: str, body: Any = None, status: int = 200) -> Any:
    kwargs = {} if body is None else {"json": body}
    return ok(client.post(f"/api{path}", headers=AUTH, **kwargs), status)


def without_event(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in ("event_id", "dry_run")}


# -- auth, headers, schema ---------------------------------------------------------------
@pytest.mark.parametrize("headers", [
    {},
    {"Authorization": "Bearer wrong-token"},
    {"Authorization": f"Bearer {TOKEN}x"},
    {"Authorization": f"Basic {TOKEN}"},
    {"Authorization": TOKEN},
    {"X-Api-Key": TOKEN},
])
def test_every_api_call_needs_the_bearer_token(client: TestClient, headers: dict[str, str],
                                               seeded: Seeded) -> None:
    for method, path in [("GET", "/api/stats"), ("GET", "/api/memories"),
                         ("GET", f"/api/memories/{seeded.review_id}"),
                         ("POST", f"/api/memories/{seeded.review_id}/approve"),
                         ("POST", "/api/plans"), ("GET", "/api/search?q=vue")]:
        r = client.request(method, path, headers=headers, json={})
        assert r.status_code == 401, (method, path, r.text)
        assert r.json()["error"] == "Unauthorized"
        assert r.headers["www-authenticate"] == "Bearer"


def test_token_in_the_url_is_not_accepted(client: TestClient) -> None:
    assert client.get(f"/api/stats?token={TOKEN}").status_code == 401
    client.cookies.set("token", TOKEN)
    assert client.get("/api/stats").status_code == 401


def test_rejected_calls_change_nothing(client: TestClient, mem: Memory, seeded: Seeded) -> None:
    before = mem.events(limit=1000)
    client.post(f"/api/memories/{seeded.review_id}/approve",
                headers={"Authorization": "Bearer nope"})
    client.post("/api/memories", json={"content": "用户偏好：深色主题"})
    assert mem.events(limit=1000) == before
    assert mem.get(seeded.review_id).status == "review"


def test_page_and_static_files_are_public_with_a_strict_csp(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    html = page.text
    # No inline script or style: every script has a src, there is no style attribute.
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))
    assert "style=" not in html and "<style" not in html
    for asset in ("app.js", "ui.js", "dom.js", "i18n.js", "app.css", "favicon.svg"):
        r = client.get(f"/static/{asset}")
        assert r.status_code == 200, asset
        assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_no_asset_comes_from_another_origin() -> None:
    for path in STATIC_DIR.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"https?://", text), path.name
        assert not re.search(r"""from\s+["']https?://""", text), path.name
        assert "@import url(http" not in text, path.name


def test_openapi_is_published_and_lists_the_routes(client: TestClient) -> None:
    schema = ok(client.get("/openapi.json"))  # public: it describes routes, holds no data
    paths = schema["paths"]
    for path in ("/api/stats", "/api/memories", "/api/memories/{memory_id}", "/api/search",
                 "/api/keyword", "/api/explain", "/api/review", "/api/plans",
                 "/api/plans/{plan_id}", "/api/plans/{plan_id}/apply", "/api/cleanup",
                 "/api/cleanup/plan", "/api/health", "/api/memories/preview",
                 "/api/events/{event_id}/revert", "/api/events/{event_id}/revert/preview"):
        assert path in paths, path
    for action in ("archive", "restore", "approve", "reject", "update"):
        assert f"/api/memories/{{memory_id}}/{action}" in paths
        assert f"/api/memories/{{memory_id}}/{action}/preview" in paths
    assert schema["components"]["securitySchemes"]["token"]["scheme"] == "bearer"
    assert {"token": []} in paths["/api/stats"]["get"]["security"]
    # The interactive docs would load scripts from a CDN: they are off.
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404


def test_no_cors_unless_configured(mem: Memory) -> None:
    origin = {"Origin": "http://evil.example"}
    r = TestClient(create_app(mem, TOKEN)).get("/api/stats", headers={**AUTH, **origin})
    assert "access-control-allow-origin" not in r.headers
    pre = TestClient(create_app(mem, TOKEN)).options(
        "/api/stats", headers={**origin, "Access-Control-Request-Method": "GET"})
    assert "access-control-allow-origin" not in pre.headers

    allowed = TestClient(create_app(mem, TOKEN, allow_origins=["http://tool.local"]))
    r = allowed.get("/api/stats", headers={**AUTH, "Origin": "http://tool.local"})
    assert r.headers["access-control-allow-origin"] == "http://tool.local"
    assert "access-control-allow-credentials" not in r.headers
    r = allowed.get("/api/stats", headers={**AUTH, **origin})
    assert "access-control-allow-origin" not in r.headers


def test_an_empty_token_is_refused(mem: Memory) -> None:
    with pytest.raises(InvalidInputError):
        create_app(mem, "")


# -- errors: unknown ids, bad filters ------------------------------------------------------
@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/api/memories/9999"),
    ("POST", "/api/memories/9999/archive"),
    ("POST", "/api/memories/9999/archive/preview"),
    ("POST", "/api/memories/9999/restore/preview"),
    ("POST", "/api/memories/9999/approve"),
    ("POST", "/api/memories/9999/reject/preview"),
    ("POST", "/api/events/99999/revert"),
    ("POST", "/api/events/99999/revert/preview"),
    ("GET", "/api/plans/plan-20990101-deadbeef"),
    ("GET", "/api/plans/not-a-plan-id"),
    ("POST", "/api/plans/plan-20990101-deadbeef/apply"),
])
def test_unknown_ids_are_404(client: TestClient, method: str, path: str) -> None:
    body = {"confirm": PHRASE} if path.endswith("/apply") else {}
    r = client.request(method, path, headers=AUTH, json=body)
    assert r.status_code == 404, r.text
    assert r.json()["error"] == "NotFoundError"
    assert r.json()["message"]


@pytest.mark.parametrize(("params", "status", "needle"), [
    ({"status": "deleted"}, 422, "status"),
    ({"memory_type": "opinion"}, 422, "memory_type"),
    ({"limit": 0}, 422, "limit"),
    ({"limit": "ten"}, 422, "limit"),
    ({"offset": -1}, 422, "offset"),
    ({"since": "yesterday"}, 400, "ISO-8601"),
    ({"until": "2026-13-40"}, 400, "ISO-8601"),
    ({"scope": ""}, 422, "scope"),
])
def test_bad_filters_are_refused_with_a_clear_message(
        client: TestClient, params: dict[str, Any], status: int, needle: str) -> None:
    r = client.get("/api/memories", params=params, headers=AUTH)
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) >= {"error", "message"}
    assert needle in body["message"]


def test_bad_bodies_are_422(client: TestClient, seeded: Seeded) -> None:
    for path, body in [
        ("/api/memories", {}),
        ("/api/memories", {"content": ""}),
        ("/api/memories", {"content": "x", "surprise": 1}),
        (f"/api/memories/{seeded.review_id}/approve", {"reason": 5}),
        ("/api/plans", {}),
        ("/api/plans", {"action": "archive"}),
        ("/api/plans", {"action": "explode", "memory_ids": [1]}),
        ("/api/plans", {"action": "merge", "memory_ids": [1, 2]}),
        ("/api/plans", {"action": "archive", "memory_ids": [1],
                        "operations": [{"action": "archive", "memory_id": 1}]}),
    ]:
        r = client.post(path, json=body, headers=AUTH)
        assert r.status_code == 422, (path, body, r.text)
        assert r.json()["error"] == "ValidationError" and r.json()["message"]
    r = client.post("/api/memories", content=b"{not json", headers={
        **AUTH, "Content-Type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/search", headers=AUTH).status_code == 422  # q is required


def test_guard_refusals_are_409(client: TestClient, mem: Memory, seeded: Seeded) -> None:
    active = seeded.ids["The deploy server runs Ubuntu 24.04"]
    for path in (f"/api/memories/{active}/restore", f"/api/memories/{active}/restore/preview",
                 f"/api/memories/{active}/approve/preview",
                 f"/api/memories/{seeded.archived_id}/archive"):
        r = client.post(path, headers=AUTH)
        assert r.status_code == 409, (path, r.text)
        assert r.json()["error"] == "InvalidTransitionError"
    assert mem.get(active).status == "active"


# -- reads ---------------------------------------------------------------------------------
def test_stats_and_info(client: TestClient, seeded: Seeded) -> None:
    stats = get(client, "/stats")
    assert stats["total"] == 16
    assert stats["by_status"] == {"active": 12, "review": 1, "archived": 1, "superseded": 2}
    assert stats["model"] and stats["dim"] == 256
    assert stats["consistency"]["ok"] is True
    info = get(client, "/info")
    assert info["scope"] == "default"
    assert "active" in info["statuses"] and "preference" in info["memory_types"]
    # The person applying a plan in the dashboard is shown the phrase (issue 14 item 3);
    # agents never are: MCP and Hermes tool schemas and results leave it out
    # (tests/integrations/test_mcp.py, test_hermes.py).
    assert info["confirm_phrase"] == PHRASE
    assert "reject_input" in info["event_actions"]


def test_the_audit_log_filters_by_action_actor_source_and_time(
    client: TestClient, mem: Memory, seeded: Seeded
) -> None:
    mem.add("这个功能有没有必要？", source="agent")  # a question: rejected, with its reason
    mem.add("The staging database is Postgres 16", source="agent")
    everything = get(client, "/audit", limit=1000)
    assert [e["event_id"] for e in everything["items"]] == [
        e.event_id for e in mem.events(limit=1000)]
    rejected = get(client, "/audit", action="reject_input", limit=1000)["items"]
    assert rejected and all(e["action"] == "reject_input" and e["reason"] for e in rejected)
    assert any("有没有必要" in (e["after_content"] or "") for e in rejected)
    by_source = get(client, "/audit", source="agent", limit=1000)["items"]
    assert by_source and all(e["source"] == "agent" for e in by_source)
    assert {e["event_id"] for e in by_source} == {
        e.event_id for e in mem.events(limit=1000) if e.source == "agent"}
    both = get(client, "/audit", source="agent", action="reject_input")["items"]
    assert [e["event_id"] for e in both] == [
        e["event_id"] for e in by_source if e["action"] == "reject_input"]
    assert get(client, "/audit", actor="nobody-at-all")["items"] == []
    # Pages of a filtered view do not overlap and add up to the whole.
    first = get(client, "/audit", source="agent", limit=1)["items"]
    second = get(client, "/audit", source="agent", limit=1, offset=1)["items"]
    assert first + second == by_source[:2]
    assert get(client, "/audit", since="2999-01-01T00:00:00Z")["items"] == []
    # The filter is the store's (Memory.events), over every event: the route adds nothing
    # but "an empty text box means any".
    mid = mem.add("用户的时区是 Asia/Shanghai", source="agent").memory_id
    mem.archive(mid, actor="运维")
    assert [e["event_id"] for e in get(client, "/audit", actor="运维")["items"]] == [
        e.event_id for e in mem.events(actor="运维")] != []
    assert get(client, "/audit", actor="", source="") == get(client, "/audit")
    bad = client.get("/api/audit", params={"actor": "x" * 201}, headers=AUTH)
    assert bad.status_code == 422


def test_list_filters_and_pagination(client: TestClient, seeded: Seeded) -> None:
    everything = get(client, "/memories", limit=100)
    assert everything["total"] == 16 and len(everything["items"]) == 16
    page1 = get(client, "/memories", limit=5, offset=0)
    page2 = get(client, "/memories", limit=5, offset=5)
    assert page1["total"] == 16 and len(page1["items"]) == 5
    assert not {m["id"] for m in page1["items"]} & {m["id"] for m in page2["items"]}
    review = get(client, "/memories", status="review")
    assert [m["id"] for m in review["items"]] == [seeded.review_id] and review["total"] == 1
    prefs = get(client, "/memories", memory_type="preference")
    assert {m["memory_type"] for m in prefs["items"]} == {"preference"}
    topic = get(client, "/memories", topic_key="preference.response_style")
    assert {m["id"] for m in topic["items"]} == {seeded.review_id, seeded.conflict_with}
    assert get(client, "/memories", source="hermes")["total"] == 1
    assert get(client, "/memories", text="PostgreSQL")["total"] == 1
    assert get(client, "/memories", since="2000-01-01T00:00:00Z")["total"] == 16
    assert get(client, "/memories", until="2000-01-01T00:00:00Z")["total"] == 0
    assert get(client, "/memories", category="preference")["total"] == 2


def test_detail_has_timeline_same_topic_and_lineage(client: TestClient, seeded: Seeded) -> None:
    merged = get(client, f"/memories/{seeded.merged_id}")
    assert merged["memory"]["id"] == seeded.merged_id
    assert [e["action"] for e in merged["events"]] == ["merge"]
    assert {m["id"] for m in merged["lineage"]["merged_from"]} == set(seeded.merged_from)
    assert merged["lineage"]["superseded_by"] == []

    source = get(client, f"/memories/{seeded.merged_from[0]}")
    assert [m["id"] for m in source["lineage"]["superseded_by"]] == [seeded.merged_id]
    assert [e["action"] for e in source["events"]] == ["supersede", "add"]  # newest first
    assert seeded.merged_id in {m["id"] for m in source["same_topic"]}

    updated = get(client, f"/memories/{seeded.updated_id}")
    update = updated["events"][0]
    assert update["action"] == "update"
    assert update["before_content"] == "项目的数据库是 PostgreSQL 16"
    assert update["after_content"] == "项目的数据库是 PostgreSQL 17"

    item = get(client, f"/memories/{seeded.review_id}")
    assert [m["id"] for m in item["same_topic"]] == [seeded.conflict_with]


def test_search_keyword_and_explain(client: TestClient, seeded: Seeded) -> None:
    vue = seeded.ids["项目使用 Vue 3 作为前端框架"]
    hits = get(client, "/search", q="前端")
    assert hits["hits"][0]["memory"]["id"] == vue
    assert hits["explanation"] is None
    assert all(h["memory"]["status"] == "active" for h in hits["hits"])
    with_explain = get(client, "/search", q="前端", explain="true")
    candidates = with_explain["explanation"]["candidates"]
    assert candidates[0]["memory_id"] == vue and candidates[0]["keyword_rank"] == 1
    kw = get(client, "/keyword", q="前端")
    assert [h["memory"]["id"] for h in kw["hits"]] == [vue]
    assert kw["mode"] == "keyword"
    ex = get(client, "/explain", q="前端", k=3)
    assert ex["k"] == 3 and ex["keyword_terms"] == ["前端"]
    assert get(client, "/search", q="PostgreSQL", mode="vector")["mode"] == "vector"
    # Archived and superseded memories never come back from search.
    gone = get(client, "/search", q="导出按钮", k=50)
    assert seeded.archived_id not in {h["memory"]["id"] for h in gone["hits"]}
    # Query syntax that would break a naive FTS query is just text here.
    assert get(client, "/search", q='AND ( "-:*')["query"] == 'AND ( "-:*'


def test_review_queue_shows_targets_side_by_side(client: TestClient, seeded: Seeded) -> None:
    review = get(client, "/review")
    assert review["total"] == 1
    (entry,) = review["items"]
    assert entry["item"]["id"] == seeded.review_id
    assert entry["kind"] == "conflict"
    assert [t["id"] for t in entry["targets"]] == [seeded.conflict_with]


def test_health_and_cleanup(client: TestClient, mem: Memory, seeded: Seeded) -> None:
    events = mem.events(limit=1000)
    health = get(client, "/health", window_hours=48)
    assert health["status"] in ("ok", "attention", "critical")
    assert "review_queue_nonempty" in health["flags"] and health["window_hours"] == 48
    assert client.get("/api/health", params={"window_hours": 0}, headers=AUTH).status_code == 422
    cleanup = get(client, "/cleanup")
    assert [c["memory_id"] for c in cleanup["candidates"]] == [seeded.noise_id]
    assert cleanup["review_backlog"] == 1
    assert mem.events(limit=1000) == events  # both are pure reads
    plan = post(client, "/cleanup/plan")
    assert [(op["action"], op["memory_id"]) for op in plan["operations"]] == [
        ("archive", seeded.noise_id)]
    assert mem.get(seeded.noise_id).status == "active"  # a plan changes nothing by itself


def test_cleanup_plan_without_candidates_is_400(client: TestClient) -> None:
    r = client.post("/api/cleanup/plan", headers=AUTH)
    assert r.status_code == 400 and "no candidates" in r.json()["message"]


# -- changes: each action agrees with its preview ------------------------------------------
def test_archive_and_restore_agree_with_their_previews(client: TestClient, mem: Memory,
                                                       seeded: Seeded) -> None:
    mid = seeded.ids["CI runs on GitHub Actions with a nightly build"]
    preview = post(client, f"/memories/{mid}/archive/preview", {"reason": "obsolete"})
    assert preview["dry_run"] is True and preview["event_id"] is None
    assert mem.get(mid).status == "active"  # the preview wrote nothing
    done = post(client, f"/memories/{mid}/archive", {"reason": "obsolete"})
    assert done["dry_run"] is False and done["event_id"]
    assert without_event(done) == without_event(preview)
    assert mem.get(mid).status == "archived"
    assert mem.events(mid, limit=1)[0].actor == "dashboard"
    assert mem.events(mid, limit=1)[0].reason == "obsolete"

    preview = post(client, f"/memories/{mid}/restore/preview")
    done = post(client, f"/memories/{mid}/restore")  # no body at all is fine
    assert without_event(done) == without_event(preview)
    assert mem.get(mid).status == "active"


def test_approve_agrees_with_its_preview_and_supersedes(client: TestClient, mem: Memory,
                                                        seeded: Seeded) -> None:
    preview = post(client, f"/memories/{seeded.review_id}/approve/preview")
    assert mem.get(seeded.review_id).status == "review"
    done = post(client, f"/memories/{seeded.review_id}/approve")
    assert without_event(done) == without_event(preview)
    assert mem.get(seeded.review_id).status == "active"
    old = mem.get(seeded.conflict_with)
    assert old.status == "superseded" and old.superseded_by == seeded.review_id
    detail = get(client, f"/memories/{seeded.review_id}")
    assert [m["id"] for m in detail["lineage"]["supersedes"]] == [seeded.conflict_with]
    old_detail = get(client, f"/memories/{seeded.conflict_with}")
    assert [m["id"] for m in old_detail["lineage"]["superseded_by"]] == [seeded.review_id]


def test_reject_agrees_with_its_preview(client: TestClient, mem: Memory, seeded: Seeded) -> None:
    preview = post(client, f"/memories/{seeded.review_id}/reject/preview")
    done = post(client, f"/memories/{seeded.review_id}/reject", {"reason": "keep concise"})
    assert without_event(done) == {**without_event(preview), "reason": "keep concise"}
    assert mem.get(seeded.review_id).status == done["after_status"]
    assert mem.get(seeded.conflict_with).status == "active"


def test_revert_agrees_with_its_preview(client: TestClient, mem: Memory, seeded: Seeded) -> None:
    update_event = mem.events(seeded.updated_id, action="update", limit=1)[0]
    preview = post(client, f"/events/{update_event.event_id}/revert/preview")
    assert mem.get(seeded.updated_id).content == "项目的数据库是 PostgreSQL 17"
    done = post(client, f"/events/{update_event.event_id}/revert")
    assert done["action"] == preview["action"] == "revert"
    assert done["memory_id"] == preview["memory_id"] == seeded.updated_id
    assert done["after_status"] == preview["after_status"]
    assert mem.get(seeded.updated_id).content == "项目的数据库是 PostgreSQL 16"


def test_add_and_update_agree_with_their_previews(client: TestClient, mem: Memory,
                                                  seeded: Seeded) -> None:
    count = mem.count()
    preview = post(client, "/memories/preview", {"content": "用户偏好：界面用深色主题"})
    assert preview["dry_run"] is True and mem.count() == count
    done = post(client, "/memories", {"content": "用户偏好：界面用深色主题"})
    assert done["decision"] == preview["decision"] == "store"
    assert mem.get(done["memory_id"]).source == "dashboard"
    # The pipeline, not the route, decides: a duplicate, a rejected question, a conflict.
    again = post(client, "/memories/preview", {"content": "用户偏好：界面用深色主题"})
    assert again["decision"] == "duplicate" and again["memory_id"] == done["memory_id"]
    assert post(client, "/memories", {"content": "这个要怎么配置？"})["decision"] == "reject"
    conflict = post(client, "/memories/preview", {"content": "用户偏好：回答非常啰嗦"})
    assert conflict["decision"] == "review"

    mid = seeded.ids["Use ruff for linting and formatting Python code"]
    text = "Use ruff for linting and formatting all Python code"
    preview = post(client, f"/memories/{mid}/update/preview", {"content": text})
    assert mem.get(mid).content != text
    done = post(client, f"/memories/{mid}/update", {"content": text, "reason": "scope"})
    assert (done["decision"], done["memory_id"]) == (preview["decision"], preview["memory_id"])
    assert mem.get(mid).content == text


# -- plans ---------------------------------------------------------------------------------
def test_plan_apply_needs_the_exact_phrase(client: TestClient, mem: Memory,
                                           seeded: Seeded) -> None:
    ids = [seeded.ids["Prefers pnpm over npm for JavaScript projects"],
           seeded.ids["用户的时区是 Asia/Shanghai"]]
    plan = post(client, "/plans", {"action": "archive", "memory_ids": ids, "reason": "tidy"})
    assert plan["status"] == "pending" and len(plan["operations"]) == 2
    assert all(op["preview"]["after_status"] == "archived" for op in plan["operations"])
    assert PHRASE not in str(plan)
    assert [p["id"] for p in get(client, "/plans")["items"]] == [plan["id"]]
    events = mem.events(limit=1000)

    for wrong in ("", "wrong", f" {PHRASE}", f"{PHRASE} ", PHRASE[:-1]):
        r = client.post(f"/api/plans/{plan['id']}/apply", json={"confirm": wrong}, headers=AUTH)
        assert r.status_code == 403, (wrong, r.text)
        assert r.json()["error"] == "ConfirmationError"
        assert PHRASE not in r.text  # the error gives no hint
    assert r.status_code == 403
    assert [mem.get(i).status for i in ids] == ["active", "active"]
    assert mem.events(limit=1000) == events
    assert get(client, f"/plans/{plan['id']}")["status"] == "pending"

    applied = post(client, f"/plans/{plan['id']}/apply", {"confirm": PHRASE})
    assert applied["status"] == "applied" and applied["summary"]["applied"] == 2
    assert [mem.get(i).status for i in ids] == ["archived", "archived"]
    assert mem.events(ids[0], limit=1)[0].actor == "dashboard"
    again = client.post(f"/api/plans/{plan['id']}/apply", json={"confirm": PHRASE}, headers=AUTH)
    assert again.status_code == 409 and again.json()["error"] == "PlanError"


def test_plan_from_a_merge_selection_and_raw_operations(client: TestClient, mem: Memory,
                                                        seeded: Seeded) -> None:
    a = seeded.ids["The deploy server runs Ubuntu 24.04"]
    b = seeded.ids["CI runs on GitHub Actions with a nightly build"]
    plan = post(client, "/plans", {"action": "merge", "memory_ids": [a, b],
                                   "content": "Deploys run on Ubuntu 24.04; CI on GitHub Actions"})
    (op,) = plan["operations"]
    assert op["action"] == "merge" and op["preview"]["decision"] == "merge"
    applied = post(client, f"/plans/{plan['id']}/apply", {"confirm": PHRASE})
    new_id = applied["results"][0]["result"]["memory_id"]
    assert mem.get(a).superseded_by == new_id and mem.get(b).status == "superseded"

    raw = post(client, "/plans", {"operations": [
        {"action": "add", "content": "用户偏好：提交信息用英文"},
        {"action": "approve", "memory_id": seeded.review_id}]})
    assert [o["action"] for o in raw["operations"]] == ["add", "approve"]
    bad = client.post("/api/plans", headers=AUTH, json={"operations": [{"action": "nuke"}]})
    assert bad.status_code == 400 and "operation 1" in bad.json()["message"]
    stale = post(client, "/plans", {"action": "archive", "memory_ids": [seeded.archived_id]})
    assert stale["operations"][0]["refused"]  # kept, shown, skipped when applied


# -- scopes and threads --------------------------------------------------------------------
def test_scope_parameter_selects_a_namespace(client: TestClient, mem: Memory,
                                             seeded: Seeded) -> None:
    assert get(client, "/memories", scope="other")["total"] == 0
    added = ok(client.post("/api/memories", params={"scope": "other"}, headers=AUTH,
                           json={"content": "用户偏好：回答用英文"}))
    assert get(client, "/memories", scope="other")["total"] == 1
    assert get(client, "/info", scope="other")["scope"] == "other"
    assert get(client, "/stats")["total"] == 16  # the default scope is untouched
    r = client.get(f"/api/memories/{added['memory_id']}", headers=AUTH)
    assert r.status_code == 404  # ids belong to their scope
    assert client.get("/api/stats", params={"scope": "x" * 129}, headers=AUTH).status_code == 422


def test_concurrent_requests_from_server_threads(client: TestClient, mem: Memory) -> None:
    texts = [f"The service number {i} listens on port {9000 + i}" for i in range(16)]

    def work(text: str) -> tuple[int, int]:
        add = client.post("/api/memories", json={"content": text}, headers=AUTH)
        read = client.get("/api/stats", headers=AUTH)
        return add.status_code, read.status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, texts))
    assert results == [(200, 200)] * len(texts)
    assert mem.count() == 16
    assert get(client, "/stats")["consistency"]["ok"] is True


# -- serve ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("192.168.1.5", False),
    ("example.com", False),
])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_non_loopback_bind_is_refused_without_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VECMEM_SERVER_TOKEN", raising=False)
    for host in ("0.0.0.0", "192.168.1.5", "::"):
        with pytest.raises(InvalidInputError, match="VECMEM_SERVER_TOKEN"):
            resolve_token(host)
    token, generated = resolve_token("127.0.0.1")
    assert generated and len(token) >= 32
    assert resolve_token("127.0.0.1")[0] != token  # a new one at each start
    assert resolve_token("0.0.0.0", "a-configured-token-1234") == ("a-configured-token-1234",
                                                                    False)
    monkeypatch.setenv("VECMEM_SERVER_TOKEN", "from-the-environment-123")
    assert resolve_token("0.0.0.0") == ("from-the-environment-123", False)
    for weak in ("short", " padded-token-123456 ", "line\nbreak-token-123"):
        with pytest.raises(InvalidInputError, match="at least"):
            resolve_token("127.0.0.1", weak)


@pytest.fixture
def hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """serve() opens the memory from settings: keep it off the bundled model (fast)."""
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    monkeypatch.delenv("VECMEM_SERVER_TOKEN", raising=False)


@pytest.mark.usefixtures("hashing")
def test_serve_prints_a_ready_url_with_the_token_in_the_fragment(tmp_path: Path) -> None:
    out = io.StringIO()
    seen: dict[str, Any] = {}

    def run(app: Any, **kw: Any) -> None:  # stands in for uvicorn.run, while the memory is open
        token = re.search(r"#token=([A-Za-z0-9_-]+)", out.getvalue())
        assert token, out.getvalue()
        client = TestClient(app)
        seen.update(kw, anonymous=client.get("/api/stats").status_code,
                    authorized=client.get("/api/stats", headers={
                        "Authorization": f"Bearer {token.group(1)}"}).status_code)

    serve(str(tmp_path / "s.db"), port=9876, out=out, run=run)
    assert "open: http://127.0.0.1:9876/#token=" in out.getvalue()
    assert seen["host"] == "127.0.0.1" and seen["port"] == 9876
    assert (seen["anonymous"], seen["authorized"]) == (401, 200)


@pytest.mark.usefixtures("hashing")
def test_serve_with_a_configured_token_does_not_print_it(tmp_path: Path) -> None:
    out = io.StringIO()
    secret = "configured-secret-token-42"
    serve(str(tmp_path / "s.db"), host="0.0.0.0", token=secret, out=out,
          run=lambda app, **kw: None)
    assert secret not in out.getvalue()
    assert "http://127.0.0.1:8765/" in out.getvalue()


@pytest.mark.usefixtures("hashing")
def test_serve_command_refuses_a_public_bind_without_a_token(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from vecmem.cli import app

    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "serve", "--host",
                                      "0.0.0.0"])
    assert result.exit_code == 2
    assert "refusing to bind" in result.output + (result.stderr or "")
    assert not (tmp_path / "c.db").exists()  # refused before anything was opened


def test_page_url() -> None:
    assert page_url("127.0.0.1", 8765, "abc") == "http://127.0.0.1:8765/#token=abc"
    assert page_url("::1", 80) == "http://[::1]:80/"
    assert page_url("0.0.0.0", 8765) == "http://127.0.0.1:8765/"


# -- the page's words ----------------------------------------------------------------------
def test_every_ui_string_exists_in_both_languages() -> None:
    i18n = (STATIC_DIR / "i18n.js").read_text(encoding="utf-8")
    en_part, zh_part = i18n.split("\n  zh: {", 1)
    key = re.compile(r'^\s+"([a-z_.]+)":', re.MULTILINE)
    en, zh = set(key.findall(en_part)), set(key.findall(zh_part))
    assert en == zh, (en ^ zh)
    used: set[str] = set()
    for name in ("ui.js", "app.js"):
        used |= set(re.findall(r'\bt\(\s*"([a-z_.]+)"', (STATIC_DIR / name).read_text("utf-8")))
    assert used <= en, used - en
    # Keys built from values: every value the API can return has a translation.
    from vecmem.types import Action, Decision, MemoryType, Status

    for prefix, values in (("status", Status), ("type", MemoryType), ("action", Action),
                           ("decision", Decision)):
        missing = {f"{prefix}.{v.value}" for v in values} - en
        assert not missing, missing
    for name in ("review_queue_nonempty", "cleanup_candidates", "topic_conflicts",
                 "consistency_failed", "embedder_fallback", "embedder_degraded"):
        assert f"flag.{name}" in en


def test_query_vocabularies_match_the_core_enums() -> None:
    from typing import get_args

    from vecmem.server.app import EventAction, StatusName, TypeName
    from vecmem.types import Action, MemoryType, Status

    assert get_args(StatusName) == tuple(s.value for s in Status)
    assert get_args(TypeName) == tuple(t.value for t in MemoryType)
    assert set(get_args(EventAction)) == {a.value for a in Action}


def test_the_gate_in_explain_and_its_off_switch(client: TestClient, seeded: Seeded) -> None:
    # Every candidate of a gated explain carries the gate's verdict and its arithmetic.
    ex = get(client, "/explain", q="which framework does the frontend use? 前端框架")
    assert ex["gate"]["on"] is True and ex["gate"]["rule"].startswith("gate-")
    ranked = [c for c in ex["candidates"] if c["status"] == "active" and c["fused"] > 0]
    assert ranked and all(c["gate"] and c["gate"].split(":")[0] in ("pass", "fail")
                          for c in ranked)
    assert any(c["included"] for c in ranked)
    # gate=false: the exploratory listing, and explain says the gate was off.
    off = get(client, "/explain", q="which framework does the frontend use? 前端框架",
              gate="false")
    assert off["gate"]["on"] is False and all(c["gate"] is None for c in off["candidates"])
    on = get(client, "/search", q="hello there, nice weather", k=20)
    listed = get(client, "/search", q="hello there, nice weather", k=20, gate="false",
                 min_score=-1)
    assert on["gate"] is True and listed["gate"] is False
    assert len(listed["hits"]) > len(on["hits"])
    bad = client.get("/api/explain", params={"q": "x", "gate": "maybe"}, headers=AUTH)
    assert bad.status_code == 422 and bad.json()["error"] == "ValidationError"


def test_search_with_a_session_fills_the_recall_log(client: TestClient, mem: Memory,
                                                    seeded: Seeded) -> None:
    vue = seeded.ids["项目使用 Vue 3 作为前端框架"]
    hits = get(client, "/search", q="前端框架", session="web-1")["hits"]
    assert vue in [h["memory"]["id"] for h in hits]
    log = get(client, "/recalls", session="web-1")
    (entry,) = log["items"]
    assert entry["front_end"] == "http" and entry["turn"] == 1 and entry["gate"] is True
    assert [it["memory_id"] for it in entry["items"]] == [h["memory"]["id"] for h in hits]
    assert entry["items"][0]["content"] in {h["memory"]["content"] for h in hits}
    assert get(client, "/recalls", memory_id=vue)["items"][0]["id"] == entry["id"]
    assert get(client, "/recalls", q="前端框架")["items"][0]["id"] == entry["id"]
    assert mem.recalls(session="web-1")[0].id == entry["id"]
    assert get(client, "/recalls", session="other")["items"] == []
    bad = client.get("/api/recalls", params={"memory_id": 0}, headers=AUTH)
    assert bad.status_code == 422

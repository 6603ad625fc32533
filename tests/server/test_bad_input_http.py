"""The HTTP API answers text the database cannot store (NUL, invalid UTF-8 escapes) with a
JSON 4xx on both engines, never a plain-text 500."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.server.app import create_app

TOKEN = "bad-input-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def client(engine_url: str) -> Iterator[TestClient]:
    mem = Memory.open(engine_url, embedder=HashingEmbedder())
    mem.add("The user's editor is neovim")
    with TestClient(create_app(mem, TOKEN), raise_server_exceptions=False) as c:
        yield c
    mem.close()


@pytest.mark.parametrize("path", [
    "/api/search?q=ab%00cd",
    "/api/keyword?q=ab%00cd",
    "/api/explain?q=ab%00cd",
    "/api/memories?since=2026%00",
    "/api/memories?source=ab%00cd",
    "/api/memories?category=ab%00cd",
    "/api/memories?text=ab%00cd",
    "/api/events?since=ab%00cd",
    "/api/memories?scope=ab%00cd",
    "/api/search?q=neovim&scope=ab%00cd",
])
def test_bad_text_in_a_query_string_is_a_json_4xx(client: TestClient, path: str) -> None:
    response = client.get(path, headers=AUTH)
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    assert response.headers["content-type"].startswith("application/json")
    assert "error" in response.json() or "detail" in response.json()


@pytest.mark.parametrize("path", ["/api/search?q=ab%ED%A0%80cd",
                                  "/api/memories?scope=ab%ED%A0%80cd"])
def test_undecodable_bytes_in_a_query_string_never_reach_a_driver(
    client: TestClient, path: str
) -> None:
    # The bytes of a lone surrogate: the server decodes them as U+FFFD, ordinary text.
    response = client.get(path, headers=AUTH)
    assert response.status_code == 200, response.text[:200]
    assert response.headers["content-type"].startswith("application/json")


@pytest.mark.parametrize("body", [
    {"content": "ab\u0000cd"},
    {"content": "用户偏好：简洁", "source": "ab\u0000cd"},
    {"content": "用户偏好：简洁", "category": "ab\u0000cd"},
])
def test_bad_text_in_a_json_body_is_a_json_4xx(client: TestClient, body: dict) -> None:
    response = client.post("/api/memories", json=body, headers=AUTH)
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    assert response.headers["content-type"].startswith("application/json")
    assert client.get("/api/memories", headers=AUTH).json()["total"] == 1


def test_a_lone_surrogate_escape_in_a_json_body_is_a_json_4xx(client: TestClient) -> None:
    raw = b'{"content": "ab\\ud800cd"}'  # valid JSON, text no database can store
    response = client.post("/api/memories", content=raw,
                           headers={**AUTH, "Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    assert response.headers["content-type"].startswith("application/json")
    assert client.get("/api/memories", headers=AUTH).json()["total"] == 1

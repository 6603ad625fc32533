"""The shipped fake OpenAI server: what other test suites rely on."""

from __future__ import annotations

import math

import httpx
import pytest

from vecmem.testing import FakeOpenAI, RecordedRequest, Reply, hash_embedding


def _chat(server: FakeOpenAI, **headers: str) -> httpx.Response:
    return httpx.post(f"{server.base_url}/chat/completions", headers=headers,
                      json={"model": "m", "messages": [{"role": "user", "content": "hi"}]})


def test_scripted_queue_in_order_then_loud_failure() -> None:
    with FakeOpenAI() as server:
        server.enqueue({"x": 1}, "plain text", 503, Reply.error(418, "teapot"))
        first = _chat(server).json()
        assert first["choices"][0]["message"]["content"] == '{"x": 1}'
        assert first["usage"]["total_tokens"] == (first["usage"]["prompt_tokens"]
                                                  + first["usage"]["completion_tokens"])
        assert _chat(server).json()["choices"][0]["message"]["content"] == "plain text"
        assert _chat(server).status_code == 503
        teapot = _chat(server)
        assert teapot.status_code == 418 and teapot.json()["error"]["message"] == "teapot"
        assert server.pending == 0
        empty = _chat(server)
        assert empty.status_code == 500 and "no scripted" in empty.text


def test_responder_and_default() -> None:
    def responder(req: RecordedRequest) -> str | None:
        return "echo: " + req.messages[-1]["content"] if "echo" in req.text else None

    with FakeOpenAI(responder=responder, default="fallback") as server:
        server.enqueue("queued first")
        assert _chat(server).json()["choices"][0]["message"]["content"] == "queued first"
        assert _chat(server).json()["choices"][0]["message"]["content"] == "fallback"
        r = httpx.post(f"{server.base_url}/chat/completions",
                       json={"messages": [{"role": "user", "content": "echo me"}]})
        assert r.json()["choices"][0]["message"]["content"] == "echo: echo me"


def test_records_headers_and_body() -> None:
    with FakeOpenAI(default="ok") as server:
        _chat(server, **{"X-Trace": "abc"})
        [req] = server.requests
        assert req.method == "POST" and req.path == "/v1/chat/completions"
        assert req.headers["x-trace"] == "abc"
        assert req.json["model"] == "m" and b'"hi"' in req.body
        server.clear()
        assert server.requests == []


def test_auth_is_enforced_when_a_key_is_set() -> None:
    with FakeOpenAI(api_key="sk-1", default="ok") as server:
        assert _chat(server).status_code == 401
        assert _chat(server, Authorization="Bearer sk-1").status_code == 200
        models = httpx.get(f"{server.base_url}/models", headers={"Authorization": "Bearer sk-1"})
        assert models.json()["data"][0]["id"] == "fake-model"


def test_embeddings_are_deterministic_unit_vectors() -> None:
    with FakeOpenAI(embedding_dim=32) as server:
        r = httpx.post(f"{server.base_url}/embeddings",
                       json={"model": "e", "input": ["用户住在上海", "用户住在上海市", "golang"]})
        data = r.json()
        vectors = [d["embedding"] for d in data["data"]]
        assert [d["index"] for d in data["data"]] == [0, 1, 2]
        assert all(len(v) == 32 for v in vectors)
        assert all(math.isclose(sum(x * x for x in v), 1.0) for v in vectors)
        assert vectors[0] == hash_embedding("用户住在上海", 32)

        def cos(a: list[float], b: list[float]) -> float:
            return sum(x * y for x, y in zip(a, b, strict=True))

        assert cos(vectors[0], vectors[1]) > cos(vectors[0], vectors[2])
        assert data["usage"]["total_tokens"] > 0
        single = httpx.post(f"{server.url}/embeddings", json={"input": "x", "dimensions": 8})
        assert len(single.json()["data"][0]["embedding"]) == 8
        assert len(server.embedding_requests) == 2


def test_embeddings_can_be_scripted() -> None:
    with FakeOpenAI(embedder=lambda texts: [[1.0, 0.0] for _ in texts]) as server:
        server.enqueue_embeddings(500, Reply())
        assert httpx.post(f"{server.base_url}/embeddings", json={"input": "a"}).status_code == 500
        ok = httpx.post(f"{server.base_url}/embeddings", json={"input": "a"})
        assert ok.json()["data"][0]["embedding"] == [1.0, 0.0]


def test_delay_and_disconnect() -> None:
    with FakeOpenAI() as server:
        server.enqueue(Reply(content="late", delay=1.0), Reply(disconnect=True))
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{server.base_url}/chat/completions", json={}, timeout=0.1)
        with pytest.raises(httpx.RemoteProtocolError):
            httpx.post(f"{server.base_url}/chat/completions", json={})


def test_unknown_route_and_not_running() -> None:
    with FakeOpenAI() as server:
        assert httpx.post(f"{server.url}/v2/other", json={}).status_code == 404
    with pytest.raises(RuntimeError, match="not running"):
        _ = FakeOpenAI().base_url
    with pytest.raises(TypeError):
        FakeOpenAI().enqueue(1.5)  # type: ignore[arg-type]

"""OpenAIEmbedder against a real HTTP server on 127.0.0.1 (vecmem.testing.FakeOpenAI)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import numpy as np
import pytest

from vecmem.embed import CachedEmbedder, OpenAIEmbedder
from vecmem.errors import EmbedderError
from vecmem.testing.fake_openai import FakeOpenAI, Reply, hash_embedding


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


class Sleeps(list):
    """Records the backoff delays instead of sleeping through them."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client(fake: FakeOpenAI, **kw: object) -> OpenAIEmbedder:
    kw.setdefault("sleep", Sleeps())
    return OpenAIEmbedder("fake-model", base_url=fake.base_url, **kw)  # type: ignore[arg-type]


def test_batches_requests_and_keeps_order(fake: FakeOpenAI) -> None:
    texts = ["alpha", "用户偏好简洁", "gamma", "delta", "epsilon"]
    with client(fake, batch_size=2) as emb:
        out = emb.embed_documents(texts)
    assert [len(r.json["input"]) for r in fake.embedding_requests] == [2, 2, 1]
    assert all(r.json["model"] == "fake-model" for r in fake.embedding_requests)
    assert "dimensions" not in fake.embedding_requests[0].json
    expected = np.array([hash_embedding(t, 64) for t in texts], dtype=np.float32)
    np.testing.assert_allclose(out, expected, atol=1e-6)
    assert out.dtype == np.float32 and emb.dim == 64


def test_answers_out_of_index_order_are_sorted(fake: FakeOpenAI) -> None:
    body = {"data": [{"index": 1, "embedding": [0.0, 2.0]}, {"index": 0, "embedding": [3.0, 0.0]}]}
    fake.enqueue_embeddings(Reply(body=body))
    with client(fake, dim=2) as emb:
        out = emb.embed_documents(["first", "second"])
    np.testing.assert_allclose(out, [[1.0, 0.0], [0.0, 1.0]])  # and normalized


def test_a_500_is_retried_with_backoff(fake: FakeOpenAI) -> None:
    fake.enqueue_embeddings(500)
    sleeps = Sleeps()
    with client(fake, sleep=sleeps, backoff=0.5) as emb:
        vec = emb.embed_query("hello")
    assert len(fake.embedding_requests) == 2
    assert len(sleeps) == 1 and 0.5 <= sleeps[0] <= 0.7
    np.testing.assert_allclose(vec, hash_embedding("hello", 64), atol=1e-6)


def test_retries_give_up_with_a_clear_error(fake: FakeOpenAI) -> None:
    fake.enqueue_embeddings(503, 503, 503)
    sleeps = Sleeps()
    with client(fake, sleep=sleeps, max_retries=2) as emb, pytest.raises(
        EmbedderError, match=r"failed after 3 attempts: HTTP 503"
    ):
        emb.embed_documents(["x"])
    assert len(fake.embedding_requests) == 3
    assert sleeps[1] > sleeps[0]  # exponential


def test_retry_after_is_honoured(fake: FakeOpenAI) -> None:
    fake.enqueue_embeddings(Reply.error(429, headers={"Retry-After": "3"}))
    sleeps = Sleeps()
    with client(fake, sleep=sleeps) as emb:
        emb.embed_documents(["x"])
    assert sleeps == [3.0]


def test_a_slow_server_times_out(fake: FakeOpenAI) -> None:
    fake.enqueue_embeddings(Reply(delay=3.0), Reply(delay=3.0))
    with client(fake, timeout=0.3, max_retries=1) as emb, pytest.raises(
        EmbedderError, match="timed out"
    ):
        emb.embed_documents(["x"])
    assert len(fake.embedding_requests) == 2


def test_a_redirect_to_another_host_is_refused(fake: FakeOpenAI) -> None:
    with FakeOpenAI() as elsewhere:
        target = f"http://localhost:{elsewhere.port}/v1/embeddings"
        fake.enqueue_embeddings(Reply(status=307, body={}, headers={"Location": target}))
        with client(fake, api_key="sk-secret") as emb, pytest.raises(
            EmbedderError, match="never follows redirects"
        ) as err:
            emb.embed_documents(["x"])
        assert elsewhere.requests == []  # neither the text nor the key went there
    assert len(fake.embedding_requests) == 1  # and a redirect is not retried
    assert "localhost" in err.value.message and "sk-secret" not in err.value.message


def test_the_key_is_sent_as_bearer() -> None:
    with FakeOpenAI(api_key="sk-test-123") as server:
        with client(server, api_key="sk-test-123") as emb:
            emb.embed_documents(["x"])
        assert server.embedding_requests[0].headers["authorization"] == "Bearer sk-test-123"


def test_the_key_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VECMEM_EMBED_API_KEY", "sk-from-env")
    with FakeOpenAI(api_key="sk-from-env") as server, client(server) as emb:
        emb.embed_documents(["x"])


def test_openai_key_is_not_sent_to_another_host(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-only")
    with client(fake) as emb:
        emb.embed_documents(["x"])
    assert "authorization" not in fake.embedding_requests[0].headers


def test_a_rejected_key_fails_at_once_without_echoing_it() -> None:
    with FakeOpenAI(api_key="right") as server:
        with client(server, api_key="wrong-key-value") as emb, pytest.raises(
            EmbedderError, match="VECMEM_EMBED_API_KEY"
        ) as err:
            emb.embed_documents(["x"])
        assert len(server.embedding_requests) == 1
    assert "401" in err.value.message and "wrong-key-value" not in err.value.message


def test_environment_proxies_are_ignored(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the configured host is ever contacted, never a proxy named in the environment.
    for var in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    with client(fake) as emb:
        assert emb.embed_query("x").shape == (64,)


@pytest.mark.parametrize(
    ("body", "match"),
    [
        ("not json at all", "not an embeddings response"),
        ({"data": [{"index": 0, "embedding": [1.0, 0.0]}]}, "1 vectors for 2 texts"),
        ({"data": [{"index": 0, "embedding": [1.0, "x"]}, {"index": 1, "embedding": [1, 0]}]},
         "not an embeddings response"),
        ({"data": [{"index": 0, "embedding": [float("nan"), 1.0]},
                   {"index": 1, "embedding": [1.0, 0.0]}]}, "NaN"),
    ],
)
def test_malformed_answers_are_errors(fake: FakeOpenAI, body: object, match: str) -> None:
    fake.enqueue_embeddings(Reply(body=body))
    with client(fake, dim=2) as emb, pytest.raises(EmbedderError, match=match):
        emb.embed_documents(["a", "b"])


def test_requested_dimensions_change_the_model_id(fake: FakeOpenAI) -> None:
    with OpenAIEmbedder("text-embedding-3-small", base_url=fake.base_url, dim=32) as emb:
        assert emb.model_id == "openai:text-embedding-3-small:d32" and emb.dim == 32
        assert emb.embed_query("x").shape == (32,)
    assert fake.embedding_requests[0].json["dimensions"] == 32
    with OpenAIEmbedder("text-embedding-3-small", base_url=fake.base_url, dim=1536) as native:
        assert native.model_id == "openai:text-embedding-3-small"


def test_unknown_model_width_is_probed_once(fake: FakeOpenAI) -> None:
    with client(fake) as emb:
        assert emb.dim == 64 and emb.dim == 64
        assert len(fake.embedding_requests) == 1
        assert emb.embed_documents([]).shape == (0, 64)


def test_empty_texts_are_sent_as_a_space(fake: FakeOpenAI) -> None:
    with client(fake) as emb:
        emb.embed_documents(["", "ok"])
    assert fake.embedding_requests[0].json["input"] == [" ", "ok"]


def test_unreachable_server_and_bad_url() -> None:
    with socket.socket() as s:  # a port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sleeps = Sleeps()
    url = f"http://127.0.0.1:{port}/v1"
    with OpenAIEmbedder("m", base_url=url, max_retries=1, sleep=sleeps) as emb, pytest.raises(
        EmbedderError, match="could not connect"
    ):
        emb.embed_documents(["x"])
    assert len(sleeps) == 1
    with pytest.raises(EmbedderError, match="not an http"):
        OpenAIEmbedder("m", base_url="ftp://example.invalid/v1")


def test_failures_are_not_cached(fake: FakeOpenAI) -> None:
    fake.enqueue_embeddings(400)
    with client(fake) as emb:
        cache = CachedEmbedder(emb)
        with pytest.raises(EmbedderError, match="HTTP 400"):
            cache.embed_documents(["x"])
        assert len(cache) == 0
        cache.embed_documents(["x"])
        cache.embed_documents(["x"])
    assert len(fake.embedding_requests) == 2 and len(cache) == 1

"""CachedEmbedder: bounded LRU keyed by (model, role, text hash); never caches fallbacks."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from vecmem.embed import CachedEmbedder, Embedding, HashingEmbedder, embed_tagged


class CountingEmbedder:
    """A real (non-fallback) embedder built on hashing that counts what it embeds.

    ``query_prefix`` makes it asymmetric like e5 (queries and documents differ).
    """

    is_fallback = False

    def __init__(self, model_id: str = "fake-real", query_prefix: str = "") -> None:
        self._hash = HashingEmbedder(64)
        self.model_id = model_id
        self.dim = 64
        self.query_prefix = query_prefix
        self.embedded: list[str] = []
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            self.embedded.extend(texts)
        return self._hash.embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            self.embedded.append("Q:" + text)
        return self._hash.embed_query(self.query_prefix + text)


def test_second_call_is_served_from_the_cache() -> None:
    inner = CountingEmbedder()
    cache = CachedEmbedder(inner)
    first = cache.embed_documents(["a", "b"])
    second = cache.embed_documents(["b", "a", "c"])
    assert inner.embedded == ["a", "b", "c"]
    np.testing.assert_array_equal(second[0], first[1])
    np.testing.assert_array_equal(second[1], first[0])
    assert (cache.hits, cache.misses) == (2, 3)
    assert cache.model_id == "fake-real" and cache.dim == 64 and cache.is_fallback is False


def test_repeated_texts_in_one_batch_are_embedded_once() -> None:
    inner = CountingEmbedder()
    out = CachedEmbedder(inner).embed_documents(["x", "y", "x", "x"])
    assert inner.embedded == ["x", "y"]
    np.testing.assert_array_equal(out[0], out[2])


def test_queries_and_documents_are_cached_apart() -> None:
    inner = CountingEmbedder(query_prefix="query: ")
    cache = CachedEmbedder(inner)
    doc = cache.embed_documents(["前端框架"])[0]
    query = cache.embed_query("前端框架")
    assert not np.allclose(doc, query)  # the query was not served the document's vector
    np.testing.assert_array_equal(cache.embed_query("前端框架"), query)
    assert inner.embedded == ["前端框架", "Q:前端框架"]


def test_lru_is_bounded_and_evicts_the_least_recent() -> None:
    inner = CountingEmbedder()
    cache = CachedEmbedder(inner, max_entries=3)
    cache.embed_documents(["a", "b", "c"])
    cache.embed_documents(["a"])  # refresh a: b is now the oldest
    cache.embed_documents(["d"])
    assert len(cache) == 3
    inner.embedded.clear()
    cache.embed_documents(["a", "c", "d"])
    assert inner.embedded == []
    cache.embed_documents(["b"])
    assert inner.embedded == ["b"]


def test_max_entries_zero_disables_caching() -> None:
    inner = CountingEmbedder()
    cache = CachedEmbedder(inner, max_entries=0)
    cache.embed_documents(["a"])
    cache.embed_documents(["a"])
    assert inner.embedded == ["a", "a"] and len(cache) == 0
    with pytest.raises(ValueError):
        CachedEmbedder(inner, max_entries=-1)


def test_the_model_is_part_of_the_key() -> None:
    inner = CountingEmbedder(model_id="model-a")
    cache = CachedEmbedder(inner)
    cache.embed_documents(["same text"])
    inner.model_id = "model-b"  # e.g. the configured model changed
    cache.embed_documents(["same text"])
    assert inner.embedded == ["same text", "same text"]


def test_a_fallback_embedder_is_never_cached() -> None:
    cache = CachedEmbedder(HashingEmbedder())
    result = cache.embed_documents_tagged(["a", "b"])
    cache.embed_query("q")
    assert len(cache) == 0
    assert result.is_fallback is True and result.model_id == "hashing-v1"


class DegradingEmbedder:
    """Answers with its real model until ``down`` is set, then with hashing vectors, and
    says so through ``embed_documents_tagged`` (the sanctioned way to degrade)."""

    def __init__(self) -> None:
        self.real = CountingEmbedder(model_id="api-model")
        self.fallback = HashingEmbedder(64)
        self.model_id = "api-model"
        self.dim = 64
        self.is_fallback = False
        self.down = False

    def embed_documents_tagged(self, texts: list[str]) -> Embedding:
        if self.down:
            return Embedding(self.fallback.embed_documents(texts), "hashing-v1-d64", True)
        return Embedding(self.real.embed_documents(texts), "api-model", False)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self.embed_documents_tagged(texts).vectors

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]


def test_vectors_from_a_fallback_are_not_cached_under_the_real_name() -> None:
    inner = DegradingEmbedder()
    cache = CachedEmbedder(inner)
    cache.embed_documents(["cached while up"])
    inner.down = True
    result = cache.embed_documents_tagged(["cached while up", "new while down"])
    # The whole batch comes from one model, labelled as the fallback it is.
    assert result.is_fallback is True and result.model_id == "hashing-v1-d64"
    assert len(cache) == 1
    inner.down = False
    inner.real.embedded.clear()
    cache.embed_documents(["new while down"])
    assert inner.real.embedded == ["new while down"]  # re-embedded by the real model


class SwitchingEmbedder(CountingEmbedder):
    """Flips to a fallback identity *during* a call, without a tagged method."""

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        out = super().embed_documents(texts)
        self.is_fallback = True
        self.model_id = "hashing-v1"
        return out


def test_an_identity_change_during_the_call_counts_as_fallback() -> None:
    inner = SwitchingEmbedder(model_id="api-model")
    assert embed_tagged(inner, ["a"]).is_fallback is True
    inner2 = SwitchingEmbedder(model_id="api-model")
    cache = CachedEmbedder(inner2)
    assert cache.embed_documents_tagged(["a"]).is_fallback is True
    assert len(cache) == 0


def test_callers_cannot_corrupt_cached_vectors() -> None:
    cache = CachedEmbedder(CountingEmbedder())
    first = cache.embed_documents(["a"])
    first[:] = 0.0
    again = cache.embed_documents(["a"])
    assert np.linalg.norm(again[0]) == pytest.approx(1.0, rel=1e-5)
    q = cache.embed_query("b")
    q[:] = 0.0
    assert np.linalg.norm(cache.embed_query("b")) == pytest.approx(1.0, rel=1e-5)


def test_concurrent_use_is_consistent_and_bounded() -> None:
    inner = CountingEmbedder()
    cache = CachedEmbedder(inner, max_entries=50)
    reference = HashingEmbedder(64)
    errors: list[BaseException] = []

    def worker(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(200):
                texts = [f"text {int(i)}" for i in rng.integers(0, 80, size=4)]
                out = cache.embed_documents(texts)
                np.testing.assert_array_equal(out, reference.embed_documents(texts))
        except BaseException as exc:  # surfaced in the main thread below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert len(cache) <= 50
    assert cache.hits + cache.misses == 8 * 200 * 4

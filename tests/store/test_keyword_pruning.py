"""The keyword index's common-word fast path (issue 13 item 8) changes what it reads,
never what it answers: with lists of common tokens left unread (MaxScore), with every
list read each round (the plain threshold algorithm) and with every posting scored
(exhaustive), the same ids with the same scores come back in the same order - ties at
the cut included (the lower row, i.e. the earlier memory, wins)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vecmem.store.keyword_index as ki
from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.store.base import utcnow
from vecmem.store.keyword_index import KeywordIndex
from vecmem.text import content_hash, keyword_terms, normalize

COMMON = ["user", "project", "用户", "项目"]
RARE = ["deploy", "cache", "token", "rust", "editor", "theme", "咖啡", "旅行", "预算"] + [
    f"w{i}" for i in range(30)]


@contextmanager
def strategy(name: str) -> Iterator[None]:
    """Read the lists as ``name`` says: ``pruned`` (the product's reading, tiny blocks so
    small corpora go through several rounds), ``plain``, ``exhaustive``, ``accumulated``
    (exhaustive, several tokens summed in the store-sized accumulator instead of by a
    sort), or ``default`` (the product's settings as shipped)."""
    none, every = {"_EXHAUSTIVE_BELOW": 0, "_EXHAUSTIVE_ONE": 0}, {
        "_EXHAUSTIVE_BELOW": 1 << 62, "_EXHAUSTIVE_ONE": 1 << 62}
    patches = {"pruned": {"_PRUNE": True, **none, "_FIRST_DEPTH": 2},
               "plain": {"_PRUNE": False, **none, "_FIRST_DEPTH": 2},
               "exhaustive": every,
               "accumulated": {**every, "_BY_SORT": False},
               "default": {"_PRUNE": ki._PRUNE}}[name]
    with mock.patch.multiple(ki, **patches):
        yield


def answers(index: KeywordIndex, terms: list[str], k: int) -> dict[str, list]:
    out = {}
    for name in ("pruned", "plain", "exhaustive", "accumulated"):
        with strategy(name):
            out[name] = index.search(terms, k)
    return out


def doc(rng: np.random.Generator, common_share: float = 0.8) -> str:
    words = [w for w in COMMON if rng.random() < common_share]
    words += list(rng.choice(RARE, int(rng.integers(1, 5))))
    return " ".join(words)


docs = st.lists(st.tuples(st.sets(st.sampled_from(COMMON)),
                          st.lists(st.sampled_from(RARE), min_size=1, max_size=5)),
                min_size=1, max_size=80).map(lambda ds: [" ".join(sorted(c) + r) for c, r in ds])
queries = st.lists(st.sampled_from([*COMMON, *RARE[:12], "absent"]), min_size=1, max_size=5)


@given(corpus=docs, terms=queries, k=st.integers(1, 12),
       changes=st.lists(st.tuples(st.booleans(), st.integers(1, 90)), max_size=20))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_reading_strategy_gives_the_same_answer(corpus: list[str], terms: list[str],
                                                      k: int, changes: list) -> None:
    index = KeywordIndex.build((i + 1, d) for i, d in enumerate(corpus))
    for add, id_ in changes:  # a delta segment and dead rows too
        if add:
            index.upsert(id_, corpus[id_ % len(corpus)] + " user")
        else:
            index.remove(id_)
    got = answers(index, terms, k)
    assert got["pruned"] == got["plain"] == got["exhaustive"] == got["accumulated"]
    assert not index._acc.any() and not index._seen.any()  # scratch left clean


def test_common_lists_are_left_unread_and_the_answer_is_exact() -> None:
    rng = np.random.default_rng(11)
    corpus = {i: doc(rng) for i in range(1, 4001)}
    index = KeywordIndex.build(corpus.items())
    terms = ["user", "project", "用户", "cache", "w7"]
    read: dict[str, int] = {}
    real = index._score_main
    for name in ("pruned", "plain"):
        calls: list[int] = []

        def counting(rows: np.ndarray, *a: object, calls: list[int] = calls) -> np.ndarray:
            calls.append(len(rows))
            return real(rows, *a)

        with strategy(name), mock.patch.object(ki, "_FIRST_DEPTH", 64), \
                mock.patch.object(index, "_score_main", counting):
            index.search(terms, 20)
        read[name] = sum(calls)
    # The common tokens' lists (80 % of the documents each) are never walked: only the
    # rows the rare lists bring are scored.
    rare_rows = sum(1 for d in corpus.values() if {"cache", "w7"} & set(d.split()))
    assert read["pruned"] <= rare_rows and read["pruned"] < read["plain"]
    got = answers(index, terms, 20)
    assert got["pruned"] == got["plain"] == got["exhaustive"]


def test_ties_at_the_cut_go_to_the_earlier_memory() -> None:
    # 300 identical documents: every one ties; the k kept are the first k rows.
    index = KeywordIndex.build((i, "user project cache") for i in range(1000, 1300))
    for name in ("pruned", "plain", "exhaustive", "accumulated"):
        with strategy(name):
            got = index.search(["cache", "user"], 7)
        assert [i for i, _ in got] == list(range(1000, 1007)), name
        assert len({s for _, s in got}) == 1


def test_a_run_of_equal_impacts_is_not_read_to_its_end() -> None:
    """One list left and the best unseen row only ties the k-th: its postings of that
    impact come in row order, so every unseen one would lose the tie and the reading
    stops (before, a one-word search over 3,000 equal documents read all of them)."""
    docs = [(i, f"cache w{i % 7}") for i in range(1, 3001)]
    index = KeywordIndex.build(docs)
    scored: list[int] = []
    real = KeywordIndex._score_main

    def counting(self: KeywordIndex, rows: np.ndarray, *rest: object) -> np.ndarray:
        scored.append(len(rows))
        return real(self, rows, *rest)  # type: ignore[arg-type]

    with strategy("pruned"), mock.patch.object(ki, "_FIRST_DEPTH", 16), \
            mock.patch.object(KeywordIndex, "_score_main", counting):
        got = index.search(["cache"], 10)
    assert [i for i, _ in got] == list(range(1, 11))
    assert sum(scored) <= 32  # the first blocks, not the 3,000 tied postings
    with strategy("exhaustive"):
        assert index.search(["cache"], 10) == got
    with strategy("plain"):
        assert index.search(["cache"], 10) == got


def _store(path: Path, n: int = 2000) -> Memory:
    """A real SQLite file (rows written as the write pipeline stores them, without its
    per-row cost) where each of a few words is in 80 % of the memories."""
    rng = np.random.default_rng(5)
    mem = Memory.open(str(path), embedder=HashingEmbedder())
    texts = [f"note {i}: {doc(rng)}" for i in range(n)]
    vectors = mem.context.embedder.embed_documents(texts)
    with mem.store.transaction(scope=mem.scope) as tx:
        for text, vec in zip(texts, vectors, strict=True):
            norm = normalize(text)
            now = utcnow()
            mid = tx.insert_memory({
                "scope": mem.scope, "content": text, "content_norm": norm,
                "content_hash": content_hash(norm, "general"), "category": "general",
                "memory_type": "general", "status": "active", "created_at": now,
                "updated_at": now}, terms=" ".join(keyword_terms(text)))
            tx.put_vector(mid, mem.context.model_id, vec)
    return mem


def test_memory_search_is_identical_with_and_without_the_fast_path(tmp_path: Path) -> None:
    """Through the product on a real SQLite file where a few words are in most memories:
    the same hits, scores and order whichever way the keyword side reads, gate on or off."""
    mem = _store(tmp_path / "common.db")
    try:
        queries = ["user project cache", "用户 项目 咖啡 预算", "the user's project token w3",
                   "用户的项目 travel 旅行", "deploy w12 w20 user"]
        runs = {}
        for name in ("pruned", "plain", "exhaustive", "default"):
            with strategy(name):
                runs[name] = [[(h.memory.id, h.score, h.keyword_rank)
                               for h in mem.search(q, k=10, gate=gate)]
                              for q in queries for gate in (True, False)]
        assert runs["pruned"] == runs["plain"] == runs["exhaustive"] == runs["default"]
        assert sum(map(bool, runs["pruned"])) >= len(queries)  # something to compare
        assert any(h[2] is not None for hits in runs["pruned"] for h in hits)
    finally:
        mem.close()


def test_matches_agrees_with_the_forward_lists(tmp_path: Path) -> None:
    """``matches`` (vectorized per term) answers what each document's own tokens say."""
    rng = np.random.default_rng(9)
    corpus = {i: doc(rng) for i in range(1, 3001)}
    index = KeywordIndex.build(corpus.items())
    for i in range(3001, 3050):  # delta rows
        corpus[i] = doc(rng)
        index.upsert(i, corpus[i])
    index.remove(5)
    terms = ["user", "用户", "cache", "w3", "absent"]
    ids = [5, 7, 3005, 99999, *range(1, 200), 3020]
    with mock.patch.object(ki, "_DENSE_MIN_POSTINGS", 10):  # common tokens go dense
        got = index.matches(ids, terms)
    want = {}
    for i in ids:
        if i in corpus and i != 5:
            words = set(corpus[i].split())
            hit = [t for t in terms if t in words]
            if hit:
                want[i] = hit
    assert got == want

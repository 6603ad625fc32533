"""Keyword ranking on a store where a few words are in most memories (issue 13 item 8),
on every engine: BM25 from the formula, with exact ties at the cut going to the earlier
memory (SQLite's index reads common words' lists last or not at all; PostgreSQL scores
in SQL; both must give this same answer)."""

from __future__ import annotations

import random

import pytest
from test_keyword_scoring import _load, _reference

from vecmem import Memory
from vecmem.text import keyword_terms

COMMON = ["user", "project", "用户", "项目"]
RARE = ["deploy", "cache", "token", "budget", "咖啡", "旅行"]


def _corpus(n: int, seed: int = 13) -> list[str]:
    """Each common word in ~80 % of the notes; many notes alike but for their own number
    (the same query tokens, the same length), so ties at any cut are certain."""
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        words = [f"n{i}"] + [w for w in COMMON if rng.random() < 0.8]
        words += rng.sample(RARE, rng.randint(1, 2))
        docs.append(" ".join(words))
    return docs


@pytest.mark.parametrize("query", ["user project cache", "用户 项目 咖啡",
                                   "user 用户 deploy budget", "project 项目"])
@pytest.mark.parametrize("k", [10, 40])
def test_common_words_and_ties_rank_the_same_on_every_engine(cmem: Memory, query: str,
                                                             k: int) -> None:
    docs = _corpus(800)
    ids = _load(cmem, docs)
    want = _reference(docs, ids, query, k)
    with cmem.store.transaction(write=False) as tx:
        got = tx.keyword_search(cmem.scope, keyword_terms(query, for_query=True), k)
    assert len(got) == len(want) == k
    assert [i for i, _ in got] == [i for i, _ in want]
    for (_, a), (_, b) in zip(got, want, strict=True):
        assert a == pytest.approx(b, rel=1e-5)
    # The cut falls inside a group of equal scores (else this would test nothing).
    full = _reference(docs, ids, query, k + 1)
    assert full[-1][1] == pytest.approx(want[-1][1], rel=1e-9)

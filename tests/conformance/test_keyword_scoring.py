"""One keyword scoring on both engines: BM25 with term rarity (k1 1.2, b 0.3, idf
``ln(1 + (N - df + 0.5) / (df + 0.5))``), checked against a reference computed here from
the formula, on the same data in each engine, English and Chinese."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from vecmem import Memory
from vecmem.store.base import utcnow
from vecmem.store.fts_tokens import TOKENIZER
from vecmem.store.keyword_index import K1, B, KeywordIndex
from vecmem.text import content_hash, keyword_terms, normalize

EN = ["deploy", "server", "build", "cache", "query", "index", "report", "meeting", "budget",
      "design", "review", "release", "branch", "merge", "test", "model", "vector", "search",
      "memory", "agent", "team", "user", "project"]
ZH = ["部署", "服务", "缓存", "查询", "索引", "报告", "会议", "预算",
      "设计", "评审", "发布", "分支", "合并", "测试", "模型", "向量"]
RARE_EN, RARE_ZH = "zanzibar", "琥珀"


def _corpus(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    weights = [1 / (i + 1) for i in range(len(EN))]  # Zipf-like: a few words everywhere
    zweights = [1 / (i + 1) for i in range(len(ZH))]
    docs = []
    for i in range(n):
        words = rng.choices(EN, weights, k=rng.randint(3, 9))
        zh = "".join(rng.choices(ZH, zweights, k=rng.randint(1, 3)))
        docs.append(f"note {i}: {' '.join(words)} {zh}")
    docs[n // 3] = f"note {n // 3}: {RARE_EN} deploy server {RARE_ZH}部署"
    return docs


def _load(mem: Memory, docs: list[str]) -> list[int]:
    ids = []
    with mem.store.transaction(scope=mem.scope) as tx:
        for text in docs:
            norm = normalize(text)
            now = utcnow()
            ids.append(tx.insert_memory({
                "scope": mem.scope, "content": text, "content_norm": norm,
                "content_hash": content_hash(norm, "general"), "category": "general",
                "memory_type": "general", "status": "active", "created_at": now,
                "updated_at": now}, terms=" ".join(keyword_terms(text))))
        # Archived copies of the rare text do not count: statistics are over active rows.
        for _ in range(3):
            text = docs[len(docs) // 3]
            norm = normalize(text)
            now = utcnow()
            tx.insert_memory({
                "scope": mem.scope, "content": text, "content_norm": norm,
                "content_hash": content_hash(norm, "general"), "category": "general",
                "memory_type": "general", "status": "archived", "created_at": now,
                "updated_at": now}, terms=" ".join(keyword_terms(text)))
    return ids


def _reference(docs: list[str], ids: list[int], query: str, k: int) -> list[tuple[int, float]]:
    """BM25 straight from the formula, over the active documents."""
    toks = [[t for term in keyword_terms(d) for t in TOKENIZER.tokens(term)] for d in docs]
    n = len(toks)
    avgdl = sum(map(len, toks)) / n
    df = Counter(t for doc in toks for t in set(doc))
    q = KeywordIndex().query_tokens(keyword_terms(query, for_query=True))
    scores = []
    for memory_id, doc in zip(ids, toks, strict=True):
        tf = Counter(doc)
        s = 0.0
        for t in q:
            if tf[t]:
                idf = math.log1p((n - df[t] + 0.5) / (df[t] + 0.5))
                s += idf * tf[t] * (K1 + 1) / (tf[t] + K1 * (1 - B + B * len(doc) / avgdl))
        if s > 0:
            scores.append((memory_id, s))
    scores.sort(key=lambda p: (-p[1], p[0]))
    return scores[:k]


QUERIES = [f"{RARE_EN} deploy server", f"{RARE_ZH} 部署 服务", "deploy server build",
           "缓存 查询 索引", "budget meeting 会议", "vector search memory agent"]


@pytest.mark.parametrize("query", QUERIES)
def test_keyword_ranking_is_bm25_on_every_engine(cmem: Memory, query: str) -> None:
    docs = _corpus(600)
    ids = _load(cmem, docs)
    want = _reference(docs, ids, query, 10)
    with cmem.store.transaction(write=False) as tx:
        got = tx.keyword_search(cmem.scope, keyword_terms(query, for_query=True), 10)
    assert [i for i, _ in got] == [i for i, _ in want]
    for (_, a), (_, b) in zip(got, want, strict=True):
        assert a == pytest.approx(b, rel=1e-5)


@pytest.mark.parametrize("query", [f"{RARE_EN} deploy server", f"{RARE_ZH}部署 服务 会议"])
def test_the_one_memory_with_a_rare_term_ranks_first(cmem: Memory, query: str) -> None:
    docs = _corpus(2000)
    ids = _load(cmem, docs)
    hits = cmem.keyword(query, 10)
    assert hits and hits[0].memory.id == ids[len(docs) // 3]


def test_term_statistics_for_the_relevance_gate(cmem: Memory) -> None:
    docs = _corpus(300)
    ids = _load(cmem, docs)
    terms = keyword_terms(f"{RARE_EN} deployments servers 部署", for_query=True)
    with cmem.store.transaction(write=False) as tx:
        if not hasattr(tx, "keyword_stats"):
            pytest.skip("this engine's term statistics come with the relevance gate")
        n, df = tx.keyword_stats(cmem.scope, terms)
        matched = tx.keyword_matches(cmem.scope, ids, terms)
    toks = [{t for term in keyword_terms(d) for t in TOKENIZER.tokens(term)} for d in docs]
    assert n == len(docs)  # the archived copies do not count
    for term in terms:
        parts = KeywordIndex().query_tokens([term])
        want = max((sum(p in doc for doc in toks) for p in parts), default=0)
        assert df[term] == want, term
    assert df[RARE_EN] == 1
    assert df["servers"] > 0  # matches the "server" documents through stemming
    rare_doc = ids[len(docs) // 3]
    assert RARE_EN in matched[rare_doc]
    assert all(RARE_EN not in hit for mid, hit in matched.items() if mid != rare_doc)

"""``search_latency.py --ab`` compares the same searches with and without the rank-facts
cache, checks they return the same hits, and leaves the store's read path as it was."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from test_agent_recall_data import _isolated_imports, load_module  # noqa: F401

from vecmem import Memory
from vecmem.store.sqlite import SQLiteTx

ROOT = Path(__file__).resolve().parents[2]


def test_ab_runs_both_sides_and_restores_the_cache(tmp_path: Path) -> None:
    bench = load_module(ROOT / "benchmarks" / "search_latency.py", "search_latency_ab")
    cached = SQLiteTx.rank_facts
    path = str(tmp_path / "s.db")
    vectors = bench.fill(path, 300, np.random.default_rng(5), common=True)
    embedder = bench.FixedQueryEmbedder()
    texts = ["q0 w00001 user 用户", "q1 deploy project 项目", "q2 w00003 前端"]
    for i, t in enumerate(texts):
        embedder.vectors[t] = vectors[i * 11]
    with Memory.open(path, embedder=embedder, reembed=False) as mem:
        out = bench._ab(mem, texts, rounds=3)
        assert mem.store._rank_caches  # the "after" side went through the cache
    assert SQLiteTx.rank_facts is cached
    assert set(out) == {"before_p50", "after_p50", "before_best_p50", "after_best_p50"}
    assert all(v > 0 for v in out.values())

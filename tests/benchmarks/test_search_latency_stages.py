"""``search_latency.py --stages`` times the steps of a real gated hybrid search and leaves
the product's functions as they were (a wrapper left behind would slow every later test)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_agent_recall_data import _isolated_imports, load_module  # noqa: F401

from vecmem import Memory
from vecmem.engine import search as engine_search
from vecmem.store.sqlite import SQLiteTx

ROOT = Path(__file__).resolve().parents[2]


def test_stages_times_a_real_search_and_unwraps(tmp_path: Path) -> None:
    bench = load_module(ROOT / "benchmarks" / "search_latency.py", "search_latency_stages")
    before = (SQLiteTx.vector_search, SQLiteTx.keyword_search, engine_search._rank)
    path = str(tmp_path / "s.db")
    vectors = bench.fill(path, 300, np.random.default_rng(3), common=True)
    embedder = bench.FixedQueryEmbedder()
    texts = ["q0 w00001 user 用户", "q1 deploy project 项目"]
    for i, t in enumerate(texts):
        embedder.vectors[t] = vectors[i * 7]
    with Memory.open(path, embedder=embedder, reembed=False) as mem:
        hits = mem.search(texts[0], k=10, min_score=-1)
        stages = bench._stages(mem, texts, repeats=2)
        assert [h.memory.id for h in mem.search(texts[0], k=10, min_score=-1)] == [
            h.memory.id for h in hits]  # the measurement changed nothing
    assert (SQLiteTx.vector_search, SQLiteTx.keyword_search, engine_search._rank) == before
    assert {"total", "rest", "vector_search", "keyword_search", "rank_facts", "_rank",
            "query_terms"} <= set(stages)
    assert all(v >= 0 for k, v in stages.items() if k != "rest")
    assert stages["total"] >= stages["vector_search"] and stages["total"] >= stages["_rank"]


def test_cpu_time_clock_times_the_queries(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--cpu-time`` times the queries by this thread's CPU time (what a loaded machine
    barely moves) and reports the plain hybrid / numpy ratio beside the fastest-of-5 one."""
    import time

    bench = load_module(ROOT / "benchmarks" / "search_latency.py", "search_latency_cpu")
    bench.main(["--sizes", "300", "--queries", "4", "--search-only", "--cpu-time",
                "--common-words", "--keep-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert "CPU time of this thread (--cpu-time)" in out
    assert "| 300 |" in out and "plain p50s:" in out
    assert bench._CLOCK is time.thread_time  # this module's; a fresh load is wall-clock
    assert load_module(ROOT / "benchmarks" / "search_latency.py",
                       "search_latency_cpu2")._CLOCK is time.perf_counter

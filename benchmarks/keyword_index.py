"""The in-memory BM25 keyword index against FTS5, at 100k / 1M memories.

    .venv/bin/python benchmarks/keyword_index.py --sizes 100000,1000000

Fills a store with the synthetic Zipf texts of ``search_latency.py`` (keyword terms only,
no vectors; a tenth archived) and reports, per size: building the index from
``memory_fts``, a merge, ``to_arrays``/``from_arrays``, ``keyword_search`` latency through the
index and through FTS5 for the same queries (``limit`` 50, what ``Memory.search(k=10)``
asks for), and recall@10 of the index's early termination against an exhaustive scoring
(tie-aware: a returned id counts if its exact score reaches the exhaustive 10th score).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_latency import CJK, VOCAB

import vecmem.store.keyword_index as ki
from vecmem.store.sqlite import SQLiteStore
from vecmem.text import keyword_terms

LIMIT = 50


def fill(path: str, n: int, rng: np.random.Generator) -> None:
    store = SQLiteStore(path)
    now = "2026-11-29T00:00:00.000000Z"
    with store.transaction() as tx:
        for start in range(0, n, 100_000):
            rows, fts = [], []
            for i in range(start, min(n, start + 100_000)):
                words = " ".join(VOCAB[rng.zipf(1.3, 4) % len(VOCAB)])
                zh = "".join(CJK[j] for j in rng.zipf(1.3, 6) % len(CJK))
                text = f"memory {i}: {words} {zh}"
                status = "archived" if i % 10 == 9 else "active"
                rows.append((i + 1, "default", text, text, f"h{i}", "general", "general",
                             status, now, now))
                fts.append((i + 1, " ".join(keyword_terms(text))))
            tx.conn.executemany(
                "INSERT INTO memories (id, scope, content, content_norm, content_hash, "
                "category, memory_type, status, created_at, updated_at, seq) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,1)", rows)
            tx.conn.executemany("INSERT INTO memory_fts(rowid, terms) VALUES (?, ?)", fts)
        tx.execute("UPDATE meta SET value = '2' WHERE key = 'seq'")
    store.close()


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def bench(n: int, queries: int, rng: np.random.Generator) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/kw.db"
        t0 = time.perf_counter()
        fill(path, n, rng)
        fill_s = time.perf_counter() - t0
        texts = [f"q{i} {VOCAB[rng.zipf(1.3) % len(VOCAB)]} {rng.choice(list(CJK[:40]))}"
                 for i in range(queries)]
        terms = [keyword_terms(t, for_query=True) for t in texts]
        store = SQLiteStore(path)
        with store.transaction(write=False) as tx:
            t0 = time.perf_counter()
            index = store.keyword_index(tx, "default")
            build_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            arrays = index.to_arrays()
            to_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            ki.KeywordIndex.from_arrays(arrays)
            from_s = time.perf_counter() - t0
            mb = sum(a.nbytes for a in arrays.values()) / 1e6
            # A merge (delta folded into main) happens every ~n/32 changes, in a search.
            index.upsert(n + 10, "one more memory")
            t0 = time.perf_counter()
            index.merge()
            merge_s = time.perf_counter() - t0
            fast, exact_ms, recall, results = [], [], [], []
            for q in terms:
                s = time.perf_counter()
                results.append(tx.keyword_search("default", q, LIMIT))
                fast.append((time.perf_counter() - s) * 1000)
            # The exhaustive reference in a separate pass: it sweeps hundreds of MB, which
            # would evict the index's working set between the timed queries.
            saved = ki._EXHAUSTIVE_BELOW
            ki._EXHAUSTIVE_BELOW = 1 << 62
            try:
                for q, got in zip(terms, results, strict=True):
                    s = time.perf_counter()
                    full = index.search(q, 10**7)
                    exact_ms.append((time.perf_counter() - s) * 1000)
                    if len(full) >= 10:
                        tenth = full[9][1]
                        exact = dict(full)
                        recall.append(
                            sum(exact[i] >= tenth - 1e-9 for i, _ in got[:10]) / 10)
            finally:
                ki._EXHAUSTIVE_BELOW = saved
            store.memory_keyword_index = False
            fts = []
            for q in terms[: min(50, len(terms))]:
                s = time.perf_counter()
                tx.keyword_search("default", q, LIMIT)
                fts.append((time.perf_counter() - s) * 1000)
        store.close()
    return {"n": n, "fill_s": fill_s, "build_s": build_s, "to_s": to_s, "from_s": from_s,
            "merge_s": merge_s,
            "mb": mb, "p50": pct(fast, 50), "p95": pct(fast, 95),
            "exhaustive_p50": pct(exact_ms, 50), "fts_p50": pct(fts, 50),
            "fts_p95": pct(fts, 95), "recall": float(np.mean(recall)) if recall else 1.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    rng = np.random.default_rng(42)
    print(f"k1={ki.K1} b={ki.B}; keyword_search limit {LIMIT}")
    print("| memories | index p50 / p95 ms | exhaustive BM25 p50 ms | FTS5 p50 / p95 ms "
          "| recall@10 vs exhaustive | build s | merge s | to_arrays s | from_arrays s "
          "| arrays MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        r = bench(int(size), args.queries, rng)
        print(f"| {r['n']:,} | {r['p50']:.2f} / {r['p95']:.2f} | {r['exhaustive_p50']:.1f} "
              f"| {r['fts_p50']:.1f} / {r['fts_p95']:.1f} | {r['recall']:.3f} "
              f"| {r['build_s']:.1f} | {r['merge_s']:.1f} | {r['to_s']:.2f} "
              f"| {r['from_s']:.2f} | {r['mb']:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()

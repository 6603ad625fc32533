"""Which ANN library backs the vector index: hnswlib, usearch or faiss-cpu, same data.

    .venv/bin/python benchmarks/vector_index_compare.py --sizes 10000,50000,100000

Clustered unit vectors, 384-d like e5 (``search_latency.make_vectors``: 1 cluster per ~50
memories), queries near stored vectors. Each library gets the same graph parameters as
``store/vector_index.py`` (M 16, ef_construction 100, ef_search 160, inner product) and
one thread for queries. Reported: build time (single pass, all threads the library
wants), recall@10 against the exact numpy scan, and p50/p95 query latency; the exact
scan's latency is the baseline. A library that is not installed is skipped.

Why it matters: hnswlib has no wheels on PyPI (a fresh machine compiles it, and fails
without a compiler); usearch and faiss-cpu ship wheels for Linux, macOS and Windows
(``benchmarks/platform_wheels.py`` checks).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from search_latency import DIM, make_vectors

M, EF_CONSTRUCTION, EF_SEARCH, K = 16, 100, 160, 10


def _exact(mat: np.ndarray, q: np.ndarray) -> np.ndarray:
    scores = mat @ q
    top = np.argpartition(-scores, K - 1)[:K]
    return top[np.argsort(-scores[top])]


def _hnswlib(mat: np.ndarray):  # type: ignore[no-untyped-def]
    import hnswlib

    index = hnswlib.Index(space="ip", dim=DIM)
    index.init_index(max_elements=len(mat), ef_construction=EF_CONSTRUCTION, M=M,
                     allow_replace_deleted=True)
    index.add_items(mat, np.arange(len(mat)))
    index.set_ef(EF_SEARCH)
    return lambda q: index.knn_query(q, k=K, num_threads=1)[0][0]


def _usearch(mat: np.ndarray, dtype: str = "f32"):  # type: ignore[no-untyped-def]
    from usearch.index import Index

    index = Index(ndim=DIM, metric="ip", dtype=dtype, connectivity=M,
                  expansion_add=EF_CONSTRUCTION, expansion_search=EF_SEARCH)
    index.add(np.arange(len(mat), dtype=np.uint64), mat)
    return lambda q: index.search(q, K, threads=1).keys


def _faiss(mat: np.ndarray):  # type: ignore[no-untyped-def]
    import faiss

    index = faiss.IndexHNSWFlat(DIM, M, faiss.METRIC_INNER_PRODUCT)
    index.hnsw.efConstruction = EF_CONSTRUCTION
    index.add(mat)
    index.hnsw.efSearch = EF_SEARCH

    def search(q: np.ndarray) -> np.ndarray:
        faiss.omp_set_num_threads(1)
        return index.search(q.reshape(1, -1), K)[1][0]

    return search


LIBRARIES = {"hnswlib": _hnswlib, "usearch": _usearch,
             "usearch f16": lambda mat: _usearch(mat, "f16"),
             "usearch i8": lambda mat: _usearch(mat, "i8"), "faiss-cpu": _faiss}


def bench(n: int, queries: int) -> list[dict]:
    rng = np.random.default_rng(7 + n)
    mat = make_vectors(n, rng)
    qs = [mat[rng.integers(n)] + 0.02 * rng.standard_normal(DIM).astype(np.float32)
          for _ in range(queries)]
    qs = [(q / np.linalg.norm(q)).astype(np.float32) for q in qs]
    truth, exact_ms = [], []
    for q in qs:
        s = time.perf_counter()
        truth.append(set(_exact(mat, q).tolist()))
        exact_ms.append((time.perf_counter() - s) * 1000)
    rows = [{"n": n, "library": "exact numpy", "build_s": 0.0, "recall": 1.0,
             "p50_ms": statistics.median(exact_ms),
             "p95_ms": float(np.percentile(exact_ms, 95))}]
    for name, make in LIBRARIES.items():
        try:
            t0 = time.perf_counter()
            search = make(mat)
            build_s = time.perf_counter() - t0
        except ImportError:
            continue
        lat, recall = [], []
        for q, want in zip(qs, truth, strict=True):
            s = time.perf_counter()
            got = search(q)
            lat.append((time.perf_counter() - s) * 1000)
            recall.append(len(want & {int(x) for x in got}) / K)
        rows.append({"n": n, "library": name, "build_s": build_s,
                     "recall": statistics.mean(recall), "min_recall": min(recall),
                     "p50_ms": statistics.median(lat), "p95_ms": float(np.percentile(lat, 95))})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,50000,100000")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--only", help="comma-separated libraries (default: all installed)")
    args = ap.parse_args()
    if args.only:
        for name in set(LIBRARIES) - set(args.only.split(",")):
            del LIBRARIES[name]
    print("| n | library | build s | recall@10 (min) | p50 ms | p95 ms |")
    print("|---|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        for r in bench(n, args.queries):
            low = f" ({r['min_recall']:.1f})" if "min_recall" in r else ""
            print(f"| {r['n']:,} | {r['library']} | {r['build_s']:.1f} | {r['recall']:.3f}{low}"
                  f" | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} |", flush=True)


if __name__ == "__main__":
    main()

"""Search latency on PostgreSQL + pgvector beside SQLite, at 100k and (optionally) 1M memories.

What is measured, per engine, through the store contract the engine layer uses
(``with store.transaction(write=False) as tx: tx.vector_search(...)`` /
``tx.keyword_search(...)``), warm, one query at a time:

* vector k-NN (k=10, cosine) over *active* memories of one scope — 20 % of the rows are
  archived/superseded and 10 % belong to another scope, so the status/scope filter sits
  in front of the top-k cut like in real use; recall@10 against an exact numpy scan of
  the eligible rows;
* keyword search: two-term queries (a Latin word + a Chinese bigram) drawn with a Zipf
  law like real text, and 2-character Chinese queries.

Data: synthetic, deterministic (seeded). Vectors are 384-d, unit length, drawn around 2000
random cluster centres (embeddings of real text are clustered; uniformly random vectors
are a worst case no ANN index is built for). Text is pseudo-words + Chinese words from a
fixed vocabulary. Rows are bulk-loaded (COPY on PostgreSQL, executemany on SQLite), not
written through the pipeline: this measures search, not ingestion.

    .venv/bin/python benchmarks/pg_search.py                 # 100k, ~5 min
    .venv/bin/python benchmarks/pg_search.py --million       # + 1M (long: HNSW builds)
    .venv/bin/python benchmarks/pg_search.py --pg-url postgresql://… --sizes 100000

Without ``--pg-url`` a throwaway PostgreSQL 16 + pgvector 0.6.2 is started with pgserver
(``vecmem.testing.pg``; fsync off, which affects loading only; shared_buffers=4GB unless
``--pg-settings`` says otherwise) and deleted afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vecmem.store.base import utcnow, vector_to_blob  # noqa: E402
from vecmem.store.sqlite import SQLiteStore  # noqa: E402
from vecmem.text import keyword_terms  # noqa: E402

MODEL = "bench-384"
SCOPE = "bench"
CHUNK = 50_000
N_CLUSTERS = 2000
CJK = (
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动"
    "同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自"
    "二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日"
    "那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变"
    "条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总"
    "次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指"
    "几九区强放决西被干做必战先回则任取据处府研"
)
_SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]


# -- data ----------------------------------------------------------------------------------
class Data:
    """Deterministic rows: the same for both engines, generated chunk by chunk."""

    def __init__(self, n: int, dim: int, seed: int = 42) -> None:
        self.n = n
        self.dim = dim
        self.seed = seed
        rng = np.random.default_rng(seed)
        self.centers = _unit(rng.standard_normal((N_CLUSTERS, dim)).astype(np.float32))
        self.words = sorted({
            "".join(rng.choice(_SYLLABLES, size=int(rng.integers(2, 4))))
            for _ in range(12_000)
        })
        chars = list(CJK)
        self.zh_words = sorted({"".join(rng.choice(chars, size=2)) for _ in range(4000)})
        # Zipf-like word frequencies: a few very common terms, a long tail of rare ones.
        self.p_words = _zipf(len(self.words))
        self.p_zh = _zipf(len(self.zh_words))
        rng_meta = np.random.default_rng(seed + 1)
        u = rng_meta.random(n)
        self.status = np.where(u < 0.8, "active", np.where(u < 0.9, "archived", "superseded"))
        self.scope = np.where(rng_meta.random(n) < 0.9, SCOPE, "other")

    def chunks(self) -> Iterator[tuple[int, np.ndarray, list[str]]]:
        """(first id, vectors, contents) per chunk; ids start at 1."""
        for start in range(0, self.n, CHUNK):
            size = min(CHUNK, self.n - start)
            rng = np.random.default_rng([self.seed, start])
            which = rng.integers(0, N_CLUSTERS, size)
            vecs = _unit(self.centers[which] + 0.08 * rng.standard_normal((size, self.dim)))
            latin = rng.choice(len(self.words), size=(size, 6), p=self.p_words)
            zh = rng.choice(len(self.zh_words), size=(size, 3), p=self.p_zh)
            contents = [
                f"{' '.join(self.words[j] for j in latin[i])} "
                f"{''.join(self.zh_words[j] for j in zh[i])}"
                for i in range(size)
            ]
            yield start + 1, vecs.astype(np.float32), contents

    def queries(self, count: int) -> tuple[np.ndarray, list[list[str]], list[list[str]]]:
        rng = np.random.default_rng(self.seed + 7)
        which = rng.integers(0, N_CLUSTERS, count)
        vecs = _unit(self.centers[which] + 0.08 * rng.standard_normal((count, self.dim)))
        two_terms = [
            keyword_terms(
                f"{self.words[rng.choice(len(self.words), p=self.p_words)]} "
                f"{self.zh_words[rng.choice(len(self.zh_words), p=self.p_zh)]}",
                for_query=True,
            )
            for _ in range(count)
        ]
        zh2 = [
            keyword_terms(self.zh_words[rng.choice(len(self.zh_words), p=self.p_zh)],
                          for_query=True)
            for _ in range(count)
        ]
        return vecs.astype(np.float32), two_terms, zh2


def _unit(m: np.ndarray) -> np.ndarray:
    return (m / np.linalg.norm(m, axis=-1, keepdims=True)).astype(np.float32)


def _zipf(n: int) -> np.ndarray:
    p = 1.0 / (np.arange(n) + 10.0)
    return p / p.sum()


def _row(data: Data, i: int, content: str, now: str) -> tuple[Any, ...]:
    """Memory row values for id ``i`` (1-based)."""
    return (
        i, str(data.scope[i - 1]), content, content, f"h{i:012d}", "general", "general",
        str(data.status[i - 1]), now, now, 1,
    )


MEMORY_COLS = (
    "id, scope, content, content_norm, content_hash, category, memory_type, status, "
    "created_at, updated_at, seq"
)


# -- loading -------------------------------------------------------------------------------
def load_sqlite(path: Path, data: Data) -> float:
    t0 = time.perf_counter()
    store = SQLiteStore(path)
    conn = store.connection()
    now = utcnow()
    conn.execute("BEGIN")
    for first, vecs, contents in data.chunks():
        ids = range(first, first + len(contents))
        conn.executemany(
            f"INSERT INTO memories ({MEMORY_COLS}) VALUES ({','.join('?' * 11)})",
            [_row(data, i, c, now) for i, c in zip(ids, contents, strict=True)],
        )
        conn.executemany(
            "INSERT INTO memory_fts(rowid, terms) VALUES (?, ?)",
            [(i, " ".join(keyword_terms(c))) for i, c in zip(ids, contents, strict=True)],
        )
        conn.executemany(
            "INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) VALUES (?,?,?,?,1)",
            [(i, MODEL, data.dim, vector_to_blob(v)) for i, v in zip(ids, vecs, strict=True)],
        )
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'seq'")
    conn.execute("COMMIT")
    store.close()
    return time.perf_counter() - t0


def load_postgres(
    url: str, data: Data, build_memory: str, ef_construction: int = 128
) -> dict[str, float]:
    import psycopg

    from vecmem.store import pg_keywords
    from vecmem.store.postgres import PostgresStore, _register_vector

    t0 = time.perf_counter()
    store = PostgresStore(
        url, hnsw_build_memory=build_memory, hnsw_ef_construction=ef_construction
    )
    oid = store._vector_oid
    assert oid is not None
    now = utcnow()
    with psycopg.connect(url) as conn:
        _register_vector(conn, oid)
        with conn.cursor() as cur:
            for first, vecs, contents in data.chunks():
                ids = range(first, first + len(contents))
                with cur.copy(f"COPY memories ({MEMORY_COLS}) FROM STDIN") as cp:
                    for i, c in zip(ids, contents, strict=True):
                        cp.write_row(_row(data, i, c, now))
                with cur.copy(
                    "COPY memory_keywords (memory_id, scope, status, terms, tsv, tfx, dl) "
                    "FROM STDIN"
                ) as cp:
                    # The store's own document form (FTS5 tokens with tf positions); the
                    # BM25 statistics trigger counts each row as it is copied.
                    for i, c in zip(ids, contents, strict=True):
                        terms = " ".join(keyword_terms(c))
                        tsv, tfx, length = pg_keywords.document(terms)
                        cp.write_row((i, str(data.scope[i - 1]), str(data.status[i - 1]),
                                      terms, tsv, tfx, length))
                with cur.copy(
                    "COPY memory_vectors (memory_id, model, dim, vector, seq) "
                    "FROM STDIN (FORMAT BINARY)"
                ) as cp:
                    cp.set_types([20, 25, 23, oid, 20])
                    for i, v in zip(ids, vecs, strict=True):
                        cp.write_row((i, MODEL, data.dim, v, 1))
            cur.execute(
                "SELECT setval(pg_get_serial_sequence('memories', 'id'), %s)", [data.n]
            )
        conn.commit()
    loaded = time.perf_counter() - t0
    t1 = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE memories, memory_vectors, memory_keywords")
    store.ensure_vector_indexes([(MODEL, data.dim)])
    built = time.perf_counter() - t1
    store.close()
    return {"load_s": loaded, "hnsw_build_s": built}


# -- measuring -----------------------------------------------------------------------------
def _timed(fn: Callable[[Any], Any], items: list[Any]) -> tuple[list[float], list[Any]]:
    times: list[float] = []
    results: list[Any] = []
    for item in items:
        t = time.perf_counter()
        results.append(fn(item))
        times.append((time.perf_counter() - t) * 1000)
    return times, results


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
        "mean_ms": round(statistics.fmean(ordered), 2),
    }


def exact_top_k(data: Data, queries: np.ndarray, k: int) -> list[set[int]]:
    eligible_ids: list[np.ndarray] = []
    scores: list[np.ndarray] = []
    for first, vecs, _ in data.chunks():
        ids = np.arange(first, first + len(vecs))
        mask = (data.status[ids - 1] == "active") & (data.scope[ids - 1] == SCOPE)
        eligible_ids.append(ids[mask])
        scores.append(vecs[mask] @ queries.T)
    all_ids = np.concatenate(eligible_ids)
    all_scores = np.concatenate(scores)  # (eligible, queries)
    out = []
    for q in range(queries.shape[0]):
        top = np.argpartition(-all_scores[:, q], k)[:k]
        out.append({int(all_ids[t]) for t in top})
    return out


def measure(store: Any, data: Data, queries: Any, truth: list[set[int]], k: int) -> dict[str, Any]:
    qvecs, two_terms, zh2 = queries

    def vector(q: np.ndarray) -> list[tuple[int, float]]:
        with store.transaction(write=False) as tx:
            return tx.vector_search(SCOPE, MODEL, q, k)

    def keyword(terms: list[str]) -> list[tuple[int, float]]:
        with store.transaction(write=False) as tx:
            return tx.keyword_search(SCOPE, terms, k)

    load_before = os.getloadavg()[0]
    t = time.perf_counter()
    vector(qvecs[0])  # SQLite: loads its in-process index here
    first_query_s = time.perf_counter() - t
    # One untimed pass over every query first: the timed pass then measures a warm cache
    # (PostgreSQL's shared buffers, SQLite's page cache), not the first touch of each page.
    for q, terms, zh in zip(qvecs, two_terms, zh2, strict=True):
        vector(q)
        keyword(terms)
        keyword(zh)
    vtimes, vres = _timed(vector, list(qvecs))
    recall = statistics.fmean(
        len({i for i, _ in r} & truth[j]) / k for j, r in enumerate(vres)
    )
    ktimes, kres = _timed(keyword, two_terms)
    ztimes, zres = _timed(keyword, zh2)
    return {
        # The machine's 1-minute load average around the measurement: on a shared box,
        # latencies are only comparable between runs with similar load.
        "load_avg": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "first_query_s": round(first_query_s, 2),
        "vector": {**_summary(vtimes), "recall_at_k": round(recall, 4)},
        "keyword_two_terms": {
            **_summary(ktimes), "avg_hits": round(statistics.fmean(len(r) for r in kres), 1)
        },
        "keyword_zh_2char": {
            **_summary(ztimes), "avg_hits": round(statistics.fmean(len(r) for r in zres), 1)
        },
    }


def pg_sizes(url: str) -> dict[str, int]:
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relname IN "
            "('memories', 'memory_vectors', 'memory_keywords') OR relname LIKE "
            "'memory_vectors_hnsw_%' OR relname = 'memory_keywords_tsv'"
        ).fetchall()
        db = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    return {**{str(r[0]): int(r[1]) for r in rows}, "database": int(db)}


def run_size(n: int, args: argparse.Namespace, server: Any, workdir: Path) -> dict[str, Any]:
    from vecmem.store.postgres import PostgresStore

    print(f"\n=== {n:,} memories ===", flush=True)
    data = Data(n, args.dim)
    queries = data.queries(args.queries)
    t = time.perf_counter()
    truth = exact_top_k(data, queries[0], args.k)
    print(f"exact ground truth: {time.perf_counter() - t:.1f}s", flush=True)
    result: dict[str, Any] = {"n": n, "eligible": int(
        ((data.status == "active") & (data.scope == SCOPE)).sum())}

    if not args.skip_postgres:
        url = args.pg_url or server.create_database(f"bench_{n}")
        info = load_postgres(url, data, args.hnsw_build_memory, args.ef_construction)
        print(f"postgres: load {info['load_s']:.1f}s, HNSW build {info['hnsw_build_s']:.1f}s",
              flush=True)
        store = PostgresStore(url, ef_search=args.ef_search[0])
        pg = measure(store, data, queries, truth, args.k)
        pg["ef_search"] = args.ef_search[0]
        for ef in args.ef_search[1:]:
            store.ef_search = ef
            pg[f"vector_ef_{ef}"] = measure(store, data, queries, truth, args.k)["vector"]
        store.ef_search = args.ef_search[0]
        with store.transaction(write=False) as tx:
            sql = store.vector_sql(MODEL, args.dim, exact=False).as_string(tx.conn)
            plan = [r[0] for r in tx.conn.execute(
                "EXPLAIN " + sql, [queries[0][0], SCOPE, "active", queries[0][0], args.k])]
        store.close()
        pg.update(info)
        pg["sizes_bytes"] = pg_sizes(url)
        pg["uses_hnsw"] = any("memory_vectors_hnsw_" in line for line in plan)
        result["postgres"] = pg
        print(json.dumps(pg, indent=1), flush=True)

    if not args.skip_sqlite:
        path = workdir / f"bench_{n}.db"
        load_s = load_sqlite(path, data)
        print(f"sqlite: load {load_s:.1f}s", flush=True)
        store = SQLiteStore(path)
        lite = measure(store, data, queries, truth, args.k)
        store.close()
        lite["load_s"] = round(load_s, 1)
        lite["file_bytes"] = sum(
            p.stat().st_size for p in workdir.glob(f"bench_{n}.db*") if p.is_file()
        )
        result["sqlite"] = lite
        print(json.dumps(lite, indent=1), flush=True)
        path.unlink(missing_ok=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000])
    parser.add_argument("--million", action="store_true", help="also run 1,000,000")
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--ef-search", type=int, nargs="+", default=[200],
                        help="PostgreSQL hnsw.ef_search values; the first is the default run")
    parser.add_argument("--hnsw-build-memory", default="4GB")
    parser.add_argument("--ef-construction", type=int, default=128,
                        help="PostgreSQL HNSW build parameter (PostgresStore's default 128)")
    parser.add_argument("--pg-url", help="use this (empty) database instead of pgserver")
    parser.add_argument(
        "--pg-settings", nargs="*", default=["shared_buffers=4GB"], metavar="NAME=VALUE",
        help="settings for the pgserver server (default: shared_buffers=4GB, so the HNSW "
             "index stays in PostgreSQL's own cache; pass nothing for stock settings)",
    )
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    args = parser.parse_args()
    sizes = sorted(set(args.sizes + ([1_000_000] if args.million else [])))
    if args.pg_url and len(sizes) > 1:
        parser.error("--pg-url holds one data set: give a single size")

    server = None
    if not args.skip_postgres and not args.pg_url:
        from vecmem.testing.pg import start_server

        settings = dict(item.split("=", 1) for item in args.pg_settings)
        server = start_server(settings=settings)
    workdir = Path(tempfile.mkdtemp(prefix="vecmem-bench-"))
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpu": platform.processor()
                    or platform.machine(), "cpus": os.cpu_count()},
        "settings": {k: v for k, v in vars(args).items() if k not in ("out", "pg_url")},
        "runs": [],
    }
    try:
        for n in sizes:
            results["runs"].append(run_size(n, args, server, workdir))
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    text = json.dumps(results, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()

"""Search latency through ``Memory.search`` at 10k / 100k / 1M memories, and add throughput.

    .venv/bin/python benchmarks/search_latency.py --sizes 10000,100000 [--sizes ...,1000000]
        [--keep-dir DIR [--keep-index]] [--search-only] [--common-words]

The store is filled directly (random unit vectors, 384-d like e5, and texts drawn from a
Chinese + English vocabulary for the keyword index), so the numbers are about search, not
about embedding. The query's embedding is reported separately (e5 and USE, measured in
the same run); "everything else" is ``Memory.search`` with a query embedder that returns a
precomputed vector, i.e. the vector index, the keyword side, fusion and status filtering.
Baselines in the same process over the same vectors: a numpy exact scan, and sqlite-vec's
full scan (``vec_distance_cosine`` through apsw, because this Python cannot load SQLite
extensions). ANN recall@10 is measured against the exact scan.

Per size the index is opened twice: the first open builds it from the blobs (and saves a
copy beside the database, store/index_cache.py), the second loads that copy; the queries
run on the second. ``--keep-dir`` keeps the filled databases (filling 1M takes minutes)
and reuses them on the next run; the saved index is deleted first, so the build is
measured, unless ``--keep-index`` (then the "build" column is a load too).

``--common-words`` fills a store where a few words occur in most memories (each of
``COMMON`` in ``COMMON_SHARE`` of them, as "user" or 用户 do in a personal store) and
every query carries two of them beside its rare word: the case where the keyword side
used to walk most of the store for words that are no evidence (issue 13 item 8). Each
run also reports the gate-off search (``gate=False``: the ranking path of exploration
and LoCoMo, where common words are still searched and scored) and the keyword side's
steps per query (term statistics, the search for the gated and for all terms, the
matched-term lookup), fastest of 5. ``--stages`` also prints where a gated hybrid search
spends its time (vector search, keyword statistics / search / matches, rank facts,
records, query terms, name bridging, ranking, the rest) in its fastest of 5 runs.

``--cpu-time`` times every query (search, exact scan, steps) by this thread's CPU time
instead of the wall clock, with BLAS held to one thread: on a machine shared with other
jobs the wall-clock p50s mostly measure the wait for a core, while the CPU-time ratio of
hybrid search to the exact scan in the same run stays comparable. Builds, loads and the
embedding and add rows stay wall-clock.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from vecmem import Memory
from vecmem.store.base import vector_to_blob
from vecmem.store.index_cache import SUFFIX
from vecmem.text import keyword_terms

DIM = 384
WORDS = [
    "deploy", "server", "model", "cache", "token", "python", "rust", "editor", "theme",
    "coffee", "travel", "music", "garden", "budget", "meeting", "family", "project",
    "review", "design", "report",
]
CJK = "前端后端模型部署缓存编辑器主题咖啡旅行音乐花园预算会议家庭项目评审设计报告用户偏好"
CJK += "".join(chr(c) for c in range(0x4E00, 0x4E00 + 2000, 3))
#: A long-tailed vocabulary (drawn with a Zipf law), like real text: a few common words,
#: many rare ones. A tiny vocabulary would make every keyword match a fifth of the store.
VOCAB = np.array(WORDS + [f"w{i:05d}" for i in range(20_000)])
#: ``--common-words``: words each in ``COMMON_SHARE`` of the memories.
COMMON = ["user", "project", "用户", "项目"]
COMMON_SHARE = 0.8
#: The clock of the per-query timings: wall time, or with ``--cpu-time`` this thread's CPU
#: time (``time.thread_time``), which a machine loaded by other jobs barely moves: waiting
#: for a core is not counted, only what the search itself costs (cache misses included).
_CLOCK = time.perf_counter


def _now() -> float:
    return _CLOCK()


class FixedQueryEmbedder:
    """Returns a vector chosen per query text; its model id matches the stored vectors."""

    model_id = "bench-384"
    dim = DIM
    is_fallback = False

    def __init__(self) -> None:
        self.vectors: dict[str, np.ndarray] = {}

    def embed_query(self, text: str) -> np.ndarray:
        return self.vectors[text]

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return np.vstack([self.vectors.get(t, _unit(np.ones(DIM))) for t in texts])


def _unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


def make_vectors(n: int, rng: np.random.Generator) -> np.ndarray:
    # Real embeddings are clustered (topics); uniform random vectors are the worst case
    # for any ANN index and look nothing like text. 1 cluster per ~50 memories.
    centers = rng.standard_normal((max(n // 50, 10), DIM), dtype=np.float32)
    vectors = np.empty((n, DIM), dtype=np.float32)
    for lo in range(0, n, 100_000):  # in slices: float64 noise for 1M would be 3 GB
        hi = min(n, lo + 100_000)
        vectors[lo:hi] = centers[rng.integers(len(centers), size=hi - lo)]
        vectors[lo:hi] += 0.6 * rng.standard_normal((hi - lo, DIM), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors


def fill(path: str, n: int, rng: np.random.Generator, common: bool = False) -> np.ndarray:
    """n active memories with random vectors; a tenth archived (status filtering matters).
    With ``common``, each word of ``COMMON`` is in ``COMMON_SHARE`` of the texts."""
    vectors = make_vectors(n, rng)
    mem = Memory.open(path, embedder=FixedQueryEmbedder(), reembed=False)
    store = mem.store
    now = "2026-11-29T00:00:00.000000Z"
    with store.transaction() as tx:
        for lo in range(0, n, 100_000):
            _insert(tx.conn, vectors, lo, min(n, lo + 100_000), now, rng, common)
        tx.execute("UPDATE meta SET value = '2' WHERE key = 'seq'")
    mem.close()
    return vectors


def _insert(conn: sqlite3.Connection, vectors: np.ndarray, lo: int, hi: int, now: str,
            rng: np.random.Generator, common: bool = False) -> None:
    rows, fts, vecs = [], [], []
    for i in range(lo, hi):
        words = " ".join(VOCAB[rng.zipf(1.3, 4) % len(VOCAB)])
        zh = "".join(CJK[j] for j in rng.zipf(1.3, 6) % len(CJK))
        text = f"memory {i}: {words} {zh}"
        if common:
            text += "".join(f" {w}" for w in COMMON if rng.random() < COMMON_SHARE)
        status = "archived" if i % 10 == 9 else "active"
        rows.append((i + 1, "default", text, text, f"h{i}", "general", "general", status,
                     now, now))
        fts.append((i + 1, " ".join(keyword_terms(text))))
        vecs.append((i + 1, "bench-384", DIM, vector_to_blob(vectors[i])))
    conn.executemany(
        "INSERT INTO memories (id, scope, content, content_norm, content_hash, category, "
        "memory_type, status, created_at, updated_at, seq) VALUES (?,?,?,?,?,?,?,?,?,?,1)",
        rows)
    conn.executemany("INSERT INTO memory_fts(rowid, terms) VALUES (?, ?)", fts)
    conn.executemany("INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) "
                     "VALUES (?,?,?,?,1)", vecs)


def _s(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


@contextlib.contextmanager
def database(n: int, keep_dir: str | None, common: bool = False
             ) -> Iterator[tuple[str, np.ndarray, float | None]]:
    """(path, vectors, fill seconds or None when reused) of a filled database of n."""
    rng = np.random.default_rng(1000 + n)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(keep_dir or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        name = f"bench-{n}{'-common' if common else ''}"
        path, saved = folder / f"{name}.db", folder / f"{name}.vectors.npy"
        if keep_dir and path.exists() and saved.exists():
            yield str(path), np.load(saved), None
            return
        for stale in folder.glob(f"{name}.db*"):  # an interrupted earlier fill
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
        t0 = time.perf_counter()
        vectors = fill(str(path), n, rng, common)
        fill_s = time.perf_counter() - t0
        if keep_dir:
            np.save(saved, vectors)  # last: marks the database as complete
        yield str(path), vectors, fill_s


def _warm_page_cache(path: str) -> None:
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass


def bench_size(n: int, queries: int, keep_dir: str | None, keep_index: bool = False,
               common: bool = False, stages_too: bool = False) -> dict:
    rng = np.random.default_rng(42 + n)
    with database(n, keep_dir, common) as (path, vectors, fill_s):
        if not keep_index:
            shutil.rmtree(path + SUFFIX, ignore_errors=True)  # measure the build
        embedder = FixedQueryEmbedder()
        # A query near a stored memory (noise of about a third of the vector's length).
        qs = [_unit(vectors[rng.integers(n)]
                    + 0.02 * rng.standard_normal(DIM).astype(np.float32))
              for _ in range(queries)]
        texts = [f"q{i} {VOCAB[rng.zipf(1.3) % len(VOCAB)]} {rng.choice(list(CJK[:40]))}"
                 for i in range(queries)]
        if common:  # two common words in every query, beside its rarer ones
            texts = [f"{t} {COMMON[i % 2]} {COMMON[2 + (i // 2) % 2]}"
                     for i, t in enumerate(texts)]
        for t, q in zip(texts, qs, strict=True):
            embedder.vectors[t] = q
        mem = Memory.open(path, embedder=embedder, reembed=False)
        t0 = time.perf_counter()
        # Vector mode: the keyword side's own first-use cost is not the vector index's.
        mem.search(texts[0], k=10, min_score=-1, mode="vector")  # builds, saves a copy
        build_s = time.perf_counter() - t0
        save_s = mem.store.index_cache.last_save_s
        mem.close()
        mem = Memory.open(path, embedder=embedder, reembed=False)
        t0 = time.perf_counter()
        mem.search(texts[0], k=10, min_score=-1, mode="vector")  # loads the copy
        open_s = time.perf_counter() - t0
        load_s = mem.store.index_cache.last_load_s
        t0 = time.perf_counter()
        mem.search(texts[0], k=10, min_score=-1, mode="keyword")  # builds the keyword index
        keyword_build_s = time.perf_counter() - t0
        # Steady state of a long-running process: the database pages are in the OS cache
        # (a cold 1M file makes each search wait for ~100 random disk reads instead).
        _warm_page_cache(path)
        active = np.arange(n) % 10 != 9
        act_vecs, act_ids = vectors[active], np.arange(1, n + 1)[active]
        # Separate loops: OpenBLAS threads keep spinning for a while after the exact scan's
        # matrix product and would steal the 2 cores from a search timed right after it.
        lat, exact_lat, recall, truth = [], [], [], []
        for t in texts:
            s = _now()
            mem.search(t, k=10, min_score=-1, mode="vector")
            lat.append((_now() - s) * 1000)
        for q in qs:
            s = _now()
            scores = act_vecs @ q
            truth.append(act_ids[np.argpartition(-scores, 10)[:10]])
            exact_lat.append((_now() - s) * 1000)
        with mem.store.transaction(write=False) as tx:
            for q, top in zip(qs, truth, strict=True):
                got = {i for i, _ in tx.vector_search("default", "bench-384", q, 10)}
                recall.append(len(got & set(top.tolist())) / 10)
        hybrid = []
        for t in texts:
            s = _now()
            mem.search(t, k=10, min_score=-1)
            hybrid.append((_now() - s) * 1000)
        ungated = []  # the ranking path (explore, LoCoMo): common words are searched too
        for t in texts:
            s = _now()
            mem.search(t, k=10, min_score=-1, gate=False)
            ungated.append((_now() - s) * 1000)
        vec_lat = _sqlite_vec_scan(path, qs[: min(5, queries)])
        best = _best_of(mem, texts[:50], qs[:50], act_vecs)
        keyword_side = _keyword_side(mem, texts[:50])
        stages = _stages(mem, texts[:50]) if stages_too else {}
        mem.close()
    return {"n": n, "fill_s": fill_s, "build_s": build_s, "save_s": save_s, "open_s": open_s,
            "keyword_build_s": keyword_build_s,
            "load_s": load_s,
            "vector_p50": percentile(lat, 50), "vector_p95": percentile(lat, 95),
            "hybrid_p50": percentile(hybrid, 50), "hybrid_p95": percentile(hybrid, 95),
            "ungated_p50": percentile(ungated, 50), "keyword_side": keyword_side,
            "stages": stages,
            "numpy_p50": percentile(exact_lat, 50), "sqlite_vec_p50": vec_lat,
            "recall": statistics.mean(recall), **best}


def _fastest_ms(fn: Any, repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in ms."""
    times = []
    for _ in range(repeats):
        s = _now()
        fn()
        times.append((_now() - s) * 1000)
    return min(times)


def _best_of(mem: Memory, texts: list[str], qs: list[np.ndarray], act_vecs: np.ndarray,
             repeats: int = 5) -> dict[str, float]:
    """p50 over queries of each query's fastest of ``repeats`` runs: on a machine shared
    with other jobs, the minimum is what the code costs and the rest is waiting for a
    core, so this figure moves little with the load (the plain p50 above does not)."""
    def fastest(fn: Any) -> float:
        return _fastest_ms(fn, repeats)

    vector = [fastest(lambda t=t: mem.search(t, k=10, min_score=-1, mode="vector"))
              for t in texts]
    hybrid = [fastest(lambda t=t: mem.search(t, k=10, min_score=-1)) for t in texts]
    exact = [fastest(lambda q=q: np.argpartition(-(act_vecs @ q), 10)[:10]) for q in qs]
    return {"best_vector_p50": percentile(vector, 50), "best_hybrid_p50": percentile(hybrid, 50),
            "best_numpy_p50": percentile(exact, 50)}


def _keyword_side(mem: Memory, texts: list[str], repeats: int = 5) -> dict[str, float]:
    """p50 over queries of the fastest of ``repeats`` runs (ms) of each keyword-side step
    of a search: term statistics, the top-k search for the gated terms (common ones
    left out) and for all terms (gate off), and the matched-term lookup of the hits."""
    from vecmem.engine import relevance

    def fastest(fn: Any) -> float:
        return _fastest_ms(fn, repeats)

    steps: dict[str, list[float]] = {"stats": [], "search (gated terms)": [],
                                     "search (all terms)": [], "matched terms": []}
    scope = mem.scope
    with mem.store.transaction(write=False) as tx:
        for t in texts:
            qt = relevance.query_terms(t)
            docs, df = tx.keyword_stats(scope, qt.terms)
            searched = relevance.weigh(qt.terms, docs, df, qt.groups()).searched
            ids = [i for i, _ in tx.keyword_search(scope, qt.terms, 50)]
            steps["stats"].append(fastest(lambda qt=qt: tx.keyword_stats(scope, qt.terms)))
            steps["search (gated terms)"].append(
                fastest(lambda s=searched: tx.keyword_search(scope, s, 50)) if searched else 0.0)
            steps["search (all terms)"].append(
                fastest(lambda qt=qt: tx.keyword_search(scope, qt.terms, 50)))
            steps["matched terms"].append(
                fastest(lambda ids=ids, qt=qt: tx.keyword_matches(scope, ids, qt.terms)))
    return {name: percentile(v, 50) for name, v in steps.items()}


#: ``--stages``: the steps of one hybrid search that are timed, as (owner, attribute).
_STAGE_TARGETS = (
    ("vecmem.store.sqlite:SQLiteTx", "vector_search"),
    ("vecmem.store.sqlite:SQLiteTx", "keyword_stats"),
    ("vecmem.store.sqlite:SQLiteTx", "keyword_search"),
    ("vecmem.store.sqlite:SQLiteTx", "keyword_matches"),
    ("vecmem.store.sqlite:SQLiteTx", "rank_facts"),
    ("vecmem.store.base:SQLTx", "get_many"),
    ("vecmem.store.sqlite:SQLiteTx", "cosines"),
    ("vecmem.engine.relevance", "query_terms"),
    ("vecmem.engine.relevance", "bridge_names"),
    ("vecmem.engine.relevance", "weigh"),
    ("vecmem.engine.relevance", "impersonal"),
    ("vecmem.engine.search", "_learned_names"),
    ("vecmem.engine.search", "_search_cues"),
    ("vecmem.engine.search", "_rank"),
    ("vecmem.engine.history", "for_search"),
    ("vecmem.store.sqlite:SQLiteTx", "get_many"),
    ("vecmem.engine.search", "_bilingual"),
    ("vecmem.engine.search", "_role_names"),
    ("vecmem.engine.search", "_vector_only_cap"),
    ("vecmem.engine.search", "_relative_cut"),
    ("vecmem.engine.search", "check_query"),
    ("vecmem.engine.relevance", "is_small_talk"),
    ("vecmem.engine.relevance", "floors_for"),
)


def _stages(mem: Memory, texts: list[str], repeats: int = 5) -> dict[str, float]:
    """Where a gated hybrid search spends its time: per step, the p50 over queries of the
    step's time in the query's fastest of ``repeats`` runs (ms; "rest" is the search's
    total less the timed steps). The steps are wrapped for the measurement only and
    unwrapped after; the wrappers' own cost lands in the step they wrap."""
    import importlib

    spent: dict[str, float] = {}
    saved = []
    for where, name in _STAGE_TARGETS:
        module, _, cls = where.partition(":")
        owner = getattr(importlib.import_module(module), cls) if cls else \
            importlib.import_module(module)
        fn = getattr(owner, name)
        saved.append((owner, name, fn))

        def timed(*a: Any, _fn: Any = fn, _name: str = name, **kw: Any) -> Any:
            s = _now()
            try:
                return _fn(*a, **kw)
            finally:
                spent[_name] = spent.get(_name, 0.0) + _now() - s

        setattr(owner, name, timed)
    per: dict[str, list[float]] = {}
    try:
        for t in texts:
            runs = []
            for _ in range(repeats):
                spent.clear()
                s = _now()
                mem.search(t, k=10, min_score=-1)
                total = _now() - s
                runs.append((total, dict(spent)))
            total, best = min(runs, key=lambda r: r[0])
            best["rest"] = total - sum(best.values())
            best["total"] = total
            for name, v in best.items():
                per.setdefault(name, []).append(v * 1000)
    finally:
        for owner, name, fn in saved:
            setattr(owner, name, fn)
    return {name: percentile(v, 50) for name, v in per.items()}


def _sqlite_vec_scan(path: str, qs: list[np.ndarray]) -> float | None:
    try:
        import apsw
        import sqlite_vec
    except ImportError:
        return None
    conn = apsw.Connection(path)
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    times = []
    for q in qs:
        s = _now()
        list(conn.execute(
            "SELECT v.memory_id, vec_distance_cosine(v.vector, ?) AS d FROM memory_vectors v "
            "JOIN memories m ON m.id = v.memory_id WHERE m.status = 'active' "
            "ORDER BY d LIMIT 10", (vector_to_blob(q),)))
        times.append((_now() - s) * 1000)
    conn.close()
    return percentile(times, 50)


def embed_cost(queries: int) -> dict[str, float]:
    from vecmem.embed.factory import build_embedder

    out = {}
    for name in ("e5", "use"):
        e = build_embedder(name)
        e.embed_query("warm up")
        times = []
        for i in range(queries):
            s = time.perf_counter()
            e.embed_query(f"what does the user prefer for question {i}?")
            times.append((time.perf_counter() - s) * 1000)
        out[e.model_id] = percentile(times, 50)
    return out


def add_throughput(stored: int, n: int) -> dict[str, float]:
    """Rules-only pipeline with the default embedder, with ``stored`` memories present."""
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/add.db"
        fill(path, stored, rng)
        with Memory.open(path, reembed=False) as mem:
            texts = [f"The user's note number {i} mentions {rng.choice(WORDS)} and "
                     f"{rng.choice(WORDS)}" for i in range(2 * n)]
            s = time.perf_counter()
            for t in texts[:n]:
                mem.add(t, source="bench")
            single = n / (time.perf_counter() - s)
            s = time.perf_counter()
            mem.add_many(texts[n:], source="bench")
            batched = n / (time.perf_counter() - s)
            model = mem.context.model_id
    return {"model": model, "single_per_s": single, "batched_per_s": batched}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--add-stored", type=int, default=100_000)
    parser.add_argument("--add-n", type=int, default=200)
    parser.add_argument("--keep-dir", help="keep filled databases here and reuse them")
    parser.add_argument("--keep-index", action="store_true",
                        help="with --keep-dir: load a saved index instead of building it")
    parser.add_argument("--search-only", action="store_true",
                        help="skip the query-embedding and add-throughput measurements")
    parser.add_argument("--stages", action="store_true",
                        help="also time the steps of a gated hybrid search (fastest of 5)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time queries by this thread's CPU time (a loaded machine)")
    parser.add_argument("--common-words", action="store_true",
                        help="a store where a few words occur in most memories, and "
                             "queries that carry them")
    args = parser.parse_args(argv)
    limit: Any = contextlib.nullcontext()
    if args.cpu_time:
        global _CLOCK
        _CLOCK = time.thread_time
        try:  # CPU time of other BLAS threads would not be counted
            from threadpoolctl import threadpool_limits
            limit = threadpool_limits(limits=1, user_api="blas")
        except ImportError:
            print("threadpoolctl missing: set OPENBLAS_NUM_THREADS=1 for --cpu-time")
        print("per-query times are CPU time of this thread (--cpu-time), not wall time")
    with limit:
        _run(args)


def _run(args: argparse.Namespace) -> None:
    rows = [bench_size(int(s), args.queries, args.keep_dir, args.keep_index,
                       args.common_words, args.stages)
            for s in args.sizes.split(",")]
    print("| memories | vector p50 / p95 ms | hybrid p50 / p95 ms | numpy exact p50 ms "
          "| sqlite-vec scan p50 ms | vector vs numpy | vector vs sqlite-vec | ANN recall@10 "
          "| index build s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        sv = r["sqlite_vec_p50"]
        vs_vec = "n/a" if sv is None else f"{sv / r['vector_p50']:.0f}x faster"
        print(f"| {r['n']:,} | {r['vector_p50']:.2f} / {r['vector_p95']:.2f} "
              f"| {r['hybrid_p50']:.2f} / {r['hybrid_p95']:.2f} | {r['numpy_p50']:.2f} "
              f"| {'n/a' if sv is None else f'{sv:.1f}'} "
              f"| {r['numpy_p50'] / r['vector_p50']:.1f}x faster "
              f"| {vs_vec} "
              f"| {r['recall']:.3f} | {r['build_s']:.1f} |")
    for r in rows:
        print(f"\n{r['n']:,}, fastest of 5 runs per query (p50 over 50 queries; moves "
              f"little with machine load): vector {r['best_vector_p50']:.2f} ms, hybrid "
              f"{r['best_hybrid_p50']:.2f} ms, numpy exact {r['best_numpy_p50']:.2f} ms "
              f"(hybrid / numpy {r['best_hybrid_p50'] / r['best_numpy_p50']:.2f}x; plain p50s: "
              f"{r['hybrid_p50'] / r['numpy_p50']:.2f}x); "
              f"gate off (ranking path) p50 {r['ungated_p50']:.2f} ms")
        print(f"{r['n']:,}, keyword side per query, fastest of 5 (p50 ms): " + ", ".join(
            f"{name} {v:.3f}" for name, v in r["keyword_side"].items()))
        if r["stages"]:
            print(f"{r['n']:,}, steps of a gated hybrid search in its fastest of 5 (p50 ms): "
                  + ", ".join(f"{name} {v:.3f}" for name, v in
                              sorted(r["stages"].items(), key=lambda kv: -kv[1])))
    print("\n| memories | fill s | first open: build + save s (save alone) "
          "| second open: load s (file load alone) "
          "| keyword index: first search s (build, or load + catch-up) |")
    print("|---|---|---|---|---|")
    for r in rows:
        fill_s = "reused" if r["fill_s"] is None else f"{r['fill_s']:.0f}"
        print(f"| {r['n']:,} | {fill_s} | {r['build_s']:.1f} ({_s(r['save_s'])}) "
              f"| {r['open_s']:.2f} ({_s(r['load_s'])}) | {r['keyword_build_s']:.1f} |")
    if args.search_only:
        return
    costs = embed_cost(50)
    print("\nquery embedding p50: " + ", ".join(f"{m} {v:.1f} ms" for m, v in costs.items()))
    t = add_throughput(args.add_stored, args.add_n)
    print(f"\nadd throughput with {args.add_stored:,} stored ({t['model']}): "
          f"single {t['single_per_s']:.1f}/s, batched {t['batched_per_s']:.1f}/s")


if __name__ == "__main__":
    main()

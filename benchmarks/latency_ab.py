"""Paired A/B of a gated hybrid search between two source trees, on a kept benchmark store.

    git archive <before-commit> src | tar -x -C /tmp/before
    .venv/bin/python benchmarks/latency_ab.py --before /tmp/before/src --after src \\
        --db /tmp/lat_bench/bench-100000-common.db [--queries 100] [--rounds 10]

On a machine shared with other jobs, two runs minutes apart measure the load as much as
the code. Here one worker process per tree opens the same store (``search_latency.py
--keep-dir ... --common-words`` made it; its saved index is loaded), and the driver sends
each query to both in turn, alternating which goes first, for ``--rounds`` rounds: a load
spike hits both sides alike. Both must return the very same hits (ids and scores), or
the run stops. Reported: per side the p50 of all runs and the p50 over queries of each
query's fastest run, and the after / before ratios. ``--cpu-time`` times each search by
the worker thread's CPU time (``time.thread_time``) instead of the wall clock: on a
loaded machine the wall clock is mostly the wait for a core.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def queries(db: str, n_queries: int) -> tuple[list[str], dict[str, list[float]]]:
    """The texts and query vectors ``search_latency.bench_size`` uses for this store."""
    import numpy as np

    sys.path.insert(0, str(HERE))
    import search_latency as b

    n = int(Path(db).stem.split("-")[1])
    common = Path(db).stem.endswith("-common")
    rng = np.random.default_rng(42 + n)
    vectors = np.load(str(db)[: -len(".db")] + ".vectors.npy")
    qs = [b._unit(vectors[rng.integers(n)] + 0.02 * rng.standard_normal(b.DIM).astype(
        np.float32)) for _ in range(n_queries)]
    texts = [f"q{i} {b.VOCAB[rng.zipf(1.3) % len(b.VOCAB)]} {rng.choice(list(b.CJK[:40]))}"
             for i in range(n_queries)]
    if common:
        texts = [f"{t} {b.COMMON[i % 2]} {b.COMMON[2 + (i // 2) % 2]}"
                 for i, t in enumerate(texts)]
    return texts, {t: q.tolist() for t, q in zip(texts, qs, strict=True)}


def worker(db: str, n_queries: int, cpu_time: bool = False) -> None:
    """Open the store, warm it, then answer query numbers on stdin with JSON lines."""
    import numpy as np

    import vecmem
    from vecmem import Memory

    sys.path.insert(0, str(HERE))
    import search_latency as b

    texts, vecs = queries(db, n_queries)
    embedder = b.FixedQueryEmbedder()
    embedder.vectors = {t: np.asarray(v, dtype=np.float32) for t, v in vecs.items()}
    mem = Memory.open(db, embedder=embedder, reembed=False)
    for t in texts:
        mem.search(t, k=10, min_score=-1)
    print(json.dumps({"ready": vecmem.__file__}), flush=True)
    clock = time.thread_time if cpu_time else time.perf_counter
    for line in sys.stdin:
        t = texts[int(line)]
        s = clock()
        hits = mem.search(t, k=10, min_score=-1)
        ms = (clock() - s) * 1000
        print(json.dumps({"ms": ms, "hits": [[h.memory.id, h.score] for h in hits]}),
              flush=True)
    mem.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the 'before' tree's src folder")
    parser.add_argument("--after", required=True, help="the 'after' tree's src folder")
    parser.add_argument("--db", required=True, help="a store search_latency.py kept")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cpu-time", action="store_true",
                        help="time by the worker thread's CPU time, not the wall clock")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.db, args.queries, args.cpu_time)
        return
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    procs = {}
    try:
        # One after the other: the first open may upgrade the store's schema, which two
        # processes must not race on.
        for side, src in (("before", args.before), ("after", args.after)):
            p = procs[side] = subprocess.Popen(
                [sys.executable, __file__, "--worker", "--db", args.db, "--queries",
                 str(args.queries), "--before", args.before, "--after", args.after,
                 *(["--cpu-time"] if args.cpu_time else [])],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                env=dict(env, PYTHONPATH=str(Path(src).resolve())))
            assert p.stdout is not None
            print(f"{side}: {json.loads(p.stdout.readline())['ready']}", flush=True)
        load = os.getloadavg()
        times: dict[str, dict[int, list[float]]] = {"before": {}, "after": {}}
        for r in range(args.rounds):
            for i in range(args.queries):
                order = ("before", "after") if (r + i) % 2 == 0 else ("after", "before")
                got = {}
                for side in order:
                    p = procs[side]
                    assert p.stdin is not None and p.stdout is not None
                    p.stdin.write(f"{i}\n")
                    p.stdin.flush()
                    out = json.loads(p.stdout.readline())
                    times[side].setdefault(i, []).append(out["ms"])
                    got[side] = out["hits"]
                if got["before"] != got["after"]:
                    raise SystemExit(f"query {i}: the two trees return different hits")
    finally:
        for p in procs.values():
            if p.stdin is not None:
                p.stdin.close()
            p.wait()
    res = {side: (statistics.median([v for vs in per.values() for v in vs]),
                  statistics.median([min(vs) for vs in per.values()]))
           for side, per in times.items()}
    print(f"load average at start {load[0]:.1f}, at end {os.getloadavg()[0]:.1f}; "
          f"{args.queries} queries x {args.rounds} rounds, same hits on both sides"
          + ("; CPU time of the searching thread" if args.cpu_time else ""))
    for side, (p50, best) in res.items():
        print(f"{side}: p50 {p50:.3f} ms, fastest-per-query p50 {best:.3f} ms")
    print(f"after / before: p50 {res['after'][0] / res['before'][0]:.3f}, fastest "
          f"{res['after'][1] / res['before'][1]:.3f}")


if __name__ == "__main__":
    main()

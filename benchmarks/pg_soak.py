"""A bounded soak on PostgreSQL: several processes, many scopes, mixed reads and writes,
with the connections vecmem holds counted on the server while it runs.

Beside ``soak.py`` (SQLite, one file): the same operations, weights and facts, but each
process serves many scopes at once the way ``vecmem serve`` does — one ``Memory`` per
scope, all sharing the process's connection pool (``pg_pool_size``) — from several
threads. The parent samples ``pg_stat_activity`` every 50 ms and reports the peak and
mean number of connections vecmem held (the cap is processes x pool size, whatever the
scope count), then per time slice and operation: calls, p50/p95/p99 latency, guard
refusals (a normal answer) and errors (anything else: pool timeouts, lock timeouts,
exceptions). Afterwards it checks the database (engine integrity check, index
consistency of every scope).

It asserts nothing: benchmarks report, tests decide. Without ``--pg-url`` it starts a
throwaway PostgreSQL 16 + pgvector with pgserver (fsync off: this is not a durability
test). Typical use:

    python benchmarks/pg_soak.py --seconds 120
    python benchmarks/pg_soak.py --seconds 300 --processes 4 --threads 8 --scopes 64 \\
        --pool-size 4 --json out.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from soak import OPS, WEIGHTS, fact, one_op, summarize

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidTransitionError, NotFoundError, VecmemError


def _one_op(mem: Memory, op: str, rng: random.Random, tag: str,
            mine: list[int], archived: list[int], added: list[str]) -> str | None:
    return one_op(mem, op, rng, tag, mine, archived, added, list_span=200)


def worker(url: str, index: int, args: dict[str, Any], start_at: float, ready: Any,
           out: Any) -> None:
    scopes = [f"team{i}" for i in range(args["scopes"])]
    mems = {s: Memory.open(url, embedder=HashingEmbedder(), scope=s, reembed=False,
                           pg_pool_size=args["pool_size"]) for s in scopes}
    ready.put(index)
    records: list[tuple[float, str, float, str]] = []
    lock = threading.Lock()
    weights = [WEIGHTS[o] for o in OPS]
    end = start_at + args["seconds"]

    def run(thread: int) -> None:
        rng = random.Random(1000 * index + thread)
        # Each thread archives/restores only what it added, per scope.
        state: dict[str, tuple[list[int], list[int], list[str]]] = {
            s: ([], [], []) for s in scopes}
        mine_records = []
        n = 0
        while time.time() < start_at:
            time.sleep(0.001)
        while (now := time.time()) < end:
            scope = rng.choice(scopes)
            op = rng.choices(OPS, weights)[0]
            n += 1
            t0 = time.perf_counter()
            try:
                outcome = _one_op(mems[scope], op, rng, f"p{index}t{thread}n{n}",
                                  *state[scope])
                if outcome is None:
                    continue
            except (InvalidTransitionError, NotFoundError):
                outcome = "refused"
            except VecmemError as exc:
                outcome = f"error:{type(exc).__name__}:{exc.message[:60]}"
            except Exception as exc:  # reported, not raised: a soak counts failures
                outcome = f"error:{type(exc).__name__}"
            mine_records.append((now - start_at, op, time.perf_counter() - t0, outcome))
        with lock:
            records.extend(mine_records)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(args["threads"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for m in mems.values():
        m.close()
    out.put((index, records))


class Sampler:
    """Counts vecmem's connections to the database every 50 ms."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.counts: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self._stop.is_set():
                row = conn.execute(
                    "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'vecmem' "
                    "AND datname = current_database()").fetchone()
                self.counts.append(int(row[0]))
                time.sleep(0.05)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> dict[str, float]:
        self._stop.set()
        self._thread.join()
        c = self.counts or [0]
        return {"peak": max(c), "mean": round(sum(c) / len(c), 1), "samples": len(c)}


def seed(url: str, scopes: int, per_scope: int) -> None:
    rng = random.Random(0)
    for i in range(scopes):
        with Memory.open(url, embedder=HashingEmbedder(), scope=f"team{i}") as mem:
            mem.add_many([fact(rng, f"seed{i}x{j}") for j in range(per_scope)], source="seed",
                         raw=True)


def check(url: str, scopes: int) -> dict[str, Any]:
    problems: list[str] = []
    total = 0
    with Memory.open(url, embedder=HashingEmbedder(), scope="team0", reembed=False) as mem:
        engine = mem.store.integrity_check()
    for i in range(scopes):
        with Memory.open(url, embedder=HashingEmbedder(), scope=f"team{i}",
                         reembed=False) as mem:
            stats = mem.stats()
            total += stats["total"]
            if not stats["consistency"]["ok"]:
                problems.append(f"team{i}: {stats['consistency']['problems']}")
    return {"engine_problems": engine, "scope_problems": problems, "total": total}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--threads", type=int, default=4, help="client threads per process")
    ap.add_argument("--scopes", type=int, default=32, help="scopes every process serves")
    ap.add_argument("--pool-size", type=int, default=4, help="pg_pool_size per process")
    ap.add_argument("--seed-per-scope", type=int, default=50)
    ap.add_argument("--slice", type=float, default=60.0, help="report slice in seconds")
    ap.add_argument("--pg-url", help="an existing database (default: a throwaway server)")
    ap.add_argument("--json", help="also write the rows and checks to this file")
    args = ap.parse_args(argv)

    server = None
    if args.pg_url:
        url = args.pg_url
    else:
        from vecmem.testing.pg import start_server

        server = start_server()
        url = server.create_database()
    try:
        t0 = time.time()
        seed(url, args.scopes, args.seed_per_scope)
        print(f"seeded {args.scopes} scopes x {args.seed_per_scope} in "
              f"{time.time() - t0:.1f}s", file=sys.stderr)
        ctx = mp.get_context("spawn")
        ready, out = ctx.Queue(), ctx.Queue()
        start_at = time.time() + 10 + 2 * args.processes
        procs = [ctx.Process(target=worker, args=(url, i, vars(args), start_at, ready, out))
                 for i in range(args.processes)]
        for p in procs:
            p.start()
        for _ in procs:
            ready.get(timeout=300)
        late = time.time() > start_at
        sampler = Sampler(url)
        sampler.start()
        records: list[tuple[float, str, float, str]] = []
        for _ in procs:
            _, recs = out.get(timeout=args.seconds + 600)
            records.extend(recs)
        held = sampler.stop()
        for p in procs:
            p.join(60)
        crashed = [p.exitcode for p in procs if p.exitcode != 0]
        kinds: dict[str, int] = {}
        for *_, outcome in records:
            if outcome.startswith("error"):
                kinds[outcome] = kinds.get(outcome, 0) + 1
        records = [(t, op, lat, "error" if o.startswith("error") else o)
                   for t, op, lat, o in records]
        rows = summarize(records, args.slice)
        cap = args.processes * args.pool_size
        print(f"\n{args.processes} processes x {args.threads} threads over {args.scopes} "
              f"scopes, pool {args.pool_size} each (cap {cap}), {args.seconds:.0f}s, "
              f"{len(records)} calls ({len(records) / args.seconds:.0f}/s), "
              f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
              + (" [warning: workers started late]" if late else ""))
        print(f"connections held by vecmem: peak {held['peak']} (cap {cap}), mean "
              f"{held['mean']} over {held['samples']} samples")
        header = (f"{'slice':>10} {'op':>8} {'calls':>7} {'p50 ms':>8} {'p95 ms':>8} "
                  f"{'p99 ms':>8} {'max ms':>8} {'refused':>7} {'errors':>6}")
        print(header)
        print("-" * len(header))
        for r in rows:
            print(f"{r['slice']:>10} {r['op']:>8} {r['calls']:>7} {r['p50_ms']:>8.1f} "
                  f"{r['p95_ms']:>8.1f} {r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} "
                  f"{r['refused']:>7} {r['errors']:>6}")
        if kinds:
            print("errors:", json.dumps(kinds, ensure_ascii=False, indent=1))
        after = check(url, args.scopes)
        print(f"\nafter the soak: engine check {after['engine_problems'] or 'ok'}, scopes "
              f"{after['scope_problems'] or 'consistent'}, {after['total']} memories; "
              f"worker crashes: {crashed or 'none'}")
        if args.json:
            Path(args.json).write_text(json.dumps(
                {"args": vars(args), "connections": held, "rows": rows, "errors": kinds,
                 "check": after, "crashed": crashed, "load": os.getloadavg()}, indent=2),
                encoding="utf-8")
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

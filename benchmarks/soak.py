"""A bounded soak: several processes share one SQLite file with mixed reads and writes.

Each process opens its own ``Memory`` on the same file and, until the time is up, picks
an operation at random (weights below): ``search`` (hybrid), ``keyword``, ``list``,
``add`` (new facts and exact duplicates), ``archive`` and ``restore`` (of memories it
added). It records every call's latency and outcome. The parent prints, per time slice
(default one minute) and per operation: calls, p50/p95/p99 latency in milliseconds,
guard refusals (e.g. restoring what another writer just archived: a normal answer, not an
error) and errors (anything else: busy timeouts, exceptions). It then checks the file
(integrity, index consistency) and prints that too.

It asserts nothing: benchmarks report, tests decide. Typical use:

    python benchmarks/soak.py --seconds 120
    python benchmarks/soak.py --seconds 600 --processes 8 --seed-memories 20000 --json out.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidTransitionError, NotFoundError, VecmemError

WEIGHTS = {"search": 35, "keyword": 15, "list": 10, "add": 28, "archive": 7, "restore": 5}
OPS = list(WEIGHTS)

SERVICES = ["billing", "search", "auth", "gateway", "ledger", "mailer", "scheduler", "indexer",
            "thumbnailer", "exporter", "计费服务", "检索服务", "网关", "消息队列", "报表系统"]
CLAUSES = ["listens on port {n}", "keeps its cache in /var/cache/{s}/{n}",
           "runs {k} worker threads", "is deployed to region eu-{n}",
           "writes logs to /var/log/{s}/{n}.log", "uses PostgreSQL {k} for storage",
           "的超时时间是 {k} 秒", "部署在 {n} 号机房", "每天凌晨 {k} 点做一次全量备份"]
QUERIES = ["port", "cache", "worker threads", "region", "logs", "PostgreSQL", "超时", "机房",
           "备份", "billing", "网关", "gateway port", "消息队列 超时时间", "where are the logs"]


def fact(rng: random.Random, tag: str) -> str:
    s = rng.choice(SERVICES)
    clause = rng.choice(CLAUSES).format(n=rng.randint(1000, 99999), s=s, k=rng.randint(2, 64))
    return f"{s} {tag} {clause}"


def one_op(mem: Memory, op: str, rng: random.Random, tag: str, mine: list[int],
           archived: list[int], added: list[str], *, source: str = "soak",
           list_span: int = 500) -> str | None:
    """One soak operation on ``mem``; ``None`` when there is nothing of this worker's to
    archive or restore yet. Shared by this soak and ``pg_soak.py``."""
    if op == "search":
        mem.search(rng.choice(QUERIES), k=10)
    elif op == "keyword":
        mem.keyword(rng.choice(QUERIES), k=10)
    elif op == "list":
        mem.list(status=rng.choice([None, "active", "archived"]), limit=50,
                 offset=rng.randrange(0, list_span))
    elif op == "add":
        text = rng.choice(added) if added and rng.random() < 0.15 else fact(rng, tag)
        r = mem.add(text, source=source)
        if r.memory_id is not None and str(r.decision) == "store":
            mine.append(r.memory_id)
            added.append(text)
    elif op == "archive" and mine:
        mid = mine.pop(rng.randrange(len(mine)))
        mem.archive(mid, reason="soak")
        archived.append(mid)
    elif op == "restore" and archived:
        mid = archived.pop(rng.randrange(len(archived)))
        mem.restore(mid, reason="soak")
        mine.append(mid)
    else:
        return None
    return "ok"


def worker(path: str, index: int, start_at: float, seconds: float, seed: int,
           ready: Any, out: Any) -> None:
    rng = random.Random(seed)
    mem = Memory.open(path, embedder=HashingEmbedder(), reembed=False)
    mem.search("warm up the vector index", k=5)
    ready.put(index)
    while time.time() < start_at:
        time.sleep(0.001)
    mine: list[int] = []
    archived: list[int] = []
    added: list[str] = []
    records: list[tuple[float, str, float, str]] = []
    weights = [WEIGHTS[o] for o in OPS]
    n = 0
    end = start_at + seconds
    while (now := time.time()) < end:
        op = rng.choices(OPS, weights)[0]
        n += 1
        outcome = "ok"
        t0 = time.perf_counter()
        try:
            if one_op(mem, op, rng, f"p{index}n{n}", mine, archived, added,
                      source=f"soak{index}", list_span=500) is None:
                continue  # nothing of this process's to archive/restore yet
        except (InvalidTransitionError, NotFoundError):
            outcome = "refused"
        except VecmemError as exc:
            outcome = f"error:{type(exc).__name__}"
        except Exception as exc:  # reported, not raised: a soak counts failures
            outcome = f"error:{type(exc).__name__}"
        records.append((now - start_at, op, time.perf_counter() - t0, outcome))
    mem.close()
    out.put((index, records))


def seed_database(path: str, count: int) -> None:
    rng = random.Random(0)
    with Memory.open(path, embedder=HashingEmbedder()) as mem:
        texts = [fact(rng, f"seed{i}") for i in range(count)]
        mem.add_many(texts, source="seed", raw=True)


def summarize(records: list[tuple[float, str, float, str]], slice_s: float) -> list[dict]:
    groups: dict[tuple[int, str], list[tuple[float, str]]] = defaultdict(list)
    for t, op, lat, outcome in records:
        groups[(int(t // slice_s), op)].append((lat, outcome))
        groups[(-1, op)].append((lat, outcome))
    rows = []
    for (sl, op), items in sorted(groups.items(), key=lambda kv: (kv[0][0] < 0, kv[0][0],
                                                                  OPS.index(kv[0][1]))):
        lat = np.array([x for x, _ in items]) * 1000
        outcomes = Counter(o for _, o in items)
        rows.append({
            "slice": "all" if sl < 0 else f"{sl * slice_s:.0f}-{(sl + 1) * slice_s:.0f}s",
            "op": op, "calls": len(items),
            "p50_ms": float(np.percentile(lat, 50)), "p95_ms": float(np.percentile(lat, 95)),
            "p99_ms": float(np.percentile(lat, 99)), "max_ms": float(lat.max()),
            "refused": outcomes.get("refused", 0),
            "errors": sum(v for k, v in outcomes.items() if k.startswith("error")),
            "error_kinds": {k: v for k, v in outcomes.items() if k.startswith("error")},
        })
    return rows


def check_file(path: str) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()
    with Memory.open(path, embedder=HashingEmbedder(), reembed=False) as mem:
        stats = mem.stats()
    return {"integrity": integrity, "consistency_ok": stats["consistency"]["ok"],
            "problems": stats["consistency"]["problems"], "total": stats["total"],
            "by_status": stats["by_status"], "size_mb": round((stats["size_bytes"] or 0) / 1e6, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60.0, help="soak duration (default 60)")
    ap.add_argument("--processes", type=int, default=4, help="worker processes (default 4)")
    ap.add_argument("--slice", type=float, default=60.0, help="report slice in seconds")
    ap.add_argument("--seed-memories", type=int, default=2000,
                    help="memories stored before the soak starts (default 2000)")
    ap.add_argument("--db", help="SQLite file to use (default: a fresh temporary file)")
    ap.add_argument("--json", help="also write the rows and the file check to this file")
    ap.add_argument("--blas-threads", type=int,
                    help="set OPENBLAS/OMP/MKL_NUM_THREADS for the workers (default: inherit)")
    args = ap.parse_args(argv)
    if args.blas_threads:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(args.blas_threads)  # read by numpy in the spawned workers
    blas = os.environ.get("OPENBLAS_NUM_THREADS", "default")

    folder = None
    if args.db:
        path = args.db
    else:
        folder = tempfile.mkdtemp(prefix="vecmem-soak-")
        path = os.path.join(folder, "soak.db")
    t0 = time.time()
    seed_database(path, args.seed_memories)
    print(f"seeded {args.seed_memories} memories in {time.time() - t0:.1f}s: {path}",
          file=sys.stderr)

    ctx = mp.get_context("spawn")
    ready, out = ctx.Queue(), ctx.Queue()
    procs = []
    # Workers wait for a common start time, far enough ahead for all of them to start up.
    start_at = time.time() + 8 + 1.5 * args.processes
    for i in range(args.processes):
        p = ctx.Process(target=worker, args=(path, i, start_at, args.seconds, 1000 + i, ready,
                                             out))
        p.start()
        procs.append(p)
    for _ in procs:
        ready.get(timeout=120)
    late = time.time() > start_at
    records: list[tuple[float, str, float, str]] = []
    for _ in procs:
        _, recs = out.get(timeout=args.seconds + 300)
        records.extend(recs)
    for p in procs:
        p.join(60)
    crashed = [p.exitcode for p in procs if p.exitcode != 0]

    rows = summarize(records, args.slice)
    total = len(records)
    print(f"\n{args.processes} processes, {args.seconds:.0f}s, {total} calls "
          f"({total / args.seconds:.0f}/s), seed {args.seed_memories} memories, "
          f"{os.cpu_count()} CPUs, BLAS threads {blas}"
          + (" [warning: workers started late]" if late else ""))
    header = f"{'slice':>10} {'op':>8} {'calls':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} " \
             f"{'max ms':>8} {'refused':>7} {'errors':>6}"
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{r['slice']:>10} {r['op']:>8} {r['calls']:>7} {r['p50_ms']:>8.1f} "
              f"{r['p95_ms']:>8.1f} {r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} {r['refused']:>7} "
              f"{r['errors']:>6}" + (f"  {r['error_kinds']}" if r["errors"] else ""))
    check = check_file(path)
    print(f"\nafter the soak: integrity {check['integrity']}, index consistency "
          f"{'ok' if check['consistency_ok'] else check['problems']}, {check['total']} "
          f"memories {check['by_status']}, {check['size_mb']} MB; worker crashes: "
          f"{crashed or 'none'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"args": vars(args), "rows": rows, "check": check,
                                               "crashed": crashed}, indent=2), encoding="utf-8")
    if folder:
        for suffix in ("", "-wal", "-shm"):
            Path(path + suffix).unlink(missing_ok=True)
        os.rmdir(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Several processes and threads writing one SQLite file: nothing lost, nothing doubled."""

from __future__ import annotations

import multiprocessing as mp
import sqlite3
import threading
from collections import Counter

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder

FACTS = [f"用户偏好：第{i}号偏好，回答要点{i}" for i in range(40)] + [
    f"The user's tool number {i} is called tool-{i}" for i in range(40)
]


def _writer(path: str, worker: int, n: int, queue: mp.Queue) -> None:
    mem = Memory.open(path, embedder=HashingEmbedder())
    decisions: Counter[str] = Counter()
    for i in range(n):
        # Overlapping facts: every worker writes the same 80 facts in a different order.
        fact = FACTS[(i * 7 + worker * 13) % len(FACTS)]
        decisions[str(mem.add(fact, source=f"worker{worker}").decision)] += 1
    mem.close()
    queue.put(dict(decisions))


def test_four_processes_two_hundred_adds_each(tmp_path) -> None:
    path = str(tmp_path / "conc.db")
    Memory.open(path, embedder=HashingEmbedder()).close()
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(path, w, 200, queue)) for w in range(4)]
    for p in procs:
        p.start()
    totals: Counter[str] = Counter()
    for _ in procs:
        totals.update(queue.get(timeout=300))
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sum(totals.values()) == 800
    conn = sqlite3.connect(path)
    live = conn.execute(
        "SELECT content_hash, COUNT(*) FROM memories WHERE status IN ('active','review') "
        "GROUP BY content_hash HAVING COUNT(*) > 1"
    ).fetchall()
    assert live == []
    rows = conn.execute("SELECT COUNT(*), SUM(hit_count) FROM memories").fetchone()
    # Each new fact makes one row (stored or parked in review); every other add of it
    # is a duplicate hit on the row that holds it.
    assert rows[0] == totals["store"] + totals["review"]
    assert rows[1] == totals["duplicate"]
    assert totals["duplicate"] >= 800 - len(FACTS)
    adds = conn.execute(
        "SELECT COUNT(*) FROM events "
        "WHERE action IN ('add', 'duplicate', 'review', 'update', 'restore')"
                        ).fetchone()[0]
    assert adds == 800  # one event per add
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_threads_share_one_memory(tmp_path) -> None:
    mem = Memory.open(str(tmp_path / "t.db"), embedder=HashingEmbedder())
    errors: list[BaseException] = []
    decisions: list[str] = []

    def work(t: int) -> None:
        try:
            for i in range(50):
                decisions.append(str(mem.add(FACTS[(i + t * 11) % len(FACTS)]).decision))
                mem.search("偏好")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    stats = mem.stats()
    assert len(decisions) == 200
    assert stats["total"] == decisions.count("store") + decisions.count("review")
    assert stats["consistency"]["ok"], stats["consistency"]
    mem.close()

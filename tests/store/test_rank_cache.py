"""The in-memory rank-facts cache (store/rank_cache.py) never answers with a stale row.

Each step warms the cache with a search first, then changes the store through one path
(a write, a duplicate's hit count, archive, restore, revert, import, another process's
write, a rolled-back transaction), and checks that the next read through the cache equals
a read straight from the file, and that a search through the warm cache returns what a
fresh store (cold cache) returns on the same file.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.engine.search import EPISODE_KEY
from vecmem.store.base import SQLTx
from vecmem.store.sqlite import SQLiteTx

QUERIES = ["coffee", "我喜欢喝咖啡", "deploy target server", "用户 项目 coffee", "travel plans"]
TEXTS = [
    "I drink oat milk coffee every morning",
    "我喜欢喝手冲咖啡，不加糖",
    "The deploy target is the staging server in Frankfurt",
    "用户的项目用 Rust 写后端",
    "Travel plans: Kyoto in April with my sister",
    "My editor theme is solarized dark",
]


def all_ids(mem: Memory) -> list[int]:
    with mem.store.transaction(write=False) as tx:
        return [int(r[0]) for r in tx.execute("SELECT id FROM memories")]


def hits(mem: Memory, q: str, gate: bool) -> list[tuple[int, float, int, str]]:
    return [(h.memory.id, h.score, h.memory.hit_count, h.memory.status)
            for h in mem.search(q, k=5, gate=gate)]


def check(mem: Memory) -> None:
    """Cached facts equal the file's, for every id (and a few that do not exist), and a
    search through the warm cache equals the same search reading the file directly."""
    ids = [*all_ids(mem), 10_000, 10_001]
    with mem.store.transaction(write=False) as tx:
        for scope in (mem.scope, "elsewhere"):
            assert tx.rank_facts(scope, ids, EPISODE_KEY) == \
                SQLTx.rank_facts(tx, scope, ids, EPISODE_KEY)
    cached = {(q, g): hits(mem, q, g) for q in QUERIES for g in (False, True)}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(SQLiteTx, "rank_facts", SQLTx.rank_facts)
        direct = {(q, g): hits(mem, q, g) for q in QUERIES for g in (False, True)}
    assert cached == direct
    assert any(cached.values())


def warm(mem: Memory) -> None:
    for q in QUERIES:
        mem.search(q, k=5)
    assert mem.store._rank_caches  # the searches went through the cache


@pytest.fixture
def filled(db_path: str) -> Memory:
    m = Memory.open(db_path, embedder=HashingEmbedder())
    m.add_many(TEXTS, raw=True, episode=True)
    return m


def test_every_write_path_is_seen_by_the_next_search(filled: Memory, db_path: str,
                                                     tmp_path: Path) -> None:
    mem = filled
    try:
        warm(mem)
        check(mem)
        ids = all_ids(mem)

        warm(mem)  # a write
        mem.add("I switched to decaf coffee in the evenings")
        check(mem)

        warm(mem)  # a duplicate: only its hit count changes
        mem.add(TEXTS[0])
        check(mem)

        warm(mem)
        mem.archive(ids[0])
        assert mem.get(ids[0]).status == "archived"
        check(mem)
        assert ids[0] not in {h.memory.id for h in mem.search("oat milk coffee", k=10)}

        warm(mem)
        restored = mem.restore(ids[0])
        check(mem)
        assert ids[0] in {h.memory.id for h in mem.search("oat milk coffee", k=10)}

        warm(mem)  # revert the restore: archived again
        mem.revert(restored.event_id)
        assert mem.get(ids[0]).status == "archived"
        check(mem)

        warm(mem)  # an import into the same scope
        src = tmp_path / "other.db"
        other = Memory.open(str(src), embedder=HashingEmbedder())
        other.add_many(["Coffee beans come from the roaster on Main street",
                        "项目周会改到周三下午"], raw=True)
        other.export(tmp_path / "out.jsonl")
        other.close()
        mem.import_(tmp_path / "out.jsonl")
        check(mem)

        warm(mem)  # another process writes and archives through its own connection
        script = (
            "import sys\n"
            "from vecmem import Memory\n"
            "from vecmem.embed.hashing import HashingEmbedder\n"
            "m = Memory.open(sys.argv[1], embedder=HashingEmbedder())\n"
            "m.add('Coffee with the team every Friday at ten', source='manual')\n"
            f"m.archive({ids[1]})\n"
            "m.close()\n"
        )
        subprocess.run([sys.executable, "-c", script, db_path], check=True, timeout=120)
        check(mem)
        assert mem.get(ids[1]).status == "archived"
        assert ids[1] not in {h.memory.id for h in mem.search("咖啡", k=10)}
    finally:
        mem.close()


def test_a_rolled_back_write_leaves_no_trace(filled: Memory, db_path: str) -> None:
    mem = filled
    try:
        warm(mem)
        ids = all_ids(mem)
        with pytest.raises(RuntimeError), mem.store.transaction() as tx:
            tx.update_memory(ids[2], {"status": "archived", "hit_count": 99})
            # Read inside the transaction: the cache takes in the uncommitted row ...
            assert tx.rank_facts(mem.scope, ids, EPISODE_KEY)[ids[2]].hit_count == 99
            raise RuntimeError("roll back")
        # ... and the rollback drops it.
        check(mem)
        with mem.store.transaction(write=False) as tx:
            assert tx.rank_facts(mem.scope, ids, EPISODE_KEY)[ids[2]].status == "active"
    finally:
        mem.close()


def test_an_older_snapshot_never_reads_a_newer_cache(filled: Memory, db_path: str) -> None:
    """A second store on the same file reads while the first holds uncommitted writes it
    already cached: the cache is per store, and within a store an older snapshot starts
    the cache afresh."""
    mem = filled
    try:
        ids = all_ids(mem)
        store = mem.store
        with store.transaction() as tx:
            tx.update_memory(ids[3], {"hit_count": 7})
            assert store.rank_facts(tx, mem.scope, ids, EPISODE_KEY)[ids[3]].hit_count == 7
            # Another connection of this same store (another thread) sees the committed
            # state only: its snapshot's change number is older than the cache's.
            import threading

            seen: list[int] = []

            def read() -> None:
                with store.transaction(write=False) as other:
                    seen.append(store.rank_facts(other, mem.scope, ids,
                                                 EPISODE_KEY)[ids[3]].hit_count)

            t = threading.Thread(target=read)
            t.start()
            t.join()
            assert seen == [0]
        with store.transaction(write=False) as tx:
            assert store.rank_facts(tx, mem.scope, ids, EPISODE_KEY)[ids[3]].hit_count == 7
        check(mem)
    finally:
        mem.close()

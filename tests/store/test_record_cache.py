"""The in-memory copy of whole records (``SQLiteStore.records``, the ``rank_cache``
structure) never answers with a stale row, and no caller can edit what it holds.

Each step reads through the cache first, then changes the store through one path (an
add, a duplicate's hit count, an update, archive, restore, revert, a review item and its
approval, an import, another process's write, a rolled-back transaction) and checks that
the next read through the cache equals a read straight from the file, and that searches
through the warm cache return what they return reading the file directly.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.store.test_rank_cache import all_ids

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.store.base import SQLTx
from vecmem.store.sqlite import SQLiteTx

QUERIES = ["feijoa", "面包店", "label printer", "用户 Kumara carprofen", "Guangzhou trip"]
TEXTS = [
    "User's feijoa tree fruits in April",
    "用户的面包店在 Mt Albert Road",
    "The label printer is a Brother QL-820 on the shop Wi-Fi",
    "用户的狗 Kumara 在吃卡洛芬",
    "User flies to Guangzhou on 2027-04-01 for Qingming",
]


def search_all(mem: Memory) -> dict[tuple[str, bool], list[tuple[object, ...]]]:
    return {(q, g): [(h.memory, h.score) for h in mem.search(q, k=5, gate=g)]
            for q in QUERIES for g in (False, True)}


def check(mem: Memory) -> None:
    ids = [*all_ids(mem), 10_000]
    with mem.store.transaction(write=False) as tx:
        assert tx.get_many(ids) == SQLTx.get_many(tx, ids)
        assert tx.get_many(ids[:2]) == SQLTx.get_many(tx, ids[:2])
    cached = search_all(mem)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(SQLiteTx, "get_many", SQLTx.get_many)
        direct = search_all(mem)
    assert cached == direct and any(cached.values())


def warm(mem: Memory) -> None:
    search_all(mem)
    with mem.store.transaction(write=False) as tx:
        tx.get_many(all_ids(mem))
    assert mem.store._record_cache.facts  # the reads went through the cache


@pytest.fixture
def filled(db_path: str) -> Memory:
    m = Memory.open(db_path, embedder=HashingEmbedder())
    m.add_many(TEXTS, raw=True)
    return m


def test_every_write_path_is_seen_by_the_next_read(filled: Memory, db_path: str,
                                                   tmp_path: Path) -> None:
    mem = filled
    try:
        warm(mem)
        check(mem)
        ids = all_ids(mem)
        for step in (
            lambda: mem.add("User's cockatiel Doudou must never be near avocado"),
            lambda: mem.add(TEXTS[0]),  # a duplicate: its hit count and confirmation
            lambda: mem.update(ids[2], "The label printer is a Brother QL-820NWB now"),
            lambda: mem.archive(ids[0]),
            lambda: mem.restore(ids[0]),
        ):
            warm(mem)
            step()
            check(mem)
        warm(mem)
        last = mem.events(limit=1)[0]
        mem.revert(last.event_id)  # the restore undone: archived again
        assert mem.get(ids[0]).status == "archived"
        check(mem)

        warm(mem)  # an import into the same scope
        other = Memory.open(str(tmp_path / "other.db"), embedder=HashingEmbedder())
        other.add_many(["Flour comes from Champion on Tuesdays", "店里周一休息"], raw=True)
        other.export(tmp_path / "out.jsonl")
        other.close()
        mem.import_(tmp_path / "out.jsonl")
        check(mem)

        warm(mem)  # another process edits and archives through its own connection
        script = (
            "import sys\n"
            "from vecmem import Memory\n"
            "from vecmem.embed.hashing import HashingEmbedder\n"
            "m = Memory.open(sys.argv[1], embedder=HashingEmbedder())\n"
            f"m.update({ids[3]}, '用户的狗 Kumara 现在改吃另一种止痛药')\n"
            f"m.archive({ids[1]})\n"
            "m.close()\n"
        )
        subprocess.run([sys.executable, "-c", script, db_path], check=True, timeout=120)
        check(mem)
        with mem.store.transaction(write=False) as tx:
            assert tx.get_many([ids[1]])[ids[1]].status == "archived"
    finally:
        mem.close()


def test_a_rolled_back_write_leaves_no_trace(filled: Memory) -> None:
    mem = filled
    try:
        warm(mem)
        ids = all_ids(mem)
        with pytest.raises(RuntimeError), mem.store.transaction() as tx:
            tx.update_memory(ids[2], {"status": "archived", "hit_count": 99})
            # Read inside the transaction: the cache takes in the uncommitted row ...
            assert tx.get_many([ids[2]])[ids[2]].hit_count == 99
            raise RuntimeError("roll back")
        # ... and the rollback drops it.
        check(mem)
        with mem.store.transaction(write=False) as tx:
            assert tx.get_many([ids[2]])[ids[2]].status == "active"
    finally:
        mem.close()


def test_a_caller_editing_review_meta_never_reaches_the_cache(filled: Memory) -> None:
    """Records are frozen but ``review_meta`` is a dict: every read hands out its own."""
    mem = filled
    try:
        ids = all_ids(mem)
        with mem.store.transaction() as tx:
            tx.update_memory(ids[4], {"review_meta": {"kind": "conflict",
                                                      "conflicts_with": [ids[0]]}})
        with mem.store.transaction(write=False) as tx:
            first = tx.get_many([ids[4]])[ids[4]]
            assert first.review_meta is not None
            first.review_meta["conflicts_with"].append(999)
            first.review_meta["kind"] = "edited by a caller"
            again = tx.get_many([ids[4]])[ids[4]]
            assert again.review_meta == {"kind": "conflict", "conflicts_with": [ids[0]]}
            assert again == SQLTx.get_many(tx, [ids[4]])[ids[4]]
    finally:
        mem.close()


def test_the_cache_is_bounded(filled: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    mem = filled
    try:
        monkeypatch.setattr(mem.store._record_cache, "max_entries", 2)
        ids = all_ids(mem)
        with mem.store.transaction(write=False) as tx:
            for i in ids:
                assert tx.get_many([i]) == SQLTx.get_many(tx, [i])
                assert len(mem.store._record_cache.facts) <= 3
    finally:
        mem.close()

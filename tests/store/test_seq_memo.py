"""A read transaction reads its change number once (``SQLiteTx.current_seq``'s memo),
and the memo never outlives a write on its connection or a rolled-back savepoint: the
in-memory indexes sync by that number, so a stale one would hide a change from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.store.base import SQLTx


def _fresh(tx: object) -> int:
    return SQLTx.current_seq(tx)  # type: ignore[arg-type]


def test_read_transaction_reads_its_change_number_once(tmp_path: Path) -> None:
    mem = Memory.open(tmp_path / "m.db", embedder=HashingEmbedder())
    mem.add("User's cockatiel is called Doudou")
    reads: list[str] = []
    conn = mem.store.connection()
    conn.set_trace_callback(reads.append)
    try:
        with mem.store.transaction(write=False) as tx:
            first = tx.current_seq()
            assert all(tx.current_seq() == first for _ in range(5))
    finally:
        conn.set_trace_callback(None)
    assert sum("key = 'seq'" in r for r in reads) == 1
    mem.close()


def test_memo_follows_a_nested_write_and_a_rolled_back_one(tmp_path: Path) -> None:
    mem = Memory.open(tmp_path / "m.db", embedder=HashingEmbedder())
    mem.add("User lives in Auckland")
    with mem.store.transaction(write=False) as tx:
        before = tx.current_seq()
        mem.add("User's dog Kumara takes carprofen")  # a nested write on this connection
        after = tx.current_seq()
        assert after > before and after == _fresh(tx)
        with pytest.raises(RuntimeError), mem.store.transaction() as inner:
            inner.next_seq()
            assert tx.current_seq() == after + 1  # seen inside the savepoint ...
            raise RuntimeError("undo")
        assert tx.current_seq() == after == _fresh(tx)  # ... and gone after its rollback
    # A new transaction starts from the file again.
    with mem.store.transaction(write=False) as tx:
        assert tx.current_seq() == after
    mem.close()


def test_search_after_another_process_writes_sees_the_new_memory(tmp_path: Path) -> None:
    """Between two read transactions the memo starts over: a write made through another
    store object on the same file (another process, as far as this one knows) is found."""
    path = tmp_path / "m.db"
    mem = Memory.open(path, embedder=HashingEmbedder())
    mem.add("User's bakery is on Mt Albert Road")
    assert [h.memory.content for h in mem.search("bakery road", gate=False)]
    other = Memory.open(path, embedder=HashingEmbedder())
    other.add("User's second bakery opens on Dominion Road")
    other.close()
    texts = [h.memory.content for h in mem.search("Dominion Road bakery", gate=False)]
    assert "User's second bakery opens on Dominion Road" in texts
    mem.close()

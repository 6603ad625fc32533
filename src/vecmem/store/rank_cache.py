"""The in-memory copy of what search ranks by (``SQLTx.rank_facts``), kept in step with
the file by change number, like the vector and keyword indexes.

Why: a search reads status, hit count, last update, episode and end of validity of its
~100 candidates (and of their episode neighbours) by id. Through SQLite that is ~0.2 ms
of a ~1.8 ms search at 100k memories; from a dict it is a few microseconds.

Correctness comes from one structure, not from call sites: every change of a memory row
takes a new change number (``SQLTx.next_seq``, stored in the row's ``seq``), so before
each use the cache drops the rows changed after the number it reflects (one indexed
query on ``memories_seq``, whatever scope or process wrote them), and fills the ids it
lacks from the file as of the reader's snapshot. A rollback or a rewrite behind the
change numbers' back (an import, a migration, a plan undo) clears it through the store's
``invalidate_vectors``, with the indexes. A reader whose snapshot is older than the
cache (another thread's uncommitted writes are in it) starts it afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: Entries kept per (scope, key) before the cache starts over: bounds memory (~150 bytes
#: an entry) on a store searched across millions of distinct candidates.
MAX_ENTRIES = 500_000
#: Whole records kept (text included, ~1 KB each) before that cache starts over.
MAX_RECORDS = 20_000


class RankFactsCache:
    """id -> ``RankFacts`` (``None``: no such memory in this scope) for one (scope, key),
    valid as of change number ``seq``. The same structure keeps the whole records the
    search returns (``SQLiteStore.records``): any per-row value read by id whose every
    change takes a change number."""

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.seq: int | None = None
        self.facts: dict[int, Any] = {}
        self.max_entries = max_entries

    def lookup(
        self, tx: Any, now: int, ids: Iterable[int],
        fetch: Callable[[list[int]], dict[int, Any]],
    ) -> dict[int, Any]:
        """The facts of ``ids`` as of change ``now`` (the reader's snapshot); ``fetch``
        reads the ones the cache lacks from the file."""
        if self.seq is None or now < self.seq or len(self.facts) > self.max_entries:
            self.facts.clear()
        elif now > self.seq:
            for (memory_id,) in tx.execute(
                "SELECT id FROM memories INDEXED BY memories_seq WHERE seq > ?", (self.seq,)
            ):
                self.facts.pop(int(memory_id), None)
        self.seq = now
        facts = self.facts
        wanted = {int(i) for i in ids}
        missing = [i for i in wanted if i not in facts]
        if missing:
            got = fetch(missing)
            for i in missing:
                facts[i] = got.get(i)
        out: dict[int, Any] = {}
        for i in sorted(wanted):
            fact = facts[i]
            if fact is not None:
                out[i] = fact
        return out

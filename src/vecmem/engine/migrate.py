"""Copy a whole vecmem database from one engine to another (``vecmem migrate SRC DST``).

Everything moves with its identity: memories keep their ids (events, plans and
``superseded_by`` refer to them), events keep their ids and their exact text (they are the
audit trail), plans, vectors (with their model) and the keyword index terms are copied
as they are. Nothing is re-derived, so the destination answers exactly like the source.

The copy is one write transaction on the destination: it lands completely or not at all.
The source is read in one consistent snapshot, in keyset-paginated batches, so a million
memories never sit in memory at once. Afterwards every table is counted on both sides
and a mismatch is an error, not a warning.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from vecmem.errors import StoreError
from vecmem.store.base import EVENT_COLUMNS, SQLTx, Store, row_to_event

#: Rows per batch read from the source and written to the destination.
BATCH = 2000
#: What "the same rows" means when the destination is not empty (a re-run after success).
_FINGERPRINTS = {
    "memories": "SELECT id, scope, content_hash, status, updated_at, superseded_by "
                "FROM memories ORDER BY id",
    "events": "SELECT event_id, memory_id, action, created_at FROM events ORDER BY event_id",
    "plans": "SELECT id, status, applied_at FROM plans ORDER BY id",
    "memory_vectors": "SELECT memory_id, model, dim FROM memory_vectors ORDER BY memory_id",
}
TABLES = ("memories", "keywords", "memory_vectors", "events", "plans")

Progress = Callable[[int, int], None]


def migrate(src: Store, dst: Store, progress: Progress | None = None) -> dict[str, Any]:
    """Copy every row of ``src`` into the empty ``dst``; return per-table counts.

    ``progress(done, total)`` is called as rows are copied. Refuses a destination that
    already holds memories, events, plans or vectors, unless it holds exactly the
    source's rows (a migration that already ran), in which case nothing is written.
    """
    started = time.monotonic()
    with _snapshot(src) as s:
        source_counts = _counts(s)
        columns = _columns(s, "memories")
        plan_columns = _columns(s, "plans")
        total = sum(source_counts.values())
        with dst.transaction(write=True) as d:
            existing = _counts(d)
            if any(existing[t] for t in ("memories", "events", "plans", "memory_vectors")):
                if existing == source_counts and all(
                    _fingerprint(s, t) == _fingerprint(d, t) for t in _FINGERPRINTS
                ):
                    return _report(source_counts, existing, started, already=True)
                raise StoreError(
                    f"destination {dst.url} is not empty ({_describe(existing)}); "
                    "migrate only into a new, empty database"
                )
            if set(_columns(d, "memories")) != set(columns):
                raise StoreError(
                    "source and destination have different memory columns (schema "
                    "versions differ?); open both with the same vecmem version"
                )
            if set(_columns(d, "plans")) != set(plan_columns):
                raise StoreError("source and destination have different plan columns")
            copier = _Copier(s, d, total, progress)
            with _bulk(d):
                copier.memories(columns)
                copier.keywords()
                copier.vectors()
                copier.events()
                copier.plans(plan_columns)
                copier.meta()
    # Derived, in-process or on-disk indexes of the destination see the new rows.
    dst.invalidate_vectors()
    ensure = getattr(dst, "ensure_vector_indexes", None)
    if callable(ensure):
        ensure()  # build HNSW now, in bulk: faster than row by row, and searches are fast
    with dst.transaction(write=False) as d:
        dest_counts = _counts(d)
    report = _report(source_counts, dest_counts, started, already=False)
    if not report["ok"]:
        raise StoreError(f"migration verification failed: {report['tables']}")
    return report


# -- reading -------------------------------------------------------------------------------
def _snapshot(store: Store) -> AbstractContextManager[SQLTx]:
    # PostgreSQL needs an explicit snapshot for a consistent multi-query read; SQLite's
    # read transaction already is one.
    snapshot = getattr(store, "snapshot", None)
    if callable(snapshot):
        return snapshot()
    return store.transaction(write=False)


def _bulk(tx: SQLTx) -> AbstractContextManager[Any]:
    pipeline = getattr(tx, "pipeline", None)
    return pipeline() if callable(pipeline) else nullcontext()


def _columns(tx: SQLTx, table: str) -> list[str]:
    cur = tx.execute(f"SELECT * FROM {table} LIMIT 0")
    return [d[0] for d in cur.description]


def _scalar(tx: SQLTx, sql: str) -> int:
    return int(tx.execute(sql).fetchone()[0] or 0)


def _keyword_ids(tx: SQLTx) -> set[int]:
    ids: set[int] = set()
    for scope in tx.scopes():
        ids |= tx.keyword_index_ids(scope)
    return ids


def _counts(tx: SQLTx) -> dict[str, int]:
    return {
        "memories": _scalar(tx, "SELECT COUNT(*) FROM memories"),
        "keywords": len(_keyword_ids(tx)),
        "memory_vectors": _scalar(tx, "SELECT COUNT(*) FROM memory_vectors"),
        "events": _scalar(tx, "SELECT COUNT(*) FROM events"),
        "plans": _scalar(tx, "SELECT COUNT(*) FROM plans"),
    }


def _fingerprint(tx: SQLTx, table: str) -> str:
    digest = hashlib.sha256()
    for row in tx.execute(_FINGERPRINTS[table]):
        digest.update(repr(tuple(row)).encode())
    return digest.hexdigest()


def _pages(tx: SQLTx, sql: str, key_index: int = 0) -> Iterator[list[Sequence[Any]]]:
    """Keyset pagination: ``sql`` has ``WHERE key > ?`` and ``ORDER BY key LIMIT ?``."""
    last: Any = -1
    while True:
        rows = tx.execute(sql, [last, BATCH]).fetchall()
        if not rows:
            return
        yield rows
        last = rows[-1][key_index]


def _describe(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {t}" for t, n in counts.items() if n)


def _report(
    source: dict[str, int], dest: dict[str, int], started: float, *, already: bool
) -> dict[str, Any]:
    tables = {t: {"source": source[t], "destination": dest.get(t, 0)} for t in TABLES}
    return {
        "ok": all(v["source"] == v["destination"] for v in tables.values()),
        "already_migrated": already,
        "tables": tables,
        "seconds": round(time.monotonic() - started, 3),
    }


# -- writing -------------------------------------------------------------------------------
class _Copier:
    def __init__(self, s: SQLTx, d: SQLTx, total: int, progress: Progress | None) -> None:
        self.s = s
        self.d = d
        self.total = total
        self.done = 0
        self.progress = progress
        self.max_seq = 0
        self.memory_ids: list[int] = []

    def _advance(self, n: int) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(self.done, self.total)

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        many = getattr(self.d, "executemany", None)
        if callable(many):
            many(sql, rows)
        else:
            for row in rows:
                self.d.execute(sql, row)

    def memories(self, columns: list[str]) -> None:
        cols = ", ".join(columns)
        marks = ", ".join("?" * len(columns))
        id_at = columns.index("id")
        sup = columns.index("superseded_by")
        seq = columns.index("seq") if "seq" in columns else None
        links: list[tuple[int, int]] = []
        insert = f"INSERT INTO memories ({cols}) VALUES ({marks})"
        for rows in _pages(
            self.s, f"SELECT {cols} FROM memories WHERE id > ? ORDER BY id LIMIT ?", id_at
        ):
            batch = []
            for row in rows:
                values = list(row)
                # superseded_by usually points at a *later* id (the merge result), which
                # does not exist yet: insert without it, link afterwards.
                if values[sup] is not None:
                    links.append((int(values[id_at]), int(values[sup])))
                    values[sup] = None
                if seq is not None and values[seq] is not None:
                    self.max_seq = max(self.max_seq, int(values[seq]))
                batch.append(values)
            self.memory_ids.extend(int(r[id_at]) for r in rows)
            self._executemany(insert, batch)
            self._advance(len(rows))
        for start in range(0, len(links), BATCH):
            self._executemany(
                "UPDATE memories SET superseded_by = ? WHERE id = ?",
                [(target, mid) for mid, target in links[start : start + BATCH]],
            )

    def keywords(self) -> None:
        many = getattr(self.s, "keyword_terms_many", None)
        for start in range(0, len(self.memory_ids), BATCH):
            chunk = self.memory_ids[start : start + BATCH]
            if callable(many):
                terms = many(chunk)
            else:
                terms = {}
                for mid in chunk:
                    t = self.s.keyword_index_terms(mid)
                    if t is not None:
                        terms[mid] = t
            for mid in chunk:
                if mid in terms:
                    self.d.index_keywords(mid, terms[mid])
            self._advance(len(terms))

    def vectors(self) -> None:
        insert = (
            "INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) VALUES (?,?,?,?,?)"
        )
        for rows in _pages(
            self.s,
            "SELECT memory_id, model, dim, vector, seq FROM memory_vectors "
            "WHERE memory_id > ? ORDER BY memory_id LIMIT ?",
        ):
            batch = []
            for memory_id, model, dim, blob, seq in rows:
                vec = self.s.vector_value(blob)
                if int(vec.shape[0]) != int(dim):
                    raise StoreError(
                        f"vector of memory {memory_id} has {vec.shape[0]} values, "
                        f"its row says {dim}; run `vecmem doctor` on the source first"
                    )
                batch.append((memory_id, model, dim, self.d.vector_param(vec), seq))
                self.max_seq = max(self.max_seq, int(seq or 0))
            self._executemany(insert, batch)
            self._advance(len(rows))

    def events(self) -> None:
        for rows in _pages(
            self.s,
            f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id > ? ORDER BY event_id LIMIT ?",
        ):
            for row in rows:
                self.d.insert_event_verbatim(row_to_event(row))
            self._advance(len(rows))

    def plans(self, columns: list[str]) -> None:
        # Plan ids are text; they are few, copy them in one go, column for column.
        cols = ", ".join(columns)
        rows = self.s.execute(f"SELECT {cols} FROM plans ORDER BY id").fetchall()
        insert = f"INSERT INTO plans ({cols}) VALUES ({', '.join('?' * len(columns))})"
        for start in range(0, len(rows), BATCH):
            self._executemany(insert, [list(r) for r in rows[start : start + BATCH]])
        self._advance(len(rows))

    def meta(self) -> None:
        for key, value in self.s.execute("SELECT key, value FROM meta ORDER BY key").fetchall():
            # The change counter is handled below; the store id names one database (its
            # saved indexes are keyed to it), so the copy keeps its own.
            if key in ("seq", "store_id"):
                continue
            self.d.set_meta(str(key), str(value))
        # Change numbers travel with the rows; the destination's counter must pass them.
        target = max(self.max_seq, self.s.current_seq())
        bump = getattr(self.d, "ensure_seq_at_least", None)
        if callable(bump):
            bump(target)
        elif target > self.d.current_seq():
            self.d.set_meta("seq", str(target))

"""The embedded engine: one SQLite file, WAL, FTS5 keyword index, float32 vector blobs.

Works on Pythons that cannot load SQLite extensions: vectors are plain float32 blobs (the
layout sqlite-vec reads) and vector search runs in process over an index that is synced
from the file by change number, so several processes can share one file.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from vecmem.store.index_cache import IndexCache
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.errors import StoreError
from vecmem.store.base import RankFacts, SQLTx, Store
from vecmem.store.rank_cache import MAX_RECORDS, RankFactsCache
from vecmem.store.schema import TOMBSTONE, Dialect, migrate
from vecmem.types import MemoryRecord

BUSY_TIMEOUT_MS = 30_000

_FTS = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts USING fts5("
    "terms, tokenize = 'porter unicode61 remove_diacritics 2')"
)
_TRIGGERS = [
    # Events are append-only: the database refuses to edit or delete one.
    """CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'events are append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'events are append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS memories_no_delete BEFORE DELETE ON memories
       BEGIN SELECT RAISE(ABORT, 'memories are never deleted; archive instead'); END""",
]


def store_error(exc: sqlite3.Error, path: Path | str) -> StoreError:
    """The StoreError for a SQLite failure: what happened to which file, and what to do.
    Nothing of the failed operation was written (its transaction rolled back)."""
    msg = str(exc)
    low = msg.lower()
    code = getattr(exc, "sqlite_errorname", "") or ""
    if "full" in low or code == "SQLITE_FULL":
        return StoreError(f"database {path}: the disk is full (or the file reached its size "
                          f"limit); nothing was written. Free some space and try again ({msg})")
    if "disk i/o" in low or code.startswith("SQLITE_IOERR"):
        return StoreError(f"database {path}: the disk reported an I/O error; nothing was "
                          "written. Check the disk and the file system, then run `vecmem "
                          f"doctor` ({msg})")
    if "readonly" in low or "read-only" in low or code.startswith("SQLITE_READONLY"):
        return StoreError(f"database {path} is read-only: check the permissions of the file "
                          f"and its folder (the -wal and -shm files too) ({msg})")
    if "locked" in low or "busy" in low or code.startswith("SQLITE_BUSY"):
        return StoreError(f"database {path} is busy: another process held its write lock for "
                          f"more than {BUSY_TIMEOUT_MS // 1000} s; try again ({msg})")
    if "not a database" in low or "malformed" in low or code.startswith("SQLITE_CORRUPT"):
        return StoreError(f"database {path} is corrupt or not a vecmem database ({msg}); "
                          "restore it from a backup or an export")
    if "unable to open" in low or code.startswith("SQLITE_CANTOPEN"):
        return StoreError(f"cannot open database {path} ({msg}): check that the folder exists "
                          "and is writable")
    return StoreError(f"database {path}: {msg}")


_COLS_KEPT = ("event_id", "memory_id", "action", "before_status", "after_status", "source",
              "actor", "related_ids", "created_at", "scope")
_TEXT_COLS = ("before_content", "after_content", "reason")
#: Migration 4: only a purge may rewrite an event, and only its texts to the tombstone.
_EVENTS_GUARD = {
    "events_guard_drop": "DROP TRIGGER IF EXISTS events_no_update",
    "events_guard_function": "SELECT 1",
    "events_guard": (
        "CREATE TRIGGER IF NOT EXISTS events_only_purge BEFORE UPDATE ON events WHEN NOT ("
        + " AND ".join(f"NEW.{c} IS OLD.{c}" for c in _COLS_KEPT) + " AND "
        + " AND ".join(f"(NEW.{c} IS OLD.{c} OR NEW.{c} = '{TOMBSTONE}')" for c in _TEXT_COLS)
        + " AND (NEW.meta IS OLD.meta OR NEW.meta LIKE '{\"purged\": true%')"
        + ") BEGIN SELECT RAISE(ABORT, 'events are append-only (a purge may only replace "
        "their texts with the tombstone)'); END"
    ),
}


class SQLiteTx(SQLTx):
    store: SQLiteStore
    #: True for a top-level read transaction (``SQLiteStore.transaction``): its snapshot
    #: is fixed from its first read, so its change number is read once, not by each of
    #: the three in-memory indexes a search syncs (vector, keyword, rank facts).
    snapshot = False
    #: (connection's total changes, store's rollbacks, change number) of the last read.
    _seq_memo: tuple[int, int, int] | None = None

    def current_seq(self) -> int:
        if not self.snapshot:
            return super().current_seq()
        # Any write on this connection (a nested transaction's too) or a rolled-back
        # savepoint makes the memo stale: both are part of its key.
        key = (self.conn.total_changes, self.store._rollbacks)
        memo = self._seq_memo
        if memo is not None and memo[:2] == key:
            return memo[2]
        seq = super().current_seq()
        self._seq_memo = (key[0], key[1], seq)
        return seq

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def insert_returning_id(self, sql: str, params: Sequence[Any], id_column: str) -> int:
        cur = self.conn.execute(sql, params)
        return int(cur.lastrowid)

    def index_keywords(self, memory_id: int, terms: str) -> None:
        self.conn.execute("INSERT INTO memory_fts(rowid, terms) VALUES (?, ?)", (memory_id, terms))

    def unindex_keywords(self, memory_id: int) -> None:
        self.conn.execute("DELETE FROM memory_fts WHERE rowid = ?", (memory_id,))

    def keyword_index_ids(self, scope: str) -> set[int]:
        rows = self.conn.execute(
            "SELECT f.rowid FROM memory_fts f LEFT JOIN memories m ON m.id = f.rowid "
            "WHERE m.scope = ? OR m.id IS NULL",
            (scope,),
        )
        return {int(r[0]) for r in rows}

    def keyword_index_terms(self, memory_id: int) -> str | None:
        row = self.conn.execute(
            "SELECT terms FROM memory_fts WHERE rowid = ?", (memory_id,)
        ).fetchone()
        return row[0] if row else None

    def keyword_search(
        self, scope: str, terms: list[str], limit: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        from vecmem.text import fts_query

        if status == "active" and self.store.memory_keyword_index:
            return self.store.keyword_index(self, scope).search(terms, limit)
        # Other statuses (explain's "filtered" list) and the fallback: FTS5 itself.
        expr = fts_query(terms)
        if expr is None:
            return []
        # Fast path: FTS5's own top-n by rank, then the status/scope filter. Correct only
        # when enough rows survive the filter; otherwise the joined query filters before
        # the LIMIT (status is always filtered before the top-k cut).
        probe = limit * 4
        top = self.conn.execute(
            "SELECT rowid, rank FROM memory_fts WHERE memory_fts MATCH ? ORDER BY rank LIMIT ?",
            (expr, probe),
        ).fetchall()
        if top:
            marks = ",".join("?" * len(top))
            keep = {int(i) for (i,) in self.conn.execute(
                f"SELECT id FROM memories WHERE id IN ({marks}) AND scope = ? AND status = ?",
                [*(r[0] for r in top), scope, status])}
            hits = [(int(i), -float(r)) for i, r in top if int(i) in keep]
            if len(hits) >= limit or len(top) < probe:
                return hits[:limit]
        rows = self.conn.execute(
            "SELECT m.id, bm25(memory_fts) AS r FROM memory_fts "
            "JOIN memories m ON m.id = memory_fts.rowid "
            "WHERE memory_fts MATCH ? AND m.scope = ? AND m.status = ? ORDER BY r LIMIT ?",
            (expr, scope, status, limit),
        )
        return [(int(i), -float(r)) for i, r in rows]

    def keyword_stats(self, scope: str, terms: list[str]) -> tuple[int, dict[str, int]]:
        from vecmem.text import fts_query

        if self.store.memory_keyword_index:
            return self.store.keyword_index(self, scope).term_stats(terms)
        join = ("FROM memory_fts f JOIN memories m ON m.id = f.rowid "
                "WHERE m.scope = ? AND m.status = 'active'")
        docs = int(self.conn.execute(f"SELECT COUNT(*) {join}", (scope,)).fetchone()[0])
        df: dict[str, int] = {}
        for term in dict.fromkeys(t for t in terms if t):
            df[term] = int(self.conn.execute(
                f"SELECT COUNT(*) {join} AND memory_fts MATCH ?",
                (scope, fts_query([term]))).fetchone()[0])
        return docs, df

    def keyword_matches(
        self, scope: str, ids: Iterable[int], terms: list[str]
    ) -> dict[int, list[str]]:
        if self.store.memory_keyword_index:
            return self.store.keyword_index(self, scope).matches(ids, terms)
        from vecmem.store.fts_tokens import TOKENIZER

        ids = [int(i) for i in ids]
        wanted = {t: set(TOKENIZER.tokens(t)) for t in dict.fromkeys(terms) if t}
        out: dict[int, list[str]] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.conn.execute(
                f"SELECT m.id, f.terms FROM memories m JOIN memory_fts f ON f.rowid = m.id "
                f"WHERE m.id IN ({marks}) AND m.scope = ? AND m.status = 'active'",
                [*chunk, scope])
            for mid, doc in rows:
                toks = TOKENIZER.tokens_many((doc or "").split())
                have = {t for parts in toks.values() for t in parts}
                hit = [t for t, want in wanted.items() if want and want & have]
                if hit:
                    out[int(mid)] = hit
        return out

    def keyword_docs(self, scope: str) -> Iterator[tuple[int, str]]:
        """(id, FTS5 terms) of every active memory of ``scope``: the keyword index build."""
        rows = self.conn.execute(
            "SELECT m.id, f.terms FROM memories m JOIN memory_fts f ON f.rowid = m.id "
            "WHERE m.scope = ? AND m.status = 'active' ORDER BY m.id", (scope,))
        for memory_id, terms in rows:
            yield int(memory_id), terms

    def keyword_changes_since(self, scope: str, seq: int) -> list[tuple[int, bool, str | None]]:
        """(id, is active, FTS5 terms or None) of memories changed after ``seq``."""
        rows = self.conn.execute(
            "SELECT m.id, m.status = 'active', f.terms FROM memories m INDEXED BY memories_seq "
            "LEFT JOIN memory_fts f ON f.rowid = m.id WHERE m.seq > ? AND m.scope = ?",
            (seq, scope))
        return [(int(i), bool(active), terms) for i, active, terms in rows]

    def rank_facts(self, scope: str, ids: Iterable[int], key: str) -> dict[int, RankFacts]:
        """``SQLTx.rank_facts`` through the store's in-memory copy (``rank_cache``)."""
        return self.store.rank_facts(self, scope, ids, key)

    def get_many(self, ids: Sequence[int]) -> dict[int, MemoryRecord]:
        """``SQLTx.get_many`` through the store's in-memory copy of the rows read by id
        (``rank_cache``: the k records each search returns, read again by the next)."""
        return self.store.records(self, ids)

    def vector_search(
        self, scope: str, model: str, query: np.ndarray, k: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        index = self.store.vector_index(self, scope, model, int(query.shape[0]))
        return index.search(query, k)

    def cosines(self, scope: str, model: str, query: np.ndarray,
                ids: Sequence[int]) -> dict[int, float]:
        """As ``SQLTx.cosines``, from the in-memory index when the search built it (no
        blob reads on the search path)."""
        if not ids or (scope, model) not in self.store._indexes:
            return super().cosines(scope, model, query, ids)
        index = self.store.vector_index(self, scope, model, int(query.shape[0]))
        q = np.asarray(query, dtype=np.float32)
        norm = float(np.linalg.norm(q))
        if norm == 0:
            return {}
        out = index.cosines(ids, q / norm)
        # The index holds active rows only; a past row (history search) is read from the
        # table, as PostgreSQL reads every row, so both engines judge the same candidates.
        rest = [int(i) for i in ids if int(i) not in out]
        if rest:
            out.update(super().cosines(scope, model, query, rest))
        return out

    # The index sync runs before every search; SQLite's planner would otherwise pick the
    # equality indexes (model, scope/status) that match every row and scan the table.
    def changed_since(self, scope: str, seq: int) -> list[tuple[int, str]]:
        rows = self.conn.execute(
            "SELECT id, status FROM memories INDEXED BY memories_seq "
            "WHERE seq > ? AND scope = ?", (seq, scope))
        return [(int(i), str(st)) for i, st in rows]

    def vectors_since(
        self, scope: str, model: str, seq: int
    ) -> Iterator[tuple[int, np.ndarray]]:
        rows = self.conn.execute(
            "SELECT v.memory_id, v.vector FROM memory_vectors v INDEXED BY memory_vectors_seq "
            "JOIN memories m ON m.id = v.memory_id WHERE v.seq > ? AND m.scope = ? "
            "AND v.model = ? AND m.status = 'active' "
            "UNION "
            "SELECT v.memory_id, v.vector FROM memories m INDEXED BY memories_seq "
            "JOIN memory_vectors v ON v.memory_id = m.id WHERE m.seq > ? AND m.scope = ? "
            "AND v.model = ? AND m.status = 'active'",
            (seq, scope, model, seq, scope, model))
        for memory_id, blob in rows:
            yield int(memory_id), np.frombuffer(blob, dtype="<f4")


def _unchanged(index: Any, memory_id: int, vec: np.ndarray) -> bool:
    """True when ``index`` already holds exactly this vector for ``memory_id``."""
    if memory_id not in index:
        return False
    held = index.get(memory_id)
    # Normalized exactly as ``VectorIndex.upsert`` normalizes a batch.
    row = np.asarray(vec, dtype=np.float32).reshape(1, -1)
    norms = np.linalg.norm(row, axis=1, keepdims=True)
    unit = (row / np.where(norms > 0, norms, 1.0))[0]
    return held is not None and bool(np.array_equal(held, unit))


class SQLiteStore(Store):
    engine_name = "sqlite"
    #: Active-status keyword search through the in-memory BM25 index (False: FTS5 only).
    memory_keyword_index = True

    def __init__(self, path: str | os.PathLike[str], *, ann_threshold: int = 20_000) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.url = str(self.path)
        self.ann_threshold = ann_threshold
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._indexes: dict[tuple[str, str], Any] = {}
        self._index_seq: dict[tuple[str, str], int] = {}
        # ``_index_saved`` holds each saved index's ``changes`` at its last save or load
        # (absent: no copy made by this process yet); see ``index_cache``.
        self._index_saved: dict[tuple[str, str], int] = {}
        self._store_id: str | None = None
        self._index_lock = threading.Lock()
        self._keyword_indexes: dict[str, Any] = {}  # scope -> KeywordIndex
        self._keyword_saved: dict[str, int] = {}  # scope -> its ``changes`` at save / load
        self._keyword_lock = threading.Lock()
        self._rank_caches: dict[tuple[str, str], RankFactsCache] = {}  # (scope, key)
        self._record_cache = RankFactsCache(MAX_RECORDS)  # id -> MemoryRecord (any scope)
        self._rollbacks = 0  # savepoints rolled back (``SQLiteTx.current_seq``'s memo)
        self._rank_lock = threading.Lock()
        self._closed = False
        self._check_path()
        with self._guard():
            self._migrate()

    @functools.cached_property
    def index_cache(self) -> IndexCache:
        """Saved copies of large indexes beside the file. Made at first use: it imports
        the vector index (and numpy), which a command that reads no vector never needs."""
        from vecmem.store.index_cache import IndexCache

        return IndexCache(self.path)

    # -- connections ---------------------------------------------------------------------
    def _check_path(self) -> None:
        folder = self.path.parent
        if not folder.exists():
            raise StoreError(f"cannot open database {self.path}: folder {folder} does not exist")
        if not folder.is_dir():
            raise StoreError(f"cannot open database {self.path}: {folder} is not a folder")
        if self.path.exists() and self.path.is_dir():
            raise StoreError(f"cannot open database {self.path}: it is a folder, not a file")
        if not os.access(folder, os.W_OK) and not (
            self.path.exists() and os.access(self.path, os.W_OK)
        ):
            raise StoreError(f"cannot open database {self.path}: folder {folder} is read-only")

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Every SQLite failure leaves here as one StoreError saying what to do."""
        try:
            yield
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from None

    def connection(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreError("this memory is closed")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            with self._guard():
                conn = sqlite3.connect(
                    self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                    check_same_thread=False,
                )
                conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                conn.execute("PRAGMA foreign_keys = ON")
            self._local.conn = conn
            with self._index_lock:
                self._connections.append(conn)
        return conn

    @contextmanager
    def transaction(
        self, *, write: bool = True, scope: str | None = None
    ) -> Iterator[SQLiteTx]:
        # ``scope`` is ignored: one SQLite file has one writer whatever the scope.
        if write:
            self._refuse_write()
        conn = self.connection()
        with self._guard():
            if conn.in_transaction:
                # Nested use joins the outer transaction via a savepoint.
                conn.execute("SAVEPOINT nested")
                changes = conn.total_changes
                try:
                    yield SQLiteTx(conn, self)
                except BaseException:
                    conn.execute("ROLLBACK TO nested")
                    conn.execute("RELEASE nested")
                    self._rollbacks += 1  # an outer tx's change-number memo is stale
                    if conn.total_changes != changes:  # see the rollback below
                        self.invalidate_vectors(persisted=False)
                    raise
                conn.execute("RELEASE nested")
                return
            # IMMEDIATE takes the write lock at BEGIN, so two writers never both read a
            # state and then race to change it (and never deadlock on a lock upgrade).
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            tx = SQLiteTx(conn, self)
            tx.snapshot = not write
            changes = conn.total_changes
            try:
                yield tx
                conn.execute("COMMIT")
            except BaseException:
                # After some failures (a full disk, an I/O error) SQLite has already
                # rolled back by itself; a second ROLLBACK would hide the first error.
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                # Nested transactions write through tx objects of their own: the
                # connection's change counter sees their writes too.
                if tx._seq is not None or conn.total_changes != changes:
                    # The index may have synced rows this transaction wrote; rebuild it
                    # (saved copies hold committed rows only, so they stay valid).
                    self.invalidate_vectors(persisted=False)
                raise

    def close(self) -> None:
        with self._index_lock:
            for key, index in self._indexes.items():
                # At 1M a save takes ~11 s and each open catches up 1k changes in 1.5-5 s:
                # refresh the copy only once it is 0.1% behind, not after every write.
                self._save_index(key, index, min_changes=max(1, len(index) // 1000))
            with self._keyword_lock:
                for scope, kw in self._keyword_indexes.items():
                    # Same rule: a keyword save at 1M takes ~1 s, a catch-up is cheap.
                    self._save_keyword_index(scope, kw, min_changes=max(1, len(kw) // 1000))
                self._keyword_indexes.clear()
                self._keyword_saved.clear()
            for conn in self._connections:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()
            self._connections.clear()
            self._indexes.clear()
            self._index_saved.clear()
        with self._rank_lock:
            self._rank_caches.clear()
        self._local = threading.local()
        self._closed = True

    # -- schema --------------------------------------------------------------------------
    def _migrate(self) -> None:
        conn = self.connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            self.upgrade = migrate(SQLiteTx(conn, self), Dialect(
                fill={"id": "INTEGER PRIMARY KEY AUTOINCREMENT", "blob": "BLOB", "fts": _FTS,
                      **_EVENTS_GUARD},
                after={1: _TRIGGERS}, backup=self._backup_before_upgrade, where=str(self.path)))
            # Names this database for its saved vector indexes (index_cache): a copy made
            # for another file that once lived at this path is never trusted.
            conn.execute(
                "INSERT INTO meta(key, value) VALUES ('store_id', ?) ON CONFLICT(key) DO NOTHING",
                (secrets.token_hex(16),),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        # A secret cut out of stored texts on upgrade (store/legacy_secrets.py) must leave
        # no page of the file either (old FTS segments, freed pages): the scrub a purge gets.
        red = self.upgrade.rederived
        if any(red.get(k) for k in ("secrets", "events_scrubbed", "plans_scrubbed",
                                    "recalls_scrubbed")):
            red["scrub"] = self.scrub()

    def _backup_before_upgrade(self, label: str) -> str:
        """A consistent copy beside the file, taken while this connection holds the write
        lock (so it is exactly the state the upgrade starts from)."""
        from vecmem.store.backup import backup_sqlite, upgrade_backup_path

        dest = upgrade_backup_path(self.path, label)
        backup_sqlite(self.path, dest)
        return str(dest)

    def ann_recall(self, scope: str, model: str, dim: int, *, sample: int = 64,
                   k: int = 10) -> float | None:
        with self.transaction(write=False) as tx:
            index = self.vector_index(tx, scope, model, dim)
            if not index.uses_ann or len(index) <= k:
                return None
            ids = index.ids()
            picks = ids[:: max(1, len(ids) // sample)][:sample]  # deterministic sample
            hits = 0
            for memory_id in picks.tolist():
                q = index.get(memory_id)
                exact = index._exact(q, k)
                # Ties count: any hit as close as the k-th exact neighbour is a right one.
                floor = exact[-1][1] - 1e-6
                hits += min(k, sum(1 for _, score in index.search(q, k) if score >= floor))
            return hits / (k * len(picks))

    def scrub(self) -> list[str]:
        """After a purge: merge the FTS5 segments (deleted terms leave the index files),
        checkpoint and truncate the WAL, and VACUUM with ``secure_delete`` on, so the
        removed text survives in no page of the file. Another process holding a read
        transaction can keep the WAL from being truncated: say so."""
        notes: list[str] = []
        conn = self.connection()
        with self._guard():
            conn.execute("PRAGMA secure_delete = ON")
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("INSERT INTO memory_fts(memory_fts) VALUES('optimize')")
                conn.execute("COMMIT")
                conn.execute("VACUUM")
                busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                if busy:
                    notes.append("another process is reading: the WAL could not be truncated "
                                 "yet; run `vecmem doctor` again when it is idle")
            finally:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                conn.execute("PRAGMA secure_delete = OFF")
        return notes

    def schema_version(self) -> int:
        row = self.connection().execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def integrity_check(self, *, thorough: bool = True) -> list[str]:
        conn = self.connection()
        pragma = "integrity_check" if thorough else "quick_check"
        problems = [r[0] for r in conn.execute(f"PRAGMA {pragma}") if r[0] != "ok"]
        if not thorough:
            return problems
        try:
            conn.execute("INSERT INTO memory_fts(memory_fts, rank) VALUES('integrity-check', 1)")
        except sqlite3.DatabaseError as exc:
            problems.append(f"keyword index: {exc}")
        return problems

    def size_bytes(self) -> int | None:
        total = 0
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                total += p.stat().st_size
        return total

    # -- keyword index -------------------------------------------------------------------
    def keyword_index(self, tx: SQLiteTx, scope: str) -> Any:
        """The in-memory BM25 index of the active memories of ``scope``, synced to now.

        Loaded from a saved copy when there is a valid one, else built from the terms in
        ``memory_fts`` (the durable copy); kept in step by change number, like the vector
        index. A rollback drops it (``invalidate_vectors``); saved copies hold committed
        rows only.
        """
        from vecmem.store.keyword_index import KeywordIndex

        with self._keyword_lock:
            index = self._keyword_indexes.get(scope)
            now = tx.current_seq()
            if index is None:
                index = self._open_keyword_index(tx, scope, now)
                if index is None:
                    index = KeywordIndex.build(tx.keyword_docs(scope))
                    index.seq = now
                self._keyword_indexes[scope] = index
            if now != index.seq:
                index.apply(tx.keyword_changes_since(scope, index.seq))
                index.seq = now
            if scope not in self._keyword_saved:  # built from the terms: keep a copy
                self._save_keyword_index(scope, index)
            return index

    def _open_keyword_index(self, tx: SQLiteTx, scope: str, now: int) -> Any | None:
        """A valid saved copy (its ``seq`` is the change it reflects), else None."""
        if self._store_id is None:
            self._store_id = tx.get_meta("store_id")
        loaded = None if self._store_id is None else self.index_cache.load_keyword(
            store_id=self._store_id, scope=scope, current_seq=now)
        if loaded is None:
            self._keyword_saved.pop(scope, None)
            return None
        self._keyword_saved[scope] = loaded[0].changes
        return loaded[0]

    def _save_keyword_index(self, scope: str, index: Any, *, min_changes: int = 0) -> None:
        """`_save_index` for a keyword index: only past ``ann_threshold`` documents (a
        smaller one rebuilds in well under a second), only committed states."""
        if len(index) < max(1, self.ann_threshold) or self._store_id is None:
            return
        saved = self._keyword_saved.get(scope)
        if saved is not None and index.changes - saved < min_changes:
            return
        if not self.index_cache.is_committed(self._store_id, index.seq):
            return  # synced rows of an open transaction: try again at the next sync
        self.index_cache.save_keyword(
            index, store_id=self._store_id, scope=scope, seq=index.seq)
        self._keyword_saved[scope] = index.changes

    # -- rank facts ----------------------------------------------------------------------
    def records(self, tx: SQLiteTx, ids: Iterable[int]) -> dict[int, MemoryRecord]:
        """Whole records of ``ids``, from the cache synced to ``tx``'s snapshot. A record
        is frozen but its ``review_meta`` dict is not: each caller gets its own copy of
        one, so no caller's edit reaches the cache."""
        now = tx.current_seq()
        with self._rank_lock:
            got = self._record_cache.lookup(tx, now, ids,
                                            lambda todo: SQLTx.get_many(tx, todo))
        return {i: r if r.review_meta is None else
                dataclasses.replace(r, review_meta=copy.deepcopy(r.review_meta))
                for i, r in got.items()}

    def rank_facts(
        self, tx: SQLiteTx, scope: str, ids: Iterable[int], key: str
    ) -> dict[int, RankFacts]:
        """What ranking needs of ``ids``, from the cache synced to ``tx``'s snapshot."""
        now = tx.current_seq()
        with self._rank_lock:
            cache = self._rank_caches.get((scope, key))
            if cache is None:
                cache = self._rank_caches[(scope, key)] = RankFactsCache()
            return cache.lookup(tx, now, ids, lambda todo: SQLTx.rank_facts(tx, scope, todo, key))

    # -- vector index --------------------------------------------------------------------
    def vector_index(self, tx: SQLiteTx, scope: str, model: str, dim: int) -> Any:
        """The in-memory index of active vectors of ``model`` in ``scope``, synced to now."""
        key = (scope, model)
        with self._index_lock:
            index = self._indexes.get(key)
            if index is None or getattr(index, "dim", dim) != dim:
                index, self._index_seq[key] = self._open_index(tx, scope, model, dim)
                self._indexes[key] = index
            last = self._index_seq[key]
            now = tx.current_seq()
            if now != last:
                if last >= 0:
                    gone = [i for i, status in tx.changed_since(scope, last) if status != "active"]
                    if gone:
                        index.remove(np.asarray(gone, dtype=np.int64))
                ids: list[int] = []
                vecs: list[np.ndarray] = []
                for memory_id, vec in tx.vectors_since(scope, model, max(last, -1)):
                    if vec.shape[0] != dim or _unchanged(index, memory_id, vec):
                        # A row change that left the vector alone (a duplicate's hit
                        # count): re-inserting it into the HNSW graph costs recall.
                        continue
                    ids.append(memory_id)
                    vecs.append(vec)
                    if len(ids) >= 50_000:
                        index.upsert(np.asarray(ids, dtype=np.int64), np.vstack(vecs))
                        ids, vecs = [], []
                if ids:
                    index.upsert(np.asarray(ids, dtype=np.int64), np.vstack(vecs))
                # A vector re-made under another model leaves this model's index.
                if last >= 0:
                    moved = [
                        int(r[0])
                        for r in tx.execute(
                            "SELECT memory_id FROM memory_vectors WHERE seq > ? AND model <> ?",
                            [last, model],
                        )
                    ]
                    if moved:
                        index.remove(np.asarray(moved, dtype=np.int64))
                self._index_seq[key] = now
                if key not in self._index_saved:  # built from the blobs: keep a copy
                    self._save_index(key, index)
            return index

    def _open_index(self, tx: SQLiteTx, scope: str, model: str, dim: int) -> tuple[Any, int]:
        """A valid saved copy and the seq it reflects (the caller's sync catches up from
        there), else an empty index to fill from the blobs (seq -1)."""
        from vecmem.store.vector_index import VectorIndex

        self._store_id = tx.get_meta("store_id")
        loaded = None if self._store_id is None else self.index_cache.load(
            store_id=self._store_id, scope=scope, model=model, dim=dim,
            current_seq=tx.current_seq(), ann_threshold=self.ann_threshold)
        if loaded is None:
            self._index_saved.pop((scope, model), None)
            return VectorIndex(dim, ann_threshold=self.ann_threshold), -1
        self._index_saved[(scope, model)] = loaded[0].changes
        return loaded

    def _save_index(self, key: tuple[str, str], index: Any, *, min_changes: int = 0) -> None:
        """Save a copy of an index big enough to be slow to rebuild, unless the last copy
        is fewer than ``min_changes`` rows behind. Never raises."""
        if len(index) < max(1, self.ann_threshold) or self._store_id is None:
            return
        saved = self._index_saved.get(key)
        if saved is not None and index.changes - saved < min_changes:
            return
        seq = self._index_seq[key]
        if not self.index_cache.is_committed(self._store_id, seq):
            return  # synced rows of an open transaction: try again at the next sync
        self.index_cache.save(
            index, store_id=self._store_id, scope=key[0], model=key[1], seq=seq)
        # A failed save counts as one too, so a full disk is not retried on every sync.
        self._index_saved[key] = index.changes

    def invalidate_vectors(self, *, persisted: bool = True) -> None:
        """Drop the in-memory vector and keyword indexes, and with ``persisted`` the saved
        copies of both too (rows changed in a way change numbers do not show)."""
        with self._index_lock, self._keyword_lock, self._rank_lock:
            self._rank_caches.clear()
            self._record_cache = RankFactsCache(MAX_RECORDS)
            self._indexes.clear()
            self._index_seq.clear()
            self._keyword_indexes.clear()
            self._index_saved.clear()
            self._keyword_saved.clear()
            if persisted:
                self.index_cache.discard()

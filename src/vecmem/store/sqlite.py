"""The embedded engine: one SQLite file, WAL, FTS5 keyword index, float32 vector blobs.

Works on Pythons that cannot load SQLite extensions: vectors are plain float32 blobs (the
layout sqlite-vec reads) and vector search runs in process over an index that is synced
from the file by change number, so several processes can share one file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from vecmem.errors import StoreError
from vecmem.store.base import SQLTx, Store, utcnow
from vecmem.store.schema import LATEST_VERSION, MIGRATIONS

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


class SQLiteTx(SQLTx):
    store: SQLiteStore

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

    def vector_search(
        self, scope: str, model: str, query: np.ndarray, k: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        index = self.store.vector_index(self, scope, model, int(query.shape[0]))
        return index.search(query, k)

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


class SQLiteStore(Store):
    engine_name = "sqlite"

    def __init__(self, path: str | os.PathLike[str], *, ann_threshold: int = 20_000) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.url = str(self.path)
        self.ann_threshold = ann_threshold
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._indexes: dict[tuple[str, str], Any] = {}
        self._index_seq: dict[tuple[str, str], int] = {}
        self._index_lock = threading.Lock()
        self._closed = False
        self._check_path()
        with self._guard():
            self._migrate()

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
        try:
            yield
        except sqlite3.DatabaseError as exc:
            msg = str(exc)
            if "not a database" in msg or "malformed" in msg:
                raise StoreError(
                    f"database {self.path} is corrupt or not a vecmem database ({msg})"
                ) from None
            if "readonly" in msg or "read-only" in msg:
                raise StoreError(f"database {self.path} is read-only ({msg})") from None
            if "locked" in msg or "busy" in msg:
                raise StoreError(f"database {self.path} is busy; try again ({msg})") from None
            if "unable to open" in msg:
                raise StoreError(f"cannot open database {self.path} ({msg})") from None
            raise

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
        conn = self.connection()
        with self._guard():
            if conn.in_transaction:
                # Nested use joins the outer transaction via a savepoint.
                conn.execute("SAVEPOINT nested")
                try:
                    yield SQLiteTx(conn, self)
                except BaseException:
                    conn.execute("ROLLBACK TO nested")
                    conn.execute("RELEASE nested")
                    raise
                conn.execute("RELEASE nested")
                return
            # IMMEDIATE takes the write lock at BEGIN, so two writers never both read a
            # state and then race to change it (and never deadlock on a lock upgrade).
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            tx = SQLiteTx(conn, self)
            try:
                yield tx
            except BaseException:
                conn.execute("ROLLBACK")
                if tx._seq is not None:
                    # The index may have synced rows this transaction wrote; rebuild it.
                    self.invalidate_vectors()
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        with self._index_lock:
            for conn in self._connections:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()
            self._connections.clear()
            self._indexes.clear()
        self._local = threading.local()
        self._closed = True

    # -- schema --------------------------------------------------------------------------
    def _migrate(self) -> None:
        conn = self.connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            done = {r[0] for r in conn.execute("SELECT version FROM schema_version")}
            if done and max(done) > LATEST_VERSION:
                raise StoreError(
                    f"database {self.path} has schema version {max(done)}, newer than this "
                    f"vecmem understands ({LATEST_VERSION}); upgrade vecmem"
                )
            for version, name, statements in MIGRATIONS:
                if version in done:
                    continue
                for statement in statements:
                    conn.execute(
                        statement.format(
                            id="INTEGER PRIMARY KEY AUTOINCREMENT", blob="BLOB", fts=_FTS
                        )
                    )
                if version == 1:
                    for trigger in _TRIGGERS:
                        conn.execute(trigger)
                conn.execute(
                    "INSERT INTO schema_version(version, name, applied_at) VALUES (?, ?, ?)",
                    (version, name, utcnow()),
                )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        row = self.connection().execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def integrity_check(self) -> list[str]:
        conn = self.connection()
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check") if r[0] != "ok"]
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

    # -- vector index --------------------------------------------------------------------
    def vector_index(self, tx: SQLiteTx, scope: str, model: str, dim: int) -> Any:
        """The in-memory index of active vectors of ``model`` in ``scope``, synced to now."""
        from vecmem.store.vector_index import VectorIndex

        key = (scope, model)
        with self._index_lock:
            index = self._indexes.get(key)
            if index is None or getattr(index, "dim", dim) != dim:
                index = VectorIndex(dim, ann_threshold=self.ann_threshold)
                self._indexes[key] = index
                self._index_seq[key] = -1
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
                    if vec.shape[0] != dim:
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
            return index

    def invalidate_vectors(self) -> None:
        with self._index_lock:
            self._indexes.clear()
            self._index_seq.clear()

"""pgvector on PostgreSQL: vector adapters and the partial HNSW index per (model, dim).

``memory_vectors.vector`` is a ``vector`` column *without* a fixed dimension, because the
model (and so the dimension) is a setting and a re-embed moves memories from one model to
another. Each (model, dim) gets its own partial HNSW expression index ``USING hnsw
((vector::vector(DIM)) vector_cosine_ops) WHERE model = 'M' AND dim = DIM``, built in the
background after the first commit that stores such a vector (only by the tables' owner).
:class:`HnswIndexes` is the part of ``PostgresStore`` that knows and builds them.
"""

from __future__ import annotations

import hashlib
import logging
import struct
import threading
import time
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

import numpy as np
import psycopg
from psycopg import pq, sql
from psycopg.adapt import Dumper, Loader

__all__ = ["MAX_EF_SEARCH", "HnswIndexes"]

_log = logging.getLogger("vecmem.store.postgres")

#: Advisory lock namespace of the database-wide locks (the two-int form, so they never
#: collide with one-bigint locks other applications take): key 0 is the all-writers lock,
#: key 1 serializes schema migrations, key 2 index builds (separate, so that opening a
#: store never waits for a long HNSW build).
_NS_GLOBAL = 0x76656367  # "vecg"
_KEY_INDEX = 2
#: pgvector 0.6 caps hnsw.ef_search at 1000.
MAX_EF_SEARCH = 1000
#: How long to leave a (model, dim) alone when another session is building its index.
INDEX_RETRY_SECONDS = 30.0
#: Vectors of one model a role that may not build their HNSW index can leave unindexed
#: before doctor reports it (exact scans of this many take a few milliseconds).
UNINDEXED_VECTORS_OK = 20_000

_TEXT_FORMAT = pq.Format.TEXT
_BINARY_FORMAT = pq.Format.BINARY


# -- pgvector adapters -----------------------------------------------------------------------
# Small dumpers/loaders of our own (rather than pgvector-python's) so that reads come back as
# float32 numpy arrays directly and nothing depends on that package's internal layout.
class _VectorTextDumper(Dumper):
    format = _TEXT_FORMAT

    def dump(self, obj: Any) -> bytes:
        arr = np.asarray(obj, dtype=np.float32)
        # repr of a float32 widened to float64 is exact; PostgreSQL parses it back to the
        # same float4, so a vector round-trips bit for bit.
        return ("[" + ",".join(repr(float(x)) for x in arr) + "]").encode()


class _VectorBinaryDumper(Dumper):
    format = _BINARY_FORMAT

    def dump(self, obj: Any) -> bytes:
        arr = np.asarray(obj, dtype=">f4")
        return struct.pack(">HH", arr.shape[0], 0) + arr.tobytes()


class _VectorTextLoader(Loader):
    format = _TEXT_FORMAT

    def load(self, data: Any) -> np.ndarray:
        text = bytes(data).decode()
        if len(text) <= 2:
            return np.zeros(0, dtype=np.float32)
        return np.array(text[1:-1].split(","), dtype=np.float32)


class _VectorBinaryLoader(Loader):
    format = _BINARY_FORMAT

    def load(self, data: Any) -> np.ndarray:
        raw = bytes(data)
        (dim,) = struct.unpack_from(">H", raw)
        return np.frombuffer(raw, dtype=">f4", count=dim, offset=4).astype(np.float32)


def _register_vector(conn: psycopg.Connection[Any], oid: int) -> None:
    adapters = conn.adapters
    text_dumper = type("VectorTextDumper", (_VectorTextDumper,), {"oid": oid})
    binary_dumper = type("VectorBinaryDumper", (_VectorBinaryDumper,), {"oid": oid})
    adapters.register_dumper("numpy.ndarray", text_dumper)
    adapters.register_dumper("numpy.ndarray", binary_dumper)
    adapters.register_loader(oid, _VectorTextLoader)
    adapters.register_loader(oid, _VectorBinaryLoader)


def _hnsw_index_name(model: str, dim: int) -> str:
    # Model names are arbitrary text; the index name must be a short safe identifier.
    digest = hashlib.sha1(f"{model}\x1f{dim}".encode()).hexdigest()[:12]
    return f"memory_vectors_hnsw_{dim}_{digest}"


class HnswIndexes:
    """Which HNSW indexes exist, and building the missing ones (mixed into the store)."""

    hnsw_ready: set[tuple[str, int]]
    hnsw_m: int
    hnsw_ef_construction: int
    hnsw_build_memory: str
    owns_tables: bool
    _closed: bool
    _sql_cache: dict[tuple[str, int, bool], sql.Composed]
    _building: set[tuple[str, int]]
    _builders: list[threading.Thread]
    _retry_after: dict[tuple[str, int], float]
    _holders_lock: threading.Lock
    session: Any
    transaction: Any
    _guard: Any

    def vector_sql(self, model: str, dim: int, *, exact: bool) -> sql.Composed:
        """The k-NN statement for one (model, dim): params (query, scope, status, query, k).

        Model and dimension are literals, not parameters: a partial index is only usable
        when the planner can prove ``model = 'M' AND dim = D`` from the query text, which a
        generic plan over parameters never can.
        """
        key = (model, dim, exact)
        cached = self._sql_cache.get(key)
        if cached is not None:
            return cached
        vector_expr = (
            sql.SQL("v.vector") if exact else sql.SQL("(v.vector::vector({}))").format(dim)
        )
        statement = sql.SQL(
            "SELECT v.memory_id, 1 - ({vec} <=> %s::vector({dim})) "
            "FROM memory_vectors v JOIN memories m ON m.id = v.memory_id "
            "WHERE v.model = {model} AND v.dim = {dim} AND m.scope = %s AND m.status = %s "
            "ORDER BY {vec} <=> %s::vector({dim}) LIMIT %s"
        ).format(vec=vector_expr, dim=sql.Literal(dim), model=sql.Literal(model))
        self._sql_cache[key] = statement
        return statement

    def _load_hnsw_ready(self) -> None:
        with self.session() as conn:
            self._read_hnsw_ready(conn)

    def _read_hnsw_ready(self, conn: psycopg.Connection[Any]) -> None:
        names = {
            str(r[0])
            for r in conn.execute(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "WHERE i.indrelid = 'memory_vectors'::regclass AND i.indisvalid"
            )
        }
        pairs = [
            (str(m), int(d))
            for m, d in conn.execute("SELECT DISTINCT model, dim FROM memory_vectors")
        ]
        self.hnsw_ready = {p for p in pairs if _hnsw_index_name(*p) in names}
        missing = [p for p in pairs if p not in self.hnsw_ready]
        if missing:
            # Opening must not wait for a build over a million rows: do it in the background.
            self.schedule_vector_indexes(missing)

    def schedule_vector_indexes(self, pairs: Sequence[tuple[str, int]]) -> None:
        """Build missing HNSW indexes in a background thread (after a commit, at open).

        Not in the committing thread: ``CREATE INDEX CONCURRENTLY`` waits for every older
        transaction, which may belong to another thread of this process waiting on us.
        Only the owner of the tables may build them: another role leaves them to
        ``vecmem migrate-schema`` (searches stay exact scans meanwhile; doctor says so).
        """
        if not self.owns_tables:
            return
        now = time.monotonic()
        with self._holders_lock:
            todo = [
                p
                for p in pairs
                if p not in self.hnsw_ready
                and p not in self._building
                and self._retry_after.get(p, 0.0) <= now
            ]
            self._building.update(todo)
        if not todo:
            return

        def build() -> None:
            try:
                self.ensure_vector_indexes(todo)
            except Exception as exc:  # a failed build only costs speed: report, go on
                _log.warning("vecmem: HNSW index build failed for %s: %s", todo, exc)
            finally:
                with self._holders_lock:
                    self._building.difference_update(todo)

        thread = threading.Thread(target=build, name="vecmem-hnsw-build", daemon=True)
        self._builders.append(thread)
        thread.start()

    def wait_for_indexes(self, timeout: float | None = None) -> None:
        """Wait for background index builds (tests, benchmarks, migrate)."""
        for thread in list(self._builders):
            thread.join(timeout)
        self._builders = [t for t in self._builders if t.is_alive()]

    def ensure_vector_indexes(self, pairs: Sequence[tuple[str, int]] | None = None) -> list[str]:
        """Create the HNSW index of each (model, dim) that lacks one; returns names created.

        Runs on its own autocommit connection with ``CREATE INDEX CONCURRENTLY``: writers
        keep writing while a large index builds. Until the index exists, searches are exact
        scans: slower, never wrong. If another session is already building, returns at once
        (that session's index will be picked up by the next write of the model).
        """
        if pairs is None:
            with self.transaction(write=False) as tx:
                pairs = [
                    (str(m), int(d))
                    for m, d in tx.execute("SELECT DISTINCT model, dim FROM memory_vectors")
                ]
        created: list[str] = []
        todo = [p for p in pairs if p not in self.hnsw_ready]
        if not todo or self._closed:
            return created
        with self._guard(), self.session() as conn:
            try:
                # Try, never wait: a blocked lock request holds a snapshot, and a concurrent
                # index build in another session waits for old snapshots. That would be a
                # deadlock PostgreSQL cannot see.
                valid = {
                    str(r[0]): bool(r[1])
                    for r in conn.execute(
                        "SELECT c.relname, i.indisvalid FROM pg_index i "
                        "JOIN pg_class c ON c.oid = i.indexrelid "
                        "WHERE i.indrelid = 'memory_vectors'::regclass"
                    )
                }
                for pair in list(todo):
                    if valid.get(_hnsw_index_name(*pair)):
                        self.hnsw_ready.add(pair)  # another process built it
                        todo.remove(pair)
                if not todo:
                    return created
                # A session lock and a session setting on a pooled connection: the pool's
                # reset releases and resets them before anyone else borrows it.
                conn.session_locks = True  # type: ignore[attr-defined]
                got = conn.execute(
                    "SELECT pg_try_advisory_lock(%s, %s)", [_NS_GLOBAL, _KEY_INDEX]
                ).fetchone()
                if not got or not got[0]:
                    # Another session is building; look again later rather than after
                    # every commit.
                    retry = time.monotonic() + INDEX_RETRY_SECONDS
                    with self._holders_lock:
                        for pair in todo:
                            self._retry_after[pair] = retry
                    return created
                conn.execute(
                    sql.SQL("SET maintenance_work_mem = {}").format(
                        sql.Literal(self.hnsw_build_memory)
                    )
                )
                for model, dim in todo:
                    name = _hnsw_index_name(model, dim)
                    state = conn.execute(
                        "SELECT i.indisvalid FROM pg_class c JOIN pg_index i "
                        "ON i.indexrelid = c.oid WHERE c.relname = %s",
                        [name],
                    ).fetchone()
                    if state is not None and not state[0]:
                        # Left invalid by an interrupted concurrent build: start over.
                        conn.execute(
                            sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(
                                sql.Identifier(name)
                            )
                        )
                        state = None
                    if state is None:
                        conn.execute(
                            sql.SQL(
                                "CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} "
                                "ON memory_vectors "
                                "USING hnsw ((vector::vector({dim})) vector_cosine_ops) "
                                "WITH (m = {m}, ef_construction = {efc}) "
                                "WHERE model = {model} AND dim = {dim}"
                            ).format(
                                name=sql.Identifier(name),
                                dim=sql.Literal(dim),
                                model=sql.Literal(model),
                                m=sql.Literal(int(self.hnsw_m)),
                                efc=sql.Literal(int(self.hnsw_ef_construction)),
                            )
                        )
                        created.append(name)
                    self.hnsw_ready.add((model, dim))
                if created:
                    # Fresh statistics, or the planner may price the new index off a table
                    # it still believes empty (a bulk load, a migrate) and never use it.
                    conn.execute("ANALYZE memories, memory_vectors")
            finally:
                # The pool's reset releases the index lock if an error skipped this.
                with suppress(psycopg.Error):
                    conn.execute("SELECT pg_advisory_unlock(%s, %s)", [_NS_GLOBAL, _KEY_INDEX])
                    conn.execute("RESET maintenance_work_mem")
        return created

    def vector_index_names(self) -> dict[tuple[str, int], str]:
        """The HNSW index name for each (model, dim) that has one."""
        with self._holders_lock:
            pairs = sorted(self.hnsw_ready)
        return {pair: _hnsw_index_name(*pair) for pair in pairs}

"""The shared engine: PostgreSQL + pgvector, for a team or a fleet of agents on one memory.

Same contract and the same portable SQL as the SQLite engine (``SQLTx`` in ``base.py``);
this module supplies the dialect and the parts SQLite does differently:

* **Placeholders.** Shared SQL uses ``?``; :func:`translate` rewrites it to psycopg's
  ``%s`` outside quoted literals and doubles every literal ``%``.
* **Connections.** Borrowed from the process's bounded pool for this URL (``pg_pool.py``)
  for one outermost transaction and returned at its end; a thread's nested transactions
  join its borrowed connection through savepoints, exactly like the SQLite engine.
  Autocommit at the protocol level with explicit ``BEGIN``/``COMMIT``. A forked child
  makes its own pool. Every psycopg error becomes a ``VecmemError`` in :meth:`_guard`.
* **Schema and privileges.** Opening reads and checks (``pg_schema.py``); DDL only when
  the schema is behind and the role may run it.
* **Write serialization.** A write transaction takes ``pg_advisory_xact_lock`` on its
  scope before its first read, so the pipeline's read-then-write (dedup, topic check,
  judge) runs one at a time per scope across processes and hosts, the way SQLite's
  ``BEGIN IMMEDIATE`` does for one file. Scope-less write transactions take an exclusive
  lock that excludes every scoped writer. The partial unique index on live hashes
  remains the last line of defence.
* **Vectors.** A ``vector`` column without a fixed dimension and one partial HNSW index per
  (model, dim) (``pg_vectors.py``). :meth:`PostgresTx.vector_search` writes the model and
  dimension into the SQL as literals so the planner can match the partial index, filters
  scope and status inside the query before the ``LIMIT``, and falls back to an exact scan
  when the filtered HNSW walk returns fewer than ``k`` rows (pgvector 0.6 has no iterative
  index scan).
* **Keywords.** ``memory_keywords(memory_id, scope, status, terms, tsv, dl)``: ``terms``
  is the exact space-joined string the engine indexed (the consistency check compares
  it); ``tsv`` holds its FTS5 tokens with their frequencies, and ranking is SQLite's BM25
  from per-scope statistics (``pg_keywords.py``). Queries are a tsquery of single-quoted
  lexemes OR-ed together, so user text never becomes tsquery syntax; GIN index.
  ``scope`` and ``status`` are copies of the memory's, kept equal by a trigger, so the
  filter needs no join.
* **Change numbers.** ``next_seq`` uses a sequence instead of the ``meta`` row, which
  would otherwise be a row lock every writer of every scope queues on.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np

from vecmem.errors import InvalidInputError, StoreError
from vecmem.store.base import SQLTx, Store

try:  # psycopg is an optional dependency (extra "postgres").
    import psycopg
    from psycopg import pq, sql
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the PostgreSQL engine needs psycopg 3: pip install 'vecmem[postgres]'"
    ) from exc

from vecmem.store import pg_keywords, pg_pool, pg_schema  # after the check: they need psycopg too
from vecmem.store.pg_vectors import (
    _NS_GLOBAL,
    MAX_EF_SEARCH,
    UNINDEXED_VECTORS_OK,
    HnswIndexes,
    _register_vector,
    _VectorTextLoader,
)

__all__ = ["PostgresStore", "PostgresTx", "translate", "tsquery_literal"]

_log = logging.getLogger("vecmem.store.postgres")

#: Advisory lock namespaces (the two-int form, so they never collide with one-bigint locks
#: other applications take). ``_NS_WRITE`` keys are scopes (hashtext); in ``_NS_GLOBAL``,
#: key 0 is the all-writers lock, key 1 serializes schema migrations, key 2 index builds
#: (separate, so that opening a store never waits for a long HNSW build).
_NS_WRITE = 0x7665636D  # "vecm"
_KEY_WRITERS = 0
_KEY_MIGRATE = 1

#: PostgreSQL refuses lexemes of 2 KiB or more and tsvectors of 1 MiB or more.
_MAX_LEXEME_BYTES = 2046
_MAX_TSVECTOR_BYTES = 900_000
#: How long a writer waits for another writer's lock before giving up (SQLite: busy_timeout).
LOCK_TIMEOUT_MS = 30_000



# -- SQL dialect ---------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def translate(statement: str) -> str:
    """Rewrite ``?`` placeholders to ``%s`` and escape ``%`` for psycopg.

    ``?`` inside single-quoted literals or double-quoted identifiers is left alone; every
    ``%`` (inside literals too, since psycopg scans the whole string) becomes ``%%``.
    """
    out: list[str] = []
    quote: str | None = None
    for ch in statement:
        if ch == "%":
            out.append("%%")
        elif quote is not None:
            out.append(ch)
            if ch == quote:
                quote = None  # a doubled quote simply closes and reopens: still correct
        elif ch in ("'", '"'):
            quote = ch
            out.append(ch)
        elif ch == "?":
            out.append("%s")
        else:
            out.append(ch)
    return "".join(out)


def _lexemes(terms: str | Sequence[str]) -> list[str]:
    """Unique, non-empty terms PostgreSQL accepts as lexemes, in first-seen order."""
    items = terms.split() if isinstance(terms, str) else terms
    seen: dict[str, None] = {}
    total = 0
    for term in items:
        if not term or term in seen:
            continue
        size = len(term.encode("utf-8"))
        if size > _MAX_LEXEME_BYTES:
            continue  # cannot be a lexeme; such a token (a blob of base64…) is never a query
        total += size + 8
        if total > _MAX_TSVECTOR_BYTES:
            break  # a tsvector must stay under 1 MiB: the tail of a huge text is not indexed
        seen[term] = None
    return list(seen)


def tsquery_literal(terms: Sequence[str]) -> str | None:
    """A tsquery in which every term is one quoted lexeme, OR-ed; ``None`` if no terms.

    Inside single quotes the tsquery parser only interprets ``''`` and backslash escapes,
    so ``- : " AND ( * ! & |`` in user text are just characters of a lexeme.
    """
    return pg_keywords.tsquery(_lexemes(list(terms)))


def redact_url(url: str) -> str:
    """``url`` without its password, for messages and ``Store.url``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://…"
    if not parts.password:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[1]}"))


#: Tables whose identity column may get explicit ids (import, migrate).
_IDENTITY = {"memories": "id", "events": "event_id"}
_INSERT_TABLE = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


class PostgresTx(SQLTx):
    store: PostgresStore
    conn: psycopg.Connection[Any]

    def __init__(self, conn: psycopg.Connection[Any], store: PostgresStore) -> None:
        super().__init__(conn, store)
        #: hnsw.ef_search in force: the session default until a SET LOCAL changes it.
        self._ef_search: int | None = getattr(conn, "ef_search", None)
        #: (model, dim) pairs that got vectors here and may need an HNSW index after commit.
        self.new_vector_models: set[tuple[str, int]] = set()
        #: identity columns that received explicit ids and must be moved past them.
        self.explicit_ids: set[str] = set()

    # -- dialect hooks -------------------------------------------------------------------
    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        # Always pass a params list: psycopg only un-escapes %% when params are given.
        try:
            return self.conn.execute(translate(sql), list(params))
        except UnicodeEncodeError as exc:
            # A lone surrogate cannot become UTF-8; the facade's validation should have
            # caught it, this keeps any path that slipped past from raising raw.
            raise InvalidInputError(f"text cannot be stored: {exc.reason}") from None

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Bulk variant (migrate): psycopg pipelines the rows in one round trip per batch."""
        self._note_explicit_ids(sql)
        with self.conn.cursor() as cur:
            cur.executemany(translate(sql), [list(r) for r in rows])

    def pipeline(self) -> AbstractContextManager[Any]:
        """Send many statements without waiting for each answer (bulk copies)."""
        return self.conn.pipeline()

    def insert_returning_id(self, sql: str, params: Sequence[Any], id_column: str) -> int:
        row = self.execute(f"{sql} RETURNING {id_column}", params).fetchone()
        return int(row[0])

    def _note_explicit_ids(self, sql: str) -> None:
        match = _INSERT_TABLE.match(sql)
        if match and match.group(1).lower() in _IDENTITY:
            table = match.group(1).lower()
            head = sql[: sql.upper().find("VALUES")] if "VALUES" in sql.upper() else sql
            if re.search(rf"[(,]\s*{_IDENTITY[table]}\s*[,)]", head):
                self.explicit_ids.add(table)

    def insert_event_verbatim(self, event: Any) -> int:
        # An explicit event_id does not advance the identity sequence; remember to move it
        # past the copied ids before commit, or the next append_event would collide.
        self.explicit_ids.add("events")
        return super().insert_event_verbatim(event)

    def reset_identities(self) -> None:
        """Move identity sequences past the largest id present (after explicit-id inserts)."""
        for table in sorted(self.explicit_ids):
            column = _IDENTITY[table]
            self.conn.execute(
                sql.SQL(
                    "SELECT setval(pg_get_serial_sequence({t}, {c}), "
                    "COALESCE((SELECT MAX({col}) FROM {tab}), 0) + 1, false)"
                ).format(
                    t=sql.Literal(table),
                    c=sql.Literal(column),
                    col=sql.Identifier(column),
                    tab=sql.Identifier(table),
                )
            )
        self.explicit_ids.clear()

    # -- bookkeeping ---------------------------------------------------------------------
    def next_seq(self) -> int:
        # A sequence, not the meta row: an UPDATE of one shared row would make every writer
        # of every scope wait for every other one until commit. Like SQLite, one number per
        # transaction. Unlike SQLite, numbers are handed out at first use, not at commit, so
        # they order changes only roughly; PostgreSQL needs no in-process index sync.
        if self._seq is None:
            row = self.conn.execute("SELECT nextval('vecmem_seq')").fetchone()
            self._seq = int(row[0])
        return self._seq

    def current_seq(self) -> int:
        row = self.conn.execute("SELECT last_value, is_called FROM vecmem_seq").fetchone()
        return int(row[0]) if row and row[1] else 0

    def ensure_seq_at_least(self, value: int) -> None:
        """After copying rows with their change numbers (migrate)."""
        if value > self.current_seq():
            self.conn.execute("SELECT setval('vecmem_seq', %s, true)", [int(value)])

    # -- keywords ------------------------------------------------------------------------
    def index_keywords(self, memory_id: int, terms: str) -> None:
        tsv, tfx, length = pg_keywords.document(terms)
        cur = self.conn.execute(
            "INSERT INTO memory_keywords (memory_id, scope, status, terms, tsv, tfx, dl) "
            "SELECT id, scope, status, %s, %s::tsvector, %s::jsonb, %s "
            "FROM memories WHERE id = %s "
            "ON CONFLICT (memory_id) DO UPDATE SET scope = excluded.scope, "
            "status = excluded.status, terms = excluded.terms, tsv = excluded.tsv, "
            "tfx = excluded.tfx, dl = excluded.dl",
            [terms, tsv, tfx, length, memory_id],
        )
        if cur.rowcount == 0:
            raise ValueError(f"cannot index keywords of memory {memory_id}: no such memory")

    def unindex_keywords(self, memory_id: int) -> None:
        self.conn.execute("DELETE FROM memory_keywords WHERE memory_id = %s", [memory_id])

    def keyword_index_ids(self, scope: str) -> set[int]:
        # By the keyword row's own scope: the consistency check then also vouches for
        # the copied scope.
        rows = self.conn.execute(
            "SELECT memory_id FROM memory_keywords WHERE scope = %s", [scope]
        )
        return {int(r[0]) for r in rows}

    def keyword_index_terms(self, memory_id: int) -> str | None:
        row = self.conn.execute(
            "SELECT terms FROM memory_keywords WHERE memory_id = %s", [memory_id]
        ).fetchone()
        return row[0] if row else None

    def keyword_terms_many(self, ids: Sequence[int]) -> dict[int, str]:
        """Indexed terms of many memories in one query (migrate)."""
        rows = self.conn.execute(
            "SELECT memory_id, terms FROM memory_keywords WHERE memory_id = ANY(%s)",
            [list(ids)],
        )
        return {int(i): str(t) for i, t in rows}

    def keyword_search(
        self, scope: str, terms: list[str], limit: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        # BM25 as SQLite scores it (pg_keywords.py); the tsquery is a parameter, never
        # spliced into SQL; scope and status are filtered before the LIMIT.
        return pg_keywords.search(self.conn, scope, pg_keywords.query_tokens(terms), status,
                                  int(limit))

    # The relevance gate weighs keyword evidence by term rarity: these answer from the same
    # tokens and statistics BM25 uses, as the SQLite index's term_stats/matches do.
    def keyword_stats(self, scope: str, terms: list[str]) -> tuple[int, dict[str, int]]:
        """(active memories of ``scope``, per query term the active memories it matches;
        a term FTS5 splits into parts counts its most frequent part, as on SQLite)."""
        per_term = {t: pg_keywords.query_tokens([t]) for t in dict.fromkeys(terms) if t}
        tokens = sorted({tok for toks in per_term.values() for tok in toks})
        row = self.conn.execute(
            "SELECT docs FROM keyword_scope_stats WHERE scope = %s", [scope]).fetchone()
        df = dict(self.conn.execute(
            "SELECT token, df FROM keyword_df WHERE scope = %s AND token = ANY(%s)",
            [scope, tokens]).fetchall()) if tokens else {}
        return (int(row[0]) if row else 0,
                {t: max((int(df.get(tok, 0)) for tok in toks), default=0)
                 for t, toks in per_term.items()})

    def keyword_matches(
        self, scope: str, ids: Iterable[int], terms: list[str]
    ) -> dict[int, list[str]]:
        """For each active memory of ``scope`` among ``ids``, the query terms whose tokens
        its document has (those BM25 scores it for); memories matching none are left out."""
        per_term = {t: set(pg_keywords.query_tokens([t])) for t in dict.fromkeys(terms) if t}
        per_term = {t: toks for t, toks in per_term.items() if toks}
        if not per_term:
            return {}
        rows = self.conn.execute(
            "SELECT memory_id, tsvector_to_array(tsv) FROM memory_keywords "
            "WHERE memory_id = ANY(%s) AND scope = %s AND status = 'active'",
            [[int(i) for i in ids], scope])
        out: dict[int, list[str]] = {}
        for memory_id, lexemes in rows:
            have = set(lexemes)
            hit = [t for t, toks in per_term.items() if toks & have]
            if hit:
                out[int(memory_id)] = hit
        return out

    # -- vectors -------------------------------------------------------------------------
    def vector_param(self, vector: np.ndarray) -> Any:
        return np.asarray(vector, dtype=np.float32)

    def vector_value(self, value: Any) -> np.ndarray:
        if isinstance(value, np.ndarray):
            return value.astype(np.float32, copy=False)
        if isinstance(value, str):
            return _VectorTextLoader(0).load(value.encode())
        return np.asarray(value, dtype=np.float32)

    def put_vector(self, memory_id: int, model: str, vector: np.ndarray) -> None:
        super().put_vector(memory_id, model, vector)
        key = (model, int(vector.shape[0]))
        if key not in self.store.hnsw_ready:
            self.new_vector_models.add(key)

    def vector_search(
        self, scope: str, model: str, query: np.ndarray, k: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        k = int(k)
        if k <= 0:
            return []
        dim = int(query.shape[0])
        qvec = np.asarray(query, dtype=np.float32)
        params = [qvec, scope, status, qvec, k]
        # The HNSW walk yields at most ef_search candidates; the scope/status filter then
        # drops some, so ask for headroom (2k: half the candidates may be filtered out).
        ef = min(MAX_EF_SEARCH, max(self.store.ef_search, 2 * k))
        rows = self._hnsw(model, dim, ef, params)
        if len(rows) < k and rows and ef < MAX_EF_SEARCH:
            # Came back short: the filter kept len(rows) of ef candidates. Widen the walk to
            # what that fraction needs, if pgvector allows it.
            need = int(ef * k / len(rows) * 1.5) + 1
            if need <= MAX_EF_SEARCH:
                rows = self._hnsw(model, dim, need, params)
        if len(rows) < k:
            # Still short (a small scope in a big table, or fewer than k eligible rows): the
            # exact scan, same filters but no index expression to match, is the answer.
            rows = self.conn.execute(
                self.store.vector_sql(model, dim, exact=True), params
            ).fetchall()
        out: list[tuple[int, float]] = []
        for memory_id, score in rows:
            score = float(score)
            # A zero vector has no direction: cosine is NaN; treat it as unrelated.
            out.append((int(memory_id), 0.0 if score != score else score))
        return out

    def _hnsw(self, model: str, dim: int, ef: int, params: list[Any]) -> list[Any]:
        if ef != self._ef_search:
            self.conn.execute(sql.SQL("SET LOCAL hnsw.ef_search = {}").format(ef))
            self._ef_search = ef
        return self.conn.execute(
            self.store.vector_sql(model, dim, exact=False), params
        ).fetchall()


class PostgresStore(HnswIndexes, Store):
    """``PostgresStore("postgresql://user:pass@host/db")``: the shared engine.

    ``migrate``: bring a missing or older schema up to date when the role may (the
    default, for a single owner); ``False`` never runs DDL and fails with the privilege or
    command needed. ``pool_size``: the cap on this process's connections to ``url``,
    shared by every store on it (``pg_pool.py``).
    """

    engine_name = "postgres"

    def __init__(
        self,
        url: str,
        *,
        ef_search: int = 200,
        hnsw_m: int = 16,
        hnsw_ef_construction: int = 128,
        hnsw_build_memory: str = "256MB",
        connect_timeout: int = 10,
        pool_size: int = pg_pool.DEFAULT_SIZE,
        pool_timeout: float = pg_pool.DEFAULT_TIMEOUT,
        migrate: bool = True,
    ) -> None:
        super().__init__()
        self._dsn = url
        # Store.url is shown in stats/doctor output: never with the password.
        self.url = redact_url(url)
        self.ef_search = ef_search
        # Measured at 1M x 384 (benchmarks/README.pg.md): pgvector's default
        # ef_construction=64 gave recall@10 0.69 at ef_search=100; 128 gives 0.985 at
        # ef_search=200 for ~5 ms, with a build a third slower. m stays pgvector's 16.
        self.hnsw_m = hnsw_m
        self.hnsw_ef_construction = hnsw_ef_construction
        self.hnsw_build_memory = hnsw_build_memory
        self.connect_timeout = connect_timeout
        self.pool_size = int(pool_size)
        self.pool_timeout = float(pool_timeout)
        if self.pool_size < 1:
            raise StoreError("pg_pool_size must be at least 1")
        self._local = threading.local()
        self._holders_lock = threading.Lock()
        self._closed = False
        self._vector_oid: int | None = None
        self._sql_cache: dict[tuple[str, int, bool], sql.Composed] = {}
        self.read_only = None  # set from the session's rights when the store opens
        #: Whether this role owns the tables (and so may build HNSW indexes).
        self.owns_tables = False
        #: (model, dim) pairs known to have their HNSW index, and those being built.
        self.hnsw_ready: set[tuple[str, int]] = set()
        self._building: set[tuple[str, int]] = set()
        self._builders: list[threading.Thread] = []
        self._retry_after: dict[tuple[str, int], float] = {}
        self._pool = self._acquire_pool()
        try:
            with self._guard():
                self._open_schema(migrate)
                self._load_hnsw_ready()
        except BaseException:
            self.close()
            raise

    # -- errors --------------------------------------------------------------------------
    @contextmanager
    def _guard(self) -> Iterator[None]:
        """The one place a psycopg error becomes a ``VecmemError`` (every store call runs
        inside it): input the database refuses is the caller's; the rest is the store's."""
        try:
            yield
        except psycopg.errors.LockNotAvailable as exc:
            raise StoreError(f"database {self.url} is busy; try again ({_first(exc)})") from None
        except psycopg.errors.ReadOnlySqlTransaction as exc:
            raise StoreError(f"database {self.url} is read-only ({_first(exc)})") from None
        except psycopg.errors.InsufficientPrivilege as exc:
            raise StoreError(
                f"the role connected to {self.url} lacks a privilege: {_first(exc)} "
                "(see docs/postgres.md, 'Roles and grants')"
            ) from None
        except psycopg.errors.RestrictViolation as exc:
            raise StoreError(f"database {self.url} refused: {_first(exc)}") from None
        except (psycopg.DataError, psycopg.IntegrityError) as exc:
            # Text PostgreSQL cannot store (NUL, bad encoding), values out of range, or a
            # constraint (a duplicate id in a raw import): the input, not the database.
            raise InvalidInputError(f"the database refused the input: {_first(exc)}") from None
        except psycopg.OperationalError as exc:
            raise StoreError(f"cannot use database {self.url} ({_first(exc)})") from None
        except psycopg.Error as exc:
            raise StoreError(
                f"database {self.url} failed: {type(exc).__name__}: {_first(exc)}"
            ) from None

    # -- connections ---------------------------------------------------------------------
    def _acquire_pool(self) -> pg_pool.SharedPool:
        return pg_pool.shared_pool(
            self._dsn, self.url, size=self.pool_size, timeout=self.pool_timeout,
            connect_timeout=self.connect_timeout,
            options=f"-c lock_timeout={LOCK_TIMEOUT_MS} -c hnsw.ef_search={int(self.ef_search)}",
            ef_search=int(self.ef_search),
        )

    def _pool_here(self) -> pg_pool.SharedPool:
        if self._closed:
            raise StoreError("this memory is closed")
        pool = self._pool
        if pool.pid != os.getpid():
            # A forked child: its own pool; the parent's sockets are never touched.
            pool = self._pool = self._acquire_pool()
            self._local = threading.local()
        return pool

    def _borrow(self) -> pg_pool.PooledConnection:
        conn = self._pool_here().getconn()
        if self._vector_oid is not None and conn.vector_oid != self._vector_oid:
            _register_vector(conn, self._vector_oid)
            conn.vector_oid = self._vector_oid
        return conn

    def _give_back(self, conn: pg_pool.PooledConnection) -> None:
        pool = self._pool
        if pool.pid == os.getpid():
            pool.putconn(conn)

    def _active(self) -> pg_pool.PooledConnection | None:
        """The connection this thread's open transaction holds (nested use joins it)."""
        return getattr(self._local, "conn", None)

    @contextmanager
    def session(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled autocommit connection for the block: the current transaction's, if
        this thread has one, else one borrowed and returned at the end (benchmarks, tools).
        """
        active = self._active()
        if active is not None:
            yield active
            return
        conn = self._borrow()
        try:
            with self._guard():
                yield conn
        finally:
            if conn.info.transaction_status != pq.TransactionStatus.IDLE:
                self._rollback(conn)
            self._give_back(conn)

    def _begin(self, statement: str, *, write: bool, scope: str | None
               ) -> pg_pool.PooledConnection:
        """Borrow a connection and open a transaction on it (taking the write locks).

        A connection the server dropped while it sat in the pool (a restart, an idle
        timeout, a failover) fails right here, before the transaction did anything: the
        pool's dead connections are dropped and the transaction starts again, once, on a
        fresh one. Reads and writes alike: nothing has been sent but BEGIN.
        """
        for attempt in (1, 2):
            conn = self._borrow()
            try:
                conn.execute(statement)
                if write:
                    self._lock_writers(conn, scope)
                return conn
            except psycopg.OperationalError:
                dropped = conn.closed or conn.broken
                self._rollback(conn)
                self._give_back(conn)
                if attempt == 2 or not dropped:
                    raise
                _log.info("vecmem: connection to %s was dropped; reconnecting", self.url)
                self._pool_here().discard_broken()
            except BaseException:
                self._rollback(conn)
                self._give_back(conn)
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    @contextmanager
    def transaction(
        self, *, write: bool = True, scope: str | None = None
    ) -> Iterator[PostgresTx]:
        """A transaction. ``write=True`` takes the write lock before anything is read.

        With ``scope`` only writers of that scope wait for each other; without it the
        transaction excludes every other writer (what SQLite always does). The connection
        is borrowed from the pool for the outermost transaction and returned at its end.
        """
        if write:
            self._refuse_write()
        with self._guard():
            active = self._active()
            if active is not None:
                yield from self._nested(active, write=write, scope=scope)
                return
            conn = self._begin("BEGIN", write=write, scope=scope)
            self._local.conn = conn
            try:
                tx = PostgresTx(conn, self)
                try:
                    yield tx
                    if tx.explicit_ids:
                        tx.reset_identities()
                except BaseException:
                    self._rollback(conn)
                    raise
                try:
                    conn.execute("COMMIT")
                except BaseException:
                    self._rollback(conn)
                    raise
            finally:
                self._local.conn = None
                self._give_back(conn)
        if tx.new_vector_models:
            self.schedule_vector_indexes(sorted(tx.new_vector_models))

    @contextmanager
    def snapshot(self) -> Iterator[PostgresTx]:
        """A read-only transaction that sees one consistent state throughout (export, migrate).

        Ordinary transactions are READ COMMITTED: each statement sees the latest commits,
        which is what writers need after taking their lock, but a long multi-query read of
        a live database would mix states.
        """
        with self._guard():
            if self._active() is not None:
                raise StoreError("a snapshot cannot be nested in another transaction")
            conn = self._begin("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
                               write=False, scope=None)
            self._local.conn = conn
            try:
                yield PostgresTx(conn, self)
            finally:
                self._local.conn = None
                self._rollback(conn)
                self._give_back(conn)

    def _nested(
        self, conn: psycopg.Connection[Any], *, write: bool, scope: str | None
    ) -> Iterator[PostgresTx]:
        # Nested use joins the outer transaction through a savepoint, like SQLite.
        depth = getattr(self._local, "depth", 0) + 1
        self._local.depth = depth
        name = f"vecmem_sp_{depth}"
        try:
            conn.execute(f"SAVEPOINT {name}")
            if write:
                self._lock_writers(conn, scope)
            tx = PostgresTx(conn, self)
            try:
                yield tx
                if tx.explicit_ids:
                    tx.reset_identities()
            except BaseException:
                try:
                    conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                    conn.execute(f"RELEASE SAVEPOINT {name}")
                except psycopg.Error:
                    pass
                raise
            conn.execute(f"RELEASE SAVEPOINT {name}")
        finally:
            self._local.depth = depth - 1

    @staticmethod
    def _lock_writers(conn: psycopg.Connection[Any], scope: str | None) -> None:
        # Taken before the transaction reads anything; under READ COMMITTED every later
        # statement then sees all that earlier writers of this scope committed. Both are
        # transaction-level: the COMMIT or ROLLBACK that ends the borrowing releases them.
        if scope is None:
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_NS_GLOBAL, _KEY_WRITERS])
        else:
            conn.execute(
                "SELECT pg_advisory_xact_lock_shared(%s, %s)", [_NS_GLOBAL, _KEY_WRITERS]
            )
            conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [_NS_WRITE, scope])

    @staticmethod
    def _rollback(conn: psycopg.Connection[Any]) -> None:
        if conn.closed or conn.broken:
            return  # gone; the pool discards it when it comes back
        with suppress(psycopg.Error):
            conn.execute("ROLLBACK")

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._local = threading.local()
        pg_pool.release(self._pool)

    def pool_stats(self) -> dict[str, int]:
        """The shared pool's counters (``pool_size``, ``pool_available``, ``requests_waiting``…)."""
        return self._pool.stats()

    # -- schema --------------------------------------------------------------------------
    def _open_schema(self, migrate: bool) -> None:
        from vecmem.store.schema import UpgradeReport

        self.upgrade = UpgradeReport()  # nothing to do, as on SQLite, unless found below
        with self.session() as conn:
            state = pg_schema.inspect(conn)
            pg_schema.check_openable(state, self.url)
            if pg_schema.needs_migration(state):
                allowed = state.can_create and state.read_only is None and (
                    state.version == 0 or state.owns_tables)
                if not allowed:
                    raise pg_schema.refuse_migration(state, self.url)
                if not migrate:  # the caller asked for no DDL (an inspection-only open)
                    raise StoreError(
                        f"database {self.url} has no up-to-date vecmem schema (version "
                        f"{state.version}); it was opened without creating or migrating "
                        "anything: a normal open (or `vecmem migrate-schema`) sets it up")
                self.upgrade = pg_schema.migrate(conn, self.url, (_NS_GLOBAL, _KEY_MIGRATE),
                                                 lambda c: PostgresTx(c, self))
                state = pg_schema.inspect(conn)
                pg_schema.check_openable(state, self.url)
        self._vector_oid = state.vector_oid
        self.read_only = state.read_only
        self.owns_tables = state.owns_tables

    def migrate_schema(self) -> dict[str, Any]:
        """Bring the schema up to date and build missing HNSW indexes (the owner's step)."""
        self._refuse_write()
        with self._guard(), self.session() as conn:
            self.upgrade = pg_schema.migrate(conn, self.url, (_NS_GLOBAL, _KEY_MIGRATE),
                                             lambda c: PostgresTx(c, self))
            version = pg_schema.inspect(conn).version
        # Also the repair of drifted keyword statistics (doctor reports them): a recount
        # under the all-writers lock, so no write of any scope lands half-counted.
        with self.transaction() as tx:
            pg_keywords.rebuild_stats(tx.conn)
        built = self.ensure_vector_indexes()
        return {"schema_version": version, "hnsw_indexes_built": built,
                "rederived": self.upgrade.rederived.get("memories", 0)}

    def grant_statements(self, role: str, *, write: bool = True) -> list[str]:
        """GRANTs for an application (``write``) or read-only role on this schema."""
        return pg_schema.grant_statements(role, write=write)

    def schema_version(self) -> int:
        with self.transaction(write=False) as tx:
            row = tx.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    # -- health ----------------------------------------------------------------------------
    def integrity_check(self, *, thorough: bool = True) -> list[str]:
        # Every check here reads catalogues or one aggregate: cheap enough for both passes.
        problems: list[str] = []
        with self.transaction(write=False) as tx:
            # An index being built concurrently is invalid until it is done: not a problem.
            invalid = tx.execute(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_class t ON t.oid = i.indrelid WHERE NOT i.indisvalid AND t.relname IN "
                "('memories', 'events', 'memory_vectors', 'memory_keywords', 'plans', 'meta') "
                "AND i.indexrelid NOT IN "
                "(SELECT index_relid FROM pg_stat_progress_create_index)"
            ).fetchall()
            problems.extend(f"index {r[0]} is invalid (rebuild it)" for r in invalid)
            triggers = {
                str(r[0])
                for r in tx.execute(
                    "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'D'"
                )
            }
            drift = tx.execute(
                "SELECT COUNT(*) FROM memory_keywords k JOIN memories m ON m.id = k.memory_id "
                "WHERE k.scope <> m.scope OR k.status <> m.status"
            ).fetchone()[0]
            if drift:
                problems.append(
                    f"keyword index: {drift} rows disagree with their memory's scope/status"
                )
            for name in ("events_no_update", "events_no_delete", "memories_no_delete",
                         "memories_sync_keywords"):
                if name not in triggers:
                    problems.append(f"trigger {name} is missing or disabled")
            if not tx.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone():
                problems.append("pgvector extension is missing")
            drifted = pg_keywords.stats_drift(tx.conn)
            if drifted:
                problems.append(
                    f"keyword statistics disagree with the rows in scope(s) {', '.join(drifted)}:"
                    " run `vecmem migrate-schema` as the owner to recount them")
            if not self.owns_tables:
                # Only the owner builds HNSW indexes; below this size exact scans are fast.
                self._read_hnsw_ready(tx.conn)
                for model, dim, n in tx.execute(
                    "SELECT model, dim, COUNT(*) FROM memory_vectors GROUP BY 1, 2"
                ):
                    if (model, dim) not in self.hnsw_ready and n >= UNINDEXED_VECTORS_OK:
                        problems.append(
                            f"{n} vectors of {model} ({dim}-d) have no HNSW index and this "
                            "role may not build one: run `vecmem migrate-schema` as the owner"
                        )
        return problems

    def size_bytes(self) -> int | None:
        with self.transaction(write=False) as tx:
            row = tx.execute("SELECT pg_database_size(current_database())").fetchone()
        return int(row[0])

    def invalidate_vectors(self) -> None:
        # Vectors are searched inside PostgreSQL; nothing is cached in process except which
        # HNSW indexes exist, and those are re-checked on the next write of a model.
        self.hnsw_ready.clear()

    def write_transaction(self, scope: str | None = None) -> AbstractContextManager[PostgresTx]:
        """Shorthand for ``transaction(write=True, scope=scope)``."""
        return self.transaction(write=True, scope=scope)


def _first(exc: BaseException) -> str:
    """The first line of a driver message (the rest is context PostgreSQL adds)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__

"""The shared engine: PostgreSQL + pgvector, for a team or a fleet of agents on one memory.

Same contract and the same portable SQL as the SQLite engine (``SQLTx`` in ``base.py``);
this module supplies the dialect and the parts SQLite does differently:

* **Placeholders.** Shared SQL uses ``?``; :func:`translate` rewrites it to psycopg's
  ``%s`` outside quoted literals and doubles every literal ``%``.
* **Connections.** One psycopg connection per thread (``Memory`` is used from several
  threads; a connection must never be shared by two threads at once), autocommit at the
  protocol level with explicit ``BEGIN``/``COMMIT`` so that nesting can use savepoints,
  exactly like the SQLite engine. A forked child opens its own connections.
* **Write serialization.** A write transaction takes ``pg_advisory_xact_lock`` on its
  scope before its first read, so the pipeline's read-then-write (dedup, topic check,
  judge) runs one at a time per scope across processes and hosts, the way SQLite's
  ``BEGIN IMMEDIATE`` does for one file. Scope-less write transactions take an exclusive
  lock that excludes every scoped writer. The partial unique index on live hashes
  remains the last line of defence.
* **Vectors.** ``memory_vectors.vector`` is a ``vector`` column *without* a fixed
  dimension, because the model (and so the dimension) is a setting and a re-embed moves
  memories from one model to another. Each (model, dim) gets its own partial HNSW
  expression index ``USING hnsw ((vector::vector(DIM)) vector_cosine_ops) WHERE model =
  'M' AND dim = DIM``, created on demand after the first commit that stores such a
  vector. :meth:`PostgresTx.vector_search` writes the model and dimension into the SQL as
  literals so the planner can match the partial index, filters scope and status inside
  the query before the ``LIMIT``, and falls back to an exact scan when the filtered HNSW
  walk returns fewer than ``k`` rows (pgvector 0.6 has no iterative index scan).
* **Keywords.** ``memory_keywords(memory_id, scope, status, terms, tsv)``: ``terms`` is
  the exact space-joined string the engine indexed (the consistency check compares it)
  and ``tsv`` is ``array_to_tsvector`` of those terms, i.e. every CJK unigram/bigram and
  Latin word as a verbatim lexeme — no parser, no stemming, so index and query agree byte
  for byte (``to_tsvector('simple', …)`` would re-split words such as ``don't``). Queries
  are a tsquery of single-quoted lexemes OR-ed together, so user text never becomes
  tsquery syntax; GIN index; ranked by ``ts_rank``. ``scope`` and ``status`` are copies
  of the memory's, kept equal by a trigger, so the filter needs no join: a common term
  matching thousands of rows is 3x faster than joining each match to ``memories``.
* **Change numbers.** ``next_seq`` uses a sequence instead of the ``meta`` row, which
  would otherwise be a row lock every writer of every scope queues on.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import re
import struct
import threading
import time
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
    from psycopg.adapt import Dumper, Loader
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "the PostgreSQL engine needs psycopg 3: pip install 'vecmem[postgres]'"
    ) from exc

from vecmem.store import pg_keywords, pg_pool, pg_schema  # after the check: they need psycopg too

__all__ = ["PostgresStore", "PostgresTx", "translate", "tsquery_literal"]

_log = logging.getLogger("vecmem.store.postgres")

#: Advisory lock namespaces (the two-int form, so they never collide with one-bigint locks
#: other applications take). ``_NS_WRITE`` keys are scopes (hashtext); in ``_NS_GLOBAL``,
#: key 0 is the all-writers lock, key 1 serializes schema migrations, key 2 index builds
#: (separate, so that opening a store never waits for a long HNSW build).
_NS_WRITE = 0x7665636D  # "vecm"
_NS_GLOBAL = 0x76656367  # "vecg"
_KEY_WRITERS = 0
_KEY_MIGRATE = 1
_KEY_INDEX = 2

#: pgvector 0.6 caps hnsw.ef_search at 1000.
MAX_EF_SEARCH = 1000
#: PostgreSQL refuses lexemes of 2 KiB or more and tsvectors of 1 MiB or more.
_MAX_LEXEME_BYTES = 2046
_MAX_TSVECTOR_BYTES = 900_000
#: How long to leave a (model, dim) alone when another session is building its index.
INDEX_RETRY_SECONDS = 30.0
#: Vectors of one model a role that may not build their HNSW index can leave unindexed
#: before doctor reports it (exact scans of this many take a few milliseconds).
UNINDEXED_VECTORS_OK = 20_000
#: How long a writer waits for another writer's lock before giving up (SQLite: busy_timeout).
LOCK_TIMEOUT_MS = 30_000

_TEXT_FORMAT = pq.Format.TEXT
_BINARY_FORMAT = pq.Format.BINARY


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


def _hnsw_index_name(model: str, dim: int) -> str:
    # Model names are arbitrary text; the index name must be a short safe identifier.
    digest = hashlib.sha1(f"{model}\x1f{dim}".encode()).hexdigest()[:12]
    return f"memory_vectors_hnsw_{dim}_{digest}"


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
        tsv, length = pg_keywords.document(terms)
        cur = self.conn.execute(
            "INSERT INTO memory_keywords (memory_id, scope, status, terms, tsv, dl) "
            "SELECT id, scope, status, %s, %s::tsvector, %s "
            "FROM memories WHERE id = %s "
            "ON CONFLICT (memory_id) DO UPDATE SET scope = excluded.scope, "
            "status = excluded.status, terms = excluded.terms, tsv = excluded.tsv, "
            "dl = excluded.dl",
            [terms, tsv, length, memory_id],
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
        tokens = pg_keywords.query_tokens(terms)
        query = pg_keywords.tsquery(tokens)
        if query is None or limit <= 0:
            return []
        # BM25 as SQLite scores it (pg_keywords.py). The tsquery is a parameter, never
        # spliced into SQL; scope and status are filtered before the LIMIT.
        rows = self.conn.execute(
            pg_keywords.search_sql(),
            [scope, tokens, scope, query, scope, status, int(limit)],
        )
        return [(int(i), float(r)) for i, r in rows]

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


class PostgresStore(Store):
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
        #: Why this session may not write (hot standby, read-only role), or None.
        self.read_only: str | None = None
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

    def _refuse_write(self) -> None:
        if self.read_only:
            raise StoreError(f"database {self.url} is read-only here: {self.read_only}; "
                             "this connection can search, list, explain and report only")

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
                if not migrate or not allowed:
                    raise pg_schema.refuse_migration(state, self.url)
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

    # -- vector indexes --------------------------------------------------------------------
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

    # -- health ----------------------------------------------------------------------------
    def integrity_check(self) -> list[str]:
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

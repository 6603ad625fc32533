"""The persistence contract every engine implements, and the SQL both engines share.

A ``Store`` hands out transactions (``Tx``). The engine layer reads and writes memories,
events, vectors and plans only through a ``Tx``, so that a change and its audit event are
always committed together. ``SQLTx`` holds the portable SQL (``?`` placeholders); an
engine subclass supplies connection handling, locking, keyword search and vector search.
"""

from __future__ import annotations

import abc
import json
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import numpy as np
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.errors import InvalidInputError, StoreError
from vecmem.store.schema import TOMBSTONE
from vecmem.text import check_field, check_tree
from vecmem.types import Event, MemoryRecord

#: Largest JSON ``meta`` / ``review_meta`` of a memory, in characters.
META_MAX = 20_000
#: Longest ``actor`` (who asked for a change: a user or an agent's name) events accept.
ACTOR_MAX = 256


class RankFacts(NamedTuple):
    """The columns search ranks by (see ``SQLTx.rank_facts``)."""

    id: int
    status: str
    hit_count: int
    updated_at: str
    episode: str | None
    #: last day the fact holds (``None``: open); search leaves out what has expired
    valid_until: str | None = None


MEMORY_COLUMNS = (
    "id, scope, content, content_norm, content_hash, category, memory_type, topic_key, "
    "subject, predicate, object, status, confidence, durability, source, hit_count, "
    "superseded_by, created_at, updated_at, last_hit_at, review_meta, valid_from, valid_until, "
    "last_confirmed"
)
EVENT_COLUMNS = (
    "event_id, memory_id, action, before_content, after_content, before_status, "
    "after_status, source, actor, reason, related_ids, created_at, scope, meta"
)
#: Fields a caller may set on insert/update (everything but id and the bookkeeping seq).
WRITABLE_FIELDS = frozenset(
    c.strip() for c in MEMORY_COLUMNS.split(",") if c.strip() not in ("id",)
) | {"meta"}


def utcnow() -> str:
    """ISO-8601 UTC with microseconds: sorts as text, parses everywhere."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _json_load(value: Any) -> Any:
    if value is None or isinstance(value, dict | list):
        return value
    return json.loads(value)


def row_to_memory(row: Sequence[Any]) -> MemoryRecord:
    values = list(row)
    values[20] = _json_load(values[20])
    return MemoryRecord(*values)


def row_to_event(row: Sequence[Any]) -> Event:
    values = list(row)
    values[10] = _json_load(values[10]) or []
    values[13] = _json_load(values[13])
    return Event(*values)


def vector_to_blob(vector: np.ndarray) -> bytes:
    """float32 little-endian: the layout sqlite-vec reads, so its functions work on it too."""
    return np.asarray(vector, dtype="<f4").tobytes()


def blob_to_vector(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4")


@dataclass(frozen=True, slots=True)
class MemoryFilter:
    """Filters for listing memories. ``None`` means "any"."""

    status: str | None = None
    category: str | None = None
    memory_type: str | None = None
    topic_key: str | None = None
    source: str | None = None
    since: str | None = None
    until: str | None = None
    text: str | None = None  # substring of content_norm

    def where(self, scope: str) -> tuple[str, list[Any]]:
        clauses = ["scope = ?"]
        params: list[Any] = [scope]
        for column in ("status", "category", "memory_type", "topic_key", "source"):
            value = getattr(self, column)
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if self.since:
            clauses.append("updated_at >= ?")
            params.append(self.since)
        if self.until:
            clauses.append("updated_at < ?")
            params.append(self.until)
        if self.text:
            clauses.append("instr(lower(content_norm), lower(?)) > 0")
            params.append(self.text)
        return " AND ".join(clauses), params


@dataclass(frozen=True, slots=True)
class PlanRow:
    id: str
    scope: str
    created_at: str
    status: str
    reason: str | None
    operations: list[dict[str, Any]]
    results: list[dict[str, Any]] | None
    applied_at: str | None
    meta: dict[str, Any] | None


class SQLTx(abc.ABC):
    """One transaction. Portable SQL lives here; engines override the dialect hooks."""

    def __init__(self, conn: Any, store: Store) -> None:
        self.conn = conn
        self.store = store
        self._seq: int | None = None

    # -- dialect hooks -------------------------------------------------------------------
    @abc.abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement with ``?`` placeholders and return a cursor."""

    @abc.abstractmethod
    def insert_returning_id(self, sql: str, params: Sequence[Any], id_column: str) -> int:
        ...

    @abc.abstractmethod
    def keyword_search(
        self, scope: str, terms: list[str], limit: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        """Ids with a relevance score (higher is better) whose keyword index matches."""

    @abc.abstractmethod
    def vector_search(
        self, scope: str, model: str, query: np.ndarray, k: int, status: str = "active"
    ) -> list[tuple[int, float]]:
        """The ``k`` nearest vectors of ``model`` among memories with ``status`` (cosine)."""

    # The relevance gate (engine/relevance.py) weighs keyword evidence by how rare a term
    # is in the scope; both engines must count the way their keyword_search matches.
    @abc.abstractmethod
    def keyword_stats(self, scope: str, terms: list[str]) -> tuple[int, dict[str, int]]:
        """(active memories of ``scope`` in the keyword index, per query term how many of
        them ``keyword_search`` would match with that term alone)."""

    @abc.abstractmethod
    def keyword_matches(
        self, scope: str, ids: Iterable[int], terms: list[str]
    ) -> dict[int, list[str]]:
        """For each active memory of ``scope`` among ``ids``: the query terms (of
        ``terms``) its keyword index matches; memories matching none are left out."""

    @abc.abstractmethod
    def index_keywords(self, memory_id: int, terms: str) -> None:
        ...

    @abc.abstractmethod
    def unindex_keywords(self, memory_id: int) -> None:
        ...

    @abc.abstractmethod
    def keyword_index_ids(self, scope: str) -> set[int]:
        ...

    @abc.abstractmethod
    def keyword_index_terms(self, memory_id: int) -> str | None:
        ...

    # -- bookkeeping ---------------------------------------------------------------------
    def next_seq(self) -> int:
        """A new change number for every write (in-memory indexes sync by it).

        Per write, not per transaction: an index may sync in the middle of a transaction
        (the pipeline searches before each insert of a batch) and must still see every
        later write of that transaction as newer.
        """
        row = self.execute(
            "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) "
            "WHERE key = 'seq' RETURNING value"
        ).fetchone()
        self._seq = int(row[0])
        return self._seq

    def current_seq(self) -> int:
        row = self.execute("SELECT value FROM meta WHERE key = 'seq'").fetchone()
        return int(row[0]) if row else 0

    def get_meta(self, key: str) -> str | None:
        row = self.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- memories ------------------------------------------------------------------------
    def get(self, memory_id: int, scope: str | None = None) -> MemoryRecord | None:
        sql = f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ?"
        params: list[Any] = [memory_id]
        if scope is not None:
            sql += " AND scope = ?"
            params.append(scope)
        row = self.execute(sql, params).fetchone()
        return row_to_memory(row) if row else None

    def get_many(self, ids: Sequence[int]) -> dict[int, MemoryRecord]:
        out: dict[int, MemoryRecord] = {}
        ids = list(ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({marks})", chunk
            ):
                rec = row_to_memory(row)
                out[rec.id] = rec
        return out

    def rank_facts(self, scope: str, ids: Iterable[int], key: str) -> dict[int, RankFacts]:
        """What ranking needs of each memory among ``ids`` (in ``scope``): status, hit
        count, last update and the episode id (``meta[key]``), without its text."""
        ids = sorted({int(i) for i in ids})
        out: dict[int, RankFacts] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            # The scope is checked here, not in SQL: with ``scope = ?`` SQLite's planner
            # may walk the scope index (every row of the scope) instead of the ids.
            rows = self.execute(
                f"SELECT id, status, hit_count, updated_at, CASE WHEN meta LIKE ? THEN meta "
                f"END, scope, valid_until FROM memories WHERE id IN ({marks})",
                [f'%"{key}"%', *chunk])
            for memory_id, status, hits, updated, meta, row_scope, until in rows:
                if row_scope != scope:
                    continue
                value = (_json_load(meta) or {}).get(key) if meta else None
                out[int(memory_id)] = RankFacts(int(memory_id), str(status), int(hits),
                                                str(updated),
                                                value if isinstance(value, str) else None,
                                                until)
        return out

    def get_memory_meta(self, memory_id: int) -> dict[str, Any] | None:
        row = self.execute("SELECT meta FROM memories WHERE id = ?", (memory_id,)).fetchone()
        return _json_load(row[0]) if row else None

    def by_hash(
        self, scope: str, content_hash: str, statuses: Sequence[str] | None = None
    ) -> list[MemoryRecord]:
        sql = f"SELECT {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND content_hash = ?"
        params: list[Any] = [scope, content_hash]
        if statuses:
            sql += f" AND status IN ({','.join('?' * len(statuses))})"
            params.extend(statuses)
        sql += " ORDER BY id DESC"
        return [row_to_memory(r) for r in self.execute(sql, params)]

    def by_topic(
        self, scope: str, topic_key: str, statuses: Sequence[str] = ("active",)
    ) -> list[MemoryRecord]:
        marks = ",".join("?" * len(statuses))
        rows = self.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE scope = ? AND topic_key = ? "
            f"AND status IN ({marks}) ORDER BY id",
            [scope, topic_key, *statuses],
        )
        return [row_to_memory(r) for r in rows]

    def list_memories(
        self,
        scope: str,
        flt: MemoryFilter,
        *,
        limit: int = 50,
        offset: int = 0,
        order: str = "updated_at DESC, id DESC",
    ) -> list[MemoryRecord]:
        where, params = flt.where(scope)
        rows = self.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {where} ORDER BY {order} "
            "LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        return [row_to_memory(r) for r in rows]

    def count_memories(self, scope: str, flt: MemoryFilter) -> int:
        where, params = flt.where(scope)
        row = self.execute(f"SELECT COUNT(*) FROM memories WHERE {where}", params).fetchone()
        return int(row[0])

    def count_by(self, scope: str, column: str) -> dict[str, int]:
        assert column in ("status", "memory_type", "category", "source")
        rows = self.execute(
            f"SELECT {column}, COUNT(*) FROM memories WHERE scope = ? GROUP BY {column}", [scope]
        )
        return {str(k): int(v) for k, v in rows}

    def insert_memory(self, fields: dict[str, Any], *, terms: str) -> int:
        fields = dict(fields)
        unknown = set(fields) - WRITABLE_FIELDS
        if unknown:
            raise ValueError(f"unknown memory fields: {sorted(unknown)}")
        for key in ("review_meta", "meta"):
            if fields.get(key) is not None:
                fields[key] = _json_field(fields[key], key)
        fields["seq"] = self.next_seq()
        columns = ", ".join(fields)
        marks = ", ".join("?" * len(fields))
        memory_id = self.insert_returning_id(
            f"INSERT INTO memories ({columns}) VALUES ({marks})", list(fields.values()), "id"
        )
        self.index_keywords(memory_id, terms)
        return memory_id

    def update_memory(
        self, memory_id: int, fields: dict[str, Any], *, terms: str | None = None
    ) -> None:
        fields = dict(fields)
        unknown = set(fields) - WRITABLE_FIELDS
        if unknown:
            raise ValueError(f"unknown memory fields: {sorted(unknown)}")
        for key in ("review_meta", "meta"):
            if key in fields and fields[key] is not None:
                fields[key] = _json_field(fields[key], key)
        fields["seq"] = self.next_seq()
        assignments = ", ".join(f"{k} = ?" for k in fields)
        self.execute(
            f"UPDATE memories SET {assignments} WHERE id = ?", [*fields.values(), memory_id]
        )
        if terms is not None:
            self.unindex_keywords(memory_id)
            self.index_keywords(memory_id, terms)

    def changed_since(self, scope: str, seq: int) -> list[tuple[int, str]]:
        """(id, status) of memories changed after ``seq``, for in-memory index sync."""
        rows = self.execute(
            "SELECT id, status FROM memories WHERE scope = ? AND seq > ?", [scope, seq]
        )
        return [(int(i), str(s)) for i, s in rows]

    # -- events --------------------------------------------------------------------------
    def append_event(
        self,
        *,
        scope: str,
        memory_id: int | None,
        action: str,
        before_content: str | None = None,
        after_content: str | None = None,
        before_status: str | None = None,
        after_status: str | None = None,
        source: str | None = None,
        actor: str | None = None,
        reason: str | None = None,
        related_ids: Sequence[int] = (),
        meta: dict[str, Any] | None = None,
        created_at: str | None = None,
    ) -> int:
        # Every string was redacted by the write kernel (engine/writes.py), the one place
        # that calls this; the store writes what it is given. Text neither engine can
        # store the same way (NUL, lone surrogates) is refused alike on both.
        for name, value, cap in (("actor", actor, ACTOR_MAX), ("source", source, 200),
                                 ("reason", reason, 10_000)):
            if value is not None:
                check_field(value, name, max_chars=cap)
        if meta:
            check_tree(meta, "meta")
        return self.insert_returning_id(
            "INSERT INTO events (scope, memory_id, action, before_content, after_content, "
            "before_status, after_status, source, actor, reason, related_ids, meta, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                scope,
                memory_id,
                action,
                before_content,
                after_content,
                before_status,
                after_status,
                source,
                actor,
                reason,
                json.dumps([int(i) for i in related_ids]),
                json.dumps(meta, ensure_ascii=False) if meta else None,
                created_at or utcnow(),
            ],
            "event_id",
        )

    def events_carrying(self, scope: str, texts: Sequence[str]) -> list[Event]:
        """Events of ``scope`` whose before/after text or reason contains one of
        ``texts`` (a purge looks for every copy of the purged text)."""
        if not texts:
            return []
        clauses = " OR ".join(
            "instr(before_content, ?) > 0 OR instr(after_content, ?) > 0 "
            "OR instr(reason, ?) > 0 OR instr(meta, ?) > 0" for _ in texts)
        params: list[Any] = [scope]
        for t in texts:
            params += [t, t, t, t]
        rows = self.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE scope = ? AND "
                            f"({clauses}) ORDER BY event_id", params)
        return [row_to_event(r) for r in rows]

    def tombstone_event(self, event_id: int, columns: Sequence[str], tombstone: str,
                        meta: dict[str, Any] | None = None) -> None:
        """Replace texts of one event by the purge tombstone (and, with ``meta``, its meta
        by a scrubbed copy marked ``purged``): the only change the database lets anyone
        make to an event (migration 4's trigger)."""
        assert set(columns) <= {"before_content", "after_content", "reason"}
        sets = [f"{c} = ?" for c in columns]
        params: list[Any] = [tombstone] * len(columns)
        if meta is not None:
            sets.append("meta = ?")
            params.append(json.dumps({"purged": True, **meta}, ensure_ascii=False))
        if sets:
            self.execute(f"UPDATE events SET {', '.join(sets)} WHERE event_id = ?",
                         [*params, event_id])

    def insert_event_verbatim(self, event: Event) -> int:
        """Copy an event with its id (import/migrate)."""
        self.execute(
            f"INSERT INTO events ({EVENT_COLUMNS}) VALUES ({','.join('?' * 14)})",
            [
                event.event_id,
                event.memory_id,
                event.action,
                event.before_content,
                event.after_content,
                event.before_status,
                event.after_status,
                event.source,
                event.actor,
                event.reason,
                json.dumps(list(event.related_ids)),
                event.created_at,
                event.scope,
                json.dumps(event.meta, ensure_ascii=False) if event.meta else None,
            ],
        )
        return event.event_id

    def get_event(self, event_id: int, scope: str | None = None) -> Event | None:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id = ?"
        params: list[Any] = [event_id]
        if scope is not None:
            sql += " AND scope = ?"
            params.append(scope)
        row = self.execute(sql, params).fetchone()
        return row_to_event(row) if row else None

    def events(
        self,
        scope: str,
        *,
        memory_id: int | None = None,
        action: str | None = None,
        actor: str | None = None,
        source: str | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int = 50,
        offset: int = 0,
        ascending: bool = False,
    ) -> list[Event]:
        """Events of ``scope`` by id, newest first unless ``ascending``; every filter given
        is an exact match (``since`` inclusive, ``until`` exclusive), applied in SQL over
        all events so that a page of a filtered view is complete."""
        clauses = ["scope = ?"]
        params: list[Any] = [scope]
        for column, value in (("memory_id", memory_id), ("action", action),
                              ("actor", actor), ("source", source)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if since is not None:
            clauses.append("created_at >= ?")
            params.append(since)
        if until is not None:
            clauses.append("created_at < ?")
            params.append(until)
        order = "ASC" if ascending else "DESC"
        rows = self.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE {' AND '.join(clauses)} "
            f"ORDER BY event_id {order} LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        return [row_to_event(r) for r in rows]

    def events_referencing(self, scope: str, event_id: int, action: str) -> list[Event]:
        """Events of ``action`` whose related_ids include ``event_id`` (e.g. a revert)."""
        rows = self.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE scope = ? AND action = ? "
            "AND meta LIKE ?",
            [scope, action, f'%"reverts_event": {int(event_id)}%'],
        )
        return [row_to_event(r) for r in rows]

    def events_flagged(self, scope: str, flag: str, action: str) -> list[Event]:
        """Events of ``action`` whose meta carries the key ``flag`` (oldest first)."""
        rows = self.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE scope = ? AND action = ? "
            "AND meta LIKE ? ORDER BY event_id",
            [scope, action, f'%"{flag}": %'],
        )
        return [row_to_event(r) for r in rows]

    def count_events(self, scope: str, since: str | None = None) -> dict[str, int]:
        sql = "SELECT action, COUNT(*) FROM events WHERE scope = ?"
        params: list[Any] = [scope]
        if since:
            sql += " AND created_at >= ?"
            params.append(since)
        return {str(a): int(n) for a, n in self.execute(sql + " GROUP BY action", params)}

    # -- vectors -------------------------------------------------------------------------
    def put_vector(self, memory_id: int, model: str, vector: np.ndarray) -> None:
        self.execute(
            "INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) VALUES (?,?,?,?,?) "
            "ON CONFLICT(memory_id) DO UPDATE SET model = excluded.model, dim = excluded.dim, "
            "vector = excluded.vector, seq = excluded.seq",
            [memory_id, model, int(vector.shape[0]), self.vector_param(vector), self.next_seq()],
        )

    def vector_param(self, vector: np.ndarray) -> Any:
        return vector_to_blob(vector)

    def vector_value(self, value: Any) -> np.ndarray:
        return blob_to_vector(value)

    def get_vector(self, memory_id: int) -> tuple[str, np.ndarray] | None:
        row = self.execute(
            "SELECT model, vector FROM memory_vectors WHERE memory_id = ?", [memory_id]
        ).fetchone()
        return (row[0], self.vector_value(row[1])) if row else None

    def cosines(self, scope: str, model: str, query: np.ndarray,
                ids: Sequence[int]) -> dict[int, float]:
        """Cosine of ``query`` to the ``model`` vectors of ``ids`` (those that have one):
        the relevance gate judges a keyword candidate beyond the vector side's top-k by its
        real cosine, not as "below every vector candidate"."""
        if not ids:
            return {}
        q = np.asarray(query, dtype=np.float32)
        qn = float(np.linalg.norm(q))
        ids = list(ids)
        out: dict[int, float] = {}
        for start in range(0, len(ids), 500):
            chunk = [int(i) for i in ids[start : start + 500]]
            marks = ",".join("?" * len(chunk))
            for memory_id, value in self.execute(
                "SELECT memory_id, vector FROM memory_vectors WHERE model = ? "
                f"AND memory_id IN ({marks})", [model, *chunk]
            ):
                v = self.vector_value(value)
                vn = float(np.linalg.norm(v))
                if v.shape == q.shape and vn > 0 and qn > 0:
                    out[int(memory_id)] = float(np.dot(q, v) / (qn * vn))
        return out

    def delete_vector(self, memory_id: int) -> None:
        self.execute("DELETE FROM memory_vectors WHERE memory_id = ?", [memory_id])

    def vector_models(self, scope: str) -> dict[str, int]:
        rows = self.execute(
            "SELECT v.model, COUNT(*) FROM memory_vectors v JOIN memories m ON m.id = v.memory_id "
            "WHERE m.scope = ? GROUP BY v.model",
            [scope],
        )
        return {str(m): int(n) for m, n in rows}

    def ids_missing_vector(self, scope: str, model: str, limit: int = 1000) -> list[int]:
        rows = self.execute(
            "SELECT m.id FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id "
            "WHERE m.scope = ? AND (v.memory_id IS NULL OR v.model <> ?) AND m.content <> ? "
            "ORDER BY m.id LIMIT ?",
            [scope, model, TOMBSTONE, limit],  # a purged memory has no vector, on purpose
        )
        return [int(r[0]) for r in rows]

    def orphan_vector_ids(self) -> list[int]:
        rows = self.execute(
            "SELECT v.memory_id FROM memory_vectors v LEFT JOIN memories m ON m.id = v.memory_id "
            "WHERE m.id IS NULL"
        )
        return [int(r[0]) for r in rows]

    def vectors_since(
        self, scope: str, model: str, seq: int
    ) -> Iterator[tuple[int, np.ndarray]]:
        # Two indexed lookups instead of one OR across both tables (a full scan per sync).
        rows = self.execute(
            "SELECT v.memory_id, v.vector FROM memory_vectors v JOIN memories m "
            "ON m.id = v.memory_id WHERE v.seq > ? AND m.scope = ? AND v.model = ? "
            "AND m.status = 'active' "
            "UNION "
            "SELECT v.memory_id, v.vector FROM memories m JOIN memory_vectors v "
            "ON v.memory_id = m.id WHERE m.seq > ? AND m.scope = ? AND v.model = ? "
            "AND m.status = 'active'",
            [seq, scope, model, seq, scope, model],
        )
        for memory_id, blob in rows:
            yield int(memory_id), self.vector_value(blob)

    # -- plans ---------------------------------------------------------------------------
    def insert_plan(self, plan: PlanRow) -> None:
        if plan.reason is not None:
            check_field(plan.reason, "reason", max_chars=10_000)
        check_tree(plan.operations, "the plan's operations")
        self.execute(
            "INSERT INTO plans (id, scope, created_at, status, reason, operations, results, "
            "applied_at, meta) VALUES (?,?,?,?,?,?,?,?,?)",
            [
                plan.id,
                plan.scope,
                plan.created_at,
                plan.status,
                plan.reason,
                json.dumps(plan.operations, ensure_ascii=False),
                json.dumps(plan.results, ensure_ascii=False) if plan.results is not None else None,
                plan.applied_at,
                json.dumps(plan.meta, ensure_ascii=False) if plan.meta else None,
            ],
        )

    def update_plan(self, plan_id: str, **fields: Any) -> None:
        for key in ("operations", "results", "meta"):
            if key in fields and fields[key] is not None:
                fields[key] = json.dumps(fields[key], ensure_ascii=False)
        assignments = ", ".join(f"{k} = ?" for k in fields)
        self.execute(f"UPDATE plans SET {assignments} WHERE id = ?", [*fields.values(), plan_id])

    def get_plan(self, plan_id: str, scope: str | None = None) -> PlanRow | None:
        sql = (
            "SELECT id, scope, created_at, status, reason, operations, results, applied_at, meta "
            "FROM plans WHERE id = ?"
        )
        params: list[Any] = [plan_id]
        if scope is not None:
            sql += " AND scope = ?"
            params.append(scope)
        row = self.execute(sql, params).fetchone()
        return _plan(row) if row else None

    def list_plans(self, scope: str, status: str | None = None, limit: int = 50) -> list[PlanRow]:
        sql = (
            "SELECT id, scope, created_at, status, reason, operations, results, applied_at, meta "
            "FROM plans WHERE scope = ?"
        )
        params: list[Any] = [scope]
        if status:
            sql += " AND status = ?"
            params.append(status)
        rows = self.execute(sql + " ORDER BY created_at DESC, id DESC LIMIT ?", [*params, limit])
        return [_plan(r) for r in rows]

    # -- consistency ---------------------------------------------------------------------
    def duplicate_live_hashes(self, scope: str) -> list[tuple[str, int]]:
        rows = self.execute(
            "SELECT content_hash, COUNT(*) FROM memories WHERE scope = ? AND status IN "
            "('active', 'review') GROUP BY content_hash HAVING COUNT(*) > 1",
            [scope],
        )
        return [(str(h), int(n)) for h, n in rows]

    def scopes(self) -> list[str]:
        return [str(r[0]) for r in self.execute("SELECT DISTINCT scope FROM memories ORDER BY 1")]


def _json_field(value: Any, what: str) -> str:
    """A JSON column's text; refused (as input) when neither engine could store it alike."""
    check_tree(value, what)
    text = json.dumps(value, ensure_ascii=False)
    if what == "meta" and len(text) > META_MAX:  # review_meta is the engine's own
        raise InvalidInputError(f"{what} is too large (limit {META_MAX:,} characters as JSON)")
    return text


def _plan(row: Sequence[Any]) -> PlanRow:
    return PlanRow(
        id=row[0],
        scope=row[1],
        created_at=row[2],
        status=row[3],
        reason=row[4],
        operations=_json_load(row[5]) or [],
        results=_json_load(row[6]),
        applied_at=row[7],
        meta=_json_load(row[8]),
    )


class Store(abc.ABC):
    """An engine: hands out transactions; owns connections and any in-memory index."""

    url: str
    engine_name: str
    #: What opening changed (``vecmem.store.schema.UpgradeReport``), set by the engine
    #: when it ran the upgrade step (None: it found nothing to do).
    upgrade: Any = None

    #: Why this handle refuses every change, or None: a PostgreSQL session that may not
    #: write (hot standby, read-only role), or a memory opened read-only
    #: (``Memory.open(read_only=True)``). Every write transaction is refused.
    read_only: str | None = None

    def __init__(self) -> None:
        self.lock = threading.RLock()

    def _refuse_write(self) -> None:
        if self.read_only:
            raise StoreError(f"database {self.url} is read-only here: {self.read_only}; "
                             "this connection can search, list, explain and report only")

    @abc.abstractmethod
    def transaction(
        self, *, write: bool = True, scope: str | None = None
    ) -> AbstractContextManager[SQLTx]:
        """A transaction; ``write=True`` takes the write lock up front (no upgrade deadlock).

        ``scope`` names the only scope a write transaction changes: an engine may then let
        writers of other scopes run at the same time. Without it the transaction excludes
        every other writer; operations that span scopes (migrate, raw import, repairs of
        rows without a scope) must leave it out. Nested transactions pass the same scope as
        the outer one.
        """

    @abc.abstractmethod
    def close(self) -> None: ...

    @abc.abstractmethod
    def integrity_check(self, *, thorough: bool = True) -> list[str]:
        """Problems the engine itself reports (empty when healthy).

        ``thorough=False`` is the cheap pass for status screens (`stats`): it skips the
        checks whose cost grows with every index entry (on SQLite, index contents and the
        full-text index), which `check`, `doctor` and the health report still run.
        """

    def size_bytes(self) -> int | None:
        return None

    def ann_recall(self, scope: str, model: str, dim: int, *, sample: int = 64,
                   k: int = 10) -> float | None:
        """Recall@k of the approximate vector index against an exact scan, on a sample of
        stored vectors as queries; None when no approximate index is in use."""
        return None

    def scrub(self) -> list[str]:
        """After a purge: make the removed text unrecoverable from the engine's own files
        where it can (SQLite: FTS merge, WAL checkpoint, VACUUM). Returns notes on what
        stays out of reach."""
        return []

    def invalidate_vectors(self) -> None:  # noqa: B027 - engines without a cache need nothing
        """Drop any in-memory vector index (after a bulk change made elsewhere)."""

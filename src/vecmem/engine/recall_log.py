"""The recall log: which memories were handed to which turn of which session, and with
what gate scores, so that "why did the agent say that?" has an answer.

It is not the audit log (``events``): nothing here changes a memory, and rows are pruned.
Every write prunes the scope's rows past ``recall_log_rows`` or older than
``recall_log_days``; ``recall_log_rows = 0`` turns the log off.

What a row holds: the session (redacted), the turn number, the front end, a hash of the
query and -- unless ``recall_log_queries = "hash"`` -- the query as the redactor leaves it
(``writes.redact``; at most ``QUERY_CHARS``), and per memory its id and scores (fused
score, cosine, gate margin, keyword coverage, ranks). Never a memory's text: reading
joins the memories' current text, so a purged memory reads as the tombstone, and a purge
also blanks the stored queries that carried the purged text (``scrub``).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from vecmem.engine.context import Context
from vecmem.engine.writes import redact
from vecmem.errors import InvalidInputError
from vecmem.limits import LIMIT_MAX
from vecmem.store.base import SQLTx, utcnow
from vecmem.store.schema import TOMBSTONE
from vecmem.text import check_field
from vecmem.types import Serializable

#: Who handed the memories over (the one vocabulary of the ``front_end`` column).
FRONT_ENDS = ("python", "hermes", "mcp", "http", "cli")
#: Longest stored (redacted) query; the hash covers the whole query.
QUERY_CHARS = 300
SESSION_CHARS = 200
#: Hex digits of the query hash (32 would look like a secret to the redactor).
HASH_CHARS = 16
#: The scores kept per memory (from ``types.Hit``).
SCORES = ("score", "cosine", "relevance", "coverage", "vector_rank", "keyword_rank")

_COLUMNS = ("id, scope, session, turn, front_end, query_hash, query, gate, memory_ids, "
            "items, created_at")


@dataclass(frozen=True, slots=True)
class RecallEntry(Serializable):
    """One turn's recall: what was injected (``items``, best first) and why."""

    id: int
    session: str
    turn: int
    front_end: str
    query_hash: str
    #: The query as the redactor left it; None when only hashes are kept.
    query: str | None
    gate: bool
    created_at: str
    #: Per memory: ``memory_id`` and the scores in ``SCORES``; when read, also the
    #: memory's current ``content`` and ``status``.
    items: list[dict[str, Any]] = field(default_factory=list)


def query_hash(query: str) -> str:
    """The hash a query is logged under (whitespace and Unicode form do not matter)."""
    norm = " ".join(unicodedata.normalize("NFC", query).split())
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()[:HASH_CHARS]


def check_session(session: object) -> str:
    text = check_field(session, "session", max_chars=SESSION_CHARS).strip()
    if not text:
        raise InvalidInputError("session must be a non-empty string")
    return redact(text) or text


def check_front_end(front_end: object) -> str:
    if front_end not in FRONT_ENDS:
        raise InvalidInputError(
            f"front_end must be one of {', '.join(FRONT_ENDS)}; got {front_end!r}")
    return str(front_end)


#: Most memories one turn's row lists (search returns at most 1,000).
MAX_ITEMS = 1000


def _item(hit: Any) -> dict[str, Any]:
    rec = getattr(hit, "memory", hit)
    mid = getattr(rec, "id", None)
    if isinstance(mid, bool) or not isinstance(mid, int) or mid < 1:
        raise InvalidInputError("hits must be search hits (Hit) or memory records")
    out: dict[str, Any] = {"memory_id": mid}
    for name in SCORES:
        value = getattr(hit, name, None)
        if value is not None:
            out[name] = round(float(value), 4) if isinstance(value, float) else value
    return out


def record(ctx: Context, query: str, hits: Sequence[Any], *, session: object,
           turn: object = None, front_end: object = "python", gate: bool = True
           ) -> RecallEntry | None:
    """Log that ``hits`` (``Hit``s, or records) were handed to ``session``'s turn for
    ``query``; prunes the scope's log in the same transaction. None when the log is off."""
    session = check_session(session)
    front_end = check_front_end(front_end)
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)
                             or not 1 <= turn <= 2**31):
        raise InvalidInputError("turn must be a positive integer")
    settings = ctx.settings
    if settings.recall_log_rows == 0:
        return None
    if isinstance(hits, str | bytes | dict) or not isinstance(hits, Sequence):
        raise InvalidInputError("hits must be a list of search hits or memory records")
    if len(hits) > MAX_ITEMS:
        raise InvalidInputError(f"too many hits for one turn ({len(hits)}; limit {MAX_ITEMS})")
    items = [_item(h) for h in hits]
    ids = [it["memory_id"] for it in items]
    kept = None
    if settings.recall_log_queries == "redacted":
        kept = (redact(query) or "")[:QUERY_CHARS]
    now = utcnow()
    with ctx.transaction() as tx:
        if turn is None:
            row = tx.execute("SELECT MAX(turn) FROM recalls WHERE scope = ? AND session = ?",
                             [ctx.scope, session]).fetchone()
            turn = int(row[0] or 0) + 1
        rid = tx.insert_returning_id(
            "INSERT INTO recalls (scope, session, turn, front_end, query_hash, query, gate, "
            "memory_ids, items, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            [ctx.scope, session, turn, front_end, query_hash(query), kept,
             "on" if gate else "off", "," + ",".join(map(str, ids)) + ",",
             json.dumps(items), now], "id")
        prune(tx, ctx.scope, settings.recall_log_rows, settings.recall_log_days)
    return RecallEntry(rid, session, int(turn), front_end, query_hash(query), kept, gate,
                       now, items)


def prune(tx: SQLTx, scope: str, max_rows: int, max_days: float) -> int:
    """Drop the scope's rows older than ``max_days`` and past the newest ``max_rows``."""
    cutoff = (datetime.now(UTC) - timedelta(days=max_days)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    cur = tx.execute("DELETE FROM recalls WHERE scope = ? AND created_at < ?", [scope, cutoff])
    dropped = max(cur.rowcount or 0, 0)
    row = tx.execute("SELECT id FROM recalls WHERE scope = ? ORDER BY id DESC LIMIT 1 "
                     "OFFSET ?", [scope, max_rows - 1]).fetchone()
    if row is not None:
        cur = tx.execute("DELETE FROM recalls WHERE scope = ? AND id < ?", [scope, row[0]])
        dropped += max(cur.rowcount or 0, 0)
    return dropped


def read(ctx: Context, *, session: object = None, memory_id: object = None,
         query: object = None, limit: object = 50, offset: object = 0) -> list[RecallEntry]:
    """Logged recalls, newest first: of one session, of turns that received one memory,
    or of one query (matched by its hash); each item with its memory's current text."""
    from vecmem.engine.writes import require_id

    where, params = ["scope = ?"], [ctx.scope]
    if session is not None:
        where.append("session = ?")
        params.append(check_session(session))
    if memory_id is not None:
        where.append("instr(memory_ids, ?) > 0")
        params.append(f",{require_id(memory_id)},")
    if query is not None:
        where.append("query_hash = ?")
        params.append(query_hash(check_field(query, "query", max_chars=4000)))
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LIMIT_MAX:
        raise InvalidInputError(f"limit must be an integer between 1 and {LIMIT_MAX}")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidInputError("offset must be a non-negative integer")
    with ctx.transaction(write=False) as tx:
        rows = tx.execute(f"SELECT {_COLUMNS} FROM recalls WHERE {' AND '.join(where)} "
                          "ORDER BY id DESC LIMIT ? OFFSET ?",
                          [*params, limit, offset]).fetchall()
        entries = [_entry(r) for r in rows]
        records = tx.get_many(sorted({it["memory_id"] for e in entries for it in e.items}))
    for e in entries:
        for it in e.items:
            rec = records.get(it["memory_id"])
            it["content"] = rec.content if rec is not None else None
            it["status"] = str(rec.status) if rec is not None else "missing"
    return entries


def _entry(row: Sequence[Any]) -> RecallEntry:
    return RecallEntry(id=int(row[0]), session=row[2], turn=int(row[3]), front_end=row[4],
                       query_hash=row[5], query=row[6], gate=row[7] == "on",
                       created_at=row[10], items=json.loads(row[9] or "[]"))


def scrub(tx: SQLTx, scope: str, carries: Callable[[str | None], bool]) -> int:
    """Replace the stored queries that ``carries`` a purged text by the tombstone (called
    by ``writes.purge``); the hashes stay."""
    rows = tx.execute("SELECT id, query FROM recalls WHERE scope = ? AND query IS NOT NULL "
                      "AND query <> ?", [scope, TOMBSTONE]).fetchall()
    hit = [int(r[0]) for r in rows if carries(r[1])]
    for rid in hit:
        tx.execute("UPDATE recalls SET query = ? WHERE id = ?", [TOMBSTONE, rid])
    return len(hit)

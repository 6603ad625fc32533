"""The write kernel: the only code that changes a memory row or appends an audit event.

Every function here makes one change to the memory rows *and* the events that record it,
together, in the caller's transaction (a crash leaves both or neither). Nothing else in
vecmem calls ``tx.insert_memory`` / ``tx.update_memory`` / ``tx.append_event``
(``tests/test_architecture.py`` holds that), so the guarantees below hold by construction:

- every string that is stored passes through :func:`redact` (content, content_norm,
  reasons, provenance labels, ``meta``, event before/after texts, plan documents);
  identity fields (content, category) that would change under redaction are refused
  instead, because their hash must describe what is stored;
- no stored content or category holds hidden characters (``text.visible_text``): the
  pipeline drops them before hashing, and a raw import holding them is refused;
- at most one live row per content hash: a change that would make a second one live is
  refused with :class:`InvalidTransitionError` before anything is written;
- every row change has its event, named by one :class:`~vecmem.types.Action`.

Guards that depend on what the operation *means* (may this memory be archived?) live in
the callers (``pipeline``, ``edits``, ``status``, ``revert``); those callers compute a
preview by the same functions up to the point where this module would be called.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from vecmem.errors import InvalidInputError, InvalidTransitionError, NotFoundError
from vecmem.rules.redaction import ID_KEYS, redact, redact_event, redact_row, redact_value
from vecmem.store.base import PlanRow, SQLTx, utcnow
from vecmem.store.rederive import HELD
from vecmem.store.schema import TOMBSTONE
from vecmem.text import has_hidden_text
from vecmem.types import LIVE_STATUSES, Action, Event, MemoryRecord, Status

if TYPE_CHECKING:
    from vecmem.engine.context import Context
    from vecmem.engine.pipeline import Prepared

#: Events that change no memory row (a refused input, a suggestion, index upkeep).
ROWLESS_ACTIONS = frozenset({Action.REJECT_INPUT, Action.SUGGEST, Action.REPAIR,
                             Action.REEMBED})
_UNSET: Any = object()
#: Every memory column (a raw import copies them all).
_MEMORY_COLUMNS = tuple(MemoryRecord.__dataclass_fields__)


# -- the one redaction (rules/redaction.py, shared with the store's re-derive step) --------
def redact_record(obj: dict[str, Any]) -> dict[str, Any]:
    """An exported line: every string redacted but the identifiers and the vector."""
    return {k: v if k == "vector" or (k in ID_KEYS and isinstance(v, str))
            else redact_value(v) for k, v in obj.items()}


def has_secret(value: Any) -> bool:
    return redact_value(value) != value


def require_clean(value: Any, what: str) -> None:
    """Refuse an identity field that holds a secret: redacting it would store a text
    whose hash and category describe something else."""
    if has_secret(value):
        raise InvalidInputError(f"{what} contains a secret value; secrets are never stored")


# -- reads every write needs --------------------------------------------------------------
def require_id(value: object, what: str = "memory id") -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidInputError(f"{what} must be a positive integer")
    try:
        number = int(value)
    except ValueError:
        raise InvalidInputError(f"{what} must be a positive integer, got {value!r}") from None
    if number <= 0 or number > 2**62:
        raise InvalidInputError(f"{what} must be a positive integer, got {value!r}")
    return number


def load(ctx: Context, tx: SQLTx, memory_id: object) -> MemoryRecord:
    mid = require_id(memory_id)
    rec = tx.get(mid, ctx.scope)
    if rec is None:
        raise NotFoundError(f"memory #{mid} does not exist in scope {ctx.scope!r}")
    return rec


def identity_hash(rec: MemoryRecord) -> str:
    """The hash of the fact ``rec`` holds. A row the re-derive step held in review carries
    a marked hash (``<hash>~held-<id>``, so the unique index lets it wait beside its
    keeper); once it is live again its identity is the unmarked hash."""
    return rec.content_hash.split(HELD, 1)[0]


def live_clash(ctx: Context, tx: SQLTx, content_hash: str,
               allowed: Sequence[int] = ()) -> MemoryRecord | None:
    """A live memory other than ``allowed`` that already holds ``content_hash``."""
    for other in tx.by_hash(ctx.scope, content_hash, LIVE_STATUSES):
        if other.id not in allowed:
            return other
    return None


def _require_live_free(ctx: Context, tx: SQLTx, memory_id: int, content_hash: str) -> None:
    other = live_clash(ctx, tx, content_hash, (memory_id,))
    if other is not None:
        raise InvalidTransitionError(
            f"cannot make #{memory_id} live: #{other.id} already holds the same fact"
        )


# -- primitives (private: every public function pairs a row change with its event) ------
def _event(ctx: Context, tx: SQLTx, action: Action, memory_id: int | None, *,
           before_content: str | None = None, after_content: str | None = None,
           before_status: str | None = None, after_status: str | None = None,
           source: str | None = None, actor: str | None = None, reason: str | None = None,
           related_ids: Sequence[int] = (), meta: dict[str, Any] | None = None,
           created_at: str | None = None) -> int:
    return tx.append_event(**redact_event({
        "scope": ctx.scope, "memory_id": memory_id, "action": Action(action).value,
        "before_content": before_content, "after_content": after_content,
        "before_status": before_status, "after_status": after_status, "source": source,
        "actor": actor, "reason": reason, "related_ids": [int(i) for i in related_ids],
        "meta": meta or None, "created_at": created_at,
    }))


def _row(fields: dict[str, Any]) -> dict[str, Any]:
    """Redact a memory row's stored strings; refuse identity fields holding a secret or
    hidden characters (text the agent's model could read and a person could not see)."""
    for key in ("content", "category"):
        value = fields.get(key)
        if value is not None:
            if isinstance(value, str) and has_hidden_text(value):
                raise InvalidInputError(
                    f"{key} holds invisible characters that would reach the agent unseen "
                    "(tag characters, bidi overrides, zero-width runs); remove them")
            require_clean(value, key)
    return redact_row(fields)


def _update(tx: SQLTx, memory_id: int, fields: dict[str, Any], *,
            terms: str | None = None) -> None:
    tx.update_memory(memory_id, _row(fields),
                     terms=None if terms is None else redact(terms))


def _prepared_row(p: Prepared, now: str) -> dict[str, Any]:
    """The columns derived from ``p`` (its text and when it holds), written ``now``."""
    when = p.when
    return {
        "content": p.content,
        "content_norm": p.norm,
        "content_hash": p.hash,
        "memory_type": p.cls.memory_type.value,
        "topic_key": p.cls.topic_key,
        "subject": p.cls.subject,
        "predicate": p.cls.predicate,
        "object": p.cls.object,
        # A fact that names no time holds from the moment it was written.
        "valid_from": (when.to_dict()["valid_from"] if when and when.valid_from
                       else p.said_at or now),
        "valid_until": when.to_dict()["valid_until"] if when else None,
        "last_confirmed": now,
    }


def _with_time(meta: dict[str, Any] | None, p: Prepared) -> dict[str, Any] | None:
    """The row's provenance plus what the text said about time (expression and period),
    so ``show`` and ``explain`` can say how the dates were read."""
    out = dict(meta or {})
    if p.said_at is not None:
        out["said_at"] = p.said_at
    if p.when is not None:
        out["time"] = p.when.to_dict()
    return out or None


def closing_time(now: str, successor: MemoryRecord | None = None,
                 old: MemoryRecord | None = None) -> str:
    """When a superseded fact stopped holding: when its successor began to hold (its
    ``valid_from``: a turn's time for an ingested conversation), else now. A date is the
    last day included, so a successor holding from 1 March closes the old on 28 February;
    a successor that claims to begin before the old fact did closes it now."""
    start = successor.valid_from if successor is not None else None
    if not start or start > now:
        return now
    if len(start) == 10:
        from datetime import date, timedelta

        start = (date.fromisoformat(start) - timedelta(days=1)).isoformat()
    if old is not None and old.valid_from and start < old.valid_from[:len(start)]:
        return now
    return start


def _put_vector(tx: SQLTx, memory_id: int, p: Prepared) -> None:
    if p.vector is not None and p.model is not None:
        tx.put_vector(memory_id, p.model, p.vector)


# -- operations ---------------------------------------------------------------------------
def record(ctx: Context, tx: SQLTx, action: Action, *, memory_id: int | None = None,
           **fields: Any) -> int:
    """An event that changes no memory row (refused input, suggestion, repair, reembed)."""
    if Action(action) not in ROWLESS_ACTIONS:
        raise ValueError(f"{action} changes a memory row; use its kernel operation")
    return _event(ctx, tx, action, memory_id, **fields)


def insert(ctx: Context, tx: SQLTx, p: Prepared, *, status: Status, action: Action,
           reason: str, related_ids: Sequence[int] = (),
           review_meta: dict[str, Any] | None = None, meta: dict[str, Any] | None = None,
           now: str | None = None) -> tuple[int, int]:
    """A new memory from ``p`` and its ``add``/``review``/``merge`` event."""
    now = now or utcnow()
    if status in LIVE_STATUSES:
        clash = live_clash(ctx, tx, p.hash)
        if clash is not None:
            raise InvalidTransitionError(f"#{clash.id} already holds the same fact")
    memory_id = tx.insert_memory(
        _row({
            "scope": ctx.scope, **_prepared_row(p, now), "category": p.category,
            "status": Status(status).value, "confidence": p.confidence,
            "durability": p.durability, "source": p.source, "hit_count": 0,
            "created_at": now, "updated_at": now, "review_meta": review_meta,
            "meta": _with_time(p.meta, p),
        }),
        terms=redact(p.terms) or "",
    )
    _put_vector(tx, memory_id, p)
    event_id = _event(ctx, tx, action, memory_id, after_content=p.content,
                      after_status=Status(status).value, reason=reason,
                      related_ids=related_ids, meta=meta, source=p.source, actor=p.actor,
                      created_at=now)
    return memory_id, event_id


def rewrite(ctx: Context, tx: SQLTx, target: MemoryRecord, q: Prepared, *, reason: str,
            related_ids: Sequence[int] = (), meta: dict[str, Any] | None = None,
            source: str | None = None, actor: str | None = None,
            status: str | None = None) -> int:
    """Replace one memory's text in place; the old text stays in its ``update`` event.
    A review item stays in review (only approval makes it active) unless ``status``."""
    after = status or (Status.REVIEW.value if target.status == Status.REVIEW
                       else Status.ACTIVE.value)
    if after in LIVE_STATUSES:
        _require_live_free(ctx, tx, target.id, q.hash)
    now = utcnow()
    # The category goes with the hash it was computed with (``q.category``).
    _update(tx, target.id, {**_prepared_row(q, now), "category": q.category, "status": after,
                            "updated_at": now, "source": q.source}, terms=q.terms)
    _put_vector(tx, target.id, q)
    return _event(ctx, tx, Action.UPDATE, target.id, before_content=target.content,
                  after_content=q.content, before_status=target.status, after_status=after,
                  reason=reason, related_ids=related_ids, meta=meta,
                  source=source or q.source, actor=actor, created_at=now)


def set_status(ctx: Context, tx: SQLTx, rec: MemoryRecord, status: str, *, action: Action,
               reason: str, actor: str | None = None, related_ids: Sequence[int] = (),
               superseded_by: int | None = _UNSET, meta: dict[str, Any] | None = None,
               source: str | None = None) -> int:
    """Move one memory to ``status`` with its event (archive, restore, approve, reject,
    supersede, revert)."""
    now = utcnow()
    fields: dict[str, Any] = {"status": status, "updated_at": now}
    # Live again, or out of review onto its real hash (a row re-derive held under a
    # marked hash, ``store/rederive.py``): the unique index guards the real one.
    if status in LIVE_STATUSES and (rec.status not in LIVE_STATUSES or (
            status == Status.ACTIVE.value and identity_hash(rec) != rec.content_hash)):
        identity = identity_hash(rec)
        _require_live_free(ctx, tx, rec.id, identity)
        if identity != rec.content_hash:  # back under its real hash: the index guards it
            fields["content_hash"] = identity
    if superseded_by is not _UNSET:
        fields["superseded_by"] = superseded_by
    if status == Status.SUPERSEDED.value and rec.valid_until is None:
        # Superseded: it held until its successor took over (valid time closes; the row
        # and its text stay, for questions about the past).
        successor = tx.get(superseded_by) if isinstance(superseded_by, int) else None
        fields["valid_until"] = closing_time(now, successor, rec)
    _update(tx, rec.id, fields)
    return _event(ctx, tx, action, rec.id, before_status=rec.status, after_status=status,
                  before_content=rec.content, after_content=rec.content, actor=actor,
                  reason=reason, related_ids=related_ids, meta=meta,
                  source=source or rec.source, created_at=now)


def supersede(ctx: Context, tx: SQLTx, rec: MemoryRecord, by: int, *, reason: str,
              actor: str | None = None, source: str | None = None,
              meta: dict[str, Any] | None = None) -> int:
    return set_status(ctx, tx, rec, Status.SUPERSEDED.value, action=Action.SUPERSEDE,
                      reason=reason, actor=actor, related_ids=[by], superseded_by=by,
                      meta=meta, source=source)


def hit(ctx: Context, tx: SQLTx, target: MemoryRecord, *, content: str, reason: str,
        source: str | None, actor: str | None, meta: dict[str, Any] | None = None,
        restore: Prepared | None = None) -> int:
    """The same fact arrived again: count the hit (``duplicate``), or with ``restore``
    bring the archived memory holding it back (``restore``, with its new vector)."""
    now = utcnow()
    fields: dict[str, Any] = {"hit_count": target.hit_count + 1, "last_hit_at": now,
                              "updated_at": now, "last_confirmed": now}
    action, after = Action.DUPLICATE, target.status
    if restore is not None:
        _require_live_free(ctx, tx, target.id, target.content_hash)
        fields["status"] = after = Status.ACTIVE.value
        action = Action.RESTORE
    _update(tx, target.id, fields)
    if restore is not None:
        _put_vector(tx, target.id, restore)
    return _event(ctx, tx, action, target.id, before_status=target.status, after_status=after,
                  after_content=content, reason=reason, meta=meta, source=source, actor=actor,
                  created_at=now)


def merge(ctx: Context, tx: SQLTx, p: Prepared, sources: Sequence[MemoryRecord], *,
          reason: str, actor: str | None, meta: dict[str, Any] | None = None) -> tuple[int, int]:
    """One new memory from ``p``; every source superseded by it, each with its event."""
    ids = [s.id for s in sources]
    clash = live_clash(ctx, tx, p.hash, ids)
    if clash is not None:
        raise InvalidTransitionError(f"cannot merge: #{clash.id} already holds the merged text")
    # Sources leave the live set first so the merged text may equal one of them.
    now = utcnow()
    for s in sources:
        closed = {"valid_until": closing_time(now)} if s.valid_until is None else {}
        _update(tx, s.id, {"status": Status.SUPERSEDED.value, "updated_at": now, **closed})
    new_id, merge_event = insert(ctx, tx, p, status=Status.ACTIVE, action=Action.MERGE,
                                 reason=reason, related_ids=ids, meta=meta, now=now)
    for s in sources:
        _update(tx, s.id, {"superseded_by": new_id})
        _event(ctx, tx, Action.SUPERSEDE, s.id, before_status=s.status,
               after_status=Status.SUPERSEDED.value, before_content=s.content,
               after_content=s.content, source=p.source, actor=actor,
               reason=f"merged into #{new_id}", related_ids=[new_id],
               meta={"merge_event": merge_event}, created_at=now)
    return new_id, merge_event


def revert_rewrite(ctx: Context, tx: SQLTx, rec: MemoryRecord, q: Prepared, *,
                   before_status: str | None, reason: str, actor: str | None,
                   reverted: Event, meta: dict[str, Any]) -> tuple[int, int]:
    """Undo an update: the old text back (its ``update`` event) and the ``revert`` event
    naming both, with the status the update found. Returns both event ids."""
    update_id = rewrite(ctx, tx, rec, q, reason=reason, actor=actor,
                        status=before_status or None)
    return update_id, _event(ctx, tx, Action.REVERT, rec.id, before_content=rec.content,
                  after_content=q.content, before_status=rec.status,
                  after_status=before_status, actor=actor, reason=reason,
                  related_ids=[reverted.event_id, update_id], meta=meta)


def restore(ctx: Context, tx: SQLTx, memories: Sequence[dict[str, Any]],
            events: Sequence[Event], plans: Sequence[PlanRow],
            vectors: dict[int, Any]) -> None:
    """A raw import: rows, events and plans with their ids, into an empty scope (the
    caller validated the file as a whole). Every string is redacted here as anywhere."""
    import json

    from vecmem.rules.cues import index_terms

    cols = [c for c in _MEMORY_COLUMNS if c != "superseded_by"] + ["meta", "seq"]
    for o in memories:
        row = _row({c: (ctx.scope if c == "scope" else o.get(c)) for c in cols[:-1]})
        values = [json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else v
                  for v in row.values()]
        tx.execute(f"INSERT INTO memories ({', '.join(cols)}) VALUES "
                   f"({', '.join('?' * len(cols))})", [*values, tx.next_seq()])
        tx.index_keywords(o["id"], redact(index_terms(o["content"], o.get("meta"))) or "")
        if o["id"] in vectors:
            tx.put_vector(o["id"], ctx.model_id, vectors[o["id"]])
    # Links last: a memory may be superseded by one with a higher id.
    for o in memories:
        if o.get("superseded_by") is not None:
            tx.execute("UPDATE memories SET superseded_by = ? WHERE id = ?",
                       [o["superseded_by"], o["id"]])
    for e in events:
        tx.insert_event_verbatim(Event(
            e.event_id, e.memory_id, e.action, redact(e.before_content),
            redact(e.after_content), e.before_status, e.after_status, redact(e.source),
            redact(e.actor), redact(e.reason), list(e.related_ids), e.created_at, ctx.scope,
            redact_value(e.meta) if e.meta else None))
    for plan in plans:
        save_plan(tx, plan)


def purge(ctx: Context, tx: SQLTx, rec: MemoryRecord, *, reason: str,
          actor: str | None) -> tuple[int, list[int]]:
    """Remove one memory's text from the row, from every event of this scope that
    carried it, from plan documents, and from its vector and keyword entries; kept: ids,
    timestamps, actions, statuses and the hash. The ``purge`` event records who and why
    (never the text). Returns the purge event and the events rewritten.

    The only path that rewrites an event: the database refuses any other UPDATE of one
    (a trigger lets an event's texts change to the tombstone and nothing else).
    """
    from vecmem.text import keyword_terms

    texts = {t for t in (rec.content, rec.content_norm) if t and t != TOMBSTONE}
    own = tx.events(ctx.scope, memory_id=rec.id, limit=10**9, ascending=True)
    texts |= {t for e in own for t in (e.before_content, e.after_content)
              if t and t != TOMBSTONE}
    touched: list[int] = []
    for event in tx.events_carrying(ctx.scope, sorted(texts)):
        cols = [c for c in ("before_content", "after_content", "reason")
                if _carries(getattr(event, c), texts, whole=event.memory_id == rec.id)]
        meta = _scrub_tree(event.meta, texts) if event.meta else None
        if cols or meta != event.meta:
            tx.tombstone_event(event.event_id, cols, TOMBSTONE,
                               meta=meta if meta != event.meta else None)
            touched.append(event.event_id)
    now = utcnow()
    _update(tx, rec.id, {"content": TOMBSTONE, "content_norm": TOMBSTONE, "topic_key": None,
                         "subject": None, "predicate": None, "object": None,
                         "status": Status.ARCHIVED.value, "updated_at": now,
                         "review_meta": None, "meta": None},
            terms=" ".join(keyword_terms(TOMBSTONE)))
    tx.delete_vector(rec.id)
    plans = []
    for plan in tx.list_plans(ctx.scope, limit=10**9):
        clean = _scrub_tree(plan.operations, texts), _scrub_tree(plan.results, texts)
        if clean != (plan.operations, plan.results):
            change_plan(tx, plan.id, operations=clean[0], results=clean[1])
            plans.append(plan.id)
    from vecmem.engine import recall_log  # queries that carried the text (ids stay)

    recall_log.scrub(tx, ctx.scope, lambda q: _carries(q, texts, whole=False))
    event_id = _event(ctx, tx, Action.PURGE, rec.id, before_status=rec.status,
                      after_status=Status.ARCHIVED.value, reason=reason, actor=actor,
                      meta={"content_hash": rec.content_hash, "events_rewritten": touched,
                            "plans_rewritten": plans}, created_at=now)
    return event_id, touched


def _carries(value: str | None, texts: set[str], *, whole: bool) -> bool:
    """Does this stored text hold one of ``texts``? For the purged memory's own events,
    any text it holds goes; elsewhere, the field goes when it contains a purged text
    (short texts only when equal, so "ok" does not blank half the log)."""
    if not value or value == TOMBSTONE:
        return False
    if whole:
        return True
    return any(value == t or (len(t) >= 12 and t in value) for t in texts)


def _scrub_tree(value: Any, texts: set[str]) -> Any:
    if isinstance(value, str):
        return TOMBSTONE if _carries(value, texts, whole=False) else value
    if isinstance(value, dict):
        return {k: _scrub_tree(v, texts) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub_tree(v, texts) for v in value]
    return value


# -- plans -----------------------------------------------------------------------------
def save_plan(tx: SQLTx, row: PlanRow) -> PlanRow:
    """Store a plan document, every string of it redacted."""
    clean = PlanRow(row.id, row.scope, row.created_at, row.status, redact(row.reason),
                    redact_value(row.operations),
                    None if row.results is None else redact_value(row.results),
                    row.applied_at, None if row.meta is None else redact_value(row.meta))
    tx.insert_plan(clean)
    return clean


def change_plan(tx: SQLTx, plan_id: str, **fields: Any) -> None:
    tx.update_plan(plan_id, **{k: redact_value(v) for k, v in fields.items()})

"""Undo one event by writing new events; history is never edited.

Each handler checks that the memory is still in the state the event left it in (so a
revert never clobbers a later change), then writes the inverse change with a ``revert``
event whose ``meta.reverts_event`` names the event it undoes. An event is reverted once.
"""

from __future__ import annotations

from typing import Any

from vecmem.engine import writes
from vecmem.engine.context import Context
from vecmem.engine.writes import load, require_id
from vecmem.errors import InvalidTransitionError, NotFoundError
from vecmem.store.base import SQLTx
from vecmem.store.schema import TOMBSTONE
from vecmem.text import content_hash, normalize
from vecmem.types import LIVE_STATUSES, REVERTIBLE, Action, Event, MemoryRecord, OpResult, Status


def check_revert(ctx: Context, tx: SQLTx, event_id: object) -> tuple[Event, str]:
    eid = require_id(event_id, "event id")
    event = tx.get_event(eid, ctx.scope)
    if event is None:
        raise NotFoundError(f"event {eid} does not exist in scope {ctx.scope!r}")
    if event.action not in REVERTIBLE:
        raise InvalidTransitionError(
            f"event {eid} is a {event.action!r} event, which cannot be reverted "
            f"(revertible: {', '.join(REVERTIBLE)})"
        )
    if tx.events_referencing(ctx.scope, eid, "revert"):
        raise InvalidTransitionError(f"event {eid} has already been reverted")
    rec = load(ctx, tx, event.memory_id)
    if rec.content == TOMBSTONE or TOMBSTONE in (event.before_content, event.after_content):
        raise InvalidTransitionError(
            f"cannot revert event {eid}: the text it changed was purged")
    if rec.status != event.after_status:
        raise InvalidTransitionError(
            f"cannot revert event {eid}: memory #{rec.id} is now {rec.status}, not "
            f"{event.after_status} as the event left it (a later change would be lost)"
        )
    if event.action == "update" and rec.content != event.after_content:
        raise InvalidTransitionError(
            f"cannot revert event {eid}: memory #{rec.id} was changed again since"
        )
    target = event.before_status or Status.ARCHIVED.value
    if event.action in ("add", "review", "merge"):
        target = Status.ARCHIVED.value
    if event.action == "approve":
        target = Status.REVIEW.value
    _check_no_clash(ctx, tx, event, rec, target)
    return event, f"revert {event.action} (event {eid}): #{rec.id} back to {target}"


def _check_no_clash(ctx: Context, tx: SQLTx, event: Event, rec: MemoryRecord,
                    target: str) -> None:
    """Refuse, in the check (so a preview says so too), a revert that would bring back a
    fact some other live memory already holds: the database would refuse it anyway."""
    revived: list[tuple[int, str]] = []  # (memory id, content hash it would have live)
    if event.action == "update":
        before = normalize(event.before_content or rec.content)
        revived.append((rec.id, content_hash(before, rec.category)))
    elif target in LIVE_STATUSES and rec.status not in LIVE_STATUSES:
        revived.append((rec.id, writes.identity_hash(rec)))
    if event.action == "merge":
        for source_id in event.related_ids:
            src = tx.get(source_id)
            if src is not None and src.status == Status.SUPERSEDED and src.superseded_by == rec.id:
                revived.append((src.id, writes.identity_hash(src)))
    if event.action == "approve" and (event.meta or {}).get("kind", "conflict") == "conflict":
        revived.extend((cur.id, writes.identity_hash(cur))
                       for cur in _superseded_by_approval(ctx, tx, event))
    reviving = {mid for mid, _ in revived}
    for mid, digest in revived:
        for other in tx.by_hash(ctx.scope, digest, LIVE_STATUSES):
            if other.id != mid and other.id not in reviving:
                raise InvalidTransitionError(
                    f"cannot revert event {event.event_id}: #{other.id} already holds the same "
                    f"fact as #{mid} (archive #{other.id} first)"
                )


def _superseded_by_approval(ctx: Context, tx: SQLTx, event: Event) -> list[MemoryRecord]:
    """The memories an approval superseded that are still superseded (a revert of it
    brings them back): found by the supersede events that name the approval."""
    out: list[MemoryRecord] = []
    for sup in tx.events(ctx.scope, action="supersede", limit=1000, since=event.created_at):
        if (sup.meta or {}).get("approve_event") != event.event_id or sup.memory_id is None:
            continue
        cur = tx.get(sup.memory_id)
        if cur is not None and cur.status == Status.SUPERSEDED:
            out.append(cur)
    return out


def apply_revert(ctx: Context, tx: SQLTx, event: Event, reason: str, actor: str | None,
                 provenance: dict[str, Any] | None = None) -> OpResult:
    from vecmem.engine import edits, pipeline

    rec = load(ctx, tx, event.memory_id)
    meta: dict[str, Any] = {"reverts_event": event.event_id}
    if provenance:
        meta["provenance"] = provenance
    related: list[int] = [event.event_id]

    def set_status(memory_id: int, status: str, why: str, **extra: Any) -> int:
        cur = tx.get(memory_id)
        assert cur is not None
        return writes.set_status(ctx, tx, cur, status, action=Action.REVERT, reason=why,
                                 actor=actor, related_ids=related, meta=meta, **extra)

    if event.action == "update":
        before = event.before_content or rec.content
        q = pipeline.prepare(ctx, before, source=rec.source, category=rec.category,
                             actor=actor, raw=True)
        if not q.verdict.allowed:
            raise InvalidTransitionError(
                f"cannot revert event {event.event_id}: the earlier text is refused now "
                f"({q.verdict.reason})")
        update_id, _ = writes.revert_rewrite(ctx, tx, rec, q, before_status=event.before_status,
                                             reason=reason, actor=actor, reverted=event,
                                             meta=meta)
        return OpResult("revert", rec.id, rec.status, event.before_status, reason, update_id,
                        related_ids=related)

    if event.action in ("add", "review"):
        event_id = set_status(rec.id, Status.ARCHIVED.value, reason)
        return OpResult("revert", rec.id, rec.status, Status.ARCHIVED.value, reason, event_id,
                        related_ids=related)

    if event.action == "merge":
        event_id = set_status(rec.id, Status.ARCHIVED.value, reason)
        for source_id in event.related_ids:
            src = tx.get(source_id)
            if src is not None and src.status == Status.SUPERSEDED and src.superseded_by == rec.id:
                set_status(source_id, Status.ACTIVE.value, f"{reason}: source restored",
                           superseded_by=None)
        return OpResult("revert", rec.id, rec.status, Status.ARCHIVED.value, reason, event_id,
                        related_ids=[*related, *event.related_ids])

    if event.action == "approve":
        kind = (event.meta or {}).get("kind", "conflict")
        event_id = set_status(rec.id, Status.REVIEW.value, reason, superseded_by=None)
        if kind == "conflict":
            for cur in _superseded_by_approval(ctx, tx, event):
                set_status(cur.id, Status.ACTIVE.value, f"{reason}: no longer superseded",
                           superseded_by=None)
        elif kind == "merge":
            result_id = (event.meta or {}).get("result_id")
            merged = tx.get(int(result_id)) if result_id else None
            if merged is not None and merged.status == Status.ACTIVE:
                set_status(merged.id, Status.ARCHIVED.value, f"{reason}: merge undone")
            for cur in _superseded_by_approval(ctx, tx, event):
                set_status(cur.id, Status.ACTIVE.value, f"{reason}: source restored",
                           superseded_by=None)
        elif kind == "update":
            updated = int((event.meta or {}).get("result_id") or 0)
            updates = tx.events(ctx.scope, memory_id=updated, action="update",
                                limit=1) if updated else []
            if updates and updates[0].event_id < event.event_id:
                upd = updates[0]
                target = tx.get(updated)
                if target is not None and target.content == upd.after_content:
                    edits.rewrite_in(ctx, tx, target.id, upd.before_content or target.content,
                                     f"{reason}: update undone", actor)
        return OpResult("revert", rec.id, rec.status, Status.REVIEW.value, reason, event_id,
                        related_ids=related)

    # archive, restore, reject, supersede: put the status back.
    previous = event.before_status or Status.ACTIVE.value
    extra: dict[str, Any] = {}
    if event.action == "supersede":
        extra["superseded_by"] = None
    event_id = set_status(rec.id, previous, reason, **extra)
    return OpResult("revert", rec.id, rec.status, previous, reason, event_id,
                    related_ids=related)


def run(ctx: Context, tx: SQLTx, event_id: object, actor: str | None, *, dry_run: bool,
        meta: dict[str, Any] | None = None) -> OpResult:
    """Check the revert of ``event_id``, then (unless ``dry_run``) apply it in ``tx``."""
    event, reason = check_revert(ctx, tx, event_id)
    if dry_run:
        rec = tx.get(event.memory_id) if event.memory_id is not None else None
        after = reason.rsplit(" ", 1)[-1]
        return OpResult("revert", event.memory_id, rec.status if rec else None, after,
                        reason, None, dry_run=True, related_ids=[event.event_id])
    return apply_revert(ctx, tx, event, reason, actor, provenance=meta)

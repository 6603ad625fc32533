"""Undo one event by writing new events; history is never edited.

Each handler checks that the memory is still in the state the event left it in (so a
revert never clobbers a later change), then writes the inverse change with a ``revert``
event whose ``meta.reverts_event`` names the event it undoes. An event is reverted once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vecmem.engine.context import Context
from vecmem.engine.status import load, require_id
from vecmem.errors import InvalidTransitionError, NotFoundError
from vecmem.store.base import SQLTx, utcnow
from vecmem.text import content_hash, normalize
from vecmem.types import LIVE_STATUSES, Event, MemoryRecord, OpResult, Status

REVERTIBLE = ("add", "update", "merge", "archive", "restore", "approve", "reject", "supersede",
              "review")


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
        revived.append((rec.id, rec.content_hash))
    if event.action == "merge":
        for source_id in event.related_ids:
            src = tx.get(source_id)
            if src is not None and src.status == Status.SUPERSEDED and src.superseded_by == rec.id:
                revived.append((src.id, src.content_hash))
    if event.action == "approve" and (event.meta or {}).get("kind", "conflict") == "conflict":
        for sup in tx.events(ctx.scope, action="supersede", limit=1000, since=event.created_at):
            if (sup.meta or {}).get("approve_event") == event.event_id and sup.memory_id:
                cur = tx.get(sup.memory_id)
                if cur is not None and cur.status == Status.SUPERSEDED:
                    revived.append((cur.id, cur.content_hash))
    reviving = {mid for mid, _ in revived}
    for mid, digest in revived:
        for other in tx.by_hash(ctx.scope, digest, LIVE_STATUSES):
            if other.id != mid and other.id not in reviving:
                raise InvalidTransitionError(
                    f"cannot revert event {event.event_id}: #{other.id} already holds the same "
                    f"fact as #{mid} (archive #{other.id} first)"
                )


def apply_revert(
    ctx: Context, tx: SQLTx, event: Event, reason: str, actor: str | None,
    rewrite: Callable[[int, str, str], int], provenance: dict[str, Any] | None = None,
) -> OpResult:
    rec = load(ctx, tx, event.memory_id)
    meta: dict[str, Any] = {"reverts_event": event.event_id}
    if provenance:
        meta["provenance"] = provenance
    now = utcnow()
    related: list[int] = [event.event_id]

    def set_status(memory_id: int, status: str, why: str, **extra: object) -> int:
        cur = tx.get(memory_id)
        assert cur is not None
        if status in LIVE_STATUSES:
            for other in tx.by_hash(ctx.scope, cur.content_hash, LIVE_STATUSES):
                if other.id != memory_id:
                    raise InvalidTransitionError(
                        f"cannot revert: #{other.id} already holds the same fact as #{memory_id}"
                    )
        tx.update_memory(memory_id, {"status": status, "updated_at": now, **extra})
        return tx.append_event(
            scope=ctx.scope, memory_id=memory_id, action="revert", before_status=cur.status,
            after_status=status, before_content=cur.content, after_content=cur.content,
            actor=actor, reason=why, related_ids=related, meta=meta, source=cur.source,
        )

    if event.action == "update":
        before = event.before_content or rec.content
        event_id = rewrite(rec.id, before, reason)
        tx.append_event(
            scope=ctx.scope, memory_id=rec.id, action="revert", before_content=rec.content,
            after_content=before, before_status=rec.status, after_status=event.before_status,
            actor=actor, reason=reason, related_ids=[event.event_id, event_id], meta=meta,
        )
        if event.before_status and event.before_status != Status.ACTIVE:
            tx.update_memory(rec.id, {"status": event.before_status})
        return OpResult("revert", rec.id, rec.status, event.before_status, reason, event_id,
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
            for sup in tx.events(ctx.scope, action="supersede", limit=1000,
                                 since=event.created_at):
                if (sup.meta or {}).get("approve_event") != event.event_id:
                    continue
                cur = tx.get(sup.memory_id)
                if cur is not None and cur.status == Status.SUPERSEDED:
                    set_status(cur.id, Status.ACTIVE.value, f"{reason}: no longer superseded",
                               superseded_by=None)
        elif kind == "merge":
            result_id = (event.meta or {}).get("result_id")
            merged = tx.get(int(result_id)) if result_id else None
            if merged is not None and merged.status == Status.ACTIVE:
                set_status(merged.id, Status.ARCHIVED.value, f"{reason}: merge undone")
            for sup in tx.events(ctx.scope, action="supersede", limit=1000,
                                 since=event.created_at):
                if (sup.meta or {}).get("approve_event") != event.event_id:
                    continue
                cur = tx.get(sup.memory_id)
                if cur is not None and cur.status == Status.SUPERSEDED:
                    set_status(cur.id, Status.ACTIVE.value, f"{reason}: source restored",
                               superseded_by=None)
        elif kind == "update":
            result_id = (event.meta or {}).get("result_id")
            updates = tx.events(ctx.scope, memory_id=int(result_id), action="update", limit=1)
            if updates and updates[0].event_id < event.event_id:
                upd = updates[0]
                target = tx.get(int(result_id))
                if target is not None and target.content == upd.after_content:
                    rewrite(target.id, upd.before_content or target.content,
                            f"{reason}: update undone")
        return OpResult("revert", rec.id, rec.status, Status.REVIEW.value, reason, event_id,
                        related_ids=related)

    # archive, restore, reject, supersede: put the status back.
    previous = event.before_status or Status.ACTIVE.value
    extra: dict[str, object] = {}
    if event.action == "supersede":
        extra["superseded_by"] = None
    event_id = set_status(rec.id, previous, reason, **extra)
    return OpResult("revert", rec.id, rec.status, previous, reason, event_id,
                    related_ids=related)

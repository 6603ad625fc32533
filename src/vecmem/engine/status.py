"""Status operations with guards, each previewable: archive, restore, approve, reject, revert.

Every operation is ``check_*`` (guards, reads only, returns what would happen) followed by
the change and its events in one transaction. ``preview_*`` runs only the check, so a
preview and the operation it previews cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, InvalidTransitionError, NotFoundError
from vecmem.store.base import SQLTx, utcnow
from vecmem.types import LIVE_STATUSES, MemoryRecord, OpResult, Status


@dataclass(frozen=True)
class OpCheck:
    """What an operation will do, computed by its guard."""

    action: str
    memory: MemoryRecord | None
    after_status: str | None
    reason: str
    related_ids: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


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


def _refuse(rec: MemoryRecord, action: str, allowed: str) -> InvalidTransitionError:
    return InvalidTransitionError(
        f"cannot {action} memory #{rec.id}: it is {rec.status} (only {allowed} memories can be "
        f"{_past(action)})"
    )


def _past(action: str) -> str:
    return {"archive": "archived", "restore": "restored", "approve": "approved",
            "reject": "rejected"}.get(action, action + "ed")


def _live_clash(ctx: Context, tx: SQLTx, rec: MemoryRecord) -> MemoryRecord | None:
    for other in tx.by_hash(ctx.scope, rec.content_hash, LIVE_STATUSES):
        if other.id != rec.id:
            return other
    return None


# -- checks ------------------------------------------------------------------------------
def check_archive(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    rec = load(ctx, tx, memory_id)
    if rec.status == Status.ARCHIVED:
        raise _refuse(rec, "archive", "active, review or superseded")
    return OpCheck("archive", rec, Status.ARCHIVED.value, reason or "archived on request")


def check_restore(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    rec = load(ctx, tx, memory_id)
    if rec.status != Status.ARCHIVED:
        raise _refuse(rec, "restore", "archived")
    clash = _live_clash(ctx, tx, rec)
    if clash is not None:
        raise InvalidTransitionError(
            f"cannot restore memory #{rec.id}: #{clash.id} already holds the same fact"
        )
    return OpCheck("restore", rec, Status.ACTIVE.value, reason or "restored on request")


def check_approve(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    rec = load(ctx, tx, memory_id)
    if rec.status != Status.REVIEW:
        raise _refuse(rec, "approve", "review")
    meta = rec.review_meta or {}
    kind = meta.get("kind", "conflict")
    targets = [int(i) for i in meta.get("target_ids") or meta.get("conflicts_with") or []]
    live_targets = [t for t in tx.get_many(targets).values() if t.status == Status.ACTIVE]
    if kind == "conflict":
        note = (
            f"approved; supersedes #{', #'.join(str(t.id) for t in live_targets)}"
            if live_targets
            else "approved"
        )
        return OpCheck("approve", rec, Status.ACTIVE.value, reason or note,
                       [t.id for t in live_targets], {"kind": kind})
    if kind in ("update", "duplicate") and not live_targets:
        raise InvalidTransitionError(
            f"cannot approve #{rec.id}: its target #{targets[0] if targets else '?'} is no "
            "longer active (archive or reject this item instead)"
        )
    after = Status.SUPERSEDED.value if kind in ("update", "duplicate", "merge") else "active"
    return OpCheck(
        "approve",
        rec,
        after,
        reason or f"approved the proposed {kind}",
        [t.id for t in live_targets],
        {"kind": kind, "proposed_text": meta.get("proposed_text")},
    )


def check_reject(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    rec = load(ctx, tx, memory_id)
    if rec.status != Status.REVIEW:
        raise _refuse(rec, "reject", "review")
    return OpCheck("reject", rec, Status.ARCHIVED.value, reason or "rejected in review")


# -- applies -----------------------------------------------------------------------------
def _set_status(
    ctx: Context, tx: SQLTx, rec: MemoryRecord, status: str, *, action: str, reason: str,
    actor: str | None, related: list[int] | None = None, extra_fields: dict[str, Any] | None = None,
    meta: dict[str, Any] | None = None,
) -> int:
    fields: dict[str, Any] = {"status": status, "updated_at": utcnow()}
    fields.update(extra_fields or {})
    tx.update_memory(rec.id, fields)
    return tx.append_event(
        scope=ctx.scope, memory_id=rec.id, action=action, before_status=rec.status,
        after_status=status, before_content=rec.content, after_content=rec.content,
        actor=actor, reason=reason, related_ids=related or [], meta=meta, source=rec.source,
    )


def apply_simple(ctx: Context, tx: SQLTx, check: OpCheck, actor: str | None,
                 meta: dict[str, Any] | None = None) -> OpResult:
    """archive, restore, reject: one status change, one event."""
    rec = check.memory
    assert rec is not None and check.after_status is not None
    # A restored memory is live again: it is no longer superseded by anything.
    extra = {"superseded_by": None} if check.action == "restore" else None
    event_id = _set_status(ctx, tx, rec, check.after_status, action=check.action,
                           reason=check.reason, actor=actor, extra_fields=extra,
                           meta={"provenance": meta} if meta else None)
    return OpResult(check.action, rec.id, rec.status, check.after_status, check.reason, event_id)


def apply_approve(
    ctx: Context, tx: SQLTx, check: OpCheck, actor: str | None,
    rewrite: Callable[[int, str, str], int], create: Callable[[str, list[int]], int],
    meta: dict[str, Any] | None = None,
) -> OpResult:
    """Approve a review item: a conflict supersedes what it conflicted with; a proposal
    (update/merge/duplicate) is applied through the given write-path callbacks."""
    rec = check.memory
    assert rec is not None
    kind = check.extra.get("kind", "conflict")
    related = list(check.related_ids)
    provenance = {"provenance": meta} if meta else {}
    if kind == "conflict":
        event_id = _set_status(ctx, tx, rec, Status.ACTIVE.value, action="approve",
                               reason=check.reason, actor=actor, related=related,
                               meta=provenance or None)
        for tid in related:
            target = tx.get(tid)
            if target is not None and target.status == Status.ACTIVE:
                _set_status(ctx, tx, target, Status.SUPERSEDED.value, action="supersede",
                            reason=f"superseded by approved #{rec.id}", actor=actor,
                            related=[rec.id], extra_fields={"superseded_by": rec.id},
                            meta={"approve_event": event_id})
        return OpResult("approve", rec.id, rec.status, Status.ACTIVE.value, check.reason,
                        event_id, related_ids=related)

    text = check.extra.get("proposed_text") or rec.content
    if kind == "update":
        target_id = related[0]
        rewrite(target_id, text, f"approved update from review #{rec.id}")
        winner = target_id
    elif kind == "duplicate":
        winner = related[0]
        target = tx.get(winner)
        assert target is not None
        tx.update_memory(winner, {"hit_count": target.hit_count + 1, "last_hit_at": utcnow()})
    else:  # merge
        winner = create(text, related)
    event_id = _set_status(
        ctx, tx, rec, Status.SUPERSEDED.value, action="approve", reason=check.reason,
        actor=actor, related=[winner, *related], extra_fields={"superseded_by": winner},
        meta={"kind": kind, "result_id": winner, **provenance},
    )
    if kind == "merge":
        for tid in related:
            target = tx.get(tid)
            if target is not None and target.status == Status.ACTIVE:
                _set_status(ctx, tx, target, Status.SUPERSEDED.value, action="supersede",
                            reason=f"merged into #{winner}", actor=actor, related=[winner],
                            extra_fields={"superseded_by": winner},
                            meta={"approve_event": event_id})
    return OpResult("approve", rec.id, rec.status, Status.SUPERSEDED.value, check.reason,
                    event_id, related_ids=[winner, *related])


def summarize(check: OpCheck) -> OpResult:
    rec = check.memory
    return OpResult(
        check.action, rec.id if rec else None, rec.status if rec else None,
        check.after_status, check.reason, None, dry_run=True, related_ids=list(check.related_ids),
    )

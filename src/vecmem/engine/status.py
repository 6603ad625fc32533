"""Status operations with guards, each previewable: archive, restore, approve, reject, revert.

Every operation is ``check_*`` (guards, reads only, returns what would happen) followed by
the change and its events in one transaction. ``preview_*`` runs only the check, so a
preview and the operation it previews cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vecmem.engine import writes
from vecmem.engine.context import Context
from vecmem.engine.writes import load, require_id
from vecmem.errors import InvalidInputError, InvalidTransitionError
from vecmem.store.base import SQLTx
from vecmem.store.schema import TOMBSTONE
from vecmem.types import STATUS_ACTIONS, Action, MemoryRecord, OpResult, Status

__all__ = ["OpCheck", "load", "require_id", "run"]


@dataclass(frozen=True)
class OpCheck:
    """What an operation will do, computed by its guard."""

    action: str
    memory: MemoryRecord | None
    after_status: str | None
    reason: str
    related_ids: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def _refuse(rec: MemoryRecord, action: str, allowed: str) -> InvalidTransitionError:
    return InvalidTransitionError(
        f"cannot {action} memory #{rec.id}: it is {rec.status} (only {allowed} memories can be "
        f"{_past(action)})"
    )


def _past(action: str) -> str:
    return {"archive": "archived", "restore": "restored", "approve": "approved",
            "reject": "rejected"}.get(action, action + "ed")


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
    if rec.content == TOMBSTONE:
        raise InvalidTransitionError(f"cannot restore memory #{rec.id}: it was purged")
    clash = writes.live_clash(ctx, tx, writes.identity_hash(rec), (rec.id,))
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
    if kind in ("conflict", "secret"):  # a secret's: the redacted text, active again
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
    if kind in ("update", "merge"):
        _check_proposal(ctx, tx, rec, kind, meta.get("proposed_text") or rec.content,
                        live_targets, targets)
    after = Status.SUPERSEDED.value if kind in ("update", "duplicate", "merge") else "active"
    return OpCheck(
        "approve",
        rec,
        after,
        reason or f"approved the proposed {kind}",
        [t.id for t in live_targets],
        {"kind": kind, "proposed_text": meta.get("proposed_text")},
    )


def _check_proposal(ctx: Context, tx: SQLTx, rec: MemoryRecord, kind: str, text: str,
                    live_targets: list[MemoryRecord], targets: list[int]) -> None:
    """The refusals approving a proposal would meet in the kernel, raised by the guard
    (so its preview raises them too): a refused text, a fact another live memory holds."""
    from vecmem.engine import pipeline

    if kind == "update":
        target = live_targets[0]
        p = pipeline.prepare(ctx, text, source=target.source, category=target.category,
                             raw=True, embed=False)
        allowed: tuple[int, ...] = (target.id,)
    else:
        p = pipeline.prepare(ctx, text, source="review", embed=False)
        allowed = tuple(targets)
    if not p.verdict.allowed:
        raise InvalidInputError(f"the new text was rejected: {p.verdict.reason}")
    clash = writes.live_clash(ctx, tx, p.hash, allowed)
    if clash is not None:
        raise InvalidTransitionError(
            f"cannot approve #{rec.id}: #{clash.id} already holds the proposed text")


def check_reject(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    rec = load(ctx, tx, memory_id)
    if rec.status != Status.REVIEW:
        raise _refuse(rec, "reject", "review")
    return OpCheck("reject", rec, Status.ARCHIVED.value, reason or "rejected in review")


# -- applies -----------------------------------------------------------------------------
def apply_simple(ctx: Context, tx: SQLTx, check: OpCheck, actor: str | None,
                 meta: dict[str, Any] | None = None) -> OpResult:
    """archive, restore, reject: one status change, one event."""
    rec = check.memory
    assert rec is not None and check.after_status is not None
    # A restored memory is live again: it is no longer superseded by anything.
    extra: dict[str, Any] = {"superseded_by": None} if check.action == "restore" else {}
    event_id = writes.set_status(ctx, tx, rec, check.after_status, action=Action(check.action),
                                 reason=check.reason, actor=actor,
                                 meta={"provenance": meta} if meta else None, **extra)
    return OpResult(check.action, rec.id, rec.status, check.after_status, check.reason, event_id)


def apply_approve(ctx: Context, tx: SQLTx, check: OpCheck, actor: str | None,
                  meta: dict[str, Any] | None = None) -> OpResult:
    """Approve a review item: a conflict supersedes what it conflicted with; a proposal
    (update/merge/duplicate) is applied through the write kernel."""
    from vecmem.engine import edits

    rec = check.memory
    assert rec is not None
    kind = check.extra.get("kind", "conflict")
    related = list(check.related_ids)
    provenance = {"provenance": meta} if meta else {}
    if kind in ("conflict", "secret"):
        event_id = writes.set_status(ctx, tx, rec, Status.ACTIVE.value, action=Action.APPROVE,
                                     reason=check.reason, actor=actor, related_ids=related,
                                     meta=provenance or None)
        for tid in related:
            target = tx.get(tid)
            if target is not None and target.status == Status.ACTIVE:
                writes.supersede(ctx, tx, target, rec.id,
                                 reason=f"superseded by approved #{rec.id}", actor=actor,
                                 meta={"approve_event": event_id})
        return OpResult("approve", rec.id, rec.status, Status.ACTIVE.value, check.reason,
                        event_id, related_ids=related)

    text = check.extra.get("proposed_text") or rec.content
    if kind == "update":
        winner = related[0]
        edits.rewrite_in(ctx, tx, winner, text, f"approved update from review #{rec.id}",
                         actor)
    elif kind == "duplicate":
        winner = related[0]
        writes.hit(ctx, tx, writes.load(ctx, tx, winner), content=text,
                   reason=f"approved duplicate from review #{rec.id}", source=rec.source,
                   actor=actor)
    else:  # merge
        winner = edits.merge_in(ctx, tx, text, related, reason=check.reason, source="review",
                                actor=actor)
    event_id = writes.set_status(
        ctx, tx, rec, Status.SUPERSEDED.value, action=Action.APPROVE, reason=check.reason,
        actor=actor, related_ids=[winner, *related], superseded_by=winner,
        meta={"kind": kind, "result_id": winner, **provenance},
    )
    if kind == "merge":
        for tid in related:
            target = tx.get(tid)
            if target is not None and target.status == Status.ACTIVE:
                writes.supersede(ctx, tx, target, winner, reason=f"merged into #{winner}",
                                 actor=actor, meta={"approve_event": event_id})
    return OpResult("approve", rec.id, rec.status, Status.SUPERSEDED.value, check.reason,
                    event_id, related_ids=[winner, *related])


_CHECKS = {
    "archive": check_archive,
    "restore": check_restore,
    "approve": check_approve,
    "reject": check_reject,
}
assert tuple(_CHECKS) == STATUS_ACTIONS


def run(ctx: Context, tx: SQLTx, action: str, memory_id: object, reason: str | None,
        actor: str | None, *, dry_run: bool, meta: dict[str, Any] | None = None) -> OpResult:
    """One guarded status operation inside ``tx``: the guard, then (unless ``dry_run``)
    the change through the write kernel. Plans batch these."""
    c = _CHECKS[action](ctx, tx, memory_id, reason)
    if dry_run:
        return summarize(c)
    if c.action == "approve":
        return apply_approve(ctx, tx, c, actor, meta=meta)
    return apply_simple(ctx, tx, c, actor, meta=meta)


def check_purge(ctx: Context, tx: SQLTx, memory_id: object, reason: str | None) -> OpCheck:
    """A purge (plans only, behind the confirmation phrase) needs a reason: who purged
    and why is all the log keeps."""
    rec = load(ctx, tx, memory_id)
    if rec.content == TOMBSTONE:
        raise InvalidTransitionError(f"memory #{rec.id} is already purged")
    if not reason:
        raise InvalidTransitionError("a purge needs a reason (it is all the log will keep)")
    return OpCheck("purge", rec, Status.ARCHIVED.value, reason)


def apply_purge(ctx: Context, tx: SQLTx, check: OpCheck, actor: str | None) -> OpResult:
    rec = check.memory
    assert rec is not None
    event_id, touched = writes.purge(ctx, tx, rec, reason=check.reason, actor=actor)
    return OpResult("purge", rec.id, rec.status, Status.ARCHIVED.value, check.reason,
                    event_id, related_ids=touched)


def summarize(check: OpCheck) -> OpResult:
    rec = check.memory
    return OpResult(
        check.action, rec.id if rec else None, rec.status if rec else None,
        check.after_status, check.reason, None, dry_run=True, related_ids=list(check.related_ids),
    )

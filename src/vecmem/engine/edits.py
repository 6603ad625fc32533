"""Edits of memories that exist: update (rewrite one) and merge (several into one).

Each operation takes an input already ``prepare``d (validated, classified, embedded, all
outside the write lock), runs its guards inside the caller's transaction, and then either
returns the preview (``dry_run=True``) or calls the write kernel. The guards come first
and are the same for both, so a preview refuses whatever the operation would refuse.
"""

from __future__ import annotations

from dataclasses import replace

from vecmem.engine import pipeline, writes
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, InvalidTransitionError
from vecmem.store.base import SQLTx
from vecmem.text import content_hash
from vecmem.types import AddResult, Decision, Status


def check_merge_ids(memory_ids: object) -> list[int]:
    if not isinstance(memory_ids, list | tuple) or len(memory_ids) < 2:
        raise InvalidInputError("merge needs a list of at least two memory ids")
    ids = [writes.require_id(i) for i in memory_ids]
    if len(set(ids)) != len(ids):
        raise InvalidInputError("merge ids must be distinct")
    return ids


def update(ctx: Context, tx: SQLTx, memory_id: int, p: pipeline.Prepared,
           reason: str | None, *, dry_run: bool) -> AddResult:
    """Rewrite one memory's text (the old text stays in the event); a refused text is
    recorded as a ``reject_input`` event like any refused add."""
    rec = writes.load(ctx, tx, memory_id)
    digest = content_hash(p.norm, rec.category)  # an update keeps the memory's category
    if not p.verdict.allowed:
        plan = pipeline.Plan(Decision.REJECT,
                             f"rejected ({p.verdict.category}): {p.verdict.reason}")
    elif rec.status not in (Status.ACTIVE, Status.REVIEW):
        raise InvalidTransitionError(
            f"cannot update memory #{rec.id}: it is {rec.status} (restore it first)"
        )
    else:
        clash = writes.live_clash(ctx, tx, digest, (rec.id,))
        if clash is not None:
            raise InvalidTransitionError(
                f"cannot update memory #{rec.id}: #{clash.id} already holds this text"
            )
        plan = pipeline.Plan(Decision.UPDATE, reason or f"#{rec.id} rewritten on request",
                             rec.id)
    if dry_run:
        return pipeline.preview_result(p, plan)
    if plan.decision != Decision.REJECT:
        p = replace(p, category=rec.category, hash=digest)
    return pipeline.apply(ctx, tx, p, plan)


def merge(ctx: Context, tx: SQLTx, memory_ids: list[int], p: pipeline.Prepared,
          reason: str, actor: str | None, *, dry_run: bool) -> AddResult:
    """Merge active memories into one new memory holding ``p``; the sources are
    superseded by it (kept, with ``superseded_by``)."""
    sources = []
    for i in memory_ids:
        rec = writes.load(ctx, tx, i)
        if rec.status != Status.ACTIVE:
            raise InvalidTransitionError(
                f"cannot merge memory #{i}: it is {rec.status} (only active memories can be "
                "merged)"
            )
        sources.append(rec)
    if not p.verdict.allowed:
        raise InvalidInputError(f"the merged text was rejected: {p.verdict.reason}")
    clash = writes.live_clash(ctx, tx, p.hash, memory_ids)
    if clash is not None:
        raise InvalidTransitionError(
            f"cannot merge: #{clash.id} already holds the merged text"
        )
    plan = pipeline.Plan(Decision.MERGE, reason, related_ids=list(memory_ids),
                         new_content=p.content)
    preview = pipeline.preview_result(p, plan)
    if dry_run:
        return preview
    new_id, event_id = writes.merge(ctx, tx, p, sources, reason=reason, actor=actor)
    return replace(preview, memory_id=new_id, event_id=event_id, dry_run=False)


def rewrite_in(ctx: Context, tx: SQLTx, memory_id: int, text: str, why: str,
               actor: str | None) -> int:
    """Rewrite ``memory_id`` to ``text`` (an approved proposal, an undone update)."""
    rec = writes.load(ctx, tx, memory_id)
    p = pipeline.prepare(ctx, text, source=rec.source, category=rec.category, actor=actor,
                         raw=True)
    if not p.verdict.allowed:
        raise InvalidInputError(f"the new text was rejected: {p.verdict.reason}")
    return writes.rewrite(ctx, tx, rec, p, reason=why, actor=actor, meta={"raw": True})


def merge_in(ctx: Context, tx: SQLTx, text: str, source_ids: list[int], *, reason: str,
             source: str, actor: str | None) -> int:
    """Create one memory from ``text`` and supersede every source by it (an approved
    merge proposal). The text's category comes from the text, as in ``add``."""
    sources = [writes.load(ctx, tx, i) for i in source_ids]
    p = pipeline.prepare(ctx, text, source=source, actor=actor)
    if not p.verdict.allowed:
        raise InvalidInputError(f"the merged text was rejected: {p.verdict.reason}")
    new_id, _ = writes.merge(ctx, tx, p, sources, reason=reason, actor=actor)
    return new_id

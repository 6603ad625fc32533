"""The write pipeline: every incoming fact becomes exactly one audited decision.

``prepare`` does the pure, lock-free work (validate, normalize, filter, classify, hash,
embed). ``decide`` reads the store and picks store | duplicate | update | review | reject
without changing anything. ``apply`` performs that decision and appends its events in the
caller's transaction. A preview is ``prepare`` + ``decide`` and stops there, so it can
never disagree with the real operation (a failure of the first version of this system).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from vecmem.engine.context import Context
from vecmem.rules import check_quality, classify, redact_secrets
from vecmem.rules.poisoning import hold_reason, trust_of
from vecmem.rules.sameness import adds_information, same_fact_veto
from vecmem.rules.secrets import redact_tree
from vecmem.store.base import SQLTx, utcnow
from vecmem.text import content_hash, keyword_terms, normalize, validate_text
from vecmem.types import LIVE_STATUSES, AddResult, Classification, Decision, Status, Verdict

#: How many nearest neighbours the semantic step looks at.
NEIGHBOURS = 5
_DURABILITIES = ("long_term", "temporary")


@dataclass(frozen=True)
class Prepared:
    """An input after the pure steps: nothing here depends on what is stored."""

    content: str
    norm: str
    verdict: Verdict
    cls: Classification
    category: str
    hash: str
    terms: str
    source: str
    actor: str | None
    meta: dict[str, Any] | None
    confidence: float
    durability: str
    vector: np.ndarray | None = None
    model: str | None = None
    raw: bool = False


@dataclass(frozen=True)
class Neighbour:
    memory_id: int
    content: str
    topic_key: str | None
    similarity: float


@dataclass(frozen=True)
class Plan:
    """What ``apply`` will do. ``target`` is the memory acted on (duplicate/update)."""

    decision: Decision
    reason: str
    target_id: int | None = None
    related_ids: list[int] = field(default_factory=list)
    similarity: float | None = None
    restore_archived: bool = False
    #: Neighbours between the judge floor and the duplicate threshold (for the judge).
    judge_candidates: list[Neighbour] = field(default_factory=list)
    #: A proposal carried by a review item (LLM update/merge) or applied in auto mode.
    proposal: dict[str, Any] | None = None
    #: In auto mode: the content a merge/update writes.
    new_content: str | None = None
    #: The LLM judge's suggestion, recorded as a ``suggest`` event beside the decision.
    suggestion: dict[str, Any] | None = None


def prepare(
    ctx: Context,
    content: object,
    *,
    source: str = "manual",
    category: str | None = None,
    actor: str | None = None,
    meta: dict[str, Any] | None = None,
    confidence: float | None = None,
    durability: str | None = None,
    raw: bool = False,
    vector: np.ndarray | None = None,
    model: str | None = None,
    embed: bool = True,
) -> Prepared:
    text = validate_text(content).strip()
    source = _clean_label(source, "source")
    if category is not None:
        category = _clean_label(category, "category")
    if confidence is not None and not (0.0 <= float(confidence) <= 1.0):
        from vecmem.errors import InvalidInputError

        raise InvalidInputError(f"confidence must be between 0 and 1, got {confidence}")
    if durability is not None and durability not in _DURABILITIES:
        from vecmem.errors import InvalidInputError

        raise InvalidInputError(f"durability must be one of {', '.join(_DURABILITIES)}")
    norm = normalize(text)
    verdict = check_quality(text)
    if raw and verdict.allowed is False and verdict.category not in ("secret_value",):
        # raw imports skip the quality filter, but a secret is never stored by any path.
        verdict = Verdict(True, "general", "raw import: quality filter skipped")
    cls = classify(norm)
    cat = category or cls.memory_type.value
    prepared = Prepared(
        content=text,
        norm=norm,
        verdict=verdict,
        cls=cls,
        category=cat,
        hash=content_hash(norm, cat),
        terms=" ".join(keyword_terms(text)),
        source=source,
        actor=actor,
        meta=meta,
        confidence=1.0 if confidence is None else float(confidence),
        durability=durability or "long_term",
        raw=raw,
    )
    if vector is not None:
        return replace(prepared, vector=vector, model=model)
    if embed and verdict.allowed:
        vecs, model_id = ctx.embed_documents([norm])
        if vecs is not None:
            return replace(prepared, vector=vecs[0], model=model_id)
    return prepared


def _clean_label(value: object, what: str) -> str:
    from vecmem.errors import InvalidInputError

    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{what} must be a non-empty string")
    value = value.strip()
    if len(value) > 64 or any(ord(c) < 32 for c in value):
        raise InvalidInputError(f"{what} must be at most 64 printable characters")
    return value


def decide(ctx: Context, tx: SQLTx, p: Prepared) -> Plan:
    """Pick the decision for ``p`` from the current state. Reads only."""
    if not p.verdict.allowed:
        return Plan(Decision.REJECT, f"rejected ({p.verdict.category}): {p.verdict.reason}")

    same_hash = tx.by_hash(ctx.scope, p.hash)
    live = [m for m in same_hash if m.status in LIVE_STATUSES]
    if live:
        m = live[0]
        where = "already in the review queue" if m.status == Status.REVIEW else "already stored"
        return Plan(Decision.DUPLICATE, f"exact duplicate of #{m.id} ({where})", m.id,
                    similarity=1.0)
    archived = [m for m in same_hash if m.status == Status.ARCHIVED]

    trust = trust_of(p.source, p.meta)
    held = hold_reason(p.content, trust)
    if held:  # an instruction nobody vouched for never becomes an active memory
        # kind "conflict" with no targets: approving it simply makes it active
        return Plan(Decision.REVIEW, held, proposal={
            "kind": "conflict", "conflicts_with": [], "held": "instruction",
            "trust": trust.label, "reason": held})

    cls = p.cls
    if cls.topic_key and cls.slot:
        slot = tx.by_topic(ctx.scope, cls.topic_key, ("active",))
        if slot:
            return Plan(
                Decision.UPDATE,
                f"{cls.topic_key} holds one value: #{slot[-1].id} is updated in place",
                slot[-1].id,
                related_ids=[m.id for m in slot[:-1]],
            )
    elif cls.topic_key and cls.single_valued:
        same_topic = tx.by_topic(ctx.scope, cls.topic_key, ("active",))
        if same_topic:
            wanted = _value_key(cls.object) if cls.object else None
            for m in same_topic:
                if wanted is not None and m.object is not None and _value_key(m.object) == wanted:
                    return Plan(
                        Decision.DUPLICATE,
                        f"same {cls.topic_key} value as #{m.id}",
                        m.id,
                        similarity=1.0,
                    )
            ids = [m.id for m in same_topic]
            return Plan(
                Decision.REVIEW,
                f"conflicts with #{', #'.join(map(str, ids))} on {cls.topic_key}",
                related_ids=ids,
            )

    if archived:
        return Plan(
            Decision.STORE,
            f"re-added: restores archived #{archived[0].id}",
            archived[0].id,
            restore_archived=True,
        )

    neighbours = _neighbours(ctx, tx, p)
    if neighbours:
        best = neighbours[0]
        if best.similarity >= ctx.duplicate_threshold and _may_be_same_fact(p, best):
            return Plan(
                Decision.DUPLICATE,
                f"semantic duplicate of #{best.memory_id} (cosine {best.similarity:.4f})",
                best.memory_id,
                similarity=best.similarity,
            )
        return Plan(
            Decision.STORE,
            "new fact (similar memories exist but none is a duplicate)",
            judge_candidates=neighbours,
        )
    return Plan(Decision.STORE, "new fact")


def _may_be_same_fact(p: Prepared, other: Neighbour) -> bool:
    """Deterministic vetoes before a cosine may call it a duplicate: the new text must
    add nothing to the old one, and topic, numbers, negation and names must agree.
    Storing a near-copy is a nuisance; dropping a different fact is a loss."""
    if adds_information(p.norm, other.content):
        return False
    return same_fact_veto(p.norm, other.content, a_topic=p.cls.topic_key or "",
                          b_topic=other.topic_key or "") is None


def _value_key(value: str) -> str:
    return normalize(value).casefold().replace(" ", "")


def _neighbours(ctx: Context, tx: SQLTx, p: Prepared) -> list[Neighbour]:
    if p.vector is None or p.model is None:
        return []
    hits = tx.vector_search(ctx.scope, p.model, p.vector, NEIGHBOURS)
    floor = ctx.judge_floor
    keep = [(i, s) for i, s in hits if s >= floor]
    if not keep:
        return []
    records = tx.get_many([i for i, _ in keep])
    out = []
    for memory_id, sim in keep:
        rec = records.get(memory_id)
        if rec is not None and rec.status == Status.ACTIVE and rec.category == p.category:
            out.append(Neighbour(memory_id, rec.content, rec.topic_key, float(sim)))
    return out


def apply(ctx: Context, tx: SQLTx, p: Prepared, plan: Plan) -> AddResult:
    """Carry out ``plan`` in ``tx``: rows and their events together."""
    now = utcnow()
    common = {"source": p.source, "actor": p.actor}
    if plan.decision == Decision.REJECT:
        event_id = tx.append_event(
            scope=ctx.scope,
            memory_id=None,
            action="reject_input",
            after_content=redact_secrets(p.content),
            reason=plan.reason,
            meta=_meta(p, {"category": p.verdict.category}),
            **common,
        )
        return _result(p, plan, None, event_id)

    if plan.decision == Decision.DUPLICATE:
        target = tx.get(plan.target_id)
        assert target is not None
        tx.update_memory(
            target.id, {"hit_count": target.hit_count + 1, "last_hit_at": now, "updated_at": now}
        )
        event_id = tx.append_event(
            scope=ctx.scope,
            memory_id=target.id,
            action="duplicate",
            before_status=target.status,
            after_status=target.status,
            after_content=p.content,
            reason=plan.reason,
            meta=_meta(p, {"similarity": plan.similarity}),
            **common,
        )
        return _result(p, plan, target.id, event_id)

    if plan.decision == Decision.UPDATE:
        target = tx.get(plan.target_id)
        assert target is not None
        new_content = plan.new_content or p.content
        return _rewrite(ctx, tx, target.id, new_content, p, plan, now)

    if plan.decision == Decision.STORE and plan.restore_archived:
        target = tx.get(plan.target_id)
        assert target is not None
        tx.update_memory(
            target.id,
            {
                "status": Status.ACTIVE.value,
                "hit_count": target.hit_count + 1,
                "last_hit_at": now,
                "updated_at": now,
            },
        )
        event_id = tx.append_event(
            scope=ctx.scope,
            memory_id=target.id,
            action="restore",
            before_status=target.status,
            after_status=Status.ACTIVE.value,
            after_content=p.content,
            reason=plan.reason,
            meta=_meta(p),
            **common,
        )
        if p.vector is not None and p.model is not None:
            tx.put_vector(target.id, p.model, p.vector)
        return _result(p, plan, target.id, event_id)

    status = Status.REVIEW if plan.decision == Decision.REVIEW else Status.ACTIVE
    review_meta = None
    if status == Status.REVIEW:
        review_meta = {"kind": "conflict", "conflicts_with": plan.related_ids}
        if plan.proposal:
            review_meta = plan.proposal
    memory_id = insert_new(ctx, tx, p, status=status, review_meta=review_meta, now=now)
    event_id = tx.append_event(
        scope=ctx.scope,
        memory_id=memory_id,
        action="review" if status == Status.REVIEW else "add",
        after_content=p.content,
        after_status=status.value,
        reason=plan.reason,
        related_ids=plan.related_ids,
        meta=_meta(p, {"review": review_meta} if review_meta else None),
        **common,
    )
    return _result(p, plan, memory_id, event_id)


def insert_new(
    ctx: Context,
    tx: SQLTx,
    p: Prepared,
    *,
    status: Status,
    review_meta: dict[str, Any] | None = None,
    now: str | None = None,
) -> int:
    now = now or utcnow()
    memory_id = tx.insert_memory(
        {
            "scope": ctx.scope,
            "content": p.content,
            "content_norm": p.norm,
            "content_hash": p.hash,
            "category": p.category,
            "memory_type": p.cls.memory_type.value,
            "topic_key": p.cls.topic_key,
            "subject": p.cls.subject,
            "predicate": p.cls.predicate,
            "object": p.cls.object,
            "status": status.value,
            "confidence": p.confidence,
            "durability": p.durability,
            "source": p.source,
            "hit_count": 0,
            "created_at": now,
            "updated_at": now,
            "review_meta": review_meta,
            "meta": redact_tree(p.meta) if p.meta else None,
        },
        terms=p.terms,
    )
    if p.vector is not None and p.model is not None:
        tx.put_vector(memory_id, p.model, p.vector)
    return memory_id


def _rewrite(
    ctx: Context,
    tx: SQLTx,
    memory_id: int,
    new_content: str,
    p: Prepared,
    plan: Plan,
    now: str,
) -> AddResult:
    """Update one memory's text in place; the old text stays in the event."""
    target = tx.get(memory_id)
    assert target is not None
    q = p if new_content == p.content else prepare(
        ctx, new_content, source=p.source, category=p.category, actor=p.actor, raw=True
    )
    tx.update_memory(
        memory_id,
        {
            "content": q.content,
            "content_norm": q.norm,
            "content_hash": q.hash,
            "memory_type": q.cls.memory_type.value,
            "topic_key": q.cls.topic_key,
            "subject": q.cls.subject,
            "predicate": q.cls.predicate,
            "object": q.cls.object,
            # Rewriting a review item keeps it in review: only approval makes it active.
            "status": Status.REVIEW.value if target.status == Status.REVIEW
            else Status.ACTIVE.value,
            "updated_at": now,
            "source": q.source,
        },
        terms=q.terms,
    )
    if q.vector is not None and q.model is not None:
        tx.put_vector(memory_id, q.model, q.vector)
    event_id = tx.append_event(
        scope=ctx.scope,
        memory_id=memory_id,
        action="update",
        before_content=target.content,
        after_content=q.content,
        before_status=target.status,
        after_status=Status.REVIEW.value if target.status == Status.REVIEW
        else Status.ACTIVE.value,
        reason=plan.reason,
        related_ids=plan.related_ids,
        meta=_meta(p),
        source=p.source,
        actor=p.actor,
    )
    return _result(p, plan, memory_id, event_id)


def _meta(p: Prepared, extra: dict[str, Any] | None = None) -> dict[str, Any] | None:
    # Every write's event records the trust level its provenance had at the time.
    meta: dict[str, Any] = {"trust": trust_of(p.source, p.meta).label}
    if p.meta:
        meta["provenance"] = p.meta
    if p.raw:
        meta["raw"] = True
    if extra:
        meta.update({k: v for k, v in extra.items() if v is not None})
    return meta


def _result(p: Prepared, plan: Plan, memory_id: int | None, event_id: int | None) -> AddResult:
    return AddResult(
        decision=plan.decision,
        memory_id=memory_id,
        reason=plan.reason,
        # A refused secret is never echoed back through any front end.
        content=redact_secrets(p.content) if plan.decision == Decision.REJECT else p.content,
        memory_type=p.cls.memory_type.value,
        topic_key=p.cls.topic_key,
        category=p.category if plan.decision != Decision.REJECT else p.verdict.category,
        related_ids=list(plan.related_ids),
        event_id=event_id,
        dry_run=event_id is None,
        similarity=plan.similarity,
    )


def preview_result(p: Prepared, plan: Plan) -> AddResult:
    """The result a preview reports: what ``apply`` would return, minus the new ids."""
    target = plan.target_id
    return _result(p, plan, target, None)

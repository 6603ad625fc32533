"""The LLM judge inside the write pipeline, under the four ``llm_merge_mode`` modes.

The judge is consulted at most once per add, outside the write lock (an HTTP call must
never hold the database), on the rule decision computed from a read snapshot. Inside the
write transaction the rules decide again; the judgement is used only if the rules still
see the same situation (same decision, same candidates). A contradicting fact never
deletes anything and the new fact is never lost: it is stored, merged into a memory that
contains it, or parked in review.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from vecmem.engine import pipeline, writes
from vecmem.engine.context import Context
from vecmem.errors import LLMError
from vecmem.store.base import SQLTx
from vecmem.types import Action, Decision

log = logging.getLogger("vecmem.judge")


@dataclass(frozen=True)
class Judged:
    verdict: Any  # vecmem.llm.judge.JudgeVerdict
    rule_decision: Decision
    candidate_ids: tuple[int, ...]


def _candidates(ctx: Context, tx: SQLTx, p: pipeline.Prepared,
                plan: pipeline.Plan) -> list[Any]:
    from vecmem.llm.judge import JudgeCandidate

    out: dict[int, JudgeCandidate] = {}
    if p.cls.topic_key and not p.cls.slot:
        for m in tx.by_topic(ctx.scope, p.cls.topic_key, ("active",)):
            out[m.id] = JudgeCandidate(m.id, m.content, m.topic_key, 1.0)
    for n in plan.judge_candidates:
        out.setdefault(n.memory_id, JudgeCandidate(n.memory_id, n.content, n.topic_key,
                                                   n.similarity))
    if plan.possible_conflict:  # an ambiguous case: the filled slot it may change
        for m in tx.get_many(plan.possible_conflict["ids"]).values():
            out.setdefault(m.id, JudgeCandidate(m.id, m.content, m.topic_key, 0.0))
    return list(out.values())


def consult(ctx: Context, p: pipeline.Prepared, transaction: Any) -> Judged | None:
    """Ask the judge when the rules leave room for judgement (store with similar
    memories, or a topic conflict). Returns None when not consulted or on LLM failure."""
    if not p.verdict.allowed:
        return None
    with transaction(write=False) as tx:
        plan = pipeline.decide(ctx, tx, p)
        if plan.decision not in (Decision.STORE, Decision.REVIEW) or plan.restore_archived:
            return None
        candidates = _candidates(ctx, tx, p, plan)
    if not candidates:
        return None
    from vecmem.llm.judge import judge

    try:
        verdict = judge(ctx.llm, p.content, candidates)
    except LLMError as exc:
        # The rules decide alone; a dead endpoint costs nothing more (circuit breaker).
        log.warning("LLM judge unavailable, rules decide: %s", exc.message)
        return None
    return Judged(verdict, plan.decision, tuple(sorted(c.memory_id for c in candidates)))


def combine(ctx: Context, tx: SQLTx, p: pipeline.Prepared, plan: pipeline.Plan,
            judged: Judged, dry_run: bool) -> pipeline.Plan:
    """The final plan under the configured mode."""
    if plan.decision != judged.rule_decision or tuple(
        sorted(c.memory_id for c in _candidates(ctx, tx, p, plan))
    ) != judged.candidate_ids:
        return plan  # the state moved while the LLM thought: the rules decide
    v = judged.verdict
    mode = ctx.settings.llm_merge_mode
    suggestion = {
        "decision": str(v.decision), "target_ids": list(v.target_ids),
        "proposed_text": v.proposed_text, "confidence": v.confidence, "reason": v.reason,
        "rule_decision": str(plan.decision), "mode": mode,
    }
    if mode == "dry_run":
        return replace(plan, suggestion=suggestion)
    proposal = {"kind": str(v.decision), "target_ids": list(v.target_ids),
                "proposed_text": v.proposed_text, "confidence": v.confidence,
                "reason": v.reason, "by": "llm", "rule_decision": str(plan.decision)}
    why = f"LLM judge ({v.confidence:.2f}): {v.reason}"
    to_review = replace(plan, decision=Decision.REVIEW, proposal=proposal,
                        related_ids=list(v.target_ids), reason=f"{why} — sent to review",
                        suggestion=suggestion)
    if mode == "review_only":
        if v.decision in (Decision.UPDATE, Decision.MERGE, Decision.DUPLICATE):
            return to_review
        if v.decision == Decision.REVIEW and plan.decision == Decision.STORE:
            return to_review
        return replace(plan, suggestion=suggestion)
    # auto
    if v.confidence < ctx.settings.llm_auto_threshold:
        if v.decision == Decision.STORE and plan.decision == Decision.STORE:
            return replace(plan, suggestion=suggestion)
        return to_review
    applied = {**suggestion, "applied": True}
    if v.decision == Decision.DUPLICATE:
        return replace(plan, decision=Decision.DUPLICATE, target_id=v.target_ids[0],
                       reason=why, suggestion=applied, similarity=None)
    if v.decision == Decision.UPDATE:
        return replace(plan, decision=Decision.UPDATE, target_id=v.target_ids[0],
                       new_content=v.proposed_text, reason=why, suggestion=applied)
    if v.decision == Decision.MERGE:
        return replace(plan, decision=Decision.MERGE, related_ids=list(v.target_ids),
                       new_content=v.proposed_text, reason=why, suggestion=applied)
    if v.decision == Decision.REVIEW:
        return to_review
    return replace(plan, decision=Decision.STORE, related_ids=[], reason=why,
                   suggestion=applied)


def record_suggestion(ctx: Context, tx: SQLTx, memory_id: int | None, content: str,
                      suggestion: dict[str, Any], final: str) -> int:
    """A ``suggest`` event: what the LLM proposed beside what was done (mode report)."""
    return writes.record(
        ctx, tx, Action.SUGGEST, memory_id=memory_id, after_content=content,
        actor="llm", source="judge", reason=suggestion.get("reason"),
        related_ids=suggestion.get("target_ids") or [],
        meta={**suggestion, "final_decision": final},
    )


def mode_report(ctx: Context) -> dict[str, Any]:
    """How often the LLM would have changed / did change the outcome, and how often a human
    overruled it: the evidence for moving from off to dry_run to review_only to auto."""
    from vecmem.types import Status

    with ctx.transaction(write=False) as tx:
        suggests = tx.events(ctx.scope, action="suggest", limit=10_000)
    would_change = sum(1 for e in suggests if (e.meta or {}).get("decision")
                       != (e.meta or {}).get("rule_decision"))
    applied = sum(1 for e in suggests if (e.meta or {}).get("applied"))
    approved = rejected = pending = 0
    with ctx.transaction(write=False) as tx:
        rows = tx.execute(
            "SELECT id, status, review_meta FROM memories WHERE scope = ? AND review_meta LIKE ?",
            [ctx.scope, '%"by": "llm"%'],
        ).fetchall()
    for _id, status, _meta in rows:
        if status == Status.REVIEW:
            pending += 1
        elif status == Status.ARCHIVED:
            rejected += 1
        else:
            approved += 1
    decided = approved + rejected
    return {
        "suggestions": len(suggests),
        "would_change_outcome": would_change,
        "change_rate": round(would_change / len(suggests), 4) if suggests else None,
        "auto_applied": applied,
        "llm_reviews": {"pending": pending, "approved": approved, "rejected": rejected},
        "human_overrule_rate": round(rejected / decided, 4) if decided else None,
    }

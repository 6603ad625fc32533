"""The write pipeline: every incoming fact becomes exactly one audited decision.

``prepare`` does the pure, lock-free work (validate, normalize, filter, classify, hash,
embed). ``decide`` reads the store and picks store | duplicate | update | review | reject
without changing anything. ``apply`` performs that decision and appends its events in the
caller's transaction. A preview is ``prepare`` + ``decide`` and stops there, so it can
never disagree with the real operation (a failure of the first version of this system).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, cast

import numpy as np

from vecmem.engine import writes
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, InvalidTransitionError
from vecmem.limits import LABEL_MAX
from vecmem.rules import check_quality, classify
from vecmem.rules.cues import CUES_KEY, index_terms
from vecmem.rules.poisoning import hold_reason, trust_of
from vecmem.rules.sameness import adds_information, same_fact_veto
from vecmem.rules.slot_frames import announces_change, leaves_value, same_frame
from vecmem.rules.slot_grammar import SLOT_KEYS
from vecmem.rules.slot_opinion import ASPECTS, aspect_matches, read
from vecmem.rules.slot_stacks import stack_reading, stack_siblings
from vecmem.rules.slots import may_fill, same_value, slots_named
from vecmem.rules.when import ValidTime, local_day
from vecmem.rules.when import resolve as resolve_time
from vecmem.store.base import SQLTx
from vecmem.store.schema import TOMBSTONE
from vecmem.text import (
    check_field,
    content_hash,
    has_hidden_text,
    keyword_terms,
    normalize,
    validate_text,
    visible_text,
)
from vecmem.types import (
    LIVE_STATUSES,
    Action,
    AddResult,
    Classification,
    Decision,
    Status,
    Verdict,
)

#: How many nearest neighbours the semantic step looks at.
NEIGHBOURS = 5
#: Keyword matches read by the frame comparison besides the vector neighbours.
FRAME_CANDIDATES = 5
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
    #: What the text says about when it holds (``rules/when.py``), resolved against the
    #: moment it was said; ``None`` when it names no time (it then holds from now on).
    when: ValidTime | None = None
    #: When it was said, if not now (a conversation turn's time; ISO-8601 UTC): the fact
    #: holds from then when its text names no time, and ``as_of`` counts it from then.
    said_at: str | None = None


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
    #: A stored fact the rules could not key that may restate or change a filled slot
    #: (``rules.slots.may_fill``): ``{"topic_key": …, "ids": […]}``, recorded in the add
    #: event so ``cleanup`` lists it as a possible conflict. The judge, when it answers,
    #: decides these cases instead.
    possible_conflict: dict[str, Any] | None = None


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
    said_at: str | None = None,
) -> Prepared:
    """The pure steps for one input. ``said_at`` (ISO-8601) is when the fact was said — a
    conversation turn's time — against which "明天" or "next Friday" is resolved; default
    now, in the user's time zone (``settings.timezone``)."""
    given = validate_text(content)
    # What is stored is what a person sees: invisible characters that draw nothing are
    # dropped here, before the checks and the hash (text.visible_text says which).
    # Text of nothing but such characters stays itself and is refused as too short.
    text = visible_text(given).strip() or given.strip()
    source = _clean_label(source, "source")
    if category is not None:
        category = _clean_label(category, "category")
    if confidence is not None and not (0.0 <= float(confidence) <= 1.0):
        raise InvalidInputError(f"confidence must be between 0 and 1, got {confidence}")
    if durability is not None and durability not in _DURABILITIES:
        raise InvalidInputError(f"durability must be one of {', '.join(_DURABILITIES)}")
    norm = normalize(text)
    verdict = check_quality(text)
    if verdict.allowed and writes.has_secret(text):
        # Whatever the quality filter says, the kernel stores no text the redaction would
        # change: refused here, the preview says so too.
        verdict = Verdict(False, "secret_value", "Contains a secret value; secret values are "
                          "never stored.")
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
        terms=index_terms(text),
        source=source,
        actor=actor,
        meta=meta,
        confidence=1.0 if confidence is None else float(confidence),
        durability=durability or "long_term",
        raw=raw,
        when=valid_time(ctx, text, said_at) if verdict.allowed else None,
        said_at=None if said_at is None else said_moment(said_at).astimezone(UTC).strftime(
            "%Y-%m-%dT%H:%M:%S.%fZ"),
    )
    if isinstance(meta, dict) and CUES_KEY in meta:
        # The writer's own cues take the one cue path: cleaned, secrets dropped, indexed.
        prepared = with_cues(prepared, meta[CUES_KEY])
    if vector is not None:
        return replace(prepared, vector=vector, model=model)
    if embed and verdict.allowed:
        vecs, model_id = ctx.embed_documents([norm])
        if vecs is not None:
            return replace(prepared, vector=vecs[0], model=model_id)
    return prepared


def said_moment(said_at: object) -> datetime:
    """``said_at`` (ISO-8601; no zone: UTC) as an aware instant, or a clear error."""
    try:
        moment = datetime.fromisoformat(str(said_at).strip().replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInputError(
            f"said_at {said_at!r} is not an ISO-8601 time (e.g. 2026-05-25T09:30:00Z)"
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def with_cues(p: Prepared, cues: Any) -> Prepared:
    """``p`` with cue terms (``rules/cues.py``): kept in its ``meta`` and its keyword
    index terms. A cue holding a secret is dropped, never redacted into the index."""
    from vecmem.rules.cues import clean_cues

    kept = [c for c in clean_cues(cues) if not writes.has_secret(c)]
    rest = {k: v for k, v in (p.meta or {}).items() if k != CUES_KEY}
    if not kept and CUES_KEY not in (p.meta or {}):
        return p
    meta = {**rest, CUES_KEY: kept} if kept else (rest or None)
    return replace(p, meta=meta, terms=index_terms(p.content, meta))


def valid_time(ctx: Context, text: str, said_at: str | None = None) -> ValidTime | None:
    """When ``text`` holds, resolved against the day it was said in the user's zone."""
    moment = datetime.now(UTC) if said_at is None else said_moment(said_at)
    try:
        day = local_day(moment, ctx.settings.timezone)
    except ValueError as exc:
        raise InvalidInputError(str(exc)) from None
    return resolve_time(text, day)


def _clean_label(value: object, what: str) -> str:
    if not isinstance(value, str) or not check_field(value, what, max_chars=LABEL_MAX).strip():
        raise InvalidInputError(f"{what} must be a non-empty string")
    value = value.strip()
    if len(value) > LABEL_MAX or any(ord(c) < 32 for c in value) or has_hidden_text(value):
        raise InvalidInputError(f"{what} must be at most {LABEL_MAX} printable characters")
    writes.require_clean(value, what)
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
    # A purged memory keeps its hash but never comes back: the fact is stored anew.
    archived = [m for m in same_hash if m.status == Status.ARCHIVED and m.content != TOMBSTONE]

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
            wanted = normalize(cls.object) if cls.object else None
            # the same value live, or already waiting in review (said another way): it
            # joins that row
            in_review = functools.partial(tx.by_topic, ctx.scope, cls.topic_key, (Status.REVIEW,))
            for rows, where in ((lambda: same_topic, ""),
                                (in_review, " (already in the review queue)")):
                for m in rows():
                    if wanted is not None and m.object is not None and same_value(
                            cls.topic_key, normalize(m.object), wanted):
                        return Plan(Decision.DUPLICATE,
                                    f"same {cls.topic_key} value as #{m.id}{where}",
                                    m.id, similarity=1.0)
            ids = [m.id for m in same_topic]
            return Plan(
                Decision.REVIEW,
                f"conflicts with #{', #'.join(map(str, ids))} on {cls.topic_key}",
                related_ids=ids,
            )
        # a project's stack as a set and one aspect of it said alone meet each other
        for key in stack_siblings(cls.topic_key):
            for m in tx.by_topic(ctx.scope, key, ("active",)):
                reading = stack_reading(cls.topic_key, cls.object, key, m.object)
                if reading == "duplicate":
                    return Plan(Decision.DUPLICATE, f"same {key} value as #{m.id}", m.id,
                                similarity=1.0)
                if reading == "review":
                    return Plan(Decision.REVIEW, f"conflicts with #{m.id} on {key}",
                                related_ids=[m.id])

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
    framed = _frame_conflict(tx, ctx.scope, p, neighbours)
    if framed is not None:
        return framed
    opined = _slot_opinion(ctx, tx, p, neighbours)
    if isinstance(opined, Plan):
        return opined
    possible = opined or _possible_conflict(ctx, tx, p, neighbours)
    reason = ("new fact (similar memories exist but none is a duplicate)" if neighbours
              else "new fact")
    if possible:
        reason = (f"new fact; it may change {possible['topic_key']} held by "
                  f"#{', #'.join(map(str, possible['ids']))} (cleanup lists it as a "
                  "possible conflict)")
    return Plan(Decision.STORE, reason, judge_candidates=neighbours,
                possible_conflict=possible)


def _may_be_same_fact(p: Prepared, other: Neighbour) -> bool:
    """Deterministic vetoes before a cosine may call it a duplicate: the new text must
    add nothing to the old one, and topic, numbers, negation and names must agree.
    Storing a near-copy is a nuisance; dropping a different fact is a loss."""
    if adds_information(p.norm, other.content):
        return False
    return same_fact_veto(p.norm, other.content, a_topic=p.cls.topic_key or "",
                          b_topic=other.topic_key or "") is None


def _frame_conflict(tx: SQLTx, scope: str, p: Prepared,
                    neighbours: list[Neighbour]) -> Plan | None:
    """A change announced for what a memory says of the same subject, with another filler
    (``rules.slot_frames.same_frame``: "栗子记账的后端迁到了 Railway" after "栗子记账的后端
    部署在 Fly.io"): the old value may no longer hold, so a person decides. Candidates are
    the vector neighbours and the keyword matches (a short subject name is a rare term)."""
    if not announces_change(p.norm):  # (a keyed text gets here only if its slot is empty)
        return None
    seen = {n.memory_id: n.content for n in neighbours}
    hits = tx.keyword_search(scope, keyword_terms(p.norm), FRAME_CANDIDATES)
    extra = [i for i, _ in hits if i not in seen]
    seen.update({i: m.content for i, m in tx.get_many(extra).items()})
    seen = {i: c for i, c in seen.items() if c}
    records = tx.get_many(list(seen))
    for memory_id, content in seen.items():
        match = same_frame(p.norm, normalize(content))
        rec = records.get(memory_id)
        if match is None and rec is not None and rec.topic_key and rec.object:
            match = leaves_value(p.norm, rec.topic_key, normalize(rec.object))
        if match is not None:
            return Plan(Decision.REVIEW,
                        f"conflicts with #{memory_id}: {match.subject!r} changes from "
                        f"{match.old!r} to {match.new!r}", related_ids=[memory_id])
    return None


def _possible_conflict(ctx: Context, tx: SQLTx, p: Prepared,
                       neighbours: list[Neighbour]) -> dict[str, Any] | None:
    """The filled one-value slot ``p`` may restate or change though the rules did not key
    it there (``rules.slots.may_fill``): a fixed slot its wording names (looked up by
    key, whatever the cosine), else a named person's or project's slot among the judge's
    candidates."""
    for key in slots_named(p.norm, p.cls):
        held = tx.by_topic(ctx.scope, key, ("active",))
        if held:
            return {"topic_key": key, "ids": [m.id for m in held]}
    for n in neighbours:
        if may_fill(p.norm, p.cls, n.topic_key):
            ids = [m.memory_id for m in neighbours if m.topic_key == n.topic_key]
            return {"topic_key": n.topic_key, "ids": ids}
    return None


def _slot_opinion(ctx: Context, tx: SQLTx, p: Prepared,
                  neighbours: list[Neighbour]) -> Plan | dict[str, Any] | None:
    """The second opinion on a text the grammar keyed into no one-value slot
    (``engine/slot_prototypes``: its nearest labelled slot statements; the structure
    checks in ``rules/slot_opinion.read``): a new value for the filled slot goes to
    review, the held value alone is a duplicate, no value a possible conflict."""
    if (p.cls.topic_key and p.cls.single_valued) or not ctx.settings.slot_prototypes:
        return None
    from vecmem.engine.slot_prototypes import bundled

    protos = bundled()
    near = protos.nearest(p.norm) if protos is not None else None
    if near is None or protos is None:
        return None
    pattern = ASPECTS[near.slot]
    if "*" in pattern:  # a project's slot: among the memories this text is near or names
        hits = tx.keyword_search(ctx.scope, keyword_terms(p.norm), FRAME_CANDIDATES)
        ids = [n.memory_id for n in neighbours] + [i for i, _ in hits]
        held = [m for m in tx.get_many(ids).values() if m.status == Status.ACTIVE
                and aspect_matches(m.topic_key, pattern) and SLOT_KEYS.match(m.topic_key or "")]
    else:
        held = tx.by_topic(ctx.scope, pattern, ("active",))
    for m in held:
        assert m.topic_key is not None
        reading = read(p.norm, near.slot, m.topic_key, m.object, m.content,
                       protos.heads.get(near.slot, ()))
        why = f"read by meaning as {m.topic_key} (cosine {near.similarity:.2f} to a labelled " \
              "statement)"
        if reading == "review":
            ids = [r.id for r in held if r.topic_key == m.topic_key]
            return Plan(Decision.REVIEW, f"conflicts with #{', #'.join(map(str, ids))} on "
                        f"{m.topic_key}: {why}", related_ids=ids)
        if reading == "duplicate":
            return Plan(Decision.DUPLICATE, f"same {m.topic_key} value as #{m.id}: {why}",
                        m.id, similarity=near.similarity)
        if reading == "possible":
            return {"topic_key": m.topic_key,
                    "ids": [r.id for r in held if r.topic_key == m.topic_key]}
    return None


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
    """Carry out ``plan`` in ``tx`` through the write kernel: rows and events together."""
    common: dict[str, Any] = {"source": p.source, "actor": p.actor}
    if plan.decision == Decision.REJECT:
        event_id = writes.record(
            ctx, tx, Action.REJECT_INPUT, after_content=p.content, reason=plan.reason,
            meta=_meta(p, {"category": p.verdict.category}), **common,
        )
        return _result(p, plan, None, event_id)

    if plan.decision == Decision.DUPLICATE:
        target = writes.load(ctx, tx, plan.target_id)
        event_id = writes.hit(ctx, tx, target, content=p.content, reason=plan.reason,
                              meta=_meta(p, {"similarity": plan.similarity}), **common)
        return _result(p, plan, target.id, event_id)

    if plan.decision == Decision.UPDATE:
        target = writes.load(ctx, tx, plan.target_id)
        new_content = plan.new_content or p.content
        q = p if new_content == p.content else prepare(
            ctx, new_content, source=p.source, category=p.category, actor=p.actor, raw=True
        )
        event_id = writes.rewrite(ctx, tx, target, q, reason=plan.reason,
                                  related_ids=plan.related_ids, meta=_meta(p), **common)
        return _result(p, plan, target.id, event_id)

    if plan.decision == Decision.MERGE:
        q = merged_text(ctx, tx, p, plan)
        sources = [writes.load(ctx, tx, i) for i in plan.related_ids]
        memory_id, event_id = writes.merge(ctx, tx, q, sources, reason=plan.reason,
                                           actor=p.actor, meta=_meta(p))
        return _result(p, plan, memory_id, event_id)

    if plan.decision == Decision.STORE and plan.restore_archived:
        target = writes.load(ctx, tx, plan.target_id)
        event_id = writes.hit(ctx, tx, target, content=p.content, reason=plan.reason,
                              meta=_meta(p), restore=p, **common)
        return _result(p, plan, target.id, event_id)

    status = Status.REVIEW if plan.decision == Decision.REVIEW else Status.ACTIVE
    review_meta = None
    if status == Status.REVIEW:
        review_meta = {"kind": "conflict", "conflicts_with": plan.related_ids}
        if plan.proposal:
            review_meta = plan.proposal
    memory_id, event_id = writes.insert(
        ctx, tx, p, status=status,
        action=Action.REVIEW if status == Status.REVIEW else Action.ADD,
        reason=plan.reason, related_ids=plan.related_ids, review_meta=review_meta,
        meta=_meta(p, {"review": review_meta, "possible_conflict": plan.possible_conflict}),
    )
    return _result(p, plan, memory_id, event_id)


def merged_text(ctx: Context, tx: SQLTx, p: Prepared, plan: Plan) -> Prepared:
    """The text a MERGE decision (the LLM judge's, in auto mode) writes, checked: the
    preview runs this too, so it refuses what the merge would refuse."""
    # The merged text's category comes from the text itself, as in ``add``.
    q = prepare(ctx, plan.new_content or p.content, source=p.source, actor=p.actor)
    if not q.verdict.allowed:
        raise InvalidInputError(f"the merged text was rejected: {q.verdict.reason}")
    clash = writes.live_clash(ctx, tx, q.hash, plan.related_ids)
    if clash is not None:
        raise InvalidTransitionError(f"cannot merge: #{clash.id} already holds the merged text")
    return q


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
        # (redacting a text gives a text: the cast only tells mypy)
        content=cast(str, writes.redact(p.content)) if plan.decision == Decision.REJECT
        else p.content,
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


# -- the operations Memory calls ------------------------------------------------------------
def add(ctx: Context, p: Prepared, *, dry_run: bool) -> AddResult:
    """Decide and apply ``p`` (one transaction); with ``dry_run`` stop before applying.

    The LLM judge, when configured, is consulted first, outside the write lock."""
    judged = None
    if ctx.llm is not None and ctx.settings.llm_merge_mode != "off":
        from vecmem.engine import judging

        judged = judging.consult(ctx, p, ctx.transaction)
    with ctx.transaction(write=not dry_run) as tx:
        plan = decide(ctx, tx, p)
        if judged is not None:
            from vecmem.engine import judging

            combined = judging.combine(ctx, tx, p, plan, judged, dry_run)
            if combined is not plan and ctx.settings.llm_merge_mode != "dry_run":
                # The judge decided the ambiguous case: it is no longer cleanup's to list.
                combined = replace(combined, possible_conflict=None)
            plan = combined
        if dry_run:
            if plan.decision == Decision.MERGE:
                merged_text(ctx, tx, p, plan)
            return preview_result(p, plan)
        result = apply(ctx, tx, p, plan)
        if plan.suggestion is not None:
            from vecmem.engine import judging

            judging.record_suggestion(ctx, tx, result.memory_id, p.content, plan.suggestion,
                                      str(result.decision))
    return result


def add_many(ctx: Context, items: Sequence[object], *, source: str, raw: bool,
             category: str | None, batch_size: int, meta: dict[str, Any] | None,
             progress: Any = None, said_at: list[str | None] | str | None = None
             ) -> list[AddResult]:
    """Many texts: embedded in batches, one transaction per batch. ``raw`` skips the
    quality filter (never the secret check) and topic review. ``said_at``: per text, when
    it was said (``None``: now)."""
    if said_at is not None and (isinstance(said_at, str) or len(said_at) != len(items)):
        raise InvalidInputError("said_at must be a list with one time (or null) per text")
    results: list[AddResult] = []
    for start in range(0, len(items), batch_size):
        chunk = items[start : start + batch_size]
        times = said_at[start : start + batch_size] if said_at else [None] * len(chunk)
        prepared = [prepare(ctx, t, source=source, category=category, raw=raw, embed=False,
                            meta=meta, said_at=w) for t, w in zip(chunk, times, strict=True)]
        todo = [i for i, p in enumerate(prepared) if p.verdict.allowed]
        vecs, model = ctx.embed_documents([prepared[i].norm for i in todo])
        if vecs is not None:
            for row, i in enumerate(todo):
                prepared[i] = replace(prepared[i], vector=vecs[row], model=model)
        with ctx.transaction() as tx:
            for p in prepared:
                plan = decide(ctx, tx, p)
                if raw and plan.decision == Decision.REVIEW:
                    plan = replace(plan, decision=Decision.STORE,
                                   reason="raw import: stored without topic review",
                                   related_ids=[])
                results.append(apply(ctx, tx, p, plan))
        if progress:
            progress(min(start + batch_size, len(items)), len(items))
    return results

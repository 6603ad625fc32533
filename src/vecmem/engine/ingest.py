"""Conversation turns in, governed memories out: extraction + the write pipeline.

Extraction uses the LLM when one is configured and falls back to the rule-based
extractor when it is not (or when the endpoint fails). Every candidate then goes through
the same write pipeline as a typed fact, so the quality filter, dedup and review apply.
Ingest is resumable: progress is kept per transcript in the store's meta table.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vecmem.engine import pipeline
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, LLMError
from vecmem.types import MESSAGE_AUTHOR_KEYS, AddResult, Serializable

log = logging.getLogger("vecmem.ingest")

#: Turns handed to the extractor at a time (one LLM call per chunk).
CHUNK_TURNS = 12
MAX_MESSAGES = 200_000


@dataclass(frozen=True)
class IngestSummary(Serializable):
    turns: int
    candidates: int
    decisions: dict[str, int]
    resumed_from: int
    extractor: str
    results: list[AddResult] = field(default_factory=list)

    def to_text(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.decisions.items()))
        resumed = f" (resumed at turn {self.resumed_from})" if self.resumed_from else ""
        return (f"{self.turns} turns{resumed} → {self.candidates} candidates "
                f"({self.extractor}) → {parts or 'nothing to store'}")


def check_messages(messages: object) -> list[Mapping[str, Any] | str]:
    if isinstance(messages, str | bytes) or not isinstance(messages, Iterable):
        raise InvalidInputError("messages must be a list of {role, content} objects or strings")
    out = list(messages)
    if len(out) > MAX_MESSAGES:
        raise InvalidInputError(f"too many messages ({len(out)}; limit {MAX_MESSAGES})")
    for i, m in enumerate(out):
        if isinstance(m, str):
            continue
        if not isinstance(m, Mapping) or "content" not in m:
            raise InvalidInputError(f"message {i} must be a string or an object with 'content'")
        if "\x00" in str(m.get("content")):
            raise InvalidInputError(f"message {i} contains a NUL byte")
    return out


#: Keys a turn may carry its time under (the first found wins): "明天" in a turn said on
#: 3 May means 4 May, whenever the conversation is ingested.
TIME_KEYS = ("timestamp", "time", "created_at", "date", "ts")  # "ts": vecmem.transcripts


def _author(msgs: list[Any], turn: int | None) -> dict[str, Any]:
    """Who said the turn (``MESSAGE_AUTHOR_KEYS``), for the extracted memory's event."""
    if turn is None or not 0 <= turn < len(msgs) or not isinstance(msgs[turn], Mapping):
        return {}
    out: dict[str, Any] = {}
    for key in MESSAGE_AUTHOR_KEYS:
        value = msgs[turn].get(key)
        if isinstance(value, Mapping) and value:
            out[key] = {str(k): v for k, v in value.items() if isinstance(v, str | int | bool)}
        elif isinstance(value, str) and value.strip():
            out[key] = value.strip()[:200]
    return out


def _said_at(msgs: list[Any], turn: int | None) -> str | None:
    if turn is None or not 0 <= turn < len(msgs) or not isinstance(msgs[turn], Mapping):
        return None
    for key in TIME_KEYS:
        value = msgs[turn].get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def extract(ctx: Context, messages: object) -> list[Any]:
    """All candidates found in ``messages`` (before the confidence selection)."""
    msgs = check_messages(messages)
    cands, _ = _extract(ctx, msgs)
    return cands


def _extract(ctx: Context, msgs: list[Any]) -> tuple[list[Any], str]:
    from vecmem.rules.extract import extract_with_rules

    llm = ctx.llm
    if llm is not None:
        from vecmem.llm.extract import extract_with_llm

        try:
            return extract_with_llm(
                llm, msgs, default_confidence=ctx.settings.extract_min_confidence,
                cues=ctx.settings.llm_cue_terms,
            ), "llm"
        except LLMError as exc:
            log.warning("LLM extraction failed, using the rule-based extractor: %s",
                        exc.message)
    return extract_with_rules(msgs), "rules"


def ingest(
    ctx: Context,
    messages: object,
    *,
    source: str = "extract",
    resume_key: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_turns: int = CHUNK_TURNS,
) -> IngestSummary:
    """Extract from ``messages`` and run every selected candidate through the pipeline."""
    from vecmem.llm.extract import select_candidates

    msgs = check_messages(messages)
    key = resume_key or hashlib.sha256(
        json.dumps(msgs, ensure_ascii=False, sort_keys=True, default=str).encode()
    ).hexdigest()[:20]
    meta_key = f"ingest:{ctx.scope}:{key}"
    with ctx.transaction(write=False) as tx:
        start = int(tx.get_meta(meta_key) or 0)
    decisions: Counter[str] = Counter()
    results: list[AddResult] = []
    n_cands = 0
    used = "rules"
    threshold = ctx.settings.extract_min_confidence
    for begin in range(start, len(msgs), chunk_turns):
        chunk = msgs[begin : begin + chunk_turns]
        cands, used = _extract(ctx, chunk)
        selected = select_candidates(cands, threshold)
        n_cands += len(selected)
        for cand in selected:
            turn = None if cand.turn_index is None else begin + cand.turn_index
            try:
                p = pipeline.prepare(
                    ctx, cand.content, source=source, confidence=cand.confidence,
                    durability=cand.durability if cand.durability != "reject" else None,
                    meta={"ingest": key, "origin": cand.origin, "turn": turn,
                          **_author(msgs, turn)},
                    said_at=_said_at(msgs, turn))
                if cand.cues and ctx.settings.llm_cue_terms:
                    p = pipeline.with_cues(p, cand.cues)
                r = pipeline.add(ctx, p, dry_run=False)
            except InvalidInputError as exc:
                log.warning("candidate skipped: %s", exc.message)
                decisions["invalid"] += 1
                continue
            decisions[str(r.decision)] += 1
            results.append(r)
        with ctx.transaction() as tx:  # the key names the scope
            tx.set_meta(meta_key, str(min(begin + chunk_turns, len(msgs))))
        if progress:
            progress(min(begin + chunk_turns, len(msgs)), len(msgs))
    return IngestSummary(turns=len(msgs), candidates=n_cands, decisions=dict(decisions),
                         resumed_from=start, extractor=used, results=results)

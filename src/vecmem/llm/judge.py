"""The LLM judge: is a new fact new, a duplicate, an update, a merge, or a question for a human?

One model call per :func:`judge` — no repair round (the write pipeline promises at most
one LLM call per add); a bad answer raises :class:`LLMError` and the caller falls back to
its rules. The candidates are shown to the model numbered 1..n, never with their database
ids, so the model cannot name a memory that was not offered: a number out of range is an
"invented id" and the whole verdict is refused rather than guessed at.

The verdict is only a *proposal*. What happens to it — recorded as a ``suggest`` event,
sent to review, or applied — is the pipeline's decision under ``llm_merge_mode``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, PrivateAttr, ValidationInfo, field_validator, model_validator

from vecmem.errors import LLMError
from vecmem.llm import prompts
from vecmem.llm.client import LLMClient, Usage
from vecmem.llm.extract import parse_confidence
from vecmem.types import Decision, Serializable

__all__ = ["JudgeCandidate", "JudgeVerdict", "judge"]

JUDGE_DECISIONS = (Decision.STORE, Decision.DUPLICATE, Decision.UPDATE, Decision.MERGE,
                   Decision.REVIEW)

_DECISION_ALIASES = {
    "store": "store", "add": "store", "new": "store", "insert": "store", "keep": "store",
    "keep_both": "store",
    "duplicate": "duplicate", "dup": "duplicate", "same": "duplicate",
    "update": "update", "replace": "update", "supersede": "update", "correct": "update",
    "merge": "merge", "combine": "merge",
    "review": "review", "conflict": "review", "contradiction": "review", "human": "review",
    "unsure": "review",
}
_TARGET_KEYS = ("targets", "target", "target_ids", "target_numbers", "ids", "indices",
                "memories")


@dataclass(frozen=True, slots=True)
class JudgeCandidate(Serializable):
    """An existing active memory offered to the judge."""

    memory_id: int
    content: str
    topic_key: str | None = None
    similarity: float = 0.0


@dataclass(frozen=True, slots=True)
class JudgeVerdict(Serializable):
    """The judge's proposal, with real memory ids."""

    decision: Decision
    target_ids: list[int]
    proposed_text: str | None
    confidence: float
    reason: str
    #: The model's answer as parsed JSON, for the ``suggest``/review event.
    raw: dict[str, Any] = field(default_factory=dict)
    usage: Usage | None = None


class JudgeAnswer(BaseModel):
    """The model's answer; targets are the 1-based numbers shown in the prompt."""

    decision: str
    targets: list[int] = []
    proposed_text: str | None = None
    confidence: float | None = None
    reason: str = ""
    _raw: dict[str, Any] = PrivateAttr(default_factory=dict)

    @model_validator(mode="wrap")
    @classmethod
    def _normalize(cls, data: Any, handler: Any) -> JudgeAnswer:
        raw = dict(data) if isinstance(data, dict) else {}
        if isinstance(data, dict) and "targets" not in data:
            for key in _TARGET_KEYS[1:]:
                if key in data:
                    data = {**data, "targets": data[key]}
                    break
        model: JudgeAnswer = handler(data)
        model._raw = raw
        return model

    @field_validator("decision", mode="before")
    @classmethod
    def _decision(cls, v: Any) -> str:
        key = re.sub(r"[\s-]+", "_", str(v).strip().lower())
        if key not in _DECISION_ALIASES:
            raise ValueError(f"unknown decision {v!r}")
        return _DECISION_ALIASES[key]

    @field_validator("targets", mode="before")
    @classmethod
    def _targets(cls, v: Any) -> list[int]:
        if v is None or v == "":
            return []
        items = v if isinstance(v, list) else [v]
        out: list[int] = []
        for item in items:
            if isinstance(item, bool):
                raise ValueError("a target must be a number")
            if isinstance(item, int):
                out.append(item)
                continue
            # "#2", "[2]", "2", 2.0 — the shapes models actually produce.
            m = re.fullmatch(r"\s*[#\[(]?\s*(\d+)\s*[\])]?\s*", str(item).removesuffix(".0"))
            if not m:
                raise ValueError(f"target {item!r} is not a candidate number")
            out.append(int(m.group(1)))
        return out

    @field_validator("proposed_text", "reason", mode="before")
    @classmethod
    def _text(cls, v: Any, info: ValidationInfo) -> str | None:
        text = "" if v is None else str(v).strip()
        return text if text or info.field_name == "reason" else None

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, v: Any) -> float | None:
        return parse_confidence(v)


def judge(client: LLMClient, new_text: str, candidates: list[JudgeCandidate]) -> JudgeVerdict:
    """Ask the model what to do with ``new_text`` given related ``candidates``.

    Exactly one model call (none when there are no candidates: then it is a plain store).
    Raises :class:`LLMError` on any invalid answer — an invented id, an update without
    text or with several targets, a merge without text or targets — and on endpoint
    failures (``CircuitOpenError`` when the breaker is open).
    """
    if not candidates:
        return JudgeVerdict(Decision.STORE, [], None, 1.0, "no related memories", {})
    answer, usage = client.chat_json(
        prompts.judge_messages(new_text, candidates), JudgeAnswer, repair=False
    )
    return verdict_from_answer(answer, candidates, usage=usage)


def verdict_from_answer(
    answer: JudgeAnswer, candidates: Sequence[JudgeCandidate], *, usage: Usage | None = None
) -> JudgeVerdict:
    """Map the numbers back to memory ids and enforce each decision's requirements."""
    n = len(candidates)
    numbers: list[int] = []
    for number in answer.targets:
        if not 1 <= number <= n:
            raise LLMError(f"the judge answered with an invented id: [{number}] was not "
                           f"offered (candidates were [1]..[{n}])")
        if number not in numbers:
            numbers.append(number)
    decision = Decision(answer.decision)
    text = answer.proposed_text
    if decision is Decision.DUPLICATE and not numbers:
        raise LLMError("the judge said duplicate without naming which memory")
    if decision is Decision.UPDATE and (len(numbers) != 1 or not text):
        raise LLMError(f"an update needs exactly one target and a proposed text; the judge "
                       f"gave {len(numbers)} target(s) and "
                       f"{'a' if text else 'no'} text")
    # One target is enough for a merge: the new fact is always the other part.
    if decision is Decision.MERGE and (not numbers or not text):
        raise LLMError(f"a merge needs at least one target and a proposed text; the judge "
                       f"gave {len(numbers)} target(s) and {'a' if text else 'no'} text")
    return JudgeVerdict(
        decision=decision,
        target_ids=[candidates[i - 1].memory_id for i in numbers],
        proposed_text=text,
        # No stated confidence counts as none: it can never clear an auto threshold.
        confidence=0.0 if answer.confidence is None else answer.confidence,
        reason=answer.reason,
        raw=answer._raw,
        usage=usage,
    )

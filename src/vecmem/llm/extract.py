"""Structured extraction of memory candidates from conversation turns with an LLM.

The messages go through the same pre-filter as the rule-based path
(:mod:`vecmem.rules.conversation`: no system prompt, no echoed ``<memory-context>``, no
assistant filler) before the model sees them, so the model cannot re-extract memories
vecmem itself injected.

The model's answer is parsed leniently — unknown memory types become ``general``,
"long-term"/"permanent" mean ``long_term``, "85%" means 0.85, a bare string is a fact —
because a fact lost to a spelling variant is worse than a normalised one. What stays
strict is the shape: ``{"facts": [...]}`` (or a bare list), validated with one repair.

:func:`select_candidates` then applies the confidence threshold. Every candidate that
survives still goes through the write pipeline, quality filter included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field, field_validator, model_validator

from vecmem.llm import prompts
from vecmem.llm.client import LLMClient, Usage
from vecmem.rules.conversation import clean_messages
from vecmem.rules.extract import DURABILITIES, Candidate, Durability
from vecmem.text import normalize
from vecmem.types import MemoryType

__all__ = ["Candidate", "extract_with_llm", "select_candidates"]

#: Confidence given to a fact the model returned as a bare string (no confidence of its
#: own): the default ``extract_min_confidence``, so it passes a default threshold exactly.
DEFAULT_CONFIDENCE = 0.7

_DURABILITY_ALIASES = {
    "long": "long_term", "longterm": "long_term", "long_term": "long_term",
    "permanent": "long_term", "durable": "long_term", "persistent": "long_term",
    "temporary": "temporary", "temp": "temporary", "short": "temporary",
    "short_term": "temporary", "shortterm": "temporary", "transient": "temporary",
    "reject": "reject", "rejected": "reject", "discard": "reject", "drop": "reject",
    "none": "reject", "ignore": "reject",
}
_TYPES = {t.value: t for t in MemoryType}


class ExtractedFact(BaseModel):
    """One fact as the model states it; lenient on spellings, strict on content."""

    content: str = Field(min_length=1)
    memory_type: str = "general"
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    durability: str = "long_term"
    confidence: float | None = None
    #: Words a later question may use that the fact lacks (``llm_cue_terms``).
    cues: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _content_synonyms(cls, data: Any) -> Any:
        if isinstance(data, dict) and "content" not in data:
            for key in ("text", "fact", "memory"):
                if isinstance(data.get(key), str):
                    return {**data, "content": data[key]}
        return data

    @field_validator("content")
    @classmethod
    def _content_not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("content is blank")
        return v.strip()

    @field_validator("subject", "predicate", "object", mode="before")
    @classmethod
    def _text_or_none(cls, v: Any) -> str | None:
        return None if v is None or (isinstance(v, str) and not v.strip()) else str(v)

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, v: Any) -> float | None:
        return parse_confidence(v)

    @field_validator("cues", mode="before")
    @classmethod
    def _cues(cls, v: Any) -> list[str]:
        # "a, b; c" or ["a", 3, None]: lenient in form, only strings kept.
        if isinstance(v, str):
            v = re.split(r"[,;，；、]", v)
        return [c for c in v if isinstance(c, str)] if isinstance(v, list) else []


class ExtractionResult(BaseModel):
    """``{"facts": [fact | "plain string", ...]}``."""

    facts: list[ExtractedFact | str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _accept_variants(cls, data: Any) -> Any:
        # A bare list, or the list under a synonym some models prefer.
        if isinstance(data, list):
            return {"facts": data}
        if isinstance(data, dict) and "facts" not in data:
            for key in ("memories", "candidates", "items", "results"):
                if isinstance(data.get(key), list):
                    return {"facts": data[key]}
        return data


def parse_confidence(value: Any) -> float | None:
    """0.85, "0.85", "85%" and 85 all mean 0.85; None stays None; anything else outside
    0..1 (1.5, -0.2, "high") is an error rather than a guess."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError("confidence must be a number")
    if isinstance(value, str):
        text = value.strip()
        percent = text.endswith("%")
        try:
            number = float(text.rstrip("%").strip())
        except ValueError:
            raise ValueError(f"confidence {value!r} is not a number") from None
        if percent:
            number /= 100
    elif isinstance(value, int | float):
        number = float(value)
    else:
        raise ValueError(f"confidence {value!r} is not a number")
    if 1 < number <= 100 and number == int(number):  # "85": a percentage without its sign
        number /= 100
    if not 0 <= number <= 1:
        raise ValueError(f"confidence {value!r} is outside 0..1")
    return number


def _durability(value: str) -> Durability:
    key = re.sub(r"[\s-]+", "_", value.strip().lower())
    mapped = _DURABILITY_ALIASES.get(key, _DURABILITY_ALIASES.get(key.replace("_", "")))
    # An unknown durability is treated as long_term: the threshold and the quality filter
    # still stand between it and memory, and dropping it would lose a fact silently.
    return mapped if mapped in DURABILITIES else "long_term"  # type: ignore[return-value]


def _memory_type(value: str) -> MemoryType:
    return _TYPES.get(value.strip().lower().replace("-", "_"), MemoryType.GENERAL)


def to_candidates(
    result: ExtractionResult, *, default_confidence: float = DEFAULT_CONFIDENCE
) -> list[Candidate]:
    """Turn a validated model answer into candidates (blank strings are skipped)."""
    out: list[Candidate] = []
    for fact in result.facts:
        if isinstance(fact, str):
            if fact.strip():
                out.append(Candidate(content=fact.strip(), confidence=default_confidence,
                                     origin="llm"))
            continue
        out.append(Candidate(
            content=fact.content,
            memory_type=_memory_type(fact.memory_type),
            subject=fact.subject,
            predicate=fact.predicate,
            object=fact.object,
            durability=_durability(fact.durability),
            # The model's own confidence is kept, never overwritten (lesson of v1).
            confidence=default_confidence if fact.confidence is None else fact.confidence,
            origin="llm",
            cues=tuple(fact.cues),
        ))
    return out


def extract_with_llm(
    client: LLMClient,
    messages: Iterable[Mapping[str, Any] | str],
    *,
    default_confidence: float = DEFAULT_CONFIDENCE,
    cues: bool = False,
) -> list[Candidate]:
    """Candidates the model finds in ``messages`` (all of them, ``reject`` included).

    Makes no call when nothing is left after the pre-filter. Raises ``LLMError`` (or
    ``CircuitOpenError``) when the endpoint fails; the caller falls back to the rules.
    """
    candidates, _ = extract_with_usage(client, messages, default_confidence=default_confidence,
                                       cues=cues)
    return candidates


def extract_with_usage(
    client: LLMClient,
    messages: Iterable[Mapping[str, Any] | str],
    *,
    default_confidence: float = DEFAULT_CONFIDENCE,
    cues: bool = False,
) -> tuple[list[Candidate], Usage | None]:
    """:func:`extract_with_llm` plus the token usage of the call (None when no call)."""
    turns = clean_messages(messages)
    if not turns:
        return [], None
    result, usage = client.chat_json(prompts.extract_messages(turns, cues=cues),
                                     ExtractionResult)
    return to_candidates(result, default_confidence=default_confidence), usage


def select_candidates(cands: Iterable[Candidate], min_confidence: float) -> list[Candidate]:
    """The candidates that go on to the write pipeline, in order.

    - ``reject`` is dropped, whatever its confidence;
    - anything below ``min_confidence`` is dropped, ``temporary`` or ``long_term`` alike:
      the threshold is the one knob, and a fact the model itself doubts should not
      reach memory;
    - ``long_term`` and ``temporary`` at or above the threshold are kept, with their
      durability and their own confidence (the pipeline stores both);
    - the same fact twice (same normalized text) is kept once, with the higher confidence.
    """
    best: dict[str, Candidate] = {}
    for cand in cands:
        if cand.durability == "reject" or cand.confidence < min_confidence:
            continue
        key = normalize(cand.content).casefold()
        if key not in best or cand.confidence > best[key].confidence:
            best[key] = cand
    return list(best.values())

"""Rule-based extraction of durable facts from conversation turns — no model.

Used when no LLM is configured (the default), so it has to be *precise* rather than
complete: a missed fact costs little, a stored question or half-thought pollutes memory.
So it reads only **user** turns (after the shared pre-filter), skips anything that looks
like a question, and only fires on sentences that *start* with a known pattern after
discourse markers ("对了，", "By the way,") are removed — "如果我喜欢…" or "I no longer
live in…" never match. Each hit is rewritten in the third person, in the language it was
said in: "我住在上海" → "用户住在上海", "my daughter is named Mia" → "The user's daughter
is named Mia".

The rule tables are in :mod:`vecmem.rules.extract_rules`; this module splits turns into
sentences and clauses and hands each to them. :class:`Candidate` is defined here (not in
``llm``) because both extractors return it and
``rules`` must not depend on ``llm``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from vecmem.rules.conversation import clean_messages, split_sentences
from vecmem.rules.extract_rules import RULES, Built, is_question, strip_lead
from vecmem.text import canonicalize, lazy_re, normalize
from vecmem.types import MemoryType, Serializable

Durability = Literal["long_term", "temporary", "reject"]
DURABILITIES: tuple[str, ...] = ("long_term", "temporary", "reject")

#: Confidence of a pattern hit: high enough to pass the default threshold (0.7), below
#: what a careful model gives an explicit statement, so LLM facts win ties in review.
RULE_CONFIDENCE = 0.8


@dataclass(frozen=True, slots=True)
class Candidate(Serializable):
    """One fact proposed for memory by an extractor; it still goes through the pipeline."""

    content: str
    memory_type: MemoryType = MemoryType.GENERAL
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    durability: Durability = "long_term"
    confidence: float = RULE_CONFIDENCE
    #: "rule" or "llm" — becomes part of the write's ``source`` for the audit trail.
    origin: str = "rule"
    #: Index of the message it came from, when known.
    turn_index: int | None = None
    #: Cue terms an LLM extraction gave it (``rules/cues.py``; kept only with
    #: ``llm_cue_terms``).
    cues: tuple[str, ...] = ()


# The subject's contraction is expanded before the verb tables read a sentence.
_CONTRACTION = lazy_re(r"^I'(m|ve|ll|d)\b")  # the subject only: the object keeps its wording
_FILLER_AFTER_AUX = lazy_re(
    r"^(I (?:am|have(?: been)?|was|will)) (?:(?:really|also|just|currently|now|still|finally"
    r"|actually|even|definitely|officially) )+")
_EXPANDED = {"m": "I am", "ve": "I have", "ll": "I will", "d": "I would"}


def extract_sentence(sentence: str) -> Built | None:
    """The first rule that matches one sentence, or None (questions never match)."""
    # Invisible characters, full-width and look-alike letters would hide a fact from the
    # patterns ("I\u200bam a nurse", "Ｉ ａｍ ａ ｎｕｒｓｅ"); spacing is kept as written.
    sentence = canonicalize(sentence, structure=False, mapped=False).text
    if is_question(sentence):
        return None
    body = strip_lead(sentence)
    if not body or is_question(body):
        return None
    body = _CONTRACTION.sub(lambda m: _EXPANDED[m[1]], body)
    # "I am currently reading …" reads as "I am reading …" to the verb tables.
    body = _FILLER_AFTER_AUX.sub(r"\1 ", body)
    for pattern, build in RULES:
        m = pattern.match(body)
        if m:
            built = build(m)
            if built is not None:
                return built
    return None


# "…, and I'm …" / "…，我还…": a new first-person clause starts a new fact.
_CLAUSE = lazy_re(
    r"(?:\s*[,;]\s*(?:and |but |also |plus )?|\s+(?:and|but|plus)\s+)"
    r"(?=(?:I(?:'m|'ve| am| have| work| live| use| moved)?|my)\b)"
    # "我们…" starts a clause too: about the team, so no user rule keeps it
    r"|\s*[，；,;]\s*(?:而且|并且|还有|另外|同时)?(?=我)",
)


# "I work in Python and use dbt": the second verb shares the subject.
_SHARED_SUBJECT = lazy_re(
    r"\s+and\s+(?=(?:use|work|live|have|play|study|own|run|speak|teach)\s)")
# "我是李雷，在字节做后端开发": a clause with no subject after a "我" clause is the user's too.
_ZH_ZERO_SUBJECT = lazy_re(r"[，,]\s*(?=(?:现在|目前|平时)?(?:在|做|当|住在|用|养了|有|喜欢|对|是)"
                              r"[^，,]{2,})")


# "I'm Dana, a data engineer at Shopify": a name, then what the speaker is.
_NAME_THEN_ROLE = lazy_re(r"^(I(?:'m| am) [A-Z][a-z]+(?: [A-Z][a-z]+)?), (an? .+)$")


def split_clauses(sentence: str) -> list[str]:
    """One clause per first-person fact: "my dog is Pixel and I'm allergic to peanuts"
    → "my dog is Pixel", "I'm allergic to peanuts". A name and a verbless "my …" after it
    are one appositive ("Oscar, my guinea pig"), not two clauses."""
    parts: list[str] = []
    for c in _CLAUSE.split(sentence):
        if not c or not c.strip():
            continue
        c = c.strip()
        named = _NAME_THEN_ROLE.match(c.rstrip(".!"))
        if named:
            parts += [named[1], f"I am {named[2]}"]
        elif c.startswith("I "):
            first, *rest = _SHARED_SUBJECT.split(c)
            parts += [first, *(f"I {r}" for r in rest)]
        elif c.startswith("我") and not c.startswith("我们"):
            first, *rest = _ZH_ZERO_SUBJECT.split(c)
            parts += [first, *(f"我{r.strip()}" for r in rest)]
        else:
            parts.append(c)
    out: list[str] = []
    for c in parts:
        if out and _APPOSITIVE.match(c) and re.search(r"(?:^|\s)[A-Z][a-z]+$", out[-1]):
            out[-1] = f"{out[-1]}, {c}"
        else:
            out.append(c)
    return out


_APPOSITIVE = lazy_re(r"^my (?:[\w-]+ ){0,3}[\w-]+[.!]*$(?<!\bis)(?<!\bare)")


def extract_with_rules(
    messages: Iterable[Mapping[str, Any] | str], *, confidence: float = RULE_CONFIDENCE
) -> list[Candidate]:
    """Candidates from the user turns of a conversation, in order, without duplicates."""
    seen: set[str] = set()
    out: list[Candidate] = []
    for turn in clean_messages(messages):
        if turn.role != "user":
            continue
        for line in turn.content.split("\n"):
            for sentence in (c for s in split_sentences(line) for c in split_clauses(s)):
                built = extract_sentence(sentence)
                if built is None:
                    continue
                content, kind, subject, predicate, obj = built
                key = normalize(content).casefold()
                if key in seen:
                    continue
                seen.add(key)
                out.append(Candidate(
                    content=content, memory_type=kind, subject=subject, predicate=predicate,
                    object=obj, durability="long_term", confidence=confidence,
                    origin="rule", turn_index=turn.index,
                ))
    return out

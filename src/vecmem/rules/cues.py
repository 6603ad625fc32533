"""Cue terms: extra words a memory is found by, kept in the keyword index beside the
terms of its text.

An LLM's structured extraction can name, per fact, the words a later question that needs
it may use -- its topic, synonyms, the other language's words ("花生过敏" -> peanut,
allergy, 过敏, 食物) -- which the fact's own words lack. They are stored in the memory's
``meta`` under ``CUES_KEY`` (so a re-derive, ``doctor`` and the consistency check compute
the same index terms) and shown by ``explain`` as matched terms like any other.
:func:`index_terms` is the one definition of what a memory's keyword index holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from vecmem.text import keyword_terms

#: Where a memory's cues live in its ``meta``.
CUES_KEY = "cues"
#: At most this many cues per memory, each at most ``CUE_CHARS`` characters.
MAX_CUES = 12
CUE_CHARS = 40


def clean_cues(values: Iterable[Any] | None) -> list[str]:
    """Cues as stored: strings, stripped, one line, deduplicated (case-insensitive),
    bounded in number and length; anything else is dropped."""
    out: list[str] = []
    seen: set[str] = set()
    for value in values or ():
        if not isinstance(value, str):
            continue
        cue = " ".join(value.split())[:CUE_CHARS].strip()
        if cue and cue.casefold() not in seen:
            seen.add(cue.casefold())
            out.append(cue)
        if len(out) == MAX_CUES:
            break
    return out


def cue_terms(meta: Mapping[str, Any] | None, *, besides: Iterable[str] = ()) -> list[str]:
    """The keyword terms of the cues in ``meta`` that the text's own terms lack."""
    cues = meta.get(CUES_KEY) if isinstance(meta, Mapping) else None
    if not cues:
        return []
    have = set(besides)
    out: list[str] = []
    for cue in clean_cues(cues):
        for term in keyword_terms(cue):
            if term not in have:
                have.add(term)
                out.append(term)
    return out


def index_terms(content: str, meta: Mapping[str, Any] | None = None) -> str:
    """What the keyword index holds for a memory: its text's terms, then its cues'."""
    base = keyword_terms(content)
    return " ".join([*base, *cue_terms(meta, besides=base)])

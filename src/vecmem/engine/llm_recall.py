"""What an LLM adds to recall, both off by default: the query rewrite before search
(``llm_query_rewrite``) and the cue terms an extraction gives a memory
(``llm_cue_terms``; ``rules/cues.py``). ``explain`` notes which matches came from cue
terms, the LLM's or the rule cues every memory gets from its categories.

The rewrite only ever adds words to what is searched: the turn's own text stays in the
query, followed by the model's standalone query and its keywords in both languages, so a
model that answers badly cannot take the turn's own evidence away. A turn without one
content word is not sent (the gate gives it nothing anyway), nor is anything when no LLM
is configured; a failing LLM leaves the query as it was and ``explain`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vecmem.engine import relevance
from vecmem.engine.context import Context
from vecmem.errors import LLMError
from vecmem.rules.cues import clean_cues, cue_sources, plain
from vecmem.types import Explanation, Serializable

#: The searched text is cut here (search refuses queries past 4,000 characters).
MAX_SEARCHED = 2000


@dataclass(frozen=True, slots=True)
class Rewrite(Serializable):
    """What the model made of a query, and what was searched."""

    original: str
    searched: str
    query: str | None = None
    terms: list[str] = field(default_factory=list)
    #: Why the query was searched as it was (the LLM failed), else None.
    error: str | None = None


def rewrite(ctx: Context, query: str) -> Rewrite | None:
    """The rewrite of ``query`` when the setting is on and an LLM is configured."""
    if not ctx.settings.llm_query_rewrite or ctx.llm is None:
        return None
    if relevance.is_small_talk(query) or not relevance.query_terms(query).terms:
        return None
    from vecmem.llm.rewrite import RewriteResult, rewrite_messages

    try:
        result, _ = ctx.llm.chat_json(rewrite_messages(query), RewriteResult)
    except LLMError as exc:
        return Rewrite(query, query, error=f"rewrite failed, searched as written: "
                                           f"{exc.message}")
    asked = " ".join(result.query.split())[:500]
    terms = clean_cues(result.terms)
    extra = [w for w in (asked, *terms) if w and w.casefold() not in query.casefold()]
    searched = " ".join([query, *extra])[:MAX_SEARCHED]
    return Rewrite(query, searched, asked or None, terms)


def cue_notes(ctx: Context, ex: Explanation) -> list[str]:
    """One note per candidate that some query term matched through its cue terms, by
    source: the LLM's cues for the fact, the rule cues of its categories
    (``rules/cues.py``; shown without their mark)."""
    ids = [c.memory_id for c in ex.candidates if ex.matched_terms.get(c.memory_id)]
    if not ids:
        return []
    notes = []
    with ctx.transaction(write=False) as tx:
        for c in ex.candidates:
            if c.memory_id not in ids:
                continue
            sources = cue_sources(c.content, tx.get_memory_meta(c.memory_id))
            via: dict[str, list[str]] = {}
            for t in ex.matched_terms[c.memory_id]:
                if t in sources:
                    via.setdefault(sources[t], []).append(plain(t))
            if via:
                notes.append(f"#{c.memory_id} matched through its cue terms: " + "; ".join(
                    f"{', '.join(terms)} ({source})"
                    for source, terms in sorted(via.items(), key=lambda kv: kv[0] != "LLM")))
    return notes

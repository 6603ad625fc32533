"""Deterministic vetoes on "these two texts state the same fact".

Embeddings blur exactly the details that make two facts different: a number, a negation,
the thing a preference is about. Before a high cosine may call a new fact a duplicate of
an old one, these rules must not object. Pure functions, Chinese and English.
"""

from __future__ import annotations

import re

from vecmem.rules.topics import classify
from vecmem.text import CJK_CHAR, ENGLISH_STOPWORDS, has_cjk, lazy_re, normalize

_NUMBER = lazy_re(r"\d+(?:[.,]\d+)*")
# Negation and polarity markers. A fact and its negation are never the same fact.
_NEG_ZH = lazy_re(r"不|没有|没|别|无需|不要|讨厌|禁止|拒绝|以前|曾经|过去|原来|已经不")
_NEG_EN = lazy_re(
    r"\b(?:not|no|never|don't|doesn't|didn't|isn't|aren't|won't|cannot|can't|without|"
    r"dislikes?|hates?|avoids?|stopped|refuses?|used to|formerly|previously|no longer|"
    r"anymore)\b|n't\b",
    re.IGNORECASE,
)


_LATIN = lazy_re(r"[A-Za-z][A-Za-z0-9_+#.-]*")


def _names(text: str) -> set[str]:
    """Name-like tokens: any Latin word inside Chinese text, and in English text words with
    a capital or a digit (Go, Vue, PostgreSQL, gpt-4o) except a plain sentence opener."""
    cjk = has_cjk(text)
    out: set[str] = set()
    for i, m in enumerate(_LATIN.finditer(text)):
        word = m.group().rstrip(".-")
        if word.casefold() in ENGLISH_STOPWORDS or (len(word) < 2 and not cjk):
            continue
        opener = i == 0 and word[:1].isupper() and word[1:].islower()
        if cjk or (not opener and (any(c.isupper() for c in word) or any(c.isdigit()
                                                                        for c in word))):
            out.add(word.casefold())
    return out


def _names_differ(a: str, b: str) -> bool:
    words_a = {w.casefold() for w in _LATIN.findall(a)}
    words_b = {w.casefold() for w in _LATIN.findall(b)}
    return bool(_names(a) - words_b or _names(b) - words_a)


_CJK_FUNCTION = frozenset(
    "的了是在和与及也都就还把被很更最这那个些我你他她它们吗呢吧啊着过地得之其为以于而或"
)
_WORD = lazy_re(r"[a-z][a-z0-9'+#-]*")


def _content_units(text: str) -> set[str]:
    """Content characters (CJK) and roughly stemmed content words (Latin)."""
    folded = text.casefold()
    units = {c for c in folded if CJK_CHAR.match(c) and c not in _CJK_FUNCTION}
    for word in _WORD.findall(folded):
        if word in ENGLISH_STOPWORDS:
            continue
        units.add(_stem(word))
    return units


def new_units(new: str, old: str) -> set[str]:
    """The content units (``_content_units``) ``new`` has and ``old`` lacks."""
    return _content_units(normalize(new)) - _content_units(normalize(old))


def adds_information(new: str, old: str) -> bool:
    """True when ``new`` says something ``old`` does not (a content character or word
    that ``old`` lacks). Calling such a text a duplicate would drop that part, so the
    pipeline never does: a duplicate may only repeat what is already stored."""
    return bool(new_units(new, old))


def _stem(word: str) -> str:
    """A deliberately small stemmer: enough that "pipelines"/"pipeline" and
    "uses"/"used"/"using" meet, without a dictionary."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    elif len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _substituted(a: str, b: str) -> bool:
    """Each text says something the other does not ("绿茶"/"红茶", "vim"/"emacs"): a changed
    value, not a rephrasing that only adds detail. Embeddings score these 0.97+."""
    ua, ub = _content_units(a), _content_units(b)
    return bool(ua - ub) and bool(ub - ua)


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text))


def _negated(text: str) -> bool:
    return bool(_NEG_ZH.search(text) or _NEG_EN.search(text))


def same_fact_veto(a: str, b: str, *, a_topic: str | None = None,
                   b_topic: str | None = None) -> str | None:
    """Why ``a`` and ``b`` cannot be the same fact, or None when nothing objects.

    Topics default to the deterministic classification of each text.
    """
    na, nb = normalize(a), normalize(b)
    ta = a_topic if a_topic is not None else classify(na).topic_key
    tb = b_topic if b_topic is not None else classify(nb).topic_key
    if ta != tb and (ta or tb):
        return f"different topics ({ta or '-'} / {tb or '-'})"
    if _numbers(na) != _numbers(nb):
        return "different numbers"
    if _negated(na) != _negated(nb):
        return "one is negated"
    if _names_differ(na, nb):
        return "different names"
    if _substituted(na, nb):
        return "each says something the other does not"
    return None

"""Cue terms: extra words a memory is found by, kept in the keyword index beside the
terms of its text. One path for both sources:

* **rule cues**, derived from the memory's text at every write and re-derive: the
  categories it belongs to (``rules/lexicon.py`` ``TOPICS``: allergy, food, medication,
  children, schedule, travel, car, finance, work, ...) name the situations where it
  matters, in both languages. "用户对花生过敏" gets allergy / avoid / food / order /
  restaurant / 饮食 / 点菜 ...; "User picks up Duoduo at 4:30 pm on Thursdays" gets
  schedule / meeting / 日程 / 开会 / kids / 接送 ... A turn that says what the person is
  about to do ("what should I order tonight?") then shares words with the memory it
  needs. They are evidence like any index term, weighted by rarity: a cue shared by many
  memories of the scope is weak evidence, one in 20 % of it none at all (the gate's rule,
  ``engine/relevance.py``), so a category cannot carry an off-topic turn.
* **LLM cues**, which a structured extraction named for the fact (``llm_cue_terms``):
  stored in the memory's ``meta`` under ``CUES_KEY``.

Both derive from what the row holds (its content and meta), so a re-derive, ``doctor``
and the consistency check compute the same index terms, SQLite and PostgreSQL index the
same string, and ``explain`` can say which source a matched term came from
(:func:`cue_sources`). :func:`index_terms` is the one definition of what a memory's
keyword index holds. Rule cues are part of the derivation: changing the topic table is a
``RULES_VERSION`` bump.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from vecmem.text import keyword_terms, lazy_re

#: Where a memory's LLM cues live in its ``meta``.
CUES_KEY = "cues"
#: At most this many LLM cues per memory, each at most ``CUE_CHARS`` characters.
MAX_CUES = 12
CUE_CHARS = 40
#: At most this many categories give a memory rule cues (the ones with most triggers).
MAX_TOPICS = 3
#: Set False to measure without rule cues (benchmarks/recall_tune.py --ablate-cues).
RULES = True
#: Rule cue terms are indexed with this mark in front ("ǂfood", "ǂ饮食"): their own
#: terms, apart from the words of texts. A category cue is on every memory of the
#: category, so its document frequency is the category's size; kept apart, it never makes
#: the plain word "breakfast" or "早饭" common (no evidence) in a scope where many
#: memories are about food, and a query term is searched both ways, each weighed by its
#: own rarity. A letter (Lo) FTS5 keeps inside the token, so the stemmer treats
#: "ǂdishes" as it treats "dishes"; no text that anyone types holds it.
CUE_MARK = "\u01c2"

# A clock time puts a memory in the schedule category ("4:30 pm", "at 7", "八点", "10:00").
_CLOCK = lazy_re(r"(?<![\d.:])\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|(?<![\d.:])\d{1,2}:\d{2}(?![\d:])"
                 r"|\d{1,2}\s?点|(?:早上|上午|中午|下午|晚上|凌晨)[一二三四五六七八九十两]{1,3}点"
                 r"|[一二三四五六七八九十两]{1,3}点[半钟]", re.IGNORECASE)
_LATIN = lazy_re(r"[a-z]+")


def clean_cues(values: Any) -> list[str]:
    """Cues as stored: strings, stripped, one line, deduplicated (case-insensitive),
    bounded in number and length; anything else is dropped."""
    out: list[str] = []
    seen: set[str] = set()
    if isinstance(values, str):  # a hand-written meta: one cue, not one per character
        values = [values]
    elif not isinstance(values, list | tuple):  # {"cues": 42} must not break a re-derive
        values = []
    for value in values:
        if not isinstance(value, str):
            continue
        cue = " ".join(value.split())[:CUE_CHARS].strip()
        if cue and cue.casefold() not in seen:
            seen.add(cue.casefold())
            out.append(cue)
        if len(out) == MAX_CUES:
            break
    return out


@lru_cache(maxsize=1)
def _topics() -> list[tuple[str, frozenset[str], tuple[str, ...], tuple[str, ...],
                            tuple[str, ...]]]:
    """(category, exact English words, English prefixes, Chinese substrings, cues)."""
    from vecmem.rules.lexicon import TOPICS

    out = []
    for name, en, zh, cues in TOPICS:
        exact = frozenset(w for w in en if "*" not in w and "_" not in w)
        prefixes = tuple(w[:-1] for w in en if w.endswith("*"))
        out.append((name, exact, prefixes, zh, cues))
    return out


#: A suffix trigger (``*statin``) needs this many letters before it ("atorvastatin";
#: not "april" for ``*pril``).
SUFFIX_STEM = 2


@lru_cache(maxsize=1)
def _suffixes() -> tuple[tuple[str, int], ...]:
    """(suffix, category order) for every leading-``*`` English trigger."""
    from vecmem.rules.lexicon import TOPICS

    return tuple((w[1:], order) for order, (_, en, _, _) in enumerate(TOPICS)
                 for w in en if w.startswith("*"))


@lru_cache(maxsize=1)
def _phrases() -> dict[str, re.Pattern[str]]:
    """Per category, its English phrase triggers (``work_from_home``) as one pattern; each
    word may take an ending ("works from home", "worked from home")."""
    from vecmem.rules.lexicon import TOPICS

    out = {}
    for name, en, _, _ in TOPICS:
        phrases = [" ".join(re.escape(w) + "(?:s|es|ed|ing)?" for w in p.split("_"))
                   for p in en if "_" in p]
        if phrases:
            out[name] = re.compile(r"\b(?:" + "|".join(phrases) + r")\b")
    return out


#: Set False to match English triggers by the word and its plural only (session 6).
INFLECTIONS = True
_VOWELS = frozenset("aeiou")


def _plural_free(word: str) -> tuple[str, ...]:
    forms = [word]
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return tuple(forms)


def _bases(word: str) -> list[str]:
    """The bases of a regular -ies / -ing / -ed form: "allergies" allergy, "baking" bake,
    "moving" move, "swimming" swim, "cooked" cook. Too short a stem, or one without a
    vowel, is left alone ("bed", "sing", "string")."""
    out = []
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    for end in ("ing", "ed"):
        stem = word[: -len(end)]
        if word.endswith(end) and len(stem) >= 3 and any(c in _VOWELS for c in stem):
            out += [stem, stem + "e"]
            if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
                out.append(stem[:-1])  # swimming -> swim, shopped -> shop
    return out


#: Triggers whose verb is another sense: "booked a hotel" is no book, "parked" no park,
#: "trained" no train, "noted" no notes, "seated" no seat, "lighting" no smart lights,
#: "monitoring" no screen, "pressured" no blood pressure, "caring" / "cared" no car
#: (checked against every -ing / -ed / -ies word of the repo's data sets).
_HOMOGRAPHS = frozenset({"book", "park", "train", "note", "seat", "light", "monitor",
                         "pressure", "car"})


@lru_cache(maxsize=1)
def _exact_triggers() -> frozenset[str]:
    return frozenset(w for _, exact, *_ in _topics() for w in exact)


@lru_cache(maxsize=8192)
def _forms(word: str, inflections: bool = True) -> tuple[str, ...]:
    """The forms of one word of a text that triggers are matched against. A word that is
    itself a trigger is taken as it is ("parking" is a car word, not also "park")."""
    forms = _plural_free(word)
    if inflections and word not in _exact_triggers():
        forms = (*forms, *(b for b in _bases(word) if b not in _HOMOGRAPHS))
    return forms


@lru_cache(maxsize=1)
def _trigger_index() -> tuple[dict[str, list[int]], dict[str, list[int]], tuple[int, ...],
                              dict[str, list[tuple[str, int]]]]:
    """The triggers of every category by what finds them, each listed once per time a
    category names it: exact word -> categories, prefix -> categories (and the prefix
    lengths there are), first character of a Chinese substring -> (substring, category).
    ``topics`` then looks up a text's few words and characters instead of testing every
    trigger of every category against it (the same counts; a search and every write
    call it)."""
    exact: dict[str, list[int]] = {}
    prefix: dict[str, list[int]] = {}
    zh: dict[str, list[tuple[str, int]]] = {}
    for order, (_, words, prefixes, subs, _) in enumerate(_topics()):
        for w in words:
            exact.setdefault(w, []).append(order)
        for p in prefixes:
            prefix.setdefault(p, []).append(order)
        for z in subs:
            zh.setdefault(z[:1], []).append((z, order))
    return exact, prefix, tuple(sorted({len(p) for p in prefix})), zh


def topics(content: str) -> list[str]:
    """The categories ``content`` belongs to, most triggers first (at most MAX_TOPICS).

    A category's count: its exact words among the text's word forms, its prefixes some
    form starts with, its suffixes some form ends with, its Chinese substrings in the
    text, its phrases, and for ``schedule`` a clock time."""
    # NFKC folds full-width letters and digits ("４：３０ ＰＭ"); the canonical form's other
    # steps (markup, invisible characters) cannot change a trigger and cost 10x more.
    text = unicodedata.normalize("NFKC", content).casefold()
    words = {f for w in _LATIN.findall(text) for f in _forms(w, INFLECTIONS)}
    exact, prefix, lengths, zh = _trigger_index()
    count: dict[int, int] = {}
    for w in words:
        for order in exact.get(w, ()):
            count[order] = count.get(order, 0) + 1
    for p in {w[:n] for w in words for n in lengths if len(w) >= n and w[:n] in prefix}:
        for order in prefix[p]:
            count[order] = count.get(order, 0) + 1
    for w in words:
        for suffix, order in _suffixes():
            if w.endswith(suffix) and len(w) - len(suffix) >= SUFFIX_STEM:
                count[order] = count.get(order, 0) + 1
    for first in {"", *text}:  # a substring can only be there if its first character is
        for z, order in zh.get(first, ()):
            if z in text:
                count[order] = count.get(order, 0) + 1
    found: list[tuple[int, int, str]] = []
    phrases = _phrases()
    spaced = " ".join(_LATIN.findall(text)) if phrases else ""
    for order, (name, *_) in enumerate(_topics()):
        n = count.get(order, 0)
        if name in phrases:
            n += len(phrases[name].findall(spaced))
        if name == "schedule" and _CLOCK.search(text):
            n += 1
        if n:
            found.append((-n, order, name))
    return [name for _, _, name in sorted(found)[:MAX_TOPICS]]


def rule_cues(content: str) -> dict[str, list[str]]:
    """category -> its cue words, for the categories of ``content``."""
    if not RULES:
        return {}
    cues = {name: c for name, *_, c in _topics()}
    return {name: list(cues[name]) for name in topics(content)}


@lru_cache(maxsize=64)
def _category_terms(name: str) -> tuple[str, ...]:
    """The marked index terms of one category's cues."""
    words = next(c for n, *_, c in _topics() if n == name)
    return tuple(CUE_MARK + t for t in _new_terms(words, set(), as_query=True))


def cue_terms(meta: Mapping[str, Any] | None, *, besides: Iterable[str] = ()) -> list[str]:
    """The keyword terms of the LLM cues in ``meta`` that ``besides`` lacks."""
    cues = meta.get(CUES_KEY) if isinstance(meta, Mapping) else None
    if not cues:
        return []
    return _new_terms(clean_cues(cues), set(besides))


def _new_terms(words: Iterable[str], have: set[str], *, as_query: bool = False
               ) -> list[str]:
    """The terms of ``words`` not in ``have``; ``as_query``: as a query would search them
    (Chinese as bigrams, no single characters, no stopwords), which is all a rule cue
    needs to be found by and keeps it from inflating the memory's length."""
    out: list[str] = []
    for word in words:
        for term in keyword_terms(word, for_query=as_query):
            if term not in have:
                have.add(term)
                out.append(term)
    return out


def cue_sources(content: str, meta: Mapping[str, Any] | None = None) -> dict[str, str]:
    """Every cue term a memory is indexed with beyond its text -> where it came from
    ("rule: food" for a marked rule cue, "LLM"), in index order."""
    out: dict[str, str] = {}
    if RULES:
        for name in topics(content):
            for term in _category_terms(name):
                out.setdefault(term, f"rule: {name}")
    if isinstance(meta, Mapping) and meta.get(CUES_KEY):
        for term in cue_terms(meta, besides=keyword_terms(content)):
            out[term] = "LLM"
    return out


def plain(term: str) -> str:
    """A term without the rule-cue mark (what ``explain`` shows)."""
    return term[1:] if term.startswith(CUE_MARK) else term


#: Set False to measure without the turn side's categories by their triggers.
TURN_TRIGGERS = True
TURN_TOPICS = 3
BROAD: frozenset[str] = frozenset()


def cue_groups(groups: list[list[str]], tokens: Callable[[str], tuple[str, ...]],
               text: str = "") -> list[list[str]]:
    """For each concept of a query (a term with its translations), marked forms of its
    words that rule cues index: searched as one more concept, weighed by its own rarity.
    One form per category: every memory of a category holds all its cues, so two forms
    of one category ("dinner", "晚饭") would count its memories twice where the gate sums
    a concept's document frequencies. ``tokens`` is the index's tokenizer (so "dishes"
    finds the cue "dish").

    Then the turn side of the bridge by the same triggers a memory is put in a category
    by (``text``, the turn): "Can I have a latte?" names no cue word, but "latte" puts a
    memory in ``drink``, so the turn searches that category's cue mark too (one concept
    per category no cue word of the turn already reached)."""
    known = _known(tokens)
    out = []
    reached: set[str] = set()
    for group in groups:
        chosen: dict[str, str] = {}
        for t in group:
            for category in known.get(tokens(CUE_MARK + t), ()):
                chosen.setdefault(category, CUE_MARK + t)
        if chosen:
            out.append(list(dict.fromkeys(chosen.values())))
            reached.update(chosen)
    if TURN_TRIGGERS and text and RULES:
        keys = _category_keys(tokens)
        for category in topics(text)[:TURN_TOPICS]:
            if category not in reached and category in keys and category not in BROAD:
                out.append([keys[category]])
    return out


#: How much a concept made only of rule-cue marks (a category the turn reaches) weighs in
#: the evidence mass a memory must cover (``relevance.Evidence.coverage``), relative to a
#: concept of the turn's own words. Category evidence is second-stage evidence: a memory
#: of the category gains its full weight, while the memories outside it (most of the
#: candidates, the one sharing the turn's rare word among them) owe only this share of
#: it. At 1.0 every category a turn reaches dilutes the coverage of every other
#: candidate, which is why need -> fact links as extra concepts lost turns on the
#: personas they were not written from (benchmarks/README.md, session 7). Tuned on dev,
#: gate and persona 2 (0.5; 0.0 passed 4.13 memories per dev turn), checked on persona 3.
CONCEPT_SHARE = 0.5


def concept_share(group: list[str]) -> float:
    """The share of its weight a query concept adds to the mass a memory must cover."""
    if group and all(t.startswith(CUE_MARK) for t in group):
        return CONCEPT_SHARE
    return 1.0


def _category_keys(tokens: Callable[[str], tuple[str, ...]]) -> dict[str, str]:
    """Per category, one marked cue term only that category gives (its memories, and no
    others, hold it): what a turn searches for a category it names by a trigger.

    Made once per tokenizer, like ``_known``: recomputed on every search it tokenized
    every cue word of every category (~440 ``keyword_terms`` calls, ~8 ms of an ~11 ms
    search at 100k memories; ``benchmarks/latency_ab.py``)."""
    if tokens in _KEYS:
        return _KEYS[tokens]
    known = _known(tokens)
    out: dict[str, str] = {}
    for name, *_, words in _topics():
        for t in _new_terms(words, set(), as_query=True):
            if known.get(tokens(CUE_MARK + t)) == (name,):
                out[name] = CUE_MARK + t
                break
    _KEYS[tokens] = out
    return out


_KEYS: dict[Callable[[str], tuple[str, ...]], dict[str, str]] = {}


#: Per tokenizer (a bound method: equal and hashed by its object, so one entry each).
_KNOWN: dict[Callable[[str], tuple[str, ...]], dict[tuple[str, ...], tuple[str, ...]]] = {}


def _known(tokens: Callable[[str], tuple[str, ...]]) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Index token of every marked rule cue -> the categories that give it."""
    key = tokens
    if key not in _KNOWN:
        found: dict[tuple[str, ...], list[str]] = {}
        for name, *_, words in _topics():
            for t in _new_terms(words, set(), as_query=True):
                found.setdefault(tokens(CUE_MARK + t), []).append(name)
        _KNOWN[key] = {k: tuple(dict.fromkeys(v)) for k, v in found.items()}
    return _KNOWN[key]


def index_terms(content: str, meta: Mapping[str, Any] | None = None) -> str:
    """What the keyword index holds for a memory: its text's terms, then its cues', then
    the marks of the names it states in both scripts (``rules/names.py``)."""
    from vecmem.rules.names import name_marks

    return " ".join([*keyword_terms(content), *cue_sources(content, meta),
                     *name_marks(content)])

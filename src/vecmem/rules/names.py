"""Chinese names written in Latin letters and back, for cross-language keyword evidence.

A person's store mixes scripts for the same name: "女儿朵朵对虾过敏" next to "User picks up
Duoduo at 4:30"; "Lin Xiao" for 林晓; "Chengdu" for 成都. No embedder bundled here links
them reliably, and no word list can hold every name, but the romanization is regular:
Hanyu Pinyin without tones. So a query term gets its other-script forms:

* a Chinese bigram (朵朵) -> its toneless pinyin as one Latin word (``duoduo``);
* a capitalized Latin word that is two or more pinyin syllables (Duoduo, Chengdu), or two
  adjacent capitalized one-syllable words ("Lin Xiao") -> every pair of *common*
  characters (GB2312 level 1) with those sounds.

Names only: a form must have at least ``MIN_LETTERS`` letters (so 马克 -> "make" and
立刻 -> "like" are not bridged), syllables that are grammatical particles (de, le, me,
ne, ...) are not name syllables, and a Latin word counts only when written capitalized
and not merely because it starts the sentence (unless it is a possessive: "Duoduo's").

Candidates are many; only those some memory of the scope holds are searched (the caller
checks document frequency), so a form counts only when the store itself uses it. English
words that happen to spell pinyin ("China" -> 吃那) can match a Chinese memory that holds
that pair; the evidence is weighted by rarity like any other term. The readings come
from ``vecmem/data/pinyin_gb1.txt`` (the 3,755 characters of GB2312 level 1, derived
from pypinyin's Unihan table; 18 KB, read at first use): a name in rarer characters is
not bridged.
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache
from importlib import resources

from vecmem.text import CJK_CHAR, lazy_re

#: At most this many candidate forms per query term, and names per query (bound the
#: document-frequency lookup: at most MAX_NAMES * MAX_FORMS forms).
MAX_FORMS = 600
MAX_NAMES = 4
#: Shortest romanized name bridged (pinyin of two characters is rarely an English word
#: at this length).
MIN_LETTERS = 5
#: Readings of particles and interjections: not name syllables.
_PARTICLES = frozenset({"a", "o", "e", "de", "le", "me", "ne", "ge", "er", "ma", "ba", "la",
                        "ya"})
_LATIN_WORD = lazy_re(r"(?<![A-Za-z'])([A-Za-z]+)('s)?")
_SENTENCE_START = lazy_re(r"(?:^|[.!?。！？]\s*)$")
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(toneless syllable -> characters read that way, first readings first;
    character -> its readings, the first one first)."""
    syllables: dict[str, list[str]] = {}
    reading: dict[str, list[str]] = {}
    text = resources.files("vecmem").joinpath("data/pinyin_gb1.txt").read_text("utf-8")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        syl, *groups = line.split()
        syllables[syl] = [c for g in groups for c in g]
        for n, g in enumerate(groups):
            for c in g:
                rs = reading.setdefault(c, [])
                rs.insert(0, syl) if n == 0 else rs.append(syl)
    return syllables, reading


def _syllables() -> dict[str, list[str]]:
    return _table()[0]


def _split(word: str) -> list[str] | None:
    """``word`` as a sequence of pinyin syllables (longest first), or None."""
    syl = _syllables()
    longest = max(map(len, syl))

    @cache
    def go(i: int) -> tuple[str, ...] | None:
        if i == len(word):
            return ()
        for n in range(min(longest, len(word) - i), 0, -1):
            if word[i:i + n] in syl:
                rest = go(i + n)
                if rest is not None:
                    return (word[i:i + n], *rest)
        return None

    found = go(0)
    return list(found) if found is not None else None


def romanize(term: str) -> list[str]:
    """A Chinese query bigram in Latin letters: toneless pinyin words, one per reading
    (朵朵 -> duoduo; 成都 -> chengdou, chengdu).
    Its syllables alone are not searched: "fan", "can", "ting" are English words."""
    if not (_HAN.match(term) and len(term) >= 2):
        return []
    reading = _table()[1]
    options = [reading.get(c, []) for c in term]
    if any(not o or o[0] in _PARTICLES for o in options):  # 好的: 的 is a particle
        return []
    forms = []
    for parts in itertools.product(*options):  # 成都: chengdou, chengdu
        out = "".join(parts)
        if len(out) >= MIN_LETTERS and not _PARTICLES.intersection(parts):
            forms.append(out)
    return forms


def han_forms(syllables: list[str]) -> list[str]:
    """Candidate bigrams of common characters for consecutive syllables."""
    syl = _syllables()
    forms: list[str] = []
    for a, b in itertools.pairwise(syllables):
        xs, ys = syl.get(a, []), syl.get(b, [])
        # Diagonal order: pairs of early (first-reading) characters come first.
        pairs = sorted(((i, j) for i in range(len(xs)) for j in range(len(ys))),
                       key=lambda ij: (ij[0] + ij[1], ij[0]))
        forms.extend(xs[i] + ys[j] for i, j in pairs[:MAX_FORMS])
    return list(dict.fromkeys(forms))[:MAX_FORMS]


def latin_names(query: str) -> dict[str, list[str]]:
    """Latin name -> candidate Chinese bigrams: capitalized words of two or more
    syllables, and pairs of adjacent capitalized one-syllable words ("Lin Xiao")."""
    words: list[str | None] = []
    for m in _LATIN_WORD.finditer(query):
        w = m.group(1)
        named = w[:1].isupper() and not w[1:].isupper() and (
            m.group(2) is not None or not _SENTENCE_START.search(query[:m.start()]))
        words.append(w.lower() if named else None)
    out: dict[str, list[str]] = {}
    for i, w in enumerate(words):
        if w is None:
            continue
        parts = _split(w)
        if parts is None or _PARTICLES.intersection(parts):
            continue
        if len(parts) >= 2 and len(w) >= MIN_LETTERS:
            out[w] = han_forms(parts)
        elif len(parts) == 1 and i + 1 < len(words) and words[i + 1]:
            nxt = _split(words[i + 1] or "")
            if nxt is not None and len(nxt) == 1 and nxt[0] not in _PARTICLES:
                out[f"{w} {words[i + 1]}"] = han_forms(parts + nxt)
    return dict(list({k: v for k, v in out.items() if v}.items())[:MAX_NAMES])


def bridge(query: str, terms: list[str]) -> dict[str, list[str]]:
    """query form -> candidate forms in the other script (to be checked against the
    scope's document frequencies by the caller)."""
    out: dict[str, list[str]] = {}
    for t in terms:
        if CJK_CHAR.match(t):
            forms = romanize(t)
            if forms:
                out[t] = list(dict.fromkeys(forms))
    out.update(latin_names(query))
    return out

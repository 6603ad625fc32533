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
from collections.abc import Callable
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


# --- names a memory states in both scripts -----------------------------------------------
#
# Pinyin links 朵朵 and Duoduo, but not 芝麻 and Sesame, 小米 and Millet, or a chosen
# English name (王磊 / Leo): those are pairs only the person can state, and a memory often
# does ("女儿朵朵（Duoduo）", "猫叫芝麻 / Sesame", "Lin Xiao (林晓)", "英文名叫 Leo"). Such a
# memory is indexed with a mark per form (``NAME_MARK`` + form: one term each), so a query
# asks the keyword index once which of its words some memory of the scope states a pair
# for, reads those few memories (at most ``MAX_STATING`` per word, ``MAX_NAMES`` words)
# and searches the other form too. The pair lives in the memory: archive or edit it and
# the pair goes with it; nothing else is stored. Deterministic: the pairs are re-read from
# the text.

#: Marks the indexed form of a name a memory states in both scripts ("ǁ芝麻", "ǁsesame").
NAME_MARK = "\u01c1"
#: Set False to measure without the learned pairs (benchmarks/recall_tune.py).
LEARNED = True
#: Memories read per query word that some memory states a pair for.
MAX_STATING = 5
#: Pairs taken from one memory.
MAX_PAIRS = 4

_HAN_RUN = r"[\u4e00-\u9fff]{2,8}"
#: A name in brackets or after a slash is the whole of it: two or three characters (four
#: or more is a description: "Obsidian（笔记软件）").
_HAN_NAME = r"[\u4e00-\u9fff]{2,3}(?![\u4e00-\u9fff])"
_LATIN_NAME = (r"(?!(?:The|A|An|My|Our|His|Her|Their|This|That)\b)[A-Z][A-Za-z]{1,19}"
               r"(?: [A-Z][A-Za-z]{1,19})?")
_PAIR_PATTERNS = (
    # 朵朵（Duoduo） / 芝麻 (Sesame) / 芝麻 / Sesame
    lazy_re(rf"({_HAN_RUN})\s*(?:[（(]\s*({_LATIN_NAME})\s*[）)]|[/／]\s*({_LATIN_NAME})\b)"),
    # Sesame (芝麻) / Sesame / 芝麻
    lazy_re(rf"\b({_LATIN_NAME})\s*(?:[（(]\s*({_HAN_NAME})\s*[）)]|[/／]\s*({_HAN_NAME}))"),
    # 叫芝麻，英文名 Sesame / 中文名叫林晓 … (the name said with its English/Chinese name)
    lazy_re(rf"({_HAN_RUN})[，,、\s]*(?:英文名|英文名字|English name)(?:叫|是|:|：)?\s*"
            rf"({_LATIN_NAME})\b"),
    lazy_re(rf"\b({_LATIN_NAME})[，,\s]*(?:中文名|中文名字|Chinese name)(?:叫|是|:|：)?\s*"
            rf"({_HAN_NAME})"),
)
#: Words before a Chinese name in the same run ("女儿朵朵", "猫叫芝麻") are not the name:
#: a stated name is the run's last two or three characters.
_ROLE_TAIL = ("叫", "是", "名", "做")


def _han_name(run: str) -> list[str]:
    """The name form at the end of a Chinese run, as a query bigram: 女儿朵朵 -> 朵朵,
    猫叫芝麻 -> 芝麻; 林晓雨 -> 晓雨 (a query for 林晓雨 searches 林晓 and 晓雨)."""
    for cut in _ROLE_TAIL:
        if cut in run[:-1]:
            run = run[run.rindex(cut) + 1:]
    return [run[-2:]] if len(run) >= 2 else []


def stated_pairs(text: str) -> list[tuple[str, str]]:
    """(Chinese form, Latin form) for each name ``text`` states in both scripts; the
    Latin form lower-cased, as the index holds it ("芝麻 (Sesame)" -> ("芝麻", "sesame"))."""
    out: list[tuple[str, str]] = []
    for n, pattern in enumerate(_PAIR_PATTERNS):
        for m in pattern.finditer(text):
            a, b = m.group(1), next(g for g in m.groups()[1:] if g)
            han, latin = (a, b) if n in (0, 2) else (b, a)
            for form in _han_name(han):
                pair = (form, latin.lower())
                if pair not in out and form not in CHINESE_NOT_NAMES:
                    out.append(pair)
    return out[:MAX_PAIRS]


#: Bigrams that end a run before a bracket without being a name (an annotation).
CHINESE_NOT_NAMES = frozenset({"英文", "中文", "简称", "全称", "又名", "别名"})


def name_marks(text: str) -> list[str]:
    """The index terms that record ``text``'s stated pairs: one mark per form."""
    marks: list[str] = []
    for han, latin in stated_pairs(text):
        for form in (han, *latin.split()[:1]) if " " in latin else (han, latin):
            if NAME_MARK + form not in marks:
                marks.append(NAME_MARK + form)
    return marks


def learned(terms: list[str], df_of: Callable[[list[str]], dict[str, int]],
            stating: Callable[[str], list[str]]) -> dict[str, list[str]]:
    """query term -> the other script's forms that memories of the scope state for it.
    ``df_of`` gives document frequencies, ``stating(mark)`` the texts of at most
    ``MAX_STATING`` memories indexed with that mark."""
    if not LEARNED:
        return {}
    wanted = [t for t in dict.fromkeys(terms) if t and " " not in t][:200]
    df = df_of([NAME_MARK + t for t in wanted])
    out: dict[str, list[str]] = {}
    for term in wanted:
        if len(out) == MAX_NAMES or not df.get(NAME_MARK + term):
            continue
        forms: list[str] = []
        for text in stating(NAME_MARK + term)[:MAX_STATING]:
            for han, latin in stated_pairs(text):
                first = latin.split()[0]
                if term == han:
                    forms.extend(latin.split())
                elif term in (latin, first):
                    forms.append(han)
        forms = [f for f in dict.fromkeys(forms) if f != term]
        if forms:
            out[term] = forms
    return out


# -- the names a store gives the user's family and pets (``rules/kin.py``) ----------------
#: Set False to measure without searching a role's learned names (benchmarks).
ROLE_NAMES = True
#: Memories read per role the turn names, to learn the names the scope ties to it: the
#: best keyword matches of the role's words ("User's son 何俊 / Jun He", "儿子小满").
MAX_ROLE_READ = 12
#: At most this many names searched per role.
MAX_ROLE_NAMES = 4


#: A role of someone named ("Melanie's son", "Jun's wife", "阿芳的儿子") is that person's,
#: not the user's; "User's son" and 我们的 / 我家的 are the user's.
_NAMED_OWNER = lazy_re(r"\b(?P<who>[A-Z][\w-]*)['’]s\s+(?:[\w-]+\s+)?[a-z]+|"
                       r"(?<![我咱])(?!我们|咱们|我家|自己|我自)[\u4e00-\u9fff]{2,3}的"
                       r"[\u4e00-\u9fff]{1,3}")
#: Capitalized words before 's that are no one else: the user, contractions, and the
#: user's own roles ("Mum's diagnosis").
_NOT_OWNERS = frozenset({"user", "what", "it", "that", "who", "where", "here", "there",
                         "he", "she", "let", "how", "when", "why", "today", "tonight"})


def _others_removed(text: str) -> str:
    from vecmem.rules import kin

    def drop(m: re.Match[str]) -> str:
        who = m.group("who")
        if who is not None and (who.lower() in _NOT_OWNERS or kin.role_of(who)):
            return m.group(0)
        return " "

    return _NAMED_OWNER.sub(drop, text)


def role_terms(query: str, terms: list[str]) -> dict[str, list[str]]:
    """role -> the query terms naming one of the *user's* roles ("my brother", 老婆, "Mum's";
    not "a mum", "her son": ``kin.roles(turn=True)``; not "Melanie's son":
    ``_NAMED_OWNER``)."""
    from vecmem.rules import kin

    owned = kin.roles(_others_removed(query), turn=True) - {"self"}
    out: dict[str, list[str]] = {}
    if not owned:
        return out
    for term in terms:
        role = kin.role_of(re.sub(r"['’]s$", "", term))
        if role in owned and term not in out.get(role, []):
            out.setdefault(role, []).append(term)
    return out


def role_names(query: str, terms: list[str], read: Callable[[list[str]], list[str]]
               ) -> dict[str, list[str]]:
    """query role term -> the names the scope's memories tie to that role, so a turn that
    says "my son" or 儿子 also finds the memories that say only "Jun" or 小满.

    ``read(words)`` gives the texts of at most ``MAX_ROLE_READ`` memories holding the
    role's words. The names are learned by the kin frames ("User's son Max", "儿子小满",
    "a dog named Kumara") with the forms a memory states in both scripts ("何俊 / Jun
    He" -> jun): nothing is listed per person. Returned names are lower-cased as the
    index holds Latin words; the caller turns them into index terms."""
    if not ROLE_NAMES:
        return {}
    from vecmem.rules import kin

    out: dict[str, list[str]] = {}
    for role, words in role_terms(query, terms).items():
        texts = read(words)[:MAX_ROLE_READ]
        aliases: dict[str, list[str]] = {}
        for text in texts:
            for han, latin in stated_pairs(text):
                for a, b in ((han, latin), (latin, han)):
                    if b not in aliases.setdefault(a, []):
                        aliases[a].append(b)
        learned_kin = kin.learn(texts, aliases)
        found = [n.lower() for n, roles in learned_kin.items()
                 if role in roles and " " not in n]
        found = [n for n in dict.fromkeys(found) if n not in terms][:MAX_ROLE_NAMES]
        if found:
            out[words[0]] = found
    return out


# -- the role a store gives a name the turn uses (the other way round) --------------------
#: Set False to measure without searching the role words of the names a turn uses.
NAME_ROLES = True
#: Memories read per name the turn uses, to learn the role the scope ties to it.
MAX_NAME_READ = 6
_TURN_NAME = lazy_re(r"(?<![\w'’])[A-Z][a-z]+(?=['’]s\b|\b)")


def named_roles(query: str, terms: list[str], read: Callable[[list[str]], list[str]]
                ) -> dict[str, list[str]]:
    """query name term -> the role words the scope's memories tie to that name ("Kevin"
    -> son: "User's son Kevin (邓浩) is 14"; 饺子 -> 猫: "一只橘猫叫饺子"), so a turn that says
    "Kevin" also finds the memory that says only "儿子在 … 读九年级". The mirror of
    :func:`role_names`: the role is learned by the same kin frames from at most
    ``MAX_NAME_READ`` memories holding the name (``read``), and the word is the one a
    memory uses for it ("son", not every child word). Only words the turn writes as a name:
    capitalized Latin words, Chinese name shapes (``turn_need.chinese_names_in``)."""
    if not NAME_ROLES:
        return {}
    from vecmem.rules import kin
    from vecmem.rules.turn_need import chinese_names_in

    shaped = {m.group(0).lower() for m in _TURN_NAME.finditer(query)}
    shaped.update(chinese_names_in(query))
    out: dict[str, list[str]] = {}
    for term in terms:
        name = re.sub(r"['’]s$", "", term)
        if name not in shaped or kin.role_of(name):
            continue
        texts = read([term])[:MAX_NAME_READ]
        aliases: dict[str, list[str]] = {}
        for text in texts:
            for han, latin in stated_pairs(text):
                aliases.setdefault(han, []).append(latin)
                aliases.setdefault(latin, []).append(han)
        roles = kin.learn(texts, aliases).get(name, [])
        words: list[str] = []
        for text in texts:
            for role in roles:
                m = kin.ROLES[role].search(text)
                if m and m.group(0).lower() not in words:
                    words.append(m.group(0).lower())
        if words:
            out[term] = words[:2]
    return out

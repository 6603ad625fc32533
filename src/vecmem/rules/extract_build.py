"""How a rule's match becomes a fact: trimming a value to its clause, the third person, and
one builder per shape of rule (both languages).

A builder turns a match into ``(content, type, subject, predicate, object)`` (:data:`Built`)
or refuses it (``None``): the object checks that keep chatter out — an object that points
back into the conversation, a reaction, a vague or time-only object, the other speaker —
live here, once, for every table (:mod:`extract_rules`, :mod:`extract_passing`,
:mod:`extract_chat`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vecmem.rules.extract_screen import _TAIL, TRANSIENT, ZH_HEARSAY, relative_moment
from vecmem.rules.extract_words import (
    _ADV_EN,
    _DATE_ZH,
    _DATED_EN,
    _FREQ_EN,
    _ROUTINE,
    THE_TASK_EN,
)
from vecmem.text import has_cjk, lazy_re
from vecmem.types import MemoryType

__all__ = ["Builder", "Built"]

Built = tuple[str, MemoryType, str | None, str | None, str | None]
Builder = Callable[[re.Match[str]], Built | None]

_ZH_PARTICLE = lazy_re(r"(?<=\S)\s*(?:了|啦|哦|喔|呀|哈|嘛)+$")
_CUT = lazy_re(
    r"\s*(?:[,，;；]|\s[-–—]+\s|—|因为|所以|但是|不过|可是|\bbecause\b|\bsince\b|\bbut\b"
    r"|\bso that\b|'cause\b|\bcuz\b"
    # "… and haven't looked back", "… and keeps forgetting her pills", "… so New Year's is
    # rough": a second predicate or a consequence after the fact.
    r"|\s+and (?:haven't|hasn't|have not|has not|never|keeps?|still)\b"
    # "… and hoping it'll help": a state of mind after the fact, not part of it.
    r"|\s+and (?:hoping|wishing|thinking|loving|enjoying|wondering|feeling|trying|praying)\b"
    r"|\s+so (?!(?:much|many|far|long|good|well|that|to speak)\b)(?=\S)"
    # A trailing verdict on the fact ("I started surfing five years ago and it's been great").
    r"|\s+and (?:it|that|this)(?:'s| is| was| has| feels)\b).*$",
    re.IGNORECASE,
)
# Objects that only point back into the conversation ("I like that", "我喜欢这个").
_DEICTIC = lazy_re(
    r"^(?:这|那|它|这个|那个|这样|那样|这些|that|this|it|these|those|them|your (?:idea|"
    r"suggestion|answer)|the idea)\b\s*\S{0,12}$",
    re.IGNORECASE,
)


# A cut that fell inside a list of adjectives ("creating a safe, inclusive space"): what
# is left would end on "a safe", a different, truncated fact, so the comma is kept.
_ENDS_ON_MODIFIER = lazy_re(r"\b(?:a|an|the|some|my|our)\s+[a-z]+$", re.IGNORECASE)
_LIST_GOES_ON = lazy_re(
    r"^\s*,\s*(?!(?:and|but|so|or|which|who|where|when|i|we|it|they|he|she|you|that|this|plus"
    r"|too|also|especially|a|an|the|my|some|one|two|three|then|now|just)\b)"
    # A gerund clause ("…, coming up with something") is no adjective ("…, inviting place").
    r"(?![a-z]+ing\s+(?:up|with|out|the|a|an|to|in|on|my|some|down|around|for|and|of|at|it"
    r"|them|me|over|back|through)\b)[a-z]+\s+[a-z]+")


# A Chinese date inside an English plan ("I'm flying to 新加坡 下周三").
_DATE_ZH_RE = lazy_re(rf"(?:{_DATE_ZH})")


def _value(x: str, *, cut: bool = True) -> str | None:
    """Trim an extracted object to its clause; None if nothing meaningful is left."""
    if cut:
        kept = _CUT.sub("", x)  # the cut removes a suffix
        rest = x[len(kept):]
        if _LIST_GOES_ON.match(rest) and _ENDS_ON_MODIFIER.search(kept.strip()):
            # The comma is inside the noun phrase: keep it, cut at the next boundary.
            more = _CUT.sub("", rest.lstrip(" ,"))
            kept = f"{kept.rstrip()}, {more}"
        x = kept
    x = _ZH_PARTICLE.sub("", _TAIL.sub("", x.strip())).strip()
    x = re.sub(r"(?:,?\s+(?:and|or|but|plus))+$", "", x)  # a cut after "… and so they …"
    if not x or _DEICTIC.match(x) or (not has_cjk(x) and len(x) < 2):
        return None
    return x


def _third_person(x: str) -> str:
    """Rewrite the user's own pronouns inside an object ("my answers" → "their answers")."""
    if has_cjk(x):
        # "我们" is the team, not the user; "我妈" is "用户的妈妈" (a relative: "的").
        x = re.sub(r"我(妈|爸)(?!\1)", r"用户的\1\1", x)
        x = re.sub(r"我(?=妈|爸)", "用户的", x)
        return re.sub(r"我(?!们)", "用户", x)
    for first, third in _PRONOUNS_EN:
        x = re.sub(rf"\b{first}(?![\w'])", third, x)
    return x


# Contractions before the bare "I", so "I'm" becomes "they're" and not "they'm".
# The speaker's "we" / "our" is theirs too in the third person ("expecting our first baby",
# "what we're thankful for"); "US" keeps its case and is not "us".
_PRONOUNS_EN = (("I'm", "they're"), ("I am", "they are"), ("I was", "they were"),
                ("I've", "they've"),
                ("I'd", "they'd"), ("I'll", "they'll"), ("I", "they"), ("my", "their"),
                ("me", "them"), ("mine", "theirs"), ("myself", "themselves"),
                ("we're", "they're"), ("we've", "they've"), ("we", "they"), ("our", "their"),
                ("ours", "theirs"), ("us", "them"), ("ourselves", "themselves"))


def _join(head: str, tail: str) -> str:
    """Join a Chinese template and a value, with a space before Latin text for reading."""
    return f"{head} {tail}" if tail[:1].isascii() and tail[:1].isalnum() else head + tail



_LOOKS_LIKE_VALUE = lazy_re(r"[\d_./:-]|\b[A-Z]")

# Short names keep the rule table below readable.
P, E, J, U = (MemoryType.PREFERENCE, MemoryType.ENVIRONMENT, MemoryType.PROJECT,
              MemoryType.USER_FACT)



def _pref_zh(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None:
        return None
    x = _third_person(re.sub(r"^(?:都|请你?|也)+", "", x).replace("请", ""))
    if m.groupdict().get("neg"):
        return _join("用户不喜欢", x), P, "用户", "不喜欢", x
    if m.groupdict().get("habit"):
        return _join("用户习惯", x), U, "用户", "习惯", x
    return "用户偏好：" + x, P, "用户", "偏好", x


def _kv_zh(m: re.Match[str]) -> Built | None:
    k, v = m["k"].strip(), _value(m["v"])
    if v is None or not k:
        return None
    k = f"默认{k}" if m.groupdict().get("default") else k
    return f"{k}：{v}", E, k, "是", v


def _keep_zh(prefix: str, kind: MemoryType, subject: str) -> Builder:
    """Keep the user's own wording after the owner, which is rewritten ("我们的后端…")."""

    def build(m: re.Match[str]) -> Built | None:
        rest = _value(m["rest"])
        if rest is None:
            return None
        obj = _value(m.string[m.end("verb"):]) or rest  # "住在上海" → "上海"
        return prefix + _third_person(rest), kind, subject, m["verb"], obj

    return build


def _unless_hearsay(build: Builder) -> Builder:
    """A relative's rule that refuses their words and what they do this minute."""

    def checked(m: re.Match[str]) -> Built | None:
        after = m.string[m.end("k"):] if m.groupdict().get("k") else m["rest"]
        after = re.sub(r"^(?:的名字|现在|今年|也)+", "", after)
        if ZH_HEARSAY.match(after) or TRANSIENT.search(after):
            return None
        return build(m)

    return checked


def _tool_for_zh(m: re.Match[str]) -> Built | None:
    x = _value(m["x"], cut=False)
    return None if x is None else (_join(f"项目{m['part']}使用", x), J, "项目", "使用", x)


# An object that points at something in the conversation or someone else's thing ("I love
# the smell it adds", "I love his tech", "making this cake") is a reaction, not a
# standing preference of the speaker.
# Case matters: "it" points elsewhere, "IT" is a job.
_POINTS_ELSEWHERE = lazy_re(r"\b(?:[Tt]his(?! (?:week|weekend|month|year|morning|afternoon"
                               r"|evening|summer|winter|spring|fall|autumn|season|semester"
                               r"|[Jj]anuary|[Ff]ebruary|[Mm]arch|[Aa]pril|[Mm]ay|[Jj]une|[Jj]uly"
                               r"|[Aa]ugust|[Ss]eptember|[Oo]ctober|[Nn]ovember|[Dd]ecember)\b)|[Ii]t|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir|[Tt]hem|[Tt]hese"
                               r"|[Tt]hose|[Tt]hat's|[Tt]hat is|if that)\b|^to$")
# "I love the colours / all the yellow leaves / the energy": a definite object is most often
# the thing just shown or described, a reaction; generic places and weather are kept.
_REACTION_OBJECT = lazy_re(
    r"^(?:all )?the (?!(?:ocean|sea|beach|outdoors|mountains|countryside|forest|woods|snow|rain"
    r"|sun|city|water|desert|lake|river)\b)", re.IGNORECASE)


def _en(template: str, kind: MemoryType, subject: str, predicate: str,
        *, value_like: bool = False, concrete: bool = False, reaction: bool = False,
        kin: bool = False) -> Builder:
    def build(m: re.Match[str]) -> Built | None:
        groups = {k: (v or "").strip() for k, v in m.groupdict().items()}
        # A pattern with alternatives fills numbered twins ("x2") of the same group.
        for twin in [k for k in groups if k.endswith("2")]:
            groups[twin[:-1]] = groups[twin[:-1]] or groups[twin]
        groups["adv"] = groups.get("adv", "").lower()
        x = _value(groups.get("x", ""))
        if x is None or (value_like and not _LOOKS_LIKE_VALUE.search(x)):
            return None
        if concrete and _POINTS_ELSEWHERE.search(x):
            return None
        if reaction and _REACTION_OBJECT.match(x):
            return None
        if kin and (relative_moment(f"is {x}") or TRANSIENT.search(x)):
            return None
        groups["x"] = _third_person(x)
        groups["k"] = re.sub(r"^(?:the|our|my)\s+", "", groups.get("k", ""), flags=re.I)
        text = template.format(**groups)
        # Config facts are about their key ("model"); the rest about the user or project.
        who = (groups.get("k") or subject) if subject == "config" else subject
        return text[0].upper() + text[1:], kind, who, predicate, x

    return build


def _r(pattern: str) -> re.Pattern[str]:
    return lazy_re(pattern, re.IGNORECASE)



# Objects that are no fact: only a time ("started a few days ago"), a feeling or a
# thought ("started to feel better", "got to see it"), or nothing concrete.
_NOT_OBJECT_EN = lazy_re(
    r"^(?:(?:a )?(?:few|couple of|couple) \w+ ago|\w+ ago|yesterday|today|last \w+|recently|again"
    # Only when, not what: "started when I was young".
    r"|(?:when|while|after|before|as soon as|once) (?:I|they|we|he|she|it)\b"
    # A gerund of effort alone says nothing of what: "started learning", "began working".
    r"|(?:learning|working|trying|studying|practi[cs]ing|training|looking)[.!]*$"
    r"|to (?:feel|think|realize|wonder|see|hear|know|say|cry|laugh|get|be|do|go|make)\b"
    r"|(?:feeling|thinking|wondering|crying|laughing|seeing|hearing|getting|doing|going)\b"
    r"|for (?:a (?:while|bit|long time)|ages|years|months|weeks|days|some time)$"
    r"|(?:it|that|this|there|so|too|a lot|a ton|lots|so much|the same|one|some|something"
    r"|anything|everything|nothing|into it|out|up|back|off|on|in|over|here|home)$"
    r"|(?:some|new|big|other|many|a few) (?:\w+ ){0,2}(?:things|stuff)\b|.*\b(?:stuff|things)$"
    # Vague: "a project", "something exciting", "a new project lately".
    r"|(?:something|anything)\b|(?:an?|some|my|the)(?: \w+)? (?:project|thing)(?: \w+)?$)",
    re.IGNORECASE,
)

# A capitalised thing one "has" that is an event or a thought, not a possession.
_NOT_OWNED = lazy_re(r"\b(?:call|meeting|session|chat|question|idea|problem|issue|bug|error|class"
                     r"|shift|interview|appointment|deadline|day|week|feeling|point|look|go|try"
                     r"|chance|moment|break|sec|second|minute)s?\b", re.IGNORECASE)
# The other speaker: "I'll send you the photo tomorrow" is chatter, not the user's fact.
_TO_YOU = lazy_re(r"\b(?:you|your|yours|ya|u)\b", re.IGNORECASE)
# How a first-person verb phrase reads in the third person.
_AUX3 = {"am": "is", "have": "has", "was": "was"}
_IRREGULAR3 = {"have": "has", "do": "does", "go": "goes", "be": "is"}
_PAST = lazy_re(r"^(?:\w+ed|got|took|began|grew|was|were|bought|left|quit|lost|became|made"
                   r"|went|had|won|met|built|felt|found|ran|read|saw|sold|spent|taught|wrote"
                   r"|said|put|set|kept|held|told|sent|brought|thought|caught|drove|gave|knew"
                   r"|rode|swam|sang|flew|fell|chose|broke|began|hit|cut)$")


def _third_verb(phrase: str) -> str:
    words = phrase.split(" ") if phrase else []
    if not words:
        return ""
    first = words[0]
    if first in _AUX3:
        words[0] = _AUX3[first]
    elif ((_PAST.match(first) and not first.endswith("eed"))  # "need", "feed": present
          or first in ("will", "would", "can", "could", "may")):
        pass
    elif first in _IRREGULAR3:
        words[0] = _IRREGULAR3[first]
    elif re.search(r"[^aeiou]y$", first):
        words[0] = first[:-1] + "ies"
    elif re.search(r"(?:s|sh|ch|x|z|o)$", first):
        words[0] = first + "es"
    else:
        words[0] = first + "s"
    return " ".join(words)


def _user_en(predicate: str, verbs: str, obj: str, check: str) -> tuple[re.Pattern[str], Builder]:
    """One rule "I <adverbs> <verb phrase> <object>" (contractions are expanded first)."""
    verb = rf"(?P<verb>{verbs}) " if verbs else ""
    pattern = _r(rf"^I (?P<adv>{_ADV_EN}){verb}(?P<x>{obj})$")

    def build(m: re.Match[str]) -> Built | None:
        x = _value(m["x"])
        if x is None or _NOT_OBJECT_EN.match(x) or _TO_YOU.search(x):
            return None
        if _POINTS_ELSEWHERE.search(x):
            return None
        if predicate == "started" and THE_TASK_EN.match(x):
            return None  # "I started the server", "I joined the call": a step of the day
        if check == "dated" and (not (_DATED_EN.search(x) or _DATE_ZH_RE.search(x))
                                 or re.search(r"(?i)\bif\b", x)):
            return None  # a plan needs a date, and one that depends on "if" is none yet
        if check == "routine" and not _ROUTINE.search(x):
            return None
        if check == "owned" and _NOT_OWNED.search(x):
            return None
        # Lower-cased for the tables, but a name inside it keeps its case ("switched from
        # VS Code to").
        verb = " ".join(w if i and w[:1].isupper() else w.lower()
                        for i, w in enumerate((m["verb"] or "").split(" "))) if verbs else ""
        x3 = _third_person(x)
        # "I'm going to visit Tokyo" is a plan; "I'm going to Tokyo" a trip (no verb after).
        to_place = verb == "am going to" and not re.match(r"[a-z]+(?<!the) ", x)
        if check == "dated" and not to_place and (verb.endswith(" to")
                                                  or verb in ("will", "am gonna")):
            return f"The user plans to {x3}", U, "user", predicate, x
        if check == "routine" and not verbs:  # the object starts with the verb: "go running"
            head, _, tail = x3.partition(" ")
            return f"The user {_third_verb(head.lower())} {tail}", U, "user", predicate, x
        adv = " ".join(w for w in m["adv"].lower().split() if re.fullmatch(_FREQ_EN, w))
        text = " ".join(p for p in ("The user", adv, _third_verb(verb), x3) if p)
        return text, U, "user", predicate, x

    return pattern, build


"""A clause grammar for what the rule tables do not list: subject, aspect, predicate.

The tables (:mod:`extract_rules`, :mod:`extract_passing`, :mod:`extract_chat`) read
sentences by their verb phrase ("I work at …", "I'm allergic to …"). Facts said in other
words still have one structure, in English:

    subject  (I | my/our <relative or pet> [<Name>])
    aspect   present simple, which states a habit or a standing relation — not the
             progressive ("I'm debugging"), not the past ("I moved the file"), not a
             modal or a wish
    predicate a verb of doing or having — not of thinking, perceiving, wanting or saying
             ("I think Go is nicer" states an opinion of the minute)
    evidence  the object names something (a capitalised name: a tool, a place, a
             language) or the clause says how often (every morning, on weekends, these
             days); without either, "I write code" says nothing worth keeping

This module reads that structure, once, after every table has refused the clause; the
objects go through the same checks as the tables' (:mod:`extract_build`). A verb that
usually reports a step of a task ("I run the script", "I click Save", "I get a 502")
keeps its clause only with a habit said; a clause about an error never.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_build import (
    _NOT_OBJECT_EN,
    _PAST,
    _POINTS_ELSEWHERE,
    _TO_YOU,
    Built,
    U,
    _third_person,
    _third_verb,
    _value,
)
from vecmem.rules.extract_screen import MOMENT, TRANSIENT, relative_moment
from vecmem.rules.extract_words import _ADV_EN, _DATED_EN, _KIN_MORE_EN, _ROUTINE_EN
from vecmem.text import has_cjk, lazy_re

__all__ = ["clause_fact"]

# Verbs whose present simple states no habit: opinions, perceptions, wishes, speech acts
# and reactions ("I think …", "I see …", "I hope …", "I promise …").
_NEVER_HABIT_WORDS = """
    think believe know guess suppose hope wish mean wonder understand agree disagree
    remember forget bet doubt assume expect promise apologize apologise appreciate love
    like hate enjoy prefer dislike mind care worry feel see hear notice say tell ask
    thank admit realize realise suggest recommend reckon imagine figure gotta wanna
    gonna am was were is are be been have has had do does did don't doesn't didn't will
    would can could should may might must shall won't can't cannot wouldn't shouldn't
    couldn't also just really still even actually never always usually often sometimes
    only mostly mainly generally normally no not hardly barely miss regret fear trust envy
    admire respect value treasure cherish adore owe thank almost nearly barely kinda
"""
# The past of the irregular verbs: an event told, not a habit ("I wore my scarf").
_IRREGULAR_PAST_WORDS = """
    ate awoke bore beat became began bent bet bit bled blew broke brought built burnt bought
    caught chose clung came cost crept dealt dug dove drew dreamt drank drove fed felt fought
    found fled flew forbade forgot forgave froze got gave went ground grew hung heard hid hit
    held hurt kept knelt knew laid led leant leapt learnt left lent let lay lit lost made meant
    met paid proved quit rode rang rose ran said saw sought sold sent set shook shone shot
    showed shrank shut sang sank sat slept slid spoke sped spent spun spat split spread sprang
    stood stole stuck stung stank struck swore swept swam swung took taught tore told thought
    threw understood woke wore wove wept won wound wrote
"""
_IRREGULAR_PAST = frozenset(_IRREGULAR_PAST_WORDS.split())
# Adverbs in -ly that are no verbs ("I absolutely love …", misspelt or not).
_LY_VERBS = frozenset(("apply", "rely", "reply", "fly", "supply", "comply", "multiply", "ally"))
_NEVER_HABIT = frozenset(_NEVER_HABIT_WORDS.split())
# Verbs that most often report one step of the task at hand ("I run the tests and …",
# "I need Docker for this"): a habit only when the clause says how often.
_STEP_WORDS = """
    run click type open close call send add remove delete change update fix check test
    push pull merge commit install build deploy restart reboot paste copy load import
    export upload download print execute launch hit press select enter set get try go
    take make put give let come look find want need start stop leave bring show
    move pass use
"""
_STEP = frozenset(_STEP_WORDS.split())
# How often, or for how long, the clause holds: the habitual aspect said in words.
_HABIT = lazy_re(
    rf"\b(?:{_ROUTINE_EN}|these days|nowadays|for a living|for work|at work|for years|for ages"
    r"|all the time|most days|on the side|by default|full[- ]time|part[- ]time|each way"
    r"|nights|weekends"
    r"|regularly|religiously|whenever (?:I|we) can|as a rule)\b", re.IGNORECASE)
# (Not "only": a focus, not a frequency — "I only need the JSON output".)
_HABIT_ADVERB_WORDS = """
    usually always often mostly mainly generally normally typically sometimes
"""
_HABIT_ADVERB = frozenset(_HABIT_ADVERB_WORDS.split())
_KEPT_ADVERB = _HABIT_ADVERB | {"only"}  # said again in the fact
# A name in the object (not the first word of a sentence): a tool, a place, a language.
_NAMED = lazy_re(r"\b(?!I\b)[A-Z][\w.+#-]*|\b[a-z]+[A-Z]\w*")
# A clause about a failure describes the task, not the person.
_TROUBLE = lazy_re(
    r"\b(?:errors?|exceptions?|crash(?:es|ed)?|fail(?:s|ed|ing)?|broken|bugs?|issues?"
    r"|warnings?|time[sd]? out|timeouts?|traceback|stack trace|\d{3} (?:from|on|when)"
    r"|doesn't work|does not work|won't|stuck)\b", re.IGNORECASE)
# "… and sync them with Syncthing": a second verb phrase after the object, cut before it.
_SECOND_VERB = lazy_re(r"\s+and\s+(?!(?:a|an|the|my|our|some|other|more|I)\b)[a-z]+\s+"
                       r"(?:them|it|him|her|me|up|out|with|to|on|in|the|a|my)\b.*$")
_TIME = lazy_re(r"\b(?:these|those) days\b", re.IGNORECASE)
_OWN = lazy_re(r"\b(?:[Hh]er|[Hh]is|[Tt]heir|[Ii]ts)\b")
_NAME_ALONE = lazy_re(r"^(?-i:[A-Z])[\w.+#-]*(?: (?-i:[A-Z0-9])[\w.+#-]*)*(?:$| (?:for|at|in|on"
                      r"|with|to|and|since|as|from|instead|over|because)\b)")
# An object that points elsewhere or names nothing ("go there", "turn to something").
_VAGUE = lazy_re(r"\b(?:there|here|something|someone|somebody|somewhere|stuff|things|whatever)\b",
                 re.IGNORECASE)
# "plan to visit …", "go to relax": an infinitive says what is meant or why, not a habit
# ("go to the gym" is a place).
_PURPOSE = lazy_re(r"^to (?!(?:the|a|an|my|our|their|his|her|work|school|church|bed|class"
                   r"|college|university|uni|kindergarten|daycare)\b)(?-i:[a-z])", re.IGNORECASE)
_IF = lazy_re(r"\b(?:if|unless|whether|in case)\b", re.IGNORECASE)

_WORD_EN = r"[a-z]+(?:-[a-z]+)?"
_I_HABIT = lazy_re(rf"^I (?P<adv>{_ADV_EN})(?P<v>{_WORD_EN}) (?P<x>.+)$")

# "my mother-in-law", "our rescue greyhound", "my four-year-old", "my older brother".
_KIN_PHRASE = (
    r"(?:(?:older|younger|little|big|baby|twin|oldest|youngest|eldest|middle|rescue|new"
    r"|elderly|step|grand|great-grand)[\s-]?)*"
    rf"(?:(?:{_KIN_MORE_EN}|in-laws|grandparents|parents|parrot|lizard|bearded dragon"
    r"|guinea pig|tortoise)(?:-in-law)?)"
    # The user's team: its conventions are facts of the user's work.
    r"|team|company|group|squad|department|lab|org|office|startup"
)
_KIN_SUBJECT = lazy_re(
    rf"^(?i:my|our) (?P<k>(?i:{_KIN_PHRASE}))(?:,? (?P<n>[A-ZÀ-ÖØ-Þ][^\W\d_'’-]+),?)?"
    rf" (?P<adv>(?i:{_ADV_EN}))(?P<v>[a-z]+) (?P<x>.+)$")


def _habit_object(x: str, verb: str, adv: str, *, own: bool = False) -> str | None:
    """The object of a habitual clause, or None when the clause is no standing fact.
    ``own``: the subject is a relative, whose "her"/"his" point back at them."""
    x = _SECOND_VERB.sub("", x)
    obj = _value(x)
    if obj is None or _NOT_OBJECT_EN.match(obj) or _TO_YOU.search(obj):
        return None
    if _POINTS_ELSEWHERE.search(_TIME.sub("", _OWN.sub("", obj) if own else obj)):
        return None
    if _TROUBLE.search(x) or _IF.search(x) or _VAGUE.search(obj) or _PURPOSE.match(obj):
        return None
    if TRANSIENT.search(x) or MOMENT.search(x) or re.match(r"(?!\w*thing\b)[a-z]+ing\b", obj):
        return None  # "… today", "I keep getting …"
    habit = bool(_HABIT.search(obj)) or any(w in _HABIT_ADVERB for w in adv.lower().split())
    # The present simple with a date to come is a plan on the calendar ("I start at Stripe
    # on Monday", "I fly out on the 14th").
    scheduled = bool(_DATED_EN.search(obj)) and not _PAST_WORDS.search(obj)
    if verb in _STEP and not habit and not scheduled:
        return None
    # A name right after the verb with more object after it is a person, the indirect
    # object ("I owe Mark 20 bucks", "I send Anna the file"); a name alone, before a
    # preposition or further in is a thing of the habit ("speaks Cantonese", "a Tesla").
    named = _NAMED.search(obj, obj.find(" ") + 1 if " " in obj else len(obj))
    if not habit and not scheduled and not (named or _NAME_ALONE.match(obj)):
        return None
    return obj


_PAST_WORDS = lazy_re(r"\b(?:ago|last|yesterday|earlier)\b", re.IGNORECASE)


def _present_verb(verb: str) -> bool:
    past = (_PAST.match(verb) and not verb.endswith("eed")) or verb in _IRREGULAR_PAST
    adverb = re.search(r"l(?:e)?y$", verb) and verb not in _LY_VERBS  # "absolutley"
    return verb not in _NEVER_HABIT and not past and not adverb and not verb.endswith("ing")


def _user_habit(body: str) -> Built | None:
    m = _I_HABIT.match(body)
    if not m:
        return None
    verb = m["v"].lower()
    if not _present_verb(verb):
        return None
    obj = _habit_object(m["x"], verb, m["adv"])
    if obj is None:
        return None
    adv = " ".join(w for w in m["adv"].lower().split() if w in _KEPT_ADVERB)
    text = " ".join(p for p in ("The user", adv, _third_verb(verb), _third_person(obj)) if p)
    return text, U, "user", "habit", obj


# What a relative "is": a role with an article ("a pilot"), not a mood.
_KIN_IS = lazy_re(r"^(?:an?|the) (?:[\w-]+ ){0,3}[\w-]+$", re.IGNORECASE)


def _relative(body: str) -> Built | None:
    m = _KIN_SUBJECT.match(body)
    if not m:
        return None
    kin, name, verb = m["k"].lower(), m["n"], m["v"]
    who = f"The user's {kin}" + (f" {name}" if name else "")
    if verb in ("is", "has"):
        obj = _value(m["x"])
        if obj is None or relative_moment(f"{verb} {obj}") or TRANSIENT.search(m["x"]):
            return None
        if _POINTS_ELSEWHERE.search(obj) or _TO_YOU.search(obj) or MOMENT.search(m["x"]):
            return None
        if verb == "is" and not _KIN_IS.match(obj):
            return None  # "my husband is away", "my son is so into it": no standing fact
        if verb == "has" and not (_NAMED.search(obj) or _HABIT.search(obj)
                                  or re.search(r"\b(?:allerg|diabet|asthma|autis|adhd|epilep"
                                               r"|cancer|disease|syndrome|disorder)",
                                               obj, re.IGNORECASE)):
            return None
        return f"{who} {verb} {_third_person(obj)}", U, "user", "relative", obj
    if not verb.endswith("s") or verb.endswith("ss"):
        return None  # the third person of the present simple: "speaks", "needs", "plays"
    base = re.sub(r"(?:(?<=[sxz])|(?<=[cs]h)|(?<=o))es$|s$", "", verb)
    if verb == "does" and not re.match(r"(?:not|n't)\b", m["x"]):
        base = "practise"  # "does code review every Tuesday": "do" as a lexical verb
    if not _present_verb(base):
        return None
    obj = _habit_object(m["x"], base, m["adv"], own=True)
    if obj is None:
        return None
    adv = " ".join(w for w in m["adv"].lower().split() if w in _KEPT_ADVERB)
    text = " ".join(p for p in (who, adv, verb, _third_person(obj)) if p)
    return text, U, "user", "relative", obj


# Something that gives the speaker a symptom ("penicillin gives me hives", "dairy makes me
# bloated"): a health fact with the cause as subject and the speaker as object.
_CAUSES_ME = lazy_re(
    r"^(?P<s>(?!(?:it|this|that|these|those|he|she|they|you|which|what|who|everything"
    r"|something|anything|nothing|the (?:error|build|bug|code|test))\b)[A-Za-z][\w' -]{1,30}?)"
    r" (?:always |usually |often |sometimes |really )?(?P<v>gives|makes|triggers|causes|upsets)"
    r" (?:me|my) (?P<x>(?:[\w-]+ )?(?:hives|a rash|rashes|migraines?|headaches?|nausea|sick|ill"
    r"|itchy|bloated|dizzy|heartburn|reflux|stomach|cramps|eczema|asthma|nauseous|wheezy"
    r"|breakouts?|acne|insomnia|palpitations|swelling|swollen)\b.*)$", re.IGNORECASE)


def _causes_me(body: str) -> Built | None:
    m = _CAUSES_ME.match(body.rstrip(" .!"))
    if not m or _IF.search(body) or TRANSIENT.search(body):
        return None
    x = _value(m["x"])
    if x is None:
        return None
    subject = m["s"][0].upper() + m["s"][1:]
    text = f"{subject} {m['v'].lower()} the user {_third_person(x)}"
    return text, U, "user", "health", f"{m['s']} {m['v']} {x}"


# Chinese: the speaker's standing activity by structure — 我 + habit adverbs + 在 <place> +
# a verb of working, teaching, making or using + its object ("我在南京做建筑设计", "我在
# Figma 上画稿"), or a topic said first and then how it is always done ("我写东西都用语雀").
_ZH_ADV = r"(?:现在|目前|平时|一般|主要|一直|通常|也|还|都|经常|基本上?)*"
_ZH_PLACE_DO = lazy_re(
    rf"^我{_ZH_ADV}在(?!考虑|想|犹豫|纠结|找|换|准备|申请|担心|等|看|忙|做|弄|写|搞|学|跑|用)"
    r"(?P<place>[^，,。；;！!]{2,14}?)(?:上|里|那边)?\s*"
    rf"{_ZH_ADV}(?P<v>做|当|教|开|负责|研究|带|管|画|写|读|学|练|弹|跳|唱|用)(?P<x>[^，,。；;！!]{{2,20}})$")
_ZH_TOPIC_USE = lazy_re(
    r"^我(?P<topic>[\u4e00-\u9fff]{2,6}?)(?:都|一般|平时|主要|通常|一直|基本)(?:是)?(?:用|在)"
    r"\s*(?P<x>[^，,。；;！!]{2,20})$")
_ZH_NOT_STANDING = lazy_re(r"[了过着]|一下|刚|正在|今天|今晚|明天|昨天|想|要|会|打算|准备|没|不"
                           r"|饭|家务|作业|梦|这个|那个|这些|那些|什么|吗|呢")


def _zh_clause(body: str) -> Built | None:
    body = body.rstrip(" 。.!！")
    m = _ZH_PLACE_DO.match(body) or _ZH_TOPIC_USE.match(body)
    if m is None or _ZH_NOT_STANDING.search(body[1:]):
        return None
    rest = body[1:]
    return "用户" + _third_person(rest), U, "用户", "习惯", m["x"].strip()


def clause_fact(body: str) -> Built | None:
    """What one clause states by its structure (English: subject, present simple, evidence;
    Chinese: 在 + place + a verb of work or use, or a topic and how it is always done), or
    None. Read after every table refused the clause; contractions are expanded."""
    if not body:
        return None
    if has_cjk(body):
        return _zh_clause(body) if body.startswith("我") and not body.startswith("我们") else None
    return _user_habit(body) or _relative(body) or _causes_me(body)

"""Rule-based extraction of durable facts from conversation turns — no model.

Used when no LLM is configured (the default), so it has to be *precise* rather than
complete: a missed fact costs little, a stored question or half-thought pollutes memory.
So it reads only **user** turns (after the shared pre-filter), skips anything that looks
like a question, and only fires on sentences that *start* with a known pattern after
discourse markers ("对了，", "By the way,") are removed — "如果我喜欢…" or "I no longer
live in…" never match. Each hit is rewritten in the third person, in the language it was
said in: "我住在上海" → "用户住在上海", "my daughter is named Mia" → "The user's daughter
is named Mia".

The rule tables are in :mod:`vecmem.rules.extract_rules` (then ``extract_passing``,
``extract_chat``), built from ``extract_words`` (shared vocabulary), ``extract_screen``
(questions, leads, moments) and ``extract_build`` (values, third person, builders); this
module splits turns into sentences and clauses and hands each to them. :class:`Candidate`
is defined here (not in ``llm``) because both extractors return it and ``rules`` must not
depend on ``llm``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from vecmem.rules.conversation import clean_messages, split_sentences
from vecmem.rules.extract_build import Built
from vecmem.rules.extract_casual import casual_form
from vecmem.rules.extract_chat import CHAT_RULES
from vecmem.rules.extract_clause import clause_fact
from vecmem.rules.extract_event import (
    _PAST_TIME_ZH,
    _ZH_LIFE,
    event_fact,
    past_time_last,
    past_time_said_first,
)
from vecmem.rules.extract_passing import _KIN_ZH_MORE, PASSING_RULES
from vecmem.rules.extract_rules import RULES
from vecmem.rules.extract_screen import MOMENT, is_question, strip_lead
from vecmem.rules.extract_words import (
    _DATE_ZH,
    _IDENTITY_EN,
    _JOBS_ZH,
)
from vecmem.text import canonicalize, has_cjk, lazy_re, normalize
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
_CONTRACTION_ONLY = lazy_re(r"^I'(?:ve|d)\b")  # "I've adopted …": the event grammar reads "I"
_EXPANDED = {"m": "I am", "ve": "I have", "ll": "I will", "d": "I would"}
_WE_ARE = lazy_re(r"^we're\b", re.IGNORECASE)


_ALL_RULES = (*RULES, *PASSING_RULES, *CHAT_RULES)
# A sentence that only supposes something states no fact, whatever follows its comma.
_HYPOTHETICAL = lazy_re(
    r"^(?:if|suppose|supposing|imagine|assuming|assume|what if|in case|let's say|say|whether"
    r"|unless|hypothetically|even if|假如|如果|要是|万一|假设|倘若|若是|若|就算|即使|哪怕)\b",
    re.IGNORECASE)
# Where a clause is read piece by piece when no rule matches it whole, or its rule stopped
# at the first piece: "I'm pregnant, due in March" → "I'm pregnant"; "我在 Shopee 做
# SRE，时区 UTC+8" → both; "我平时用 Cursor 写代码，theme 用 dark" → both.
_PIECE = lazy_re(r"\s*(?:[,，;；]|\s[-–—]+\s|—|\s\((?=[^)]*\)))\s*")


# Code-switched kin ("My mom 对青霉素过敏"): the Chinese rules read the relative.
_KIN_EN_ZH = {"mom": "妈妈", "mum": "妈妈", "mother": "妈妈", "dad": "爸爸", "father": "爸爸",
              "wife": "老婆", "husband": "老公", "son": "儿子", "daughter": "女儿",
              "sister": "姐姐", "brother": "哥哥", "kid": "孩子", "kids": "孩子", "boss": "老板",
              "girlfriend": "女朋友", "boyfriend": "男朋友", "partner": "伴侣", "dog": "狗",
              "cat": "猫", "roommate": "室友", "grandma": "奶奶", "grandpa": "爷爷"}
_EN_KIN_THEN_ZH = lazy_re(rf"^my ({'|'.join(_KIN_EN_ZH)})\s*(?=[\u4e00-\u9fff])", re.IGNORECASE)
_MY_THEN_ZH_KIN = lazy_re(r"^my\s*(?=[\u4e00-\u9fff])", re.IGNORECASE)
# "Our backend 是 FastAPI": an English owner, then a Chinese predicate — the team's.
_OUR_THEN_ZH = lazy_re(r"^our\s+(?=[A-Za-z][\w -]{0,20}?\s*(?:是|用|在|跑在|部署在)\s*)",
                       re.IGNORECASE)
_ZH_I_THEN_EN_KIN = lazy_re(rf"^我\s*({'|'.join(_KIN_EN_ZH)})\b\s*", re.IGNORECASE)
# "I'm 王磊": the copula said in English before a Chinese name alone is "我是"; before a
# Chinese predicate ("I'm 在 Singapore 工作") the subject only.
_EN_I_AM_THEN_ZH = lazy_re(r"^I(?:'m| am)\s*(?=[\u4e00-\u9fff]{2,3}(?:[,，.。!！\s]|$))")
_EN_I_THEN_ZH = lazy_re(r"^I(?:'m| am)?\s*(?=[\u4e00-\u9fff])")
# The date first ("下周五我要飞 Tokyo"): the rules read it after the subject.
_ZH_DATE_FIRST = lazy_re(rf"^((?:{_DATE_ZH})(?:\s*[一二三四五六日天])?)\s*[,，]?\s*我(?!们)")
# "下周三 I'm flying to 新加坡": a Chinese date before an English clause is read last.
_ZH_DATE_FIRST_EN = lazy_re(
    rf"^((?:{_DATE_ZH})(?:\s*[一二三四五六日天])?)\s*[,，]?\s*(I\b.+?)[.!。！]*$")
# A past time after the subject ("我上周领养了…") says when, not what: read without it.
_ZH_PAST_AFTER_I = lazy_re(r"^我(?:上周|上个月|去年|前年|前几天|上次|之前|刚刚|刚|最近|今年"
                           r"|前段时间)")


# "我妹妹林娜在西门子工作": a relative, then their name, then what is said of them — read
# without the name, which is put back after the relative in the fact.
_ZH_KIN_NAME = lazy_re(
    rf"^我的?(?P<k>{_KIN_ZH_MORE})(?P<n>(?![在是做有对住喜叫今每也都还不没跟和去从当教学用会已刚最一经平现目常总"
    r"明昨前后上下这那])[\u4e00-\u9fff]{2,3}?)(?=在|是|做|有|对|住|喜欢|叫|今年|每|也|当|教|学|会|跟|和)")
# "我婆婆跟我们一起住", "我妈和我住在一起": a relative who lives with the user.
_ZH_LIVES_WITH = lazy_re(
    rf"^我的?(?P<k>{_KIN_ZH_MORE})(?P<rest>(?:现在|一直|也|常年)?(?:跟|和|与)(?:我们|我)(?:一起)?"
    r"(?:住|生活)(?:在一起)?)[。.!！]*$")


def _match(body: str) -> Built | None:
    body = _ZH_I_DO_DE.sub(r"我是\1", body)
    if (named := _ZH_KIN_NAME.match(body)) is not None:
        built = _match(body[:named.start("n")] + body[named.end("n"):])
        head = f"用户的{named['k']}"
        if built is not None and built[0].startswith(head):
            return (head + named["n"] + built[0][len(head):], *built[1:])
        return built
    if (lives := _ZH_LIVES_WITH.match(body)) is not None:
        rest = lives["rest"].replace("我们", "用户", 1).replace("我", "用户", 1)
        return (f"用户的{lives['k']}{rest}", MemoryType.GENERAL, "用户", "relation", rest)
    body = _EN_KIN_THEN_ZH.sub(lambda m: "我" + _KIN_EN_ZH[m[1].lower()], body)
    body = _MY_THEN_ZH_KIN.sub("我", body)
    body = _OUR_THEN_ZH.sub("我们的", body)
    body = _ZH_I_THEN_EN_KIN.sub(lambda m: "我" + _KIN_EN_ZH[m[1].lower()], body)
    body = _EN_I_AM_THEN_ZH.sub("我是", body)
    body = _EN_I_THEN_ZH.sub("我", body)
    body = _ZH_DATE_FIRST.sub(lambda m: "我" + m[1], body)
    body = _ZH_DATE_FIRST_EN.sub(lambda m: f"{m[2]} {m[1]}", body)
    built = _match_rules(body)
    if built is None and (past := _ZH_PAST_AFTER_I.match(body)):
        built = _match_rules(_ZH_PAST_AFTER_I.sub("我", body))
        when = past[0][1:]
        if built is not None and built[0].startswith("用户") and not built[0].startswith(
                "用户的") and when not in built[0]:
            # The time is the fact's ("用户去年搬到了成都"): the pipeline dates it.
            built = (f"用户{when}{built[0][2:]}", *built[1:])
    # An event of the speaker's life told in the past (rules/extract_event.py).
    if built is None:
        built = event_fact(_CONTRACTION_ONLY.sub("I", body))
    if built is None and (zh := _SUBJECTLESS_ZH.match(body)) and (
            life := _ZH_LIFE.search(body, zh.end())) and life.start() - zh.end() <= 10:
        # "去年从北京搬到了大理": a Chinese chat clause of a life event without its "我".
        built = _match("我" + body)
    if built is None and _SUBJECTLESS.match(body):
        # "Joined a travel club", "Been freelancing for six years": a chat clause in the
        # past or the perfect without its "I" is the speaker's; a base form ("Use pnpm")
        # is an imperative and is not read this way.
        built = _match_rules("I " + ("have " if body[:4].lower() == "been" else "")
                             + body[0].lower() + body[1:])
    return built


# A Chinese clause opening with a past time (and where from), then a verb that changes a
# life: the speaker's when nobody else is named.
_SUBJECTLESS_ZH = lazy_re(rf"^(?:(?:{_PAST_TIME_ZH})\s*)+[,，]?\s*(?![你他她它我])")
# A clause opening with a past form or "been" (after an adverb of time): the speaker's.
_SUBJECTLESS = lazy_re(
    # (Not a noun phrase before its own verb: "Roasted Chicken is one of my favorites".)
    r"^(?![\w-]+(?: [\w-]+){0,2} (?:is|are|was|were|has|have|'s)\b)"
    r"(?:(?:just|recently|finally|also|then|lately|actually)\s+)?(?!(?:embed|shred|need|feed"
    r"|seed|speed|proceed|succeed|exceed|bleed|breed|red|bed|wed|used to)\b)"
    r"(?:[a-z]{2,}[^e\W]ed|[a-z]+ied|been|got|took|went|made|bought|began|became|found|left|met"
    r"|won|ran|wrote|built|sold|taught|flew|drove|gave|spent|grew up|used to)\b",
    re.IGNORECASE)


def _match_rules(body: str) -> Built | None:
    body = _CONTRACTION.sub(lambda m: _EXPANDED[m[1]], body)
    body = _WE_ARE.sub("we are", body)
    # "I am currently reading …" reads as "I am reading …" to the verb tables.
    body = _FILLER_AFTER_AUX.sub(r"\1 ", body)
    for pattern, build in _ALL_RULES:
        m = pattern.match(body)
        if m:
            built = build(m)
            if built is not None:
                return built
    # What no table lists may still have a fact's structure (rules/extract_clause.py).
    return clause_fact(body)


# A date said first ("Next month I start at Microsoft") is the plan's date: read it last,
# where the plan rules look for it, instead of stripping it as a lead.
_DATE_FIRST_EN = lazy_re(
    r"^((?:next|this) (?:week|weekend|month|year|spring|summer|fall|autumn|winter|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday)|tomorrow|in (?:january|february|march|april"
    r"|may|june|july|august|september|october|november|december|\d{4})|on (?:monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday)),?\s+(?=I\b|I'|my\b|we\b)(.+?)([.!]*)$",
    re.IGNORECASE)
# "my sister's getting married": the contraction is "is" before a verb in -ing.
# ("my daughter's wedding is in October": a noun in -ing followed by its verb is the
# relative's occasion, not a verb.)
_KIN_IS_ING = lazy_re(r"^(my [\w-]+)'s (?=[a-z]+ing\b)(?![a-z]+ing (?:is|was|are|will|'s)\b)",
                      re.IGNORECASE)


def _body(sentence: str) -> str | None:
    # Invisible characters, full-width and look-alike letters would hide a fact from the
    # patterns ("I\u200bam a nurse", "Ｉ ａｍ ａ ｎｕｒｓｅ"); spacing is kept as written.
    sentence = canonicalize(sentence, structure=False, mapped=False).text
    sentence = _DATE_FIRST_EN.sub(lambda m: f"{m[2]} {m[1].lower()}{m[3]}", sentence.strip())
    sentence = _KIN_IS_ING.sub(r"\1 is ", sentence.replace("’", "'"))
    if is_question(sentence):
        return None
    # "Last weekend I ran …": the past time is the event's, read after the verb.
    body = strip_lead(past_time_last(sentence))
    if not body or is_question(body) or _HYPOTHETICAL.match(body):
        return None
    return body


def extract_sentence(sentence: str) -> Built | None:
    """The first rule that matches one sentence, or None (questions never match)."""
    body = _body(sentence)
    return None if body is None else _match(body)


def extract_clause(sentence: str, names: dict[str, str] | None = None) -> list[Built]:
    """What one clause states: the rule matching it whole, and what its comma-separated
    pieces the match did not use state one by one (a piece after the first keeps a
    Chinese subject "我"). ``names``: the user's people and pets this turn has named so
    far (name → who they are), read as the subject of a piece that opens with the name."""
    names = {} if names is None else names
    body = _body(sentence)
    if body is None:
        return []
    body = _name_as_subject(body, names)
    built = _match(body)
    if built is not None:
        _learn_names(built[0], names)
    if built is None and (pair := _PAIR.match(body)):
        body = pair[1]  # "my girlfriend and I love …" said nothing of the pair: the user's part
        built = _match(body)
    if built is None and (main := _MAIN_CLAUSE.match(body)):
        # "I'm colorblind so don't describe the charts by colour": the fact is the main
        # clause; the consequence or reason after it is read as a piece of its own below.
        built = _match(main[1])
    pieces = [p.strip(" )") for p in _PIECE.split(body) if p and p.strip(" )")]
    out: list[Built] = [] if built is None else [built]
    # A whole match was cut at its first comma: only the pieces after it are left to read.
    for p in (pieces[1:] if built is not None else pieces) if len(pieces) > 1 else []:
        lead = strip_lead(p)
        if not lead or is_question(lead):
            continue
        if out and _NAME_LIST.match(lead) and _INTRODUCES_MANY.search(out[-1][0]):
            # "we have two cats, Miso and Tofu": the names are the ones just introduced.
            content, *rest = out[-1]
            out[-1] = (f"{content}, {lead.rstrip(' .!')}", *rest)  # type: ignore[assignment]
            kind = _INTRODUCES_MANY.search(content)[1]  # type: ignore[index]
            for n in re.findall(r"[A-Z][a-z]+", lead):
                names.setdefault(n, _singular(kind))
            continue
        lead = _name_as_subject(lead, names)
        if out and _NAMES_IT.match(lead) and _INTRODUCES.search(out[-1][0]):
            # "我领养了一只柴犬，叫豆包": the name is the animal's (or person's) just introduced.
            content, *rest = out[-1]
            out[-1] = (f"{content}，{lead}", *rest)  # type: ignore[assignment]
            continue
        found = _match(lead)
        owner = next((o for o in ("我们", "我") if body.startswith(o)), "")
        owner = owner or ("我" if _EN_I_THEN_ZH.match(body) or _EN_I_AM_THEN_ZH.match(body)
                          else "")
        if found is None and owner and not lead.startswith("我") and not (
                owner == "我" and _NAME_ONLY.match(lead)):
            # "…，叫豆包" / "…，是陪产假" without a subject: no name of the user's. A team
            # word after the user's own clause ("…，团队用 Linear") is the user's team.
            if owner == "我" and _ZH_DO_DE.match(lead):
                lead = "是" + lead  # "…，做平面设计的": what the user does for a living
            found = _match(("我们" if _TEAM_ZH.match(lead) else owner) + lead)
        if found is not None:
            out.append(found)
            _learn_names(found[0], names)
    return out


_TEAM_ZH = lazy_re(r"^(?:团队|组里|组|公司|部门|项目组)")
# "我做平面设计的" (a zero-subject "做…的" after "我是…，"): the 是…的 of a living.
_ZH_I_DO_DE = lazy_re(r"^我((?:做|搞|干|教)[\u4e00-\u9fffA-Za-z ]{2,12}的)(?=[。.!！]*$)")
_ZH_DO_DE = lazy_re(r"^(?:是)?(?:做|搞|干|教|学)[\u4e00-\u9fffA-Za-z ]{2,12}的[。.!！]*$")


# The main clause before a consequence, a reason or a contrast that starts a clause of its
# own ("…, so don't …", "… because …", "…，所以…"). Tables anchored at the sentence's end
# would refuse the whole.
_MAIN_CLAUSE = lazy_re(
    r"^(.{4,}?)(?:,?\s+(?:so|because|since|but|although|though|'cause|cause|which means"
    r"|that's why|so that)\s+|\s*[，,]\s*(?:所以|因为|但是|不过|可是|但|因此)"
    # Code-switched: an English clause, then a Chinese consequence ("I'm vegan 所以…").
    r"|(?<=[A-Za-z])\s*(?:所以|因为|但是|不过|因此))(?=\S)",
    re.IGNORECASE)


# A piece of names only ("Miso and Tofu"), after a fact that introduced several animals or
# children ("The user has two cats").
_NAME_LIST = lazy_re(r"^(?:and )?[A-Z][a-z]+(?:(?:,| and| &|, and) [A-Z][a-z]+)*[.!]*$")
_MANY_KIN = (r"cats|dogs|kittens|puppies|rabbits|birds|parrots|hamsters|horses|kids|children"
             r"|sons|daughters|boys|girls|twins|fish|chickens|guinea pigs")
_INTRODUCES_MANY = lazy_re(rf"\b(?:two|three|four|five|\d+) (?:[\w-]+ )?({_MANY_KIN})"
                           r"(?:, [A-Z][a-z]+(?: and [A-Z][a-z]+)?)*$")
# Where the user's people and pets are named: "The user's sister Lina", "a cat named Tofu".
_NAMED_KIN = lazy_re(r"\bThe user's ([a-z][\w-]*(?: [a-z][\w-]*)?) ([A-Z][a-z]+)\b"
                     r"|\b(?:an? |their )(?:[\w-]+ ){0,2}?([a-z][\w-]*) (?:named|called)"
                     r" ([A-Z][a-z]+)\b")
# A piece that opens with a name the turn introduced, then a verb: "Tofu is on a kidney diet".
_NAME_OPENS = lazy_re(r"^(?:and |but |also )?([A-Z][a-z]+)(?= (?:is|has|was|loves|likes|hates"
                      r"|can't|cannot|doesn't|does not|only|never|works|lives|goes|needs|takes"
                      r"|eats|gets|plays|studies|turned|turns)\b)")


def _singular(word: str) -> str:
    irregular = {"children": "child", "puppies": "puppy", "fish": "fish", "guinea pigs":
                 "guinea pig", "twins": "twin"}
    return irregular.get(word, word[:-1] if word.endswith("s") else word)


def _name_as_subject(clause: str, names: dict[str, str]) -> str:
    """"Tofu is on a kidney diet" → "my cat Tofu is on a kidney diet" when this turn named
    Tofu as the user's cat; other clauses are returned as they are."""
    m = _NAME_OPENS.match(clause)
    if m and m[1] in names:
        return f"my {names[m[1]]} {m[1]}{clause[m.end():]}"
    return clause


def _learn_names(content: str, names: dict[str, str]) -> None:
    for kin, name, kin2, name2 in _NAMED_KIN.findall(content):
        if (name or name2) and (kin or kin2) not in ("name", "names"):
            names.setdefault(name or name2, kin or kin2)


# A piece that only names: "叫豆包", "名字叫 Lucky"; the fact before it introduced what
# it names when it has an animal or a person in it.
_NAMES_IT = lazy_re(r"^(?:名字)?叫\s*\S{1,12}$|^(?:called|named) [A-Z][a-z]+$")
_INTRODUCES = lazy_re(r"(?:养了|领养了|收养了|有|生了)(?:一|两)?(?:只|条|匹)[\u4e00-\u9fff]{1,6}$"
                      r"|(?:只|条|个|位|匹)[\u4e00-\u9fff]{0,4}(?:狗|猫|犬|兔|鸟|鹦鹉|仓鼠|龟|鱼"
                      r"|猪|马|女儿|儿子|孩子|宝宝)"
                      r"|\b(?:an? (?:[\w-]+ ){0,3}(?:dog|cat|puppy|kitten|rabbit|bird|parrot"
                      r"|hamster|horse|daughter|son|baby))$")
_NAME_ONLY = lazy_re(rf"^(?:是|叫)(?!一|个|做|在|从)(?![\u4e00-\u9fff]*(?:{_JOBS_ZH})$)"
                     r"[\u4e00-\u9fff]{1,4}$")


# "…, and I'm …" / "…，我还…": a new first-person clause starts a new fact.
_ASIDE_EN = (r"(?:(?:please )?(?:remember|keep in mind|keeping in mind|bear in mind|don't forget"
             r"|do not forget|note|noting|fyi|btw|by the way|just so you know|as you know)"
             r"(?: that)?,?\s+)?")
_CLAUSE = lazy_re(
    # "…, and remember I …", "… — keep in mind I …": the aside marker goes with the split.
    # (A dash typed against the word before it, "… lately- I took …", is a dash too.)
    rf"(?:\s*[,;:]\s*(?:and |but |also |plus |so )?|\s+[-–—]+\s+|(?<=[a-z])-\s+|—"
    rf"|\s+(?:and|but|plus)\s+)"
    rf"{_ASIDE_EN}"
    r"(?=(?:I(?:'m|'ve| am| have| work| live| use| moved)?|my|we|our)\b"
    # "…, she's vegetarian": a relative named before (resolved in _resolve_pronoun).
    r"|(?:she|he)(?:'s| is| has| can't| cannot| doesn't| does not| works| lives| only| never"
    r"| also| loves| likes| hates| plays| speaks| studies| goes| teaches| needs| uses)\b)"
    r"|[\s,]+(?=(?:since|because|'cause|cause) I(?:'m| am| have| can't| don't)\b)"
    r"|\s+(?:and |but |so )?(?:please )?(?:remember|keep in mind|keeping in mind|bear in mind"
    r"|don't forget|noting)(?: that)?\s+(?=(?:I|my|we|our)\b)"
    # "我们…" starts a clause too: about the team (rules/extract_passing.py)
    r"|\s*[，；,;]\s*(?:而且|并且|还有|另外|同时|注意|记得|别忘了|提醒一下|顺便说一下|顺便|对了"
    r"|毕竟|因为)?(?=我|咱们|[她他](?!们)(?:是|有|不|对|在|叫|也|每|只|今年|\d|[一二三四五六七八九十两]))",
)


# "since I'm lactose intolerant I'm trying out …": a reason, then a run-on "I'm" clause.
_REASON = lazy_re(r"^(?:since|because|cause|'cause|as)\s+(?=I(?:'m| am| have| can't| don't)\b)",
                  re.IGNORECASE)
_RUN_ON_I = lazy_re(r"(?<=[a-z])\s+(?=I'm\b|I am\b)")
# Words after which "I'm" belongs to the clause before ("what I'm doing", "glad I'm here").
_BINDS_NEXT_WORDS = (
    "what that how where when if because since as so and but than who which whether until "
    "while before after think know guess hope feel sure glad happy proud thankful excited "
    "grateful sorry afraid worried say said mean believe realize realized wish")
_BINDS_NEXT = frozenset(_BINDS_NEXT_WORDS.split())


def _run_on(clause: str) -> list[str]:
    """Split "since I'm X I'm Y" into "I'm X", "I'm Y"; other clauses are left whole."""
    if not clause or not _REASON.match(clause.strip()):
        return [clause]
    body = _REASON.sub("", clause.strip())
    out, start = [], 0
    for m in _RUN_ON_I.finditer(body):
        before = body[start:m.start()].split()
        if m.start() > 0 and before and before[-1].casefold() not in _BINDS_NEXT:
            out.append(body[start:m.start()])
            start = m.end()
    return [*out, body[start:]]


# "I work in Python and use dbt": the second verb shares the subject.
_SHARED_SUBJECT = lazy_re(
    r"\s+and\s+(?=(?:use|work|live|have|play|study|own|run|speak|teach)\s)"
    # "I went to a wedding in Goa and then spent a week in Kerala": two events, one subject
    # (a second verb acting on the first's object, "… and printed it", stays with it).
    r"|\s+and\s+(?:then\s+|also\s+)?(?=(?:[a-z]{2,}ed|went|took|ran|had|made|won|got|bought|met"
    r"|spent|began|became|gave|flew|drove|built|wrote|sold|found|left|taught|saw)\s"
    r"(?!(?:it|them|that|this|him|her|me|up|out)\b))")
# "我是李雷，在字节做后端开发": a clause with no subject after a "我" clause is the user's too.
_ZH_ZERO_SUBJECT = lazy_re(r"[，,]\s*(?=(?:现在|目前|平时|也|还|又|都|主要|偶尔|经常)?"
                              r"(?:在|做|当|住在|用|养了|有|喜欢|对|是|不吃|不喝|不能吃|写)[^，,]{1,})")


# "I'm Dana, a data engineer at Shopify": a name, then what the speaker is.
# The role may come without its article in chat ("i'm Priya btw, backend dev at a fintech").
_NAME_THEN_ROLE = lazy_re(
    r"^(I(?:'m| am) [A-Z][a-z]+(?: [A-Z][a-z]+)?)(?: (?:btw|by the way|here|fyi))?, "
    rf"(an? .+|(?:[\w-]+ ){{0,3}}(?:{_IDENTITY_EN})\b.*)$")


def split_clauses(sentence: str) -> list[str]:
    """One clause per first-person fact: "my dog is Pixel and I'm allergic to peanuts"
    → "my dog is Pixel", "I'm allergic to peanuts". A name and a verbless "my …" after it
    are one appositive ("Oscar, my guinea pig"), not two clauses."""
    if _HYPOTHETICAL.match(strip_lead(sentence)):
        return []  # "If I move to Berlin, I'll learn German": nothing is stated yet
    parts: list[str] = []
    raw = [p.strip() for x in _CLAUSE.split(sentence) for p in _run_on(x) if p and p.strip()]
    joined: list[str] = []
    for c in raw:
        # "My husband and I both work from home": one subject of two people, one clause.
        if joined and c.startswith("I ") and _BARE_OWNER.match(joined[-1]):
            joined[-1] = f"{joined[-1]} and {c}"
        else:
            joined.append(c)
    for c in joined:
        if not c.startswith("I ") and _SUBJECTLESS.match(c):
            # "Got a new ride and wrote some new tunes": the subject of a chat clause in the
            # past is the speaker's, and two verbs are two facts, as after "I".
            c = "I " + ("have " if c[:4].lower() == "been" else "") + c[0].lower() + c[1:]
        moved = past_time_last(c) if not c.startswith("I ") else c  # "Last month I got hurt …"
        when = past_time_said_first(c) if moved != c else None
        c = moved
        named = _NAME_THEN_ROLE.match(c.rstrip(".!"))
        if named:
            role = named[2]
            if not re.match(r"(?i)an? ", role):
                role = ("an " if role[:1].lower() in "aeiou" else "a ") + role
            parts += [named[1], f"I am {role}"]
        elif c.startswith("I "):
            first, *rest = _SHARED_SUBJECT.split(c)
            split = [first, *(f"I {r}" for r in rest)]
            if when and len(split) > 1:
                # The time said first is every event's: "I got hurt last month", "I had to …".
                split = [p if when in p else f"{p.rstrip(' .!')} {when}" for p in split]
            parts += split
        elif c.startswith("我") and not c.startswith("我们"):
            first, *rest = _ZH_ZERO_SUBJECT.split(c)
            parts.append(first)
            for r in rest:
                if _NAME_ONLY.match(re.split(r"[，,]", r)[0].strip(" 。.!！")):
                    # "…，是陪产假": the piece names no one, least of all the user
                    parts[-1] = f"{parts[-1]}，{r.strip()}"
                else:
                    parts.append(f"我{r.strip()}")
        else:
            parts.append(c)
    out: list[str] = []
    for c in parts:
        if out and _APPOSITIVE.match(c) and re.search(r"(?:^|\s)[A-Z][a-z]+$", out[-1]):
            out[-1] = f"{out[-1]}, {c}"
        else:
            out.append(c)
    return out


_PAIR = lazy_re(r"^(?:my|our) [\w-]+ and (I .+)$", re.IGNORECASE)
_BARE_OWNER = lazy_re(r"^(?:my|our) [\w-]+$", re.IGNORECASE)
_APPOSITIVE = lazy_re(r"^my (?:[\w-]+ ){0,3}[\w-]+[.!]*$(?<!\bis)(?<!\bare)")


# Someone else's words quoted, or text handed over to work on ('rewrite this: "I am a
# senior engineer…"', '翻译：“我住在北京”'): a quote with a first-person word in it.
_QUOTED = lazy_re(
    r"\"[^\"\n]*\b(?:I|I'm|my|me)\b[^\"\n]*\"|“[^”\n]*(?:\b(?:I|I'm|my|me)\b|我)[^”\n]*”"
    r"|「[^」\n]*我[^」\n]*」|『[^』\n]*我[^』\n]*』|‘[^’\n]*\b(?:I|my|me)\b[^’\n]*’"
    r"|(?<![\w])'[^'\n]*\b(?:I|I'm|my|me)\b[^'\n]*'(?![\w])"
    r"|\"[^\"\n]*我[^\"\n]*\"")
# After a colon that hands over text ("翻译成英文：我是一名老师"), the rest is that text.
_HANDED_OVER = lazy_re(
    r"^(?:please |pls |can you |could you )?(?:translate|rewrite|rephrase|proofread|summari[sz]e"
    r"|polish|edit|fix|correct|reply to|respond to|answer)\b[^:\n]*:"
    r"|(?:翻译|改写|润色|重写|总结|回复|检查|修改|校对)[^：:\n]{0,20}[：:]"
    # Reported speech after a colon: "She said: I live in Ohio", "客户说：我在上海".
    r"|\b(?:he|she|they|someone|somebody|a customer|the customer|a user|the user|my \w+"
    r"|[A-Z][a-z]+) (?:said|says|wrote|writes|asked|told me|replied|texted|messaged|posted)"
    r"[^:\n]{0,30}:|(?:他|她|他们|客户|用户|同事|老板|朋友|网友|有人)[^，,：:\n]{0,6}"
    r"(?:说|问|写道|回复|反馈|留言)[^：:\n]{0,10}[：:]", re.IGNORECASE)
_FENCE = lazy_re(r"```.*?(?:```|\Z)", re.DOTALL)
# A pasted line of code, a log or a config file: nobody's fact.
_CODE_LINE = lazy_re(
    r"^(?:\s{4,}|\t)|^\s*(?:#|//|/\*|--|>>>|\$ |at |File \"|Traceback\b|[A-Za-z_.]+(?:Error"
    r"|Exception|Warning):|def |class |import |from [\w.]+ import|return\b|print\(|console\.|"
    r"[{}\[\]<])|^\s*[A-Za-z_][\w.]*\s*[:=]\s*\S*[=(){}\[\];]|^\s*[A-Z][A-Z0-9_]+=")


# A line that takes back what it said ("…哦不对，是陪产假", "… no wait, I mean …"): which
# part stands is for a reader, not a pattern, so the line gives nothing.
_RETRACTED = lazy_re(r"(?:哦|噢|啊)?不对[，,]|说错了|我说错|\b(?:no wait|scratch that|I meant"
                     r"|correction:)(?=[\s,:])", re.IGNORECASE)


# A list item the user typed ("- I use Neovim", "2. 我不吃辣") is their sentence.
_LIST_MARKER = lazy_re(r"^\s*(?:[-*•·+]|\d{1,2}[.)、])\s+(?=\S)")


def _looks_like_code(line: str) -> bool:
    return bool(_CODE_LINE.search(line))


def _conversational(text: str) -> str:
    """The user's own words in a turn: without fenced code, quoted first-person speech and
    text handed over to be worked on."""
    text = _FENCE.sub("\n", text)
    text = _QUOTED.sub(" «…» ", text)
    return "\n".join(line[: m.start()] if (m := _HANDED_OVER.search(line)) else line
                     for line in text.split("\n"))


_FEMALE_EN = ("wife", "mom", "mum", "mother", "sister", "daughter", "girlfriend", "grandma",
              "grandmother", "aunt", "niece", "fiancee", "stepmom")
_MALE_EN = ("husband", "dad", "father", "brother", "son", "boyfriend", "grandpa", "grandfather",
            "uncle", "nephew", "fiance", "stepdad")
_FEMALE_ZH = ("妈妈", "老妈", "母亲", "老婆", "妻子", "太太", "媳妇", "女儿", "姐姐", "妹妹",
              "奶奶", "外婆", "姥姥", "女朋友", "婆婆", "岳母")
_MALE_ZH = ("爸爸", "老爸", "父亲", "老公", "丈夫", "先生", "儿子", "哥哥", "弟弟", "爷爷", "外公",
            "姥爷", "男朋友", "公公", "岳父")
_NEUTRAL = ("partner", "kid", "child", "baby", "孩子", "宝宝", "小孩")
_KIN_MENTION = lazy_re(
    rf"\bmy (?:[\w-]+ )?({'|'.join(_FEMALE_EN + _MALE_EN + _NEUTRAL[:3])}"
    r"|(?:\w+|\d+)-(?:year|month)-old)\b"
    rf"|我(?:的|家的?|和|跟)?({'|'.join(_FEMALE_ZH + _MALE_ZH + _NEUTRAL[3:])})", re.IGNORECASE)
_PRONOUN_EN = lazy_re(r"^(she|he)(?:'s\b)?", re.IGNORECASE)
_PRONOUN_ZH = lazy_re(r"^([她他])(?!们)")


_PIECES = lazy_re(r"\s*[,，;；]\s*")


def _before_question(sentence: str) -> str:
    """A statement, then a question after a comma ("My best friend lives in Auckland, what
    time is it there?", "我住在北京，附近有什么好吃的？"): the statement's pieces, without
    the question. A sentence that is a question from its start stays one (nothing kept)."""
    if not is_question(sentence):
        return sentence
    pieces = _PIECES.split(sentence)
    kept: list[str] = []
    for p in pieces:
        if is_question(p) or _HYPOTHETICAL.match(strip_lead(p)):
            break
        kept.append(p)
    if not kept or len(kept) == len(pieces):
        return ""
    return "，".join(kept) if has_cjk(kept[0]) else ", ".join(kept)


def _resolve_pronoun(clause: str, kin: list[str]) -> str:
    """Read "she's vegetarian" as "my wife is vegetarian" when the turn named one relative
    of that gender before ("Book a table for my wife and me, she's vegetarian"); the
    clause's own relatives are noted for the clauses after it."""
    out = clause
    m = _PRONOUN_EN.match(clause) or _PRONOUN_ZH.match(clause)
    if m and kin:
        female = m[1].lower() in ("she", "她")
        fits = [k for k in kin if k in _NEUTRAL or k.endswith("-old")
                or (k in (_FEMALE_EN + _FEMALE_ZH)) == female]
        if len(set(fits)) == 1:
            k = fits[-1]
            if has_cjk(k):
                out = "我" + k + clause[1:]
            else:
                rest = clause[m.end():]
                verb = " is" if m[0].endswith("'s") else ""
                out = f"my {k}{verb}{rest}"
    kin.extend(a or b for a, b in _KIN_MENTION.findall(clause))
    return out


def extract_with_rules(
    messages: Iterable[Mapping[str, Any] | str], *, confidence: float = RULE_CONFIDENCE
) -> list[Candidate]:
    """Candidates from the user turns of a conversation, in order, without duplicates."""
    seen: set[str] = set()
    out: list[Candidate] = []
    for turn in clean_messages(messages):
        if turn.role != "user":
            continue
        kin: list[str] = []  # the relatives this turn has named so far, in order
        names: dict[str, str] = {}  # the user's people and pets named so far: name → who
        for raw in _conversational(turn.content).split("\n"):
            if _looks_like_code(raw) or _RETRACTED.search(raw):
                continue
            line = casual_form(_LIST_MARKER.sub("", raw))
            clauses = (_before_question(c) for s in split_sentences(line) for c in split_clauses(s))
            for sentence in (c for c in clauses if c):
                sentence = _resolve_pronoun(sentence, kin)
                for content, kind, subject, predicate, obj in extract_clause(sentence, names):
                    _learn_names(content, names)
                    if MOMENT.search(content):
                        continue
                    key = normalize(content).casefold()
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(Candidate(
                        content=content, memory_type=kind, subject=subject,
                        predicate=predicate, object=obj, durability="long_term",
                        confidence=confidence, origin="rule", turn_index=turn.index,
                    ))
    return out

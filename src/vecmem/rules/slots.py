"""One-value slots by meaning: the slots beyond the families ``topics.py`` keys by label.

A slot is a topic that holds one value at a time (``Classification.single_valued``):
a new value for a filled slot goes to review, the same value is a duplicate. This module
adds what wording alone does not give:

* slots recognised by the *shape of the value*: a time zone ("The user is on Pacific
  time", "用户在东八区"), whatever the verb;
* a named person's relation to the user, whichever way round it is said ("Anna is my
  sister" = "My sister is Anna" = "我姐姐叫安娜"): under ``person.<name>.relation`` —
  "Anna is my cousin" then conflicts, "Maria is my sister" is another person's slot —
  except "my wife is Helen" for relations one has one of at a time (wife, boss, …:
  ``user.wife.name``, a new name conflicts; see ``_ONE_AT_A_TIME``); "my sister is a
  nurse" names no one and fills no slot, and "my sister lives in Paris" is never the
  user's residence;
* embeddings named by what they do ("Embeddings now use X", "用 X 做向量化");
* one key per slot whatever the label's spelling (``canonical``): "default embedding
  model", "vector model" and "嵌入" are ``config.embedding_model``; "chat model",
  "default LLM" and "默认的对话模型" are ``config.default_model``;
* one value per meaning, so a restatement is a duplicate: a language preference's value
  is the language ("answers in Chinese" = "用中文回复"), a relation's is its English word
  (妻子 = 老婆 = wife), a deploy target drops a trailing locative ("AWS 上" = "AWS").

``POLICY`` declares, once, which slots a new value replaces in place (``update``) rather
than sending to review. Pure functions over normalized text; classification only, the
stored content is never rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from vecmem.rules.places import is_place, place_key
from vecmem.rules.slot_forms import plain, theme_value
from vecmem.rules.slot_grammar import SLOT_KEYS, trim_value, words
from vecmem.rules.topic_keys import tech_aspects
from vecmem.text import ascii_word_re, lazy_re
from vecmem.types import Classification, MemoryType

__all__ = ["POLICY", "WORKS_IN", "canonical", "is_zone", "may_fill", "policy_of", "reword",
           "same_value", "scheduled_zone", "slot_fact", "value_key"]

_I = re.IGNORECASE


def _pairs(text: str) -> dict[str, str]:
    """ "a,b=x c=y" → {"a": "x", "b": "x", "c": "y"}."""
    out: dict[str, str] = {}
    for item in text.split():
        keys, value = item.split("=")
        out.update(dict.fromkeys(keys.split(","), value))
    return out


#: What a new value does to a filled slot: ``review`` (the default for every keyed
#: single-valued topic) or ``update`` in place, for slots that are single-valued and
#: low-risk — the agent's own working state, never a fact about a person.
POLICY: dict[str, str] = {"active_context": "update"}


def policy_of(topic_key: str) -> str:
    """``update`` or ``review``: what a new value for the filled slot ``topic_key`` does."""
    return POLICY.get(topic_key, "review")


# --- word order and owners, for classification only --------------------------------------

_REWORD: list[tuple[re.Pattern[str], str]] = [
    # "The agent's default chat model …" / "助手的默认模型…": the model is the agent's anyway
    (lazy_re(r"^(?:the |our |my )?(?:agent|assistant|bot|chatbot|ai|llm|hermes)(?:'s|') "
             r"(?=(?:(?:default|chat|embedding|main|language) )*(?:model|llm|embedding))", _I),
     "The "),
    (lazy_re(r"^(?:智能体|助手|机器人|agent|Agent|AI)(?:的)?"
             r"(?=默认|对话模型|聊天模型|嵌入|向量)"), ""),
    # "billing 项目用 X" -> "项目billing用X": the project family reads the name after 项目
    (lazy_re(r"^(?P<n>[A-Za-z0-9][\w.-]{0,30})项目(?!的?(?:路径|目录|文件夹|位置|仓库|地址|网址"
             r"|主页|文档))"), r"项目\g<n>"),
    # "The billing service has been rewritten in Rust" -> "… is written in Rust"
    (lazy_re(r"^(?P<s>.{2,60}?) (?:has been|have been|was|were|got|is being|is now) "
             r"(?:re-?written|reimplemented|ported|rebuilt) (?:in|to|with) (?P<v>.+)$", _I),
     r"\g<s> is written in \g<v>"),
]


def reword(text: str) -> str:
    """``text`` in the word order the slot families read: the plain forms
    (``slot_forms.plain``), then one pass of the rules here, first rule only."""
    text = plain(text)
    for rx, template in _REWORD:
        m = rx.match(text)
        if m:  # a prefix rule keeps the rest of the text; a whole-text rule has no rest
            return m.expand(template) + text[m.end():]
    return text


# --- time zones, by the shape of the value -------------------------------------------------

_ZONE_NAMES = (
    "pacific|eastern|central|mountain|atlantic|alaska|hawaii|greenwich|british|irish"
    "|central european|eastern european|western european|china|beijing|shanghai|japan|tokyo"
    "|korea|india|indian|singapore|hong kong|taiwan|australian eastern|new zealand|moscow"
)
_ABBR = (
    "PST|PDT|PT|EST|EDT|ET|CST|CDT|MST|MDT|AKST|HST|CET|CEST|EET|EEST|WET|WEST|BST|GMT|UTC"
    "|JST|KST|IST|SGT|HKT|AEST|AEDT|NZST|NZDT|MSK"
)
_TZ = (
    r"(?:(?:UTC|GMT)\s?[+\-−]\s?\d{1,2}(?::?\d{2})?"
    r"|[A-Z][a-z]+(?:_[A-Z][a-z]+)?/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?"
    rf"|(?:{_ZONE_NAMES})(?: standard| daylight| summer)? time(?: ?zone)?"
    rf"|(?-i:{_ABBR})"
    r"|[东西][一二三四五六七八九十]{1,2}区|零时区|中时区|(?:北京|东京|首尔|太平洋|美东|美西|美中"
    r"|格林尼治|伦敦|巴黎|柏林|悉尼|莫斯科)时间)"
)
_TZ_EN = ascii_word_re(
    rf"^(?:(?:the )?user|i)(?: is| am|'m)?(?: now| currently| usually)? (?:on|in|uses|use"
    rf"|using|works in|work in|lives in|live in|keeps|keep) (?:the )?(?P<o>{_TZ})"
    r"(?: time ?zone| time)?(?: now| currently| these days)?$",
    _I,
)
# "I moved from EST to PST", "We switched from UTC+8 to UTC+1": both values are zones
_TZ_FROM = ascii_word_re(
    rf"^(?:(?:the )?user|i|we)(?: have| has)? (?:moved|switched|changed|gone|went)(?: over)? from"
    rf" (?:the )?{_TZ}(?: time ?zone| time)? to (?:the )?(?P<o>{_TZ})(?: time ?zone| time)?$", _I)
_TZ_ZH = ascii_word_re(
    rf"^(?:用户|我)(?:现在|目前|平时|一般)?(?:在|用|使用|处于|位于|按|按照|采用)(?P<o>{_TZ})"
    r"(?:时区|的时区|时间)?(?:工作|生活|作息)?$",
    _I,
)


_ZONE_VALUE = ascii_word_re(rf"^(?:the )?(?:{_TZ})(?: time ?zone| time| hours)?$", _I)


def is_zone(value: str) -> bool:
    """Whether ``value`` is a time zone by its shape ("UTC+8", "Tokyo time", "东九区")."""
    return bool(_ZONE_VALUE.match(" ".join(value.split()).strip(" .,;")))


#: "用户现在按纽约时间作息", "我过新加坡时间": a city's time, the city by what it is (``is_place``).
_TZ_ZH_CITY = lazy_re(r"^(?:用户|我)(?:现在|目前|平时|一般|一直)?"
                      r"(?:在|用|使用|按|按照|采用|过|跟着)"
                      r"(?P<o>[\u4e00-\u9fff]{2,5}?)时间(?:工作|生活|作息|上班|来)?$")


#: "以后按东京时间给我排会议", "Schedule my meetings in Tokyo time": the user's own calendar
#: kept by a zone is the user's zone (a meeting's time said once is not: "the standup is at
#: 9am Beijing time").
_TZ_SCHEDULE = [
    lazy_re(r"^(?:以后|今后|从现在起|往后)?(?:都)?(?:按|按照|用)(?P<o>[\u4e00-\u9fff]{2,5}?|UTC[+-]\d{1,2}"
            r"|[东西][一二三四五六七八九十]{1,2}区)(?:时间|时区)?(?:给|帮|替)我(?:排|安排|约|定|算)"),
    ascii_word_re(r"^(?:please |from now on,? |going forward,? )*(?:schedule|book|plan|put)"
                  r" (?:all )?my (?:meetings|calls|calendar|appointments) (?:in|on|by) "
                  rf"(?:the )?(?P<o>{_TZ})(?: time ?zone| time)?(?: from now on| please)*$", _I),
]


def scheduled_zone(text: str) -> Classification | None:
    """The user's time zone, when ``text`` asks for the user's calendar to be kept by it
    (``_TZ_SCHEDULE``); read before the preference families, which would take the
    request as a preference of its own."""
    m = next((found for rx in _TZ_SCHEDULE if (found := rx.match(text))), None)
    if m is None or not (is_zone(m["o"]) or is_place(m["o"])):
        return None
    return Classification(MemoryType.USER_FACT, "user.timezone", "user", "timezone", m["o"])


def _timezone(text: str) -> Classification | None:
    m = _TZ_EN.match(text) or _TZ_ZH.match(text) or _TZ_FROM.match(text)
    if not m and (city := _TZ_ZH_CITY.match(text)) and is_place(city["o"]):
        m = city
    if not m:
        return scheduled_zone(text)
    return Classification(MemoryType.USER_FACT, "user.timezone", "user", "timezone",
                          m.group("o"))


_ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十", start=0)}
_OFFSET = ascii_word_re(r"^(?:UTC|GMT)\s?(?P<sign>[+\-−])\s?(?P<h>\d{1,2})(?::?(?P<m>\d{2}))?$", _I)
_ZH_ZONE = lazy_re(r"^(?P<side>[东西])(?P<n>[一二三四五六七八九十]{1,2})区$")


def _zone_offset(value: str) -> str:
    """One spelling per fixed offset: "东八区" = "GMT+8" = "UTC +08:00" = "UTC+8". Named
    zones keep their name (a city's or a region's time is not an offset: it moves with
    daylight saving, and two cities on one offset are two places)."""
    v = " ".join(value.split())
    if m := _OFFSET.match(v):
        sign = "-" if m["sign"] in "-−" else "+"
        minutes = f":{m['m']}" if m["m"] and m["m"] != "00" else ""
        return f"UTC{sign}{int(m['h'])}{minutes}"
    if m := _ZH_ZONE.match(v):
        digits = [_ZH_DIGITS[c] for c in m["n"]]
        n = digits[0] if len(digits) == 1 else (10 + digits[1] if digits[0] == 10 else 0)
        if 0 < n <= 12:
            return f"UTC{'+' if m['side'] == '东' else '-'}{n}"
    if v in ("零时区", "中时区"):
        return "UTC+0"
    return value


#: "Pacific Standard Time zone" and "Pacific time" are one value, so is "北京时间" / "北京".
_ZONE_TAIL = ascii_word_re(r"(?:\s*(?:standard|daylight|summer))?\s*(?:time ?zone|time|zone)$"
                           r"|(?<=\S)(?:时区|时间)$", _I)


# --- a named person's relation to the user -------------------------------------------------

_EN_REL = {
    **{w: w for w in words(
        "sister brother mother father wife husband partner spouse son daughter child cousin "
        "uncle aunt nephew niece grandmother grandfather girlfriend boyfriend fiancee fiance "
        "friend colleague teammate manager boss landlord neighbor roommate classmate mentor "
        "doctor therapist dentist lawyer accountant assistant tutor student mentee stepmother "
        "stepfather stepson stepdaughter godmother godfather goddaughter godson "
        "brother-in-law sister-in-law mother-in-law father-in-law son-in-law "
        "daughter-in-law ex-wife ex-husband")},
    **_pairs("mom,mum=mother dad=father grandma=grandmother grandpa=grandfather "
             "coworker,co-worker=colleague neighbour=neighbor flatmate=roommate kid=child "
             "fiancée=fiancee ex=ex-partner landlady=landlord supervisor=boss"),
    "direct report": "direct-report", "line manager": "manager",
    "best friend": "best-friend",
    # a kind of partner or friend is its own relation ("business partner" is no spouse)
    **{f"{kind} {rel}": f"{kind}-{rel}" for kind in ("business", "life", "work", "childhood",
                                                     "school", "close", "old")
       for rel in ("partner", "friend")},
}
_ZH_REL = _pairs(
    "姐姐,妹妹,姐妹=sister 哥哥,弟弟,兄弟=brother 妈妈,母亲,老妈=mother 爸爸,父亲,老爸=father "
    "妻子,老婆,太太,媳妇=wife 丈夫,老公,先生=husband "
    "表哥,表姐,表弟,表妹,堂哥,堂姐,堂弟,堂妹=cousin "
    "叔叔,舅舅,伯伯,伯父,姑父,姨父=uncle 阿姨,姑姑,姨妈,婶婶,舅妈,伯母=aunt "
    "爷爷,外公,祖父,姥爷=grandfather 奶奶,外婆,祖母,姥姥=grandmother 老板,领导,上司=boss "
    "同事=colleague 好朋友,最好的朋友,闺蜜,死党=best-friend 姐夫,妹夫,大舅子,小舅子=brother-in-law "
    "嫂子,弟妹,小姨子=sister-in-law 岳父,公公=father-in-law 岳母,婆婆=mother-in-law "
    "儿子=son 女儿=daughter 孩子=child 朋友=friend 伴侣=partner 爱人=spouse 女朋友=girlfriend "
    "男朋友,男友=boyfriend 女友=girlfriend 前妻=ex-wife 前夫=ex-husband 未婚妻=fiancee "
    "未婚夫=fiance 经理=manager 直属上司,直属领导,顶头上司,上级=boss 下属,手下=direct-report "
    "室友=roommate 邻居=neighbor "
    "同学,大学同学,高中同学=classmate 导师=mentor 医生=doctor 律师=lawyer 队友=teammate "
    "房东=landlord 侄子,外甥=nephew 侄女,外甥女=niece "
    # session 17: a mentee, and English relation words said inside Chinese ("是我的 mentee")
    "徒弟,学徒,带的新人,mentee=mentee mentor=mentor manager=manager roommate=roommate "
    "boss=boss"
)


#: Kin that Chinese tells apart and English lumps together: 表妹 (a mother's side cousin) is
#: not 堂妹, 姐姐 is not 妹妹, 舅舅 is not 叔叔. Their value keeps the Chinese term after the
#: English word ("cousin:表妹"), so "小红其实是我的堂妹" changes "小红是我的表妹" (one
#: spelling per meaning: 伯父 = 伯伯, 祖父 = 爷爷, 姥姥 = 外婆).
_ZH_EXACT = {**{w: w for w in words(
    "姐姐 妹妹 哥哥 弟弟 表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹 叔叔 舅舅 伯伯 姑父 "
    "姨父 阿姨 姑姑 姨妈 婶婶 舅妈 伯母 爷爷 外公 奶奶 外婆 姐夫 妹夫 嫂子 弟妹 小姨子 "
    "岳父 公公 岳母 婆婆 侄子 外甥 侄女 外甥女 大舅子 小舅子")},
    **_pairs("伯父=伯伯 祖父=爷爷 姥爷=外公 祖母=奶奶 姥姥=外婆")}


def _alt(words: Iterable[str]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_NOT_NAMES = frozenset(words(
    "the this that he she it they we i you my our his her their who what user someone "
    "nobody everyone there here 这 那 这位 那位 他 她 它 谁 用户 我 你 这个 那个"))
# A name: capitalised words (case-sensitive, so "my sister" is never a name) or a short
# CJK name; the relation comes straight after "my"/"the user's" and ends the sentence, so
# "Anna is my friend's sister" and "my sister lives in Paris" are not relations.
_NAME_EN = r"(?-i:[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})|[\u4e00-\u9fff]{1,4}"
_MOD_EN = (r"(?:(?P<mod>older|younger|little|big|elder|baby|twin|new|current|former|first"
           r"|second)\s)?")
_REL_EN = rf"(?P<rel>{_alt(_EN_REL)})"
_OWNER_EN = r"(?:the user's|my|the user’s)"
_ZH_MOD = r"(?P<mod>亲|大|小|二|前|新)?"
_ZH_REL_ALT = _alt(_ZH_REL)
# A CJK name is the shortest run before the verb: "阿杰已经成了…" names 阿杰 (a filler word
# — 已经, 其实, 现在 — is never part of it).
_ZH_NAME = (r"(?:(?!已经|其实|现在|也是|早就|终于|实际上)[\u4e00-\u9fff]){1,4}"
            r"|[A-Za-z][\w.-]{0,20}(?: [A-Z][\w.-]*)?")
# After the relation a Latin name is capitalised ("我老婆是 Anna", not "… product manager").
_ZH_NAME_AFTER = r"[\u4e00-\u9fff]{1,4}|(?-i:[A-Z][\w.-]{0,20}(?: [A-Z][\w.-]*)?)"
#: Both word orders in both languages, each with its relation table: "Anna is my
#: sister" / "My sister is Anna" / "The user's wife is named Sam"; "安娜是我姐姐" /
#: "我姐姐是安娜" / "用户的姐姐叫安娜".
_PERSON = [
    (ascii_word_re(rf"^(?P<name>{_NAME_EN}) (?:is|became|has become|'s become|turned into)"
                   rf" (?:actually |now |also |still )?{_OWNER_EN} "
                   rf"{_MOD_EN}{_REL_EN}$", _I), _EN_REL),
    (ascii_word_re(rf"^{_OWNER_EN} {_MOD_EN}{_REL_EN}(?:'s name is|’s name is| is named"
                   r"| is called| is(?P<bare>)) (?:now |actually )?"
                   r"(?P<name>(?-i:[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}))$", _I), _EN_REL),
    # "Tobias is a coworker of the user", "Anna is a friend of mine": the relation, then whose
    (ascii_word_re(rf"^(?P<name>{_NAME_EN}) is (?:now |actually |also |still )?(?:an? |the )"
                   rf"{_MOD_EN}{_REL_EN} of (?:the user|mine)$", _I), _EN_REL),
    (ascii_word_re(rf"^(?P<name>{_ZH_NAME})(?:其实|现在|也|已经)?(?:是|成了|成为了?|变成了?)"
                   r"(?:用户|我)的?\s*(?:一个|一位|一名)?"
                   rf"{_ZH_MOD}(?P<rel>{_ZH_REL_ALT})了?$", _I), _ZH_REL),
    (ascii_word_re(rf"^(?:用户|我)的?{_ZH_MOD}(?P<rel>{_ZH_REL_ALT})(?:的名字|名字)?"
                   rf"(?:叫做|叫|名叫|是(?P<bare>))\s*(?P<name>{_ZH_NAME_AFTER})$", _I), _ZH_REL),
]
#: "My sister is a nurse" / "我姐姐是护士": what a relative *is*, no name — a fact about
#: them that fills no slot (the label families would read "a nurse" as her name).
_RELATIVE_IS = [
    ascii_word_re(rf"^{_OWNER_EN} {_MOD_EN}{_REL_EN} is (?!named\b|called\b)(?P<what>.+)$", _I),
    ascii_word_re(rf"^(?:用户|我)的?{_ZH_MOD}(?P<rel>{_ZH_REL_ALT})是(?P<what>.+)$", _I),
]
# After a bare "is" / "是" the value is often what the person *is*, not their name: "my
# sister is Canadian", "我姐姐是护士" / "北京人" are facts about her, in no slot.
_NOT_A_NAME = ascii_word_re(
    r"^(?:American|British|English|Canadian|Chinese|Japanese|Korean|French|German|Spanish"
    r"|Italian|Indian|Mexican|Brazilian|Russian|Dutch|Swedish|Irish|Scottish|Welsh|Australian"
    r"|Polish|Turkish|Greek|Vietnamese|Thai|Filipino|Portuguese|Swiss|Austrian|Danish"
    r"|Norwegian|Finnish|Asian|European|African|Latina|Latino|Catholic|Christian|Jewish"
    r"|Muslim|Buddhist|Hindu|Vegan|Vegetarian)$"
    r"|(?:师|生|员|士|家|者|工|人|长|手|官|警|察|计|族|控|迷|主|的|了|型|派|女|男|娃|霸)$")
#: Relations one has one of at a time. Said relation first ("My wife is Helen", "用户的老板
#:叫王总") they are the user's slot, ``user.wife.name`` — a new name conflicts; said name
#: first ("Helen is my wife") they stay the person's slot, like every relation, so that
#: "Emma is my girlfriend" → "Emma is my wife" and "小李是同事" → "小李是老板" conflict. A
#: classification has one key, so this pair of word orders is the one left asymmetric.
_ONE_AT_A_TIME = frozenset(words(
    "wife husband spouse partner girlfriend boyfriend fiancee fiance boss manager mother "
    "father"))
_FORMER = frozenset(("former", "前"))
_RELATION_FIRST = frozenset((1, 4))  # the indexes in _PERSON of "my sister is Anna" forms


def _about_relative(text: str) -> Classification:
    return Classification(MemoryType.USER_FACT, None, "user", None, text, single_valued=False)


#: "Anna and I got married", "我和安娜结婚了": the event names the relation it starts.
_WED = [
    ascii_word_re(rf"^(?P<name>{_NAME_EN}) and i (?:just |finally )?(?:got|are|were|have been"
                  r"|'ve been)? ?(?P<ev>married|engaged)\b(?:.*?\b(?:she|he)(?:'s| is) (?:now )?"
                  rf"my (?P<rel>{_alt(_EN_REL)}))?", _I),
    lazy_re(r"^(?:我|用户)(?:和|跟|与)(?P<name>[\u4e00-\u9fff]{1,4}|[A-Z][\w.-]{0,20})"
            r"(?:已经|去年|今年|上个月)?(?P<ev>结婚|订婚|领证)了?"),
]
_WED_REL = {"married": "spouse", "结婚": "spouse", "领证": "spouse", "engaged": "fiance",
            "订婚": "fiance"}


def _wedding(text: str) -> Classification | None:
    for rx in _WED:
        m = rx.match(text)
        if m and m["name"].casefold() not in _NOT_NAMES:
            found = m.groupdict().get("rel")
            rel = _EN_REL.get(found.casefold(), found) if found else _WED_REL[m["ev"].casefold()]
            slug = re.sub(r"\s+", "-", m["name"].strip().casefold())
            return Classification(MemoryType.USER_FACT, f"person.{slug}.relation", slug,
                                  "relation", rel)
    return None


#: "Tom's my older brother": the contracted "is" before an owner.
_CONTRACTED_IS = ascii_word_re(rf"^(?P<n>{_NAME_EN})['’]s (?=(?:actually |now |also |still )?"
                               rf"{_OWNER_EN} )", _I)


def _person_relation(text: str) -> Classification | None:
    wed = _wedding(text)
    if wed is not None:
        return wed
    text = _CONTRACTED_IS.sub(r"\g<n> is ", text)
    found = next(((i, m, table) for i, (rx, table) in enumerate(_PERSON)
                  if (m := rx.match(text))), None)
    if found is None:
        return _about_relative(text) if any(rx.match(text) for rx in _RELATIVE_IS) else None
    index, m, table = found
    rel = table.get(m["rel"].casefold()) or table.get(m["rel"])
    if rel and m["rel"] in _ZH_EXACT:
        rel = f"{rel}:{_ZH_EXACT[m['rel']]}"
    name = m["name"].strip()
    if not rel or name.casefold() in _NOT_NAMES or name.startswith(("The ", "My ", "Our ")):
        return None
    if m.groupdict().get("bare") is not None and _NOT_A_NAME.search(name):
        return _about_relative(text)
    if m["mod"] in _FORMER:
        rel = rel if rel.startswith("ex-") else f"ex-{rel}"
    elif rel in _ONE_AT_A_TIME and index in _RELATION_FIRST:
        return Classification(MemoryType.USER_FACT, f"user.{rel}.name", "user",
                              f"{rel}.name", name)
    slug = re.sub(r"\s+", "-", name.casefold())
    return Classification(MemoryType.USER_FACT, f"person.{slug}.relation", slug, "relation", rel)


# --- embeddings named by what they do ----------------------------------------------------

_EMBED_EN = ascii_word_re(
    r"^(?:the |our |my )?(?:(?:text |document |vector )?embeddings?|(?:text |document )?vectors)"
    r"(?: for (?:my|our|the|all) [\w ]{1,20}?)? (?:are |is )?(?:now )?"
    r"(?:use|uses|using|come from|computed (?:with|by)|generated (?:with|by)|made (?:with|by)"
    r"|created (?:with|by)|produced by|done with"
    r"|run with|run on) (?:the )?(?P<o>.+?)(?: model)?$"
    r"|^(?:we|i|the user) (?:now )?(?:re-?embed(?:ded)?|embed(?:ded)?|vectori[sz]e[sd]?)"
    r" (?:\w+ ){0,3}(?:with|using) (?:the )?"
    r"(?P<o2>.+?)(?: model)?$",
    _I,
)
_EMBED_ZH = lazy_re(
    r"^(?:我们|用户|我)?(?:现在)?(?:用|使用|采用)(?P<o>[\w./:-]+?)(?:模型)?(?:来)?(?:做|进行|生成)"
    r"(?:嵌入|向量化|embedding)$"
)


def _embedding(text: str) -> Classification | None:
    m = _EMBED_EN.match(text) or _EMBED_ZH.match(text)
    if not m:
        return None
    value = next(v for k, v in m.groupdict().items() if v)
    return Classification(MemoryType.ENVIRONMENT, "config.embedding_model", "embedding_model",
                          "is", value.strip(" .,;"))


# "用户是字节跳动的员工", "The user is an employee of Canva": the employer, not a job title.
_STAFF_OF = ascii_word_re(
    r"^(?:用户|我)(?:现在|目前|已经|还|仍然|依然|一直)?是(?P<o>[^,，。的]{1,20})的(?:正式|全职)?"
    r"(?:员工|职员|雇员|一员)$"
    r"|^(?:(?:the )?user|i) (?:is|am)(?: now| currently)? (?:an? |the )?(?:full-time )?"
    r"(?:employee|staff member|contractor) (?:of|at) (?P<o2>.+)$",
    _I,
)


def _staff_of(text: str) -> Classification | None:
    m = _STAFF_OF.match(text)
    if not m:
        return None
    value = (m.group("o") or m.group("o2")).strip(" .")
    return Classification(MemoryType.USER_FACT, "user.employer", "user", "employer", value)


# "我是护士", "用户是一名消防员": a job by the morpheme that ends it (the word-order family
# knows 师 / 员 / 家 / 生 / 者 / 工; these add the rest of the closed set of job endings), not
# a kind of person ("家长", "新手", "女士").
_ZH_JOB = lazy_re(r"^(?:用户|我)(?:现在|目前)?是(?:一名|一个|一位|名|个|位)?"
                  r"(?P<o>[\u4e00-\u9fff]{1,8}?(?:士|长|手|官|匠|警|兵|司机|会计|编辑|教授|主播|模特"
                  r"|总监|主管|主任|专员|顾问|律师|厨师|医生|(?<=[\u4e00-\u9fff]{2})开发))$")
_ZH_NOT_JOB = lazy_re(r"(?:家长|学长|兄长|新手|老手|高手|帮手|对手|男士|女士|人士|选手|能手"
                      r"|水手长)$")


def _zh_job(text: str) -> Classification | None:
    m = _ZH_JOB.match(text)
    if not m or _ZH_NOT_JOB.search(m["o"]):
        return None
    return Classification(MemoryType.USER_FACT, "user.occupation", "user", "occupation", m["o"])


def slot_fact(text: str) -> Classification | None:
    """The slot ``text`` fills when only this module can tell, else ``None``."""
    for family in (_timezone, _person_relation, _embedding, _staff_of, _zh_job):
        found = family(text)
        if found is not None:
            return found
    return None


# --- one key per slot, one value per meaning -----------------------------------------------

_KEY_ALIASES = {
    **dict.fromkeys(("config." + k for k in words(
        "default_embedding_model vector_model default_vector_model embedding "
        "default_embedding embedder embedding_models embed_model default_embedder "
        "vector_embedding_model")), "config.embedding_model"),
    **dict.fromkeys(("config." + k for k in words(
        "chat_model default_chat_model default_llm llm llm_model default_llm_model "
        "default_language_model main_model default_main_model model")), "config.default_model"),
    # "编辑器换成了 Zed" has no owner, and the editor one keeps is the user's
    "config.editor": "preference.editor", "config.default_editor": "preference.editor",
}
_LANGS = [
    ("traditional_chinese", r"繁体|繁體|traditional chinese"),
    ("chinese", r"中文|汉语|漢語|普通话|简体|\bchinese\b|\bmandarin\b"),
    ("english", r"英文|英语|\benglish\b"),
    ("japanese", r"日语|日文|\bjapanese\b"),
    ("korean", r"韩语|韩文|\bkorean\b"),
    ("french", r"法语|法文|\bfrench\b|\bfran[cç]ais\b"),
    ("german", r"德语|德文|\bgerman\b|\bdeutsch\b"),
    ("spanish", r"西班牙语|\bspanish\b|\bespa[nñ]ol\b"),
    ("portuguese", r"葡萄牙语|\bportuguese\b"),
    ("italian", r"意大利语|\bitalian\b"),
    ("russian", r"俄语|俄文|\brussian\b"),
    ("dutch", r"荷兰语|\bdutch\b"),
    ("vietnamese", r"越南语|\bvietnamese\b"),
]
_LANG_RX = [(name, ascii_word_re(p, _I)) for name, p in _LANGS]
_NEGATED = ascii_word_re(r"不|别|非|\bnot?\b|n't\b|\bnever\b|\bavoid\b|\binstead of\b"
                         r"|\brather than\b|\bexcept\b|\bbut\b|而不是|除了", _I)
_LOCATIVE_TAIL = lazy_re(r"(?<=\S)\s*(?:上面|上|里面|里|中|之上)$")


def _language(body: str) -> str | None:
    """The one language a preference asks for, or None (none, several, or negated)."""
    if _NEGATED.search(body):
        return None
    found = [name for name, rx in _LANG_RX if rx.search(body)]
    if found[:1] == words(
        "traditional_chinese"):
        found = words(
        "traditional_chinese")
    return found[0] if len(found) == 1 else None


#: A firm not named: "成都的一家公司", "一家创业公司" (the place before it may be named).
_UNNAMED_FIRM = lazy_re(r"^(?:(?P<place>[^的]{2,12})的)?(?:一家|一个|某家?)[^的]{0,10}$"
                        # a kind of workplace, not its name ("我在家上班", "在医院上班")
                        r"|^(?:家|家里|公司|单位|办公室|工地|店里|厂里|医院|学校|银行|工厂|商场|餐厅"
                        r"|超市|home|the office|an office|a bank|a hospital|a school)$", _I)
#: A place said relative to where one is ("楼上", "next door", "downtown") or a common noun
#: ("the floor"): no town of its own.
_RELATIVE_PLACE = ascii_word_re(
    r"^(?-i:the [a-z])|^(?:(?:the )?(?:upstairs|downstairs|next door|nearby"
    r"|across the (?:street|road|hall)"
    r"|downtown|uptown|the suburbs|the countryside|the city centre|the city center|closer"
    r"|further out|around the corner)|(?:楼上|楼下|隔壁|对面|附近|旁边|市区|郊区|乡下|城里|城外"
    r"|楼里|小区里|这边|那边|这里|那里))$", _I)
#: The predicate of "我在成都上班" / "I work in Austin": a city one works in, in no slot of its
#: own, but possibly a sign of a new home (``may_fill``).
WORKS_IN = "works_in"
_THEME_WORD = ascii_word_re(r"主题|配色|\b(?:theme|colou?r scheme|dark mode|light mode)\b", _I)
#: One value per meaning: "Anna is my wife" and "Anna and I got married" say one thing.
_ONE_SPELLING = {"wife": "spouse", "husband": "spouse", "fiancee": "fiance"}


def canonical(cls: Classification) -> Classification:
    """``cls`` under the slot's one key, with the value in its one spelling and the slot's
    declared policy (``POLICY``)."""
    key = cls.topic_key
    if key is None:
        return cls
    key = _KEY_ALIASES.get(key, key)
    obj = cls.object
    if obj and SLOT_KEYS.match(key):  # "跳槽到拼多多了" is 拼多多
        obj = trim_value(obj)
    if key == "preference.language" and obj:
        obj = _language(obj) or obj
    elif key == "user.timezone" and obj:
        obj = _zone_offset(_ZONE_TAIL.sub("", " ".join(obj.split())) or obj)
    elif key.startswith("person.") and key.endswith(".relation") and obj:
        obj = _ONE_SPELLING.get(obj, obj)
    elif key == "user.residence" and obj:  # "Berlin, Germany" is Berlin
        obj = obj.split(",")[0].split("，")[0].strip() or obj
        obj = re.sub(r"^(?:in|at)\s+", "", obj, flags=re.I) or obj  # "home is in Burnaby"
        if _RELATIVE_PLACE.match(obj):  # "我们搬到了楼上": a place relative to here, no home
            return replace(cls, topic_key=None, single_valued=False, slot=False)
    elif key == "user.employer" and obj:  # "Stripe as a backend engineer" is Stripe
        obj = re.split(r"\s+as\s+(?:an?|the)\s+|担任|任职", obj, maxsplit=1, flags=re.I)[0] or obj
        # "我在成都上班" / "我在成都的一家公司上班": the city one works in, not an employer
        unnamed = _UNNAMED_FIRM.match(obj)
        city = (unnamed["place"] or "") if unnamed else obj
        if is_place(city) or unnamed:
            return replace(cls, topic_key=None, predicate=WORKS_IN if is_place(city) else None,
                           object=city or obj, single_valued=False, slot=False)
    elif key == "user.occupation" and obj and "的" in obj:  # "字节跳动的产品经理"
        obj = obj.rsplit("的", 1)[1] or obj
    elif key == "preference.editor" and obj and _THEME_WORD.search(obj):
        # "用户把编辑器换成了浅色主题": the editor's theme changed, not the editor
        return canonical(replace(cls, topic_key="preference.theme", predicate="theme"))
    elif key == "preference.theme" and obj:
        obj = theme_value(obj)
    elif key.startswith("project.") and key.endswith(".deploy") and obj:
        obj = _LOCATIVE_TAIL.sub("", obj) or obj
    subject = cls.subject
    if key != cls.topic_key and key.startswith("config."):
        subject = key[len("config."):]
    in_place = cls.single_valued and policy_of(key) == "update"
    if (key, obj, subject, in_place) == (cls.topic_key, cls.object, cls.subject, cls.slot):
        return cls
    return replace(cls, topic_key=key, subject=subject, object=obj, slot=in_place)


# --- one key per value, for comparing a slot's values ---------------------------------------

#: A zone by any of its names, as (the place or region whose clock it is, its fixed offset):
#: "Asia/Shanghai" = "Beijing time" = "北京时间" = "China". A fixed-offset zone (no daylight
#: saving) also equals its bare offset ("UTC+8" restates "北京时间"), but two places on one
#: offset stay two values (Beijing time -> Singapore time is a change). Zones that move
#: with daylight saving meet under one IANA name ("Pacific time" = "PT" = "PDT" =
#: "America/Los_Angeles" = "美西时间"), never an offset. An ambiguous abbreviation (CST, IST)
#: keeps its own spelling.
_ZONE_KEYS = _pairs(
    "asia/shanghai,asia/chongqing,asia/harbin,asia/urumqi,prc,china,chinese,beijing,shanghai,"
    "北京,上海,中国=china@UTC+8 asia/singapore,singapore,sgt,新加坡=singapore@UTC+8 "
    "asia/hong_kong,hongkong,hong_kong,hkt,香港=hongkong@UTC+8 "
    "asia/taipei,taiwan,taipei,台北,台湾=taipei@UTC+8 awst,australia/perth,perth,珀斯=perth@UTC+8 "
    "asia/tokyo,japan,tokyo,jst,东京,日本=japan@UTC+9 asia/seoul,korea,seoul,kst,首尔,"
    "韩国=korea@UTC+9 "
    "asia/kolkata,asia/calcutta,india,indian,kolkata,mumbai,印度=india@UTC+5:30 "
    "europe/moscow,moscow,msk,莫斯科=moscow@UTC+3 "
    "utc,gmt,zulu,greenwich,格林尼治,零时区,中时区,utc+0,utc-0=utc@UTC+0 "
    "america/los_angeles,pacific,pt,pst,pdt,us/pacific,太平洋,美西,los_angeles,洛杉矶,"
    "san_francisco,旧金山,seattle,西雅图=America/Los_Angeles "
    "america/new_york,eastern,et,est,edt,us/eastern,美东,new_york,纽约,toronto,"
    "多伦多=America/New_York "
    "america/chicago,central,ct,cdt,us/central,美中,chicago,芝加哥=America/Chicago "
    "america/denver,mountain,mt,mst,mdt,us/mountain,denver=America/Denver "
    "europe/london,british,bst,london,伦敦,uk=Europe/London "
    "europe/berlin,europe/paris,europe/amsterdam,europe/madrid,europe/rome,cet,cest,"
    "central_european,berlin,paris,柏林,巴黎=CET "
    "australia/sydney,australia/melbourne,aest,aedt,australian_eastern,sydney,"
    "悉尼=Australia/Sydney "
    "pacific/auckland,new_zealand,nzst,nzdt,auckland=Pacific/Auckland")
#: An editor by any of its names ("nvim" = "Neovim", "VS Code" = "Visual Studio Code").
_EDITOR_KEYS = _pairs("nvim,neovim,neo-vim=neovim vscode,vs-code,visualstudiocode,code=vscode "
                      "intellij,intellijidea,idea=intellij sublime,sublimetext=sublime "
                      "hx,helix=helix emacs,gnuemacs,doomemacs,spacemacs=emacs")
#: A chat model by its Chinese and English names (文心一言 = ERNIE Bot, 通义千问 = Qwen).
_MODEL_KEYS = _pairs("通义千问,千问,通义,qwen=qwen 文心一言,文心,ernie,erniebot=ernie 豆包,"
                     "doubao=doubao "
                     "智谱清言,chatglm=chatglm kimi,月之暗面=kimi")
_VALUE_TAIL = ascii_word_re(r"^(?:the )|(?: editor| ide| model| llm| time ?zone| time)$", _I)


def _zone(value: str) -> tuple[str, str | None]:
    """(the zone's one name, its fixed offset or None) for a time-zone value."""
    bare = _VALUE_TAIL.sub("", " ".join(value.split()).strip(" .,;，。").casefold())
    bare = bare.replace(" ", "_")
    if "utc" in bare or "gmt" in bare:
        offset = _zone_offset(bare.upper().replace("_", ""))
        if offset.startswith("UTC"):
            bare = offset.casefold()
    found = _ZONE_KEYS.get(bare) or _ZONE_KEYS.get(_zone_offset(value).casefold())
    if found is None:
        offset = _zone_offset(value.strip())
        return (offset.casefold(), offset) if re.match(r"UTC[+-]", offset) else (bare, None)
    name, _, offset = found.partition("@")
    return name.casefold(), offset or None


def value_key(topic_key: str | None, value: str) -> str:
    """One key per value of the slot ``topic_key``: two values with one key are the same
    value said two ways (a restatement is a duplicate). A place is its ``place_key``
    whichever language names it, a time zone its one name (``_ZONE_KEYS``), an editor or a
    chat model its one name; any other value is itself, casefolded, without spaces."""
    flat = " ".join(value.split()).strip(" .,;，。").casefold()
    if topic_key == "user.residence":
        return place_key(value)
    if topic_key == "user.timezone":
        return _zone(value)[0]
    if topic_key == "preference.editor":
        bare = _VALUE_TAIL.sub("", flat).replace(" ", "")
        return _EDITOR_KEYS.get(bare, bare)
    if topic_key == "config.default_model":
        bare = _VALUE_TAIL.sub("", flat).replace(" ", "")
        return _MODEL_KEYS.get(bare, bare)
    return flat.replace(" ", "")


def same_value(topic_key: str | None, a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one value of the slot ``topic_key`` (``value_key``); a
    bare offset also restates a fixed-offset zone ("UTC+8" = "北京时间"), though two places
    on that offset differ."""
    if value_key(topic_key, a) == value_key(topic_key, b):
        return True
    if topic_key != "user.timezone":
        return False
    (na, oa), (nb, ob) = _zone(a), _zone(b)
    bare_a, bare_b = oa is not None and na == oa.casefold(), ob is not None and nb == ob.casefold()
    return oa is not None and oa == ob and (bare_a or bare_b)


# --- ambiguous cases: text the rules could not key, near a filled slot ---------------------

#: Words that show a text states a slot's value, per key (both languages). A key with a
#: name in it (``person.<name>.…``, ``project.<name>.…``) is a pattern.
_CUES: list[tuple[str, re.Pattern[str]]] = [
    (k, ascii_word_re(c, _I)) for k, c in [
        ("user.residence", r"\b(?:live[sd]?|living|based (?:in|out of)|moved|relocat\w*"
         r"|resid\w*|settled|home (?:is|city)|calls? \S+(?: \S+)? home"
         r"|spends? (?:most of )?(?:the |his |her |their )?(?:year|time|weeks?|months?) in"
         r"|(?:year|time|weeks|months|days) (?:is |are )?(?:mostly )?spent in"
         r"|staying in)\b|\bleft (?-i:[A-Z])\S*(?: \S+)? for (?-i:[A-Z])"
         r"|\b(?:working|work|works) (?:out of|remotely from|from)"
         r" (?:our |the |my )?(?-i:[A-Z])|\b(?:most|many) (?:weeks|months|days)\b.{0,40}"
         r"\b(?:in|out of (?:our |the )?) ?(?-i:[A-Z])"
         # the place first, how often after: "I'm in Portland most weeks", "一半时间在成都"
         r"|\bin (?-i:[A-Z])\S*(?: (?-i:[A-Z])\S*)? (?:most|many|half|some|three|four|five)"
         r" (?:of the )?(?:weeks?|months?|days?|year|time)\b"
         r"|(?:一半|大半|大部分|多数|三分之二)(?:的)?时间(?:都)?(?:在|待在|呆在|住在)"
         r"|住在|搬到|搬去|搬家|定居|居住|(?<!老)家在|常驻|落户|安家|家安在|落脚|长住|常住|久居"
         r"|(?:基本|大部分时间|多数时间|一直)?(?:都)?(?:待|呆)在"),
        ("user.employer", r"\b(?:works? (?:at|for)|working (?:at|for)|job (?:at|with)|new job"
         r"|employed|employee|joined|hired by|employer|on the payroll|full-time (?:at|for|with)"
         r"|consult\w* (?:for|at|with)|freelanc\w* for|contract\w* (?:for|at|with)"
         r"|second(?:ment|ed)|on loan to|placement (?:at|with)|posted to)\b"
         r"|\bleft (?-i:[A-Z])\S*(?: \S+)? for (?-i:[A-Z])"
         r"|在.{1,20}(?:工作|上班|任职)|入职|跳槽|就职|公司是|员工|在职|(?:全职|兼职)(?:顾问|工作)"
         r"|给.{1,20}(?:做|当)(?:全职|兼职)?(?:顾问|外包|开发)"),
        ("user.occupation", r"\b(?:job title|(?:new )?role (?:is|as)|position (?:is|as)"
         r"|promoted to|works as|working as)\b|职业|职位|岗位|升职|转行"),
        ("user.timezone", r"\btime ?zone\b|\b(?:UTC|GMT)\s?[+\-−]\s?\d|时区|时差"),
        ("config.default_model", r"\b(?:default|chat|main|primary|everyday|daily)"
         r" (?:\w+ )?(?:model|llm)\b|\bmodel (?:for|of) (?:chat|everything|daily)"
         r"|(?:默认|主要|日常|对话|聊天).{0,20}模型"
         # most of one's use going through one model: "most of my chats run through X"
         r"|\b(?:chats?|conversations?|prompts?|questions?) (?:\w+ )?(?:run|runs|go|goes"
         r"|are sent|get sent) (?:through|to|via)\b|(?:对话|聊天|提问)(?:基本|大多|都)"),
        # a model's name ("nomic-embed-text") is not the word "embed"
        ("config.embedding_model", r"(?<![\w-])embed(?:s|ded|ding|dings)?\b(?!-)"
         r"|\bvectori[sz]\w*|\b(?:document|text|chunk)"
         r" vectors?\b|\bvectors? (?:are|is|come)\b|向量模型|嵌入|向量化"),
        ("preference.language", r"\b(?:reply|replies|answer|answers|respond|responses?"
         r"|write|talk|speak)\b.{0,30}\bin (?:" + "|".join(
             p for _, p in _LANGS if "\\b" in p).replace("\\b", "")
         + r")|用(?:中文|英文|英语|日语|日文|韩语|法语|德语)(?:回答|回复|交流|沟通|写)"),
        ("preference.editor", r"\b(?:editor|ide)\b|\b(?:editing|coding|programming) (?:\w+ )?in\b"
         r"|编辑器"),
        ("preference.theme", r"\b(?:dark|light) (?:mode|theme)\b|\btheme\b|深色|浅色|主题"),
        (r"project.*.deploy", r"\b(?:deploy\w*|hosted|runs? on)\b|部署|托管|上线"),
        (r"project.*.language", r"\b(?:written|rewrit\w*|ported)\b|编写|改写|重写"),
        (r"project.*.framework", r"\b(?:built (?:with|on)|framework|switch\w* to|migrat\w*)\b"
         r"|框架|改用|换成|迁移"),
        (r"project.*.database", r"\b(?:database|db|stores? data)\b|数据库"),
    ]
]
#: The user as the subject: "The user …", "I …", "My …", "用户…", "我…" (not "我们").
_ABOUT_USER = ascii_word_re(
    r"^(?:(?:these days|nowadays|lately|recently|currently|most weeks|this year|for now),?\s+)?"
    r"(?:(?:most|much|all|half|some) of )?"  # "Most of my year is spent in …"
    r"(?:(?:the )?user\b|(?:i|i'm|my)\b)|^(?:最近|目前|现在|今年)?(?:用户|我(?!们))", _I)
#: A text about someone else ("my sister moved…", "用户的同事…") never fills the user's slot.
_OTHER_PEOPLE = "parents grandparents children kids siblings family relatives friends in-laws"
_ZH_OTHER_PEOPLE = "父母 爸妈 家人 亲戚 孩子们 公婆 岳父母 公公婆婆 朋友们 同事们"
_OTHER_PERSON = ascii_word_re(
    r"\b(?:(?:the )?user's|my|his|her|their) (?:\w+ )?"
    rf"(?:{_alt([*_EN_REL, *words(_OTHER_PEOPLE)])})s?\b"
    rf"|(?:用户|我)的?(?:{_alt([*_ZH_REL, *words(_ZH_OTHER_PEOPLE)])})", _I)
#: Not the slot's value now: a past value, a wish, a plan, a trial ("used to embed with X",
#: "I'd like to try the light theme", "用户以前住在杭州", "用户想转行做…").
_NOT_NOW = ascii_word_re(
    r"\b(?:used to|would like to|'d like to|wants? to|plans? to|planning to|might|maybe"
    r"|someday|sometime|thinking (?:about|of)|considering|tried|trying|once"
    # a date ahead is a plan, an interview is no job ("我下周去腾讯面试")
    r"|next (?:week|month|year)|interview\w*)\b"
    r"|以前|曾经|之前|原来|过去|想要?|打算|计划|考虑|可能|也许|试试|试用|试了|下周|下个月|下礼拜"
    r"|明年|面试", _I)
#: The user's thing as the subject ("用户的博客用的是浅色主题", "My blog's theme is light"):
#: its setting, not the user's preference (a closed class of things one owns that have one).
_OWN_THING = ascii_word_re(
    r"^(?:(?:the )?user's|my|our) (?:blog|website|site|company|team|project|docs?|app|shop"
    r"|store|newsletter|slides?)\b|^(?:用户|我|我们)的(?:博客|网站|官网|公司|团队|项目|文档|文档站"
    r"|应用|小程序|店铺|网店|公众号|幻灯片|PPT|ppt)", _I)


#: A trial of a new value is the one use that may still be a switch ("I've been trying out
#: Zed for a week", "这周在试用 Zed"): listed, not dropped as "not now" — unless the same
#: text also says past, wish or plan ("tried it once", "想试试").
_TRIAL = ascii_word_re(r"\b(?:(?:been )?trying(?: out)?|testing out|evaluating)\b"
                       r"|(?:正在|在)试用(?!了)|试用中", _I)
#: A value named by its kind and in use now counts as the slot's cue: an editor by name
#: ("最近大多数时候我在用 Cursor"), a chat model by the shape of its name with a verb of use
#: ("这周用户基本都在用 gpt-5 写代码"); "评测里 Gemini 得分最高" uses nothing.
_KIND_USED = ascii_word_re(r"\b(?:use|uses|using|used|run|runs|running|trying|switched)\b"
                           r"|在用|都用|改用|试用|用的", _I)
_CHAT_MODEL = ascii_word_re(r"(?<![A-Za-z0-9-])(?:gpt-\d|chatgpt|claude|gemini|qwen|deepseek|llama"
                            r"|mistral|kimi|glm-)", _I)


def _value_of_kind(slot_key: str, text: str) -> bool:
    if not _KIND_USED.search(text):
        return False
    if slot_key == "preference.editor":
        return "editor" in tech_aspects(text)
    if slot_key == "config.default_model":
        return bool(_CHAT_MODEL.search(text)) and not _EMBED_WORD.search(text)
    return False


_EMBED_WORD = ascii_word_re(r"embed|向量|嵌入", _I)
#: A use under a condition or on one machine is no default ("I use nano on the servers
#: when I ssh in", "调试的时候用 Vim").
_CONDITION = ascii_word_re(r"\b(?:when|whenever|if|on the (?:server|vm|box|machine)s?)\b"
                           r"|的时候|如果", _I)
#: A Chinese clause without a subject is the speaker's ("这周在试用 Zed").
_ZH_SPEAKER = lazy_re(r"我(?!们)|用户")
_SUBJECTLESS = lazy_re(r"^(?:这周|本周|最近|现在|目前|这几天|这阵子)?(?:都|基本)?(?:在|一直)")


def _cue(slot_key: str) -> re.Pattern[str] | None:
    parts = slot_key.split(".")
    for key, cue in _CUES:
        k = key.split(".")
        if key == slot_key or (len(k) == len(parts) == 3 and k[1] == "*"
                               and (k[0], k[2]) == (parts[0], parts[2])):
            return cue
    return None


def _unkeyed(cls: Classification) -> bool:
    return not (cls.topic_key and cls.single_valued)


def may_fill(text: str, cls: Classification, slot_key: str | None) -> bool:
    """Whether ``text``, which the rules did not key into the filled slot ``slot_key``,
    may still restate or change it: the ambiguous case the LLM judge decides when it is
    on, and ``cleanup`` lists as a possible conflict when it is off.

    Only a text in no one-value slot of its own that states the slot's aspect (a cue
    above) and, for the user's slots, not another person's; a named person's or a
    project's slot needs the name in the text (for a person, the name is enough)."""
    if not slot_key or slot_key == cls.topic_key or not _unkeyed(cls):
        return False
    parts = slot_key.split(".")
    if parts[0] in ("person", "project") and len(parts) == 3:
        flat = " ".join(text.split()).casefold().replace("-", " ")
        if parts[1].replace("-", " ") not in flat:
            return False
        if parts[0] == "person":
            return True
    if cls.predicate == WORKS_IN:  # a city one works in: maybe a new home, never an employer
        return slot_key == "user.residence" and not _NOT_NOW.search(text)
    cue = _cue(slot_key)
    if cue is None or _NOT_NOW.search(_TRIAL.sub(" ", text)):
        return False
    if not cue.search(text):
        # the value's kind instead of the cue: the user's own use now, unconditioned
        return (_value_of_kind(slot_key, text) and not _CONDITION.search(text)
                and not _OTHER_PERSON.search(text)
                and bool(_ABOUT_USER.search(text) or _SUBJECTLESS.match(text)
                         or _ZH_SPEAKER.search(text)))
    if parts[0] == "config":  # the agent's setting, unless it is said to be someone's
        return not _OTHER_PERSON.search(text)
    if parts[0] not in ("user", "preference"):  # a preference is the user's too
        return True
    about_user = cls.subject == "user" or _ABOUT_USER.search(text)
    return bool(about_user) and not _other_is_subject(text) and not _OWN_THING.match(text)


def _other_is_subject(text: str) -> bool:
    """Another person is the one the text is about: named before the verb ("My sister
    moved…", "用户的妈妈住在…"), not as an object later ("The user is staying in X to look
    after his father")."""
    other = _OTHER_PERSON.search(text)
    if other is None:
        return False
    lead = _ABOUT_USER.match(text)
    return not (lead and other.start() > lead.end() + 12)


def slots_named(text: str, cls: Classification) -> list[str]:
    """The fixed one-value slots (no name in the key) ``text`` may fill: the keys to look
    up whatever the text's cosine to their memories."""
    return [key for key, _ in _CUES if "*" not in key and may_fill(text, cls, key)]

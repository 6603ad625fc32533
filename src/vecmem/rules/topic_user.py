"""Topic keys of what is said about the user: preferences (by aspect), the one-value facts
(residence, name, birthday, timezone, native language, employer, occupation, theme,
editor), a relative's name, habits, and any other first-person fact (no key).
"""

from __future__ import annotations

import re

from vecmem.rules.changes import language_switch
from vecmem.rules.topic_keys import _T, _cls, _pairs, _re, _short_hash, _words, tech_aspects
from vecmem.types import Classification

__all__ = ["preference_body"]

# Preference aspects: (aspect, pattern). "weak" words only decide when nothing else does.
_PREF_ASPECTS: list[tuple[str, re.Pattern[str]]] = [
    (a, _re(p, re.IGNORECASE))
    for a, p in [
        (
            "code_first",
            r"先看代码|代码优先|先给代码|先贴代码|代码在前|先上代码|\bcode[- ]first\b"
            r"|\bcode (?:before|then)\b|\b(?:show|see) (?:the )?code first\b",
        ),
        (
            "questions",
            r"问问题|反问|提问|追问|\b(?:follow-up|clarifying) questions?\b"
            r"|\bask(?:ing)? (?:me )?(?:any )?questions?\b",
        ),
        (
            "language",
            r"中文|英文|英语|汉语|日语|日文|韩语|法语|德语|简体|繁体|(?<!编程)语言"
            r"|\b(?:chinese|english|japanese|korean|french|german|spanish|mandarin)\b"
            r"|(?<!programming )\blanguage\b",
        ),
        (
            "format",
            r"markdown|表格|列表|格式|排版|标题|要点|代码块|表情|\b(?:bullet(?: point)?s?"
            r"|tables?|lists?|headings?|formatting|format|emojis?|json|yaml|code blocks?)\b",
        ),
        ("theme", r"深色|暗色|浅色|亮色|暗黑|主题|\b(?:dark|light) (?:mode|themes?)\b|\bthemes?\b"),
        ("indentation", r"缩进|\b(?:tabs?|spaces|indent(?:ation)?)\b"),
        ("timezone", r"时区|\btime ?zone\b"),
        ("naming", r"命名|\bnaming\b|snake_case|camelcase"),
        ("commit_style", r"提交信息|\bcommit messages?\b|conventional commits"),
        ("address_form", r"称呼|\b(?:be called|call (?:me|them|him|her)|address(?:ed)? as)\b"),
        (
            "response_style",
            r"简洁|详细|务实|准确|精炼|精简|简短|简明|啰嗦|冗长|废话|直接|直白|长篇|"
            r"口语|正式|语气|风格|客气|幽默|\b(?:concise|verbose|brief|terse|detailed|succinct|short"
            r"|to the point|direct|tone|style|formal|casual|friendly|pragmatic|accurate|thorough"
            r"|wordy|fluff)\b",
        ),
    ]
]
_PREF_NEG = _re(
    r"不喜欢|讨厌|不想|不希望|不要|别|\b(?:dislikes?|hates?|does not|doesn't|do not|don't|never)\b",
    re.I,
)
# A wish to try something ("I'd like to try the light theme", "想试试 X") states no value
# for the preference it names: one's theme is still the old one until one switches.
_PREF_TRIAL = _re(
    r"^(?:to )?(?:try|trying|test|testing|experiment(?:ing)? with|check(?:ing)? out|give)\b"
    r"|^(?:试试|试一试|试一下|尝试|试用|体验一下)",
    re.I,
)
_PREF_WEAK = _re(r"回答|回复|输出|答案|\b(?:answers?|responses?|repl(?:y|ies)|output)\b", re.I)

_PREF = [
    _re(p, re.I | re.S)
    for p in [
        r"^(?:用户|我)?(?:的)?(?:偏好|喜好)(?:设置)?\s*(?::|是|为)?\s*(?P<body>.+)$",
        r"^(?:用户|我)(?:更|比较|很|最|一直|总是|通常|非常)?(?:喜欢|偏好|偏爱|倾向于?|希望|想要|要求"
        r"|不喜欢|讨厌|不想|不希望|爱用|习惯用|倾向用)(?P<body>.+)$",
        r"^(?:以后|今后|往后|从现在起|从今以后|始终|一律|每次都)(?P<body>.+)$",
        r"^(?:the )?user(?:'s)? (?:really |strongly |generally |usually |always |also )?(?:prefers"
        r"|likes|loves|wants|dislikes|hates|favou?rs|would rather|does not like|doesn't like"
        r"|does not want|doesn't want|enjoys|preference is|preferences? (?:is|are))\b(?P<body>.+)$",
        r"^i (?:really |strongly |generally |usually |always |also )?(?:prefer|like|love|want"
        r"|dislike|hate|don't like|do not like|enjoy)\b(?P<body>.+)$",
        r"^i(?:'d| would) (?:much )?(?:rather|prefer|like)\b(?P<body>.+)$",
        r"^(?:my |user )?preferences?\s*(?::|is|are)\s*(?P<body>.+)$",
        r"^(?:always|never|from now on|going forward|in (?:the )?future)\b,?\s*(?P<body>.+)$",
    ]
]
_NOW = r"(?: (?:now|currently|still|recently|just|finally))?"
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
)
_TIME_TAIL = _re(
    rf"(?i)\s+(?:now|recently|last (?:week|month|year)|this (?:week|month|year)|in (?:{_MONTHS}"
    rf"|\d{{4}})|since (?:{_MONTHS}|\d{{4}}|last \w+))$"
)
_USER = "(?:用户|我)(?!们|名|量|数|群|体|端|界面|协议|手册|表|id|ID)"
_USER_FACTS: list[tuple[str, re.Pattern[str]]] = [
    (k, _re(p, re.I | re.S))
    for k, p in [
        # One-value slots, with the ways people announce a change ("now lives in",
        # "has relocated to", "搬到了"): a new value meets the old one under one key.
        (
            "user.residence",
            rf"^{_USER}(?:现在|目前|已经|刚)?(?:住在|居住在|生活在|定居(?:在|于)?|家在|现居|常驻"
            r"|搬到了?|搬去了?|搬家到了?|迁居到?了?|移居到?了?)(?P<o>.+?)(?:了|居住|生活)?$",
        ),
        (
            "user.residence",
            rf"^(?:(?:the )?user|i){_NOW} (?:lives|live|resides|reside|is based|am based|is living"
            r"|has relocated|have relocated|relocated|has moved|have moved|moved)(?: back)?"
            r" (?:in|to) (?P<o>.+)$"
            r"|^(?:i'm based in|my home is in|i'm (?:now )?(?:living|settled) in"
            r"|(?:(?:the )?user|i)(?: has| have|'ve)? settled (?:down )?in) (?P<o2>.+)$"
            r"|^(?:(?:the )?user|i) (?:now )?calls? (?P<o4>.+?) home$"
            r"|^(?:(?:the )?user's|my) (?:home (?:city|town)|current city|city of residence"
            r"|residence) is (?:now )?(?P<o3>.+)$",
        ),
        ("user.name", rf"^{_USER}(?:的)?(?:名字|姓名)(?:是|叫|为|:)(?P<o>.+)$"),
        (
            "user.name",
            r"^(?:用户叫|我叫|(?:the )?user's name is|(?:the )?user is (?:named|called)"
            r"|my name is|call me) ?(?P<o>.+)$",
        ),
        ("user.birthday", rf"^{_USER}(?:的)?生日(?:是|在|:)(?P<o>.+)$"),
        ("user.birthday", r"^(?:(?:the )?user's|my) birthday is (?P<o>.+)$"),
        ("user.timezone", rf"^{_USER}(?:的|所在的?)?时区(?:现在|目前)?(?:是|为|:)?(?P<o>.+)$"),
        ("user.timezone", r"^(?:(?:the )?user's|my) time ?zone is (?P<o>.+)$"),
        ("user.native_language", rf"^{_USER}(?:的)?母语(?:是|为)(?P<o>.+)$"),
        (
            "user.native_language",
            r"^(?:(?:the )?user's|my) (?:native|first) language is (?P<o>.+)$",
        ),
        ("user.employer", rf"^{_USER}(?:目前|现在)?在(?P<o>.+?)(?:工作|上班|任职)了?$"),
        ("user.employer", rf"^{_USER}(?:已经|刚)?(?:从(?P<x>.+?))?(?:跳槽|入职|加入)(?:去|到)?了?"
         r"(?P<o>.+?)$"),
        ("user.employer", rf"^{_USER}(?:已经)?(?:就职于|任职于|供职于|受雇于)(?P<o>.+?)$"),
        ("user.employer", rf"^{_USER}(?:已经)?去了?(?P<o>.+?)(?:工作|上班)了?$"),
        (
            "user.residence",
            rf"^{_USER}(?:现在|目前|已经)*在(?P<o>.+?)(?:定居|生活|安家|落户|居住|住下)了?$",
        ),
        (
            "user.employer",
            rf"^(?:(?:the )?user|i){_NOW} (?:works|work|is working|am working) (?:at|for)"
            r" (?P<o4>.+)$"
            r"|^(?:i'm|i am|the user's)(?: now| currently)? working (?:at|for)"
            r" (?P<o>.+)$"
            r"|^(?:(?:the )?user|i) (?:has |have )?(?:joined|started (?:working )?at"
            r"|(?:started|began|took) (?:a )?(?:new )?(?:job|position|role) (?:at|with)"
            r"|(?:was |got |has been |have been )?hired by|(?:is |am )?(?:now )?employed (?:at|by))"
            r" (?P<o2>.+)$"
            r"|^(?:(?:the )?user's|my) (?:new |current )?(?:employer|company) is (?P<o3>.+)$",
        ),
        (
            "preference.theme",
            r"^(?:(?:the )?user's|my) (?:editor |terminal |ide |ui |app )?(?:colou?r )?theme"
            r" is (?:now )?(?P<o>.+)$",
        ),
        (
            "preference.editor",
            r"^(?:(?:the )?user's|my) (?:(?:code |text |default |preferred |main |favou?rite "
            r"|go-to |usual |primary |daily )?editor|ide)"
            r" is (?:now )?(?P<o>.+)$"
            rf"|^(?:(?:the )?user|i){_NOW} (?:has |have )?(?:switched|moved|changed|uses|use)"
            r" (?:to )?(?P<o2>.+?) as (?:their|his|her|my|the) (?:main |default )?(?:editor|ide)$"
            rf"|^{_USER}(?:的)?(?:编辑器|IDE)(?:现在)?(?:是|为|用的是|换成了?|改成了?)(?P<o3>.+)$",
        ),
        (
            "user.occupation",
            rf"^{_USER}(?:的职业)?(?:是|为)(?:一名|一个|一位|名|个|位)?(?P<o>.{{1,12}}?"
            r"(?:师|员|家|生|者|工|经理|总监|主管|老板|创始人|学生|医生|律师|老师|作家|博士))$"
            # by its label ("用户的职位是校长", what "当上了校长" announces)
            rf"|^{_USER}(?:现在|目前)?的(?:职位|职业|岗位|头衔|职务|title|Title|TITLE)(?:现在)?(?:是|为)"
            r"(?P<o2>[^,，。]{1,40})$",
        ),
        (
            "user.occupation",
            r"^(?:(?:the )?user (?:is|works as|has become|became)|i am|i'm|i work as)(?: now)?"
            r" (?:an?|the) (?P<o>(?:[\w-]+ )"
            r"{0,3}(?:engineer|developer|programmer|designer|teacher|doctor|nurse|student|manager|"
            r"scientist|researcher|writer|lawyer|founder|analyst|consultant|architect|admin"
            r"|administrator|lead))$"
            # a title said by its label ("The user's job title is firmware team lead", what
            # "promoted to X" announces): the label says it is a role, no head noun needed
            r"|^(?:(?:the )?user|i)(?: now)? works? as (?:an? |the )?(?P<o3>[\w -]{2,40})$"
            r"|^(?:(?:the )?user's|my) (?:new |current )?(?:job )?(?:title|role|position)"
            r" is (?:now )?(?:an? |the )?(?!to |about |that |what |not |mostly |just )"
            r"(?P<o2>[\w -]{2,40})$",
        ),
    ]
]
_RELATIONS = _pairs(
    "女儿=daughter 儿子=son 妻子=wife 老婆=wife 太太=wife 丈夫=husband 老公=husband 父亲=father "
    "爸爸=father 母亲=mother 妈妈=mother 哥哥=brother 弟弟=brother 姐姐=sister 妹妹=sister "
    "孩子=child 猫=cat 狗=dog 宠物=pet 伴侣=partner 女朋友=girlfriend 男朋友=boyfriend "
    "老板=boss 领导=boss 上司=boss 经理=manager"
)
_EN_RELATIONS = _words(
    "daughter son wife husband father mother brother sister child kid cat dog pet partner "
    "girlfriend boyfriend boss manager"
)
_REL_ALT = "|".join(sorted(_RELATIONS, key=len, reverse=True))
_ZH_REL = _re(
    rf"^{_USER}(?:的)?(?:家的|养的|有一?[个只条位]?)?(?P<rel>{_REL_ALT})"
    r"(?:叫|名叫|名字是|名字叫|的名字是|是)(?P<o>.+)$",
    re.S,
)
_EN_REL = _re(
    rf"^(?:(?:the )?user's|my) (?P<rel>{'|'.join(_EN_RELATIONS)})(?:'s name is| is (?:named|called)"
    r"| is) (?P<o>.+)$",
    re.I | re.S,
)
_HABIT = _re(
    rf"^{_USER}(?:习惯|通常|一般|经常|总是|每天|每周|每晚|每早|平时|常常|往往)"
    r"|^(?:(?:the )?user|i) (?:usually|often|always|typically|normally|habitually|generally"
    r"|tends? to|every (?:day|morning|night|evening|week))\b",
    re.I,
)
_USER_SUBJECT = _re(
    rf"^{_USER}|^(?:the )?user(?:'s \w+| (?:is|was|has|had|lives|works|speaks|uses|owns|studies"
    r"|grew|goes|drives|codes|writes|reads|plays|wakes|comes|moved|was born|can|cannot|can't"
    r"|does|doesn't|knows))\b|^(?:i|i'm|i am|my)\b",
    re.I,
)


#: Indexes of _PREF patterns that are standing instructions ("以后…", "Always …") rather than
#: statements that name a preference; only the latter are trusted over the question rules.
_STANDING = frozenset({2, 7})


def preference_body(text: str, *, explicit_only: bool = False) -> str | None:
    """The content of a preference statement, or None if ``text`` is not one.

    ``explicit_only`` accepts only statements that name the preference ("用户偏好：…",
    "User prefers …"), not standing instructions ("以后…", "Always …").
    """
    if explicit_only and (said := language_switch(text)) is not None:
        # "Switch to Spanish please" names the answer language from now on: a standing
        # preference, not a one-off request (slot rule, rules/changes.py)
        return said
    for i, rx in enumerate(_PREF):
        if explicit_only and i in _STANDING:
            continue
        m = rx.match(text)
        if m and re.search(r"[^\W_]", m.group("body")):
            return m.group("body").strip(" :")
    return None


def _preference(text: str, body: str) -> Classification:
    if _PREF_TRIAL.match(body):  # a key of its own: no aspect's value
        return _cls(_T.PREFERENCE, f"preference.{_short_hash(text)}", "user", "prefers", body,
                    single=False)
    aspects = [a for a, rx in _PREF_ASPECTS if rx.search(body)]
    tech = [a for a in tech_aspects(body) if a != "license"]
    if not aspects and len(tech) == 1:
        aspects = ["programming_language" if tech[0] == "language" else tech[0]]
    # "does not want answers in English" is not the value "answers in English": the
    # negation is in the verb, before the body, so it is kept in the value.
    value = f"not {body}" if _PREF_NEG.search(text[: text.rfind(body)]) else body
    if len(aspects) == 1:
        return _cls(_T.PREFERENCE, f"preference.{aspects[0]}", "user", "prefers", value)
    if not aspects and _PREF_WEAK.search(body):
        return _cls(_T.PREFERENCE, "preference.response_style", "user", "prefers", value)
    # Unknown or mixed aspect: a key of its own so unrelated preferences never collide.
    return _cls(
        _T.PREFERENCE,
        f"preference.{_short_hash(text)}",
        "user",
        "prefers",
        value,
        single=False,
    )




def _slot_value(m: re.Match[str]) -> str:
    """The value of a slot statement, without the words that date the change."""
    value = next(v for k, v in m.groupdict().items() if k.startswith("o") and v)
    value = re.sub(r"^(?:now|currently)\s+", "", value, flags=re.I)
    return _TIME_TAIL.sub("", value) or value


def _user_fact(text: str) -> Classification | None:
    for key, rx in _USER_FACTS:
        m = rx.match(text)
        if m:
            family, pred = key.split(".", 1)
            mtype = _T.PREFERENCE if family == "preference" else _T.USER_FACT
            return _cls(mtype, key, "user", pred, _slot_value(m))
    m = _ZH_REL.match(text)
    rel = _RELATIONS[m.group("rel")] if m else None
    if not m:
        m = _EN_REL.match(text)
        rel = m.group("rel").casefold() if m else None
    if m and rel:
        obj = re.sub(r"^(?:named|called)\s+", "", m.group("o"), flags=re.I)
        return _cls(_T.USER_FACT, f"user.{rel}.name", "user", f"{rel}.name", obj)
    if _HABIT.match(text):
        return _cls(
            _T.USER_FACT,
            f"user.habit.{_short_hash(text)}",
            "user",
            "habit",
            text,
            single=False,
        )
    if _USER_SUBJECT.match(text):
        return _cls(_T.USER_FACT, None, "user", None, text)
    return None



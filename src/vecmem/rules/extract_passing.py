"""Rules for facts said in passing (issue 15 item 6), after :mod:`extract_rules`' tables.

The first tables read the sentences people use to introduce themselves ("I work at …",
"我住在…"). Facts said in passing have other shapes, one group per grammatical category,
in both languages:

* **what the user is or cannot have** — a state adjective with no article ("I'm vegan",
  "I'm colorblind"), a diet said as a refusal ("I don't eat pork", "I can't have
  dairy", "我不吃香菜", "我吃素"), a body part that limits them ("a bad left knee",
  "膝盖不好"), an aid they use ("a wheelchair"), what they go by;
* **relatives and pets**, what the user says of them ("my son Leo started
  kindergarten", "My dog, Biscuit, is scared of thunder", "我妈有高血压", "小美是我表妹");
* **the user's team** — conventions are durable facts about the user's work ("we
  squash-merge into main", "our servers run Alpine", "我们组提交信息要写中文"), written
  as "The user's team …" / "用户的团队…";
* **things and dates** — "my laptop is a ThinkPad", "my GitHub handle is …", "my dentist
  appointment is next Tuesday", "我用的是 WSL2", "我下周三要去上海出差".

Each rule is ``(pattern, builder)`` exactly as in :mod:`extract_rules` (builders from
:mod:`extract_build`); they refuse what points into the conversation or only lasts today.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_build import (
    _DEICTIC,
    _NOT_OBJECT_EN,
    _POINTS_ELSEWHERE,
    _TO_YOU,
    Builder,
    Built,
    E,
    U,
    _join,
    _r,
    _third_person,
    _third_verb,
    _value,
)
from vecmem.rules.extract_screen import (
    TRANSIENT,
    ZH_HEARSAY,
    relative_moment,
)
from vecmem.rules.extract_words import (
    _ADV_EN,
    _DATE_ZH,
    _DATED_EN,
    _KIN_MORE_EN,
    THE_TASK_EN,
)
from vecmem.text import lazy_re

__all__ = ["PASSING_RULES"]

# ---- English: what the user is, cannot have, uses, goes by ---------------------------------

_STATE_EN = (
    r"(?:a |an )?(?:strict |lifelong |practicing |practising )?(?:vegetarian|vegan|pescatarian"
    r"|celiac|coeliac|diabetic|type [12] diabetic|gluten[- ]free|dairy[- ]free|nut[- ]free"
    r"|lactose[- ]intolerant|left[- ]handed|right[- ]handed|colou?r[- ]?blind|deaf"
    r"|hard of hearing|partially sighted|short[- ]sighted|near[- ]sighted|dyslexic|autistic"
    r"|epileptic|asthmatic|anemic|anaemic|(?:\w+ (?:weeks|months) )?pregnant|sober|teetotal"
    r"|a night owl|an early bird"
    r"|a morning person|a night person|a native (?:\w+ ){1,2}speaker|fluent in .+"
    r"|intolerant to .+|sensitive to .+|in a wheelchair|a wheelchair user"
    r"|on (?:blood thinners|insulin|antidepressants|a (?:\w+ )?diet|medication for .+))"
)
_DIET_NEG = {"don't": "does not", "do not": "does not", "never": "never", "can't": "cannot",
             "cannot": "cannot", "can not": "cannot", "am not able to": "cannot",
             "am unable to": "cannot", "won't": "will not"}
_AIDS_EN = (
    r"(?:a |an )?(?:wheelchair|cane|walker|hearing aids?|glasses|contacts|contact lenses"
    r"|insulin pump|cpap(?: machine)?|screen reader|prosthetic \w+|mobility scooter)\b.*"
)
_BODY_EN = (
    r"(?:a |an )?(?:bad|weak|injured|bum|dodgy|sensitive|broken|torn|slipped|herniated"
    r"|chronic|stiff|fused) (?:left |right |lower |upper )?(?:knees?|back|hips?|shoulders?"
    r"|ankles?|wrists?|neck|stomach|eyes?|ears?|heart|disc|acl|achilles|joints?|spine)\b.*"
)
_GETS_EN = (
    r"(?:motion sick|car ?sick|sea ?sick|air ?sick|migraines|headaches|panic attacks"
    r"|cold easily|sunburn(?:ed|t)? easily|nosebleeds)\b.*"
)


def _plain(template: str, predicate: str, *, check: str = "") -> Builder:
    """A user fact from a group ``x`` (with ``neg``/``verb``), cut to its clause."""

    def build(m: re.Match[str]) -> Built | None:
        x = _value(m["x"])
        if x is None or _TO_YOU.search(x) or TRANSIENT.search(x):
            return None
        if check != "name" and _POINTS_ELSEWHERE.search(x):  # "they/them" is a name here
            return None
        if check == "concrete" and _NOT_OBJECT_EN.match(x):
            return None
        groups = m.groupdict()
        neg = _DIET_NEG.get((groups.get("neg") or "").lower(), "")
        verb = (groups.get("verb") or "").lower()
        if neg == "never":
            verb = _third_verb(verb)
        text = template.format(x=_third_person(x), neg=neg, verb=verb)
        return " ".join(text.split()), U, "user", predicate, x

    return build


_I = r"^I (?:" + _ADV_EN + r")"
_EN_USER: list[tuple[re.Pattern[str], Builder]] = [
    # "… deaf in one ear", "… blind in my left eye": where in the body the state is.
    (_r(rf"{_I}am (?P<x>{_STATE_EN}(?: and {_STATE_EN})?(?: in (?:one|both|my|the)"
        r" (?:left |right |good |bad )?(?:ears?|eyes?|legs?|arms?|hands?|feet|foot|knees?))?)"
        r"(?: now| these days| nowadays)?$"),
     _plain("The user is {x}", "is")),
    (_r(rf"{_I}(?P<neg>don't|do not|never|won't) (?P<verb>eat|drink|touch|consume|take)"
        r" (?P<x>.+)$"), _plain("The user {neg} {verb} {x}", "diet", check="concrete")),
    (_r(rf"{_I}(?P<neg>can't|cannot|can not|am not able to|am unable to) (?P<verb>eat|drink"
        r"|have|tolerate|digest|handle|take) (?P<x>.+)$"),
     _plain("The user {neg} {verb} {x}", "diet", check="concrete")),
    (_r(rf"{_I}(?:avoid|stay away from|steer clear of) (?P<x>(?:all |any )?(?:gluten|dairy"
        r"|meat|pork|beef|alcohol|sugar|caffeine|nuts|peanuts|shellfish|seafood|eggs|soy"
        r"|spicy food|fried food|red meat|carbs|lactose)\b.*)$"),
     _plain("The user avoids {x}", "diet")),
    (_r(rf"{_I}(?:use|rely on|wear|need) (?P<x>{_AIDS_EN})$"), _plain("The user uses {x}", "uses")),
    (_r(rf"{_I}(?:have|have got|got) (?P<x>{_BODY_EN})$"), _plain("The user has {x}", "health")),
    (_r(rf"{_I}(?:get|tend to get) (?P<x>{_GETS_EN})$"), _plain("The user gets {x}", "health")),
    (_r(rf"{_I}go by (?P<x>.+)$"), _plain("The user goes by {x}", "named", check="name")),
    (_r(rf"{_I}(?:work|am working) (?P<x>(?:night shifts?|nights|weekends|part[- ]time"
        r"|full[- ]time|remotely|from home|(?:early|late|day|evening|morning) shifts?|shifts"
        r"|in shifts|\w+ days a week|\w+[- ]hour (?:days|shifts|weeks))\b.*)$"),
     _plain("The user works {x}", "works")),
    # "I'm in Toronto", "I'm in the Berlin timezone": a capitalised place and nothing after
    # it ("I'm in Paris right now" is a trip, "I'm in a meeting" no place).
    (lazy_re(r"^I am (?:now )?(?:based )?in (?P<x>(?:the )?[A-Z][\w.'+-]*(?: [A-Z][\w.'+-]*)*"
             r"(?: (?:time ?zone|timezone|area|region|time))?"
             # "… for work until June": a stay with its end is a fact until then.
             r"(?: for (?:work|school|a conference|the summer|a few (?:weeks|months)))?"
             r"(?: until (?:[A-Z]\w+|the end of \w+|next \w+))?)$"),
     _plain("The user is in {x}", "lives_in")),
]

# ---- English: relatives, pets, named people -------------------------------------------------

_KIN_VERBS_EN = (
    r"lives|live|works|work|has|have|started|start|goes|go|attends|attend|studies|study"
    r"|teaches|teach|speaks|speak|plays|play|hates|hate|loves|love|likes|like|runs|run|owns"
    r"|uses|use|takes|take|needs|need|turned|just turned|turns|was born|is|are"
    r"|(?:doesn't|does not|can't|cannot|don't|do not) (?:eat|drink|have)|passed away|died"
    # Life events that last: a move, a new job, a wedding, a diagnosis.
    r"|moved|relocated|married|retired|graduated|became|adopted|was diagnosed with|is moving"
    r"|had(?= (?:kittens|puppies|a baby|twins|surgery|a stroke|a heart attack|an operation"
    r"|(?:a |an )?(?:[\w-]+ )?(?:surgery|transplant|operation|replacement)))"
    r"|doesn't do well with|does not do well with|can't handle|can't stand|is afraid of"
    r"|is scared of|gets"
    r"|got(?= (?:married|engaged|divorced|promoted|hired|accepted|diagnosed|into|(?:a|an|her|his"
    r"|their) (?:[\w-]+ )?(?:job|promotion|scholarship|degree|diploma|place|house|dog|cat"
    r"|puppy|kitten|license|licence|diagnosis)\b))|drives|rides|commutes|suffers from"
)
_KIN_ALL_EN = (rf"{_KIN_MORE_EN}|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin"
               r"|niece|nephew|grandson|granddaughter|stepmom|stepdad|parents|grandparents"
               r"|in-laws|mother-in-law|father-in-law|fianc[ée]e?")
_PEOPLE_EN = (
    rf"{_KIN_MORE_EN}|friend|best friend|cousin|aunt|uncle|niece|nephew|grandma|grandmother"
    r"|grandpa|grandfather|mother-in-law|father-in-law|stepmom|stepdad|boss|manager|colleague"
    r"|coworker|co-worker|roommate|flatmate|neighbou?r|fianc[ée]e?|mentor|grandson"
    r"|granddaughter"
)


# After "just", a life event is told, not how recent it is ("just moved" → "moved").
_LIFE_EVENT = lazy_re(r"^(?:moved|relocated|got|married|retired|graduated|became|adopted|started"
                      r"|turned|was diagnosed)", re.IGNORECASE)


def _relative(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    verb = m["v"].lower()
    if x is None or _TO_YOU.search(x) or TRANSIENT.search(x) or relative_moment(
            f"{verb} {x}") or _POINTS_ELSEWHERE.search(x):
        return None
    if (verb.endswith("ed") or verb in ("took", "got", "made", "ran")) and THE_TASK_EN.match(x):
        return None  # "my dad moved the car": a thing of the day, not of their life
    name = f" {m['n']}" if m.groupdict().get("n") else ""
    if (m.groupdict().get("own") or "my").lower() == "our" and not name and not re.search(
            r"\b(?:named|called) [A-Z]", x):
        return None  # "our kids are our future": only a named pet or person is the user's
    if m.groupdict().get("adv") and not _LIFE_EVENT.match(verb):
        verb = f"{m['adv'].strip().lower()} {verb}"
    x3 = re.sub(r"\bwith us\b", "with the user", _third_person(x))
    return f"The user's {m['k'].lower()}{name} {verb} {x3}", U, "user", "relative", x


_EN_PEOPLE: list[tuple[re.Pattern[str], Builder]] = [
    # "My dog, Biscuit, is scared of thunder"; "my son Leo started kindergarten".
    # "our cat Luna" is the household's: the user's too.
    (lazy_re(rf"^(?P<own>(?i:my|our)) (?P<k>(?i:{_KIN_ALL_EN}))(?:,? (?P<n>[A-Z][a-z]+),?)? "
             r"(?P<adv>(?i:(?:just|recently|finally|also|still|now|already|actually|even) )*)"
             rf"(?P<v>(?i:{_KIN_VERBS_EN})) (?P<x>.+)$"), _relative),
    (_r(rf"^my (?P<k>{_KIN_ALL_EN}) (?P<v>passed away|died)\b.*$"),
     lambda m: (f"The user's {m['k'].lower()} {m['v'].lower()}", U, "user", "relative",
                m["v"].lower())),
    # "Anna is my sister": the person and their relation, in the user's terms.
    (lazy_re(r"^(?P<n>(?!(?:It|This|That|He|She|There|Here|What|Who|Which|Mine|They)\b)"
             r"[A-Z][a-z]+(?: [A-Z][a-z]+)?) is (?i:my) (?P<mod>(?i:(?:older|younger|little"
             rf"|big|twin|best|oldest|youngest) )?)(?P<k>(?i:{_PEOPLE_EN}))$"),
     lambda m: (f"{m['n']} is the user's {m['mod'].lower()}{m['k'].lower()}", U, "user",
                "relation", m["n"])),
]

# ---- English: things the user has, dated plans ---------------------------------------------

_THINGS_EN = (
    r"(?:main |work |personal |daily |primary |home |current )?(?:laptop|computer|machine"
    r"|desktop|pc|phone|os|operating system|editor|ide|shell|terminal|keyboard|browser|setup"
    r"|distro|car|github|gitlab|twitter|bluesky|mastodon|discord|linkedin|npm|pypi|docker hub)"
    r"(?: handle| username| user name| account| id| name)?|pronouns|blood type|dietary"
    r" restrictions?|allerg(?:y|ies)"
)
_EVENTS_EN = (
    r"(?:[\w'-]+ ){0,2}(?:appointment|interview|exam|surgery|operation|flight|wedding|trip"
    r"|vacation|holiday|due date|deadline|birthday|anniversary|graduation|move|start date"
    r"|first day|checkup|check-up|concert|race|marathon|conference|defen[cs]e|visa interview)"
)


def _thing(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    k = m["k"].lower()
    if x is None or TRANSIENT.search(x) or (
            "pronoun" not in k and _POINTS_ELSEWHERE.search(x)):  # "she/her" are pronouns
        return None
    # "my laptop is dying" is a complaint; a thing is named, a handle has a symbol.
    if not re.search(r"pronoun|blood|diet|allerg", k) and not re.search(
            r"[\d@_./:+#-]|\b[A-Z]", x):
        return None
    return f"The user's {k} {m['v']} {_third_person(x)}", U, "user", "has", x


def _event(m: re.Match[str]) -> Built | None:
    x = _value(m["x"], cut=False)
    if x is None or (not _DATED_EN.search(x) and not re.search(
            r"\b(?:on|at|in) (?:the )?\d|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}(?::\d\d)? ?[ap]m\b",
            x, re.IGNORECASE)):
        return None
    return f"The user's {m['k'].lower()} is {_third_person(x)}", U, "user", "plans", x


_EN_THINGS: list[tuple[re.Pattern[str], Builder]] = [
    (_r(rf"^my (?P<k>{_THINGS_EN}) (?P<v>is|are) (?P<x>.+)$"), _thing),
    (_r(rf"^my (?P<k>{_EVENTS_EN}(?: to [A-Z][\w-]*(?: [A-Z][\w-]*)?)?) (?:is|is on|is scheduled"
        r" for|is booked for|falls on) (?P<x>.+)$"), _event),
    # "Help me write a toast for my sister's wedding in June": a relative's dated event.
    (_r(rf"^.*?\bmy (?P<k>(?:{_KIN_ALL_EN})'s (?:{_EVENTS_EN})) (?:is )?(?P<x>(?:in|on|next|this"
        r"|at the end of) .+)$"), _event),
    # "We're getting married in June": the user's own plan, said with the partner.
    (_r(r"^we(?:'re| are) (?P<x>(?:getting married|getting engaged|moving|relocating|having a"
        r" baby|expecting (?:a|our|my) (?:\w+ )?(?:baby|child|son|daughter)|adopting|buying a"
        r" house|renovating)\b.+)$"),
     lambda m: _dated_we(m)),
]


def _dated_we(m: re.Match[str]) -> Built | None:
    x = _value(m["x"], cut=False)
    if x is None or not _DATED_EN.search(x):
        return None
    return f"The user is {_third_person(x)}", U, "user", "plans", x


# ---- English: the user's team -----------------------------------------------------------

_TEAM_WHO = {"we": "The user's team", "our team": "The user's team",
             "my team": "The user's team", "the team": "The user's team",
             "our company": "The user's company", "our org": "The user's company",
             "our organization": "The user's company", "our organisation": "The user's company",
             "our department": "The user's department", "our group": "The user's team"}
# Verbs only a team's practice has: what follows needs no further check.
_TEAM_PRACTICE = (
    r"review|squash-merge|squash merge|squash|rebase|deploy|host|ship|release|lint|pin|vendor"
    r"|tag|prefix|require|enforce|standardi[sz]e on|have standardi[sz]ed on|containeri[sz]e"
)
# General verbs ("we run every morning", "we keep chickens"): only with a tool-like object.
_TEAM_GENERAL = (
    r"use|are using|write|run|keep|store|follow|test|build|name|format|document|track|manage"
    r"|communicate|code|develop|are on|switched (?:from .+? )?to|moved (?:from .+? )?to"
    r"|migrated (?:from .+? )?to|work in|work with"
)
_TOOLISH = lazy_re(
    r"[A-Z0-9]|[.@/_+#]|\b(?:tabs|spaces|pnpm|npm|yarn|poetry|pip|uv|conda|git|docker"
    r"|kubernetes|k8s|terraform|ansible|vim|emacs|neovim|helm|bazel|make|cmake|gradle|maven"
    r"|pytest|jest|vitest|eslint|prettier|black|ruff|mypy|trunk|monorepo|microservices"
    r"|conventional commits|semver|snake_case|camelcase|kebab-case|feature (?:flags?|branches)"
    r"|pull requests|prs?|code reviews?|pair programming|scrum|kanban|sprints?|standups?"
    r"|migrations|linters?|formatters?|type hints|strict mode)\b")
# Capitalised, but no tool: "we run every Sunday morning".
_CALENDAR = lazy_re(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January"
                    r"|February|March|April|May|June|July|August|September|October|November"
                    r"|December|I)s?\b")
_TEAM_ASPECTS = (
    r"(?:[\w-]+ ){0,2}(?:code style|style guide|coding style|coding standards?|conventions?"
    r"|naming convention|commit convention|branching (?:model|strategy)|branch naming|workflow"
    r"|linter|formatter|package manager|ci|cd|ci/cd|pipeline|stack|tech stack|servers?|infra"
    r"|infrastructure|monorepo|repos?|codebase|services|staging(?: server| environment)?"
    r"|production|prod|cluster|cloud|docs|standup|stand-up|retro|sprints?|release (?:cycle"
    r"|cadence|train)|on-call|default branch|main branch|indentation|line length)"
)
_TEAM_ASPECT_VERBS = (
    r"is|are|uses|use|runs on|run on|runs|run|is hosted on|are hosted on|is written in"
    r"|are written in|is built with|lives in|live in|happens|happen|is on|are on|is at|are at"
)


def _team(m: re.Match[str] | _Twin) -> Built | None:
    x = _value(m["x"])
    verb = " ".join(m["v"].lower().split())
    if x is None or _TO_YOU.search(x) or TRANSIENT.search(x):
        return None
    if m.groupdict().get("general") and not _TOOLISH.search(_CALENDAR.sub("", x)):
        return None
    who = _TEAM_WHO[" ".join(m["who"].lower().split())]
    adv = " ".join(w for w in (m["adv"] or "").lower().split() if w in (
        "always", "usually", "never", "only", "all", "generally", "mostly", "typically"))
    verb = re.sub(r"^are\b", "is", verb) if verb.startswith("are ") else _third_verb(verb)
    x3 = re.sub(r"\bus\b", "them", re.sub(r"\bour\b", "their", _third_person(x)))
    text = " ".join(p for p in (who, adv, verb, x3) if p)
    return text, U, "user", "team", x


def _team_aspect(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None or _TO_YOU.search(x) or TRANSIENT.search(x):
        return None
    owner = "The user's company's" if "company" in m["who"].lower() else "The user's team's"
    return f"{owner} {m['k'].lower()} {m['v'].lower()} {x}", U, "user", "team", x


_TEAM_ADV = (r"(?P<adv>(?:(?:always|usually|never|only|all|now|currently|generally|mostly|still"
             r"|also|just|typically|normally) )*)")
_EN_TEAM: list[tuple[re.Pattern[str], Builder]] = [
    (_r(r"^(?:at work,? |at my (?:job|company|work),? |here,? )?(?P<who>we|our team|my team"
        r"|the team|our company|our org|our organi[sz]ation|our department|our group)"
        rf"(?: at work| here)? {_TEAM_ADV}(?:(?P<v>{_TEAM_PRACTICE})|(?P<general>(?P<v2>"
        rf"{_TEAM_GENERAL}))) (?P<x>.+)$"),
     lambda m: _team(_Twin(m))),
    (_r(rf"^(?P<who>the team's|our team's|our|the company's|our company's) (?P<k>{_TEAM_ASPECTS})"
        rf" (?P<v>{_TEAM_ASPECT_VERBS}) (?P<x>.+)$"), _team_aspect),
]


class _Twin:
    """A match whose numbered twin group (``v2``) fills its group (``v``) when empty."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def __getitem__(self, key: str) -> str:
        return self._m[key] or self._m.groupdict().get(f"{key}2") or ""

    def groupdict(self) -> dict[str, str | None]:
        return self._m.groupdict()


# ---- Chinese -------------------------------------------------------------------------------

_KIN_ZH_MORE = (
    r"女儿|儿子|妻子|老婆|太太|媳妇|丈夫|老公|先生(?!生)|孩子|小孩|宝宝|狗|猫|狗狗|猫咪|宠物|妈妈|老妈|妈|爸爸"
    r"|老爸|爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|男朋友|女朋友|对象|伴侣|爱人|爷爷|奶奶|外公|外婆"
    r"|姥姥|姥爷|岳父|岳母|公公|婆婆|表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|家人|父母|爸妈|孩子们"
)
_PEOPLE_ZH = rf"{_KIN_ZH_MORE}|好朋友|朋友|闺蜜|同事|老板|领导|室友|邻居|同学|导师|房东"
def _zh_keep(prefix: str, subject: str = "用户") -> Builder:
    def build(m: re.Match[str]) -> Built | None:
        rest = _value(m["rest"])
        if rest is None or TRANSIENT.search(rest):
            return None
        obj = m.string[m.end("verb"):].strip() if m.groupdict().get("verb") else ""
        if obj and _DEICTIC.match(obj):  # "我用的是这个"
            return None
        return _join(prefix, _third_person(rest.strip())), U, subject, m["verb"], rest

    return build


def _zh_kin(m: re.Match[str]) -> Built | None:
    after = m.string[m.end("k"):]
    if ZH_HEARSAY.match(after) or TRANSIENT.search(after):
        return None
    return _zh_keep("用户的")(m)


_ZH_DIET = (r"(?:一直|从来|平时|基本|基本上|从不|也|都|完全)?(?P<verb>不吃|不能吃|吃不了|不喝"
            r"|不能喝|喝不了|不碰|不沾|忌口|戒了|吃素|只吃素)"
            r"(?![了饭]|东西|早饭|午饭|晚饭|早餐|午餐|晚餐).{0,16}")
_ZH_USER = [
    _ZH_DIET,
    # Code-switched: "我是 vegetarian", "FYI 我 lactose intolerant".
    rf"(?P<verb>是\s*|\s+)(?:{_STATE_EN})",
    r"(?P<verb>是)(?:一个|一名|个)?(?:素食者|素食主义者|纯素食者|左撇子|色盲|夜猫子|独生子|独生女"
    r"|过敏体质|孕妇)",
    r"(?P<verb>乳糖不耐受|色盲|红绿色盲|近视|远视|怀孕了|晕车|晕船|晕机|恐高)(?:.{0,12})",
    r"(?P<verb>膝盖|腰|颈椎|腰椎|胃|眼睛|肩膀|心脏|肠胃|牙|脚踝|手腕)(?:一直|有点|比较)?(?:不好|不太好"
    r"|有问题|有伤|受过伤|做过手术).{0,12}",
    r"(?:平时|现在|目前|一直|电脑|家里)?(?P<verb>用的是)\s*.{1,30}",
    # A dated plan said with the date first: "我下周三要去上海出差", "我明年三月份要考雅思".
    rf"(?:(?:{_DATE_ZH})\s*)+(?:\d{{1,2}}\s*[号日]|[一二三四五六七八九十]{{1,2}}月份?|\d{{1,2}}月份?"
    r"|[一二三四五六日天])?(?P<verb>要|会|打算|准备|计划|得)?(?:去|飞去|飞|回|搬去|搬到|考|参加|入职"
    r"|结婚|出发|出差|面试|体检|做手术|毕业|开学|退休|生|搬家|出国|旅行|旅游)(?!开会|加班|吃饭|上班|买菜)"
    r"[^,，]{0,24}",
    # The same with a modal or "开始": the verb phrase is the plan, whatever its verb
    # ("我下周三要带我妈去医院复查", "我下周一开始休产假") — but not a day at work.
    rf"(?:(?:{_DATE_ZH})\s*)+(?:[一二三四五六日天])?(?P<verb>(?:要|打算|准备|计划)(?:开始)?|开始)"
    r"(?![^,，]*(?:开会|加班|上班|下班|吃饭|买菜|早起|睡觉|值班|交|汇报|写报告|改bug|出门))"
    r"[^,，]{2,24}",
]
_ZH_TEAM_OWNER = {"公司": "用户的公司", "部门": "用户的部门", "项目": "项目"}
_ZH_PARTS = (
    r"前端|后端|代码|服务器|服务|数据库|接口|API|提交信息|commit|分支|代码规范|规范|CI|部署|文档|测试"
    r"|缩进|命名|日志|仓库|技术栈|包管理器?|依赖|配置|监控|告警|发布|上线|周会|例会|站会"
    r"|code review|review|PR|合并|项目|convention|code style|style guide|repo|monorepo|CD"
    r"|package manager|linter|formatter|branch|workflow|stack|backend|frontend|tests?|staging"
    r"|prod|production"
)
_ZH_TEAM_TOOLS = r"飞书|钉钉|企业微信|微信|腾讯会议|语雀|石墨|金山文档|禅道|Coding"


def _zh_team(m: re.Match[str]) -> Built | None:
    rest = _value(m["rest"])
    if rest is None or TRANSIENT.search(rest) or re.search(r"[吧了]$", rest):
        return None
    owner = _ZH_TEAM_OWNER.get((m["unit"] or "").strip(), "用户的团队")
    return _join(owner, _third_person(rest)), U, "用户", "团队", rest


_ZH_TEAM_HEAD = (r"^(?:我们|咱们)\s*(?P<unit>团队|项目组|小组|组里|组|部门|公司|项目|这边|team"
                 r"|Team)?\s*的?\s*")
_ZH_ADV = r"(?:统一|都|一般|一律|主要|现在|目前|默认|全部|基本|一直|平时|全都|必须|只)*"

_ZH_THINGS = (r"编辑器|主题|时区|终端|电脑|笔记本|主力机|手机|系统|操作系统|键盘|浏览器|GitHub"
              r"|GitLab|editor|theme|timezone|time zone|shell|terminal|IDE|OS|laptop|distro")
_ZH_RULES: list[tuple[re.Pattern[str], Builder]] = [
    # "我的 editor 是 Neovim", "我主力机是 MacBook Pro": a thing of the user's, by name.
    (_r(rf"^我的?\s*(?P<rest>(?:{_ZH_THINGS})(?:\s*(?:账号|用户名|ID))?\s*(?P<verb>是|用的是|用)\s*"
        r"(?=[A-Za-z0-9])[^，,]{1,30})$"), _zh_keep("用户的")),
    *[(_r(rf"^我(?P<rest>{body})$"), _zh_keep("用户")) for body in _ZH_USER],
    # "我妈有高血压", "我家猫叫煤球", "我老婆不吃辣": what the user says of a relative.
    (_r(rf"^我(?:的|家的?)?(?P<rest>(?P<k>{_KIN_ZH_MORE})(?:现在|今年|也|一直|平时|从小|去年|前年"
        r"|上个月|前几年|小时候)?"
        r"(?P<verb>有|患有|得了|不吃|不能吃|吃不了|不喝|不能喝|怕|下个月|下周|明年|满|刚满|住在|住|做"
        r"|(?=(?:\d{1,2}|[一二三四五六七八九十两]{1,3})\s*(?:岁|个月大))"
        r"|当|养了|考上了|开始|每天|每周|是|叫|在|对|上|读|学|会|喜欢|爱|属).+)$"), _zh_kin),
    (_r(r"^我们?家里?(?P<rest>(?P<verb>有|养了|养着)(?:一|两|三|四|五|\d+)(?:个|只|条|位|匹).+)$"),
     _zh_keep("用户家")),
    (_r(rf"^(?P<rest>(?P<verb>(?![这那他她它谁你我])[\u4e00-\u9fff]{{2,3}}|[A-Z][a-z]+)"
        rf"(?:也)?是我的?(?:{_PEOPLE_ZH}))$"),
     lambda m: (re.sub(r"是我的?", "是用户的", m["rest"], count=1), U, "用户", "relation",
                m["verb"])),
    # The team: a part of the work and its convention, a tool, a routine.
    (_r(rf"{_ZH_TEAM_HEAD}(?P<rest>(?:[A-Za-z][\w.+#-]*\s*)?(?:主|默认)?(?:{_ZH_PARTS})"
        rf"\s*{_ZH_ADV}"
        r"(?:至少要|至少|需要|要写|要用|要|得|是用|是|用|使用|采用|托管在|部署在|跑在|放在|写|基于|返回"
        r"|在\s*(?=[A-Z])|叫"
        r"|走|开|提交到|合并到)\s*.+)$"), _zh_team),
    (_r(rf"{_ZH_TEAM_HEAD}(?P<rest>{_ZH_ADV}(?:用|使用|采用)\s*(?:[A-Za-z0-9][\w.+#-]*|"
        rf"{_ZH_TEAM_TOOLS}).*)$"), _zh_team),
    (_r(rf"{_ZH_TEAM_HEAD}(?P<rest>每(?:周|天|月|个月|两周|个工作日|个?星期)[一二三四五六日天]?.{{2,20}})$"),
     _zh_team),
]

#: Tried after :data:`vecmem.rules.extract_rules.RULES` (the first rule that accepts wins).
PASSING_RULES: list[tuple[re.Pattern[str], Builder]] = [
    *_EN_USER, *_EN_PEOPLE, *_EN_THINGS, *_EN_TEAM, *_ZH_RULES,
]
# "时区 UTC+8", "theme 用 dark": a label and a value-looking object, with or without a verb.
PASSING_RULES.append((
    _r(r"^(?P<k>时区|主题|theme|编辑器|editor|终端|shell|字体|font)(?:\s*(?:[:：]|是|为|用|设为)\s*|\s+)"
       r"(?P<v>[A-Za-z0-9][\w.+:/-]*)$"),
    lambda m: (f"{m['k']}：{m['v']}", E, m["k"], "是", m["v"])))

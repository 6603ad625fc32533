"""Rules for the shapes agent chats use (issue 15 item 6, round 4), after
:mod:`extract_rules` and :mod:`extract_passing`.

Read from a dev set of chat turns (``tests/data/extract_round4.jsonl``, tune split), one
group per grammatical category, in both languages:

* **the platform and the tools** — "I'm on Fedora 40", a verbless tool list after a
  job ("…, mostly React and TypeScript"), a Latin-named thing of the user's with its value
  ("我的 default model 是 gpt-4o-mini", "我主力语言是 TypeScript"), a tool said with the
  topic first ("数学我用的是张宇的教材"), the language written ("主要写 C 和 Rust");
* **home, work and plans** — a home said through the dwelling ("I've rented a flat in
  Hackney since 2019"), "老家是成都的", a job move ("从阿里跳槽到了字节"), what the user
  is preparing ("在准备考研"), their goal, a daily rhythm with its hour ("一般晚上十一点
  以后才开始写代码");
* **health said with a Latin name** ("我有 ADHD");
* **pets and people** — a pet named in the sentence that introduces it ("We adopted a
  rescue greyhound called Biscuit"); colleagues, bosses, roommates and friends with what
  lasts about them, kept as theirs ("我室友是护士", "我老板 Kevin 只接受 Slack 沟通");
* **the team and its environments** — a Latin-labelled part of the team's work ("我们
  team 的 on-call 用 PagerDuty"), where an environment's part runs ("prod 的 k8s cluster
  在 AWS ap-northeast-1").

Each rule is ``(pattern, builder)`` as in :mod:`extract_rules`.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_build import (
    _DEICTIC,
    _POINTS_ELSEWHERE,
    _TO_YOU,
    Builder,
    Built,
    E,
    U,
    _join,
    _r,
    _third_person,
    _value,
)
from vecmem.rules.extract_screen import (
    TRANSIENT,
    ZH_HEARSAY,
)
from vecmem.rules.extract_words import (
    _DATE_ZH,
    _DATED_EN,
    _KIN_EN,
    NATIONALITY_EN,
    THE_TASK_EN,
)
from vecmem.text import lazy_re

__all__ = ["CHAT_RULES"]

# ---- English ---------------------------------------------------------------------------

_PLATFORM_EN = (
    r"(?:an? )?(?:Mac(?:Book(?: Pro| Air)?)?|macOS|Windows|Linux|Ubuntu|Fedora|Debian|Arch"
    r"|Manjaro|NixOS|Mint|Pop!?_OS|WSL2?|ChromeOS|Chromebook|iPhone|iPad|Android|Pixel|M[1-4]"
    r"|ThinkPad|Raspberry Pi|FreeBSD|openSUSE|Gentoo|Alpine|Python|Node|Java|Go|Rust)\b"
)


def _en_user(template: str, predicate: str) -> Builder:
    def build(m: re.Match[str]) -> Built | None:
        x = _value(m["x"])
        if x is None or _TO_YOU.search(x) or TRANSIENT.search(x) or _POINTS_ELSEWHERE.search(x):
            return None
        return template.format(x=_third_person(x)), U, "user", predicate, x

    return build


def _dated_plan_we(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None or not _DATED_EN.search(x) or re.search(r"(?i)\bif\b", x):
        return None
    if THE_TASK_EN.match(x.partition(" ")[2]):
        return None  # "we're planning to migrate the database": the team's work, not a life
    return f"The user is planning to {_third_person(x)}", U, "user", "plans", x


def _dated_we_trip(m: re.Match[str]) -> Built | None:
    x = _value(m["x"], cut=False)
    if x is None or not _DATED_EN.search(x) or re.search(r"(?i)\bif\b", x):
        return None
    return f"The user is {_third_person(x)}", U, "user", "plans", x


def _pair(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None or TRANSIENT.search(x) or _TO_YOU.search(x):
        return None
    return (f"The user and their {m['k'].lower()} {_third_person(x)}", U, "user", "relative",
            x)


def _kin_thing(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None or TRANSIENT.search(x) or _POINTS_ELSEWHERE.search(x):
        return None
    return (f"The user's {m['k'].lower()}'s {m['t'].lower()} {m['v'].lower()} "
            f"{_third_person(x)}", U, "user", "relative", x)


# Heads that name no occasion of the user's: a state, a mood, a thing of the moment.
_NOT_AN_OCCASION = (r"mind|head|heart|mood|phone|battery|laptop|computer|code|build|branch|pr"
                    r"|bug|test|file|order|package|car|room|house|office|desk|bag|favorite"
                    r"|favourite|guess|point|question|answer|problem|issue|plan|idea|schedule"
                    r"|day|week|time|turn")


def _dated_thing(m: re.Match[str]) -> Built | None:
    x = _value(m["x"])
    if x is None or not _DATED_EN.search(x) or re.search(r"(?i)\bif\b", x):
        return None
    if TRANSIENT.search(x) or _POINTS_ELSEWHERE.search(x):
        return None
    return f"The user's {m['k']} is {_third_person(x)}", U, "user", "plans", x


def _document(m: re.Match[str]) -> Built | None:
    x = _value(m["x"], cut=False)
    if x is None or not (_DATED_EN.search(x) or re.search(r"\b(?:19|20)\d\d\b", x)):
        return None
    return f"The user's {m['k'].lower()} {m['v'].lower()} {x}", U, "user", "plans", x


def _dwelling(m: re.Match[str]) -> Built | None:
    since = re.search(r"\bsince (?:\d{4}|(?:last|this) \w+)", m["rest"] or "")
    tail = f" ({since[0]})" if since else ""
    return f"The user lives in {m['x']}{tail}", U, "user", "lives_in", m["x"]


_PEOPLE_EN = (r"manager|boss|colleague|coworker|co-worker|teammate|best friend|friend|roommate"
              r"|flatmate|neighbou?r|mentor|landlord|landlady|tech lead|team lead|cto|ceo|client")
# What lasts about a colleague or a friend, not their mood: where, what work, what diet.
_PEOPLE_EN_VERBS = (
    r"(?:is|are) (?:based|located) in|lives? in|works? (?:at|for|in|as|on|remotely)"
    r"|(?:is|are) from|(?:only|never) (?:drinks?|eats?|uses?|takes?|works?|answers?|reads?"
    r"|replies?|does)|(?:is|are) (?:allergic|vegan|vegetarian|diabetic|pregnant|colou?r ?blind)"
    r"|(?:is|are) (?:an?|the|our|my) (?:[\w-]+ ){0,2}(?:engineer|developer|designer|manager"
    r"|lead|doctor|nurse|lawyer|teacher|dba|sre|admin|architect|founder|owner|maintainer)"
    r"|maintains?|owns?|runs?|speaks?|prefers?|doesn't (?:eat|drink)|does not (?:eat|drink)"
    r"|can't (?:eat|drink)|hates|dislikes|loves|likes")


def _person_en(m: re.Match[str]) -> Built | None:
    x = _value(m["x"]) if m["x"].strip() else ""
    if x is None or _TO_YOU.search(x) or TRANSIENT.search(x):
        return None
    if not m["n"] and re.match(r"(?i)(?:hates|dislikes|loves|likes)$", m["v"]):
        return None  # "my boss hates me": a taste is kept only of a person named
    if not x and not re.search(r"\s\S+\s", m["v"]):
        return None  # a bare verb with nothing after it states nothing
    name = f" {m['n']}" if m["n"] else ""
    text = " ".join(p for p in (f"The user's {m['k'].lower()}{name}", m["v"], _third_person(x))
                    if p)
    return text, U, "user", "relation", x or m["v"]


_EN_RULES: list[tuple[re.Pattern[str], Builder]] = [
    # "My manager Priya is based in Bangalore", "My colleague Ana only drinks decaf".
    (lazy_re(rf"^(?i:my|our) (?P<k>(?i:{_PEOPLE_EN}))(?:,? (?P<n>[A-Z][a-z]+),?)? "
             rf"(?:also |still )?(?P<v>(?i:{_PEOPLE_EN_VERBS}))(?P<x>(?: .+)?)$"), _person_en),
    # "Call me Bea", "People call me Jay", "Everyone calls me JJ": what the user goes by.
    (lazy_re(r"^(?:(?:please )?call me|(?:people|everyone|everybody|my friends|friends)"
             r" (?:call|calls) me|I go by the name|you can call me) (?P<x>(?-i:[A-Z])[\w'-]{1,20}"
             r"(?: (?-i:[A-Z])[\w'-]+)?)$",
             re.IGNORECASE),
     _en_user("The user goes by {x}", "named")),
    # "We live in a small town outside Utrecht": the household's home is the user's.
    (lazy_re(r"^we (?:live|have lived|are based|'re based|are living) (?P<x>(?:in|near|outside"
             r"|just outside|on) (?:(?:a|an|the) (?:[\w-]+ ){0,2}(?:town|city|village|suburb|flat"
             r"|apartment|house|farm|condo)\b.*|(?:the )?(?-i:[A-Z]).*))$", re.IGNORECASE),
     _en_user("The user lives {x}", "lives_in")),
    # "We're planning to take a team trip next month": a dated plan of a "we" the user is
    # part of is the user's plan.
    (lazy_re(r"^we (?:are|'re) (?:planning|hoping|aiming) to (?P<x>(?!(?:be|get|have|need"
             r"|see|try|do|make|fix|ship|release|merge|deploy)\b)(?-i:[a-z]+) .+)$", re.IGNORECASE),
     lambda m: _dated_plan_we(m)),
    # "We love being outdoors", "We all enjoy hiking": what the user's family does for joy
    # (not a tool of the team's work: "we love using pnpm").
    (lazy_re(r"^we (?:all |both |really |just |absolutely )*(?:love|enjoy|like) (?P<x>(?!(?:using"
             r"|working|writing|shipping|deploying|coding|building|running|testing|having|it|that"
             r"|this)\b)[a-z]+ing\b.*)$", re.IGNORECASE),
     _en_user("The user's family loves {x}", "likes")),
    # "We're going to Bali next month": the household's dated trip.
    (lazy_re(r"^we (?:are|'re) (?P<x>(?:going|flying|heading|traveling|travelling|driving)"
             r" (?:to|back to|home to) (?-i:[A-Z]).+)$", re.IGNORECASE), _dated_we_trip),
    # "I'm on Fedora 40 with GNOME", "I'm running Windows 11": the platform, by name.
    (lazy_re(rf"^I (?:am on|am running|run) (?P<x>{_PLATFORM_EN}.*)$"),
     _en_user("The user is on {x}", "uses")),
    # "I'm Brazilian", "I'm Taiwanese but live in Berlin": where the user is from.
    (lazy_re(rf"^I am (?P<x>(?:{NATIONALITY_EN})(?:[- ](?:{NATIONALITY_EN}|born|American))?)\b"
             r"(?!\s+(?:food|cuisine|style|movies?|music|restaurants?)\b).*$"),
     _en_user("The user is {x}", "is_from")),
    # "I've been sober for three years", "I've been vegan since 2019".
    (lazy_re(r"^I have been (?P<x>(?:sober|vegan|vegetarian|pescatarian|gluten[- ]free"
             r"|dairy[- ]free|teetotal|smoke[- ]free|clean) (?:for|since) .+)$", re.IGNORECASE),
     _en_user("The user has been {x}", "is")),
    # "I'm a cat person", "I'm a morning person".
    (lazy_re(r"^I am an? (?P<x>(?:cat|dog|morning|night|coffee|tea|beach|mountain|people|numbers"
             r"|book|city|country|winter|summer|indoor|outdoor) person)\b.*$", re.IGNORECASE),
     _en_user("The user is a {x}", "is")),
    # "English is my second language".
    (lazy_re(r"^(?P<x>(?-i:[A-Z])\w+) is my (?P<k>first|second|third|native|main) language\b.*$",
             re.IGNORECASE),
     lambda m: (f"The user's {m['k'].lower()} language is {m['x']}", U, "user", "language",
                m["x"])),
    # "We're a three-person startup doing climate analytics": the user's company.
    (lazy_re(r"^we are (?P<x>an? (?:[\w-]+ ){0,3}(?:startup|company|team|agency|shop|studio"
             r"|nonprofit|non-profit|consultancy|lab|firm|business)\b.*)$", re.IGNORECASE),
     _en_user("The user's team is {x}", "team")),
    # "My husband and I both work from home".
    (lazy_re(r"^(?i:my) (?P<k>(?i:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|sister"
             r"|brother|mom|dad|mother|father)) and I (?P<x>(?:both |also )?(?:work|live|have"
             r"|speak|run|own|teach|study|love|enjoy|are (?:both )?(?:vegan|vegetarian|from"
             r"|based in|moving|getting married|expecting))\b.+)$"),
     lambda m: _pair(m)),
    # "My daughter's school starts at 8:15": a relative's standing schedule or thing.
    (lazy_re(r"^(?i:my) (?P<k>(?i:daughter|son|kid|kids|child|children|wife|husband|partner|mom"
             r"|dad|twins))'s? (?P<t>(?i:school|class|daycare|nursery|bedtime|teacher|doctor"
             r"|allergy|allergies|team|practice|lessons?)) (?P<v>is|starts|ends|begins|are|is at"
             r"|is on) (?P<x>.+)$"),
     lambda m: _kin_thing(m)),
    # "My passport expires in March next year": a document's date.
    (lazy_re(r"^(?i:my) (?P<k>(?i:passport|visa|driver's license|driving licence|license|licence"
             r"|lease|contract|work permit|residence permit|green card|insurance|membership))"
             r" (?P<v>(?i:expires|ends|runs out|renews|is valid until|is up)) (?P<x>.+)$"),
     lambda m: _document(m)),
    # "My thesis defense is on May 9", "My daughter's wedding is in October next year": a
    # dated occasion of the user's (or of a relative's) is a plan with its date.
    (lazy_re(rf"^(?i:my) (?P<k>(?:(?i:{_KIN_EN})'s )?(?!(?:(?i:{_NOT_AN_OCCASION}))\b)"
             r"(?:[\w-]+ ){0,2}[\w-]+) (?:is|'s|will be) (?P<x>(?:on|in|this|next|from|set for"
             r"|scheduled for) .+)$"),
     _dated_thing),
    # "I'm a Vim person", "I'm a Linux guy": a named camp the user belongs to.
    (lazy_re(r"^I am an? (?P<x>(?-i:[A-Z])[\w+#.-]*(?: [\w+#.-]+)? (?:person|user|guy|girl|fan"
             r"|nerd|geek|convert|enthusiast|loyalist|diehard))\b.*$"),
     _en_user("The user is a {x}", "is")),
    # "…, mostly React and TypeScript": a verbless tool list, read as a piece of a clause.
    (lazy_re(r"^(?i:mostly|mainly|primarily|largely)(?: (?:in|with|using))? (?P<x>[A-Z][\w.+#-]*"
             r"(?:(?:,| and| &|, and) [A-Z][\w.+#-]*)*)$"),
     _en_user("The user mostly works with {x}", "uses")),
    # "We adopted a rescue greyhound called Biscuit in the spring."
    (lazy_re(r"^(?:I|[Ww]e) (?:have |just |recently |finally )*(?:adopted|got|rescued|have|have"
             r" got) (?P<x>an? (?:[\w-]+ ){0,3}(?:called|named) [A-Z][a-z]+)\b.*$"),
     _en_user("The user has {x}", "has")),
    # "I've rented this flat in Hackney since 2019": the home, said through the dwelling.
    (lazy_re(r"^I (?:have )?(?:been )?(?:rented|rent|renting|own|owned|lived in|living in)"
             r" (?:a|an|this|my|our|the) (?:[\w-]+ )?(?:flat|apartment|house|place|condo|home"
             r"|studio|loft) in (?P<x>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)(?P<rest>.*)$"), _dwelling),
]

# ---- Chinese ---------------------------------------------------------------------------


def _zh(prefix: str, predicate: str | None = None) -> Builder:
    """Keep the user's wording after "我" (rewritten to the third person)."""

    def build(m: re.Match[str]) -> Built | None:
        rest = _value(m["rest"])
        if rest is None or TRANSIENT.search(rest):
            return None
        obj = (m.string[m.end("verb"):].strip() if m.groupdict().get("verb") else "") or rest
        if _DEICTIC.match(obj):
            return None
        return (_join(prefix, _third_person(rest)), U, "用户",
                predicate or (m.groupdict().get("verb") or "是"), obj)

    return build


_ILLNESS_ZH = (
    r"(?:ADHD|OCD|PTSD|IBS|PCOS|GERD|COPD|ASD|CFS|SAD|甲亢|甲减|痛风|贫血|胃炎|湿疹|鼻炎"
    r"|抑郁症?|焦虑症?|颈椎病|腰椎间盘突出|心脏病|癫痫|高血脂|脂肪肝|荨麻疹|哮喘|糖尿病|高血压)"
)
_EXAMS_ZH = (r"考研|考试|雅思|托福|GRE|GMAT|IELTS|TOEFL|面试|婚礼|答辩|考公|司考|法考|CPA|PMP"
             r"|注会|论文|毕业设计|毕设|高考|中考|驾照|驾考")
_ZH_USER = [
    # A job move: "我去年从阿里跳槽到了字节", "我下个月入职腾讯".
    r"(?:从.{1,12}?)?(?P<verb>跳槽到了?|跳槽去了?|跳到了?|入职了?|换到了?)[^，,]{1,16}",
    r"(?P<verb>老家是|老家在)[^，,]{1,12}",
    rf"(?:正在|在|一直在)?(?P<verb>准备|备考|筹备|复习)(?:{_EXAMS_ZH})[^，,]{{0,16}}",
    r"(?:的)?(?P<verb>目标是|梦想是)[^，,]{2,20}",
    # A daily rhythm with its hour ("一般晚上十一点以后才开始写代码").
    r"(?:一般|通常|平时|习惯|总是|基本上?|都|每天)+(?:都)?(?:在)?(?P<verb>早上|上午|中午|下午"
    r"|晚上|凌晨|半夜|夜里)[^，,]{2,20}",
    # The language written: "主要写 C 和 Rust", "偶尔写点 Python".
    r"(?:主要|平时|一般|偶尔|经常|也|还)?(?P<verb>写)点?\s*(?=[A-Za-z])[^，,]{1,24}",
    rf"(?:有|患有|确诊了?|得了)?(?:轻度的?|轻微的?|严重的?)?\s*(?P<verb>{_ILLNESS_ZH})(?![^，,]*吗)"
    r"[^，,]{0,8}",
    # "我海鲜过敏", "我怀孕五个月了", "我是这个项目的负责人".
    r"(?P<verb>(?![是在有要想会不没也又好可怀还])[\u4e00-\u9fffA-Za-z]{1,6}(?<![不没点])过敏)",
    r"(?P<verb>怀孕)(?:\d{1,2}|[一二三四五六七八九十两]{1,2})(?:个月|周)了?",
    r"(?P<verb>是)[^，,]{0,12}的?(?:负责人|主管|组长|总监|技术负责人|owner|leader|lead|创始人"
    r"|合伙人|店长|老板|CTO|CEO|tech lead|maintainer)",
    # "我在杭州做前端": the field of work after "做".
    r"(?:现在|目前)?在[^，,]{1,12}?(?P<verb>做)(?:前端|后端|全栈|测试|算法|运维|产品|设计|数据分析|数据"
    r"|嵌入式|财务|销售|运营|市场|人事|HR|咨询|法务|客服|研发|硬件|芯片|安全|游戏)(?:开发|工程师)?",
    # "我是上海人", "我是东北人": where the user is from (not "我是好人", "我是外行人").
    r"(?P<verb>是)(?!好|坏|老实|普通|正常|明白|聪明|懒|外行|内行|局外|过来|苦命|有钱|穷|本分|文化|一个"
    r"|个|成年|男|女|大|小|新|老|急性|直|自己|这|那|什么)[\u4e00-\u9fff]{2,3}人",
    # "我是做跨境电商的": the trade, said as "做…的".
    r"(?P<verb>是做)[^，,]{2,10}的",
    # "我主力语言是 TypeScript", "我的主力机是 MacBook Pro".
    r"的?(?P<verb>(?:主力|常用|默认)(?:编程)?(?:语言|编辑器|机|电脑|IDE|浏览器|终端|系统|模型)?"
    r"\s*(?:是|用的是|用))\s*[^，,]{1,30}",
]


def _latin_thing(m: re.Match[str]) -> Built | None:
    if re.fullmatch(r"(?i)(?:it|this|that|code|bug|pr|problem|issue|error)", m["k"].strip()):
        return None
    return _zh("用户的", "是")(m)


_PEOPLE_ZH = r"同事|老板|领导|上司|室友|朋友|好朋友|闺蜜|发小|邻居|同学|导师|房东|合伙人|搭档"
# What lasts about a colleague or friend; a bare "在…" is usually their moment.
_PEOPLE_VERB_ZH = (r"是|有|负责|只|从不|不吃|不喝|不能吃|对|住在|养了|会|用|喜欢|讨厌"
                   r"|在[^，,]{1,10}(?:工作|上班|读书|读博|开店|开公司|开了|创业|当|做)")


def _person_zh(m: re.Match[str]) -> Built | None:
    after = m.string[m.end("k"):]
    if ZH_HEARSAY.match(after.lstrip()) or TRANSIENT.search(after):
        return None
    return _zh("用户的", "relation")(m)


def _topic_first(m: re.Match[str]) -> Built | None:
    o = _value(m["o"])
    if o is None or _DEICTIC.match(o) or TRANSIENT.search(o):
        return None
    return f"用户{m['t']}{m['verb']}{_third_person(o)}", U, "用户", "用", o


# A state of the moment, not a part of the work ("build 是 red 的", "CI 是 green").
_STATE_VALUE = lazy_re(r"(?:是|在)\s*(?:red|green|broken|down|up|failing|failed|fail|passing"
                       r"|passed|ok|okay|fine|good|bad|slow|fast|flaky|blocked|done)\b",
                       re.IGNORECASE)


def _team_label(m: re.Match[str]) -> Built | None:
    rest = _value(m["rest"])
    if rest is None or TRANSIENT.search(rest) or _STATE_VALUE.search(rest):
        return None
    return _join("用户的团队", _third_person(rest).lstrip("的 ")), U, "用户", "团队", rest


def _environment(m: re.Match[str]) -> Built | None:
    rest = _value(m["rest"])
    if rest is None or TRANSIENT.search(rest) or _STATE_VALUE.search(rest):
        return None
    return rest, E, m["env"], "在", rest


_ZH_RULES: list[tuple[re.Pattern[str], Builder]] = [
    # "大家都叫我小周", "叫我阿杰就行": what the user goes by.
    (_r(r"^(?:(?:大家|朋友们?|同事们?|别人|家里人|你可以|你就|以后)(?:都|就|可以)?叫我\s*(?P<x>"
        r"(?![你他她它去来回起吃帮做别不要过])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:就行|就好|就可以)?"
        r"|叫我\s*(?P<x2>(?![你他她它去来回起吃帮做别不要过])[\u4e00-\u9fffA-Za-z]{1,8}?)"
        r"(?:就行|就好|就可以))$"),
     lambda m: (_join("用户的称呼是", m["x"] or m["x2"]), U, "用户", "称呼", m["x"] or m["x2"])),
    # "我们下个月去云南旅游": the household's dated trip.
    (_r(rf"^(?P<rest>我们(?:要|会|打算|准备|计划)?(?:(?:{_DATE_ZH})\s*)+(?:[一二三四五六日天])?(?:要|会|打算|准备|计划)?"
        r"(?:去|飞去|飞|回|搬去|搬到|搬家|结婚|办婚礼|出发|旅游|旅行|出国)[^，,]{0,20})$"),
     lambda m: (m["rest"].replace("我们", "用户", 1), U, "用户", "plans", m["rest"])),
    *[(_r(rf"^我(?P<rest>{body})$"), _zh("用户")) for body in _ZH_USER],
    # "我的 default model 是 gpt-4o-mini", "我 MacBook 是 M3 Pro": a thing named in Latin.
    (_r(r"^我(?:用的|的)?\s*(?P<rest>(?P<k>[A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*){0,2})\s*"
        r"(?P<verb>是|用的是"
        r"|用|设成了?|设为|设置成)\s*(?=[A-Za-z0-9])[^，,]{1,30})$"), _latin_thing),
    # "我室友是护士", "我老板 Kevin 只接受 Slack 沟通": someone's lasting fact, kept as theirs.
    (_r(rf"^我的?(?P<rest>(?P<k>{_PEOPLE_ZH})\s*(?:(?![是有负只从不对住在养会用喜讨])"
        rf"(?:[\u4e00-\u9fff]{{2,3}}|[A-Z][a-z]+)\s*)?(?:也|一直|平时|现在)?(?P<verb>"
        rf"{_PEOPLE_VERB_ZH})(?:.+|(?<=[作班书博店司了业])))$"), _person_zh),
    # "数学我用的是张宇的教材": the topic first, then the user and the tool.
    (_r(r"^(?P<t>(?!这|那|它|你|他|她)[\u4e00-\u9fff]{1,4}|[A-Za-z][\w.+#-]*)\s*我\s*"
        r"(?P<verb>用的是|主要用|一般用|平时用|习惯用)\s*(?P<o>.{1,30})$"), _topic_first),
    # "我们 team 的 on-call 用 PagerDuty": a Latin-labelled part of the team's work.
    (_r(r"^(?:我们|咱们)\s*(?:团队|组里?|小组|team|Team)?\s*(?P<rest>的?\s*[A-Za-z][\w.+#/-]*"
        r"(?: [A-Za-z][\w.+#/-]*)?\s*(?:都|统一|一律)?(?:用|是|跑在|部署在|托管在|放在|在)\s*"
        r"(?=[A-Za-z0-9])[^，,]{1,30})$"), _team_label),
    # "prod 的 k8s cluster 在 AWS ap-northeast-1": where an environment's part runs.
    (_r(r"^(?P<rest>(?P<env>prod|production|staging|dev|test|qa|uat|生产|测试|线上|预发|开发)"
        r"(?:环境)?\s*的?\s*[A-Za-z\u4e00-\u9fff][\w.-]*(?: [A-Za-z][\w.-]*)?\s*(?:在|跑在|部署在"
        r"|是|用)\s*(?=[A-Za-z0-9])[^，,]{2,40})$"), _environment),
]

#: Tried after the other tables (the first rule that accepts wins).
CHAT_RULES: list[tuple[re.Pattern[str], Builder]] = [*_EN_RULES, *_ZH_RULES]

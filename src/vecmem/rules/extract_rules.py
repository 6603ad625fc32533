"""The rule tables of the rule extractor (:mod:`vecmem.rules.extract`), and what they are
built from: sentence screening, trimming a value to its clause, the third person, the
shared vocabulary of both languages, and one builder per shape of rule.

Each rule is ``(pattern, builder)``: the pattern matches a whole sentence (after the
discourse markers are stripped), the builder turns the match into ``(content, type,
subject, predicate, object)`` or refuses it (``None``). The first rule whose builder
accepts wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vecmem.text import has_cjk, lazy_re
from vecmem.types import MemoryType

__all__ = [
    "MOMENT",
    "RULES",
    "TRANSIENT",
    "ZH_HEARSAY",
    "Builder",
    "Built",
    "is_question",
    "relative_moment",
    "strip_lead",
]


# ---- sentence screening ------------------------------------------------------------------

_Q_END = lazy_re(r"(?:[?？]|(?:吗|呢|么|嘛|吧))[\s。.!！~～…]*$")
_Q_ZH = lazy_re(
    r"是不是|有没有|能不能|可不可以|要不要|会不会|对不对|好不好|行不行|为什么|为啥|怎么|"
    r"怎样|如何|什么|哪个|哪些|哪里|哪儿|多少|几个|是否|请问"
)
_Q_EN = lazy_re(
    r"^(?:what|why|how|when|where|who|whom|whose|which|can|could|would|should|do|does|did|"
    r"is|are|was|were|will|shall|may|might|have|has|am|isn't|aren't|don't|doesn't|didn't|"
    r"won't|wouldn't|shouldn't|couldn't|can't)\b",
    re.IGNORECASE,
)
_LEAD = lazy_re(
    r"^(?:对了|哦对|对(?=[,，])|另外|还有|顺便说一下|顺便说|顺便提一下|补充一下|说一下|哦|噢|嗯|其实|请记住|记住|"
    r"记一下|by the way|btw|also|oh|and|fyi|just so you know|for the record|note that|"
    r"please note that|remember that|please remember that|just to let you know|"
    # Asides that announce a fact in passing ("Quick note: I …", "提醒一下，我…").
    r"(?:please )?(?:remember|keep in mind|bear in mind|don't forget|do not forget)(?: that)?|"
    r"(?:a )?quick note|one more thing|(?:just )?a heads up|heads up|p\.?s\.?|fwiw|"
    r"for context|(?:quick |some |a bit of )?context|side note|on a side note|as you know|note|"
    r"提醒一下|提醒你一下|注意|记得|别忘了|另外说一句|说一句|插一句|多说一句|顺带一提|顺带说一下|"
    r"顺便说下|顺便讲一下|顺便讲下|说下|顺便|补充一句|跟你说一下|告诉你一下|对啦|"
    # Chat openers and time leads ("Yeah, I…", "Guess what? I…", "Last year I…",
    # "最近我…"): the fact after them is the speaker's all the same.
    r"yeah|yep|yup|yes|wow|haha|hah|lol|well|so|actually|honestly|anyway|anyways|guess what|"
    r"ooh|oh man|aw+|hey|hi|hello|omg|totally|absolutely|sure|true|cool|nice|great|awesome|"
    r"in the meantime|meanwhile|lately|recently|these days|nowadays|now|finally|plus|"
    r"(?:last|this|earlier this|next) (?:week|weekend|month|year|summer|winter|spring|fall|"
    r"autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|today|"
    r"a (?:few|couple of) (?:days|weeks|months|years) ago|since (?:we )?last (?:talked|spoke)|"
    r"since (?:we )?(?:last )?(?:talked|spoke|chatted|caught up)(?: last)?|just|"
    r"哈哈|嗯嗯|最近|这几天|这段时间|前几天|上周|上个月|去年|今年|昨天|今天)"
    r"(?:[\s,，:：、!！?？]+|(?=我))",
    re.IGNORECASE,
)
_TAIL = lazy_re(r"[\s。.!！~～…;；:：]+$")
_ZH_PARTICLE = lazy_re(r"(?<=\S)\s*(?:了|啦|哦|喔|呀|哈|嘛)+$")
_CUT = lazy_re(
    r"\s*(?:[,，;；]|\s[-–—]+\s|—|因为|所以|但是|不过|可是|\bbecause\b|\bsince\b|\bbut\b"
    r"|\bso that\b|'cause\b|\bcuz\b"
    # "… and haven't looked back", "… and keeps forgetting her pills", "… so New Year's is
    # rough": a second predicate or a consequence after the fact.
    r"|\s+and (?:haven't|hasn't|have not|has not|never|keeps?|still)\b"
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


#: A state that lasts today, or someone else's words: never a durable fact.
TRANSIENT = lazy_re(
    r"\b(?:today|tonight|right now|at the moment|this (?:morning|afternoon|evening|week)"
    r"|for (?:lunch|dinner|breakfast)|yet|anymore today|until (?:tomorrow|later))\b"
    r"|今天|今晚|昨天|刚才|刚刚|现在正|正在|马上|一会儿|待会|这会儿",
    re.IGNORECASE,
)

# Someone else's state of the day or their words, not a fact about them.
KIN_TRANSIENT = lazy_re(
    r"^(?:is|are) (?:coming|visiting|here|home|away|out|sick|busy|asleep|sleeping|on (?:the|her"
    r"|his) way|over|back|staying|calling|texting)\b|^(?:says?|said|thinks?|wants?|asked|called"
    r"|texted|told)\b"
    # A mood of the moment ("my kids are so excited about summer break") or a vague amount.
    r"|^(?:is|are) (?:(?:so|really|very|super|getting|all|just|still|pretty|kinda) )*(?:excited"
    r"|happy|sad|tired|upset|thrilled|proud|worried|bored|stoked|pumped|nervous|anxious|glad"
    r"|grateful|doing|feeling|having|loving|enjoying|growing up|getting)\b"
    r"|^(?:has|have) (?:so much|a lot|lots|fun|a blast|a great time|been)\b"
    # A verdict on them or a passing illness ("she's right", "he's impressed", "has a fever").
    r"|^(?:is|are) (?:(?:so|really|very|super|just|always|totally|absolutely|pretty) )*(?:right"
    r"|wrong|great|amazing|awesome|the best|the worst|sweet|nice|kind|lovely|wonderful"
    r"|impressed|fine|ok|okay|sick|ill|annoyed|mad|angry|cute|funny|hilarious|brilliant|smart"
    r"|beautiful|gorgeous|adorable|a (?:saint|gem|star|legend|champ|genius))\b"
    r"|^(?:has|have) (?:a |the )?(?:fever|cold|cough|flu|headache|temperature|stomach bug"
    r"|sore throat|runny nose)\b"
    # What they are doing this minute ("my dog is sleeping next to me").
    r"|^(?:is|are) (?:\w+ )?(?:sitting|lying|napping|barking|crying|waiting|eating|watching"
    r"|driving|cooking|helping|screaming|playing (?:outside|with)|taking a nap)\b",
    re.IGNORECASE)
# Someone's words or a passing state ("我妈说…", "我儿子在睡觉"), not a fact about them.
ZH_HEARSAY = lazy_re(r"^(?:说|觉得|认为|让|叫我|问|想让|希望|要我|刚|在家|来了|走了|睡了|回来"
                     r"|是对的|说得对|很好|真好|太好了|真棒|好厉害|发烧|感冒|咳嗽|不舒服"
                     r"|不在|在路上|生病了|出差了|在(?:睡觉|玩|哭|吃饭|外面|洗澡|写作业|看电视|闹|午睡"
                     r"|旁边|身边))")
# A moment, whatever the rule: "… tonight", "… right now" is never a standing fact.
MOMENT = lazy_re(r"\b(?:tonight|right now|at the moment|this (?:morning|afternoon|evening))\b"
                 r"|今晚|这会儿|此刻|眼下", re.IGNORECASE)



def relative_moment(phrase: str) -> bool:
    """True when what is said of a relative ("is coming over", "says …", "is so excited")
    lasts a moment — except a visit or a move with a date: "my sister is visiting next
    week" is a plan."""
    if not KIN_TRANSIENT.match(phrase):
        return False
    return not (_VISIT.match(phrase) and _DATED_EN.search(phrase))


_VISIT = lazy_re(r"^(?:is|are) (?:coming|visiting|staying|flying|arriving|moving|over"
                 r"|getting married|getting engaged|having a baby|expecting|graduating|retiring"
                 r"|starting)\b",
                 re.IGNORECASE)


def is_question(sentence: str) -> bool:
    """True for questions and requests phrased as questions, in Chinese or English."""
    s = sentence.strip()
    return bool(_Q_END.search(s) or _Q_ZH.search(s) or _Q_EN.match(s))


def strip_lead(sentence: str) -> str:
    s = sentence.strip().replace("’", "'")
    while True:
        stripped = _LEAD.sub("", s, count=1)
        if stripped == s:
            return _TAIL.sub("", s)
        s = stripped.strip()


# A cut that fell inside a list of adjectives ("creating a safe, inclusive space"): what
# is left would end on "a safe", a different, truncated fact, so the comma is kept.
_ENDS_ON_MODIFIER = lazy_re(r"\b(?:a|an|the|some|my|our)\s+[a-z]+$", re.IGNORECASE)
_LIST_GOES_ON = lazy_re(
    r"^\s*,\s*(?!(?:and|but|so|or|which|who|where|when|i|we|it|they|he|she|you|that|this|plus"
    r"|too|also|especially|a|an|the|my|some|one|two|three|then|now|just)\b)"
    # A gerund clause ("…, coming up with something") is no adjective ("…, inviting place").
    r"(?![a-z]+ing\s+(?:up|with|out|the|a|an|to|in|on|my|some|down|around|for|and|of|at|it"
    r"|them|me|over|back|through)\b)[a-z]+\s+[a-z]+")


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
        return re.sub(r"我(?!们)", "用户", x)  # "我们" is the team, not the user
    for first, third in _PRONOUNS_EN:
        x = re.sub(rf"\b{first}(?![\w'])", third, x)
    return x


# Contractions before the bare "I", so "I'm" becomes "they're" and not "they'm".
_PRONOUNS_EN = (("I'm", "they're"), ("I am", "they are"), ("I was", "they were"),
                ("I've", "they've"),
                ("I'd", "they'd"), ("I'll", "they'll"), ("I", "they"), ("my", "their"),
                ("me", "them"), ("mine", "theirs"), ("myself", "themselves"))


def _join(head: str, tail: str) -> str:
    """Join a Chinese template and a value, with a space before Latin text for reading."""
    return f"{head} {tail}" if tail[:1].isascii() and tail[:1].isalnum() else head + tail


# ---- the rules -------------------------------------------------------------------------------

Built = tuple[str, MemoryType, str | None, str | None, str | None]
Builder = Callable[[re.Match[str]], Built | None]

#: Nationalities, faiths and regions: "I'm Brazilian" says where the user is from, not
#: their name.
NATIONALITY_EN = (
    r"American|British|Canadian|Australian|Brazilian|Mexican|Chinese|Japanese|Korean|Indian"
    r"|German|French|Italian|Spanish|Portuguese|Dutch|Swedish|Norwegian|Danish|Finnish|Polish"
    r"|Russian|Ukrainian|Irish|Scottish|Welsh|English|Turkish|Greek|Egyptian|Nigerian|Kenyan"
    r"|Vietnamese|Thai|Filipino|Filipina|Indonesian|Malaysian|Singaporean|Pakistani|Israeli"
    r"|Iranian|Argentinian|Argentine|Chilean|Colombian|Peruvian|Cuban|Swiss|Austrian|Belgian"
    r"|Czech|Hungarian|Romanian|Taiwanese|Cantonese|Jewish|Muslim|Catholic|Buddhist|Hindu"
    r"|Asian|European|African|Latina|Latino|Hispanic|Ghanaian|Ethiopian|Moroccan|Lebanese"
    r"|Serbian|Croatian|Bulgarian|Icelandic|Scandinavian|Kiwi|Aussie|Texan|Californian"
)
_CONFIG_ZH = (
    r"端口|模型|数据库|地址|路径|版本|超时|时区|目录|域名|主机|分支|编码|维度|日志级别|镜像|"
    r"并发数|线程数|区域|语言|编辑器|终端|shell|IDE"
)
_CONFIG_EN = (
    r"port|model|database|db|host|hostname|endpoint|url|path|directory|dir|timezone|"
    r"time zone|locale|branch|version|timeout|region|dimension|log level|editor|shell"
)
_SET_ZH = r"(?:改成|改为|换成|设为|设置为|设置成|调成|调到|调整为|升级到|升级为)"
_PARTS_ZH = r"前端|后端|数据库|服务端|客户端|接口|API|CI|测试|部署|构建|文档"
_PARTS_EN = (
    r"backend|back end|frontend|front end|api|server|client|app|database|service|ci|"
    r"test suite|tests|infrastructure|infra|stack|website|site|cli"
)
_JOBS_ZH = (
    r"工程师|程序员|开发者|开发|设计师|老师|教师|医生|护士|学生|研究生|博士生|经理|研究员|作家|"
    r"律师|会计|架构师|科学家|分析师|创业者|自由职业者?|运维|产品经理|全栈|销售|运营|HR|SRE|PM|QA"
    r"|DBA|DevOps|developer|engineer|designer|dev"
)
_JOBS_EN = (
    r"engineer|developer|designer|teacher|doctor|nurse|student|manager|researcher|writer|"
    r"lawyer|scientist|programmer|architect|analyst|accountant|consultant|founder|freelancer"
)
_KIN_ZH = (
    r"女儿|儿子|妻子|老婆|丈夫|老公|孩子|狗|猫|宠物|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|"
    r"男朋友|女朋友|伴侣|生日|名字|母语"
)
_KIN_EN = (
    r"daughter|son|wife|husband|partner|kid|child|dog|cat|pet|mother|mom|father|dad|brother|"
    r"sister|boyfriend|girlfriend"
)
_IMPERATIVE_EN = (
    r"use|answer|reply|respond|write|give|include|add|show|explain|start|put|keep|ask|check|"
    r"run|commit|push|format|cite|avoid|mention|call|tell|remind|speak|be|make|return|"
    r"provide|follow|test|document|delete|remove|skip|wrap|sort|translate|summarize"
)
_DATE_EN = (
    r"next (?:week|month|year|spring|summer|fall|autumn|winter|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|tomorrow|this (?:weekend|summer|winter|fall|spring)|"
    r"in (?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|\d{4})|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:january|february|march|april|june|july|august|september|october|november|"
    r"december) \d{1,2}(?:st|nd|rd|th)?|\d{4}-\d{2}-\d{2}"
    r"|(?:on )?the \d{1,2}(?:st|nd|rd|th)(?: of (?:january|february|march|april|may|june|july"
    r"|august|september|october|november|december))?"
)
_DATE_ZH = (
    r"明天|后天|下周[一二三四五六日天]?|下个?星期[一二三四五六日天]?|下个月|明年|今年|周末"
    # A month or a day in digits or in words, with its part ("三月底", "12 月", "十五号").
    r"|(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月(?:份|初|中旬|上旬|下旬|中|底)?"
    r"(?:\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号])?"
    r"|(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[号日]|\d{4}\s*年|月底|月初|年底|年初"
    r"|春节|国庆|五一|十一|元旦|中秋|端午|清明|暑假|寒假"
)
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


# ---- facts about the user: one table per language, one builder each -------------------
# Every rule below is "I <verb phrase> <object>" / "我<verb phrase>…": the English ones
# are rewritten by _user_en (the verb phrase to the third person, the object's pronouns),
# the Chinese ones keep the user's wording after "我" (_keep_zh). A row is (predicate,
# verb phrase, object pattern, what the object must be).

_ADV_EN = (
    r"(?:(?:really|also|just|recently|finally|actually|currently|now|still|even|definitely"
    r"|usually|always|often|mostly|mainly|sometimes|generally|officially|only) )*"
)
_FREQ_EN = r"usually|always|often|mostly|mainly|sometimes|generally|only"
_PETS_EN = (
    r"dogs?|cats?|pup(?:py|pies|s)?|kittens?|puppies|pets?|hamsters?|rabbits?|birds?|fish"
    r"|turtles?|horses?"
)
_KIN_MORE_EN = (
    rf"{_KIN_EN}|kids|children|sons|daughters|brothers|sisters|siblings?|twins|grandkids"
    r"|toddlers?|babies|baby|newborn|teenagers?|teens?"
    rf"|grandchildren|{_PETS_EN}"
)
_IDENTITY_EN = (
    rf"{_JOBS_EN}|artist|musician|painter|photographer|singer|dancer|chef|baker|nurse|runner"
    r"|swimmer|gamer|volunteer|mentor|coach|vet|veteran|mom|mum|dad|mother|father|parent"
    r"|single (?:mom|dad|parent|mother|father)|trans(?:gender)? (?:woman|man|person)|introvert"
    r"|extrovert|vegetarian|vegan|pianist|guitarist|drummer|violinist|cyclist|hiker|climber"
    r"|reader|author|blogger|youtuber|streamer|entrepreneur|student|teacher|[a-z]+ist|[a-z]+ian"
    r"|dev|devops|sre|pm|qa|sysadmin|intern|contractor|cto|ceo|cfo|tech lead|team lead|pilot"
    r"|paramedic|firefighter|pharmacist|dentist|therapist|plumber|electrician|mechanic"
    r"|carpenter|farmer|librarian|translator|editor|journalist|nanny|caregiver|barista"
)
_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_DATE_MORE_EN = (
    rf"{_DATE_EN}|next weekend|this (?:{_WEEKDAY})|on (?:the )?weekend"
    r"|in (?:a|one|two|three|a few|a couple of) (?:days|weeks|months|years)"
    r"|(?:later|early|end of) (?:this|next) (?:month|year|week)"
)
_ROUTINE_EN = (
    r"every (?:\w+ )?(?:days|weeks|months|years)|every other \w+|"
    rf"every (?:day|morning|evening|night|week|weekend|month|summer|winter|year|{_WEEKDAY})"
    r"|once a (?:day|week|month|year)|twice a (?:day|week|month|year)|on weekends|daily|weekly"
    r"|each (?:day|morning|week|month)|at least once a \w+"
    r"|in the (?:mornings|evenings|afternoons)|at night|on weekdays|on weeknights"
    r"|(?:\w+|\d+) times a (?:day|week|month|year)|(?:once|twice) (?:a|per) \w+"
    rf"|on (?:{_WEEKDAY})s"
)
# Objects that are no fact: only a time ("started a few days ago"), a feeling or a
# thought ("started to feel better", "got to see it"), or nothing concrete.
_NOT_OBJECT_EN = lazy_re(
    r"^(?:(?:a )?(?:few|couple of|couple) \w+ ago|\w+ ago|yesterday|today|last \w+|recently|again"
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
_DATED_EN = lazy_re(rf"\b(?:{_DATE_MORE_EN})\b", re.IGNORECASE)
_ROUTINE = lazy_re(rf"\b(?:{_ROUTINE_EN})\b", re.IGNORECASE)
# The other speaker: "I'll send you the photo tomorrow" is chatter, not the user's fact.
_TO_YOU = lazy_re(r"\b(?:you|your|yours|ya|u)\b", re.IGNORECASE)
_USER_EN: list[tuple[str, str, str, str]] = [
    # (predicate, verb phrase after "I", object, object check: "" / concrete / dated / kin)
    ("lives_in", r"live in|am living in|reside in|am based in|live (?:just )?(?:near|outside)"
     r"|have lived in|have been living in",
     r".+", ""),
    ("is_from", r"am from|am originally from|grew up in|was born(?: and raised)? in"
     r"|was raised in", r".+", ""),
    ("works", r"work (?:as|at|for|in)|am working (?:as|at|for)|have been working (?:as|at|for)"
     r"|got (?:a|my) (?:new |first |dream )?job(?: as| at| with)?"
     r"|(?:started|landed|accepted) (?:a|my) (?:new |first |dream )?job(?: as| at| with)?"
     r"|volunteer (?:at|with|for)|am volunteering (?:at|with|for)",
     r"(?!(?:a|one) team\b|together\b|hard\b|a lot\b)(?!part of a team).+", "concrete"),
    ("works", r"left|quit|lost", r"my (?:[\w-]+ ){0,3}(?:job|position|role|career)\b.*", ""),
    # Own projects under way ("I'm writing a novel", "I've been working on a screenplay").
    ("works_on", r"am working on|have been working on|am teaming up with|am partnering with"
     r"|am training for|am preparing for|am studying for|have been blogging about"
     r"|am blogging about|blog about|have been writing about|write about"
     r"|am collaborating with|have been collaborating with", r".+", "concrete"),
    ("works_on", r"am (?:writing|filming|recording|building|making|developing|designing"
     r"|directing|producing)", r"(?:my own|my first|an?|my) (?:[\w-]+ ){0,2}(?:book|novel"
     r"|movie|film|screenplay|script|album|song|app|game|website|business|course|podcast"
     r"|documentary|series|house|garden|studio|collection|memoir)\b.*", ""),
    # What the speaker is reading, playing or watching, when it is named.
    ("currently", r"am (?:reading|playing|watching|listening to)|have been (?:reading|playing"
     r"|watching|listening to)", r".*(?:\"[^\"]{2,}\"|“[^”]{2,}”|'[^']{2,}'"
     r"|\b(?:called|named|by) (?-i:[A-Z])).*", "concrete"),
    ("is", r"am (?:an?)|have been (?:an?)", rf"(?:[\w-]+ ){{0,3}}(?:{_IDENTITY_EN})"
     r"(?: (?:at|for|with|in|since) .+)?",
     ""),
    # "I'm the only backend engineer on a team of four", "I'm the tech lead".
    ("is", r"am the(?: (?:only|lead|main|sole|head|principal|primary|senior|resident|founding))?",
     rf"(?:[\w-]+ ){{0,2}}(?:{_IDENTITY_EN})(?: (?:at|for|with|in|on) .+)?", ""),
    ("is", r"am", r"(?:happily )?(?:married|engaged|divorced|single|pregnant|retired"
     r"|expecting(?: a baby)?)(?: (?:to|with) .+)?", ""),
    # "I'm part of the platform team at Zalando", "I lead a team of five data engineers".
    ("works", r"am part of|am on|am in|lead|manage|run|head|have joined|joined",
     r"(?:the|a|an|our|my) (?:[\w-]+ ){0,3}(?:team|group|squad|department|org|lab|unit)\b.*",
     "concrete"),
    ("studies", r"study|am studying|am majoring in|am learning|have been learning"
     r"|am trying to learn|am teaching myself|have been teaching myself"
     r"|graduated from|graduated with", r".+", "concrete"),
    ("studies", r"am taking|took|signed up for|enrolled in|am enrolled in|registered for",
     r".*\b(?:class|classes|course|courses|lessons?|workshop|program|degree)\b.*", "concrete"),
    ("interested_in", r"(?:am|have always been|have been|became|have become|got|get)"
     r" (?:really |so |very |super |deeply |quite )?(?:passionate about|interested in|into"
     r"|keen on|hooked on|obsessed with|a (?:big |huge )?fan of)|have been looking into"
     r"|am looking into", r".+", "concrete"),
    # A childhood favourite: "I loved reading Charlotte's Web as a kid".
    ("liked", r"loved|used to love|used to like|liked", r".+\b(?:as a (?:kid|child|teen"
     r"|teenager)|growing up|when I was (?:a kid|little|young|younger|a child))\b.*",
     "concrete"),
    ("started", r"started|began|took up|have started|have taken up|joined|have joined"
     r"|am starting|am trying out|have been trying out|got into|have gotten into"
     r"|am getting into", r".+", "concrete"),
    # Durable achievements: a tournament won, a first novel finished, an exam passed.
    ("achieved", r"won|have won", r"(?:my|a|an|the|first|\w+) (?:[\w-]+ ){0,4}(?:tournament"
     r"|competition|award|prize|race|championship|contest|medal|trophy|scholarship|grant"
     r"|title|cup|league)\b.*", ""),
    ("achieved", r"finished|completed|have finished|have completed",
     r"(?:my|a|the) (?:first |second |third |\w+ )?(?:full )?(?:marathon|half marathon|race"
     r"|degree|course|program|novel|book|screenplay|album|thesis|dissertation|triathlon"
     r"|certification|training)\b.*", ""),
    ("achieved", r"passed|have passed", r"(?:my|the|a|an) (?:[\w-]+ ){0,3}(?:exams?|tests?|bar"
     r"|boards?|interviews?|audition|course|background check)\b.*", ""),
    ("achieved", r"published|released|have published|have released",
     r"(?:my|a|an) (?:first |new |second )?(?:\w+ )?(?:book|novel|paper|article|album|song"
     r"|single|ep|game|app|podcast|collection)\b.*", ""),
    ("achieved", r"earned|received|got|was awarded", r"(?:my|a|an) (?:[\w-]+ ){0,3}(?:degree"
     r"|certificate|certification|diploma|black belt|promotion|scholarship|license|licence"
     r"|award)\b.*", ""),
    ("achieved", r"got|was", r"(?:promoted|accepted|certified|hired)\b.*", ""),
    ("used_to", r"used to", r"(?:live|work|have|play|run|own|teach|study)\b.+",
     "concrete"),
    ("has", r"have|have got|got|adopted", rf"(?:an?|one|two|three|four|five|\d+) "
     rf"(?:[\w-]+ ){{0,2}}(?:{_KIN_MORE_EN})\b(?: (?:named|called) .+)?.*", "kin"),
    ("has", r"have|have got|own|run", r"(?:a|an|my own) (?:[\w-]+ ){0,2}(?:blog|podcast"
     r"|youtube channel|channel|shop|store|business|bakery|company|garden|band|studio|website"
     r"|house|car|boat|farm)\b.*", ""),
    ("has", r"bought|got", r"(?:a|an) new .+", "concrete"),
    ("health", r"am(?: severely| very| mildly| deathly| extremely| highly| seriously| super)?",
     r"allergic to .+|lactose intolerant|diabetic|colou?r ?blind|on a (?:\w+ )?diet.*", ""),
    ("health", r"have|have had|had|suffer from|was diagnosed with|have been diagnosed with"
     r"|am recovering from",
     r"(?:type [12] )?(?:asthma|diabetes|migraines?|adhd|anxiety|depression|celiac disease"
     r"|high blood pressure|insomnia|eczema|arthritis|cancer|covid|a \w+ injury)\b.*", ""),
    ("uses", r"use|(?:code|write|program|work) (?:mostly |mainly |primarily )?in|am using"
     r"|have been using|switched to"
     r"|have switched to|moved over to|(?:have )?(?:switched|moved|migrated) from .{1,30}? to",
     r"(?!(?:it|this|that|them|the same|a lot|an?)\b)(?:[A-Z0-9][\w.+#-]*|(?:uv|pnpm|npm|yarn|bun"
     r"|deno|pip|pipx|poetry|conda|vim|neovim|nvim|emacs|zsh|fish|bash|tmux|git|docker|podman"
     r"|kubectl|helm|terraform|ruff|black|pytest|jest|vitest|vite|cargo|brew|nix|zed|helix)\b)"
     r"(?: [A-Z0-9][\w.+#-]*)?"
     r"(?:(?:,| and| &|, and) [\w.+#-]+)*(?: (?:for|as|to|since|at|last|this|in|recently"
     r"|every|daily|now|back|these|nowadays|with|instead of|rather than|over|most|mostly) .+"
     r"| (?:about |almost |over )?(?:a|an|one|two|three|four|five"
     r"|six|\d+|a few|a couple(?: of)?|several) (?:days?|weeks?|months?|years?) ago\b.*)?", ""),
    ("works", r"work remotely from|work remotely in|work from home in|work from", r".+", ""),
    ("moved_to", r"moved to|relocated to|have moved to|moved into|have moved into", r".+", ""),
    ("plans", r"am (?:planning|going|hoping|about|aiming) to|plan to|intend to|want to"
     r"|hope to|will|am gonna", r".+", "dated"),
    ("plans", r"booked|have booked|am booking",
     r"(?:a|an|my|our) (?:\w+ )?(?:flight|trip|ticket|tickets|vacation|holiday|cruise|tour"
     r"|hotel|stay)\b.*", ""),
    ("plans", r"am (?:heading|flying|traveling|travelling|going|off|visiting|driving|moving"
     r"|running|competing in|attending|speaking at|presenting at"
     r"|relocating|starting|graduating|retiring|getting married|getting engaged|having"
     r" (?:a baby|surgery|an operation))", r".+", "dated"),
    # "I have a dentist appointment next Tuesday".
    ("plans", r"have|have got|got", r"(?:an?|my) (?:[\w-]+ ){0,2}(?:appointment|interview|exam"
     r"|surgery|operation|flight|wedding|conference|checkup|check-up|deadline|trip|exam)\b.*",
     "dated"),
    # "I start at Microsoft next month", "I'm joining Stripe in May": the next employer.
    ("works", r"start at|am starting at|will start at|start (?:my (?:new )?job|work) at"
     r"|am joining|will join|am going to join",
     r"(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*)*(?: (?:as|in|on|next|this) .+)?", ""),
    # "I've been at Spotify for three years": the employer, named.
    ("works", r"have been at|have been with|have worked at",
     r"(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*)*(?: (?:for|since) .+)?", ""),
    ("works", r"teach|have taught|coach|tutor", r"(?!(?:you|them|him|her|it|this|that|me)\b)"
     r"(?:[\w-]+ ){0,3}(?:math|maths|mathematics|chemistry|physics|biology|english|history"
     r"|science|music|art|piano|guitar|yoga|french|spanish|german|chinese|kindergarten|school"
     r"|students|kids|classes|courses|at|in)\b.*", ""),
    # "I take blood thinners": a standing medication.
    ("health", r"take|am taking|am on|have been taking", r"(?:blood thinners|insulin"
     r"|antidepressants|antihistamines|statins|beta blockers|birth control|the pill|thyroid"
     r" medication|levothyroxine|metformin|warfarin|lithium|melatonin|iron supplements"
     r"|(?:\w+ )?(?:medication|meds|pills|tablets) for .+)\b.*", ""),
    # "I see a cardiologist every six months": care the user keeps up.
    ("health", r"see|visit|go to|have", r"(?:a|an|my) (?:[\w-]+ )?(?:cardiologist|therapist"
     r"|psychiatrist|psychologist|doctor|dentist|physio|physiotherapist|chiropractor"
     r"|dermatologist|endocrinologist|neurologist|oncologist|specialist|counsell?or"
     r"|nutritionist|dietitian|GP)\b.*", "routine"),
    ("health", r"have|have got|got", r"(?:an? )?(?:severe |mild |bad )?(?:[\w-]+ ){1,2}"
     r"(?:allergy|allergies|intolerance)\b.*", ""),
    ("health", r"am(?: really| very| terribly)?", r"(?:afraid|scared|terrified) of (?:flying"
     r"|heights|needles|dogs|spiders|snakes|water|the dark|crowds|elevators|driving|deep water"
     r"|blood|the dentist|hospitals)\b.*", ""),
    ("speaks", r"speak|can speak|am fluent in|speak fluent", r"(?-i:[A-Z])\w+(?:(?:,| and"
     r"| &) (?:a (?:bit|little) of )?(?:some )?(?:basic )?(?-i:[A-Z])\w+)*", ""),
    # "I maintain a Django monolith", "I'm stuck on Postgres 12": named tech of the work.
    ("works_on", r"maintain|am maintaining|own|am building|build",
     r"(?:a|an|the|our|my) (?:[\w-]+ )?(?-i:[A-Z])[\w.+#-]*(?: [\w.+#-]+){0,3}", ""),
    ("uses", r"am stuck on|am stuck with|am pinned to|am still on",
     r"(?-i:[A-Z])[\w.+#-]*(?: \d[\w.]*)?.*", ""),
    # "I have flat feet", "I had knee surgery last year": a body and its history.
    ("health", r"have|had|have had|underwent|have got|got", r"(?:flat feet|a pacemaker"
     r"|a cochlear implant|an insulin pump|scoliosis|tinnitus"
     r"|sleep apnea|(?:a )?(?:\w+ )?(?:surgery|transplant|replacement|fracture)|a heart"
     r" condition|a stent)\b.*", ""),
    # "I've got a MacBook Air M2": a named thing the user owns.
    ("has", r"have|have got|own|got|bought", r"(?:an?|my) (?:new |old )?(?-i:[A-Z])[\w-]*"
     r"(?: [\w-]+){0,3}", "owned"),

    # "I've been doing jiu-jitsu three times a week": an activity kept up, with its rhythm.
    ("does", r"do|have been doing|practi[cs]e|have been practi[cs]ing|play|have been playing"
     r"|train|have been training|go|have been going", r"(?!(?:it|this|that|some|a lot)\b).+",
     "routine"),
    ("routine", r"", r"(?:try to |like to |tend to )?(?!(?:am|is|was|were|have|had|will|would"
     r"|can|could|should|do|did|feel|felt|miss|love|think|hope|wish|know|guess|need|want|hate"
     r"|like|enjoy|prefer|dislike|mean|wonder|see)\b)"
     r"[a-z]+ .+", "routine"),
]
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
    elif _PAST.match(first) or first in ("will", "would", "can", "could", "may"):
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
        if check == "dated" and (not _DATED_EN.search(x) or re.search(r"(?i)\bif\b", x)):
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


_USER_ZH: list[str] = [
    # The part after "我" that is kept (group "rest", its verb in group "verb").
    r"(?:现在|目前|一直)?(?P<verb>住在|生活在|来自|出生在|出生于|老家在|家在|定居在).+",
    r"(?:从小|小时候)?(?P<verb>在).{1,10}长大",
    # Not "在考虑换工作", "在找工作": a thought or a search is no workplace.
    r"(?:现在|目前)?在(?!考虑|想|犹豫|纠结|找|换|准备|申请|担心)"
    r".+?(?P<verb>工作|上班|上学|读书|任职|实习|当志愿者|读研|读博|读大学|念书"
    r"|上大学)",
    rf"(?:现在|目前)?(?P<verb>是|做|当)(?:一名|一个|一位)?.{{0,12}}?(?:{_JOBS_ZH})",
    rf"(?:现在|目前)?在.{{1,12}}?(?P<verb>做|当)(?:一名|一个|一位)?.{{0,8}}?(?:{_JOBS_ZH})",
    # "我是李雷" after a greeting: a short name (not "我是北京人", "我是认真的").
    r"(?P<verb>是)(?![^，,]*(?:人|的|了|吗|呢|吧|啊)$)[\u4e00-\u9fff]{2,3}",
    r"(?P<verb>叫)(?![他她你它])[^，,]{1,20}",
    r"(?P<verb>对).{1,20}过敏",
    r"(?P<verb>对).{1,16}(?:很|非常|特别|挺|比较)?感兴趣",
    r"(?:最近|现在|一直)?(?P<verb>迷上了|爱上了|喜欢上了).{1,20}",
    r"(?P<verb>有|患有|得了)(?:轻微的|严重的)?(?:哮喘|糖尿病|高血压|偏头痛|失眠|抑郁症|焦虑症"
    r"|乳糖不耐受|过敏性鼻炎)",
    r"(?:家里?)?(?P<verb>有|养了|养着|领养了|收养了)(?:(?:一|两|三|四|\d+)?只[\u4e00-\u9fff]{0,4}"
    r"(?:猫|狗|犬|兔|鸟|鹦鹉|仓鼠|龟|鼠|猪).*|(?:一|两|三|四|\d+)(?:(?:个|只|条|位)"
    r"(?:女儿|儿子|孩子|哥哥|姐姐|弟弟|妹妹|狗|猫|小狗|小猫|宠物|兔子|仓鼠|鹦鹉)|只[\u4e00-\u9fff]{1,6}"
    r"|条(?:狗|小狗|鱼|金鱼|蛇)).*)",
    r"(?P<verb>有)(?:男朋友|女朋友|老婆|老公|对象)了?",
    r"(?:已经)?(?P<verb>结婚|订婚|离婚|怀孕|退休)了",
    r"(?:平时|一般|主要|现在|一直)?(?:一直在|在)?(?P<verb>用)\s*[A-Za-z][\w.+#-]*.{0,24}",
    r"(?:刚|最近|已经)?(?P<verb>搬到了?|搬去了?).+",
    r"(?:最近|现在|一直)?(?:正在|在)?(?P<verb>学)(?!习惯|到|会了?很多|得很)(?:习)?.{1,16}",
    r"(?:最近|刚|已经|上个月|去年|今年)?(?P<verb>开始|参加了|加入了|报了|报名了|考上了|考取了"
    r"|毕业于|毕业了)(?!觉得|感觉|想|担心|怀疑|明白|后悔|有点|变得)(?!.*(?:一下|看看|吧$)).{1,20}",
    r"(?:刚|最近|上周|上个月|去年)?(?P<verb>买了)(?:一?(?:辆|套|台|架|把|只)|新的?).{1,16}",
    r"(?:已经)?(?P<verb>订了)(?:去|飞).{1,12}的(?:机票|火车票|高铁票|酒店|船票)",
    r"(?P<verb>每(?:天|周|星期|个月|年|个周末|周末))(?:都|会)?(?!都?(?:很|好|特别|太|挺|超|非常))"
    r".{2,20}",
    rf"(?:{_DATE_ZH})?(?P<verb>打算|计划|准备|要)(?=.*(?:{_DATE_ZH})).+",
    # A dated trip said plainly: "我下个月3号去上海出差".
    rf"(?:{_DATE_ZH})(?:\d{{1,2}}[号日])?(?P<verb>去|飞去|飞|回|出发去|搬去)[^,，]{{1,16}}",
]


RULES: list[tuple[re.Pattern[str], Builder]] = [
    # -- Chinese: preferences
    (_r(r"^我(?:一直|平时|通常|比较|更|很|非常|特别|还是|最)*(?P<neg>不喜欢|讨厌|受不了)(?P<x>.+)$"),
     _pref_zh),
    (_r(r"^我\s*(?:一直|平时|通常|比较|更|很|非常|特别|还是|最)*(?:喜欢|偏好|偏爱|倾向于?|prefer\s)"
        r"(?P<x>.+)$"),
     _pref_zh),
    (_r(r"^我(?:一直|平时|通常)*(?P<habit>习惯)(?P<x>.+)$"), _pref_zh),
    (_r(r"^(?:请你?)?(?:以后|今后|往后|之后|从现在起|从现在开始)[,，]?(?:请你?|你)?"
        r"(?P<x>(?:回答|回复|都|每次|总是|始终|一律|统一|不要|别|用|使用|先).+)$"), _pref_zh),
    (_r(r"^请你?(?:始终|总是|一直|每次都?|永远)(?P<x>.+)$"), _pref_zh),
    # -- Chinese: configuration
    (_r(r"^(?:我们|项目|这个项目)?的?(?P<default>默认)的?(?P<k>[^是为用，,]{1,12}?)"
        r"(?:是|为|用|设为|设置为|改成|改为|换成)(?P<v>.+)$"), _kv_zh),
    (_r(rf"^(?:我们|我)?(?:已经)?把(?P<k>[^，,]{{0,12}}?(?:{_CONFIG_ZH}))(?:号)?"
        rf"{_SET_ZH}了?(?P<v>.+)$"), _kv_zh),
    (_r(rf"^(?P<k>(?![这那])[^，,我]{{0,12}}?(?:{_CONFIG_ZH}))(?:号)?(?:已经|现在|目前)?"
        rf"(?:{_SET_ZH}|是|为|用)了?(?P<v>.+)$"), _kv_zh),
    # -- Chinese: project facts
    (_r(r"^(?:这个|本|我们的?|该|当前)?项目(?:现在|目前)?(?P<rest>(?:是|都是)?"
        r"(?P<verb>用|使用|采用|基于|依赖|跑在|运行在|部署在|需要).+)$"),
     _keep_zh("项目", J, "项目")),
    (_r(rf"^(?:我们的?|项目的?|这个项目的?)(?P<rest>(?:{_PARTS_ZH})(?:现在|目前)?(?:是|都是)?"
        r"(?P<verb>用|使用|采用|基于|跑在|部署在|写在|是).+)$"), _keep_zh("项目", J, "项目")),
    (_r(rf"^我们(?:现在|目前)?(?:用|使用|采用)(?P<x>.+?)(?:来)?(?:做|作为|当|写)"
        rf"(?P<part>{_PARTS_ZH})(?:框架|工具)?$"), _tool_for_zh),
    # -- Chinese: facts about the user
    (_r(rf"^我(?:的|家的?)?(?P<rest>(?P<k>{_KIN_ZH})(?:的名字)?(?:现在|今年|也)?(?P<verb>叫|是|名叫|在|喜欢|爱|会|学|上|读"
     r"|对).+)$"),
     _unless_hearsay(_keep_zh("用户的", U, "用户"))),
    *[(_r(rf"^我(?P<rest>{body})$"), _keep_zh("用户", U, "用户")) for body in _USER_ZH],
    # -- English: preferences
    (_r(r"^I (?:really |strongly |generally |usually |always |much |definitely |still )*"
        r"(?:don'?t like|do not like|dislike|hate|can'?t stand) "
        # "I hate when the build breaks": a complaint about a moment, not a preference.
        r"(?!(?:when|how|that|it when|it how|being|people who)\b)(?P<x>.+)$"),
     _en("User dislikes {x}", P, "user", "dislikes", concrete=True)),
    (_r(r"^I (?:really |strongly |generally |usually |always |much |definitely |still )*"
        r"prefer (?P<x>.+)$"), _en("User prefers {x}", P, "user", "prefers", concrete=True)),
    # "I love that you…", "I like how…" are reactions to the conversation, not preferences.
    (_r(r"^I (?:really |generally |usually |always |definitely |still |also |do )*"
        r"(?:like|love|enjoy) (?:also )?(?!(?:that|how|when|what|it|this|these|those|them|him|"
        r"her|the way|the idea|the thought|seeing|your|you)\b)"
        r"(?P<x>.+)$"), _en("User likes {x}", P, "user", "likes", concrete=True,
                            reaction=True)),
    # Without "please", only with an imperative verb: "Always good to hear" is chatter, and
    # so is encouragement ("Never give up!", "Always be yourself").
    (_r(rf"^(?:please (?P<adv>always|never) (?:please )?(?P<x>.+)|(?P<adv2>always|never) "
        r"(?!give up|stop (?:believing|dreaming|trying|learning)|lose hope|be yourself|believe)"
        rf"(?P<x2>(?:{_IMPERATIVE_EN})\b.+))$"),
     _en("User prefers that you {adv} {x}", P, "user", "prefers")),
    (_r(r"^(?:from now on|going forward|in (?:the )?future),? (?:please )?(?P<x>.+)$"),
     _en("User prefers that you {x}", P, "user", "prefers")),
    # -- English: configuration
    (_r(r"^(?:we|I) (?:now )?(?:use|are using|'re using|am using|'m using) (?P<x>.+?) "
        r"as (?:the|our|my) default (?P<k>[\w .-]{1,30})$"),
     _en("the default {k} is {x}", E, "config", "is")),
    (_r(r"^(?:the |our |my )?default (?P<k>[\w .-]{1,30}?) is (?:now |set to )?(?P<x>.+)$"),
     _en("the default {k} is {x}", E, "config", "is")),
    (_r(rf"^(?!(?:the |our |my )?branching )"
        rf"(?P<k>(?:the |our |my )?(?:[\w.-]+ ){{0,2}}(?:{_CONFIG_EN}))(?: number)? "
        r"(?:is now|is|has been changed to|was changed to|changed to|is set to|has been set to) "
        r"(?P<x>.+)$"), _en("the {k} is {x}", E, "config", "is", value_like=True)),
    (_r(rf"^(?:I|we) (?:have )?(?:changed|set|switched|moved|updated|bumped) "
        rf"(?P<k>(?:the |our |my )?(?:[\w.-]+ ){{0,2}}(?:{_CONFIG_EN})) to (?P<x>.+)$"),
     _en("the {k} is {x}", E, "config", "is", value_like=True)),
    # -- English: project facts
    # "Our team uses Postgres 16": the user's team (rules/extract_passing.py, conventions).
    (_r(r"^(?:the|our|my) (?P<k>team|company) (?P<v>uses|is using|is built with|is built on"
        r"|runs on|targets|requires|depends on|is based on) (?P<x>.+)$"),
     _en("the user's {k} {v} {x}", J, "project", "uses")),
    (_r(r"^(?:this|the|our|my) (?P<k>project|team|company|startup) (?P<v>uses|is using|is built"
        r" with|is built on|is written in|runs on|targets|requires|depends on|is based on) "
        r"(?P<x>.+)$"),
     _en("the {k} {v} {x}", J, "project", "uses")),
    (_r(r"^(?:we|our team|my team|the team) (?P<v>deploy|host|ship|release|test|build)s? "
        r"(?:it |everything |all |our \w+ )?(?P<x>(?:with|to|on|via|using|through) .+)$"),
     _en("the user's team {v}s {x}", J, "project", "deploys")),
    # "We have two kids": the family, when what "we" have is family.
    (_r(rf"^we have (?P<x>(?:an?|one|two|three|four|five|\d+) (?:[\w-]+ ){{0,2}}"
        rf"(?:{_KIN_MORE_EN})\b.*)$"), _en("the user has {x}", U, "user", "has")),
    (_r(rf"^(?:our|the|my) (?P<k>{_PARTS_EN}) (?P<v>(?:is |was |are )?(?:written in|built with|"
        r"built on|using|uses|runs on|deployed on|deployed to|hosted on|based on|powered by)) "
        r"(?P<x>.+)$"), _en("the {k} {v} {x}", J, "project", "uses")),
    (_r(rf"^we (?:use|are using|'re using) (?P<x>.+?) for (?:the |our )?(?P<k>{_PARTS_EN}|"
        r"testing|deployment|builds|packaging)$"),
     _en("the project uses {x} for {k}", J, "project", "uses")),
    # -- English: facts about the user
    (_r(rf"^my (?P<k>{_KIN_EN})(?:'s name is| is named| is called) (?P<x>.+)$"),
     _en("the user's {k} is named {x}", U, "user", "named")),
    (_r(rf"^my (?P<k>{_KIN_EN}|name|birthday|native language|first language|mother tongue|"
        r"time ?zone) is (?P<x>.+)$"), _en("the user's {k} is {x}", U, "user", "is", kin=True)),
    (_r(r"^my (?:absolute |all-time |personal )?(?P<k>favou?rite (?!(?:one|thing|part)\b)"
        r"[\w -]{1,30}?) (?:is|are|was"
        r"|has always been) (?P<x>.+)$"), _en("the user's {k} is {x}", P, "user", "favorite",
                                                concrete=True)),
    # "My kids love dinosaurs": what a relative or pet likes or does, said by the user.
    (_r(rf"^my (?P<k>{_KIN_MORE_EN}) (?P<v>love|loves|like|likes|enjoy|enjoys|play|plays"
        r"|go to|goes to|attend|attends|study|studies|speak|speaks) (?P<x>.+)$"),
     _en("the user's {k} {v} {x}", U, "user", "relative", concrete=True)),
    # "My partner Sam is a nurse": a named relative and what is said of them.
    (lazy_re(rf"^(?i:my) (?P<k>(?i:{_KIN_MORE_EN})) (?P<n>[A-Z][a-z]+) (?P<v>is|works|lives|has"
             r"|loves|likes|plays|studies|goes|teaches|runs|owns) (?P<x>.+)$"),
     _en("the user's {k} {n} {v} {x}", U, "user", "relative")),
    # "Harry Potter is my favorite book"; "Oscar, my guinea pig".
    (_r(r"^(?P<x>(?!(?:it|this|that|he|she|they|mine|which|what)\b).{2,40}?) (?:is|are) my "
        r"(?:absolute |all-time |personal )?(?P<k>favou?rite (?!(?:one|thing|part)\b)"
        r"[\w -]{1,30})$"),
     _en("the user's {k} is {x}", P, "user", "favorite", concrete=True)),
    (lazy_re(rf"^(?:.*?\s)?(?P<x>[A-Z][a-z]+), my (?P<k>(?:[\w-]+ )?(?:{_KIN_MORE_EN}|guinea pig"
             r"|parrot|lizard|snake))$"),
     _en("the user's {k} is named {x}", U, "user", "named")),
    (lazy_re(rf"^(?:hi|hello|hey)?[,!]?\s*I am (?!(?:{NATIONALITY_EN})\b)"
             r"(?!(?:Sorry|Fine|Good|Great|Okay|Ok|Sure|Happy"
             r"|Glad|Here|Back|Done|Ready|Excited|Not|So|Very|Just|Still|Also|Really|Thrilled"
             r"|Tired|Busy|Alright|Well|In|On|At|Off|Going|Thinking|Grateful|Thankful)\b)"
             r"(?P<x>[A-Z][a-z]+(?: [A-Z][a-z]+)?)$"),
     _en("the user's name is {x}", U, "user", "named")),
    *[_user_en(*row) for row in _USER_EN],
]


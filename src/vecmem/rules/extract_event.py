"""Events of a life, told in the past: "I went to a support group last Thursday".

People mostly talk about what happened to them, and what happened is later asked about
("When did Caroline go to the support group?"). A past clause is kept when it is an
*event of the person's life* rather than a step of the task at hand or a moment of the
day. That test is made by structure, in both languages:

    subject   I | my <relative or pet> [<Name>] | we (a household event only)
    aspect    the simple past / 了 / 过 (completed) — not the progressive, not a modal,
              not a negation, not a repetition ("again", "twice", 一遍) or a brief try
              ("一下", "tried"), not "just now" (刚才) or a time of today
    predicate not a verb of perceiving, thinking, feeling, saying or trying; a verb of
              seeing, watching or reading only with a named work ("watched Little Women")
    object    a thing of a life, not an artefact of the task (a test, a branch, the logs),
              not a daily routine (coffee, lunch, bed), not deictic or vague
    evidence  a past time not of today ("last month", "in 2019", 去年), or a verb that
              changes a life (adopt, move, graduate, retire, 领养, 毕业, 退休), or a place
              or an event one went to ("went to an LGBTQ conference", "去了趟日本")

The content keeps the time words as said ("… last Thursday"); the write pipeline resolves
them to a date against when the turn was said (:mod:`vecmem.rules.when`). Read after
every table and the present-tense clause grammar (:mod:`extract_clause`) refused the
clause.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_build import (
    _POINTS_ELSEWHERE,
    _TO_YOU,
    Built,
    U,
    _third_person,
    _value,
)
from vecmem.rules.extract_clause import _IRREGULAR_PAST, _NEVER_HABIT, _TROUBLE
from vecmem.rules.extract_screen import MOMENT, strip_one_lead
from vecmem.rules.extract_words import _KIN_MORE_EN, THE_TASK_EN
from vecmem.text import has_cjk, lazy_re

__all__ = ["event_fact", "past_time_last", "past_time_said_first"]

_MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november"
           r"|december")
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# A past time that is not of today: the event has a place in the person's history.
_PAST_TIME_EN = (
    rf"yesterday|last (?:night|week(?:end)?|month|year|summer|winter|spring|fall|autumn|{_DAYS}"
    r"|semester|term|christmas|easter)|(?:a|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|a few|a couple of|couple of|several|\d+) (?:days?|weeks?|months?|years?|summers?|winters?"
    r"|springs?|falls?|autumns?|semesters?|decades?) ago"
    rf"|(?:back )?in (?:{_MONTHS}|(?:19|20)\d\d|the spring|the summer|the fall|the winter)"
    rf"|on (?:{_DAYS}|the weekend)|over (?:the )?(?:weekend|holidays?|christmas|thanksgiving"
    r"|easter|summer|break|spring break)|this past (?:week(?:end)?|month|year|summer)"
    r"|earlier this (?:week|month|year)|recently|the other day|when I was (?:a kid|young|\w+)"
    r"|this (?:spring|summer|fall|autumn|winter|year)"
)
_PAST_TIME = lazy_re(rf"\b(?:{_PAST_TIME_EN})\b", re.IGNORECASE)
# The time said first ("Last weekend I ran …"): moved last, where the grammar reads it.
_PAST_FIRST_EN = lazy_re(rf"^((?:{_PAST_TIME_EN})),?\s+(?=(?:I|my|we|My|We)\b)(.+?)([.!]*)$",
                         re.IGNORECASE)
_PAST_TIME_ZH = (
    r"昨天|前天|上周[一二三四五六日天末]?|上个?星期[一二三四五六日天]?|上个月|上月"
    r"|(?:去年|前年|今年)(?:春天|夏天|秋天|冬天|年初|年底|底|初)?|去年|前年"
    r"|前几天|前阵子|前段时间|上次|小时候|(?:\d+|[一两二三四五六七八九十几]+)\s*(?:天|周|个月|年)前"
    r"|(?:19|20)\d\d\s*年(?:\s*\d{1,2}\s*月)?|今年(?:\s*(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月)?"
    r"|(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月份?|春节|国庆|暑假|寒假|五一|十一|中秋|端午"
)
_PAST_TIME_ZH_RE = lazy_re(rf"(?:{_PAST_TIME_ZH})")
_PAST_FIRST_ZH = lazy_re(rf"^((?:(?:{_PAST_TIME_ZH})\s*)+(?:的时候)?)\s*[,，]?\s*(我们|我)")


def past_time_said_first(sentence: str) -> str | None:
    """The past time a sentence starts with (after chat openers), as it will read last."""
    moved = past_time_last(sentence)
    if moved == sentence.strip():
        return None
    m = _PAST_TIME.search(moved) or _PAST_TIME_ZH_RE.search(moved)
    return m[0] if m else None


def past_time_last(sentence: str) -> str:
    """Move a past time said first after the subject: "Yeah, last weekend I ran X" → "I
    ran X last weekend"; "去年十月我在杭州…" → "我去年十月在杭州…". Chat openers before
    the time are dropped; without a past time first the sentence is returned as it was."""
    s = sentence.strip()
    for _ in range(3):
        if _PAST_FIRST_EN.match(s) or _PAST_FIRST_ZH.match(s):
            break
        nxt = strip_one_lead(s)
        if nxt == s:
            return sentence.strip()
        s = nxt
    m = _PAST_FIRST_EN.match(s)
    if m:
        return f"{m[2]} {m[1][0].lower()}{m[1][1:]}{m[3]}"
    m = _PAST_FIRST_ZH.match(s)
    if m:
        return m[2] + m[1] + s[m.end():]
    return sentence.strip()


# ---- English ------------------------------------------------------------------------

# The base forms of the irregular pasts the grammar reads (the rest are regular: -ed).
_IRREGULAR_BASE = {
    "went": "go", "ran": "run", "took": "take", "got": "get", "had": "have", "made": "make",
    "gave": "give", "began": "begin", "won": "win", "lost": "lose", "bought": "buy",
    "sold": "sell", "built": "build", "wrote": "write", "read": "read", "saw": "see",
    "met": "meet", "flew": "fly", "drove": "drive", "rode": "ride", "swam": "swim",
    "sang": "sing", "left": "leave", "broke": "break", "became": "become", "taught": "teach",
    "spent": "spend", "held": "hold", "threw": "throw", "found": "find", "grew": "grow",
    "quit": "quit", "wore": "wear", "drew": "draw", "fell": "fall", "caught": "catch",
    "brought": "bring", "kept": "keep", "sent": "send", "told": "tell", "felt": "feel",
    "thought": "think", "heard": "hear", "said": "say", "ate": "eat", "drank": "drink",
    "slept": "sleep", "woke": "wake", "knew": "know", "forgot": "forget", "put": "put",
    "set": "set", "hit": "hit", "cut": "cut", "let": "let", "shot": "shoot", "stood": "stand",
    "led": "lead", "paid": "pay", "dug": "dig", "hung": "hang", "tore": "tear", "won't": "",
    "understood": "understand", "dreamt": "dream", "dreamed": "dream", "meant": "mean",
    "sought": "seek", "forgave": "forgive", "swore": "swear",
}
# Verbs that report a step of the task, a look, a try or a routine act of the day: no
# event of a life, whatever their object ("I deleted the branch", "I tried restarting").
_STEP_WORDS = """
    click type push pull merge commit deploy install restart reboot paste copy delete remove
    update fix check test debug refactor rename rerun retry try look glance scroll search
    google browse call email text message ping reply answer send forward upload download
    log sign print save load reload refresh open close grab fetch pick drop wait sleep wake
    nap shower eat drink snack order need want decide manage happen seem use change add
    set put let keep spend mess lose forget notice miss get talk chat speak catch figure
    wear encourage remind dream imagine pretend nearly
"""
_STEP = frozenset(_STEP_WORDS.split())
# Verbs that change a life: kept without a date.
_LIFE_WORDS = """
    adopt move relocate graduate retire marry divorce quit resign enroll enrol emigrate
    immigrate publish found launch earn pass win adopt foster propose
"""
_LIFE = frozenset(_LIFE_WORDS.split())
# Life changes that need no object ("I graduated", "my dad retired").
_INTRANSITIVE = frozenset(("graduate", "retire", "marry", "relocate", "emigrate", "immigrate",
                           "divorce", "resign", "move", "quit", "propose", "enroll", "enrol"))
# Seeing, watching, reading, hearing: an event only with a named work.
_WITNESS_WORDS = "see watch read listen hear play binge"
_WITNESS = frozenset(_WITNESS_WORDS.split())
# What "got" / "was" before a participle or an adjective says of a life.
_GOT_STATE = lazy_re(
    r"^(?:got|was|were|became|finally got) (?:officially )?(?P<s>married|engaged|divorced"
    r"|promoted|hired|accepted|certified|licensed|baptized|baptised|ordained|diagnosed"
    r"|laid off|fired|admitted|elected|awarded|nominated|selected|born|adopted|published"
    r"|hurt|injured|into (?:college|university|grad school|law school|med school"
    r"|(?-i:[A-Z])\w+)"
    r"|(?:a|another) (?:job|puppy|dog|cat|kitten|new job|scholarship|degree|tattoo|promotion|raise"
    r"|place|car|house))\b",
    re.IGNORECASE)
# A step verb whose object makes it a change of a life ("lost my job", "lost my grandma").
_LIFE_PHRASE = lazy_re(
    rf"^(?:lost|left|quit) (?:my|our|her|his) (?:(?:full-time |part-time |old |first )?(?:job"
    rf"|position|role|business|house|home)|{_KIN_MORE_EN}|grandma|grandpa|grandmother"
    r"|grandfather|mom|mum|dad|mother|father)\b", re.IGNORECASE)
# The artefacts of a task and the routine of a day: what a step or a moment acts on.
_TASK_OBJECT = lazy_re(
    r"\b(?:code|tests?|scripts?|builds?|branch(?:es)?|PRs?|pull requests?|commits?|migrations?"
    r"|bugs?|errors?|logs?|containers?|servers?|config|configs|settings?|files?|folders?|repo"
    r"|repos|query|queries|commands?|cache|pages?|tabs?|links?|messages?|emails?|texts?"
    r"|tickets?|issues?|updates?|patch(?:es)?|packages?|dependenc(?:y|ies)|docs|terminal"
    r"|screenshots?|the app|the site|the database|the api|the endpoint|pipeline|deploy"
    r"|coffee|tea|lunch|dinner|breakfast|brunch|snacks?|naps?|showers?|bed|a walk|a break"
    r"|videos?|pics?|pictures?|photos?|selfies?|groceries|laundry|dishes|the bus|the train"
    r"|a dream|dreams?|a look|a peek|a minute|a sec|a while|the news|your"
    r"|images?|binar(?:y|ies)|wheels?|bundles?|artifacts?|artefacts?|calls?|meetings?|standups?|stand-ups?|syncs?|1:1s?|one-on-ones?|demos?|huddles?)\b",
    re.IGNORECASE)
# The same clause again, or a try: a step of the work, not an event.
_REPEAT = lazy_re(r"\b(?:again|twice|once more|one more time|a few times|still)\b", re.IGNORECASE)
_ADVERBS = lazy_re(r"^(?:(?:finally|just|recently|also|actually|officially|even|once|then"
                   r"|totally|really|both) )+", re.IGNORECASE)
_REGULAR_PAST = lazy_re(r"^[a-z]{2,}ed$")
# Adjectives in -ed that are no verbs of an event ("I was tired", "I'm excited").
_ADJ_ED_WORDS = """tired excited bored interested stressed worried used supposed scared
    pleased thrilled amazed shocked surprised relieved annoyed exhausted overwhelmed
    inspired motivated"""
_ADJ_ED = frozenset(_ADJ_ED_WORDS.split())
_NAMED_WORK = lazy_re(r"[\"“'‘][^\"”'’]{2,}[\"”'’]|\b(?!I\b)[A-Z][\w'.-]*")
_PURPOSE_INF = lazy_re(r"^to (?!(?:the|a|an|my|our|their|his|her|church|school|college"
                       r"|university|work|class|camp|court|rehab|therapy|prison)\b)(?-i:[a-z])",
                       re.IGNORECASE)
# After "went": where or to what one went.
_WENT_TO = lazy_re(r"^(?:to|on|back to|out to|over to|up to|down to|into)\s+\S"
                   r"|^(?:camping|hiking|skiing|fishing|surfing|sailing|kayaking|backpacking"
                   r"|snorkeling|snorkelling|diving|climbing|bouldering|rafting|hunting)\b",
                   re.IGNORECASE)
# An experience judged, not an event named ("had a blast", "had a tough time").
_JUDGED = lazy_re(r"^(?:a |an |the |some |such |quite )?(?:[\w-]+ ){0,3}(?:time|day|blast"
                  r"|experience|setback|moment|week|weekend|night|feeling|chat|talk|conversation|thought"
                  r"|idea|fun|go|ball|laugh|cry|year|month|summer|adventure|milestone|win|walk"
                  r"|rush|much|lot|bunch|ton|drink|drinks|mess|struggle)s?(?:\s*$|\s*[,.;!]"
                  r"|\s+(?:with|at|in|on|of|for|about|during|when|while|and|out|to|[a-z]+ing)\b)",
                  re.IGNORECASE)
# Only a quantity, or a head noun that names nothing ("submitted a few more", "an event").
_BARE = lazy_re(r"^(?:a few|some|one|two|a couple|a couple of|a bunch|a lot|many|more)(?: more)?\b"
                r"(?: (?:last|yesterday|recently)\b.*)?$"
                # A head noun that names nothing, with at most a judging adjective before it.
                r"|^(?:an? |the |some |one of (?:the|their|my) )?(?:(?:cool|great|new|nice|awesome"
                r"|fun|big|small|little|amazing|good|few|favou?rite|first|second|third) )*(?:event"
                r"|place|thing|platform|round|stuff|trip|session|treat|game|one)s?\s*[,.!]?$",
                re.IGNORECASE)
_HOUSEHOLD_WORDS = "adopt move buy travel visit celebrate go fly drive rent renovate"
_HOUSEHOLD = frozenset(_HOUSEHOLD_WORDS.split())
_KIN_EVENT_SUBJECT = lazy_re(
    rf"^(?i:my) (?P<k>(?:(?i:older|younger|little|big|baby|twin|best|oldest|youngest|eldest)\s)?"
    rf"(?i:{_KIN_MORE_EN}|friend|best friend|neighbou?r|cousin|niece|nephew|aunt|uncle"
    r"|grandparents|parents|in-laws|roommate|partner|fianc[eé]e?))"
    r"(?:,? (?P<n>[A-ZÀ-ÖØ-Þ][^\W\d_'’-]+),?)?(?: and I\b)? (?P<rest>.+)$")
_AND_CUT = lazy_re(r",\s+(?:then\s+)?(?:[a-z]{2,}ed|went|took|got|had|made|grabbed|ran|saw)\b.*$"
                   # A contrast, a verdict on a thing of it, an exclamation after the event.
                   r"|,?\s+but\b.*$|\s+and\s+(?:the|my|our|all)\s+(?:[\w-]+\s+){0,4}(?:was|were|is"
                   r"|are)\b.*$|,?\s+and\s+(?:wow|oh|man|boy|omg)\b.*$"
                   r"|\s+and\s+then\s+(?:I|we|they|it)\b.*$"
                   r"|\s+and\s+(?:then\s+)?[a-z]+s\s+(?:his|her|their|its|it|them|the|a|an)\b.*$"
                   r"|\s+(?:and|but|so)\s+(?:it|that|this|they|everyone|we|she|he|I|it's"
                   r"|that's)\b.*$|[,;]\s+(?:and |but |so )?(?:it|that|this|which|everyone"
                   r"|we|they)\b.*$|\s+[-–—]+\s+.*$|,\s+[a-z]+ing\b.*$"
                   # A relative clause that judges or tells more: "… which was amazing".
                   r"|,?\s+(?:which|where|that|who) (?:was|were|is|had|made|got|we|I|they|it"
                   r"|really)\b.*$", re.IGNORECASE)


_AND_PRONOUN = lazy_re(r"\s+and\s+(?:then\s+)?[a-z]+\s+(?:it|them)\b[^,;]*?((?:\s+(?:"
                       rf"{_PAST_TIME_EN}))?)$", re.IGNORECASE)


# "painted that lake sunrise", "learned that the hard way": it points into the conversation.
_DEMONSTRATIVE = lazy_re(r"\b(?:that|those|these|this)\b(?! (?:week|month|year|summer|spring"
                         r"|fall|autumn|winter|weekend)\b)", re.IGNORECASE)


def _base(verb: str) -> str | None:
    """The base form of a simple past, or None when the word is no simple past."""
    v = verb.lower()
    if v in _IRREGULAR_BASE:
        return _IRREGULAR_BASE[v] or None
    if v in _IRREGULAR_PAST:
        return v  # a past the table above does not map: its own key for the lists
    if not _REGULAR_PAST.match(v) or v in _ADJ_ED or v.endswith("eed"):
        return None
    stem = v[:-2]
    if v.endswith("ied"):
        return v[:-3] + "y"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
        return stem[:-1]  # "stopped"
    if v.endswith("ed") and stem + "e" in _LIFE | _STEP | _HOUSEHOLD | _WITNESS:
        return stem + "e"
    if stem in _LIFE | _STEP | _HOUSEHOLD | _WITNESS:
        return stem
    return v[:-1] if v.endswith("ved") or v.endswith("ated") or v.endswith("ized") else stem


# What almost happened, or happened in a dream, did not happen.
_COUNTERFACTUAL = lazy_re(r"^(?:almost|nearly|barely|never|hardly|kinda|sort of|kind of)\b"
                          r"|\bin (?:my|a) dreams?\b", re.IGNORECASE)
# Errands and rooms one goes to in a day.
_ERRAND = lazy_re(r"^(?:to|into) (?:the )?(?:bathroom|restroom|toilet|loo|store|shop|supermarket"
                  r"|grocery store|groceries|bank|post office|gas station|kitchen|office|mall"
                  r"|pharmacy|atm|bed|sleep|work|school|lunch|dinner|breakfast|the gym)\b"
                  r"|^(?:back|through|over|with|for|ahead|along|on with)\b", re.IGNORECASE)


def _event_en(clause: str) -> tuple[str, str] | None:
    """(verb phrase as said, the rest) of a past-event clause, or None."""
    if _COUNTERFACTUAL.search(clause):
        return None
    clause = _ADVERBS.sub("", clause)
    got = _GOT_STATE.match(clause)
    if got:
        return clause[: got.end()], clause[got.end():]
    verb, _, rest = clause.partition(" ")
    base = _base(verb)
    if _LIFE_PHRASE.match(clause):
        return verb, rest
    if base is None or base in _NEVER_HABIT - {"have", "had"} or base in _STEP:
        return None
    if base == "have" and not re.match(r"(?:a|an|my|our|surgery|twins|major|minor)\b", rest):
        return None
    if base == "go" and (not _WENT_TO.match(rest) or _ERRAND.match(rest)):
        return None
    if base != "go" and (THE_TASK_EN.match(rest) or re.match(r"(?:out of|into|up on|over)\b",
                                                            rest)):
        return None
    if base in _WITNESS and not _NAMED_WORK.search(rest):
        return None
    return verb, rest


# A chat clause without its subject ("Took a short trip to Rome last week", "Just finished
# 'Dune'"): a capitalised past verb first is the speaker's (an imperative is a base form).
_NO_SUBJECT = lazy_re(r"^(?:(?:Just|Finally|Recently|Also|Actually|Then) )?(?P<v>[A-Za-z][a-z]+) ")


def _zero_subject(verb: str, rest: str) -> bool:
    """A past verb first stands for "I <verb>" only when the clause is an event by its verb
    or its time ("Took a trip to Rome last week", "Lost my job") — not a noun phrase in
    capitals ("Roasted Chicken is …") or a verb of another sense ("Hooked a new RPG")."""
    base = _base(verb)
    if base is None:
        return False
    if re.match(r"(?-i:[A-Z])", rest) and re.search(r"\b(?:is|are|was)\b", rest):
        return False
    return bool(base in _LIFE | _HOUSEHOLD | _WITNESS or verb in _IRREGULAR_BASE
                or _PAST_TIME.search(rest) or _LIFE_PHRASE.match(f"{verb} {rest}")
                or re.match(r"[\"“]", rest))


def _english(body: str) -> Built | None:
    who, clause = "The user", None
    if (ns := _NO_SUBJECT.match(body)) and _zero_subject(ns["v"].lower(), body[ns.end():]):
        body = "I " + body[: ns.start("v")].lower() + ns["v"].lower() + body[ns.end("v"):]
    if re.match(r"^I [a-z]", body):
        clause = body[2:]
    elif m := re.match(r"^(?:we|my (?:husband|wife|partner|family|girlfriend|boyfriend|fianc[eé]e?)"
                       r" and I|me and my (?:husband|wife|partner|family))\s+(.+)$",
                       body, re.IGNORECASE):
        clause = m[1]
        who = "The user and others" if body[:2].lower() == "we" else (
            "The user and their " + body.split()[1].lower())
    elif m := _KIN_EVENT_SUBJECT.match(body):
        kin = m["k"].lower()
        who = f"The user's {kin}" + (f" {m['n']}" if m["n"] else "")
        if " and I " in body[: m.start("rest")]:
            who = f"The user and their {kin}" + (f" {m['n']}" if m["n"] else "")
        clause = m["rest"]
    if clause is None:
        return None
    got = _event_en(clause)
    if got is None:
        return None
    verb, rest = got
    base = _base(verb.split()[0]) or ""
    # "… and printed it last Friday": the second verb acts on the first's object; its
    # time is the event's.
    rest = _AND_PRONOUN.sub(lambda m: m[1] or "", rest.strip())
    obj = _value(_AND_CUT.sub("", rest), cut=False) if rest else ""
    if obj is None:
        return None
    obj = obj.rstrip(" .!")
    full = f"{verb} {obj}".strip()
    if who == "The user and others" and (base in _HOUSEHOLD or _GOT_STATE.match(full)):
        who = "The user's household"  # "we adopted / moved / got a puppy": a home's event
    # A relative's "his" / "her" is their own ("broke his wrist"), not a pointer.
    seen = re.sub(r"\b(?:[Hh]is|[Hh]er|[Tt]heir)\b", "", obj) if who != "The user" else obj
    if _TO_YOU.search(obj) or _POINTS_ELSEWHERE.search(seen) or _TROUBLE.search(obj) or (
            re.search(r"\bhim\b", obj) and who == "The user"):
        return None
    if _TASK_OBJECT.search(obj) or _REPEAT.search(obj) or MOMENT.search(obj):
        return None
    bare = _BARE.match(_PAST_TIME.sub("", re.sub(r"^(?:to|on|at) ", "", obj)).strip())
    judged = _JUDGED.match(_PAST_TIME.sub("", obj).strip())
    if (base == "have" and judged) or bare or _DEMONSTRATIVE.search(obj):
        return None
    if re.search(r"\b(?:if|unless|when you|something|somewhere|someone|stuff|things|there"
                 r"|here)\b", obj, re.IGNORECASE) or _PURPOSE_INF.match(obj):
        return None
    if re.match(r"(?:not|n't|never)\b", obj):
        return None
    life = base in _LIFE or bool(_GOT_STATE.match(full) or _LIFE_PHRASE.match(full))
    went = base == "go"
    # A name in the object ("climbed Mount Fuji", "visited Kyoto") places the event too.
    if not (life or went or _PAST_TIME.search(obj) or _NAMED_WORK.search(obj)):
        return None
    if not _PAST_TIME.sub("", obj).strip(" ,") and not (
            base in _INTRANSITIVE or _GOT_STATE.match(full) or _LIFE_PHRASE.match(full)):
        return None  # "I started a few days ago", "I won": only when, or not what
    content = f"{who} {_third_person(full)}"
    return content, U, "user", "event", obj or full


# ---- Chinese ------------------------------------------------------------------------

_ZH_KIN = (r"妈妈|老妈|妈|母亲|爸爸|老爸|爸|父亲|老婆|妻子|太太|媳妇|老公|丈夫|先生|女儿|儿子"
           r"|孩子|宝宝|姐姐|姐|妹妹|妹|哥哥|哥|弟弟|弟|爷爷|奶奶|外公|外婆|姥姥|姥爷|男朋友|女朋友"
           r"|对象|表[姐妹哥弟]|堂[姐妹哥弟]|舅舅|姑姑|阿姨|叔叔|室友|(?:好)?朋友|闺蜜|兄弟")
_ZH_SUBJECT = lazy_re(rf"^我(?:的|家)?(?P<k>{_ZH_KIN})?"
                      r"(?P<n>[\u4e00-\u9fff]{2}(?=[上去前今昨刚在从]))?(?P<rest>.+)$")
_ZH_WE = lazy_re(r"^我们(?:家|一家)?(?P<rest>.+)$")
# Completed: 了 or 过 after a verb, or a result complement.
_ZH_DONE = lazy_re(r"[了过](?!解)|毕业|退休|去世|离世|结婚|离婚|出生|搬到|搬去|考上|考下|考过|查出")
# A moment, a brief try, a repetition, a disposal of a task's artefact, a negation.
_ZH_MOMENT = lazy_re(r"刚才|刚刚|^刚|今天|今早|早上|晚上|中午|下午|上午|一下|一遍|一会|又|再|把"
                     r"|没有?|不是|还是|试了|试试")
_ZH_STEP = lazy_re(r"看了?[一个]?(?:下|眼)|(?:看|听|刷|聊|说|问|想|觉得|感觉|发现|收到|打了?个?电话"
                   r"|喝|吃|睡|拿|取|买了?(?:杯|瓶|个早餐)|点了?(?:外卖|个)|洗|起床|下班|上班|加班|开会)")
_ZH_TASK_OBJECT = lazy_re(r"代码|测试|日志|分支|报错|bug|PR|接口|配置|文件|脚本|数据库|服务器"
                          r"|容器|快递|视频|截图|消息|邮件|微信|咖啡|饭|外卖|觉|会议|需求|工单|版本|部署|提交",
                          re.IGNORECASE)
# Verbs that change a life (kept without a date) and places or events one goes to.
_ZH_LIFE = lazy_re(r"领养|收养|毕业|搬|换了?(?:工作|城市)|结婚|离婚|退休|生了|去世|离世|查出|确诊"
                   r"|考[上下过了]|入职|辞职|离职|加入|报了|参加|开了|出国|留学|移民|买了(?:房|车"
                   r"|套|辆)|做了?.{0,6}手术|上了?(?:小学|初中|高中|大学|幼儿园)|拿到|获得|得了"
                   r"|当了|学了|跑了|去了?趟|旅游|旅行|玩了|办了|出生|怀孕|订婚|升职|创业|装修")


_VAGUE_ZH = lazy_re(r"这个|那个|这些|那些|那边|这边|那里|这里|什么|东西")


# What almost happened, was meant to, or was dreamt, did not happen.
_ZH_COUNTERFACTUAL = lazy_re(r"差点|差一点|几乎|本来|原本|梦见|梦到|险些")
# Errands and rooms of a day ("去了趟超市").
_ZH_ERRAND = lazy_re(r"超市|厕所|洗手间|卫生间|便利店|楼下|食堂|菜市场|银行|快递站|办公室|公司")


def _chinese(body: str) -> Built | None:
    # "开了个会", "报了个 bug": the step read without its aspect and measure word.
    bare = re.sub(r"了(?:一)?(?:个|次|下|趟|场)?", "", body)
    if _ZH_MOMENT.search(body) or _ZH_STEP.search(body) or _ZH_STEP.search(bare):
        return None
    if _ZH_TASK_OBJECT.search(body) or _ZH_COUNTERFACTUAL.search(body) or _ZH_ERRAND.search(body):
        return None
    if not _ZH_DONE.search(body) or _VAGUE_ZH.search(body):
        return None
    if re.search(r"[吗呢？?]|如果|要是|假如|希望|打算|准备|想要?", body):
        return None
    if not (_ZH_LIFE.search(body) or _PAST_TIME_ZH_RE.search(body)):
        return None
    if (we := _ZH_WE.match(body)) is not None:
        if not re.search(r"领养|收养|搬|买了|旅游|旅行|去了|装修|结婚", body):
            return None
        rest, who = we["rest"], "用户家"
    else:
        m = _ZH_SUBJECT.match(body)
        if m is None:
            return None
        rest = m["rest"]
        who = "用户" if not m["k"] else "用户的" + m["k"] + (m["n"] or "")
        if m["n"] and not m["k"]:
            rest = m["n"] + rest
    rest = re.sub(r"[，,。.!！~…]+.*$", "", rest).strip()
    if len(rest) < 3 or not re.search(r"[\u4e00-\u9fffA-Za-z]{2}", rest):
        return None
    content = who + _third_person(rest)
    return content, U, "用户", "经历", rest


def event_fact(body: str) -> Built | None:
    """What one clause states as an event of the speaker's life (or a relative's), or
    None. ``body`` has its leads stripped and a past time said first moved last."""
    if not body or _MOMENT_EN.search(body):
        return None
    if has_cjk(body) and body.startswith("我"):
        return _chinese(body)
    if has_cjk(body):
        return None
    return _english(body.rstrip(" .!"))


_MOMENT_EN = lazy_re(r"\b(?:this (?:morning|afternoon|evening)|tonight|earlier today|just now"
                     r"|a (?:minute|second|moment) ago|right now|today)\b", re.IGNORECASE)

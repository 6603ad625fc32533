"""The slot grammar's parts that compose: clauses, the words between subject and verb,
a change said "from A to B", and where a value without Latin letters ends.

The slot families (``topic_user``, ``changes``, ``slot_forms``, ``slot_frames``) read one
clause in a few word orders. People say a slot change inside a longer sentence ("用户上个
月从杭州搬到了南京，新家离地铁很近", "We sold the house last spring and now live in Boise")
and put fillers between the subject and the verb (其实, 已经, 上个月, "finally") or the old
value before the verb ("从杭州搬到了", "由 GPT-4o 改为"). Rather than one more pattern per
sentence, this module rewrites a text into the clauses the families read:

* ``simplify``: one clause with the fillers between subject and verb dropped (a closed
  class: adverbs and time words of the past or present — "下周" / "next month" announce a
  plan and stay), the old value of "从A搬到B" / "由A改为B" dropped (the new one is what the
  slot holds; ``slot_frames.leaves_value`` reads the old one), and "住长沙" read as "住在长沙";
* ``clauses``: a compound sentence split at its clause boundaries (punctuation, "and" /
  "but" / "so" before a verb), the user as subject carried into a clause that has none
  ("… and now live in Boise" → "we now live in Boise"); a clause whose subject was
  someone else gets no subject, so it never fills the user's slot;
* ``second_pass``: the one slot the clauses of a compound sentence key (the first clause
  that keys a one-value slot; two clauses keying two different slots give none, the
  sentence is stored and judged by similarity);
* ``trim_value``: a value in a script without spaces ends before a sentence particle
  ("拼多多了" is 拼多多).

This module is also the grammar's one vocabulary, read by the other slot modules rather
than written again there: the time words that only date a change (``ZH_TIME``), the
adverbs between a subject and its verb (``EN_ADVERB``), the old value said beside the new
(``instead``, "由A改为B", "从A搬到B"), a change announced and then its value (``announced``,
which ``changes.restate`` reads too). ``slot_forms`` keeps only the word orders of plain
statements, ``changes`` only the change verbs.

Pure functions over normalized text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vecmem.text import ascii_word_re, lazy_re
from vecmem.types import Classification

__all__ = ["EN_ADVERB", "SLOT_KEYS", "ZH_TIME", "announced", "bounded", "clauses", "early",
           "instead", "second_pass", "simplify", "trim_value", "words"]

_I = re.IGNORECASE
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"

def words(text: str) -> list[str]:
    """A closed class written as one string, its words (the slot modules' tables)."""
    return text.split()


# --- one clause ----------------------------------------------------------------------------

#: Time words of the past or present that only date a change (a closed class; "下周" /
#: "明年" announce a plan and are not in it). One list for every reader of a slot change
#: (``changes._LEAD_ZH`` reads it too).
ZH_TIME = (r"(?:上个?月|上周|上礼拜|去年底|去年初|去年|今年|前年|年初|年中|年底|前不久|不久前"
           r"|前阵子|前段时间|最近|刚刚|这几年|这两年|这几天|这段时间|这个月|本月|昨天|今天|如今|目前|现在"
           r"|春天|夏天|秋天|冬天|年前|年后)")
#: Words that may stand between a subject and its verb without changing the fact: adverbs
#: of degree and certainty, and the time words above (a closed class).
_ZH_FILLER = rf"(?:其实|实际上|已经|终于|总算|正式|早就|还是|{ZH_TIME})"
#: English adverbs of certainty and time between a subject and its verb ("I finally
#: moved", "We've officially relocated"); the grammar's own reading drops "now / also /
#: then" as well (``_EN_FILLER``), the change reader keeps them (``changes._ADVERB``).
EN_ADVERB = r"(?:actually|finally|officially|just|eventually|recently|already)"
_ZH_SUBJECT = r"(?:用户|我们全家|我们一家|我们家|我们|我(?!们))"
_ZH_FILLERS = lazy_re(rf"^(?P<s>{_ZH_SUBJECT}|(?:(?!的)[{_CJK}]){{1,3}}(?=其实|实际上))"
                      rf"(?:{_ZH_FILLER})+(?!的)")
#: The old value before a verb of change: "从杭州搬到了", "由 GPT-4o 改为", "从腾讯跳槽到".
_ZH_FROM = lazy_re(r"(?:从|由)\s*(?P<old>[^,，。；;\s]{1,20}?)\s*(?=(?:搬家?|迁|跳槽|转|换|改|调"
                   r"|切换|升级)(?:到|去|成|为|至|入)|离职后|辞职后)")
#: "住长沙" is "住在长沙" (not 住院, 住宿, 住址, 住了三天).
_ZH_LIVE = lazy_re(rf"^(?P<s>{_ZH_SUBJECT})住(?!在|院|宿|址|过|了|一|两|几)(?=[{_CJK}]{{2,}}$)")
_EN_FILLER = ascii_word_re(
    rf"^(?P<s>(?:the )?user|i|we)(?P<aux>'ve| has| have)? (?:{EN_ADVERB}|now|also|then)"
    rf"(?: (?:{EN_ADVERB}|now|also|then))* (?=\w)", _I)
#: A household is where the user lives: "we now live in", "we're based in".
_WE_LIVE = ascii_word_re(r"^we(?: now)? (?:live|reside|are based|'re based|are living|'re living"
                         r"|have settled|'ve settled|settled) (?:in|down in) ", _I)


#: A change the sentence announces, then where to ("从华为离职去了小米", "我换工作了，现在
#: 在字节", "我们搬家了，到了苏州", "用户搬家了，现在住在巴黎"): the trigger names the slot;
#: a bare locative after it is its value — the same "去了X" is a company after 离职 and a
#: city after 搬家 — and any other clause after it is read as the user's own statement
#: ("我换工作了，现在是产品经理" is 我是产品经理). The one reader of this shape.
_ZH_JOB_MOVE = r"离职|辞职|辞了工作|跳槽|换工作|换了(?:一?份|个)?(?:新)?工作|被裁"
_ZH_HOME_MOVE = r"搬家|搬走|搬了家|举家搬迁|搬过去"
_ZH_TRIGGER = lazy_re(
    rf"^(?P<s>{_ZH_SUBJECT})?(?:{_ZH_FILLER})*(?:从[^,，。]{{1,20}}?)?"
    rf"(?P<t>{_ZH_JOB_MOVE}|{_ZH_HOME_MOVE}|离开了?[^,，]{{1,20}}?(?=了?[,，]))"
    r"(?:了|后|以后|之后)?(?P<sep>[,，]?)\s*(?:现在|目前|如今|然后|就|又|已经)*(?P<rest>.*)$")
_ZH_BARE_VALUE = lazy_re(
    r"^(?:去了|到了|进了|来了|在|加入了?|入职了?|住在?)\s*"
    rf"(?P<v>[{_CJK}]{{2,12}}?|[A-Za-z][\w.-]*(?: [A-Z][\w.-]*){{0,3}})"
    r"\s*(?:上班|工作|定居|生活|住)?(?:了|啦)?$")
#: Where one went for a while is no slot: "辞职后去了西藏旅行", "在家休息".
_ZH_AWAY = lazy_re(r"(?:旅行|旅游|玩|休息|读书|留学|度假|出差|看病|散心|养病|带娃|趟)$"
                   r"|^(?:家|家里|趟)")


def announced(text: str) -> str | None:
    """The statement a change announced and then said bare fills (see above), or None."""
    m = _ZH_TRIGGER.match(text)
    if m is None or not m["rest"]:
        return None
    who = "用户" if m["s"] == "用户" else "我"  # a household's home is the user's
    job = not re.fullmatch(_ZH_HOME_MOVE, m["t"])
    bare = _ZH_BARE_VALUE.match(m["rest"])
    if bare:  # where one went for a while is no value ("去了趟日本", "在家休息")
        if re.fullmatch(_ZH_JOB_MOVE + "|" + _ZH_HOME_MOVE, bare["v"]) or _ZH_AWAY.search(
                bare["v"]):
            return None
        return f"{who}在{bare['v']}工作" if job else f"{who}住在{bare['v']}"
    if m["s"] in ("用户", "我") and m["sep"] and not _ZH_AWAY.search(m["rest"]):
        rest = m["rest"]
        if job:  # a new job: "去了腾讯" is where one works
            rest = re.sub(r"^(?:去了|到了)", "加入了", rest)
        return m["s"] + re.sub(r"^(?:用户|我)", "", rest)
    return None


#: "由A改为B" / "从A换成B": a value replaced (a move, "从阿里云搬到了 AWS", keeps its "from":
#: the old value says what kind of thing moved).
_REPLACED_FROM = lazy_re(r"(?:从|由)\s*[^,，。；;\s]{1,20}?\s*(?=(?:改|换)(?:成|为))")
_ACTUALLY = lazy_re(rf"^(?P<n>(?:(?!的)[{_CJK}]){{1,4}})(?:其实|实际上)"
                    r"(?=是|已经|在|住|搬|跳槽|入职|加入|改|换|用)")


#: "Zed instead of VS Code", "用 Neovim 而不是 Vim": the old value said beside the new is not
#: part of it (the families read what is left; ``_REPLACED_FROM`` / ``_ZH_FROM`` drop the
#: old value said before the verb).
_INSTEAD = ascii_word_re(r"^(?P<keep>.{3,}?)\s+(?:instead of|rather than|in place of)\s+[^,;]+$"
                         r"|^(?P<keep2>.{3,}?)(?:而不是|取代了?|代替了?)[^,，]+$", _I)


def instead(text: str) -> str | None:
    """``text`` without the old value said after the new ("X instead of Y"), or None."""
    m = _INSTEAD.match(text)
    return (m["keep"] or m["keep2"]) if m else None


#: "moved off Fly.io and onto AWS ECS", "switched away from Vim to Helix": the old value
#: after "off / away from", the new one after "onto / to" — the families read "moved to Y".
_OFF_ONTO = ascii_word_re(r"\b(?P<verb>moved|migrated|switched|shifted|ported|gone|went)"
                          r"(?: over)? (?:off|away from) [^,;]+? (?:and )?(?:then )?"
                          r"(?:onto|on to|over to|to|into) ", _I)


def early(text: str) -> str:
    """What every reading of ``text`` drops before the families: "其实" after a subject or a
    name ("阿强其实是我的表哥" names 阿强), the old value of "由A改为B" (the families
    would take A for the value), and a change announced then its value said bare
    ("从华为离职去了小米" is 在小米工作)."""
    then = announced(text)
    if then is not None:
        return then
    text = _OFF_ONTO.sub(lambda m: f"{m['verb']} to ", text, count=1)
    return _REPLACED_FROM.sub("", _ACTUALLY.sub(r"\g<n>", text), count=1)


#: An adverbial put before the subject: "After the merger I joined Wise", "去年我搬到了南京".
_FRONTED = ascii_word_re(r"^(?:after|since|following|as of|over|during|last|this|earlier"
                         r"|later|at the end of|by|before|in)\b[^,;]{0,40}?,?\s+"
                         r"(?=(?:the user|user|i|we)\b)", _I)
_ZH_FRONTED = lazy_re(rf"^(?:{_ZH_FILLER})+(?:开始|起)?[,，]?\s*(?={_ZH_SUBJECT})")


def simplify(text: str) -> str:
    """One clause with its fillers and its "from A" dropped (see the module doc)."""
    text = _ZH_FRONTED.sub("", _FRONTED.sub("", text))
    out = _ZH_FILLERS.sub(r"\g<s>", text)
    out = _ZH_FROM.sub("", out, count=1)
    out = _ZH_LIVE.sub(r"\g<s>住在", out)
    out = _EN_FILLER.sub(lambda m: f"{m['s']}{m['aux'] or ''} ", out)
    out = _WE_LIVE.sub("I live in ", out)
    return out


#: Sentence particles after a value in a script without spaces ("拼多多了").
_PARTICLES = lazy_re(rf"(?<=[{_CJK}])(?:了|啦|呢|吧|啊|呀|哦|喽|嘛)+$")


#: A name's value ends where a phrase of time, reason or purpose begins: "Wise after six
#: years at Monzo", "Leeds for the job", "Monzo as of June" (not "Bank of America").
_AFTER_NAME = ascii_word_re(r"(?<=\w)\s+(?:after|since|for|over|during|because|when|while"
                            r"|until|as of|starting|last|this|next|in (?:the|my|our|\d))\b.*$",
                            _I)


def trim_value(value: str) -> str:
    """A value ends before its particles ("拼多多了" → "拼多多") and a Latin name before a
    phrase of time, reason or purpose ("Leeds for the job" → "Leeds")."""
    trimmed = _PARTICLES.sub("", value.strip())
    if re.match(r"[A-Za-z0-9]", trimmed):
        trimmed = _AFTER_NAME.sub("", trimmed)
    return trimmed if len(trimmed) >= 2 else value


#: The one-value slots of the grammar (issue 15 item 5): the only keys a clause of a
#: compound sentence or a simplified clause may give (a config aspect, a habit, a name
#: said in passing — "我养了一只猫，叫年糕" — stay as the word-order families read them).
SLOT_KEYS = lazy_re(r"^(?:user\.(?:residence|employer|occupation|timezone)|person\.[^.]+\.relation"
                    r"|user\.[a-z_]+\.name|preference\.(?:editor|theme|language)"
                    r"|config\.(?:default_model|embedding_model)"
                    r"|project\.[a-z0-9][\w.-]*\.(?:path|deploy|language|framework|stack"
                    r"|(?:backend|frontend)\.\w+))$")
#: A value that is no name: an article or a measure word first, a clause in it, a label
#: with no value ("love the theme"), the progressive 在 + verb read as a place ("在找新工
#: 作"), someone one is rather than a job ("素食者"), a verb left after a Latin name ("Go写").
_NOT_A_VALUE = ascii_word_re(r"^(?:a|an|the|some|any|this|that|these|those|one)\b|[.!?。！？]"
                             r"|\b(?:and|but) (?:i|we|my|the user)\b"
                             r"|^(?:theme|mode|editor|model|language|主题|模式|编辑器|模型)$"
                             r"|^(?:一家|一个|一所|一间|某|这家|那家|找|做|学|忙|准备|考虑|面试|休)"
                             r"|(?:素食|爱好|患|信|支持|使用|参与|志愿)者$"
                             rf"|[A-Za-z0-9][{_CJK}]{{1,2}}$", _I)


def _slot(cls: Classification) -> bool:
    from vecmem.rules.slots import canonical  # slots imports this module

    if not (cls.topic_key and cls.single_valued and SLOT_KEYS.match(cls.topic_key)):
        return False
    raw, obj = (cls.object or "").strip(), (canonical(cls).object or "").strip()
    return bool(obj) and len(obj) <= 40 and not _NOT_A_VALUE.search(obj) and not (
        obj == raw and _NOT_A_VALUE.search(raw))


# --- clauses -------------------------------------------------------------------------------

_SPLIT = lazy_re(r"\s*(?:[,，;；。!！]|(?<![A-Z][a-z])(?<=[a-z)])\.(?=\s)|\s—\s|\s-\s)\s*"
                 r"(?:and |but |so |then )?"
                 r"|\s+(?:and|but|so|and then)\s+(?=(?:now |then |also |finally |just )?"
                 r"(?-i:[a-z]+)(?:ed|s)?\b|(?:i|i'm|i've|we|my|our|the user)\b)", _I)
_EN_USER = ascii_word_re(r"^(?:the user|user|i|we)\b(?!'s|’s|')", _I)
_ZH_USER = lazy_re(rf"^{_ZH_SUBJECT}(?!的)")
#: Another person right after the subject: "我老婆先去了长沙" is hers, "My sister …".
_OTHER_AFTER = lazy_re(r"^\s*(?:同事|朋友|老婆|老公|妻子|丈夫|先生|太太|爸|妈|父|母|孩子|儿子|女儿"
                       r"|姐|妹|哥|弟|客户|老板|领导|外婆|外公|奶奶|爷爷|家人|亲戚)")
#: The first word of an English clause that has a subject of its own.
_EN_SUBJECTS = frozenset(words(
    "the a an my our his her their its this that these those it he she they we i you there "
    "user users someone everyone nobody"))
_ZH_HAS_SUBJECT = lazy_re(rf"^(?:{_ZH_SUBJECT}|他|她|它|他们|她们|这|那"
                          rf"|[{_CJK}]{{1,4}}(?:的|是|在|住|也))")
_ZH_VERB_FIRST = lazy_re(r"^(?:现在|目前|如今|然后|后来|又|也|还|已经|并且|并|而且|就)*"
                         r"(?:住|搬|定居|安家|落户|加入|入职|跳槽|去了|到了|进了|在|改|换|转|当|做|升"
                         r"|成为|用)")


def _user_subject(clause: str) -> str | None:
    m = _EN_USER.match(clause) or _ZH_USER.match(clause)
    if m is None or _OTHER_AFTER.match(clause[m.end():]):
        return None
    return m.group(0)


def _starts_with_subject(clause: str) -> bool:
    if re.match(f"[{_CJK}]", clause):
        return bool(_ZH_HAS_SUBJECT.match(clause)) and not _ZH_VERB_FIRST.match(clause)
    first = clause.split(" ", 1)[0].casefold()
    return first in _EN_SUBJECTS or (clause[:1].isupper() and first not in ("now", "then"))


def _readings(text: str) -> list[list[str]]:
    """Each clause's readings: as said, and with the user's subject carried in front when
    it has none of its own that is clearly one ("embeddings now come from X" may be its
    own subject; "now live in X" is not)."""
    parts = [p.strip() for p in _SPLIT.split(text) if p and p.strip()]
    if len(parts) < 2:
        return [[text]]
    subject = _user_subject(parts[0])
    other = subject is None and _starts_with_subject(parts[0])
    out = [[parts[0]]]
    for part in parts[1:]:
        if _starts_with_subject(part):
            subject = _user_subject(part)
            other = subject is None
            out.append([part])
        elif subject is not None:
            sep = "" if re.match(f"[{_CJK}]", subject) else " "
            out.append([f"{subject}{sep}{part}", part])
        else:  # someone else's clause is never the user's slot; with no subject, as said
            out.append([] if other else [part])
    return out


def clauses(text: str) -> list[str]:
    """The clauses of ``text``, each with a subject where the first clause's subject was
    the user (see the module doc); a clause after someone else's is left out. A text of
    one clause gives ``[text]``."""
    return [r[0] for r in _readings(text) if r]


_BOUNDARY = lazy_re(r"[,，;；。]\s*\S")


def bounded(found: Classification, text: str,
            classify: Callable[[str], Classification]) -> Classification:
    """``found`` (a keyed one-value slot), unless its value runs over a clause boundary
    ("… to the light theme, my eyes prefer it"): then the slot one clause keys, if any."""
    if not (found.object and _BOUNDARY.search(found.object) and SLOT_KEYS.match(
            found.topic_key or "")):
        return found
    return second_pass(text, classify) or found


#: A clause of the past is no value now: "I did some coding in HTML a few years back".
_PAST = ascii_word_re(r"\b(?:ago|years back|back then|in the past|used to|when i was|once)\b"
                      r"|以前|曾经|那时|当年|小时候", _I)
#: The user's own word first, for a clause read as the user's slot (a time-zone-shaped
#: word opening a clause — "Long time no talk", "PT has helped" — is not the user's zone).
_OWN = ascii_word_re(r"^(?:the user|user|i|i'm|i've|we|my|our)\b|^(?:用户|我)", _I)


_OWN_KEY = lazy_re(r"^(?:user|preference)\.")


def _clause_ok(clause: str) -> bool:
    return not _PAST.search(clause)


def _owned(clause: str, cls: Classification) -> bool:
    key = cls.topic_key or ""
    return not key.startswith(("user.", "preference.")) or bool(_OWN.match(clause))


def second_pass(text: str, classify: Callable[[str], Classification]) -> Classification | None:
    """The one-value slot ``text`` fills when the word-order families keyed none: the one
    slot its clauses key (a compound sentence; two clauses keying two slots give none), or
    the slot its simplified clause keys. ``classify`` classifies one clause; only the
    grammar's slots count (``SLOT_KEYS``), with a value that is a name."""
    readings = _readings(text)
    if len(readings) >= 2:
        found = []
        for reading in readings:  # the first reading of a clause that keys a slot
            found += [c for u in reading if _clause_ok(u) and _slot(c := classify(u))
                      and _owned(u, c)][:1]
        if not found or len({c.topic_key for c in found}) > 1:
            return None
        if not all(readings) and not _OWN_KEY.match(found[0].topic_key or ""):
            # a clause with no subject of its own says more of a project or a person ("The
            # backend is written in Go and deployed on Kubernetes"): two aspects, not one
            return None
        return found[0]
    simpler = simplify(text)
    if simpler != text:
        found_one = classify(simpler)
        if _slot(found_one):
            return found_one
    return None

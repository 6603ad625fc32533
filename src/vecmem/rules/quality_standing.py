"""Standing facts told as news: a change of a one-value fact, and a plan on a later date.

A status report is true for an afternoon; a sentence can use the same aspect — a change
done (了, "just", "now") or a progressive — and still state something that stands:

* **a change of a standing fact** — a person's role, employer, home, school, household
  provider or default tool changed to a new value ("我已经升为护士长了", "老公调到深圳分公司了",
  "孩子转学到实验小学了", "Got promoted to staff engineer", "Canva pays me now", "I'm on
  Fastmail now"). What the change leaves behind is the slot's new value; the slot rules
  downstream compare it with the old one, so the filter must let it through. The verbs are
  the ones that move a person (or their household) into a relation — promoted *to* a role,
  moved *to* a place, joined an employer, switched a default *to* a name — not the ones that
  move a work item (a database migrated, a branch switched: those sentences name a work
  item and stay status reports).
* **a plan on a later date** — the progressive or a future with a time at the scale of
  weeks or a calendar date ("Flying to Seoul on 14 March", "We're launching the Android app
  in Q3"): a plan that holds until then, not work under way this minute. A marker of now
  ("right now", "today", 正在) keeps it a status line.

Pure functions over normalized text.
"""

from __future__ import annotations

from vecmem.rules.quality_clause import ZH_AHEAD
from vecmem.text import ascii_word_re

__all__ = ["is_far_plan", "is_slot_moved", "is_standing_change"]

# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re

# Who may hold the fact: the speaker, the user, a pronoun, a relative, or nobody said (the
# speaker left out, as in chat).
_ZH_HOLDER = (
    r"(?:(?:我|用户|他|她)(?:的|们家的?|家的?)?"
    r"(?:妈妈?|爸爸?|母亲|父亲|老婆|老公|妻子|丈夫|爱人|媳妇|儿子|女儿|孩子|闺女|哥哥?|姐姐?|弟弟?"
    r"|妹妹?|男朋友|女朋友|对象|爷爷|奶奶|外公|外婆|家)?|老公|老婆|孩子|儿子|女儿|爸爸?|妈妈?)?"
)
_ZH_WHEN = (
    r"(?:已经?|刚刚?|刚才|终于|现在|如今|目前|上个?月|上周|去年|今年|年初|月初|前几天|最近|正式|也|都)*"
)
# The change verbs of a standing relation, with their destination marker.
_ZH_CHANGE = (
    # a role: 升为 / 升职为 / 晋升为 / 提拔为 / 当上 / 成为 / 转正 / 评上
    r"(?:升|晋升|升职|提拔|提|调任|改任|转任|升任)(?:为|成|到)[\u4e00-\u9fffA-Za-z]"
    r"|(?:当上|当选|成为|评上|选上|考上|考进)(?:了)?[\u4e00-\u9fffA-Za-z]|转正|升职"
    # a place or an employer: 搬到 / 调到 / 转学到 / 跳槽到 / 入职 / 加入
    r"|(?:搬家?|迁居|调|调动|转学|转岗|跳槽|转会|嫁|回)(?:到|去|进|回)[\u4e00-\u9fffA-Za-z]"
    r"|(?:入职|加入|加盟)(?:了)?[\u4e00-\u9fffA-Za-z]"
    # a life event that changes a standing state
    r"|(?:结婚|离婚|订婚|怀孕|退休|离职|辞职|分手|毕业)了"
)
# A default, a household provider, the main device: a slot by its head word, changed to a
# new value (换成 / 改成 / 改用 / 换到).
_ZH_SLOT_HEAD = (
    r"(?:默认|主力|常用|平时用的|日常用的|家里的?|家用的?|我的|我们家的?)[^,;]{0,10}?"
    r"(?:换成|改成|换到|切到|切换到|改为|换为)|(?:改用|换用|转用)[\u4e00-\u9fffA-Za-z]"
)
# A slot named first as the topic, then the speaker's change of it to a new value, told as
# done ("默认模型我升级到 qwen3-32b 了", "embedding 模型我升级到 bge-m3 了", "时区我改成东京了"),
# or a site's or a service's home moved and live there ("官网已经迁到腾讯云上线了").
_ZH_TOPIC_CHANGE = (
    r"^[^,;我]{1,16}?我(?:们)?" + _ZH_WHEN + r"(?:升级|换|改|切换?|调)(?:到|成|为)[^,;]{1,24}了$"
    r"|^[^,;]{1,12}?" + _ZH_WHEN + r"(?:迁|搬|迁移|切)(?:到|去)[^,;]{1,24}?(?:上线|上)了$"
)
_ZH_STANDING_CHANGE = _re(
    rf"{_ZH_TOPIC_CHANGE}|^{_ZH_HOLDER}{_ZH_WHEN}(?:从[^,;]{{1,12}}?)?(?:{_ZH_CHANGE})"
    # …or the new state itself, with 了 of a change: "现在是正式的数据分析师了", "我是组长了".
    rf"|^{_ZH_HOLDER}{_ZH_WHEN}是[^,;]{{1,14}}了(?=$|[,;.!])"
)
# A default switched is a trial while a next step watches it ("默认模型已经切到 gpt-4o，明天
# 观察效果"); a new job or home with the next day's step is still the new value.
_ZH_SLOT_SWITCH = _re(rf"^{_ZH_HOLDER}{_ZH_WHEN}(?:{_ZH_SLOT_HEAD})")
_ZH_STEP_AHEAD = _re(rf"[,;]\s*[^,;]{{0,6}}?(?:{ZH_AHEAD}|再|观察|看看|试试)")
_EN_STANDING_CHANGE = _re(
    # promoted to a role, became one, hired, married, retired …
    r"(?i)(?:^|\b(?:i|we|i've|we've|the user|user|he|she|my \w+|our \w+)\s+(?:have |has |had )?)"
    r"(?:just |finally |recently |officially |now |also )*(?:got |been |was |were |am |is )?"
    r"(?:promoted to|made (?:a |an |the )?(?:lead|manager|partner|head|director|senior)"
    r"|became (?:a|an|the|my|our|head|lead|senior|staff|principal|chief)\b|hired (?:as|by|at)"
    r"|married|engaged|divorced|retired|transferred to|relocated to|moved (?:to|back to)"
    r" (?-i:[A-Z])|joined (?-i:[A-Z])|started (?:at|working (?:at|for)) (?-i:[A-Z])"
    r"|switched (?:my|our|the user's|her|his) [a-z ]{1,30}? to (?-i:[A-Z])"
    r"|(?:took|accepted) (?:a|an|the) (?:job|role|position|offer)\b)"
    # …a new value held now: "Canva pays me now", "I'm on Fastmail now", "I work at Canva now"
    r"|(?i:\b(?-i:[A-Z])[\w.&-]*(?: (?-i:[A-Z])[\w.&-]*)? (?:pays|employs|hired) (?:me|us|the user"
    r"|him|her)\b)"
    r"|(?i:^(?:i'm|i am|we're|we are|the user is) (?:on|with|at) (?-i:[A-Z])[\w.&-]*"
    r"(?: (?-i:[A-Z])[\w.&-]*)? now\b)"
    r"|(?i:\b(?:i|we|the user|she|he) (?:now )?(?:works?|lives?|banks?|bank) (?:at|for|in|with)"
    r" (?-i:[A-Z])[^.;]{0,30}\bnow\b)"
)
_EN_NOW_MOMENT = _re(
    r"(?i)\b(?:right now|at the moment|atm|as we speak|this (?:morning|afternoon|evening)"
    r"|tonight|in a bit|in a minute|shortly)\b"
)


def is_standing_change(norm: str) -> bool:
    """A change of a person's standing fact (role, employer, home, school, a default) to
    a new value, told as a change done: the fact that results holds."""
    if _ZH_STANDING_CHANGE.search(norm):
        return True
    if _ZH_SLOT_SWITCH.search(norm):
        return not _ZH_STEP_AHEAD.search(norm)
    return bool(_EN_STANDING_CHANGE.search(norm)) and not _EN_NOW_MOMENT.search(norm)


_ZH_TOPIC_CHANGE_RE = _re(_ZH_TOPIC_CHANGE)


def is_slot_moved(norm: str) -> bool:
    """A one-value slot (a default, a site's home) changed to a new value, told as done with
    nothing after it: the slot's new value, even when it names a work item (上线)."""
    return bool(_ZH_TOPIC_CHANGE_RE.search(norm))


# A time at the scale of weeks or a calendar day.
_FAR_TIME = _re(
    r"(?i)\bnext (?:week|month|year|quarter|spring|summer|fall|autumn|winter|season|semester"
    r"|term)\b|\bin (?:q[1-4]|january|february|march|april|may|june|july|august|september"
    r"|october|november|december|(?:19|20)\d\d|the (?:spring|summer|fall|autumn|winter|new year))\b"
    r"|\b(?:on|by|from|until|for) (?:the )?\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may"
    r"|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    r"|\b(?:on|by|from|until) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}\b"
    r"|\b(?:later this|early next|end of (?:the )?(?:month|year|quarter))\b"
    r"|下(?:个)?(?:周|星期|月|季度|学期)|明年|后年|年底|年初|月底|(?:\d{1,2}|[一二三四五六七八九十]{1,3})月"
    r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})?(?:号|日)?"
)
# What makes it this minute's work after all.
_NOW = _re(
    r"(?i)\b(?:now|right now|at the moment|atm|as we speak|today|tonight|this (?:morning"
    r"|afternoon|evening)|currently|still|halfway|in a bit|in a minute)\b|正在|现在|今天|今晚|还在"
)
# The progressive or a future: a plan is told so ("flying to …", "we're launching …").
_PLAN_ASPECT = _re(
    r"(?i)\b[a-z]{3,}ing\b|\b(?:will|going to|gonna|'ll|plan(?:s|ning)? to)\b"
    r"|要|打算|准备|计划|会(?!议)"
)


def is_far_plan(norm: str) -> bool:
    """A plan on a later date told in the progressive or a future, with no marker of now."""
    return bool(_FAR_TIME.search(norm) and _PLAN_ASPECT.search(norm) and not _NOW.search(norm))

"""Sentence screening for the rule extractor: what a sentence is before any rule reads it.

Questions (either language), the discourse markers and chat openers stripped from its
start, and the states that last a moment — a time of the day, a relative's words or mood
of the minute — which no rule may keep as a durable fact.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_words import _DATED_EN
from vecmem.text import lazy_re

__all__ = ["KIN_TRANSIENT", "MOMENT", "TRANSIENT", "ZH_HEARSAY", "is_question",
           "relative_moment", "strip_lead"]

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


def strip_one_lead(sentence: str) -> str:
    """The sentence without its first discourse marker or chat opener (if any)."""
    return _LEAD.sub("", sentence.strip().replace("’", "'"), count=1).strip()


def strip_lead(sentence: str) -> str:
    s = sentence.strip().replace("’", "'")
    while True:
        stripped = _LEAD.sub("", s, count=1)
        if stripped == s:
            return _TAIL.sub("", s)
        s = stripped.strip()


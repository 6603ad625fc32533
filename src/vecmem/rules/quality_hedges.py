"""Hedges: a thought held back rather than a fact (maybe someday, 也许以后, 还在纠结).

A hedge is decided by category: a thought *held back by the speaker* — maybe, someday,
not sure yet, undecided, a wish or an option mused about, a misgiving that names nothing,
a deferral (以后再说) — is half-formed; a soft observation *about a person* ("用户好像更喜欢
Vim", "The user seems to prefer dark themes", "Caroline is torn between two agencies") is
a fact held with less certainty, and is kept. :mod:`vecmem.rules.quality_subject` says
who a sentence is about.

Pure functions over normalized text.
"""

from __future__ import annotations

from vecmem.rules.quality_subject import about_a_person, about_someone_else
from vecmem.text import ascii_word_re

__all__ = ["UNDECIDED", "is_hedged"]

# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re

# Deciding is not done yet ("还在纠结", "torn between", "haven't decided"), a wish or an
# option mused about ("要是能…就好了", "thinking of maybe rewriting …", "One option would
# be …"): a thought held open, not a task underway or done, for the speaker; for a named
# person it is a fact about them.
_OPEN_THOUGHT = (
    r"要是.{1,24}就好了|如果能.{1,24}就好了|想着|到时候再(?:看|说|定)|以后可能|可能用得[到上]"
    r"|\b(?:it'd be nice if|it would be nice if|wish (?:we|i) (?:had|could)|thinking (?:of|about)"
    r" (?:maybe |possibly )?[a-z]+ing|toying with (?:the idea|the thought)|one option (?:would be"
    r"|is|might be)|an option would be|(?:may|might|could|would) be worth"
    # (a supposition or a doubt said aloud: "Thinking out loud: what if we cached …",
    # "Unclear whether the upgrade is worth it", "Not 100% on whether …")
    r"|thinking out loud|half thinking|what if (?:we|i|you|it)|(?:it's |it is )?unclear"
    r" (?:whether|if|how|why|what)|not (?:\d{1,3} ?%|a hundred percent|one hundred percent)"
    r" (?:on|sure|about))\b"
)
# A vague improvement mused about, naming no change: "could be faster", "could use some
# love", "might be improvable", "还可以再调调", "有改进空间", "有待完善".
_COULD_BE_BETTER = (
    r"\b(?:could|might|may|should) (?:probably |maybe |possibly |definitely |still )?(?:be"
    r" (?:a (?:bit|lot|little) |much |way )?(?:[a-z]{3,}er|more [a-z]+|improved|improvable"
    r"|better|nicer|simpler|cleaner|tidied up|polished|revisited|reworked|refactored"
    r"|optimi[sz]ed|tweaked|cleaned up|streamlined)|use (?:a|some|more) (?:[a-z]+ )?(?:work"
    r"|love|cleanup|refresh|rework|polish|attention|tlc|improvement|tidying|[a-z]+ing))\b"
    r"|还(?:可以|能|得|要)再[\u4e00-\u9fff]{1,3}|有待(?:改进|提高|优化|完善|商榷|加强)"
    r"|(?:改进|提升|优化|进步)(?:的)?(?:空间|余地)"
)
# A condition of opportunity: done only if time, a chance or the mood comes ("if time
# permits", "when I get around to it", "once things calm down", "有时间的话", "等闲下来",
# "看情况吧", "随缘"), or parked ("on the back burner", "nice to have", "不着急").
_IF_EVER = (
    r"\b(?:if|when|once) (?:i|we) (?:ever |finally |actually )?(?:get|have|find|got)"
    r" (?:around to it|(?:the |some |more |a )?(?:time|chance|bandwidth|minute|spare"
    r" (?:time|cycles)))\b|\bif (?:time|budget|bandwidth) (?:permits|allows)\b"
    r"|\b(?:when|once) things (?:calm down|settle|quiet down)\b|\bon the back ?burner\b"
    r"|\bnice[- ]to[- ]have\b|\bno rush\b|\b(?:half[- ])?tempted to\b|\bif we ever\b"
    r"|(?:如果|要是|等|趁)(?:有)?(?:空|时间|机会|精力|条件|闲下来|忙完)(?:的话)?|有(?:空|时间|机会)的话"
    r"|看情况吧?$|随缘|不(?:着)?急(?:吧|的)?$|看心情"
)
# A modal of possibility with a vague time ("We may want to shard the queue later", "could
# rework it at some point", "可能以后要换"): the grammar of a thought put off, whatever the
# verb; and a doubt tagged on at the end ("…, hard to say").
_MODAL_VAGUE = (
    r"\b(?:may|might|could|should|ought to|maybe|perhaps|possibly|probably)\b[^.;]{0,60}?"
    r"\b(?:later(?: on)?(?! (?:today|tonight|this|that|in the day))|someday|some day|sometime"
    r"|eventually|at some point|one day|down the (?:road|line|track)|in the (?:future|long run)"
    r"|in a while|one of these days|at a later (?:date|stage|point)|in due course)\b"
    r"|[,;]\s*(?:it's |its |it is )?(?:hard|difficult|tough) to (?:say|tell)$"
    r"|(?:可能|也许|或许|大概|说不定|没准|兴许)[^,;]{0,12}?(?:以后|将来|回头|过段时间|过阵子|改天|哪天"
    r"|有空|到时候|日后)"
)
_PUT_OFF = (
    r"(?:先|暂时|暂且|姑且)(?:不|别)(?:管|弄|动|想|急|考虑|处理|理|搞|定)(?:它|了|吧)?(?=$|[,.;!])"
    r"|(?:暂时|目前|还)没(?:有)?(?:主意|想法|头绪|决定|定)(?=$|[,.;!])"
)
_HEDGE = _re(
    r"(?i)也许|或许|说不定|大概(?!率)|好像|似乎|感觉(?!到)|(?:总|老|隐约)觉得|估计|不确定|不一定|回头"
    r"|有空|改天|以后再说|没准|保不齐|兴许|没想出来|没想明白|没想清楚|想不出来|先这样吧?"
    r"|(?:以后|之后|回头|有空|有时间|得空|闲了)[^,;]{0,6}?再(?:说|优化|改|弄|看|处理|考虑|完善|研究|整理"
    r"|搞|做)"
    # Undecided about one's own step ("不知道要不要重构"; "不知道有没有票" asks), a deferral
    # ("先放着"), a worry not checked ("…，不过没测过"), a guess ("我觉得可能…").
    r"|不知道(?:还)?(?:要不要|该不该|值不值得)|先放着|先搁着|先放一放"
    r"|(?:不过|但是?)(?:还)?没(?:测|验证|试|跑)过|(?:我觉得|我感觉|我猜|我怀疑)[^,;]{0,6}?(?:可能|也许|大概)"
    r"|再说吧?$|再看看|想想|琢磨|考虑一下|试试看|刚发现|突然想到|突发奇想|应该可以|有机会"
    r"|可能(?:还|也|再)?(?:要|需要|得|应该|可以|能|该|会要|换|改|试|有用|值得|不错|行)|值得(?:看|试|研究|考虑)"
    r"|不太确定|不是很确定|拿不准|说不准"
    # Provisional and negated: handling or deciding put off ("先不管", "暂时没主意").
    rf"|{_PUT_OFF}|{_COULD_BE_BETTER}|{_IF_EVER}|{_MODAL_VAGUE}"
    r"|^(?:it )?feels like\b|\b(?:feels|seems|looks) like (?:it|this|that|we|there) (?:could|might"
    r"|may|should)\b|^(?:i )?(?:have|got) (?:a|this) (?:[a-z]+ ){0,2}(?:feeling|hunch|sense)\b"
    r"|^(?:it's|it is) possible"
    r"|\b(?:we'll see|we will see|time will tell|remains to be seen)\b"
    # A modal of being with no subject but "there" ("There might be a better way to …",
    # "There's probably a neater way"); a misgiving without a name ("feels a little off
    # somehow"); a doubt tagged on (不好说, 说不清).
    r"|^there(?:'s| is| are)? (?:might|may|could|must|probably|possibly|likely)\b"
    # (a judgement softened by its suffix or its owner: "flaky-ish", "Part of me wants to …",
    # "No strong opinion yet on …", "could stand to be faster")
    r"|\b[a-z]+-ish\b|\bpart of me (?:wants|thinks|wishes|feels|says)\b|\bno (?:strong |firm"
    r" |real )?(?:opinion|view|preference|decision|plan) yet\b|\bcould stand to\b"
    r"|\bfeels? (?:a (?:little|bit|tad) |slightly |kind of |sort of |somewhat )?(?:off|wrong"
    r"|weird|strange|clunky|janky)\b|\bsomehow$|不好说|说不清|说不好|难说|有点(?:怪|奇怪|别扭)"
    r"|^hard to (?:say|tell)\b|^(?:something|a thing|worth) to (?:think about|consider|look into"
    r"|keep in mind)|^(?:i )?suspect\b"
    r"|\b(?:maybe|perhaps|probably|possibly|i guess|i suppose|i reckon|unsure"
    r"|not (?:\d{1,3} ?% |entirely |totally |completely |quite |fully |really )?(?:sure|convinced)"
    r"|^might|^could (?:try|look|be|maybe|possibly|consider)"
    r"|i think we (?:could|should|might)"
    r"|we could (?:try|maybe)|could try|might be worth|worth (?:a look|looking|trying|considering"
    r"|exploring|checking|a try|investigating)|sometime|someday|some day|at some point|one day"
    r"|(?<!the )(?<!a )(?<!what )(?<!this )(?<!that )(?<!any )(?<!some )(?<!which )"
    r"(?:kind|sort) of|idk|dunno|no idea|no clue|might want to|random thought|just a thought"
    r"|half a mind to|leaning (?:towards?|to)|haven't committed|not committed"
    r"|eventually|one of these days|down the road|down the line|further down the line"
    # Not won over yet: "Not sold on the new logo yet", "I'm not convinced about Bun".
    r"|not (?:really |fully |quite |totally |entirely )?(?:sold|convinced|settled|decided"
    r"|committed) (?:on|about|by|yet))\b"
    # A wish mused about: "有点想把博客换成静态站", "挺想试试 Nix".
    r"|有点儿?想|挺想|蛮想|还挺想|想着要不"
    # Undecided, and a misgiving that names nothing ("Something about the login flow still
    # bugs me", "总觉得哪里不对劲").
    rf"|{_OPEN_THOUGHT}|纠结|犹豫|拿不定主意|没想好|还在考虑|还没决定|举棋不定|不对劲|说不上来|怪怪的"
    r"|\b(?:undecided|torn between|on the fence|can't decide|cannot decide|haven't decided"
    r"|have not decided|still deciding|still thinking (?:about|over)|still figuring out"
    r"|something (?:about|with|in) [^.;]{1,60}?(?:bugs|bothers|worries|feels off|seems off|is off"
    r"|feels wrong|looks wrong|isn't right|is not right|doesn't feel right|doesn't sit right)"
    r"|something(?:'s| is| feels| seems) (?:off|wrong|weird|fishy))\b"
)


# Hedges that leave a named person's statement a fact ("Nate believes it is probably …",
# "Tim hopes to visit Japan someday": a loosely held belief or a plan is still theirs).
_WEAK_HEDGE = _re(
    r"(?i)\b(?:maybe|perhaps|probably|possibly|someday|some day|sometime|one day"
    r"|at some point|eventually|one of these days|down the road)\b|也许|或许|可能|大概|估计"
    r"|有机会|以后"
)

# …and for a sentence whose subject is a named person or the user, also evidential words
# and indecision: they qualify an observation about that person, the fact stays.
_PERSON_HEDGE = _re(
    r"(?i)\b(?:maybe|perhaps|probably|possibly|someday|some day|sometime|one day|at some point"
    r"|eventually|one of these days|down the road|undecided|torn between|on the fence"
    r"|can't decide|haven't decided|still deciding"
    # A named person unsure what to do ("Noah is not sure whether to move to Denver").
    r"|(?:is|are|was|were|feels?|felt) (?:still )?(?:not sure|unsure|uncertain)|isn't sure)\b"
    rf"|{_OPEN_THOUGHT}|{_PUT_OFF}|{_COULD_BE_BETTER}|{_IF_EVER}|{_MODAL_VAGUE}|也许|或许|可能|大概|估计|有机会|有空|有时间|改天|回头|以后|好像|似乎|貌似|看起来|看样子|感觉|纠结|犹豫|拿不定主意|没想好"
    r"|还在考虑|还没决定|不太确定|不确定|不一定|拿不准|\b(?:has|have) no idea\b"
    r"|\bleaning (?:towards?|to)\b"
    # Someone's advice reported, with its own hedge ("舅舅建议先租两年再说", "her doctor
    # suggested waiting and seeing"): the hedge is theirs, the report is a fact.
    r"|(?:建议|劝|推荐|提议)[^,;]*|(?i:\b(?:suggested|advised|recommended|told (?:them|him|her"
    r"|the user)) [^,;.]*)"
)
# Deciding not done yet, or an open thought: not a task underway either (is_progress).
UNDECIDED = _re(
    rf"(?i){_OPEN_THOUGHT}|纠结|犹豫|拿不定主意|没想好|没想清楚|没想明白|没想出来|还在考虑|还没决定|举棋不定"
    r"|\b(?:undecided|torn between|on the fence|can't decide|cannot decide|haven't decided"
    r"|have not decided|still deciding|still thinking (?:about|over)|still figuring out)\b"
)


def is_hedged(norm: str) -> bool:
    """Whether ``norm`` is a thought held back (maybe, someday, 也许以后) rather than a fact."""
    if not _HEDGE.search(norm):
        return False
    if about_a_person(norm):
        # A soft observation about a person ("用户好像更喜欢 Vim", "她似乎不太吃辣", "Caroline
        # is torn between two agencies") is a fact about them, held with less certainty.
        return bool(_HEDGE.search(_PERSON_HEDGE.sub(" ", norm)))
    if about_someone_else(norm):
        # About someone else ("This experience inspired her to help others, possibly
        # through counseling"): only a strong hedge (someday, not sure) holds it back.
        return bool(_HEDGE.search(_WEAK_HEDGE.sub(" ", norm)))
    return True

"""Does a turn ask about the person at all? A category-level signal for the relevance gate.

A memory store is about one person; many agent turns are not: a world-knowledge question
("Who was Franz Kafka?", "《三国演义》的作者是谁？") or a self-contained task ("Explain the
CAP theorem", "写一首关于月亮的五言绝句") needs nothing from it, even when it shares a word
or a name with a memory (Kafka the book, 芝麻 the cat). Such a turn has an *impersonal
shape* and no *personal anchor*:

* shape: the forms of encyclopaedic questions (who wrote / was / invented, what is,
  why do, how does ... work, when did, 是谁, 哪一年, 起源, 什么意思, 为什么) and of
  content tasks that carry their whole input (explain, summarize, translate, write a poem,
  list, define; 解释一下, 翻译, 写一首, 列出).
* anchor: anything that ties the turn to the person's own life: first-person possessives
  and pronouns used as the subject (my, our, we, 我的, 我家, 我们; not the "me" of "tell
  me"), family and household roles (wife, kids, 老婆, 孩子, 爸妈), and times that only mean
  something in the person's calendar (tonight, this weekend, next month, 明天, 周末,
  这个月, 周四).

The gate does not refuse such a turn outright: it asks more of the evidence (a higher
cosine floor, ``GATE_FLOORS``' impersonal margin), so a memory that really fits still
passes. Rules are written per category in both languages, never per sentence.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

# Encyclopaedic questions: the subject is the world, not the person.
_EN_KNOWLEDGE = (
    r"^\s*(?:who|what)(?:'s|\s+(?:is|was|are|were))\b"
    r"|^\s*who\s+(?:wrote|painted|created|invented|discovered|founded|built|directed|"
    r"composed|designed|won|first)\b"
    r"|^\s*(?:when|where|why|how)\s+(?:did|do|does|is|are|was|were)\b"
    r"|^\s*how\s+(?:many|much|long|old|big|far|tall)\s+(?:is|are|was|were|did|does)\b"
    r"|\bthe\s+(?:history|origin|origins|meaning|etymology)\s+of\b"
    r"|\b(?:fun\s+)?facts?\s+about\b|\bunder\s+the\s+hood\b|\bin\s+general\b"
    r"|^\s*(?:what|which)\s+\w+\s+(?:is|are|was|were)\s+\w+(?:ed|en)\s+(?:in|by|at|on|from)\b"
    r"|^\s*what\s+does\s+\S+(?:\s+\S+)?\s+(?:mean|stand\s+for)\b|\bdifference\s+between\b"
    r"|\bpros\s+and\s+cons\b|^\s*how\s+to\b|^\s*(?:in\s+)?what\s+year\b|\bthe\s+capital\s+of\b"
    r"|^\s*(?:tell\s+me\s+about|what\s+are\s+the\s+(?:benefits|symptoms|causes|rules|types|"
    r"advantages|disadvantages|main))\b|^\s*name\s+(?:a|an|the|one|two|three|five|\d+)\b"
)
# Content tasks whose input is in the turn itself.
_EN_TASK = (
    r"^\s*(?:please\s+)?(?:explain|summari[sz]e|translate|define|describe|list|compare|"
    r"paraphrase|proofread|outline|write\s+(?:a|an)\s+(?:haiku|poem|limerick|story|"
    r"sonnet|song|joke|essay|riddle)|(?:tell|give)\s+me\s+(?:a\s+)?(?:joke|fun\s+fact|"
    r"riddle|story|quote))\b"
    r"|^\s*(?:suggest|give\s+me|brainstorm|come\s+up\s+with)\s+(?:\w+\s+){0,4}"
    r"(?:titles|names|slogans|taglines|headlines)\b"
    r"|^\s*(?:write|give\s+me)\s+(?:a|an)\s+(?:\w+\s+)?(?:function|script|program|regex|"
    r"regular\s+expression|query|class|unit\s+test|one-liner)\b"
    r"|^\s*(?:rewrite|rephrase|reword|correct|convert|calculate|solve)\b"
    r"|^\s*fix\s+the\s+(?:grammar|spelling|typos)\b"
)
_ZH_KNOWLEDGE = (
    r"是谁|谁(?:写|画|发明|创|建|导演|唱)|哪一?年|何时|起源|出自|来历|什么意思|的含义|"
    r"为什么|为何|是多少|有多少年|多少年的历史|的历史|是哪个国家|哪个国家的|是哪一条|"
    r"主要吃什么|是什么原理|的原理|的作者|^\s*什么是|(?:是什么|指什么)意思|有什么区别|的区别|"
    r"是怎么(?:形成|工作|运作|产生|发明|来)的|有哪些(?:特点|优点|缺点|种类|类型)|"
    r"有多(?:高|远|大|长|深|重|快|少)|的首都|哪个朝代|是哪(?:国|位)"
)
_ZH_TASK = (
    r"^\s*(?:请|帮我|给我)?\s*(?:解释一下|解释|讲讲|介绍一下|翻译|总结一下|总结|概括|列出|"
    r"列举|写一首|写一篇|写首|写个段子|生成|比较一下)"
    r"|把.{1,30}翻译成|翻译成[英中日韩法德]文|^\s*(?:请|帮我)?\s*(?:润色|改写|纠正|修改)(?:一下)?这"
    r"|^\s*(?:请|帮我)?\s*写(?:一个|个|一段|段)?\s*(?:\w+\s*)?(?:函数|脚本|正则|程序|SQL)"
    r"|(?:想|起|取)(?:[一二三四五六七八九十几两]|\d+)个.{0,10}(?:标题|名字|口号|标语)"
)
_IMPERSONAL = lazy_re(
    "|".join(f"(?:{p})" for p in (_EN_KNOWLEDGE, _EN_TASK, _ZH_KNOWLEDGE, _ZH_TASK)),
    re.I,
)

_EN_ANCHOR = (
    r"\b(?:my|our|ours|mine|we|we're|we've|we'll|us|myself|ourselves)\b"
    # "I" as the subject ("Where do I work?", "Which knee did I injure?"); the generic
    # learner of "how do I / how can I …" is removed first (see _HOW_I).
    r"|\bi\b(?!\.e\.)(?!-)"
    r"|\bi(?:'m|'ve|'d|'ll)?\s+(?:am|was|have|had|need|want|should|must|can't|cannot|"
    r"usually|always|often|prefer|like|love|hate|feel|got|take|use|plan|'m)\b"
    r"|\b(?:wife|husband|spouse|partner|kids?|child|children|son|daughter|baby|mom|mum|"
    r"dad|mother|father|parents|sister|brother|family|boss|manager|colleagues?|team)\b"
    r"|\bthe\s+(?:cat|dog|pets?|animals|little\s+one)\b"
    r"|\b(?:tonight|today|tomorrow|yesterday|this\s+(?:week|weekend|month|morning|"
    r"afternoon|evening|year|quarter)|next\s+(?:week|weekend|month|year|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)s?)\b"
)
_ZH_ANCHOR = (
    r"(?<![帮给替为叫让])我|咱|俺|自己"
    r"|老婆|老公|妻子|丈夫|爱人|孩子|小孩|儿子|女儿|宝宝|爸|妈|父母|家里|全家|家人|"
    r"老板|领导|同事|团队"
    r"|今晚|今天|明天|昨天|后天|周末|这周|下周|上周|这个月|下个月|上个月|今年|明年|去年|"
    r"周[一二三四五六日天]|星期[一二三四五六日天]|早上|下午|晚上"
)
_ANCHOR = lazy_re(f"(?:{_EN_ANCHOR})|(?:{_ZH_ANCHOR})", re.I)
# A quoted passage or the text after a colon is the task's input ("翻译成英文：今天天气很好"),
# not the person speaking: anchors inside it do not count.
_QUOTED = lazy_re(r"[:：][^?？]*$|\"[^\"]*\"|“[^”]*”|「[^」]*」")
# "How do I reverse a list?": the "I" of a how-to question is anyone, not the person.
_HOW_I = lazy_re(r"\bhow\s+(?:do|can|should|would|could|might)\s+i\b", re.I)


def _own_words(turn: str) -> str:
    """The turn without its quoted input and without a how-to question's generic "I"."""
    return _HOW_I.sub(" ", _QUOTED.sub(" ", turn))


def is_impersonal(turn: str) -> bool:
    """True when the turn has the shape of a world-knowledge question or a self-contained
    task and nothing in it ties it to the person (see the module docstring)."""
    if not _IMPERSONAL.search(turn):
        return False
    return not _ANCHOR.search(_own_words(turn))


def anchor_of(turn: str) -> str | None:
    """The first personal anchor in ``turn`` (for explain), or None."""
    m = _ANCHOR.search(_own_words(turn))
    return m.group(0) if m else None


# "Who is X?", "What is X?", "Tell me about X", "X是谁？", "X是什么？": a question about
# what X is. When the store names X, the turn asks about the person's own world (their
# son Leo, their project Atlas), not the encyclopaedia's.
_IDENTITY = lazy_re(
    r"^\s*(?:who|what)(?:'s|\s+is|\s+are)\s+(?P<en>[^?.!]{1,60}?)\s*[?.!]*\s*$"
    r"|^\s*tell\s+me\s+about\s+(?P<about>[^?.!]{1,60}?)\s*[?.!]*\s*$"
    r"|^\s*(?P<zh>[^？?。！!]{1,30}?)\s*(?:是谁|是什么|是啥)\s*[？?。！!]*\s*$",
    re.I,
)


_NAME_LIKE = lazy_re(r"\b[A-Z][a-zA-Z0-9]+|[\u4e00-\u9fff]{2}")


def identity_subject(turn: str) -> str | None:
    """The X of an identity question about a name ("Who is Leo?" -> "Leo", "朵朵是谁？"
    -> "朵朵"), or None; "What's new?" and "what is love" name nothing."""
    m = _IDENTITY.match(turn)
    if not m:
        return None
    subject = next(g for g in m.groups() if g is not None)
    return subject if _NAME_LIKE.search(subject) else None

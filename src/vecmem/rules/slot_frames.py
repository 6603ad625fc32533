"""Slots by frame: mask the value, normalise the subject, read what is left.

The word-order families (``topics.py``, ``slots.py``, ``slot_forms.py``, ``changes.py``)
key a text when its words come in an order they expect. People say the same slot in
orders nobody wrote down ("claude-sonnet-4-5 is the model the user uses by default",
"用户现在的主力编辑器换成 Neovim 了", "The user now works on Central European Time"). This
module reads such a text by its *frame* instead:

1. **mask the fillers by shape, not by a list** (``mask``): a run of Latin words in
   Chinese text, a capitalised or digit / hyphen / dot bearing run in English text, a
   path, a time zone — each becomes one value span;
2. **the subject** is the user when the text says so (user / I / my / 我 / 用户) and
   nothing else owns the slot: a possessive before the label that is not the user's
   ("同事的默认模型", "my sister's editor") or another person named makes it no one's slot
   here;
3. **the frame left** names the slot by a label word (``_LABELS``: "default model",
   "embedding", "编辑器", "时区") or, for a time zone, by the value's own shape.

Exactly one value span must be left (the new one of "from A to B", "A instead of B",
"从A换成B"); two unexplained values are two facts and stay unkeyed. ``frame_fact`` is the
last classification family: it keys only what no word-order family keyed.

``same_frame`` compares two texts the same way for the pipeline: the same subject span (a
value both texts share is a name, compared as its words: "mosaic 的后端…" / "项目 mosaic
用…"), a change announced, a different filler of the same shape and, for two known
technologies, of the same kind (a database is not a framework) → the new text may replace
the old one's value (``engine/pipeline.py`` sends it to review). Not done: comparing
masked frames by an embedder's cosine (the rule grammar alone decides here). Pure
functions over normalized text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vecmem.rules.slot_grammar import words
from vecmem.text import ascii_word_re, lazy_re
from vecmem.types import Classification, MemoryType

__all__ = ["FrameMatch", "announces_change", "frame_fact", "leaves_value", "mask",
           "same_frame"]

_I = re.IGNORECASE
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"

# --- value spans by shape ----------------------------------------------------------------

_PATH = r"(?:[A-Za-z]:[\\/]|~/|/|\./)[\w.~\\/-]*"
# A time zone by its shape ("UTC-5", "Europe/Berlin", "Central European Time", "东八区").
_ZONE = (r"(?:UTC|GMT)\s?[+\-−]\s?\d{1,2}(?::?\d{2})?|(?-i:[A-Z][a-z]+(?:_[A-Z][a-z]+)?"
         r"/[A-Z][A-Za-z_]+)|(?-i:(?:[A-Z][a-z]+ ){1,2})(?:Standard |Daylight |Summer )?[Tt]ime\b"
         r"|(?-i:(?<![A-Za-z])(?:GMT|UTC|[PMCE][SD]?T|CES?T|EES?T|WES?T|BST|JST|KST|IST|SGT|HKT"
         r"|AE[SD]T|NZ[SD]T|MSK)(?![A-Za-z]))|[东西][一二三四五六七八九十]{1,2}区|零时区")
_ZONE_RX = lazy_re(_ZONE)
# Words that begin an English sentence or glue a frame: never a value by capitals alone.
_FRAME_WORDS = frozenset(words(
    "the a an user user's users i i'm i've i'd my me we we're we've our us he she it its they"
    " this that these those is are was were be been am has have had now currently lately"
    " nowadays these days since from to for as by of in on at with and or but not no so"
    " please from today going forward always default"))
# A Latin token that is a value by shape: digits, inner hyphen / dot / plus, or a capital.
_LATIN_TOK = r"[A-Za-z0-9][A-Za-z0-9_.+#:/-]*"
_LATIN_RUN = lazy_re(rf"{_LATIN_TOK}(?: {_LATIN_TOK})*")


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str
    kind: str  # "path" | "zone" | "latin"


_LEADING = frozenset(words("the our my this that a an"))
_TOKEN = lazy_re(r"[A-Za-z0-9][A-Za-z0-9_./+#:'’-]*")


_PREFIXED = lazy_re(r"^(?:re|co|pre|non|self|well|long|short|full|part|multi|cross|sub|over"
                    r"|under|anti|semi|e|x|ex|half|all|one|two|high|low|old|new)-[a-z]+$")


def _is_value(tok: str, first: bool) -> bool:
    bare = tok.rstrip(".,;:!?'’")
    if not bare or bare.casefold() in _FRAME_WORDS or bare.casefold().endswith(("'s", "’s")):
        return False
    if _PREFIXED.match(bare):  # "re-indexed", "long-term": an English word, not a name
        return False
    if re.search(r"\d|\w[./+#-]\w|[+#]$", bare):
        return True
    # a capital, except the one that begins the sentence ("Chestnut was rewritten …")
    capital = bool(re.match(r"[A-Z]", bare)) and not first
    return capital or bool(re.search(r"[a-z][A-Z]", bare))


def _latin_spans(text: str, cjk: bool) -> list[tuple[int, int]]:
    """Value spans among the Latin tokens: in Chinese text every Latin run; in English
    text runs of value-shaped tokens (``_is_value``), adjacent ones joined."""
    if cjk:  # a label said in English ("用户的 embedding 换成了 X") is the frame's
        return [(m.start(), m.end()) for m in _LATIN_RUN.finditer(text)
                if not any(rx.fullmatch(m.group()) for _, rx in _LABELS)]
    out: list[tuple[int, int]] = []
    first = True
    prev_end = -2
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if first and tok.casefold() in _LEADING:
            continue
        # "Neovim is what I edit code in": a name said first, then "is what / is the …"
        lead = first and bool(re.match(r"\s+(?:is|are) (?:what|the|my|our)\b", text[m.end():]))
        if _is_value(tok, first and not lead):
            end = m.start() + len(tok.rstrip(".,;:!?'’"))
            if out and text[prev_end:m.start()] == " ":
                out[-1] = (out[-1][0], end)
            else:
                out.append((m.start(), end))
            prev_end = end
        first = False
    return out


def mask(text: str) -> tuple[str, list[Span]]:
    """``text`` with every value span replaced by ``V``, and the spans in order."""
    cjk = bool(re.search(f"[{_CJK}]", text))
    found: list[Span] = []
    taken = [False] * len(text)

    def add(start: int, end: int, kind: str) -> None:
        if start >= end or any(taken[start:end]):
            return
        for i in range(start, end):
            taken[i] = True
        found.append(Span(start, end, text[start:end], kind))

    for m in re.finditer(rf"(?<![A-Za-z0-9_.]){_PATH}", text):
        if len(m.group()) > 2 and ("/" in m.group()[1:] or "\\" in m.group()):
            add(m.start(), m.end(), "path")
    for m in _ZONE_RX.finditer(text):
        add(m.start(), m.end(), "zone")
    for start, end in _latin_spans(text, cjk):
        if not any(taken[start:end]):
            add(start, end, "latin")
    found.sort(key=lambda s: s.start)
    out, last = [], 0
    for s in found:
        out += [text[last:s.start], "V"]
        last = s.end
    out.append(text[last:])
    return "".join(out), found


# --- the subject ------------------------------------------------------------------------

_USER = ascii_word_re(r"\b(?:the user|user|users|i|i'm|i've|i'd|my|me|mine)\b|用户|我(?!们)", _I)
# Someone else's: a relation or a group named, or any possessive before the label that is
# not the user's ("同事的默认模型", "Hermes 的 fallback 模型", "my sister's editor").
_OTHER = ascii_word_re(
    r"\b(?:his|her|their|its)\b|\b(?:my|the user's|user's) (?:\w+ )?(?:sister|brother|mother"
    r"|father|mom|mum|dad|wife|husband|partner|son|daughter|kid|kids|child|children|friend"
    r"|friends|colleague|colleagues|coworker|teammate|team|manager|boss|parents|family|client"
    r"|clients|customer|customers)s?\b|\b(?:team|client|customer|colleague|company)'s\b"
    r"|(?:同事|朋友|老婆|老公|妻子|丈夫|爸|妈|父母|孩子|儿子|女儿|姐|妹|哥|弟|客户|团队|老板|领导"
    r"|公司|家人)", _I)
_NOT_NOW = ascii_word_re(
    r"\b(?:used to|would like|'d like|wants? to|plans? to|planning|might|maybe|someday"
    r"|thinking (?:about|of)|considering|tried|trying|once|if|when|whether|next (?:week"
    r"|month|year)|not|never|no longer|n't)\b|以前|曾经|之前|原来|过去"
    r"|(?<![联理思感回设构畅梦幻猜料])想要?|打算|计划|考虑|可能"  # (联想 is a company, no wish)
    r"|也许|试试|试用|试了|如果|不再|没有|不用|别|下周|下个月|明年", _I)

# A setting bound to one thing or occasion is that thing's, not the slot the user has:
# "… for the billing project", "for search we embed with X", "at work", "项目里用 X".
_SCOPE = ascii_word_re(
    r"\b(?:project|repo|repository|service|codebase|app|site|team|pipeline|job|script"
    r"|notebook|benchmark|experiment|demo|prototype)s?\b|\bfor (?!chat\b|everything\b|all\b"
    r"|general\b|daily\b|coding\b|code\b|programming\b|work\b|embeddings?\b|V\b|me\b)\w+"
    r"|\b(?:at work|on (?:the |my |our )?(?:servers?|laptop|desktop|work machine|mac|pc))\b"
    r"|项目|仓库|服务|脚本|实验|公司里|上班时|服务器上", _I)

# A stretch of time bounds the use: "这周用户基本都在用 X 写代码", "today I'm on X".
_TEMPORARY = ascii_word_re(r"\b(?:this (?:week|weekend|morning|afternoon|evening)|today"
                           r"|tonight|temporarily|for the (?:day|week))\b"
                           r"|这周|本周|这礼拜|今天|今晚|暂时|临时", _I)
# A model's name is no editor ("用 gpt-5 写代码" is the model one codes with).
_MODEL_NAME = ascii_word_re(r"^(?:gpt|claude|gemini|qwen|llama|mistral|deepseek|glm|kimi|o\d)"
                            r"|\b(?:sonnet|opus|haiku|flash|turbo|instruct)\b", _I)

# A model named for what it does ("snowflake-arctic-embed", "Qwen3-Embedding-0.6B") and a
# verb of use or change: the embedding model, though no label is said.
_EMBEDDER_NAME = ascii_word_re(r"embed", _I)
_USE = ascii_word_re(r"\b(?:use[sd]?|using|with|switched|moved|changed|re-?\w+ed|now)\b"
                     r"|用|改|换|生成", _I)

# --- the label left in the frame names the slot -------------------------------------------

_LABELS: list[tuple[str, re.Pattern[str]]] = [
    ("config.embedding_model", ascii_word_re(
        r"\bembed(?:ding|dings|der)?s?(?: models?)?\b|\bvector(?:s| model)\b|\bvectori[sz]\w*"
        r"|嵌入模型|嵌入|向量模型|向量化|向量(?=都|全|现在|改|换|用|由)", _I)),
    ("config.default_model", ascii_word_re(
        r"\bdefault(?:s| to| chat| language)? ?(?:model|llm)?\b|\bby default\b"
        r"|\b(?:chat|main|go-to|daily|everyday|primary) (?:model|llm)\b"
        r"|默认(?:的)?(?:对话|聊天)?模型|默认|主力模型|(?:对话|聊天|日常)模型", _I)),
    ("preference.editor", ascii_word_re(r"\b(?:code )?editor\b|\bide\b|编辑器"
                                        r"|\b(?:coding|programming|editing) in V\b"
                                        r"|\bedit (?:my |all my |the )?code\b"
                                        r"|用V(?:写代码|编程|写程序)", _I)),
    ("user.timezone", ascii_word_re(r"\btime ?zone\b|时区", _I)),
    # ("based out of X" stays ambiguous, listed by cleanup: a work base may not be home)
    ("user.residence", ascii_word_re(r"(?<!from )(?<!at )(?<!work )\bhome(?: city| town"
                                     r"| base)?\b|\bhometown\b", _I)),
]
_SUBJECTS = {"config.embedding_model": "embedding_model", "config.default_model": "default_model",
             "preference.editor": "user", "user.timezone": "user", "user.residence": "user"}
_PRED = {"config.embedding_model": "is", "config.default_model": "is",
         "preference.editor": "editor", "user.timezone": "timezone",
         "user.residence": "residence"}
_TYPE = {"config.embedding_model": MemoryType.ENVIRONMENT,
         "config.default_model": MemoryType.ENVIRONMENT,
         "preference.editor": MemoryType.PREFERENCE, "user.timezone": MemoryType.USER_FACT,
         "user.residence": MemoryType.USER_FACT}
# The old value beside the new one: "from A to B", "A instead of B", "从A换成B", "replaced A".
_OLD_BEFORE = ascii_word_re(r"\bfrom V\b|从\s*V|把\s*V|\breplac\w* V\b|\bV (?:is|was) replaced\b"
                            r"|\b(?:gave up|ditched|dropped|left) V\b|不用\s*V", _I)
_OLD_AFTER = ascii_word_re(r"\b(?:instead of|rather than|in place of|over) V|而不是\s*V", _I)


# After a label, what says it is the head of its phrase: a verb, a copula, a time word,
# the value. Anything else is another attribute it modifies ("the embedding dimension is
# 1024", "default region", "默认区域", "嵌入模型的维度").
_HEAD_NEXT_EN = frozenset(words(
    "is are was were has have had now currently uses use used runs run changed switched moved"
    " set became becomes went got to of for from in on with as by and : = v model models llm"
    " these lately"))
_HEAD_NEXT_ZH = "是为用换改切现目已了：:从也就都在仍还V，,"


# Before a label, what leaves it the user's or the agent's own: a determiner, an adjective
# of preference, a verb. Another noun makes it that thing's ("the reranker default").
_BEFORE_OK = frozenset(words(
    "the my our your user's users' a an new current usual preferred main primary global"
    " overall whole is are was to by of as now and for with text chat own go-to daily"
    " everyday v in on at all i we you they user use uses used using set sets switched changed"
    " moved went"))


def _qualified(frame: str, start: int) -> bool:
    """Whether an English noun qualifies the label that begins at ``start``."""
    before = re.findall(r"[A-Za-z][\w'’-]*|V", frame[:start])
    return bool(before) and before[-1].casefold() not in _BEFORE_OK and not re.search(
        rf"[{_CJK}]\s*$", frame[:start])


def _label_heads(rx: re.Pattern[str], frame: str) -> bool:
    """Whether some match of the label ``rx`` in ``frame`` heads its phrase."""
    for m in rx.finditer(frame):
        if (re.match(r"[A-Za-z]", m.group()) and not re.match(r"by |defaults", m.group(), _I)
                and _qualified(frame, m.start())):
            continue
        rest = frame[m.end():]
        if not rest.strip() or m.group().endswith("V"):
            return True
        if re.match(f"[{_CJK}]", m.group()[-1]) and not rest.startswith(" "):
            if rest[0] in _HEAD_NEXT_ZH or rest.startswith(("使用", "采用")):
                return True
            continue
        word = re.match(r"\s*([A-Za-z]+|[:=]|V|\S)", rest)
        if word and (word.group(1).casefold() in _HEAD_NEXT_EN or word.group(1) in "V:=,"
                     or re.match(f"[{_CJK}]", word.group(1))):
            return True
    return False


def _new_value(frame: str, spans: list[Span]) -> Span | None:
    """The one value the frame says is the slot's now, or None (none, or two unexplained)."""
    old = set()
    marks = [m.start() for m in re.finditer("V", frame)]
    for rx in (_OLD_BEFORE, _OLD_AFTER):
        for m in rx.finditer(frame):
            at = m.start() + m.group().index("V")
            if at in marks:
                old.add(marks.index(at))
    left = [s for i, s in enumerate(spans) if i not in old]
    return left[0] if len(left) == 1 else None


_POSSESSIVE = ascii_word_re(r"\b(?:the user's|user's|the user’s|my|our)\s+|(?:用户|我们|我)的",
                            _I)
_ADJ = ascii_word_re(r"^(?:(?:new|current|own|usual|preferred|favou?rite|main|default|go-to"
                     r"|primary|daily|everyday|whole|entire)\s+)+"
                     r"|^(?:新|现在|目前|常用|平时)的?", _I)


def _owned_by_other(frame: str) -> bool:
    """A possessive of the user's before something that is no slot label: "the user's
    supplier … is on UTC+8", "my landlord's …", "用户的供应商…" — that thing's, not the
    user's slot."""
    for m in _POSSESSIVE.finditer(frame):
        rest = frame[m.end():]
        rest = rest[len(am.group()):] if (am := _ADJ.match(rest)) else rest
        if not any(rx.match(rest) for _, rx in _LABELS) and not rest.startswith(
                ("V", "time", "coding", "programming", "editing", "写代码", "编程")):
            return True
    return False


# "I'm now at Canva", "The user is with Shopify these days": a change said with "now", at
# a capitalised name — an organisation the user is with (a place takes "in": "now in Oslo")
_NOW_AT = ascii_word_re(r"^(?:i'm|i am|the user is|user is)(?: now)? (?:at|with) V"
                        r"(?: now| these days| nowadays)?$", _I)


def _now_at(frame: str, spans: list[Span]) -> Classification | None:
    if not re.search(r"\b(?:now|these days|nowadays)\b", frame, _I) or not _NOW_AT.match(frame):
        return None
    name = spans[0].text
    if spans[0].kind != "latin" or not re.fullmatch(r"(?:[A-Z][\w&.'’-]*\s?){1,4}", name):
        return None
    return Classification(MemoryType.USER_FACT, "user.employer", "user", "employer", name)


def frame_fact(text: str) -> Classification | None:
    """The user's (or the agent's) one-value slot ``text`` fills, read by its frame: a
    label word or a value's shape names the slot, the one value span left fills it."""
    frame, spans = mask(text)
    if (not spans or _NOT_NOW.search(frame) or _OTHER.search(frame) or _SCOPE.search(frame)
            or _TEMPORARY.search(frame) or _owned_by_other(frame)):
        return None
    if len(spans) == 1 and (at := _now_at(frame, spans)) is not None:
        return at
    zone = [s for s in spans if s.kind == "zone"]
    hits = [key for key, rx in _LABELS if _label_heads(rx, frame)]
    if not hits and len(spans) == 1 and _EMBEDDER_NAME.search(spans[0].text) and _USE.search(
            frame):  # "We re-indexed everything with snowflake-arctic-embed": named so
        hits = ["config.embedding_model"]
    if zone and (not hits or hits == ["user.timezone"]):
        hits, spans = ["user.timezone"], zone
    if len(hits) != 1:
        return None
    key = hits[0]
    if key != "user.timezone" and any(s.kind == "zone" for s in spans):
        return None
    if key in ("preference.editor", "user.timezone", "user.residence") and not _USER.search(
            frame):
        return None  # "the editor of the magazine is Sarah": the user's tools only
    value = _new_value(frame, spans)
    if value is None or value.kind == "path":
        return None
    if key == "user.timezone" and value.kind != "zone":
        return None
    if key == "user.residence" and not re.fullmatch(r"(?:[A-Z][\w.'’-]*\s?){1,3}", value.text):
        return None  # a place is a capitalised name here ("Home for me is Montreal now")
    # The label must not be someone else's: "Sarah is my editor" is a person.
    if key == "preference.editor" and re.fullmatch(r"[A-Z][a-z]+", value.text) and re.search(
            r"\bV is (?:my|the user's)\b", frame, _I):
        return None
    obj = value.text.strip(" .,;")
    if not re.search(r"[A-Za-z]", obj) and key != "user.timezone":
        return None  # a model or an editor has a name, not a bare number
    if key == "preference.editor" and (_not_an_editor(obj) or _MODEL_NAME.search(obj)):
        return None  # "I do my coding in Python": the language, not the editor
    return Classification(_TYPE[key], key, _SUBJECTS[key], _PRED[key], obj)


def _not_an_editor(value: str) -> bool:
    from vecmem.rules.topics import tech_aspects  # topics imports this module

    return any(a != "editor" for a in tech_aspects(value))


def _other_aspect(a: str, b: str) -> bool:
    """Two known technologies of different kinds (a database, a framework) fill two
    slots of a project's stack; an unknown tool's kind is not known, so it may be either."""
    from vecmem.rules.topics import tech_aspects

    ka, kb = set(tech_aspects(a)), set(tech_aspects(b))
    return bool(ka and kb and not ka & kb)


# --- two texts, one frame ------------------------------------------------------------------

#: A change announced: the old value no longer holds, whatever slot it was.
_CHANGE = ascii_word_re(
    r"\b(?:now|switched|moved|migrated|changed|replaced|rewrote|rewritten|ported|rebuilt"
    r"|relocated|became|become|promoted|upgraded|swapped|transferred|no longer|left|quit)\b"
    r"|现在|如今|已经|改成|换成|改为|换为|改用|换用|迁到|迁移|搬到|搬去|切到|切换|变成|升级|转到"
    r"|挪到|移到|转移到|放到|离职|辞职|离开"
    r"|重写", _I)
_DROP = ascii_word_re(r"\b(?:the|a|an|project|app|repo|service|now|currently|also|still"
                      r"|these days|lately|nowadays|has|have|been|is|was|are|were)\b"
                      r"|[了也都的]|现在|目前|如今|已经|最近|项目|(?<=\w)['’]s\b", _I)


@dataclass(frozen=True)
class FrameMatch:
    """Two texts, one subject, a change announced: ``old`` and ``new`` are the fillers."""

    subject: str
    old: str
    new: str


def _units(frame: str) -> list[str]:
    """Comparable units of a masked frame: Latin words and single CJK characters."""
    body = _DROP.sub(" ", frame.replace("V", "\x00").casefold())
    return [u if u != "\x00" else "V" for u in re.findall(rf"[{_CJK}]|[a-z0-9]+|\x00", body)]


def _said_in(value: str, text: str) -> bool:
    """Whether ``value`` is said in ``text`` as words of its own (any case)."""
    return bool(re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", text, re.I)) or (
        bool(re.search(f"[{_CJK}]", text)) and value.casefold() in text.casefold())


def _unmask(frame: str, spans: list[Span], shared: set[str]) -> str:
    """``frame`` with the spans in ``shared`` put back as text (the others stay ``V``)."""
    parts = frame.split("V")
    out = [parts[0]]
    for span, rest in zip(spans, parts[1:], strict=False):
        out += [span.text if _flat(span.text) in shared else "V", rest]
    return "".join(out)


def _flat(value: str) -> str:
    return re.sub(r"[\s._-]+", "", value.casefold())


def announces_change(text: str) -> bool:
    """Whether ``text`` announces a change at all (the cheap test before any lookup)."""
    return bool(_CHANGE.search(text)) and not _NOT_NOW.search(text)


def same_frame(new: str, old: str) -> FrameMatch | None:
    """Whether ``new`` announces a new filler for what ``old`` says of the same subject:
    the units before the first value agree (the subject, at least one name or word), the
    new text announces a change, and the value in it is another. Another person named in
    ``new`` only (``my brother now lives …``) is another subject."""
    if not announces_change(new):
        return None
    fn, sn = mask(new)
    fo, so = mask(old)
    if not sn or not so or (_OTHER.search(fn) and not _OTHER.search(fo)):
        return None
    # a value both texts share is a name they share ("mosaic 的后端…" / "项目 mosaic 用…"):
    # compared as its words, so it can be the subject span
    shared = ({_flat(s.text) for s in sn if _said_in(s.text, old)}
              | {_flat(s.text) for s in so if _said_in(s.text, new)})
    un, uo = _units(_unmask(fn, sn, shared)), _units(_unmask(fo, so, shared))
    sn = [s for s in sn if _flat(s.text) not in shared]
    so = [s for s in so if _flat(s.text) not in shared]
    fn = _unmask(fn, [s for s in mask(new)[1]], shared)
    if not sn or not so:
        return None
    prefix = []
    for a, b in zip(un, uo, strict=False):
        if a != b or a == "V":
            break
        prefix.append(a)
    if not prefix or prefix in (["user"], ["i"], ["my"], ["用", "户"], ["我"]):
        return None  # the user alone is no subject span: the slot families key those
    new_v = _new_value(fn, sn)
    if new_v is None:
        return None
    old_v = so[-1]
    if _flat(new_v.text) == _flat(old_v.text) or new_v.kind != old_v.kind:
        return None
    if any(_flat(new_v.text) == _flat(s.text) for s in so):
        return None
    if _other_aspect(new_v.text, old_v.text):
        return None  # "mosaic 的数据库换成了 X" after "mosaic 用的是 Django": another part
    return FrameMatch(" ".join(prefix), old_v.text, new_v.text)


#: The old value left: "left Stripe", "moved off Vercel", "从华为离职", "不再用 X".
_LEAVE = ascii_word_re(r"\b(?:(?:is|are|'s) gone|gone from|got rid of|uninstalled|ditched|dropped"
                       r"|left|quit|leaving|off|away from|out of|no longer (?:at|with|on|in"
                       r"|using|use)|instead of|replac\w* V|from V (?:to|onto|into))\s*V?"
                       r"|从\s*V\s*(?:离职|辞职|搬走|搬出|迁走|换成|改成|迁到|搬到)|离开了?\s*V"
                       r"|不再用\s*V", _I)


def _held_said(new: str, old_value: str) -> tuple[int, int] | None:
    """Where ``new`` says the held value (whole, or the first word of a Latin name of
    several words, four letters or more), else None."""
    if not old_value:
        return None
    if re.search(f"[{_CJK}]", old_value):
        at = new.casefold().find(old_value.casefold())
        return (at, at + len(old_value)) if at >= 0 else None
    first = old_value.split()[0]
    for value in dict.fromkeys((old_value, first if len(first) >= 4 else old_value)):
        m = re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", new, re.IGNORECASE)
        if m:
            return m.span()
    return None


def leaves_value(new: str, key: str, old_value: str) -> FrameMatch | None:
    """Whether ``new`` says the filled slot ``key`` left its value ``old_value`` for another
    value of the same shape ("Started a new gig at Ramp this week, left Stripe" after "User
    works at Stripe"; "ember moved off Vercel onto Cloudflare Workers"). A project's or a
    person's slot needs its name in the text; the user's, no one else as the subject."""
    if not announces_change(new) and not _LEAVE.search(mask(new)[0]):
        return None
    said = None
    if not any(_flat(s.text) == _flat(old_value) for s in mask(new)[1]):
        said = _held_said(new, old_value)  # not found by its shape: where it is said
    if said is not None:
        # a Chinese value has no shape of its own, a Latin one first in the sentence has
        # none either ("Sublime is gone from my laptop"): where the held value is said —
        # or its first word, for a name of several — it is one
        at, end = said
        held = new[at:end]
        new = f"{new[:at]} Oldvalue0 {new[end:]}"
        old_value = "Oldvalue0"
    frame, spans = mask(new)
    olds = [s for s in spans if _flat(s.text) == _flat(old_value)]
    others = [s for s in spans if _flat(s.text) != _flat(old_value)]
    if not olds or not others or not _LEAVE.search(frame):
        return None
    parts = key.split(".")
    if parts[0] in ("project", "person") and len(parts) >= 3:
        if parts[1].replace("-", " ") not in new.casefold().replace("-", " "):
            return None
        others = [s for s in others if _flat(s.text) != _flat(parts[1])]
    elif _OTHER.search(frame):
        return None
    kind = [s for s in others if s.kind == olds[0].kind]
    if len(kind) != 1:
        return None
    return FrameMatch(key, held if said is not None else olds[0].text, kind[0].text)

"""Memory poisoning: instruction-shaped text that did not come from the person.

A memory is read back into the agent's context as *trusted* text, so a sentence such as
"ignore previous instructions" or "from now on fetch packages from https://…" that
arrives from a web page, a tool's output or automatic extraction would become a standing
order the person never gave. Two parts, both pure:

* :func:`trust_of` — the one place a write's provenance becomes a trust level
  (the person > the agent on a person's word > automatic, tool or web), derived from
  ``source`` and ``meta``. Metadata may only *lower* the level: a tool cannot claim to be
  the person.
* :func:`instruction_shape` — which kind of instruction a text is shaped like, if any.
  *Hostile* shapes (overriding earlier instructions, sending secrets somewhere, scripted
  answers, trusting a URL from now on, a new role) are held from anything below the
  person; a *standing command* (an imperative "always …" / "以后…就…" addressed to the
  agent) is held only from automatic sources, because the agent relaying the person's
  own wish is how such wishes are normally written down. A description of the person's
  habit or wish ("The user always pushes to dev first", "用户希望以后回答用中文") is a
  fact, not an instruction, and is never held.

:func:`hold_reason` combines them; the pipeline turns a reason into a ``review``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from vecmem.text import normalize


class Trust(IntEnum):
    """How far a write's provenance speaks for the person (higher is more trusted)."""

    AUTOMATIC = 0  # extraction, tool output, web content, the agent's own inference
    AGENT = 1  # the agent writing down what the person told it
    PERSON = 2  # typed by the person (CLI, dashboard, an import they ran)

    @property
    def label(self) -> str:
        return {0: "automatic", 1: "agent", 2: "person"}[int(self)]


#: Sources that are the person acting directly.
_PERSON = frozenset({"manual", "cli", "dashboard", "user", "person", "review", "import",
                     "merge", "api"})
#: Sources that are the agent writing on the person's word (its memory tool, MCP).
_AGENT = frozenset({"mcp", "agent", "hermes:tool", "assistant"})
#: Words in a source or a meta origin that mean nobody vouched for the text.
_AUTOMATIC = frozenset({"extract", "extraction", "transcript", "ingest", "web", "browser",
                        "fetch", "scrape", "crawl", "rss", "email", "tool_output",
                        "tool-output", "output", "inference", "inferred", "infer", "judge",
                        "llm", "auto", "automatic", "document", "file", "search"})
_META_KEYS = ("origin", "via", "channel", "from", "trust")
_WORD = re.compile(r"[a-z_-]+")


def _automatic(label: object) -> bool:
    return isinstance(label, str) and any(
        w in _AUTOMATIC for w in _WORD.findall(label.casefold().replace(":", " ")))


def trust_of(source: str | None, meta: Mapping[str, Any] | None = None) -> Trust:
    """The trust level of a write from ``source`` with ``meta`` (see the module doc)."""
    src = (source or "").strip().casefold()
    if src in _PERSON:
        level = Trust.PERSON
    elif src in _AGENT or src.endswith(":tool"):
        level = Trust.AGENT
    elif _automatic(src):
        level = Trust.AUTOMATIC
    else:  # an unknown caller is not the person, nor proven automatic
        level = Trust.AGENT
    if isinstance(meta, Mapping):
        for key in _META_KEYS:
            value = meta.get(key)
            if key == "trust" and isinstance(value, str):
                named = {t.label: t for t in Trust}.get(value.strip().casefold())
                if named is not None:
                    level = min(level, named)
            elif _automatic(value):
                level = Trust.AUTOMATIC
    return level


# ---- instruction shapes ------------------------------------------------------------------

def _r(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_SECRETS_EN = (r"(?:api[ -]?keys?|keys|secrets?|passwords?|passwd|tokens?|credentials?|"
               r"private keys?|ssh keys?|\.env|env(?:ironment)? (?:vars|variables)|cookies)")
_SECRETS_ZH = r"(?:密钥|秘钥|密码|口令|令牌|token|凭证|凭据|私钥|cookie|环境变量|api ?key)"

#: (kind, pattern): shapes that are an attack whoever relays them, unless the person typed it.
_HOSTILE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("override", _r(r"\b(?:ignore|disregard|forget|override|bypass|skip)\b[^.!?\n]{0,30}\b"
                    r"(?:previous|prior|above|earlier|all|any|other|existing|your|system)\b"
                    r"[^.!?\n]{0,20}\b(?:instructions?|rules?|prompts?|guidelines?|"
                    r"directives?|safeguards?|policies|policy|messages?)")),
    ("override", _r(r"(?:忽略|无视|忘记|忘掉|不要理会|跳过|绕过)[^。！？\n]{0,12}"
                    r"(?:指令|指示|规则|提示|要求|设定|限制|安全策略)")),
    ("exfiltrate", _r(r"\b(?:send|e-?mail|post|upload|forward|leak|paste|share|exfiltrate|"
                      r"copy|transmit|report)\b[^.!?\n]{0,40}" + _SECRETS_EN +
                      r"[^.!?\n]{0,40}\b(?:to|at|into|via)\b")),
    ("exfiltrate", _r(r"(?:把|将)[^。！？\n]{0,12}" + _SECRETS_ZH +
                      r"[^。！？\n]{0,20}(?:发|发送|上传|转发|贴|提交|同步|抄送)(?:到|给|至)")),
    ("scripted_answer", _r(r"\b(?:when|whenever|if)\b[^.!?\n]{0,30}\b(?:asks?|asked|"
                           r"questions?|inquires?)\b[^.!?\n]{0,60}[,;:]?\s*"
                           r"\b(?:answer|say|reply|respond|tell (?:them|him|her|the user)|"
                           r"claim|state)\b")),
    ("scripted_answer", _r(r"(?:如果|当|若|一旦|只要)?[^。！？\n]{0,8}(?:问到|问起|问|询问)"
                           r"[^。！？\n]{0,30}(?:就|都|一律|请)?(?:回答|说|回复|告诉(?:他|她|对方|用户))")),
    ("trust_url", _r(r"\b(?:trust|use|prefer|fetch (?:\w+ )?from|download (?:\w+ )?from|"
                     r"install (?:\w+ )?from|pull (?:\w+ )?from|treat)\b[^.!?\n]{0,40}"
                     r"(?:https?://|www\.)")),
    ("trust_url", _r(r"(?:信任|使用|改用|从|以)[^。！？\n]{0,20}(?:https?://|www\.)")),
    ("role", _r(r"\b(?:you are now|you're now|act as|pretend (?:to be|you are)|your new "
                r"(?:role|instructions?|task|system prompt)|new (?:system )?instructions?:|"
                r"system prompt:|developer mode)")),
    ("conceal", _r(r"\b(?:do not|don't|never|without)\s+(?:tell|telling|inform|informing|"
                   r"mention|mentioning|reveal|revealing|show|showing|notify|notifying)\b"
                   r"[^.!?\n]{0,20}\b(?:the user|the owner|the human|anyone|them)\b")),
    ("conceal", _r(r"(?:不要|别|不得|切勿|无需)(?:告诉|通知|透露给|提醒|让)"
                   r"(?:用户|主人|任何人|他|她)")),
    ("role", _r(r"(?:^|\n)\s*(?:system|developer|assistant)\s*:|\byou (?:must|shall) obey\b")),
    ("role", _r(r"(?:你现在是|你现在扮演|扮演一个|你的新(?:角色|指令|任务)|"
                r"新的指令[:：]|系统提示[:：])")),
)

#: An imperative addressed to the agent that sets a standing rule.
_STANDING = (
    _r(r"^(?:please,?\s+|note(?: to (?:the )?(?:assistant|agent|ai|self))?:?\s+|"
       r"important:?\s+|reminder:?\s+|rule:?\s+|remember:?\s+)?"
       r"(?:always|never|from now on|henceforth|going forward|in (?:the )?future|"
       r"every time|each time|whenever [^,]{1,40},)\b"),
    _r(r"^(?:please\s+)?[a-z]+\b[^.!?\n]{0,60}\b(?:from now on|going forward|henceforth|"
       r"every time|at all times|without asking|without confirmation)\b"),
    _r(r"^(?:请|务必|注意[:：]?|记住[:：，,]?|请记住[:：，,]?|提醒[:：]?)?(?:以后|今后|之后|往后|从现在(?:开始|起)|从今(?:天|以后)(?:起)?|"
       r"每次|永远|一律|凡是)"),
    _r(r"(?:以后|今后|从现在(?:开始|起))(?:遇到|碰到|看到|收到|凡是)[^。！？\n]{0,30}(?:就|都|一律)"),
)
#: A sentence about the person (their habit, their wish) is a fact, not an order.
_ABOUT_PERSON = _r(r"^(?:the user|user|users|the person|my|i|i'm|we|our|the team|"
                   r"用户|我|我们|本人|他|她)(?:\b|'|[^a-z]|$)")


@dataclass(frozen=True)
class Shape:
    kind: str
    hostile: bool


def instruction_shape(text: str) -> Shape | None:
    """The instruction shape of ``text`` (the first found), or ``None`` for a plain fact."""
    # the canonical form: look-alike letters and invisible characters do not hide a shape
    flat = " ".join(normalize(text).split())
    for kind, pattern in _HOSTILE:
        if pattern.search(flat):
            return Shape(kind, hostile=True)
    for sentence in re.split(r"(?<=[.!?。！？;；])\s*|\n", flat):
        s = sentence.strip(" \"'“”‘’-*>•")
        if not s or _ABOUT_PERSON.match(s):
            continue
        if any(p.search(s) for p in _STANDING):
            return Shape("standing_command", hostile=False)
    return None


_KIND_TEXT = {
    "override": "tells the agent to ignore its instructions",
    "exfiltrate": "tells the agent to send secrets somewhere",
    "scripted_answer": "scripts the agent's answer to a question",
    "trust_url": "tells the agent to trust or use a URL",
    "role": "gives the agent a new role or instructions",
    "conceal": "tells the agent to hide something from the person",
    "standing_command": "sets a standing rule for the agent",
}


def hold_reason(text: str, trust: Trust) -> str | None:
    """Why ``text`` from a write of ``trust`` must wait for review, or ``None``."""
    if trust >= Trust.PERSON:
        return None
    shape = instruction_shape(text)
    if shape is None or (not shape.hostile and trust > Trust.AUTOMATIC):
        return None
    return (f"held for review: instruction-shaped text ({shape.kind}: "
            f"{_KIND_TEXT[shape.kind]}) from a source of trust '{trust.label}'; only "
            f"the person's own word is stored as a standing instruction")


def recorded_trust(source: str | None, event_metas: Iterable[Mapping[str, Any] | None]) -> str:
    """The trust label a memory was written with: the first of its events that recorded
    one (the pipeline records it on every write), else what ``source`` alone gives."""
    for meta in event_metas:
        if isinstance(meta, Mapping) and isinstance(meta.get("trust"), str):
            return str(meta["trust"])
    return trust_of(source).label

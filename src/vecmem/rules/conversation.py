"""Conversation pre-filter shared by the rule-based and the LLM extractors.

Before anything is extracted from conversation turns, three kinds of text are removed,
because storing them is how the first version polluted its memory:

1. **System prompts** (and developer/tool messages): instructions and tool output are not
   facts the user told us. Tool results reach memory through the agent's own ``add``.
2. **Recalled memories echoed back**: an agent injects ``<memory-context>…</memory-context>``
   blocks into its turns; extracting from them would re-store (or re-phrase) what memory
   already holds. The blocks are cut out of *every* message, whatever its role.
3. **Assistant filler**: "好的，我来帮你…", "Sure! Here's…", "Let me know if…" — sentences
   that carry no fact. Only whole filler sentences are dropped; the rest of the assistant
   turn stays, because a user's "yes, do that" may need it as context.

Pure functions, no I/O, no model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from vecmem.text import lazy_re

#: Tags whose whole content is recalled memory injected by an agent.
MEMORY_BLOCK_TAGS: tuple[str, ...] = ("memory-context",)

#: Roles whose messages are never extracted from.
SKIPPED_ROLES = frozenset({"system", "developer", "tool", "function", "ipython"})

_KNOWN_ROLES = frozenset({"user", "assistant", *SKIPPED_ROLES})
_ROLE_ALIASES = {
    "human": "user",
    "ai": "assistant",
    "bot": "assistant",
    "model": "assistant",
    "gpt": "assistant",
}

_BLOCKS = [
    # A closed block, or an unclosed one that runs to the end of the message (an agent that
    # truncated its injection must not leak the tail into extraction).
    lazy_re(rf"<{tag}\b[^>]*>.*?(?:</{tag}\s*>|\Z)", re.DOTALL | re.IGNORECASE)
    for tag in MEMORY_BLOCK_TAGS
]
_STRAY_CLOSE = [lazy_re(rf"</{tag}\s*>", re.IGNORECASE) for tag in MEMORY_BLOCK_TAGS]

# Sentence boundaries: CJK terminators, ! ? and newlines always; "." only before
# whitespace so that "Python 3.11" and "example.com" survive.
_SENTENCE = lazy_re(r"[^。！？!?\n]*?(?:[。！？!?]+|\.(?=\s)|\n|$)")

_ACK = (
    r"(?:好的|好|嗯|当然|当然可以|没问题|可以|行|明白了?|收到|了解|OK|Okay|Sure|Of course|"
    r"Certainly|Absolutely|Great|Got it|No problem|Alright|All right|Right|Understood)"
)
_FILLER = [
    lazy_re(p, re.IGNORECASE)
    for p in (
        rf"^{_ACK}[\s!！,，.。~～、]*$",
        # "好的，我来帮你…" / "Sure, here's…": filler only while short and with nothing after
        # a colon, so "Sure, the port is now 8080: …" keeps its content.
        rf"^{_ACK}[\s!！,，.。~～、]*(?:我来|让我|我先|下面|以下|马上|这就|我会)"
        r"[^。！？\n:：]{0,30}[。！？.!…]*$",
        rf"^{_ACK}[\s!,.]*(?:here'?s|here is|here are|let me|I'?ll|I will|I can|I'?d)\b"
        r"[^.!?\n:]{0,50}[.!:…]*$",
        r"^(?:我来|让我|我先)(?:帮你|为你|给你|看看|看一下|查一下|想想|试试)",
        # Intros ("Here's the plan:") only when nothing follows their colon.
        r"^(?:以下是|下面是|这是)[^。！？\n:：]{0,30}[:：]?\s*$",
        r"^(?:here'?s|here is|here are|below is)\b[^.!?\n:]{0,60}[:.]?\s*$",
        r"^let me (?:know|check|look|think|see|help|explain|walk)\b",
        r"^(?:feel free|hope (?:this|that) helps|I hope (?:this|that) helps|happy to help|"
        r"glad (?:I could|to) help|I'?d be (?:happy|glad) to|great question|good question)",
        r"^(?:如果|若)(?:你|您)?(?:还)?有(?:其他|任何|别的|更多)?(?:问题|需要|疑问)",
        r"^希望(?:这些|以上|这个|这)?(?:内容|信息|回答)?(?:对你|对您|能)?有(?:所)?帮助",
        r"^(?:有(?:任何|其他)?问题)?(?:随时|欢迎)(?:告诉|问|联系)",
    )
]


@dataclass(frozen=True, slots=True)
class Turn:
    """One cleaned conversation turn; ``index`` is its position in the original list."""

    index: int
    role: str
    content: str


def strip_memory_blocks(text: str) -> str:
    """Remove every ``<memory-context>`` block (closed or not) from ``text``."""
    for pattern in _BLOCKS:
        text = pattern.sub(" ", text)
    for pattern in _STRAY_CLOSE:
        text = pattern.sub(" ", text)
    return text


def split_sentences(text: str) -> list[str]:
    """Sentences with their terminators, whitespace-trimmed, empties dropped."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def is_filler(sentence: str) -> bool:
    """True for an assistant sentence that carries no fact (acknowledgement, sign-off)."""
    s = sentence.strip()
    return any(p.search(s) for p in _FILLER)


def strip_filler(text: str) -> str:
    """Drop whole filler sentences from an assistant message; keep everything else."""
    kept: list[str] = []
    for line in text.split("\n"):
        sentences = [s for s in split_sentences(line) if not is_filler(s)]
        if sentences:
            kept.append(" ".join(sentences))
    return "\n".join(kept).strip()


def message_text(content: Any) -> str:
    """The text of an OpenAI-style ``content``: a string, or a list of parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])  # image/audio parts carry no text to extract
        return "\n".join(parts)
    return str(content)


def normalize_role(role: Any) -> str:
    """Lower-case the standard roles and map aliases ("human", "ai"); keep other names."""
    r = str(role or "user").strip()
    return _ROLE_ALIASES.get(r.lower(), r.lower() if r.lower() in _KNOWN_ROLES else r)


def clean_messages(messages: Iterable[Mapping[str, Any] | str]) -> list[Turn]:
    """Apply the pre-filter to conversation turns.

    Accepts ``{role, content}`` mappings or plain strings (taken as user turns). Roles other
    than user/assistant (a LoCoMo speaker's name, say) are kept as they are. Returns only the
    turns with text left after filtering, each with its original index.
    """
    turns: list[Turn] = []
    for index, message in enumerate(messages):
        if isinstance(message, str):
            role, content = "user", message
        else:
            role = normalize_role(message.get("role"))
            content = message_text(message.get("content"))
        if role in SKIPPED_ROLES:
            continue
        text = strip_memory_blocks(content)
        if role == "assistant":
            text = strip_filler(text)
        # Runs of spaces collapse, but not a line's indentation: it tells pasted code.
        text = re.sub(r"(?<=\S)[ \t]+", " ", text).strip()
        if text:
            turns.append(Turn(index=index, role=role, content=text))
    return turns

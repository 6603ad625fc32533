"""Deterministic classification: memory type, subject/predicate/object and topic key.

A topic key names *what a memory is about* ("config.default_model",
"project.hermes-vecmem.path", "preference.language"), so that two memories about the same
thing meet in the write pipeline (same value → duplicate, different value → review) and two
unrelated ones never do. Keys are built from a small bilingual glossary, so "默认模型：X" and
"The default model is X" share ``config.default_model``. Chinese words the glossary does not
know are kept as characters, never collapsed (the first version turned every Chinese key
into "-", which merged unrelated facts). When the aspect cannot be determined the key is
``None`` (judged by similarity) or, for additive families, a short hash of the text.

The families are split by what they are about: :mod:`topic_keys` (glossary, slugs,
technology aspects), :mod:`topic_user` (preferences and facts about the user),
:mod:`topic_work` (projects and configuration); this module reads them in order.
"""

from __future__ import annotations

import re

from vecmem.rules import slot_grammar, slots
from vecmem.rules.changes import restate
from vecmem.rules.slot_frames import frame_fact
from vecmem.rules.slot_stacks import stack_fact
from vecmem.rules.topic_keys import _T, _cls, _re, _short_hash, slugify_name, tech_aspects
from vecmem.rules.topic_user import _preference, _user_fact, preference_body
from vecmem.rules.topic_work import _environment, _project, _project_path
from vecmem.text import normalize
from vecmem.types import Classification

# The public names stay importable from here (other modules and helpers read them here).
__all__ = ["classify", "preference_body", "slugify_name", "tech_aspects"]

_SLOT = _re(r"^active[_ -]?context\s*:\s*(?P<body>.*)$", re.I | re.S)
_BACKLOG = _re(r"^idea[_ -]?backlog\s*:\s*(?P<body>.*)$", re.I | re.S)
# Procedures: "When deploying, always …", "每次发版前先…". Typed, never keyed.
_WORKFLOW = _re(
    r"^(?:when|whenever|before|after|every time|each time)\b.{3,}\b(?:always|first|must|run|use"
    r"|make sure)\b|^每次.{1,20}(?:前|后|时)|(?:发版|发布|部署|提交|合并|上线)(?:前|之前|后|之后)"
    r"(?:先|要|必须|需要|都)",
    re.I | re.S,
)


def classify(content_norm: str) -> Classification:
    """Classify one normalized text. Total: every input gets a Classification."""
    return slots.canonical(_classify(normalize(content_norm) if content_norm else ""))


def _or_frame(found: Classification, text: str) -> Classification:
    """``found``, unless it keys no one-value slot and the text's frame does — or, for a
    compound sentence ("Anna is now the user's wife; they married in May", "工作调动了，我现
    在住长沙"), one of its clauses does, or the clause with its fillers dropped does
    (``slot_grammar.second_pass``)."""
    if found.topic_key and found.single_valued:
        return slot_grammar.bounded(found, text, _classify)
    framed = frame_fact(text)
    if framed is not None:
        return framed
    return slot_grammar.second_pass(text, _classify) or found


def _classify(text: str) -> Classification:
    m = _SLOT.match(text)
    if m:
        return _cls(
            _T.ACTIVE_CONTEXT,
            "active_context",
            "active_context",
            "is",
            m.group("body"),
        )  # updated in place: rules/slots.py POLICY
    m = _BACKLOG.match(text)
    if m:
        body = m.group("body")
        return _cls(
            _T.IDEA_BACKLOG,
            f"idea_backlog.{_short_hash(body)}",
            "idea_backlog",
            "idea",
            body,
            single=False,
        )
    stack = stack_fact(text)  # "tally uses Django and PostgreSQL": the set is the value
    if stack is not None:
        return stack
    text = slots.reword(restate(text))  # "默认模型改成了 X" is classified as "默认模型是X"
    body = preference_body(text)
    if body is not None and (zone := slots.scheduled_zone(text)) is not None:
        return zone  # "以后按东京时间给我排会议": the user's zone, not a preference of its own
    if body is not None:
        return _or_frame(_preference(text, body), text)
    # frame_fact reads the slot by label and value shape when no word order keyed one; it
    # runs before _environment, whose generic "X is Y" would key the frame's words
    for family in (slots.slot_fact, _project_path, _user_fact, _project, frame_fact,
                   _environment):
        found = family(text)
        if found is not None:
            return _or_frame(found, text)
    if _WORKFLOW.search(text):
        return _or_frame(_cls(_T.WORKFLOW, None, None, None, text), text)
    return _or_frame(_cls(_T.GENERAL, None, None, None, None), text)

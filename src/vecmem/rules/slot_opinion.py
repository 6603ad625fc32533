"""A second opinion on one-value slots: what a text's *meaning* says its slot is, checked
by structure before it may count.

The slot grammar (``slots.py``, ``slot_grammar.py``, ``topics.py``) keys a text by its
wording; a wording nobody wrote down ("These days my paycheck comes from Bosch", "Home
for the user is Sheffield since the spring") keys nothing and is stored beside the value
it changes. The engine (``engine/slot_prototypes.py``) finds the labelled slot statements
nearest to such a text in a bundled embedder's geometry; this module decides, by
structure only, whether that reading may stand:

* the slot is one the grammar can hold a value for (``ASPECTS``), never a named
  person's relation (a name is enough there, and ``may_fill`` already reads it);
* the user is whom the text is about: the user is named (I / my / the user / 用户 / 我, not
  我们) and no other person is the subject ("The user's wife works at …"); a possessed
  subject ("User's colour scheme …", "用户的老家…") counts only when the possessed noun is
  one the labelled statements of that slot use (``possessed_head``, learned from the
  data, not listed here); a project's slot needs the project's name in the text;
* the text holds *now* and always: no plan, wish, trial, past, trip or condition
  (``slots._NOT_NOW``, ``slot_grammar._PAST``, ``_AWAY``, ``_CONDITION``); where one works
  is not where one lives;
* a value is there by structure (``values``: a Latin name or a tool's token, a place
  from ``places.py``): a value other than the held one is a change (``review``), the held
  one alone a restatement (``duplicate``, when the text adds little to the stored one),
  no value at all a possible conflict that ``cleanup`` lists.

Pure functions over normalized text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from vecmem.rules.places import is_place
from vecmem.rules.sameness import new_units
from vecmem.rules.slot_grammar import _PAST
from vecmem.rules.slots import _NOT_NOW, _OTHER_PERSON, _other_is_subject
from vecmem.text import ascii_word_re, lazy_re

__all__ = ["ASPECTS", "Reading", "aspect_matches", "possessed_head", "read", "values"]

_I = re.IGNORECASE

#: A slot label of the labelled statements -> the topic key (``*`` a project's name) it is
#: held under. ``person_relation`` / ``relation`` are left out on purpose (see above).
ASPECTS: dict[str, str] = {
    "residence": "user.residence",
    "employer": "user.employer",
    "role": "user.occupation",
    "timezone": "user.timezone",
    "default_model": "config.default_model",
    "embedding_model": "config.embedding_model",
    "language_pref": "preference.language",
    "editor": "preference.editor",
    "theme": "preference.theme",
    "deploy_target": "project.*.deploy",
    "project_stack": "project.*.",
    "project_path": "project.*.path",
}

Reading = Literal["review", "duplicate", "possible"]


def aspect_matches(topic_key: str | None, pattern: str) -> bool:
    """Whether ``topic_key`` is a key of the aspect ``pattern`` ("project.*.deploy")."""
    if not topic_key:
        return False
    if "*" not in pattern:
        return topic_key == pattern
    head, tail = pattern.split("*")
    return (topic_key.startswith(head) and topic_key.endswith(tail)
            and len(topic_key) > len(head) + len(tail))


#: The user named anywhere (the subject test proper is ``_other_is_subject``).
_USER = ascii_word_re(r"\b(?:the user|user|i|i'm|i've|my|me)\b|用户|我(?!们)", _I)
#: "User's colour scheme is …", "用户的老家在…", "atlas 的日志放在…": a possessed noun is the
#: subject (the possessor the user, a name or a project).
_POSSESSED = ascii_word_re(
    r"^(?:(?:these days|lately|now|currently),?\s+)?(?:the user's|user's|my|the user’s"
    r"|(?:the )?[\w.-]+(?:'s|’s))\s+"
    r"(?P<en>(?:\w+\s){0,2}?\w+?)\s+(?:is|are|was|has|have|uses|use|runs|lives|sits|works"
    r"|comes|stays|now|these|in|on|at|answers|wants|goes|go)\b"
    r"|^(?:用户|我|(?:项目\s*)?[\w.-]+\s*)的\s*(?P<zh>[\u4e00-\u9fffA-Za-z]{1,6}?)\s*(?:是|在|用|叫|为|设|改|换|住|还是"
    r"|已经|现在|也|都|一直|大多|基本|放|存|部署|托管|跑|迁)", _I)
#: Away, not home: a trip, a visit, where one was born or grew up.
_AWAY = ascii_word_re(
    r"\b(?:trip|travel\w*|visit\w*|vacation|holiday|weekend|grew up|born|spent|went to|flew"
    r"|flying)\b|出差|旅游|旅行|看海|出生|长大|去.{1,6}(?:玩|看)", _I)


#: A person's relative pronoun: "Sarah is who edits my code now" is about Sarah.
_WHO = ascii_word_re(r"\bwho(?:m|se)?\b|谁", _I)


#: A value under a condition is not the slot's value: "I use vi on the VM when I debug".
_CONDITION = ascii_word_re(r"\b(?:when|whenever|while|if)\b|的时候|时候|如果", _I)
#: Where one works is not where one lives ("The user works in Shanghai", "我在成都上班"):
#: ``slots.may_fill`` lists it as a possible new home; it is never read as a home here.
_WORKS_IN = ascii_word_re(r"\bwork(?:s|ing|ed)? (?:in|at)\b|在.{1,12}(?:上班|工作)", _I)


def possessed_head(text: str) -> str | None:
    """The noun a possessed subject names ("User's colour scheme is …" -> "colour
    scheme"), or ``None`` when the subject is not possessed."""
    m = _POSSESSED.match(text)
    if not m:
        return None
    return (m["en"] or m["zh"] or "").casefold() or None


# A value by structure: a capitalised name or a tool's token (letters with a digit, a dot
# or a hyphen: "gpt-4o", "bge-m3"), a run of them; in CJK text, a known place.
_W = r"[A-Za-z0-9_.+/-]"  # ASCII only: normalized text glues "DeepSeek-V3了" together
_LATIN_VALUE = re.compile(rf"(?<![A-Za-z0-9_.-])(?:[A-Z]{_W}*|[a-z][A-Za-z0-9_.+]*[-\d/]{_W}*)"
                          rf"(?:\s(?:[A-Z]{_W}*|\d[A-Za-z0-9_.]*))*")
#: A token marked as a name wherever it stands: a digit, a dot, a hyphen, an inner capital.
_MARKED = re.compile(r"[\d.+/-]|.[A-Z]")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
_NOT_VALUE = frozenset(("i", "user", "the", "my", "me", "we", "our", "please", "for",
                        "home", "lately", "these", "project"))


def values(text: str) -> list[str]:
    """The values ``text`` names by structure, in order (may repeat)."""
    out: list[str] = []
    for m in _LATIN_VALUE.finditer(text):
        parts = m.group(0).strip(" .,").split()
        while parts and parts[0].casefold() in _NOT_VALUE:
            parts = parts[1:]
        if parts and m.start() == 0 and len(parts) == 1 and not _MARKED.search(parts[0]) \
                and not is_place(parts[0]):
            continue  # a sentence's capital ("Most of my chats …") is no name by itself
        if parts:
            out.append(" ".join(parts))
    for m in _CJK_RUN.finditer(text):
        run = m.group(0)
        out += [run[i:i + n] for n in (4, 3, 2) for i in range(len(run) - n + 1)
                if is_place(run[i:i + n])]
    return out


def _key(value: str) -> str:
    return "".join(value.casefold().split())


_SLASH_OR_SPACE = lazy_re(r"[\s/]+")


#: Something made for a tool or given to it is no use of it (session 15): "wrote a plugin
#: for Helix", "给 Zed 提过一个 PR", "给 VS Code 写过一个 extension".
_MADE_FOR = ascii_word_re(r"\b(?:wrote|written|built|made|maintains?|contributed|opened|filed"
                          r"|sent|submitted)\b.{0,30}\b(?:plugins?|extensions?|prs?|pull requests?"
                          r"|patch(?:es)?|issues?|themes?|bug reports?)\b.{0,10}\b(?:for|to)\b"
                          r"|\bcontributed to\b"
                          r"|给.{1,20}?(?:写过|写了|提过|提了|贡献过|做过|开发过|修过)", _I)
#: A setting owned by a thing that is not the agent: a project, a bot, a service
#: ("Project Falcon 的 search 用的是 X", "用户的客服机器人用的是 X").
_OTHER_THING = ascii_word_re(r"\b(?:project|bot|chatbot|pipeline|service|app)\b|项目|机器人"
                             r"|的\s*(?:search|搜索|bot|服务|系统|app|应用)", _I)


def read(text: str, slot: str, held_key: str, held_value: str | None, held_content: str,
         heads: Iterable[str]) -> Reading | None:
    """What ``text`` does to the filled slot ``held_key`` (holding ``held_value``, stored
    as ``held_content``) when its nearest labelled statements say it states ``slot``:
    ``review`` (a new value), ``duplicate``, ``possible`` (no value to compare), or
    ``None`` when the structure says it is not the user's (or the project's) slot now.
    ``heads`` are the possessed nouns the labelled statements of ``slot`` use: any other
    possessed subject is someone's or something else's ("The user's team uses …"; a
    leave-one-round-out run that let unseen ones through gained 5 positives and lost 5
    negatives)."""
    pattern = ASPECTS.get(slot)
    if pattern is None or not aspect_matches(held_key, pattern):
        return None
    parts = held_key.split(".")
    head = possessed_head(text)
    if head is not None and head not in set(heads):
        return None
    if (_NOT_NOW.search(text) or _PAST.search(text) or _AWAY.search(text)
            or _CONDITION.search(text)):
        return None
    if slot == "residence" and _WORKS_IN.search(text):
        return None
    if _MADE_FOR.search(text):
        return None
    if parts[0] == "project":
        name = parts[1].replace("-", " ")
        if name not in _SLASH_OR_SPACE.sub(" ", text.casefold().replace("-", " ")):
            return None
    elif parts[0] == "config":  # the agent's setting, unless it is said to be someone's
        if _OTHER_PERSON.search(text) or _OTHER_THING.search(text):
            return None
    elif (not _USER.search(text) or _other_is_subject(text) or _OTHER_PERSON.search(text)
          or _WHO.search(text)):
        return None
    found = {_key(v) for v in values(text)} - {""}
    old = _key(held_value or "")
    if not found or not old:
        return "possible"
    if any(v not in old and old not in v for v in found):
        return "review"
    # the held value alone: a restatement, if the text adds little to the stored one
    return "duplicate" if len(new_units(text, held_content)) <= 3 else "possible"

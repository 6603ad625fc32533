"""Which memories are standing facts that apply to almost every turn (the core profile).

A turn seldom names the fact that should shape its answer: "suggest a Thai restaurant"
never says "peanut allergy", "写个周报" never says "answer in Chinese". Such facts are few
and broad -- how to answer, health and safety, where the user lives, the family -- so
they are delivered once per session (the Hermes system-prompt block) instead of
competing for every turn's search slots.

Rules by category, Chinese and English alike; no sentence is special-cased. The order of
``CATEGORIES`` is the priority when the profile is over its size limit: safety first.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

# (category, pattern): a memory belongs to the first category whose pattern it matches.
_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("safety", lazy_re(
        r"allerg|anaphyla|epipen|intoleran|\bseizure|\basthma|diabet|insulin|"
        r"\bmust not (?:take|eat|get)|not to take|blood thinner|"
        r"过敏|不耐受|哮喘|癫痫|惊厥|糖尿病|胰岛素|禁用|不能吃|不能服", re.I)),
    ("medication", lazy_re(
        r"\btakes? [\w-]+ \d+(?:\.\d+)? ?(?:mg|mcg|µg|ml)\b|\bmedication\b|\bprescri|"
        r"在吃.{0,8}(?:药|片|他汀)|每天(?:早上|晚上)?(?:吃|服)一?[粒片]", re.I)),
    ("answer_style", lazy_re(
        r"\b(?:answers?|repl(?:y|ies)|responses?|explanations?)\b.{0,40}"
        r"\b(?:short|brief|concise|direct|language|chinese|english|formal|emoji|"
        r"conclusion|first)|\b(?:answer|reply|respond) in\b|"
        r"\b(?:short|brief|concise|direct|formal|detailed)\b.{0,30}"
        r"\b(?:answers?|repl(?:y|ies)|responses?|explanations?)\b|"
        r"(?:先给|先说|先听).{0,6}(?:结论|类比|例子)|"
        r"(?:回答|回复|答复|解释).{0,12}(?:中文|英文|简洁|简短|表情|结论|格式|先)|"
        r"用(?:中文|英文)回答", re.I)),
    ("home", lazy_re(
        r"\b(?:user|he|she) lives in\b|\buser's home is\b|(?:用户)?(?:住在|家住|家在)", re.I)),
    ("family", lazy_re(
        r"\buser's (?:wife|husband|partner|daughter|son|children|kids?|mother|father|"
        r"parents)\b|\buser has (?:a|two|three) (?:daughter|son|child|kids?)|"
        r"用户的(?:妻子|丈夫|老婆|老公|女儿|儿子|孩子|父母|爸爸|妈妈)(?:叫|是)", re.I)),
]

#: Categories in priority order (what is kept first when the profile is too large).
CATEGORIES = tuple(name for name, _ in _RULES)


def core_category(text: str) -> str | None:
    """The core-profile category of a memory's text, or None when it is not a standing
    fact that applies broadly."""
    for name, pattern in _RULES:
        if pattern.search(text):
            return name
    return None

"""Family roles, session 17 (the retired persona 9's gate misses by category, both
languages): a spouse's parents and the wider family are roles of their own, so a turn
that names them is the person's (the relevance gate's anchor) and a fact about them is
not the user's mother's. The sentences are new."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import roles
from vecmem.rules.turn_need import is_impersonal


@pytest.mark.parametrize(("text", "role"), [
    ("My father-in-law takes warfarin.", "in_law"),
    ("公公有高血压", "in_law"),
    ("丈母娘下周来住", "in_law"),
    ("The in-laws arrive on Friday", "in_law"),
    ("My cousin Priya is allergic to shellfish.", "relative"),
    ("表姐对青霉素过敏", "relative"),
    ("舅舅每年春节来我们家", "relative"),
])
def test_in_laws_and_the_wider_family_are_roles(text: str, role: str) -> None:
    assert role in roles(text)


def test_a_mother_in_law_is_not_the_mother() -> None:
    assert "mother" not in roles("My mother-in-law is on blood thinners.")
    assert "mother" not in roles("舅妈不吃辣")


@pytest.mark.parametrize("turn", [
    "婆婆能吃阿司匹林吗？",
    "丈母娘会用微信吗？",
    "表哥什么时候到？",
    "Does my uncle eat pork?",
    "Is the nephew old enough for the zoo trip?",
])
def test_a_turn_naming_family_is_the_persons(turn: str) -> None:
    assert not is_impersonal(turn)


@pytest.mark.parametrize("turn", [
    "What do cousins share genetically?",
    "Why do cats purr?",
    "《红楼梦》里贾宝玉的表妹是谁？",
])
def test_knowledge_questions_stay_impersonal(turn: str) -> None:
    assert is_impersonal(turn)

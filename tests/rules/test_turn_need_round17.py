"""Small talk, session 17 (the retired persona 9's off-topic misses, by category, both
languages): presence checks are phatic; a greeting with a routine of the day reported done
needs no memory; feeling ill after a greeting is news. The sentences are new."""

from __future__ import annotations

import pytest

from vecmem.rules.turn_need import is_greeting_remark, is_phatic


@pytest.mark.parametrize("turn", ["you awake?", "hey, anyone still online?", "you alive in there"])
def test_presence_checks_are_phatic(turn: str) -> None:
    assert is_phatic(turn)


@pytest.mark.parametrize("turn", [
    "早上好，刚把孩子送走",
    "晚上好呀，娃终于哄睡了",
    "hey, just got home from work",
    "evening! the twins are finally asleep",
    "morning, finally dropped the kids off",
])
def test_a_routine_reported_done_is_small_talk(turn: str) -> None:
    assert is_greeting_remark(turn)


@pytest.mark.parametrize("turn", [
    "早上好，刚送完孩子，帮我查一下明天的会",   # a request after it
    "hi, just got home, can you order dinner?",
    "晚上好，孩子明天要去医院",                 # news about the kids
    "Morning! Mia has a rash",                 # feeling ill is news
    "早啊，老公又头疼了",
])
def test_what_follows_a_greeting_still_counts(turn: str) -> None:
    assert not is_greeting_remark(turn)

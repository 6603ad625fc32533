"""The core profile: standing facts chosen by rules, editable, bounded in size."""

from __future__ import annotations

import json

import pytest

from vecmem import InvalidInputError, Memory, NotFoundError
from vecmem.engine.profile import MAX_CHARS, MAX_MEMORIES

STANDING = [
    "User is severely allergic to peanuts and carries an EpiPen.",
    "用户对青霉素过敏，以前吃阿莫西林后起过全身皮疹。",
    "用户希望默认用中文回答，代码注释用英文。",
    "User prefers short, direct answers without long preambles.",
    "User lives in Xuhui District, Shanghai.",
    "用户的妻子叫林晓，是一名儿科医生。",
    "User takes levothyroxine 50 mcg every morning.",
]
OTHER = [
    "The Atlas service is written in Go 1.22.",
    "用户周末偶尔在 Switch 上玩游戏。",
    "User's favourite coffee shop is the Manner on Wukang Road.",
]


def test_rules_choose_standing_facts_in_both_languages(cmem: Memory) -> None:
    cmem.add_many(STANDING + OTHER, raw=True)
    prof = cmem.core_profile()
    assert {e.content for e in prof.entries} == set(STANDING)
    assert prof.chars == sum(len(e.content) for e in prof.entries)
    # Safety and answer style come first.
    assert prof.entries[0].category in ("answer_style", "safety")
    json.dumps(prof.to_dict())


def test_size_limits_hold_however_many_facts_qualify(cmem: Memory) -> None:
    many = [f"User is allergic to food additive E{100 + i} and must avoid it in every meal"
            for i in range(40)]
    cmem.add_many(many, raw=True)
    prof = cmem.core_profile()
    assert len(prof.entries) <= MAX_MEMORIES and prof.chars <= MAX_CHARS
    assert len(prof.entries) + len(prof.left_out) == len(many)
    assert all("over" in why for why in prof.left_out.values())
    # Long texts: the character limit binds before the count.
    [long] = cmem.add_many(
        ["User is allergic to latex; " + "details of the reaction and care. " * 30], raw=True)
    assert cmem.core_profile().chars <= MAX_CHARS
    assert long.memory_id in cmem.core_profile().left_out


def test_the_person_pins_and_excludes(cmem: Memory) -> None:
    ids = [r.memory_id for r in cmem.add_many(STANDING + OTHER, raw=True)]
    coffee, peanut = ids[-1], ids[0]
    prof = cmem.set_core(coffee, True)
    assert prof.entries[0].memory_id == coffee and prof.entries[0].category == "pinned"
    prof = cmem.set_core(peanut, False)
    assert peanut not in {e.memory_id for e in prof.entries} and peanut in prof.excluded
    prof = cmem.set_core(peanut, None)
    assert peanut in {e.memory_id for e in prof.entries}
    # An archived pin drops out; bad input is a clear error.
    cmem.archive(coffee)
    assert coffee not in {e.memory_id for e in cmem.core_profile().entries}
    with pytest.raises(InvalidInputError):
        cmem.set_core(coffee, True)
    with pytest.raises(NotFoundError):
        cmem.set_core(10**9, True)
    with pytest.raises(InvalidInputError):
        cmem.set_core(peanut, "yes")  # type: ignore[arg-type]

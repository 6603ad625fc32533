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
    # Ids no engine can hold are refused by the one id check, not by the driver.
    for bad_id in (10**30, 0, -3, True):
        with pytest.raises(InvalidInputError, match="positive integer"):
            cmem.set_core(bad_id, True)


SEVERE = ["User is severely allergic to peanuts and carries an EpiPen.",
          "用户对青霉素过敏。", "用户的妈妈对磺胺类药物过敏。",
          "Leo had a febrile seizure; a fever above 38.5 °C means calling the doctor."]
STYLE = ["用户希望默认用中文回答。", "User prefers short, direct answers.",
         "用户不喜欢回答里出现表情符号。", "用户学新概念时喜欢先听一个类比，再看细节。",
         "用户问技术问题时，希望先给结论再给解释。"]
HOME = ["User lives in Xuhui District, Shanghai.", "用户老家在成都。", "用户家在6楼，有电梯。"]
FAMILY = ["用户的妻子叫林晓，是一名儿科医生。", "User's son Leo was born in May 2024.",
          "用户的女儿叫朵朵，2019年出生。", "User's sister Chen Jing lives in Vancouver."]
SERIOUS = ["女儿朵朵对虾和蟹过敏，吃了会起荨麻疹。", "用户的妈妈有二型糖尿病，每天打胰岛素。",
           "User takes levothyroxine 50 mcg every morning.",
           "用户在吃阿托伐他汀降血脂，每天晚上一粒。"]
MILD = ["用户乳糖不耐受，喝牛奶会拉肚子。", "用户有轻度哮喘，随身带 Ventolin 喷雾。"]


def test_no_kind_fills_the_profile_and_severe_health_facts_come_first(cmem: Memory) -> None:
    ids = [r.memory_id for r in cmem.add_many(SERIOUS + MILD + FAMILY + HOME + STYLE + SEVERE,
                                              raw=True)]
    text = dict(zip(ids, SERIOUS + MILD + FAMILY + HOME + STYLE + SEVERE, strict=True))
    prof = cmem.core_profile()
    got = [e.content for e in prof.entries]
    assert len(got) == MAX_MEMORIES
    # First round: every severe health fact, 3 answer-style, the home, 1 of the family
    # (spouse and children first); then health by severity.
    assert got[:4] == [t for t in SEVERE if t in got[:4]] and set(got[:4]) == set(SEVERE)
    assert got[4] == STYLE[0]  # the answer language first
    assert set(got[4:7]) <= set(STYLE) and got[7] == HOME[0]
    assert got[8] in FAMILY[:3]
    assert set(got[9:]) <= set(SERIOUS)
    # Everything else is left out with a reason; the health, home and family facts among
    # them are the reserve (recalled by topic), health first, most severe first.
    assert set(prof.left_out) == set(ids) - {e.memory_id for e in prof.entries}
    reserve = [e.content for e in prof.reserve]
    assert set(reserve) == (set(SERIOUS) | set(MILD) | set(HOME) | set(FAMILY)) - set(got)
    health = [e for e in prof.reserve if e.severity is not None]
    assert prof.reserve[:len(health)] == health
    assert [e.severity for e in health] == sorted(e.severity for e in health)
    assert all(e.exposures for e in prof.reserve)
    assert all(e.exposures in (["home"], ["family"]) for e in prof.reserve[len(health):])
    assert all(text[i] not in got for i in prof.left_out)


def test_callers_tighten_the_limits_and_measure_as_they_render(cmem: Memory) -> None:
    cmem.add_many(SEVERE + STYLE + HOME + FAMILY + SERIOUS, raw=True)

    def cost(e: object) -> int:
        return len(e.content) + 10  # type: ignore[attr-defined]

    prof = cmem.core_profile(max_chars=150, cost=cost)
    assert sum(cost(e) for e in prof.entries) == prof.chars <= 150
    assert prof.max_chars == 150 and prof.entries
    # An entry that does not fit is skipped; a smaller one after it still gets in.
    big = max(SEVERE, key=len)
    assert big not in {e.content for e in prof.entries}
    assert any(len(e.content) < len(big) for e in prof.entries[1:])
    # The limits can only be tightened.
    loose = cmem.core_profile(max_memories=100, max_chars=10**6)
    assert len(loose.entries) <= MAX_MEMORIES and loose.chars <= MAX_CHARS
    assert cmem.core_profile(max_memories=3).entries == cmem.core_profile().entries[:3]


@pytest.mark.parametrize("bad", [-1, 1.5, "12", True])
def test_bad_limits_are_clear_errors(cmem: Memory, bad: object) -> None:
    cmem.add_many(STANDING, raw=True)
    with pytest.raises(InvalidInputError):
        cmem.core_profile(max_chars=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        cmem.core_profile(max_memories=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        cmem.core_profile(cost="len")  # type: ignore[arg-type]
    # Zero room: nothing chosen, every candidate reported, the health ones in reserve.
    empty = cmem.core_profile(max_chars=0)
    assert not empty.entries and len(empty.left_out) == len(STANDING)
    assert {e.memory_id for e in empty.reserve} <= set(empty.left_out)

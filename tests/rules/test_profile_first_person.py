"""Session 15 (persona8 by category): standing facts written in the first person, and
health facts by condition families the rules had no word for, in both languages."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import HEALTH, core_category, is_own, severity


@pytest.mark.parametrize("text", [
    "My grandmother has Parkinson's and shakes in the morning.",
    "外婆有帕金森，手抖得厉害。",
    "I have Raynaud's, my toes go numb in the cold.",
    "我有雷诺综合征，冬天手脚冰凉。",
    "Grandpa has trouble swallowing, so his food must be soft.",
    "奶奶吞咽困难，吃东西要切碎。",
    "My uncle is unsteady on his feet at night.",
    "爷爷走路不稳，浴室装了扶手。",
    "Aspirin gives me stomach pain.",
    "I avoid liquorice because it interacts with my blood pressure pills.",
    "外公在吃美多芭，和左旋多巴一个成分。",
    "小宝抽搐发作超过三分钟要用地西泮。",
    "外公心脏不好，饮食要低盐。",
    "I get car sick on long mountain roads.",
])
def test_health_conditions_by_family(text: str) -> None:
    assert core_category(text) in HEALTH


@pytest.mark.parametrize(("text", "category"), [
    ("I live in Lyon, near the old town.", "home"),
    ("我现在住在杭州滨江。", "home"),
    ("I'm a single dad with two boys.", "family"),
    ("我有两个女儿，一个六岁一个三岁。", "family"),
])
def test_home_and_family_in_the_first_person(text: str, category: str) -> None:
    assert core_category(text) == category


def test_first_person_is_own_and_a_relative_is_not() -> None:
    assert is_own("我有1型糖尿病。") and is_own("I take metformin every morning.")
    assert not is_own("我爸有高血压。") and not is_own("My father has a pacemaker.")


def test_a_drug_said_not_to_be_an_allergy_is_no_severity() -> None:
    assert severity("我对青霉素不过敏，但对乳胶轻微起疹。") > 0
    assert severity("I'm not allergic to penicillin, only to latex.") > 0
    assert severity("我对青霉素过敏。") == 0


def test_ordinary_sentences_stay_out() -> None:
    for text in ("I live for weekends at the beach, honestly.",
                 "The app interacts with the payment API.",
                 "我们周末去吃低盐的日料吧", "Raymond is my colleague."):
        assert core_category(text) is None, text

"""The profile's household safety facts (session 14, branch hermes): a relative's or a
pet's limits named by category -- a fall risk, dentures, skin that burns, a dog that must
stay on its lead, a drink someone must not have -- the turn topics that expose them, and
the names the profile ties together (a stated English name and its Chinese nicknames, a
household pet named in the family's own words). Chinese and English alike."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import (
    HEALTH,
    core_category,
    exposures,
    names_shared,
    profile_names,
    severity,
    turn_topics,
)


@pytest.mark.parametrize("text", [
    "Grandad is a fall risk and walks with a rollator indoors.",
    "爷爷有跌倒风险，在家用助行器。",
    "Auntie Wen wears dentures and can't manage crusty bread.",
    "外婆戴假牙，太硬的坚果咬不动。",
    "I get sunburn within twenty minutes, so SPF50 every time.",
    "我皮肤容易晒伤，夏天出门必须涂防晒。",
    "Biscuit must never be off the lead near roads: he bolts.",
    "我们家的狗不能松开牵引绳，见到猫就追。",
    "爸爸吃华法林，不能喝西柚汁。",
    "猫咪焦虑时兽医开过镇静药。",
    "朵朵乳糜泻，面条也得买无麸质的。",
])
def test_household_limits_are_health_facts(text: str) -> None:
    assert core_category(text) in HEALTH
    assert severity(text) in (0, 1, 2)


def test_mild_limits_are_mild() -> None:
    assert severity("I get sunburn within twenty minutes, so SPF50 every time.") == 2
    assert severity("外婆戴假牙，太硬的坚果咬不动。") == 2
    assert severity("Grandad is a fall risk and walks with a rollator indoors.") == 1


@pytest.mark.parametrize(("fact", "topic"), [
    ("外婆戴假牙，太硬的坚果咬不动。", "food"),
    ("Nan has dentures, so nothing too chewy.", "food"),
    ("Grandad is a fall risk and walks with a rollator indoors.", "body"),
    ("I get sunburn within twenty minutes, so SPF50 every time.", "outdoor"),
    ("我每晚用 CPAP 呼吸机睡觉。", "travel"),
    ("I sleep with a CPAP machine.", "device"),
])
def test_exposures_of_household_limits(fact: str, topic: str) -> None:
    assert topic in exposures(fact)


@pytest.mark.parametrize(("turn", "topic"), [
    ("我一天盐和钠最多能吃多少？", "food"),
    ("How much sodium is too much for me?", "food"),
    ("What sun protection do I need for a week in Crete?", "contact"),
    ("去海边要带什么防晒？", "outdoor"),
    ("It's freezing and there's a wind chill, anything before the match warm-up?", "outdoor"),
    ("出差去英国，呼吸机要带转换插头吗？", "device"),
    ("Do I need a plug adapter for my CPAP in Japan?", "device"),
    ("孩子这几天一直打喷嚏流鼻涕，怎么回事？", "medicine"),
    ("Dad wants to try a herbal tonic his friend recommended.", "medicine"),
    ("奶奶想喝点中药补品，可以吗？", "medicine"),
    ("猫要做手术，哪家宠物医院好？", "clinician"),
])
def test_turn_topics_that_expose_them(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


def test_salt_of_a_hash_is_still_no_food() -> None:
    assert "food" not in turn_topics("How should I salt passwords before hashing?")


def test_english_name_and_nicknames() -> None:
    pairs, _ = profile_names(["女儿林小雨（英文名 Rain）今年八岁。",
                              "儿子王乐（英文名 Leo）在读初中。"])
    assert ("乐乐", "leo") in pairs and ("小乐", "leo") in pairs
    assert ("王乐", "leo") in pairs
    assert any(latin == "rain" for _, latin in pairs)


def test_household_pet_named_in_the_familys_words() -> None:
    texts = ["我们家的狗叫豆豆，是一只柯基。", "Doudou must never be off the lead."]
    pairs, ties = profile_names(texts)
    assert ("豆豆", "dog") in ties and ("doudou", "dog") in ties
    assert ("豆豆", "doudou") in pairs


def test_nickname_names_the_fact() -> None:
    pairs, _ = profile_names(["儿子王乐（英文名 Leo）在读初中。"])
    aliases: dict[str, list[str]] = {}
    for a, b in pairs:
        aliases.setdefault(a, []).append(b)
        aliases.setdefault(b, []).append(a)
    assert names_shared("Leo has a cough, what should he take?", "乐乐的哮喘遇冷空气容易发作。",
                        aliases)

"""Substances by class in both languages (``rules.substances``): a drug named in one
language and asked about in the other, a brand and its generic, an allergen's family, a
drug no list names by its morphology; and the look-alikes that are no substance."""

from __future__ import annotations

import pytest

from vecmem.rules.substances import BROAD, NARROW, classes, is_drug, shared


@pytest.mark.parametrize(("turn", "fact"), [
    # A drug named in one language, asked about in the other.
    ("牙医说拔完牙可以吃含可待因的止痛药，行吗？", "Codeine makes the user vomit badly."),
    ("The dentist says I can take something with codeine after the extraction.",
     "用户吃了可待因会吐得很厉害。"),
    ("医生要给我开 Bactrim 治尿路感染，可以吗？", "User is allergic to sulfa drugs."),
    ("Can I take Advil for this headache?", "用户胃溃疡，医生说不能吃布洛芬。"),
    ("泰诺和别的药能一起吃吗？", "User's max paracetamol dose is 3 g a day (liver)."),
    ("They want to put me on amoxicillin.", "用户对青霉素过敏，起过全身皮疹。"),
    # A drug no list names, by its morphology, in either language.
    ("The GP wants to start me on rosuvastatin.", "用户在吃辛伐他汀，不能吃西柚。"),
    ("换成培哚普利会不会好一点？", "User takes lisinopril 10 mg for blood pressure."),
    # Allergens by family.
    ("买个新的烤面包机放家里，需要注意什么吗？",
     "Jun has coeliac disease — even a shared toaster makes him sick."),
    ("早餐来杯西柚汁可以吗？", "User takes simvastatin; no grapefruit juice."),
    ("Is the pesto at that place safe?", "用户的女儿对坚果过敏，尤其是松子。"),
    ("周末去吃小龙虾吧", "User is allergic to shellfish (prawns gave him hives)."),
])
def test_a_turn_and_a_fact_naming_one_class_in_either_language_touch(turn: str,
                                                                   fact: str) -> None:
    assert shared(turn, fact) == NARROW


def test_the_class_above_is_a_broad_touch_only() -> None:
    # Codeine and aspirin are both painkillers, not the same drug class.
    assert shared("可以吃含可待因的药吗？", "User's mother is allergic to aspirin.") == BROAD
    assert shared("Is a cashew OK?", "用户对花生过敏。") == BROAD  # both nuts
    # A turn that names the broad class itself reaches every fact below it, broadly.
    assert shared("The clinic is offering an antibiotic.", "User is allergic to sulfa drugs.") \
        == BROAD
    assert classes("可待因")["opioid"] == NARROW and classes("可待因")["painkiller"] == BROAD


@pytest.mark.parametrize(("text", "expected"), [
    ("Let's meet in April at the hotel lobby.", {}),   # -pril is a drug suffix, not April's
    ("我奶奶住的酒店离地铁近吗？", {}),                  # 奶奶 is grandma, 酒店 a hotel
    ("Recycle the old bicycle before we move.", {}),  # -cycline shapes
    ("看看地平线上的日落", {}),                        # 地平 of a horizon, not -dipine
    ("Review my code and the CI pipeline.", {}),
    ("核桃木的桌子好看吗", {"tree_nut": NARROW, "nut": BROAD}),  # walnut, no stone fruit
    ("", {}),
])
def test_look_alikes_name_no_substance(text: str, expected: dict[str, int]) -> None:
    assert classes(text) == expected


def test_unrelated_substances_do_not_touch() -> None:
    assert shared("Can I have a latte?", "用户对青霉素过敏。") == 0
    assert shared("可以吃布洛芬吗？", "User is lactose intolerant.") == 0
    assert shared("", "Codeine makes the user vomit.") == 0


def test_drug_classes_are_told_from_foods() -> None:
    assert is_drug("opioid") and is_drug("statin")
    assert not is_drug("gluten") and not is_drug("peanut")

"""Session 11's profile rules: a medication recognised by the shape of the statement (no
drug list names apixaban or 华法林 as such), the person's own clinicians as care facts, and
the turns that touch them (injections, fainting, carrying, seeing a clinician), in Chinese
and English alike."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import (
    CLINICIAN,
    HEALTH,
    core_category,
    standing_exposures,
    turn_topics,
)
from vecmem.rules.substances import shared


@pytest.mark.parametrize("text", [
    "User takes apixaban.",
    "Her dad is on warfarin since the stroke.",
    "User was started on dapagliflozin last spring.",
    "Dad takes Eliquis every morning.",
    "User takes Xarelto 20 mg with dinner.",
    "用户在吃华法林。",
    "爸爸一直在吃氨氯地平，每天一片。",
    "妈妈每天吃 5 mg 的 Eliquis。",
])
def test_a_medication_by_the_statements_shape(text: str) -> None:
    assert core_category(text) == "medication"
    assert "medicine" in standing_exposures("medication", text)


@pytest.mark.parametrize("text", [
    "User takes the bus to work.",
    "User is on vacation in Bali until Friday.",
    "User is on Mandarin lessons twice a week.",
    "用户每天吃桂林米粉。",
    "用户最近在吃生酮饮食。",
])
def test_no_medication_without_a_drug_shape(text: str) -> None:
    assert core_category(text) not in HEALTH


@pytest.mark.parametrize("text", [
    "User's GP (Hausärztin) is Dr. Anke Petersen on Ottenser Hauptstraße.",
    "Mia's paediatrician is Dr. Hansen at the Ottensen practice.",
    "Dumpling's vet is Mount Pleasant clinic on Whitley Road.",
    "用户的家庭医生是 Dr. Sarah Whitcombe，电话预约要提前两天。",
    "两个孩子的儿科医生是 Dr. Hansen。",
])
def test_the_persons_own_clinician_is_a_care_fact(text: str) -> None:
    assert core_category(text) == "care"
    assert standing_exposures("care", text) == frozenset({CLINICIAN})


@pytest.mark.parametrize("text", [
    "用户的妻子叫林晓，是一名儿科医生。",  # a relative's job: family
    "用户的弟弟苏航在广州当牙医。",
    "User's wife is a doctor at the children's hospital.",
])
def test_a_relatives_job_is_no_care_fact(text: str) -> None:
    assert core_category(text) != "care"


def test_a_health_fact_naming_a_doctor_is_not_exposed_to_clinician_turns() -> None:
    # Only care facts answer "which doctor do I book": a health fact that mentions its
    # doctor keeps its own topics (else every clinician turn spreads over all of them).
    text = "用户在吃降压药赖诺普利，医生说不要用含钾的代盐。"
    cat = core_category(text)
    assert cat in HEALTH and CLINICIAN not in standing_exposures(cat, text)


@pytest.mark.parametrize(("turn", "topic"), [
    ("what time do I usually do my long-acting shot again?", "medicine"),
    ("饭前那针要怎么调？", "medicine"),
    ("write a note on what to do if I pass out", "medicine"),
    ("她要是晕倒了怎么办", "medicine"),
    ("can I carry Leo on my shoulders at the parade?", "body"),
    ("help me plan moving the sofa this weekend", "body"),
    ("need a sick note for tomorrow, who do I book", CLINICIAN),
    ("要开病假条，我预约哪个医生", CLINICIAN),
])
def test_turns_that_touch_health_facts(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


@pytest.mark.parametrize("turn", [
    "take a screenshot of the dashboard",
    "a shot of espresso or a flat white?",
    "针对这个问题写个总结",
    "找一个一针见血的说法",
])
def test_look_alike_words_touch_no_medicine(turn: str) -> None:
    assert "medicine" not in turn_topics(turn)


def test_kiwi_by_either_name() -> None:
    assert shared("奇异果能做成果汁吗", "User gets an itchy mouth from raw kiwi.") > 0
    assert shared("Is kiwi fine in a smoothie?", "用户吃猕猴桃嘴巴会痒。") > 0


@pytest.mark.parametrize(("text", "category"), [
    ("用户吃饭要算碳水，米饭一般只吃半碗。", "diet"),
    ("User counts carbs at every meal because of her diabetes.", "safety"),
    ("Dad keeps to a low-salt diet for his heart.", "diet"),
    ("用户的爸爸是低盐饮食。", "diet"),
    ("User counts the days until the holiday.", None),
])
def test_a_diet_kept_for_the_bodys_sake(text: str, category: str | None) -> None:
    assert core_category(text) == category

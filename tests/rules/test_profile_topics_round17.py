"""Turn topics and fact exposures, session 17 (the retired persona 9's topic-unrecognised
misses, by category, both languages): a big thing moved by any verb, rides and free
falls, weather that comes to the person, garden work and school sport, symptoms said
loosely, a blood-pressure reading; on the fact side fats and sugar (food), a blood thinner
or a clot and what is kept in a bag (travel). The sentences are new."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import exposures, turn_topics


@pytest.mark.parametrize(("turn", "topic"), [
    ("Can you help me with hauling the spare freezer up to the garage?", "body"),
    ("周六要把旧洗衣机抬到楼下，怎么安排？", "body"),
    ("Is the new roller coaster at the theme park too intense?", "body"),
    ("朋友约我去玩蹦极，要不要去？", "body"),
    ("Thinking about a zip line tour in Costa Rica", "body"),
    ("The forecast says a thunderstorm is coming tonight, anything to prep?", "outdoor"),
    ("台风要来了，明天还出门吗？", "outdoor"),
    ("I'm going to mow the lawn and trim the hedges on Saturday", "outdoor"),
    ("周末想在院子里除草，需要准备点啥", "outdoor"),
    ("Her sports day is next Thursday, what should she bring?", "outdoor"),
    ("孩子学校下周开运动会", "outdoor"),
    ("My dad seems confused and shaky this afternoon", "medicine"),
    ("最近总是没精神，脸色发白", "medicine"),
    ("早上头有点晕乎乎的", "medicine"),
    ("Just measured 162/98 this morning, should I worry?", "medicine"),
])
def test_turns_that_touch_a_topic(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


@pytest.mark.parametrize("turn", [
    "What is 3/4 of 120?",
    "Explain the heat equation",
    "Write a poem about a summer lawn",  # a content task still names a lawn: outdoor is fine,
])
def test_no_body_or_medicine_topic_from_numbers_or_words_alone(turn: str) -> None:
    assert not {"body", "medicine"} & turn_topics(turn)


@pytest.mark.parametrize(("fact", "topic"), [
    ("My GP wants me to cut down on fried food because of my cholesterol.", "food"),
    ("爸爸胆固醇偏高，要少吃油腻的", "food"),
    ("When her blood sugar drops she needs glucose tablets straight away.", "food"),
    ("I take apixaban for a clotting disorder.", "travel"),
    ("妈妈在吃华法林，医生说坐长途要注意血栓", "travel"),
    ("He keeps dextrose tabs in his bag for hypos.", "travel"),
    ("医生说我视网膜有点薄，不能玩过山车和跳楼机", "body"),
])
def test_facts_exposed_to_a_topic(fact: str, topic: str) -> None:
    assert topic in exposures(fact)

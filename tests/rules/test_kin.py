"""Whom a fact or a turn is about (``rules.kin``): role words and the names a store ties
to them, in Chinese and English alike; someone else's relative and a species in general
are no one's role."""

from __future__ import annotations

import pytest

from vecmem.rules.kin import kin_of, learn, roles


@pytest.mark.parametrize(("text", "pairs"), [
    ("User's son Max has asthma and uses a Ventolin inhaler.", [("Max", "child")]),
    ("My grandson Nikau is three.", [("Nikau", "grandchild")]),
    ("User has a cockatiel called Doudou.", [("Doudou", "bird")]),
    ("They adopted a rescue dog named Biscuit last year.", [("Biscuit", "dog")]),
    ("Sesame the cat eats dry food only.", [("Sesame", "cat")]),
    ("Marco, the user's husband, has coeliac disease.", [("Marco", "spouse")]),
    ("用户的孙子 Nikau 三岁，对鸡蛋严重过敏。", [("Nikau", "grandchild")]),
    ("儿子小满，英文名Max，2018年出生。", [("小满", "child")]),
    ("用户的狗叫 Kumara，11 岁的拉布拉多。", [("Kumara", "dog")]),
    ("用户养了一只叫芝麻的英短猫。", [("芝麻", "cat")]),
    ("用户的妈妈梁月娥 87 岁，和用户同住。", [("梁月娥", "mother")]),
])
def test_names_tied_to_a_role(text: str, pairs: list[tuple[str, str]]) -> None:
    assert kin_of(text) == pairs


@pytest.mark.parametrize("text", [
    "Jun's wife Aroha is pregnant.",          # not the user's wife
    "用户的妈妈血压偏低，站起来会头晕。",       # 血压 is no name
    "The cat food brand is Orijen.",
    "A dog barked at the postman.",
    "User's mother is allergic to aspirin.",  # no name given
])
def test_no_name_where_the_frame_does_not_tie_one(text: str) -> None:
    assert kin_of(text) == []


def test_learned_names_carry_their_role_to_the_other_script() -> None:
    kin = learn(["家里的柯基叫豆包，英文名 Dumpling。", "User's son 何俊 / Jun He is 30."],
                {"豆包": ["dumpling"], "何俊": ["jun he"]})
    assert kin["豆包"] == ["dog"] and kin["dumpling"] == ["dog"]
    assert kin["jun"] == ["child"]  # a turn says "Jun", not "Jun He"
    assert roles("Dumpling wants a long beach walk", turn=True, kin=kin) == {"dog"}
    assert roles("Jun has coeliac disease.", kin=kin) == {"child"}


@pytest.mark.parametrize(("turn", "who"), [
    ("Can my mum come with us to the Great Wall?", {"mother"}),
    ("Ma's GP wants to add an antihistamine.", {"mother"}),
    ("给我妈买点消炎药寄回去。", {"mother"}),
    ("Planning my grandson's birthday party.", {"grandchild"}),
    ("给孙子做个生日蛋糕。", {"grandchild"}),
    ("What can I feed my cockatiel as a treat?", {"bird"}),
    ("Can I give the dog one of my painkillers?", {"dog"}),
    ("我家的猫最近不爱吃东西。", {"cat"}),
])
def test_whom_a_turn_concerns(turn: str, who: set[str]) -> None:
    assert roles(turn, turn=True) == who


@pytest.mark.parametrize("turn", [
    "A mum is asking if the shop is safe for her son with a nut allergy.",
    "Her husband wants a gluten-free cake.",
    "客人的孩子能吃这个蛋糕吗？",
    "Why do cats purr?",                      # cats in general, nobody's cat
    "大熊猫主要吃什么？",                      # 熊猫 is no cat
    "Write a poem about a dog on the beach.",
])
def test_someone_elses_relative_or_a_species_is_no_ones_role(turn: str) -> None:
    assert roles(turn, turn=True) == {"self"}


@pytest.mark.parametrize(("text", "pairs"), [
    # Session 14: "our" is the user's too; grandparents and small pets are roles.
    ("Our dog Pepper is scared of fireworks.", [("Pepper", "dog")]),
    ("My grandpa Joe lives with us.", [("Joe", "grandparent")]),
    ("Our rabbit Biscuit chews cables.", [("Biscuit", "rabbit")]),
    ("家里养了一只乌龟叫慢慢。", [("慢慢", "tortoise")]),
])
def test_more_roles_and_owners(text: str, pairs: list[tuple[str, str]]) -> None:
    assert kin_of(text) == pairs


def test_a_species_question_is_still_no_ones_pet() -> None:
    assert roles("Why do tortoises live so long?", turn=True) == {"self"}
    assert roles("Can my tortoise eat strawberries?", turn=True) == {"tortoise"}

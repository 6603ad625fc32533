"""Chinese names across scripts (rules/names.py): pinyin without tones, names only."""

from __future__ import annotations

from vecmem.rules.names import bridge, latin_names, romanize


def test_a_chinese_name_gets_its_pinyin_and_back() -> None:
    assert romanize("朵朵") == ["duoduo"]
    assert "chengdu" in romanize("成都")  # 都 is read dū here (its second reading)
    assert "朵朵" in latin_names("Is Duoduo allergic to anything?")["duoduo"]
    assert "林晓" in latin_names("What does Lin Xiao do?")["lin xiao"]
    assert "成都" in latin_names("My parents live in Chengdu")["chengdu"]
    assert "黄山" in latin_names("We drive to Huangshan")["huangshan"]


def test_english_words_and_particles_are_not_names() -> None:
    # Short romanizations are English words (马克 -> make, 立刻 -> like); particles
    # (的 de, 了 le) are not name syllables; a capital at the start of a sentence is not
    # a name's.
    assert "make" not in romanize("马克") and "like" not in romanize("立刻")
    assert romanize("好的") == []
    assert latin_names("Make a plan. Take it easy.") == {}
    assert latin_names("make sure the banana is ripe") == {}
    assert "duoduo" in latin_names("Duoduo's class has a potluck")
    assert romanize("abc") == [] and romanize("朵") == []


def test_only_the_turns_own_words_are_bridged() -> None:
    got = bridge("朵朵几点上学", ["朵朵", "几点", "上学"])
    assert got["朵朵"] == ["duoduo"]
    assert all(len(f) < 700 for f in latin_names("Zhang Wei met Xu Hui").values())


def test_a_turn_full_of_names_costs_a_bounded_lookup() -> None:
    from vecmem.rules.names import MAX_FORMS, MAX_NAMES

    turn = " and ".join(["Duoduo", "Lin Xiao", "Chengdu", "Shanghai", "Huangshan", "Xuhui"] * 50)
    got = latin_names(turn)
    assert len(got) <= MAX_NAMES
    assert sum(len(v) for v in got.values()) <= MAX_NAMES * MAX_FORMS

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


# -- names a memory states in both scripts ---------------------------------------------------
def test_a_memory_that_states_a_name_in_both_scripts_gives_the_pair() -> None:
    from vecmem.rules.names import stated_pairs

    assert stated_pairs("女儿朵朵（Duoduo）今年六岁") == [("朵朵", "duoduo")]
    assert stated_pairs("用户的猫叫芝麻 / Sesame，三岁") == [("芝麻", "sesame")]
    assert stated_pairs("Sesame (芝麻) is a British shorthair.") == [("芝麻", "sesame")]
    assert stated_pairs("User's wife Lin Xiao (林晓) is a doctor.") == [("林晓", "lin xiao")]
    assert stated_pairs("儿子叫王乐，英文名叫 Leo。") == [("王乐", "leo")]
    assert stated_pairs("Leo (乐乐) 2 岁") == [("乐乐", "leo")]


def test_glosses_descriptions_and_plain_brackets_are_no_pairs() -> None:
    from vecmem.rules.names import name_marks, stated_pairs

    assert stated_pairs("The API (应用程序接口) is slow") == []  # a description
    assert stated_pairs("用户用 Obsidian（笔记软件）记笔记") == []
    assert stated_pairs("The cat (芝麻) sleeps a lot") == []  # "The" is no name
    assert stated_pairs("用户（陈伟）住在上海") == []  # no Latin side
    assert stated_pairs("配置见 config (v2)") == []
    assert name_marks("no names here / 没有") == []


def test_learned_pairs_are_bounded_and_read_from_the_stating_texts() -> None:
    from vecmem.rules.names import MAX_NAMES, NAME_MARK, learned

    texts = {NAME_MARK + "芝麻": ["用户的猫叫芝麻 / Sesame"],
             NAME_MARK + "sesame": ["用户的猫叫芝麻 / Sesame"]}
    df = lambda ts: {t: len(texts.get(t, [])) for t in ts}  # noqa: E731
    assert learned(["芝麻", "肾病"], df, lambda m: texts[m]) == {"芝麻": ["sesame"]}
    assert learned(["sesame", "kidney"], df, lambda m: texts[m]) == {"sesame": ["芝麻"]}
    many = {NAME_MARK + f"n{i}": [f"名字{chr(0x4e00 + i)}{chr(0x4e10 + i)} / Nn{i}"]
            for i in range(20)}
    got = learned([f"n{i}" for i in range(20)], lambda ts: {t: 1 for t in ts if t in many},
                  lambda m: many[m])
    assert len(got) <= MAX_NAMES


def test_a_role_the_turn_names_gets_the_names_the_store_ties_to_it() -> None:
    from vecmem.engine.relevance import query_terms
    from vecmem.rules.names import role_names

    texts = ["User's son 何俊 / Jun He lives in Wellington with his wife Aroha.",
             "Jun has coeliac disease.", "用户的狗叫 Kumara，11 岁的拉布拉多。",
             "Jun's wife Aroha is pregnant."]

    def names(turn: str) -> dict[str, list[str]]:
        return role_names(turn, query_terms(turn).terms, lambda words: texts)

    assert names("儿子不能吃什么？") == {"儿子": ["何俊", "jun"]}
    assert names("What should my son bring to the barbecue?") == {"son": ["何俊", "jun"]}
    assert names("Can my dog have grapes?") == {"dog": ["kumara"]}
    # Someone else's relative is no role of the user's; Aroha is Jun's wife, not the user's.
    assert names("A customer asked whether her son can eat the pie.") == {}
    assert names("我老婆周末有空吗？") == {}
    # A named person's relative is theirs ("Melanie's son", 阿芳的儿子); "Mum's", "User's
    # son" and "What's my son's …" are the user's.
    assert names("How did Melanie's son handle the accident?") == {}
    assert names("阿芳的儿子几岁了？") == {}
    assert names("What's my son's school called?") == {"son's": ["何俊", "jun"]}
    assert names("我们的儿子几岁了？") == {"儿子": ["何俊", "jun"]}
    # Nothing named: nothing read.
    assert role_names("What's the capital of Peru?", ["capital", "peru"],
                      lambda words: (_ for _ in ()).throw(AssertionError(words))) == {}


def test_role_names_are_bounded_and_read_once_per_role() -> None:
    from vecmem.rules.names import MAX_ROLE_NAMES, role_names

    reads: list[list[str]] = []
    texts = [f"User's daughter {n} loves drawing." for n in
             ("Amy", "Beth", "Cara", "Dana", "Erin", "Fay")]

    def read(words: list[str]) -> list[str]:
        reads.append(words)
        return texts

    got = role_names("my daughter and my kids", ["daughter", "kids"], read)
    assert len(reads) == 1 and len(got["daughter"]) == MAX_ROLE_NAMES


def test_a_name_the_turn_uses_gets_the_role_the_store_ties_to_it() -> None:
    from vecmem.engine.relevance import query_terms
    from vecmem.rules.names import named_roles

    texts = ["User's daughter Priya (普丽雅) is 9 and swims on Saturdays.",
             "家里养了一只柯基叫豆豆，三岁。", "Priya is in Year 4 at Hillcrest.",
             "User's colleague Tom sits by the window."]

    def roles(turn: str) -> dict[str, list[str]]:
        return named_roles(turn, query_terms(turn, expand=False).terms, lambda words: texts)

    assert roles("What should Priya pack for camp?") == {"priya": ["daughter"]}
    assert roles("Is Priya's teacher still Mr Lee?") == {"priya's": ["daughter"]}
    assert roles("豆豆能吃葡萄吗？") == {"豆豆": ["柯基"]}
    # No role frame ties Tom to the user (a colleague is no kin role); a word the turn
    # does not write as a name is not looked up; a role word is no name.
    assert roles("Can Tom cover my shift?") == {}
    assert named_roles("what does priya eat?", ["priya", "eat"],
                       lambda words: (_ for _ in ()).throw(AssertionError(words))) == {}
    assert roles("What does my Daughter like?") == {}

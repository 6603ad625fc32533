"""Rule cue terms through the real stores, on both engines: a turn that says what the
person is about to do finds the memory it needs through its category's cues, explain
says so and by which source, a cue shared by much of the scope is no evidence (and never
makes the text's own word common), and an existing store gets the cues on upgrade."""

from __future__ import annotations

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.rules.cues import CUE_MARK
from vecmem.text import keyword_terms

PEANUT = "用户对花生过敏，随身带着肾上腺素笔。"
BANK = [
    PEANUT,
    "User's favourite coffee shop is the Manner on Wukang Road.",
    "Atlas is pinned to Go 1.22 until the upgrade ticket is done.",
    "User drives a white BYD Seal bought in 2024.",
    "用户的护照 2028 年 3 月到期。",
    "The team uses GitLab CI; pipelines must pass golangci-lint before a merge.",
]


def _terms(m: Memory, memory_id: int) -> list[str]:
    with m.store.transaction(write=False) as tx:
        return (tx.keyword_index_terms(memory_id) or "").split()


def test_a_turn_about_ordering_food_finds_the_allergy_through_its_cues(cmem: Memory) -> None:
    ids = [r.memory_id for r in cmem.add_many(BANK, raw=True)]
    turn = "Which restaurant should I book, and what should I order?"
    # The memory shares no word with the turn, in no language: only its cues match.
    assert not set(keyword_terms(turn, for_query=True)) & set(keyword_terms(PEANUT))
    listed = cmem.search(turn, k=3, mode="keyword")
    assert listed and listed[0].memory.id == ids[0]
    ex = cmem.explain(turn)
    assert {CUE_MARK + "restaurant", CUE_MARK + "order"} <= set(ex.matched_terms[ids[0]])
    note = next(n for n in ex.notes if n.startswith(f"#{ids[0]} matched through its cue"))
    assert "restaurant" in note and "(rule: food)" in note and CUE_MARK not in note
    # Both engines index the very same terms.
    assert CUE_MARK + "饮食" in _terms(cmem, ids[0])


def test_a_cue_shared_by_much_of_the_scope_is_no_evidence(cmem: Memory) -> None:
    food = ["User is allergic to shrimp.", "用户不吃香菜。", "Lin Xiao is pescatarian.",
            "用户乳糖不耐受。", "User loves spicy hotpot.", "用户不喝酒，聚餐点可乐。"]
    other = ["User drives a white BYD Seal.", "用户的护照明年到期。",
             "User's laptop has 36 GB of RAM.", "Breakfast at the office is served at 9."]
    cmem.add_many(food + other, raw=True)
    ex = cmem.explain("what should I order for breakfast?")
    gate = ex.gate
    assert gate is not None
    # ǂbreakfast / ǂorder sit on every food memory (6 of 10): no evidence, not searched.
    assert CUE_MARK + "breakfast" in gate["common_terms"]
    assert CUE_MARK + "breakfast" not in gate["searched_terms"]
    # The text's own "breakfast" (one memory) stays rare evidence: cues live apart.
    assert "breakfast" not in gate["common_terms"] and gate["term_weights"]["breakfast"] > 1
    # And an off-topic turn sharing only category cues receives nothing.
    assert cmem.search("write a haiku about dinner and lunch") == []


def test_an_existing_store_gets_its_cues_on_upgrade(engine_url: str) -> None:
    with Memory.open(engine_url, embedder=HashingEmbedder()) as m:
        mid = m.add(PEANUT).memory_id
        assert mid is not None
        with m.store.transaction() as tx:  # as rules version 6 left it: no cue terms
            tx.set_meta("derivation_version", "6")
            tx.unindex_keywords(mid)
            tx.index_keywords(mid, " ".join(keyword_terms(PEANUT)))
        assert not m.search("what should I order at the restaurant?", mode="keyword")
    with Memory.open(engine_url, embedder=HashingEmbedder()) as m:
        assert CUE_MARK + "restaurant" in _terms(m, mid)
        assert [h.memory.id for h in m.search("what should I order at the restaurant?",
                                               mode="keyword")] == [mid]
        assert m.doctor().to_dict()["findings"]["stale_keyword"] == []


def test_a_name_stated_in_both_scripts_is_found_in_either(cmem: Memory) -> None:
    # No pinyin links 芝麻 and Sesame; the store itself says they are one name.
    stating = cmem.add("用户养了一只英短猫，叫芝麻 / Sesame，三岁。").memory_id
    kidney = cmem.add("Sesame has early-stage kidney disease and must not get fish treats."
                      ).memory_id
    pills = cmem.add("芝麻每天要吃两次药。").memory_id
    cmem.add("User's son Leo was born in May 2024.")
    zh = [h.memory.id for h in cmem.search("芝麻的肾病要注意什么？", mode="keyword")]
    assert kidney in zh
    en = [h.memory.id for h in cmem.search("How often does Sesame take medicine?",
                                           mode="keyword")]
    assert pills in en
    ex = cmem.explain("芝麻的肾病要注意什么？")
    assert any(n.startswith("names stated in both scripts by a memory, searched: 芝麻 -> "
                            "sesame") for n in ex.notes)
    # The pair lives in the stating memory: archived, it is learned no more.
    cmem.archive(stating)
    ex = cmem.explain("芝麻的肾病要注意什么？")
    assert not any(n.startswith("names stated in both scripts") for n in ex.notes)
    # (The kidney memory may still match by its category, 病 / disease: not by the name.)
    assert "sesame" not in ex.matched_terms.get(kidney, [])


def test_a_writers_own_cues_take_the_same_path(cmem: Memory) -> None:
    secret = "sk-proj-Zx81Qm2Lw93Rt84Yu75Io66Pa57Sd48F"
    rec = cmem.add(PEANUT, meta={"cues": ["peanut", f"token {secret}"], "from": "me"})
    assert rec.memory_id is not None
    with cmem.store.transaction(write=False) as tx:
        meta = tx.get_memory_meta(rec.memory_id)
    assert meta["cues"] == ["peanut"] and meta["from"] == "me"  # the secret one dropped
    assert "peanut" in _terms(cmem, rec.memory_id)
    assert secret not in " ".join(_terms(cmem, rec.memory_id))
    assert cmem.doctor().to_dict()["findings"]["stale_keyword"] == []


def test_a_turn_naming_a_category_by_its_triggers_finds_its_memories(cmem: Memory) -> None:
    # The turn says no cue word ("latte" / 拿铁 is neither a cue nor in the memory), but
    # "latte" and 喝 put a memory in ``drink``: the turn searches that category's mark.
    milk = cmem.add_many(["用户乳糖不耐受，平时喝燕麦奶。"], raw=True)[0].memory_id
    cmem.add_many(["User drives a white BYD Seal.", "用户的护照明年到期。",
                   "User's laptop has 36 GB of RAM.", "Atlas is written in Go."], raw=True)
    for turn in ("Can I have a latte this afternoon?", "下午能来杯拿铁吗？想提提神"):
        listed = [h.memory.id for h in cmem.search(turn, k=3, mode="keyword")]
        assert listed[:1] == [milk], turn
        ex = cmem.explain(turn)
        assert any(t.startswith(CUE_MARK) for t in ex.matched_terms[milk])
        assert any(n.startswith(f"#{milk} matched through its cue terms") and "rule: drink"
                   in n for n in ex.notes), ex.notes


def test_a_standing_fact_is_found_by_the_situations_it_matters_in(cmem: Memory) -> None:
    # Pregnancy matters for food, medicine, travel and massage, in either language.
    preg, back = (r.memory_id for r in cmem.add_many(
        ["User is pregnant, due in May.", "用户腰椎间盘突出，不能提重物。"], raw=True))
    cmem.add_many(["User drives a white BYD Seal.", "用户的护照明年到期。",
                   "User's laptop has 36 GB of RAM.", "Atlas is written in Go."], raw=True)
    for turn, want in (("帮我约一个周末的按摩", preg), ("Any medicine for a cold?", preg),
                       ("We are moving house on Saturday, who carries what?", back),
                       ("周六搬家，东西怎么分工？", back)):
        listed = [h.memory.id for h in cmem.search(turn, k=3, mode="keyword")]
        assert want in listed, (turn, listed)


def test_a_role_the_turn_names_finds_the_memory_that_says_only_the_name(cmem: Memory) -> None:
    # "儿子" in the turn; the memory it needs says "Jun", and another memory says who Jun is.
    cmem.add("User's son 何俊 / Jun He lives in Wellington.")
    coeliac = cmem.add("Jun has coeliac disease and can't have any gluten.").memory_id
    cmem.add("The bakery's best seller is the pineapple bun.")
    hits = [h.memory.id for h in cmem.search("儿子不能吃什么？", mode="keyword")]
    assert coeliac in hits
    ex = cmem.explain("儿子不能吃什么？")
    assert any(n.startswith("names the store gives the user's role, searched: 儿子 -> ")
               and "jun" in n for n in ex.notes)
    assert "jun" in ex.matched_terms.get(coeliac, [])
    # Someone else's son is not the user's: no name searched.
    ex = cmem.explain("客人的儿子不能吃什么？")
    assert not any(n.startswith("names the store gives") for n in ex.notes)


def test_a_name_the_turn_uses_finds_the_memory_that_says_only_the_role(cmem: Memory) -> None:
    # "Kevin" in the turn; the memory it needs says only 儿子, another says who Kevin is.
    cmem.add("User's son Kevin (邓浩) is 14 and plays hockey.")
    school = cmem.add("儿子在 Centennial Collegiate 读九年级，每周三晚上上补习班。").memory_id
    cmem.add("The bakery's best seller is the pineapple bun.")
    turn = "Can I take Kevin out for dinner on Wednesday?"
    hits = [h.memory.id for h in cmem.search(turn, mode="keyword")]
    assert school in hits
    ex = cmem.explain(turn)
    assert any(n.startswith("role words the store gives a name the turn uses, searched: "
                            "kevin -> son") and "儿子" in n for n in ex.notes)
    assert "儿子" in ex.matched_terms.get(school, [])
    # Written as no name, the word is not read as one.
    ex = cmem.explain("can i take kevin out for dinner on wednesday?")
    assert not any(n.startswith("role words the store gives") for n in ex.notes)

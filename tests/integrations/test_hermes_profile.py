"""The core profile through the real Hermes provider (hermes-agent 0.19.0): safety facts in
the system block, the block within its limits, what did not fit said and recalled into a
turn whose topic touches it, and the person's pins and exclusions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from tests.integrations.test_hermes_recall import start_with_facts

from vecmem.engine.profile import MAX_MEMORIES
from vecmem.integrations.hermes.provider import SYSTEM_BLOCK_CHARS
from vecmem.integrations.hermes.recall import Recall
from vecmem.types import Hits

SEVERE = [
    "User is severely allergic to peanuts and carries an EpiPen.",
    "用户对青霉素过敏，以前吃阿莫西林后起过全身皮疹。",
    "用户的妈妈对磺胺类药物过敏。",
    "User's doctor told him not to take ibuprofen because of a stomach ulcer.",
    "User is allergic to bee stings and once ended up in the ER after being stung.",
]
BROAD = [
    "用户希望默认用中文回答，代码注释用英文。",
    "User prefers short, direct answers without long preambles.",
    "用户不喜欢回答里出现表情符号。",
    "User lives in Xuhui District, Shanghai, near Longhua Road metro station.",
    "用户的妻子叫林晓，是一名儿科医生。",
    "用户的女儿叫朵朵，2019年出生，在向阳小学上一年级。",
]
# Health facts that will not fit beside the above (the profile holds at most 12).
RESERVED = {
    "lactose": "用户乳糖不耐受，喝牛奶会拉肚子，可以喝燕麦奶。",
    "cat": "用户的妈妈对猫毛轻度过敏，会打喷嚏。",
    "levo": "User takes levothyroxine 50 mcg every morning on an empty stomach.",
    "knee": "User tore the meniscus in his left knee and should avoid long downhill hikes.",
    "statin": "用户在吃阿托伐他汀降血脂，每天晚上一粒。",
}
# Home and family facts that do not fit either (the first round takes one home fact and
# one of the family).
STANDING = {
    "flat": "用户家在6楼，有电梯，三室一厅，大约110平米。",
    "sister": "User's sister Chen Jing lives in Vancouver and works as a nurse.",
}
OTHER = [
    "The Atlas service consumes payment events from Kafka topic payments.settled.",
    "User's favourite coffee shop is the Manner on Wukang Road.",
]
_ID = re.compile(r"#(\d+)\b")


def _ids(text: str) -> set[int]:
    return {int(i) for i in _ID.findall(text)}


def _start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, dict[str, int]]:
    """A provider whose store holds the facts above as written (``raw``: no review of
    topics, as an imported profile would be)."""
    facts = SEVERE + BROAD + list(RESERVED.values()) + list(STANDING.values()) + OTHER
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    by_text = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    assert None not in by_text.values()
    return manager, provider, by_text


def test_safety_first_within_limits_and_what_did_not_fit_is_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        block = provider.system_prompt_block()
        shown = _ids(block)
        assert len(block) <= SYSTEM_BLOCK_CHARS and len(shown) <= MAX_MEMORIES
        # Every life-threatening fact, in both languages, and the broad kinds beside them.
        assert {ids[t] for t in SEVERE} <= shown
        assert ids[BROAD[0]] in shown and ids[BROAD[3]] in shown
        # One line per fact, no category or date on a fresh one.
        assert f"- #{ids[SEVERE[1]]} {SEVERE[1]}" in block.splitlines()
        # What did not fit is not dropped silently.
        reserve = provider.memory.core_profile().reserve
        assert reserve and not {e.memory_id for e in reserve} & shown
        assert re.search(r"^\+\d+ more health facts? .*recalled when a turn touches them",
                         block, re.M)
        assert not {ids[t] for t in OTHER} & shown
    finally:
        manager.shutdown_all()


def test_a_reserved_health_fact_reaches_the_turn_whose_topic_touches_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        block_ids = _ids(provider.system_prompt_block())
        assert ids[RESERVED["lactose"]] not in block_ids
        # Food, in English: the user's own intolerance, though the turn never names it.
        turn = provider.prefetch("Suggest a quick breakfast smoothie I can make.",
                                 session_id="s1")
        assert ids[RESERVED["lactose"]] in _ids(turn)
        assert not _ids(turn) & block_ids
        # Once per session: the same topic again does not repeat it ...
        again = provider.prefetch("Suggest a milkshake for the afternoon.", session_id="s1")
        assert ids[RESERVED["lactose"]] not in _ids(again)
        # ... a new session receives it again.
        assert ids[RESERVED["lactose"]] in _ids(provider.prefetch(
            "Suggest a quick breakfast smoothie I can make.", session_id="s2"))
        # Animals, in Chinese, about the mother: her allergy, not the user's medication.
        pet = provider.prefetch("我妈下周来住，家里新养了小猫，她会不会不舒服？", session_id="s3")
        assert ids[RESERVED["cat"]] in _ids(pet)
        # Medicine, in Chinese: the user's medications, each in the block or in the turn.
        med = provider.prefetch("明天要空腹抽血体检，早上的药还吃吗？", session_id="s4")
        meds = {ids[RESERVED["levo"]], ids[RESERVED["statin"]]}
        assert meds <= _ids(med) | block_ids
        # The outdoors: the knee.
        hike = provider.prefetch("Plan a weekend hike in the mountains near Hangzhou.",
                                 session_id="s5")
        assert ids[RESERVED["knee"]] in _ids(hike)
    finally:
        manager.shutdown_all()


def test_home_and_family_facts_that_did_not_fit_reach_their_turns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        block_ids = _ids(provider.system_prompt_block())
        flat, sister = ids[STANDING["flat"]], ids[STANDING["sister"]]
        assert not {flat, sister} & block_ids
        assert flat in _ids(provider.prefetch("We're buying a sofa — how big is our place?",
                                              session_id="s1"))
        # A relative's fact only when the turn names that relative.
        assert sister in _ids(provider.prefetch("我姐姐下个月回国，帮我想想带她去哪玩。",
                                                session_id="s2"))
        assert sister not in _ids(provider.prefetch("我老婆下个月生日，帮我想想去哪吃饭。",
                                                    session_id="s3"))
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize("turn", [
    "Why do cats purr?", "火锅起源于哪里？", "thanks!", "谢谢",
    "Which Kafka topic does the Atlas service consume?",
])
def test_no_health_fact_on_impersonal_trivial_or_unrelated_turns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turn: str) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        provider.system_prompt_block()
        reserved = {ids[t] for t in [*RESERVED.values(), *STANDING.values()]}
        assert not _ids(provider.prefetch(turn, session_id="s1")) & reserved
    finally:
        manager.shutdown_all()


def test_the_person_pins_and_excludes_and_the_block_follows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        mem = provider.memory
        coffee, peanut, lactose = ids[OTHER[1]], ids[SEVERE[0]], ids[RESERVED["lactose"]]
        mem.set_core(coffee, True)
        mem.set_core(peanut, False)  # the person's choice wins over the rules
        mem.set_core(lactose, False)
        block = provider.system_prompt_block()
        assert coffee in _ids(block) and peanut not in _ids(block)
        assert len(block) <= SYSTEM_BLOCK_CHARS
        # An excluded fact is not recalled by topic either (it is still searchable).
        turn = provider.prefetch("Suggest a quick breakfast smoothie I can make.",
                                 session_id="s1")
        assert lactose not in _ids(turn)
        mem.set_core(peanut, None)
        assert peanut in _ids(provider.system_prompt_block())
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize("n", [0, 1, 14, 40])
def test_the_block_never_exceeds_its_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            n: int) -> None:
    # Long health facts in both languages, more than fit: the block stays within 1,200
    # characters and 12 memories, the most severe first, and says what it left out.
    facts = [(f"User is severely allergic to additive E{100 + i} and carries an EpiPen; "
              + "the reaction " * (i % 5) + "needs an ambulance.") if i % 2 else
             f"用户对药物{i}号严重过敏，{'会休克，' * (i % 4)}必须随身带肾上腺素笔。"
             for i in range(n)]
    manager, provider = start_with_facts(tmp_path, monkeypatch, facts or OTHER)
    try:
        block = provider.system_prompt_block()
        assert len(block) <= SYSTEM_BLOCK_CHARS and len(_ids(block)) <= MAX_MEMORIES
        left = len(provider.memory.core_profile().entries) + len(
            provider.memory.core_profile().reserve)
        if n > MAX_MEMORIES:
            assert "more health facts" in block and len(_ids(block)) < left
        if n == 0:
            assert "standing facts" not in block
    finally:
        manager.shutdown_all()


def test_no_room_for_a_fact_still_says_health_facts_are_left_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, _ = _start(tmp_path, monkeypatch)
    try:
        recall = provider._recall  # the block's profile part, for a room too small
        text = recall.core_profile(100)
        assert len(text) <= 100 and re.match(r"^\+\d+ more health facts", text)
        assert "#" not in text and recall.reserve
        assert recall.core_profile(10) == ""
    finally:
        manager.shutdown_all()


# -- session 6: names across scripts, the body topic, the per-turn count ----------------------
NAMED = {
    "son": "儿子小满，英文名Max，2018年6月出生。",
    "adhd": "小满有注意力缺陷，医生开了利他林，上学日早上吃。",
    "disc": "User has a herniated disc at L4-L5 and is told not to lift anything over 10 kg.",
}


# The user's own serious conditions, which go before a relative's in the profile: with
# them the block is full before the facts above.
OWN = ["User has type 2 diabetes and checks his blood sugar before meals.",
       "用户有高血压，每天早上量血压。", "User has coeliac disease and eats strictly gluten-free.",
       "用户有偏头痛，熬夜和红酒都会诱发。"]


def _start_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **extra: Any
                 ) -> tuple[Any, Any, dict[str, int]]:
    facts = (SEVERE + BROAD + OWN + list(RESERVED.values()) + list(STANDING.values()) + OTHER
             + list(NAMED.values()))
    manager, provider = start_with_facts(tmp_path, monkeypatch, [], **extra)
    results = provider.memory.add_many(facts, raw=True)
    by_text = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    assert None not in by_text.values()
    return manager, provider, by_text


def test_a_turn_naming_whom_a_reserved_fact_is_about_reaches_it_in_either_script(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start_named(tmp_path, monkeypatch)
    try:
        adhd = ids[NAMED["adhd"]]
        assert adhd not in _ids(provider.system_prompt_block())
        assert adhd in {e.memory_id for e in provider._recall.reserve}
        # A knowledge question's shape, but about the person's son: in English (the
        # store states 小满 = Max) and in Chinese.
        for n, turn in enumerate(["What medication does Max take for his attention issues?",
                                  "小满每天吃的是什么药？"]):
            assert adhd in _ids(provider.prefetch(turn, session_id=f"s{n}")), turn
        # The same shape about nobody the store names stays impersonal.
        assert adhd not in _ids(provider.prefetch(
            "What medication do doctors give for attention issues?", session_id="s9"))
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize(("turn", "reaches"), [
    ("We're moving furniture this weekend, how should I split the work?", True),
    ("下周搬家，柜子和书怎么搬比较好？", True),
    ("How do I back up my Postgres database?", False),
    ("Walk me through setting up a Kafka consumer.", False),
])
def test_the_body_topic_reaches_a_back_injury(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              turn: str, reaches: bool) -> None:
    manager, provider, ids = _start_named(tmp_path, monkeypatch)
    try:
        disc = ids[NAMED["disc"]]
        assert disc not in _ids(provider.system_prompt_block())
        assert (disc in _ids(provider.prefetch(turn, session_id="s1"))) is reaches
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize("most", [0, 1, 3])
def test_a_turn_recalls_at_most_recall_max_memories(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    most: int) -> None:
    atlas = [f"The Atlas service {what}." for what in (
        "consumes payment events from Kafka", "is deployed with Argo CD onto Kubernetes",
        "database is PostgreSQL 15 on Alibaba Cloud", "alerts go to PagerDuty",
        "is owned by the payments team", "runs three replicas in production")]
    manager, provider = start_with_facts(tmp_path, monkeypatch, atlas, recall_max=most)
    try:
        provider.system_prompt_block()
        shown = provider.prefetch("Tell me how the Atlas service is run in production.",
                                  session_id="s1")
        text = shown if isinstance(shown, str) else shown.context
        assert len(_ids(text)) <= most
        if most:
            assert f"({len(_ids(text))})" in text  # the heading's count says it
    finally:
        manager.shutdown_all()


# A condition no rule names, known by its frame only (a hearing aid / 助听器), about the
# son: recalled on a turn that names him whatever the turn's topic, in either script.
HEARING = "小满左耳听力损失，戴助听器，游泳前要取下来。"


def test_a_frame_fact_reaches_a_turn_that_names_whom_it_is_about(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    facts = SEVERE + BROAD + OWN + list(RESERVED.values()) + OTHER + [NAMED["son"], HEARING]
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    try:
        hearing = ids[HEARING]
        assert hearing not in _ids(provider.system_prompt_block())
        assert hearing in {e.memory_id for e in provider._recall.reserve}
        # No topic word for hearing in either turn: the name is the evidence.
        for n, turn in enumerate(["Max's class is going to the aquatic centre on Thursday, "
                                  "anything I should tell the teacher?",
                                  "小满周四跟班里去水上乐园，要跟老师说什么？"]):
            assert hearing in _ids(provider.prefetch(turn, session_id=f"s{n}")), turn
        # A turn naming nobody, or a knowledge question, does not receive it. (A trip
        # about swimming may: the fact itself says 游泳, and the rule cue terms carry it.)
        for n, turn in enumerate(["Plan a class trip to the science museum.",
                                  "How do hearing aids work?", "thanks!"]):
            assert hearing not in _ids(provider.prefetch(turn, session_id=f"t{n}")), turn
    finally:
        manager.shutdown_all()


def test_a_reserved_fact_the_search_found_goes_first_not_past_the_cap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The food turn touches several reserved facts; the one the search itself found (it
    # shares the turn's words) is moved to the front, so a cap of one still shows it
    # rather than two weaker facts recalled by topic alone.
    milk = "User is lactose intolerant: a glass of milk or a milkshake upsets his stomach."
    food = ["用户的爸爸有痛风，海鲜和啤酒都要少吃。",
            "User's mother has kidney disease and eats low-salt food.",
            "用户有胃溃疡，不能吃太辣的东西。"]
    manager, provider = start_with_facts(tmp_path, monkeypatch, [], recall_max=1)
    facts = SEVERE + BROAD + OWN + food + [milk]
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    try:
        block = _ids(provider.system_prompt_block())
        reserve = {e.memory_id for e in provider._recall.reserve}
        assert ids[milk] in reserve and ids[milk] not in block
        assert len({ids[t] for t in food} & reserve) >= 2
        turn = "Can I have a milkshake with a glass of milk for breakfast?"
        assert ids[milk] in {h.memory.id for h in provider.memory.search(turn)}
        assert _ids(provider.prefetch(turn, session_id="s1")) == {ids[milk]}
    finally:
        manager.shutdown_all()


# Session 8: a relative's or a pet's health fact reaches a turn concerning them, by role
# word or by a name the store ties to the role, whatever the turn's topic words.
KIN_FACTS = {
    "mum_knee": "User's mother had a knee replacement in 2025 and can't manage long stairs.",
    "mum_bp": "用户妈妈血压偏低，站起来太快会头晕，洗澡要有人在旁边。",
    "dog": "用户的狗叫 Kumara，11 岁的拉布拉多，有髋关节发育不良。",
    "dog_nsaid": "Vet warned: Kumara must never get human painkillers like ibuprofen or "
                 "paracetamol.",
    "bird": "User has a cockatiel called Doudou; avocado is poisonous to him.",
    "grandson": "用户的孙子 Nikau 三岁，对鸡蛋严重过敏，有 EpiPen Jr。",
}


def test_a_relatives_or_pets_health_fact_reaches_the_turn_concerning_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Fill the block with severe facts first, so the ones below are in the reserve.
    filler = ["User's wife is severely allergic to sesame and carries an EpiPen.",
              "用户的女儿对青霉素严重过敏，会休克。",
              "User's father must not take aspirin: he is on a blood thinner."]
    facts = (SEVERE + filler + BROAD + list(RESERVED.values()) + list(KIN_FACTS.values())
             + OTHER)
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    k = {key: ids[text] for key, text in KIN_FACTS.items()}
    try:
        block = _ids(provider.system_prompt_block())
        reserve = {e.memory_id for e in provider._recall.reserve}  # what the block left out
        assert {k["mum_knee"], k["mum_bp"], k["dog_nsaid"], k["bird"]} <= reserve
        # English, by role word, no health word in the turn.
        got = _ids(provider.prefetch("Can my mum come with us to the Great Wall next summer?",
                                     session_id="a"))
        assert k["mum_knee"] in got | block
        # Chinese, by role word: the mother's low blood pressure on a kitchen turn.
        got = _ids(provider.prefetch("妈妈站着做饭的时候总说头晕，厨房要怎么改？",
                                     session_id="b"))
        assert k["mum_bp"] in got | block
        # By the name the store ties to the dog: the painkiller warning.
        got = _ids(provider.prefetch("Kumara is limping after the walk, can I give him one "
                                     "of my Panadol?", session_id="c"))
        assert k["dog_nsaid"] in got | block
        # By the species the user owns: the bird's poison, on a food turn.
        got = _ids(provider.prefetch("What can I feed my cockatiel as a treat?",
                                     session_id="d"))
        assert k["bird"] in got | block
        # Someone else's mother or son is no one the store knows.
        got = _ids(provider.prefetch("A mum is asking if the shop is safe for her son with a "
                                     "tree-nut allergy.", session_id="e"))
        assert not got & {k["mum_knee"], k["mum_bp"]}
        # Cats in general are nobody's pet: nothing from the reserve.
        assert not _ids(provider.prefetch("Why do cockatiels hiss?", session_id="f")) & reserve
    finally:
        manager.shutdown_all()


def test_the_most_specific_touch_wins_a_turns_reserve_slot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Three of the mother's facts touch a kitchen turn about her; only one is touched by
    # the turn's specific topic (an induction hob: the pacemaker). Food touches both of
    # the others, as it touches most reserved facts.
    mother = {
        "pacemaker": "用户妈妈装了心脏起搏器，不能靠近电磁炉和机场安检门。",
        "sugar": "用户的妈妈有糖尿病，吃饭要控糖，甜点基本不吃。",
        "lactose": "User's mother is lactose intolerant; milk upsets her stomach.",
        "salt": "妈妈有高血压，菜不能做得太咸。",
    }
    filler = ["User's wife is severely allergic to sesame and carries an EpiPen.",
              "用户的女儿对青霉素严重过敏，会休克。",
              "User's father must not take aspirin: he is on a blood thinner."]
    facts = SEVERE + filler + BROAD + list(RESERVED.values()) + list(mother.values()) + OTHER
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    try:
        provider.system_prompt_block()
        reserve = {e.memory_id for e in provider._recall.reserve}
        assert {ids[t] for t in mother.values()} <= reserve
        got = _ids(provider.prefetch("Mum is moving in next week; should we switch the "
                                     "kitchen to an induction hob?", session_id="a"))
        assert ids[mother["pacemaker"]] in got
    finally:
        manager.shutdown_all()


#: Medicine and food facts that all touch a medicine or food turn: which one a turn needs
#: is said only by the substance it names, often in the other language.
SUBSTANCE_FACTS = {
    "codeine": "Codeine makes the user vomit badly; never suggest anything with codeine.",
    "statin": "用户在吃辛伐他汀，医生叮嘱不能吃西柚、喝西柚汁。",
    "bp": "用户在吃降压药，医生说不要用含钾的代盐。",
    "thyroid": "User takes levothyroxine every morning on an empty stomach.",
    "coeliac": "User's son Jun has coeliac disease: even a shared toaster makes him sick.",
    "sulfa": "用户对磺胺类药过敏，吃过以后全身起皮疹。",
}


#: More severe facts, so that the block is full and the reserve holds the facts under test.
FILLER = ["User's wife is severely allergic to sesame and carries an EpiPen.",
          "用户的女儿对青霉素严重过敏，会休克。",
          "User's father must not take aspirin: he is on a blood thinner."]


def _start_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str]
                ) -> tuple[Any, Any, dict[str, int]]:
    """A provider whose block is full, holding ``extra`` beside the usual facts."""
    facts = SEVERE + FILLER + BROAD + list(RESERVED.values()) + extra + OTHER
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    return manager, provider, {t: r.memory_id for t, r in zip(facts, results, strict=True)}


def test_a_substance_named_in_the_other_language_picks_the_fact_it_concerns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start_full(tmp_path, monkeypatch, list(SUBSTANCE_FACTS.values()))
    s = {key: ids[text] for key, text in SUBSTANCE_FACTS.items()}
    try:
        block = _ids(provider.system_prompt_block())
        reserve = {e.memory_id for e in provider._recall.reserve}
        assert {s["codeine"], s["statin"], s["coeliac"], s["bp"]} <= reserve
        # A drug named in Chinese, the fact in English, among many medicine facts.
        got = _ids(provider.prefetch("牙医说拔完牙可以吃含可待因的止痛药，行吗？", session_id="a"))
        assert s["codeine"] in got
        # A brand named in English, the drug class in Chinese.
        got = _ids(provider.prefetch("The after-hours clinic wants to give me Bactrim for a "
                                     "UTI, should I take it?", session_id="b"))
        assert s["sulfa"] in got | block
        # A food named in English, the warning in Chinese.
        got = _ids(provider.prefetch("Can I have a glass of grapefruit juice with my "
                                     "breakfast?", session_id="c"))
        assert s["statin"] in got
        # An allergen family: bread and a toaster, in Chinese, the fact in English.
        got = _ids(provider.prefetch("买个新的烤面包机放家里，需要注意什么吗？", session_id="d"))
        assert s["coeliac"] in got
        # A knowledge question naming a substance is about no one: nothing from the reserve.
        assert not _ids(provider.prefetch("What's the history of codeine?",
                                          session_id="e")) & reserve
        # ... unless it asks for someone who takes the household's drug (session 17): the
        # one who does; still nothing else from the reserve.
        for n, turn in enumerate(["Is a glass of wine OK for someone taking codeine?",
                                  "吃可待因的人能喝酒吗？"]):
            got = _ids(provider.prefetch(turn, session_id=f"t{n}")) & reserve
            assert got == {s["codeine"]}, turn
        assert not _ids(provider.prefetch("西柚起源于哪里？", session_id="f")) & reserve
    finally:
        manager.shutdown_all()


def test_on_a_turn_naming_no_one_a_touch_only_one_fact_has_comes_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The user's own food facts touch any kitchen turn; only the mother's pacemaker is
    # touched by the hob, though the turn names no one.
    own_food = ["User has gout and keeps away from seafood and organ meats.",
                "用户肾不好，医生让他少吃盐，菜要清淡。",
                "User is lactose intolerant; milk upsets his stomach."]
    pacemaker = "用户妈妈装了心脏起搏器，不能靠近电磁炉和机场安检门。"
    filler = ["User's wife is severely allergic to sesame and carries an EpiPen.",
              "用户的女儿对青霉素严重过敏，会休克。",
              "User's father must not take aspirin: he is on a blood thinner."]
    facts = SEVERE + filler + BROAD + own_food + [pacemaker] + OTHER
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    try:
        provider.system_prompt_block()
        reserve = {e.memory_id for e in provider._recall.reserve}
        assert {ids[t] for t in [*own_food, pacemaker]} <= reserve
        for i, turn in enumerate(["Should we cook on an induction hob in the new kitchen?",
                                  "厨房想换成电磁炉做饭，有什么要注意的吗？"]):
            assert ids[pacemaker] in _ids(provider.prefetch(turn, session_id=f"s{i}"))
            # The reserve's own choice, as if the search had found none of them (the
            # search may find the pacemaker by its words; the order must not need it).
            chosen = Recall._health_for(provider.memory, turn, provider._recall.reserve, [])
            assert chosen[0].id == ids[pacemaker]
    finally:
        manager.shutdown_all()


def test_the_reserve_reads_the_turn_as_the_gate_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "Can a labrador eat …?" has a knowledge question's shape; the gate reads it as the
    # person's own because a memory says they have a labrador (``relevance.OWNED``). The
    # reserved health facts must follow that one reading, not the text-only one.
    dog = {"en": "User's Labrador Rocky is allergic to chicken: no chicken treats for him.",
           "zh": "用户家养了一只拉布拉多叫豆豆，豆豆对牛肉过敏，吃了会拉肚子。"}
    filler = ["User's wife is severely allergic to sesame and carries an EpiPen.",
              "用户的女儿对青霉素严重过敏，会休克。",
              "User's father must not take aspirin: he is on a blood thinner."]
    # No other food fact in the reserve: which food fact comes first is not this test.
    others = [RESERVED[k] for k in ("levo", "knee", "statin")]
    facts = SEVERE + filler + BROAD + others + list(dog.values()) + OTHER
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    ids = {t: r.memory_id for t, r in zip(facts, results, strict=True)}
    try:
        provider.system_prompt_block()
        reserve = provider._recall.reserve
        assert {ids[dog["en"]], ids[dog["zh"]]} <= {e.memory_id for e in reserve}
        for lang, turn in (("en", "Can a labrador eat chicken jerky?"),
                           ("zh", "拉布拉多能吃牛肉干吗？")):
            hits = provider.memory.search(turn)
            assert hits.personal is True, turn
            # The reserve's own choice, as if the search had found nothing: with the
            # gate's reading the dog's fact is chosen; a plain list (no gate ran) falls
            # back to the text-only reading, which calls the turn impersonal.
            gated = Recall._health_for(provider.memory, turn, reserve, Hits(personal=True))
            assert ids[dog[lang]] in {r.id for r in gated}, turn
            assert Recall._health_for(provider.memory, turn, reserve, []) == []
            assert ids[dog[lang]] in _ids(provider.prefetch(turn, session_id=f"s-{lang}"))
        # A knowledge question the gate also reads as impersonal gets nothing reserved.
        for turn in ("Why do labradors shed so much?", "拉布拉多为什么掉毛这么厉害？"):
            hits = provider.memory.search(turn)
            assert hits.personal is False, turn
            got = _ids(provider.prefetch(turn, session_id=f"k-{turn}"))
            assert not got & {e.memory_id for e in reserve}, turn
    finally:
        manager.shutdown_all()


def test_a_question_for_someone_with_a_households_condition_reaches_that_fact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Session 17: "Are bananas OK for someone with weak kidneys?" has a knowledge
    # question's shape; the household's kidney fact is what it asks for, and nothing else
    # of the reserve comes with it. "What causes kidney stones?" asks for no one.
    kidney = "用户的岳母肾功能不太好，医生说她要限钾，少吃香蕉和土豆。"
    manager, provider, ids = _start_full(tmp_path, monkeypatch, [kidney])
    try:
        provider.system_prompt_block()
        reserve = {e.memory_id for e in provider._recall.reserve}
        assert ids[kidney] in reserve
        for n, turn in enumerate(["Are bananas OK for someone with weak kidneys?",
                                  "肾不好的老人能吃香蕉吗？"]):
            got = _ids(provider.prefetch(turn, session_id=f"k{n}")) & reserve
            assert got == {ids[kidney]}, turn
        assert not _ids(provider.prefetch("What causes kidney stones?",
                                          session_id="k9")) & reserve
    finally:
        manager.shutdown_all()

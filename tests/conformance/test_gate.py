"""The relevance gate in search's default path, on both engines: term rarity, stemming
before the stopword test, Chinese function words, fused scores in [0, 1], explain."""

from __future__ import annotations

import json

import pytest

from vecmem import Memory
from vecmem.engine import relevance
from vecmem.text import keyword_terms
from vecmem.types import CandidateScore

# Every memory shares the word "project" (and many share "the"/"my"): a bank where a
# common word used to carry a whole keyword match.
PROJECT_BANK = [
    "The project Atlas uses PostgreSQL 16 for storage",
    "My project Borealis deploys to Kubernetes on Fridays",
    "The Cobalt project has a weekly review on Tuesday mornings",
    "Project Delta's frontend is written in Vue 3",
    "The Ember project keeps its secrets in Vault",
    "Project Fjord ships a CLI written in Rust",
    "The Granite project is paused until March",
    "Project Harbor's designer is Lena Park",
    "The Iris project runs its CI on GitHub Actions",
    "Project Juniper's budget was approved by finance",
    "项目Kestrel的后端用Go编写",
    "项目Lumen的测试用pytest",
]


@pytest.fixture
def bank(cmem: Memory) -> Memory:
    cmem.add_many(PROJECT_BANK, raw=True)
    return cmem


def test_a_common_word_is_no_evidence_and_is_not_searched(bank: Memory) -> None:
    # "project" is in every memory: it is no evidence, so an off-topic turn that only
    # shares that word (and stopwords) receives nothing ...
    assert bank.search("what a fun project idea, thanks!") == []
    ex = bank.explain("what a fun project idea, thanks!")
    assert ex.gate is not None and ex.gate["on"]
    assert "project" in ex.gate["common_terms"]
    assert "project" not in ex.gate["searched_terms"]
    # ... while the listing still finds the word everywhere.
    listed = bank.search("project", k=50, mode="keyword")
    assert len(listed) == len(PROJECT_BANK)  # the Chinese ones too: project = 项目
    assert len(bank.search("project", k=50, gate=False, min_score=-1)) == len(PROJECT_BANK)


def test_a_rare_word_still_finds_its_memory(bank: Memory) -> None:
    hits = bank.search("which project uses Vault for secrets?")
    assert hits and hits[0].memory.content == "The Ember project keeps its secrets in Vault"
    ex = bank.explain("which project uses Vault for secrets?")
    top = next(c for c in ex.candidates if c.memory_id == hits[0].memory.id)
    assert top.included and top.gate is not None and top.gate.startswith("pass")
    assert top.coverage is not None and top.coverage > 0.5


def test_stemming_comes_before_the_stopword_test(cmem: Memory) -> None:
    cmem.add_many(["His sister lives in Berlin", "The meeting is on Monday at noon",
                   "Hi-res photos go to the shared drive"], raw=True)
    # "his" is indexed as its stem "hi"; the greeting "hi" must not find it. "one" stems
    # to "on".
    assert "hi" not in relevance.query_terms("hi").terms
    assert relevance.query_terms("one").terms == []
    for query in ("hi", "hi!", "Hi there", "one", "ones"):
        assert cmem.keyword(query) == [], query
        assert cmem.explain(query).keyword_candidates == 0, query
    assert cmem.keyword("sister")[0].memory.content == "His sister lives in Berlin"
    ex = cmem.explain("hi there")
    assert "hi" in ex.gate["dropped_terms"]
    assert any("stopword after stemming" in n for n in ex.notes)


def test_chinese_function_bigrams_are_no_evidence(cmem: Memory) -> None:
    cmem.add_many(["我们的项目是一个开源的数据库", "我对花生过敏", "用户住在上海"], raw=True)
    for stop in ("一个", "我们", "的是", "什么", "可以", "帮我"):
        assert stop not in keyword_terms(f"{stop}", for_query=True), stop
    terms = keyword_terms("帮我写一个故事", for_query=True)
    assert "帮我" not in terms and "一个" not in terms and "故事" in terms
    # Only function words: nothing is searched, nothing is returned.
    assert cmem.keyword("我们的是一个") == []
    assert cmem.explain("我们的是一个").keyword_terms == []
    # Content bigrams next to function characters stay evidence: 过敏 (allergic).
    assert "过敏" in keyword_terms("我对什么过敏", for_query=True)
    assert cmem.keyword("我对什么过敏")[0].memory.content == "我对花生过敏"


def test_fused_scores_stay_in_unit_interval_and_explain_is_json(bank: Memory) -> None:
    for query in ("Vault secrets", "project", "Kubernetes Fridays deploy", "项目后端"):
        for gate in (True, False):
            for hit in bank.search(query, k=20, gate=gate, min_score=-1):
                assert 0.0 <= hit.score <= 1.0, (query, hit)
            ex = bank.explain(query, gate=gate)
            json.dumps(ex.to_dict())
            for c in ex.candidates:
                assert 0.0 <= c.fused <= 1.0
                if gate and c.status == "active":
                    assert c.gate is not None, c
                if not gate:
                    assert c.gate is None
    assert bank.explain("Vault", gate=False).gate["on"] is False


def test_every_candidate_shows_the_gate_verdict(bank: Memory) -> None:
    ex = bank.explain("Rust CLI")
    assert ex.gate["rule"].startswith(relevance.GATE_VERSION)
    assert ex.gate["floor"] == relevance.GATE_FLOORS["hashing-v1"][0]
    hits = {h.memory.id for h in bank.search("Rust CLI")}
    for c in ex.candidates:
        if c.status != "active":
            continue
        assert c.gate.startswith("pass" if c.included else "fail"), c
        assert c.included == (c.memory_id in hits) or not c.included
        if not c.included:
            assert c.excluded_because.startswith("gate:")


def test_gate_must_be_a_bool(bank: Memory) -> None:
    from vecmem import InvalidInputError

    with pytest.raises(InvalidInputError):
        bank.search("x", gate="no")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        bank.explain("x", gate=1)  # type: ignore[arg-type]


def test_a_turn_without_a_content_word_receives_nothing(bank: Memory) -> None:
    for turn in ("hi", "Hi!", "thank you so much", "ok, thank you", "你好", "谢谢", "好的，谢谢",
                 "我们的是一个", "👍", "good night, talk tomorrow", "perfect, got it",
                 "收到，辛苦了", "嗨，最近怎么样？"):
        assert bank.search(turn) == [], turn
        ex = bank.explain(turn)
        assert ex.gate is not None and "no content word" in ex.gate["rule"], turn
        json.dumps(ex.to_dict())
    # The listing still answers.
    assert bank.search("thank you so much", gate=False, min_score=-1)


def test_a_cross_language_concept_is_found_both_ways(cmem: Memory) -> None:
    cmem.add_many(["车险是在人保买的，明年 2 月到期。", "User is severely allergic to peanuts.",
                   "The team meets on Feishu every morning."], raw=True)
    hits = cmem.keyword("When does my car insurance expire?")
    assert hits and hits[0].memory.content.startswith("车险")
    hits = cmem.keyword("我对什么过敏？")
    assert hits and hits[0].memory.content == "User is severely allergic to peanuts."
    ex = cmem.explain("When does my car insurance expire?")
    assert any("other-language words searched" in n and "insurance -> " in n for n in ex.notes)
    assert ["insurance", "保险", "车险"] in ex.gate["concepts"]


# Every memory shares a word (or a name) with one off-topic turn below; none needs them.
SHARED_BANK = [
    "User is reading Kafka's The Trial before bed.",
    "The payments service uses Kafka for its event log.",
    "User's cat is called Sesame and eats 50 g of dry food a day.",
    "用户的猫叫芝麻，是一只英短。",
    "用户对花生严重过敏，随身带肾上腺素笔。",
    "User is allergic to peanuts and carries an EpiPen.",
    "用户每周三晚上去游泳。",
    "User takes the metro line 11 to work.",
]


def test_an_impersonal_turn_sharing_a_word_with_every_memory_receives_nothing(
        cmem: Memory) -> None:
    cmem.add_many(SHARED_BANK, raw=True)
    for turn in ("Who was Franz Kafka?", "What's the history of peanut butter?",
                 "Who created Sesame Street?", "芝麻开门这个说法出自哪个故事？",
                 "花生是哪个国家最早种植的？", "Explain how Kafka partitions work in general.",
                 "游泳是哪一年成为奥运会项目的？", "Who built the first metro line?"):
        assert cmem.search(turn) == [], turn
        ex = cmem.explain(turn)
        assert "impersonal" in ex.gate["rule"], turn
        # The words are there: the listing still finds them.
        assert cmem.search(turn, gate=False, min_score=-1), turn
    # The same words in a turn about the person pass.
    for turn, expect in (("What is my cat Sesame allowed to eat?", "Sesame"),
                         ("我对花生过敏，这个菜能吃吗？", "花生"),
                         ("Which book by Kafka am I reading?", "Kafka")):
        hits = cmem.search(turn)
        assert hits and expect in hits[0].memory.content, (turn, hits)
        assert "impersonal" not in cmem.explain(turn).gate["rule"]


def test_an_off_topic_turn_sharing_a_common_chinese_word_receives_nothing(
        cmem: Memory) -> None:
    # 项目 (project) is in every memory: no evidence, in Chinese as in English.
    cmem.add_many(["项目Atlas用Go编写", "项目Borealis周五部署", "项目Cobalt每周二评审",
                   "项目Delta的前端用Vue", "项目Ember的密钥放在Vault里"], raw=True)
    assert cmem.search("这个项目名字真有意思，哈哈") == []
    ex = cmem.explain("这个项目名字真有意思，哈哈")
    assert "项目" in ex.gate["common_terms"]
    hits = cmem.search("哪个项目把密钥放在Vault里？")
    assert hits and "Ember" in hits[0].memory.content


def test_a_cross_language_name_is_found(cmem: Memory) -> None:
    cmem.add_many(["女儿朵朵对虾和蟹过敏。", "User picks up Duoduo at 4:30 pm on Tuesdays.",
                   "用户的父母住在成都。", "The team meets on Feishu every morning."], raw=True)
    hits = cmem.keyword("Is Duoduo allergic to anything?")
    assert hits and hits[0].memory.content == "女儿朵朵对虾和蟹过敏。"
    hits = cmem.keyword("朵朵几点放学？")
    assert any("Duoduo" in h.memory.content for h in hits)
    hits = cmem.search("When are my parents in Chengdu visiting?")
    assert hits and hits[0].memory.content == "用户的父母住在成都。"
    ex = cmem.explain("Is Duoduo allergic to anything?")
    assert any("names in the other script searched: duoduo -> 朵朵" in n for n in ex.notes)
    # A name the store does not hold adds nothing.
    ex = cmem.explain("Is Zhang Wei allergic to anything?")
    assert not any("names in the other script" in n for n in ex.notes)


def test_an_identity_question_about_a_stored_name_is_personal(cmem: Memory) -> None:
    # "Who is Leo?" has the shape of an encyclopaedia question, but the store names Leo:
    # it asks about the person's son. "Who was Franz Kafka?" names "Franz", which no
    # memory holds, and stays impersonal.
    cmem.add_many(["Leo is the user's son, born in 2023.", "用户的女儿叫朵朵，2019年出生。",
                   "Atlas is the payments service the user works on.",
                   "User is reading Kafka's The Trial."], raw=True)
    for turn, expect in (("Who is Leo?", "Leo"), ("朵朵是谁？", "朵朵"),
                         ("What is Atlas?", "Atlas"), ("Who is Duoduo?", "朵朵")):
        hits = cmem.search(turn)
        assert hits and expect in hits[0].memory.content, (turn, hits)
        assert cmem.explain(turn).gate["impersonal"] is False, turn
    for turn in ("Who was Franz Kafka?", "What is big-O notation?", "Who is Zhang Wei?"):
        assert cmem.explain(turn).gate["impersonal"] is True, turn
        assert cmem.search(turn) == [], turn


PET_BANK = [
    "User's cat Sesame has kidney disease and must not get fish-based treats.",
    "Sesame the cat eats 50 g of dry food a day.",
    "用户的猫 Sesame 每年 6 月打疫苗。",
    "User hosts a board game night once a month; the favourite game is Catan.",
    "User's son Leo was born in May 2024.",
    "Leo 有湿疹，洗完澡要涂保湿霜。",
]


def test_a_name_the_memories_return_to_makes_a_question_personal(cmem: Memory) -> None:
    # The same question shapes; what differs is whether the store keeps coming back to
    # the name (the cat, the son: several memories) or mentioned it once (a board game).
    cmem.add_many(PET_BANK, raw=True)
    for turn, expect in (("Can Sesame have tuna treats?", "Sesame"),
                         ("Leo 是什么时候出生的？", "Leo")):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is False, turn
        hits = cmem.search(turn)
        assert hits and expect in hits[0].memory.content, (turn, hits)
    for turn in ("How many players can play Catan?", "Is Catan hard to learn?",
                 "Who created Sesame Street?", "Explain how cats purr, in general."):
        assert cmem.explain(turn).gate["impersonal"] is True, turn
        assert cmem.search(turn) == [], turn


@pytest.mark.parametrize("turn", ["thx!", "cheers, that helped", "yo, you around?",
                                  "谢了", "好的谢谢", "辛苦啦，没别的了"])
def test_small_talk_receives_nothing_and_explain_says_why(cmem: Memory, turn: str) -> None:
    cmem.add_many([*PET_BANK, "User says thanks a lot to the barista at Manner."], raw=True)
    assert cmem.search(turn) == []
    assert cmem.explain(turn).gate["rule"] == relevance.TRIVIAL_RULE


@pytest.mark.parametrize("bank_, turn, answer", [
    (["User's parking spot is B2-117 in the basement garage of the compound.",
      "User parks the bike near the garage door.",
      "The garage of the office has a car wash on Fridays.",
      "User drinks oolong tea in the afternoon."],
     "Where is my parking spot in the garage?", "B2-117"),
    (["用户的车位在地下二层，车位号是 B2-117。", "用户的自行车停在地下车库门口。",
      "公司车库周五可以洗车。", "用户的车是白色比亚迪海豹。", "用户下午喝乌龙茶。"],
     "我的车位号是多少？在地下几层？", "B2-117"),
])
def test_a_weak_candidate_far_below_the_best_is_cut_and_explain_says_so(
        cmem: Memory, bank_: list[str], turn: str, answer: str) -> None:
    # The bike memory passes the cosine floor, but its fused score is a fraction of the
    # real match's: the cut is relative to the query's best, so it does not depend on
    # how many memories the store holds.
    cmem.add_many(bank_, raw=True)
    hits = cmem.search(turn)
    assert [answer in h.memory.content for h in hits] == [True], hits
    ex = cmem.explain(turn)
    best = max(c.fused for c in ex.candidates if c.included)
    assert all(c.fused >= relevance.RELATIVE_CUT * best for c in ex.candidates if c.included)
    cut = [c for c in ex.candidates if c.excluded_because and "fused below" in c.excluded_because]
    assert cut and all(c.gate is not None and c.gate.startswith("fail: fused below")
                       for c in cut)
    assert "bike" in cut[0].content or "自行车" in cut[0].content
    assert f"{relevance.RELATIVE_CUT:g} x the best" in ex.gate["rule"]
    # Without the gate (exploration) nothing is cut.
    assert len(cmem.search(turn, gate=False, min_score=-1)) >= 2


def test_a_chinese_name_the_memories_return_to_makes_a_question_personal(
        cmem: Memory) -> None:
    # No capitals in Chinese: a reduplicated name (朵朵), 老 + surname (老王) and a name the
    # store also writes in pinyin (朵朵 <-> Duoduo) are names; held in >= 2 memories.
    cmem.add_many(["女儿朵朵 2019 年出生，在向阳小学上一年级。", "朵朵每周六上午上钢琴课。",
                   "User picks up Duoduo from school at 4:30 pm.",
                   "老王是组里的 DBA，数据库变更都要他审核。", "老王喜欢成都火锅和威士忌。",
                   "用户养了一缸孔雀鱼。"], raw=True)
    from vecmem.rules.turn_need import is_impersonal

    for turn, expect in (("朵朵是什么时候出生的？", "朵朵"), ("老王是什么时候入职的？", "老王")):
        assert is_impersonal(turn), turn  # the shape alone would make it impersonal
        assert cmem.explain(turn).gate["impersonal"] is False, turn
        hits = cmem.search(turn)
        assert hits and expect in hits[0].memory.content, (turn, hits)
    # A thing mentioned once, and a reduplicated word that is no name, stay impersonal.
    for turn in ("孔雀鱼能活几年？", "星星是怎么形成的？"):
        assert cmem.explain(turn).gate["impersonal"] is True, turn


def test_a_possessive_name_and_a_name_stated_in_both_scripts_make_a_question_personal(
        cmem: Memory) -> None:
    # "Joy's" is the query term "joy's": the name is looked up as the turn has it (gate-v6;
    # before, "Joy" was never found held and the question stayed impersonal). 林悦 has no
    # name shape (no reduplication, no 老/小), but a memory states it in both scripts.
    cmem.add_many(["Joy's glucose drops below 4.0 at night after swimming.",
                   "Joy practises the violin every evening.",
                   "女儿林悦（Joy）有一型糖尿病。", "林悦每周二下午上小提琴课。",
                   "User is reading Kafka's The Trial."], raw=True)
    for turn in ("When is Joy's violin recital?", "林悦在哪个学校上学，几年级？"):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is False, turn
    # A name held once (Kafka the author, in one memory) keeps the question impersonal,
    # possessive or not; so does a name's word the turn does not write as a name.
    cmem.add_many(["狗狗饼干（Biscuit）今年三岁。", "Biscuit gets a walk at 7 am every day."],
                  raw=True)
    assert cmem.explain("Why is Biscuit scared of thunder?").gate["impersonal"] is False
    for turn in ("What is Kafka's most famous novel?", "Who was Franz Kafka?",
                 "Why do the British say biscuit where Americans say cookie?"):
        assert cmem.explain(turn).gate["impersonal"] is True, turn
        assert cmem.search(turn) == [], turn


def test_a_held_place_or_tool_does_not_make_a_knowledge_question_personal(
        cmem: Memory) -> None:
    # Lisbon and Rust are held twice, but only as circumstances (where the person lives,
    # what a service is written in); Orca and 团团 are what memories are about.
    cmem.add_many(["User rents a flat in Lisbon near the river.",
                   "User buys bread at Lisbon Market on Sundays.",
                   "The billing service is written in Rust.",
                   "User's side project Orca is written in Rust too.",
                   "Orca's CI runs on self-hosted runners.",
                   "女儿团团今年上二年级。", "团团对芒果过敏。"], raw=True)
    for turn in ("Why is Lisbon's Alfama district so hilly?",
                 "What is the Rust programming language's mascot called?"):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is True, (turn, ex.gate.get("personal_because"))
    for turn, name in (("What is Orca written in?", "Orca"), ("团团为什么对芒果过敏？", "团团")):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is False, turn
        assert name in ex.gate["personal_because"] and name in ex.gate["rule"]
    # Measured without the role test, the place would make the question personal.
    relevance.NAME_ROLE = False
    try:
        assert cmem.explain("Why is Lisbon's Alfama district so hilly?").gate[
            "impersonal"] is False
    finally:
        relevance.NAME_ROLE = True


def test_the_turn_is_judged_on_the_persons_words_not_the_searched_form(cmem: Memory) -> None:
    # Search takes a question's time words out ("from last month" sets the window, not the
    # match); "last month" is still the person's calendar, so the turn is theirs.
    cmem.add_many(["The Atlas outage in October was caused by an expired TLS certificate.",
                   "Atlas 的发布流程需要两个人审批。"], raw=True)
    turn = "Summarize the Atlas incident from last month."
    ex = cmem.explain(turn)
    assert ex.gate["impersonal"] is False, ex.gate["rule"]
    assert "last month" in ex.gate["rule"]
    # The same task without the calendar word is a content task: impersonal.
    assert cmem.explain("Summarize the Atlas incident.").gate["impersonal"] is True


def test_a_kind_the_person_owns_makes_a_care_question_personal(cmem: Memory) -> None:
    cmem.add_many(["User's Labrador Rocky must never eat grapes or raisins.",
                   "User drives a diesel Ford Ranger for work.",
                   "我家养了一只柯基叫豆豆，三岁。", "User read a book about beagles."], raw=True)
    for turn, kind in (("Can a labrador eat grapes?", "labrador"),
                       ("How often should a diesel engine get its oil changed?", "diesel"),
                       ("柯基能吃葡萄吗？", "柯基")):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is False, (turn, ex.gate["rule"])
        assert "kind a memory says the person has" in ex.gate["personal_because"], turn
        assert kind[:2] in ex.gate["personal_because"], turn
    # About the kind, not a decision about the person's own: still impersonal; and a
    # kind the person only read about is not theirs.
    for turn in ("Why are labradors so popular?", "Can beagles eat grapes?"):
        assert cmem.explain(turn).gate["impersonal"] is True, turn
    relevance.OWNED = False
    try:
        assert cmem.explain("Can a labrador eat grapes?").gate["impersonal"] is True
    finally:
        relevance.OWNED = True


def test_a_particular_thing_the_store_holds_makes_a_knowledge_shape_personal(
        cmem: Memory) -> None:
    cmem.add_many(["面粉从 Champion 订，flour arrives on Tuesdays and Fridays.",
                   "The shop's guest network is MorningTide-Guest.",
                   "User is a Vancouver Canucks fan.", "User tore the meniscus in her left knee."],
                  raw=True)
    for turn in ("When does the flour get delivered?",
                 "What's the guest network called at the shop?"):
        ex = cmem.explain(turn)
        assert ex.gate["impersonal"] is False, turn
        assert "a particular thing whose words memories hold" in ex.gate["personal_because"]
    # A name after "the" is the name rules' ("the Canucks" held once, as a circumstance),
    # a definition asks what a kind is, a thing no memory holds is the world's.
    for turn in ("How many times have the Canucks made the Stanley Cup final?",
                 "What is the meniscus in a graduated cylinder?", "Why is the sky blue?"):
        assert cmem.explain(turn).gate["impersonal"] is True, turn



# Every memory shares a word with a pleasantry below ("new", "meet", "Friday", "sleep",
# 新年, 周末, 吃, 认识): the words are there, the turn needs none of them.
PLEASANTRY_BANK = [
    "User meets the new team lead every Friday morning.",
    "User sleeps badly before deadlines and takes melatonin.",
    "User's birthday is on 3 March; the family has a hotpot dinner.",
    "用户每年新年回杭州老家。",
    "用户周末常去爬山。",
    "用户晚饭吃了火锅，对花生过敏。",
    "用户认识的律师叫王敏。",
]


@pytest.mark.parametrize("turn", [
    "hey, how's everything going?", "what's new?", "happy friday!", "nice to meet you",
    "good night, sleep well", "hope you're doing well :)", "happy birthday to you!",
    "新年快乐！", "周末愉快～", "吃了吗？", "最近过得怎么样？", "很高兴认识你", "晚安，明天聊",
])
def test_a_pleasantry_receives_nothing_in_either_language(cmem: Memory, turn: str) -> None:
    cmem.add_many(PLEASANTRY_BANK, raw=True)
    assert relevance.is_small_talk(turn), turn
    assert cmem.search(turn) == [], turn
    assert cmem.explain(turn).gate["rule"] == relevance.TRIVIAL_RULE


@pytest.mark.parametrize(("turn", "answer"), [
    ("What's new with the team lead on Friday?", "team lead"),
    ("Happy birthday plans: what dinner does my family have on my birthday?", "hotpot"),
    ("新年我回哪个城市的老家？", "杭州"),
    ("我认识的律师叫什么？", "王敏"),
])
def test_a_pleasantry_with_a_content_word_is_a_real_turn(cmem: Memory, turn: str,
                                                        answer: str) -> None:
    # The formula is taken out; what is left still asks about the person.
    cmem.add_many(PLEASANTRY_BANK, raw=True)
    assert not relevance.is_small_talk(turn), turn
    hits = cmem.search(turn)
    assert hits and answer in hits[0].memory.content, (turn, hits)


# One memory answers the turn; the others share one of its words each (the dog, the
# clinic, the itch, the shampoo, the street).
ONE_NEED_BANK = {
    "en": (["Biscuit's itchy paws are treated at the Maple Street vet clinic with a "
            "medicated shampoo.", "Biscuit likes long walks by the river.",
            "The Maple Street bakery sells sourdough on Saturdays.",
            "User's vet bills go on the blue credit card.",
            "User's sister runs a dental clinic downtown.",
            "Biscuit had a vaccination last spring.",
            "User's itchy eyes flare up in pollen season.",
            "User washes the car with a special shampoo.",
            "The clinic receptionist is called Nora.", "User walks Biscuit before work."],
           "Which vet clinic treats Biscuit's itchy paws?"),
    "zh": (["饼干的爪子发痒，在枫树街宠物医院用药浴治疗。", "饼干喜欢在河边散步。",
            "枫树街的面包店周六卖酸面包。", "用户的宠物医院账单用蓝色信用卡付。",
            "用户的姐姐在市中心开牙科诊所。", "饼干去年春天打了疫苗。", "用户花粉季眼睛发痒。",
            "用户用专用洗车液洗车。", "宠物医院的前台叫小林。", "用户上班前遛饼干。"],
           "饼干爪子发痒去哪家宠物医院看？"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_one_need_turn_receives_few(cmem: Memory, lang: str) -> None:
    bank_, turn = ONE_NEED_BANK[lang]
    cmem.add_many(bank_, raw=True)
    hits = cmem.search(turn)
    assert 1 <= len(hits) <= 2, [h.memory.content for h in hits]
    assert hits[0].memory.content == bank_[0]
    # The listing finds the rest: they share the turn's words.
    assert len(cmem.search(turn, gate=False, min_score=-1)) >= 5


def _scored(scores: list[float]) -> list[tuple[float, object, CandidateScore]]:
    return [(f, None, CandidateScore(i, f"m{i}", "active", 0.5, i, i, f, True))
            for i, f in enumerate(scores, 1)]


def test_the_relative_cut_rises_with_the_rank(monkeypatch: pytest.MonkeyPatch) -> None:
    from vecmem.engine import search

    monkeypatch.setattr(relevance, "RELATIVE_CUT", 0.35)
    monkeypatch.setattr(relevance, "RANK_STEP", 0.025)
    monkeypatch.setattr(relevance, "RANK_STEP_FROM", 3)
    monkeypatch.setattr(relevance, "TAIL_STEP", 0.0)  # the tail's own step: next test
    # Bars: rank 3 0.35, 4 0.375, 5 0.40, 6 0.425: rank 6 (0.41) is the first below.
    scores = [1.0, 0.8, 0.5, 0.45, 0.41, 0.41, 0.36]
    trace = search.Trace(candidates=[cs for _, _, cs in _scored(scores)])
    kept = search._relative_cut(_scored(scores), trace)
    # Rank 5 passes at 0.41 and rank 6 ties it: ties stay together.
    assert [f for f, _, _ in kept] == [1.0, 0.8, 0.5, 0.45, 0.41, 0.41]
    cut = [c for c in trace.candidates if not c.included]
    assert [c.fused for c in cut] == [0.36]
    assert cut[0].gate is not None and cut[0].gate.startswith("fail: rank 6 or lower")
    assert "fused below 0.425 x the best" in (cut[0].excluded_because or "")
    scores = [1.0, 0.8, 0.5, 0.45, 0.39, 0.38]
    assert len(search._relative_cut(_scored(scores), None)) == 4
    # Without the step: the flat cut of gate-v6 keeps every one above 0.35 x the best.
    monkeypatch.setattr(relevance, "RANK_STEP", 0.0)
    assert len(search._relative_cut(_scored(scores), None)) == 6
    # Two candidates are never cut by rank.
    monkeypatch.setattr(relevance, "RANK_STEP", 0.5)
    assert len(search._relative_cut(_scored([1.0, 0.4]), None)) == 2


def test_the_tail_past_rank_five_needs_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """gate-v9: from ``TAIL_FROM`` on each rank adds ``TAIL_STEP`` to the bar; the first
    five are judged as before."""
    from vecmem.engine import search

    monkeypatch.setattr(relevance, "RELATIVE_CUT", 0.35)
    monkeypatch.setattr(relevance, "RANK_STEP", 0.06)
    monkeypatch.setattr(relevance, "RANK_STEP_FROM", 3)
    monkeypatch.setattr(relevance, "TAIL_FROM", 6)
    # Bars without the tail: rank 5 0.47, 6 0.53, 7 0.59; with 0.1: rank 6 0.63, 7 0.79.
    scores = [1.0, 0.9, 0.8, 0.75, 0.7, 0.6, 0.6]
    monkeypatch.setattr(relevance, "TAIL_STEP", 0.0)
    assert len(search._relative_cut(_scored(scores), None)) == 7
    monkeypatch.setattr(relevance, "TAIL_STEP", 0.1)
    trace = search.Trace(candidates=[cs for _, _, cs in _scored(scores)])
    kept = search._relative_cut(_scored(scores), trace)
    assert [f for f, _, _ in kept] == [1.0, 0.9, 0.8, 0.75, 0.7]
    cut = [c for c in trace.candidates if not c.included]
    assert "0.1 more from rank 6" in (cut[0].excluded_because or "")
    # A strong sixth memory stays.
    assert len(search._relative_cut(_scored([1.0, 0.9, 0.8, 0.75, 0.7, 0.68]), None)) == 6

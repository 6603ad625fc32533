"""Rule cue terms (rules/cues.py): categories of a memory in both languages, the words of
the situations where it matters, kept apart from the text's own terms."""

from __future__ import annotations

import pytest

from vecmem.rules import cues
from vecmem.rules.cues import CUE_MARK, cue_sources, index_terms, topics
from vecmem.text import keyword_terms


@pytest.mark.parametrize(("text", "expected"), [
    ("用户对花生过敏", {"allergy", "food"}),
    ("User is severely allergic to peanuts and carries an EpiPen.", {"allergy", "food"}),
    ("User picks up Duoduo from school at 4:30 pm on Thursdays.", {"schedule", "children"}),
    ("朵朵每周六上午十点上钢琴课。", {"schedule"}),
    ("User takes levothyroxine 50 mcg every morning.", {"medication"}),
    ("用户的猫芝麻每年 6 月打疫苗，兽医在徐汇。", {"pet"}),
    ("车险是在人保买的，明年 2 月到期。", {"car", "finance"}),
    ("User's work laptop is a MacBook Pro M3 with 36 GB of RAM.", {"machine"}),
])
def test_a_memory_gets_the_categories_its_words_name(text: str, expected: set[str]) -> None:
    assert expected <= set(topics(text))
    assert len(topics(text)) <= cues.MAX_TOPICS


@pytest.mark.parametrize(("text", "expected"), [
    # Round 2 (RULES_VERSION 9): categories of standing facts that matter in situations
    # their words never name, each in both languages.
    ("User is pregnant with her first child, due in June.", {"pregnancy"}),
    ("用户怀孕四个月了，预产期在明年三月。", {"pregnancy"}),
    ("User has a herniated disc and must not lift heavy boxes.", {"injury"}),
    ("用户有腰椎间盘突出，不能提重物。", {"injury"}),
    ("Our dog has hip dysplasia.", {"injury", "pet"}),
    ("The boy is allergic to cashews and pistachios.", {"allergy", "food"}),
    ("小满对腰果和开心果过敏。", {"allergy", "food"}),
    ("User had a bad reaction to a bee sting and carries antihistamines.", {"outdoors"}),
    ("用户被蜜蜂蜇过，反应很大。", {"outdoors"}),
    ("Home cooking is strictly gluten-free because her husband has coeliac disease.",
     {"food"}),
    ("家里做饭都是无麸质的，因为先生有乳糜泻。", {"food"}),
    ("User works from home on Tuesdays.", {"office", "schedule"}),
    ("用户每周三在家办公。", {"office", "schedule"}),
    ("User runs Home Assistant on a Raspberry Pi to automate the lights.", {"smarthome"}),
    ("用户用树莓派搭了智能家居。", {"smarthome"}),
    ("User formats Python with ruff and manages environments with uv.", {"devtools"}),
    ("用户的编辑器是 Neovim，终端用 tmux。", {"devtools"}),
    ("User loves hard science fiction novels.", {"leisure"}),
    ("用户喜欢看科幻小说。", {"leisure"}),
    ("User's brother is a dentist in Guangzhou.", {"family", "healthcare"}),
    ("用户的弟弟在广州当牙医。", {"family", "healthcare"}),
    ("User speaks Cantonese with her mother.", {"language", "family"}),
    ("用户和妈妈说粤语。", {"language", "family"}),
    ("User's manager is Priya, head of analytics.", {"colleague"}),
    ("老张负责数据平台，出问题找他。", {"colleague"}),
    ("User has mild asthma and carries an inhaler.", {"breathing"}),
    ("用户有哮喘，随身带喷雾。", {"breathing"}),
    ("User keeps an adrenaline auto-injector for a nut allergy.", {"allergy"}),
    ("用户随身带肾上腺素笔。", {"allergy"}),
    ("User collects airline miles with one carrier.", {"travel"}),
    ("用户的机票都在一家航空公司买，攒里程。", {"travel"}),
])
def test_round_two_categories_in_both_languages(text: str, expected: set[str]) -> None:
    assert expected <= set(topics(text)), topics(text)


@pytest.mark.parametrize("text", [
    "用户喜欢吃腰果。",  # 腰果 is a nut (cashew), not 腰 (the lower back)
    "Cashews are the user's favourite snack.",
])
def test_a_cashew_is_no_back_injury(text: str) -> None:
    assert "food" in topics(text) and "injury" not in topics(text)


@pytest.mark.parametrize("text", [
    "We talked for a while yesterday; it was fun!",
    "Atlas is pinned to Go 1.22 until the upgrade ticket is done.",
    "有一点累，想早点休息。",  # 一点 / 早点: not clock times
    "Version 3.12 is the default.",
])
def test_text_outside_every_category_gets_no_cue(text: str) -> None:
    assert topics(text) == []
    assert index_terms(text) == " ".join(keyword_terms(text))


def test_cues_cover_both_languages_and_stay_apart_from_the_text() -> None:
    terms = index_terms("用户对花生过敏").split()
    # The text's own terms come first and unchanged ...
    assert terms[:len(keyword_terms("用户对花生过敏"))] == keyword_terms("用户对花生过敏")
    # ... then marked cue terms in both languages: English words and Chinese bigrams
    # (no single characters: a query searches bigrams).
    cue = [t[1:] for t in terms if t.startswith(CUE_MARK)]
    assert {"restaurant", "order", "food", "allergy", "饮食", "点菜", "过敏"} <= set(cue)
    assert not [t for t in cue if len(t) == 1]
    assert "restaurant" not in terms  # the plain word is the text's, never a cue's


def test_sources_name_the_rule_and_the_llm() -> None:
    got = cue_sources("用户对花生过敏", {"cues": ["snack", "peanut allergy"]})
    assert got[CUE_MARK + "restaurant"] == "rule: food"
    assert got[CUE_MARK + "忌口"] == "rule: allergy"
    assert got["peanut"] == "LLM" and got["snack"] == "LLM"


def test_rule_cues_are_deterministic_and_can_be_switched_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Duoduo has swimming class on Wednesday evenings at 7 pm."
    assert index_terms(text) == index_terms(text)
    monkeypatch.setattr(cues, "RULES", False)
    assert index_terms(text) == " ".join(keyword_terms(text))


def test_a_hand_written_meta_cue_string_is_one_cue() -> None:
    assert cue_sources("x", {"cues": "snack"}) == {"snack": "LLM"}
    assert cue_sources("x", {"cues": 42}) == {} and cue_sources("x", {"cues": [None]}) == {}


def _turn_categories(text: str) -> set[str]:
    """The categories whose cue marks a turn searches (``cue_groups`` with the text)."""
    from vecmem.engine.relevance import query_terms
    from vecmem.store.fts_tokens import TOKENIZER

    known = cues._known(TOKENIZER.tokens)
    groups = cues.cue_groups(query_terms(text).groups(), TOKENIZER.tokens, text)
    return {c for g in groups for t in g for c in known.get(TOKENIZER.tokens(t), ())}


@pytest.mark.parametrize(("turn", "category"), [
    # No cue word in the turn, but a word that puts a memory in the category.
    ("Can I have a latte this afternoon?", "drink"),
    ("下午能喝杯拿铁吗？", "drink"),
    ("My doctor says I'm pregnant, what now?", "pregnancy"),
    ("怀孕了还能去泡温泉吗？", "pregnancy"),
    ("Is a long hike okay with my knee?", "injury"),
    ("我的膝盖能去爬山吗？", "injury"),
    ("Should I still go for my run in this smog?", "breathing"),  # run: a breathing cue
    ("雾霾这么重还能去跑步吗？", "breathing"),
])
def test_a_turn_reaches_a_category_by_its_triggers(turn: str, category: str) -> None:
    assert category in _turn_categories(turn)


def test_a_category_a_cue_word_already_reached_is_searched_once() -> None:
    from vecmem.engine.relevance import query_terms
    from vecmem.store.fts_tokens import TOKENIZER

    turn = "what should I order for dinner at the restaurant?"  # cue words and a trigger
    groups = cues.cue_groups(query_terms(turn).groups(), TOKENIZER.tokens, turn)
    keys = cues._category_keys(TOKENIZER.tokens)
    assert [keys["food"]] not in groups  # food came from its cue words already
    assert "food" in _turn_categories(turn)


def test_the_turn_side_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cues, "TURN_TRIGGERS", False)
    assert "drink" not in _turn_categories("Can I have a latte this afternoon?")


def test_every_category_has_a_key_only_it_gives() -> None:
    from vecmem.rules.lexicon import TOPICS
    from vecmem.store.fts_tokens import TOKENIZER

    keys = cues._category_keys(TOKENIZER.tokens)
    known = cues._known(TOKENIZER.tokens)
    assert set(keys) == {name for name, *_ in TOPICS}
    for name, key in keys.items():
        assert known[TOKENIZER.tokens(key)] == (name,)


@pytest.mark.parametrize(("turn", "other"), [
    # Round 2 of the bilingual lexicon (query side, rules/lexicon.py CONCEPTS): words for
    # health, food, travel and household things a personal memory holds in one language.
    ("我的肾上腺素笔能带上飞机吗？", "epipen"),
    ("Can I take my EpiPen on the plane?", "肾上腺素"),
    ("怀孕了能吃寿司吗？", "pregnant"),
    ("Is sushi okay while pregnant?", "寿司"),
    ("手机的屏幕时间怎么设置？", "phone"),
    ("How do I set screen-time limits on my phone?", "手机"),
    ("The cat's vaccination is due soon.", "疫苗"),
    ("猫什么时候打疫苗？", "vaccination"),
])
def test_the_lexicon_bridges_everyday_words_both_ways(turn: str, other: str) -> None:
    from vecmem.engine.relevance import query_terms

    # A Chinese word is searched as its bigrams (肾上腺素: 肾上 上腺 腺素).
    assert set(keyword_terms(other, for_query=True)) <= set(query_terms(turn).terms)


@pytest.mark.parametrize(("text", "category"), [
    # Session 7: an English trigger also matches its regular -ing / -ed / -ies forms, in
    # a memory and in a turn alike ("drink" for "drinking", "code" for "coding"). Chinese
    # triggers match as substrings already (a compound holds its word: 喝酒 in 不喝酒了).
    ("She stopped drinking after the diagnosis.", "drink"),
    ("用户确诊以后就不喝酒了。", "drink"),
    ("User stopped coding in Java last year.", "work"),
    ("用户去年不再写 Java 代码了。", "work"),
    ("Is it okay to keep drinking coffee this late?", "drink"),
    ("这么晚了还能喝咖啡吗？", "drink"),
])
def test_a_trigger_matches_its_inflected_forms(text: str, category: str) -> None:
    assert category in topics(text)


def test_inflected_forms_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cues, "INFLECTIONS", False)
    assert "drink" not in topics("She stopped drinking after the diagnosis.")
    assert "drink" in topics("用户确诊以后就不喝酒了。")  # Chinese is not affected


@pytest.mark.parametrize(("text", "wrong"), [
    # A word that is a trigger itself is not also read as its stem; a verb of another
    # sense is no form of its noun; a short or vowelless stem is no form at all.
    ("The parking spot is B2-117.", "outdoors"),  # parking: car, not park
    ("User booked the hotels early.", "leisure"),  # booked: no book
    ("用户提前订好了酒店。", "leisure"),
    ("User parked at the airport.", "outdoors"),
    ("He was singing in the shower.", "leisure"),  # sing: no trigger, no bad stem
])
def test_inflections_do_not_invent_categories(text: str, wrong: str) -> None:
    assert wrong not in topics(text)


@pytest.mark.parametrize(("word", "key"), [
    ("latte", CUE_MARK + "beverage"),
    ("拿铁", CUE_MARK + "饮料"),
])
def test_a_category_concept_is_owed_only_in_part(word: str, key: str) -> None:
    """Session 7: a concept made only of cue marks (a category the turn reaches) adds only
    ``CONCEPT_SHARE`` of its weight to the mass a memory must cover, so a memory with the
    turn's own word keeps most of its coverage, a memory of the category gains the
    category's full weight, and no coverage passes 1."""
    from vecmem.engine.relevance import weigh

    ev = weigh([word, key], 100, {word: 2, key: 8}, [[word], [key]])
    w, k = ev.weight[word], ev.weight[key]
    share = cues.CONCEPT_SHARE
    assert 0 < share < 1
    assert ev.coverage([word]) == pytest.approx(w / (w + share * k))
    assert ev.coverage([key]) == pytest.approx(k / (w + share * k))
    assert ev.coverage([word]) > w / (w + k)  # less diluted than a full concept
    assert ev.coverage([word, key]) == 1.0
    assert ev.coverage([]) == 0.0
    only = weigh([key], 100, {key: 8}, [[key]])
    assert only.coverage([key]) == 1.0  # capped: a cue concept alone is all there is
    assert cues.concept_share([word]) == 1.0
    assert cues.concept_share([word, key]) == 1.0  # a word with a mark is a word's concept

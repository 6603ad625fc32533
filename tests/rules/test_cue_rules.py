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


@pytest.mark.parametrize("text", [
    "I went to the park with friends yesterday; it was fun!",
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

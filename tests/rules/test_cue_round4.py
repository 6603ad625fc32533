"""Rule cue terms, round 4 (session 14, RULES_VERSION 15): categories of everyday memories
the earlier rounds lacked, each in both languages, drug names by their stems, and the
turns that reach them without naming them. Sentences written for these tests, none from
a benchmark set."""

from __future__ import annotations

import pytest

from vecmem.rules.cues import cue_groups, topics
from vecmem.rules.lexicon import TOPICS
from vecmem.text import keyword_terms


@pytest.mark.parametrize(("text", "category"), [
    ("User gets seasick on any boat ride longer than an hour.", "motion"),
    ("用户坐飞机容易晕机。", "motion"),
    ("User has a strong fear of heights.", "heights"),
    ("用户恐高，不敢坐摩天轮。", "heights"),
    ("User is claustrophobic and avoids MRI scanners.", "enclosed"),
    ("用户有幽闭恐惧症。", "enclosed"),
    ("User's blood type is A negative.", "emergency"),
    ("用户的紧急联系人是她弟弟。", "emergency"),
    ("User is short-sighted and wears glasses for driving.", "vision"),
    ("用户近视八百度。", "vision"),
    ("User wears a hearing aid in the right ear.", "hearing"),
    ("用户有耳鸣，怕吵。", "hearing"),
    ("User's grandfather uses a wheelchair.", "access"),
    ("外公腿脚不便，出门要坐轮椅。", "access"),
    ("User loves horse riding on weekends.", "animals"),
    ("用户小时候在农场长大。", "animals"),
    ("User fasts during Ramadan.", "faith"),
    ("用户每周日去教堂做礼拜。", "faith"),
    ("User wears size 9 shoes and medium shirts.", "clothing"),
    ("用户的裤子穿 M 码，鞋子 40 码。", "clothing"),
    ("User dislikes strong perfume.", "scent"),
    ("用户不喜欢香薰蜡烛的味道。", "scent"),
    ("User grows orchids and herbs on the windowsill.", "plants"),
    ("用户在阳台养了很多盆栽。", "plants"),
    ("User knits scarves for the family every winter.", "crafts"),
    ("用户喜欢十字绣。", "crafts"),
    ("User plays tennis every Sunday.", "sports"),
    ("用户是湖人队的篮球迷。", "sports"),
    ("User sees a therapist for anxiety.", "mind"),
    ("用户最近有点抑郁，在看心理咨询。", "mind"),
])
def test_round_four_categories_in_both_languages(text: str, category: str) -> None:
    assert category in topics(text)


@pytest.mark.parametrize("text", [
    "User takes atorvastatin 20 mg at night.",
    "User was prescribed amoxicillin for ten days.",
    "User takes lisinopril for blood pressure.",
    "User is on metoprolol.",
    "用户早上空腹吃一片药。",
])
def test_a_drug_is_known_by_its_stem(text: str) -> None:
    assert "medication" in topics(text)


@pytest.mark.parametrize(("text", "wrong"), [
    ("User's birthday is in April.", "medication"),  # *pril needs a stem
    ("用户对花生过敏。", "plants"),  # 花 alone is no flower
    ("我马上就到。", "animals"),  # 马 alone is no horse
    ("User's wifi password is in the note.", "clothing"),
])
def test_look_alikes_get_no_new_category(text: str, wrong: str) -> None:
    assert wrong not in topics(text)


@pytest.mark.parametrize(("turn", "category"), [
    ("Book us a ferry to the island on Saturday.", "motion"),
    ("帮我订一张坐游轮的行程。", "motion"),
    ("Is the observation deck worth it?", "heights"),
    ("推荐个密室逃脱。", "enclosed"),
    ("Find us a quiet bar for Friday.", "hearing"),
    ("Plan a morning at the pool.", "vision"),
    ("What should I pack for the barbecue?", "food"),
    ("Which shoes should I buy for the wedding?", "clothing"),
])
def test_a_turn_reaches_a_new_category(turn: str, category: str) -> None:
    """A turn reaches a category by its triggers or by a cue word the category gives."""
    cue_words = {t for name, _, _, words in TOPICS if name == category
                 for t in keyword_terms(" ".join(words), for_query=True)}
    by_cue = bool(cue_words & set(keyword_terms(turn, for_query=True)))
    assert by_cue or category in topics(turn)


def test_new_categories_keep_every_category_keyed() -> None:
    """Every category still has a cue term only it gives (the turn side's key)."""
    groups = cue_groups([], lambda t: (t,), "Book a ferry, then a wheelchair-friendly cafe.")
    assert groups and all(len(g) == 1 for g in groups)


@pytest.mark.parametrize(("text", "category"), [
    ("User quit smoking two years ago.", "smoking"),
    ("用户在戒烟。", "smoking"),
    ("User is studying for the bar exam.", "study"),
    ("用户在准备雅思考试。", "study"),
    ("User cancelled the Netflix subscription.", "subscription"),
    ("用户的视频会员下个月到期。", "subscription"),
    ("User's father has gout.", "condition"),
    ("外婆有阿尔茨海默症。", "condition"),
])
def test_round_four_b_categories(text: str, category: str) -> None:
    assert category in topics(text)


@pytest.mark.parametrize(("text", "category"), [
    ("User's father takes warfarin.", "medication"),
    ("User takes sumatriptan when a migraine starts.", "medication"),
    ("User sleeps with a CPAP machine.", "devices"),
    ("妈妈装了心脏起搏器。", "devices"),
    ("Our whippet pulls on the leash.", "pet"),
    ("家里的柯基很怕打雷。", "pet"),
    ("User keeps salt under 2 g a day.", "food"),
    ("用户不能吃西柚。", "food"),
    ("User sneezes all through June.", "allergy"),
])
def test_round_four_c_triggers(text: str, category: str) -> None:
    assert category in topics(text)


def test_a_lead_is_no_leash() -> None:
    assert "pet" not in topics("User will lead the planning meeting.")
    assert "pet" in topics("The dog must stay on a lead near sheep.")

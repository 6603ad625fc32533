"""Filter round 5 (session 7): categories read by clause shape, both languages.

Each mechanism of ``rules/quality_clause.py`` and the round's other category fixes, with
the traps it must leave alone and adversarial shapes (invisible characters, full-width,
line breaks, look-alike letters). None of these texts is in a dev set.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality
from vecmem.rules.quality_clause import (
    is_done_then_next,
    is_lasting_change,
    is_ongoing_work,
    strip_universal_wh,
    zh_alternative_question,
)
from vecmem.text import normalize


def _category(text: str) -> str:
    v = check_quality(text)
    return v.category if not v.allowed else "allow"


# A step done, then a short step ahead (any verb, the speaker left out or a thing in a
# finished state) — and plans at the scale of weeks, and narratives, left alone.
STEP_NEXT = [
    "Swapped out the fan, reseating the heatsink after that",
    "Booked the flights; the hotel is what's left",
    "The walls are primed, second coat goes on once it dries",
    "Patched the ORM bug and I'll look at the slow query tomorrow",
    "Drafted the cover letter, I'm about to send it",
    "Got the bank statements scanned, receipts come after",
    "Sorted the fonts out\u200b, icons are up next",
    "ＲＥＷＩＲＥＤ ＴＨＥ ＲＯＵＴＥＲ, ＤＮＳ ＩＳ ＮＥＸＴ",
]
NOT_STEP = [
    "Moved to Lisbon in 2019 and will start a master's next year",
    "The couple visited Rome and planned to return the next summer",
    "Passed the driving test on the first attempt",
    "The user finished the course and will start teaching next month",
    "Repainted the garage door red",
]


@pytest.mark.parametrize("text", STEP_NEXT)
def test_step_done_then_next_is_progress(text: str) -> None:
    assert _category(text) == "progress", check_quality(text)


@pytest.mark.parametrize("text", NOT_STEP)
def test_plans_and_histories_are_not_a_next_step(text: str) -> None:
    assert not is_done_then_next(normalize(text))


# A lasting change of state told as history is a fact; told as today's news with a step
# after it, a status line.
LASTING = [
    "We rewrote the invoicing service in Kotlin",
    "The wiki moved from Confluence to Outline",
    "Our team switched CI from CircleCI to Buildkite",
    "我们把监控从 Zabbix 换成了 Prometheus",
    "这个服务由 Flask 迁到了 FastAPI",
    "We re\u200bwrote the crawler in Go",
    "We ported the\ngame engine to WebAssembly",
]
NOT_LASTING = [
    "Just moved the repo to GitLab, fixing the CI next",
    "刚把数据迁到了新集群，接下来验证一致性",
    "Migrated the users table to Postgres, now moving on to the orders table",
]


@pytest.mark.parametrize("text", LASTING)
def test_a_lasting_change_is_a_fact(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


@pytest.mark.parametrize("text", NOT_LASTING)
def test_a_change_as_todays_news_is_progress(text: str) -> None:
    assert not is_lasting_change(normalize(text)) or _category(text) == "progress"
    assert _category(text) == "progress", check_quality(text)


# Work under way by grammar: a subjectless progressive (any verb), immersion, a thing in
# the progressive. States, gerund subjects, labels, speech acts and setups are left alone.
ONGOING = [
    "Untangling the webpack config at the moment",
    "Still chasing down that race condition",
    "Elbow-deep in the tax paperwork",
    "Halfway through annotating the dataset",
    "The reindex is crawling along slowly",
    "The video export is still rendering",
    "Ｄｅｆｒａｇｍｅｎｔｉｎｇ ｔｈｅ ｏｌｄ ｄｒｉｖｅ ｎｏｗ",
]
NOT_ONGOING = [
    "Working as a nurse in Leeds",
    "Living with two cats and a tortoise",
    "Hiking the Dolomites remains her favourite memory",
    "Logging level: debug",
    "The staging box is running Debian 12",
    "The API is listening on port 8080",
    "Reminiscing about her school days with old friends",
    "Encouraging him to apply for the scholarship",
    "billing 服务的框架是 Django",
    "The view from the flat is stunning",
]


@pytest.mark.parametrize("text", ONGOING)
def test_work_under_way_by_grammar_is_progress(text: str) -> None:
    assert _category(text) == "progress", check_quality(text)


@pytest.mark.parametrize("text", NOT_ONGOING)
def test_states_setups_and_narratives_are_not_work_under_way(text: str) -> None:
    assert not is_ongoing_work(normalize(text))
    assert check_quality(text).allowed, check_quality(text)


# Chinese aspect and the near half.
@pytest.mark.parametrize("text", [
    '镜像正拉着呢，先别重启',
    '备份正传着，别关机',
    '视频导出了将近一半',
    '日志\u200b正扫着呢',
])
def test_zh_progressive_aspect_and_near_half_are_progress(text: str) -> None:
    assert _category(text) == "progress", check_quality(text)


@pytest.mark.parametrize("text", [
    '配置改好了，回头看下效果',
    '依赖装完了，这会儿在跑单测',
    '迁移脚本写好了，\n马上开始演练',
])
def test_zh_done_then_a_short_step_ahead_is_progress(text: str) -> None:
    assert _category(text) == "progress", check_quality(text)


def test_zh_negated_done_then_deferral_is_a_hedge() -> None:
    assert _category("还没想清楚，回头再说") == "half_formed"


# Universal and embedded wh-words ask nothing; alternative questions and A-not-A do.
@pytest.mark.parametrize("text", [
    '用户什么水果都爱吃，除了榴莲',
    '她谁的话也不听，只听奶奶的',
    '用户不管多忙都会陪孩子吃晚饭',
    '谁来做饭由当天下班早的人决定',
    '穿什么都行，用户对着装没要求',
])
def test_zh_universal_and_embedded_wh_are_facts(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)
    assert "什么都" not in strip_universal_wh("什么都行")


@pytest.mark.parametrize("text", [
    '晚饭吃面还是吃饭',
    '这周去还是下周去',
    '周末去看展还是去爬山',
    '这双鞋你穿过没有',
    '明天下雨不',
])
def test_zh_alternative_and_a_not_a_questions(text: str) -> None:
    assert _category(text) == "question", check_quality(text)


def test_zh_alternative_question_needs_no_subject() -> None:
    assert not zh_alternative_question("用户周末去爬山还是去游泳看天气")
    assert check_quality("用户周末去爬山还是去游泳看天气").allowed


# English wh + noun + copula inversion; a pseudo-cleft is a statement.
@pytest.mark.parametrize("text", [
    'Which drawer are the batteries in',
    'What port is the proxy on',
    'Whose turn is it to cook',
    'Which Python is the venv using',
])
def test_en_wh_noun_copula_questions(text: str) -> None:
    assert _category(text) == "question", check_quality(text)


@pytest.mark.parametrize("text", [
    'What matters most to the user is a quiet flat',
    'What the user hates is meetings before ten',
])
def test_en_pseudo_clefts_are_facts(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


@pytest.mark.parametrize("text", [
    'The build keeps timing out on arm64, suggestions',
    'Not sure why the printer drops off the network, anyone',
])
def test_a_trailing_one_word_solicitation_asks(text: str) -> None:
    assert _category(text) == "question", check_quality(text)


# Reported asks keep what was asked as part of the report.
@pytest.mark.parametrize("text", [
    '用户找过税务师咨询怎么申报海外收入',
    '用户每次换工作前都会问问前辈的看法',
    'She checked with her doctor whether she can fly while pregnant',
])
def test_reported_asks_are_facts(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


# Replies that name nothing, drawn out or not.
@pytest.mark.parametrize("text", [
    'okkkk',
    'yesss thanks',
    'makes sense',
    'fair enough lol',
    'gotcha',
    '妥了',
    '没毛病',
    '嗯嗯嗯',
    '好嘞，就这样',
    'ｏｋ ｃｏｏｌ',
])
def test_replies_are_too_short(text: str) -> None:
    assert _category(text) == "too_short", check_quality(text)


# Fragments: a modal, a conjunction, a bare "to", a prenominal word or a trailing-off last.
@pytest.mark.parametrize("text", [
    'I reckon we could',
    'The idea was to',
    'And then the whole',
    'What bugs me about the installer is that',
    '主要是因为',
    '我想说的是',
    '本来想换个方案，不过',
    '那个……算了',
    'So the other',
])
def test_fragments(text: str) -> None:
    assert _category(text) == "half_formed", check_quality(text)


@pytest.mark.parametrize("text", [
    "The user's car is grey",
    '用户的狗是黑色的',
    '房东不让养猫，押金也不给',
    'The cat sleeps on the left side of the bed',
])
def test_complete_sentences_are_not_fragments(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


# A vague improvement mused about is held back; about a person it is an observation.
@pytest.mark.parametrize("text", [
    'The search page could be snappier',
    'The README could use some love',
    '登录页还可以再改改',
    '这套流程有待完善',
    'Ｔｈｅ ｌｏｇｏ ｃｏｕｌｄ ｂｅ ｃｌｅａｎｅｒ',
])
def test_vague_improvements_are_half_formed(text: str) -> None:
    assert _category(text) == "half_formed", check_quality(text)


@pytest.mark.parametrize("text", [
    'The API could return 429 under heavy load',
    '用户的口语还有提升空间',
    'The user could be happier in a quieter job',
])
def test_capabilities_and_observations_about_people_are_facts(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


# A capitalised adverb first is no name; a determiner is never one.
@pytest.mark.parametrize("text", [
    'Just repotted the monstera, watering it after lunch',
    'Finally got the scanner working, now scanning the old photos',
])
def test_an_adverb_first_is_no_name(text: str) -> None:
    assert _category(text) == "progress", check_quality(text)


# A condition of opportunity defers the thought; said of a person it is their habit.
@pytest.mark.parametrize("text", [
    "Might port the scripts to Go if time permits",
    "Clean up the garage once things calm down",
    "Dark mode is a nice-to-have",
    "等忙完这阵子再学吉他",
    "有机会的话把相册整理一下",
    "换不换工作看情况吧",
    "Ｒｅｗｒｉｔｅ ｔｈｅ ｉｎｓｔａｌｌｅｒ ｗｈｅｎ Ｉ ｇｅｔ ａｒｏｕｎｄ ｔｏ ｉｔ",
])
def test_a_condition_of_opportunity_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed", check_quality(text)


@pytest.mark.parametrize("text", [
    "用户有时间的话会去游泳",
    "The user reads on the train if she gets a seat",
    "等 CI 过了再 merge",
])
def test_a_persons_habit_or_a_wait_for_a_step_is_not_a_deferral(text: str) -> None:
    got = _category(text)
    assert got != "half_formed", check_quality(text)


@pytest.mark.parametrize("text", ["要不……算了", "I was going to say… never mind", "其实吧，算了"])
def test_a_thought_given_up_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed", check_quality(text)

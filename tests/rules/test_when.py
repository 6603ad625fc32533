"""The date resolver: relative expressions in both languages, resolved against the day a
fact was said, with month/year boundaries, tense, recurrence and time zones."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from vecmem.rules.when import local_day, resolve

TUE = date(2026, 12, 1)  # a Tuesday


def span(text: str, said_on: date = TUE) -> tuple[str | None, str | None, str]:
    r = resolve(text, said_on)
    assert r is not None, text
    d = r.to_dict()
    return d["period_from"], d["period_until"], d["granularity"]


def valid(text: str, said_on: date = TUE) -> tuple[str | None, str | None]:
    r = resolve(text, said_on)
    assert r is not None, text
    d = r.to_dict()
    return d["valid_from"], d["valid_until"]


@pytest.mark.parametrize(("text", "expected"), [
    ("明天和老王开会", ("2026-12-02", "2026-12-02", "day")),
    ("The meeting with Wang is tomorrow", ("2026-12-02", "2026-12-02", "day")),
    ("后天去医院复查", ("2026-12-03", "2026-12-03", "day")),
    ("下周五交季度报告", ("2026-12-11", "2026-12-11", "day")),
    ("the release is next Friday", ("2026-12-11", "2026-12-11", "day")),
    ("周五要交报告", ("2026-12-04", "2026-12-04", "day")),
    ("this Friday the office closes early", ("2026-12-04", "2026-12-04", "day")),
    ("下个月去东京出差", ("2027-01-01", "2027-01-31", "month")),
    ("next month the user starts at a new team", ("2027-01-01", "2027-01-31", "month")),
    ("去年搬到杭州", ("2025-01-01", "2025-12-31", "year")),
    ("The user moved to Hangzhou last year", ("2025-01-01", "2025-12-31", "year")),
    ("两周后去体检", ("2026-12-14", "2026-12-20", "week")),
    ("in two weeks the team ships v2", ("2026-12-14", "2026-12-20", "week")),
    ("三天后出发", ("2026-12-04", "2026-12-04", "day")),
    ("in 3 days the visa expires", ("2026-12-04", "2026-12-04", "day")),
    ("下周末去爬山", ("2026-12-12", "2026-12-13", "day")),
    ("I was in Tokyo last week", ("2026-11-23", "2026-11-29", "week")),
    ("3 days ago the user switched to Neovim", ("2026-11-28", "2026-11-28", "day")),
    ("2027年3月入职新公司", ("2027-03-01", "2027-03-31", "month")),
    ("The lease ends 2027-06-30", ("2027-06-30", "2027-06-30", "day")),
])
def test_periods_in_both_languages(text: str, expected: tuple[str, str, str]) -> None:
    assert span(text) == expected


@pytest.mark.parametrize("text", ["用户从三月起在字节工作", "Since March the user works at Acme",
                                  "自3月以来一直在学日语"])
def test_since_opens_a_period_that_stays_open(text: str) -> None:
    assert valid(text) == ("2026-03-01", None)


@pytest.mark.parametrize("text", ["until the end of the year the office is closed",
                                  "我今年年底前要考完雅思", "到年底都在远程办公"])
def test_until_the_end_of_the_year(text: str) -> None:
    assert valid(text) == ("2026-12-01", "2026-12-31")


def test_a_plan_holds_until_its_period_ends_and_a_past_event_stays_true() -> None:
    assert valid("下个月去东京出差") == ("2026-12-01", "2027-01-31")
    assert valid("去年搬到杭州") == ("2025-01-01", None)  # never expires by itself
    assert valid("The user moved to Berlin in May") == ("2026-05-01", None)


def test_ambiguity_is_kept_a_month_not_a_day() -> None:
    assert span("I will visit Kyoto in May") == ("2027-05-01", "2027-05-31", "month")
    assert span("In May the user moved to Berlin") == ("2026-05-01", "2026-05-31", "month")


@pytest.mark.parametrize("text", ["每周五下午开周会", "every Friday the user runs 5 km",
                                  "3月5日是妈妈生日", "Mom's birthday is on March 5",
                                  "The user may go to Paris", "用户喜欢简洁的回答"])
def test_recurring_and_timeless_texts_name_no_period(text: str) -> None:
    assert resolve(text, TUE) is None


def test_month_and_year_boundaries() -> None:
    assert span("下个月去东京出差", date(2026, 12, 31)) == ("2027-01-01", "2027-01-31", "month")
    assert span("next month", date(2027, 1, 31)) == ("2027-02-01", "2027-02-28", "month")
    assert span("明天", date(2026, 12, 31)) == ("2027-01-01", "2027-01-01", "day")
    assert span("去年", date(2027, 1, 1)) == ("2026-01-01", "2026-12-31", "year")
    assert span("下周五", date(2026, 12, 27)) == ("2027-01-01", "2027-01-01", "day")  # a Sunday
    assert span("in 2 months", date(2026, 11, 30)) == ("2027-01-01", "2027-01-31", "month")


def test_impossible_dates_are_ignored_not_guessed() -> None:
    assert resolve("13月5日", TUE) is None
    assert resolve("2027-02-30 is not a day", TUE) is None


def test_the_longest_reading_wins() -> None:
    assert span("今年年底前完成迁移")[1] == "2026-12-31"
    assert resolve("今年年底前完成迁移", TUE).expression == "今年年底前"
    assert resolve("下周末去爬山", TUE).expression == "下周末"


def test_time_zone_of_the_user_decides_the_day() -> None:
    said = datetime(2026, 12, 31, 20, 0, tzinfo=UTC)
    assert local_day(said) == date(2026, 12, 31)
    shanghai = local_day(said, "Asia/Shanghai")
    assert shanghai == date(2027, 1, 1)
    assert span("明天交房租", shanghai) == ("2027-01-02", "2027-01-02", "day")
    assert local_day(datetime(2026, 12, 1, 3, 0), "America/New_York") == date(2026, 11, 30)
    with pytest.raises(ValueError, match="IANA"):
        local_day(said, "Mars/Olympus")


# -- questions about the past (history_cue) -------------------------------------------------

_TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(("query", "words", "period", "contrast", "rest"), [
    ("Where did I live before Hangzhou?", "before, did", None, True,
     "Where did I live Hangzhou?"),
    ("Which model did we use previously?", "previously, did", None, True, None),
    ("What was the default model in May?", "in May", ("2026-05-01", "2026-05-31"), False,
     "What was the default model ?"),
    ("Who was my manager last year?", "last year", ("2025-01-01", "2025-12-31"), False,
     None),
    ("Where was I living in November 2025?", "in November 2025",
     ("2025-11-01", "2025-11-30"), False, None),
    ("我搬到杭州之前住在哪里？", "之前", None, True, "我搬到杭州住在哪里？"),
    ("我以前在哪家公司工作？", "以前", None, True, "我在哪家公司工作？"),
    ("五月我住在哪里？", "五月", ("2026-05-01", "2026-05-31"), False, "我住在哪里？"),
    ("去年我在哪里上班？", "去年", ("2025-01-01", "2025-12-31"), False, None),
    ("上个月我去哪里出差了？", "上个月", ("2026-11-01", "2026-11-30"), False, None),
    # ... but a yearly thing's date that the question puts in the past is a past period.
    ("去年生日我去了哪里？", "去年", ("2025-01-01", "2025-12-31"), False, None),
    ("What did I do for my birthday in March?", "in March", ("2026-03-01", "2026-03-31"),
     False, None),
    ("2025年3月摘要服务的默认模型是什么？", "2025年3月", ("2025-03-01", "2025-03-31"), False,
     None),
    # Asking when something is: its time being over is no reason to hide it.
    ("When is Melanie going camping?", "When", None, False, None),
    ("我什么时候去东京出差？", "什么时候", None, False, None),
])
def test_questions_about_the_past(query: str, words: str, period: tuple[str, str] | None,
                                  contrast: bool, rest: str | None) -> None:
    from vecmem.rules.when import history_cue

    cue = history_cue(query, _TODAY)
    assert cue is not None and cue.words == words and cue.contrast is contrast
    got = None if cue.period_from is None else (cue.period_from.isoformat(),
                                                cue.period_until.isoformat())
    assert got == period
    if rest is not None:
        assert cue.rest == rest


@pytest.mark.parametrize("query", [
    "Where do I live?", "我住在哪里？", "What is planned for next month?", "下个月我要去哪里？",
    "In May what will I do?", "五月我要去哪里？", "What do I have today?", "今天有什么安排？",
    "Which editor do I use", "What do I do when the build fails?",
    "When will the release ship next week?", "", "   ",
    # A yearly thing's bare date is its next time, not a past period (asked in December).
    "十月份结婚纪念日那天想安排个惊喜", "Any gift ideas for Mia's birthday in March?",
    "三月女儿生日想去哪里吃饭？", "What should we do on our anniversary in October?",
])
def test_questions_about_now_or_later_stay_current(query: str) -> None:
    from vecmem.rules.when import history_cue

    assert history_cue(query, _TODAY) is None


def test_a_question_of_only_time_words_keeps_its_text() -> None:
    from vecmem.rules.when import history_cue

    cue = history_cue("以前", _TODAY)
    assert cue is not None and cue.rest == "以前"

"""Extraction round 7: turns as users type them (lower-case "i", contractions without
their apostrophe), subjectless chat clauses, states kept up for years, dated occasions,
names the turn introduced read as later subjects, and the Chinese chat shapes of the same
categories — with the look-alikes that must give nothing (imperatives, steps of a task,
efforts in flight, wishes)."""

from __future__ import annotations

import pytest

from vecmem.rules.extract import extract_with_rules
from vecmem.rules.extract_casual import casual_form


def facts(text: str) -> list[str]:
    return [c.content for c in extract_with_rules([{"role": "user", "content": text}])]


@pytest.mark.parametrize(("typed", "standard"), [
    ("im a nurse", "I'm a nurse"),
    ("i dont eat pork", "I don't eat pork"),
    ("ive been vegan for years", "I've been vegan for years"),
    ("ok so i'm on fish, cant use bash syntax", "ok so I'm on fish, can't use bash syntax"),
    # Left as typed: not a pronoun, or a word of its own.
    ("see i.e. the docs", "see i.e. the docs"),
    ("i) first item", "i) first item"),
    ("I feel ill today", "I feel ill today"),
    ("我们家猫咪叫年糕", "我家猫咪叫年糕"),
    ("我用的浏览器是 Firefox", "我的浏览器是 Firefox"),
    ("我在一家外企干销售", "我在一家外企做销售"),
])
def test_casual_form(typed: str, standard: str) -> None:
    assert casual_form(typed) == standard


@pytest.mark.parametrize(("text", "want"), [
    # Typed casually.
    ("i dont drink coffee", ["The user does not drink coffee"]),
    ("ive been a paramedic for twelve years", ["The user has been a paramedic for twelve years"]),
    ("i'm Marco btw, data engineer at Wise",
     ["The user's name is Marco", "The user is a data engineer at Wise"]),
    # A subjectless clause in the past or the perfect is the speaker's.
    ("Started a pottery class in March.", ["The user started a pottery class in March"]),
    ("Got my black belt last spring.", ["The user got their black belt last spring"]),
    ("Been living in Osaka since 2019.", ["The user has been living in Osaka"]),
    # A state kept up for months or more.
    ("I've been in Lyon for six years", ["The user has been in Lyon for six years"]),
    ("I've been volunteering at the animal shelter for two years.",
     ["The user has been volunteering at the animal shelter for two years"]),
    # A dated occasion of the user's or a relative's.
    ("My surgery is on June 3.", ["The user's surgery is on June 3"]),
    ("My mom's birthday is next Friday.", ["The user's mom's birthday is next Friday"]),
    ("My son's graduation is in May next year",
     ["The user's son's graduation is in May next year"]),
    # Names introduced by the turn, then read as the subject of a later clause.
    ("we have three kids, Ana, Ben and Cleo, and Cleo is allergic to eggs",
     ["The user has three kids, Ana, Ben and Cleo", "The user's kid Cleo is allergic to eggs"]),
    ("my brother Tom lives in Oslo, Tom is a dentist",
     ["The user's brother Tom lives in Oslo", "The user's brother Tom is a dentist"]),
    # Chinese: a relative's name after the relative, who lives with the user, 做…的,
    # a subjectless life event, a team word after the user's clause, a date first.
    ("我弟弟小明在腾讯上班", ["用户的弟弟小明在腾讯上班"]),
    ("我妈跟我们住在一起", ["用户的妈跟用户住在一起"]),
    ("我是自由职业，做室内设计的", ["用户是自由职业", "用户是做室内设计的"]),
    ("前年从上海搬到了杭州", ["用户前年从上海搬到了杭州"]),
    ("我是运营，在一家游戏公司，团队用飞书管排期", ["用户是运营", "用户的团队用飞书管排期"]),
    ("我们打算后年三月办婚礼", ["用户打算后年三月办婚礼"]),
    ("明天 I'm moving to 杭州", ["The user is moving to 杭州 明天"]),
    # Chat shapes of the narrated conversations (LoCoMo style): a dash typed against the
    # word before it, a favourite said as a pick, a dated "we" plan, what a family loves.
    ("Big news lately- I joined a rowing club in April!",
     ["The user joined a rowing club in April"]),
    ("Spider-Man is my top pick.", ["The user's top pick is Spider-Man"]),
    ("Green's my fave.", ["The user's fave is Green"]),
    ("We're planning to visit my aunt in Cork next summer.",
     ["The user is planning to visit their aunt in Cork next summer"]),
    ("We all love baking on Sundays.", ["The user's family loves baking on Sundays"]),
    # The speaker's "we" / "our" inside the fact is theirs in the third person.
    ("My wife and I are expecting our second baby in March.",
     ["The user and their wife are expecting their second baby in March"]),
    # Two past verbs of a subjectless clause are two facts.
    ("Got a puppy and joined a hiking club last month",
     ["The user got a puppy", "The user joined a hiking club last month"]),
])
def test_round7_categories(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize("text", [
    # Imperatives and steps of the task, said without a subject.
    "Use tabs, not spaces.", "Merged it into main.", "Pushed the branch.",
    "Finished the tests, what's next?", "Embed the image in the page.",
    # Efforts, waits and vague states kept up: nothing the user is.
    "I've been debugging this for two years lol", "I've been a bit busy for a few months",
    "I've been waiting for months", "I've been playing for about four months now.",
    # Not an occasion of the user's.
    "My code is in the repo now.", "My mind is on the exam next week.",
    "My phone is on the table",
    # A name nobody introduced as the user's is not the user's.
    "Tom is a dentist.",
    # Wishes, thoughts and conditions typed casually.
    "im thinking of moving to Spain", "i might get a cat", "i wish i lived in Paris",
    "if im late pls start without me",
    # A "we" of the team at work, or a plan without a date.
    "We love using pnpm.", "We're planning to migrate the database next week.",
    "We're planning to move someday.", "It's my fave", "That's my go-to",
    # A wish kept up, a gerund of effort without its object, a noun phrase that opens
    # like a past verb.
    "Yeah, I've been meaning to for a while, but it's hard since Mia is so small.",
    "Just started learning, but haven't gone yet.", "Baked Salmon is one of my favorites.",
    # Chinese: a step of the task, said without a subject; a third person's event.
    "昨天把测试跑完了", "前年他毕业于浙大", "昨天跑了测试",
])
def test_round7_lookalikes_give_nothing(text: str) -> None:
    assert facts(text) == []

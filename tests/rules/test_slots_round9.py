"""One-value slots, round 9 (issue 15 item 5): a slot's value said by another verb ("paid
by", 做事, 调岗, "these days I'm in"), a time zone named by a city or an offset, a project
named by a common noun or in several words, and the look-alikes that fill no slot
(rules/slot_forms.py, rules/slots.py, rules/changes.py, rules/places.py)."""

from __future__ import annotations

import pytest

from vecmem.rules.places import is_place
from vecmem.rules.topics import classify
from vecmem.text import normalize
from vecmem.types import Classification


def cls(text: str) -> Classification:
    return classify(normalize(text))


def key_value(text: str) -> tuple[str | None, str | None]:
    c = cls(text)
    return (c.topic_key, c.object) if c.single_valued else (None, None)


@pytest.mark.parametrize(("text", "key", "value"), [
    # residence: a standing "I'm in X", the place by what it is
    ("Nowadays I'm based in Lisbon", "user.residence", "Lisbon"),
    ("I'm in Vienna these days", "user.residence", "Vienna"),
    # employer: who pays one's wage; where one works by another verb of work
    ("I'm paid by Atlassian these days", "user.employer", "Atlassian"),
    ("Shopify pays my salary now", "user.employer", "Shopify"),
    ("我现在在小米打工", "user.employer", "小米"),
    ("用户目前在京东做事", "user.employer", "京东"),
    # role: 调岗 / 换岗, and a bare 做 / 当 with a job's ending
    ("用户调岗做运营经理了", "user.occupation", "运营经理"),
    ("我现在当架构师了", "user.occupation", "架构师"),
    # time zone: a city's time (Chinese), one spelling per fixed offset
    ("我现在按西雅图时间作息", "user.timezone", "西雅图"),
    ("用户在东九区", "user.timezone", "UTC+9"),
    ("The user is on GMT+09:00", "user.timezone", "UTC+9"),
    ("My timezone is UTC-05:00", "user.timezone", "UTC-5"),
    # a theme said where the editor would stand; 淡色 is light
    ("我把编辑器换成了深色主题", "preference.theme", "dark"),
    ("我喜欢淡色主题", "preference.theme", "light"),
    # the answer language named first, then the language
    ("回复用英文", "preference.language", "english"),
    ("回答我的时候请一律用日语", "preference.language", "japanese"),
    # the editor after the task, with 一直
    ("我写代码一直用 Helix", "preference.editor", "Helix"),
    # a project by its common noun or a name in several words
    ("The wiki is hosted on Netlify", "project.wiki.deploy", "Netlify"),
    ("The Pet Clinic site is built with Django", "project.pet-clinic-site.framework", "Django"),
])
def test_a_value_said_otherwise_fills_its_slot(text: str, key: str, value: str) -> None:
    assert key_value(text) == (key, value)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Marta is now the user's landlady", "person.marta.relation", "landlord"),
    ("Jonas is a coworker of the user", "person.jonas.relation", "colleague"),
    ("Anna is a friend of mine", "person.anna.relation", "friend"),
    ("老赵现在是我的直属上司了", "person.老赵.relation", "boss"),
])
def test_a_named_persons_relation_in_more_words(text: str, key: str, value: str) -> None:
    assert key_value(text) == (key, value)


@pytest.mark.parametrize("text", [
    "I'm in a meeting these days",        # no place
    "I'm paid by the hour",               # no payer named
    "My hotel was paid by Atlassian",     # not the user's wage
    "我老公在小米打工",                      # another person's work
    "我现在做饭了",                          # 做 without a job
    "我想做产品经理",                        # a wish
    "用户的同事调岗去做运营经理了",            # another person's role
    "The backups are hosted on S3",       # no project
])
def test_look_alikes_fill_no_user_slot(text: str) -> None:
    c = cls(text)
    assert not (c.single_valued and c.topic_key and c.topic_key.startswith(
        ("user.", "project.backups", "preference.")))


def test_the_same_offset_in_two_spellings_is_one_value() -> None:
    assert key_value("用户在东八区") == key_value("User's timezone is UTC+8")
    # two cities on one offset are two values: a city's time is not its offset
    assert key_value("用户按北京时间作息") != key_value("用户按新加坡时间作息")


@pytest.mark.parametrize("value", ["New York", "纽约", "西雅图", "温哥华", "Bay Area"])
def test_common_city_names_geonames_spells_otherwise(value: str) -> None:
    assert is_place(value)


@pytest.mark.parametrize(("text", "slot", "listed"), [
    # a trial now, or a use now of a value of the slot's kind: maybe a switch, listed
    ("I've been trying out Helix this week", "preference.editor", True),
    ("这几天在试用 Helix", "preference.editor", True),
    ("最近大多数时候我在用 Zed", "preference.editor", True),
    ("这周用户基本都在用 claude-opus-4 写东西", "config.default_model", True),
    # past, conditioned, someone else's, or nothing used: not listed
    ("用户上周试用了 Helix", "preference.editor", False),
    ("I tried Helix once", "preference.editor", False),
    ("I use nano on the servers when I ssh in", "preference.editor", False),
    ("调试的时候我用 Vim", "preference.editor", False),
    ("My brother is trying out Helix", "preference.editor", False),
    ("The summarizer service uses gpt-4o-mini", "config.default_model", False),
    ("排行榜上 gemini-2.5-pro 第一", "config.default_model", False),
])
def test_a_trial_or_a_use_of_the_slots_kind_is_a_possible_conflict(
        text: str, slot: str, listed: bool) -> None:
    from vecmem.rules.slots import may_fill

    t = normalize(text)
    assert may_fill(t, classify(t), slot) is listed

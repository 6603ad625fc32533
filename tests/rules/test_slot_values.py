"""One value, said two ways, is one value of its slot (issue 15 item 5, session 14): a place
in either language (巴黎 = Paris), a time zone by its offset, region or IANA name, an editor
or a chat model by its short name. A restatement is a duplicate, a new value a conflict."""

from __future__ import annotations

import pytest

from vecmem.rules import classify
from vecmem.rules.places import place_key
from vecmem.rules.slots import same_value
from vecmem.text import normalize


@pytest.mark.parametrize(("a", "b"), [
    ("巴黎", "Paris"), ("慕尼黑", "Munich"), ("Paris, France", "巴黎市"), ("上海市", "Shanghai"),
    ("纽约", "New York"), ("in Berlin", "柏林"), ("首尔", "Seoul"), ("旧金山", "San Francisco"),
])
def test_one_place_one_key_in_both_languages(a: str, b: str) -> None:
    assert place_key(a) == place_key(b)


@pytest.mark.parametrize(("a", "b"), [
    ("巴黎", "Berlin"), ("慕尼黑", "München Airport"), ("东京", "Osaka"), ("成都", "重庆"),
    ("Portland", "波士顿"),
])
def test_two_places_two_keys(a: str, b: str) -> None:
    assert place_key(a) != place_key(b)


@pytest.mark.parametrize(("key", "a", "b"), [
    ("user.timezone", "Asia/Shanghai", "UTC+8"),
    ("user.timezone", "北京", "UTC+8"),
    ("user.timezone", "Asia/Shanghai", "北京"),
    ("user.timezone", "Singapore", "Asia/Singapore"),
    ("user.timezone", "东京", "UTC+9"),
    ("user.timezone", "Pacific", "America/Los_Angeles"),
    ("user.timezone", "PDT", "美西"),
    ("user.timezone", "UTC+08:00", "GMT+8"),
    ("preference.editor", "nvim", "Neovim"),
    ("preference.editor", "VS Code", "Visual Studio Code"),
    ("config.default_model", "通义千问", "Qwen"),
    ("config.default_model", "GPT-4o", "gpt-4o"),
    ("user.residence", "巴黎", "Paris"),
])
def test_same_value_said_two_ways(key: str, a: str, b: str) -> None:
    assert same_value(key, a, b) and same_value(key, b, a)


@pytest.mark.parametrize(("key", "a", "b"), [
    ("user.timezone", "北京", "新加坡"),  # two places on one offset are two values
    ("user.timezone", "UTC+8", "UTC+9"),
    ("user.timezone", "Pacific", "UTC-8"),  # a zone with daylight saving is no offset
    ("user.timezone", "CET", "Europe/London"),
    ("preference.editor", "Neovim", "Vim"),
    ("config.default_model", "qwen", "qwen2.5-7b"),
    ("user.residence", "巴黎", "Berlin"),
])
def test_two_values_stay_two(key: str, a: str, b: str) -> None:
    assert not same_value(key, a, b)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Tom's my older brother.", "person.tom.relation", "brother"),
    ("我还是华为的员工。", "user.employer", "华为"),
    ("I do all my editing in nvim.", "preference.editor", "nvim"),
    ("Keep talking to me auf Deutsch, as always.", "preference.language", "german"),
    ("跟我说中文就行，一直这样。", "preference.language", "chinese"),
    ("Answer me in English.", "preference.language", "english"),
    ("以后默认改用文心一言吧。", "config.default_model", "文心一言"),
    ("Vectors for my notes are made with bge-m3, same as always.", "config.embedding_model",
     "bge-m3"),
    ("我家就在杭州，没挪过窝。", "user.residence", "杭州"),
    ("Got moved up — I'm the data platform manager now.", "user.occupation",
     "data platform manager"),
    ("公司把我调到测试主管的岗位了。", "user.occupation", "测试主管"),
    ("我现在的 title 变成了 engineering director。", "user.occupation", "engineering director"),
    ("Light mode everywhere please, my eyes can't take dark anymore.", "preference.theme",
     "light"),
    ("向量化我改用 bge 了。", "config.embedding_model", "bge"),
    ("The Heron project's frontend uses React.", "project.heron.frontend.framework", "React"),
    ("The Heron project's backend uses Django.", "project.heron.backend.framework", "Django"),
    ("以后按东京时间给我排会议。", "user.timezone", "东京"),
    ("Schedule my meetings in Tokyo time from now on.", "user.timezone", "Tokyo"),
])
def test_change_grammar_keys_the_slot(text: str, key: str, value: str) -> None:
    c = classify(normalize(text))
    assert (c.topic_key, c.object) == (key, value)


@pytest.mark.parametrize("text", [
    "我还是觉得华为的员工很辛苦。", "I'm the oldest child.", "我家就在公司附近。",
    "My teammate uses Neovim as his editor.", "The standup is at 9am Beijing time.",
    "按北京时间给客户排会议。",
])
def test_look_alikes_key_no_user_slot(text: str) -> None:
    key = classify(normalize(text)).topic_key or ""
    assert not key.startswith(("user.", "preference."))


@pytest.mark.parametrize("text", ["以后按顺序给我安排任务。", "以后按我的习惯给我排会议。",
                                  "The standup is at 9am Beijing time."])
def test_a_schedule_not_by_a_zone_is_no_time_zone(text: str) -> None:
    assert classify(normalize(text)).topic_key != "user.timezone"

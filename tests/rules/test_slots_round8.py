"""One-value slots, round 8 (issue 15 item 5): values read by what they are, Chinese kin kept
apart, names bounded, and the grammar's vocabulary written once (rules/places.py,
rules/slots.py, rules/slot_grammar.py)."""

from __future__ import annotations

import pytest

from vecmem.rules import slot_grammar
from vecmem.rules.places import is_place
from vecmem.rules.slots import WORKS_IN, may_fill
from vecmem.rules.topics import classify
from vecmem.text import normalize
from vecmem.types import Classification


def cls(text: str) -> Classification:
    return classify(normalize(text))


@pytest.mark.parametrize("value", ["成都", "杭州", "新加坡", "中国", "渝北区", "成都市", "Portland",
                                   "Portland, Oregon", "Salt Lake City", "Aberdeen"])
def test_places_by_what_they_are(value: str) -> None:
    assert is_place(value)


@pytest.mark.parametrize("value", ["美团", "阿里巴巴", "华为", "小红书", "字节跳动", "Stripe",
                                   "Canva", "Siemens", "KPMG", "", "区", "gpt-4.1"])
def test_organisations_and_models_are_no_places(value: str) -> None:
    assert not is_place(value)


@pytest.mark.parametrize("text", ["我在成都上班", "用户在新加坡工作", "我现在在杭州上班"])
def test_a_city_where_an_employer_stands_is_no_employer(text: str) -> None:
    c = cls(text)
    assert c.topic_key is None and c.predicate == WORKS_IN
    assert may_fill(normalize(text), c, "user.residence")  # maybe a new home: listed
    assert not may_fill(normalize(text), c, "user.employer")


@pytest.mark.parametrize(("text", "employer"), [("我在美团上班", "美团"),
                                                ("用户在字节跳动工作", "字节跳动"),
                                                ("I work at Stripe", "Stripe")])
def test_an_organisation_is_still_the_employer(text: str, employer: str) -> None:
    c = cls(text)
    assert (c.topic_key, c.object) == ("user.employer", employer)


@pytest.mark.parametrize(("a", "b"), [("小红是我的表妹", "小红其实是我的堂妹"),
                                      ("安娜是我姐姐", "安娜是我妹妹"),
                                      ("老王是我的舅舅", "老王是我的叔叔"),
                                      ("小李是我的外甥", "小李是我的侄子")])
def test_chinese_kin_that_english_lumps_stay_apart(a: str, b: str) -> None:
    ca, cb = cls(a), cls(b)
    assert ca.topic_key == cb.topic_key and ca.topic_key.startswith("person.")
    assert ca.object != cb.object


@pytest.mark.parametrize(("a", "b"), [("小红是我的表妹", "我的表妹叫小红"),
                                      ("老张是我的伯父", "老张是我的伯伯"),
                                      ("安娜是我老婆", "安娜是我的妻子")])
def test_one_kin_term_per_meaning(a: str, b: str) -> None:
    assert (cls(a).topic_key, cls(a).object) == (cls(b).topic_key, cls(b).object)


@pytest.mark.parametrize(("text", "key"), [("阿杰已经成了我的男朋友", "person.阿杰.relation"),
                                           ("小美其实是我的表姐", "person.小美.relation"),
                                           ("阿强现在是我的同事", "person.阿强.relation")])
def test_a_cjk_name_never_holds_the_filler(text: str, key: str) -> None:
    assert cls(text).topic_key == key


def test_a_kind_of_partner_is_its_own_relation() -> None:
    a, b = cls("Priya is my partner"), cls("Priya is now my business partner")
    assert a.topic_key == b.topic_key == "person.priya.relation"
    assert (a.object, b.object) == ("partner", "business-partner")


@pytest.mark.parametrize(("text", "key", "value"), [
    ("We switched the default over to claude-opus-4", "config.default_model", "claude-opus-4"),
    ("I changed the default to bge-m3", "config.embedding_model", "bge-m3"),
    ("用户被提拔为副主任医师", "user.occupation", "副主任医师"),
    ("我被任命为项目经理", "user.occupation", "项目经理"),
    ("数据服务已经搬到了火山引擎", "project.数据服务.deploy", "火山引擎"),
    ("官网迁到了天翼云", "project.官网.deploy", "天翼云"),
])
def test_change_shapes(text: str, key: str, value: str) -> None:
    c = cls(text)
    assert (c.topic_key, c.object) == (key, value)


@pytest.mark.parametrize("text", ["我的团队搬到了新办公室", "我们搬到了楼上", "用户的客户是小红书",
                                  "用户的表妹住在重庆", "I'm trying claude-opus-4 on a few evals"])
def test_look_alikes_fill_no_user_slot(text: str) -> None:
    c = cls(text)
    assert not (c.topic_key or "").startswith(("user.", "config.", "project."))


def test_the_grammar_vocabulary_is_written_once() -> None:
    from vecmem.rules import changes, slot_forms

    # changes.py and slot_forms.py read the grammar's vocabulary, they don't define it
    assert not hasattr(changes, "_ZH_WHEN") and not hasattr(changes, "_ANNOUNCED_ZH")
    assert not hasattr(slot_forms, "_INSTEAD") and slot_forms.instead is slot_grammar.instead
    assert slot_grammar.announced("用户搬家了，现在住在巴黎") == "用户住在巴黎"
    assert slot_grammar.announced("我换工作了，现在是产品经理") == "我是产品经理"
    assert slot_grammar.announced("我辞职了，去了趟日本") is None
    assert slot_grammar.instead("I use Zed instead of VS Code") == "I use Zed"


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Marco became my manager last week", "person.marco.relation", "manager"),
    ("I moved my clocks to Tokyo time after the relocation", "user.timezone", "Tokyo"),
    ("I switched my calendar to UTC+8", "user.timezone", "UTC+8"),
    ("meadow's API moved off Fly.io and onto AWS ECS", "project.meadow-api.deploy", "AWS ECS"),
    ("我现在写代码全用 Helix 了", "preference.editor", "Helix"),
    ("用户现在写代码全在 Cursor 里", "preference.editor", "Cursor"),
    ("用户的家在西安", "user.residence", "西安"),
    ("I'm an Aberdeen resident now", "user.residence", "Aberdeen"),
    ("Reply in English", "preference.language", "english"),
    ("From now on I'd like replies in German", "preference.language", "german"),
])
def test_more_shapes_of_a_slot(text: str, key: str, value: str) -> None:
    c = cls(text)
    assert (c.topic_key, c.object) == (key, value)


@pytest.mark.parametrize("text", [
    "I moved the team's standup to Tokyo time",  # the team's schedule, not the user's zone
    "用户老家在宝鸡",  # a hometown is not where one lives
    "Marco's wife became my dentist",
    "I'm a Boston native",  # born there
    "My French tutor comes on Tuesdays",
])
def test_their_look_alikes_fill_no_user_slot(text: str) -> None:
    c = cls(text)
    assert not (c.topic_key or "").startswith(("user.residence", "user.timezone",
                                                "preference.", "person.marco"))


@pytest.mark.parametrize("text", ["我在成都的一家公司上班", "我在一家创业公司上班", "我在家上班",
                                  "我在医院上班", "I work at a bank", "I work at home",
                                  "I moved off the couch and onto the floor"])
def test_an_unnamed_workplace_or_a_common_noun_fills_no_slot(text: str) -> None:
    assert cls(text).topic_key is None


@pytest.mark.parametrize(("text", "employer"), [("我在家乐福上班", "家乐福"),
                                                ("I work at Barclays", "Barclays")])
def test_a_named_workplace_still_does(text: str, employer: str) -> None:
    assert (cls(text).topic_key, cls(text).object) == ("user.employer", employer)

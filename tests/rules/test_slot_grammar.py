"""The slot grammar's composing parts (rules/slot_grammar.py): clauses with the user's
subject carried, fillers between subject and verb, the old value of "从A到B" dropped, a
value without Latin letters bounded by its particles. Probe sentences of my own per
category, both languages, with look-alikes that must stay unkeyed (someone else's clause,
a pet's name, an article-led non-value, a config aspect)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.rules import classify
from vecmem.rules.slot_grammar import clauses, simplify, trim_value
from vecmem.text import normalize


def key(text: str) -> tuple[str | None, str | None]:
    c = classify(normalize(text))
    return (c.topic_key, c.object) if c.single_valued else (None, None)


KEYED = [
    # a compound sentence: one clause carries the slot, the other says why or how it is
    ("工作调动了，我现在住昆明", "user.residence", "昆明"),
    ("用户前年从青岛搬到了烟台，通勤方便多了", "user.residence", "烟台"),
    ("We sold the flat in March and now live in Ghent", "user.residence", "Ghent"),
    ("I'm 41, I'm a structural engineer, and I cycle to work", "user.occupation",
     "structural engineer"),
    ("我一直用 Sublime Text，不太习惯别的编辑器", "preference.editor", "Sublime Text"),
    ("我老家在长春，现在在大连定居", "user.residence", "大连"),
    ("用户通过了评审，现在是主任医师", "user.occupation", "主任医师"),
    # fillers between subject and verb, the old value before the verb
    ("用户其实已经从美团跳槽到了滴滴", "user.employer", "滴滴"),
    ("默认模型已经由 gpt-4.1 改为文心一言", "config.default_model", "文心一言"),
    ("我住厦门", "user.residence", "厦门"),
    ("我跳槽到蔚来了", "user.employer", "蔚来"),
    ("阿强其实是我的表哥", "person.阿强.relation", "cousin:表哥"),
]
UNKEYED = [
    # the first clause's subject is someone else: the rest is theirs
    "The user's aunt lives in Perth and works as a pharmacist",
    "用户的外公今年八十岁，住在疗养院",
    "工作调动了，我老公先去了昆明",
    "My cousin sold her flat and now lives in Ghent",
    # a name said in passing, a config aspect, a non-value
    "我养了一只柴犬，叫馒头。",
    "帮我写个脚本，我们的服务器是 Debian 12。",
    "Learning Dutch is slow. I like the grammar of the language",
    "The landlord is Mr. Brandt and rent is due on the 5th",
    "我是素食者，鸡蛋可以吃。",
    "我的狗其实是我哥的",  # 其实 after a possessive phrase: no name to free
    "用户目前在找新工作，想去外企",
    # a plan or a trip stays a plan
    "我年底要搬到珠海去。",
    "We drove to Ghent for a concert and stayed two nights",
]


@pytest.mark.parametrize(("text", "topic", "value"), KEYED)
def test_keyed(text: str, topic: str, value: str) -> None:
    assert key(text) == (topic, value)


@pytest.mark.parametrize("text", UNKEYED)
def test_unkeyed(text: str) -> None:
    topic, _ = key(text)
    assert topic is None or not topic.startswith(("user.", "person.", "preference.")), topic


def test_clauses_carry_the_user_only() -> None:
    assert clauses("We sold the flat and now live in Ghent") == [
        "We sold the flat", "We now live in Ghent"]
    assert clauses("工作调动了，现在住昆明") == ["工作调动了", "现在住昆明"]  # no subject to carry
    assert clauses("用户辞职了，去了滴滴") == ["用户辞职了", "用户去了滴滴"]
    assert clauses("My sister quit and joined Canva") == ["My sister quit"]
    assert clauses("User lives in Oslo") == ["User lives in Oslo"]


def test_simplify_and_trim() -> None:
    assert simplify("用户上个月从杭州搬到了南京") == "用户搬到了南京"
    assert simplify("我其实已经住在大理了") == "我住在大理了"
    assert simplify("用户现在的编辑器是 Zed") == "用户现在的编辑器是 Zed"  # 现在的: an adjective
    assert simplify("用户目前就职于腾讯") == "用户就职于腾讯"  # 就职 is one word
    assert simplify("We finally live in Ghent") == "I live in Ghent"
    assert trim_value("拼多多了") == "拼多多" and trim_value("了") == "了"
    assert trim_value("Zed") == "Zed"


@pytest.mark.parametrize(("text", "topic", "value"), [
    # a job by the morpheme that ends it; a promotion by its verb
    ("我是消防员", "user.occupation", "消防员"),
    ("用户是一名护士", "user.occupation", "护士"),
    ("我已经升为车间主任了", "user.occupation", "车间主任"),
    ("用户晋升为部门经理", "user.occupation", "部门经理"),
    # a value that runs over a clause boundary ends there
    ("I toggled my terminal to the dark theme, easier at night", "preference.theme", "dark"),
    ("User's manager is Lena Park, head of design", "user.manager.name", "Lena Park"),
])
def test_more_keyed(text: str, topic: str, value: str) -> None:
    assert key(text) == (topic, value)


@pytest.mark.parametrize("text", ["我是家长", "我是新手", "我是上海人", "用户是女士",
                                  "I put my editor on the dock"])
def test_not_a_job_or_a_switch(text: str) -> None:
    assert key(text) == (None, None)


@pytest.mark.parametrize(("old", "new", "want"), [
    # the held value named as gone, another of its shape said: the slot changed
    ("User's editor is Sublime Text", "Sublime is gone from my laptop, Helix does it all now",
     "review"),
    ("The user works at Atlassian", "I left Atlassian for good, Canva pays me now", "review"),
    ("用户在华为上班", "用户从华为离职以后，加入了小米", "review"),
    ("我是护士", "用户升为护士长", "review"),  # ("我已经升为护士长了": the filter's progress)
    # someone else left it, or left something else
    ("User's editor is Sublime Text", "My co-founder dropped Sublime for Helix", "store"),
    ("用户在华为上班", "用户的表弟从小米离职了，去了华为", "store"),
])
def test_write_pipeline(tmp_path: Path, old: str, new: str, want: str) -> None:
    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())
    try:
        mem.add(old)
        assert str(mem.add(new).decision) == want
    finally:
        mem.close()


@pytest.mark.parametrize(("text", "topic", "value"), [
    # a change announced, then its value said bare: the trigger names the slot
    ("从网易离职去了米哈游", "user.employer", "米哈游"),
    ("我前阵子从联想辞职，去了字节", "user.employer", "字节"),
    ("我换工作了，现在在携程", "user.employer", "携程"),
    ("我们搬家了，到了嘉兴", "user.residence", "嘉兴"),
])
def test_change_then_bare_value(text: str, topic: str, value: str) -> None:
    assert key(text) == (topic, value)


@pytest.mark.parametrize("text", ["用户的表妹从网易离职了，去了米哈游", "我离职了，在家休息",
                                  "用户辞职后去了云南旅行", "我辞职了，去了趟日本"])
def test_change_then_no_slot(text: str) -> None:
    assert key(text) == (None, None)


@pytest.mark.parametrize("text", [
    # chatter split into clauses: a word shaped like a zone or an editor opening a clause,
    # a past clause, a clause of someone else's — none is the user's slot (LoCoMo-like)
    "Hey Priya! Long time no talk. I ran my first half marathon on Sunday",
    "Thanks, Omar. PT has helped a lot, the knee is better",
    "I did some coding in Ruby and Go a few years back. Might pick it up again",
    "I'm a data engineer, I live in Porto and I use Helix for everything.",
])
def test_chatter_clauses_fill_no_user_slot(text: str) -> None:
    topic, _ = key(text)
    assert topic is None or topic == "user.occupation", topic  # a job said in passing is one


@pytest.mark.parametrize(("text", "topic", "value"), [
    # an adverbial before the subject, and a name's value ending before a phrase of time,
    # reason or purpose (a restatement with such a tail is the same value)
    ("After the acquisition I joined Miro", "user.employer", "Miro"),
    ("Over the winter we relocated to Galway", "user.residence", "Galway"),
    ("去年我搬到了绍兴", "user.residence", "绍兴"),
    ("I moved to Galway for the job", "user.residence", "Galway"),
    ("User works at Miro as of May", "user.employer", "Miro"),
    ("The user lives in Bank of America Plaza", "user.residence", "Bank of America Plaza"),
])
def test_fronted_and_bounded(text: str, topic: str, value: str) -> None:
    assert key(text) == (topic, value)

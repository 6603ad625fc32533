"""Slots, session 17 (issue 15 item 5): blind10's kinds of miss, each in English, Chinese
and mixed, with near-misses of the same surface shape that fill none of the user's slots
(``benchmarks/README.md``, "Slots round 12")."""

from __future__ import annotations

import pytest

from vecmem.rules import classify
from vecmem.text import normalize

KEYED = [
    # a value said to hold still: remains / is still / 还是 / 还在 / 仍然 / 依然
    ("kept en remains", "User's default model remains Mistral Large.", "config.default_model",
     "Mistral Large"),
    ("kept en still", "My editor is still Neovim.", "preference.editor", "Neovim"),
    ("kept en label still", "The user's timezone is still CET.", "user.timezone", "CET"),
    ("kept zh label", "用户的时区还是东八区。", "user.timezone", "UTC+8"),
    ("kept zh model", "用户的默认模型还是通义千问。", "config.default_model", "通义千问"),
    ("kept zh subject", "用户还在华为上班。", "user.employer", "华为"),
    ("kept zh 仍然", "我仍然住在杭州。", "user.residence", "杭州"),
    ("kept mixed", "用户的 editor 还是 Neovim。", "preference.editor", "Neovim"),
    ("kept mixed 依然", "我依然在 Google 工作。", "user.employer", "Google"),
    # a slot's label said to have changed: changed to / switched to / has become / 变成了
    ("label en changed", "The user's title changed to data scientist this quarter.",
     "user.occupation", "data scientist"),
    ("label en zone", "My time zone has changed to Asia/Tokyo.", "user.timezone", "Asia/Tokyo"),
    ("label en become", "User's preferred language has become TypeScript.",
     "preference.programming_language", "TypeScript"),
    ("label en switched", "My default model switched to Claude Sonnet.", "config.default_model",
     "Claude Sonnet"),
    ("label mixed", "我的 title 变成了 staff engineer。", "user.occupation", "staff engineer"),
    ("label zh", "用户的职位改成了数据科学家。", "user.occupation", "数据科学家"),
    # a move dated by "since", a new home named by the dwelling
    ("home en since", "The user has since moved to Utrecht.", "user.residence", "Utrecht"),
    ("home en since relocated", "I've since relocated to Lisbon.", "user.residence", "Lisbon"),
    ("home en dwelling", "User's new apartment is in Boulder.", "user.residence", "Boulder"),
    ("home zh dwelling", "我的新公寓在苏州。", "user.residence", "苏州"),
    ("home zh rented", "用户新租的房子在杭州。", "user.residence", "杭州"),
    # a person's relation turned: dated by "now", who reports to whom, no longer X but Y
    ("relation en now", "Alice is the user's direct report now after the reorg.",
     "person.alice.relation", "direct-report"),
    ("relation en reports", "Tom now reports to the user.", "person.tom.relation",
     "direct-report"),
    ("relation zh reports", "Tom 现在向我汇报。", "person.tom.relation", "direct-report"),
    ("relation mixed no longer", "Mark 已经不是我老板了，他现在是我的 mentee。",
     "person.mark.relation", "mentee"),
    ("relation en no longer", "Marco is no longer my manager; he is now my mentee.",
     "person.marco.relation", "mentee"),
    ("relation en wedding", "Hannah and the user got married in June.",
     "person.hannah.relation", "spouse"),
    ("relation zh mentee", "小李是我带的新人。", "person.小李.relation", "mentee"),
    # a slot's verb said another way: editing code in, shipping on, "a Rust project", 改部署到
    ("editor en edits", "User edits code in Neovim.", "preference.editor", "Neovim"),
    ("editor en coding", "I do all my coding in Zed.", "preference.editor", "Zed"),
    ("editor mixed", "用户在 Cursor 里写代码。", "preference.editor", "Cursor"),
    ("deploy en ships", "tally goes out on Vercel.", "project.tally.deploy", "Vercel"),
    ("stack en named", "kiln is a Rust project.", "project.kiln.language", "Rust"),
    ("deploy zh 改部署", "账本系统现在改部署到华为云了。", "project.账本系统.deploy", "华为云"),
    # the answer language wished by who answers; the embedding named by what it embeds
    ("answer zh 让回答", "用户以后想让回答都用日语。", "preference.language", "japanese"),
    ("answer zh 让你", "我想让你用英文回复。", "preference.language", "english"),
    ("answer zh 让助手", "我希望让助手都用中文回答。", "preference.language", "chinese"),
    ("embed en passive", "Documents are now embedded with e5-large-v2 in the user's setup.",
     "config.embedding_model", "e5-large-v2"),
    ("embed en active", "The user embeds documents with all-MiniLM-L6-v2.",
     "config.embedding_model", "all-MiniLM-L6-v2"),
    ("embed en notes", "I embed my notes with bge-m3.", "config.embedding_model", "bge-m3"),
]


@pytest.mark.parametrize(("category", "text", "key", "value"), KEYED)
def test_a_slot_said_another_way_is_keyed(category: str, text: str, key: str,
                                          value: str) -> None:
    cls = classify(normalize(text))
    assert cls.topic_key == key, category
    assert (cls.object or "").casefold() == value.casefold(), category


# The same surface shapes about someone or something else: none of the user's slots.
NOT_THE_USERS = [
    ("kept en another's", "User's sister's default model remains Claude."),
    ("kept zh colleague", "用户的同事还是在东九区。"),
    ("kept zh sister", "用户的妹妹还在腾讯上班。"),
    ("kept zh brother", "我弟弟仍然住在杭州。"),
    ("kept zh still deciding", "我还在考虑要不要搬到上海。"),
    ("label en another's", "The user's sister's title changed to data scientist."),
    ("label en brother's", "User's brother's preferred language has become TypeScript."),
    ("home en sister since", "The user's sister has since moved to Utrecht."),
    ("home en office", "User's new office is in Boulder."),
    ("home zh office", "用户的新办公室在上海。"),
    ("home zh sister's", "用户妹妹的新家在上海。"),
    ("home en no place", "User's new apartment is in a quiet street."),
    ("relation en team's", "Alice is the team's manager now after the reorg."),
    ("relation en reports to another", "Tom now reports to the CTO."),
    ("relation zh reports to another", "老王现在向 CTO 汇报。"),
    ("relation mixed a title", "Mark 已经不是我老板了，他现在是 CTO。"),
    ("relation en another wedding", "Hannah and Leo got married in June."),
    ("editor en colleague", "User's colleague edits code in VS Code."),
    ("editor zh colleague", "用户的同事在 VS Code 里写代码。"),
    ("deploy en docs", "The tally docs go out on Vercel."),
    ("stack en a fork", "kiln is a Rust project's fork of orbit."),
    ("answer zh colleague", "用户的同事想让回答都用日语。"),
    ("answer zh a child", "我想让孩子用英文回答问题。"),
    ("answer zh a program", "我想让你用 Python 写。"),
    ("embed en colleague", "My colleague embeds documents with e5-large-v2."),
    ("embed en a bot's", "The support bot's documents are embedded with e5-large-v2."),
    ("embed en images", "Images are embedded with CLIP."),
]


@pytest.mark.parametrize(("category", "text"), NOT_THE_USERS)
def test_the_same_shape_about_someone_else_fills_no_slot(category: str, text: str) -> None:
    key = classify(normalize(text)).topic_key
    assert key is None, (category, key)


def test_a_spoken_language_is_no_programming_language() -> None:
    assert classify(normalize("User's preferred language is German.")).topic_key != \
        "preference.programming_language"


def test_a_label_change_of_another_slot_keys_that_slot() -> None:
    # "manager changed to Priya" is who manages the user, never the user's job title
    assert classify(normalize("The user's manager changed to Priya.")).topic_key != \
        "user.occupation"


@pytest.mark.parametrize(("prior", "new", "want"), [
    ("User lives in Rotterdam.", "The user has since moved to Utrecht.", "review"),
    ("用户在东八区。", "用户的时区还是东八区。", "duplicate"),
    ("Marco is the user's manager.", "Marco 已经不是我老板了，他现在是我的 mentee。", "review"),
    ("User lives in Rotterdam.", "The user's sister has since moved to Utrecht.", "store"),
    ("用户在华为上班。", "用户的妹妹还在腾讯上班。", "store"),
])
def test_through_the_write_pipeline(tmp_path, prior: str, new: str, want: str) -> None:
    from vecmem import Memory
    from vecmem.embed.hashing import HashingEmbedder

    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())
    try:
        mem.add(prior)
        assert str(mem.add(new).decision) == want
    finally:
        mem.close()

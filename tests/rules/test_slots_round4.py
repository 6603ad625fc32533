"""One-value slot switches read by grammar (issue 15 item 5, round 4; rules/changes.py).

Per grammatical category, in both languages, through the real write pipeline: a change
announced as subject + change verb + new value (+ the old one, + what it is for) meets the
filled slot and goes to review; the same frame said of someone else, of another project,
as a trial, a wish or a past habit is stored beside it. Fresh examples, not the dev sets'.
"""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.rules.topics import classify

#: (category, first, second): the second is a new value for the first's slot.
CONFLICT = [
    # a switch to a value whose kind names the slot (an editor, a model name)
    ("kind", "My editor is Sublime Text", "I've switched over to Helix for coding"),
    ("kind", "用户的编辑器是 Emacs", "我最近改用 Zed 了"),
    ("kind", "The embedding model is bge-m3", "We switched to jina-embeddings-v3"),
    # from A to B, instead of A, gave up A for B
    ("from", "用户的编辑器是 Sublime Text", "我从 Sublime Text 转到了 VS Code"),
    ("from", "My editor is Vim", "I went from Vim to Emacs last year"),
    ("from", "The default model is gpt-4o",
     "We gave up gpt-4o for claude-haiku as our default model"),
    # the slot named: "as my editor", "for embeddings", "作为默认模型"
    ("named", "The default model is gpt-4o",
     "We've been using qwen-max instead as our default model"),
    ("named", "嵌入模型是 bge-m3", "我们改用 m3e-base 做向量化了"),
    ("named", "The user's editor is Vim", "PyCharm has replaced Vim as my IDE"),
    # the slot as the object: "switched the default model to X", "把向量模型换成 X"
    ("object", "The default model is gpt-4o", "I changed the default model to gemini-2.5-flash"),
    ("object", "默认模型是 gpt-4o", "我们把默认模型换成了 glm-4"),
    # the value first: "X is now my main editor"
    ("value-first", "My editor is Vim", "Cursor is now my main editor"),
    # a project moved to a host
    ("host", "The web project deploys to Vercel", "The web project was migrated over to Netlify"),
    ("host", "项目部署在阿里云", "线上环境已经迁移到华为云"),
    ("host", "The api project deploys to Fly.io", "We deploy the api to Railway now"),
    # a career move, a new job, a new home, told with the change first
    ("career", "The user is a data analyst", "The user got promoted to engineering manager"),
    ("career", "用户是一名前端工程师", "用户已经转岗做了产品经理"),
    ("job", "The user works at Stripe", "The user started a new job at Plaid"),
    ("job", "用户在百度工作", "我换了份工作，去了小红书"),
    ("job", "用户在百度工作", "用户去年从百度跳槽到了京东"),
    ("home", "The user lives in Madrid", "I've settled in Valencia"),
    ("home", "用户住在广州", "用户搬家了，现在住在佛山"),
    ("home", "用户住在广州", "我现在在深圳生活"),
    # the language the user wants answers in
    ("language", "用户希望用中文回复", "用户已经改用日语交流了"),
    # what was left, then the new value
    ("left", "The user works at Stripe", "I quit Stripe to join Linear"),
    ("left", "The user lives in Madrid", "I left Madrid and moved to Bilbao"),
    ("left", "用户在百度工作", "我离开了百度，加入了快手"),
    ("left", "The user works at Stripe", "The user changed jobs and now works at Plaid"),
    # words that only date the change
    ("dated", "User prefers dark mode", "Lately I use the light theme"),
    ("dated", "用户在百度工作", "用户上个月加入了字节跳动"),
]

#: (category, first, second): the same frames, not the user's slot changing. (A spoken
#: request to switch language is the filter's to reject as a request; its key is below.)
STORE = [
    ("other person", "My editor is Sublime Text", "My brother switched over to Helix"),
    ("other person", "用户的编辑器是 Emacs", "我同事最近改用 Zed 了"),
    ("other person", "The default model is gpt-4o", "My boss changed his default model to glm-4"),
    ("other person", "用户住在广州", "用户的父母搬家了，现在住在佛山"),
    ("other person", "The user works at Stripe", "The user's wife started a new job at Plaid"),
    ("other person", "用户在百度工作", "我朋友去年从百度跳槽到了京东"),
    ("other project", "The web project deploys to Vercel",
     "The docs project was migrated to Netlify"),
    ("other project", "项目 web 部署在阿里云", "项目 shop 迁到了华为云"),
    ("trial", "The default model is gpt-4o", "I tried claude-haiku for a day"),
    ("trial", "默认模型是 gpt-4o", "用户试用了一下 glm-4"),
    ("wish", "User prefers dark mode", "I want to try the light theme"),
    ("wish", "用户在百度工作", "用户想跳槽去京东"),
    ("wish", "The user lives in Madrid", "I'd love to move to Valencia someday"),
    ("other person", "The user works at Stripe", "My sister quit Stripe to join Linear"),
    ("past", "My editor is Vim", "I used to use Emacs"),
    ("past", "用户住在广州", "用户以前在深圳生活"),
    ("plan", "用户住在广州", "用户明年打算搬到佛山"),
    ("plan", "The user works at Stripe", "The user will interview at Plaid next week"),
    ("no slot", "My editor is Vim", "I switched to Python for scripting"),
    ("no slot", "User prefers dark mode", "I turned on notifications"),
]


def _second(mem: Memory, first: str, second: str) -> str:
    assert str(mem.add(first).decision) == "store"
    return str(mem.add(second).decision)


@pytest.mark.parametrize(("category", "first", "second"), CONFLICT)
def test_a_switch_meets_the_filled_slot(mem: Memory, category: str, first: str,
                                        second: str) -> None:
    assert _second(mem, first, second) in ("review", "update"), category


@pytest.mark.parametrize(("category", "first", "second"), STORE)
def test_the_same_frame_about_something_else_is_stored(mem: Memory, category: str, first: str,
                                                       second: str) -> None:
    # the filter may reject it (a trial reads as progress, a wish as half-formed): either
    # way it is not the slot's new value
    assert _second(mem, first, second) in ("store", "reject"), category


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Switch to Spanish please", "preference.language", "spanish"),
    ("请改用日语回答", "preference.language", "japanese"),
    ("I switched from VS Code to Zed", "preference.editor", "Zed"),
    ("我从 VS Code 换到了 Zed", "preference.editor", "Zed"),
    ("Default model changed to claude-sonnet-4", "config.default_model", "claude-sonnet-4"),
    ("现在默认用 claude-sonnet-4", "config.default_model", "claude-sonnet-4"),
    ("We moved over to nomic-embed-text for embeddings", "config.embedding_model",
     "nomic-embed-text"),
    ("把 api 项目迁到了 Render", "project.api.deploy", "Render"),
    ("The api project is on Render now", "project.api.deploy", "Render"),
    # plain statements of the same slots, so the first one said is keyed too
    ("User codes in VS Code", "preference.editor", "VS Code"),
    ("The user's go-to editor is Zed", "preference.editor", "Zed"),
    ("The agent runs on gpt-4o", "config.default_model", "gpt-4o"),
    ("模型用的是 qwen-max", "config.default_model", "qwen-max"),
    ("bge-m3 is used for embeddings", "config.embedding_model", "bge-m3"),
    ("The api lives on Render", "project.api.deploy", "Render"),
    ("Production runs on GCP", "project.deploy", "GCP"),
    ("api 跑在 Render 上", "project.api.deploy", "Render"),
    ("用户开启了深色模式", "preference.theme", "dark"),
    ("The server runs on AWS", "config.server.deploy", "AWS"),  # a machine, not a project
])
def test_the_new_value_alone_is_the_slot_value(text: str, key: str, value: str) -> None:
    """The value keeps no change words or old value, so a later restatement is a duplicate."""
    cls = classify(text)
    assert (cls.topic_key, cls.object) == (key, value)


@pytest.mark.parametrize(("first", "second"), [
    ("I switched to Neovim", "My editor is Neovim"),
    ("我现在改用 Cursor 写代码了", "用户的编辑器是 Cursor"),
    ("The api project moved over to Render", "The api project deploys to Render"),
])
def test_a_switch_then_its_plain_statement_is_a_duplicate(mem: Memory, first: str,
                                                          second: str) -> None:
    assert _second(mem, first, second) == "duplicate"


@pytest.mark.parametrize("text", [
    "Sarah is my editor",  # a person who edits, not a tool
    "We moved the couch to the bedroom",  # a thing moved, no project
    "我成为了会员",  # a membership, no job
    "I'm on vacation",
    "We switched to Postgres",  # the project's database, not a user slot
    "我离职了，现在在家带孩子",
    "I moved my car to the garage",
])
def test_look_alike_frames_fill_no_user_slot(text: str) -> None:
    cls = classify(text)
    assert not (cls.single_valued and cls.topic_key and cls.topic_key.startswith(
        ("preference.", "user.", "config.", "project."))), cls

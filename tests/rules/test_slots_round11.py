"""Slots, session 15 (issue 15 item 5): blind9's kinds of miss, one test per category in
both languages (``benchmarks/README.md``, "Slots, session 15")."""

from __future__ import annotations

import pytest

from vecmem.rules import classify
from vecmem.rules.slot_opinion import read
from vecmem.text import normalize

KEYED = [
    # theme: its label said 配色 / theme, the look changed to a mode, a scheme by its name
    ("theme zh label", "用户的配色是亮色。", "preference.theme", "light"),
    ("theme mixed label", "我的 theme 换成了 Gruvbox。", "preference.theme", "Gruvbox"),
    ("theme zh mode", "我把界面改成了暗色模式。", "preference.theme", "dark"),
    ("theme en name", "I use Catppuccin.", "preference.theme", "Catppuccin"),
    ("theme en kept", "The user keeps the Solarized colour scheme.", "preference.theme",
     "Solarized"),
    # a project named before 项目, and its deploy moves
    ("deploy zh statement", "海燕项目部署在火山引擎。", "project.海燕.deploy", "火山引擎"),
    ("deploy zh moved", "海燕项目迁到了华为云上部署。", "project.海燕.deploy", "华为云"),
    ("deploy zh changed", "海燕项目现在改成部署到腾讯云。", "project.海燕.deploy", "腾讯云"),
    ("deploy en", "Project Heron deploys to Fly.io.", "project.heron.deploy", "Fly.io"),
    # promotions said by another verb, a job with 了, a Latin title in Chinese
    ("role en bumped", "I got bumped up to principal engineer.", "user.occupation",
     "principal engineer"),
    ("role en moved into", "The user moved into a data scientist role.", "user.occupation",
     "data scientist"),
    ("role zh 了", "我现在是产品经理了。", "user.occupation", "产品经理"),
    ("role mixed latin", "我现在是 team lead 了。", "user.occupation", "team lead"),
    # a wish changed, a tool migrated to, English time words inside Chinese
    ("language zh", "我改成希望用英文回答。", "preference.language", "english"),
    ("editor zh migrated", "我已经彻底迁移到 Helix 了。", "preference.editor", "Helix"),
    ("editor en gone over", "I've gone over to Fleet.", "preference.editor", "Fleet"),
    ("employer mixed time", "我 this month 加入了 Notion。", "user.employer", "Notion"),
    # one's clock set to a zone
    ("timezone en clock", "My calendar is set to Asia/Singapore now.", "user.timezone",
     "Asia/Singapore"),
]


@pytest.mark.parametrize(("category", "text", "key", "value"), KEYED)
def test_a_slot_said_another_way_is_keyed(category: str, text: str, key: str,
                                          value: str) -> None:
    cls = classify(normalize(text))
    assert cls.topic_key == key, category
    assert (cls.object or "").casefold() == value.casefold(), category


NOT_THE_SLOT = [
    ("zh another project moved", "海燕的官网项目从 Netlify 迁到了 Vercel。", "project.deploy"),
    ("zh a website's mode", "用户的博客网站换成了暗色模式。", None),
    ("en a colleague promoted", "My colleague got bumped up to principal engineer.", None),
    ("zh a colleague's job", "我的同事小王现在是产品经理了。", None),
]


@pytest.mark.parametrize(("category", "text", "not_key"), NOT_THE_SLOT)
def test_someone_elses_slot_is_not_the_users(category: str, text: str,
                                              not_key: str | None) -> None:
    key = classify(normalize(text)).topic_key
    assert key is None or not key.startswith(("user.", "preference.")), category
    if not_key:
        assert key != "project.海燕.deploy", category


@pytest.mark.parametrize("text", [
    "用户给 Zed 提过一个 PR。", "用户给 VS Code 写过一个 extension。",
    "The user wrote a plugin for Helix last year.", "I contributed to Neovim.",
])
def test_something_made_for_an_editor_is_no_use_of_it(text: str) -> None:
    assert read(normalize(text), "editor", "preference.editor", "Emacs",
                "用户用 Emacs。", ()) is None


@pytest.mark.parametrize("text", [
    "Project Falcon 的 search 用的是 nomic-embed-text。", "用户的客服机器人用的是 deepseek-v3。",
    "The support bot runs on gpt-4o-mini.",
])
def test_a_things_model_is_not_the_agents(text: str) -> None:
    for slot, key in (("embedding_model", "config.embedding_model"),
                      ("default_model", "config.default_model")):
        assert read(normalize(text), slot, key, "bge-m3", "x", ()) is None

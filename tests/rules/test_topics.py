"""Topic classification: bilingual keys, per-name project keys, slots and no collisions."""

from __future__ import annotations

import itertools

import pytest

from vecmem.rules import classify
from vecmem.text import normalize
from vecmem.types import Classification, MemoryType


def c(text: str) -> Classification:
    return classify(normalize(text))


@pytest.mark.parametrize(
    "text",
    [
        "默认模型：deepseek/deepseek-v4-flash",
        "默认模型是 deepseek/deepseek-v4-flash",
        "默认模型为 deepseek/deepseek-v4-flash",
        "Default model: deepseek/deepseek-v4-flash",
        "The default model is deepseek/deepseek-v4-flash",
    ],
)
def test_default_model_in_both_languages(text: str) -> None:
    r = c(text)
    assert r.memory_type == MemoryType.ENVIRONMENT
    assert r.topic_key == "config.default_model"
    assert r.object == "deepseek/deepseek-v4-flash"
    assert r.single_valued and not r.slot


@pytest.mark.parametrize(
    ("zh", "en", "key"),
    [
        ("嵌入维度为 1024", "The embedding dimension is 1024", "config.embedding_dimension"),
        ("数据库端口是 5432", "Database port: 5432", "config.database_port"),
        ("时区：Asia/Shanghai", "Timezone: Asia/Shanghai", "config.timezone"),
        ("默认语言：中文", "The default language is 中文", "config.default_language"),
        ("Python 版本：3.11", "Python version: 3.11", "config.python_version"),
        ("默认分支是 main", "Default branch: main", "config.default_branch"),
        (
            "预发服务器运行 PostgreSQL 16",
            "The staging server runs PostgreSQL 16",
            "config.staging_server.database",
        ),
        (
            "API 密钥存放在 1Password",
            "The API key is stored in 1Password",
            "config.api_key.location",
        ),
        ("项目使用 Python 3.11", "The project uses Python 3.11", "project.language"),
        ("后端使用 Go 编写", "The backend is written in Go", "project.backend.language"),
        ("项目测试使用 pytest", "We use pytest for testing", "project.test_framework"),
        ("项目 vecmem 路径：E:/x", "Project vecmem path: E:/x", "project.vecmem.path"),
        ("用户住在上海", "The user lives in Shanghai", "user.residence"),
        ("用户的女儿叫 Mia", "The user's daughter is named Mia", "person.mia.relation"),
        ("用户偏好：回答简洁务实", "User prefers concise answers", "preference.response_style"),
        ("用户偏好：回答用中文", "User prefers answers in Chinese", "preference.language"),
        ("用户喜欢先看代码再看解释", "I prefer to see the code first", "preference.code_first"),
        ("用户偏好：用表格", "User prefers markdown tables", "preference.format"),
    ],
)
def test_same_fact_shares_a_key_across_languages(zh: str, en: str, key: str) -> None:
    assert c(zh).topic_key == key
    assert c(en).topic_key == key


def test_objects_are_the_values() -> None:
    assert c("嵌入维度为 1024").object == "1024"
    assert c("The staging server runs PostgreSQL 16").object == "PostgreSQL 16"
    assert c("用户住在上海").object == "上海"
    assert c("The user's wife is named Mia").object == "Mia"
    assert c("The user's daughter is named Mia").object == "daughter"  # Mia's relation
    assert c("项目 hermes-vecmem 路径：E:/projects/hermes-vecmem").object == (
        "E:/projects/hermes-vecmem"
    )


def test_project_path_key_per_name() -> None:
    names = {
        "项目 hermes-vecmem 路径：E:/projects/hermes-vecmem": "project.hermes-vecmem.path",
        "项目天河路径：D:/tianhe": "project.天河.path",
        "项目星云路径：D:/nebula": "project.星云.path",
        "项目 Big Data 路径：D:/bd": "project.big-data.path",
        "Project atlas path: /srv/atlas": "project.atlas.path",
        "The atlas project lives at /srv/atlas": "project.atlas.path",
        "hermes-vecmem 项目路径：E:/x": "project.hermes-vecmem.path",
        "项目 vecmem 的仓库地址是 https://github.com/acme/vecmem": "project.vecmem.repo",
    }
    for text, key in names.items():
        r = c(text)
        assert r.memory_type == MemoryType.PROJECT, text
        assert r.topic_key == key, text


def test_unknown_chinese_words_are_kept_not_collapsed() -> None:
    keys = {
        c(t).topic_key
        for t in [
            "蓝绿发布开关：开启",
            "灰度发布开关：关闭",
            "项目甲路径：D:/a",
            "项目乙路径：D:/b",
        ]
    }
    assert len(keys) == 4
    assert all(k and "-" not in k.split(".")[1][:1] for k in keys)
    assert "config.蓝绿_release_switch" in keys


def test_active_context_is_one_slot() -> None:
    for text in [
        "active_context: 正在推进 P1 改造",
        "ACTIVE_CONTEXT： writing the release notes",
        "Active_Context:整理发布说明",
    ]:
        r = c(text)
        assert r.memory_type == MemoryType.ACTIVE_CONTEXT
        assert r.topic_key == "active_context"
        assert r.slot and r.single_valued


def test_idea_backlog_entries_are_additive() -> None:
    a, b = c("idea_backlog: Agent Skills Daily"), c("idea_backlog: 记忆健康报告每周发邮件")
    assert a.memory_type == b.memory_type == MemoryType.IDEA_BACKLOG
    assert a.topic_key != b.topic_key
    assert a.topic_key and a.topic_key.startswith("idea_backlog.")
    assert not a.single_valued and not a.slot
    assert c("IDEA_BACKLOG: Agent Skills Daily").topic_key == a.topic_key


def test_preferences_with_unknown_aspect_never_collide() -> None:
    a, b = c("用户偏好：周末不安排会议"), c("用户偏好：咖啡不加糖")
    assert a.memory_type == b.memory_type == MemoryType.PREFERENCE
    assert a.topic_key != b.topic_key
    assert not a.single_valued and not b.single_valued


def test_preference_aspect_keys() -> None:
    expected = {
        "用户偏好：不要在回答里问问题": "preference.questions",
        "User prefers vim keybindings": "preference.editor",
        "用户更喜欢 uv 而不是 pip": "preference.package_manager",
        "I prefer dark mode": "preference.theme",
        "用户偏好：输出简洁准确": "preference.response_style",
        "以后回答都用中文": "preference.language",
    }
    for text, key in expected.items():
        assert c(text).topic_key == key, text
        assert c(text).single_valued


def test_user_facts() -> None:
    assert c("用户是一名后端工程师").topic_key == "user.occupation"
    assert c("The user is a data scientist").topic_key == "user.occupation"
    assert c("用户叫张三").topic_key == "user.name"
    assert c("My name is Alice").topic_key == "user.name"
    assert c("The user works at Acme Corp").topic_key == "user.employer"
    assert c("我女儿叫朵朵").topic_key == "person.朵朵.relation"
    assert c("The user's cat is called Mochi").topic_key == "user.cat.name"
    habit_a, habit_b = c("用户习惯晚上写代码"), c("用户每天早上跑步")
    assert habit_a.memory_type == MemoryType.USER_FACT
    assert habit_a.topic_key and habit_a.topic_key.startswith("user.habit.")
    assert habit_a.topic_key != habit_b.topic_key and not habit_a.single_valued
    other = c("用户对花生过敏")
    assert other.memory_type == MemoryType.USER_FACT and other.topic_key is None


def test_compound_project_fact_is_not_keyed_to_one_aspect() -> None:
    r = c("The backend is written in Go and deployed on Kubernetes")
    assert r.memory_type == MemoryType.PROJECT
    assert r.topic_key is None


def test_general_facts_have_no_key() -> None:
    for text in [
        "已完成的任务记录在 Linear",
        "团队每周五下午开周会",
        "Python 3.12 removed distutils",
    ]:
        r = c(text)
        assert r.memory_type == MemoryType.GENERAL and r.topic_key is None, text


def test_unrelated_facts_never_share_a_key() -> None:
    facts = [
        "默认模型：deepseek/deepseek-v4-flash",
        "默认语言：中文",
        "默认分支是 main",
        "嵌入维度为 1024",
        "数据库端口是 5432",
        "Redis 端口是 6380",
        "The server listens on port 8080",
        "Ollama listens on port 11434",
        "时区：Asia/Shanghai",
        "The staging server runs PostgreSQL 16",
        "The production cluster runs Kubernetes 1.29",
        "The CI runner uses Ubuntu 24.04",
        "The API key is stored in 1Password",
        "项目 hermes-vecmem 路径：E:/projects/hermes-vecmem",
        "项目天河路径：D:/tianhe",
        "项目星云路径：D:/nebula",
        "项目使用 Python 3.11",
        "项目测试使用 pytest",
        "项目采用 MIT 许可证",
        "The frontend is built with React",
        "The backend is written in Go",
        "用户偏好：回答简洁务实",
        "用户偏好：回答用中文",
        "用户偏好：用表格",
        "用户偏好：周末不安排会议",
        "用户偏好：咖啡不加糖",
        "用户住在上海",
        "用户叫张三",
        "用户是一名后端工程师",
        "用户的女儿叫小米",
        "用户的儿子叫小明",
        "用户习惯晚上写代码",
        "用户每天早上跑步",
        "active_context: 正在推进 P1 改造",
        "idea_backlog: Agent Skills Daily",
        "idea_backlog: 记忆健康报告每周发邮件",
    ]
    keyed = [(f, c(f).topic_key) for f in facts]
    assert all(k for _, k in keyed)
    for (fa, ka), (fb, kb) in itertools.combinations(keyed, 2):
        assert ka != kb, (fa, fb, ka)


@pytest.mark.parametrize("text", ["", " ", "🙂", "?", "中" * 10_000, "a_" * 20_000, "项目"])
def test_total(text: str) -> None:
    r = classify(text)
    assert isinstance(r, Classification)
    assert isinstance(r.memory_type, MemoryType)


def test_deterministic_and_normalization_invariant() -> None:
    assert c("默认模型：X-1") == c("默认模型: X-1") == classify("默认模型:X-1")

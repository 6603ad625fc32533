"""The rule-based extractor and the conversation pre-filter it shares with the LLM path."""

from __future__ import annotations

from typing import Any

import pytest

from vecmem.rules.conversation import (
    Turn,
    clean_messages,
    is_filler,
    strip_filler,
    strip_memory_blocks,
)
from vecmem.rules.extract import RULE_CONFIDENCE, extract_sentence, extract_with_rules
from vecmem.types import MemoryType


def test_bundled_conversation_rule_path(conversation: dict[str, Any]) -> None:
    cands = extract_with_rules(conversation["messages"])
    assert [c.content for c in cands] == conversation["expected"]["rules"]
    assert all(c.durability == "long_term" and c.confidence == RULE_CONFIDENCE
               and c.origin == "rule" for c in cands)
    texts = " ".join(c.content for c in cands)
    for banned in conversation["expected"]["never"]:
        assert banned not in texts
    # Every candidate comes from a user turn, and says which one.
    roles = {c.turn_index: conversation["messages"][c.turn_index]["role"] for c in cands}
    assert set(roles.values()) == {"user"}
    types = {c.content: c.memory_type for c in cands}
    assert types["用户住在上海"] is MemoryType.USER_FACT
    assert types["默认模型：deepseek-chat"] is MemoryType.ENVIRONMENT
    assert types["The backend is written in Go"] is MemoryType.PROJECT
    assert types["User prefers concise answers with code first"] is MemoryType.PREFERENCE


def test_rule_candidates_pass_the_quality_filter(conversation: dict[str, Any]) -> None:
    # What the rules write must not be thrown away by the pipeline's own filter.
    from vecmem.rules import check_quality

    for cand in extract_with_rules(conversation["messages"]):
        verdict = check_quality(cand.content)
        assert verdict.allowed, (cand.content, verdict)


@pytest.mark.parametrize(
    ("sentence", "content", "memory_type"),
    [
        ("我喜欢简洁的回答，不要太多客套。", "用户偏好：简洁的回答", MemoryType.PREFERENCE),
        ("我更喜欢用 pnpm 而不是 npm", "用户偏好：用 pnpm 而不是 npm", MemoryType.PREFERENCE),
        ("我不喜欢回答里有 emoji", "用户不喜欢回答里有 emoji", MemoryType.PREFERENCE),
        ("我习惯晚上写代码", "用户习惯晚上写代码", MemoryType.USER_FACT),
        ("以后回答请用中文", "用户偏好：回答用中文", MemoryType.PREFERENCE),
        ("请始终先给出结论", "用户偏好：先给出结论", MemoryType.PREFERENCE),
        ("默认模型是 deepseek-chat", "默认模型：deepseek-chat", MemoryType.ENVIRONMENT),
        ("我们把默认端口改成 8080 了", "默认端口：8080", MemoryType.ENVIRONMENT),
        ("端口改成 8080", "端口：8080", MemoryType.ENVIRONMENT),
        ("嵌入维度为 1024", "嵌入维度：1024", MemoryType.ENVIRONMENT),
        ("这个项目用 Python 3.11", "项目用 Python 3.11", MemoryType.PROJECT),
        ("我们的后端是用 Go 写的", "项目后端是用 Go 写的", MemoryType.PROJECT),
        ("我们用 pytest 做测试", "项目测试使用 pytest", MemoryType.PROJECT),
        ("我住在上海", "用户住在上海", MemoryType.USER_FACT),
        ("我在字节跳动工作", "用户在字节跳动工作", MemoryType.USER_FACT),
        ("我是一名后端工程师", "用户是一名后端工程师", MemoryType.USER_FACT),
        ("我的女儿叫小米", "用户的女儿叫小米", MemoryType.USER_FACT),
        ("I prefer concise answers, not long essays.", "User prefers concise answers",
         MemoryType.PREFERENCE),
        ("I prefer my answers short", "User prefers their answers short",
         MemoryType.PREFERENCE),
        ("I prefer tests that I'm able to run offline",
         "User prefers tests that they're able to run offline", MemoryType.PREFERENCE),
        ("Always use type hints.", "User prefers that you always use type hints",
         MemoryType.PREFERENCE),
        ("I don't like emoji in answers", "User dislikes emoji in answers",
         MemoryType.PREFERENCE),
        ("I really enjoy hiking on weekends.", "User likes hiking on weekends",
         MemoryType.PREFERENCE),
        ("Please always answer in English.", "User prefers that you always answer in English",
         MemoryType.PREFERENCE),
        ("Never commit directly to main.", "User prefers that you never commit directly to main",
         MemoryType.PREFERENCE),
        ("We use deepseek-chat as the default model.", "The default model is deepseek-chat",
         MemoryType.ENVIRONMENT),
        ("The port is now 8080.", "The port is 8080", MemoryType.ENVIRONMENT),
        ("I changed the port to 9090.", "The port is 9090", MemoryType.ENVIRONMENT),
        ("Our backend is written in Go.", "The backend is written in Go", MemoryType.PROJECT),
        ("This project uses Python 3.11.", "The project uses Python 3.11", MemoryType.PROJECT),
        ("We use pytest for testing.", "The project uses pytest for testing",
         MemoryType.PROJECT),
        ("By the way, I live in Berlin.", "The user lives in Berlin", MemoryType.USER_FACT),
        ("I work as a data engineer at Acme.", "The user works as a data engineer at Acme",
         MemoryType.USER_FACT),
        ("I'm a backend developer", "The user is a backend developer", MemoryType.USER_FACT),
        ("My daughter is named Mia.", "The user's daughter is named Mia", MemoryType.USER_FACT),
        ("My name is Alex.", "The user's name is Alex", MemoryType.USER_FACT),
    ],
)
def test_patterns(sentence: str, content: str, memory_type: MemoryType) -> None:
    from vecmem.rules import check_quality

    built = extract_sentence(sentence)
    assert built is not None
    assert (built[0], built[1]) == (content, memory_type)
    assert check_quality(content).allowed


@pytest.mark.parametrize(
    "sentence",
    [
        "你喜欢什么？", "我喜欢用 Vim 吗", "端口是多少？", "能不能把日志级别调低一点",
        "这个功能有没有必要？", "What model do you use?", "Do you prefer tabs?",
        "Also, do you like Go?", "I like that.", "我喜欢这个", "the model is great",
        "Please run the migration again", "I no longer live in Paris", "如果我喜欢的话",
        "Working on the parser now", "P1-2 已完成，下一步准备跑测试", "我们用 Go 吧",
        "Never mind.", "Always a pleasure!", "I love that you chose pottery.",
        "I like how uncomplicated it is", "I love it when you explain things.",
        "Always good to hear!", "Never been there before.", "I love them so much.",
        "我叫他明天来", "这个模型是我们自己训练的",
    ],
)
def test_questions_requests_and_chatter_are_not_facts(sentence: str) -> None:
    assert extract_sentence(sentence) is None


def test_only_user_turns_and_dedup() -> None:
    messages = [
        {"role": "assistant", "content": "I live in Paris."},
        {"role": "user", "content": "我住在上海。我住在上海！"},
        {"role": "Caroline", "content": "I live in Boston."},
        "I prefer tabs.",
    ]
    assert [(c.content, c.turn_index) for c in extract_with_rules(messages)] == [
        ("用户住在上海", 1), ("User prefers tabs", 3)]


# ---- the shared pre-filter -----------------------------------------------------------------


def test_memory_blocks_are_cut_wherever_they_are() -> None:
    text = ("a <memory-context>one</memory-context> b <MEMORY-CONTEXT id='2'>\ntwo\n"
            "</memory-context> c <memory-context>unclosed tail")
    assert strip_memory_blocks(text).split() == ["a", "b", "c"]
    assert strip_memory_blocks("x </memory-context> y").split() == ["x", "y"]


@pytest.mark.parametrize(
    "sentence",
    ["好的，我来帮你。", "好的！", "Sure!", "Sure! Here's what I found:",
     "Let me know if you need more.", "如果还有其他问题，随时告诉我！", "希望对你有帮助。",
     "Hope this helps!", "下面是修改后的配置：", "Here is the updated config:",
     "Great question!"],
)
def test_filler(sentence: str) -> None:
    assert is_filler(sentence)


@pytest.mark.parametrize(
    "sentence",
    ["端口目前是 8000。", "Sure, the port is now 8080: restart the server.",
     "Here's how to set port 8080 in nginx: edit the file.", "I prefer tabs."],
)
def test_not_filler(sentence: str) -> None:
    assert not is_filler(sentence)


def test_strip_filler_keeps_the_content_sentences() -> None:
    text = "好的，我来帮你查一下。默认端口是 8080。如果还有其他问题，随时告诉我！"
    assert strip_filler(text) == "默认端口是 8080。"
    assert strip_filler("Sure! Here's the config:\nport = 8080\nLet me know if…") == "port = 8080"
    assert strip_filler("当然可以！下面是修改后的配置：") == ""


def test_clean_messages() -> None:
    messages: list[Any] = [
        {"role": "system", "content": "I prefer verbose answers"},
        {"role": "developer", "content": "x"},
        {"role": "tool", "content": "{\"ok\": true}"},
        {"role": "Human", "content": [{"type": "text", "text": "我住在上海"},
                                      {"type": "image_url", "image_url": {"url": "u"}}]},
        {"role": "AI", "content": "好的！"},
        {"role": "assistant", "content": None},
        {"role": "Caroline", "content": "  hello   there "},
        "plain string",
    ]
    assert clean_messages(messages) == [
        Turn(3, "user", "我住在上海"), Turn(6, "Caroline", "hello there"),
        Turn(7, "user", "plain string")]

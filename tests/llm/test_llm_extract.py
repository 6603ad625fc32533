"""LLM extraction: prompt hygiene, lenient parsing, the confidence threshold."""

from __future__ import annotations

from typing import Any

import pytest

from vecmem.errors import LLMError
from vecmem.llm.client import LLMClient
from vecmem.llm.extract import (
    Candidate,
    extract_with_llm,
    extract_with_usage,
    parse_confidence,
    select_candidates,
)
from vecmem.llm.prompts import EXTRACT_SYSTEM
from vecmem.testing import FakeOpenAI
from vecmem.types import MemoryType


def test_bundled_conversation_llm_path(
    fake: FakeOpenAI, client: LLMClient, conversation: dict[str, Any]
) -> None:
    fake.enqueue(conversation["llm_answer"])
    cands = extract_with_llm(client, conversation["messages"], default_confidence=0.7)
    assert len(cands) == len(conversation["llm_answer"]["facts"])  # nothing dropped yet
    kept = select_candidates(cands, min_confidence=0.7)
    assert [c.content for c in kept] == conversation["expected"]["llm_selected"]
    by_text = {c.content: c for c in kept}
    # The model's confidence is kept as given (v1 overwrote it with 1.0).
    assert by_text["用户住在上海"].confidence == 0.93
    assert by_text["User prefers concise answers with code first"].confidence == 0.9
    assert by_text["端口：8080"].confidence == 0.7  # exactly at the threshold: kept
    assert by_text["用户已完成 P1-2"].durability == "temporary"
    # A plain string: long_term with the default confidence.
    plain = by_text["默认模型：deepseek-chat"]
    assert (plain.durability, plain.confidence, plain.memory_type) == (
        "long_term", 0.7, MemoryType.GENERAL)
    # Lenient spellings of type and durability.
    engineer = by_text["用户是一名后端工程师"]
    assert (engineer.memory_type, engineer.durability) == (MemoryType.USER_FACT, "long_term")
    assert all(c.origin == "llm" for c in kept)
    assert by_text["用户住在上海"].object == "上海"


def test_prompt_never_contains_system_echo_or_filler(
    fake: FakeOpenAI, client: LLMClient, conversation: dict[str, Any]
) -> None:
    fake.enqueue({"facts": []})
    assert extract_with_llm(client, conversation["messages"]) == []
    [req] = fake.chat_requests
    system, user = req.messages
    assert system["role"] == "system" and system["content"].startswith(EXTRACT_SYSTEM[:40])
    prompt = user["content"]
    for banned in conversation["expected"]["never"]:
        assert banned not in prompt, banned
    assert "<memory-context>" not in prompt
    # Turns keep their original index, role and language.
    assert "[3] user: 对了，我住在上海，平时骑车上班。" in prompt
    assert "[11] user: By the way, my daughter is named Mia." in prompt
    assert "[0]" not in prompt  # the system prompt
    assert "[20]" not in prompt  # assistant filler only: dropped entirely
    assert "Never translate" in system["content"]


def test_no_call_when_nothing_is_left(fake: FakeOpenAI, client: LLMClient) -> None:
    messages = [
        {"role": "system", "content": "You are helpful."},
        {"role": "assistant", "content": "好的！Let me know if you need anything else."},
        {"role": "user", "content": "<memory-context>用户住在上海</memory-context>"},
    ]
    cands, usage = extract_with_usage(client, messages)
    assert (cands, usage) == ([], None)
    assert fake.requests == []


@pytest.mark.parametrize(
    "answer",
    [
        [{"content": "用户住在上海", "confidence": 0.9}],
        {"memories": [{"text": "用户住在上海", "confidence": "0.9"}]},
        {"facts": [{"fact": "用户住在上海", "confidence": 90, "durability": "permanent"}]},
    ],
)
def test_answer_shape_variants(fake: FakeOpenAI, client: LLMClient, answer: Any) -> None:
    fake.enqueue(answer)
    [cand] = extract_with_llm(client, ["我住在上海"])
    assert cand == Candidate(content="用户住在上海", confidence=0.9, origin="llm")


def test_unknown_type_and_durability_fall_back(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue({"facts": [{"content": "x fact", "memory_type": "hobby",
                             "durability": "forever-ish", "subject": " "}]})
    [cand] = extract_with_llm(client, ["x"], default_confidence=0.65)
    assert cand.memory_type is MemoryType.GENERAL
    assert cand.durability == "long_term"
    assert cand.subject is None and cand.confidence == 0.65


def test_invalid_facts_are_repaired_then_fail(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue({"facts": [{"content": ""}]}, {"facts": [{"content": "用户住在上海"}]})
    assert [c.content for c in extract_with_llm(client, ["我住在上海"])] == ["用户住在上海"]
    assert "content" in fake.chat_requests[1].messages[-1]["content"]
    fake.enqueue({"facts": [{"confidence": "very"}]}, "garbage")
    with pytest.raises(LLMError):
        extract_with_llm(client, ["我住在上海"])


def _c(text: str, durability: str, confidence: float) -> Candidate:
    return Candidate(content=text, durability=durability, confidence=confidence)  # type: ignore[arg-type]


def test_select_candidates_rules() -> None:
    cands = [
        _c("reject high", "reject", 0.99),
        _c("temporary low", "temporary", 0.69),
        _c("temporary at", "temporary", 0.7),
        _c("long low", "long_term", 0.5),
        _c("long at", "long_term", 0.7),
        _c("long high", "long_term", 0.95),
    ]
    kept = select_candidates(cands, min_confidence=0.7)
    assert [c.content for c in kept] == ["temporary at", "long at", "long high"]
    assert [c.confidence for c in kept] == [0.7, 0.7, 0.95]


def test_select_candidates_dedups_keeping_the_surer_one() -> None:
    kept = select_candidates(
        [_c("用户住在上海。", "long_term", 0.8), _c("其他", "long_term", 0.9),
         _c("用户住在上海", "long_term", 0.95)],
        min_confidence=0.5,
    )
    assert [(c.content, c.confidence) for c in kept] == [("用户住在上海", 0.95), ("其他", 0.9)]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(0.85, 0.85), ("0.85", 0.85), ("85%", 0.85), (85, 0.85), (1, 1.0), (0, 0.0),
     ("100", 1.0), (None, None), ("", None)],
)
def test_parse_confidence(raw: Any, expected: float | None) -> None:
    assert parse_confidence(raw) == expected


@pytest.mark.parametrize("raw", [1.5, -0.1, 101, "high", True, [0.5], "150%"])
def test_parse_confidence_refuses_nonsense(raw: Any) -> None:
    with pytest.raises(ValueError):
        parse_confidence(raw)

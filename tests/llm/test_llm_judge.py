"""The LLM judge: every decision, id mapping, validation, one call per judgement."""

from __future__ import annotations

from typing import Any

import pytest

from vecmem.errors import LLMError
from vecmem.llm.client import LLMClient
from vecmem.llm.judge import JudgeCandidate, judge
from vecmem.testing import FakeOpenAI
from vecmem.types import Decision

NEW = "用户住在上海浦东"
CANDS = [
    JudgeCandidate(101, "用户住在上海", "user.location", 0.91),
    JudgeCandidate(205, "用户住在浦东新区", "user.location", 0.84),
    JudgeCandidate(377, "用户偏好：回答简洁", None, 0.76),
]


def _judge(fake: FakeOpenAI, client: LLMClient, answer: Any) -> Any:
    fake.enqueue(answer)
    verdict = judge(client, NEW, CANDS)
    assert len(fake.chat_requests) == 1  # exactly one call per judge()
    return verdict


@pytest.mark.parametrize(
    ("answer", "decision", "targets", "text"),
    [
        ({"decision": "store", "targets": [], "confidence": 0.8, "reason": "new fact"},
         Decision.STORE, [], None),
        ({"decision": "duplicate", "targets": [1], "confidence": 0.95, "reason": "same"},
         Decision.DUPLICATE, [101], None),
        ({"decision": "update", "targets": [1], "proposed_text": "用户住在上海浦东",
          "confidence": 0.9, "reason": "more precise"},
         Decision.UPDATE, [101], "用户住在上海浦东"),
        ({"decision": "merge", "targets": [1, 2], "proposed_text": "用户住在上海浦东新区",
          "confidence": 0.88, "reason": "parts of one fact"},
         Decision.MERGE, [101, 205], "用户住在上海浦东新区"),
        ({"decision": "merge", "targets": [2], "proposed_text": "用户住在上海浦东新区",
          "confidence": 0.7, "reason": "new + one"},
         Decision.MERGE, [205], "用户住在上海浦东新区"),
        ({"decision": "review", "targets": [1, 2], "confidence": 0.4, "reason": "unsure"},
         Decision.REVIEW, [101, 205], None),
    ],
)
def test_each_decision(fake: FakeOpenAI, client: LLMClient, answer: dict[str, Any],
                       decision: Decision, targets: list[int], text: str | None) -> None:
    verdict = _judge(fake, client, answer)
    assert verdict.decision is decision
    assert verdict.target_ids == targets
    assert verdict.proposed_text == text
    assert verdict.confidence == answer["confidence"]
    assert verdict.reason == answer["reason"]
    assert verdict.raw == answer
    assert verdict.usage is not None and verdict.usage.requests == 1
    assert verdict.to_dict()["decision"] == decision.value


def test_prompt_numbers_candidates_and_hides_ids(fake: FakeOpenAI, client: LLMClient) -> None:
    _judge(fake, client, {"decision": "store", "confidence": 0.9})
    [req] = fake.chat_requests
    prompt = req.messages[-1]["content"]
    assert "[1] (similarity 0.91, topic user.location) 用户住在上海" in prompt
    assert "[3] (similarity 0.76) 用户偏好：回答简洁" in prompt
    assert NEW in prompt
    for real_id in ("101", "205", "377"):
        assert real_id not in req.text


@pytest.mark.parametrize("targets", [[4], [0], [1, 9], [-1]])
def test_invented_id(fake: FakeOpenAI, client: LLMClient, targets: list[int]) -> None:
    with pytest.raises(LLMError, match="invented id"):
        _judge(fake, client, {"decision": "update", "targets": targets,
                              "proposed_text": "x", "confidence": 0.9})


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ({"decision": "update", "targets": [1], "confidence": 0.9}, "exactly one target"),
        ({"decision": "update", "targets": [1], "proposed_text": "  "}, "exactly one target"),
        ({"decision": "update", "targets": [1, 2], "proposed_text": "x"}, "exactly one target"),
        ({"decision": "update", "targets": [], "proposed_text": "x"}, "exactly one target"),
        ({"decision": "merge", "targets": [1, 2]}, "merge needs"),
        ({"decision": "merge", "targets": [], "proposed_text": "x"}, "merge needs"),
        ({"decision": "duplicate", "targets": []}, "without naming"),
        ({"decision": "delete", "targets": [1]}, "unknown decision"),
        ({"decision": "reject"}, "unknown decision"),
        ({"targets": [1]}, "decision"),
        ({"decision": "update", "targets": ["first"], "proposed_text": "x"}, "not a candidate"),
    ],
)
def test_invalid_verdicts_are_refused(fake: FakeOpenAI, client: LLMClient,
                                      answer: dict[str, Any], message: str) -> None:
    with pytest.raises(LLMError, match=message):
        _judge(fake, client, answer)


def test_malformed_answer_is_not_repaired(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue("I think it is an update", {"decision": "store"})
    with pytest.raises(LLMError, match="not valid JSON"):
        judge(client, NEW, CANDS)
    assert len(fake.chat_requests) == 1
    assert fake.pending == 1


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(0.85, 0.85), ("0.85", 0.85), ("85%", 0.85), (85, 0.85), (1, 1.0), (0, 0.0)],
)
def test_confidence_parsing(fake: FakeOpenAI, client: LLMClient, raw: Any,
                            expected: float) -> None:
    verdict = _judge(fake, client, {"decision": "store", "confidence": raw})
    assert verdict.confidence == expected


def test_missing_confidence_is_zero(fake: FakeOpenAI, client: LLMClient) -> None:
    assert _judge(fake, client, {"decision": "store"}).confidence == 0.0


@pytest.mark.parametrize("raw", ["high", 1.5, -0.2, "150%"])
def test_bad_confidence_is_refused(fake: FakeOpenAI, client: LLMClient, raw: Any) -> None:
    with pytest.raises(LLMError, match="confidence"):
        _judge(fake, client, {"decision": "store", "confidence": raw})


def test_lenient_spellings(fake: FakeOpenAI, client: LLMClient) -> None:
    verdict = _judge(fake, client, {"decision": " UPDATE ", "target": "#2",
                                    "proposed_text": "用户住在浦东", "confidence": "0.9"})
    assert (verdict.decision, verdict.target_ids) == (Decision.UPDATE, [205])
    verdict = _judge_again(fake, client, {"decision": "merge", "target_ids": ["[1]", 2, 2],
                                          "proposed_text": "t", "confidence": 0.8})
    assert verdict.target_ids == [101, 205]  # duplicates folded, order kept


def _judge_again(fake: FakeOpenAI, client: LLMClient, answer: Any) -> Any:
    fake.clear()
    return _judge(fake, client, answer)


def test_no_candidates_no_call(fake: FakeOpenAI, client: LLMClient) -> None:
    verdict = judge(client, NEW, [])
    assert verdict.decision is Decision.STORE and verdict.target_ids == []
    assert fake.requests == []

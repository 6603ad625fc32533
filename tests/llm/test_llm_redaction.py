"""Secret values never reach the model: every request body is redacted in the client, for
extraction, the judge, repair rounds and ``Memory.ingest``; everything else still arrives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.llm import prompts
from vecmem.llm.client import LLMClient, redact_messages
from vecmem.llm.extract import ExtractionResult, extract_with_llm
from vecmem.llm.judge import JudgeAnswer, JudgeCandidate, judge
from vecmem.testing import FakeOpenAI

PEM = ("-----BEGIN OPENSSH PRIVATE KEY-----\n"
       "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
       "QyNTUxOQAAACDx7hQ2vTq9mYw0PzLr3a8Kc1bN4sUeJf6gHiJkLmNoPqAAAAJgAAAAAAAA\n"
       "-----END OPENSSH PRIVATE KEY-----")
#: (the turn, the secret values in it that must not be sent)
SECRET_TURNS: list[tuple[str, list[str]]] = [
    ("我的 OpenAI key 是 sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z，帮我记一下",
     ["sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"]),
    ("数据库密码是 Xk9mP2vL7qR4w，测试服务器的口令：hunter2-Zebra!",
     ["Xk9mP2vL7qR4w", "hunter2-Zebra"]),
    ("连接串是 postgresql://app:S3cr3tPa55@db.internal:5432/prod", ["S3cr3tPa55"]),
    ("Use DB_PASSWORD=Tr0ub4dor-and-3 for staging; my GitHub token is "
     "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", ["Tr0ub4dor-and-3", "ghp_aBcDeFgHiJkLmNo"]),
    (f"Here is my deploy key:\n{PEM}", ["b3BlbnNzaC1rZXktdjEAAAAABG5vbmU", "QyNTUxOQAAACDx7hQ"]),
]
PLAIN = ["我住在上海，项目使用 Python 3.11", "I prefer concise answers with code first"]


def _conversation() -> list[dict[str, str]]:
    turns = [t for t, _ in SECRET_TURNS] + PLAIN
    return [{"role": "user", "content": t} for t in turns]


def _assert_clean(req: Any) -> None:
    raw = req.body.decode("utf-8")  # the exact bytes that left the process
    text = req.text  # the same after JSON decoding (Chinese is \u-escaped in the bytes)
    for _, values in SECRET_TURNS:
        for value in values:
            assert value not in raw and value not in text, value
    assert "BEGIN OPENSSH PRIVATE KEY" not in text


def test_extraction_request_carries_no_secret(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue({"facts": []})
    extract_with_llm(client, _conversation())
    (req,) = fake.chat_requests
    _assert_clean(req)
    text = req.text
    for plain in PLAIN:
        assert plain in text  # the rest still arrives, untouched
    assert "数据库密码是 [REDACTED:password]" in text
    assert "我的 OpenAI key 是 [REDACTED:openai_key]，帮我记一下" in text
    assert "postgresql://app:[REDACTED:connection_password]@db.internal:5432/prod" in text
    assert "Here is my deploy key:" in text
    # The instructions themselves are not mangled by redaction.
    assert prompts.EXTRACT_SYSTEM in text


def test_judge_request_carries_no_secret(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue({"decision": "store", "targets": [], "confidence": 0.9, "reason": "new"})
    cands = [JudgeCandidate(7, SECRET_TURNS[1][0], "infra.db", 0.8),
             JudgeCandidate(9, PLAIN[0], None, 0.7)]
    judge(client, SECRET_TURNS[3][0] + " " + SECRET_TURNS[0][0], cands)
    (req,) = fake.chat_requests
    _assert_clean(req)
    assert PLAIN[0] in req.text
    assert "Use DB_PASSWORD=[REDACTED:password] for staging" in req.text
    assert "(similarity 0.80, topic infra.db)" in req.text


def test_repair_round_does_not_echo_a_secret_back(fake: FakeOpenAI, client: LLMClient) -> None:
    # The model's own invalid answer is re-sent in the repair round: redacted too.
    fake.enqueue("not json, but the password is Xk9mP2vL7qR4w", {"facts": []})
    extract_with_llm(client, [{"role": "user", "content": PLAIN[0]}])
    _, second = fake.chat_requests
    assert "Xk9mP2vL7qR4w" not in second.body.decode("utf-8")
    assert "not json, but the password is [REDACTED:password]" in second.text


def test_plain_chat_is_redacted_too(fake: FakeOpenAI, client: LLMClient) -> None:
    fake.enqueue("ok")
    client.chat([{"role": "user", "content": [{"type": "text", "text": SECRET_TURNS[2][0]}]}])
    _assert_clean(fake.chat_requests[0])


def test_ingest_through_memory_sends_no_secret(
    fake: FakeOpenAI, client: LLMClient, tmp_path: Path
) -> None:
    fake.enqueue({"facts": [{"content": "用户住在上海", "confidence": 0.95}]})
    with Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder(), llm=client) as mem:
        summary = mem.ingest(_conversation())
        assert summary.extractor == "llm"
        assert [r.content for r in summary.results] == ["用户住在上海"]
    (req,) = fake.chat_requests
    _assert_clean(req)
    assert PLAIN[1] in req.text


@pytest.mark.parametrize("schema", [ExtractionResult, JudgeAnswer])
def test_fixed_prompts_survive_redaction(schema: Any) -> None:
    for msgs in (prompts.extract_messages([]), prompts.judge_messages("x", [])):
        hinted = prompts.with_schema_hint(msgs, schema)
        assert redact_messages(hinted) == hinted
    repair = [{"role": "user", "content": prompts.repair("schema mismatch: facts: bad")}]
    assert redact_messages(repair) == repair

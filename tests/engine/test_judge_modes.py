"""The LLM judge in the write pipeline: each mode x each decision, against a real
OpenAI-compatible HTTP server on loopback with scripted answers, and every failure."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.llm.client import LLMClient
from vecmem.testing import FakeOpenAI, Reply

OLD = "用户住在上海"
NEW = "用户住在北京"


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def open_mem(tmp_path: Path, fake: FakeOpenAI, mode: str, **kw: object) -> Memory:
    client = LLMClient(fake.base_url, "fake-model", api_key="sk-test", timeout=2,
                       max_retries=0, backoff=0.0, breaker_threshold=3)
    return Memory.open(str(tmp_path / f"{mode}.db"), embedder=HashingEmbedder(), llm=client,
                       llm_merge_mode=mode, **kw)


def answer(decision: str, targets: list[int] | None = None, text: str | None = None,
           confidence: float = 0.95) -> str:
    return json.dumps({"decision": decision, "targets": targets or [],
                       "proposed_text": text, "confidence": confidence,
                       "reason": f"scripted {decision}"})


SCRIPTS = {
    "store": answer("store"),
    "duplicate": answer("duplicate", [1]),
    "update": answer("update", [1], "用户住在北京（2026 年从上海搬来）"),
    "merge": answer("merge", [1], "用户曾住在上海，现在住在北京"),
    "review": answer("review", [1]),
}

# What each mode makes of each LLM decision, when the rules alone say "review"
# (a topic conflict on user.residence).
EXPECTED = {
    "off": dict.fromkeys(SCRIPTS, "review"),
    "dry_run": dict.fromkeys(SCRIPTS, "review"),
    "review_only": {"store": "review", "duplicate": "review", "update": "review",
                    "merge": "review", "review": "review"},
    "auto": {"store": "store", "duplicate": "duplicate", "update": "update",
             "merge": "merge", "review": "review"},
}


@pytest.mark.parametrize("mode", list(EXPECTED))
@pytest.mark.parametrize("llm_decision", list(SCRIPTS))
def test_mode_by_decision(tmp_path: Path, fake: FakeOpenAI, mode: str,
                          llm_decision: str) -> None:
    mem = open_mem(tmp_path, fake, mode)
    old = mem.add(OLD).memory_id
    fake.enqueue(SCRIPTS[llm_decision])
    r = mem.add(NEW)
    assert str(r.decision) == EXPECTED[mode][llm_decision], r.reason
    calls = len(fake.chat_requests)
    assert calls == (0 if mode == "off" else 1)  # at most one LLM call per add
    suggests = mem.events(action="suggest")
    if mode == "off":
        assert suggests == []
    else:
        assert suggests[0].meta["decision"] == llm_decision
        assert suggests[0].meta["rule_decision"] == "review"
    # The old fact is never deleted; the new one is stored, merged or in review.
    assert mem.get(old).status in ("active", "superseded")
    contents = [m.content for m in mem.list(limit=100)]
    if str(r.decision) == "duplicate":
        assert mem.get(old).hit_count == 1
    elif str(r.decision) == "update":
        assert mem.get(old).content == "用户住在北京（2026 年从上海搬来）"
        assert mem.events(old, action="update")[0].before_content == OLD
    elif str(r.decision) == "merge":
        assert mem.get(old).status == "superseded"
        assert mem.get(old).superseded_by == r.memory_id
        assert mem.get(r.memory_id).content == "用户曾住在上海，现在住在北京"
    else:
        assert NEW in contents
    if mode == "review_only" and llm_decision in ("update", "merge", "duplicate"):
        item = mem.get(r.memory_id)
        assert item.review_meta["kind"] == llm_decision
        assert item.review_meta["target_ids"] == [old]
        assert item.review_meta["by"] == "llm"
    mem.close()


@pytest.mark.parametrize(("confidence", "expected"), [(0.85, "update"), (0.8499, "review")])
def test_auto_threshold_is_inclusive(tmp_path: Path, fake: FakeOpenAI, confidence: float,
                                     expected: str) -> None:
    mem = open_mem(tmp_path, fake, "auto", llm_auto_threshold=0.85)
    mem.add(OLD)
    fake.enqueue(answer("update", [1], "用户住在北京", confidence))
    assert str(mem.add(NEW).decision) == expected


@pytest.mark.parametrize(
    "failure",
    [Reply(content="not json at all {"), Reply.error(500, "boom"), Reply(delay=3.0),
     answer("update", [7], "x 发明的 id")],
    ids=["malformed", "http500", "timeout", "invented-id"],
)
def test_llm_failures_fall_back_to_rules(tmp_path: Path, fake: FakeOpenAI,
                                         failure: object) -> None:
    mem = open_mem(tmp_path, fake, "auto")
    old = mem.add(OLD).memory_id
    fake.enqueue(failure, failure)  # the repair retry gets the same failure
    r = mem.add(NEW)
    assert str(r.decision) == "review" and r.related_ids == [old]
    assert mem.get(old).content == OLD


def test_circuit_breaker_makes_a_dead_endpoint_free(tmp_path: Path, fake: FakeOpenAI) -> None:
    mem = open_mem(tmp_path, fake, "auto")
    mem.add(OLD)
    for _ in range(3):
        fake.enqueue(Reply.error(500, "down"))
    for i in range(3):
        mem.add(f"用户住在城市{i}号")
    seen = len(fake.chat_requests)
    for i in range(5):
        r = mem.add(f"用户住在另一个城市{i}号")
        assert str(r.decision) == "review"
    assert len(fake.chat_requests) == seen  # open breaker: no request at all


def test_review_only_proposals_are_applied_on_approve(tmp_path: Path, fake: FakeOpenAI) -> None:
    mem = open_mem(tmp_path, fake, "review_only")
    old = mem.add(OLD).memory_id
    fake.enqueue(SCRIPTS["update"])
    item = mem.add(NEW).memory_id
    [entry] = mem.review_list()
    assert entry["kind"] == "update" and entry["proposed_text"].startswith("用户住在北京")
    assert [t["id"] for t in entry["targets"]] == [old]
    mem.approve(item)
    assert mem.get(old).content == "用户住在北京（2026 年从上海搬来）"
    assert mem.get(item).status == "superseded" and mem.get(item).superseded_by == old

    mem.close()
    mem = open_mem(tmp_path, fake, "review_only", scope="merge-case")
    old = mem.add(OLD).memory_id
    fake.enqueue(SCRIPTS["merge"])
    item2 = mem.add(NEW).memory_id
    r = mem.approve(item2)
    merged = r.related_ids[0]
    assert mem.get(merged).content == "用户曾住在上海，现在住在北京"
    assert mem.get(old).superseded_by == merged and mem.get(item2).superseded_by == merged
    report = mem.mode_report()
    assert report["suggestions"] >= 1
    assert report["llm_reviews"]["approved"] >= 1


def test_rejecting_an_llm_proposal_keeps_the_target(tmp_path: Path, fake: FakeOpenAI) -> None:
    mem = open_mem(tmp_path, fake, "review_only")
    old = mem.add(OLD).memory_id
    fake.enqueue(SCRIPTS["merge"])
    item = mem.add(NEW).memory_id
    mem.reject(item)
    assert mem.get(old).content == OLD and mem.get(old).status == "active"
    assert mem.get(item).status == "archived"
    report = mem.mode_report()
    assert report["llm_reviews"]["rejected"] == 1
    assert report["human_overrule_rate"] == 1.0


def test_neighbours_reach_the_judge_without_a_topic(tmp_path: Path, fake: FakeOpenAI) -> None:
    mem = open_mem(tmp_path, fake, "dry_run")
    mem.add("用户喜欢在山里徒步")
    fake.enqueue(SCRIPTS["duplicate"])
    r = mem.add("用户喜欢周末在山里徒步")
    assert str(r.decision) == "store"
    [request] = fake.chat_requests
    assert "[1]" in request.text and "用户喜欢在山里徒步" in request.text
    assert mem.events(action="suggest")[0].meta["decision"] == "duplicate"

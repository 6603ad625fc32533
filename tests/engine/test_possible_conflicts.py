"""Ambiguous slot cases (issue 15 item 5): a fact the rules cannot key into a filled
one-value slot, though its wording states that slot's aspect. With the LLM judge on, the
judge decides it; without, it is stored and ``cleanup`` lists the older value as a
possible conflict, with a plan of its own that needs the confirmation phrase."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem import ConfirmationError, InvalidInputError, Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.llm.client import LLMClient
from vecmem.rules import classify
from vecmem.rules.slots import may_fill, slots_named
from vecmem.testing import FakeOpenAI
from vecmem.text import normalize

# (filled slot's fact, a newer fact the rules cannot key that states the same aspect)
AMBIGUOUS = [
    ("User lives in Lisbon", "The user is based out of Porto these days"),
    # ("用户最近在重庆安家了" and "用户现在在拼多多上班，负责推荐系统" are keyed since round 7:
    # a filler before the verb, a compound sentence's clause — so review)
    # ("用户大部分时间都待在重庆" and "向量化这块现在交给 jina-embeddings-v3 负责" go to review
    # since session 10: the slot prototypes read their slot and a new value by its shape —
    # tests/engine/test_slot_prototypes.py)
    ("The user works at Datadog", "The user has been working for Grafana Labs since June"),
    ("用户在京东工作", "用户目前给拼多多做全职顾问"),
    # ("We settled on o4-mini as the main model for chat" is keyed since round 6, by its
    # frame: a label and one model-shaped value, so review)
    # ("我们改用 jina-embeddings-v3 做向量化了" is keyed since round 4: a switch, so review)
    ("User prefers answers in English", "The user would like food answers in Portuguese"),
]
# Texts near those slots that are not about the slot (or not about the user).
NOT_AMBIGUOUS = [
    ("User lives in Lisbon", "The user's brother is based out of Porto"),
    ("User lives in Lisbon", "The user visited Porto for a wine tasting"),
    ("用户住在成都", "用户的妈妈最近在重庆安家了"),  # hers, not the user's
    ("The user works at Datadog", "The user works late on Thursdays"),
    ("The default model is gpt-4.1", "The user compared o4-mini with gpt-4.1 yesterday"),
    ("User prefers answers in English", "The user is reading a novel in Portuguese"),
    ("User lives in Lisbon", "The user's parents live in Porto"),
    ("用户住在成都", "用户的老家在四川绵阳"),
    ("用户住在成都", "用户的父母搬到了重庆"),
    ("嵌入模型是 bge-m3", "The user compared nomic-embed-text and gte-large on Friday"),
]


def _flag(mem: Memory, memory_id: int) -> dict | None:
    (first,) = mem.events(memory_id, action="add")
    return (first.meta or {}).get("possible_conflict")


@pytest.mark.parametrize(("old", "new"), AMBIGUOUS)
def test_an_ambiguous_fact_is_stored_and_listed_as_a_possible_conflict(
        mem: Memory, old: str, new: str) -> None:
    first = mem.add(old)
    second = mem.add(new)
    assert str(second.decision) == "store"
    assert "possible conflict" in second.reason
    assert _flag(mem, second.memory_id)["ids"] == [first.memory_id]
    report = mem.cleanup_report()
    (c,) = report.possible_conflicts
    assert (c.memory_id, c.detail["newer"]) == (first.memory_id, second.memory_id)
    assert report.to_dict()["possible_conflicts"] == 1
    # Not in the low-risk plan; a plan of its own archives the older value.
    assert report.plan_ops() == []
    (op,) = report.plan_ops("possible_conflict")
    assert (op["action"], op["memory_id"]) == ("archive", first.memory_id)


@pytest.mark.parametrize(("old", "new"), NOT_AMBIGUOUS)
def test_a_fact_near_a_slot_but_not_in_it_is_not_flagged(mem: Memory, old: str,
                                                          new: str) -> None:
    mem.add(old)
    second = mem.add(new)
    assert str(second.decision) == "store"
    assert _flag(mem, second.memory_id) is None
    assert mem.cleanup_report().possible_conflicts == []


def test_the_rule_is_pure_and_never_flags_a_keyed_slot() -> None:
    keyed = normalize("The user now lives in Porto")
    assert not may_fill(keyed, classify(keyed), "user.residence")  # the rules decided
    text = normalize("Anna and her husband moved to Lyon")
    assert may_fill(text, classify(text), "person.anna.relation")  # the name is enough
    assert not may_fill(text, classify(text), "person.maria.relation")
    assert slots_named(normalize("My sister lives in Paris"),
                       classify(normalize("My sister lives in Paris"))) == []


def test_the_conflict_plan_needs_the_phrase_and_is_revertible(mem: Memory) -> None:
    old = mem.add("User lives in Lisbon").memory_id
    new = mem.add("The user is based out of Porto these days").memory_id
    plan = mem.create_plan(mem.cleanup_report().plan_ops("possible_conflict"),
                           reason="cleanup report (possible_conflict)")
    with pytest.raises(ConfirmationError):
        mem.apply_plan(plan.id, "yes")
    assert mem.get(old).status == "active"
    mem.apply_plan(plan.id, mem.settings.confirm_phrase)
    assert (mem.get(old).status, mem.get(new).status) == ("archived", "active")
    assert mem.cleanup_report().possible_conflicts == []  # settled: no longer listed
    mem.revert_plan(plan.id)
    assert mem.get(old).status == "active"


def test_an_unknown_plan_kind_is_a_clear_error(mem: Memory) -> None:
    with pytest.raises(InvalidInputError, match="kind must be one of"):
        mem.cleanup_report().plan_ops("everything")


def test_archiving_either_side_settles_it(mem: Memory) -> None:
    mem.add("User lives in Lisbon")
    new = mem.add("The user is based out of Porto these days").memory_id
    mem.archive(new, reason="that was a holiday")
    assert mem.cleanup_report().possible_conflicts == []


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def test_with_the_judge_on_the_judge_decides_and_nothing_is_listed(tmp_path: Path,
                                                                   fake: FakeOpenAI) -> None:
    client = LLMClient(fake.base_url, "fake-model", api_key="sk-test", timeout=2,
                       max_retries=0, backoff=0.0, breaker_threshold=3)
    mem = Memory.open(str(tmp_path / "j.db"), embedder=HashingEmbedder(), llm=client,
                      llm_merge_mode="review_only")
    try:
        old = mem.add("User lives in Lisbon").memory_id
        fake.enqueue(json.dumps({"decision": "review", "targets": [old], "confidence": 0.9,
                                 "proposed_text": None, "reason": "a new home city"}))
        r = mem.add("The user is based out of Porto these days")
        (request,) = fake.chat_requests
        assert "User lives in Lisbon" in json.dumps(request.json, ensure_ascii=False)
        assert str(r.decision) == "review" and r.related_ids == [old]
        assert mem.cleanup_report().possible_conflicts == []
    finally:
        mem.close()


def test_when_the_judge_fails_cleanup_still_lists_it(tmp_path: Path, fake: FakeOpenAI) -> None:
    from vecmem.testing import Reply

    client = LLMClient(fake.base_url, "fake-model", api_key="sk-test", timeout=2,
                       max_retries=0, backoff=0.0, breaker_threshold=3)
    mem = Memory.open(str(tmp_path / "f.db"), embedder=HashingEmbedder(), llm=client,
                      llm_merge_mode="auto")
    try:
        mem.add("User lives in Lisbon")
        fake.enqueue(Reply.error(500, "boom"), Reply.error(500, "boom"))
        r = mem.add("The user is based out of Porto these days")
        assert str(r.decision) == "store"
        assert len(mem.cleanup_report().possible_conflicts) == 1
    finally:
        mem.close()


def test_cli_lists_the_conflicts_and_plans_them_by_kind(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from vecmem.cli import app

    monkeypatch.setenv("VECMEM_DB", str(tmp_path / "c.db"))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    runner = CliRunner()
    runner.invoke(app, ["add", "用户在京东工作"])
    runner.invoke(app, ["add", "用户目前给拼多多做全职顾问"])
    text = runner.invoke(app, ["cleanup", "--lang", "en"]).stdout
    assert "possible_conflict" in text and "用户目前给拼多多做全职顾问" in text
    assert "--kind possible_conflict" in text
    out = runner.invoke(app, ["cleanup", "--plan", "--kind", "possible_conflict", "--json"])
    assert out.exit_code == 0, out.output
    plan = json.loads(out.stdout)["plan"]
    assert [(o["action"], o["memory_id"]) for o in plan["operations"]] == [("archive", 1)]
    bad = runner.invoke(app, ["cleanup", "--plan", "--kind", "everything"])
    assert bad.exit_code != 0 and "kind must be one of" in bad.output
    assert "Traceback" not in bad.output


def test_listed_the_same_on_every_engine(cmem: Memory) -> None:
    """The flag lives in the add event's meta; both engines find it (SQLite, PostgreSQL)."""
    old = cmem.add("用户在京东工作").memory_id
    new = cmem.add("用户目前给拼多多做全职顾问").memory_id
    (c,) = cmem.cleanup_report().possible_conflicts
    assert (c.memory_id, c.detail["newer"], c.detail["topic_key"]) == (
        old, new, "user.employer")

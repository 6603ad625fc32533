"""Every decision of the write pipeline, on every engine, with its events."""

from __future__ import annotations

import pytest

from vecmem import Decision, InvalidInputError, Memory


def test_store_writes_row_and_add_event(cmem: Memory) -> None:
    r = cmem.add("用户偏好：回答简洁务实")
    assert r.decision == Decision.STORE
    rec = cmem.get(r.memory_id)
    assert rec.status == "active" and rec.content == "用户偏好：回答简洁务实"
    assert rec.content_norm == "用户偏好:回答简洁务实"
    events = cmem.events(r.memory_id)
    assert [e.action for e in events] == ["add"]
    assert events[0].event_id == r.event_id


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("用户偏好：回答简洁务实", "用户偏好: 回答简洁务实。"),
        ("The staging server runs PostgreSQL 16", "the staging server runs postgresql 16."),
        ("项目使用 Python 3.11。", "项目使用Python 3.11"),
    ],
)
def test_exact_duplicate_bumps_hit_count(cmem: Memory, first: str, second: str) -> None:
    a = cmem.add(first)
    b = cmem.add(second)
    assert b.decision == Decision.DUPLICATE and b.memory_id == a.memory_id
    assert cmem.get(a.memory_id).hit_count == 1
    assert cmem.count(status="active") == 1
    assert [e.action for e in cmem.events(a.memory_id)] == ["duplicate", "add"]


@pytest.mark.parametrize(
    "text",
    ["这个功能有没有必要？", "Please run the migration again", "https://example.com/x",
     "DEEPSEEK_API_KEY=sk-7d2c0e9a41b84f6c9d3e2a1b0c9f8e7d", "好"],
)
def test_reject_is_audited_and_stores_nothing(cmem: Memory, text: str) -> None:
    r = cmem.add(text, source="auto")
    assert r.decision == Decision.REJECT and r.memory_id is None
    assert cmem.count() == 0
    [event] = cmem.events(action="reject_input")
    assert event.reason and event.event_id == r.event_id
    # Secret values never reach the event log.
    assert "sk-7d2c0e9a41b84f6c9d3e2a1b0c9f8e7d" not in (event.after_content or "")


def test_active_context_is_one_slot_updated_in_place(cmem: Memory) -> None:
    a = cmem.add("active_context: 正在推进 P1 改造")
    b = cmem.add("active_context: writing the release notes for v2")
    assert b.decision == Decision.UPDATE and b.memory_id == a.memory_id
    rec = cmem.get(a.memory_id)
    assert rec.content == "active_context: writing the release notes for v2"
    assert cmem.count(status="active") == 1
    update = cmem.events(a.memory_id, action="update")[0]
    assert update.before_content == "active_context: 正在推进 P1 改造"
    # The old text is no longer found by keyword search; the new one is.
    assert not cmem.keyword("改造")
    assert [h.memory.id for h in cmem.keyword("release notes")] == [a.memory_id]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("默认模型：deepseek-v4", "默认模型是 qwen-max"),
        ("Default model: gpt-5", "默认模型为 claude"),
        ("用户住在上海", "用户住在北京"),
    ],
)
def test_topic_conflict_goes_to_review(cmem: Memory, old: str, new: str) -> None:
    a = cmem.add(old)
    b = cmem.add(new)
    assert b.decision == Decision.REVIEW, b.reason
    assert b.related_ids == [a.memory_id]
    item = cmem.get(b.memory_id)
    assert item.status == "review"
    assert item.review_meta == {"kind": "conflict", "conflicts_with": [a.memory_id]}
    assert cmem.get(a.memory_id).status == "active"  # nothing is lost


def test_same_topic_same_value_is_duplicate(cmem: Memory) -> None:
    a = cmem.add("默认模型：deepseek-v4")
    b = cmem.add("The default model is deepseek-v4")
    assert b.decision == Decision.DUPLICATE and b.memory_id == a.memory_id


def test_unrelated_chinese_preferences_do_not_conflict(cmem: Memory) -> None:
    a = cmem.add("用户偏好：回答简洁务实")
    b = cmem.add("用户偏好：代码注释用英文")
    assert a.decision == b.decision == Decision.STORE


def test_two_chinese_project_names_never_share_a_key(cmem: Memory) -> None:
    a = cmem.add("项目 记忆库 路径：/srv/memory")
    b = cmem.add("项目 知识库 路径：/srv/knowledge")
    assert a.decision == b.decision == Decision.STORE
    assert cmem.get(a.memory_id).topic_key != cmem.get(b.memory_id).topic_key


def test_readding_an_archived_fact_restores_it(cmem: Memory) -> None:
    a = cmem.add("The backend is written in Go and deployed on Kubernetes")
    cmem.archive(a.memory_id)
    b = cmem.add("The backend is written in Go and deployed on Kubernetes")
    assert b.decision == Decision.STORE and b.memory_id == a.memory_id
    assert cmem.get(a.memory_id).status == "active"
    assert cmem.events(a.memory_id)[0].action == "restore"


def test_preview_equals_real_for_every_decision(cmem: Memory) -> None:
    cmem.add("active_context: old task")
    cmem.add("默认模型：deepseek-v4")
    cmem.add("用户偏好：回答简洁务实")
    inputs = [
        "用户偏好：回答简洁务实",  # duplicate
        "active_context: new task",  # update
        "默认模型：qwen-max",  # review
        "请问这个接口怎么调用",  # reject
        "The user's daughter is named Mia",  # store
    ]
    for text in inputs:
        before = (cmem.count(), len(cmem.events(limit=1000)))
        preview = cmem.preview_add(text)
        assert (cmem.count(), len(cmem.events(limit=1000))) == before
        real = cmem.add(text)
        assert preview.decision == real.decision, text
        assert preview.reason == real.reason
        if real.decision in (Decision.DUPLICATE, Decision.UPDATE):
            assert preview.memory_id == real.memory_id
        assert preview.dry_run and not real.dry_run


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("", "empty"),
        ("   \n\t ", "empty"),
        ("a\x00b", "NUL"),
        ("x" * 1_000_001, "limit"),
        ("bad \udcff bytes", "UTF-8"),
        (42, "string"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(cmem: Memory, bad: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        cmem.add(bad)  # type: ignore[arg-type]
    assert cmem.count() == 0
    assert cmem.events() == []


def test_too_long_text_is_a_rejection_not_an_error(cmem: Memory) -> None:
    r = cmem.add("用户偏好：" + "很长的说明" * 500)
    assert r.decision == Decision.REJECT and "too_long" in r.reason


def test_add_many_batches_and_dedups(cmem: Memory) -> None:
    texts = ["用户住在上海", "The user's daughter is named Mia", "用户住在上海", "好"]
    results = cmem.add_many(texts, source="import")
    assert [r.decision for r in results] == [
        Decision.STORE, Decision.STORE, Decision.DUPLICATE, Decision.REJECT,
    ]
    raw = cmem.add_many(["今天先做到这里"], raw=True)
    assert raw[0].decision == Decision.STORE
    secret = cmem.add_many(["password: Tr0ub4dor&3xyz!"], raw=True)
    assert secret[0].decision == Decision.REJECT


def test_scopes_are_isolated(engine_url: str) -> None:
    from vecmem.embed.hashing import HashingEmbedder

    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="alice") as alice, \
            Memory.open(engine_url, embedder=HashingEmbedder(), scope="bob") as bob:
        a = alice.add("用户住在上海")
        b = bob.add("用户住在上海")
        assert a.decision == b.decision == Decision.STORE
        c = bob.add("用户住在北京")
        assert c.decision == Decision.REVIEW and c.related_ids == [b.memory_id]
        assert [h.memory.id for h in alice.search("上海")] == [a.memory_id]
        with pytest.raises(Exception, match="does not exist"):
            alice.get(b.memory_id)


@pytest.mark.parametrize(
    ("stored", "restated"),
    [("团队每周一上午在三楼会议室开站会", "团队每周一上午在会议室开站会"),
     ("The team uses GitHub Actions for every CI pipeline",
      "The team uses GitHub Actions for CI pipelines")],
)
def test_semantic_duplicate_in_both_languages(cmem: Memory, stored: str,
                                              restated: str) -> None:
    a = cmem.add(stored)
    b = cmem.add(restated)
    assert b.decision == Decision.DUPLICATE, b.reason
    assert b.memory_id == a.memory_id and "semantic duplicate" in b.reason
    assert b.similarity is not None and b.similarity < 1.0


@pytest.mark.parametrize(
    ("stored", "new"),
    [("用户喜欢喝绿茶和乌龙茶", "用户喜欢喝红茶和乌龙茶"),
     ("The user is allergic to peanuts", "The user is allergic to peanuts and shellfish"),
     ("The service listens on port 8000 in staging",
      "The service listens on port 8080 in staging")],
)
def test_a_changed_or_richer_fact_is_never_dropped(cmem: Memory, stored: str, new: str) -> None:
    cmem.add(stored)
    r = cmem.add(new)
    assert r.decision != Decision.DUPLICATE, r.reason
    assert new in [m.content for m in cmem.list(limit=100)]

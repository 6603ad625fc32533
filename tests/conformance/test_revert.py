"""revert(event_id) undoes with a new event; history is never edited."""

from __future__ import annotations

import pytest

from vecmem import InvalidTransitionError, Memory, NotFoundError


def test_revert_update_brings_back_old_text(cmem: Memory) -> None:
    a = cmem.add("active_context: task one").memory_id
    r = cmem.add("active_context: task two")
    events_before = len(cmem.events(limit=1000))
    preview = cmem.preview_revert(r.event_id)
    assert len(cmem.events(limit=1000)) == events_before
    rv = cmem.revert(r.event_id)
    assert preview.after_status == rv.after_status == "active"
    assert cmem.get(a).content == "active_context: task one"
    assert cmem.events(a)[0].action == "revert"
    with pytest.raises(InvalidTransitionError, match="already been reverted"):
        cmem.revert(r.event_id)


def test_revert_archive(cmem: Memory) -> None:
    a = cmem.add("用户住在上海").memory_id
    ev = cmem.archive(a).event_id
    cmem.revert(ev)
    assert cmem.get(a).status == "active"


def test_revert_approve_restores_the_superseded_memory(cmem: Memory) -> None:
    old = cmem.add("默认模型：deepseek-v4").memory_id
    item = cmem.add("默认模型：qwen-max").memory_id
    ev = cmem.approve(item).event_id
    cmem.revert(ev)
    assert cmem.get(item).status == "review"
    restored = cmem.get(old)
    assert restored.status == "active" and restored.superseded_by is None


def test_revert_merge(cmem: Memory) -> None:
    a = cmem.add("用户偏好：回答简洁").memory_id
    b = cmem.add("User prefers code before prose").memory_id
    merged = cmem.merge([a, b], "用户偏好：回答简洁，先给代码")
    cmem.revert(merged.event_id)
    assert cmem.get(merged.memory_id).status == "archived"
    assert cmem.get(a).status == cmem.get(b).status == "active"


def test_revert_refuses_when_a_later_change_would_be_lost(cmem: Memory) -> None:
    a = cmem.add("active_context: drafting the design doc").memory_id
    first = cmem.add("active_context: reviewing pull requests").event_id
    cmem.add("active_context: writing the changelog")
    with pytest.raises(InvalidTransitionError, match="changed again"):
        cmem.revert(first)
    assert cmem.get(a).content == "active_context: writing the changelog"


def test_revert_unknown_and_unrevertible(cmem: Memory) -> None:
    with pytest.raises(NotFoundError):
        cmem.revert(12345)
    r = cmem.add("今天先做到这里")
    with pytest.raises(InvalidTransitionError, match="cannot be reverted"):
        cmem.revert(r.event_id)


def test_events_are_append_only_in_the_database(cmem: Memory) -> None:
    cmem.add("用户住在上海")
    with pytest.raises(Exception, match="append-only"), cmem.store.transaction() as tx:
        tx.execute("UPDATE events SET reason = 'x'")
    with pytest.raises(Exception, match="append-only"), cmem.store.transaction() as tx:
        tx.execute("DELETE FROM events")

"""Every status transition, allowed and refused, with its preview and its event."""

from __future__ import annotations

import pytest

from vecmem import InvalidInputError, InvalidTransitionError, Memory, NotFoundError


def _review_pair(mem: Memory) -> tuple[int, int]:
    old = mem.add("默认模型：deepseek-v4").memory_id
    item = mem.add("默认模型：qwen-max").memory_id
    assert mem.get(item).status == "review"
    return old, item


def _snapshot(mem: Memory) -> tuple:
    return (
        [(r.id, r.status, r.content, r.superseded_by) for r in mem.list(limit=1000)],
        len(mem.events(limit=10_000)),
    )


@pytest.mark.parametrize("op", ["archive", "restore", "approve", "reject"])
def test_preview_changes_nothing_and_matches_the_real_operation(cmem: Memory, op: str) -> None:
    old, item = _review_pair(cmem)
    target = {"archive": old, "restore": old, "approve": item, "reject": item}[op]
    if op == "restore":
        cmem.archive(old)
    before = _snapshot(cmem)
    preview = getattr(cmem, f"preview_{op}")(target)
    assert _snapshot(cmem) == before
    real = getattr(cmem, op)(target)
    assert (preview.action, preview.memory_id, preview.before_status, preview.after_status) == (
        real.action, real.memory_id, real.before_status, real.after_status)
    assert preview.related_ids == real.related_ids
    assert preview.dry_run and not real.dry_run
    assert cmem.events(target)[0].event_id == real.event_id


def test_archive_and_restore(cmem: Memory) -> None:
    mid = cmem.add("用户住在上海").memory_id
    r = cmem.archive(mid, reason="moved")
    assert (r.before_status, r.after_status) == ("active", "archived")
    assert not cmem.search("上海")
    cmem.restore(mid)
    assert cmem.get(mid).status == "active"
    assert [h.memory.id for h in cmem.search("上海")] == [mid]
    assert [e.action for e in cmem.events(mid)] == ["restore", "archive", "add"]
    assert cmem.events(mid, action="archive")[0].reason == "moved"


@pytest.mark.parametrize(
    ("setup", "op", "message"),
    [
        ("active", "restore", "only archived"),
        ("active", "approve", "only review"),
        ("active", "reject", "only review"),
        ("archived", "archive", "is archived"),
        ("archived", "approve", "only review"),
        ("review", "restore", "only archived"),
    ],
)
def test_refused_transitions_change_nothing(cmem: Memory, setup: str, op: str,
                                            message: str) -> None:
    old, item = _review_pair(cmem)
    target = item if setup == "review" else old
    if setup == "archived":
        cmem.archive(old)
    before = _snapshot(cmem)
    with pytest.raises(InvalidTransitionError, match=message):
        getattr(cmem, op)(target)
    with pytest.raises(InvalidTransitionError, match=message):
        getattr(cmem, f"preview_{op}")(target)
    assert _snapshot(cmem) == before


def test_approve_conflict_supersedes_the_old_memory(cmem: Memory) -> None:
    old, item = _review_pair(cmem)
    r = cmem.approve(item)
    assert r.after_status == "active" and r.related_ids == [old]
    previous = cmem.get(old)
    assert previous.status == "superseded" and previous.superseded_by == item
    assert cmem.events(old)[0].action == "supersede"
    assert [h.memory.id for h in cmem.search("默认模型")] == [item]


def test_reject_archives_the_review_item(cmem: Memory) -> None:
    old, item = _review_pair(cmem)
    cmem.reject(item)
    assert cmem.get(item).status == "archived"
    assert cmem.get(old).status == "active"


def test_restore_refused_when_the_fact_is_live_again(cmem: Memory) -> None:
    first = cmem.add("用户住在上海").memory_id
    cmem.archive(first)
    # The same fact re-added restores the archived row instead of making a second one.
    assert cmem.add("用户住在上海").memory_id == first


@pytest.mark.parametrize("bad", [0, -3, "x", None, 2**70, True])
def test_bad_ids(cmem: Memory, bad: object) -> None:
    with pytest.raises(InvalidInputError):
        cmem.archive(bad)  # type: ignore[arg-type]


def test_unknown_id(cmem: Memory) -> None:
    with pytest.raises(NotFoundError, match="#999"):
        cmem.archive(999)
    with pytest.raises(NotFoundError):
        cmem.get(999)


def test_merge_creates_one_memory_and_supersedes_sources(cmem: Memory) -> None:
    a = cmem.add("用户偏好：回答简洁").memory_id
    b = cmem.add("User prefers concise answers with code first").memory_id
    preview = cmem.preview_merge([a, b], "用户偏好：回答简洁，先给代码")
    r = cmem.merge([a, b], "用户偏好：回答简洁，先给代码")
    assert preview.decision == r.decision == "merge"
    assert {cmem.get(a).status, cmem.get(b).status} == {"superseded"}
    assert cmem.get(a).superseded_by == r.memory_id == cmem.get(b).superseded_by
    merge_event = cmem.events(r.memory_id, action="merge")[0]
    assert sorted(merge_event.related_ids) == sorted([a, b])
    with pytest.raises(InvalidInputError):
        cmem.merge([a], "x y z")
    with pytest.raises(InvalidTransitionError):
        cmem.merge([a, b], "用户偏好：另一个合并")


def test_update_keeps_old_text_in_event(cmem: Memory) -> None:
    mid = cmem.add("用户住在上海").memory_id
    r = cmem.update(mid, "用户住在上海浦东新区")
    assert r.decision == "update" and r.memory_id == mid
    ev = cmem.events(mid, action="update")[0]
    assert (ev.before_content, ev.after_content) == ("用户住在上海", "用户住在上海浦东新区")
    assert [h.memory.id for h in cmem.keyword("浦东")] == [mid]


def test_events_filter_and_order(cmem: Memory) -> None:
    a = cmem.add("用户住在上海").memory_id
    cmem.archive(a)
    cmem.restore(a)
    all_events = cmem.events(a)
    assert [e.event_id for e in all_events] == sorted((e.event_id for e in all_events),
                                                      reverse=True)
    assert [e.action for e in cmem.events(action="archive")] == ["archive"]
    assert cmem.events(a, since="2999-01-01T00:00:00Z") == []
    with pytest.raises(InvalidInputError):
        cmem.events(action="explode")
    with pytest.raises(InvalidInputError):
        cmem.events(since="yesterday")


def test_status_operations_keep_provenance(cmem: Memory) -> None:
    mid = cmem.add("用户住在上海").memory_id
    prov = {"tool": "memory", "action": "remove", "session": "s-1"}
    ev = cmem.archive(mid, meta=prov).event_id
    assert cmem.events(mid, action="archive")[0].meta == {"provenance": prov}
    cmem.revert(ev, meta=prov)
    assert cmem.events(mid, action="revert")[0].meta["provenance"] == prov
    with pytest.raises(InvalidInputError, match="meta"):
        cmem.archive(mid, meta="not a dict")  # type: ignore[arg-type]


def _every(mem: Memory, **filters: object) -> list[int]:
    """Event ids matching ``filters``, read page by page."""
    out: list[int] = []
    while page := mem.events(limit=500, offset=len(out), **filters):  # type: ignore[arg-type]
        out += [e.event_id for e in page]
    return out


def test_events_filter_by_actor_and_source_over_every_event(cmem: Memory) -> None:
    """Actor and source filter in the store, over all events (not a window of the
    newest): the oldest matches are found under hundreds of newer events."""
    refused = [cmem.note_refused(f"refused #{i}", source="hermes", actor="运维-alice")
               for i in range(3)]
    mid = cmem.add("用户住在上海", source="agent", actor="bob").memory_id
    archived = cmem.archive(mid, actor="运维-alice").event_id
    cmem.add_many([f"Build server {i} runs Debian {i % 7 + 6}" for i in range(600)], raw=True)
    events = {e.event_id: e for e in cmem.events(limit=1000)}
    assert len(events) > 600
    alice = _every(cmem, actor="运维-alice")
    assert alice == sorted((i for i, e in events.items() if e.actor == "运维-alice"),
                           reverse=True) == [archived, *reversed(refused)]
    assert _every(cmem, source="hermes") == list(reversed(refused))
    assert _every(cmem, source="agent", actor="bob") == [
        i for i, e in sorted(events.items(), reverse=True)
        if e.source == "agent" and e.actor == "bob"] != []
    assert _every(cmem, actor="运维-alice", action="archive") == [archived]
    assert _every(cmem, source="import") == sorted(
        (i for i, e in events.items() if e.source == "import"), reverse=True)
    # Pages of a filtered view do not overlap and add up to the whole.
    pages = [cmem.events(actor="运维-alice", limit=1, offset=n)[0].event_id for n in range(4)]
    assert pages == alice and cmem.events(actor="运维-alice", limit=1, offset=4) == []
    # Time bounds: since inclusive, until exclusive.
    first = events[refused[0]].created_at
    assert refused[0] in _every(cmem, actor="运维-alice", since=first)
    assert refused[0] not in _every(cmem, actor="运维-alice", until=first)
    assert cmem.events(actor="nobody") == [] and cmem.events(source="") == []
    with pytest.raises(InvalidInputError, match="actor"):
        cmem.events(actor="a\x00b")
    with pytest.raises(InvalidInputError, match="source"):
        cmem.events(source=42)  # type: ignore[arg-type]

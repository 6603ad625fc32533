"""The write kernel's guarantees, tried through the public API (issue 18).

Every stored string passes through one redaction function in ``engine/writes.py``; the
identity fields (content, category) and the labels (source, scope) are refused instead of
redacted, and their previews refuse them too. Run on SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError

TOKEN = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
VALUE = TOKEN[4:]


@pytest.fixture
def mem(engine_url: str) -> Memory:
    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="kernel") as m:
        yield m


def _stored(mem: Memory) -> str:
    """Everything this scope holds, as one text (rows, events with meta, plans)."""
    parts: list[str] = []
    with mem.store.transaction(write=False) as tx:
        for table in ("memories", "events", "plans"):
            rows = tx.execute(f"SELECT * FROM {table} WHERE scope = ?", [mem.scope]).fetchall()
            parts += [repr(tuple(r)) for r in rows]
    return "\n".join(parts)


@pytest.mark.parametrize("field", ["source", "category"])
def test_a_label_holding_a_secret_is_refused_and_so_is_its_preview(mem: Memory,
                                                                    field: str) -> None:
    kwargs = {field: f"x-{TOKEN}"}
    with pytest.raises(InvalidInputError, match=field):
        mem.preview_add("The deploy runs every Friday", **kwargs)
    with pytest.raises(InvalidInputError, match=field):
        mem.add("The deploy runs every Friday", **kwargs)
    with pytest.raises(InvalidInputError, match=field):
        mem.add_many(["The deploy runs every Friday"], **kwargs)
    assert VALUE not in _stored(mem)
    assert mem.count() == 0


def test_actor_reason_and_meta_keys_are_redacted(mem: Memory) -> None:
    r = mem.add("The deploy runs every Friday", actor=f"agent {TOKEN}",
                meta={f"key {TOKEN}": [f"value {TOKEN}"]})
    mem.archive(r.memory_id, reason=f"token {TOKEN}", actor=f"ops {TOKEN}",
                meta={"why": TOKEN})
    mem.restore(r.memory_id, reason=f"back {TOKEN}")
    mem.update(r.memory_id, "The deploy runs every Thursday", reason=f"moved {TOKEN}",
               actor=TOKEN)
    stored = _stored(mem)
    assert VALUE not in stored
    assert "[REDACTED:" in stored  # redacted, not dropped


def test_a_scope_holding_a_secret_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="scope"):
        Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder(), scope=f"s-{TOKEN}")


def test_a_read_only_memory_stores_nothing_so_needs_no_scope_check(engine_url: str) -> None:
    """``read_only=True`` (what ``vecmem list/show/events/stats`` open) skips the scope's
    secret check because its store refuses every write transaction: each way of changing
    a memory fails with StoreError and leaves nothing, on both engines."""
    from vecmem.errors import StoreError

    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="kernel") as m:
        kept = m.add("The deploy runs every Friday").memory_id
    secret_scope = f"s-{TOKEN}"
    with Memory.open(engine_url, embedder=HashingEmbedder(), scope=secret_scope,
                     read_only=True) as ro:
        assert ro.list() == [] and ro.events() == [] and ro.stats()["total"] == 0
        attempts = [lambda: ro.add("The staging database is Postgres 16"),
                    lambda: ro.add("这个功能有没有必要？"),  # a rejection is a write too
                    lambda: ro.add_many(["用户住在上海"], raw=True),
                    lambda: ro.note_refused("no", source="test")]
        for attempt in attempts:
            with pytest.raises(StoreError, match="read-only"):
                attempt()
    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="kernel",
                     read_only=True) as ro:
        assert [r.id for r in ro.list()] == [kept] and ro.get(kept).content
        for change in (lambda: ro.archive(kept), lambda: ro.set_core(kept, True),
                       lambda: ro.create_plan([{"action": "archive", "memory_id": kept}])):
            with pytest.raises(StoreError, match="read-only"):
                change()
        assert ro.get(kept).status == "active" and ro.list_plans() == []
    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="kernel") as m:
        assert m.count() == 1
        with m.store.transaction(write=False) as tx:
            for table in ("memories", "events", "plans"):
                rows = tx.execute(f"SELECT * FROM {table}").fetchall()
                assert not any(VALUE in repr(tuple(r)) for r in rows), table


def test_a_plan_document_is_redacted_where_it_is_stored(mem: Memory) -> None:
    a = mem.add("The deploy runs every Friday")
    # The reason is refused outright; an operation's preview (which echoes text) is
    # redacted when the document is stored.
    with pytest.raises(InvalidInputError):
        mem.create_plan([{"action": "archive", "memory_id": a.memory_id}],
                        reason=f"token {TOKEN}")
    plan = mem.create_plan([{"action": "archive", "memory_id": a.memory_id,
                             "reason": "stale"}])
    assert mem.get_plan(plan.id).operations[0]["preview"]["action"] == "archive"
    assert VALUE not in _stored(mem)


def test_the_kernel_redacts_every_field_it_stores(mem: Memory) -> None:
    """The kernel's own guarantee, tried directly: fields no public path can fill with a
    secret today (an event's before text, the derived text columns) are redacted too, so
    a future path that does cannot store one."""
    from dataclasses import replace

    from vecmem.engine import pipeline, writes
    from vecmem.store.base import PlanRow, utcnow
    from vecmem.types import Action, Status

    ctx = mem.context
    secret = f"token {TOKEN}"
    p = pipeline.prepare(ctx, "The deploy runs every Friday")
    p = replace(p, norm=f"the deploy runs every friday {secret}", terms=f"deploy {secret}",
                source=f"src {TOKEN}", actor=secret, meta={secret: secret})
    with mem.store.transaction() as tx:
        mid, _ = writes.insert(ctx, tx, p, status=Status.ACTIVE, action=Action.ADD,
                               reason=secret, review_meta={"why": secret})
        writes.record(ctx, tx, Action.REPAIR, before_content=secret, after_content=secret,
                      reason=secret, actor=secret, source=secret, meta={"k": secret})
        writes.save_plan(tx, PlanRow("plan-20261201-0123abcd", mem.scope, utcnow(), "pending",
                                     secret, [{"action": "add", "content": secret}], None,
                                     None, {"note": secret}))
        writes.change_plan(tx, "plan-20261201-0123abcd", results=[{"note": secret}])
        assert VALUE not in repr(writes.redact_record({"type": "memory", "content": secret,
                                                       "meta": {secret: [secret]}}))
    stored = _stored(mem)
    with mem.store.transaction(write=False) as tx:
        stored += repr(tx.execute("SELECT * FROM memory_fts WHERE rowid = ?", [mid]).fetchall()) \
            if mem.store.engine_name == "sqlite" else ""
    assert VALUE not in stored
    with pytest.raises(InvalidInputError), mem.store.transaction() as tx:
        writes.insert(ctx, tx, replace(p, content=f"The deploy runs {secret}", hash="f" * 64),
                      status=Status.ACTIVE, action=Action.ADD, reason="x")


def test_text_the_redaction_would_change_is_refused_whatever_the_filter_says(
        mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Detection (the quality filter) and redaction are separate functions: when they
    disagree, the kernel's screen in ``prepare`` refuses, and the preview says so too."""
    from vecmem.engine import pipeline
    from vecmem.types import Verdict

    monkeypatch.setattr(pipeline, "check_quality", lambda text: Verdict(True, "general", "ok"))
    fact = f"The CI token is {TOKEN}"
    assert mem.preview_add(fact).decision == "reject"
    assert mem.add(fact).decision == "reject"
    assert VALUE not in _stored(mem)


def test_approving_a_proposal_refuses_in_the_preview_what_the_kernel_would(mem: Memory) -> None:
    """An update proposal whose text another live memory already holds: approve would be
    refused by the kernel (one fact, one live row); the guard, hence the preview, says so."""
    from vecmem.engine import pipeline, writes
    from vecmem.errors import InvalidTransitionError
    from vecmem.types import Action, Status

    a = mem.add("The deploy window is Friday afternoon").memory_id
    b = mem.add("The backup job runs at 02:00 every night", category=mem.get(a).category)
    ctx = mem.context
    p = pipeline.prepare(ctx, "The deploy window moved to Monday morning")
    with mem.store.transaction() as tx:
        item, _ = writes.insert(ctx, tx, p, status=Status.REVIEW, action=Action.REVIEW,
                                reason="proposal", review_meta={
                                    "kind": "update", "target_ids": [a],
                                    "proposed_text": b.content})
    with pytest.raises(InvalidTransitionError, match="already holds"):
        mem.preview_approve(item)
    with pytest.raises(InvalidTransitionError, match="already holds"):
        mem.approve(item)
    assert mem.get(a).content == "The deploy window is Friday afternoon"

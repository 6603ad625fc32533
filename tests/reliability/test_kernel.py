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

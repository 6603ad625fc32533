"""Purge (issue 18): the one way a text leaves the append-only log.

Through a plan and the confirmation phrase only, a purge replaces the memory's text in its
row and in every event that carried it with a tombstone (ids, timestamps, actions,
statuses and the hash are kept), removes its vector, keyword entry and the saved index
copies, and is itself an event naming who purged and why. On SQLite the raw bytes of the
file, its WAL and the sidecar index files are then free of the text; doctor checks that no
copy is left. Any other UPDATE of an event is still refused by the database.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidTransitionError
from vecmem.store.schema import TOMBSTONE

PHRASE = "我确认执行计划"
SECRET_FACT = "The vault combination is Zebulon-Quartz-7781 behind the painting"
LATER = "The vault combination is Zebulon-Quartz-9902 behind the painting"
MARKERS = ("Zebulon-Quartz-7781", "Zebulon-Quartz-9902", "Zebulon")


@pytest.fixture
def mem(engine_url: str) -> Memory:
    with Memory.open(engine_url, embedder=HashingEmbedder(), scope="purge",
                     ann_threshold=1) as m:
        yield m


def _history(mem: Memory) -> tuple[int, int]:
    """A memory whose text went through add, update, archive and restore."""
    r = mem.add(SECRET_FACT)
    mem.add("The deploy window is Friday afternoon")
    mem.update(r.memory_id, LATER, reason="rotated")
    mem.archive(r.memory_id, reason="obsolete")
    mem.restore(r.memory_id)
    mem.search("vault combination")  # the indexes hold it (and save copies: threshold 1)
    return r.memory_id, len(mem.events(memory_id=r.memory_id, limit=100))


def _purge(mem: Memory, memory_id: int) -> dict:
    plan = mem.create_plan([{"action": "purge", "memory_id": memory_id,
                             "reason": "a credential pasted by mistake"}])
    assert plan.operations[0]["preview"]["action"] == "purge"
    done = mem.apply_plan(plan.id, PHRASE, actor="alice")
    assert done.results[0]["status"] == "applied", done.results
    return done.results[0]


def _raw_bytes(path: str) -> bytes:
    out = b""
    for p in [Path(path), Path(path + "-wal"), *Path(path + ".vecmem-index").glob("**/*")]:
        if p.is_file():
            out += p.read_bytes()
    return out


def test_purge_leaves_no_copy_and_keeps_the_history(mem: Memory, tmp_path: Path) -> None:
    mid, n_events = _history(mem)
    before = mem.events(memory_id=mid, limit=100)
    _purge(mem, mid)
    rec = mem.get(mid)
    assert rec.content == TOMBSTONE and rec.status == "archived"
    after = [e for e in mem.events(memory_id=mid, limit=100) if e.action != "purge"]
    # Same events, same ids, timestamps, actions and statuses; only the texts are gone.
    assert [(e.event_id, e.action, e.created_at, e.before_status, e.after_status)
            for e in after] == [(e.event_id, e.action, e.created_at, e.before_status,
                                 e.after_status) for e in before]
    assert len(after) == n_events
    purge = mem.events(memory_id=mid, action="purge")[0]
    assert purge.actor == "alice" and purge.reason == "a credential pasted by mistake"
    assert purge.meta["content_hash"] == rec.content_hash
    for e in mem.events(limit=1000):
        blob = repr(e.to_dict())
        assert not any(m in blob for m in MARKERS), e
    assert all(h.memory.id != mid for h in mem.search("vault combination Zebulon"))
    report = mem.doctor()
    assert report.findings["purge_residue"] == [] and report.ok
    out = tmp_path / "export.jsonl"
    mem.export(out, vectors=True)
    assert not any(m in out.read_text(encoding="utf-8") for m in MARKERS)
    if mem.store.engine_name == "sqlite":
        raw = _raw_bytes(mem.settings.db)
        assert not any(m.encode() in raw for m in MARKERS)


def test_a_purged_memory_never_comes_back(mem: Memory) -> None:
    mid, _ = _history(mem)
    archive = mem.events(memory_id=mid, action="archive")[0]
    _purge(mem, mid)
    with pytest.raises(InvalidTransitionError, match="purged"):
        mem.restore(mid)
    with pytest.raises(InvalidTransitionError, match="purged"):
        mem.preview_revert(archive.event_id)
    with pytest.raises(InvalidTransitionError, match="purged"):
        mem.revert(archive.event_id)
    again = mem.add(LATER)  # the same fact again is a new memory
    assert again.decision == "store" and again.memory_id != mid


def test_purge_needs_a_reason_and_the_phrase(mem: Memory) -> None:
    r = mem.add(SECRET_FACT)
    plan = mem.create_plan([{"action": "purge", "memory_id": r.memory_id}])
    assert "reason" in plan.operations[0]["refused"]
    assert mem.apply_plan(plan.id, PHRASE).results[0]["status"] == "skipped"
    assert mem.get(r.memory_id).content == SECRET_FACT
    assert not hasattr(mem, "purge")  # no direct call: only a plan, behind the phrase


def test_the_database_still_refuses_any_other_event_edit(mem: Memory) -> None:
    r = mem.add(SECRET_FACT)
    for sql in ("UPDATE events SET reason = 'forged' WHERE memory_id = ?",
                "UPDATE events SET action = 'archive' WHERE memory_id = ?",
                f"UPDATE events SET after_content = '{TOMBSTONE}', actor = 'x' "
                "WHERE memory_id = ?",
                "UPDATE events SET meta = '{\"x\": 1}' WHERE memory_id = ?"):
        with pytest.raises(Exception, match="append-only"), mem.store.transaction() as tx:
            tx.execute(sql, [r.memory_id])
    assert mem.events(memory_id=r.memory_id)[0].after_content == SECRET_FACT

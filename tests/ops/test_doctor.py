"""Doctor: a keyword index and vectors damaged on purpose are found, the repair is
previewed exactly, carried out, audited, and never touches a memory row."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder


class RealModel(HashingEmbedder):
    """Stands in for a real embedding model: not a fallback, its own model id."""

    is_fallback = False

    def __init__(self) -> None:
        super().__init__()
        self.model_id = "real-model-v2"


def _sql(db_path: str, *statements: tuple[str, tuple[Any, ...]]) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA foreign_keys = OFF")  # orphans cannot be made otherwise
    for sql, params in statements:
        conn.execute(sql, params)
    conn.commit()
    conn.close()


def _memories(mem: Memory) -> list[tuple[Any, ...]]:
    with mem.store.transaction(write=False) as tx:
        return tx.execute("SELECT id, status, content, content_hash, updated_at FROM memories "
                          "ORDER BY id").fetchall()


def _repair_events(mem: Memory) -> list[Any]:
    return mem.events(action="repair")


@pytest.fixture
def rmem(db_path: str) -> Any:
    with Memory.open(db_path, embedder=RealModel(), embed_provider="hashing") as m:
        yield m


@pytest.fixture
def damaged(rmem: Memory, db_path: str) -> dict[str, int]:
    mem = rmem
    texts = ["默认模型：gpt-4", "I prefer dark mode", "项目路径：/work/main", "编辑器：neovim",
             "测试数据库是 postgres", "时区：Asia/Shanghai"]
    ids = [mem.add(t).memory_id for t in texts]
    d = dict(zip(("no_fts", "stale_fts", "no_vec", "other_model", "intact", "intact2"), ids,
                 strict=True))
    _sql(db_path,
         ("DELETE FROM memory_fts WHERE rowid = ?", (d["no_fts"],)),
         ("UPDATE memory_fts SET terms = 'stale words' WHERE rowid = ?", (d["stale_fts"],)),
         ("INSERT INTO memory_fts (rowid, terms) VALUES (9001, 'ghost row')", ()),
         ("DELETE FROM memory_vectors WHERE memory_id = ?", (d["no_vec"],)),
         ("UPDATE memory_vectors SET model = 'old-model-v1' WHERE memory_id = ?",
          (d["other_model"],)),
         ("INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) "
          "VALUES (9002, 'real-model-v2', 1, x'00000000', 0)", ()))
    return d


def test_doctor_finds_every_kind_of_drift_and_changes_nothing(rmem: Memory,
                                                               damaged: dict) -> None:
    mem = rmem
    before = _memories(mem)
    report = mem.doctor()
    f = report.findings
    assert f["missing_keyword"] == [damaged["no_fts"]]
    assert f["stale_keyword"] == [damaged["stale_fts"]]
    assert f["orphan_keyword"] == [9001]
    assert f["missing_vector"] == [damaged["no_vec"]]
    assert f["other_model_vector"] == [damaged["other_model"]]
    assert f["orphan_vector"] == [9002]
    assert report.problems == 6 and not report.ok and not report.repaired
    assert report.actions == [
        {"action": "reindex_keywords", "count": 2,
         "ids": sorted([damaged["no_fts"], damaged["stale_fts"]])},
        {"action": "drop_orphan_keyword_rows", "count": 1, "ids": [9001]},
        {"action": "drop_orphan_vectors", "count": 1, "ids": [9002]},
        {"action": "reembed", "count": 2,
         "ids": sorted([damaged["no_vec"], damaged["other_model"]])},
    ]
    # The preview is a preview: the damage is all still there, and nothing was audited.
    assert mem.doctor().findings == f
    assert _memories(mem) == before and _repair_events(mem) == []
    text = report.to_text("en")
    assert "Repair actions (preview; run with --repair):" in text
    assert "  reindex_keywords: 2" in text
    assert "修复动作 (预览; 加 --repair 执行):" in report.to_text("zh")


def test_doctor_repair_fixes_exactly_the_previewed_actions(rmem: Memory, damaged: dict) -> None:
    mem = rmem
    before = _memories(mem)
    preview = mem.doctor()
    assert not mem.stats()["consistency"]["ok"]
    fixed = mem.doctor(repair=True)
    assert fixed.repaired and fixed.actions == preview.actions
    assert fixed.ok and fixed.consistency["problems"] == []
    assert mem.stats()["consistency"]["ok"]
    assert fixed.reembed is not None and fixed.reembed["reembedded"] == 2
    # Memories are never deleted or edited by doctor: only index rows and vectors change.
    assert _memories(mem) == before
    (event,) = _repair_events(mem)
    assert event.memory_id is None and event.actor == "doctor"
    assert event.meta == {"counts": {"reindex_keywords": 2, "drop_orphan_keyword_rows": 1,
                                     "drop_orphan_vectors": 1, "reembed": 2, "reembedded": 2}}
    assert fixed.repair_event_id == event.event_id
    # The reindexed rows are searchable again by their own words, and not by the stale ones.
    assert [h.memory.id for h in mem.keyword("gpt")] == [damaged["no_fts"]]
    assert mem.keyword("stale words") == []
    again = mem.doctor(repair=True)
    assert again.actions == [] and again.problems == 0 and not again.repaired
    assert len(_repair_events(mem)) == 1  # nothing to do: no event


def test_doctor_on_a_healthy_database_does_nothing(mem: Memory) -> None:
    mem.add("I prefer dark mode")
    report = mem.doctor(repair=True)
    assert report.ok and report.actions == [] and report.repair_event_id is None
    assert "nothing to repair" in report.to_text("en")
    assert _repair_events(mem) == []


def test_doctor_never_archives_live_duplicates(mem: Memory, db_path: str) -> None:
    a = mem.add("默认模型：gpt-4").memory_id
    b = mem.add("I prefer dark mode").memory_id
    # Drop the uniqueness guard and forge a second live copy of a's hash.
    _sql(db_path, ("DROP INDEX memories_live_hash", ()),
         ("UPDATE memories SET content_hash = (SELECT content_hash FROM memories WHERE id = ?)"
          " WHERE id = ?", (a, b)))
    before = _memories(mem)
    report = mem.doctor(repair=True)
    assert len(report.findings["duplicate_live_hash"]) == 1
    assert any("vecmem cleanup --plan" in n for n in report.notes)
    assert report.actions == [] and not report.ok
    assert _memories(mem) == before


def test_fallback_embedder_never_replaces_real_vectors(mem: Memory, db_path: str) -> None:
    """With only the hashing fallback at hand, vectors of a real model are kept: the
    preview says so and the repair leaves them alone (they would be rebuilt anyway once
    the real model is back)."""
    a = mem.add("I prefer dark mode").memory_id
    _sql(db_path, ("UPDATE memory_vectors SET model = 'real-model-v2' WHERE memory_id = ?",
                   (a,)))
    report = mem.doctor(repair=True)
    assert report.findings["other_model_vector"] == [a]
    assert report.actions == [] and any("fallback" in n for n in report.notes)
    with mem.store.transaction(write=False) as tx:
        assert tx.get_vector(a)[0] == "real-model-v2"


def test_stats_runs_the_cheap_engine_check_and_doctor_the_thorough_one(tmp_path: Any) -> None:
    """`stats` is a status screen: it must not walk every index entry (`PRAGMA
    integrity_check` and the FTS5 check grow with the store); `doctor` still does."""
    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())
    mem.add("User's editor is Helix.")
    mem.add("用户的编辑器是 Helix。")
    seen: list[str] = []
    mem.store.connection().set_trace_callback(seen.append)

    stats = mem.stats()
    stats_sql = " ".join(seen)
    assert stats["consistency"]["ok"] is True
    assert "quick_check" in stats_sql
    assert "integrity_check" not in stats_sql and "integrity-check" not in stats_sql

    seen.clear()
    mem.doctor()
    doctor_sql = " ".join(seen)
    assert "PRAGMA integrity_check" in doctor_sql and "integrity-check" in doctor_sql
    mem.close()

"""Cleanup report on a deliberately polluted database, and the health report: statuses,
exit codes, flags, and that both are pure reads."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.engine.reports import cleanup_plan_ops
from vecmem.errors import InvalidInputError
from vecmem.text import keyword_terms, normalize

PHRASE = "我确认执行计划"


def _sql(db_path: str, statement: str, params: tuple[Any, ...] = ()) -> None:
    """Damage the database behind vecmem's back, the way a bug or an old version would."""
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute(statement, params)
    conn.commit()
    conn.close()


def _open(db_path: str) -> Memory:
    # Hashing chosen on purpose, so the embedder itself raises no flag.
    return Memory.open(db_path, embedder=HashingEmbedder(), embed_provider="hashing")


def _one(mem: Memory, text: str, source: str) -> int:
    r = mem.add_many([text], source=source, raw=True)[0]
    assert r.memory_id is not None, r
    return r.memory_id


@pytest.fixture
def polluted(db_path: str) -> Iterator[tuple[Memory, dict[str, int]]]:
    """Every kind of pollution the cleanup report must find, plus look-alikes it must not."""
    m = _open(db_path)
    ids: dict[str, int] = {}
    ids["keep"] = m.add("用户偏好：输出简洁准确。").memory_id
    # Stored by older rules under another hash; today it normalizes to the same fact.
    ids["dup"] = _one(m, "用户偏好：输出要简洁", "manual")
    text = "用户偏好：输出简洁准确"
    _sql(db_path, "UPDATE memories SET content = ?, content_norm = ? WHERE id = ?",
         (text, normalize(text), ids["dup"]))
    _sql(db_path, "UPDATE memory_fts SET terms = ? WHERE rowid = ?",
         (" ".join(keyword_terms(text)), ids["dup"]))
    ids["q1"] = _one(m, "这个功能有没有必要？", "ingest")  # extracted noise
    ids["q2"] = _one(m, "正在处理第3步", "hermes:tool")  # the agent's own noisy add
    ids["manual_q"] = _one(m, "为什么要这样做？", "manual")  # typed by a person: left alone
    ids["good_auto"] = _one(m, "项目路径：/work/main", "extract")  # extracted, but a fact
    ids["archived_noise"] = _one(m, "这个要不要改一下？", "ingest")
    m.archive(ids["archived_noise"])  # already out of the way
    ids["ctx_old"] = m.add("active_context: 正在做旧任务").memory_id
    _sql(db_path, "UPDATE memories SET topic_key = NULL WHERE id = ?", (ids["ctx_old"],))
    ids["ctx_new"] = m.add("active_context: 正在写新的测试").memory_id
    _sql(db_path, "UPDATE memories SET topic_key = 'active_context' WHERE id = ?",
         (ids["ctx_old"],))
    ids["model"] = m.add("默认模型：gpt-4").memory_id
    ids["dark"] = m.add("I prefer dark mode").memory_id
    _sql(db_path, "UPDATE memories SET superseded_by = ? WHERE id = ?", (ids["dark"], ids["model"]))
    ids["review"] = m.add("默认模型：claude").memory_id
    assert m.get(ids["review"]).status == "review"
    yield m, ids
    m.close()


def _state(mem: Memory, db_path: str) -> tuple[dict[str, int], str]:
    """Row counts of every table and a hash of the database file and its WAL."""
    with mem.store.transaction(write=False) as tx:
        tables = [r[0] for r in tx.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        counts = {t: tx.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    digest = hashlib.sha256()
    for suffix in ("", "-wal"):
        p = Path(db_path + suffix)
        digest.update(p.read_bytes() if p.exists() else b"")
    return counts, digest.hexdigest()


def test_cleanup_finds_exactly_the_planted_candidates(polluted: Any) -> None:
    mem, ids = polluted
    report = mem.cleanup_report()
    found = [(c.kind, c.memory_id) for c in report.candidates]
    assert found == [("auto", ids["q1"]), ("auto", ids["q2"]), ("active_context", ids["ctx_old"]),
                     ("duplicate", ids["dup"]), ("superseded_active", ids["model"])]
    by_id = {c.memory_id: c for c in report.candidates}
    assert by_id[ids["q1"]].detail == {"category": "question"}
    assert by_id[ids["q2"]].detail == {"category": "progress"}
    assert by_id[ids["ctx_old"]].detail == {"current": ids["ctx_new"]}
    assert by_id[ids["dup"]].detail == {"duplicate_of": ids["keep"]}
    assert by_id[ids["model"]].detail == {"superseded_by": ids["dark"]}
    assert report.review_backlog == 1
    assert report.consistency["ok"], report.consistency["problems"]
    data = report.to_dict()
    assert data["candidate_count"] == 5
    assert data["candidates"][3]["reason"] == f"same text after normalization as #{ids['keep']}"


def test_cleanup_text_reads_like_the_sample_in_zh_and_en(polluted: Any) -> None:
    mem, ids = polluted
    report = mem.cleanup_report()
    day = report.generated_at[:10]
    counts = "memories 12 · vectors 12 · keyword index 12"
    assert report.to_text("zh") == "\n".join([
        f"清理报告 — {day}",
        "低风险清理候选: 5 条",
        f'  [auto] #{ids["q1"]} "这个功能有没有必要？"',
        f'  [auto] #{ids["q2"]} "正在处理第3步"',
        f'  [active_context] #{ids["ctx_old"]} "active_context: 正在做旧任务"',
        f'  [duplicate] #{ids["dup"]} "用户偏好：输出简洁准确" (与 ID:{ids["keep"]} 重复)',
        f'  [superseded_active] #{ids["model"]} "默认模型：gpt-4"',
        "审核队列未处理: 1 条",
        f"数据一致性: ✅ 全部正常  {counts}",
    ]) + "\n"
    en = report.to_text("en").splitlines()
    assert en[0] == f"Cleanup report — {day}"
    assert en[1] == "Low-risk cleanup candidates: 5"
    assert en[5] == (f'  [duplicate] #{ids["dup"]} "用户偏好：输出简洁准确" '
                     f'(duplicate of ID:{ids["keep"]})')
    assert en[-2:] == ["Review queue pending: 1", f"Data consistency: ✅ all good  {counts}"]
    md = report.to_markdown("en")
    assert md.startswith(f"# Cleanup report — {day}\n")
    row = f"| auto | {ids['q1']} | 这个功能有没有必要？ | today's rules would reject it (question)"
    assert row in md
    assert "| 类型 | ID | 内容 | 原因 |" in report.to_markdown("zh")
    with pytest.raises(InvalidInputError):
        report.to_text("fr")


def test_cleanup_and_health_write_nothing(polluted: Any, db_path: str, tmp_path: Path) -> None:
    mem, _ = polluted
    files = sorted(p.name for p in tmp_path.rglob("*"))
    before = _state(mem, db_path)
    mem.cleanup_report()
    report = mem.health_report()
    mem.health_report(window_hours=24 * 7)
    assert report.status == "attention"
    assert _state(mem, db_path) == before  # not an event, not a plan, not a byte
    assert sorted(p.name for p in tmp_path.rglob("*")) == files  # and no file anywhere
    assert mem.list_plans() == []


def test_cleanup_plan_archives_the_candidates(polluted: Any) -> None:
    mem, ids = polluted
    ops = cleanup_plan_ops(mem.cleanup_report())
    assert [o["memory_id"] for o in ops] == [ids[k] for k in ("q1", "q2", "ctx_old", "dup",
                                                               "model")]
    assert all(o["action"] == "archive" and o["reason"].startswith("cleanup (") for o in ops)
    plan = mem.create_plan(ops, reason="cleanup")
    mem.apply_plan(plan.id, PHRASE)
    after = mem.cleanup_report()
    assert after.candidates == [] and after.consistency["ok"]
    assert mem.get(ids["keep"]).status == "active" and mem.get(ids["manual_q"]).status == "active"


def test_orphans_are_reported_but_never_planned(polluted: Any, db_path: str) -> None:
    mem, _ = polluted
    _sql(db_path, "INSERT INTO memory_vectors (memory_id, model, dim, vector, seq) "
                  "VALUES (9999, 'hashing-v1', 1, x'00000000', 0)")
    _sql(db_path, "INSERT INTO memory_fts (rowid, terms) VALUES (8888, 'ghost')")
    report = mem.cleanup_report()
    kinds = {(c.kind, c.memory_id) for c in report.candidates}
    assert {("orphan_vector", 9999), ("orphan_keyword", 8888)} <= kinds
    assert not report.consistency["ok"]
    text = report.to_text("en")
    assert "[orphan_vector] #9999 — vector without a memory (vecmem doctor --repair)" in text
    assert "Data consistency: ❌ 2 problem(s)" in text
    assert "  - 1 vectors without a memory" in text
    assert {o["memory_id"] for o in cleanup_plan_ops(report)}.isdisjoint({9999, 8888})


def test_stale_single_active_context(db_path: str) -> None:
    with _open(db_path) as mem:
        mid = mem.add("active_context: 正在做旧任务").memory_id
        assert mem.cleanup_report().candidates == []
        old = (datetime.now(UTC) - timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        _sql(db_path, "UPDATE memories SET updated_at = ? WHERE id = ?", (old, mid))
        (c,) = mem.cleanup_report().candidates
        assert (c.kind, c.memory_id, c.detail) == ("active_context", mid, {"days": 30})
        assert c.reason("zh") == "已 30 天未更新"


# -- health ------------------------------------------------------------------------------
def test_health_ok_attention_critical_and_exit_codes(db_path: str) -> None:
    with _open(db_path) as mem:
        a = mem.add("默认模型：gpt-4").memory_id
        mem.add("I prefer dark mode")
        ok = mem.health_report()
        assert (ok.status, ok.exit_code, ok.flags) == ("ok", 0, [])
        assert ok.new_records == {"add": 2} and ok.review_queue == 0
        assert ok.embedder["model"] == "hashing-v1" and not ok.embedder["fallback"]
        assert ok.size_bytes and ok.size_bytes > 0

        mem.add("默认模型：claude")  # a conflict: review
        att = mem.health_report()
        assert (att.status, att.exit_code) == ("attention", 1)
        assert att.flags == ["review_queue_nonempty"]

        _sql(db_path, "DELETE FROM memory_fts WHERE rowid = ?", (a,))
        crit = mem.health_report()
        assert (crit.status, crit.exit_code) == ("critical", 2)
        assert "consistency_failed" in crit.flags
        assert crit.to_dict()["exit_code"] == 2
        assert "❌ 严重" in crit.to_text("zh") and "❌ critical" in crit.to_text("en")


def test_health_flags_topic_conflicts_and_fallback_embedder(mem: Memory, db_path: str) -> None:
    a = mem.add("默认模型：gpt-4").memory_id
    b = mem.add("默认模型：claude").memory_id
    _sql(db_path, "UPDATE memories SET status = 'active' WHERE id = ?", (b,))
    report = mem.health_report()
    assert report.topic_conflicts == [{"topic_key": "config.default_model", "ids": [a, b]}]
    # The fixture configures the default (local) model but runs on the hashing fallback.
    assert report.flags == ["topic_conflicts", "embedder_fallback"]
    assert report.status == "attention"
    assert "config.default_model: #1, #2" in report.to_text("en")


def test_health_window_and_validation(db_path: str) -> None:
    with _open(db_path) as mem:
        mem.add("I prefer dark mode")
        with mem.store.transaction() as tx:
            tx.append_event(scope=mem.scope, memory_id=None, action="reject_input",
                            reason="long ago", created_at="2020-01-01T00:00:00.000000Z")
        assert mem.health_report(window_hours=24).new_records == {"add": 1}
        assert mem.health_report(window_hours=24 * 3650).new_records == {"add": 1,
                                                                          "reject_input": 1}
        for bad in (0, -1, True, "24h", 10**9):
            with pytest.raises(InvalidInputError):
                mem.health_report(window_hours=bad)
        md = mem.health_report(window_hours=168).to_markdown("en")
        assert md.startswith("# Health report — ") and "(last 7d)" in md
        assert "- Status: ✅ ok" in md

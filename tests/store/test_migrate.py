"""``migrate``: SQLite -> PostgreSQL -> SQLite gives back the very same database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.engine.migrate import migrate
from vecmem.errors import StoreError
from vecmem.store.sqlite import SQLiteStore

pg = pytest.importorskip(
    "vecmem.testing.pg", reason="pgserver/psycopg not installed (pip install -e '.[dev]')"
)

from vecmem.store.postgres import PostgresStore  # noqa: E402

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with pg.start_postgres() as url:
        yield url


def _populate(path: str) -> dict[str, Any]:
    """A source database with every kind of row: all statuses, merges, plans, two scopes."""
    mem = Memory.open(path, embedder=HashingEmbedder())
    a = mem.add("用户偏好：回答简洁务实").memory_id
    b = mem.add("User prefers code before prose").memory_id
    mem.add("active_context: 正在推进 P1 改造")
    mem.add("active_context: writing the release notes for v2")  # update in place
    mem.add("这个功能有没有必要？", source="auto")  # reject_input event
    mem.add("默认模型：deepseek-v4")
    mem.add("默认模型：qwen-max")  # topic conflict -> review
    c = mem.add("项目使用 Python 3.11 和 PostgreSQL 16").memory_id
    # The sources' superseded_by points at a later id: the copy must cope with that.
    merged = mem.merge([a, b], "用户偏好：回答简洁，先给代码").memory_id
    mem.archive(c, reason="旧的")
    plan = mem.create_plan([{"action": "restore", "memory_id": c}], reason="恢复")
    mem.apply_plan(plan.id, confirm=mem.settings.confirm_phrase)
    mem.create_plan([{"action": "archive", "memory_id": merged}], reason="pending")
    mem.close()
    other = Memory.open(path, embedder=HashingEmbedder(), scope="team")
    other.add("团队约定：周五不发布")
    other.close()
    return {"merged": merged}


def _dump(path: str) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    out = {
        table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
        for table in ("memories", "events", "plans", "memory_vectors")
    }
    out["keywords"] = conn.execute("SELECT rowid, terms FROM memory_fts ORDER BY rowid").fetchall()
    out["meta"] = conn.execute(
        "SELECT * FROM meta WHERE key NOT IN ('seq', 'store_id') ORDER BY 1").fetchall()
    out["store_id"] = conn.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchall()
    conn.close()
    return out


def _search(url: str, queries: list[str]) -> list[list[tuple[int, str]]]:
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        return [[(h.memory.id, h.memory.content) for h in mem.search(q, k=5)] for q in queries]
    finally:
        mem.close()


def test_sqlite_to_postgres_to_sqlite_round_trip(tmp_path: Path, server_url: str) -> None:
    first = str(tmp_path / "first.db")
    facts = _populate(first)
    pg_url = pg.create_database(server_url)
    calls: list[tuple[int, int]] = []

    src, dst = SQLiteStore(first), PostgresStore(pg_url)
    report = migrate(src, dst, progress=lambda done, total: calls.append((done, total)))
    src.close()
    dst.close()
    assert report["ok"] and not report["already_migrated"]
    tables = report["tables"]
    assert tables["memories"]["source"] == tables["memories"]["destination"] >= 8
    assert tables["events"]["source"] == tables["events"]["destination"] > 10
    assert tables["plans"]["destination"] == 2
    assert tables["memory_vectors"]["destination"] == tables["memories"]["destination"]
    assert calls and calls[-1][0] == calls[-1][1]

    second = str(tmp_path / "second.db")
    src, dst = PostgresStore(pg_url), SQLiteStore(second)
    back = migrate(src, dst)
    src.close()
    dst.close()
    assert back["ok"] and back["tables"] == report["tables"]

    # Every row, every column, every vector byte, every keyword term: identical.
    before, after = _dump(first), _dump(second)
    # ...except the store id: each database keeps its own (saved indexes are keyed to it).
    assert before.pop("store_id") != after.pop("store_id")
    for table in before:
        assert after[table] == before[table], table

    # The PostgreSQL copy answers like the original (same ids, same ranking).
    queries = ["回答风格 简洁", "Python", "周五", "release notes"]
    assert _search(pg_url, queries) == _search(first, queries)

    # New writes after a migration continue the ids instead of colliding with copied ones.
    mem = Memory.open(pg_url, embedder=HashingEmbedder())
    new = mem.add("用户偏好：周报用表格")
    mem.close()
    assert new.memory_id > max(r[0] for r in before["memories"])
    assert new.event_id > max(r[0] for r in before["events"])
    assert facts["merged"] in {r[0] for r in before["memories"]}


def test_migrate_refuses_a_non_empty_destination(tmp_path: Path, server_url: str) -> None:
    source = str(tmp_path / "src.db")
    _populate(source)
    pg_url = pg.create_database(server_url)
    src, dst = SQLiteStore(source), PostgresStore(pg_url)
    try:
        migrate(src, dst)
        # Same rows already there: a re-run is a no-op that says so.
        again = migrate(src, dst)
        assert again["ok"] and again["already_migrated"]
    finally:
        src.close()
        dst.close()

    other = str(tmp_path / "other.db")
    mem = Memory.open(other, embedder=HashingEmbedder())
    mem.add("用户住在上海")
    mem.close()
    src, dst = SQLiteStore(other), PostgresStore(pg_url)
    try:
        with pytest.raises(StoreError, match="not empty"):
            migrate(src, dst)
    finally:
        src.close()
        dst.close()
    # Nothing of the refused source leaked into the destination.
    mem = Memory.open(pg_url, embedder=HashingEmbedder())
    try:
        assert all(h.memory.content != "用户住在上海" for h in mem.search("上海", k=10))
    finally:
        mem.close()


def test_migrate_empty_database(tmp_path: Path, server_url: str) -> None:
    src = SQLiteStore(tmp_path / "empty.db")
    dst = PostgresStore(pg.create_database(server_url))
    try:
        report = migrate(src, dst)
    finally:
        src.close()
        dst.close()
    assert report["ok"]
    assert all(v == {"source": 0, "destination": 0} for v in report["tables"].values())

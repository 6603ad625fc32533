"""``Memory.backup`` / ``vecmem backup``: a consistent copy while another process writes;
``restore`` drilled: refuses to overwrite without force, keeps the replaced file aside."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError, StoreError
from vecmem.store.backup import backup_sqlite, restore_sqlite

WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from vecmem import Memory
    from vecmem.embed.hashing import HashingEmbedder

    db, stop = sys.argv[1], Path(sys.argv[2])
    mem = Memory.open(db, embedder=HashingEmbedder())
    i = 0
    while not stop.exists():
        i += 1
        mem.add(f"Build {i} finished with artifact build-{i:06d}.tar", source="ci")
        if i % 3 == 0:
            mem.add(f"第 {i} 次构建的产物是 build-{i:06d}.tar", source="ci")
    mem.close()
""")


def _count(db: Path) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM memories").fetchone()[0])
    finally:
        conn.close()


def _wait_for(db: Path, more_than: int, writer: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + 300  # a failure bound on a loaded machine, not a speed check
    while time.monotonic() < deadline:
        assert writer.poll() is None, writer.stderr.read() if writer.stderr else "writer died"
        try:
            n = _count(db)
        except sqlite3.OperationalError:
            n = 0
        if n > more_than:
            return n
        time.sleep(0.05)
    raise AssertionError(f"the writer never passed {more_than} memories")


def _check_copy(copy: Path) -> int:
    """The copy is one self-contained, healthy store whose rows and events agree."""
    assert not Path(f"{copy}-wal").exists()
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = conn.execute("SELECT COUNT(*) FROM memories").fetchone()[0]
    # Every row arrived with the event that created it, in one transaction: a torn copy
    # would show one without the other.
    created = conn.execute(
        "SELECT COUNT(*) FROM events WHERE action IN ('add', 'review')").fetchone()[0]
    assert rows == created
    conn.close()
    with Memory.open(str(copy), embedder=HashingEmbedder()) as mem:
        report = mem.doctor()
        assert report.ok and report.problems == 0, report.findings
        assert mem.search("build artifact", k=3)
    return rows


def test_backup_while_another_process_writes(tmp_path: Path) -> None:
    db, stop = tmp_path / "mem.db", tmp_path / "stop"
    with Memory.open(str(db), embedder=HashingEmbedder()) as mem:
        mem.add("The release checklist lives in docs/release.md")
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(stop)],
                              stderr=subprocess.PIPE)
    counts = []
    try:
        seen = 1
        with Memory.open(str(db), embedder=HashingEmbedder()) as mem:
            for n in range(3):
                seen = _wait_for(db, seen + 5, writer)  # the writer is busy right now
                result = mem.backup(tmp_path / f"copy{n}.db")
                assert Path(result["backup"]).stat().st_size == result["bytes"]
                counts.append(_check_copy(tmp_path / f"copy{n}.db"))
    finally:
        stop.touch()
        writer.wait(timeout=120)
    assert writer.returncode == 0, writer.stderr.read() if writer.stderr else ""
    assert counts == sorted(counts) and counts[0] < counts[-1]  # taken mid-stream
    assert _count(db) >= counts[-1]
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]


def test_backup_refuses_bad_destinations(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    with Memory.open(str(db), embedder=HashingEmbedder()) as mem:
        mem.add("用户住在上海")
        mem.backup(tmp_path / "one.db")
        with pytest.raises(StoreError, match="already exists"):
            mem.backup(tmp_path / "one.db")
        with pytest.raises(StoreError, match="does not exist"):
            mem.backup(tmp_path / "missing" / "two.db")
        with pytest.raises(StoreError):
            mem.backup(db)
        with pytest.raises(InvalidInputError):
            mem.backup("")  # type: ignore[arg-type]
        with pytest.raises(InvalidInputError):
            mem.backup(3)  # type: ignore[arg-type]


def test_restore_drill(tmp_path: Path) -> None:
    db, bak = tmp_path / "mem.db", tmp_path / "bak.db"
    with Memory.open(str(db), embedder=HashingEmbedder(), ann_threshold=1) as mem:
        kept = mem.add("The user lives in Berlin").memory_id
        mem.add("项目使用 pnpm 管理依赖")
        mem.search("Berlin")  # saves an index copy beside the file (ann_threshold=1)
        mem.backup(bak)
        lost = mem.add("The API server listens on port 8080").memory_id
        mem.archive(kept, reason="after the backup")
    with pytest.raises(StoreError, match="--force"):
        restore_sqlite(bak, db)
    result = restore_sqlite(bak, db, force=True)
    aside = Path(result["replaced_kept_at"])
    assert aside.parent == tmp_path and aside.name.startswith("mem.db.replaced-")
    with Memory.open(str(db), embedder=HashingEmbedder()) as mem:
        assert mem.get(kept).status == "active"
        assert [m.id for m in mem.list(limit=10)] == [2, 1] and lost not in {
            m.id for m in mem.list(limit=10)}
        assert [h.memory.id for h in mem.search("Berlin", k=1)] == [kept]
        assert mem.doctor().ok
    # The replaced state is still there, whole, for a restore of the restore.
    with Memory.open(str(aside), embedder=HashingEmbedder()) as mem:
        assert mem.get(kept).status == "archived" and mem.get(lost).content.endswith("8080")


def test_restore_refuses_what_is_not_a_store(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match=r"not a readable database|not a usable"):
        restore_sqlite(junk, tmp_path / "mem.db")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE x (y)").connection.close()
    with pytest.raises(StoreError, match="not a usable vecmem database"):
        restore_sqlite(other, tmp_path / "mem.db")
    with pytest.raises(StoreError, match="no such file"):
        restore_sqlite(tmp_path / "nope.db", tmp_path / "mem.db")
    assert not (tmp_path / "mem.db").exists()


def test_restore_into_a_new_path_and_backup_helpers(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    with Memory.open(str(db), embedder=HashingEmbedder()) as mem:
        mid = mem.add("周报每周五下午提交").memory_id
    copy = backup_sqlite(db, tmp_path / "copy.db")
    result = restore_sqlite(copy, tmp_path / "fresh.db")
    assert result["replaced_kept_at"] is None
    with Memory.open(str(tmp_path / "fresh.db"), embedder=HashingEmbedder()) as mem:
        assert mem.get(mid).content == "周报每周五下午提交"


@pytest.mark.postgres
def test_postgres_backup_says_pg_dump(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
    url = pg.create_database(request.getfixturevalue("pg_server"))
    with Memory.open(url, embedder=HashingEmbedder()) as mem, \
            pytest.raises(StoreError, match="pg_dump"):
        mem.backup(tmp_path / "copy.db")
    assert not (tmp_path / "copy.db").exists()

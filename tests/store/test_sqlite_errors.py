"""Every SQLite failure leaves as one StoreError with an actionable message (issue 18).

The disk-full case is real: ``PRAGMA max_page_count`` caps the file at its current size,
so SQLite itself answers SQLITE_FULL ("database or disk is full") as on a full disk.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import StoreError
from vecmem.store.sqlite import SQLiteStore, store_error

#: Installed in a process (this one, or a CLI subprocess): every connection the store
#: opens may not grow the file past the size it has now.
_CAP = """
import vecmem.store.sqlite as _s
_orig = _s.SQLiteStore.connection
def _capped(self):
    conn = _orig(self)
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    return conn
_s.SQLiteStore.connection = _capped
"""


def _fact(i: int) -> str:
    return f"Service number {i} listens on port {8000 + i} " + "and logs to the shared sink " * 40


def _seed(path: Path) -> None:
    with Memory.open(str(path), embedder=HashingEmbedder()) as mem:
        mem.add("The gateway service listens on port 8443")


def _consistent(path: Path) -> tuple[int, int]:
    """(memories, add events); asserts the file is sound and every row has its event."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = conn.execute("SELECT COUNT(*) FROM memories").fetchone()[0]
        adds = conn.execute("SELECT COUNT(*) FROM events WHERE action = 'add'").fetchone()[0]
        orphans = conn.execute(
            "SELECT COUNT(*) FROM memories m WHERE NOT EXISTS (SELECT 1 FROM events e "
            "WHERE e.memory_id = m.id AND e.action = 'add')").fetchone()[0]
        assert orphans == 0
        return rows, adds
    finally:
        conn.close()


def test_disk_full_is_a_store_error_and_the_file_stays_consistent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.db"
    _seed(path)
    original = SQLiteStore.connection

    def capped(self: SQLiteStore) -> sqlite3.Connection:
        conn = original(self)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    with monkeypatch.context() as patch:
        patch.setattr(SQLiteStore, "connection", capped)
        acknowledged = 0
        with Memory.open(str(path), embedder=HashingEmbedder(), reembed=False) as mem:
            with pytest.raises(StoreError, match="disk is full") as info:
                for i in range(500):
                    mem.add(_fact(i))
                    acknowledged += 1
            assert "Free some space" in info.value.message
            # Nothing half-written: the failed add left no row and no event.
            assert mem.count() == acknowledged + 1
    rows, adds = _consistent(path)
    assert rows == adds == acknowledged + 1
    with Memory.open(str(path), embedder=HashingEmbedder()) as mem:  # usable again
        assert mem.add(_fact(9999)).memory_id is not None
        assert mem.doctor().ok


def test_vecmem_add_on_a_full_disk_prints_one_line(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _seed(path)
    script = _CAP + ("import sys\nfrom vecmem.cli import main\n"
                     "sys.argv = ['vecmem', *sys.argv[1:]]\nmain()\n")
    env = {**os.environ, "VECMEM_DB": str(path), "VECMEM_EMBED_PROVIDER": "hashing"}
    before = _consistent(path)
    r = subprocess.run([sys.executable, "-c", script, "add", _fact(1) * 40],
                       capture_output=True, env=env, timeout=120)
    err = r.stderr.decode()
    assert r.returncode == 1, err
    assert "Traceback" not in err
    assert "disk is full" in err
    assert len(err.strip().splitlines()) == 1, err
    assert _consistent(path) == before


@pytest.mark.parametrize(("message", "name", "words"), [
    ("database or disk is full", "SQLITE_FULL", "disk is full"),
    ("disk I/O error", "SQLITE_IOERR_WRITE", "I/O error"),
    ("database is locked", "SQLITE_BUSY", "busy"),
    ("attempt to write a readonly database", "SQLITE_READONLY", "read-only"),
    ("file is not a database", "SQLITE_NOTADB", "corrupt"),
    ("unable to open database file", "SQLITE_CANTOPEN", "cannot open"),
])
def test_each_failure_gets_its_message(message: str, name: str, words: str) -> None:
    exc = sqlite3.OperationalError(message)
    exc.sqlite_errorname = name  # type: ignore[attr-defined]
    err = store_error(exc, "/data/m.db")
    assert isinstance(err, StoreError)
    assert words in err.message and "/data/m.db" in err.message


def test_a_read_only_file_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _seed(path)
    uri = f"file:{path}?mode=ro"
    conn = sqlite3.connect(uri, uri=True)
    with pytest.raises(sqlite3.OperationalError) as info:
        conn.execute("INSERT INTO meta(key, value) VALUES ('x', 'y')")
    conn.close()
    assert "read-only" in store_error(info.value, path).message

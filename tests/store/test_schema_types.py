"""Column types mean the same on both engines, for new databases and for databases made
by the schema text that declared ``confidence REAL`` (PostgreSQL then altered it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.store import schema

CONFIDENCE = 0.1 + 0.2  # 0.30000000000000004: survives only as an 8-byte float


def _old_migrations() -> list[tuple[int, str, list[str]]]:
    """Migration 1 as it shipped before the type was fixed in the schema text."""
    out = []
    for m in map(schema.as_migration, schema.MIGRATIONS):
        old = [s.replace("confidence DOUBLE PRECISION", "confidence REAL") for s in m.statements]
        out.append((m.version, m.name, old))
    assert any("confidence REAL" in s for s in out[0][2])
    return out


def _roundtrip(url: str) -> None:
    with Memory.open(url, embedder=HashingEmbedder()) as mem:
        mid = mem.add("用户偏好：回答简洁务实", confidence=CONFIDENCE).memory_id
    with Memory.open(url, embedder=HashingEmbedder()) as mem:
        assert mem.get(mid).confidence == CONFIDENCE
        assert mem.add("The user's editor is neovim", confidence=0.9).decision == "store"


def test_sqlite_new_database_stores_doubles(tmp_path: Path) -> None:
    db = str(tmp_path / "new.db")
    _roundtrip(db)
    conn = sqlite3.connect(db)
    types = {r[1]: r[2] for r in conn.execute("PRAGMA table_info(memories)")}
    assert types["confidence"] == "DOUBLE PRECISION"
    assert {r[0] for r in conn.execute("SELECT typeof(confidence) FROM memories")} == {"real"}


def test_sqlite_database_made_with_real_still_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vecmem.store.sqlite import SQLiteStore

    db = str(tmp_path / "old.db")
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", _old_migrations())
        SQLiteStore(db).close()
    conn = sqlite3.connect(db)
    types = {r[1]: r[2] for r in conn.execute("PRAGMA table_info(memories)")}
    conn.close()
    assert types["confidence"] == "REAL"  # really the old schema
    _roundtrip(db)


@pytest.mark.postgres
def test_postgres_new_and_old_databases_store_doubles(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
    import psycopg

    import vecmem.store.pg_schema as pg_schema
    import vecmem.store.postgres as pg_store

    server = request.getfixturevalue("pg_server")
    new, old = pg.create_database(server), pg.create_database(server)
    with monkeypatch.context() as m:
        # Exactly the old code path: REAL in the schema, then the ALTER afterwards.
        m.setattr(schema, "MIGRATIONS", _old_migrations())
        m.setattr(pg_schema, "_POST_V1", [
            "ALTER TABLE memories ALTER COLUMN confidence TYPE DOUBLE PRECISION",
            *pg_schema._POST_V1,
        ])
        pg_store.PostgresStore(old).close()
    for url in (new, old):
        _roundtrip(url)
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT data_type FROM information_schema.columns "
                "WHERE table_name = 'memories' AND column_name = 'confidence'"
            ).fetchone()
        assert row == ("double precision",), url

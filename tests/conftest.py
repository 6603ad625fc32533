"""Shared fixtures: real SQLite files (and a real PostgreSQL for the conformance suite)."""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder

DATA = Path(__file__).parent / "data"

# Property tests are derandomized by default: `make test` (and so CI) draws the same
# examples on every machine, so a red run is a real regression, never bad luck.
# `make test-explore` (HYPOTHESIS_PROFILE=explore) draws fresh random examples and keeps
# the failures it finds in .hypothesis/ so they can be turned into regression tests.
hypothesis_settings.register_profile("derandomized", derandomize=True, database=None,
                                     print_blob=True)
hypothesis_settings.register_profile("explore", derandomize=False, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))


def pytest_report_header(config: pytest.Config) -> list[str]:
    conn = sqlite3.connect(":memory:")
    fts5 = conn.execute("SELECT sqlite_compileoption_used('ENABLE_FTS5')").fetchone()[0]
    try:
        import sqlite_vec

        vec = getattr(sqlite_vec, "__version__", "installed")
    except ImportError:
        vec = "not installed"
    return [f"sqlite {sqlite3.sqlite_version} (fts5={bool(fts5)}), sqlite-vec {vec}"]


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Tests never read the developer's ~/.vecmem or VECMEM_* settings.
    for key in list(os.environ):
        if key.startswith("VECMEM_"):
            monkeypatch.delenv(key, raising=False)
    # Nor their locale: the report language follows it (English unless a test says zh).
    for key in ("LC_ALL", "LC_MESSAGES", "HERMES_LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir(exist_ok=True)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "mem.db")


@pytest.fixture
def mem(db_path: str) -> Iterator[Memory]:
    m = Memory.open(db_path, embedder=HashingEmbedder())
    yield m
    m.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    try:
        from vecmem.testing.pg import start_postgres
    except ImportError as exc:  # pragma: no cover - depends on the dev extra
        pytest.skip(f"pgserver not installed: {exc}")
    with start_postgres() as url:
        yield url


def _fresh_pg_database(server_url: str) -> str:
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = server_url.rpartition("/")
    query = ""
    if "?" in server_url:
        base_path, query = server_url.split("?", 1)
        base = base_path.rpartition("/")[0]
        query = "?" + query
    return f"{base}/{name}{query}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def engine_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database on each engine: the conformance suite runs on both."""
    if request.param == "sqlite":
        return str(tmp_path / "conformance.db")
    server = request.getfixturevalue("pg_server")
    return _fresh_pg_database(server)


@pytest.fixture
def cmem(engine_url: str) -> Iterator[Memory]:
    m = Memory.open(engine_url, embedder=HashingEmbedder())
    yield m
    m.close()

"""Least privilege on a real PostgreSQL: the owner creates the schema, an application role
without CREATE opens and works, a read-only role (or a read-only session, as on a hot
standby) reads, and what is missing is named exactly. Roles are created here, granted
with ``pg_schema.grant_statements`` (the same statements docs/postgres.md prints)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import StoreError
from vecmem.settings import DEFAULT_CONFIRM_PHRASE

pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
psycopg = pytest.importorskip("psycopg")

from vecmem.store import pg_schema  # noqa: E402
from vecmem.store.postgres import PostgresStore  # noqa: E402

pytestmark = pytest.mark.postgres


def _as(url: str, role: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname or ''}"))


def _admin(url: str, *statements: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


@pytest.fixture
def owned(pg_server: str) -> Iterator[str]:
    """A database whose schema the owner (the superuser here) created, with two memories."""
    url = pg.create_database(pg_server)
    with Memory.open(url, embedder=HashingEmbedder()) as mem:
        mem.add("The user's editor is neovim")
        mem.add("用户住在上海")
    yield url


def _role(url: str, *, write: bool, extra: tuple[str, ...] = ()) -> str:
    name = f"r_{uuid.uuid4().hex[:10]}"
    _admin(url, f"CREATE ROLE {name} LOGIN", *pg_schema.grant_statements(name, write=write),
           *(s.format(r=name) for s in extra))
    return name


def test_an_application_role_without_create_opens_and_works(owned: str) -> None:
    app = _role(owned, write=True)
    with psycopg.connect(_as(owned, app), autocommit=True) as conn:
        assert not conn.execute("SELECT has_schema_privilege('public', 'CREATE')").fetchone()[0]
    with Memory.open(_as(owned, app), embedder=HashingEmbedder()) as mem:
        assert mem.store.read_only is None
        added = mem.add("测试数据库是 postgres")
        assert added.decision == "store"
        assert [h.memory.content for h in mem.search("neovim")][:1] == [
            "The user's editor is neovim"]
        mem.archive(added.memory_id)
        mem.restore(added.memory_id)
        plan = mem.create_plan([{"action": "add", "content": "时区：Asia/Shanghai"}])
        mem.apply_plan(plan.id, DEFAULT_CONFIRM_PHRASE)
        assert mem.count() == 4
        assert mem.explain("neovim").to_dict()
        assert mem.health_report().to_dict()
        # The recall log is written (and pruned) by the application role.
        mem.search("neovim", session="s")
        assert [e.turn for e in mem.recalls(session="s")] == [1]


def test_a_role_without_create_cannot_make_the_schema_and_is_told_why(
    pg_server: str,
) -> None:
    url = pg.create_database(pg_server)
    app = f"r_{uuid.uuid4().hex[:10]}"
    _admin(url, f"CREATE ROLE {app} LOGIN")  # no grants yet: there are no tables
    with pytest.raises(StoreError) as err:
        PostgresStore(_as(url, app))
    message = str(err.value)
    assert "no vecmem schema" in message and f"role {app} lacks CREATE" in message
    assert "vecmem migrate-schema" in message
    # The owner's separate step (it prints the grants to run), then the role opens.
    done = subprocess.run([sys.executable, "-m", "vecmem", "--db", url, "migrate-schema",
                           "--grant", app], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"schema version {pg_schema.LATEST_VERSION}" in done.stdout
    grants = [ln.rstrip(";") for ln in done.stdout.splitlines() if ln.startswith("GRANT")]
    assert grants == pg_schema.grant_statements(app, write=True)
    _admin(url, *grants)
    store = PostgresStore(_as(url, app))
    assert store.read_only is None
    store.close()


def test_a_missing_read_grant_is_named_exactly(owned: str) -> None:
    app = _role(owned, write=True, extra=())
    _admin(owned, f"REVOKE SELECT ON plans FROM {app}")
    with pytest.raises(StoreError, match=rf"role {app} cannot read .*lacks SELECT on plans"):
        PostgresStore(_as(owned, app))


def test_missing_write_grants_make_a_read_only_store(owned: str) -> None:
    app = _role(owned, write=True)
    _admin(owned, f"REVOKE INSERT ON events FROM {app}")
    with Memory.open(_as(owned, app), embedder=HashingEmbedder()) as mem:
        assert mem.store.read_only == f"role {app} lacks INSERT on events"
        with pytest.raises(StoreError, match=r"read-only here: role .* lacks INSERT on events"):
            mem.add("a fact that cannot be written")


@pytest.mark.parametrize("how", ["read-only role", "default_transaction_read_only"])
def test_a_read_only_session_reads_everything_and_refuses_writes(
    owned: str, how: str, tmp_path: Path
) -> None:
    if how == "read-only role":
        role = _role(owned, write=False)
    else:  # what a hot standby looks like to a client: every transaction is read-only
        role = _role(owned, write=True,
                     extra=("ALTER ROLE {r} SET default_transaction_read_only = on",))
    url = _as(owned, role)
    with Memory.open(url, embedder=HashingEmbedder()) as mem:
        assert mem.store.read_only
        assert [h.memory.content for h in mem.search("neovim")][:1] == [
            "The user's editor is neovim"]
        assert [h.memory.content for h in mem.keyword("上海")] == ["用户住在上海"]
        assert mem.count() == 2 and len(mem.list()) == 2
        assert mem.events(limit=5)
        assert mem.explain("neovim").to_dict()["candidates"]
        assert mem.health_report().to_dict()
        assert mem.cleanup_report().to_dict()
        assert mem.stats()
        assert mem.review_list() == []
        assert mem.export(tmp_path / "out.jsonl")["memories"] == 2
        # A search with a session still answers; the log is not written here.
        assert mem.search("neovim", session="s") and mem.recalls() == []
        first = mem.list()[0]
        with pytest.raises(StoreError, match="read-only here"):
            mem.add("a new fact")
        with pytest.raises(StoreError, match="read-only here"):
            mem.archive(first.id)
        assert mem.count() == 2
    # The CLI answers without a traceback: reads work, a write is a clean error.
    env = {**os.environ, "VECMEM_DB": url, "VECMEM_EMBED_PROVIDER": "hashing"}
    ok = subprocess.run([sys.executable, "-m", "vecmem", "search", "neovim"], env=env,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "neovim" in ok.stdout, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "vecmem", "add", "another fact"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "read-only" in bad.stderr + bad.stdout
    assert "Traceback" not in bad.stderr + bad.stdout


def test_grant_statements_cover_every_table_the_schema_has(owned: str) -> None:
    with psycopg.connect(owned, autocommit=True) as conn:
        tables = {r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert tables == set(pg_schema.PRIVILEGES)


def _downgrade_to_v1(url: str) -> None:
    """Make the database what vecmem before migration 9 left: unstemmed lexemes, no
    statistics, no length column."""
    _admin(url,
           "DROP TRIGGER memory_keywords_stats ON memory_keywords",
           "DROP TABLE keyword_scope_stats", "DROP TABLE keyword_df",
           "ALTER TABLE memory_keywords DROP COLUMN dl",
           "ALTER TABLE memory_keywords DROP COLUMN tfx",
           "UPDATE memory_keywords SET tsv = array_to_tsvector(string_to_array(terms, ' '))",
           "DELETE FROM schema_version WHERE version = 9")


def test_migration_9_moves_an_old_database_to_bm25_and_only_the_owner_may(
    owned: str,
) -> None:
    with Memory.open(owned, embedder=HashingEmbedder()) as mem:
        for i in range(40):
            mem.add(f"deployment checklist item {i} for the staging servers")
        rare = mem.add("The zanzibar deployment needs the staging servers").memory_id
        want = [h.memory.id for h in mem.keyword("zanzibar deployment servers")]
    assert want[0] == rare
    app = _role(owned, write=True)
    _downgrade_to_v1(owned)
    with pytest.raises(StoreError, match=r"without migration 9.*does not own.*migrate-schema"):
        PostgresStore(_as(owned, app))
    with Memory.open(owned, embedder=HashingEmbedder()) as mem:  # the owner: migrates
        assert mem.store.integrity_check() == []
        assert [h.memory.id for h in mem.keyword("zanzibar deployment servers")] == want
    _admin(owned, *pg_schema.grant_statements(app, write=True))  # the new tables' grants
    with Memory.open(_as(owned, app), embedder=HashingEmbedder()) as mem:
        assert [h.memory.id for h in mem.keyword("zanzibar deployment servers")] == want


def test_drifted_keyword_statistics_are_reported_and_recounted(owned: str) -> None:
    _admin(owned, "UPDATE keyword_scope_stats SET docs = docs + 5")
    store = PostgresStore(owned)
    try:
        assert any("keyword statistics disagree" in p for p in store.integrity_check())
        store.migrate_schema()
        assert store.integrity_check() == []
    finally:
        store.close()


def test_docs_list_exactly_the_grants_the_code_checks() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "postgres.md").read_text(encoding="utf-8")
    for role, write in (("vecmem_app", True), ("vecmem_reader", False)):
        for statement in pg_schema.grant_statements(role, write=write):
            assert statement + ";" in docs, statement
    assert docs.count("GRANT ") == len(pg_schema.grant_statements("x")) + len(
        pg_schema.grant_statements("x", write=False))

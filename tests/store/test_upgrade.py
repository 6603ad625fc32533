"""Existing stores upgrade safely: the committed v1 fixture (written by main at eba211c,
tests/data/make_fixture_v1.py) opened with today's code, and the migration runner itself.

What an upgrade must do, checked against the file as the old code left it: every derived
field recomputed from the unchanged text, rows the new rules make one fact sent to review
(never a failed open), every change an event, a consistent backup beside the file first,
nothing lost, and a second open changes nothing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidTransitionError, StoreError
from vecmem.rules.derive import DERIVATION_VERSION, derive
from vecmem.store import schema
from vecmem.store.rederive import HELD, chosen_category
from vecmem.store.sqlite import SQLiteStore
from vecmem.text import content_hash, normalize
from vecmem.types import LIVE_STATUSES, MemoryRecord

DATA = Path(__file__).parent.parent / "data"
FIXTURE = DATA / "store_v1.db"


def _maker() -> Any:
    spec = importlib.util.spec_from_file_location("make_fixture_v1", DATA / "make_fixture_v1.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: original text -> texts the fixture's maker stored beside it that canonical text makes
#: the same fact (the list lives in the script that wrote the file).
COLLIDING: dict[str, list[str]] = _maker().COLLIDING
DERIVED = ("content_norm", "content_hash", "category", "memory_type", "topic_key", "subject",
           "predicate", "object")
#: Columns an upgrade never changes.
KEPT = ("id", "scope", "content", "confidence", "durability", "source", "hit_count",
        "superseded_by", "created_at", "last_hit_at", "meta")


def _rows(db: Path, table: str, order: str) -> list[dict[str, Any]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(f"SELECT * FROM {table} ORDER BY {order}")]
    finally:
        conn.close()


def _terms(db: Path) -> dict[int, str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {int(i): t for i, t in conn.execute("SELECT rowid, terms FROM memory_fts")}
    finally:
        conn.close()


def _record(row: dict[str, Any]) -> MemoryRecord:
    meta = json.loads(row["review_meta"]) if row["review_meta"] else None
    return MemoryRecord(**{k: row.get(k) for k in MemoryRecord.__slots__ if k != "review_meta"},
                        review_meta=meta)


@pytest.fixture
def v1(tmp_path: Path) -> Path:
    db = tmp_path / "store" / "mem.db"
    db.parent.mkdir()
    shutil.copyfile(FIXTURE, db)
    return db


def _open(db: Path, **kw: Any) -> Memory:
    return Memory.open(str(db), embedder=HashingEmbedder(), **kw)


def _expected_keepers(before: list[dict[str, Any]]) -> dict[int, int]:
    """held id -> keeper id, computed here from the old rows and today's rules: live rows
    of one scope that now derive one hash are one fact; an active row is kept over one in
    review, then the row whose hash did not change, then the oldest."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in before:
        if row["status"] in LIVE_STATUSES:
            new = derive(row["content"], chosen_category(_record(row))).hash
            groups[(row["scope"], new)].append({**row, "new": new})
    held = {}
    for group in groups.values():
        group.sort(key=lambda r: (r["status"] != "active", r["content_hash"] != r["new"],
                                  r["id"]))
        held.update({r["id"]: group[0]["id"] for r in group[1:]})
    return held


def test_fixture_is_what_v1_wrote() -> None:
    """The fixture really is an old store: no recorded derivation, every status/action."""
    rows = _rows(FIXTURE, "meta", "key")
    assert "derivation_version" not in {r["key"] for r in rows}
    assert {r["status"] for r in _rows(FIXTURE, "memories", "id")} == set(
        ("active", "review", "archived", "superseded"))
    assert {r["action"] for r in _rows(FIXTURE, "events", "event_id")} >= {
        "add", "duplicate", "update", "merge", "supersede", "review", "approve", "reject",
        "archive", "restore", "revert", "suggest", "reject_input", "repair", "reembed"}
    assert {r["status"] for r in _rows(FIXTURE, "plans", "id")} == {"applied", "pending"}


def test_upgrade_rederives_everything_and_loses_nothing(v1: Path) -> None:
    before = _rows(v1, "memories", "id")
    events_before = _rows(v1, "events", "event_id")
    plans_before = _rows(v1, "plans", "id")
    held = _expected_keepers(before)

    mem = _open(v1)
    report = mem.store.upgrade
    mem.close()

    # A consistent copy of the old state beside the file, taken first.
    assert report.derivation == (0, DERIVATION_VERSION)
    backup = Path(report.backup)
    assert backup.parent == v1.parent and backup.name.startswith("mem.db.before-upgrade-")
    assert _rows(backup, "memories", "id") == before
    assert _rows(backup, "events", "event_id") == events_before

    after = _rows(v1, "memories", "id")
    terms = _terms(v1)
    assert [r["id"] for r in after] == [r["id"] for r in before]  # nothing lost or added
    for old, new in zip(before, after, strict=True):
        assert {k: new[k] for k in KEPT} == {k: old[k] for k in KEPT}
        d = derive(old["content"], chosen_category(_record(old)))
        want = {**d.fields()}
        if old["id"] in held:
            want["content_hash"] = f"{d.hash}{HELD}{old['id']}"
            assert new["status"] == "review"
            meta = json.loads(new["review_meta"])
            assert meta["kind"] == "duplicate" and meta["target_ids"] == [held[old["id"]]]
            assert meta["content_hash"] == d.hash
        else:
            assert (new["status"], new["review_meta"]) == (old["status"], old["review_meta"])
        assert {k: new[k] for k in DERIVED} == want, old["content"]
        assert terms[old["id"]] == d.terms
    # A chosen category is a label, kept; the old pipeline's derived ones follow the rules.
    okr = next(r for r in after if r["content"].startswith("Quarterly OKRs"))
    assert okr["category"] == "work-notes"

    # The audit trail: old events untouched, one event per row sent to review, one
    # summary per scope that changed.
    events = _rows(v1, "events", "event_id")
    assert events[: len(events_before)] == events_before
    new_events = events[len(events_before):]
    assert {e["action"] for e in new_events} <= {"migrate"}
    per_row = {e["memory_id"]: e for e in new_events if e["memory_id"] is not None}
    assert set(per_row) == set(held)
    for mid, e in per_row.items():
        assert e["after_status"] == "review" and json.loads(e["related_ids"]) == [held[mid]]
    changed = {r["id"] for r, o in zip(after, before, strict=True)
               if any(r[k] != o[k] for k in (*DERIVED, "status"))
               or terms[r["id"]] != _terms(backup)[r["id"]]}
    summaries = [e for e in new_events if e["memory_id"] is None]
    listed = {i for e in summaries for i in json.loads(e["meta"])["ids"]}
    assert listed == changed
    assert all(str(backup) in e["reason"] for e in summaries)
    assert _rows(v1, "plans", "id") == plans_before
    # Vectors are kept as they were (same model, same bytes); every row is indexed once.
    assert [(r["memory_id"], r["model"], r["vector"]) for r in _rows(v1, "memory_vectors",
                                                                      "memory_id")] == [
        (r["memory_id"], r["model"], r["vector"]) for r in _rows(backup, "memory_vectors",
                                                                  "memory_id")]
    assert sorted(terms) == [r["id"] for r in after]


def test_fixture_collisions_go_to_review(v1: Path) -> None:
    """The texts the fixture's maker lists as "one fact under canonical text": whichever of
    them today's rules do make one fact end as one live row plus review items."""
    before = _rows(v1, "memories", "id")
    by_text = {(r["scope"], r["content"]): r for r in before}
    mem = _open(v1)
    mem.close()
    after = {r["id"]: r for r in _rows(v1, "memories", "id")}
    for original, variants in COLLIDING.items():
        first = by_text[("default", original)]
        for text in variants:
            row = by_text.get(("default", text))
            if row is None or row["status"] not in LIVE_STATUSES:
                continue  # the old code already folded it into another row
            same = derive(text).hash == derive(original).hash
            if same:
                assert after[row["id"]]["status"] == "review"
                assert json.loads(after[row["id"]]["review_meta"])["target_ids"] == [first["id"]]
            else:
                assert after[row["id"]]["status"] == row["status"]
    # However the rules draw "the same", no two live rows of a scope hold one fact.
    live: dict[tuple[str, str], list[int]] = defaultdict(list)
    for r in after.values():
        if r["status"] in LIVE_STATUSES and HELD not in r["content_hash"]:
            live[(r["scope"], r["content_hash"])].append(r["id"])
    assert all(len(ids) == 1 for ids in live.values())


def test_second_open_changes_nothing(v1: Path) -> None:
    _open(v1).close()
    state = (_rows(v1, "memories", "id"), _rows(v1, "events", "event_id"), _terms(v1))
    files = sorted(p.name for p in v1.parent.iterdir())
    mem = _open(v1)
    assert not mem.store.upgrade.changed and mem.store.upgrade.backup is None
    report = mem.doctor()
    mem.close()
    assert report.ok and report.problems == 0, report.findings
    assert (_rows(v1, "memories", "id"), _rows(v1, "events", "event_id"), _terms(v1)) == state
    assert sorted(p.name for p in v1.parent.iterdir()) == files  # no second backup


def _plant_old_rows(db: Path) -> dict[str, int]:
    """Rows as older code wrote them, into a store that then forgets its derivation: the
    same text under another category from a merge before eba211c (the first source's
    category was inherited), a row whose keyword terms an older tokenizer wrote, and a
    stale normalized text."""
    conn = sqlite3.connect(db)
    text = "Use ruff for linting Python code"
    norm = normalize(text)
    original = conn.execute("SELECT id FROM memories WHERE content = ? AND scope = 'default'",
                            (text,)).fetchone()[0]
    cur = conn.execute(
        "INSERT INTO memories (scope, content, content_norm, content_hash, category, "
        "memory_type, status, source, created_at, updated_at) VALUES "
        "('default', ?, ?, ?, 'project', 'general', 'active', 'merge', "
        "'2026-01-02T00:00:00', '2026-01-02T00:00:00')",
        (text, norm, content_hash(norm, "project")))
    merged = int(cur.lastrowid)
    conn.execute("INSERT INTO memory_fts(rowid, terms) VALUES (?, 'use ruff for linting')",
                 (merged,))
    stale = conn.execute("SELECT id FROM memories WHERE content = ?",
                         ("用户喜欢用 Vim 写代码",)).fetchone()[0]
    conn.execute("UPDATE memories SET content_norm = ? WHERE id = ?",
                 ("用户喜欢用 vim 写代码 ", stale))
    conn.execute("DELETE FROM memory_fts WHERE rowid = ?", (stale,))
    conn.execute("INSERT INTO memory_fts(rowid, terms) VALUES (?, '用户喜欢用')", (stale,))
    conn.execute("DELETE FROM meta WHERE key = 'derivation_version'")
    conn.commit()
    conn.close()
    return {"merged": merged, "stale": stale, "original": original}


def test_old_rows_are_fixed_and_a_live_collision_goes_to_review(v1: Path) -> None:
    ids = _plant_old_rows(v1)
    mem = _open(v1)
    try:
        merged = mem.get(ids["merged"])
        assert merged.status == "review" and merged.category == "general"
        assert merged.review_meta["target_ids"] == [ids["original"]]
        stale = mem.get(ids["stale"])
        assert stale.content_norm == normalize(stale.content)
        assert _terms(v1)[ids["stale"]] == derive(stale.content).terms
        assert [h.memory.id for h in mem.keyword("Vim", k=3)][:1] == [ids["stale"]]
        # The same text written now is a duplicate of the one live copy.
        r = mem.add("Use ruff for linting Python code")
        assert (r.decision, r.memory_id) == ("duplicate", ids["original"])
        # Review settles it through the ordinary transitions.
        hits = mem.get(ids["original"]).hit_count
        mem.approve(ids["merged"])
        assert mem.get(ids["merged"]).superseded_by == ids["original"]
        assert mem.get(ids["original"]).hit_count == hits + 1
        assert mem.doctor().ok
    finally:
        mem.close()


def test_held_review_item_can_be_rejected(v1: Path) -> None:
    ids = _plant_old_rows(v1)
    with _open(v1) as mem:
        mem.reject(ids["merged"], reason="same as the other")
        assert mem.get(ids["merged"]).status == "archived"
        assert mem.get(ids["original"]).status == "active"


def test_a_rejected_held_item_is_not_restored_beside_its_keeper(v1: Path) -> None:
    """Rejected, a held row is archived with its marked hash; restoring it must see that
    its fact is live in the keeper (the identity hash, not the mark, is checked), and once
    the keeper is gone it comes back under its real hash."""
    ids = _plant_old_rows(v1)
    with _open(v1) as mem:
        mem.reject(ids["merged"], reason="same as the other")
        with pytest.raises(InvalidTransitionError, match=f"#{ids['original']} already holds"):
            mem.preview_restore(ids["merged"])
        with pytest.raises(InvalidTransitionError, match=f"#{ids['original']} already holds"):
            mem.restore(ids["merged"])
        assert mem.get(ids["merged"]).status == "archived"
        mem.archive(ids["original"])
        mem.restore(ids["merged"])
        back = mem.get(ids["merged"])
        assert back.status == "active" and HELD not in back.content_hash
        assert back.content_hash == content_hash(back.content_norm, back.category)
        # The fact written again now meets the restored row, not a second copy.
        again = mem.add("Use ruff for linting Python code")
        assert (again.decision, again.memory_id) == ("duplicate", ids["merged"])


def test_rederive_stores_nothing_the_kernel_would_redact(v1: Path) -> None:
    """Two copies of a text holding a token (as a store written before the token's shape
    was known could hold it): re-derive cuts the value out of both rows' texts
    (store/legacy_secrets.py), holds them in review, and every row and migrate event it
    writes passes through the kernel's redaction, like every write."""
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    text = f"The CI deploy token is {token}"
    conn = sqlite3.connect(v1)
    for when in ("2026-01-03T00:00:00", "2026-01-04T00:00:00"):
        conn.execute(
            "INSERT INTO memories (scope, content, content_norm, content_hash, category, "
            "memory_type, status, source, created_at, updated_at) VALUES "
            "('default', ?, ?, ?, 'general', 'general', 'active', 'manual', ?, ?)",
            (text, text + " ", f"legacy-{when}", when, when))
    conn.execute("DELETE FROM meta WHERE key = 'derivation_version'")
    conn.commit()
    conn.close()
    with _open(v1) as mem:
        held = [m for m in mem.list(status="review", limit=100)
                if m.content == "The CI deploy token is [REDACTED:github_token]"]
        assert len(held) == 2 and {m.review_meta["kind"] for m in held} == {"secret"}
        events = [e for m in held for e in mem.events(m.id, action="migrate")]
        assert events and all(token[4:] not in repr(e.to_dict()) for e in events)
        every = mem.list(limit=1000) + mem.list(status="review", limit=1000)
        assert all(token[4:] not in (m.content or "") + (m.content_norm or "") for m in every)
    with _open(v1) as mem:  # redacted once, stable after
        assert not mem.store.upgrade.changed



def test_a_round10_secret_stored_under_rules_14_is_cut_on_upgrade(v1: Path) -> None:
    """Texts rules 14 stored whole (a label after its value, a pass next to what it opens,
    a watchword answered with 回令): opened under rules 15, the value is cut out of the row,
    the row waits in review, and a fact about a secret stored beside them is untouched."""
    texts = {"Xk9#2 是我的密码": "Xk9#2", "the pass for the guest wifi? it's seaside44":
             "seaside44", "回令：长江黄河": "长江黄河"}
    fact = "123456 is the most common password"
    conn = sqlite3.connect(v1)
    for i, text in enumerate([*texts, fact]):
        when = f"2026-01-0{i + 3}T00:00:00"
        conn.execute(
            "INSERT INTO memories (scope, content, content_norm, content_hash, category, "
            "memory_type, status, source, created_at, updated_at) VALUES "
            "('default', ?, ?, ?, 'general', 'general', 'active', 'manual', ?, ?)",
            (text, normalize(text), f"legacy-r10-{i}", when, when))
    conn.execute("DELETE FROM meta WHERE key = 'derivation_version'")  # v1: rules 0 (< 14)
    conn.commit()
    conn.close()
    with _open(v1) as mem:
        every = mem.list(limit=1000) + mem.list(status="review", limit=1000)
        held = [m for m in mem.list(status="review", limit=1000)
                if m.review_meta and m.review_meta.get("kind") == "secret"]
        assert len(held) == len(texts)
        assert all("[REDACTED:" in m.content for m in held)
        assert not any(v in (m.content or "") for m in every for v in texts.values())
        assert [m.content for m in mem.list(limit=1000) if m.content == fact] == [fact]

# -- the runner ----------------------------------------------------------------------------
def test_python_migration_runs_once_after_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "mem.db"
    with _open(db) as mem:
        mem.add("The user lives in Berlin")
    calls: list[int] = []

    def fill_source(tx: Any) -> None:
        calls.append(1)
        tx.execute("UPDATE memories SET source = 'migrated' WHERE source = 'manual'")

    extra = schema.Migration(90, "test: a python step", ("CREATE TABLE t90 (x INTEGER)",),
                             run=fill_source)
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, extra])
    store = SQLiteStore(db)
    assert store.upgrade.applied == [(90, "test: a python step")]
    assert _rows(Path(store.upgrade.backup), "memories", "id")[0]["source"] == "manual"
    assert store.schema_version() == 90
    store.close()
    store = SQLiteStore(db)
    assert not store.upgrade.changed and calls == [1]
    store.close()
    assert _rows(db, "memories", "id")[0]["source"] == "migrated"


def test_failed_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "mem.db"
    with _open(db) as mem:
        mem.add("The user lives in Berlin")
    state = _rows(db, "memories", "id"), _rows(db, "schema_version", "version")

    def boom(tx: Any) -> None:
        tx.execute("UPDATE memories SET source = 'half-done'")
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(schema, "MIGRATIONS", [
        *schema.MIGRATIONS, schema.Migration(91, "test: fails", ("CREATE TABLE t91 (x)",),
                                             run=boom)])
    with pytest.raises(StoreError, match=r"migration 91 \(test: fails\).*nothing was changed"):
        SQLiteStore(db)
    assert (_rows(db, "memories", "id"), _rows(db, "schema_version", "version")) == state


def test_newer_store_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    SQLiteStore(db).close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'derivation_version'",
                 (str(DERIVATION_VERSION + 1),))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer than this vecmem"):
        SQLiteStore(db)


def test_new_store_needs_no_backup(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "mem.db")
    assert store.upgrade.backup is None and store.upgrade.derivation is None
    store.close()
    assert not [p for p in tmp_path.iterdir() if "before-upgrade" in p.name]


# -- PostgreSQL ------------------------------------------------------------------------------
def _state(tx: Any) -> list[tuple[Any, ...]]:
    """Every memory's upgrade-relevant columns and keyword terms, engine-neutral."""
    cols = ", ".join(("m.id", "m.status", *(f"m.{c}" for c in DERIVED), "m.review_meta"))
    rows = tx.execute(f"SELECT {cols} FROM memories m ORDER BY m.id").fetchall()
    return [(*r[:-1], json.loads(r[-1]) if r[-1] else None, tx.keyword_index_terms(int(r[0])))
            for r in rows]


@pytest.mark.postgres
def test_fixture_upgrades_the_same_on_postgres(
    v1: Path, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old rows copied verbatim into PostgreSQL (``vecmem migrate``) and opened there
    are upgraded exactly as on SQLite: the runner and the re-derive step are shared."""
    pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
    from vecmem.engine.migrate import migrate
    from vecmem.store.postgres import PostgresStore

    _plant_old_rows(v1)
    reference = tmp_path / "reference.db"
    shutil.copyfile(v1, reference)
    ref = SQLiteStore(reference)
    with ref.transaction(write=False) as tx:
        want = _state(tx)
    ref.close()
    assert any(r[1] == "review" and r[3].count(HELD) for r in want)

    url = pg.create_database(request.getfixturevalue("pg_server"))
    with monkeypatch.context() as m:
        # Read the file as the old code left it: this open must not upgrade it.
        m.setattr("vecmem.rules.derive.DERIVATION_VERSION", 0)
        src = SQLiteStore(v1)
        # Schema migrations may apply (the copy needs today's columns); the rows stay as
        # the old rules derived them.
        assert src.upgrade.derivation is None
    dst = PostgresStore(url)
    assert migrate(src, dst)["ok"]
    src.close()
    with dst.transaction() as tx:
        tx.execute("DELETE FROM meta WHERE key = 'derivation_version'")  # as v1 left it
    dst.close()

    store = PostgresStore(url)
    try:
        assert store.upgrade.derivation == (0, DERIVATION_VERSION)
        assert store.upgrade.backup is None  # pg_dump's job: the event says so
        with store.transaction(write=False) as tx:
            assert _state(tx) == want
            summary = tx.events("default", action="migrate", limit=50)
        assert summary and all(e.meta["backup"] is None for e in summary if e.memory_id is None)
    finally:
        store.close()
    again = PostgresStore(url)
    assert not again.upgrade.changed  # up to date: opening only read the versions
    again.close()


def test_derive_is_what_the_pipeline_stores(tmp_path: Path) -> None:
    """The re-derive step and the write pipeline compute the same fields: every row the
    pipeline stores (fixture texts and their colliding variants, both languages) equals
    ``derive`` of its text, so an upgraded row and a new write of its text agree."""
    texts = [r["content"] for r in _rows(FIXTURE, "memories", "id")]
    texts += [t for variants in COLLIDING.values() for t in variants]
    stored = 0
    for i, text in enumerate(dict.fromkeys(texts)):
        with _open(tmp_path / "mem.db", scope=f"s{i}") as mem:
            r = mem.add_many([text], raw=True)[0]
            if r.memory_id is None:
                continue
            rec = mem.get(r.memory_id)
            d = derive(text)
            assert {k: getattr(rec, k) for k in DERIVED} == d.fields(), text
            with mem.store.transaction(write=False) as tx:
                assert tx.keyword_index_terms(rec.id) == d.terms
            stored += 1
    assert stored >= 30


def test_no_upgrade_without_its_backup(v1: Path) -> None:
    """When the copy before an upgrade cannot be made, the upgrade does not happen: the
    open fails with what to do, and the store is exactly as it was."""
    before = _rows(v1, "memories", "id"), _rows(v1, "meta", "key")
    conn = sqlite3.connect(v1, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")

    def no_room(label: str) -> str:
        raise StoreError("No space left on device")

    from vecmem.store.sqlite import SQLiteTx

    # The engine's own opening transaction, with a backup step that finds the disk full.
    tx = SQLiteTx(conn, None)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match=r"backup failed: No space left.*Nothing was changed"):
        schema.migrate(tx, schema.Dialect(fill={}, backup=no_room, where=str(v1)))
    conn.execute("ROLLBACK")
    conn.close()
    assert (_rows(v1, "memories", "id"), _rows(v1, "meta", "key")) == before


def test_migration_ids_are_unique() -> None:
    """Parallel branches get id ranges (2-4 upgrade/kernel, 5-6 recall, ...) and may land
    in any order (the runner sorts); two migrations with one id would be a silent loss."""
    ids = [schema.as_migration(m).version for m in schema.MIGRATIONS]
    assert len(ids) == len(set(ids)) and min(ids) == 1
    assert max(ids) == schema.LATEST_VERSION


@pytest.mark.postgres
def test_postgres_app_role_is_told_the_owner_must_upgrade(
    request: pytest.FixtureRequest,
) -> None:
    """Re-deriving is part of the owner's upgrade step on PostgreSQL: an application role
    (no CREATE, not the owner) opening rows derived by older rules is told exactly that,
    changes nothing, and opens once the owner has opened the store."""
    pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
    import uuid
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    from vecmem.store import pg_schema
    from vecmem.store.postgres import PostgresStore

    url = pg.create_database(request.getfixturevalue("pg_server"))
    with Memory.open(url, embedder=HashingEmbedder()) as mem:
        mem.add("The user's editor is neovim")
    role = f"r_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in (f"CREATE ROLE {role} LOGIN", *pg_schema.grant_statements(role),
                          "DELETE FROM meta WHERE key = 'derivation_version'"):
            conn.execute(statement)
    parts = urlsplit(url)
    as_app = urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname or ''}"))
    with pytest.raises(StoreError, match=r"rules version 0.*migrate-schema"):
        PostgresStore(as_app)
    owner = PostgresStore(url)
    assert owner.upgrade.derivation == (0, DERIVATION_VERSION)
    owner.close()
    with Memory.open(as_app, embedder=HashingEmbedder()) as mem:
        assert not mem.store.upgrade.changed and mem.count() == 1


def test_an_active_row_is_kept_over_a_review_row_whose_hash_was_right(v1: Path) -> None:
    """The review row already held the right hash and changes in nothing else; the
    active row that now derives the same hash is kept live, and the review row becomes
    the duplicate (held hash, review meta, event), found although no field of it changed."""
    ids = _plant_old_rows(v1)
    conn = sqlite3.connect(v1)
    conn.execute("UPDATE memories SET status = 'review' WHERE id = ?", (ids["original"],))
    conn.commit()
    conn.close()
    with _open(v1) as mem:
        assert mem.get(ids["merged"]).status == "active"
        original = mem.get(ids["original"])
        assert original.status == "review" and HELD in original.content_hash
        assert original.review_meta["target_ids"] == [ids["merged"]]
        assert [e.related_ids for e in mem.events(ids["original"], action="migrate")] == [
            [ids["merged"]]]


# -- the version guard ---------------------------------------------------------------------
#: sha256 of everything ``derive`` returns for the corpus below, per rules version. A rule
#: change that alters a derived field without a new RULES_VERSION would leave every
#: existing store with stale hashes and categories (duplicates, missed dedup): the test
#: below catches it. Bumping the version: add its digest here (the failure prints it).
DERIVATION_DIGESTS = {
    1: "7f6e9bc36aa96f19c3f6883f93b87c4fd81d60ce6df61cdcacec3f26cd5a0bf5",
    # 2 never reached main (the rules branch's own intermediate step).
    3: "e5a553e6ac4e12878613cc4163e1e84f68827d31834028dd288eb20a28a834fd",
    4: "b31198c1c4af0bafe990bbc3f921ee6f300058e0e6df472f195d6638c8356f69",
    6: "9f5114396aac834d866b69e99e938a230f7d8bf50b6c1a25a6c29cdcfb1194ac",  # 5: rulesq
    # 7: relation symmetry (slots), rule cue terms (rules/cues.py); secret rules also
    # read stored texts again (store/legacy_secrets.py).
    7: "f83ceff79a4910d18d047ceb66177202fb31ae416564a33d7fbedc408a7fe4b0",
    # 8: switches read by grammar (rules/changes.py), editors and model names by kind
    8: "9ca6b33a13d7ff444bd8e915de24ca841e62bca0f21c6b7ac285402c8b43b2b9",
    # 9: session 6 — secret shapes round 4 (rules/secret_labels.py; stored texts read again
    # under them, store/legacy_secrets.py), slots round 5 (rules/slot_forms.py), rule cue
    # terms round 2 (rules/lexicon.py: 34 categories, phrase triggers)
    9: "565f2da915c9379147fcaabefe1c8aa860a053d371820a4507f1ed64752eaa24",
    # 10: session 7 — secret shapes round 5 (escapes decoded, codes said aloud, more labels;
    # stored texts read again under them), slots by frame (rules/slot_frames.py)
    # and rule cue triggers matching English -ing / -ed / -ies forms (rules/cues.py)
    10: "0d9b1bfc5ca30d030aefcaded83f7bb58faa0371a7b67f13a082da4f5e159f17",
    # 11: session 8 — slots round 7: compound sentences, fillers, CJK value ends
    # (rules/slot_grammar.py)
    # and secret shapes round 6 (rules/secret_frame.py; stored texts read again under them)
    11: "e854e95d3326028e303b2d52b802b5eeab75ccc7b615b8abd3710052fd3abf92",
    # 12: session 9 — slots round 8: values by what they are (rules/places.py), Chinese
    # kin kept apart, CJK names bounded (rules/slots.py)
    # and secret shapes round 7 (rules/secret_fields.py, masked values; stored texts read
    # again under them)
    12: "547965ce387e3a46709ac69ee193cdc4022d18b63018ec3770ad6025b2d35999",
    # 13: session 10 — secret shapes round 8 (rules/secret_near.py, short generated
    # tokens, the CJK/Latin seam reading; stored texts read again under them)
    13: "547965ce387e3a46709ac69ee193cdc4022d18b63018ec3770ad6025b2d35999",
    # 14: session 11 — secret shapes round 9 (rules/secret_restate.py: values restated or
    # corrected after their label; stored texts read again under them), slots round 9
    # (slot values said by other verbs, one spelling per fixed offset: topic keys change)
    # and filter round 9
    14: "548c23e36da1a11bac2bcc45ae5e1b593b2260cfd010ef1ad12ff995f25e6371",
    # 15: session 14 — secret shapes round 10 (stored texts read again under them), rule
    # cue terms round 4 (new categories of everyday memories, drug-name suffix triggers),
    # slot values by key (places, time zones, editors, models) and filter round 10
    15: "2775fa6b93036c8249b71ee518bceca1beacd31e4b755f771490d8f2c2ec9367",
    # 16: session 15 — slots by category, filter round 11, secrets round 11 (the corpus's
    # derived fields are unchanged, so the digest is 15's)
    16: "2775fa6b93036c8249b71ee518bceca1beacd31e4b755f771490d8f2c2ec9367",
    # 17: session 17 — secret shapes round 12 (stored texts read again under them) and
    # filter changes, then a project's stack named by several technologies keyed as one
    # set (branch stacks17: project.<name>.stack), which changes the corpus's topic keys
    17: "15f19634f6131847e546547ea2e129a50c2b186495bb442b5b754cc31d860411",
}


def _corpus() -> list[str]:
    texts = [r["content"] for r in _rows(FIXTURE, "memories", "id")]
    texts += [t for variants in COLLIDING.values() for t in variants]
    for name in ("quality_dev.jsonl", "quality_extra.jsonl"):
        with open(DATA / name, encoding="utf-8") as fh:
            texts += [json.loads(line)["text"] for line in fh if line.strip()]
    return list(dict.fromkeys(texts))


def _digest() -> str:
    import hashlib

    h = hashlib.sha256()
    for text in _corpus():
        d = derive(text)
        h.update(json.dumps([text, d.fields(), d.terms], ensure_ascii=False).encode())
    return h.hexdigest()


def test_derived_fields_change_only_with_the_rules_version() -> None:
    digest = _digest()
    assert len(_corpus()) > 500
    known = DERIVATION_DIGESTS.get(DERIVATION_VERSION)
    assert known is not None, (
        f"rules version {DERIVATION_VERSION} is new: add {DERIVATION_VERSION}: "
        f'"{digest}" to DERIVATION_DIGESTS in tests/store/test_upgrade.py')
    assert digest == known, (
        "derive() gives other fields than rules version "
        f"{DERIVATION_VERSION} did: bump RULES_VERSION (existing stores re-derive on open) "
        f'and add its digest "{digest}"')

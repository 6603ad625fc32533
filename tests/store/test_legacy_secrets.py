"""A secret stored before a rule could see it leaves the store on upgrade (issue 15 item 4).

The store below is what older code left: rows and events written raw, as they were before
the round-3 shapes existed (a code in words, a value in the next sentence, one spelled out
character by character), and the store's rules version set back. Opening it with today's
code must leave no value in any stored string — rows, events, plans, the recall log, the
keyword index — put the live row in review where a person sees it (review, doctor,
health), and allow only safe moves afterwards: approve keeps the redacted text, nothing
brings the value back.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import VecmemError
from vecmem.store.rederive import HELD
from vecmem.store.schema import TOMBSTONE
from vecmem.text import normalize

PIN_WORDS = "nine one four six"
ROUTER = "Maple!88"
SPELLED = "h u n t e r 2 7"
ALARM = "zero seven seven one"
QUERY_CODE = "three nine zero five"
LEGACY = {
    "active": f"The garage code is {PIN_WORDS}",
    "archived": f"Here's the router password. It's {ROUTER}.",
    "clean": "The user lives in Berlin",
    "history": f"The user lives in Berlin; the alarm code: {ALARM}",
    "rejected": f"p a s s w o r d : {SPELLED}",
}
VALUES = (PIN_WORDS, ROUTER, SPELLED, ALARM, QUERY_CODE)
T0 = "2026-01-03T00:00:00.000000Z"


def _compact(text: str) -> str:
    return re.sub(r"[\W_]+", "", normalize(text).casefold())


def _file_strings(db: Path) -> str:
    """Every string stored in every table of a SQLite file (the keyword index too)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        out = []
        for table in tables:
            try:
                rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
            except sqlite3.OperationalError:
                continue  # FTS shadow tables the module reads itself
            out += [x for row in rows for x in row if isinstance(x, str)]
        return "\n".join(out)
    finally:
        conn.close()


def _strings(url: str) -> str:
    """Every string of every table, read beside vecmem (opening it would upgrade it)."""
    if "://" not in url:
        return _file_strings(Path(url))
    import psycopg

    with psycopg.connect(url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()]
        return "\n".join(str(x) for t in tables for row in conn.execute(
            f'SELECT * FROM "{t}"').fetchall() for x in row if isinstance(x, str))


def _holds(blob: str, value: str) -> bool:
    return value in blob or _compact(value) in _compact(blob)


def _event(tx: Any, memory_id: int | None, action: str, *,
           before: str | None = None, after: str | None = None, meta: object = None,
           status: tuple[str | None, str | None] = (None, "active")) -> int:
    return tx.insert_returning_id(
        "INSERT INTO events (scope, memory_id, action, before_content, after_content, "
        "before_status, after_status, source, actor, reason, related_ids, meta, created_at) "
        "VALUES ('default', ?, ?, ?, ?, ?, ?, 'manual', 'user', ?, '[]', ?, ?)",
        [memory_id, action, before, after, status[0], status[1], f"{action} (legacy)",
         json.dumps(meta) if meta is not None else None, T0], "event_id")


def _row(tx: Any, text: str, status: str) -> int:
    mid = tx.insert_returning_id(
        "INSERT INTO memories (scope, content, content_norm, content_hash, category, "
        "memory_type, status, source, hit_count, created_at, updated_at, valid_from, "
        "last_confirmed, seq) VALUES ('default', ?, ?, ?, 'general', 'general', ?, 'manual', "
        "0, ?, ?, ?, ?, ?)",
        [text, normalize(text), hashlib.sha256(text.encode()).hexdigest(), status, T0, T0, T0, T0,
         tx.next_seq()], "id")
    tx.index_keywords(mid, text.lower())
    return mid


@pytest.fixture
def legacy(engine_url: str) -> tuple[str, dict[str, int]]:
    """A store as older rules left it: secrets in rows, history, plans and queries."""
    with Memory.open(engine_url, embedder=HashingEmbedder()) as mem:
        mem.add("User prefers dark mode")  # a real row, so the store is a normal one
        with mem.store.transaction() as tx:
            ids = {"active": _row(tx, LEGACY["active"], "active"),
                   "archived": _row(tx, LEGACY["archived"], "archived"),
                   "clean": _row(tx, LEGACY["clean"], "active")}
            _event(tx, ids["active"], "add", after=LEGACY["active"])
            _event(tx, ids["archived"], "add", after=LEGACY["archived"])
            _event(tx, ids["archived"], "archive", before=LEGACY["archived"],
                   after=LEGACY["archived"], status=("active", "archived"))
            _event(tx, ids["clean"], "add", after=LEGACY["history"])
            ids["update_event"] = _event(tx, ids["clean"], "update", before=LEGACY["history"],
                                         after=LEGACY["clean"], status=("active", "active"))
            _event(tx, None, "reject_input", after=LEGACY["rejected"],
                   meta={"text": LEGACY["rejected"]}, status=(None, None))
            tx.execute("INSERT INTO plans (id, scope, created_at, status, reason, operations) "
                       "VALUES ('plan-20260103-0000abcd', 'default', ?, 'pending', 'legacy', ?)",
                       [T0, json.dumps([{"action": "add", "content": LEGACY["active"]}])])
            tx.execute("INSERT INTO recalls (scope, session, turn, front_end, query_hash, query, "
                       "gate, memory_ids, items, created_at) VALUES ('default', 's', 1, 'cli', "
                       "'h', ?, 'open', ',', '[]', ?)", [f"is the safe PIN {QUERY_CODE}?", T0])
            tx.execute("UPDATE meta SET value = '6' WHERE key = 'derivation_version'")
    blob = _strings(engine_url)
    assert all(_holds(blob, v) for v in VALUES)  # the values really are there before
    return engine_url, ids


def test_an_upgrade_leaves_no_legacy_secret_in_any_stored_string(
        legacy: tuple[str, dict[str, int]]) -> None:
    db, ids = legacy
    with Memory.open(db, embedder=HashingEmbedder()) as mem:
        report = mem.store.upgrade
        assert set(report.rederived["secrets"]) == {ids["active"], ids["archived"]}
        assert report.rederived["events_scrubbed"] >= 6
        assert report.rederived["plans_scrubbed"] == ["plan-20260103-0000abcd"]
        assert report.rederived["recalls_scrubbed"] == 1
        backup = report.backup
    blob = _strings(db)
    assert [v for v in VALUES if _holds(blob, v)] == []
    if "://" not in db:  # SQLite: the copy taken before the upgrade still holds them,
        assert backup and _holds(_file_strings(Path(backup)), PIN_WORDS)  # so doctor names it


def test_the_live_row_waits_in_review_and_the_person_sees_it(
        legacy: tuple[str, dict[str, int]]) -> None:
    db, ids = legacy
    with Memory.open(db, embedder=HashingEmbedder()) as mem:
        held = mem.get(ids["active"])
        assert held.status == "review" and HELD in held.content_hash
        assert held.content == "The garage code is [REDACTED:code_in_words]"
        assert held.review_meta["kind"] == "secret"
        assert held.review_meta["secret_kinds"] == ["code_in_words"]
        assert held.review_meta["previous_status"] == "active"
        archived = mem.get(ids["archived"])
        assert archived.status == "archived" and ROUTER not in archived.content
        assert mem.get(ids["clean"]).content == LEGACY["clean"]  # a clean row is untouched
        # Never handed to the agent while in review.
        assert all(h.memory.id != ids["active"] for h in mem.search("garage code"))
        doc = mem.doctor()
        assert doc.findings["secret_held"] == [ids["active"]]
        assert doc.findings["secret_in_text"] == []
        if "://" not in db:  # PostgreSQL is backed up with pg_dump: no copy to name
            assert any("before-upgrade" in n for n in doc.notes)
        assert "secrets_cut_on_upgrade" in mem.health_report().flags
        migrate = mem.events(ids["active"], action="migrate")
        assert migrate and "code_in_words" in migrate[0].reason
    with Memory.open(db, embedder=HashingEmbedder()) as mem:  # once, stable after
        assert not mem.store.upgrade.changed


def test_only_safe_moves_remain(legacy: tuple[str, dict[str, int]]) -> None:
    db, ids = legacy
    with Memory.open(db, embedder=HashingEmbedder()) as mem:
        # The update whose old text held the alarm code cannot bring that text back.
        with pytest.raises(VecmemError):
            mem.revert(ids["update_event"])
        history = mem.events(ids["clean"], action="update")
        assert history[0].before_content == TOMBSTONE
        # Approve keeps the redacted text, active again under its real hash.
        mem.approve(ids["active"])
        rec = mem.get(ids["active"])
        assert rec.status == "active" and HELD not in rec.content_hash
        assert "[REDACTED:code_in_words]" in rec.content
        again = mem.add("The garage code is [REDACTED:code_in_words]")
        assert again.decision != "store"  # one fact, not two live copies
        assert mem.doctor().findings["secret_held"] == []
        assert "secrets_cut_on_upgrade" not in mem.health_report().flags
    assert not _holds(_strings(db), PIN_WORDS)


def test_a_rejected_row_stays_redacted(legacy: tuple[str, dict[str, int]]) -> None:
    db, ids = legacy
    with Memory.open(db, embedder=HashingEmbedder()) as mem:
        mem.reject(ids["active"])
        mem.restore(ids["active"])
        assert PIN_WORDS not in mem.get(ids["active"]).content

"""Valid time on both engines (issue 17): dates resolved at write time, expiry leaving
default search, supersession closing validity, duplicates refreshing last_confirmed."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError


def test_a_plan_gets_its_period_and_a_timeless_fact_holds_from_now(cmem: Memory) -> None:
    r = cmem.add("The user flies to Tokyo for a client workshop next month")
    rec = cmem.get(r.memory_id)
    today = datetime.now(UTC).date()
    first_next = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
    assert rec.valid_from == today.isoformat()
    assert rec.valid_until is not None and rec.valid_until.startswith(first_next.isoformat()[:7])
    assert rec.last_confirmed is not None
    plain = cmem.get(cmem.add("The user prefers concise answers").memory_id)
    assert plain.valid_until is None and plain.valid_from == plain.created_at


def test_said_at_resolves_against_the_turn_not_the_clock(cmem: Memory) -> None:
    from vecmem.engine import pipeline

    p = pipeline.prepare(cmem.context, "下个月去东京出差", said_at="2026-11-20T09:00:00Z",
                         embed=False)
    assert p.when is not None
    assert (p.when.period_from, p.when.period_until) == (date(2026, 12, 1), date(2026, 12, 31))
    with pytest.raises(InvalidInputError, match="ISO-8601"):
        pipeline.prepare(cmem.context, "明天开会", said_at="yesterday-ish", embed=False)


def test_an_expired_fact_leaves_search_but_stays_listed(engine_url: str) -> None:
    with Memory.open(engine_url, embedder=HashingEmbedder()) as mem:
        r = mem.add("The user moved the quarterly planning offsite to the Hangzhou office "
                    "until the end of the year")
        assert mem.get(r.memory_id).valid_until == f"{date.today().year}-12-31"
        hits = mem.search("quarterly planning offsite Hangzhou office", min_score=-1.0)
        assert r.memory_id in [h.memory.id for h in hits]
        # Its period over: written a year ago, as far as the store knows.
        with mem.store.transaction(scope=mem.scope) as tx:
            # Through update_memory, as every write: it takes a change number, which the
            # store's in-memory caches (rank facts, indexes) sync by.
            tx.update_memory(r.memory_id, {"valid_until": f"{date.today().year - 1}-12-31"})
        mem.context.changed()
        hits = mem.search("quarterly planning offsite Hangzhou office", min_score=-1.0)
        assert r.memory_id not in [h.memory.id for h in hits]
        why = [c for c in mem.explain("quarterly planning offsite Hangzhou office",
                                      min_score=-1.0).candidates if c.memory_id == r.memory_id]
        assert why and why[0].excluded_because.startswith("expired")
        assert mem.get(r.memory_id).status == "active"  # kept, never deleted


def test_a_duplicate_refreshes_last_confirmed(cmem: Memory) -> None:
    r = cmem.add("The user's dog is called Pixel")
    first = cmem.get(r.memory_id).last_confirmed
    again = cmem.add("The user's dog is called Pixel.")
    assert str(again.decision) == "duplicate"
    assert cmem.get(r.memory_id).last_confirmed > first


def test_supersession_closes_the_old_facts_validity(cmem: Memory) -> None:
    a = cmem.add("The deploy server runs Ubuntu 24.04").memory_id
    b = cmem.add("The build server runs Debian 12").memory_id
    merged = cmem.merge([a, b], "Deploy and build servers run Ubuntu 24.04 and Debian 12")
    today = datetime.now(UTC).date().isoformat()
    for old in (a, b):
        rec = cmem.get(old)
        assert rec.status == "superseded" and rec.valid_until.startswith(today)
    assert cmem.get(merged.memory_id).valid_until is None


def test_time_zone_setting_is_checked(db_path: str) -> None:
    with pytest.raises(InvalidInputError, match="IANA"):
        Memory.open(db_path, embedder=HashingEmbedder(), timezone="Mars/Olympus")
    with Memory.open(db_path, embedder=HashingEmbedder(), timezone="Asia/Shanghai") as mem:
        assert mem.context.today() == datetime.now(UTC).astimezone(
            __import__("zoneinfo").ZoneInfo("Asia/Shanghai")).date().isoformat()


def test_ingest_resolves_against_each_turns_own_time(cmem: Memory) -> None:
    cmem.ingest([
        {"role": "user", "content": "My sister is visiting next week.",
         "timestamp": "2026-03-10T08:00:00+08:00"},
    ])
    rows = [m for m in cmem.list(limit=50) if "sister" in m.content]
    assert rows, "the rule extractor kept the visit"
    # The week after the turn's (Monday 16 to Sunday 22 March 2026), not after today's.
    assert rows[0].valid_until == "2026-03-22"



def test_a_transcripts_session_date_dates_the_events_told_in_it(cmem: Memory) -> None:
    # LoCoMo's session date reaches each turn ("ts"): "yesterday" is the day before it.
    from vecmem.transcripts import messages_from

    sample = {"sample_id": "s", "conversation": {
        "speaker_a": "Ana", "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [{"speaker": "Ana", "dia_id": "D1:1",
                       "text": "I went to a bereavement support group yesterday."}]}}
    cmem.ingest(messages_from(sample))
    rows = [m for m in cmem.list(limit=50) if "support group" in m.content]
    assert rows and rows[0].valid_from == "2023-05-07", rows


def test_cleanup_lists_an_expired_fact_and_its_plan_archives_it(cmem: Memory) -> None:
    r = cmem.add("The user is on call for the payments team this week")
    with cmem.store.transaction(scope=cmem.scope) as tx:
        tx.update_memory(r.memory_id, {"valid_until": "2020-01-05"})
    cmem.context.changed()
    report = cmem.cleanup_report()
    expired = [c for c in report.candidates if c.kind == "expired"]
    assert [c.memory_id for c in expired] == [r.memory_id]
    assert "2020-01-05" in expired[0].reason("en") and "2020-01-05" in expired[0].reason("zh")
    from vecmem.engine.reports import cleanup_plan_ops

    plan = cmem.create_plan(cleanup_plan_ops(report))
    cmem.apply_plan(plan.id, cmem.settings.confirm_phrase)
    assert cmem.get(r.memory_id).status == "archived"


def test_recalled_lines_carry_their_dates(cmem: Memory) -> None:
    from vecmem.integrations.hermes.provider import render_recall

    plan = cmem.get(cmem.add("The user flies to Tokyo for a client workshop next month")
                    .memory_id)
    fact = cmem.get(cmem.add("The user prefers concise answers").memory_id)
    text = render_recall([fact, plan], heading="## h", note="n")
    today = datetime.now(UTC).date().isoformat()
    assert f"(preference, as of {today}) The user prefers concise answers" in text
    assert f"as of {today}, until {plan.valid_until}" in text


def test_the_core_profile_says_when_an_old_standing_fact_was_confirmed(cmem: Memory) -> None:
    """The profile is compact: a recently confirmed fact carries no date; one last stated
    over a year ago says when, so the agent can tell it may have gone stale."""
    from dataclasses import replace

    from vecmem.integrations.hermes.provider import render_profile

    cmem.add("用户对花生过敏")
    profile = cmem.core_profile()
    entry = profile.entries[0]
    assert entry.last_confirmed
    assert "- #1 用户对花生过敏" in render_profile([entry])
    old = replace(entry, last_confirmed="2024-03-02T08:00:00Z")
    assert "- #1 (confirmed 2024-03-02) 用户对花生过敏" in render_profile([old])


def test_the_upgrade_fills_valid_time_on_a_store_written_before_it(tmp_path: Path) -> None:
    import shutil
    import sqlite3

    db = tmp_path / "old.db"
    shutil.copyfile(Path(__file__).parent.parent / "data" / "store_v1.db", db)
    with Memory.open(str(db), embedder=HashingEmbedder(), reembed=False) as mem:
        assert mem.count() > 0
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT created_at, last_hit_at, valid_from, valid_until, "
                            "last_confirmed FROM memories").fetchall()
    finally:
        conn.close()
    assert rows and all(vf == created and vu is None and lc == (hit or created)
                        for created, hit, vf, vu, lc in rows)

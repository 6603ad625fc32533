"""Valid time on both engines (issue 17): dates resolved at write time, expiry leaving
default search, supersession closing validity, duplicates refreshing last_confirmed."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

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
            tx.execute("UPDATE memories SET valid_until = ? WHERE id = ?",
                       (f"{date.today().year - 1}-12-31", r.memory_id))
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
        assert rec.status == "superseded" and rec.valid_until == today
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


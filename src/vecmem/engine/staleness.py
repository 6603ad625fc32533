"""Short-lived memories past their time to live (issue 17 item 2).

Some kinds of memory describe a moment, not a standing fact: what the user is working on
right now (``active_context``), or what the extraction marked ``temporary``. Each such
kind has a default time to live (``settings.ttl_days``); a memory of that kind that has
not been stated or confirmed again for longer is stale. A stale memory is not deleted
and still answers search (unlike an expired one, whose own words named its end): health
flags it (``stale_short_lived``) and cleanup lists it, so that a person's plan archives
it. A memory whose text named its own period (``valid_until``) follows that period
instead, and a restatement (a duplicate) refreshes ``last_confirmed`` and so its time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from vecmem.store.base import MemoryFilter
from vecmem.types import MemoryRecord

#: The key of ``settings.ttl_days`` that applies to memories marked ``temporary``
#: (``types.TTL_KEYS`` lists every key; the defaults live in ``settings.ttl_days``).
TEMPORARY = "temporary"


@dataclass(frozen=True)
class Stale:
    memory: MemoryRecord
    kind: str  # the ttl key that applied
    days: int  # since it was last stated or confirmed
    ttl_days: float


def ttl_for(rec: MemoryRecord, ttl: dict[str, float]) -> tuple[str, float] | None:
    """The time to live that applies to ``rec`` (its type's, else its durability's; the
    shorter when both apply), or ``None`` for a standing fact."""
    found = [(k, float(ttl[k])) for k in (rec.memory_type, TEMPORARY if
             rec.durability == TEMPORARY else None) if k is not None and k in ttl]
    return min(found, key=lambda kv: kv[1]) if found else None


def age_days(rec: MemoryRecord, now: datetime) -> float:
    """Days since ``rec`` was last stated or confirmed (``last_confirmed``, else its last
    update)."""
    stamp = rec.last_confirmed or rec.updated_at
    seen = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    if seen.tzinfo is None:
        seen = seen.replace(tzinfo=now.tzinfo)
    return (now - seen).total_seconds() / 86400


def is_stale(rec: MemoryRecord, ttl: dict[str, float], now: datetime) -> Stale | None:
    if rec.status != "active" or rec.valid_until is not None:
        return None
    rule = ttl_for(rec, ttl)
    if rule is None:
        return None
    age = age_days(rec, now)
    return Stale(rec, rule[0], int(age), rule[1]) if age > rule[1] else None


def find(tx: Any, scope: str, ttl: dict[str, float], now: datetime,
         live: list[MemoryRecord] | None = None) -> list[Stale]:
    """Every active memory of ``scope`` past its time to live, oldest first."""
    if not ttl:
        return []
    rows = live if live is not None else tx.list_memories(
        scope, MemoryFilter(status="active"), limit=10_000_000, order="id ASC")
    out = [s for s in (is_stale(m, ttl, now) for m in rows) if s is not None]
    return sorted(out, key=lambda s: (-s.days, s.memory.id))

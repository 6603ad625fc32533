"""Where a memory came from, as the trust level it was written with.

The pipeline records the trust level of every write in its event (``meta["trust"]``,
derived once by :func:`vecmem.rules.poisoning.trust_of`); a memory's trust is the one its
first such event recorded, falling back to what its ``source`` alone gives for rows
written before trust was recorded. ``show``, ``explain`` (CLI, HTTP, dashboard) all read
it from here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable

from vecmem.engine.context import Context
from vecmem.rules.poisoning import recorded_trust
from vecmem.store.base import SQLTx

#: How many of a memory's first events are looked at: the add/review event comes first.
_FIRST_EVENTS = 5


def trust_levels(ctx: Context, tx: SQLTx, memory_ids: Iterable[int]) -> dict[int, str]:
    """``{memory id: "person" | "agent" | "automatic"}`` for the ids that exist."""
    ids = list(dict.fromkeys(int(i) for i in memory_ids))
    records = tx.get_many(ids)
    out: dict[int, str] = {}
    for memory_id in ids:
        rec = records.get(memory_id)
        if rec is None or rec.scope != ctx.scope:
            continue
        first = tx.events(ctx.scope, memory_id=memory_id, limit=_FIRST_EVENTS, ascending=True)
        out[memory_id] = recorded_trust(rec.source, [e.meta for e in first])
    return out

"""Secrets stored before a rule could see them: cut out of rows and history on upgrade.

Every write is redacted (``rules/redaction.py``), but only by the rules of its day, and
re-derive never rewrites ``content``. A text stored before its secret shape was known
("my PIN is four eight two one") would keep the value forever. So when the rules change
(``store/rederive.py``), every stored string is read again under today's rules, through
the same redaction every write uses:

- a **memory** whose text now holds a secret keeps its text with the value cut out; its
  derived fields are computed from that text, its vector is dropped (re-embedded from the
  redacted text on open) and, if it was live, it goes to **review** (``review_meta.kind =
  "secret"``, under a marked hash so it blocks no other row): a person approves the
  redacted text (active again) or rejects it (archived). Archived and superseded rows are
  redacted in place, their status kept.
- an **event** text (before/after text, reason) that now holds a secret is replaced by the
  purge tombstone, and its meta by a redacted copy — the only change the database lets
  anyone make to an event (migration 4's trigger), so the value leaves the log.
- **plans** and the **recall log**'s kept queries are redacted in place.

Reversible only in the safe direction: approve, reject and restore move the row between
statuses with its redacted text, and no path brings the value back — the texts that held
it are tombstoned, so ``revert`` refuses the events whose text is gone, and ``migrate``
events are not revertible. The copy taken before the upgrade (its path is in the migrate
event and in ``vecmem doctor``) still holds the old texts until the person deletes it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from vecmem.rules.redaction import redact, redact_value
from vecmem.rules.secrets import find_secrets
from vecmem.store.base import EVENT_COLUMNS, _json_load, row_to_event
from vecmem.store.schema import TOMBSTONE
from vecmem.text import visible_text

if TYPE_CHECKING:
    from vecmem.store.base import SQLTx
    from vecmem.types import MemoryRecord

__all__ = ["REVIEW_KIND", "Cleaner", "scrub_history"]

#: ``review_meta.kind`` of a memory held in review because its text held a secret.
REVIEW_KIND = "secret"
_BATCH = 2000


class Cleaner:
    """``redact`` with a memory of the texts already read: most event texts are copies of
    a memory's text, so a store is read once per distinct text, not once per event."""

    def __init__(self) -> None:
        self._seen: dict[bytes, str | None] = {}  # digest -> redacted text, None if clean

    def clean(self, text: str | None) -> str | None:
        """``text`` redacted under today's rules, or None when it holds no secret."""
        if not text or text == TOMBSTONE:
            return None
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        if key not in self._seen:
            out = redact(text)
            self._seen[key] = out if out != text else None
        return self._seen[key]

    def _text(self, text: str) -> str:
        return self.clean(text) or text

    def _shown(self, text: str) -> str:
        seen = visible_text(text)
        return self.clean(seen) or seen

    def clean_tree(self, value: Any, *, shown: bool = False) -> Any:
        """A JSON-like value redacted (the kernel's ``redact_value``, each distinct string
        read once), or None if clean. ``shown``: also drop what draws nothing, as every
        write now stores a memory's meta (an old row's meta kept it); event meta is only
        ever tombstoned for a secret, so the log keeps it as written."""
        if value is None:
            return None
        out = redact_value(value, self._shown if shown else self._text)
        return out if out != value else None


def secret_kinds(text: str) -> list[str]:
    """Which kinds of secret ``text`` holds (names only, never a value)."""
    return sorted({f.kind for f in find_secrets(text)})


def redacted_content(cleaner: Cleaner, rec: MemoryRecord) -> str | None:
    """``rec``'s text with today's secrets cut out, or None when it holds none."""
    return cleaner.clean(rec.content)


def review_meta(rec: MemoryRecord, kinds: list[str], versions: dict[str, int]) -> dict[str, Any]:
    return {
        "kind": REVIEW_KIND, "secret_kinds": kinds, "derivation": versions,
        "previous": rec.review_meta, "previous_status": rec.status,
        "reason": ("held a secret value the rules of version "
                   f"{versions['to']} recognise ({', '.join(kinds)}); the value was cut out of "
                   "this memory and its history. Approve keeps the text without it; reject "
                   "archives it"),
    }


def scrub_history(tx: SQLTx, cleaner: Cleaner) -> dict[str, Any]:
    """Tombstone every event text holding a secret under today's rules, redact event
    meta, plans and kept recall queries. Returns ``{"events": {scope: [ids]}, "plans":
    [ids], "recalls": n}``."""
    events: dict[str, list[int]] = defaultdict(list)
    last = 0
    while True:
        rows = tx.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE event_id > ? "
                          f"ORDER BY event_id LIMIT {_BATCH}", [last]).fetchall()
        if not rows:
            break
        last = int(rows[-1][0])
        for raw in rows:
            e = row_to_event(raw)
            cols = [c for c in ("before_content", "after_content", "reason")
                    if cleaner.clean(getattr(e, c)) is not None]
            meta = cleaner.clean_tree(e.meta) if e.meta else None
            if cols or meta is not None:
                tx.tombstone_event(e.event_id, cols, TOMBSTONE, meta=meta)
                events[e.scope].append(e.event_id)
    plans = []
    for pid, reason, ops, results, meta in tx.execute(
            "SELECT id, reason, operations, results, meta FROM plans ORDER BY id").fetchall():
        fields = {}
        if cleaner.clean(reason) is not None:
            fields["reason"] = cleaner.clean(reason)
        for key, value in (("operations", ops), ("results", results), ("meta", meta)):
            tree = _json_load(value) if isinstance(value, str) else value
            clean = cleaner.clean_tree(tree)
            if clean is not None:
                fields[key] = clean
        if fields:
            tx.update_plan(pid, **fields)
            plans.append(pid)
    recalls = 0
    for rid, query in tx.execute("SELECT id, query FROM recalls WHERE query IS NOT NULL"
                                 ).fetchall():
        clean = cleaner.clean(query)
        if clean is not None:
            tx.execute("UPDATE recalls SET query = ? WHERE id = ?", [clean, rid])
            recalls += 1
    return {"events": dict(events), "plans": plans, "recalls": recalls}

"""Re-derive: recompute every derived field of an existing store under today's rules.

Run by the migration runner (``vecmem.store.schema.migrate``) in the opening transaction
when ``DERIVATION_VERSION`` is above the version recorded in ``meta``. For every memory it
recomputes ``content_norm``, ``content_hash``, ``category`` (unless a writer chose it),
``memory_type``, ``topic_key``, ``subject``/``predicate``/``object`` and the keyword terms
from ``content``, which is never changed. Vectors are kept: they were made from the
normalized text, and the rules change invisible characters and markup, not meaning.

New rules can make two live rows of a scope one fact (``**x**`` and ``x``, a zero-width
space, a trailing emoji). The unique index allows one live row per hash, so one row keeps
the hash and stays as it was (an active one, preferably the one whose hash did not change,
else the oldest); each other becomes a ``duplicate`` review item proposing to fold it into
the keeper, and holds a marked hash (``<hash>~held-<id>``) until a person approves
(superseded by the keeper) or rejects (archived) it. Opening never fails on it.

Every change is audited: one ``migrate`` event per row sent to review, and one per scope
that lists the rows whose fields were recomputed, the versions and the backup's path.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from vecmem.rules.cues import index_terms
from vecmem.rules.derive import Derived, derive
from vecmem.rules.redaction import redact_event, redact_row
from vecmem.store import legacy_secrets
from vecmem.store.base import MEMORY_COLUMNS, _json_load, row_to_memory, utcnow
from vecmem.text import content_hash
from vecmem.types import LIVE_STATUSES, MemoryRecord, Status

if TYPE_CHECKING:
    from vecmem.store.base import SQLTx

#: Rows read per query (the store is walked by id, never loaded whole).
BATCH = 2000
#: Marks the hash of a row held in review because another live row has its fact.
HELD = "~held-"
#: Ids listed in a scope's summary event (the count is always exact).
LISTED_IDS = 10_000
ACTOR = "vecmem"
#: Sources whose rows never carried a category a person chose (before eba211c a merge
#: inherited its first source's category: a derived value, not a label).
DERIVED_CATEGORY_SOURCES = frozenset({"merge", "plan"})


def held_hash(new_hash: str, memory_id: int) -> str:
    return f"{new_hash}{HELD}{memory_id}"


def chosen_category(rec: MemoryRecord) -> str | None:
    """The category a writer chose for ``rec``, or None when it was derived.

    The pipeline stores ``category = memory_type`` unless the writer passed one, so a
    different category is a choice, except where the row's own hash shows the type was
    used (an update rewrites type and hash but not the category column), and on rows
    whose writers never choose one.
    """
    if rec.category == rec.memory_type or rec.source in DERIVED_CATEGORY_SOURCES:
        return None
    if rec.content_hash == content_hash(rec.content_norm, rec.memory_type):
        return None
    return rec.category


@dataclass
class _Row:
    rec: MemoryRecord
    new: Derived
    terms_changed: bool
    #: The text with a secret today's rules see cut out (None: it holds none), and the
    #: memory's meta redacted likewise (None: unchanged).
    content: str | None = None
    meta: Any = None

    def changed_fields(self) -> dict[str, Any]:
        old = {"content_norm": self.rec.content_norm, "content_hash": self.rec.content_hash,
               "category": self.rec.category, "memory_type": self.rec.memory_type,
               "topic_key": self.rec.topic_key, "subject": self.rec.subject,
               "predicate": self.rec.predicate, "object": self.rec.object}
        # Compared as they would be stored (redacted), so a second open finds no change.
        out = {k: v for k, v in redact_row(self.new.fields()).items() if old[k] != v}
        if self.content is not None:
            out["content"] = self.content
        if self.meta is not None:
            out["meta"] = self.meta
        return out

    @property
    def held_secret(self) -> bool:
        """A live row whose text held a secret: it goes to review (legacy_secrets)."""
        return self.content is not None and self.rec.status in LIVE_STATUSES


#: (scope, new hash, in review, hash changed, id) of a live row: all that is kept of the
#: rows that do not change, so a million-row store is grouped without holding it whole.
_Live = tuple[str, str, bool, bool, int]


def _row(tx: SQLTx, rec: MemoryRecord, meta: Any, cleaner: legacy_secrets.Cleaner) -> _Row:
    content = cleaner.clean(rec.content)
    text = rec.content if content is None else content
    new = derive(text, chosen_category(rec))
    meta = _json_load(meta) if isinstance(meta, str) else meta
    clean_meta = cleaner.clean_tree(meta, shown=True) if meta else None
    if meta:  # cue terms an extraction gave the memory stay in its index (rules/cues.py)
        new = replace(new, terms=index_terms(text, clean_meta or meta))
    return _Row(rec, new, tx.keyword_index_terms(rec.id) != new.terms, content, clean_meta)


def _walk(tx: SQLTx, cleaner: legacy_secrets.Cleaner) -> tuple[dict[int, _Row], list[_Live]]:
    """Every memory, with its new derivation: the rows that change, and every live row's
    grouping key."""
    changed: dict[int, _Row] = {}
    live: list[_Live] = []
    last = 0
    while True:
        rows = tx.execute(f"SELECT {MEMORY_COLUMNS}, meta FROM memories WHERE id > ? "
                          f"ORDER BY id LIMIT {BATCH}", [last]).fetchall()
        if not rows:
            return changed, live
        for raw in rows:
            row = _row(tx, row_to_memory(raw[:-1]), raw[-1], cleaner)
            rec = row.rec
            if row.terms_changed or row.changed_fields():
                changed[rec.id] = row
            if rec.status in LIVE_STATUSES and not row.held_secret:  # held under its own hash
                live.append((rec.scope, row.new.hash, rec.status != Status.ACTIVE,
                             rec.content_hash != row.new.hash, rec.id))
        last = int(rows[-1][0])


def rederive(tx: SQLTx, *, from_version: int, to_version: int, backup: str | None,
             migrations: list[int]) -> dict[str, Any]:
    """Recompute every derived field (see the module docstring); returns counts."""
    cleaner = legacy_secrets.Cleaner()
    changed, live = _walk(tx, cleaner)
    groups: dict[tuple[str, str], list[_Live]] = defaultdict(list)
    for key in live:
        groups[(key[0], key[1])].append(key)
    held: dict[int, int] = {}  # held row id -> keeper id
    for group in groups.values():
        if len(group) > 1:
            # Keep an active row over one in review, then the one whose hash did not
            # change, then the oldest.
            keeper, *others = sorted(group, key=lambda k: k[2:])
            held.update((o[4], keeper[4]) for o in others)
    for memory_id in held.keys() - changed.keys():  # a row that changes only by being held
        rec = tx.get(memory_id)
        assert rec is not None
        changed[memory_id] = _row(tx, rec, tx.get_memory_meta(memory_id), cleaner)

    todo = [changed[i] for i in sorted(changed)]
    # History first, so the events written below are not read again: every event text,
    # plan and kept query that holds a secret under today's rules loses it.
    history = legacy_secrets.scrub_history(tx, cleaner)
    # Step aside first: a row's new hash may still be another row's old one until that
    # row is rewritten, and the unique index checks every row as it is written.
    for row in todo:
        if row.rec.status in LIVE_STATUSES and "content_hash" in row.changed_fields():
            tx.update_memory(row.rec.id, {"content_hash": f"rederive-{row.rec.id}"})

    versions = {"from": from_version, "to": to_version}
    by_scope: dict[str, list[int]] = defaultdict(list)
    fields_count: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    sent: dict[str, list[int]] = defaultdict(list)
    secrets: dict[str, list[int]] = defaultdict(list)
    now = utcnow()
    for row in todo:
        rec = row.rec
        fields = row.changed_fields()
        for name in fields:
            fields_count[rec.scope][name] += 1
        if row.terms_changed:
            fields_count[rec.scope]["keyword_terms"] += 1
        if rec.id in held:
            keeper_id = held[rec.id]
            fields["content_hash"] = held_hash(row.new.hash, rec.id)
            fields["status"] = Status.REVIEW.value
            fields["updated_at"] = now
            fields["review_meta"] = {
                "kind": "duplicate", "target_ids": [keeper_id], "content_hash": row.new.hash,
                "derivation": versions, "previous": rec.review_meta,
                "reason": f"the same fact as #{keeper_id} under the new rules",
            }
        kinds = _hold_secret(tx, row, fields, versions, now) if row.content is not None else []
        if kinds:
            secrets[rec.scope].append(rec.id)
        # Stored through the kernel's redaction (rules/redaction.py), as every write is.
        tx.update_memory(rec.id, redact_row(fields),
                         terms=row.new.terms if row.terms_changed else None)
        by_scope[rec.scope].append(rec.id)
        if kinds:
            tx.append_event(**redact_event(dict(
                scope=rec.scope, memory_id=rec.id, action="migrate",
                before_content=row.content, after_content=row.content,
                before_status=rec.status, after_status=fields.get("status", rec.status),
                source=rec.source, actor=ACTOR,
                reason=(f"re-derived under rules version {to_version}: its text held "
                        f"{', '.join(kinds)}; the value was cut out of it and of its history"
                        + ("; approve keeps the text without it, reject archives it"
                           if row.held_secret else "")),
                meta={"derivation": versions, "secret_kinds": kinds,
                      "before": {"content_hash": rec.content_hash, "status": rec.status}},
            )))
        if rec.id in held:
            sent[rec.scope].append(rec.id)
            tx.append_event(**redact_event(dict(
                scope=rec.scope, memory_id=rec.id, action="migrate",
                before_content=rec.content, after_content=rec.content,
                before_status=rec.status, after_status=Status.REVIEW.value,
                source=rec.source, actor=ACTOR, related_ids=[held[rec.id]],
                reason=(f"re-derived under rules version {to_version}: now the same fact as "
                        f"#{held[rec.id]}; approve folds it into #{held[rec.id]}, reject "
                        "archives it"),
                meta={"derivation": versions, "content_hash": row.new.hash,
                      "before": {"content_hash": rec.content_hash, "category": rec.category}},
            )))
    scrubbed = history["events"]
    for scope in sorted(set(by_scope) | set(scrubbed)):
        ids = by_scope.get(scope, [])
        where = (f"; backup at {backup}" if backup
                 else "; vecmem took no copy (a PostgreSQL store is backed up with pg_dump)")
        found = secrets.get(scope, [])
        secret_note = (f"; {len(found)} held a secret value, cut out and sent to review "
                       f"({len(scrubbed.get(scope, []))} event texts tombstoned; the "
                       "backup still holds them until deleted)"
                       if found or scrubbed.get(scope) else "")
        tx.append_event(**redact_event(dict(
            scope=scope, memory_id=None, action="migrate", actor=ACTOR,
            reason=(f"re-derived {len(ids)} memories under rules version {to_version} "
                    f"(was {from_version}); {len(sent[scope])} sent to review as duplicates"
                    f"{secret_note}{where}"),
            related_ids=ids[:50],
            meta={"derivation": versions, "backup": backup, "migrations": migrations,
                  "count": len(ids), "fields": dict(fields_count[scope]),
                  "sent_to_review": sent[scope], "ids": ids[:LISTED_IDS],
                  "secrets": {"memories": found,
                              "events_rewritten": scrubbed.get(scope, [])[:LISTED_IDS]}},
        )))
    return {"memories": sum(len(v) for v in by_scope.values()),
            "sent_to_review": sorted(i for v in sent.values() for i in v),
            "secrets": sorted(i for v in secrets.values() for i in v),
            "events_scrubbed": sum(len(v) for v in scrubbed.values()),
            "plans_scrubbed": history["plans"], "recalls_scrubbed": history["recalls"],
            "scopes": sorted(set(by_scope) | set(scrubbed))}


def _hold_secret(tx: SQLTx, row: _Row, fields: dict[str, Any], versions: dict[str, int],
                 now: str) -> list[str]:
    """A row whose text held a secret (legacy_secrets): the redacted text (already in
    ``fields``); if it was live, review under a marked hash; its vector goes (re-embedded
    from the redacted text on open). Returns the kinds of secret it held."""
    rec = row.rec
    kinds = legacy_secrets.secret_kinds(rec.content)
    fields["updated_at"] = now
    if row.held_secret:
        fields["status"] = Status.REVIEW.value
        fields["content_hash"] = held_hash(row.new.hash, rec.id)
        fields["review_meta"] = legacy_secrets.review_meta(rec, kinds, versions)
    tx.delete_vector(rec.id)
    return kinds

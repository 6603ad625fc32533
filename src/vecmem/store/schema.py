"""Schema migrations and the one runner both engines use to apply them.

A migration is named, forward-only and runs once, in the opening transaction, recorded in
``schema_version``: a list of SQL statements (``{id}``, ``{blob}`` and ``{fts}`` are
filled by the engine's dialect) and/or a Python function of the transaction. Add new
ones at the end, with the ids assigned to your branch; never edit one that has shipped in
a way that changes the schema it leaves behind.

After the migrations, the same transaction re-derives every derived field when the rules
that compute them changed (``vecmem.rules.derive.DERIVATION_VERSION`` above the version
recorded in ``meta``; see ``vecmem.store.rederive``). Before changing a store that holds
anything, the engine takes a consistent backup beside it (``Dialect.backup``).

Types are chosen to mean the same on both engines: ``DOUBLE PRECISION`` is an 8-byte float
on PostgreSQL and has REAL affinity (also 8 bytes) on SQLite, whereas ``REAL`` would be a
4-byte float on PostgreSQL (0.9 would read back as 0.899999976). Migration 1 declared
``confidence REAL`` until PostgreSQL altered it to ``DOUBLE PRECISION`` in the same
transaction, and SQLite's REAL already is 8 bytes: databases made before the change store
exactly what new ones do, so editing the text of migration 1 here changes no schema.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vecmem.errors import StoreError

if TYPE_CHECKING:
    from vecmem.store.base import SQLTx

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class Migration:
    """One forward-only step: its statements run first, then ``run(tx)`` if given."""

    version: int
    name: str
    statements: Sequence[str] = ()
    run: Callable[[SQLTx], None] | None = None


#: Entries are ``Migration``s or, as the first ones were written, ``(version, name,
#: [statements])`` tuples.
MIGRATIONS: list[Migration | tuple[int, str, list[str]]] = [
    (
        1,
        "initial schema",
        [
            """CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
            """INSERT INTO meta(key, value) VALUES ('seq', '0') ON CONFLICT(key) DO NOTHING""",
            """CREATE TABLE IF NOT EXISTS memories (
                id {id},
                scope TEXT NOT NULL,
                content TEXT NOT NULL,
                content_norm TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                category TEXT NOT NULL,
                memory_type TEXT NOT NULL,
                topic_key TEXT,
                subject TEXT,
                predicate TEXT,
                object TEXT,
                status TEXT NOT NULL CHECK (status IN ('active','review','archived','superseded')),
                confidence DOUBLE PRECISION NOT NULL DEFAULT 1.0,
                durability TEXT NOT NULL DEFAULT 'long_term',
                source TEXT NOT NULL DEFAULT 'manual',
                hit_count INTEGER NOT NULL DEFAULT 0,
                superseded_by BIGINT REFERENCES memories(id),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                last_hit_at TEXT,
                review_meta TEXT,
                meta TEXT,
                seq BIGINT NOT NULL DEFAULT 0
            )""",
            # The hash is unique among live rows of a scope: the database itself refuses a
            # second live copy even if two writers race past the pipeline's check.
            """CREATE UNIQUE INDEX IF NOT EXISTS memories_live_hash
                ON memories(scope, content_hash) WHERE status IN ('active', 'review')""",
            """CREATE INDEX IF NOT EXISTS memories_scope_status ON memories(scope, status)""",
            """CREATE INDEX IF NOT EXISTS memories_topic ON memories(scope, topic_key)""",
            """CREATE INDEX IF NOT EXISTS memories_hash ON memories(scope, content_hash)""",
            """CREATE INDEX IF NOT EXISTS memories_seq ON memories(seq)""",
            """CREATE INDEX IF NOT EXISTS memories_updated ON memories(scope, updated_at)""",
            """CREATE TABLE IF NOT EXISTS events (
                event_id {id},
                scope TEXT NOT NULL,
                memory_id BIGINT,
                action TEXT NOT NULL,
                before_content TEXT,
                after_content TEXT,
                before_status TEXT,
                after_status TEXT,
                source TEXT,
                actor TEXT,
                reason TEXT,
                related_ids TEXT NOT NULL DEFAULT '[]',
                meta TEXT,
                created_at TEXT NOT NULL
            )""",
            """CREATE INDEX IF NOT EXISTS events_memory ON events(memory_id, event_id)""",
            """CREATE INDEX IF NOT EXISTS events_scope_action ON events(scope, action, event_id)""",
            """CREATE INDEX IF NOT EXISTS events_created ON events(scope, created_at)""",
            """CREATE TABLE IF NOT EXISTS memory_vectors (
                memory_id BIGINT PRIMARY KEY REFERENCES memories(id),
                model TEXT NOT NULL,
                dim INTEGER NOT NULL,
                vector {blob} NOT NULL,
                seq BIGINT NOT NULL DEFAULT 0
            )""",
            """CREATE INDEX IF NOT EXISTS memory_vectors_seq ON memory_vectors(seq)""",
            """CREATE INDEX IF NOT EXISTS memory_vectors_model ON memory_vectors(model)""",
            """CREATE TABLE IF NOT EXISTS plans (
                id TEXT PRIMARY KEY,
                scope TEXT NOT NULL,
                created_at TEXT NOT NULL,
                status TEXT NOT NULL,
                reason TEXT,
                operations TEXT NOT NULL,
                results TEXT,
                applied_at TEXT,
                meta TEXT
            )""",
            "{fts}",
        ],
    ),
    (
        4,
        "events may be rewritten only to a purge tombstone",
        # Each engine supplies its own trigger SQL (``events_guard``): an UPDATE of an
        # event is refused unless it only replaces its texts by the tombstone.
        ["{events_guard_drop}", "{events_guard_function}", "{events_guard}"],
    ),
    (
        5,
        "recall log: which memories were handed to which turn (engine/recall_log.py)",
        # Ids and scores only, never a memory's text; pruned on every write. memory_ids
        # is ",3,5," so that "turns that received #5" is one instr() test on both engines.
        [
            """CREATE TABLE IF NOT EXISTS recalls (
                id {id},
                scope TEXT NOT NULL,
                session TEXT NOT NULL,
                turn INTEGER NOT NULL,
                front_end TEXT NOT NULL,
                query_hash TEXT NOT NULL,
                query TEXT,
                gate TEXT NOT NULL,
                memory_ids TEXT NOT NULL,
                items TEXT NOT NULL,
                created_at TEXT NOT NULL
            )""",
            "CREATE INDEX IF NOT EXISTS recalls_scope ON recalls(scope, id)",
            "CREATE INDEX IF NOT EXISTS recalls_session ON recalls(scope, session, turn)",
            "CREATE INDEX IF NOT EXISTS recalls_created ON recalls(scope, created_at)",
        ],
    ),
    (
        7,
        "valid time: when a fact holds, and when it was last confirmed",
        # Existing memories held from the moment they were written, and were last
        # confirmed then or at their latest duplicate (issue 17).
        [
            "ALTER TABLE memories ADD COLUMN valid_from TEXT",
            "ALTER TABLE memories ADD COLUMN valid_until TEXT",
            "ALTER TABLE memories ADD COLUMN last_confirmed TEXT",
            "UPDATE memories SET valid_from = created_at WHERE valid_from IS NULL",
            "UPDATE memories SET last_confirmed = COALESCE(last_hit_at, created_at) "
            "WHERE last_confirmed IS NULL",
            "CREATE INDEX IF NOT EXISTS memories_valid_until ON memories(scope, valid_until)",
        ],
    ),
]


def as_migration(entry: Migration | tuple[int, str, list[str]]) -> Migration:
    if isinstance(entry, Migration):
        return entry
    version, name, statements = entry
    return Migration(version, name, tuple(statements))


LATEST_VERSION = max(as_migration(m).version for m in MIGRATIONS)


@dataclass(frozen=True)
class Dialect:
    """What an engine supplies to the runner."""

    #: Text for ``{id}``, ``{blob}`` and ``{fts}`` in migration statements.
    fill: Mapping[str, str]
    #: Engine-only statements run right after migration N (triggers, functions).
    after: Mapping[int, Sequence[str]] = field(default_factory=dict)
    #: Takes a consistent copy of the store beside it and returns its path, or returns
    #: None where the engine cannot (PostgreSQL: that is pg_dump's job).
    backup: Callable[[str], str | None] | None = None
    #: Where the store is, for messages.
    where: str = "the database"


@dataclass
class UpgradeReport:
    """What opening a store changed (``store.upgrade``; also logged and in the events)."""

    applied: list[tuple[int, str]] = field(default_factory=list)
    derivation: tuple[int, int] | None = None
    backup: str | None = None
    rederived: dict[str, Any] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.applied or self.derivation)


def migrate(tx: SQLTx, dialect: Dialect,
            migrations: Sequence[Migration | tuple[int, str, list[str]]] | None = None,
            derivation_version: int | None = None) -> UpgradeReport:
    """Bring the store of ``tx`` up to date: pending migrations, then the re-derive step.

    Runs in the caller's transaction, which must hold the engine's migration lock (so two
    processes opening one store never both upgrade it). A store that holds anything is
    backed up first, once, whatever is pending.
    """
    from vecmem.rules.derive import DERIVATION_VERSION
    from vecmem.store.base import utcnow

    target = DERIVATION_VERSION if derivation_version is None else derivation_version
    steps = sorted((as_migration(m) for m in (MIGRATIONS if migrations is None else migrations)),
                   key=lambda m: m.version)
    newest = steps[-1].version if steps else 0
    tx.execute("CREATE TABLE IF NOT EXISTS schema_version "
               "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
    done = {int(r[0]) for r in tx.execute("SELECT version FROM schema_version")}
    if done and max(done) > newest:
        raise StoreError(
            f"database {dialect.where} has schema version {max(done)}, newer than this "
            f"vecmem understands ({newest}); upgrade vecmem"
        )
    todo = [m for m in steps if m.version not in done]
    # Before versioning nothing was recorded: rows of unknown age are re-derived once.
    derived_at = int(tx.get_meta("derivation_version") or 0) if done else target
    if derived_at > target:
        raise StoreError(
            f"database {dialect.where} was derived by rules version {derived_at}, newer than "
            f"this vecmem's ({target}); upgrade vecmem"
        )
    report = UpgradeReport()
    if (todo or derived_at < target) and done and _holds_anything(tx):
        label = f"v{max(done)}-r{derived_at}"
        try:
            report.backup = dialect.backup(label) if dialect.backup else None
        except StoreError as exc:
            raise StoreError(
                f"{dialect.where} needs an upgrade, which vecmem only makes after a backup, "
                f"and the backup failed: {exc.message}. Nothing was changed; make room "
                "beside the database (or back it up yourself) and open it again") from None
    for m in todo:
        try:
            for statement in m.statements:
                # Statements are fixed text: run them as written (no placeholder
                # rewriting, which would touch a ``%`` or ``?`` inside a function body).
                tx.conn.execute(statement.format(**dialect.fill))
            for statement in dialect.after.get(m.version, ()):
                tx.conn.execute(statement)
            if m.run is not None:
                m.run(tx)
        except Exception as exc:
            # The caller rolls the whole upgrade back: the store is as it was.
            kept = f"; a copy taken before is at {report.backup}" if report.backup else ""
            raise StoreError(f"upgrading {dialect.where} failed in migration {m.version} "
                             f"({m.name}): {exc}; nothing was changed{kept}") from exc
        tx.execute("INSERT INTO schema_version(version, name, applied_at) VALUES (?, ?, ?)",
                   (m.version, m.name, utcnow()))
        report.applied.append((m.version, m.name))
    if derived_at < target:
        from vecmem.store.rederive import rederive

        report.rederived = rederive(tx, from_version=derived_at, to_version=target,
                                    backup=report.backup,
                                    migrations=[v for v, _ in report.applied])
        report.derivation = (derived_at, target)
    if derived_at < target or not done:
        tx.set_meta("derivation_version", str(target))
    if done and (report.applied or report.rederived.get("memories")):
        log.warning("vecmem: upgrading %s (migrations %s, rules version %s -> %s, %s "
                    "memories re-derived); the previous state is kept at %s", dialect.where,
                    [v for v, _ in report.applied] or "none", derived_at, target,
                    report.rederived.get("memories", 0), report.backup or "no copy (pg_dump)")
    return report


def _holds_anything(tx: SQLTx) -> bool:
    return any(tx.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None
               for table in ("memories", "events", "plans"))


#: What a purge leaves in place of a text (``engine/writes.purge``); the database lets an
#: event's texts change to this value and nothing else.
TOMBSTONE = "[purged]"

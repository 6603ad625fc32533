"""Schema migrations shared by both engines: each is a named list of statements.

A migration runs once, in a transaction, and is recorded in ``schema_version``. Add new
ones at the end; never edit one that has shipped in a way that changes the schema it
leaves behind. ``{id}``, ``{blob}`` and ``{fts}`` are filled by the engine's dialect.

Types are chosen to mean the same on both engines: ``DOUBLE PRECISION`` is an 8-byte float
on PostgreSQL and has REAL affinity (also 8 bytes) on SQLite, whereas ``REAL`` would be a
4-byte float on PostgreSQL (0.9 would read back as 0.899999976). Migration 1 declared
``confidence REAL`` until PostgreSQL altered it to ``DOUBLE PRECISION`` in the same
transaction, and SQLite's REAL already is 8 bytes: databases made before the change store
exactly what new ones do, so editing the text of migration 1 here changes no schema.
"""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str, list[str]]] = [
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
]

#: What a purge leaves in place of a text (``engine/writes.purge``); the database lets an
#: event's texts change to this value and nothing else.
TOMBSTONE = "[purged]"

LATEST_VERSION = MIGRATIONS[-1][0]

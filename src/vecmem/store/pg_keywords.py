"""Keyword scoring on PostgreSQL: the same BM25 as SQLite's in-memory index, in SQL.

``ts_rank`` ignores how rare a term is: after a byte-identical migration the one memory
containing a rare term ranked 1st on SQLite and 95th on PostgreSQL. So PostgreSQL scores
exactly as ``store/keyword_index.py`` does:

* the same tokens: each indexed term goes through FTS5's tokenizer (``fts_tokens``:
  Porter stemming, diacritics folded, CJK unchanged), and the query through the same
  ``query_tokens``;
* the same statistics, per scope over *active* memories: N documents, each token's
  document frequency, the average document length; kept in ``keyword_scope_stats`` and
  ``keyword_df`` by a trigger on ``memory_keywords``, inside the writing transaction
  (whoever changes a row, by whatever SQL, the statistics follow);
* the same formula: idf ``ln(1 + (N - df + 0.5) / (df + 0.5))`` times
  ``tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl))`` with ``K1``/``B`` from
  ``keyword_index``; ties by id ascending (SQLite: by insertion row).

``tsv`` holds each token with ``tf`` positions (``'tok':1,2``), so one row carries its
term frequencies; ``dl`` is the token count. One difference remains: SQLite freezes the
average length between merges of its index, PostgreSQL always uses the live one; scores
differ in the last digits, rankings only between near-ties.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from vecmem.store.fts_tokens import TOKENIZER
from vecmem.store.keyword_index import K1, B, KeywordIndex

__all__ = ["MIGRATION", "document", "query_tokens", "search_sql"]

#: PostgreSQL keeps at most 256 positions per lexeme and refuses lexemes of 2 KiB or more.
_MAX_TF = 255
_MAX_LEXEME_BYTES = 2046
_MAX_TSVECTOR_BYTES = 900_000

_QUERY_SIDE = KeywordIndex()  # only its query_tokens is used: SQLite's exact query tokens


def query_tokens(terms: Iterable[str]) -> list[str]:
    """The tokens a query's terms ask for, exactly as the SQLite index derives them."""
    return [t for t in _QUERY_SIDE.query_tokens(terms)
            if len(t.encode("utf-8")) <= _MAX_LEXEME_BYTES]


def document(terms: str) -> tuple[str, int]:
    """(tsvector literal with tf positions, token count) of one memory's indexed terms."""
    raw = terms.split()
    toks = TOKENIZER.tokens_many(raw)
    counts: Counter[str] = Counter()
    length = 0
    for term in raw:
        for token in toks[term]:
            counts[token] += 1
            length += 1
    parts: list[str] = []
    size = 0
    for token, tf in counts.items():
        nbytes = len(token.encode("utf-8"))
        if nbytes > _MAX_LEXEME_BYTES:
            continue  # cannot be a lexeme; such a token (a blob of base64…) is never a query
        size += nbytes + 8 + 2 * min(tf, _MAX_TF)
        if size > _MAX_TSVECTOR_BYTES:
            break  # a tsvector must stay under 1 MiB: the tail of a huge text is not indexed
        quoted = token.replace("\\", "\\\\").replace("'", "''")
        positions = ",".join(str(p) for p in range(1, min(tf, _MAX_TF) + 1))
        parts.append(f"'{quoted}':{positions}")
    return " ".join(parts), length


def tsquery(tokens: Sequence[str]) -> str | None:
    """OR of single-quoted lexemes (user text never becomes tsquery syntax)."""
    quoted = ["'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in tokens]
    return " | ".join(quoted) if quoted else None


def search_sql() -> str:
    """BM25 top-k; params: scope, tokens, scope, tsquery, scope, status, limit.

    Statistics are the active memories'; other statuses (explain's list of what the
    status filter hid) are scored against them too, a token no active memory has counting
    as df 0, so they rank rather than vanish.
    """
    return f"""
WITH s AS (
  SELECT COALESCE(MAX(docs), 0)::float8 AS n,
         GREATEST(COALESCE(MAX(total_len)::float8 / NULLIF(MAX(docs), 0), 1.0), 1e-9) AS avgdl
    FROM keyword_scope_stats WHERE scope = %s
), q AS (
  SELECT t.token, ln(1 + (s.n - COALESCE(d.df, 0) + 0.5) / (COALESCE(d.df, 0) + 0.5)) AS idf
    FROM s CROSS JOIN unnest(%s::text[]) AS t(token)
    LEFT JOIN keyword_df d ON d.scope = %s AND d.token = t.token
)
SELECT k.memory_id, SUM(q.idf * (u.tf * {K1 + 1.0!r})
         / (u.tf + {K1!r} * ({1.0 - B!r} + {B!r} * k.dl / (SELECT avgdl FROM s)))) AS score
  FROM memory_keywords k
  -- a lexeme without positions (a row bulk-loaded without them) still occurs once
  CROSS JOIN LATERAL (SELECT lexeme, GREATEST(cardinality(positions), 1) AS tf
                        FROM unnest(k.tsv)) AS u
  JOIN q ON q.token = u.lexeme
 WHERE k.tsv @@ %s::tsquery AND k.scope = %s AND k.status = %s
 GROUP BY k.memory_id
 ORDER BY score DESC, k.memory_id ASC
 LIMIT %s"""


# -- schema: migration 9 (PostgreSQL only) -------------------------------------------------
_STATS_DDL = [
    "ALTER TABLE memory_keywords ADD COLUMN IF NOT EXISTS dl INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE IF NOT EXISTS keyword_scope_stats (
        scope TEXT PRIMARY KEY, docs BIGINT NOT NULL, total_len BIGINT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS keyword_df (
        scope TEXT NOT NULL, token TEXT NOT NULL, df BIGINT NOT NULL,
        PRIMARY KEY (scope, token))""",
]
_TRIGGER_DDL = [
    # Only active memories count, as in SQLite's index. An update that changes neither
    # scope, status, tokens nor length leaves the statistics alone.
    """CREATE OR REPLACE FUNCTION vecmem_keyword_stats() RETURNS trigger
       LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'UPDATE' AND OLD.scope = NEW.scope AND OLD.status = NEW.status
            AND OLD.dl = NEW.dl AND OLD.tsv = NEW.tsv THEN
           RETURN NULL;
         END IF;
         IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
           UPDATE keyword_scope_stats SET docs = docs - 1, total_len = total_len - OLD.dl
            WHERE scope = OLD.scope;
           UPDATE keyword_df d SET df = d.df - 1
             FROM unnest(tsvector_to_array(OLD.tsv)) AS t(token)
            WHERE d.scope = OLD.scope AND d.token = t.token;
         END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
           INSERT INTO keyword_scope_stats AS s (scope, docs, total_len)
           VALUES (NEW.scope, 1, NEW.dl)
           ON CONFLICT (scope) DO UPDATE SET docs = s.docs + 1,
                                             total_len = s.total_len + EXCLUDED.total_len;
           INSERT INTO keyword_df AS d (scope, token, df)
           SELECT NEW.scope, t.token, 1 FROM unnest(tsvector_to_array(NEW.tsv)) AS t(token)
           ON CONFLICT (scope, token) DO UPDATE SET df = d.df + 1;
         END IF;
         RETURN NULL;
       END $$""",
    """CREATE OR REPLACE TRIGGER memory_keywords_stats
       AFTER INSERT OR UPDATE OR DELETE ON memory_keywords
       FOR EACH ROW EXECUTE FUNCTION vecmem_keyword_stats()""",
]
_BATCH = 5_000


def migrate_bm25(conn: psycopg.Connection[Any]) -> None:
    """Migration 9: re-tokenize every row as SQLite does, then count the statistics.

    Runs inside the migration transaction; the tokenizer is Python (FTS5's), so rows are
    read and rewritten in batches (about a minute per million memories).
    """
    for statement in _STATS_DDL:
        conn.execute(statement)
    conn.execute("DROP TRIGGER IF EXISTS memory_keywords_stats ON memory_keywords")
    last = -1
    while True:
        rows = conn.execute(
            "SELECT memory_id, terms FROM memory_keywords WHERE memory_id > %s "
            "ORDER BY memory_id LIMIT %s", [last, _BATCH]).fetchall()
        if not rows:
            break
        last = int(rows[-1][0])
        updates = []
        for memory_id, terms in rows:
            tsv, length = document(terms)
            updates.append([tsv, length, memory_id])
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memory_keywords SET tsv = %s::tsvector, dl = %s WHERE memory_id = %s",
                updates)
    rebuild_stats(conn)
    for statement in _TRIGGER_DDL:
        conn.execute(statement)


def rebuild_stats(conn: psycopg.Connection[Any], scope: str | None = None) -> None:
    """Recount the statistics from the rows (migration; doctor's repair)."""
    only = " AND k.scope = %s" if scope is not None else ""
    params = [scope] if scope is not None else []
    conn.execute("DELETE FROM keyword_scope_stats k WHERE true" + only, params)
    conn.execute("DELETE FROM keyword_df k WHERE true" + only, params)
    conn.execute(
        "INSERT INTO keyword_scope_stats (scope, docs, total_len) "
        "SELECT k.scope, COUNT(*), COALESCE(SUM(k.dl), 0) FROM memory_keywords k "
        "WHERE k.status = 'active'" + only + " GROUP BY k.scope", params)
    conn.execute(
        "INSERT INTO keyword_df (scope, token, df) "
        "SELECT k.scope, t.token, COUNT(*) FROM memory_keywords k, "
        "unnest(tsvector_to_array(k.tsv)) AS t(token) "
        "WHERE k.status = 'active'" + only + " GROUP BY k.scope, t.token", params)


def stats_drift(conn: psycopg.Connection[Any]) -> list[str]:
    """Scopes whose document count or total length disagrees with the rows (doctor)."""
    rows = conn.execute(
        "SELECT COALESCE(a.scope, s.scope) FROM "
        "(SELECT scope, COUNT(*) AS docs, COALESCE(SUM(dl), 0) AS total_len "
        "   FROM memory_keywords WHERE status = 'active' GROUP BY scope) a "
        "FULL JOIN (SELECT * FROM keyword_scope_stats WHERE docs <> 0) s ON s.scope = a.scope "
        "WHERE a.docs IS DISTINCT FROM s.docs OR a.total_len IS DISTINCT FROM s.total_len"
    ).fetchall()
    return [str(r[0]) for r in rows]


#: (version, name, function) of the PostgreSQL-only migrations, after the shared ones.
MIGRATION = (9, "BM25 keyword statistics (same scoring as SQLite)", migrate_bm25)

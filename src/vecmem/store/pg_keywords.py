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

``tsv`` holds the tokens (GIN-indexed), ``tfx`` the frequencies above 1 (most memories
have none: NULL), ``dl`` the token count. A row is scored by one expression per query
token, never by unnesting it: a common word matching 16k of 20k rows costs about twice
``ts_rank`` (48 vs 22 ms p50 on a loaded 2-core machine). One difference remains: SQLite freezes the
average length between merges of its index, PostgreSQL always uses the live one; scores
differ in the last digits, rankings only between near-ties.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from vecmem.store.fts_tokens import TOKENIZER
from vecmem.store.keyword_index import K1, B, KeywordIndex

__all__ = ["FORGET_MIGRATION", "MIGRATION", "document", "query_tokens", "search", "statistics"]

#: PostgreSQL keeps at most 256 positions per lexeme and refuses lexemes of 2 KiB or more.
_MAX_TF = 255
_MAX_LEXEME_BYTES = 2046
_MAX_TSVECTOR_BYTES = 900_000

_QUERY_SIDE = KeywordIndex()  # only its query_tokens is used: SQLite's exact query tokens


def query_tokens(terms: Iterable[str]) -> list[str]:
    """The tokens a query's terms ask for, exactly as the SQLite index derives them."""
    return [t for t in _QUERY_SIDE.query_tokens(terms)
            if len(t.encode("utf-8")) <= _MAX_LEXEME_BYTES]


def document(terms: str) -> tuple[str, str | None, int]:
    """(tsvector literal of the tokens, JSON of the frequencies above 1 or None, token
    count) of one memory's indexed terms."""
    raw = terms.split()
    toks = TOKENIZER.tokens_many(raw)
    counts: Counter[str] = Counter()
    length = 0
    for term in raw:
        for token in toks[term]:
            counts[token] += 1
            length += 1
    parts: list[str] = []
    repeated: dict[str, int] = {}
    size = 0
    for token, tf in counts.items():
        nbytes = len(token.encode("utf-8"))
        if nbytes > _MAX_LEXEME_BYTES:
            continue  # cannot be a lexeme; such a token (a blob of base64…) is never a query
        size += nbytes + 8
        if size > _MAX_TSVECTOR_BYTES:
            break  # a tsvector must stay under 1 MiB: the tail of a huge text is not indexed
        parts.append("'" + token.replace("\\", "\\\\").replace("'", "''") + "'")
        if tf > 1:
            repeated[token] = tf
    return " ".join(parts), json.dumps(repeated, ensure_ascii=False) if repeated else None, length


def tsquery(tokens: Sequence[str]) -> str | None:
    """OR of single-quoted lexemes (user text never becomes tsquery syntax)."""
    quoted = ["'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in tokens]
    return " | ".join(quoted) if quoted else None


def statistics(conn: psycopg.Connection[Any], scope: str, tokens: Sequence[str]
               ) -> tuple[int, int, dict[str, int]]:
    """(active documents, their total length, df of each of ``tokens``) in ``scope``."""
    rows = conn.execute(
        "SELECT NULL, docs, total_len FROM keyword_scope_stats WHERE scope = %s "
        "UNION ALL SELECT token, df, 0 FROM keyword_df WHERE scope = %s AND token = ANY(%s)",
        [scope, scope, list(tokens)]).fetchall()
    docs = total = 0
    df: dict[str, int] = {}
    for token, count, length in rows:
        if token is None:
            docs, total = int(count), int(length)
        else:
            df[str(token)] = int(count)
    return docs, total, df


def search(conn: psycopg.Connection[Any], scope: str, tokens: Sequence[str], status: str,
           limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best (id, BM25) of ``scope``'s memories with ``status``, best first.

    Statistics are the active memories'; other statuses (explain's list of what the
    status filter hid) are scored against them too, a token no active memory has counting
    as df 0, so they rank rather than vanish. Each matching row is scored by a per-token
    expression (a lexeme test, and a JSON lookup only for the rare repeated token): the
    cost is that of ``ts_rank`` over the same matches, not an unnest of every row.
    """
    query = tsquery(tokens)
    if query is None or limit <= 0:
        return []
    docs, total, df = statistics(conn, scope, tokens)
    avgdl = max(total / docs if docs else 1.0, 1e-9)
    parts: list[str] = []
    params: list[Any] = []
    for token in tokens:
        d = df.get(token, 0)
        idf = math.log1p((docs - d + 0.5) / (d + 0.5))
        tf = ("(CASE WHEN k.tsv @@ %s::tsquery "
              "THEN COALESCE((k.tfx ->> %s)::float8, 1) ELSE 0 END)")
        parts.append(f"%s * {tf} * {K1 + 1.0!r} / ({tf} + {K1!r} * "
                     f"({1.0 - B!r} + {B!r} * k.dl / %s))")
        lexeme = tsquery([token])
        params.extend([idf, lexeme, token, lexeme, token, avgdl])
    rows = conn.execute(
        f"SELECT k.memory_id, {' + '.join(parts)} AS score FROM memory_keywords k "
        "WHERE k.tsv @@ %s::tsquery AND k.scope = %s AND k.status = %s "
        "ORDER BY score DESC, k.memory_id ASC LIMIT %s",
        [*params, query, scope, status, int(limit)])
    return [(int(i), float(r)) for i, r in rows]


# -- schema: migration 9 (PostgreSQL only) -------------------------------------------------
_STATS_DDL = [
    "ALTER TABLE memory_keywords ADD COLUMN IF NOT EXISTS dl INTEGER NOT NULL DEFAULT 0",
    # term frequencies above 1 ({"token": tf}); NULL when every token occurs once
    "ALTER TABLE memory_keywords ADD COLUMN IF NOT EXISTS tfx jsonb",
    """CREATE TABLE IF NOT EXISTS keyword_scope_stats (
        scope TEXT PRIMARY KEY, docs BIGINT NOT NULL, total_len BIGINT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS keyword_df (
        scope TEXT NOT NULL, token TEXT NOT NULL, df BIGINT NOT NULL,
        PRIMARY KEY (scope, token))""",
]
_TRIGGER_DDL = [
    # Only active memories count, as in SQLite's index. An update that changes neither
    # scope, status, tokens nor length leaves the statistics alone.
    # It runs as its owner (the role that migrated), so forgetting a token needs no DELETE
    # grant on keyword_df for writers; search_path is pinned to the migration's.
    """CREATE OR REPLACE FUNCTION vecmem_keyword_stats() RETURNS trigger
       LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
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
           -- A token no active memory holds any more is forgotten: the statistics must
           -- keep no word of a text that was purged or had a secret cut out of it.
           DELETE FROM keyword_df d USING unnest(tsvector_to_array(OLD.tsv)) AS t(token)
            WHERE d.scope = OLD.scope AND d.token = t.token AND d.df <= 0;
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
            tsv, tfx, length = document(terms)
            updates.append([tsv, tfx, length, memory_id])
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memory_keywords SET tsv = %s::tsvector, tfx = %s::jsonb, dl = %s "
                "WHERE memory_id = %s", updates)
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


def forget_unheld_tokens(conn: psycopg.Connection[Any]) -> None:
    """Migration 11: the trigger forgets a token once no active memory holds it, and the
    tokens older triggers kept at a count of 0 (words of purged texts, of texts a secret
    was cut from on upgrade) are deleted."""
    for statement in _TRIGGER_DDL:
        conn.execute(statement)
    conn.execute("DELETE FROM keyword_df WHERE df <= 0")


FORGET_MIGRATION = (11, "keyword statistics keep no token of a removed text",
                    forget_unheld_tokens)

"""FTS5's own tokenizer (``porter unicode61 remove_diacritics 2``), callable from Python.

The in-memory keyword index must match the same tokens FTS5 matches, or keyword recall
changes with the engine: Porter stemming alone is worth ~5 points of LoCoMo keyword
recall, and FTS5 also folds diacritics ("café" -> "cafe") and splits at apostrophes
("caroline's" -> "carolin", "s"). Rather than re-implementing all of that and drifting,
each distinct raw term is run once through a scratch in-memory FTS5 table and read back
through ``fts5vocab``; the answer is memoized. SQLite with FTS5 is already required by the
store, so this adds no dependency.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable

from vecmem.text import CJK_CHAR

#: Must stay identical to the ``memory_fts`` tokenizer in ``store/sqlite.py``.
FTS5_TOKENIZER = "porter unicode61 remove_diacritics 2"

# Digits and CJK characters come out of FTS5 unchanged (checked in the tests); skipping the
# round trip for them keeps a 1M-memory build from memoizing a million numbers.
_PLAIN = re.compile(f"(?:[0-9]|{CJK_CHAR.pattern})+")
_MEMO_LIMIT = 500_000
_BATCH = 5_000


class Fts5Tokenizer:
    """Thread-safe, memoized ``raw term -> tuple of FTS5 tokens``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._memo: dict[str, tuple[str, ...]] = {}
        self._conn: sqlite3.Connection | None = None

    def tokens(self, term: str) -> tuple[str, ...]:
        return self.tokens_many([term])[term]

    def tokens_many(self, terms: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """``{term: tokens}`` for every distinct term (an empty tuple: no token at all)."""
        out: dict[str, tuple[str, ...]] = {}
        todo: list[str] = []
        memo = self._memo
        for term in terms:
            if term in out:
                continue
            hit = memo.get(term)
            if hit is not None:
                out[term] = hit
            elif _PLAIN.fullmatch(term):
                out[term] = (term,)
            else:
                todo.append(term)
        if todo:
            with self._lock:
                if len(memo) + len(todo) > _MEMO_LIMIT:
                    memo.clear()
                for start in range(0, len(todo), _BATCH):
                    chunk = todo[start : start + _BATCH]
                    found = self._run(chunk)
                    for term, toks in zip(chunk, found, strict=True):
                        memo[term] = out[term] = toks
        return out

    def _run(self, terms: list[str]) -> list[tuple[str, ...]]:
        conn = self._conn
        if conn is None:
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            # Contentless: only the token index is kept, and 'delete-all' empties it.
            conn.execute(
                "CREATE VIRTUAL TABLE tok USING fts5(t, content='', "
                f"tokenize='{FTS5_TOKENIZER}')"
            )
            conn.execute("CREATE VIRTUAL TABLE tok_v USING fts5vocab(tok, 'instance')")
            self._conn = conn
        conn.execute("INSERT INTO tok(tok) VALUES ('delete-all')")
        conn.executemany("INSERT INTO tok(rowid, t) VALUES (?, ?)", enumerate(terms))
        found: list[list[str]] = [[] for _ in terms]
        for doc, token in conn.execute("SELECT doc, term FROM tok_v ORDER BY doc, offset"):
            found[doc].append(token)
        return [tuple(f) for f in found]


#: One per process: the memo is shared by every store and scope.
TOKENIZER = Fts5Tokenizer()


_STOP_TOKENS: frozenset[str] | None = None


def stop_tokens() -> frozenset[str]:
    """The FTS5 tokens of the query stopwords (``his`` -> ``hi``, ``ones`` -> ``on``).

    A query word whose every token is one of these is no evidence: the index stems before
    it compares, so "hi" would otherwise match every "his" and "one" every "on".
    """
    global _STOP_TOKENS
    if _STOP_TOKENS is None:
        from vecmem.text import ENGLISH_STOPWORDS, QUERY_FILLER_WORDS

        words = sorted(ENGLISH_STOPWORDS | QUERY_FILLER_WORDS)
        found = TOKENIZER.tokens_many(words)
        _STOP_TOKENS = frozenset(t for w in words for t in found[w])
    return _STOP_TOKENS


def is_stop_token_term(term: str) -> bool:
    """True when every FTS5 token of the query ``term`` is a stopword's token (or it has
    none): stemming first, then the stopword test."""
    toks = TOKENIZER.tokens(term)
    stops = stop_tokens()
    return all(t in stops for t in toks)

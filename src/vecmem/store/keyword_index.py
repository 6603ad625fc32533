"""In-memory BM25 over the active memories of one scope, in front of SQLite's FTS5.

FTS5 stays the durable copy of the keyword terms (and answers the non-active statuses);
this index is rebuilt from it and kept in sync by change number, like the vector index.
Why it exists: an OR query of common words makes FTS5 score every matching row before its
``ORDER BY rank LIMIT``, which cost 40-70 ms at 100k memories.

Tokens are exactly FTS5's (``fts_tokens``: Porter stemming, diacritics folded), so both
paths match the same documents. Scoring is Okapi BM25 with ``K1``/``B`` below and the
always-positive idf ``ln(1 + (N - df + 0.5) / (df + 0.5))`` (FTS5's clamps a word in more
than half of the documents to ~0, which leaves a query of common words unranked).

Layout (``row`` = dense document number, ``tid`` = token id):
- main segment, rebuilt in bulk: per token, its postings twice - by row (``doc_row``,
  ``doc_tf``: random access by binary search) and by BM25 impact, highest first
  (``imp_row``: the reading order) - and per row its tids (``fwd``: removal);
- delta segment for documents added since: per-row arrays and per-token growable
  postings, scored exhaustively (it is kept small and merged into main past a size);
- removal marks a row dead and takes it out of the statistics (N, df, total length);
- N and df are always current; the average length is main's at its last build (frozen
  until the next merge, so the impact order stays exact), and impacts are float32.

Search is exact top-k by the threshold algorithm: read each query token's postings in
impact order a block at a time, score every newly seen row exactly (binary search in the
by-row postings of each query token, or a dense row -> tf array for the few tokens in a
large share of the documents), and stop once the best score an unseen row could reach
(the sum of each list's next impact) falls below the k-th best. Only the lists that can
still matter are read (MaxScore: those whose bounds, smallest first, sum below the k-th
best are left unread), and lists of common tokens (small idf, most of the postings)
start out unread: with words in most documents a search reads the rare lists and only
gathers the common tokens' tfs for the rows those bring. Ties at the k-th score go to
the lower row (the earlier document), so every reading order - pruned, every list, or
exhaustive - returns the same ids with the same scores (tests/store/test_keyword_pruning.py).
"""

from __future__ import annotations

import gc
import math
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain

import numpy as np

from vecmem.store.fts_tokens import TOKENIZER
from vecmem.store.keyword_arrays import FORMAT_VERSION, KeywordArrays
from vecmem.text import ENGLISH_STOPWORDS

__all__ = ["B", "FORMAT_VERSION", "K1", "KeywordIndex"]  # noqa: RUF022 (the order above)

#: BM25 parameters, chosen on LoCoMo through ``Memory.search`` (first 3 conversations,
#: recall@10 keyword / hybrid, k1 1.2): b 0.75 0.623 / 0.776, 0.5 0.638 / 0.782, 0.4 0.647 /
#: 0.786, 0.3 0.653 / 0.791 (FTS5, fixed k1 1.2 b 0.75: 0.634 / 0.774). k1 0.9-1.5 moved
#: either by < 0.1 point. Memories are short and alike in length, so length normalization
#: mostly hurts (the keyword side alone gains another half point down to b 0.1).
K1 = 1.2
B = 0.3

_FIRST_DEPTH = 256  # postings read per list before the first stopping test
# Total postings under which every list of a query of several tokens is read at once
# (one token: _EXHAUSTIVE_ONE). Memories are short and alike in length, so impacts are
# nearly flat and the threshold reading of two or three mid-sized lists (a few thousand
# postings each) went through 5-8 rounds before it could stop; summing every posting is
# cheaper up to a few ten thousand. Measured (CPU time, fastest of 9, p50 over term sets
# of 2.5k-18k postings per term) on the 100k common-word store (search_latency.py data):
# two terms 0.43 ms at 2,048 -> 0.18 at 32,768, three 0.69 -> 0.27; on a 1M-document
# index two terms 0.72 -> 0.36 (cold 1.23 -> 1.08). A single list is better read in
# impact order (1M: 0.06 ms against 0.16 summed). A gate-off query (common lists of 70k+
# postings) stays on the threshold reading. Identical answers either way (the tests).
_EXHAUSTIVE_BELOW = 32_768
_EXHAUSTIVE_ONE = 2_048
# Tokens in more than 1/_DENSE_SHARE of main get a dense tf array (2 bytes per document;
# at most _DENSE_KEEP of them, least recently used first out).
_DENSE_SHARE = 16
_DENSE_MIN_POSTINGS = 4_096
_DENSE_KEEP = 16
# Lists of tokens in this share of the documents or more are read last (see _search).
_COMMON_SHARE = 0.2
#: False: several tokens' contributions go through the store-sized accumulator (tests).
_BY_SORT = True
_PRUNE = True  # False: read every list each round (the plain threshold algorithm; tests)


def _delta_cap(main_rows: int) -> int:
    """Delta rows allowed before a merge: a small fraction of main (so the frozen average
    length stays close, and the exhaustive delta scan cheap), yet enough to amortize."""
    return max(64, min(32_768, main_rows // 32))


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Millions of small lists and strings would trigger repeated full collections."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _factorize(words: list[str]) -> tuple[list[str], np.ndarray]:
    """(distinct words, code of each word) - through numpy on the words' hashes, ~4x faster
    than a dict lookup per word at 15M words; a dict when hashes collide."""
    if len(words) < 50_000:
        code: dict[str, int] = {}
        codes = [code.setdefault(w, len(code)) for w in words]
        return list(code), np.asarray(codes, dtype=np.int64)
    hashes = np.fromiter(map(hash, words), dtype=np.int64, count=len(words))
    distinct, first, codes = np.unique(hashes, return_index=True, return_inverse=True)
    if len(distinct) != len(set(words)):  # two words share a hash: never silently merge
        code = {w: i for i, w in enumerate(dict.fromkeys(words))}
        return list(code), np.fromiter(map(code.__getitem__, words), dtype=np.int64,
                                       count=len(words))
    return [words[i] for i in first.tolist()], codes.astype(np.int64).reshape(-1)


def _distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` (sorted distinct values), by a sort: numpy 2's hash-based
    ``unique`` costs 20-30x more on the few thousand rows of one search (~130 us against
    ~5 us, the largest single cost of a short-list keyword search)."""
    values = np.sort(values)
    if len(values) < 2:
        return values
    return values[np.concatenate(([True], values[1:] != values[:-1]))]


def _sum_by_row(rows: np.ndarray, contribs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows ascending, each row's contributions summed in the order given):
    to the bit what ``acc[rows] += contrib`` per list and then ``acc[distinct rows]``
    give, since ``np.bincount`` adds its weights one after the other from 0.0 in the
    order they come (``np.add.reduceat`` would not: it adds a group's first value to
    the sum of the rest)."""
    order = np.argsort(rows, kind="stable")  # stable: a row's contributions keep order
    rows, contribs = rows[order], contribs[order]
    if len(rows) < 2:
        return rows, contribs.astype(np.float64)
    first = np.concatenate(([True], rows[1:] != rows[:-1]))
    return rows[first], np.bincount(np.cumsum(first) - 1, weights=contribs)


def _top_k(rows: np.ndarray, scores: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` best by score, ties to the lower row: the same answer whatever order
    the candidates came in, so every reading strategy returns the same top k."""
    cut = len(scores) - k
    kth = np.partition(scores, cut)[cut]
    above = np.flatnonzero(scores > kth)
    tied = np.flatnonzero(scores == kth)
    tied = tied[np.argsort(rows[tied], kind="stable")[: k - len(above)]]
    keep = np.concatenate([above, tied])
    return rows[keep], scores[keep]


class _Postings:
    """A growable (rows, tfs) list for one token in the delta segment."""

    __slots__ = ("n", "rows", "tfs")

    def __init__(self) -> None:
        self.rows = np.empty(8, dtype=np.int32)
        self.tfs = np.empty(8, dtype=np.uint16)
        self.n = 0

    def append(self, row: int, tf: int) -> None:
        if self.n == len(self.rows):
            self.rows = np.concatenate([self.rows, np.empty_like(self.rows)])
            self.tfs = np.concatenate([self.tfs, np.empty_like(self.tfs)])
        self.rows[self.n] = row
        self.tfs[self.n] = tf
        self.n += 1


class KeywordIndex(KeywordArrays):
    """BM25 top-k over ``int64`` ids whose documents are FTS5 term strings. Thread-safe.
    Saved and loaded through ``KeywordArrays`` (``keyword_arrays.py``)."""

    PARAMS = (K1, B)

    def __init__(self, *, k1: float = K1, b: float = B) -> None:
        if k1 < 0 or not 0.0 <= b <= 1.0:
            raise ValueError(f"need k1 >= 0 and 0 <= b <= 1, got k1={k1}, b={b}")
        self.k1 = float(k1)
        self.b = float(b)
        #: Change number the owner synced this index to (-1: never).
        self.seq = -1
        #: Documents added, replaced or removed since this object was built or loaded:
        #: tells cheaply how far a saved copy is behind.
        self.changes = 0
        self._lock = threading.RLock()
        self._vocab: dict[str, int] = {}
        self._tokens: list[str] = []
        self._df = np.zeros(0, dtype=np.int64)
        self._row: dict[int, int] = {}  # id -> row
        self._ids = np.zeros(0, dtype=np.int64)  # row -> id
        self._dl = np.zeros(0, dtype=np.int32)
        self._alive = np.zeros(0, dtype=bool)
        self._n_rows = 0
        self._n_alive = 0
        self._total_len = 0
        self._dead_main = 0
        # main segment
        self._main = 0
        self._avgdl = 1.0  # main's average length at its build, used until the next merge
        self._fwd_ptr = np.zeros(1, dtype=np.int64)
        self._fwd_tid = np.zeros(0, dtype=np.int32)
        self._post_ptr = np.zeros(1, dtype=np.int64)
        self._doc_row = np.zeros(0, dtype=np.int32)
        self._doc_tf = np.zeros(0, dtype=np.uint16)
        self._imp_row = np.zeros(0, dtype=np.int32)
        self._dense: dict[int, np.ndarray] = {}  # tid -> row -> tf, for common tokens
        self._top_impact: dict[int, float] = {}  # tid -> its main list's first impact
        # delta segment
        self._delta_fwd: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._delta_post: dict[int, _Postings] = {}
        # search scratch, all zero between searches
        self._acc = np.zeros(0, dtype=np.float64)
        self._seen = np.zeros(0, dtype=bool)

    # -- inspection ------------------------------------------------------------------
    def __len__(self) -> int:
        return self._n_alive

    def __contains__(self, id_: object) -> bool:
        try:
            key = int(id_)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False
        with self._lock:
            return key in self._row

    def ids(self) -> np.ndarray:
        with self._lock:
            rows = np.fromiter(self._row.values(), dtype=np.int64, count=len(self._row))
            return np.sort(self._ids[rows])

    def stats(self) -> dict[str, float]:
        """Documents, average length and segment sizes (for tests and diagnostics)."""
        with self._lock:
            return {
                "docs": self._n_alive,
                "avgdl": self._avgdl_used(),
                "main_rows": self._main,
                "delta_rows": self._n_rows - self._main,
                "dead_main": self._dead_main,
                "postings": len(self._doc_row),
                "vocabulary": len(self._tokens),
            }

    # -- building --------------------------------------------------------------------
    @classmethod
    def build(
        cls, docs: Iterable[tuple[int, str]], *, k1: float = K1, b: float = B
    ) -> KeywordIndex:
        """An index over ``(id, terms)`` pairs (``terms`` as stored in ``memory_fts``)."""
        index = cls(k1=k1, b=b)
        ids: list[int] = []
        texts: list[str] = []
        for id_, text in docs:
            ids.append(int(id_))
            texts.append(text or "")
        with index._lock:
            index._load(ids, texts)
        return index

    def _load(self, ids: list[int], texts: list[str]) -> None:
        id_arr = np.asarray(ids, dtype=np.int64)
        # Last occurrence wins, like repeated upserts.
        _, last = np.unique(id_arr[::-1], return_index=True)
        keep = np.sort(len(id_arr) - 1 - last)
        if len(keep) != len(id_arr):
            id_arr = id_arr[keep]
            texts = [texts[i] for i in keep.tolist()]
        row_of, tid, tf, dl = self._encode(texts)
        n = len(id_arr)
        self._reserve(n)
        self._ids[:n] = id_arr
        self._dl[:n] = dl
        self._alive[:n] = True
        self._n_rows = self._n_alive = n
        self._total_len = int(dl.sum())
        self._row = dict(zip(id_arr.tolist(), range(n), strict=True))
        self._df = np.bincount(tid, minlength=len(self._tokens)).astype(np.int64)
        self._install_main(n, row_of, tid, tf)

    def _encode(
        self, texts: Sequence[str]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Documents -> forward postings (row, tid, tf) sorted by (row, tid), and lengths."""
        with _gc_paused():
            split = [t.split() for t in texts]
            raw_per_doc = np.fromiter(map(len, split), dtype=np.int64, count=len(split))
            flat = list(chain.from_iterable(split))
            del split
            uniq, codes = _factorize(flat)
            del flat
        toks = TOKENIZER.tokens_many(uniq)
        tok_count = np.fromiter((len(toks[r]) for r in uniq), dtype=np.int64, count=len(uniq))
        tok_tid = np.fromiter(
            (self._tid(t) for r in uniq for t in toks[r]), dtype=np.int32,
            count=int(tok_count.sum()),
        )
        doc_of_raw = np.repeat(np.arange(len(texts), dtype=np.int64), raw_per_doc)
        if len(tok_count) and bool((tok_count == 1).all()):
            tids, doc_of_tok = tok_tid[codes], doc_of_raw
        else:  # some raw terms are several tokens ("caroline's") or none
            per = tok_count[codes]
            starts = np.concatenate([[0], np.cumsum(tok_count)[:-1]])[codes]
            offs = np.arange(int(per.sum()), dtype=np.int64) - np.repeat(np.cumsum(per) - per, per)
            tids = tok_tid[np.repeat(starts, per) + offs]
            doc_of_tok = np.repeat(doc_of_raw, per)
        dl = np.bincount(doc_of_tok, minlength=len(texts)).astype(np.int32)
        vocab = max(len(self._tokens), 1)
        key, tf = np.unique(doc_of_tok * vocab + tids, return_counts=True)
        return (
            (key // vocab).astype(np.int32),
            (key % vocab).astype(np.int32),
            np.minimum(tf, np.iinfo(np.uint16).max).astype(np.uint16),
            dl,
        )

    def _tid(self, token: str) -> int:
        tid = self._vocab.get(token)
        if tid is None:
            tid = self._vocab[token] = len(self._tokens)
            self._tokens.append(token)
        return tid

    def _install_main(
        self, n: int, row_of: np.ndarray, tid: np.ndarray, tf: np.ndarray
    ) -> None:
        """Make rows ``[0, n)`` the main segment from postings sorted by (row, tid)."""
        self._main = n
        self._dead_main = 0
        self._fwd_ptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(row_of, minlength=n), out=self._fwd_ptr[1:])
        self._fwd_tid = tid
        order = np.argsort(tid, kind="stable")  # rows stay ascending within a token
        self._doc_row, self._doc_tf = row_of[order], tf[order]
        tid = tid[order]
        del order
        self._post_ptr = np.zeros(len(self._tokens) + 1, dtype=np.int64)
        np.cumsum(np.bincount(tid, minlength=len(self._tokens)), out=self._post_ptr[1:])
        self._avgdl = max(self._total_len / n, 1e-9) if n else 1.0
        impact = self._f(self._doc_tf, self._dl[self._doc_row], self._avgdl)
        # One sort: token ascending, then impact descending (the bits of a positive
        # float32 sort like the float).
        key = (tid.astype(np.uint64) << np.uint64(32)) | (
            np.uint64(0xFFFFFFFF) - impact.astype(np.float32).view(np.uint32).astype(np.uint64)
        )
        del impact, tid
        self._imp_row = self._doc_row[np.argsort(key, kind="stable")]
        self._dense = {}
        self._top_impact = {}
        self._delta_fwd = {}
        self._delta_post = {}

    def _f(self, tf: np.ndarray, dl: np.ndarray, avgdl: float) -> np.ndarray:
        """BM25's saturated term frequency (idf aside): a posting's impact.

        Rounded to float32 everywhere, so the impact order of the postings and the scores
        agree to the bit: equal documents tie exactly, and the stopping test is exact.
        """
        tf = tf.astype(np.float64)
        norm = self.k1 * (1.0 - self.b + self.b * (dl.astype(np.float64) / avgdl))
        return (tf * (self.k1 + 1.0) / (tf + norm)).astype(np.float32).astype(np.float64)

    def _avgdl_used(self) -> float:
        """The average length BM25 uses: main's at its build (frozen between merges, which
        keeps every precomputed impact order valid), or the live one while there is no
        main segment yet."""
        if self._main:
            return self._avgdl
        return self._total_len / self._n_alive if self._total_len else 1.0

    # -- changes ---------------------------------------------------------------------
    def upsert(self, id_: int, terms: str) -> None:
        """Add or replace one document."""
        with self._lock:
            self._upsert(int(id_), terms or "")
            self._maybe_merge()

    def remove(self, id_: int) -> None:
        """Remove one document; an unknown id is ignored."""
        with self._lock:
            self._remove(int(id_))
            self._maybe_merge()

    def apply(self, changes: Iterable[tuple[int, bool, str | None]]) -> None:
        """Sync a batch of ``(id, is_active, terms)``: inactive or term-less ids leave."""
        with self._lock:
            for id_, active, terms in changes:
                if active and terms is not None:
                    self._upsert(int(id_), terms)
                else:
                    self._remove(int(id_))
            self._maybe_merge()

    def _upsert(self, id_: int, terms: str) -> None:
        _, tids, tfs, dl = self._encode([terms])
        old = self._row.get(id_)
        if old is not None:
            otids, otfs = self._forward(old)
            if np.array_equal(otids, tids) and np.array_equal(otfs, tfs):
                return  # e.g. a status or metadata change of a still active memory
            self._remove(id_)
        if len(self._df) < len(self._tokens):
            grown = np.zeros(max(len(self._tokens), 2 * len(self._df)), dtype=np.int64)
            grown[: len(self._df)] = self._df
            self._df = grown
        row = self._n_rows
        self._reserve(row + 1)
        self._ids[row] = id_
        self._dl[row] = int(dl[0])
        self._alive[row] = True
        self._n_rows += 1
        self._n_alive += 1
        self._total_len += int(dl[0])
        self._row[id_] = row
        self._df[tids] += 1
        self.changes += 1
        self._delta_fwd[row] = (tids, tfs)
        for t, f in zip(tids.tolist(), tfs.tolist(), strict=True):
            post = self._delta_post.get(t)
            if post is None:
                post = self._delta_post[t] = _Postings()
            post.append(row, f)

    def _remove(self, id_: int) -> None:
        row = self._row.pop(id_, None)
        if row is None:
            return
        if row < self._main:
            tids = self._fwd_tid[self._fwd_ptr[row] : self._fwd_ptr[row + 1]]
        else:
            tids = self._delta_fwd[row][0]
        self._df[tids] -= 1
        self.changes += 1
        self._alive[row] = False
        self._n_alive -= 1
        self._total_len -= int(self._dl[row])
        if row < self._main:
            self._dead_main += 1
        else:
            del self._delta_fwd[row]  # its postings stay behind, masked by _alive

    def _forward(self, row: int) -> tuple[np.ndarray, np.ndarray]:
        """(tids, tfs) of a live row."""
        if row >= self._main:
            return self._delta_fwd[row]
        tids = self._fwd_tid[self._fwd_ptr[row] : self._fwd_ptr[row + 1]]
        tfs = np.empty(len(tids), dtype=np.uint16)
        for i, t in enumerate(tids.tolist()):
            lo, hi = int(self._post_ptr[t]), int(self._post_ptr[t + 1])
            at = int(np.searchsorted(self._doc_row[lo:hi], np.int32(row)))
            tfs[i] = self._doc_tf[lo + at]
        return tids, tfs

    def _maybe_merge(self) -> None:
        delta = self._n_rows - self._main
        if delta > _delta_cap(self._main) or self._dead_main > max(1_024, self._main // 4):
            self.merge()

    def merge(self) -> None:
        """Fold the delta segment and the dead rows into a freshly sorted main segment."""
        with self._lock:
            delta_rows = sorted(self._delta_fwd)
            old_rows = np.concatenate([
                np.flatnonzero(self._alive[: self._main]),
                np.asarray(delta_rows, dtype=np.int64)])
            n = len(old_rows)
            new_row = np.full(max(self._n_rows, 1), -1, dtype=np.int64)
            new_row[old_rows] = np.arange(n)
            # Main postings of live rows, then the delta's, as (row, tid, tf).
            vocab_main = len(self._post_ptr) - 1
            tid_parts = [np.repeat(np.arange(vocab_main, dtype=np.int64),
                                   np.diff(self._post_ptr))]
            row_parts = [new_row[self._doc_row]]
            tf_parts = [self._doc_tf]
            for r in delta_rows:
                t, f = self._delta_fwd[r]
                tid_parts.append(t.astype(np.int64))
                row_parts.append(np.full(len(t), new_row[r], dtype=np.int64))
                tf_parts.append(f)
            rows = np.concatenate(row_parts)
            live = rows >= 0
            vocab = max(len(self._tokens), 1)
            key = rows[live] * vocab + np.concatenate(tid_parts)[live]
            order = np.argsort(key)
            key = key[order]
            tfs = np.concatenate(tf_parts)[live][order]
            ids = self._ids[old_rows]
            self._dl[:n] = self._dl[old_rows]
            self._ids[:n] = ids
            self._alive[:] = False
            self._alive[:n] = True
            self._n_rows = n
            self._row = dict(zip(ids.tolist(), range(n), strict=True))
            self._install_main(n, (key // vocab).astype(np.int32),
                               (key % vocab).astype(np.int32), tfs)

    def _reserve(self, rows: int) -> None:
        cap = len(self._ids)
        if rows <= cap:
            return
        new_cap = max(rows, int(cap * 1.5), 64)
        for name in ("_ids", "_dl", "_alive", "_acc", "_seen"):
            old = getattr(self, name)
            grown = np.zeros(new_cap, dtype=old.dtype)
            grown[: len(old)] = old
            setattr(self, name, grown)

    # -- search ----------------------------------------------------------------------
    def query_tokens(self, terms: Iterable[str]) -> list[str]:
        """The FTS5 tokens a query's terms (``keyword_terms(q, for_query=True)``) ask for.

        A raw term that FTS5 splits (``caroline's`` -> ``carolin`` ``s``) is a phrase
        there; here its parts are OR-ed, without the stopword fragments.
        """
        terms = [t for t in terms if t]
        toks = TOKENIZER.tokens_many(terms)
        out: dict[str, None] = {}
        for t in terms:
            parts = toks[t]
            if len(parts) > 1:
                parts = tuple(p for p in parts if p not in ENGLISH_STOPWORDS)
            for p in parts:
                out.setdefault(p, None)
        return list(out)

    def _term_tids(self, terms: Iterable[str]) -> dict[str, list[int]]:
        """Each query term's token ids in this index (a split term: its non-stop parts)."""
        # ``query_tokens([t])`` per term, with one tokenizer call for all of them.
        distinct = list(dict.fromkeys(t for t in terms if t))
        toks = TOKENIZER.tokens_many(distinct)
        vocab = self._vocab
        out: dict[str, list[int]] = {}
        for t in distinct:
            parts = toks[t]
            if len(parts) > 1:
                parts = tuple(p for p in parts if p not in ENGLISH_STOPWORDS)
            out[t] = [vocab[p] for p in dict.fromkeys(parts) if p in vocab]
        return out

    def term_stats(self, terms: Iterable[str]) -> tuple[int, dict[str, int]]:
        """(live documents, per query term the live documents it matches). A term FTS5
        splits into parts counts its most frequent part (an upper bound would need the
        union of the parts' postings; the parts of one word rarely differ much)."""
        with self._lock:
            df = {t: max((int(self._df[i]) for i in tids), default=0)
                  for t, tids in self._term_tids(terms).items()}
            return self._n_alive, df

    def matches(self, ids: Iterable[int], terms: Iterable[str]) -> dict[int, list[str]]:
        """For each live id among ``ids``, the query terms its document matches (the ones
        `search` would score it for); ids matching none are left out."""
        with self._lock:
            by_term = {t: set(tids) for t, tids in self._term_tids(terms).items() if tids}
            if not by_term:
                return {}
            ids = [int(i) for i in ids]
            rows = np.fromiter((self._row.get(i, -1) for i in ids), dtype=np.int64,
                               count=len(ids))
            # Per term, which rows hold one of its tokens: main rows by a gather (common
            # token) or binary search in its postings, all at once; delta rows by set.
            in_main = (rows >= 0) & (rows < self._main)
            main_rows = rows[in_main].astype(np.int32)
            # As Python lists: indexing a numpy array by a Python int costs ~10x a list's.
            has = {t: self._holds(tids, main_rows).tolist() for t, tids in by_term.items()}
            at_main = (np.cumsum(in_main) - 1).tolist()
            main = self._main
            out: dict[int, list[str]] = {}
            for id_, row, m in zip(ids, rows.tolist(), at_main, strict=True):
                if row < 0:
                    continue
                if row >= main:
                    have = set(self._delta_fwd[row][0].tolist())
                    hit = [t for t, tids in by_term.items() if tids & have]
                else:
                    hit = [t for t, h in has.items() if h[m]]
                if hit:
                    out[id_] = hit
            return out

    def _holds(self, tids: set[int], rows: np.ndarray) -> np.ndarray:
        """Whether each main-segment row (int32) has any of ``tids``."""
        out = np.zeros(len(rows), dtype=bool)
        vocab_main = len(self._post_ptr) - 1
        for t in tids:
            if t >= vocab_main or not len(rows):
                continue
            dense = self._dense.get(t)  # one made for a search; never made here (a few
            if dense is not None:       # rows cost less than a 2-byte-per-document array)
                out |= dense[rows] > 0
                continue
            lo, hi = int(self._post_ptr[t]), int(self._post_ptr[t + 1])
            if lo == hi:
                continue
            col = self._doc_row[lo:hi]
            at = np.searchsorted(col, rows)
            at[at >= len(col)] = 0
            out |= col[at] == rows
        return out

    def search(self, terms: Iterable[str], k: int) -> list[tuple[int, float]]:
        """The ``k`` best ``(id, score)`` by BM25 for OR-ed query terms, best first."""
        tokens = self.query_tokens(terms)
        k = int(k)
        with self._lock:
            if k <= 0 or self._n_alive == 0:
                return []
            tids = [self._vocab[t] for t in tokens if t in self._vocab]
            tids = [t for t in tids if self._df[t] > 0]
            if not tids:
                return []
            return self._search(np.asarray(tids, dtype=np.int64), k)

    def _idf(self, tids: np.ndarray) -> np.ndarray:
        df = self._df[tids].astype(np.float64)
        return np.log1p((self._n_alive - df + 0.5) / (df + 0.5))

    def _search(self, tids: np.ndarray, k: int) -> list[tuple[int, float]]:
        tids = np.sort(tids)  # for the binary searches in _score_main
        avgdl = self._avgdl_used()
        weights = self._idf(tids)
        best_rows = np.zeros(0, dtype=np.int64)
        best = np.zeros(0, dtype=np.float64)

        def keep_best(rows: np.ndarray, scores: np.ndarray) -> float:
            nonlocal best_rows, best
            rows = np.concatenate([best_rows, rows])
            scores = np.concatenate([best, scores])
            if len(scores) > k:
                rows, scores = _top_k(rows, scores, k)
            best_rows, best = rows, scores
            return float(scores.min()) if len(scores) >= k else -math.inf

        # Main postings past the last merge's vocabulary do not exist.
        vocab_main = len(self._post_ptr) - 1
        lo = self._post_ptr[np.minimum(tids, vocab_main)]
        lengths = self._post_ptr[np.minimum(tids + 1, vocab_main)] - lo
        total = int(lengths.sum())
        # One list is read in impact order, whatever its length: its top k are its first
        # postings, and the reading stops after a block or two (tied runs included).
        exhaustive = total <= _EXHAUSTIVE_ONE or (len(tids) > 1 and total <= _EXHAUSTIVE_BELOW)

        # The delta (always) and short main lists: every posting at once, summed into a
        # dense accumulator - exact, and cheaper than any early stopping at this size.
        acc, alive, dl = self._acc, self._alive, self._dl
        # One token: its lists (delta, main) hold disjoint rows, so each row's score is
        # its one contribution (0.0 + x is x: the accumulator's bits) and the scattered
        # reads and writes of the accumulator, a store-sized array, are skipped - at 100k
        # memories they cost more than the scoring itself once the array leaves the cache.
        single = len(tids) == 1
        # A few tokens: each row's contributions summed by one sort of the postings read
        # (``_sum_by_row``) rather than scattered into and gathered from the store-sized
        # accumulator - the same sums in the same order, without its cache misses.
        by_sort = _BY_SORT and not single
        parts: list[np.ndarray] = []
        contribs: list[np.ndarray] = []
        for i, t in enumerate(tids.tolist()):
            lists = []
            post = self._delta_post.get(t)
            if post is not None and post.n:
                lists.append((post.rows[: post.n], post.tfs[: post.n], False))
            if exhaustive and lengths[i]:
                a, z = int(lo[i]), int(lo[i] + lengths[i])
                lists.append((self._doc_row[a:z], self._doc_tf[a:z], True))
            for rows, tfs, main in lists:  # disjoint row sets: no row twice in one +=
                if not (main and self._dead_main == 0):  # no dead row in main: no mask
                    live = alive[rows]
                    rows, tfs = rows[live], tfs[live]
                contrib = weights[i] * self._f(tfs, dl[rows], avgdl)
                if single or by_sort:
                    contribs.append(contrib)
                else:
                    acc[rows] += contrib
                parts.append(rows)
        theta = -math.inf
        if parts and single:
            theta = keep_best(np.concatenate(parts), np.concatenate(contribs))
        elif parts and by_sort:
            theta = keep_best(*_sum_by_row(np.concatenate(parts), np.concatenate(contribs)))
        elif parts:
            rows = _distinct(np.concatenate(parts))
            theta = keep_best(rows, acc[rows])
            acc[rows] = 0.0
        if exhaustive:
            return self._ranked(best_rows, best)

        # Main: impact-ordered lists, a growing block at a time; every newly seen row is
        # scored exactly (all query tokens) by binary search in the by-row postings, and
        # the reading stops once the best unseen row (at most the sum of each list's next
        # impact) falls below the k-th. Which lists are read is free (the stopping test
        # alone makes the answer exact), so only the "essential" ones are (MaxScore): the
        # lists whose bounds, smallest first, sum below the k-th best can only add rows
        # that cannot make the top k, and are left unread. Lists of common tokens (in
        # _COMMON_SHARE of the documents or more: small idf, most of the postings) start
        # out unread, so with common words a search reads the rare lists' postings and
        # only gathers the common tokens' tfs for the rows those lists bring.
        n_lists = len(tids)
        pos = np.zeros(n_lists, dtype=np.int64)
        bound = weights * self._max_impacts(tids, lo, lengths)  # per list: w * next impact
        common = self._df[tids] >= _COMMON_SHARE * self._n_alive
        advance = ~common if _PRUNE and not common.all() else np.ones(n_lists, dtype=bool)
        seen = self._seen
        marked: list[np.ndarray] = []
        try:
            while True:
                fresh: list[np.ndarray] = []
                for i in np.flatnonzero(advance & (pos < lengths)).tolist():
                    a = int(pos[i])
                    end = min(int(lengths[i]), a + max(_FIRST_DEPTH, a))  # doubling blocks
                    rows = self._imp_row[lo[i] + a : lo[i] + end]
                    rows = rows[~seen[rows]]
                    seen[rows] = True
                    marked.append(rows)
                    fresh.append(rows[alive[rows]])
                    pos[i] = end
                    bound[i] = 0.0 if end >= lengths[i] else float(weights[i]) * self._impact(
                        int(tids[i]), int(self._imp_row[lo[i] + end]))
                if fresh:
                    rows = np.concatenate(fresh)
                    theta = keep_best(rows, self._score_main(rows, tids, weights, avgdl))
                # The bound of an unseen row, summed in the order its score is (tids
                # ascending): a row at every list's next impact scores exactly this.
                rest = 0.0
                for b in bound.tolist():
                    rest += b
                if rest < theta or rest == 0.0:
                    break
                if rest == theta and self._ties_lost(bound, pos, lengths, lo, best_rows,
                                                     best, theta):
                    break
                if not _PRUNE:
                    advance = np.ones(n_lists, dtype=bool)
                    continue
                # Essential lists: all but the smallest bounds whose sum stays below theta.
                order = np.argsort(bound, kind="stable")
                low = np.cumsum(bound[order]) < theta
                advance = np.ones(n_lists, dtype=bool)
                advance[order[low]] = False
                if not (advance & (pos < lengths)).any():  # float sums in another order
                    advance[:] = True
        finally:
            for rows in marked:
                seen[rows] = False
        return self._ranked(best_rows, best)

    def _ties_lost(self, bound: np.ndarray, pos: np.ndarray, lengths: np.ndarray,
                   lo: np.ndarray, best_rows: np.ndarray, best: np.ndarray,
                   theta: float) -> bool:
        """When the best an unseen row could reach equals the k-th best exactly: True if
        every such row would lose the tie (to the lower row), so the reading can stop.

        Exact only when a single list is still unread (every other one exhausted, so an
        unseen row scores that list's impact alone): its postings of one impact come in
        ascending row order (a stable sort of the by-row list), so every unseen row at
        the bound is at least the list's next row, and loses if that row is above every
        held row tied at the k-th score. Short memories of one length make long runs of
        equal impacts; without this a one-word search read the whole run."""
        open_ = np.flatnonzero(bound > 0.0)
        if len(open_) != 1:
            return False
        i = int(open_[0])
        if pos[i] >= lengths[i]:
            return False
        nxt = int(self._imp_row[lo[i] + pos[i]])
        return nxt > int(best_rows[best == theta].max())

    def _max_impacts(self, tids: np.ndarray, lo: np.ndarray, lengths: np.ndarray
                     ) -> np.ndarray:
        """Each main list's first (highest) impact; 0 for an empty list. Kept per token
        until main is rebuilt (its impacts are fixed until then)."""
        out = np.zeros(len(tids), dtype=np.float64)
        cache = self._top_impact
        for i in np.flatnonzero(lengths).tolist():
            t = int(tids[i])
            top = cache.get(t)
            if top is None:
                top = cache[t] = self._impact(t, int(self._imp_row[lo[i]]))
            out[i] = top
        return out

    def _ranked(self, rows: np.ndarray, scores: np.ndarray) -> list[tuple[int, float]]:
        order = np.lexsort((rows, -scores))
        return list(zip(self._ids[rows[order]].tolist(), scores[order].tolist(), strict=True))

    def _score_main(
        self, rows: np.ndarray, tids: np.ndarray, weights: np.ndarray, avgdl: float
    ) -> np.ndarray:
        """Exact BM25 of main-segment ``rows`` for the query ``tids``."""
        order = np.argsort(rows)  # sorted needles make the binary searches cache-friendly
        rows = rows[order]
        scores = np.zeros(len(rows), dtype=np.float64)
        vocab_main = len(self._post_ptr) - 1
        # _f inline, its length part computed once for all the query's tokens (the same
        # operations in the same order as _f: the same bits).
        norm = self.k1 * (1.0 - self.b + self.b * (self._dl[rows].astype(np.float64) / avgdl))
        k1p = self.k1 + 1.0
        # A tf of 0 then gives exactly 0.0, and x + 0.0 is x: a dense token needs no mask
        # (unless norm can be 0, where 0 / 0 would be NaN).
        unmasked = self.k1 > 0 and self.b < 1.0
        for i, t in enumerate(tids.tolist()):
            if t >= vocab_main or self._post_ptr[t] == self._post_ptr[t + 1]:
                continue
            dense = self._dense_tf(t)
            if dense is not None and unmasked:
                tf = dense[rows].astype(np.float64)
                scores += weights[i] * (tf * k1p / (tf + norm)).astype(np.float32).astype(
                    np.float64)
                continue
            if dense is not None:
                tf = dense[rows]
                hit = tf > 0
                tf = tf[hit]
            else:
                lo, hi = int(self._post_ptr[t]), int(self._post_ptr[t + 1])
                col = self._doc_row[lo:hi]
                at = np.searchsorted(col, rows)
                at[at >= len(col)] = 0
                hit = col[at] == rows
                tf = self._doc_tf[lo + at[hit]]
            tf = tf.astype(np.float64)
            scores[hit] += weights[i] * (tf * k1p / (tf + norm[hit])).astype(
                np.float32).astype(np.float64)
        out = np.empty_like(scores)
        out[order] = scores
        return out

    def _dense_tf(self, tid: int) -> np.ndarray | None:
        """A row -> tf array for a token in a large share of main, else None.

        Binary search in a list of 600k rows costs ~1 us per lookup once the list leaves
        the cache; a dense array makes it a gather. Made on first use, a bounded few kept.
        """
        lo, hi = int(self._post_ptr[tid]), int(self._post_ptr[tid + 1])
        if hi - lo < max(_DENSE_MIN_POSTINGS, self._main // _DENSE_SHARE):
            return None
        dense = self._dense.pop(tid, None)
        if dense is None:
            dense = np.zeros(self._main, dtype=np.uint16)
            dense[self._doc_row[lo:hi]] = self._doc_tf[lo:hi]
            while len(self._dense) >= _DENSE_KEEP:
                del self._dense[next(iter(self._dense))]  # least recently used
        self._dense[tid] = dense
        return dense

    def _impact(self, tid: int, row: int) -> float:
        """The build-time impact (BM25 without idf) of one main posting."""
        dense = self._dense_tf(tid)
        if dense is not None:
            tf = dense[row]
        else:
            lo, hi = int(self._post_ptr[tid]), int(self._post_ptr[tid + 1])
            # An int32 needle: a Python int would make numpy copy the list to int64.
            at = int(np.searchsorted(self._doc_row[lo:hi], np.int32(row)))
            tf = self._doc_tf[lo + at]
        # _f for one posting in plain floats (the same IEEE operations in the same order,
        # so the same bits; numpy's per-call overhead on one-element arrays is the cost).
        t = float(tf)
        norm = self.k1 * (1.0 - self.b + self.b * (float(self._dl[row]) / self._avgdl))
        return float(np.float32(t * (self.k1 + 1.0) / (t + norm)))

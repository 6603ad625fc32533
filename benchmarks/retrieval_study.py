"""What raises hybrid recall@10 on LoCoMo turn retrieval? A fast numpy experiment loop.

Same protocol as ``locomo_retrieval.py`` (every turn "speaker: text [image: caption]" is a
memory, every category 1-4 question a query against its own conversation, R@k = share of
the question's evidence turns in the top k). Everything runs on cached vectors; the
whole study takes a few minutes on 2 busy cores. Sections:

* kw / char: BM25 over the product's exact terms -- ``keyword_terms`` then SQLite FTS5's own
  ``porter unicode61`` tokenizer (read back through ``fts5vocab``, so "porter" is exactly
  what the FTS5 index stores) or no stemming; k1/b, idf flavour, query term counts, word
  bigrams, character 3/4-grams.
* vec: e5 prefix variants ("passage: " turns as in the product, "query: " on both sides,
  "passage: " on both sides, mean of the two query vectors), Rocchio, USE.
* fusion / prf / more: the product blend (min-max over each side's top 50, 0.4 vector +
  0.6 keyword + 0.01 RRF k=10) against weights, z-score, CombMNZ, RRF alone, depth, USE as
  a third side, RM3, two-stage feedback, MMR, query-adaptive weights, coord factor.
* context: smoothing by the adjacent memory in insertion order -- generic in form, but
  only meaningful for memories written as a conversation stream, so reported apart.
* episode: the best context method for memories written as one ordered stream (the
  product's ``add_many(episode=True)``): smoothing shapes (window, weights, sum vs max,
  before vs after fusion, iterated), a keyword side whose documents also hold their
  neighbours' terms (BM25F or a second FTS5-style column), and contextual document
  vectors (each turn embedded after its previous turn, ``--embed-context``); grids are
  tuned on 0-4, the winner is ablated with paired bootstrap intervals against the
  product's recipe (b=0.3 + 0.5 * max(prev, next)) on held-out and on all ten.
* final: the combined recipe with ablations and paired bootstrap intervals; ceiling:
  recall at deeper cut-offs and sample misses (terminal only); cost: CPU ms per query.

Tuning looks only at conversations 0-4 ("tune"); every row is also reported on 5-9
("held-out") and all ten, so overfitting shows. Nothing LoCoMo-specific is used at search
time (no speaker, date or dia_id handling); evidence labels are read only to score.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/retrieval_study.py \
        --data ../shared/data/locomo10.json --cache-dir /tmp/vecmem-bench-cache \
        [--sections base,kw,char,vec,fusion,prf,more,context,final,ceiling,cost,episode]
        [--embed-context]

Vectors come from ``--cache-dir`` (``embedders.py`` fills it; the key is a hash of the
exact texts, so captions on/off are different entries). The "query: " document variant
and the "passage: " question variant are embedded once with ``--embed-variants`` (about
4 min on 2 busy cores) and cached next to them; so are the contextual turn vectors with
``--embed-context`` (5.9k texts twice as long through ``E5Embedder.embed_documents``:
about 10 CPU-minutes).
LoCoMo is CC BY-NC: it is read from --data and never copied into this repository.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sqlite3
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from embedders import CATEGORIES, load_locomo

from vecmem.text import ENGLISH_STOPWORDS, keyword_terms

TUNE = range(0, 5)
HELD_OUT = range(5, 10)
PRODUCT_DEPTH = 50  # max(k * OVERFETCH, MIN_CANDIDATES) for k = 10 in engine/search.py


# ---------------------------------------------------------------------------- tokens
class Tokenizer:
    """Token streams exactly as an FTS5 table with the given tokenizer stores them."""

    def __init__(self, spec: str) -> None:
        self.conn = sqlite3.connect(":memory:")
        self.conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize = '{spec}')")
        self.conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")

    def __call__(self, texts: list[str]) -> list[list[str]]:
        self.conn.execute("DELETE FROM t")
        self.conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)",
                              [(i + 1, s) for i, s in enumerate(texts)])
        out: list[list[str]] = [[] for _ in texts]
        for term, doc, _, _ in self.conn.execute(
                "SELECT term, doc, col, offset FROM v ORDER BY doc, offset"):
            out[doc - 1].append(term)
        return out


TOKENIZERS = {"porter": "porter unicode61 remove_diacritics 2",
              "none": "unicode61 remove_diacritics 2"}


@dataclass
class Conv:
    n: int
    docs: list[str]
    questions: list[str]
    cats: np.ndarray
    gold: list[np.ndarray]
    vec: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)  # (D, Q)
    doc_tokens: dict[str, list[list[str]]] = field(default_factory=dict)
    query_tokens: dict[str, list[list[str]]] = field(default_factory=dict)


def cache_path(cache_dir: Path, model_id: str, kind: str, texts: list[str]) -> Path:
    # Same key as embedders.embed_cached, so its vectors are reused as they are.
    tag = hashlib.sha256(("\x1e".join(texts)).encode()).hexdigest()[:16]
    return cache_dir / f"{model_id}-{kind}-{tag}.npy"


def load(data: Path, cache_dir: Path, embed_variants: bool, embed_context: bool = False
         ) -> list[Conv]:
    convs = []
    toks = {name: Tokenizer(spec) for name, spec in TOKENIZERS.items()}
    for n, raw in enumerate(load_locomo(data)):
        ids = [d for d, _ in raw["turns"]]
        pos = {d: i for i, d in enumerate(ids)}
        docs = [t for _, t in raw["turns"]]
        qs = [q for q, _, _ in raw["queries"]]
        c = Conv(n, docs, qs, np.array([cat for _, cat, _ in raw["queries"]]),
                 [np.array(sorted(pos[e] for e in ev)) for _, _, ev in raw["queries"]])
        for name, model in (("e5", "e5-small-q4"), ("use", "use-m3")):
            d = cache_path(cache_dir, model, "d", docs)
            q = cache_path(cache_dir, model, "q", qs)
            if d.exists() and q.exists():
                c.vec[name] = (np.load(d).astype(np.float32), np.load(q).astype(np.float32))
        # Prefix variants of e5: turns embedded as "query: " (query on both sides), and
        # questions embedded as "passage: " (passage on both sides).
        qq = cache_path(cache_dir, "e5-small-q4-qq", "d", docs)
        pp = cache_path(cache_dir, "e5-small-q4-pp", "q", qs)
        if embed_variants:
            if not qq.exists():
                embed_e5(docs, qq, as_query=True)
            if not pp.exists():
                embed_e5(qs, pp, as_query=False)
        if "e5" in c.vec:
            d, q = c.vec["e5"]
            if qq.exists():
                c.vec["e5qq"] = (np.load(qq).astype(np.float32), q)
            if pp.exists():
                qp = np.load(pp).astype(np.float32)
                c.vec["e5pp"] = (d, qp)
                mean = q + qp
                c.vec["e5avg"] = (d, mean / np.linalg.norm(mean, axis=1, keepdims=True))
        for tag, (before, after) in CONTEXT_VARIANTS.items():
            # Each turn embedded together with its neighbours in the stream (write-time
            # context). Keyed on the joined texts, so it never collides with the plain turns.
            path = cache_path(cache_dir, "e5-small-q4-ctx", "d", context_texts(docs, before, after))
            if embed_context and not path.exists():
                embed_documents(context_texts(docs, before, after), path)
            if "e5" in c.vec and path.exists():
                c.vec[f"e5{tag}"] = (np.load(path).astype(np.float32), c.vec["e5"][1])
        for name, tok in toks.items():
            # The FTS5 row holds " ".join(keyword_terms(content)); a query is the OR of its
            # keyword terms, each tokenized (stemmed) by the same tokenizer.
            c.doc_tokens[name] = tok([" ".join(keyword_terms(d)) for d in docs])
            c.query_tokens[name] = tok([" ".join(keyword_terms(q, for_query=True)) for q in qs])
        for n_chars in (3, 4):
            # Character n-grams of the unstemmed words: typos and inflections still overlap.
            key = f"char{n_chars}"
            c.doc_tokens[key] = [char_ngrams(t, n_chars) for t in c.doc_tokens["none"]]
            c.query_tokens[key] = [char_ngrams(t, n_chars) for t in c.query_tokens["none"]]
        convs.append(c)
    return convs


#: Contextual document embeddings: tag -> (turns before, turns after) joined to the turn.
#: Previous + turn + next, (1, 1), was embedded for conversations 0-4 only and dropped: on
#: them it was below previous + turn in every combination tried (e.g. alone in the blend
#: 0.716 vs 0.738 R@10, with the best smoothing and keyword context 0.778 vs 0.782) and
#: costs 1.6x as much to embed.
CONTEXT_VARIANTS = {"ctxp": (1, 0)}


def context_texts(docs: list[str], before: int, after: int) -> list[str]:
    """Each memory's text preceded by the ``before`` and followed by the ``after``
    memories written next to it, one per line (a generic ordered stream, no parsing)."""
    return ["\n".join(docs[max(0, i - before):i + after + 1]) for i in range(len(docs))]


def embed_documents(texts: list[str], path: Path) -> None:
    """The product's own document path (``E5Embedder.embed_documents``)."""
    from vecmem.embed.local import E5Embedder

    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, E5Embedder().embed_documents(texts).astype(np.float32))


def char_ngrams(words: list[str], n: int) -> list[str]:
    out = []
    for w in words:
        w = f"#{w}#"
        out += [w[i:i + n] for i in range(max(1, len(w) - n + 1))]
    return out


def embed_e5(texts: list[str], path: Path, as_query: bool) -> None:
    """Embed with e5's "query: " (as_query) or "passage: " prefix, whatever the text is."""
    from vecmem.embed.local import E5Embedder

    emb = E5Embedder()
    model = emb._model()
    encode = model.query if as_query else model.passage
    out = [encode([emb._clip(model, t, as_query) for t in texts[i:i + 32]])
           for i in range(0, len(texts), 32)]
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, np.vstack(out).astype(np.float32))


# ---------------------------------------------------------------------------- BM25
@dataclass(frozen=True)
class KW:
    """A keyword-side variant. ``idf``: "fts5" = log((N-n+.5)/(n+.5)) floored at 1e-6
    (SQLite's bm25()), "plus1" = log(1 + (N-n+.5)/(n+.5)) (Lucene)."""

    stem: str = "porter"
    k1: float = 1.2
    b: float = 0.75
    idf: str = "fts5"
    bigram: float = 0.0  # weight of adjacent non-stopword token pairs (0 = off)
    qtf: bool = True  # a token repeated in the query (two terms, one stem) counts twice


class KeywordIndex:
    """Dense per-conversation BM25 (a conversation is ~600 turns)."""

    def __init__(self, conv: Conv, p: KW) -> None:
        stop = stemmed_stopwords(p.stem)
        docs = [with_bigrams(t, stop, p.bigram > 0) for t in conv.doc_tokens[p.stem]]
        queries = [with_bigrams(t, stop, p.bigram > 0) for t in conv.query_tokens[p.stem]]
        self.vocab: dict[str, int] = {}
        for toks in docs:
            for t in toks:
                self.vocab.setdefault(t, len(self.vocab))
        v = len(self.vocab)
        tf = np.zeros((len(docs), v), dtype=np.float32)
        for i, toks in enumerate(docs):
            for t in toks:
                tf[i, self.vocab[t]] += 1
        self.tf = tf
        # Document length counts unigram tokens only, as FTS5 would for the same row.
        dl = np.array([len(t) for t in conv.doc_tokens[p.stem]], dtype=np.float32)[:, None]
        df = (tf > 0).sum(axis=0)
        n = len(docs)
        raw = (n - df + 0.5) / (df + 0.5)
        self.idf = (np.maximum(np.log(raw), 1e-6) if p.idf == "fts5"
                    else np.log1p(raw)).astype(np.float32)
        self.is_bigram = np.array([" " in t for t in self.vocab], dtype=bool)
        self.term_weight = np.where(self.is_bigram, p.bigram, 1.0).astype(np.float32)
        self.w = tf * (p.k1 + 1) / (tf + p.k1 * (1 - p.b + p.b * dl / dl.mean()))
        self.stop = np.array([t in stop for t in self.vocab], dtype=bool)
        self.q = np.zeros((len(queries), v), dtype=np.float32)
        for i, toks in enumerate(queries):
            for t in toks:
                j = self.vocab.get(t)
                if j is not None:
                    self.q[i, j] = self.q[i, j] + 1 if p.qtf else 1
        self.wi = self.w * self.idf * self.term_weight  # D x V: a query row @ wi.T = scores

    def scores(self, q: np.ndarray | None = None) -> np.ndarray:
        return (self.q if q is None else q) @ self.wi.T


_STOP_CACHE: dict[str, frozenset[str]] = {}


def stemmed_stopwords(stem: str) -> frozenset[str]:
    if stem not in _STOP_CACHE:
        words = sorted(ENGLISH_STOPWORDS)
        tok = TOKENIZERS.get(stem)
        _STOP_CACHE[stem] = frozenset(
            t for toks in Tokenizer(tok)(words) for t in toks) if tok else frozenset()
    return _STOP_CACHE[stem]


def with_bigrams(tokens: list[str], stop: frozenset[str], on: bool) -> list[str]:
    if not on:
        return tokens
    content = [t for t in tokens if t not in stop]
    return tokens + [f"{a} {b}" for a, b in itertools.pairwise(content)]


def rm3(idx: KeywordIndex, first: np.ndarray, m: int, terms: int, lam: float) -> np.ndarray:
    """RM3 query: (1 - lam) * original + lam * relevance model from the top ``m`` docs of
    ``first`` (any first-stage score, e.g. BM25 or the fused one). Expansion terms are the
    ``terms`` heaviest of sum_d softmax-free weight(d) * p(t|d) * idf(t) -- the idf factor
    keeps every-turn words (speaker names, "i") from filling the expansion."""
    q = unit_sum(idx.q)
    top = np.argsort(-first, axis=1, kind="stable")[:, :m]
    content = ~idx.is_bigram & ~idx.stop
    out = np.empty_like(q)
    for i in range(q.shape[0]):
        s = first[i, top[i]]
        w = s - s.min() + 1e-6 if s.max() > s.min() else np.ones_like(s)
        tf = idx.tf[top[i]]
        p_td = tf * content / np.maximum((tf * ~idx.is_bigram).sum(axis=1, keepdims=True), 1)
        rel = (w / w.sum()) @ p_td * idx.idf
        keep = np.argpartition(-rel, terms)[:terms] if terms < len(rel) else np.arange(len(rel))
        exp = np.zeros_like(rel)
        exp[keep] = rel[keep]
        exp /= max(exp.sum(), 1e-9)
        out[i] = (1 - lam) * q[i] + lam * exp
    return out


def unit_sum(q: np.ndarray) -> np.ndarray:
    return q / np.maximum(q.sum(axis=1, keepdims=True), 1e-9)


# ---------------------------------------------------------------------------- fusion
def top_mask(s: np.ndarray, depth: int | None, positive: bool) -> np.ndarray:
    """Which documents a side returns as candidates (its top ``depth``; a keyword side
    only returns documents that matched)."""
    mask = s > 0 if positive else np.ones_like(s, dtype=bool)
    if depth is not None and depth < s.shape[1]:
        kth = np.argsort(-s, axis=1, kind="stable")[:, :depth]
        m2 = np.zeros_like(mask)
        np.put_along_axis(m2, kth, True, axis=1)
        mask &= m2
    return mask


def normalise(s: np.ndarray, mask: np.ndarray, how: str) -> np.ndarray:
    """Scale each row over its candidates; non-candidates get 0."""
    big = np.where(mask, s, np.nan)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a query no keyword matched
        if how == "minmax":
            lo, hi = np.nanmin(big, axis=1, keepdims=True), np.nanmax(big, axis=1, keepdims=True)
            span = hi - lo
            out = np.where(span > 0, (s - lo) / np.where(span > 0, span, 1), 1.0)
        elif how == "z":
            mu, sd = np.nanmean(big, axis=1, keepdims=True), np.nanstd(big, axis=1, keepdims=True)
            out = (s - mu) / np.where(sd > 0, sd, 1)
        elif how == "max":  # divide by the top score (keeps BM25's own zero)
            hi = np.nanmax(big, axis=1, keepdims=True)
            out = s / np.where(hi > 0, hi, 1)
        else:
            raise ValueError(how)
    return np.where(mask, np.nan_to_num(out), 0.0)


def rank_term(s: np.ndarray, mask: np.ndarray, k: float) -> np.ndarray:
    order = np.argsort(-s, axis=1, kind="stable")
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.arange(1, s.shape[1] + 1)[None, :].repeat(len(s), 0), 1)
    return np.where(mask, 1.0 / (k + ranks), 0.0)


@dataclass(frozen=True)
class Fusion:
    weights: tuple[float, ...] = (0.4, 0.6)  # per side, in the order the sides are given
    norm: str = "minmax"
    depth: int | None = PRODUCT_DEPTH
    rrf_k: float = 10
    rrf_w: float = 0.01
    mnz: bool = False  # CombMNZ: multiply by the number of sides that returned the doc


def fuse(sides: list[tuple[np.ndarray, bool]], f: Fusion) -> np.ndarray:
    """Fuse (score matrix, is_keyword) sides; documents no side returned rank last."""
    total = np.zeros_like(sides[0][0], dtype=np.float64)
    seen = np.zeros(total.shape, dtype=bool)
    count = np.zeros(total.shape)
    for (s, sparse), w in zip(sides, f.weights, strict=True):
        mask = top_mask(s, f.depth, sparse)
        total += w * normalise(s, mask, f.norm)
        if f.rrf_w:
            total += f.rrf_w * rank_term(s, mask, f.rrf_k)
        seen |= mask
        count += mask
    if f.mnz:
        total *= count
    return np.where(seen, total, -np.inf)


def rocchio(qv: np.ndarray, dv: np.ndarray, first: np.ndarray, m: int, alpha: float
            ) -> np.ndarray:
    """q' = q + alpha * mean of the top-m document vectors of ``first``; cosine scores."""
    top = np.argsort(-first, axis=1, kind="stable")[:, :m]
    q2 = qv + alpha * dv[top].mean(axis=1)
    q2 /= np.linalg.norm(q2, axis=1, keepdims=True)
    return q2 @ dv.T


# ---------------------------------------------------------------------------- scoring
def recall_rows(convs: list[Conv], ranker: Callable[[Conv], np.ndarray]) -> dict[str, np.ndarray]:
    """Per question: conversation, category, R@5, R@10, hit@10."""
    cols: dict[str, list] = {"conv": [], "cat": [], "r5": [], "r10": [], "hit10": []}
    for c in convs:
        s = ranker(c)
        top = np.argsort(-s, axis=1, kind="stable")[:, :10]
        for i, g in enumerate(c.gold):
            found10 = np.isin(g, top[i]).sum()
            cols["conv"].append(c.n)
            cols["cat"].append(c.cats[i])
            cols["r5"].append(np.isin(g, top[i, :5]).sum() / len(g))
            cols["r10"].append(found10 / len(g))
            cols["hit10"].append(float(found10 > 0))
    return {k: np.array(v) for k, v in cols.items()}


def summary(r: dict[str, np.ndarray]) -> dict[str, float]:
    def mean(sel: np.ndarray, key: str = "r10") -> float:
        return float(r[key][sel].mean()) if sel.any() else float("nan")

    tune = np.isin(r["conv"], list(TUNE))
    held = np.isin(r["conv"], list(HELD_OUT))
    every = np.ones_like(tune)
    out = {"tune": mean(tune), "held": mean(held), "all": mean(every),
           "all@5": mean(every, "r5"), "hit10": mean(every, "hit10")}
    for cat, name in CATEGORIES.items():
        out[name] = mean(r["cat"] == cat)
    return out


HEAD = ("| variant | tune 0-4 R@10 | held-out 5-9 R@10 | all R@10 | all R@5 | hit@10 | "
        + " | ".join(CATEGORIES.values()) + " |")


def row(name: str, s: dict[str, float]) -> str:
    cats = " | ".join(f"{s[c]:.3f}" for c in CATEGORIES.values())
    return (f"| {name} | {s['tune']:.3f} | {s['held']:.3f} | **{s['all']:.3f}** | "
            f"{s['all@5']:.3f} | {s['hit10']:.3f} | {cats} |")


# ---------------------------------------------------------------------------- experiments
class Study:
    """Caches per-conversation BM25 indexes and prints one table row per variant."""

    def __init__(self, convs: list[Conv]) -> None:
        self.convs = convs
        self._kw: dict[tuple[int, KW], KeywordIndex] = {}
        self.ctx_kw: dict[tuple, np.ndarray] = {}  # episode section: contextual BM25 weights
        self.results: dict[str, dict[str, float]] = {}
        self.rows: dict[str, dict[str, np.ndarray]] = {}

    def kw(self, c: Conv, p: KW) -> KeywordIndex:
        key = (c.n, p)
        if key not in self._kw:
            self._kw[key] = KeywordIndex(c, p)
        return self._kw[key]

    def run(self, name: str, ranker: Callable[[Conv], np.ndarray]) -> dict[str, float]:
        rows = recall_rows(self.convs, ranker)
        s = summary(rows)
        self.results[name] = s
        self.rows[name] = rows
        print(row(name, s), flush=True)
        return s

    def paired(self, a: str, b: str, n: int = 2000) -> None:
        """Mean R@10 difference b - a over the same questions, 95% bootstrap interval."""
        diff = self.rows[b]["r10"] - self.rows[a]["r10"]
        rng = np.random.default_rng(0)
        boots = diff[rng.integers(0, len(diff), (n, len(diff)))].mean(axis=1)
        lo, hi = np.percentile(boots, [2.5, 97.5])
        print(f"\n{b!r} - {a!r}: {diff.mean():+.4f} R@10 (95% CI {lo:+.4f} .. {hi:+.4f}; "
              f"{int((diff > 0).sum())} questions up, {int((diff < 0).sum())} down)")

    def cos(self, c: Conv, model: str = "e5") -> np.ndarray:
        d, q = c.vec[model]
        return q @ d.T


def section(title: str) -> None:
    print(f"\n### {title}\n\n{HEAD}\n|" + "---|" * (HEAD.count("|") - 1), flush=True)


def product_rankers(st: Study) -> dict[str, Callable[[Conv], np.ndarray]]:
    base = KW()
    return {
        "keyword (FTS5 porter bm25)": lambda c: st.kw(c, base).scores(),
        "vector (e5)": lambda c: st.cos(c),
        "hybrid (product blend)": lambda c: fuse(
            [(st.cos(c), False), (st.kw(c, base).scores(), True)], Fusion()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--cache-dir", type=Path, required=True)
    ap.add_argument("--embed-variants", action="store_true",
                    help="embed the e5 prefix variants when not cached (turns as 'query: ', "
                    "questions as 'passage: '; ~4 min on 2 busy cores)")
    ap.add_argument("--embed-context", action="store_true",
                    help="embed each turn with its neighbours for the episode section when "
                    "not cached (3 variants, ~5.9k texts each)")
    ap.add_argument("--sections", default=",".join(ORDER),
                    help="comma-separated subset of: " + ", ".join(ORDER))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    convs = load(args.data, args.cache_dir, args.embed_variants, args.embed_context)
    print(f"loaded {len(convs)} conversations, "
          f"{sum(len(c.questions) for c in convs)} questions in "
          f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    st = Study(convs)
    wanted = set(args.sections.split(","))
    for name in ORDER:
        if name in wanted:
            SECTIONS[name](st)
    return 0


SECTIONS: dict[str, Callable[[Study], None]] = {}
ORDER = ("base", "kw", "char", "vec", "fusion", "prf", "more", "context", "final", "ceiling",
         "cost", "episode")



def sec_base(st: Study) -> None:
    section("Baseline: the product's three modes, replicated in numpy")
    for name, fn in product_rankers(st).items():
        st.run(name, fn)


SECTIONS["base"] = sec_base



def hybrid(st: Study, kw: KW = KW(), vec: str = "e5", f: Fusion = Fusion()
           ) -> Callable[[Conv], np.ndarray]:
    return lambda c: fuse([(st.cos(c, vec), False), (st.kw(c, kw).scores(), True)], f)


def sec_kw(st: Study) -> None:
    section("Keyword side (alone, then in the product blend with e5)")
    for stem in ("none", "porter"):
        st.run(f"keyword stem={stem}", lambda c, p=KW(stem=stem): st.kw(c, p).scores())
    st.run("keyword idf=plus1", lambda c: st.kw(c, KW(idf="plus1")).scores())
    st.run("keyword qtf off", lambda c: st.kw(c, KW(qtf=False)).scores())
    for k1 in (0.6, 0.9, 1.2, 1.5, 2.0):
        for b in (0.3, 0.5, 0.75):
            p = KW(k1=k1, b=b)
            st.run(f"keyword k1={k1} b={b}", lambda c, p=p: st.kw(c, p).scores())
    for bg in (0.25, 0.5, 1.0):
        st.run(f"keyword bigram={bg}", lambda c, p=KW(bigram=bg): st.kw(c, p).scores())
    section("Keyword variants inside the product blend (0.4 e5 + 0.6 kw, top 50)")
    st.run("hybrid stem=none", hybrid(st, KW(stem="none")))
    st.run("hybrid idf=plus1", hybrid(st, KW(idf="plus1")))
    for k1 in (0.9, 1.2, 1.5, 2.0):
        for b in (0.3, 0.5, 0.75):
            st.run(f"hybrid k1={k1} b={b}", hybrid(st, KW(k1=k1, b=b)))
    for b in (0.0, 0.1, 0.2):
        st.run(f"hybrid k1=1.2 b={b}", hybrid(st, KW(b=b)))
    for bg in (0.25, 0.5, 1.0):
        st.run(f"hybrid bigram={bg}", hybrid(st, KW(bigram=bg)))


SECTIONS["kw"] = sec_kw



BEST_KW = KW(b=0.3)


def sec_vec(st: Study) -> None:
    section("Vector side (alone, then in the blend with BM25 b=0.3)")
    for model in ("e5", "e5qq", "e5pp", "e5avg", "use"):
        if model in st.convs[0].vec:
            st.run(f"vector {model}", lambda c, m=model: st.cos(c, m))
    for m in (3, 5, 10):
        for a in (0.5, 1.0):
            st.run(f"vector e5 rocchio m={m} a={a}", lambda c, m=m, a=a: rocchio(
                c.vec["e5"][1], c.vec["e5"][0], st.cos(c), m, a))
    for model in ("e5", "e5qq", "e5pp", "e5avg"):
        if model in st.convs[0].vec:
            st.run(f"hybrid vec={model}", hybrid(st, BEST_KW, model))
    for m in (3, 5):
        for a in (0.5, 1.0):
            st.run(f"hybrid, vector rocchio m={m} a={a}", lambda c, m=m, a=a: fuse(
                [(rocchio(c.vec["e5"][1], c.vec["e5"][0], st.cos(c), m, a), False),
                 (st.kw(c, BEST_KW).scores(), True)], Fusion()))


SECTIONS["vec"] = sec_vec


def sec_fusion(st: Study) -> None:
    section("Fusion (e5 + BM25 b=0.3)")
    for w in (0.3, 0.4, 0.5, 0.6):
        st.run(f"blend vector weight {w}", hybrid(st, BEST_KW, f=Fusion(weights=(w, 1 - w))))
    for norm in ("z", "max"):
        for w in (0.4, 0.5):
            st.run(f"blend norm={norm} w={w}",
                   hybrid(st, BEST_KW, f=Fusion(weights=(w, 1 - w), norm=norm)))
    for depth in (20, 100, None):
        st.run(f"blend depth={depth}", hybrid(st, BEST_KW, f=Fusion(depth=depth)))
    st.run("CombMNZ (minmax, 0.4/0.6)", hybrid(st, BEST_KW, f=Fusion(mnz=True)))
    st.run("no RRF tie term", hybrid(st, BEST_KW, f=Fusion(rrf_w=0)))
    for k in (10, 60):
        st.run(f"RRF only k={k}", hybrid(st, BEST_KW, f=Fusion(weights=(0, 0), rrf_w=1,
                                                                  rrf_k=k)))
    if "use" in st.convs[0].vec:
        for wu in (0.1, 0.2):
            st.run(f"+ USE third side w={wu}", lambda c, wu=wu: fuse(
                [(st.cos(c), False), (st.kw(c, BEST_KW).scores(), True),
                 (st.cos(c, "use"), False)], Fusion(weights=(0.4, 0.6, wu))))


SECTIONS["fusion"] = sec_fusion


def two_stage(st: Study, c: Conv, kw: KW, vec: str, f: Fusion, m: int, terms: int,
              lam: float, alpha: float, m_vec: int | None = None) -> np.ndarray:
    """Fuse; use the fused top-m as feedback for both sides (RM3 terms, Rocchio vector);
    fuse again."""
    idx = st.kw(c, kw)
    d, q = c.vec[vec]
    first = fuse([(q @ d.T, False), (idx.scores(), True)], f)
    kw2 = idx.scores(rm3(idx, first, m, terms, lam)) if lam > 0 else idx.scores()
    v2 = rocchio(q, d, first, m_vec or m, alpha) if alpha > 0 else q @ d.T
    return fuse([(v2, False), (kw2, True)], f)


def sec_prf(st: Study) -> None:
    section("Pseudo-relevance feedback")
    for m in (3, 5, 10):
        for terms in (5, 10, 20):
            for lam in (0.3, 0.5):
                st.run(f"keyword RM3 m={m} terms={terms} lam={lam}", lambda c, m=m, t=terms,
                       lam=lam: (lambda i: i.scores(rm3(i, i.scores(), m, t, lam)))(
                           st.kw(c, BEST_KW)))
    for m in (3, 5):
        for lam in (0.3, 0.5):
            st.run(f"hybrid, keyword RM3 from BM25 m={m} terms=10 lam={lam}",
                   lambda c, m=m, lam=lam: fuse(
                       [(st.cos(c), False),
                        (st.kw(c, BEST_KW).scores(rm3(st.kw(c, BEST_KW),
                                                      st.kw(c, BEST_KW).scores(), m, 10, lam)),
                         True)], Fusion()))
    for m in (3, 5, 10):
        for lam, alpha in ((0.3, 0.0), (0.0, 0.5), (0.3, 0.5), (0.5, 0.5), (0.3, 1.0),
                           (0.5, 1.0)):
            st.run(f"two-stage m={m} terms=10 lam={lam} alpha={alpha}",
                   lambda c, m=m, lam=lam, a=alpha: two_stage(
                       st, c, BEST_KW, "e5", Fusion(), m, 10, lam, a))


SECTIONS["prf"] = sec_prf



def neighbour_smooth(s: np.ndarray, gamma: float, side: str = "both") -> np.ndarray:
    """Add gamma * the better of the two adjacent memories' scores (insertion order).
    Not LoCoMo-specific in form, but it only makes sense for memories written as a
    conversation stream, so it is reported apart from the generic methods."""
    fin = np.where(np.isfinite(s), s, 0.0)
    prev = np.pad(fin, ((0, 0), (1, 0)))[:, :-1]
    nxt = np.pad(fin, ((0, 0), (0, 1)))[:, 1:]
    near = {"both": np.maximum(prev, nxt), "prev": prev, "next": nxt}[side]
    return fin + gamma * near


def sec_context(st: Study) -> None:
    section("Conversation-stream only: adjacent-memory smoothing of the fused score")
    base = hybrid(st, BEST_KW)
    for g in (0.1, 0.2, 0.3, 0.5, 0.7, 1.0):
        st.run(f"hybrid + neighbour smoothing gamma={g}",
               lambda c, g=g: neighbour_smooth(base(c), g))
    for side in ("prev", "next"):
        st.run(f"hybrid + {side}-memory smoothing gamma=0.5",
               lambda c, side=side: neighbour_smooth(base(c), 0.5, side))
    for g in (0.3, 0.5):
        # Each side smoothed before fusion (its own scale), then the usual blend.
        st.run(f"per-side smoothing gamma={g}, then blend", lambda c, g=g: fuse(
            [(neighbour_smooth(st.cos(c), g), False),
             (neighbour_smooth(st.kw(c, BEST_KW).scores(), g), True)], Fusion()))
    for w in (0.3, 0.5):
        st.run(f"hybrid w={w} + neighbour smoothing 0.5", lambda c, w=w: neighbour_smooth(
            hybrid(st, BEST_KW, f=Fusion(weights=(w, 1 - w)))(c), 0.5))
    st.run("hybrid depth=100 + neighbour smoothing 0.5", lambda c: neighbour_smooth(
        hybrid(st, BEST_KW, f=Fusion(depth=100))(c), 0.5))


SECTIONS["context"] = sec_context


def sec_ceiling(st: Study) -> None:
    """How far down the missed evidence sits, and a few missed multi-hop/open-domain
    questions (printed to the terminal only: LoCoMo text never goes into the repo)."""
    rank = hybrid(st, BEST_KW, f=Fusion(depth=None))
    print("\n### Ceiling: recall at deeper cut-offs (hybrid, BM25 b=0.3, all candidates)\n")
    print("| cut-off | all | " + " | ".join(CATEGORIES.values()) + " |")
    print("|---|---|" + "---|" * len(CATEGORIES))
    per: dict[int, list[tuple[int, float]]] = {k: [] for k in (5, 10, 20, 50, 100)}
    misses = []
    for c in st.convs:
        order = np.argsort(-rank(c), axis=1, kind="stable")
        kwr = np.argsort(-st.kw(c, BEST_KW).scores(), axis=1, kind="stable")
        vr = np.argsort(-st.cos(c), axis=1, kind="stable")
        for i, g in enumerate(c.gold):
            for k in per:
                per[k].append((c.cats[i], float(np.isin(g, order[i, :k]).mean())))
            pos = [int(np.where(order[i] == e)[0][0]) + 1 for e in g]
            if c.cats[i] in (1, 3) and min(pos) > 10:
                misses.append((c, i, pos, [int(np.where(kwr[i] == e)[0][0]) + 1 for e in g],
                               [int(np.where(vr[i] == e)[0][0]) + 1 for e in g]))
    for k, vals in per.items():
        arr = np.array(vals)
        cells = " | ".join(f"{arr[arr[:, 0] == cat, 1].mean():.3f}" for cat in CATEGORIES)
        print(f"| R@{k} | {arr[:, 1].mean():.3f} | {cells} |")
    rng = np.random.default_rng(0)
    print(f"\n{len(misses)} multi-hop/open-domain questions with no evidence in the top 10; "
          "a sample (fused / keyword / vector rank of each evidence turn):")
    for j in rng.choice(len(misses), size=min(8, len(misses)), replace=False):
        c, i, pos, kp, vp = misses[j]
        print(f"\n[{CATEGORIES[int(c.cats[i])]}] Q: {c.questions[i]}")
        for e, p, k, v in zip(c.gold[i], pos, kp, vp, strict=True):
            print(f"   rank {p} (kw {k}, vec {v}): {c.docs[e][:150]}")


SECTIONS["ceiling"] = sec_ceiling



def sec_char(st: Study) -> None:
    section("Character n-gram BM25 (alone, and as a third side)")
    for n in (3, 4):
        p = KW(stem=f"char{n}", b=0.3)
        st.run(f"keyword char{n}", lambda c, p=p: st.kw(c, p).scores())
        for w in (0.15, 0.3):
            st.run(f"e5 0.4 + porter 0.6 + char{n} {w}", lambda c, p=p, w=w: fuse(
                [(st.cos(c), False), (st.kw(c, BEST_KW).scores(), True),
                 (st.kw(c, p).scores(), True)], Fusion(weights=(0.4, 0.6, w))))


SECTIONS["char"] = sec_char



def coord(idx: KeywordIndex, scores: np.ndarray, power: float) -> np.ndarray:
    """Lucene's old coord factor: scale by the share of query terms a document matches."""
    qm = (idx.q > 0).astype(np.float32)
    cover = qm @ (idx.tf > 0).T.astype(np.float32) / np.maximum(qm.sum(1, keepdims=True), 1)
    return scores * cover ** power


@dataclass(frozen=True)
class Recipe:
    """One full pipeline; ``final`` ablates it one component at a time."""

    kw: KW = BEST_KW
    vector_weight: float = 0.4
    use_weight: float = 0.0
    rm3_m: int = 0  # two-stage: RM3 on the keyword side from the fused top m (0 = off)
    rm3_terms: int = 10
    rm3_lam: float = 0.3
    coord: float = 0.0
    neighbour: float = 0.0  # conversation-stream smoothing (not generic)
    depth: int | None = PRODUCT_DEPTH

    def __call__(self, st: Study, c: Conv) -> np.ndarray:
        idx = st.kw(c, self.kw)
        cos = st.cos(c)
        kws = idx.scores()
        if self.coord:
            kws = coord(idx, kws, self.coord)
        f = Fusion(weights=(self.vector_weight, 1 - self.vector_weight, self.use_weight),
                   depth=self.depth)

        def fused(k: np.ndarray) -> np.ndarray:
            sides = [(cos, False), (k, True)]
            if self.use_weight:
                sides.append((st.cos(c, "use"), False))
            return fuse(sides, f if self.use_weight else Fusion(
                weights=f.weights[:2], depth=self.depth))

        out = fused(kws)
        if self.rm3_m:
            k2 = idx.scores(rm3(idx, out, self.rm3_m, self.rm3_terms, self.rm3_lam))
            out = fused(coord(idx, k2, self.coord) if self.coord else k2)
        if self.neighbour:
            out = neighbour_smooth(out, self.neighbour)
        return out


def sec_final(st: Study) -> None:
    section("Coord factor and the combined recipe, with ablations")
    for pw in (0.5, 1.0, 2.0):
        st.run(f"hybrid + coord^{pw}", lambda c, pw=pw: Recipe(coord=pw)(st, c))
    full = Recipe(kw=KW(b=0.3, bigram=0.25), use_weight=0.1, rm3_m=10)
    st.run("product replica (k1 1.2, b 0.75, 0.4/0.6, top 50)",
           lambda c: Recipe(kw=KW())(st, c))
    st.run("FULL generic: b0.3 + bigram0.25 + USE0.1 + two-stage RM3(m10,t10,l0.3)",
           lambda c: full(st, c))
    for name, r in (("- b 0.3 (b 0.75)", replace(full, kw=KW(bigram=0.25))),
                    ("- bigrams", replace(full, kw=KW(b=0.3))),
                    ("- USE", replace(full, use_weight=0.0)),
                    ("- RM3", replace(full, rm3_m=0)),
                    ("+ coord^1", replace(full, coord=1.0)),
                    ("vector weight 0.5", replace(full, vector_weight=0.5)),
                    ("+ neighbour 0.5 (stream only)", replace(full, neighbour=0.5)),
                    ("+ neighbour 1.0 (stream only)", replace(full, neighbour=1.0))):
        st.run(f"FULL {name}", lambda c, r=r: r(st, c))
    st.run("RECOMMENDED generic: product blend with BM25 b=0.3", lambda c: Recipe()(st, c))
    st.run("RECOMMENDED + neighbour 0.5 (stream only)",
           lambda c: Recipe(neighbour=0.5)(st, c))
    replica = "product replica (k1 1.2, b 0.75, 0.4/0.6, top 50)"
    st.paired(replica, "RECOMMENDED generic: product blend with BM25 b=0.3")
    st.paired(replica, "FULL generic: b0.3 + bigram0.25 + USE0.1 + two-stage RM3(m10,t10,l0.3)")
    st.paired("RECOMMENDED generic: product blend with BM25 b=0.3",
              "RECOMMENDED + neighbour 0.5 (stream only)")


SECTIONS["final"] = sec_final



def single_query(c: Conv, i: int) -> Conv:
    one = Conv(c.n, c.docs, c.questions[i:i + 1], c.cats[i:i + 1], c.gold[i:i + 1])
    one.vec = {k: (d, q[i:i + 1]) for k, (d, q) in c.vec.items()}
    one.doc_tokens = c.doc_tokens
    one.query_tokens = {k: v[i:i + 1] for k, v in c.query_tokens.items()}
    return one


def sec_cost(st: Study) -> None:
    """Per-query ranking CPU time in this numpy harness, one query at a time against the
    largest conversation (index building excluded; query embedding excluded -- the
    product pays e5's 18-53 ms either way, and USE's 2-11 ms only if it is a side)."""
    c = max(st.convs, key=lambda c: len(c.docs))
    recipes = {"product replica": Recipe(kw=KW()), "b 0.3": Recipe(),
               "+ USE side": Recipe(use_weight=0.1), "+ two-stage RM3 m=10": Recipe(rm3_m=10),
               "+ bigrams": Recipe(kw=KW(b=0.3, bigram=0.25)),
               "+ neighbour 0.5": Recipe(neighbour=0.5)}
    print(f"\n### Ranking cost per query ({len(c.docs)} memories, numpy, 40 queries)\n")
    print("| recipe | CPU ms / query (median of best-of-5) |\n|---|---|")
    for name, r in recipes.items():
        times = []
        for i in range(min(40, len(c.questions))):
            one = single_query(c, i)
            solo = Study([one])
            r(solo, one)  # builds the keyword index outside the timing
            best = float("inf")
            for _ in range(5):
                # CPU time, best of 5: on the shared machine wall time is mostly waiting
                # for a core. Run with OPENBLAS_NUM_THREADS=1 so it is one thread's time.
                t = time.process_time()
                r(solo, one)
                best = min(best, (time.process_time() - t) * 1000)
            times.append(best)
        print(f"| {name} | {np.median(times):.2f} |", flush=True)


SECTIONS["cost"] = sec_cost



def mmr(st: Study, c: Conv, fused: np.ndarray, lam: float, pool: int = 30) -> np.ndarray:
    """Maximal marginal relevance over the fused top ``pool`` (e5 document similarity):
    multi-hop questions need several different turns, not ten paraphrases of one."""
    d = c.vec["e5"][0]
    out = np.full(fused.shape, -np.inf)
    for i in range(fused.shape[0]):
        cand = list(np.argsort(-fused[i], kind="stable")[:pool])
        rel = normalise(fused[i:i + 1, cand], np.ones((1, len(cand)), bool), "minmax")[0]
        sim = d[cand] @ d[cand].T
        chosen: list[int] = []
        while len(chosen) < len(cand):
            left = [j for j in range(len(cand)) if j not in chosen]
            red = sim[np.ix_(left, chosen)].max(axis=1) if chosen else np.zeros(len(left))
            best = left[int(np.argmax(lam * rel[left] - (1 - lam) * red))]
            chosen.append(best)
        for r, j in enumerate(chosen):
            out[i, cand[j]] = len(cand) - r
    return out


def adaptive(st: Study, c: Conv, lo: float, hi: float) -> np.ndarray:
    """Vector weight per query: ``lo`` when some memory holds every query term, rising to
    ``hi`` when the best keyword match covers none of them."""
    idx = st.kw(c, BEST_KW)
    qm = (idx.q > 0).astype(np.float32)
    cover = (qm @ (idx.tf > 0).T.astype(np.float32)).max(axis=1) / np.maximum(qm.sum(1), 1)
    cos, kws = st.cos(c), idx.scores()
    out = np.empty_like(cos, dtype=np.float64)
    for i, cv in enumerate(cover):
        w = hi - (hi - lo) * cv
        out[i] = fuse([(cos[i:i + 1], False), (kws[i:i + 1], True)],
                      Fusion(weights=(w, 1 - w)))[0]
    return out


def sec_more(st: Study) -> None:
    section("Diversity (MMR) and query-adaptive weights")
    base = hybrid(st, BEST_KW)
    for lam in (0.9, 0.8, 0.7):
        st.run(f"hybrid + MMR lambda={lam} (pool 30)", lambda c, lam=lam: mmr(st, c, base(c), lam))
    for lo, hi in ((0.3, 0.5), (0.3, 0.6), (0.4, 0.7)):
        st.run(f"adaptive vector weight {lo}..{hi} by keyword coverage",
               lambda c, lo=lo, hi=hi: adaptive(st, c, lo, hi))


SECTIONS["more"] = sec_more


# ---------------------------------------------------------------------------- episode
# Everything below is for memories written as one ordered stream (``add_many(episode=True)``
# in the product): only the insertion order is used, never speakers, dates or dia_ids.
def shift(s: np.ndarray, by: int) -> np.ndarray:
    """Column i of the result holds column i - by of ``s`` (0 where that is outside)."""
    out = np.zeros_like(s)
    if by > 0:
        out[:, by:] = s[:, :-by]
    elif by < 0:
        out[:, :by] = s[:, -by:]
    else:
        out[:] = s
    return out


@dataclass(frozen=True)
class Smooth:
    """fused'(d) = fused(d) + agg_j(w_j * fused(neighbour_j)), neighbours ``prev[j]`` / ``next[j]``
    positions j+1 before / after d. ``agg`` "max" (the product) or "sum"; ``combine`` "add"
    or "max" (a memory keeps the larger of its own and its lent score); ``times`` applies it
    repeatedly (context of the context)."""

    prev: tuple[float, ...] = (0.5,)
    next: tuple[float, ...] = (0.5,)
    agg: str = "max"
    combine: str = "add"
    times: int = 1

    def __call__(self, s: np.ndarray) -> np.ndarray:
        fin = np.where(np.isfinite(s), s, 0.0)
        for _ in range(self.times):
            lent = [w * shift(fin, j + 1) for j, w in enumerate(self.prev) if w]
            lent += [w * shift(fin, -(j + 1)) for j, w in enumerate(self.next) if w]
            if not lent:
                return fin
            near = np.max(lent, axis=0) if self.agg == "max" else np.sum(lent, axis=0)
            fin = fin + near if self.combine == "add" else np.maximum(fin, near)
        return fin


PRODUCT_SMOOTH = Smooth()


def kernel(a: float, r: float, width: int, next_share: float = 1.0) -> Smooth:
    """Sum over the ``width`` memories on each side, weight a * r^(distance - 1); the
    memories after get ``next_share`` times the weight of those before."""
    prev = tuple(round(a * r ** j, 4) for j in range(width))
    return Smooth(prev, tuple(round(w * next_share, 4) for w in prev), "sum")


@dataclass(frozen=True)
class CtxKW:
    """Keyword side whose documents also hold their neighbours' terms at weight ``lam``.
    "bm25f": one field, tf = own + lam * neighbours', length likewise (BM25F); "column": a
    second FTS5 column of the neighbours' text, score = bm25(own) + lam * bm25(context), as
    FTS5's ``bm25(t, 1.0, lam)`` computes it. ``window`` "prev", "next" or "both"."""

    lam: float = 0.0
    how: str = "bm25f"
    window: str = "both"


def ctx_keyword(st: Study, c: Conv, p: KW, ck: CtxKW) -> np.ndarray:
    """Query x memory scores; the contextual index is cached (it is built at write time)."""
    key = (c.n, p, ck)
    if key not in st.ctx_kw:
        st.ctx_kw[key] = ctx_weights(st.kw(c, p), p, ck)
    return st.kw(c, p).q @ st.ctx_kw[key].T


def ctx_weights(idx: KeywordIndex, p: KW, ck: CtxKW) -> np.ndarray:
    tf = idx.tf
    nb = np.zeros_like(tf)
    if ck.window in ("prev", "both"):
        nb += shift(tf.T, 1).T
    if ck.window in ("next", "both"):
        nb += shift(tf.T, -1).T

    def sat(t: np.ndarray) -> np.ndarray:
        dl = t.sum(axis=1, keepdims=True)
        return t * (p.k1 + 1) / np.maximum(t + p.k1 * (1 - p.b + p.b * dl / dl.mean()), 1e-9)

    n = tf.shape[0]
    if ck.how == "bm25f":
        t = tf + ck.lam * nb
        w = sat(t)
    else:
        t = tf + nb
        w = sat(tf) + ck.lam * sat(nb)
    df = (t > 0).sum(axis=0)
    raw = (n - df + 0.5) / (df + 0.5)
    idf = (np.maximum(np.log(raw), 1e-6) if p.idf == "fts5" else np.log1p(raw)).astype(np.float32)
    return w * idf


def unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@dataclass(frozen=True)
class Episode:
    """One episode-context pipeline. ``vec``: plain e5 ("e5") or a contextual document
    vector ("e5ctxp" = previous turn + turn, "e5ctxpn" = prev + turn + next, "e5ctxn");
    ``vec_mix`` in (0, 1) averages the contextual vector into the plain one (unit mean,
    stored as one vector) instead of replacing it. ``smooth_sides`` smooths each side's raw
    scores before candidate selection and fusion instead of the fused score after."""

    vec: str = "e5"
    vec_mix: float = 0.0
    kw_ctx: CtxKW = CtxKW()
    vector_weight: float = 0.4
    smooth: Smooth | None = PRODUCT_SMOOTH
    smooth_sides: bool = False
    depth: int | None = PRODUCT_DEPTH

    kw: KW = BEST_KW

    def vectors(self, c: Conv) -> np.ndarray:
        d, q = c.vec["e5"]
        if self.vec != "e5":
            key = f"{self.vec}@{self.vec_mix}"  # the stored vector: computed at write time
            if key not in c.vec:
                dc = c.vec[self.vec][0]
                c.vec[key] = (unit((1 - self.vec_mix) * d + self.vec_mix * dc)
                              if self.vec_mix else dc, q)
            d = c.vec[key][0]
        return q @ d.T

    def __call__(self, st: Study, c: Conv) -> np.ndarray:
        idx = st.kw(c, self.kw)
        kws = ctx_keyword(st, c, self.kw, self.kw_ctx) if self.kw_ctx.lam else idx.scores()
        cos = self.vectors(c)
        if self.smooth and self.smooth_sides:
            cos, kws = self.smooth(cos), self.smooth(kws)
        out = fuse([(cos, False), (kws, True)],
                   Fusion(weights=(self.vector_weight, 1 - self.vector_weight), depth=self.depth))
        if self.smooth and not self.smooth_sides:
            out = self.smooth(out)
        return out


PRODUCT_EPISODE = "product: b=0.3 + smoothing 0.5 max(prev, next)"


def paired_split(st: Study, a: str, b: str, n: int = 2000) -> None:
    """``Study.paired`` on held-out 5-9 and on all ten."""
    for label, convs in (("held-out 5-9", HELD_OUT), ("all 10", range(10))):
        sel = np.isin(st.rows[b]["conv"], list(convs))
        diff = (st.rows[b]["r10"] - st.rows[a]["r10"])[sel]
        rng = np.random.default_rng(0)
        boots = diff[rng.integers(0, len(diff), (n, len(diff)))].mean(axis=1)
        lo, hi = np.percentile(boots, [2.5, 97.5])
        print(f"- {b!r} vs {a!r}, {label}: {diff.mean():+.4f} R@10 (95% CI {lo:+.4f} .. "
              f"{hi:+.4f}; {int((diff > 0).sum())} questions up, {int((diff < 0).sum())} down)")


def tune_best(st: Study, title: str, grid: dict[str, Episode]) -> tuple[str, Episode]:
    """Score a grid on the tune conversations only; print the five best (all columns) and
    return the winner by tune R@10."""
    tune = [c for c in st.convs if c.n in TUNE]
    scored = []
    for name, e in grid.items():
        r = recall_rows(tune, lambda c, e=e: e(st, c))
        scored.append((float(r["r10"].mean()), name))
    scored.sort(reverse=True)
    print(f"\n_{title}: {len(grid)} settings tried on 0-4; the five best:_\n", flush=True)
    for _, name in scored[:5]:
        st.run(name, lambda c, e=grid[name]: e(st, c))
    return scored[0][1], grid[scored[0][1]]


def sec_episode(st: Study) -> None:
    section("Episode context: smoothing shapes (fused score, BM25 b=0.3)")
    st.run("hybrid b=0.3, no context", lambda c: Episode(smooth=None)(st, c))
    st.run(PRODUCT_EPISODE, lambda c: Episode()(st, c))
    shapes = {
        "sum of neighbours 0.5 + 0.5": Smooth(agg="sum"),
        "sum of neighbours 0.3 + 0.3": Smooth((0.3,), (0.3,), "sum"),
        "max, own score kept if larger (no add)": Smooth((1.0,), (1.0,), combine="max"),
        "max(prev 0.6, next 0.4)": Smooth((0.6,), (0.4,)),
        "max(prev 0.7, next 0.3)": Smooth((0.7,), (0.3,)),
        "max(prev 0.4, next 0.6)": Smooth((0.4,), (0.6,)),
        "window 2, max, 0.5 / 0.25": Smooth((0.5, 0.25), (0.5, 0.25)),
        "window 2, sum, 0.4 / 0.2": Smooth((0.4, 0.2), (0.4, 0.2), "sum"),
        "window 3, max, 0.5 / 0.25 / 0.125": Smooth((0.5, 0.25, 0.125), (0.5, 0.25, 0.125)),
        "twice, max 0.5": Smooth(times=2),
        "twice, max 0.3": Smooth((0.3,), (0.3,), times=2),
    }
    for name, sm in shapes.items():
        st.run(f"smoothing: {name}", lambda c, sm=sm: Episode(smooth=sm)(st, c))
    for g in (0.3, 0.5, 0.7):
        st.run(f"smoothing each side before fusion, max {g}",
               lambda c, g=g: Episode(smooth=Smooth((g,), (g,)), smooth_sides=True)(st, c))
    grid = {}
    for p1, n1, p2, n2, agg in itertools.product((0.4, 0.5, 0.6, 0.7), (0.3, 0.4, 0.5, 0.6),
                                                 (0.0, 0.15, 0.3), (0.0, 0.15, 0.3),
                                                 ("max", "sum")):
        if agg == "sum" and p1 + n1 > 1.0:
            continue
        grid[f"smoothing grid: {agg}(prev {p1}/{p2}, next {n1}/{n2})"] = Episode(
            smooth=Smooth((p1, p2), (n1, n2), agg))
    best_grid_name, best_grid = tune_best(st, "Smoothing grid (window 2)", grid)
    grid = {}
    for a, r, width, ns, depth in itertools.product((0.4, 0.5, 0.6), (0.5, 0.7, 0.85, 1.0),
                                                    (2, 3, 4, 6), (0.7, 1.0), (50, 100)):
        grid[f"kernel: sum a={a} r={r} width={width} next x{ns} depth={depth}"] = Episode(
            smooth=kernel(a, r, width, ns), depth=depth)
    best_kernel_name, best_kernel = tune_best(st, "Kernel grid (sum, decaying weights)", grid)
    best_smooth_name, best_smooth = max(
        ((best_grid_name, best_grid), (best_kernel_name, best_kernel)),
        key=lambda nb: st.results[nb[0]]["tune"])

    section("Episode context: contextual keyword side (neighbours' terms in the document)")
    for how in ("bm25f", "column"):
        for window in ("prev", "both"):
            for lam in (0.2, 0.35, 0.5, 1.0):  # bm25f at 1.0 = plain concatenation
                ck = CtxKW(lam, how, window)
                st.run(f"kw ctx {how} {window} lam={lam}, no smoothing",
                       lambda c, ck=ck: Episode(kw_ctx=ck, smooth=None)(st, c))
                st.run(f"kw ctx {how} {window} lam={lam} + product smoothing",
                       lambda c, ck=ck: Episode(kw_ctx=ck)(st, c))

    section("Episode context: contextual document embeddings (e5 embed_documents at write time)")
    variants = [f"e5{v}" for v in CONTEXT_VARIANTS
                if all(f"e5{v}" in c.vec for c in st.convs)]
    if not variants:
        print("(no contextual vectors cached: run with --embed-context)")
    for v in variants:
        st.run(f"vector alone {v}", lambda c, v=v: Episode(vec=v).vectors(c))
        for mix in (0.0, 0.5):
            e = Episode(vec=v, vec_mix=mix, smooth=None, depth=best_smooth.depth)
            label = f"{v}" if not mix else f"mean(e5, {v}) mix={mix}"
            for sname, sm in (("no smoothing", None), ("product smoothing", PRODUCT_SMOOTH),
                              ("best smoothing", best_smooth.smooth)):
                st.run(f"hybrid vec={label}, {sname}",
                       lambda c, e=e, sm=sm: replace(e, smooth=sm)(st, c))
        for w in (0.2, 0.4):
            st.run(f"e5 0.4 + kw 0.6 + {v} side {w} + best smoothing",
                   lambda c, v=v, w=w: three_side(st, c, v, w, best_smooth.smooth,
                                                         best_smooth.depth))

    section("Episode context: combinations (tuned on 0-4)")
    grid = {}
    for v in [None, *variants]:
        for mix in ((0.0,) if v is None else (0.3, 0.5, 0.7, 1.0)):
            for lam in (0.0, 0.2, 0.35):
                for sname, sm in (("product", PRODUCT_SMOOTH), ("best", best_smooth.smooth),
                                  ("kernel a=0.4 r=0.7 w=3", kernel(0.4, 0.7, 3)),
                                  ("none", None)):
                    for w in (0.4, 0.5):
                        name = (f"combo: vec={v or 'e5'} mix={mix} kw-ctx bm25f both lam={lam} "
                                f"smoothing {sname} w={w}")
                        grid[name] = Episode(vec=v or "e5", vec_mix=mix if mix < 1 else 0.0,
                                             kw_ctx=CtxKW(lam), smooth=sm, vector_weight=w,
                                             depth=best_smooth.depth)
    best_name, best = tune_best(st, "Combination grid", grid)
    print(f"\nBest by tune R@10: {best_name} = {best}")
    print(f"Best smoothing-only by tune R@10: {best_smooth_name}")

    section("Episode context: best recipe, ablations and paired intervals")
    st.run(PRODUCT_EPISODE, lambda c: Episode()(st, c))
    st.run("BEST " + best_name, lambda c: best(st, c))
    ablations = {"- contextual vector (plain e5)": replace(best, vec="e5", vec_mix=0.0),
                 "- contextual keyword side": replace(best, kw_ctx=CtxKW()),
                 "- smoothing": replace(best, smooth=None),
                 "smoothing -> product's": replace(best, smooth=PRODUCT_SMOOTH),
                 "vector weight 0.4": replace(best, vector_weight=0.4),
                 "contextual vector replaces the plain one (one embedding per memory)":
                     replace(best, vec_mix=0.0),
                 "keyword context as plain concatenation (lam 1.0)":
                     replace(best, kw_ctx=replace(best.kw_ctx, lam=1.0)),
                 "idf log(1 + ...) as the in-memory keyword index":
                     replace(best, kw=KW(b=0.3, idf="plus1"))}
    for name, e in ablations.items():
        if e != best:
            st.run(f"BEST {name}", lambda c, e=e: e(st, c))
    print("\n| recipe | held-out R@5 | held-out R@10 | all R@5 | all R@10 |\n|---|---|---|---|---|")
    for name in (PRODUCT_EPISODE, best_smooth_name, "BEST " + best_name,
                 *(f"BEST {a}" for a, e in ablations.items() if e != best)):
        r = st.rows[name]
        held = np.isin(r["conv"], list(HELD_OUT))
        print(f"| {name} | {r['r5'][held].mean():.3f} | {r['r10'][held].mean():.3f} | "
              f"{r['r5'].mean():.3f} | {r['r10'].mean():.3f} |")
    print()
    paired_split(st, PRODUCT_EPISODE, "BEST " + best_name)
    paired_split(st, PRODUCT_EPISODE, best_smooth_name)
    for name, e in ablations.items():
        if e != best:
            paired_split(st, f"BEST {name}", "BEST " + best_name)
    episode_cost(st, {"product smoothing": Episode(), "best smoothing": best_smooth,
                      "BEST": best, "BEST, keyword index built per query": best})


def episode_cost(st: Study, recipes: dict[str, Episode]) -> None:
    """Ranking CPU ms per query as in ``sec_cost``; the keyword index (and its contextual
    variant, a write-time cost in the product) is built outside the timing except in rows
    named "built per query"."""
    c = max(st.convs, key=lambda c: len(c.docs))
    print(f"\n### Episode context: ranking cost per query ({len(c.docs)} memories, numpy)\n")
    print("| recipe | CPU ms / query (median of best-of-5, 40 queries) |\n|---|---|")
    for name, e in recipes.items():
        times = []
        for i in range(min(40, len(c.questions))):
            one = single_query(c, i)
            solo = Study([one])
            e(solo, one)
            best = float("inf")
            for _ in range(5):
                if "per query" in name:
                    solo = Study([one])  # a new Study: both keyword indexes rebuilt
                t = time.process_time()
                e(solo, one)
                best = min(best, (time.process_time() - t) * 1000)
            times.append(best)
        print(f"| {name} | {np.median(times):.2f} |", flush=True)


def three_side(st: Study, c: Conv, v: str, w: float, sm: Smooth, depth: int | None = 50
               ) -> np.ndarray:
    """Plain e5, BM25 and the contextual cosine as three fusion sides, then smoothing."""
    q = c.vec["e5"][1]
    return sm(fuse([(st.cos(c), False), (st.kw(c, BEST_KW).scores(), True),
                    (q @ c.vec[v][0].T, False)], Fusion(weights=(0.4, 0.6, w), depth=depth)))


SECTIONS["episode"] = sec_episode


if __name__ == "__main__":
    raise SystemExit(main())

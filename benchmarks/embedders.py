"""Compare vecmem's embedders (and BM25, and fusions of both) on retrieval quality and speed.

Three measurements:

(a) LoCoMo turn retrieval. Every dialogue turn of a conversation is a memory
    ("speaker: text", plus "[image: caption]" when the turn shared a photo); every
    question of categories 1-4 is a query against its own conversation. Recall@5/@10 of
    the evidence dia_ids, per category and overall, for BM25, each embedder, RRF fusions
    and a USE+e5 score blend.
(b) Chinese<->Chinese and Chinese<->English paraphrase pairs (benchmarks/data/
    zh_paraphrase.jsonl): each pair's first text is a query ranked against every pair's
    second text; top-1 and MRR.
(c) Speed: per-query latency (p50/p95, warm) and batch throughput (texts/s).

LoCoMo is CC BY-NC: it is read from the path given with --data and never copied here.

    .venv/bin/python benchmarks/embedders.py --data ../shared/data/locomo10.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vecmem.embed import Embedder, build_embedder  # noqa: E402
from vecmem.text import keyword_terms  # noqa: E402

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (5, 10)


# ---------------------------------------------------------------------------- data
def load_locomo(path: Path, captions: bool = True) -> list[dict]:
    """Conversations as {turns: [(dia_id, text)], queries: [(question, cat, evidence)]}."""
    convs = []
    for sample in json.loads(path.read_text(encoding="utf-8")):
        c = sample["conversation"]
        sessions = sorted(
            (k for k in c if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k[8:])
        )
        turns = []
        for key in sessions:
            for t in c[key]:
                text = f"{t['speaker']}: {t['text']}"
                if captions and t.get("blip_caption"):
                    text += f" [image: {t['blip_caption']}]"
                turns.append((t["dia_id"], text))
        ids = {d for d, _ in turns}
        queries = []
        for qa in sample["qa"]:
            if qa.get("category") not in CATEGORIES:
                continue
            evidence = {e for e in map(_fix_dia_id, _split_evidence(qa["evidence"])) if e in ids}
            if evidence:  # a handful of questions cite only non-existent turns
                queries.append((qa["question"], qa["category"], evidence))
        convs.append({"id": sample.get("sample_id"), "turns": turns, "queries": queries})
    return convs


def _split_evidence(items: list[str]) -> list[str]:
    # A few entries pack several ids into one string ("D8:6; D9:17", "D9:1 D4:4").
    return [p for item in items for p in re.split(r"[;,\s]+", item) if p]


def _fix_dia_id(raw: str) -> str:
    m = re.fullmatch(r"D:?(\d+):0*(\d+)", raw)  # "D:11:26", "D30:05"
    return f"D{int(m.group(1))}:{int(m.group(2))}" if m else raw


def load_pairs(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


# ---------------------------------------------------------------------------- BM25
class BM25:
    """Okapi BM25 over vecmem's own keyword terms (the terms the real keyword index uses:
    Latin words, CJK characters and bigrams), as a dense numpy matrix: a conversation has
    ~600 turns, so dense is simplest and fast."""

    def __init__(self, docs: list[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.vocab: dict[str, int] = {}
        rows = []
        for doc in docs:
            counts = Counter(keyword_terms(doc))
            rows.append({self.vocab.setdefault(t, len(self.vocab)): n for t, n in counts.items()})
        tf = np.zeros((len(docs), len(self.vocab)), dtype=np.float32)
        for i, row in enumerate(rows):
            for j, n in row.items():
                tf[i, j] = n
        dl = tf.sum(axis=1, keepdims=True)
        df = (tf > 0).sum(axis=0)
        self.idf = np.log(1 + (len(docs) - df + 0.5) / (df + 0.5)).astype(np.float32)
        self.w = tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / max(dl.mean(), 1e-9)))

    def scores(self, query: str) -> np.ndarray:
        cols = [self.vocab[t] for t in keyword_terms(query, for_query=True) if t in self.vocab]
        if not cols:
            return np.zeros(self.w.shape[0], dtype=np.float32)
        return self.w[:, cols] @ self.idf[cols]


# ---------------------------------------------------------------------------- fusion
def ranks_of(scores: np.ndarray) -> np.ndarray:
    """1-based rank of every document (ties broken by position, as a stable sort does)."""
    order = np.argsort(-scores, kind="stable")
    r = np.empty(len(scores), dtype=np.float64)
    r[order] = np.arange(1, len(scores) + 1)
    return r


def rrf(score_lists: list[np.ndarray], k: float = 60, weights: list[float] | None = None,
        zero_is_missing: list[bool] | None = None) -> np.ndarray:
    """Reciprocal rank fusion: sum_i w_i / (k + rank_i). A keyword list only ranks the
    documents it matched (score > 0), as a real keyword index would."""
    weights = weights or [1.0] * len(score_lists)
    zero_is_missing = zero_is_missing or [False] * len(score_lists)
    out = np.zeros(len(score_lists[0]))
    for s, w, sparse in zip(score_lists, weights, zero_is_missing, strict=True):
        contrib = w / (k + ranks_of(s))
        if sparse:
            contrib[s <= 0] = 0.0
        out += contrib
    return out


def minmax(s: np.ndarray) -> np.ndarray:
    lo, hi = float(s.min()), float(s.max())
    return (s - lo) / (hi - lo) if hi > lo else np.zeros_like(s)


# ---------------------------------------------------------------------------- embeddings
def embed_cached(emb: Embedder, texts: list[str], query: bool, cache_dir: Path | None,
                 bilingual: bool = False) -> tuple[np.ndarray, float]:
    """Embed (documents or queries); optionally reuse vectors from an earlier run.

    A mixed embedder (``MixedEmbedder``) and the dual one are composed from their two
    models' cached vectors, so any USE weight can be measured without embedding again;
    ``bilingual``: the dual embedder's query form for a store of both languages."""
    from vecmem.embed.cache import CachedEmbedder as ProductCache

    if isinstance(emb, ProductCache):  # the product's LRU wrapper: compose from the models
        return embed_cached(emb.inner, texts, query, cache_dir, bilingual)
    if hasattr(emb, "_use") and hasattr(emb, "_e5"):
        u, tu = embed_cached(emb._use, texts, query, cache_dir)
        e, te = embed_cached(emb._e5, texts, query, cache_dir)
        if hasattr(emb, "_join"):  # MixedEmbedder
            return emb._join(u, e).astype(np.float32), tu + te
        # DualEmbedder: halves for documents, the query weighted by its language.
        if not query:
            half = np.float32(np.sqrt(0.5))
            return np.concatenate([u * half, e * half], axis=1).astype(np.float32), tu + te
        from vecmem.text import cjk_ratio

        r = np.array([[cjk_ratio(t)] for t in texts], dtype=np.float32).reshape(-1, 1)
        from vecmem.embed.local import EN_USE

        # An English query's share for USE: the bilingual form's, or the embedder's own.
        w = np.float32(EN_USE if bilingual else getattr(emb, "en_use", 0.0))
        v = np.concatenate([u * (r + (1 - r) * w), e * ((1 - r) * (1 - w))], axis=1)
        return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32), tu + te
    tag = hashlib.sha256(("\x1e".join(texts)).encode()).hexdigest()[:16]
    path = cache_dir / f"{emb.model_id}-{'q' if query else 'd'}-{tag}.npy" if cache_dir else None
    if path is not None and path.exists():
        return np.load(path), float("nan")
    t0 = time.perf_counter()
    if query:
        vecs = np.stack([emb.embed_query(t) for t in texts]) if texts else np.empty((0, emb.dim))
    else:
        vecs = emb.embed_documents(texts)
    elapsed = time.perf_counter() - t0
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, vecs)
    return vecs, elapsed


class CachedEmbedder:
    """``inner`` with its vectors for known texts precomputed through ``embed_cached``
    (``warm``); other texts go to ``inner``. ``model_id`` is the inner one's, so a store
    holds exactly what the product would store."""

    def __init__(self, inner: Embedder, cache_dir: Path | None) -> None:
        self.inner, self.cache_dir = inner, cache_dir
        self.model_id, self.dim = inner.model_id, inner.dim
        self.is_fallback = bool(getattr(inner, "is_fallback", False))
        self.docs: dict[str, np.ndarray] = {}
        self.queries: dict[str, np.ndarray] = {}
        self.bilingual: dict[str, np.ndarray] = {}

    def warm(self, texts: list[str], *, query: bool) -> None:
        todo = sorted(set(texts))
        vecs, _ = embed_cached(self.inner, todo, query, self.cache_dir)
        (self.queries if query else self.docs).update(zip(todo, vecs, strict=True))
        if query and hasattr(self.inner, "embed_query_bilingual"):
            vecs, _ = embed_cached(self.inner, todo, query, self.cache_dir, bilingual=True)
            self.bilingual.update(zip(todo, vecs, strict=True))

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        miss = [t for t in texts if t not in self.docs]
        if miss:
            self.docs.update(zip(miss, self.inner.embed_documents(miss), strict=True))
        return np.stack([self.docs[t] for t in texts]).astype(np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        if text not in self.queries:
            self.queries[text] = self.inner.embed_query(text)
        return self.queries[text]

    def __getattr__(self, name: str) -> Any:
        # The bilingual query form exists only when the inner embedder has one
        # (``Context.embed_query`` looks for it), and is cached apart.
        if name != "embed_query_bilingual" or not hasattr(self.inner, name):
            raise AttributeError(name)
        return self._bilingual

    def _bilingual(self, text: str) -> np.ndarray:
        if text not in self.bilingual:
            self.bilingual[text] = self.inner.embed_query_bilingual(text)
        return self.bilingual[text]


# ---------------------------------------------------------------------------- (a) LoCoMo
def locomo_scores(convs: list[dict], embedders: dict[str, Embedder], cache_dir: Path | None
                  ) -> list[dict]:
    """Per query: its category, evidence indices and one score vector per base method."""
    out = []
    for n, conv in enumerate(convs, 1):
        ids = [d for d, _ in conv["turns"]]
        docs = [t for _, t in conv["turns"]]
        questions = [q for q, _, _ in conv["queries"]]
        bm25 = BM25(docs)
        dense = {}
        for name, emb in embedders.items():
            d, _ = embed_cached(emb, docs, False, cache_dir)
            q, _ = embed_cached(emb, questions, True, cache_dir)
            dense[name] = q @ d.T
        pos = {d: i for i, d in enumerate(ids)}
        for qi, (question, cat, evidence) in enumerate(conv["queries"]):
            scores = {"bm25": bm25.scores(question)}
            for name in embedders:
                scores[name] = dense[name][qi]
            out.append({"cat": cat, "gold": [pos[e] for e in evidence], "scores": scores})
        print(f"  conversation {n}/{len(convs)}: {len(docs)} turns, "
              f"{len(conv['queries'])} questions", file=sys.stderr)
    return out


def recall(items: list[dict], fuse: Callable[[dict], np.ndarray]) -> dict[str, float]:
    """Mean recall@k of the evidence turns (the fraction of a question's evidence turns in
    its top k), overall and per category; hit@k counts a question when any one is."""
    acc: dict[str, list[float]] = defaultdict(list)
    for it in items:
        order = np.argsort(-fuse(it["scores"]), kind="stable")
        gold = set(it["gold"])
        for k in KS:
            found = gold & set(order[:k].tolist())
            r = len(found) / len(gold)
            acc[f"@{k}"].append(r)
            acc[f"{CATEGORIES[it['cat']]}@{k}"].append(r)
            acc[f"hit@{k}"].append(float(bool(found)))
    return {key: float(np.mean(v)) for key, v in acc.items()}


def locomo_methods(names: list[str]) -> dict[str, Callable[[dict], np.ndarray]]:
    """Every retrieval method compared: single signals, RRF fusions, score blends.

    Variants that measured worse everywhere were dropped from the table (vector weight
    1.5-2 in RRF, z-score blends, BM25 added to raw cosines); README.embed.md notes them.
    """
    m: dict[str, Callable[[dict], np.ndarray]] = {"bm25": lambda s: s["bm25"]}
    for e in names:
        m[e] = lambda s, e=e: s[e]
    for e in names:
        for k in (5, 10, 60):
            m[f"rrf(bm25,{e}) k={k}"] = lambda s, e=e, k=k: rrf(
                [s["bm25"], s[e]], k=k, zero_is_missing=[True, False])
        for a in (0.5, 0.6):
            m[f"blend {a}*{e}+{1 - a:.1f}*bm25 (min-max)"] = (
                lambda s, e=e, a=a: a * minmax(s[e]) + (1 - a) * minmax(s["bm25"]))
    if "use" in names and "e5" in names:
        m["rrf(use,e5) k=60"] = lambda s: rrf([s["use"], s["e5"]])
        m["rrf(bm25,use,e5) k=10"] = lambda s: rrf(
            [s["bm25"], s["use"], s["e5"]], k=10, zero_is_missing=[True, False, False])
    return m


# ---------------------------------------------------------------------------- (b) paraphrase
def paraphrase_eval(pairs: list[dict], embedders: dict[str, Embedder]) -> dict[str, dict]:
    """Top-1 and MRR of each pair's target among all targets, per pair kind and overall."""
    queries = [p["a"] for p in pairs]
    targets = [p["b"] for p in pairs]
    kinds = [p["kind"] for p in pairs]
    sims: dict[str, np.ndarray] = {}
    bm25 = BM25(targets)
    sims["bm25"] = np.stack([bm25.scores(q) for q in queries])
    for name, emb in embedders.items():
        qv = np.stack([emb.embed_query(q) for q in queries])
        sims[name] = qv @ emb.embed_documents(targets).T
    if "use" in sims and "e5" in sims:
        # The weight curve of the USE/e5 mix (the "mix" embedder itself uses 0.1).
        for a in (0.05, 0.2, 0.3):
            sims[f"cos {a}*use+{1 - a:.2f}*e5"] = a * sims["use"] + (1 - a) * sims["e5"]
    out = {}
    for name, s in sims.items():
        rr = defaultdict(list)
        for i in range(len(pairs)):
            # Rank of the true target; ties count against it (a zero BM25 row ranks last).
            rank = 1 + int((s[i] > s[i, i]).sum()) + int((s[i] == s[i, i]).sum()) - 1
            for key in ("all", kinds[i]):
                rr[key].append(1.0 / rank)
        out[name] = {k: {"top1": float(np.mean(np.array(v) == 1.0)), "mrr": float(np.mean(v))}
                     for k, v in rr.items()}
    return out


# ---------------------------------------------------------------------------- (c) speed
def speed(emb: Embedder, queries: list[str], docs: list[str]) -> dict[str, float]:
    t0 = time.perf_counter()
    emb.embed_query("warm-up")  # includes the model load on first use
    load = time.perf_counter() - t0
    lat = []
    for q in queries:
        t = time.perf_counter()
        emb.embed_query(q)
        lat.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    emb.embed_documents(docs)
    thr = len(docs) / (time.perf_counter() - t)
    return {"load_s": load, "p50_ms": float(np.percentile(lat, 50)),
            "p95_ms": float(np.percentile(lat, 95)), "docs_per_s": thr}


# ---------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="path to locomo10.json")
    ap.add_argument("--pairs", type=Path, default=ROOT / "benchmarks/data/zh_paraphrase.jsonl")
    ap.add_argument("--embedders", default="use,e5,mix,hashing")
    ap.add_argument("--no-captions", action="store_true",
                    help="leave the shared photos' captions out of the memories")
    ap.add_argument("--convs", type=int, default=0, help="only the first N conversations")
    ap.add_argument("--cache-dir", type=Path, default=None,
                    help="reuse LoCoMo vectors between runs (speed is then not re-measured)")
    ap.add_argument("--json", type=Path, default=None, help="also write all numbers here")
    ap.add_argument("--sections", default="a,b,c", help="which of a (LoCoMo), b (pairs), "
                    "c (speed) to run")
    args = ap.parse_args(argv)

    names = [n.strip() for n in args.embedders.split(",") if n.strip()]
    embedders = {n: build_embedder(n) for n in names}
    convs = load_locomo(args.data, captions=not args.no_captions)
    if args.convs:
        convs = convs[: args.convs]
    results: dict = {"command": " ".join(sys.argv)}

    sections = set(args.sections.split(","))
    if "c" in sections:
        print("(c) speed", file=sys.stderr)
        qs = [q for c in convs for q, _, _ in c["queries"]][:200]
        docs = [t for c in convs for _, t in c["turns"]][:1000]
        # Speed depends on what else the machine runs: record its load next to the numbers.
        results["load_before"] = os.getloadavg()[0]
        results["speed"] = {n: speed(e, qs, docs) for n, e in embedders.items()}
        results["load_after"] = os.getloadavg()[0]
    if "b" in sections:
        print("(b) paraphrase pairs", file=sys.stderr)
        results["paraphrase"] = paraphrase_eval(load_pairs(args.pairs), embedders)
    if "a" in sections:
        print("(a) LoCoMo", file=sys.stderr)
        items = locomo_scores(convs, embedders, args.cache_dir)
        results["locomo"] = {name: recall(items, f) for name, f in locomo_methods(names).items()}
        results["locomo_queries"] = len(items)

    print_tables(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False))
    return 0


def print_tables(r: dict) -> None:
    cats = list(CATEGORIES.values())
    if "locomo" in r:
        print_locomo(r, cats)
    if "paraphrase" in r:
        print_pairs(r)
    if "speed" in r:
        print_speed(r)


def print_locomo(r: dict, cats: list[str]) -> None:
    print(f"\n(a) LoCoMo turn retrieval, {r['locomo_queries']} questions (categories 1-4)")
    head = "| method | R@5 | R@10 | hit@10 | " + " | ".join(f"{c} R@10" for c in cats) + " |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for name, m in r["locomo"].items():
        print(f"| {name} | {m['@5']:.3f} | {m['@10']:.3f} | {m['hit@10']:.3f} | "
              + " | ".join(f"{m[c + '@10']:.3f}" for c in cats) + " |")


def print_pairs(r: dict) -> None:
    print("\n(b) paraphrase pairs: top-1 / MRR")
    kinds = sorted({k for v in r["paraphrase"].values() for k in v if k != "all"})
    print("| method | all top-1 | all MRR | " + " | ".join(f"{k} top-1 | {k} MRR" for k in kinds)
          + " |")
    print("|---|---|---|" + "---|---|" * len(kinds))
    for name, v in r["paraphrase"].items():
        print(f"| {name} | {v['all']['top1']:.3f} | {v['all']['mrr']:.3f} | "
              + " | ".join(f"{v[k]['top1']:.3f} | {v[k]['mrr']:.3f}" for k in kinds) + " |")


def print_speed(r: dict) -> None:
    print(f"\n(c) speed (query latency warm, single text; {os.cpu_count()} cores, load average "
          f"{r['load_before']:.1f} before / {r['load_after']:.1f} after)")
    print("| embedder | load s | query p50 ms | query p95 ms | batch docs/s |")
    print("|---|---|---|---|---|")
    for name, s in r["speed"].items():
        print(f"| {name} | {s['load_s']:.2f} | {s['p50_ms']:.2f} | {s['p95_ms']:.2f} | "
              f"{s['docs_per_s']:.0f} |")


if __name__ == "__main__":
    raise SystemExit(main())

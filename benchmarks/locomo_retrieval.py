"""LoCoMo turn retrieval through the real ``Memory.search`` (keyword, vector, hybrid).

Every dialogue turn of a conversation is a memory (stored with ``add_many(raw=True,
episode=True)`` -- the turns are one conversation, which is what ``episode`` declares;
``--no-episode`` stores them as unrelated memories -- one scope per conversation, so the
real keyword index, vector index and fusion answer);
every question of categories 1-4 is a query against its own conversation. Recall@5 and
@10 of the evidence turns (dia_id), per category and overall.

LoCoMo is CC BY-NC: it is read from --data and never copied into this repository.

    .venv/bin/python benchmarks/locomo_retrieval.py --data ../shared/data/locomo10.json \
        --embedders e5,use
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from embedders import CATEGORIES, KS, CachedEmbedder, load_locomo

from vecmem import Memory
from vecmem.embed.factory import build_embedder

MODES = ("keyword", "vector", "hybrid")
# Not run by default: hybrid with Memory.search's defaults (the relevance gate on, its own
# min_score), on the same store as the ranking-alone rows.
GATED = "hybrid-default"


def make_embedder(provider: str) -> Any:
    """``build_embedder(provider)``; ``mix:W`` is the mixed model at USE weight W."""
    if provider.startswith("mix:"):
        from vecmem.embed.local import MixedEmbedder

        return MixedEmbedder(use_weight=float(provider[4:]))
    if provider.startswith("bylang:"):  # dual, English queries part USE
        from vecmem.embed.local import DualEmbedder

        return DualEmbedder(en_use=float(provider[7:]))
    return build_embedder(provider)


def run(data: Path, provider: str, limit: int | None, min_score: float | None,
        episode: bool = True, gate: bool = False, cache_dir: Path | None = None,
        modes: tuple[str, ...] = MODES) -> dict:
    convs = load_locomo(data)[:limit]
    embedder: Any = make_embedder(provider)
    if cache_dir is not None:
        embedder = CachedEmbedder(embedder, cache_dir)
        from vecmem.text import normalize

        embedder.warm([normalize(t) for c in convs for _, t in c["turns"]], query=False)
        embedder.warm([q for c in convs for q, _, _ in c["queries"]], query=True)
    scores: dict[str, dict[int, list[list[float]]]] = {
        m: defaultdict(lambda: [[] for _ in KS]) for m in (*MODES, GATED)
    }
    # recall_any@k: the share of questions with at least one evidence turn in the top k.
    anyhit: dict[str, list[list[float]]] = {m: [[] for _ in KS] for m in (*MODES, GATED)}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for conv in convs:
            with Memory.open(f"{tmp}/locomo.db", embedder=embedder, scope=str(conv["id"]),
                             reembed=False) as mem:
                results = mem.add_many([t for _, t in conv["turns"]], source="locomo",
                                       raw=True, episode=episode)
                turn_of: dict[int, set[str]] = defaultdict(set)
                for (dia_id, _), r in zip(conv["turns"], results, strict=True):
                    if r.memory_id is not None:
                        turn_of[r.memory_id].add(dia_id)
                for question, category, evidence in conv["queries"]:
                    for mode in modes:
                        if mode == GATED:
                            hits = mem.search(question, k=max(KS))
                        else:
                            hits = mem.search(question, k=max(KS), mode=mode,
                                              min_score=min_score, gate=gate)
                        for i, k in enumerate(KS):
                            found = set().union(*(turn_of[h.memory.id] for h in hits[:k]))
                            scores[mode][category][i].append(len(found & evidence)
                                                             / len(evidence))
                            anyhit[mode][i].append(float(bool(found & evidence)))
    return {"model": embedder.model_id + ("" if episode else " (no episode)")
            + (" (gate on)" if gate else "")
            + (" (default min_score)" if min_score is None else ""),
            "scores": scores, "any": anyhit, "modes": modes,
            "seconds": time.perf_counter() - started}


def table(results: list[dict]) -> None:
    cats = sorted(CATEGORIES)
    head = "| embedder | mode | " + " | ".join(
        f"{CATEGORIES[c]} @5 / @10" for c in cats) + (
        " | overall @5 | overall @10 | recall_any @5 / @10 |")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for r in results:
        for mode in r["modes"]:
            per = r["scores"][mode]
            cells = [f"{_mean(per[c][0]):.3f} / {_mean(per[c][1]):.3f}" for c in cats]
            overall = [_mean([x for c in cats for x in per[c][i]]) for i in range(len(KS))]
            hit = [_mean(r["any"][mode][i]) for i in range(len(KS))]
            print(f"| {r['model']} | {mode} | " + " | ".join(cells)
                  + f" | {overall[0]:.3f} | {overall[1]:.3f} | {hit[0]:.3f} / {hit[1]:.3f} |")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--embedders", default="e5")
    parser.add_argument("--limit", type=int, default=None, help="first N conversations")
    parser.add_argument("--min-score", type=float, default=-1.0,
                        help="cosine floor for vector hits (default -1: rank everything)")
    parser.add_argument("--default-min-score", action="store_true",
                        help="pass no min_score (Memory.search's own default), e.g. with --gate")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="comma-separated subset of keyword,vector,hybrid,hybrid-default "
                        "(Memory.search defaults: gate on; default keyword,vector,hybrid)")
    parser.add_argument("--no-episode", action="store_true",
                        help="store the turns as unrelated memories (no episode context)")
    parser.add_argument("--gate", action="store_true",
                        help="with the relevance gate (default: ranking alone, gate=False)")
    parser.add_argument("--cache-dir", type=Path, default=None,
                        help="reuse vectors embedded by an earlier run (embedders.embed_cached)")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="override a search constant first, e.g. search.VECTOR_WEIGHT=0.3")
    args = parser.parse_args()
    from vecmem.engine import relevance, search

    for item in args.set:
        name, _, value = item.partition("=")
        module, _, attr = name.rpartition(".")
        target = {"relevance": relevance, "search": search}[module]
        setattr(target, attr, type(getattr(target, attr))(json.loads(value.lower())))
    modes = tuple(m for m in args.modes.split(",") if m)
    if not set(modes) <= {*MODES, GATED}:
        parser.error(f"--modes: choose from {', '.join((*MODES, GATED))}")
    min_score = None if args.default_min_score else args.min_score
    results = [run(args.data, p, args.limit, min_score, not args.no_episode, args.gate,
                   args.cache_dir, modes)
               for p in args.embedders.split(",")]
    table(results)
    for r in results:
        print(f"{r['model']}: {r['seconds']:.0f} s (store + all queries, all modes)")


if __name__ == "__main__":
    main()

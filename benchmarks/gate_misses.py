"""Where does search lose a needed memory? Every relevant turn of a tunable split whose
gold memory is not in ``Memory.search``'s top 5, put in one cause by ``explain`` (the
same computation, issue 13):

* ``no-candidate``: no gold memory among the candidates (neither the vector side's
  nearest nor any keyword match);
* ``floor``: the relevance gate's cosine floor failed it (``impersonal`` when the turn
  was judged impersonal, its floor raised);
* ``vector-only-cap``: it passed on cosine alone but was not among the nearest
  ``VECTOR_ONLY_MAX`` such candidates;
* ``relative-cut``: it passed the gate but its fused score was below the relative cut;
* ``ranked``: it passed every rule and was returned past the top 5 (its rank given);
* ``other``: status, expiry, ``min_score``.

For each miss: the gold's rank among the included candidates (or its fused score
against the best) and what outranked it. Only the tunable splits (``dev``, ``gate``)
and retired persona sets are listed; a blind set is refused, the held-out split never
read.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/gate_misses.py [--set persona2]
        [--json out.json] [--quiet]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_agent as ra

from vecmem import Memory
from vecmem.text import normalize

TUNABLE = ("dev", "gate")


def cause_of(ex: Any, gold_ids: set[int], top: list[int]) -> tuple[str, dict[str, Any]]:
    """One cause for a missed turn, and the detail (gold rank, fused, best, outranking)."""
    cands = {c.memory_id: c for c in ex.candidates}
    inc = sorted((c for c in ex.candidates if c.included), key=lambda c: -c.fused)
    best = inc[0].fused if inc else 0.0
    golds = [cands[g] for g in gold_ids if g in cands]
    detail: dict[str, Any] = {"best": round(best, 4), "returned": len(top),
                              "impersonal": bool((ex.gate or {}).get("impersonal"))}
    if not golds:
        return "no-candidate", detail
    # The gold candidate that got furthest: included first, then highest fused.
    g = max(golds, key=lambda c: (c.included, c.fused))
    detail.update(gold=g.memory_id, fused=g.fused, cosine=g.cosine,
                  coverage=g.coverage, vrank=g.vector_rank, krank=g.keyword_rank)
    if g.included:
        rank = [c.memory_id for c in inc].index(g.memory_id) + 1
        detail["rank"] = rank
        detail["above"] = [(c.memory_id, c.fused, c.cosine, c.coverage) for c in inc[:rank - 1]]
        return "ranked", detail
    why = g.excluded_because or ""
    detail["why"] = why
    if "nearest such candidates" in why:
        return "vector-only-cap", detail
    if "fused below" in why:
        return "relative-cut", detail
    if why.startswith("gate:"):
        return "floor-impersonal" if detail["impersonal"] else "floor", detail
    return "other", detail


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", default=None, choices=tuple(ra.SETS))
    p.add_argument("--embedder", default=None)
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--quiet", action="store_true", help="counts only, no per-turn lines")
    args = p.parse_args(argv)
    if args.set:
        if ra.SETS[args.set] == "blind":
            p.error(f"--set {args.set} is blind: its misses are never listed")
        ra.use_set(args.set)
        splits = list(ra.LISTED)
    else:
        ra.only_splits(list(TUNABLE))
        splits = list(TUNABLE)
    turns, _ = ra.read_queries()
    turns = [t for t in turns if t["split"] in splits and t["category"] != "style"]
    bank = ra.read_jsonl("bank.jsonl")
    embedder = ra.DiskCachedEmbedder(ra.product_embedder(args.embedder), args.cache_dir)
    embedder.warm([normalize(m["text"]) for m in bank], query=False)
    embedder.warm([t["text"] for t in turns], query=True)
    causes: collections.Counter[str] = collections.Counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="vecmem-gate-misses-") as tmp:
        db = os.path.join(tmp, "recall.db")
        ids = ra.build_store(db, embedder, bank)
        back = {v: k for k, v in ids.items()}
        with Memory.open(db, embedder=embedder, reembed=False) as mem:
            for t in turns:
                hits = mem.search(t["text"])
                top = [h.memory.id for h in hits]
                gold = {back[g] for g in t["gold"] if g in back}
                if gold & set(top[:ra.TOP]):
                    continue
                ex = mem.explain(t["text"])
                cause, detail = cause_of(ex, gold, top)
                causes[cause] += 1
                rows.append({"id": t["id"], "text": t["text"], "category": t["category"],
                             "lang": t["lang"], "cause": cause, **detail})
                if not args.quiet:
                    above = "; ".join(
                        f"{ids.get(m, m)} f{f:.3f} c{c if c is None else round(c, 3)} "
                        f"k{v}" for m, f, c, v in detail.get("above", [])[:6])
                    print(f"{t['id']} [{t['category']}/{t['lang']}] {cause} "
                          f"rank={detail.get('rank')} fused={detail.get('fused')} "
                          f"best={detail['best']} cos={detail.get('cosine')} "
                          f"cov={detail.get('coverage')} n={detail['returned']} "
                          f"{t['text']!r}\n    gold={t['gold']} "
                          f"{detail.get('why', '')[:110]}\n    above: {above}")
    n = len(turns)
    print(f"\n{n} relevant turns ({', '.join(splits)}), {sum(causes.values())} missed:")
    for cause, count in causes.most_common():
        print(f"  {cause}: {count}")
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

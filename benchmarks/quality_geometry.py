"""Does the embedders' geometry make a useful second opinion for the quality filter?

    OPENBLAS_NUM_THREADS=1 python benchmarks/quality_geometry.py [--cache DIR]

Every labelled quality case of the retired rounds (``tests/data/quality_*.jsonl`` except
the blind ones in ``rules_dev.NEVER_LISTED``) and LoCoMo's benign facts (conversations 0-4
as fact prototypes, 5-9 scored) are embedded with both bundled models (the stored ``dual``
vector: USE and e5 halves). A rule-allowed text whose k nearest labelled neighbours are
mostly progress / half-formed / question (share >= ``th``, similarity-weighted) is
rejected as that category. Scored by leave-one-round-out cross-validation (fit on every
retired round but one, score that one: the honest estimate), on the blind round fitted
on all retired rounds (counts only), and by the extra rejects on the benign half.

Session 10 result: fixes and breaks nearly cancel (best +7 -2 over 3,571 cases, blind7
+1), so the filter does not use it; see benchmarks/README.md "Quality filter, session 10".
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rules_dev

ACT = ("progress", "half_formed", "question")
GRID = ((10, 0.8), (10, 0.9), (10, 1.0), (5, 0.8), (5, 0.9), (20, 0.8), (20, 0.9))


def _right(case: dict[str, Any], allowed: bool, cat: str) -> bool:
    return allowed if case["cat"] == "fact" else (not allowed and cat == case["cat"])


def _second(allowed: bool, got: str, sims: Any, lab: Any, k: int, th: float) -> tuple[bool, str]:
    import numpy as np

    if not allowed:
        return allowed, got
    top = np.argsort(-sims)[:k]
    votes: Counter[str] = Counter()
    for i in top:
        votes[str(lab[i])] += float(sims[i])
    best, weight = votes.most_common(1)[0]
    if best in ACT and weight / sum(votes.values()) >= th:
        return False, best
    return allowed, got


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    from vecmem.embed.local import DualEmbedder
    from vecmem.rules import check_quality
    from vecmem.text import normalize

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default=None, help="directory to keep the vectors in")
    ap.add_argument("--json", help="write the numbers to this file")
    args = ap.parse_args(argv)
    names = sorted(p.stem for p in rules_dev.DATA.glob("quality_*.jsonl"))
    blind = [n for n in names if any(n.endswith(b) for b in rules_dev.NEVER_LISTED)]
    cases = []
    for name in names:
        for c in rules_dev._load(name + ".jsonl"):
            v = check_quality(c["text"])
            cases.append({"round": name, "cat": "fact" if c["expect"] == "allow" else c["category"],
                          "norm": normalize(c["text"]), "allowed": v.allowed, "got": v.category})
    ben = rules_dev.benign_texts()
    norms = list(dict.fromkeys([c["norm"] for c in cases]
                               + [normalize(t) for s in ben.values() for t in s]))
    cache = Path(args.cache) / "quality_geometry.npy" if args.cache else None
    if cache is not None and cache.exists() and len(np.load(cache)) == len(norms):
        vecs = np.load(cache)
    else:
        vecs = DualEmbedder().embed_documents(norms)
        if cache is not None:
            np.save(cache, vecs)
    row = {t: i for i, t in enumerate(norms)}
    vec = {c: vecs[row[c]] for c in norms}
    retired = [n for n in names if n not in blind]
    fact_protos = [normalize(t) for t in ben["tune"]]

    def fit(rounds: list[str]) -> tuple[Any, Any]:
        train = [c for c in cases if c["round"] in rounds]
        m = np.stack([vec[c["norm"]] for c in train] + [vec[t] for t in fact_protos])
        return m, np.array([c["cat"] for c in train] + ["fact"] * len(fact_protos))

    out: dict[str, Any] = {}
    for k, th in GRID:
        per: dict[str, list[int]] = {}
        for held in retired:
            m, lab = fit([r for r in retired if r != held])
            test = [c for c in cases if c["round"] == held]
            fix = brk = 0
            for c in test:
                a, g = _second(c["allowed"], c["got"], m @ vec[c["norm"]], lab, k, th)
                before, after = _right(c, c["allowed"], c["got"]), _right(c, a, g)
                fix += after and not before
                brk += before and not after
            per[held] = [fix, brk, len(test)]
        m, lab = fit(retired)
        blind_counts = {}
        for name in blind:
            test = [c for c in cases if c["round"] == name]
            b0 = sum(_right(c, c["allowed"], c["got"]) for c in test)
            b1 = sum(_right(c, *_second(c["allowed"], c["got"], m @ vec[c["norm"]], lab, k, th))
                     for c in test)
            blind_counts[name] = [b0, b1, len(test)]
        held_ben = [normalize(t) for t in ben["heldout"]]
        r0 = sum(not check_quality(t).allowed for t in ben["heldout"])
        r1 = sum(not _second(check_quality(t).allowed, "", m @ vec[n], lab, k, th)[0]
                 for t, n in zip(ben["heldout"], held_ben, strict=True))
        fixes, breaks = sum(v[0] for v in per.values()), sum(v[1] for v in per.values())
        print(f"k={k:<2} th={th:.1f}  leave-one-round-out: +{fixes} fixed -{breaks} broken  "
              + "  ".join(f"{n}: {b0}->{b1}/{t}" for n, (b0, b1, t) in blind_counts.items())
              + f"  benign held-out rejects {r0}->{r1}/{len(held_ben)}")
        print("      " + " ".join(f"{n.removeprefix('quality_')}:+{f}-{b}"
                                  for n, (f, b, _) in per.items()))
        out[f"k{k}_th{th}"] = {"per_round": per, "blind": blind_counts, "benign": [r0, r1]}
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

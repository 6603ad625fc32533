"""How much lower a turn's cosines run to memories in the other language, needed or not
(``relevance.CROSS_FLOOR``, gate-v6). No gold label is used for the offset: for every
turn of a bank (relevant and off-topic, code-switched turns left out), the cosines to the
memories it does not need are split by the memory's language, and the offset is the
difference of their 95th percentiles (same language minus other), per turn language.
The needed memories' mean cosines are printed beside it as a check only.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/cross_floor.py [--set persona2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_agent as ra

from vecmem.text import cjk_ratio, normalize


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", default=None, choices=tuple(ra.SETS))
    p.add_argument("--embedder", default=None)
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    args = p.parse_args(argv)
    if args.set:
        # Only the memories' and turns' texts are read, never a gold label for the offset;
        # a blind set is still left alone.
        if ra.SETS[args.set] == "blind":
            p.error(f"--set {args.set} is blind")
        ra.use_set(args.set)
    else:
        ra.only_splits(["dev", "gate"])
    turns, off = ra.read_queries()
    bank = ra.read_jsonl("bank.jsonl")
    emb = ra.DiskCachedEmbedder(ra.product_embedder(args.embedder), args.cache_dir)
    emb.warm([normalize(m["text"]) for m in bank], query=False)
    emb.warm([t["text"] for t in turns + off], query=True)
    docs = np.stack([emb.docs[normalize(m["text"])] for m in bank]).astype(np.float64)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True)
    zh_memory = np.array([cjk_ratio(m["text"]) > 0.5 for m in bank])
    index = {m["id"]: i for i, m in enumerate(bank)}
    p95: dict[tuple[str, str], list[float]] = {}
    gold: dict[tuple[str, str], list[float]] = {}
    for t in turns + off:
        r = cjk_ratio(t["text"])
        if 0.25 < r < 0.75:
            continue  # code-switched: neither language's floor
        lang = "zh" if r >= 0.75 else "en"
        q = np.asarray(emb.queries[t["text"]], dtype=np.float64)
        cos = docs @ (q / np.linalg.norm(q))
        needed = {index[g] for g in t.get("gold", []) if g in index}
        for mlang, mask in (("en", ~zh_memory), ("zh", zh_memory)):
            rest = [cos[i] for i in np.flatnonzero(mask) if i not in needed]
            if rest:
                p95.setdefault((lang, mlang), []).append(float(np.percentile(rest, 95)))
            gold.setdefault((lang, mlang), []).extend(float(cos[i]) for i in needed if mask[i])
    print(f"{emb.model_id}: {len(bank)} memories, {len(turns) + len(off)} turns")
    print("| turn | memory | turns | mean p95 of unneeded | needed: n, mean |")
    print("|---|---|---|---|---|")
    for key in sorted(p95):
        g = gold.get(key, [])
        print(f"| {key[0]} | {key[1]} | {len(p95[key])} | {np.mean(p95[key]):.4f} | "
              f"{len(g)}, {np.mean(g) if g else float('nan'):.4f} |")
    for lang, other in (("en", "zh"), ("zh", "en")):
        if (lang, lang) in p95 and (lang, other) in p95:
            d = np.mean(p95[(lang, lang)]) - np.mean(p95[(lang, other)])
            print(f"offset for a {lang} turn and a {other} memory: {d:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

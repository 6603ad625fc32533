"""Dump every candidate of every turn of the tunable sets (``explain``), for offline
replays of gate rules (``gate_replay.py``). Tunable only: dev/gate splits, retired
personas; never held-out or a blind set.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/gate_dump.py --out /tmp/dump.json
        [--set persona2] [--distractors]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_agent as ra

from vecmem import Memory
from vecmem.text import normalize


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", default=None, choices=tuple(ra.SETS))
    p.add_argument("--embedder", default=None)
    p.add_argument("--distractors", action="store_true")
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    if args.set:
        if ra.SETS[args.set] == "blind":
            p.error("blind set")
        ra.use_set(args.set)
        splits = list(ra.LISTED)
    else:
        splits = ["dev", "gate"]
    ra.only_splits(splits)
    turns, off = ra.read_queries()
    memories = ra.read_jsonl("bank.jsonl") + (
        ra.read_jsonl("distractors.jsonl") if args.distractors else [])
    embedder = ra.DiskCachedEmbedder(ra.product_embedder(args.embedder), args.cache_dir)
    embedder.warm([normalize(m["text"]) for m in memories], query=False)
    embedder.warm([t["text"] for t in turns + off], query=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="vecmem-gate-dump-") as tmp:
        db = os.path.join(tmp, "recall.db")
        ids = ra.build_store(db, embedder, memories)
        with Memory.open(db, embedder=embedder, reembed=False) as mem:
            for t in turns + off:
                got = [ids.get(h.memory.id, "?") for h in mem.search(t["text"])]
                ex = mem.explain(t["text"])
                g = ex.gate or {}
                rows.append({
                    "id": t["id"], "text": t["text"], "relevant": "gold" in t,
                    "category": t.get("category"), "kind": t.get("kind"),
                    "lang": t["lang"], "cross": t.get("cross_lang", False),
                    "safety": t.get("safety", False), "gold": t.get("gold", []),
                    "floor": g.get("floor"), "impersonal": g.get("impersonal"),
                    "rule": g.get("rule"), "got": got,
                    "cands": [[ids.get(c.memory_id, "?"), c.cosine, c.coverage, c.fused,
                               c.vector_rank, c.keyword_rank, c.included,
                               c.excluded_because, c.context]
                              for c in ex.candidates if c.status == "active"],
                })
    args.out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    print(f"{len(rows)} turns -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

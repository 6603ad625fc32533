"""How many memories does a turn's prefetch need? Replays the real provider's ordered
candidates per turn (search hits, standing facts recalled by topic) on the tunable splits
and simulates per-turn caps offline (issue 13: prefetch <= 4 per relevant turn without
losing received turns). Held-out and blind splits are never read here.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/hermes_tail.py [--set persona8]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hermes_misses as hm
import recall_agent as ra

from vecmem.text import normalize


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", default=None, choices=tuple(ra.SETS))
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    args = p.parse_args(argv)
    if args.set:
        if ra.SETS[args.set] != "retired":
            raise SystemExit(f"{args.set} is a blind set")
        ra.use_set(args.set)
    turns, off = ra.read_queries()
    turns = [t for t in turns if t["split"] in hm.TUNABLE]
    off = [o for o in off if o["split"] in hm.TUNABLE]
    bank = ra.read_jsonl("bank.jsonl")
    embedder = ra.DiskCachedEmbedder(ra.product_embedder(None), args.cache_dir)
    embedder.warm([normalize(m["text"]) for m in bank], query=False)
    embedder.warm([q["text"] for q in turns + off], query=True)
    import vecmem.embed.factory as factory
    from vecmem.integrations.hermes import recall

    factory.embedder_for = lambda settings: (embedder, None)  # type: ignore[assignment]
    seen: dict[str, list[tuple[int, float | None, bool]]] = {}
    orig = recall.Recall._fresh

    def spy(self: Any, session_id: str, hits: Any) -> list[Any]:
        seen[session_id] = [(getattr(h, "memory", h).id, getattr(h, "score", None),
                             getattr(getattr(h, "memory", h), "id", 0) in self._profile_ids)
                            for h in hits]
        return orig(self, session_id, hits)

    recall.Recall._fresh = spy  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="vecmem-htail-") as tmp:
        db = os.path.join(tmp, "recall.db")
        ids = ra.build_store(db, embedder, bank)
        received, injected, _ = ra.hermes_all(db, None, turns + off, ids)
    block = set(received[turns[0]["id"]]) - set(injected[turns[0]["id"]])
    for most in (6, 5, 4):
        for ratio in (0.0, 0.5, 0.6, 0.7, 0.8):
            got = n = 0
            sizes = []
            for t in turns:
                cands = [(ids.get(i), s) for i, s, prof in seen.get(f"turn-{t['id']}", [])
                         if not prof]
                top = next((s for _, s in cands if s is not None), None)
                kept = [k for k, s in cands
                        if s is None or top is None or s >= ratio * top][:most]
                sizes.append(len(kept))
                got += bool(set(t["gold"]) & (block | set(kept)))
                n += 1
            print(f"recall_max {most} tail>= {ratio:.1f}*top: received {got}/{n}; "
                  f"prefetch {sum(sizes) / len(sizes):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

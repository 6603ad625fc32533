"""How much the slot prototypes add to the grammar, estimated honestly.

    OPENBLAS_NUM_THREADS=1 python benchmarks/slot_prototypes_cv.py          # CV + blind counts
    OPENBLAS_NUM_THREADS=1 python benchmarks/slot_prototypes_cv.py --margin 0.1

Leave-one-round-out over the retired slot rounds (``build_slot_prototypes.retired_rounds``):
for each round, the prototypes are built from the *other* rounds only and the round's
scenarios go through the real write pipeline (``rules_dev.slots``: temporary SQLite,
hashing embedder for the store, no LLM) twice — grammar alone, and grammar + second
opinion. The blind rounds (``slots_dev.BLIND``) are then run against the bundled
prototypes (all retired rounds), each whole, counts only. Cosines come from USE (the
``local`` extra).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_slot_prototypes import labelled, retired_rounds
from rules_dev import DATA, _load_path, slots
from slots_dev import BLIND

from vecmem.embed.local import UseEmbedder
from vecmem.engine import slot_prototypes
from vecmem.text import normalize

_ROWS = ("positive", "negative", "ambiguous")


def _count(table: dict) -> Counter[str]:
    out: Counter[str] = Counter()
    for t in table.values():
        for r in _ROWS:
            if r in t:
                out[f"{r}:ok"] += t[r]["ok"]
                out[f"{r}:n"] += t[r]["n"]
        out["listed_negatives"] += t.get("flagged:negative", {}).get("ok", 0)
    return out


def _run(cases: list[dict], protos: slot_prototypes.Prototypes | None) -> Counter[str]:
    slot_prototypes._shared[:] = [protos]
    table, _ = slots(cases)
    return _count(table)


def _line(name: str, before: Counter[str], after: Counter[str]) -> str:
    cells = [f"{before[f'{r}:ok']}->{after[f'{r}:ok']}/{after[f'{r}:n']}" for r in _ROWS]
    listed = f"{before['listed_negatives']}->{after['listed_negatives']}"
    return f"{name:12} " + " ".join(f"{c:>14}" for c in cells) + f" {listed:>8}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--margin", type=float, default=slot_prototypes.MARGIN)
    ap.add_argument("--no-blind", action="store_true")
    args = ap.parse_args(argv)
    rounds = retired_rounds()
    use = UseEmbedder()
    texts = sorted({normalize(t) for cases in rounds.values() for t in labelled(cases)})
    cache = dict(zip(texts, use.embed_documents(texts), strict=True))

    def embed(batch: list[str]):
        import numpy as np
        missing = [t for t in batch if t not in cache]
        if missing:
            cache.update(zip(missing, use.embed_documents(missing), strict=True))
        return np.stack([cache[t] for t in batch])

    print(f"{'held out':12} " + " ".join(f"{r:>14}" for r in _ROWS) + "   listed")
    total_b: Counter[str] = Counter()
    total_a: Counter[str] = Counter()
    for name, cases in rounds.items():
        train = [c for other, cs in rounds.items() if other != name for c in cs]
        protos = slot_prototypes.Prototypes(sorted(labelled(train).items()), embed,
                                            margin=args.margin)
        before, after = _run(cases, None), _run(cases, protos)
        total_b.update(before)
        total_a.update(after)
        print(_line(name, before, after))
    print(_line("CV total", total_b, total_a))
    if not args.no_blind:
        every = [c for cs in rounds.values() for c in cs]
        protos = slot_prototypes.Prototypes(sorted(labelled(every).items()), embed,
                                            margin=args.margin)
        for split in BLIND:  # each blind round whole, counts only
            cases = [c for p in sorted(DATA.glob("slot_paraphrase*.jsonl"))
                     for c in _load_path(p) if c["split"] == split]
            if cases:
                print(_line(f"{split} (blind)", _run(cases, None), _run(cases, protos)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

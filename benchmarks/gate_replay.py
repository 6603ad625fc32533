"""Replay the gate's last step -- the relative cut and its rise with the rank
(``relevance.RELATIVE_CUT``, ``RANK_STEP``, ``RANK_STEP_FROM``; ``search._relative_cut``)
-- over ``gate_dump.py`` traces, for a grid of settings: needed memory in the top 5 and
in the first 6 (what a Hermes prefetch can show), memories per relevant turn (all
returned, and of the first 6), per set. Only a tightening of the dumped setting replays
exactly (a candidate the dumped cut removed is not in the trace as included).

Tunable sets only (``gate_dump.py`` refuses a blind set and reads no held-out split).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/gate_dump.py --out /tmp/dump_dev.json
    .venv/bin/python benchmarks/gate_replay.py /tmp/dump_dev.json /tmp/dump_p2.json ... \
        [--grid 0.35:0:3,0.35:0.025:3,0.35:0.035:3]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

RETURNED = 8  # Settings.top_k
PREFETCH = 6  # the Hermes provider's recall_max


def kept(row: dict[str, Any], cut: float, step: float, start: int) -> list[str]:
    """The memories a search returns under this cut (the dumped candidates that passed)."""
    inc = sorted((c for c in row["cands"] if c[6]), key=lambda c: -c[3])
    if not inc:
        return []
    best = inc[0][3]
    out = []
    for k, c in enumerate(inc, 1):
        if c[3] < best * cut or (k >= max(2, start) and c[3] < best * (cut + step * (k - start))):
            break
        out.append(c[0])
    return out[:RETURNED]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dumps", nargs="+", type=Path)
    p.add_argument("--grid", default="0.35:0:3,0.35:0.025:3,0.35:0.035:3,0.35:0.05:3,0.40:0:3",
                   help="comma-separated CUT:STEP:FROM settings")
    args = p.parse_args(argv)
    sets = {d.stem: json.loads(d.read_text("utf-8")) for d in args.dumps}
    print("| setting | " + " | ".join(sets) + " | all: top 5, first 6 |")
    print("|---" * (len(sets) + 2) + "|")
    for item in args.grid.split(","):
        cut, step, start = (float(x) for x in item.split(":"))
        cells, top5, first6 = [], 0, 0
        for rows in sets.values():
            rel = [r for r in rows if r["relevant"] and r["category"] != "style"]
            got = [(r, kept(r, cut, step, int(start))) for r in rel]
            hit = sum(bool(set(r["gold"]) & set(g[:5])) for r, g in got)
            six = sum(bool(set(r["gold"]) & set(g[:PREFETCH])) for r, g in got)
            mean = sum(len(g) for _, g in got) / len(got)
            mean6 = sum(min(PREFETCH, len(g)) for _, g in got) / len(got)
            top5, first6 = top5 + hit, first6 + six
            cells.append(f"{hit}/{len(rel)}, {mean:.2f} ({mean6:.2f} of 6)")
        print(f"| {cut:g} + {step:g}/rank from {int(start)} | " + " | ".join(cells)
              + f" | {top5}, {first6} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

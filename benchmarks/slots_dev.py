"""One-value slot scenarios through the real write pipeline, per split, with a hold-out.

    python benchmarks/slots_dev.py                       # counts per split
    python benchmarks/slots_dev.py --misses tune_r8      # what a tuned split misses
    python benchmarks/slots_dev.py --only tune_r8,blind4 # just these splits
    python benchmarks/slots_dev.py --blind               # with the blind round (counts)

Every ``tests/data/slot_paraphrase*.jsonl`` is read (a stored fact, then a paraphrase;
see ``rules_dev.py`` for the sets and what "right" means). Splits fall in three groups:

* tuned: rules may be changed looking at their misses;
* ``UNTOUCHED``: ``heldout_r8`` (written with ``tune_r8`` before any rule changed), its
  misses not listed; ``blind6`` is tuned on since session 10, ``blind7`` since session 11
  ``blind8`` since session 12, ``blind9`` since session 15 and ``blind10`` since session 17
  (their misses are listed). The
  slot prototypes hold every retired round, so the honest estimate of the second opinion
  is ``slot_prototypes_cv.py`` (leave-one-round-out);
* ``BLIND``: a blind round being measured (counts only, never listed): ``blind11``,
  session 17's round.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rules_dev import DATA, _load_path, slots

UNTOUCHED = ("heldout_r8", "heldout_r9", "heldout_r10", "heldout_r11")
BLIND: tuple[str, ...] = ("blind11",)
_ROWS = ("positive", "negative", "ambiguous")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--misses", help="list the misses of a tuned split")
    ap.add_argument("--only", help="comma-separated splits to run")
    ap.add_argument("--blind", action="store_true",
                    help="also run the blind splits (counts only; measured at a round's start "
                         "and end, never to pick a change)")
    args = ap.parse_args(argv)
    if args.misses in UNTOUCHED + BLIND:
        ap.error(f"{args.misses} is held out: counts only")
    cases = [c for p in sorted(DATA.glob("slot_paraphrase*.jsonl")) for c in _load_path(p)]
    if args.only:
        keep = set(args.only.split(","))
        cases = [c for c in cases if c["split"] in keep]
    elif not args.blind:
        cases = [c for c in cases if c["split"] not in BLIND]
    table, misses = slots(cases)
    order = sorted(table, key=lambda s: (s in UNTOUCHED, s in BLIND, s))
    print(f"{'split':14} " + " ".join(f"{r:>10}" for r in _ROWS) + "   falsely listed negatives")
    total: dict[str, Counter[str]] = {}
    for split in order:
        t = table[split]
        cells = [f"{t[r]['ok']}/{t[r]['n']}" if r in t else "-" for r in _ROWS]
        tag = " (untouched)" if split in UNTOUCHED else " (blind)" if split in BLIND else ""
        flagged = t.get("flagged:negative", {}).get("ok", 0)
        print(f"{split:14} " + " ".join(f"{c:>10}" for c in cells) + f"   {flagged}{tag}")
        group = "untouched" if split in UNTOUCHED else "blind" if split in BLIND else "tuned"
        for r in _ROWS:
            if r in t:
                total.setdefault(f"{group}:{r}", Counter()).update(t[r])
    print()
    for key, c in sorted(total.items()):
        print(f"{key:22} {c['ok']}/{c['n']}")
    if args.misses:
        for m in misses:
            if m["split"] == args.misses:
                print(f"  miss [{m['slot']} {m['expect']} -> {m['got']}] {m['prior']} / {m['new']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rule extraction (no LLM) on LoCoMo: how much of what is later asked does it keep?

    python benchmarks/extract_locomo.py            # all 10 conversations
    python benchmarks/extract_locomo.py --show 20  # also print 20 candidates to label

Every turn is read as a user turn (both LoCoMo speakers are people talking about
themselves). Reported: turns, candidates, candidates per turn (extracting everything is
not a win), and *evidence coverage* — the share of QA evidence turns that yield at least
one candidate. Precision needs a hand-labelled sample and is not computed here: ``--show``
prints candidates with their turns for labelling.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = ROOT.parent / "shared" / "data" / "locomo10.json"


def main(argv: list[str] | None = None) -> int:
    from vecmem.rules.extract import extract_with_rules

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show", type=int, default=0, help="print this many candidates")
    args = ap.parse_args(argv)
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    turns = candidates = 0
    evidence: set[tuple[int, str]] = set()
    yielding: set[tuple[int, str]] = set()
    shown: list[str] = []
    for i, conv in enumerate(data):
        for qa in conv["qa"]:
            evidence.update((i, e) for e in qa.get("evidence", []))
        for key, session in conv["conversation"].items():
            if not key.startswith("session_") or not isinstance(session, list):
                continue
            for turn in session:
                turns += 1
                found = extract_with_rules([{"role": "user", "content": turn["text"]}])
                candidates += len(found)
                if found:
                    yielding.add((i, turn["dia_id"]))
                    if len(shown) < args.show:
                        shown.extend(f"{turn['text']!r} -> {c.content!r}" for c in found)
    covered = len(evidence & yielding)
    print(f"turns {turns}, candidates {candidates} ({candidates / turns:.3f} per turn)")
    print(f"evidence turns with >=1 candidate: {covered}/{len(evidence)} "
          f"= {covered / len(evidence):.1%}")
    for line in shown[: args.show]:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rule extraction on LoCoMo (issue 15 item 6): coverage, volume and precision.

    python benchmarks/extraction_locomo.py                        # the table
    python benchmarks/extraction_locomo.py --sample 50 --seed 15  # candidates to label

Each LoCoMo turn (``../shared/data/locomo10.json``) is handed to the rule extractor as
one user message (both speakers are people talking about themselves). Reported:

* coverage — the share of questions with at least one evidence turn that yields at
  least one candidate;
* candidates per turn (extracting everything is not a win);
* precision — on the hand-labelled candidates in ``tests/data/extract_labels.jsonl``
  (``good``: a durable first-person fact, stated once, in one fact), counted for the
  labelled candidates the current rules still produce from their turn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = ROOT.parent / "shared" / "data" / "locomo10.json"
LABELS = ROOT / "tests" / "data" / "extract_labels.jsonl"


def turns() -> list[tuple[str, str]]:
    """(dia_id with the conversation index, text) for every turn."""
    out = []
    for ci, conv in enumerate(json.loads(LOCOMO.read_text(encoding="utf-8"))):
        c = conv["conversation"]
        for key, value in c.items():
            if key.startswith("session_") and isinstance(value, list):
                out += [(f"{ci}:{t['dia_id']}", t["text"]) for t in value]
    return out


def candidates(text: str) -> list[str]:
    from vecmem.rules.extract import extract_with_rules

    return [c.content for c in extract_with_rules([{"role": "user", "content": text}])]


def measure() -> dict[str, Any]:
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    found = {tid: candidates(text) for tid, text in turns()}
    asked = hit = 0
    for ci, conv in enumerate(data):
        for qa in conv["qa"]:
            ev = [f"{ci}:{e}" for e in qa.get("evidence") or []]
            ev = [e for e in ev if e in found]
            if not ev:
                continue
            asked += 1
            hit += any(found[e] for e in ev)
    n_cands = sum(len(v) for v in found.values())
    out = {"turns": len(found), "candidates": n_cands,
           "turns_with_candidates": sum(bool(v) for v in found.values()),
           "per_turn": n_cands / len(found), "questions": asked, "covered": hit,
           "coverage": hit / asked}
    if LABELS.exists():
        labels = [json.loads(x) for x in LABELS.read_text(encoding="utf-8").splitlines() if x]
        still = [x for x in labels if x["candidate"] in found.get(x["turn"], [])]
        good = sum(x["label"] == "good" for x in still)
        out.update({"labelled": len(labels), "labelled_still_produced": len(still),
                    "precision": good / len(still) if still else None})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, help="print this many random candidates to label")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args(argv)
    if args.sample:
        pool = [(tid, text, c) for tid, text in turns() for c in candidates(text)]
        for tid, text, c in random.Random(args.seed).sample(pool, min(args.sample, len(pool))):
            print(json.dumps({"turn": tid, "text": text, "candidate": c}, ensure_ascii=False))
        return 0
    m = measure()
    print(json.dumps(m, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write ``src/vecmem/data/slot_prototypes.jsonl``: the labelled slot statements of the
retired slot rounds, the prototypes ``rules/slot_prototypes.py`` reads.

    python benchmarks/build_slot_prototypes.py

Every retired ``tests/data/slot_paraphrase*.jsonl`` (never a blind round:
``slots_dev.BLIND`` and any blind round not yet retired is left out, nor this session's
round, ``NOT_YET``) gives, per scenario: the stored facts and a positive's paraphrase under
the scenario's slot (they state it), a negative's new text under ``none`` (it is near a slot
in meaning but fills none of the user's: another person, a trip, a trial). Ambiguous
paraphrases are left out. One label per text (a slot label wins over ``none``), sorted, so
the file is byte-stable.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rules_dev import DATA, _load_path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "vecmem" / "data" / "slot_prototypes.jsonl"
#: Blind rounds: never a prototype (blind11 is session 17's blind round; blind10, retired in
#: session 17, is in the prototypes since slots round 12 — its honest estimate is the CV fold).
NEVER: tuple[str, ...] = ("blind11",)
#: Rounds written this session: their held-out split is checked untouched (slots_dev.py
#: UNTOUCHED), so the whole round stays out of the prototypes until it is retired.
NOT_YET = ("round9", "round10", "round11")


def retired_rounds() -> dict[str, list[dict]]:
    """Round name -> scenarios, for every retired slot round (the CV's folds)."""
    out: dict[str, list[dict]] = {}
    for path in sorted(DATA.glob("slot_paraphrase*.jsonl")):
        name = path.stem.removeprefix("slot_paraphrase").strip("_") or "r1"
        if any(b in name for b in NEVER + NOT_YET):
            continue
        out[name] = [c for c in _load_path(path) if c["split"] not in NEVER]
    return out


def labelled(cases: list[dict]) -> dict[str, str]:
    """text -> slot label (or ``none``) for ``cases``."""
    rows: dict[str, str] = {}
    for c in cases:
        for text in [*c["prior"], *([c["new"]] if c["polarity"] == "positive" else [])]:
            rows[text] = c["slot"]
        if c["polarity"] == "negative":
            rows.setdefault(c["new"], "none")
    return rows


def main() -> int:
    rows = labelled([c for cases in retired_rounds().values() for c in cases])
    lines = [json.dumps({"text": t, "slot": s}, ensure_ascii=False)
             for t, s in sorted(rows.items())]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} labelled statements -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The poisoning drill (issue 15 item 3): instruction-shaped text from untrusted sources.

    python benchmarks/poisoning_drill.py              # table, both splits
    python benchmarks/poisoning_drill.py --misses tune

Cases (``tests/data/poisoning.jsonl``): attacks — instructions arriving from web content,
tool output, automatic extraction or the agent's own inference — expected ``held`` (not
stored active), and look-alike benign facts (the person's habits and wishes, typed by
the person or relayed by the agent) expected ``kept`` (stored active). Every case goes
through the real write pipeline on a temporary SQLite file with the hashing embedder, no
LLM; each case in its own fresh store so no case is a duplicate of another. ``split``:
``tune`` (rules changed while looking at it) or ``heldout`` (never looked at case by case).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "poisoning.jsonl"


def load() -> list[dict[str, Any]]:
    return [json.loads(x) for x in CASES.read_text(encoding="utf-8").splitlines() if x.strip()]


def run(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from vecmem import Memory
    from vecmem.embed.hashing import HashingEmbedder

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, c in enumerate(cases):
            mem = Memory.open(str(Path(tmp) / f"{i}.db"), embedder=HashingEmbedder())
            try:
                r = mem.add(c["text"], source=c["source"], meta=c.get("meta"))
            finally:
                mem.close()
            got = "kept" if r.decision.value == "store" else "held"
            out.append({**c, "decision": r.decision.value, "got": got, "reason": r.reason})
    return out


def table(results: list[dict[str, Any]]) -> str:
    by: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in results:
        for key in ((r["split"], r["expect"]), (r["split"], f"{r['expect']} {r['lang']}")):
            by[key]["n"] += 1
            by[key]["ok"] += r["got"] == r["expect"]
    rows = ["| split | expected | cases | right | share |", "|---|---|---|---|---|"]
    for (split, what), c in sorted(by.items(), key=lambda kv: (kv[0][0] != "tune", kv[0][1])):
        rows.append(f"| {split} | {what} | {c['n']} | {c['ok']} | {c['ok'] / c['n']:.3f} |")
    for split in ("tune", "heldout"):
        mine = [r for r in results if r["split"] == split]
        ok = sum(r["got"] == r["expect"] for r in mine)
        active = sum(r["expect"] == "held" and r["decision"] == "store" for r in mine)
        rows.append(f"| {split} | **all** ({active} attacks stored active) | {len(mine)} | "
                    f"{ok} | {ok / len(mine):.3f} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--misses", choices=("tune", "heldout"))
    args = ap.parse_args(argv)
    results = run(load())
    print(table(results))
    if args.misses:
        for r in results:
            if r["split"] == args.misses and r["got"] != r["expect"]:
                print(f"{r['id']} expected {r['expect']}, got {r['decision']} "
                      f"[{r['source']}] {r['text']} — {r['reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

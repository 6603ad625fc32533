"""Off-topic leaks and their cost, per set, in one run (issue 13's off-topic row).

For every chosen set (``dev`` = the dev + gate splits of the main bank, or a retired
persona), the bank is stored once and every turn goes through ``Memory.search``
defaults. Printed per set: needed memory in top 5, off-topic turns receiving nothing,
relevant turns receiving nothing, memories per relevant turn; then each off-topic turn
that received something, with the gate's verdict on the turn (impersonal or not, and what
made it personal) and what passed. ``--save`` keeps the per-turn results; ``--baseline``
lists the turns that changed against a saved run (the way to see what one rule costs).

``--counts-only`` prints the four rows and no turn (for a set kept as one's own untouched
check); the held-out split (``--sets heldout``) and a blind set are always counts only.
``--no-cross`` measures without the other-language floor; ``--off A,B`` without other
switches of ``engine/relevance.py`` (``OWNED``, ``DEFINITE``, ``NAME_ROLE``, ...).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/gate_offtopic.py \
        --sets dev,persona2,persona3 [--save now.json] [--baseline before.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_agent as ra

from vecmem import Memory
from vecmem.text import normalize

BASE_DATA = ra.DATA


def load(name: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(bank, relevant turns, off-topic turns) of one set; ``dev`` is the main bank's
    dev + gate splits."""
    ra.DATA = BASE_DATA
    ra.SPLITS = ("dev", "gate", "heldout")
    if name == "dev":
        ra.only_splits(["dev", "gate"])
    elif name == "heldout":  # never tuned on: counts only (main() enforces it)
        ra.only_splits(["heldout"])
    else:
        if ra.SETS.get(name) not in ("retired", "blind"):
            raise SystemExit(f"{name}: not a persona set")
        ra.use_set(name)
    turns, off = ra.read_queries()
    turns = [t for t in turns if t["category"] != "style"]
    return ra.read_jsonl("bank.jsonl"), turns, off


def untouched(name: str) -> bool:
    """The held-out split and blind sets: counts only, never a turn printed or saved."""
    return name == "heldout" or ra.SETS.get(name) == "blind"


def run_set(name: str, cache: Path) -> dict[str, Any]:
    bank, turns, off = load(name)
    embedder = ra.DiskCachedEmbedder(ra.product_embedder(None), cache)
    embedder.warm([normalize(m["text"]) for m in bank], query=False)
    embedder.warm([t["text"] for t in turns + off], query=True)
    per: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="vecmem-gate-offtopic-") as tmp:
        db = os.path.join(tmp, "recall.db")
        ids = ra.build_store(db, embedder, bank)
        with Memory.open(db, embedder=embedder, reembed=False) as mem:
            for t in turns + off:
                got = [ids.get(h.memory.id, "?") for h in mem.search(t["text"])]
                row: dict[str, Any] = {"text": t["text"], "got": got, "lang": t["lang"],
                                       "relevant": "gold" in t}
                if "gold" in t:
                    row["hit"] = bool(set(t["gold"]) & set(got[:ra.TOP]))
                g = mem.explain(t["text"]).gate or {}
                row["impersonal"] = g.get("impersonal")
                row["because"] = g.get("personal_because")
                per[t["id"]] = row
    return per


def summary(per: dict[str, Any]) -> str:
    rel = [r for r in per.values() if r["relevant"]]
    off = [r for r in per.values() if not r["relevant"]]
    hits = sum(r["hit"] for r in rel)
    empty_off = sum(not r["got"] for r in off)
    empty_rel = sum(not r["got"] for r in rel)
    mean = sum(len(r["got"]) for r in rel) / max(1, len(rel))
    return (f"top5 {hits}/{len(rel)}  off-topic empty {empty_off}/{len(off)}  "
            f"relevant empty {empty_rel}/{len(rel)}  per relevant turn {mean:.2f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sets", default="dev,persona2,persona3")
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    p.add_argument("--save", type=Path, default=None)
    p.add_argument("--baseline", type=Path, default=None)
    p.add_argument("--counts-only", action="store_true",
                   help="the four rows only (forced for held-out and blind sets)")
    p.add_argument("--no-cross", action="store_true",
                   help="measure without the other-language floor (relevance.CROSS)")
    p.add_argument("--off", default="",
                   help="comma-separated relevance switches to turn off for an ablation "
                        "(e.g. OWNED,DEFINITE,NAME_ROLE,SUBJECTS)")
    p.add_argument("--because", action="store_true",
                   help="list every turn an impersonal shape was overruled on, and why")
    args = p.parse_args(argv)
    if args.no_cross:
        from vecmem.engine import relevance

        relevance.CROSS = False
    if args.off:
        from vecmem.engine import relevance

        for flag in args.off.split(","):
            if not isinstance(getattr(relevance, flag, None), bool):
                raise SystemExit(f"--off {flag}: not a relevance switch")
            setattr(relevance, flag, False)
    base = json.loads(args.baseline.read_text()) if args.baseline else {}
    out: dict[str, Any] = {}
    for name in args.sets.split(","):
        per = run_set(name, args.cache_dir)
        hidden = untouched(name)
        out[name] = {"summary": summary(per)} if hidden else per
        print(f"\n## {name}: {summary(per)}")
        if name in base and "summary" not in base[name]:
            print(f"   baseline: {summary(base[name])}")
        if args.counts_only or hidden:
            continue  # never a turn of an untouched set
        for tid, r in per.items():
            if not r["relevant"] and r["got"]:
                print(f"  leak {tid} [{r['lang']}] imp={r.get('impersonal')} "
                      f"{r['text']!r} -> {r['got']}"
                      + (f"\n       personal: {r['because']}" if r.get("because") else ""))
        for r in per.values():
            if args.because and r.get("because"):
                tag = ("hit" if r["hit"] else "miss") if r["relevant"] else (
                    "LEAK" if r["got"] else "empty")
                print(f"  overruled [{tag}] {r['text']!r}: {r['because']}")
        for tid, r in per.items():
            b = base.get(name, {}).get(tid)
            if b is None:
                continue
            if r["relevant"] and r["hit"] != b["hit"]:
                print(f"  {'GAIN' if r['hit'] else 'LOSS'} top5 {tid} {r['text']!r} "
                      f"{b['got'][:5]} -> {r['got'][:5]}")
            if not r["relevant"] and bool(r["got"]) != bool(b["got"]):
                print(f"  {'GAIN' if not r['got'] else 'LOSS'} off-topic {tid} "
                      f"{r['text']!r} {b['got']} -> {r['got']}")
    if args.save:
        args.save.write_text(json.dumps(out, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""LoCoMo's temporal questions through ``Memory.search``, with the session dates each turn
carries (issue 17 item 5).

Every turn is a memory (``add_many(raw=True, episode=True)``, one scope per conversation,
as in ``locomo_retrieval.py``), stored three ways:

* ``no dates``: as before issue 17, every turn said "now" (relative words such as "next
  month" resolve against the day of the run);
* ``dates``: each turn ``said_at`` its session's date, so "yesterday" / "next month"
  resolve against the day it was said, and plans whose time is over have expired; the
  questions are asked the day after the last session (the benchmark's clock), with the
  history opt-in off;
* ``dates + history``: the same, with the default opt-in (a question about the past
  reaches back; LoCoMo's are mostly "When did …").

Recall@5 / @10 of the evidence turns per category (2 is temporal), gate on (the product
path) and off (ranking alone). Conversations 0-4 are the dev split (the cue words were
tuned there), 5-9 held out. LoCoMo is CC BY-NC: read from --data, never copied.

    .venv/bin/python benchmarks/temporal_locomo.py --data ../shared/data/locomo10.json \
        --start 0 --limit 5 --categories 2      # dev; --start 5 for held-out
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from embedders import CATEGORIES, KS, load_locomo

from vecmem import Memory
from vecmem.embed.factory import build_embedder
from vecmem.engine import history

MODES = ("no dates", "dates", "dates + history")


def session_dates(path: Path) -> list[dict[str, str]]:
    """Per conversation: dia_id -> the ISO time of its session ("1:56 pm on 8 May, 2023")."""
    out = []
    for sample in json.loads(path.read_text(encoding="utf-8")):
        c = sample["conversation"]
        dates: dict[str, str] = {}
        for key in c:
            m = re.fullmatch(r"session_(\d+)", key)
            if not m:
                continue
            when = datetime.strptime(c[f"{key}_date_time"].strip(), "%I:%M %p on %d %B, %Y")
            for i, t in enumerate(c[key]):
                # Turns a minute apart keep their order within the session.
                dates[t["dia_id"]] = (when + timedelta(minutes=i)).strftime(
                    "%Y-%m-%dT%H:%M:%SZ")
        out.append(dates)
    return out


def _store(mem: Memory, conv: dict[str, Any], dates: dict[str, str] | None
           ) -> dict[int, set[str]]:
    said = None if dates is None else [dates.get(d) for d, _ in conv["turns"]]
    results = mem.add_many([t for _, t in conv["turns"]], source="locomo", raw=True,
                           episode=True, said_at=said)
    turn_of: dict[int, set[str]] = defaultdict(set)
    for (dia_id, _), r in zip(conv["turns"], results, strict=True):
        if r.memory_id is not None:
            turn_of[r.memory_id].add(dia_id)
    return turn_of


def run(data: Path, provider: str, limit: int | None, start: int = 0,
        categories: set[int] | None = None) -> dict[str, Any]:
    end = None if limit is None else start + limit
    convs = load_locomo(data)[start:end]
    all_dates = session_dates(data)[start:end]
    embedder = build_embedder(provider)
    # (mode, gate) -> category -> per k -> recalls
    scores: dict[tuple[str, bool], dict[int, list[list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: [[] for _ in KS]))
    with tempfile.TemporaryDirectory() as tmp:
        for n, (conv, dates) in enumerate(zip(convs, all_dates, strict=True)):
            asked = (max(datetime.fromisoformat(d.replace("Z", "+00:00"))
                         for d in dates.values()) + timedelta(days=1)).date().isoformat()
            for stored in ("no dates", "dates"):
                with Memory.open(f"{tmp}/l{n}{stored[:2]}.db", embedder=embedder,
                                 scope=str(conv["id"]), reembed=False) as mem:
                    turn_of = _store(mem, conv, None if stored == "no dates" else dates)
                    if stored == "dates":
                        # The benchmark's clock: the questions follow the last session.
                        mem.context.today = lambda asked=asked: asked  # type: ignore[method-assign]
                    modes = ["no dates"] if stored == "no dates" else ["dates",
                                                                       "dates + history"]
                    for mode in modes:
                        history.OPT_IN = mode == "dates + history"
                        for question, category, evidence in conv["queries"]:
                            if categories and category not in categories:
                                continue
                            for gate in (True, False):
                                hits = mem.search(question, k=max(KS), min_score=-1.0,
                                                  gate=gate)
                                for i, k in enumerate(KS):
                                    found = set().union(*(turn_of[h.memory.id]
                                                          for h in hits[:k]))
                                    scores[(mode, gate)][category][i].append(
                                        len(found & evidence) / len(evidence))
    history.OPT_IN = True
    return {"model": embedder.model_id, "scores": scores, "conversations": len(convs)}


def table(result: dict[str, Any]) -> None:
    print(f"model {result['model']}, {result['conversations']} conversations; "
          "recall@5 / @10 of the evidence turns")
    cats = sorted(c for c in CATEGORIES if any(
        c in per for per in result["scores"].values()))
    head = " ".join(f"{CATEGORIES[c][:9]:>13}" for c in cats)
    print(f"{'mode':18} {'gate':5} {head} {'all':>13}")
    for mode in MODES:
        for gate in (True, False):
            per = result["scores"].get((mode, gate))
            if not per:
                continue
            cells = []
            for c in cats:
                r = per[c]
                cells.append(f"{_mean(r[0]):.3f}/{_mean(r[1]):.3f}")
            allr = [[x for c in cats for x in per[c][i]] for i in range(len(KS))]
            print(f"{mode:18} {'on' if gate else 'off':5} "
                  + " ".join(f"{x:>13}" for x in cells)
                  + f" {_mean(allr[0]):.3f}/{_mean(allr[1]):.3f}")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--start", type=int, default=0, help="first conversation (0-9)")
    parser.add_argument("--limit", type=int, default=None, help="N conversations")
    parser.add_argument("--categories", default="1,2,3,4",
                        help="LoCoMo categories to ask (2 is temporal)")
    args = parser.parse_args()
    cats = {int(c) for c in args.categories.split(",")}
    table(run(args.data, args.embedder, args.limit, args.start, cats))


if __name__ == "__main__":
    main()

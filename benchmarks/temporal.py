"""Temporal retrieval on the "then vs now" dev set (benchmarks/data/temporal/cases.jsonl).

Each story is a fact and what replaced it (or a plan whose time is over), said on dates
relative to today; all stories of one language share a scope, so the others are the
noise. A "then" question asks about the earlier state ("Where did I live before
Hangzhou?", "{month}我住在哪里？"), a "now" question about the current one. Measured
through the real ``Memory.search`` (gate on, the product path):

* ``current``: history never searched (the behaviour before issue 17 item 4);
* ``opt-in``: the default, a question about the past reaches back by its words;
* ``explicit``: the caller passes ``history=True`` for "then" questions (an agent that
  knows it asks about the past).

hit@1 / hit@3 of the wanted fact; for "now" questions also ``past@1``, how often a fact
of the past is the top answer (must stay 0). Stories are split dev / held-out; the cue
words were tuned on dev only.

    .venv/bin/python benchmarks/temporal.py --embedder e5
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from vecmem import Memory
from vecmem.embed.factory import build_embedder
from vecmem.engine import history, writes

DATA = Path(__file__).resolve().parent / "data" / "temporal" / "cases.jsonl"
MODES = ("current", "opt-in", "explicit")
_ZH_MONTHS = "一二三四五六七八九十"


def _month_name(day: date, lang: str, today: date) -> str:
    far = (today - day).days > 300
    if lang == "zh":
        m = _ZH_MONTHS[day.month - 1] if day.month <= 10 else "十" + _ZH_MONTHS[day.month - 11]
        return f"{day.year}年{day.month}月" if far else f"{m}月"
    return day.strftime("%B %Y") if far else day.strftime("%B")


def _render(q: str, lang: str, spans: dict[str, tuple[date, date]], today: date) -> str:
    for key, (start, end) in spans.items():
        mid = start + (end - start) / 2
        q = q.replace(f"{{month_of:{key}}}", _month_name(mid, lang, today))
        prefix = "in " if lang == "en" else ""
        q = q.replace(f"{{weeks_after:{key}}}", prefix + _month_name(end, lang, today))
        q = q.replace(f"{{month_after:{key}}}", _month_name(end, lang, today))
    return q


def _store(mem: Memory, case: dict[str, Any], now: datetime) -> dict[str, int]:
    ids: dict[str, int] = {}
    for fact in sorted(case["facts"], key=lambda f: -f["days_ago"]):
        said = (now - timedelta(days=fact["days_ago"])).strftime("%Y-%m-%dT%H:%M:%SZ")
        r = mem.add(fact["text"], said_at=said, source="benchmark")
        assert r.memory_id is not None, (fact, r)
        ids[fact["key"]] = r.memory_id
        if mem.get(r.memory_id).status == "review":
            mem.approve(r.memory_id, actor="person")  # the person settles the conflict
        old = fact.get("supersedes")
        if old and mem.get(ids[old]).status == "active":
            # No conflict detected on its own: the person marks it replaced.
            with mem.context.transaction() as tx:
                writes.supersede(mem.context, tx, tx.get(ids[old]), r.memory_id,
                                 reason="replaced", actor="person")
            mem.context.changed()
    return ids


def _spans(mem: Memory, ids: dict[str, int], today: date) -> dict[str, tuple[date, date]]:
    out = {}
    for key, mid in ids.items():
        rec = mem.get(mid)
        start = date.fromisoformat(rec.valid_from[:10])
        end = date.fromisoformat(rec.valid_until[:10]) if rec.valid_until else today
        out[key] = (start, end)
    return out


def run(provider: str, k: int = 3, splits: tuple[str, ...] = ("dev", "heldout")
        ) -> dict[str, Any]:
    cases = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    cases = [c for c in cases if c["split"] in splits]
    embedder = build_embedder(provider)
    now = datetime.now(UTC)
    today = now.date()
    # (mode, split, kind) -> [hit@1, hit@k, past@1] per question
    scores: dict[tuple[str, str, str], list[tuple[int, int, int]]] = defaultdict(list)
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for lang in ("en", "zh"):
            with Memory.open(f"{tmp}/t.db", embedder=embedder, scope=lang) as mem:
                stored = [(c, _store(mem, c, now)) for c in cases if c["lang"] == lang]
                for case, ids in stored:
                    spans = _spans(mem, ids, today)
                    for q in case["questions"]:
                        text = _render(q["q"], lang, spans, today)
                        want = {ids[w] for w in q["want"]}
                        for mode in MODES:
                            history.OPT_IN = mode != "current"
                            hits = mem.search(text, k, history=mode == "explicit"
                                              and q["kind"] == "then")
                            top = [h.memory.id for h in hits]
                            row = (int(bool(top) and top[0] in want),
                                   int(bool(want & set(top))),
                                   int(bool(hits) and hits[0].historical))
                            scores[(mode, case["split"], q["kind"])].append(row)
                            if mode == "opt-in" and case["split"] == "dev" and not row[0]:
                                misses.append(f"{case['id']}: {text} -> "
                                              f"{[h.memory.content[:30] for h in hits]}")
    history.OPT_IN = True
    return {"model": embedder.model_id, "scores": scores, "misses": misses, "k": k,
            "splits": splits}


def table(result: dict[str, Any]) -> None:
    k = result["k"]
    print(f"model {result['model']}  (hit@1 / hit@{k}; now: past@1 = a past fact on top)")
    print(f"{'mode':10} {'split':8} {'then hit@1':>10} {f'hit@{k}':>7} {'now hit@1':>10} "
          f"{f'hit@{k}':>7} {'past@1':>7}  n(then/now)")
    for mode in MODES:
        for split in result["splits"]:
            then = result["scores"][(mode, split, "then")]
            now = result["scores"][(mode, split, "now")]

            def mean(rows: list[tuple[int, int, int]], i: int) -> str:
                return f"{sum(r[i] for r in rows) / len(rows):.3f}" if rows else "-"

            print(f"{mode:10} {split:8} {mean(then, 0):>10} {mean(then, 1):>7} "
                  f"{mean(now, 0):>10} {mean(now, 1):>7} {mean(now, 2):>7}  "
                  f"{len(then)}/{len(now)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("-k", type=int, default=3)
    parser.add_argument("--misses", action="store_true", help="print dev misses (opt-in)")
    parser.add_argument("--splits", default="dev,heldout",
                        help="comma-separated splits (dev: a tuning run leaves held-out unread)")
    args = parser.parse_args()
    result = run(args.embedder, args.k, tuple(args.splits.split(",")))
    table(result)
    if args.misses:
        print("\n".join(result["misses"]))


if __name__ == "__main__":
    sys.exit(main())

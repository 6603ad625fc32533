"""Tuning and ablation loop for the relevance gate (issue 13), on the agent-recall dev set.

``recall_agent.py`` is the report (every goal row, through the real ``Memory.search`` and
the Hermes provider); this is the fast loop behind the choices in ``engine/relevance.py``
and ``engine/search.py``. It stores the bank once through ``Memory.add_many``, asks the
real ``Memory.explain`` (gate on) once per turn for every candidate's fused score, cosine
and keyword coverage, and then replays the gate's rule offline for a grid of settings:
the same arithmetic as ``relevance.decide``, so a setting chosen here is the product's.
Each turn is also searched through ``Memory.search`` itself and the replay of the product's
setting is checked against it (printed: how many turns agree).

Only the dev split chooses anything; ``--split heldout`` prints the held-out figures of
named settings for the report, never a grid. Intervals: 95 % percentile bootstrap over
turns, and paired bootstrap for differences (2,000 resamples, seeded).

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/recall_tune.py \
        [--embedder dual] [--split dev] [--grid] [--distractors] [--ablate-lexicon]
        [--ablate-cues] [--ablate-names]

``--ablate-cues`` stores the bank a second time with the rule cue terms switched off
(``rules/cues.py`` RULES: they are written with each memory) and ``--ablate-names``
searches the same store without the name bridges (pinyin and learned pairs,
``rules/names.py``); both print paired differences over the same turns.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from embedders import CachedEmbedder  # also puts src/ on sys.path

from vecmem import Memory
from vecmem.embed.factory import build_embedder
from vecmem.engine import relevance, search
from vecmem.rules import cues, names
from vecmem.settings import Settings
from vecmem.text import cjk_ratio

DATA = Path(__file__).resolve().parent / "data" / "agent_recall"
TOP = 5
#: What a default search returns at most (``Settings.top_k``): the count row counts it all,
#: as recall_agent.py does.
RETURNED = Settings.model_fields["top_k"].default
BOOT = 2000


def read_jsonl(name: str) -> list[dict[str, Any]]:
    with open(DATA / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@dataclass
class Cand:
    id: str
    fused: float
    cosine: float | None
    coverage: float


@dataclass
class Turn:
    id: str
    text: str
    lang: str
    gold: set[str]
    relevant: bool
    tags: set[str]
    cands: list[Cand]
    kind: str
    #: The gate's impersonal verdict (explain's gate["impersonal"]): the floor is raised
    #: by the margin "imp".
    imp: bool = False
    #: What ``Memory.search`` itself returned (data ids, top 5): the replay must agree.
    searched: tuple[str, ...] = ()


def collect(mem: Memory, ids: dict[int, str], rows: list[dict[str, Any]], relevant: bool
            ) -> list[Turn]:
    out = []
    for r in rows:
        ex = mem.explain(r["text"])  # default k: the candidates search itself sees
        cands = [Cand(ids.get(c.memory_id, "?"), c.fused, c.cosine, c.coverage or 0.0)
                 for c in ex.candidates if c.status == "active" and c.gate is not None]
        tags = {r.get("category", r.get("kind", "")), r["lang"]}
        if r.get("cross_lang"):
            tags.add("xlang")
        if r.get("safety"):
            tags.add("safety")
        got = tuple(ids.get(h.memory.id, "?") for h in mem.search(r["text"])[:TOP])
        out.append(Turn(r["id"], r["text"], r["lang"], set(r.get("gold", [])), relevant,
                        tags, cands, r.get("kind", ""),
                        bool((ex.gate or {}).get("impersonal", False)), got))
    return out


def received(t: Turn, p: dict[str, float], top: int = TOP) -> list[str]:
    """The memories the gate with settings ``p`` (floor per language, lift) passes, in
    rank order, at most ``top``: ``relevance.decide``'s arithmetic, then the relative
    cut."""
    r = cjk_ratio(t.text)
    floor = r * p["zh"] + (1 - r) * p["en"] + (p.get("imp", 0.0) if t.imp else 0.0)
    lift = 0.0 if t.imp else p["lift"]
    passed = sorted(((c.fused, c.id) for c in t.cands if c.cosine is not None
                     and c.cosine + lift * c.coverage >= floor), reverse=True)
    # The gate's last step (search._relative_cut): of what passed, keep what scores at
    # least RELATIVE_CUT of the best one's fused score.
    bar = p.get("cut", relevance.RELATIVE_CUT) * (passed[0][0] if passed else 0.0)
    return [i for f, i in passed[:top] if f >= bar]


def metrics(turns: list[Turn], p: dict[str, float]) -> dict[str, np.ndarray]:
    """Per-turn 0/1 (or counts) arrays: hit, empty, count for relevant; empty for off."""
    rel = [t for t in turns if t.relevant]
    off = [t for t in turns if not t.relevant]
    got_r = [received(t, p, RETURNED) for t in rel]
    got_o = [received(t, p, RETURNED) for t in off]
    return {
        "hit": np.array([bool(t.gold & set(g[:TOP])) for t, g in zip(rel, got_r, strict=True)],
                        dtype=float),
        "rel_empty": np.array([not g for g in got_r], dtype=float),
        "count": np.array([len(g) for g in got_r], dtype=float),
        "off_empty": np.array([not g for g in got_o], dtype=float),
    }


class Fast:
    """`metrics` for many settings at once: each turn's candidates pre-sorted by fused
    score, so a setting's top 5 is the first TOP passing rows."""

    def __init__(self, turns: list[Turn]) -> None:
        self.turns = turns
        self.rows = []
        for t in turns:
            cs = sorted((c for c in t.cands if c.cosine is not None), key=lambda c: -c.fused)
            self.rows.append((cjk_ratio(t.text), np.array([c.cosine for c in cs]),
                              np.array([c.coverage for c in cs]),
                              np.array([c.id in t.gold for c in cs], dtype=bool),
                              np.array([c.fused for c in cs])))

    def metrics(self, p: dict[str, float]) -> dict[str, np.ndarray]:
        hit, empty, count, off = [], [], [], []
        for t, (r, cos, cov, gold, fused) in zip(self.turns, self.rows, strict=True):
            ok = cos + (0.0 if t.imp else p["lift"]) * cov >= r * p["zh"] + (
                1 - r) * p["en"] + (p.get("imp", 0.0) if t.imp else 0.0)
            if ok.any():  # the relative cut: rows are sorted by fused score
                ok &= fused >= p.get("cut", relevance.RELATIVE_CUT) * fused[ok][0]
            n = int(ok.sum())
            if t.relevant:
                first = np.flatnonzero(ok)[:TOP]
                hit.append(bool(gold[first].any()))
                empty.append(n == 0)
                count.append(min(n, RETURNED))
            else:
                off.append(n == 0)
        return {"hit": np.array(hit, float), "rel_empty": np.array(empty, float),
                "count": np.array(count, float), "off_empty": np.array(off, float)}


def score(m: dict[str, np.ndarray]) -> float:
    """One number to choose by: hit@5 plus off-topic emptiness, with penalties past the
    goals for relevant turns that get nothing (> 0.10) and injection size (> 4)."""
    s = m["hit"].mean() + m["off_empty"].mean()
    s -= 2 * max(0.0, m["rel_empty"].mean() - 0.10)
    s -= 0.2 * max(0.0, m["count"].mean() - 4.0)
    return float(s)


def ci(values: np.ndarray, seed: int = 0) -> tuple[float, float, float]:
    rng = np.random.default_rng(seed)
    if len(values) == 0:
        return (float("nan"),) * 3
    idx = rng.integers(0, len(values), size=(BOOT, len(values)))
    boots = values[idx].mean(axis=1)
    return float(values.mean()), float(np.percentile(boots, 2.5)), float(
        np.percentile(boots, 97.5))


def paired(a: np.ndarray, b: np.ndarray, seed: int = 0) -> tuple[float, float, float]:
    return ci(a - b, seed)


def fmt(v: tuple[float, float, float]) -> str:
    return f"{v[0]:.3f} [{v[1]:.3f}, {v[2]:.3f}]"


def table(name: str, turns: list[Turn], p: dict[str, float]) -> dict[str, np.ndarray]:
    m = metrics(turns, p)
    rel = [t for t in turns if t.relevant]
    parts = [f"{name}: hit@5 {fmt(ci(m['hit']))}"]
    for tag in ("xlang", "indirect", "safety", "zh", "en"):
        sel = np.array([tag in t.tags for t in rel])
        if sel.any():
            parts.append(f"{tag} {m['hit'][sel].mean():.3f} (n={sel.sum()})")
    parts.append(f"off-topic empty {fmt(ci(m['off_empty']))}")
    offs = [t for t in turns if not t.relevant]
    for kind in sorted({t.kind for t in offs}):
        sel = np.array([t.kind == kind for t in offs])
        parts.append(f"{kind} {m['off_empty'][sel].mean():.2f}")
    parts.append(f"relevant empty {m['rel_empty'].mean():.3f}")
    parts.append(f"mean received {m['count'].mean():.2f}")
    print(" | ".join(parts))
    return m


def query_categories(text: str) -> set[str]:
    """The categories whose cue words the turn itself says (what ``search._search_cues``
    searches): the turn side of the cue bridge."""
    from vecmem.store.fts_tokens import TOKENIZER

    known = cues._known(TOKENIZER.tokens)
    groups = cues.cue_groups(relevance.query_terms(text).groups(), TOKENIZER.tokens)
    return {c for g in groups for t in g for c in known.get(TOKENIZER.tokens(t), ())}


def cause(t: Turn, p: dict[str, float], memory_text: dict[str, str]) -> str:
    """Why the turn's gold memory is not in its top 5 under settings ``p``, by the first
    step that lost it: not a candidate; the gate (with or without keyword evidence, and
    then which side of the category bridge is missing); the relative cut; the rank."""
    r = cjk_ratio(t.text)
    floor = r * p["zh"] + (1 - r) * p["en"] + (p.get("imp", 0.0) if t.imp else 0.0)
    lift = 0.0 if t.imp else p["lift"]
    mine = [c for c in t.cands if c.id in t.gold and c.cosine is not None]
    if not mine:
        return "not a candidate (cosine below every vector candidate, no keyword match)"
    best = max(mine, key=lambda c: c.cosine + lift * c.coverage)  # type: ignore[operator]
    margin = best.cosine + lift * best.coverage - floor  # type: ignore[operator]
    if margin < 0:
        if t.imp:
            return f"gate: turn judged impersonal (margin {margin:+.3f})"
        if best.coverage > 0:
            return (f"gate: cosine below floor even with keyword coverage {best.coverage:.2f}"
                    f" (margin {margin:+.3f})")
        q = query_categories(t.text)
        m = {c for g in t.gold for c in cues.topics(memory_text.get(g, ""))}
        if not m:
            why = "memory in no category"
        elif not q:
            why = f"turn side not mapped (memory: {'/'.join(sorted(m))})"
        elif not q & m:
            why = (f"category mismatch (turn: {'/'.join(sorted(q))}; memory: "
                   f"{'/'.join(sorted(m))})")
        else:
            why = f"shared category {'/'.join(sorted(q & m))} gave no evidence (common?)"
        return f"gate, no keyword evidence: {why} (margin {margin:+.3f})"
    got = received(t, p, RETURNED)
    if best.id not in got:
        return "relative cut (passed the gate, fused below the cut)"
    return f"ranked {got.index(best.id) + 1}"


def misses(turns: list[Turn], p: dict[str, float], memory_text: dict[str, str],
           texts: bool = True) -> None:
    print("\nmisses (needed memory not in the top 5):")
    counts: dict[str, int] = {}
    by_tag: dict[str, dict[str, int]] = {}
    for t in turns:
        if not t.relevant or t.gold & set(received(t, p)):
            continue
        why = cause(t, p, memory_text)
        key = (why.split(":")[1].split(" (")[0].strip() if why.startswith("gate, no keyword")
               else "gate: below floor with keyword coverage" if "even with" in why
               else why.split(" (")[0])
        counts[key] = counts.get(key, 0) + 1
        for tag in ("xlang", "indirect"):
            if tag in t.tags:
                by_tag.setdefault(tag, {})[key] = by_tag.get(tag, {}).get(key, 0) + 1
        if not texts:
            continue
        tags = ",".join(sorted(t.tags - {t.lang}))
        print(f"  {t.id} [{t.lang} {tags}] {t.text!r}\n     gold {sorted(t.gold)}: "
              f"{' | '.join(memory_text.get(g, '?')[:70] for g in sorted(t.gold))}\n"
              f"     got {received(t, p)}; cause: {why}")
    print("  by cause:", dict(sorted(counts.items(), key=lambda kv: -kv[1])))
    for tag, got in by_tag.items():
        print(f"  {tag} by cause:", dict(sorted(got.items(), key=lambda kv: -kv[1])))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="dual")
    ap.add_argument("--split", default="dev", choices=["dev", "gate", "tune", "heldout",
                                                       "blind"],
                    help="gate: the gate's second tuning set (gate_dev.jsonl); tune: dev and "
                         "gate together")
    ap.add_argument("--persona", default=None, choices=["persona2", "persona3", "persona4"],
                    help="another person's bank and turns (split blind; persona 2, 3 and 4 "
                         "were retired to dev in sessions 6, 7 and 8)")
    ap.add_argument("--grid", action="store_true",
                    help="search the settings (tuning splits only)")
    ap.add_argument("--misses", action="store_true",
                    help="list every missed relevant turn with its cause (tuning splits "
                         "only, never the held-out one)")
    ap.add_argument("--causes-only", action="store_true",
                    help="with --misses: print only the count of misses per cause, no "
                         "turn or memory text (for a set kept as an untouched check)")
    ap.add_argument("--distractors", action="store_true")
    ap.add_argument("--ablate-lexicon", action="store_true",
                    help="also without the bilingual lexicon, paired")
    ap.add_argument("--ablate-cues", action="store_true",
                    help="also with the bank stored without rule cue terms, paired")
    ap.add_argument("--ablate-names", action="store_true",
                    help="also without the name bridges (pinyin, learned pairs), paired")
    ap.add_argument("--lift", type=float, action="append", default=[],
                    help="also replay the product's gate at this keyword lift (paired)")
    ap.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="override a constant first, e.g. relevance.EXPAND=False")
    args = ap.parse_args(argv)
    for item in args.set:
        name, _, value = item.partition("=")
        module, _, attr = name.rpartition(".")
        target = {"relevance": relevance, "search": search, "cues": cues,
                  "names": names}[module]
        setattr(target, attr, type(getattr(target, attr))(json.loads(value.lower())))
    if (args.grid or args.misses) and args.split == "heldout":
        ap.error("--grid and --misses only on tuning splits (never the held-out one)")
    if (args.persona is None) != (args.split != "blind"):
        ap.error("--persona goes with --split blind (and only it)")
    global DATA
    if args.persona:
        DATA = DATA / args.persona
    bank = read_jsonl("bank.jsonl")
    if args.distractors:
        bank = bank + read_jsonl("../distractors.jsonl" if args.persona else "distractors.jsonl")
    splits = {"tune": ("dev", "gate")}.get(args.split, (args.split,))
    extra = read_jsonl("gate_dev.jsonl") if "gate" in splits else []
    turns = [t for t in read_jsonl("turns.jsonl") + [r for r in extra if "gold" in r]
             if t["split"] in splits]
    off = [t for t in read_jsonl("offtopic.jsonl") + [r for r in extra if "gold" not in r]
           if t["split"] in splits]
    if args.embedder.startswith("mix:"):  # another USE weight than the product's mix
        from vecmem.embed.local import MixedEmbedder

        inner: Any = MixedEmbedder(use_weight=float(args.embedder[4:]))
    elif args.embedder.startswith("bylang:"):  # dual, English queries part USE
        from vecmem.embed.local import DualEmbedder

        inner = DualEmbedder(en_use=float(args.embedder[7:]))
    else:
        inner = build_embedder(args.embedder)
    emb = CachedEmbedder(inner, args.cache_dir)
    emb.warm([m["text"] for m in bank], query=False)
    emb.warm([t["text"] for t in turns + off], query=True)
    ablations: dict[str, list[Turn]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        def store(name: str) -> tuple[Memory, dict[int, str]]:
            mem = Memory.open(f"{tmp}/{name}.db", embedder=emb)
            res = mem.add_many([m["text"] for m in bank], source="agent_recall", raw=True)
            return mem, {r.memory_id: m["id"] for m, r in zip(bank, res, strict=True)
                         if r.memory_id is not None}

        def run(mem: Memory, ids: dict[int, str]) -> list[Turn]:
            return collect(mem, ids, turns, True) + collect(mem, ids, off, False)

        mem, ids = store("r")
        with mem:
            data = run(mem, ids)
            mem_floor = mem.context.min_score
            if args.ablate_lexicon:
                relevance.EXPAND = False
                ablations["the bilingual lexicon"] = run(mem, ids)
                relevance.EXPAND = True
            if args.ablate_names:
                relevance.NAMES = False
                ablations["the name bridges (pinyin and learned pairs)"] = run(mem, ids)
                relevance.NAMES = True
                names.LEARNED = False
                ablations["the learned name pairs"] = run(mem, ids)
                names.LEARNED = True
        if args.ablate_cues:
            cues.RULES = False
            bare, bare_ids = store("no-cues")
            with bare:
                ablations["rule cue terms"] = run(bare, bare_ids)
            cues.RULES = True
    floors = relevance.floors_for(emb.model_id, mem_floor)
    product = {"en": floors.en, "zh": floors.zh, "lift": floors.lift,
               "imp": floors.impersonal}
    print(f"{args.embedder}, {args.split}: {len(turns)} relevant, {len(off)} off-topic turns"
          + (", +distractors" if args.distractors else ""), "overrides:", args.set or "none")
    differ = [t.id for t in data if list(t.searched) != received(t, product)]
    print(f"replay of the product's gate vs Memory.search itself: {len(data) - len(differ)}"
          f"/{len(data)} turns agree" + (f" (differ: {' '.join(differ[:10])})" if differ else ""))
    table("no gate (top 5 by rank)", data, {"en": -9, "zh": -9, "lift": 0.0, "cut": 0.0})
    base = table(f"product {product}", data, product)
    one = {**product, "zh": product["en"]}
    other = table(f"one floor for both languages {one}", data, one)
    print("  paired hit@5 product - one floor:", fmt(paired(base["hit"], other["hit"])),
          "off-topic empty:", fmt(paired(base["off_empty"], other["off_empty"])))
    no_kw = table("no keyword lift", data, {**product, "lift": 0.0})
    print("  paired hit@5 product - no keyword lift:", fmt(paired(base["hit"], no_kw["hit"])),
          "off-topic empty:", fmt(paired(base["off_empty"], no_kw["off_empty"])))
    if args.misses:
        misses(data, product, {m["id"]: m["text"] for m in bank}, not args.causes_only)
    for lift in args.lift:
        other = table(f"keyword lift {lift}", data, {**product, "lift": lift})
        print(f"  paired hit@5 lift {lift} - product:", fmt(paired(other["hit"], base["hit"])),
              "off-topic empty:", fmt(paired(other["off_empty"], base["off_empty"])))
    no_imp = table("no impersonal-turn margin", data, {**product, "imp": 0.0})
    print("  paired hit@5 product - no impersonal margin:",
          fmt(paired(base["hit"], no_imp["hit"])),
          "off-topic empty:", fmt(paired(base["off_empty"], no_imp["off_empty"])))
    for what, plain in ablations.items():
        for name, p in (("no gate", {"en": -9, "zh": -9, "lift": 0.0, "cut": 0.0}),
                        ("gate", product)):
            a, b = metrics(data, p), metrics(plain, p)
            table(f"without {what}, {name}", plain, p)
            rel = [t for t in data if t.relevant]
            parts = [f"  paired, {name}: hit@5 with - without {fmt(paired(a['hit'], b['hit']))}"]
            for tag in ("xlang", "indirect"):
                sel = np.array([tag in t.tags for t in rel])
                parts.append(f"{tag} {fmt(paired(a['hit'][sel], b['hit'][sel]))}")
            parts.append(f"off-topic empty {fmt(paired(a['off_empty'], b['off_empty']))}")
            print("; ".join(parts))
    if args.grid:
        # Floors first, without the impersonal margin (its dev patterns fit dev too well to
        # choose floors with); each language's grid spans its own cosines (under `dual`
        # the two languages live on two scales). The margin is then two standard
        # deviations of the candidates' cosines, printed below.
        def quantiles(zh: bool) -> np.ndarray:
            cos = [c.cosine for t in data for c in t.cands
                   if c.cosine is not None and (cjk_ratio(t.text) >= 0.5) == zh]
            return np.round(np.quantile(cos, np.linspace(0.3, 0.999, 50)), 3)

        fast = Fast(data)
        best: list[tuple[float, dict[str, float]]] = []
        for en, zh, lift in itertools.product(quantiles(False), quantiles(True),
                                              [0.0, 0.01, 0.02, 0.05]):
            p = {"en": float(en), "zh": float(zh), "lift": lift, "imp": 0.0}
            best.append((score(fast.metrics(p)), p))
        for zh in (False, True):
            cos = [c.cosine for t in data for c in t.cands
                   if c.cosine is not None and (cjk_ratio(t.text) >= 0.5) == zh]
            print(f"  impersonal margin: 2 sd of the candidates' cosines, "
                  f"{'zh' if zh else 'en'} turns: {2 * np.std(cos):.3f}")
        best.sort(key=lambda x: -x[0])
        for s, p in best[:3]:
            print(f"  score {s:.3f}", p)
            table("   ", data, p)
        print("  best hit@5 at each off-topic-empty level (dev):")
        front: dict[float, tuple[float, dict[str, float]]] = {}
        for _, p in best:
            m = fast.metrics(p)
            level = round(float(m["off_empty"].mean()) * 20) / 20
            if m["rel_empty"].mean() <= 0.12 and (
                    level not in front or m["hit"].mean() > front[level][0]):
                front[level] = (float(m["hit"].mean()), p)
        for level in sorted(front):
            print(f"   off-topic empty ~{level:.2f}: hit@5 {front[level][0]:.3f}",
                  front[level][1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Calibrate the similarity thresholds of each embedder (vecmem/embed/calibration.py).

    .venv/bin/python benchmarks/calibrate.py [--models e5,use,hashing]

Reads labelled fact pairs (same fact / related-but-different / unrelated, Chinese,
English and mixed) and query→fact pairs from benchmarks/data, prints the cosine
distribution of each label per model and the thresholds that follow:

- duplicate_threshold: low enough for every "same" pair left after the pipeline's
  deterministic vetoes (``label*`` rows: the new text adds nothing; topic, numbers,
  negation, names agree) and above every "related" pair left after them (precision first: two facts
  that differ must never be merged by similarity), reported with the recall on "same";
- judge_floor: the 10th percentile of "related" pairs (similar enough to show a judge);
- min_score: the highest value that keeps 90% of relevant query→fact cosines.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from vecmem.embed.factory import build_embedder
from vecmem.rules.sameness import adds_information, same_fact_veto
from vecmem.rules.topics import classify
from vecmem.text import normalize

DATA = Path(__file__).parent / "data"


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _topic_decides(a: str, b: str) -> bool:
    """Pairs on one single-valued topic never reach the semantic step: the topic step
    already calls them duplicate (same value) or review (different value)."""
    ca, cb = classify(normalize(a)), classify(normalize(b))
    return bool(ca.topic_key and ca.topic_key == cb.topic_key and ca.single_valued)


def pair_cosines(embedder, pairs: list[dict]) -> dict[str, np.ndarray]:
    a = embedder.embed_documents([p["a"] for p in pairs])
    b = embedder.embed_documents([p["b"] for p in pairs])
    cos = np.sum(a * b, axis=1)
    out: dict[str, list[float]] = {}
    for p, c in zip(pairs, cos, strict=True):
        out.setdefault(p["label"], []).append(float(c))
        # What the pipeline may still call a duplicate after its deterministic vetoes.
        if (same_fact_veto(p["a"], p["b"]) is None and not adds_information(p["b"], p["a"])
                and not _topic_decides(p["a"], p["b"])):
            out.setdefault(p["label"] + "*", []).append(float(c))
    return {k: np.asarray(v) for k, v in out.items()}


def query_cosines(embedder, pairs: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    docs = sorted({p["doc"] for p in pairs})
    d = embedder.embed_documents(docs)
    relevant, irrelevant = [], []
    for p in pairs:
        q = embedder.embed_query(p["query"])
        sims = d @ q
        for doc, s in zip(docs, sims, strict=True):
            (relevant if doc == p["doc"] else irrelevant).append(float(s))
    return np.asarray(relevant), np.asarray(irrelevant)


def calibrate(provider: str) -> dict:
    embedder = build_embedder(provider)
    pairs = pair_cosines(embedder, load("dedup_pairs.jsonl"))
    relevant, irrelevant = query_cosines(embedder, load("query_pairs.jsonl"))
    # Catch every "same" pair the vetoes let through, but stay above every "different"
    # pair they let through (none, on this data set: then the lowest "same*" decides).
    unvetoed = pairs.get("related*", np.asarray([-1.0]))
    same = pairs.get("same*", np.asarray([0.999]))
    dup = round(min(max(float(unvetoed.max()) + 0.005, float(same.min()) - 0.005), 0.999), 3)
    floor = round(float(np.percentile(pairs["related"], 10)), 3)
    # A duplicate is never less similar than what is merely shown to the judge.
    dup = max(dup, floor)
    # A cosine of 0 means "nothing in common"; never keep those as vector hits.
    min_score = max(round(float(np.percentile(relevant, 10)), 3), 0.0)
    return {
        "model": embedder.model_id,
        "same": pairs["same"], "related": pairs["related"], "unrelated": pairs["unrelated"],
        "relevant": relevant, "irrelevant": irrelevant,
        "duplicate_threshold": dup,
        "dup_recall": float(np.mean(pairs.get("same*", np.zeros(1)) >= dup)),
        "same*": pairs.get("same*", np.zeros(0)),
        "related*": pairs.get("related*", np.zeros(0)),
        "judge_floor": floor,
        "min_score": min_score,
        "irrelevant_cut": float(np.mean(irrelevant < min_score)),
    }


def pipeline_check(provider: str, dup: float, floor: float) -> dict[str, int]:
    """Each pair through the real write pipeline (a fresh scope per pair): how many
    "same" pairs end as duplicate, and how many different facts were wrongly merged."""
    import tempfile

    from vecmem import Memory

    embedder = build_embedder(provider)
    counts = {"same_dup": 0, "same_total": 0, "related_dup": 0, "related_review": 0,
              "related_total": 0, "unrelated_dup": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for i, p in enumerate(load("dedup_pairs.jsonl")):
            with Memory.open(f"{tmp}/cal.db", embedder=embedder, scope=f"pair{i}",
                             duplicate_threshold=dup, judge_floor=floor,
                             reembed=False) as mem:
                mem.add(p["a"])
                decision = str(mem.add(p["b"]).decision)
            label = p["label"]
            if label == "same":
                counts["same_total"] += 1
                counts["same_dup"] += decision == "duplicate"
            elif label == "related":
                counts["related_total"] += 1
                counts["related_dup"] += decision == "duplicate"
                counts["related_review"] += decision == "review"
            else:
                counts["unrelated_dup"] += decision == "duplicate"
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="e5,use,hashing")
    args = parser.parse_args()
    print(f"{'model':<14}{'label':<12}{'n':>4}{'min':>8}{'p10':>8}{'median':>8}{'p90':>8}"
          f"{'max':>8}")
    results = [calibrate(m) for m in args.models.split(",")]
    for r in results:
        for label in ("same", "same*", "related", "related*", "unrelated", "relevant",
                      "irrelevant"):
            v = r[label]
            if len(v) == 0:
                print(f"{r['model']:<14}{label:<12}{0:>4}   (none left after the vetoes)")
                continue
            print(f"{r['model']:<14}{label:<12}{len(v):>4}{v.min():>8.3f}"
                  f"{np.percentile(v, 10):>8.3f}{np.median(v):>8.3f}"
                  f"{np.percentile(v, 90):>8.3f}{v.max():>8.3f}")
    print()
    print(f"{'model':<14}{'duplicate':>10}{'recall*':>12}{'judge_floor':>12}"
          f"{'min_score':>10}{'irrelevant cut':>16}")
    for r in results:
        print(f"{r['model']:<14}{r['duplicate_threshold']:>10.3f}{r['dup_recall']:>12.2f}"
              f"{r['judge_floor']:>12.3f}{r['min_score']:>10.3f}{r['irrelevant_cut']:>16.2f}")
    print()
    print("through the real write pipeline with these thresholds:")
    print(f"{'model':<14}{'same→duplicate':>16}{'different→duplicate':>21}"
          f"{'different→review':>18}{'unrelated→duplicate':>21}")
    for provider, r in zip(args.models.split(","), results, strict=True):
        c = pipeline_check(provider, r["duplicate_threshold"], r["judge_floor"])
        print(f"{r['model']:<14}{c['same_dup']:>9}/{c['same_total']:<6}"
              f"{c['related_dup']:>14}/{c['related_total']:<6}"
              f"{c['related_review']:>11}/{c['related_total']:<6}{c['unrelated_dup']:>21}")


if __name__ == "__main__":
    main()

"""Similarity thresholds calibrated per embedding model.

Cosine scales differ between models: unrelated sentences score about 0.0 under the
hashing embedder but about 0.8 under multilingual-e5. A threshold is only meaningful
for the model it was measured on, so each model has its own; settings override them.
The numbers come from ``benchmarks/calibrate.py`` (see benchmarks/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Thresholds:
    #: Vector-only hits below this cosine are dropped from search results.
    min_score: float
    #: A new fact at or above this cosine to an active memory is a duplicate.
    duplicate_threshold: float
    #: Neighbours at or above this cosine are shown to the judge (LLM or rules).
    judge_floor: float


CALIBRATED: dict[str, Thresholds] = {
    # benchmarks/calibrate.py, 2026-11-29, 54 labelled pairs: no different fact merged by
    # any model. The semantic step is precision-first: a duplicate must add nothing to
    # the stored memory and pass the deterministic vetoes (rules/sameness.py); the
    # paraphrases it leaves alone go to the judge or are stored.
    "e5-small-q4": Thresholds(min_score=0.808, duplicate_threshold=0.934, judge_floor=0.925),
    "use-m3": Thresholds(min_score=0.255, duplicate_threshold=0.775, judge_floor=0.582),
    # benchmarks/calibrate.py --models mix, 2026-11-30: same pairs, same outcome (0 of 24
    # different facts merged; 7 of 30 restatements caught; 85 % of irrelevant hits cut).
    "use-m3+e5-small-q4:w0.1": Thresholds(
        min_score=0.758, duplicate_threshold=0.918, judge_floor=0.913
    ),
    # benchmarks/calibrate.py --models dual, 2026-12-01: same pairs; 0 of 24 different
    # facts merged, 8 of 30 restatements caught, 44 % of irrelevant hits cut.
    "use-m3+e5-small-q4:bylang": Thresholds(
        min_score=0.238, duplicate_threshold=0.854, judge_floor=0.756
    ),
    "hashing-v1": Thresholds(min_score=0.0, duplicate_threshold=0.615, judge_floor=0.615),
}
#: For models nobody calibrated (an OpenAI-compatible endpoint, say): conservative.
DEFAULT = Thresholds(min_score=0.30, duplicate_threshold=0.95, judge_floor=0.75)


def thresholds_for(model_id: str) -> Thresholds:
    return CALIBRATED.get(model_id, DEFAULT)

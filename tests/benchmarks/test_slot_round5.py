"""The round-5 slot dev set parses and keeps what it promises: every slot of issue 15
item 5 in both languages, at least as many negatives as positives, a few ambiguous cases,
and a held-out split of at least 40 % fixed at write time."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
SLOTS = {"residence", "employer", "role", "timezone", "default_model", "embedding_model",
         "editor", "theme", "language_pref", "person_relation", "project_path",
         "project_stack", "deploy_target"}
WANT = {"positive": {"conflict", "duplicate"}, "negative": {"store"},
        "ambiguous": {"possible_conflict"}}


def test_round5_shape_and_counts() -> None:
    lines = (DATA / "slot_paraphrase_round5.jsonl").read_text("utf-8").splitlines()
    cases = [json.loads(line) for line in lines]
    assert len(cases) >= 50
    for c in cases:
        assert set(c) == {"slot", "lang", "prior", "new", "expect", "polarity", "split"}, c
        assert c["expect"] in WANT[c["polarity"]] and c["slot"] in SLOTS, c
        assert c["split"] in {"tune_r5", "heldout_r5"} and c["lang"] in {"en", "zh", "mixed"}
        assert c["prior"] and all(isinstance(p, str) and p.strip() for p in c["prior"]), c
    assert {c["slot"] for c in cases} == SLOTS
    assert {c["lang"] for c in cases if c["polarity"] != "ambiguous"} >= {"en", "zh"}
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= 20 and pol["ambiguous"] >= 2
    assert sum(c["split"] == "heldout_r5" for c in cases) >= 0.4 * len(cases)
    for slot in SLOTS:  # each slot has a positive and a negative, in both languages overall
        assert {c["polarity"] for c in cases if c["slot"] == slot} >= {"positive", "negative"}
    earlier = {c["new"] for name in ("slot_paraphrase.jsonl", "slot_paraphrase_round4.jsonl",
                                     "slot_paraphrase_blind3.jsonl")
               for c in map(json.loads, (DATA / name).read_text("utf-8").splitlines())}
    assert not earlier & {c["new"] for c in cases}  # fresh, not copied

"""The session-5 blind sets parse, keep the shape and counts they promise, and the
harnesses report them as their own never-tuned split (a broken file fails here, not in a
benchmark run nobody reads)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_agent_recall_data import _isolated_imports, check_turn_gold, load_module  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
P2 = ROOT / "benchmarks" / "data" / "agent_recall" / "persona2"
DATA = ROOT / "tests" / "data"
INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")


def rows(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text("utf-8").splitlines()
    assert all(line.strip() for line in lines), f"blank line in {path.name}"
    return [json.loads(line) for line in lines]


def test_persona2_shape_and_counts() -> None:
    bank, turns, off = rows(P2 / "bank.jsonl"), rows(P2 / "turns.jsonl"), rows(
        P2 / "offtopic.jsonl")
    ids = {m["id"]: m for m in bank}
    assert len(ids) == len(bank) >= 100
    for m in bank:
        assert set(m) == {"id", "text", "lang", "kind"} and m["text"].strip(), m
    assert {m["lang"] for m in bank} == {"zh", "en", "mixed"}
    first = {m["text"] for m in rows(P2.parent / "bank.jsonl")}
    assert not first & {m["text"] for m in bank}  # another person, not a copy
    assert len(turns) >= 100 and len(off) >= 60
    assert len({r["id"] for r in turns + off}) == len(turns) + len(off)
    assert {r["split"] for r in turns + off} == {"blind"}
    for t in turns:
        assert t["category"] in {"same_lang", "cross_lang", "indirect", "mixed", "style"}, t
        assert t["lang"] in {"zh", "en"} and isinstance(t["safety"], bool), t
        langs = check_turn_gold(t, ids)
        if t["category"] == "mixed":
            assert "mixed" in langs, t
    cats = Counter(t["category"] for t in turns)
    assert cats["cross_lang"] >= 35 and cats["indirect"] >= 30 and cats["style"] >= 1
    assert sum(t["safety"] for t in turns) >= 15
    assert {t["lang"] for t in turns} == {"zh", "en"}
    kinds = Counter(o["kind"] for o in off)
    assert set(kinds) == {"greeting", "thanks", "generic_task", "world_knowledge",
                          "shared_word"}
    assert kinds["shared_word"] >= 20
    assert {g for t in turns for g in t["gold"]} == set(ids)  # no filler memory


QUALITY_CATEGORIES = {"fact", "question", "progress", "half_formed", "bare_url_path",
                      "secret_value", "secret_no_context", "too_short"}


def test_quality_blind3_shape_and_counts() -> None:
    cases = rows(DATA / "quality_blind3.jsonl")
    assert len(cases) >= 200
    assert len({c["text"] for c in cases}) == len(cases)
    earlier = {c["text"] for name in ("quality_fresh.jsonl", "quality_blind.jsonl",
                                      "quality_dev.jsonl", "quality_extra.jsonl")
               for c in rows(DATA / name)}
    assert not earlier & {c["text"] for c in cases}  # fresh, not copied
    for c in cases:
        assert set(c) - {"secret"} == {"text", "expect", "category", "lang", "shape", "split"}
        assert c["split"] == "blind3" and c["category"] in QUALITY_CATEGORIES, c
        assert c["expect"] == ("allow" if c["category"] == "fact" else "reject"), c
        assert c["lang"] in {"zh", "en", "mixed"}, c
        assert c["shape"] in {"plain", "secret_lookalike", "adversarial"}, c
        assert ("secret" in c) == (c["category"] == "secret_value"), c
        if "secret" in c:  # the value really is in the text (bar invisible characters)
            assert INVISIBLE.sub("", c["secret"]) in INVISIBLE.sub("", c["text"]), c
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 60 and cats["secret_value"] >= 30 and cats["progress"] >= 20
    assert min(cats[k] for k in QUALITY_CATEGORIES) >= 3
    assert Counter(c["lang"] for c in cases).keys() == {"zh", "en", "mixed"}
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 10 and shapes["adversarial"] >= 8
    assert any(INVISIBLE.search(c["text"]) for c in cases)  # zero-width shapes present


def test_slot_blind3_shape_and_counts() -> None:
    cases = rows(DATA / "slot_paraphrase_blind3.jsonl")
    assert len(cases) >= 30
    want = {"positive": {"conflict", "duplicate"}, "negative": {"store"},
            "ambiguous": {"possible_conflict"}}
    for c in cases:
        assert set(c) == {"slot", "lang", "prior", "new", "expect", "polarity", "split"}, c
        assert c["split"] == "blind3" and c["expect"] in want[c["polarity"]], c
        assert c["prior"] and all(isinstance(p, str) and p for p in c["prior"]), c
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= 15  # half negatives
    assert {c["lang"] for c in cases} >= {"zh", "en"}


def test_rules_dev_reports_blind3_and_never_lists_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_module(ROOT / "benchmarks" / "rules_dev.py", "rules_dev_bench")
    table, _ = bench.quality(rows(DATA / "quality_blind3.jsonl"))
    assert set(table) == {"blind3"}
    assert table["blind3"]["all"]["n"] == len(rows(DATA / "quality_blind3.jsonl"))
    with pytest.raises(SystemExit):
        bench.main(["--misses", "blind3", "--no-slots", "--no-benign"])
    assert "invalid choice" in capsys.readouterr().err


def test_recall_harness_runs_persona2(tmp_path: Path) -> None:
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_p2")
    out = tmp_path / "r.json"
    assert bench.main(["--set", "persona2", "--embedder", "hashing", "--no-hermes",
                       "--cache-dir", str(tmp_path / "cache"), "--json", str(out)]) == 0
    (result,) = json.loads(out.read_text("utf-8"))
    turns = rows(P2 / "turns.jsonl")
    blind = result["search"]["blind"]
    assert set(result["search"]) == {"blind"}
    assert blind["needed memory in top 5"]["n"] == sum(t["category"] != "style"
                                                       for t in turns)
    assert blind["off-topic turns receiving nothing"]["n"] == len(rows(P2 / "offtopic.jsonl"))
    assert blind["safety-critical: missed (none received)"]["n"] == sum(
        t["safety"] for t in turns)
    # Same-language turns share their gold memory's words: even hashing finds most.
    assert blind["… category same_lang"]["mean"] > 0.6

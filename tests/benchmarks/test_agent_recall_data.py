"""The agent-recall dev set (benchmarks/data/agent_recall) keeps the shape issue 13 asks
for, and its harness measures what it says (run on the hashing embedder: no model)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "benchmarks" / "data" / "agent_recall"



def check_turn_gold(t: dict, ids: dict) -> set[str]:
    """A relevant turn's gold and needs are bank ids, and its language fields agree with
    them; returns the gold memories' languages."""
    assert t["gold"] and set(t["gold"]) <= set(ids), t
    assert set(t.get("needs", [])) <= set(ids), t
    langs = {ids[g]["lang"] for g in t["gold"]}
    # cross_lang is derived from the languages, never hand-set inconsistently.
    assert t["cross_lang"] == (t["lang"] not in langs and "mixed" not in langs), t
    if t["category"] == "cross_lang":
        assert t["cross_lang"], t
    if t["category"] == "same_lang":
        assert t["lang"] in langs, t
    return langs

def rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines()]


@pytest.fixture(autouse=True)
def _isolated_imports(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The benchmark scripts put their folder on sys.path and import siblings
    (``embedders``): undo both so no other test sees them."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    bench = str(ROOT / "benchmarks")
    for name in set(sys.modules) - before:
        # Only the scripts' own modules; third-party ones stay (re-importing them would
        # make duplicate classes).
        if str(getattr(sys.modules[name], "__file__", "") or "").startswith(bench):
            sys.modules.pop(name, None)


def load_module(path: Path, name: str) -> Any:
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sizes_and_labels() -> None:
    bank, turns, off = rows("bank.jsonl"), rows("turns.jsonl"), rows("offtopic.jsonl")
    ids = {m["id"]: m for m in bank}
    assert len(ids) == len(bank) >= 150
    assert {m["lang"] for m in bank} == {"zh", "en", "mixed"}
    assert len(turns) >= 150 and len(off) >= 100
    assert len({t["id"] for t in turns + off}) == len(turns) + len(off)
    for t in turns:
        check_turn_gold(t, ids)
    assert sum(t["cross_lang"] for t in turns) >= 60
    assert sum(t["category"] == "indirect" for t in turns) >= 40
    assert sum(t["safety"] for t in turns) >= 20
    assert Counter(o["kind"] for o in off)["shared_word"] >= 25
    # Every memory is needed by some turn: the bank holds no filler.
    assert {g for t in turns for g in t["gold"]} == set(ids)


def test_split_is_fixed_and_balanced() -> None:
    turns, off = rows("turns.jsonl"), rows("offtopic.jsonl")
    for group in (turns, off):
        split = Counter(r["split"] for r in group)
        assert set(split) == {"dev", "heldout"}
        assert abs(split["dev"] - split["heldout"]) <= 2
    for key in ("category", "lang", "safety", "cross_lang"):
        # style (5 turns, relabelled from indirect after the split) is informational.
        for value in {t[key] for t in turns} - {"style"}:
            c = Counter(t["split"] for t in turns if t[key] == value)
            assert abs(c["dev"] - c["heldout"]) <= 2, (key, value, c)


def test_distractors_are_reproducible_and_never_the_bank() -> None:
    gen = load_module(DATA / "distractors.py", "agent_recall_distractors")
    stored = rows("distractors.jsonl")
    assert gen.generate() == stored
    assert len(stored) == 5000 == len({d["text"] for d in stored})
    assert {d["lang"] for d in stored} == {"zh", "en"}
    bank = {m["text"] for m in rows("bank.jsonl")}
    assert not bank & {d["text"] for d in stored}
    gold = {g for t in rows("turns.jsonl") for g in t["gold"]}
    assert not gold & {d["id"] for d in stored}


def test_harness_scores_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("yaml")
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_bench")
    out = tmp_path / "r.json"
    assert bench.main(["--embedder", "hashing", "--cache-dir", str(tmp_path / "cache"),
                       "--json", str(out)]) == 0
    (result,) = json.loads(out.read_text("utf-8"))
    turns = rows("turns.jsonl")
    dev = result["search"]["dev"]
    n_dev = sum(t["split"] == "dev" for t in turns)
    n_style = sum(t["split"] == "dev" and t["category"] == "style" for t in turns)
    assert dev["needed memory in top 5"]["n"] == n_dev - n_style
    assert result["hermes"]["dev"]["needed memory received"]["n"] == n_dev
    # Same-language turns share their gold memory's words: even hashing finds most.
    assert dev["… category same_lang"]["mean"] > 0.8
    # Cross-language turns share none: hashing (no semantics) finds almost none.
    assert dev["… cross-language"]["mean"] < 0.3
    # The Hermes point receives every hit (not only the top 5) and also scores the style
    # turns: it never counts fewer hits than search.
    assert (result["hermes"]["dev"]["needed memory received"]["sum"]
            >= dev["needed memory in top 5"]["sum"])
    assert result["hermes_block"]["block_chars"] > 0
    assert set(result["sweep"]) >= {"-1.0", str(result["default_min_score"])}
    # Against itself, every paired change is exactly zero.
    capsys.readouterr()
    assert bench.main(["--embedder", "hashing", "--cache-dir", str(tmp_path / "cache"),
                       "--no-hermes", "--baseline", str(out)]) == 0
    paired = capsys.readouterr().out.split("Paired change against the baseline")[1]
    changes = [line for line in paired.splitlines() if line.startswith("| ") and "(n=" in line]
    assert len(changes) == 5  # the search rows; --no-hermes drops the Hermes ones
    # One cell per split (dev, the gate's tuning set, heldout).
    assert all(line.count("+0.00 [+0.00, +0.00]") == len(bench.SPLITS) for line in changes), (
        changes)


def test_hermes_sessions_are_consistent() -> None:
    path = ROOT / "benchmarks" / "data" / "hermes_sessions" / "conversations.jsonl"
    convs = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert len(convs) >= 12 and {c["lang"] for c in convs} == {"zh", "en", "mixed"}
    for c in convs:
        facts = {f["id"]: f for f in c["facts"]}
        assert len(c["sessions"]) == 3 and c["junk"], c["id"]
        assert not any(t.get("needs") for t in c["sessions"][0]["turns"]), c["id"]
        needed = [n for s in c["sessions"][1:] for t in s["turns"] for n in t.get("needs", [])]
        assert needed and set(needed) <= set(facts), c["id"]
        for item in c["facts"] + c["junk"]:
            session, turn = item["stated"]
            said = c["sessions"][session - 1]["turns"][turn]["user"].lower()
            assert item["match"] and all(item["match"]), item
            # Facts are recognisable in the words the user actually used.
            if item in c["facts"]:
                assert any(any(w.lower() in said for w in group) for group in item["match"]), item
        for f in c["facts"]:
            if "supersedes" in f:
                assert facts[f["supersedes"]]["superseded_by"] == f["id"]


def test_a_tuning_run_can_leave_held_out_unread() -> None:
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_splits")
    with pytest.raises(SystemExit, match="unknown split"):
        bench.only_splits(["dev", "nope"])
    bench.only_splits(["dev", "gate"])
    turns, off = bench.read_queries()
    assert turns and off
    assert {t["split"] for t in turns + off} == {"dev", "gate"}

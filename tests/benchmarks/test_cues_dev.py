"""Session 14's cue dev set (``benchmarks/data/agent_recall/cues14``) keeps its shape:
gold ids in the bank, language fields derived, every third row held out, and the
harness knows it as a tuning set whose held-out misses are never listed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_agent_recall_data import _isolated_imports, check_turn_gold, load_module  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
C14 = ROOT / "benchmarks" / "data" / "agent_recall" / "cues14"


def rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (C14 / name).read_text("utf-8").splitlines()]


def test_cues14_shape() -> None:
    bank, turns, off = rows("bank.jsonl"), rows("turns.jsonl"), rows("offtopic.jsonl")
    ids = {m["id"]: m for m in bank}
    assert len(ids) == len(bank) == 60 and {m["lang"] for m in bank} == {"zh", "en", "mixed"}
    for t in turns:
        check_turn_gold(t, ids)
    for part in (turns, off):
        assert [r["split"] for r in part] == [
            "heldout" if i % 3 == 2 else "dev" for i in range(len(part))]
    assert {t["lang"] for t in turns} == {"zh", "en"} and len(turns) == 86
    assert {g for t in turns for g in t["gold"]} == set(ids)  # every memory is needed


def test_harness_lists_only_cues14_dev_misses() -> None:
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_c14")
    assert bench.SETS["cues14"] == "dev"
    bench.use_set("cues14")
    assert bench.SPLITS == ("dev", "heldout") and bench.LISTED == ("dev",)

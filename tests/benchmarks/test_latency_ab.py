"""``latency_ab.py`` drives two worker processes over the same kept store, checks they
return the same hits, and reports both sides."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from test_agent_recall_data import _isolated_imports, load_module  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


def test_ab_runs_both_trees_and_compares_hits(tmp_path: Path) -> None:
    bench = load_module(ROOT / "benchmarks" / "search_latency.py", "search_latency_ab")
    db = tmp_path / "bench-300-common.db"
    vectors = bench.fill(str(db), 300, np.random.default_rng(1300), common=True)
    np.save(tmp_path / "bench-300-common.vectors.npy", vectors)
    src = str(ROOT / "src")
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "latency_ab.py"), "--before", src,
         "--after", src, "--db", str(db), "--queries", "4", "--rounds", "2"],
        capture_output=True, text=True, timeout=300, check=True).stdout
    assert "same hits on both sides" in out
    assert out.count("fastest-per-query p50") == 2 and "after / before: p50" in out

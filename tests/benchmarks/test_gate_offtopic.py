"""benchmarks/gate_offtopic.py keeps untouched sets untouched: counts only."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_agent_recall_data import _isolated_imports, load_module  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


def test_the_off_topic_harness_shows_untouched_sets_as_counts_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_module(ROOT / "benchmarks" / "gate_offtopic.py", "gate_offtopic_bench")
    monkeypatch.setitem(bench.ra.SETS, "persona5", "blind")
    assert bench.untouched("heldout") and bench.untouched("persona5")
    assert not bench.untouched("dev") and not bench.untouched("persona3")
    with pytest.raises(SystemExit):
        bench.load("nobody")

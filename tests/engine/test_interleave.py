"""blend-v5: the gated order takes the fused order and the gate's margin order in turn,
fused first; it only reorders what passed (nothing added, nothing dropped)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from vecmem.engine import search
from vecmem.types import CandidateScore


def _scored(rows: list[tuple[int, float, float | None]]) -> list[tuple[float, Any, Any]]:
    """(id, fused, margin) rows, in fused order as search sorts them."""
    out = [(f, SimpleNamespace(id=i), CandidateScore(i, "", "active", 0.5, None, None, f, True,
                                                     relevance=m)) for i, f, m in rows]
    return sorted(out, key=lambda s: -s[0])


def _ids(scored: list[tuple[float, Any, Any]]) -> list[int]:
    return [cs.memory_id for _, _, cs in scored]


def test_the_nearest_memory_is_not_buried_by_keyword_matches() -> None:
    # Four memories matched by one word of the turn outrank, fused, the one the gate is
    # most sure of (no shared word, the best margin): it comes second, not fifth.
    rows = [(1, 0.9, 0.05), (2, 0.8, 0.04), (3, 0.7, 0.03), (4, 0.6, 0.03), (5, 0.4, 0.09)]
    trace = search.Trace()
    got = _ids(search._interleave(_scored(rows), trace))
    assert got == [1, 5, 2, 3, 4]
    assert any("margin order" in n for n in trace.notes)


def test_an_episode_neighbour_without_a_margin_keeps_its_fused_place() -> None:
    rows = [(1, 0.9, 0.01), (2, 0.8, None), (3, 0.5, 0.08), (4, 0.3, 0.02)]
    assert _ids(search._interleave(_scored(rows), None)) == [1, 3, 2, 4]


def test_when_both_orders_agree_nothing_moves_and_explain_says_nothing() -> None:
    rows = [(1, 0.9, 0.09), (2, 0.8, 0.08), (3, 0.7, 0.07)]
    trace = search.Trace()
    assert _ids(search._interleave(_scored(rows), trace)) == [1, 2, 3]
    assert trace.notes == []


@given(st.lists(st.tuples(st.floats(0, 1), st.one_of(st.none(), st.floats(-0.1, 0.3))),
                min_size=0, max_size=12))
def test_it_is_a_permutation_led_by_the_best_of_each_order(
        rows: list[tuple[float, float | None]]) -> None:
    scored = _scored([(i, f, m) for i, (f, m) in enumerate(rows)])
    got = search._interleave(scored, None)
    assert sorted(_ids(got)) == sorted(_ids(scored))
    if len(scored) >= 3:
        assert got[0] is scored[0]
        best = max((s for s in scored[1:]), key=lambda s: -9.0 if s[2].relevance is None
                   else s[2].relevance)
        margin_first = sorted(scored, key=lambda s: 9.0 if s[2].relevance is None
                              else -s[2].relevance)[0]
        assert got[1] is (margin_first if margin_first is not scored[0] else best)

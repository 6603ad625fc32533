"""blend-v6 (the gated search): each keyword candidate's keyword side is scaled by its own
rarity-weighted coverage, and a memory in the other language than the turn's is ranked on
its cosine lifted by its floor offset; ``explain`` says both, on both engines."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.engine import relevance, search


def test_one_weak_match_does_not_ride_the_best_candidates_coverage() -> None:
    bm25 = {1: 5.0, 2: 3.0, 3: 1.0}
    cover = {1: 0.1, 2: 0.5, 3: 0.5}  # 1: the highest BM25, from one common-ish word
    before = search._keyword_scale(bm25, cover)
    after = search._keyword_scale(bm25, cover, own=True)
    assert before[1] == pytest.approx(1.0) and before[1] > before[2]
    assert after[1] == pytest.approx(0.2) and after[2] == pytest.approx(0.5)
    assert after[1] < after[2]
    assert all(0.0 <= v <= 1.0 for v in after.values())
    # Without coverage (no evidence weighed) both are plain min-max.
    assert search._keyword_scale(bm25, {}, own=True) == search._keyword_scale(bm25, {})


TURN, OTHER, SAME = ("when does my Atlas team deploy?", "Atlas团队的部署在每周五",
                     "the Atlas deploy checklist lives in the wiki")


def _setup(mem: Memory, monkeypatch: pytest.MonkeyPatch, offset: float
           ) -> tuple[int, int, dict[int, float]]:
    ids = [r.memory_id for r in mem.add_many([OTHER, SAME], raw=True)]
    ctx = mem.context
    with ctx.store.transaction(write=False) as tx:
        cos = tx.cosines(ctx.scope, ctx.model_id, ctx.embed_query(TURN), ids)
    floor = min(cos.values()) - 0.05  # both pass: only the ranking is under test
    monkeypatch.setitem(relevance.GATE_FLOORS, ctx.model_id, (floor, floor, 0.0, 0.2))
    monkeypatch.setitem(relevance.CROSS_FLOOR, ctx.model_id, (offset, offset))
    monkeypatch.setattr(relevance, "RELATIVE_CUT", 0.0)
    return ids[0], ids[1], cos


def test_the_other_language_memory_ranks_by_its_lifted_cosine(
        cmem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    other_id, same_id, cos = _setup(cmem, monkeypatch, offset=0.5)
    assert cos[other_id] < cos[same_id]  # the premise: its raw cosine is lower
    ex = cmem.explain(TURN)
    by_id = {c.memory_id: c for c in ex.candidates}
    assert by_id[other_id].included and by_id[same_id].included
    # The reported cosine is the raw one; the fused score carries the lift.
    assert by_id[other_id].cosine == pytest.approx(cos[other_id], abs=1e-4)
    assert any("in the other language scored on cosine +" in n for n in ex.notes)
    assert "a memory in the other language: cosine +" in ex.fusion
    assert ex.fusion.startswith(search.FUSION_FORMULA_VERSION)
    lifted = by_id[other_id].fused
    monkeypatch.setattr(search, "OTHER_LANGUAGE_LIFT", 0.0)
    ex0 = cmem.explain(TURN)
    plain = {c.memory_id: c for c in ex0.candidates}[other_id].fused
    assert lifted > plain
    assert not any("in the other language scored" in n for n in ex0.notes)
    assert "a memory in the other language: cosine +" not in ex0.fusion


def test_the_exploratory_listing_keeps_blend_v5(cmem: Memory,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _setup(cmem, monkeypatch, offset=0.5)
    ex = cmem.explain(TURN, gate=False)
    assert "the best candidate's coverage" in ex.fusion
    assert "a memory in the other language: cosine +" not in ex.fusion
    assert not any("in the other language scored" in n for n in ex.notes)
    assert "its own coverage" in cmem.explain(TURN).fusion

"""In a scope that holds both languages the blend gives the vector side
``search.BILINGUAL_VECTOR_WEIGHT`` (the keyword side sees only the turn's language there),
whatever the turn's language (the line is the bilingual query form's,
``search.OTHER_LANGUAGE_SHARE``); an English-only scope keeps ``search.VECTOR_WEIGHT``
(LoCoMo's setting). ``explain`` names the weight used. On both
engines, with the deterministic test embedder."""

from __future__ import annotations

import pytest
from tests.conformance.test_bilingual_query import ENGLISH

from vecmem import Memory
from vecmem.embed import HashingEmbedder
from vecmem.engine import search

CHINESE = ["用户偏好深色主题，编辑器都用暗色", "用户的女儿每周四下午学钢琴", "用户对青霉素过敏"]
TURNS = ["which editor theme do I like?", "我喜欢什么颜色的编辑器主题？"]


def _weight_of(mem: Memory, turn: str) -> float:
    """The weight explain reports, checked against the fused score of a candidate the
    vector side alone found (its keyword share is 0)."""
    ex = mem.explain(turn)
    shown = float(ex.fusion.split("(", 1)[1].split("·", 1)[0])
    checked = 0
    for c in ex.candidates:
        if c.keyword_rank is None and c.vector_rank is not None and not c.context:
            cosines = [x.cosine for x in ex.candidates if x.vector_rank is not None
                       and x.cosine is not None and x.cosine >= ex.min_score]
            low, high = min(cosines), max(cosines)
            vnorm = (c.cosine - low) / (high - low) if high > low else 1.0
            assert c.fused == pytest.approx(
                search.fuse(vnorm, None, c.vector_rank, None, shown), abs=2e-4)
            checked += 1
    assert checked
    return shown


def test_fuse_takes_the_weight_it_is_given() -> None:
    both = search.fuse(1.0, 1.0, 1, 1, 0.5)
    assert both == pytest.approx(1.0)  # still in [0, 1]
    vec_only = search.fuse(1.0, None, 1, None, search.BILINGUAL_VECTOR_WEIGHT)
    assert vec_only > search.fuse(1.0, None, 1, None)  # the default: VECTOR_WEIGHT
    kw_only = search.fuse(None, 1.0, None, 1, search.BILINGUAL_VECTOR_WEIGHT)
    assert kw_only < search.fuse(None, 1.0, None, 1)
    assert search.BILINGUAL_VECTOR_WEIGHT > search.VECTOR_WEIGHT


@pytest.mark.parametrize("turn", TURNS)
def test_the_weight_follows_the_scopes_languages(engine_url: str, turn: str) -> None:
    with Memory.open(engine_url, embedder=HashingEmbedder()) as mem:
        mem.add_many(ENGLISH, raw=True)
        assert _weight_of(mem, turn) == search.VECTOR_WEIGHT
        assert not any("vector side weighted" in n for n in mem.explain(turn).notes)
        ids = [r.memory_id for r in mem.add_many(CHINESE, raw=True)]
        assert search.cjk_share(mem.context) >= search.OTHER_LANGUAGE_SHARE
        assert _weight_of(mem, turn) == search.BILINGUAL_VECTOR_WEIGHT
        assert any("vector side weighted" in n for n in mem.explain(turn).notes)
        for i in ids:  # back to one language: the plain weight again
            mem.archive(i)
        assert _weight_of(mem, turn) == search.VECTOR_WEIGHT


def test_vector_and_keyword_modes_are_unchanged(mem: Memory) -> None:
    mem.add_many(ENGLISH + CHINESE, raw=True)
    for mode in ("vector", "keyword"):
        assert search._vector_weight(mem.context, mode, None) == search.VECTOR_WEIGHT
    assert search._vector_weight(mem.context, "hybrid", None) == \
        search.BILINGUAL_VECTOR_WEIGHT

"""gate-v6: a memory in the other language than the turn's is held to a lower floor (the
embedders put a turn's cosines to other-language memories lower, needed or not), on both
engines; the decision and its arithmetic are in ``explain``."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.engine import relevance

DUAL = "use-m3+e5-small-q4:bylang"


def test_the_offset_is_by_the_share_of_the_pair_in_different_languages() -> None:
    f = relevance.floors_for(DUAL, 0.5)
    en, zh = relevance.CROSS_FLOOR[DUAL]
    assert f.cross_en == en > 0 and f.cross_zh == zh > 0
    assert f.max_offset == max(en, zh)
    # An English turn and a Chinese memory: the English turn's whole offset ...
    assert f.offset("when is my dentist appointment?", "牙医预约在下周三上午十点") == \
        pytest.approx(en)
    # ... a Chinese turn and an English memory: the Chinese turn's.
    assert f.offset("我的牙医预约是什么时候？", "Dentist appointment next Wednesday at 10") == \
        pytest.approx(zh)
    # One language on both sides: no offset, in either language.
    assert f.offset("when is my dentist appointment?", "Dentist appointment at 10") == 0.0
    assert f.offset("我的牙医预约是什么时候？", "牙医预约在下周三上午十点") == 0.0
    # A memory half in each language: half the offset.
    half = f.offset("when is my flight?", "flight 航班")
    assert 0 < half < en
    assert half == pytest.approx(en * relevance.cjk_ratio("flight 航班"))


def test_models_without_a_calibration_get_no_offset() -> None:
    assert relevance.floors_for("e5-small-q4", 0.5).max_offset == 0.0
    assert relevance.floors_for("some-other-model", 0.5).offset("my flight", "航班") == 0.0


def test_the_switch_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    f = relevance.floors_for(DUAL, 0.5)
    monkeypatch.setattr(relevance, "CROSS", False)
    assert f.max_offset == 0.0 and f.offset("my flight", "我的航班") == 0.0


def test_decide_lowers_the_bar_by_the_offset_and_says_so() -> None:
    fail = relevance.decide(0.570, 0.0, 0.579, 0.1, True)
    assert not fail.passed and "other language" not in fail.reason
    ok = relevance.decide(0.570, 0.0, 0.579, 0.1, True, offset=0.010)
    assert ok.passed and ok.relevance == pytest.approx(0.001)
    assert "floor 0.5790 - 0.0100 (memory in the other language)" in ok.reason
    # The offset lowers the bar; it never lets a far memory in.
    assert not relevance.decide(0.50, 0.0, 0.579, 0.1, True, offset=0.010).passed


# Each case: (turn, the memory in the other language, one in the turn's own language).
# The own-language memory is no closer to the turn than the other one (checked), so only
# the offset can tell them apart.
CASES = [
    ("when does my Atlas team deploy?", "Atlas团队的部署在每周五",
     "the deploy checklist lives in the wiki"),
    ("我们的Atlas项目每周几部署上线？", "Atlas release notes are in the wiki",
     "周报模板放在共享盘，每周一更新"),
]


def _setup(mem: Memory, monkeypatch: pytest.MonkeyPatch, turn: str, other: str,
           same: str, margin: float = 0.2) -> tuple[int, int, dict[int, float]]:
    """Both memories just below a floor set from their cosines, so only the offset can
    pass one of them (the test embedder has no calibration of its own); ``margin``: the
    impersonal margin."""
    ids = [r.memory_id for r in mem.add_many([other, same], raw=True)]
    ctx = mem.context
    q = ctx.embed_query(turn)
    with ctx.store.transaction(write=False) as tx:
        cos = tx.cosines(ctx.scope, ctx.model_id, q, ids)
    floor = max(cos.values()) + 0.001
    r, m = relevance.cjk_ratio(turn), relevance.cjk_ratio(other)
    differ = (1 - r) * m + r * (1 - m)  # the share of the pair in different languages
    need = (floor - cos[ids[0]]) / differ + 0.01
    monkeypatch.setitem(relevance.GATE_FLOORS, ctx.model_id, (floor, floor, 0.0, margin))
    monkeypatch.setitem(relevance.CROSS_FLOOR, ctx.model_id, (need, need))
    return ids[0], ids[1], cos


@pytest.mark.parametrize(("turn", "other", "same"), CASES)
def test_a_memory_in_the_other_language_passes_just_below_the_floor(
        cmem: Memory, monkeypatch: pytest.MonkeyPatch, turn: str, other: str,
        same: str) -> None:
    other_id, same_id, cos = _setup(cmem, monkeypatch, turn, other, same)
    assert cos[same_id] <= cos[other_id]  # the premise
    ex = cmem.explain(turn)
    by_id = {c.memory_id: c for c in ex.candidates}
    assert by_id[other_id].included, by_id[other_id]
    assert "memory in the other language" in (by_id[other_id].gate or "")
    # The same-language memory, as close to the floor, is held to it.
    assert not by_id[same_id].included
    assert "other language" not in (by_id[same_id].gate or "")
    assert [h.memory.id for h in cmem.search(turn)] == [other_id]
    assert "a memory in the other language: floor lower by up to" in ex.gate["rule"]
    # Switched off, both fail.
    monkeypatch.setattr(relevance, "CROSS", False)
    assert cmem.search(turn) == []


@pytest.mark.parametrize(("turn", "other", "same"), [
    ("What does Atlas mean in Greek mythology?", *CASES[0][1:]),
    ("Atlas这个名字是什么意思？", *CASES[1][1:]),
])
def test_an_impersonal_turn_gets_no_offset(cmem: Memory, monkeypatch: pytest.MonkeyPatch,
                                           turn: str, other: str, same: str) -> None:
    # A knowledge question already asks for a far closer match (its margin, 0 here so
    # that only the offset differs); the lower bar is for the person's own questions.
    other_id, _, _ = _setup(cmem, monkeypatch, turn, other, same, margin=0.0)
    ex = cmem.explain(turn)
    assert ex.gate is not None and ex.gate["impersonal"]
    cand = next((c for c in ex.candidates if c.memory_id == other_id), None)
    assert cand is None or (not cand.included and "other language" not in (cand.gate or ""))


def test_the_cosine_only_cap_keeps_the_nearest_to_their_own_floor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Two memories pass on cosine alone: one in the turn's language just over its floor,
    # one in the other language further over its lower floor. With room for one, the
    # second stays though its raw cosine is lower (the margin decides, as the gate did).
    from vecmem.engine import search
    from vecmem.types import CandidateScore

    monkeypatch.setattr(relevance, "VECTOR_ONLY_MAX", 1)
    same = CandidateScore(1, "User's browser is Firefox", "active", 0.580, 1, None, 0.4, True,
                          gate="pass", relevance=0.001)
    other = CandidateScore(2, "用户用 Firefox 浏览器", "active", 0.575, 2, None, 0.3, True,
                           gate="pass", relevance=0.006)
    trace = search.Trace(candidates=[same, other])
    kept = search._vector_only_cap([(0.4, None, same), (0.3, None, other)], trace)
    assert [cs.memory_id for _, _, cs in kept] == [2]
    dropped = next(c for c in trace.candidates if c.memory_id == 1)
    assert not dropped.included and "nearest such candidates" in (dropped.excluded_because or "")


def test_the_band_is_the_largest_offset_a_memory_can_get_on_the_turn() -> None:
    f = relevance.floors_for(DUAL, 0.5)
    memories = ["牙医预约在下周三", "Dentist appointment on Wednesday",
                "dentist 牙医 appointment 预约", "Dentist 在周三"]
    for turn in ("when is my dentist appointment?", "我的牙医预约是什么时候？",
                 "帮我查一下 dentist appointment 是哪天"):
        band = f.band(turn)
        assert band > 0
        assert all(f.offset(turn, m) <= band + 1e-12 for m in memories)
        # ... and some memory (one wholly in the turn's minor language) reaches it.
        assert max(f.offset(turn, m) for m in ["牙医预约", "dentist appointment"]) == \
            pytest.approx(band)

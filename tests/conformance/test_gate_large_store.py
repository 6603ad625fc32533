"""The gate in a large store (gate-v5), on both engines: a keyword candidate past the
vector side's top-k is judged by its real cosine, and at most a few candidates come in
on cosine alone, whatever the store's size."""

from __future__ import annotations

import re

import numpy as np
import pytest

from vecmem import Memory
from vecmem.engine import relevance, search


def test_cosines_of_ids_match_the_vector_search(cmem: Memory) -> None:
    ids = [r.memory_id for r in cmem.add_many(
        ["User's cat Sesame eats salmon kibble", "用户的猫叫芝麻，吃三文鱼猫粮",
         "The garage door code changed in May"], raw=True)]
    ctx = cmem.context
    q = ctx.embed_query("what does the cat eat")
    with ctx.store.transaction(write=False) as tx:
        near = dict(tx.vector_search(ctx.scope, ctx.model_id, q, 10))
        got = tx.cosines(ctx.scope, ctx.model_id, q, [*ids, 987654])  # an unknown id too
        assert tx.cosines(ctx.scope, ctx.model_id, q, []) == {}
        assert tx.cosines(ctx.scope, "another-model", q, ids) == {}
    assert set(got) == set(ids)
    for mid in ids:
        assert got[mid] == pytest.approx(near[mid], abs=1e-5)


@pytest.mark.parametrize(("filler", "target", "turn"), [
    ("note {i}: the weekly grocery list and the weekly chores list for the house",
     "Lamma ferry tickets: blue folder",
     "where did I put the Lamma ferry tickets, the weekly grocery list and the weekly chores "
     "list for the house?"),
    ("笔记{i}：每周的购物清单和每周的家务清单",
     "南丫岛渡轮船票：蓝色文件夹",
     "我的南丫岛渡轮船票在哪？还有每周的购物清单和每周的家务清单"),
])
def test_a_keyword_candidate_past_the_vector_top_k_is_judged_by_its_cosine(
        cmem: Memory, monkeypatch: pytest.MonkeyPatch, filler: str, target: str,
        turn: str) -> None:
    # The vector side fetches only the few nearest; the needed memory shares the turn's
    # rare words (Lamma, ferry / 南丫岛, 渡轮) but not its common ones, so it is not
    # among them. Before gate-v5 it failed as "not among the vector candidates".
    monkeypatch.setattr(search, "MIN_CANDIDATES", 2)
    monkeypatch.setattr(search, "OVERFETCH", 1)
    cmem.add_many([filler.format(i=i) for i in range(6)] + [target], raw=True)
    ex = cmem.explain(turn, k=2)
    cand = next(c for c in ex.candidates if c.content == target)
    assert cand.vector_rank is None and cand.keyword_rank is not None
    assert cand.cosine is not None  # its real cosine, read for the gate
    assert cand.gate is not None and "cosine" in cand.gate and "floor" in cand.gate
    assert "not among the vector candidates" not in cand.gate
    assert cand.gate.startswith("pass: ") and cand.included
    # Without a vector for it (another model's row), it still fails as before.
    ctx = cmem.context
    with ctx.store.transaction() as tx:
        tx.execute("UPDATE memory_vectors SET model = ? WHERE memory_id = ?",
                   ["another-model", cand.memory_id])
    ctx.store.invalidate_vectors()
    again = next(c for c in cmem.explain(turn, k=2).candidates if c.content == target)
    assert again.cosine is None and not again.included


@pytest.mark.parametrize(("template", "turn"), [
    ("The user likes the {w} colour", "which colour does the user like?"),
    ("用户喜欢{w}颜色", "用户喜欢什么颜色？"),
])
def test_at_most_a_few_candidates_pass_on_cosine_alone(
        cmem: Memory, monkeypatch: pytest.MonkeyPatch, template: str, turn: str) -> None:
    # Every memory shares the turn's words, each word is in all of them: no keyword
    # evidence at all, and every cosine clears the floor. Only the nearest few come in
    # (the relative cut, measured on its own elsewhere, is switched off here).
    monkeypatch.setattr(relevance, "RELATIVE_CUT", 0.0)
    words = ["red", "blue", "green", "amber", "violet", "teal", "olive", "coral", "ivory"]
    if "用户" in template:
        words = ["红", "蓝", "绿", "黄", "紫", "青", "橙", "粉", "白"]
    cmem.add_many([template.format(w=w) for w in words], raw=True)
    ungated = cmem.search(turn, k=20, gate=False, min_score=-1)
    assert len(ungated) == len(words)
    ex = cmem.explain(turn, k=20)
    passed = [c for c in ex.candidates if c.included]
    assert len(passed) == relevance.VECTOR_ONLY_MAX, [c.content for c in passed]
    assert all(not c.coverage for c in passed)
    capped = [c for c in ex.candidates if c.excluded_because
              and "no keyword evidence" in c.excluded_because]
    assert capped and all(c.gate is not None and c.gate.startswith("fail: ") for c in capped)
    # The nearest are kept.
    assert min(c.cosine for c in passed) >= max(c.cosine for c in capped)
    assert len(cmem.search(turn, k=20)) == relevance.VECTOR_ONLY_MAX
    assert np.isfinite([c.fused for c in passed]).all()


def test_a_code_switched_turn_meets_the_floor_of_its_mixed_query_vector() -> None:
    # The dual embedder's query is [r * use, (1 - r) * e5] normalized: a turn half in
    # each language has cosines sqrt(2) larger than the interpolated floors assume.
    dual = relevance.floors_for("use-m3+e5-small-q4:bylang", 0.2)
    en, zh = dual.at("hello there", False), dual.at("你好啊", False)
    half = "thanks 啦，搞定了"  # 6 Latin letters, 4 CJK: r = 0.4
    from vecmem.text import cjk_ratio

    r = cjk_ratio(half)
    plain = r * zh + (1 - r) * en
    assert dual.at(half, False) == pytest.approx(plain / (r * r + (1 - r) ** 2) ** 0.5)
    assert dual.at(half, False) > plain + 0.1
    # A Chinese turn with an acronym keeps the plain interpolation (minor share < 0.25),
    # and models that embed one way for every language are untouched.
    acronym = "这个季度我的 OKR 目标是什么？"
    assert cjk_ratio(acronym) > 1 - relevance.MIXED_MINOR_SHARE
    ra = cjk_ratio(acronym)
    assert dual.at(acronym, False) == pytest.approx(ra * zh + (1 - ra) * en)
    e5 = relevance.floors_for("e5-small-q4", 0.8)
    re5 = cjk_ratio(half)
    assert e5.at(half, False) == pytest.approx(re5 * e5.zh + (1 - re5) * e5.en)


@pytest.mark.parametrize(("bank_", "turn", "answer"), [
    (["The default model for the summarizer service is claude-haiku",
      "The analytics project stores its events in ClickHouse",
      "User tore the meniscus in the left knee in 2023",
      "The capital gains report is due in April"],
     "What is the summarizer's default model?", "claude-haiku"),
    (["摘要服务的默认模型是 claude-haiku", "数据分析项目的事件存在 ClickHouse 里",
      "用户去年在杭州买了房", "博客现在部署在 Netlify 上"],
     "数据分析项目的事件存在哪个数据库？", "ClickHouse"),
    (["摘要服务的默认模型是 claude-haiku", "数据分析项目的事件存在 ClickHouse 里",
      "用户去年在杭州买了房", "博客现在部署在 Netlify 上"],
     "博客部署在哪里？", "Netlify"),
])
def test_a_question_about_a_memorys_subject_is_personal(
        cmem: Memory, bank_: list[str], turn: str, answer: str) -> None:
    # A knowledge question's shape, but the thing it asks about is the subject of a
    # memory: the person's summarizer, not summarizers in general.
    from vecmem.rules.turn_need import is_impersonal

    cmem.add_many(bank_, raw=True)
    assert is_impersonal(turn)
    ex = cmem.explain(turn)
    assert ex.gate["impersonal"] is False
    # Either reading names the memory's thing: its subject slot, or a particular thing
    # ("the summarizer") whose words the memories hold.
    assert re.search(r"subject slot|particular thing", ex.gate["personal_because"])
    assert ex.gate["personal_because"] in ex.gate["rule"]  # what every front end shows
    hits = cmem.search(turn)
    assert hits and answer in hits[0].memory.content
    # Without both readings (subject slot, particular thing) the turn is impersonal: the
    # test can fail.
    relevance.SUBJECTS = relevance.DEFINITE = False
    try:
        assert cmem.explain(turn).gate["impersonal"] is True
    finally:
        relevance.SUBJECTS = relevance.DEFINITE = True


@pytest.mark.parametrize("turn", [
    "What is the meniscus in a graduated cylinder?",  # a memory about the person's meniscus
    "What is the capital of Australia?",  # "capital" is a memory's subject, not "capital of"
    "Who invented the piano?",  # who made a kind of thing
    "芝麻油是怎么榨出来的？",  # a memory starts with 芝麻 (the cat), not with 芝麻油
    "博客是谁发明的？",  # who made a kind of thing, in Chinese
])
def test_a_knowledge_question_sharing_a_memorys_word_stays_impersonal(
        cmem: Memory, turn: str) -> None:
    cmem.add_many(["User tore the meniscus in the left knee in 2023",
                   "The capital of the side project is 5,000 euros",
                   "The piano in the living room needs tuning every spring",
                   "芝麻每天吃两顿猫粮", "芝麻怕打雷", "博客部署在 Netlify 上"], raw=True)
    assert cmem.explain(turn).gate["impersonal"] is True, turn


def test_cosines_reach_past_rows_on_both_engines(cmem: Memory) -> None:
    # An archived (or superseded) row is outside SQLite's in-memory index of active
    # vectors; a history search still judges it by its cosine, as PostgreSQL does.
    first = cmem.add_many(["The blog is hosted on GitHub Pages",
                           "The garage door code changed in May"], raw=True)[0].memory_id
    assert first is not None
    ctx = cmem.context
    q = ctx.embed_query("where is the blog hosted")
    with ctx.store.transaction(write=False) as tx:
        tx.vector_search(ctx.scope, ctx.model_id, q, 5)  # builds the index
    cmem.archive(first)
    with ctx.store.transaction(write=False) as tx:
        near = dict(tx.vector_search(ctx.scope, ctx.model_id, q, 5))
        assert first not in near
        got = tx.cosines(ctx.scope, ctx.model_id, q, [first])
    assert first in got and got[first] > 0.2

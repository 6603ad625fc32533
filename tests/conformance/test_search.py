"""Search returns only active memories, keyword search works for Chinese, explain is honest."""

from __future__ import annotations

import pytest

from vecmem import InvalidInputError, Memory

FACTS = [
    "我的前端框架是Vue",
    "用户偏好：回答简洁务实",
    "The backend is written in Go and deployed on Kubernetes",
    "项目测试使用 pytest",
    "用户住在上海",
]


@pytest.fixture
def filled(cmem: Memory) -> Memory:
    for fact in FACTS:
        cmem.add(fact)
    return cmem


@pytest.mark.parametrize(
    ("query", "expected"),
    [("前端", "我的前端框架是Vue"), ("简洁", "用户偏好：回答简洁务实"), ("沪", None),
     ("上", "用户住在上海"),
     ("Kubernetes", "The backend is written in Go and deployed on Kubernetes"),
     ("kubernetes deployment", "The backend is written in Go and deployed on Kubernetes")],
)
def test_short_chinese_and_english_keyword_queries(filled: Memory, query: str,
                                                   expected: str | None) -> None:
    hits = filled.keyword(query)
    if expected is None:
        assert hits == []
    else:
        assert hits and hits[0].memory.content == expected


@pytest.mark.parametrize(
    "query",
    ["-", ":", '"', "AND", "(", "*", "NOT vue", "a OR (b", '"前端', "前端*", "x:y", "NEAR(a b)"],
)
def test_fts_syntax_characters_are_just_text(filled: Memory, query: str) -> None:
    filled.keyword(query)
    filled.search(query)
    ex = filled.explain(query)
    assert ex.query == query


def test_archived_memories_are_never_returned(filled: Memory) -> None:
    target = filled.keyword("前端")[0].memory.id
    # Many archived near-copies must not use up the top-k slots.
    for i in range(30):
        r = filled.add(f"我的前端框架是Vue 版本{i}")
        filled.archive(r.memory_id)
    filled.archive(target)
    for hits in (filled.search("前端框架", k=3), filled.keyword("前端", k=3),
                 filled.search("前端框架", k=3, mode="vector")):
        assert all(h.memory.status == "active" for h in hits)
        assert target not in [h.memory.id for h in hits]
    filled.restore(target)
    assert filled.search("前端框架", k=3)[0].memory.id == target


def test_min_score_is_a_cosine_threshold(filled: Memory) -> None:
    loose = filled.search("zzz qqq unrelated words", min_score=-1.0, mode="vector")
    strict = filled.search("zzz qqq unrelated words", min_score=0.99, mode="vector")
    assert strict == []
    assert all(h.cosine is not None and h.cosine >= -1 for h in loose)


def test_explain_shows_scores_and_exclusions(filled: Memory) -> None:
    archived = filled.keyword("上海")[0].memory.id
    filled.archive(archived)
    ex = filled.explain("用户住在上海吗", min_score=0.2)
    assert ex.model == filled.context.model_id and ex.dim
    assert len(ex.query_vector_head) == 8
    assert ex.keyword_terms[:2] == ["用户", "户住"]
    excluded = {c.memory_id: c.excluded_because for c in ex.candidates if not c.included}
    assert "status archived" in excluded.get(archived, "")
    for c in ex.candidates:
        assert c.fused == round(c.fused, 4)
    d = ex.to_dict()
    assert d["fusion"].startswith("blend")


@pytest.mark.parametrize("bad", ["", "  ", "a\x00", None])
def test_bad_queries(filled: Memory, bad: object) -> None:
    with pytest.raises(InvalidInputError):
        filled.search(bad)  # type: ignore[arg-type]


def test_bad_k_and_min_score(filled: Memory) -> None:
    with pytest.raises(InvalidInputError):
        filled.search("vue", k=0)
    with pytest.raises(InvalidInputError):
        filled.search("vue", min_score=2)


def test_every_memory_of_a_batch_is_searchable(cmem: Memory) -> None:
    # Regression: the vector index synced mid-transaction and missed later rows of a batch.
    texts = [f"The user's project number {i} is called {name}"
             for i, name in enumerate(["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"])]
    results = cmem.add_many(texts, raw=True)
    assert all(r.decision == "store" for r in results)
    for text, r in zip(texts, results, strict=True):
        hits = cmem.search(text, k=1, mode="vector", min_score=-1)
        assert hits and hits[0].memory.id == r.memory_id, text
    ex = cmem.explain("project", k=10, min_score=-1)
    assert ex.vector_candidates == len(texts)

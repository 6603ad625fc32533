"""The in-memory BM25 keyword index: exact against a brute-force BM25, FTS5's tokens, and
kept in step with the store (adds, status changes, content updates, scopes, rollback)."""

from __future__ import annotations

import math
import sqlite3
from collections import Counter
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vecmem.store.keyword_index as ki
from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.store.fts_tokens import FTS5_TOKENIZER, TOKENIZER
from vecmem.store.keyword_index import KeywordIndex
from vecmem.store.sqlite import SQLiteStore
from vecmem.text import keyword_terms

# Words that stem ("running" -> "run"), fold ("café"), split ("caroline's"), and CJK.
WORDS = ["running", "runs", "run", "cats", "cat", "café", "cafe", "caroline's", "deploy",
         "deployed", "server", "中文", "中", "文", "前端", "端"] + [f"w{i}" for i in range(40)]


def _fts5_tokens(words: list[str]) -> list[list[str]]:
    """What a real FTS5 table with the store's tokenizer makes of each word."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{FTS5_TOKENIZER}')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(words))
    out: list[list[str]] = [[] for _ in words]
    for doc, term in conn.execute("SELECT doc, term FROM v ORDER BY doc, offset"):
        out[doc].append(term)
    return out


def reference(docs: dict[int, str], terms: list[str], k: int, index: KeywordIndex
              ) -> list[tuple[int, float]]:
    """Brute-force BM25 with the index's tokens, idf and average length."""
    toks = {i: [t for raw in d.split() for t in TOKENIZER.tokens(raw)] for i, d in docs.items()}
    query = index.query_tokens(terms)
    n = len(toks)
    avgdl = index.stats()["avgdl"]
    df = {t: sum(t in v for v in toks.values()) for t in query}
    out = []
    for i, v in toks.items():
        tf = Counter(v)
        score = 0.0
        for t in query:
            if tf[t]:
                idf = math.log1p((n - df[t] + 0.5) / (df[t] + 0.5))
                norm = index.k1 * (1 - index.b + index.b * len(v) / avgdl)
                score += idf * tf[t] * (index.k1 + 1) / (tf[t] + norm)
        if score > 0:
            out.append((i, score))
    out.sort(key=lambda x: (-x[1], x[0]))
    return out[:k]


def assert_same_ranking(got: list[tuple[int, float]], docs: dict[int, str], terms: list[str],
                        k: int, index: KeywordIndex) -> None:
    want = reference(docs, terms, k, index)
    # Tie-aware: the same score at every rank, and each returned id really has its score
    # (impacts are float32, hence the tolerance).
    assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-5)
    exact = dict(reference(docs, terms, 10**9, index))
    for i, s in got:
        assert exact[i] == pytest.approx(s, rel=1e-5)


doc_text = st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join)
query_terms = st.lists(st.sampled_from([*WORDS, "absent"]), min_size=1, max_size=4)


@pytest.fixture
def early_stop() -> object:
    # Tiny blocks so the small test corpora go through the threshold algorithm's stopping
    # test rather than the read-everything path.
    with mock.patch.multiple(ki, _EXHAUSTIVE_BELOW=0, _EXHAUSTIVE_ONE=0, _FIRST_DEPTH=2):
        yield


# -- tokens ------------------------------------------------------------------------------
def test_tokens_are_fts5s_tokens() -> None:
    words = [*WORDS, "Naïve", "x²", "ǅ", "don't", "generalizations", "123", "１２３",
             "が", "カタカナ", "한국어", "丼", "中文字符", "abc123"]
    words = [w.casefold() for w in words]
    assert [list(TOKENIZER.tokens(w)) for w in words] == _fts5_tokens(words)
    assert TOKENIZER.tokens("running") == ("run",)
    assert TOKENIZER.tokens("caroline's") == ("carolin", "s")


@given(st.text(alphabet="abcdeiosty'中文前端12 ", min_size=1, max_size=40))
@settings(max_examples=60, deadline=None)
def test_tokens_match_fts5_on_random_text(text: str) -> None:
    terms = keyword_terms(text) if text.strip() else []
    assert [list(TOKENIZER.tokens(t)) for t in terms] == _fts5_tokens(terms)


# -- ranking against brute force ---------------------------------------------------------
@given(docs=st.lists(doc_text, min_size=1, max_size=60), terms=query_terms,
       k=st.integers(1, 20))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_ranking_equals_brute_force_bm25(docs: list[str], terms: list[str], k: int) -> None:
    corpus = {3 * i + 1: d for i, d in enumerate(docs)}
    index = KeywordIndex.build(corpus.items())
    with mock.patch.multiple(ki, _EXHAUSTIVE_BELOW=0, _EXHAUSTIVE_ONE=0, _FIRST_DEPTH=2):
        early = index.search(terms, k)
    with mock.patch.multiple(ki, _EXHAUSTIVE_BELOW=1 << 62, _EXHAUSTIVE_ONE=1 << 62):
        full = index.search(terms, k)
    assert_same_ranking(early, corpus, terms, k, index)
    assert_same_ranking(full, corpus, terms, k, index)


ops = st.lists(st.tuples(st.sampled_from(["put", "put", "drop", "merge"]), st.integers(1, 40),
                         doc_text), max_size=80)


@given(start=st.lists(doc_text, max_size=40), changes=ops, terms=query_terms,
       k=st.integers(1, 15))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_incremental_changes_equal_a_fresh_build(start: list[str], changes: list, terms: list[str],
                                                 k: int) -> None:
    corpus = {i + 1: d for i, d in enumerate(start)}
    index = KeywordIndex.build(corpus.items())
    for op, id_, text in changes:
        if op == "put":
            corpus[id_] = text
            index.upsert(id_, text)
        elif op == "drop":
            corpus.pop(id_, None)
            index.remove(id_)
        else:
            index.merge()
    assert len(index) == len(corpus)
    assert sorted(index.ids().tolist()) == sorted(corpus)
    if corpus:
        with mock.patch.multiple(ki, _EXHAUSTIVE_BELOW=0, _EXHAUSTIVE_ONE=0, _FIRST_DEPTH=2):
            got = index.search(terms, k)
        assert_same_ranking(got, corpus, terms, k, index)
    # The search scratch arrays are left clean.
    assert not index._acc.any() and not index._seen.any()


def test_merges_itself_and_stays_exact(early_stop: object) -> None:
    rng = np.random.default_rng(3)
    corpus = {i: " ".join(rng.choice(WORDS, 8)) for i in range(1, 301)}
    index = KeywordIndex.build(corpus.items())
    for i in range(301, 1001):  # far past the delta cap: several merges happen
        corpus[i] = " ".join(rng.choice(WORDS, int(rng.integers(1, 20))))
        index.upsert(i, corpus[i])
        if i % 3 == 0:
            del corpus[i - 200]
            index.remove(i - 200)
    assert index.stats()["delta_rows"] < 1000 - 300
    for terms in (["server"], ["running", "中"], ["w1", "w2", "cafe"]):
        assert_same_ranking(index.search(terms, 10), corpus, terms, 10, index)


def test_common_words_use_dense_arrays_and_stay_exact(early_stop: object) -> None:
    rng = np.random.default_rng(5)
    corpus = {i: " ".join(["server", *rng.choice(WORDS, 6)]) for i in range(1, 5001)}
    index = KeywordIndex.build(corpus.items())
    with mock.patch.object(ki, "_DENSE_MIN_POSTINGS", 10):
        got = index.search(["server", "cat", "w3"], 20)
        assert index._dense  # the common token went through a dense tf array
    assert_same_ranking(got, corpus, ["server", "cat", "w3"], 20, index)


def test_persisted_arrays_give_the_same_answers() -> None:
    rng = np.random.default_rng(7)
    corpus = {i: " ".join(rng.choice(WORDS, 10)) for i in range(1, 500)}
    index = KeywordIndex.build(corpus.items())
    index.upsert(1000, "running cats")
    index.remove(3)
    index.seq = 42
    copy = KeywordIndex.from_arrays(index.to_arrays())
    assert copy.seq == 42 and len(copy) == len(index)
    for terms in (["run"], ["cat", "中文"], ["caroline's", "w7"]):
        assert copy.search(terms, 10) == index.search(terms, 10)
    arrays = index.to_arrays()
    arrays["format"] = np.asarray([ki.FORMAT_VERSION + 1])
    with pytest.raises(ValueError, match="format"):
        KeywordIndex.from_arrays(arrays)
    arrays = index.to_arrays()
    arrays["params"] = np.asarray([ki.K1, ki.B + 0.1, 5.0])
    with pytest.raises(ValueError, match="built with"):
        KeywordIndex.from_arrays(arrays)


def test_empty_and_unknown() -> None:
    index = KeywordIndex.build([])
    assert index.search(["anything"], 10) == []
    index.upsert(1, "")
    index.upsert(2, "hello world")
    assert index.search(["absent"], 10) == []
    assert index.search([], 10) == []
    assert index.search(["hello"], 0) == []
    assert [i for i, _ in index.search(["hello"], 10)] == [2]
    index.remove(99)  # unknown ids are ignored


# -- through the store ---------------------------------------------------------------------
@pytest.fixture
def store_mem(db_path: str) -> Memory:
    m = Memory.open(db_path, embedder=HashingEmbedder())
    yield m
    m.close()


def _ids(m: Memory, query: str, k: int = 10) -> list[int]:
    return [h.memory.id for h in m.keyword(query, k=k)]


def _index(m: Memory, scope: str = "default") -> KeywordIndex:
    store = m.store
    assert isinstance(store, SQLiteStore)
    with store.transaction(write=False) as tx:
        return store.keyword_index(tx, scope)


def test_store_sync_add_archive_restore_update(store_mem: Memory) -> None:
    m = store_mem
    a = m.add("The deployment runs on Kubernetes in Frankfurt").memory_id
    b = m.add("我的前端框架是Vue，部署在上海").memory_id
    assert _ids(m, "kubernetes") == [a]
    assert _index(m).seq >= 0
    c = m.add("Kubernetes upgrades happen every quarter").memory_id
    assert set(_ids(m, "kubernetes")) == {a, c}
    m.archive(a)
    assert _ids(m, "kubernetes") == [c]
    assert a not in _index(m)
    m.restore(a)
    assert set(_ids(m, "kubernetes")) == {a, c}
    m.update(c, "Nomad upgrades happen every quarter")
    assert _ids(m, "kubernetes") == [a]
    assert _ids(m, "nomad") == [c]
    assert _ids(m, "前端") == [b] and _ids(m, "端") == [b] and _ids(m, "海") == [b]


def test_english_queries_are_stemmed_and_chinese_substrings_found(store_mem: Memory) -> None:
    m = store_mem
    a = m.add("The user is running three marathons this year").memory_id
    b = m.add("用户偏好：回答简洁务实").memory_id
    assert _ids(m, "how many marathon runs") == [a]
    assert _ids(m, "Running") == [a]
    for q in ("简洁", "简", "偏好", "务实"):
        assert _ids(m, q) == [b], q
    assert _ids(m, "沪") == []


def test_scopes_are_separate(db_path: str) -> None:
    with Memory.open(db_path, embedder=HashingEmbedder(), scope="alice") as alice, \
            Memory.open(db_path, embedder=HashingEmbedder(), scope="bob") as bob:
        x = alice.add("alice keeps her notes in Obsidian").memory_id
        bob.add("bob keeps his notes in a paper notebook")
        assert _ids(alice, "notes") == [x]
        assert len(_index(alice, "alice")) == 1 and len(_index(bob, "bob")) == 1


def test_archived_flood_does_not_crowd_out_active(store_mem: Memory) -> None:
    m = store_mem
    keep = m.add("the quarterly budget review is on Friday").memory_id
    for i in range(60):
        r = m.add(f"budget review draft number {i} with budget budget budget")
        m.archive(r.memory_id)
    assert _ids(m, "budget", k=3) == [keep]


def test_rollback_drops_what_the_index_saw(store_mem: Memory) -> None:
    m = store_mem
    m.add("a committed note about gardening")
    store = m.store
    assert isinstance(store, SQLiteStore)
    _index(m)
    with pytest.raises(RuntimeError), store.transaction() as tx:
        tx.insert_memory(
            {"scope": "default", "content": "uncommitted gardening", "content_norm": "x",
             "content_hash": "h-uncommitted", "category": "general",
             "memory_type": "general", "status": "active", "created_at": "t",
             "updated_at": "t"},
            terms="uncommitted gardening")
        # The write transaction sees its own row, and so does the index it syncs.
        assert len(tx.keyword_search("default", ["uncommitted"], 10)) == 1
        raise RuntimeError("abort")
    assert _ids(m, "uncommitted") == []
    assert len(_ids(m, "gardening")) == 1


def test_fts_syntax_is_plain_text_for_the_index(store_mem: Memory) -> None:
    m = store_mem
    a = m.add('Notes about "quoted" words: NEAR, AND, OR (parentheses) and stars*').memory_id
    for q in ['"quoted"', "NEAR(", "stars*", "words:", "-parentheses", "a OR (b"]:
        m.keyword(q)
    assert _ids(m, '"quoted" stars*') == [a]


def test_index_and_fts5_match_the_same_memories(store_mem: Memory) -> None:
    m = store_mem
    texts = ["Caroline's sister runs a café", "the cafe opened in 2021", "café naïve généralité",
             "running late again", "我的前端框架是Vue", "前端和后端", "x-ray results were fine"]
    for t in texts:
        m.add(t)
    store = m.store
    assert isinstance(store, SQLiteStore)
    for q in ("caroline", "cafe", "runs", "run", "前端", "端", "naive", "ray", "2021"):
        terms = keyword_terms(q, for_query=True)
        with store.transaction(write=False) as tx:
            fast = {i for i, _ in tx.keyword_search("default", terms, 50)}
            store.memory_keyword_index = False
            try:
                slow = {i for i, _ in tx.keyword_search("default", terms, 50)}
            finally:
                store.memory_keyword_index = True
        assert fast == slow and fast, q

"""The PostgreSQL engine at store level, on a real PostgreSQL 16 + pgvector started here.

The behaviour every engine shares is covered by the conformance suite; this file pins the
PostgreSQL-specific parts: dialect translation, schema, triggers, keyword index, HNSW
search with filters, write serialization across processes.
"""

from __future__ import annotations

import multiprocessing as mp
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from vecmem.errors import InvalidInputError, StoreError
from vecmem.store.base import MemoryFilter, utcnow
from vecmem.store.pg_schema import LATEST_VERSION, REQUIRED
from vecmem.text import content_hash, keyword_terms, normalize
from vecmem.types import Event

pg = pytest.importorskip(
    "vecmem.testing.pg", reason="pgserver/psycopg not installed (pip install -e '.[dev]')"
)
psycopg = pytest.importorskip("psycopg", reason="psycopg not installed")

from vecmem.store.postgres import PostgresStore, translate, tsquery_literal  # noqa: E402

pytestmark = pytest.mark.postgres


# -- fixtures ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with pg.start_postgres() as url:
        yield url


@pytest.fixture
def url(server_url: str) -> str:
    return pg.create_database(server_url)


@pytest.fixture
def store(url: str) -> Iterator[PostgresStore]:
    s = PostgresStore(url)
    yield s
    s.close()


def fields(content: str, *, scope: str = "s", status: str = "active", **extra: Any) -> dict:
    norm = normalize(content)
    now = utcnow()
    out = {
        "scope": scope,
        "content": content,
        "content_norm": norm,
        "content_hash": content_hash(norm, "general"),
        "category": "general",
        "memory_type": "general",
        "status": status,
        "created_at": now,
        "updated_at": now,
    }
    out.update(extra)
    return out


def add(tx: Any, content: str, **kw: Any) -> int:
    return tx.insert_memory(fields(content, **kw), terms=" ".join(keyword_terms(content)))


def unit(rng: np.random.Generator, dim: int) -> np.ndarray:
    v = rng.standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


# -- dialect (no server needed, but kept here with the engine) -----------------------------
def test_translate_placeholders_and_percent() -> None:
    assert translate("a = ? AND b = ?") == "a = %s AND b = %s"
    assert translate("x LIKE '%?%' AND y = ?") == "x LIKE '%%?%%' AND y = %s"
    assert translate('SELECT "we?ird" FROM t WHERE c = ?') == 'SELECT "we?ird" FROM t WHERE c = %s'
    assert translate("v = 'it''s ?' AND w = ?") == "v = 'it''s ?' AND w = %s"
    assert translate("100%") == "100%%"


def test_tsquery_literal_quotes_every_term() -> None:
    assert tsquery_literal([]) is None
    assert tsquery_literal(["a", "a", ""]) == "'a'"
    assert tsquery_literal(["it's", "x\\y", "AND", "(", ":*"]) == (
        "'it''s' | 'x\\\\y' | 'AND' | '(' | ':*'"
    )


# -- schema --------------------------------------------------------------------------------
def test_migrate_creates_schema_once(url: str) -> None:
    first = PostgresStore(url)
    second = PostgresStore(url)  # a second open finds everything in place
    assert first.schema_version() == second.schema_version() == LATEST_VERSION
    with first.transaction(write=False) as tx:
        ext = tx.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        assert ext.fetchone()[0] >= "0.6"
        kinds = dict(
            tx.execute(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_name = 'memory_vectors' OR "
                "(table_name = 'memories' AND column_name IN ('id', 'confidence'))"
            ).fetchall()
        )
    assert kinds["vector"] == "USER-DEFINED"
    assert kinds["confidence"] == "double precision"
    assert kinds["id"] == "bigint"
    assert first.integrity_check() == []
    assert first.size_bytes() > 0
    first.close()
    second.close()


def _open_and_close(url: str, queue: mp.Queue) -> None:
    try:
        PostgresStore(url).close()
        queue.put("ok")
    except BaseException as exc:  # pragma: no cover - reported by the parent
        queue.put(repr(exc))


def test_concurrent_first_open_migrates_once(url: str) -> None:
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    procs = [ctx.Process(target=_open_and_close, args=(url, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    assert results == ["ok"] * 4
    store = PostgresStore(url)
    with store.transaction(write=False) as tx:
        assert tx.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == len(REQUIRED)
    store.close()


def test_bad_url_is_a_store_error_without_password() -> None:
    with pytest.raises(StoreError) as info:
        PostgresStore("postgresql://me:s3cret@/nodb?host=/nonexistent-vecmem-dir")
    assert "s3cret" not in str(info.value)
    assert "***" in str(info.value)
    # libpq's reason, not the pool's "stayed busy": a refused connection is reported as
    # soon as it fails, not after the pool's whole wait.
    assert "cannot connect" in str(info.value) and "No such file" in str(info.value)


# -- memories ------------------------------------------------------------------------------
def test_insert_update_roundtrip(store: PostgresStore) -> None:
    with store.transaction() as tx:
        a = add(tx, "用户偏好：回答简洁务实", confidence=0.9, review_meta={"why": "测试"},
                meta={"k": 1})
        b = add(tx, "The staging server runs PostgreSQL 16", scope="other")
    with store.transaction(write=False) as tx:
        rec = tx.get(a)
        assert rec is not None and rec.confidence == 0.9  # a double, not float4
        assert rec.review_meta == {"why": "测试"} and tx.get_memory_meta(a) == {"k": 1}
        assert tx.get(a, scope="other") is None
        assert set(tx.get_many([a, b, 999])) == {a, b}
        assert tx.count_by("s", "status") == {"active": 1}
        assert [m.id for m in tx.list_memories("s", MemoryFilter(text="简洁"))] == [a]
        assert tx.list_memories("s", MemoryFilter(text="100%")) == []
        assert tx.count_memories("other", MemoryFilter(text="postgresql")) == 1
        seq_before = tx.current_seq()
        assert tx.changed_since("s", 0) == [(a, "active")]
    with store.transaction() as tx:
        tx.update_memory(a, {"content": "用户偏好：回答要详细", "status": "review"},
                         terms=" ".join(keyword_terms("用户偏好：回答要详细")))
    with store.transaction(write=False) as tx:
        assert tx.get(a).status == "review"
        assert tx.keyword_index_terms(a) == " ".join(keyword_terms("用户偏好：回答要详细"))
        assert tx.current_seq() > seq_before
        assert tx.changed_since("s", seq_before) == [(a, "review")]
        assert tx.scopes() == ["other", "s"]


def test_live_hash_is_unique_in_the_database(store: PostgresStore) -> None:
    with store.transaction() as tx:
        add(tx, "用户住在上海")
        add(tx, "用户住在上海", status="archived")  # archived copies are allowed
    with pytest.raises(InvalidInputError, match="memories_live_hash"), store.transaction() as tx:
        add(tx, "用户住在上海", status="review")
    with store.transaction(write=False) as tx:
        assert tx.duplicate_live_hashes("s") == []
        assert tx.count_memories("s", MemoryFilter()) == 2


def test_nested_transaction_is_a_savepoint(store: PostgresStore) -> None:
    with store.transaction() as tx:
        a = add(tx, "用户偏好：先给代码")
        with pytest.raises(RuntimeError), store.transaction() as inner:
            add(inner, "用户偏好：不要表情")
            raise RuntimeError("inner fails")
        with store.transaction() as inner:
            b = add(inner, "用户偏好：中文回答")
    with store.transaction(write=False) as tx:
        assert sorted(m.id for m in tx.list_memories("s", MemoryFilter())) == [a, b]


def test_rollback_discards_row_event_and_keywords(store: PostgresStore) -> None:
    with pytest.raises(RuntimeError), store.transaction() as tx:
        a = add(tx, "项目使用 Python 3.11")
        tx.append_event(scope="s", memory_id=a, action="add")
        raise RuntimeError("boom")
    with store.transaction(write=False) as tx:
        assert tx.count_memories("s", MemoryFilter()) == 0
        assert tx.events("s") == []
        assert tx.keyword_index_ids("s") == set()


# -- events --------------------------------------------------------------------------------
def test_events_are_append_only(store: PostgresStore) -> None:
    with store.transaction() as tx:
        a = add(tx, "用户偏好：回答简洁务实")
        e1 = tx.append_event(scope="s", memory_id=a, action="add", after_content="x",
                             related_ids=[a], meta={"reverts_event": 7})
        e2 = tx.append_event(scope="s", memory_id=a, action="archive", reason="旧的")
    for statement in ("UPDATE events SET reason = 'edited'", "DELETE FROM events",
                      "TRUNCATE events", "DELETE FROM memories", "TRUNCATE memories CASCADE"):
        refused = pytest.raises(StoreError, match=r"never deleted|append-only")
        with refused, store.transaction() as tx:
            tx.execute(statement)
    with store.transaction(write=False) as tx:
        assert [e.event_id for e in tx.events("s")] == [e2, e1]  # newest first
        first = tx.get_event(e1)
        assert first.related_ids == [a] and first.meta == {"reverts_event": 7}
        assert [e.event_id for e in tx.events_referencing("s", 7, "add")] == [e1]
        assert tx.count_events("s") == {"add": 1, "archive": 1}


def test_verbatim_events_move_the_identity_past_copied_ids(store: PostgresStore) -> None:
    copied = Event(
        event_id=500, memory_id=None, action="reject_input", before_content=None,
        after_content="好", before_status=None, after_status=None, source="auto", actor=None,
        reason="too short", related_ids=[], created_at=utcnow(), scope="s", meta=None,
    )
    with store.transaction() as tx:
        tx.insert_event_verbatim(copied)
    with store.transaction() as tx:
        new_id = tx.append_event(scope="s", memory_id=None, action="reject_input")
    assert new_id == 501


# -- keyword search ------------------------------------------------------------------------
def test_keyword_search_two_char_chinese_and_metacharacters(store: PostgresStore) -> None:
    with store.transaction() as tx:
        a = add(tx, "用户偏好：回答简洁务实")
        b = add(tx, "Deploy with `make release` - AND (never) on Fridays: \"prod\" *")
        add(tx, "用户偏好：回答简洁", scope="elsewhere")
    with store.transaction(write=False) as tx:
        assert [i for i, _ in tx.keyword_search("s", keyword_terms("简洁", for_query=True), 5)
                ] == [a]
        assert [i for i, _ in tx.keyword_search("s", ["偏"], 5)] == [a]
        for query in ['- : " AND ( *', "NOT (a OR b", "x:* & !y", "'; DROP TABLE x; --",
                      "\\", "C++ (beta) -x: \"quoted\" AND *"]:
            terms = keyword_terms(query, for_query=True)
            tx.keyword_search("s", terms, 5)  # never a syntax error
            tx.keyword_search("s", query.split(), 5)  # raw pieces too
        hits = tx.keyword_search("s", keyword_terms("never fridays prod", for_query=True), 5)
        assert [i for i, _ in hits] == [b]
        assert tx.keyword_search("s", [], 5) == []


def test_keyword_search_filters_status_before_limit(store: PostgresStore) -> None:
    with store.transaction() as tx:
        for i in range(30):
            add(tx, f"部署流程第{i}版 deploy", status="archived")
        active = add(tx, "部署流程 deploy 当前版本")
    with store.transaction(write=False) as tx:
        hits = tx.keyword_search("s", keyword_terms("部署 deploy", for_query=True), 3)
        assert [i for i, _ in hits] == [active]
        archived = tx.keyword_search("s", ["deploy"], 100, status="archived")
        assert len(archived) == 30


def test_keyword_rows_follow_status_and_scope_changes(store: PostgresStore) -> None:
    """The keyword table's copy of scope/status is kept equal by a trigger, however the
    memory is changed."""
    terms = keyword_terms("部署流程 deploy")
    with store.transaction() as tx:
        a = add(tx, "部署流程 deploy")
    with store.transaction() as tx:
        tx.update_memory(a, {"status": "archived"})
    with store.transaction(write=False) as tx:
        assert tx.keyword_search("s", terms, 5) == []
        assert [i for i, _ in tx.keyword_search("s", terms, 5, status="archived")] == [a]
    with store.transaction() as tx:  # raw SQL, not the store's methods
        tx.execute("UPDATE memories SET status = 'active', scope = 'moved' WHERE id = ?", [a])
    with store.transaction(write=False) as tx:
        assert tx.keyword_search("s", terms, 5) == []
        assert [i for i, _ in tx.keyword_search("moved", terms, 5)] == [a]
        assert tx.keyword_index_ids("moved") == {a}
    assert store.integrity_check() == []
    with pytest.raises(ValueError, match="no such memory"), store.transaction() as tx:
        tx.index_keywords(12345, "x")


def test_keyword_index_survives_huge_and_odd_terms(store: PostgresStore) -> None:
    long_word = "a" * 5000  # longer than a lexeme may be
    text = f"{long_word} 用户 don't"
    with store.transaction() as tx:
        a = add(tx, text)
    with store.transaction(write=False) as tx:
        assert tx.keyword_index_terms(a) == " ".join(keyword_terms(text))
        assert [i for i, _ in tx.keyword_search("s", ["用户"], 5)] == [a]
        # "don't" is FTS5's don + t, both stopword fragments: no query, as on SQLite
        assert tx.keyword_search("s", ["don't"], 5) == []
        assert tx.keyword_search("s", [long_word], 5) == []


# -- vector search -------------------------------------------------------------------------
def test_vectors_roundtrip_exactly(store: PostgresStore) -> None:
    rng = np.random.default_rng(1)
    vec = rng.standard_normal(384).astype(np.float32)
    with store.transaction() as tx:
        a = add(tx, "用户偏好：回答简洁务实")
        tx.put_vector(a, "model-a", vec)
    with store.transaction(write=False) as tx:
        model, back = tx.get_vector(a)
        assert model == "model-a" and back.dtype == np.float32
        assert np.array_equal(back, vec)
        assert tx.vector_models("s") == {"model-a": 1}
        assert tx.ids_missing_vector("s", "model-b") == [a]
        assert [i for i, _ in tx.vectors_since("s", "model-a", 0)] == [a]


def test_vector_search_filters_status_before_top_k(store: PostgresStore) -> None:
    rng = np.random.default_rng(7)
    query = unit(rng, 64)
    with store.transaction() as tx:
        # 40 archived memories right next to the query, 3 active ones further away.
        for i in range(40):
            m = add(tx, f"archived fact {i}", status="archived")
            tx.put_vector(m, "m", query + 0.01 * unit(rng, 64))
        active = []
        for i in range(3):
            m = add(tx, f"active fact {i}")
            tx.put_vector(m, "m", query + 0.8 * unit(rng, 64))
            active.append(m)
        other = add(tx, "other scope fact", scope="t")
        tx.put_vector(other, "m", query)
        other_model = add(tx, "other model fact")
        tx.put_vector(other_model, "m2", query)
    store.wait_for_indexes()
    assert ("m", 64) in store.hnsw_ready
    with store.transaction(write=False) as tx:
        hits = tx.vector_search("s", "m", query, 3)
        assert sorted(i for i, _ in hits) == sorted(active)
        assert all(-1.0 <= s <= 1.0 for _, s in hits)
        assert [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
        assert len(tx.vector_search("s", "m", query, 10, status="archived")) == 10
        assert tx.vector_search("s", "m", query[:32], 3) == []  # other dimension: nothing
        assert [i for i, _ in tx.vector_search("s", "m2", query, 3)] == [other_model]


def test_hnsw_search_matches_exact_and_falls_back_when_short(store: PostgresStore) -> None:
    rng = np.random.default_rng(3)
    dim = 32
    vecs = np.stack([unit(rng, dim) for _ in range(3000)])
    with store.transaction() as tx:
        ids = [add(tx, f"big scope fact {i}", scope="big") for i in range(len(vecs))]
        small = [add(tx, f"small scope fact {i}", scope="small") for i in range(5)]
        tx.executemany(
            "INSERT INTO memory_vectors (memory_id, model, dim, vector) VALUES (?, ?, ?, ?)",
            [(i, "m", dim, v) for i, v in zip(ids + small, np.vstack([vecs, vecs[:5]]),
                                                 strict=True)],
        )
    store.ensure_vector_indexes()
    assert store.integrity_check() == []
    query = unit(rng, dim)
    exact = np.argsort(-(vecs @ query))[:10]
    with store.transaction(write=False) as tx:
        plan = "\n".join(
            r[0] for r in tx.conn.execute(
                "EXPLAIN " + store.vector_sql("m", dim, exact=False).as_string(tx.conn),
                [query, "big", "active", query, 10],
            )
        )
        assert "memory_vectors_hnsw_" in plan
        hits = tx.vector_search("big", "m", query, 10)
        recall = len({i for i, _ in hits} & {ids[j] for j in exact}) / 10
        assert recall >= 0.9
        expected = float(vecs[exact[0]] @ query)
        assert hits[0][1] == pytest.approx(expected, abs=1e-5)
        # The HNSW walk finds no "small" rows among its candidates: exact fallback.
        assert sorted(i for i, _ in tx.vector_search("small", "m", query, 10)) == small


def test_filtered_hnsw_widens_the_walk_before_scanning(store: PostgresStore) -> None:
    """A scope holding 5 % of a model's vectors: the first walk comes back short, the
    second, wider one (ef from the observed hit rate) fills k without an exact scan."""
    rng = np.random.default_rng(5)
    dim = 16
    vecs = np.stack([unit(rng, dim) for _ in range(4000)])
    scopes = ["mid" if i % 20 == 0 else "rest" for i in range(len(vecs))]
    with store.transaction() as tx:
        ids = [add(tx, f"fact {i}", scope=sc) for i, sc in enumerate(scopes)]
        tx.executemany(
            "INSERT INTO memory_vectors (memory_id, model, dim, vector) VALUES (?, ?, ?, ?)",
            [(i, "m", dim, v) for i, v in zip(ids, vecs, strict=True)],
        )
    store.ensure_vector_indexes()
    store.ef_search = 40  # a first walk that is sure to come back short
    mid = np.array([sc == "mid" for sc in scopes])
    query = unit(rng, dim)
    order = np.argsort(-(vecs[mid] @ query))[:10]
    expected = {np.array(ids)[mid][j] for j in order}
    with store.transaction(write=False) as tx:
        walks: list[int] = []
        original = tx._hnsw

        def spy(model: str, d: int, ef: int, params: list[Any]) -> list[Any]:
            walks.append(ef)
            return original(model, d, ef, params)

        tx._hnsw = spy  # type: ignore[method-assign]
        hits = tx.vector_search("mid", "m", query, 10)
    assert len(hits) == 10
    assert len({i for i, _ in hits} & expected) >= 8
    assert len(walks) == 2 and walks[0] == store.ef_search and walks[1] > walks[0]


# -- concurrency ---------------------------------------------------------------------------
FACTS = [f"用户偏好：第{i}号偏好，回答要点{i}" for i in range(30)] + [
    f"The user's tool number {i} is called tool-{i}" for i in range(30)
]


def _store_writer(url: str, worker: int, n: int, queue: mp.Queue) -> None:
    """The pipeline's read-then-write, at store level: look up the hash, then add or hit."""
    try:
        store = PostgresStore(url)
        decisions: Counter[str] = Counter()
        for i in range(n):
            text = FACTS[(i * 7 + worker * 13) % len(FACTS)]
            f = fields(text, source=f"w{worker}")
            with store.transaction() as tx:
                live = tx.by_hash("s", f["content_hash"], ("active", "review"))
                if live:
                    tx.update_memory(live[0].id, {"hit_count": live[0].hit_count + 1})
                    tx.append_event(scope="s", memory_id=live[0].id, action="duplicate")
                    decisions["duplicate"] += 1
                else:
                    mid = tx.insert_memory(f, terms=" ".join(keyword_terms(text)))
                    tx.put_vector(mid, "m", np.full(8, worker + 1, dtype=np.float32))
                    tx.append_event(scope="s", memory_id=mid, action="add")
                    decisions["store"] += 1
        store.close()
        queue.put(dict(decisions))
    except BaseException as exc:  # pragma: no cover - reported by the parent
        queue.put({"error": repr(exc)})


def test_eight_writer_processes_never_duplicate_a_live_hash(url: str) -> None:
    PostgresStore(url).close()
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    procs = [ctx.Process(target=_store_writer, args=(url, w, 60, queue)) for w in range(8)]
    for p in procs:
        p.start()
    totals: Counter[str] = Counter()
    for _ in procs:
        result = queue.get(timeout=300)
        assert "error" not in result, result["error"]
        totals.update(result)
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    store = PostgresStore(url)
    with store.transaction(write=False) as tx:
        assert tx.duplicate_live_hashes("s") == []
        rows, hits = tx.execute("SELECT COUNT(*), SUM(hit_count) FROM memories").fetchone()
        assert rows == totals["store"] == len(FACTS)
        assert hits == totals["duplicate"] == 8 * 60 - len(FACTS)
        assert tx.count_events("s") == {"add": len(FACTS), "duplicate": hits}
    store.close()


def _memory_writer(url: str, worker: int, n: int, queue: mp.Queue) -> None:
    try:
        from vecmem import Memory
        from vecmem.embed.hashing import HashingEmbedder

        mem = Memory.open(url, embedder=HashingEmbedder())
        decisions: Counter[str] = Counter()
        for i in range(n):
            fact = FACTS[(i * 7 + worker * 13) % len(FACTS)]
            decisions[str(mem.add(fact, source=f"worker{worker}").decision)] += 1
        mem.close()
        queue.put(dict(decisions))
    except BaseException as exc:  # pragma: no cover - reported by the parent
        queue.put({"error": repr(exc)})


def test_eight_memory_processes_through_the_pipeline(url: str) -> None:
    """Eight processes run ``Memory.add`` on one PostgreSQL: nothing lost, nothing doubled."""
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    procs = [ctx.Process(target=_memory_writer, args=(url, w, 40, queue)) for w in range(8)]
    for p in procs:
        p.start()
    totals: Counter[str] = Counter()
    for _ in procs:
        result = queue.get(timeout=600)
        assert "error" not in result, result["error"]
        totals.update(result)
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sum(totals.values()) == 8 * 40
    store = PostgresStore(url)
    with store.transaction(write=False) as tx:
        live = tx.execute(
            "SELECT content_hash, COUNT(*) FROM memories WHERE status IN ('active','review') "
            "GROUP BY scope, content_hash HAVING COUNT(*) > 1"
        ).fetchall()
        assert live == []
        rows, hits = tx.execute("SELECT COUNT(*), SUM(hit_count) FROM memories").fetchone()
        # Every distinct fact got exactly one row (active, or review on a topic conflict);
        # every other add of it was a duplicate hit.
        assert rows == totals["store"] + totals["review"] == len(FACTS), totals
        assert hits == totals["duplicate"]
        adds = tx.execute(
            "SELECT COUNT(*) FROM events WHERE action IN ('add', 'duplicate')"
        ).fetchone()[0]
        assert adds == totals["store"] + totals["duplicate"]
        assert tx.execute("SELECT COUNT(*) FROM events WHERE action = 'review'").fetchone()[0] \
            == totals["review"]
    store.close()


@pytest.mark.parametrize("pool_size", [2, 10])
def test_threads_never_share_a_connection_and_stay_under_the_pool_cap(
    url: str, pool_size: int
) -> None:
    store = PostgresStore(url, pool_size=pool_size)
    errors: list[BaseException] = []
    pids: set[int] = set()
    in_use: set[int] = set()
    shared: list[int] = []
    lock = threading.Lock()

    def work(t: int) -> None:
        try:
            for i in range(20):
                with store.transaction() as tx:
                    add(tx, f"thread {t} fact {i}")
                with store.transaction(write=False) as tx:
                    pid = tx.execute("SELECT pg_backend_pid()").fetchone()[0]
                    with lock:
                        if pid in in_use:
                            shared.append(pid)
                        in_use.add(pid)
                        pids.add(pid)
                    tx.execute("SELECT pg_sleep(0.002)")
                    with lock:
                        in_use.discard(pid)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == []
        assert shared == []  # two open transactions never ran on one connection
        assert 1 <= len(pids) <= pool_size
        with store.transaction(write=False) as tx:
            assert tx.count_memories("s", MemoryFilter()) == 120
    finally:
        store.close()


def _forked_child(store: PostgresStore, queue: mp.Queue) -> None:
    import gc

    try:
        with store.transaction() as tx:  # a fresh connection: never the parent's socket
            add(tx, "written by the forked child")
        store.close()  # closes only its own connection, and drops the inherited one
        gc.collect()
        queue.put("ok")
    except BaseException as exc:  # pragma: no cover - reported by the parent
        queue.put(repr(exc))


def _vecmem_backends(url: str) -> set[int]:
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE application_name = "
                            "'vecmem' AND datname = current_database()").fetchall()
    return {int(r[0]) for r in rows}


def test_forked_child_never_breaks_the_parents_connection(
    store: PostgresStore, url: str
) -> None:
    with store.transaction() as tx:
        add(tx, "written by the parent")
    parents = _vecmem_backends(url)
    assert parents
    ctx = mp.get_context("fork")
    queue: mp.Queue = ctx.Queue()
    child = ctx.Process(target=_forked_child, args=(store, queue))
    child.start()
    assert queue.get(timeout=60) == "ok"
    child.join(timeout=30)
    assert parents <= _vecmem_backends(url)  # the child closed none of the parent's sessions
    for _ in range(len(parents) + 1):  # and every pooled connection still works
        with store.transaction(write=False) as tx:
            assert tx.count_memories("s", MemoryFilter()) == 2


def test_scoped_write_lock_lets_other_scopes_proceed(store: PostgresStore) -> None:
    """With ``scope=…`` a writer only waits for writers of its own scope."""
    started = threading.Event()
    release = threading.Event()

    def hold_scope_a() -> None:
        with store.transaction(scope="a") as tx:
            add(tx, "held in scope a", scope="a")
            started.set()
            release.wait(10)

    holder = threading.Thread(target=hold_scope_a)
    holder.start()
    assert started.wait(10)
    try:
        with store.transaction(scope="b") as tx:  # must not wait for scope a
            add(tx, "written in scope b", scope="b")
    finally:
        release.set()
        holder.join()
    with store.transaction(write=False) as tx:
        assert tx.scopes() == ["a", "b"]

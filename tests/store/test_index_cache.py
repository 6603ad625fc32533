"""Persisted vector indexes (store/index_cache.py): reload, catch up, or rebuild; never lie.

A small ``ann_threshold`` puts every store here on the usearch graph path, so what is saved and
loaded is the real graph.
"""

from __future__ import annotations

import json
import shutil
import threading
import uuid
from pathlib import Path

import numpy as np
import pytest

from vecmem.store import index_cache as cache_mod
from vecmem.store.base import utcnow
from vecmem.store.sqlite import SQLiteStore
from vecmem.store.vector_index import GRAPH_FILE, VectorIndex

pytest.importorskip("usearch")

DIM = 16
MODEL = "test-16"
THRESHOLD = 50


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    x = rng.standard_normal((n, DIM)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def add(store: SQLiteStore, vecs: np.ndarray, *, model: str = MODEL, text: str = "note",
        scope: str = "default") -> list[int]:
    ids = []
    now = utcnow()
    with store.transaction() as tx:
        for i, v in enumerate(vecs):
            content = f"{text} {i} 记忆"
            mid = tx.insert_memory(
                {"scope": scope, "content": content, "content_norm": content,
                 "content_hash": uuid.uuid4().hex, "category": "general",
                 "memory_type": "general", "status": "active", "created_at": now,
                 "updated_at": now},
                terms=content)
            tx.put_vector(mid, model, v)
            ids.append(mid)
    return ids


def search(store: SQLiteStore, q: np.ndarray, k: int = 10,
           model: str = MODEL) -> list[tuple[int, float]]:
    with store.transaction(write=False) as tx:
        return tx.vector_search("default", model, q, k)


def indexed_ids(store: SQLiteStore, model: str = MODEL) -> set[int]:
    with store.transaction(write=False) as tx:
        index = store.vector_index(tx, "default", model, DIM)
        return {int(i) for i in index.ids()}


def manifests(db: Path) -> list[dict]:
    root = Path(str(db) + cache_mod.SUFFIX)
    if not root.is_dir():
        return []
    return [json.loads(p.read_text()) for p in sorted(root.glob("*.json"))]


def current_seq(store: SQLiteStore) -> int:
    with store.transaction(write=False) as tx:
        return tx.current_seq()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "mem.db"


@pytest.fixture
def no_rebuild(monkeypatch: pytest.MonkeyPatch):
    """Make any graph build fail loudly: a loaded index must not need one."""
    def forbid() -> None:
        monkeypatch.setattr(VectorIndex, "_build_ann", _fail_build)

    return forbid


def _fail_build(self: VectorIndex) -> None:
    raise AssertionError("the graph was rebuilt instead of loaded")


def filled(db: Path, n: int = 300, seed: int = 1) -> tuple[list[int], np.ndarray]:
    """A store of n vectors whose index was built (hence saved), then closed."""
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    vecs = unit(np.random.default_rng(seed), n)
    ids = add(store, vecs)
    search(store, vecs[0])
    store.close()
    return ids, vecs


# ------------------------------------------------------------------------------ reload


def test_saved_index_reloads_and_answers_identically(db: Path, no_rebuild) -> None:
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    vecs = unit(np.random.default_rng(1), 300)
    ids = add(store, vecs)
    queries = unit(np.random.default_rng(2), 8)
    before = [search(store, q) for q in queries]
    assert store.index_cache.last_save_s is not None
    [saved] = manifests(db)
    assert saved["seq"] == current_seq(store)
    assert saved["index"]["graph"] and saved["index"]["n"] == 300
    store.close()

    no_rebuild()
    again = SQLiteStore(db, ann_threshold=THRESHOLD)
    after = [search(again, q) for q in queries]
    assert again.index_cache.last_load_s is not None
    with again.transaction(write=False) as tx:
        assert again.vector_index(tx, "default", MODEL, DIM).uses_ann
    assert after == before
    assert indexed_ids(again) == set(ids)
    again.close()


def test_writes_after_the_save_are_caught_up(db: Path, no_rebuild) -> None:
    ids, vecs = filled(db)
    saved_seq = manifests(db)[0]["seq"]
    # Writes by a process that never opens the index: the saved copy stays behind.
    writer = SQLiteStore(db, ann_threshold=THRESHOLD)
    new_vecs = unit(np.random.default_rng(3), 20)
    new_ids = add(writer, new_vecs, text="新的")
    archived, moved = ids[:10], ids[10:15]
    with writer.transaction() as tx:
        for mid in archived:
            tx.update_memory(mid, {"status": "archived"})
        for mid in moved:  # re-embedded under another model: leaves this model's index
            tx.put_vector(mid, "other-model", vecs[ids.index(mid)])
    writer.close()
    assert manifests(db)[0]["seq"] == saved_seq  # nothing synced, nothing saved

    no_rebuild()
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == (set(ids) - set(archived) - set(moved)) | set(new_ids)
    assert store.index_cache.last_load_s is not None
    for mid, v in zip(new_ids, new_vecs, strict=True):
        assert search(store, v, k=1)[0][0] == mid
    for mid in archived + moved:
        hits = [i for i, _ in search(store, vecs[ids.index(mid)])]
        assert mid not in hits
    assert indexed_ids(store, "other-model") == set(moved)
    assert search(store, vecs[10], k=1, model="other-model")[0][0] == ids[10]
    store.close()


def test_close_saves_an_index_that_moved_and_only_then(db: Path) -> None:
    filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    search(store, unit(np.random.default_rng(4), 1)[0])  # loads, nothing to catch up
    store.close()
    [unchanged] = manifests(db)

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    extra = add(store, unit(np.random.default_rng(5), 3))
    search(store, unit(np.random.default_rng(6), 1)[0])  # syncs the 3 new rows
    assert manifests(db) == [unchanged]  # not saved on every write...
    seq = current_seq(store)
    store.close()
    [fresh] = manifests(db)  # ...but on close
    assert fresh["seq"] == seq > unchanged["seq"]
    assert fresh["generation"] != unchanged["generation"]
    root = Path(str(db) + cache_mod.SUFFIX)
    assert not (root / unchanged["generation"]).exists()  # the old generation is swept
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert set(extra) <= indexed_ids(store)
    store.close()


# ----------------------------------------------------------------------------- refuse


def test_another_database_at_the_same_path_is_rebuilt(db: Path, tmp_path: Path) -> None:
    filled(db, seed=1)
    other = tmp_path / "other.db"
    store = SQLiteStore(other, ann_threshold=THRESHOLD)
    other_vecs = unit(np.random.default_rng(9), 400)  # more writes: a higher seq
    other_ids = add(store, other_vecs)
    assert current_seq(store) > manifests(db)[0]["seq"]
    store.close()
    shutil.copyfile(other, db)

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == set(other_ids)
    for mid, v in zip(other_ids[:20], other_vecs[:20], strict=True):
        assert search(store, v, k=1)[0][0] == mid
    with store.transaction(write=False) as tx:
        assert manifests(db)[0]["key"]["store_id"] == tx.get_meta("store_id")
    store.close()


def test_a_restored_database_with_a_lower_seq_is_rebuilt(db: Path, tmp_path: Path) -> None:
    ids, vecs = filled(db)
    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    later = add(store, unit(np.random.default_rng(7), 30))
    search(store, vecs[0])
    store.close()  # saved with the 30 later rows
    assert manifests(db)[0]["index"]["n"] == 330
    shutil.copyfile(backup, db)  # same store id, earlier seq

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    got = indexed_ids(store)
    assert got == set(ids) and not got & set(later)
    store.close()


@pytest.mark.parametrize("damage", [
    "truncate-matrix", "flip-graph", "flip-ids", "drop-graph", "garbage-manifest",
    "empty-manifest", "graph-of-another-index", "lowered-seq",
])
def test_a_damaged_copy_is_rebuilt_with_correct_results(
    db: Path, tmp_path: Path, damage: str
) -> None:
    ids, vecs = filled(db)
    root = Path(str(db) + cache_mod.SUFFIX)
    [manifest] = manifests(db)
    gen = root / manifest["generation"]
    [manifest_file] = root.glob("*.json")
    if damage == "truncate-matrix":
        data = (gen / "matrix.f32").read_bytes()
        (gen / "matrix.f32").write_bytes(data[: len(data) // 2])
    elif damage == "flip-graph":
        data = bytearray((gen / GRAPH_FILE).read_bytes())
        data[len(data) // 3] ^= 0xFF  # same size: only the checksum can tell
        (gen / GRAPH_FILE).write_bytes(bytes(data))
    elif damage == "flip-ids":
        data = bytearray((gen / "ids.i64").read_bytes())
        data[8] ^= 0x01
        (gen / "ids.i64").write_bytes(bytes(data))
    elif damage == "drop-graph":
        (gen / GRAPH_FILE).unlink()
    elif damage == "garbage-manifest":
        manifest_file.write_bytes(b"\x00\xffnot json")
    elif damage == "empty-manifest":
        manifest_file.write_text("")
    elif damage == "lowered-seq":
        # The manifest carries its own checksum: a copy claiming an older state than its
        # files hold is refused (issue 18), not trusted.
        manifest["seq"] -= 5
        manifest_file.write_text(json.dumps(manifest))
    elif damage == "graph-of-another-index":
        # A valid usearch file with a matching checksum, but from another index.
        other = VectorIndex(DIM, ann_threshold=THRESHOLD)
        other.upsert(np.arange(1000, 1300), unit(np.random.default_rng(11), 300))
        other_dir = tmp_path / "other"
        other_dir.mkdir()
        info = other.save(other_dir)
        shutil.copyfile(other_dir / GRAPH_FILE, gen / GRAPH_FILE)
        manifest["index"]["files"][GRAPH_FILE] = info["files"][GRAPH_FILE]
        manifest_file.write_text(json.dumps(manifest))

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == set(ids)
    for mid, v in zip(ids[:30], vecs[:30], strict=True):
        assert search(store, v, k=1)[0][0] == mid
    # The rebuilt index replaced the damaged copy with a good one.
    [fresh] = manifests(db)
    assert fresh["generation"] != manifest["generation"]
    store.close()
    again = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(again) == set(ids)
    assert again.index_cache.last_load_s is not None
    again.close()


# --------------------------------------------------------------------- no persistence


def test_a_folder_that_cannot_be_created_means_no_persistence(db: Path) -> None:
    Path(str(db) + cache_mod.SUFFIX).write_text("in the way")  # mkdir fails, even as root
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    vecs = unit(np.random.default_rng(1), 200)
    ids = add(store, vecs)
    assert search(store, vecs[5], k=1)[0][0] == ids[5]
    assert store.index_cache.last_save_s is None
    store.close()
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert search(store, vecs[6], k=1)[0][0] == ids[6]
    store.close()


def test_a_read_only_folder_means_no_persistence(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_mkdir = Path.mkdir

    def read_only(self: Path, *args: object, **kwargs: object) -> None:
        if self.name.endswith(cache_mod.SUFFIX) or cache_mod.SUFFIX in str(self):
            raise PermissionError(13, "Permission denied", str(self))
        real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", read_only)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    vecs = unit(np.random.default_rng(1), 200)
    ids = add(store, vecs)
    assert search(store, vecs[5], k=1)[0][0] == ids[5]
    store.close()
    assert manifests(db) == []


def test_an_in_memory_database_is_never_persisted(tmp_path: Path) -> None:
    store = SQLiteStore(":memory:", ann_threshold=THRESHOLD)
    assert not store.index_cache.enabled
    vecs = unit(np.random.default_rng(1), 100)
    ids = add(store, vecs)
    assert search(store, vecs[3], k=1)[0][0] == ids[3]
    store.close()
    assert list(tmp_path.glob("*" + cache_mod.SUFFIX)) == []


# ---------------------------------------------------------------------- transactions


def test_rows_of_an_open_transaction_are_never_saved(db: Path) -> None:
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    vecs = unit(np.random.default_rng(1), 200)
    ids = add(store, vecs)  # committed, index not built yet
    extra = unit(np.random.default_rng(2), 1)
    with pytest.raises(RuntimeError), store.transaction() as tx:
        [ghost] = add(store, extra)  # joins the open transaction
        # The first sync builds the index inside the transaction, ghost row included.
        assert tx.vector_search("default", MODEL, extra[0], 1)[0][0] == ghost
        raise RuntimeError("roll back")
    assert manifests(db) == []  # the index held an uncommitted row: not saved
    assert indexed_ids(store) == set(ids)
    assert manifests(db)[0]["index"]["n"] == 200  # the rebuild, outside it, was
    store.close()


def test_a_rollback_keeps_the_saved_copy(db: Path, no_rebuild) -> None:
    ids, _ = filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    extra = unit(np.random.default_rng(2), 1)
    with pytest.raises(RuntimeError), store.transaction() as tx:
        [ghost] = add(store, extra)
        assert tx.vector_search("default", MODEL, extra[0], 1)[0][0] == ghost
        raise RuntimeError("roll back")
    no_rebuild()  # the in-memory index is dropped, the committed copy still loads
    assert indexed_ids(store) == set(ids)
    store.close()


def test_a_copy_newer_than_the_transaction_snapshot_is_not_used(db: Path) -> None:
    ids, _ = filled(db)
    reader = SQLiteStore(db, ann_threshold=THRESHOLD)
    with reader.transaction(write=False) as tx:
        tx.current_seq()  # the read snapshot starts here
        # Another process adds rows and saves a copy that includes them.
        writer = SQLiteStore(db, ann_threshold=THRESHOLD)
        later_vecs = unit(np.random.default_rng(8), 10)
        later = add(writer, later_vecs)
        search(writer, later_vecs[0])
        writer.close()
        assert manifests(db)[0]["seq"] > tx.current_seq()
        seen = {int(i) for i in reader.vector_index(tx, "default", MODEL, DIM).ids()}
        assert seen == set(ids)  # what this snapshot sees, not the newer copy
    assert indexed_ids(reader) == set(ids) | set(later)  # the next transaction catches up
    reader.close()


def test_invalidate_vectors_forgets_the_saved_copies(db: Path) -> None:
    filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    store.invalidate_vectors()
    assert manifests(db) == []
    store.close()


# ------------------------------------------------------------------------ VectorIndex


def test_vector_index_round_trip_with_and_without_the_graph(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    index = VectorIndex(DIM, ann_threshold=THRESHOLD)
    index.upsert(np.arange(500, 800), unit(rng, 300))
    index.remove(np.arange(500, 540))  # swap-removes and removed graph keys
    index.upsert(np.arange(560, 580), unit(rng, 20))  # replaced vectors: remove + add
    assert index.uses_ann
    info = index.save(tmp_path)
    queries = unit(rng, 5)

    loaded = VectorIndex.load(tmp_path, info, ann_threshold=THRESHOLD)
    assert loaded.uses_ann and loaded.changes == 0
    assert sorted(loaded.ids().tolist()) == sorted(index.ids().tolist())
    for q in queries:
        assert loaded.search(q, 10) == index.search(q, 10)
    loaded.upsert(np.array([900]), queries[:1])  # still writable after a load
    assert loaded.search(queries[0], 1)[0][0] == 900 and loaded.changes == 1

    exact = VectorIndex.load(tmp_path, info, ann_threshold=10**6)  # graph not wanted
    assert not exact.uses_ann
    for q in queries:
        want = [i for i, _ in index.search(q, 5)]
        assert [i for i, _ in exact.search(q, 5)] == want


def test_the_exact_scan_gives_blas_its_threads_back() -> None:
    threadpoolctl = pytest.importorskip("threadpoolctl")

    def blas_threads() -> int:
        info = threadpoolctl.ThreadpoolController().select(user_api="blas").info()
        return info[0]["num_threads"] if info else 1

    before = blas_threads()
    if before < 2:
        pytest.skip("BLAS runs one thread here already")
    vecs = unit(np.random.default_rng(1), 2000)
    queries = unit(np.random.default_rng(2), 40)
    # One index per thread: each index has its own lock, so the scans really overlap.
    indexes = [VectorIndex(DIM, ann_threshold=10**6) for _ in range(4)]  # exact only
    for index in indexes:
        index.upsert(np.arange(2000), vecs)

    def scan(index: VectorIndex) -> None:
        for q in queries:
            index.search(q, 5)

    workers = [threading.Thread(target=scan, args=(index,)) for index in indexes]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert blas_threads() == before


def _add_with_event(store: SQLiteStore, vecs: np.ndarray, text: str) -> list[int]:
    ids = add(store, vecs, text=text)
    with store.transaction() as tx:
        for mid in ids:
            tx.append_event(scope="default", memory_id=mid, action="add", after_content=text)
    return ids


def test_a_restored_database_written_past_the_copy_is_rebuilt(
        db: Path, tmp_path: Path) -> None:
    rng = np.random.default_rng(11)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    kept = _add_with_event(store, unit(rng, 100), "kept")
    store.close()
    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    lost = _add_with_event(store, unit(rng, 100), "lost")
    search(store, unit(rng, 1)[0])
    store.close()  # the copy holds the 100 rows the restore will lose
    saved_seq = manifests(db)[0]["seq"]

    shutil.copyfile(backup, db)  # same store id, earlier history...
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    other = _add_with_event(store, unit(rng, 150), "other")  # ...written past the copy's seq
    assert current_seq(store) > saved_seq
    assert set(other) & set(lost)  # the re-used ids make a stale copy look plausible
    store.close()

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == set(kept) | set(other)
    assert store.index_cache.last_load_s is None  # refused, rebuilt
    store.close()

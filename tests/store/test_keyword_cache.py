"""Persisted keyword (BM25) indexes beside the database: reload, catch up, or rebuild.

The same lifecycle as the vector copies (test_index_cache.py), through the same IndexCache:
a small ``ann_threshold`` makes these small stores big enough to be saved.
"""

from __future__ import annotations

import json
import shutil
import uuid
import zlib
from pathlib import Path

import numpy as np
import pytest

from vecmem.store import index_cache as cache_mod
from vecmem.store.base import utcnow
from vecmem.store.keyword_index import KeywordIndex
from vecmem.store.sqlite import SQLiteStore

THRESHOLD = 50
WORDS = [f"word{i}" for i in range(60)] + ["苹果", "记忆", "咖啡", "北京", "travel", "guitar"]
QUERIES = [["word1"], ["word2", "word3"], ["苹果"], ["记忆", "guitar"], ["word5", "咖啡"],
           ["travel", "word7", "word8"]]


def doc(rng: np.random.Generator) -> str:
    return " ".join(rng.choice(WORDS, size=int(rng.integers(3, 12))).tolist())


def add(store: SQLiteStore, texts: list[str], scope: str = "default") -> list[int]:
    now = utcnow()
    ids = []
    with store.transaction() as tx:
        for text in texts:
            ids.append(tx.insert_memory(
                {"scope": scope, "content": text, "content_norm": text,
                 "content_hash": uuid.uuid4().hex, "category": "general",
                 "memory_type": "general", "status": "active", "created_at": now,
                 "updated_at": now},
                terms=text))
    return ids


def search(store: SQLiteStore, terms: list[str], k: int = 10) -> list[tuple[int, float]]:
    with store.transaction(write=False) as tx:
        return tx.keyword_search("default", terms, k)


def indexed_ids(store: SQLiteStore) -> set[int]:
    with store.transaction(write=False) as tx:
        return {int(i) for i in store.keyword_index(tx, "default").ids()}


def keyword_manifests(db: Path) -> list[dict]:
    root = Path(str(db) + cache_mod.SUFFIX)
    if not root.is_dir():
        return []
    found = [json.loads(p.read_text()) for p in sorted(root.glob("*.json"))]
    return [m for m in found if m.get("key", {}).get("kind") == "keyword"]


def manifest_path(db: Path) -> Path:
    root = Path(str(db) + cache_mod.SUFFIX)
    [path] = [p for p in root.glob("*.json")
              if json.loads(p.read_text() or "{}").get("key", {}).get("kind") == "keyword"]
    return path


def current_seq(store: SQLiteStore) -> int:
    with store.transaction(write=False) as tx:
        return tx.current_seq()


def fresh_truth(store: SQLiteStore, terms: list[str], k: int = 10) -> list[int]:
    """Ids a brand-new build over the committed rows ranks first."""
    with store.transaction(write=False) as tx:
        return [i for i, _ in KeywordIndex.build(tx.keyword_docs("default")).search(terms, k)]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "mem.db"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every KeywordIndex build (the path a loaded copy must avoid)."""
    calls: list[int] = []
    real = KeywordIndex.build.__func__  # type: ignore[attr-defined]

    def counting(cls: type[KeywordIndex], docs, **kwargs) -> KeywordIndex:  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(cls, docs, **kwargs)

    monkeypatch.setattr(KeywordIndex, "build", classmethod(counting))
    return calls


def filled(db: Path, n: int = 300, seed: int = 1) -> tuple[list[int], list[str]]:
    """A store of n documents whose keyword index was built (hence saved), then closed."""
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    rng = np.random.default_rng(seed)
    texts = [doc(rng) for _ in range(n)]
    ids = add(store, texts)
    search(store, ["word1"])
    store.close()
    return ids, texts


# ------------------------------------------------------------------------------ reload


def test_saved_keyword_index_reloads_and_answers_identically(db: Path, builds: list[int]) -> None:
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    rng = np.random.default_rng(1)
    ids = add(store, [doc(rng) for _ in range(300)])
    before = [search(store, q) for q in QUERIES]
    assert builds == [1]
    [saved] = keyword_manifests(db)
    assert saved["seq"] == current_seq(store)
    assert saved["index"]["docs"] == 300
    store.close()

    again = SQLiteStore(db, ann_threshold=THRESHOLD)
    after = [search(again, q) for q in QUERIES]
    assert builds == [1]  # loaded, not rebuilt
    assert again.index_cache.last_load_s is not None
    assert after == before  # same ids, same scores to the bit
    assert indexed_ids(again) == set(ids)
    again.close()
    assert keyword_manifests(db) == [saved]  # nothing moved: close does not rewrite it


def test_a_small_store_keeps_no_copy(db: Path, builds: list[int]) -> None:
    store = SQLiteStore(db, ann_threshold=1_000)
    rng = np.random.default_rng(1)
    add(store, [doc(rng) for _ in range(100)])
    search(store, ["word1"])
    store.close()
    assert keyword_manifests(db) == []


def test_writes_after_the_save_are_caught_up(db: Path, builds: list[int]) -> None:
    ids, _ = filled(db)
    saved_seq = keyword_manifests(db)[0]["seq"]
    # A process that never opens the keyword index: the copy stays behind.
    writer = SQLiteStore(db, ann_threshold=THRESHOLD)
    new_ids = add(writer, ["zebra 斑马 word1", "zebra quartz"])
    archived, updated = ids[:10], ids[10:15]
    with writer.transaction() as tx:
        for mid in archived:
            tx.update_memory(mid, {"status": "archived"})
        for mid in updated:
            tx.update_memory(mid, {"content": "xylophone 木琴"}, terms="xylophone 木琴")
    writer.close()
    assert keyword_manifests(db)[0]["seq"] == saved_seq
    builds.clear()

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == (set(ids) - set(archived)) | set(new_ids)
    assert builds == []  # caught up from the copy, not rebuilt
    assert store.index_cache.last_load_s is not None
    assert {i for i, _ in search(store, ["zebra"])} == set(new_ids)
    assert [i for i, _ in search(store, ["斑马"])] == [new_ids[0]]
    assert {i for i, _ in search(store, ["xylophone"])} == set(updated)
    assert {i for i, _ in search(store, ["木琴"])} == set(updated)
    for q in QUERIES:
        hits = {i for i, _ in search(store, q, k=400)}
        assert not hits & set(archived)
        # Updated docs lost their old words.
        assert not hits & set(updated)
        assert hits == set(fresh_truth(store, q, k=400))
    store.close()
    assert keyword_manifests(db)[0]["seq"] > saved_seq  # close saved the moved index


def test_close_saves_a_moved_index_and_only_then(db: Path) -> None:
    filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    search(store, ["word1"])
    store.close()
    [unchanged] = keyword_manifests(db)

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    extra = add(store, ["newword alpha", "newword beta", "newword gamma"])
    search(store, ["word2"])
    assert keyword_manifests(db) == [unchanged]  # not saved on every write...
    seq = current_seq(store)
    store.close()
    [fresh] = keyword_manifests(db)  # ...but on close
    assert fresh["seq"] == seq > unchanged["seq"]
    assert not (Path(str(db) + cache_mod.SUFFIX) / unchanged["generation"]).exists()
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert {i for i, _ in search(store, ["newword"])} == set(extra)
    store.close()


# ----------------------------------------------------------------------------- refuse


def test_another_database_at_the_same_path_is_rebuilt(db: Path, tmp_path: Path) -> None:
    filled(db, seed=1)
    other = tmp_path / "other.db"
    store = SQLiteStore(other, ann_threshold=THRESHOLD)
    rng = np.random.default_rng(9)
    other_ids = add(store, [doc(rng) + " other" for _ in range(400)])
    assert current_seq(store) > keyword_manifests(db)[0]["seq"]
    store.close()
    shutil.copyfile(other, db)

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == set(other_ids)
    assert {i for i, _ in search(store, ["other"], k=500)} == set(other_ids)
    with store.transaction(write=False) as tx:
        assert keyword_manifests(db)[0]["key"]["store_id"] == tx.get_meta("store_id")
    store.close()


def test_a_restored_database_with_a_lower_seq_is_rebuilt(db: Path, tmp_path: Path) -> None:
    ids, _ = filled(db)
    backup = tmp_path / "backup.db"
    shutil.copyfile(db, backup)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    later = add(store, [f"later {i}" for i in range(30)])
    search(store, ["later"])
    store.close()  # saved with the 30 later documents
    assert keyword_manifests(db)[0]["index"]["docs"] == 330
    shutil.copyfile(backup, db)  # same store id, earlier seq

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    got = indexed_ids(store)
    assert got == set(ids) and not got & set(later)
    assert search(store, ["later"]) == []
    store.close()


def _rewrite_with_crc(gen: Path, manifest: dict, name: str, array: np.ndarray) -> None:
    """Replace one array file and fix its checksum: only the structure checks can tell."""
    data = np.ascontiguousarray(array).tobytes()
    (gen / f"{name}.bin").write_bytes(data)
    manifest["index"]["files"][name].update(
        length=len(array), size=len(data), crc32=zlib.crc32(data))


@pytest.mark.parametrize("damage", [
    "truncate-postings", "flip-impact-order", "drop-vocab", "garbage-manifest",
    "empty-manifest", "seq-of-another-save", "other-bm25-params", "rows-out-of-range",
])
def test_a_damaged_copy_is_rebuilt_with_correct_results(
    db: Path, damage: str, builds: list[int]
) -> None:
    ids, _ = filled(db)
    truth_store = SQLiteStore(db, ann_threshold=10**9)  # never loads or saves: the truth
    truth = {tuple(q): fresh_truth(truth_store, q) for q in QUERIES}
    truth_store.close()
    root = Path(str(db) + cache_mod.SUFFIX)
    [manifest] = keyword_manifests(db)
    gen = root / manifest["generation"]
    path = manifest_path(db)
    if damage == "truncate-postings":
        data = (gen / "doc_row.bin").read_bytes()
        (gen / "doc_row.bin").write_bytes(data[: len(data) // 2])
    elif damage == "flip-impact-order":
        data = bytearray((gen / "imp_row.bin").read_bytes())
        data[len(data) // 3] ^= 0x01  # same size: only the checksum can tell
        (gen / "imp_row.bin").write_bytes(bytes(data))
    elif damage == "drop-vocab":
        (gen / "vocab.bin").unlink()
    elif damage == "garbage-manifest":
        path.write_bytes(b"\x00\xffnot json")
    elif damage == "empty-manifest":
        path.write_text("")
    elif damage == "seq-of-another-save":
        manifest["seq"] -= 1  # the files say another seq: they belong to another save
        path.write_text(json.dumps(manifest))
    elif damage == "other-bm25-params":
        manifest["key"]["b"] = 0.75
        path.write_text(json.dumps(manifest))
    elif damage == "rows-out-of-range":
        rows = np.fromfile(gen / "doc_row.bin", dtype=np.int32)
        rows[0] = len(ids) + 5
        _rewrite_with_crc(gen, manifest, "doc_row", rows)
        path.write_text(json.dumps(manifest))
    builds.clear()

    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(store) == set(ids)
    assert builds == [1]  # refused, rebuilt
    for q in QUERIES:
        assert [i for i, _ in search(store, q)] == truth[tuple(q)]
    [fresh] = keyword_manifests(db)  # the rebuild replaced the bad copy with a good one
    assert fresh["generation"] != manifest["generation"]
    store.close()
    again = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert indexed_ids(again) == set(ids)
    assert builds == [1]
    again.close()


# --------------------------------------------------------------------- no persistence


def test_a_read_only_folder_means_no_copies(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_mkdir = Path.mkdir

    def read_only(self: Path, *args: object, **kwargs: object) -> None:
        if cache_mod.SUFFIX in str(self):
            raise PermissionError(13, "Permission denied", str(self))
        real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", read_only)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    ids = add(store, [f"memo {i} 记忆" for i in range(200)])
    assert {i for i, _ in search(store, ["memo"], k=300)} == set(ids)
    store.close()
    assert not Path(str(db) + cache_mod.SUFFIX).exists()
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert {i for i, _ in search(store, ["记忆"], k=300)} == set(ids)
    store.close()


def test_an_in_memory_database_keeps_no_copies(tmp_path: Path, builds: list[int]) -> None:
    store = SQLiteStore(":memory:", ann_threshold=THRESHOLD)
    ids = add(store, [f"memo {i}" for i in range(100)])
    assert {i for i, _ in search(store, ["memo"], k=200)} == set(ids)
    store.close()
    assert builds == [1]
    assert list(tmp_path.glob("*" + cache_mod.SUFFIX)) == []


# ---------------------------------------------------------------------- transactions


def test_rows_of_an_open_transaction_are_never_saved(db: Path) -> None:
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    ids = add(store, [f"memo {i}" for i in range(200)])  # committed, index not built
    with pytest.raises(RuntimeError), store.transaction() as tx:
        [ghost] = add(store, ["memo ghost"])  # joins the open transaction
        # The first use builds the index inside the transaction, ghost included.
        assert tx.keyword_search("default", ["ghost"], 1)[0][0] == ghost
        raise RuntimeError("roll back")
    assert keyword_manifests(db) == []  # held an uncommitted row: not saved
    assert indexed_ids(store) == set(ids)
    [saved] = keyword_manifests(db)  # the rebuild, outside the transaction, was
    assert saved["index"]["docs"] == 200
    store.close()
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert search(store, ["ghost"]) == []
    store.close()


def test_a_rollback_keeps_the_saved_copy(db: Path, builds: list[int]) -> None:
    ids, _ = filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    search(store, ["word1"])  # loads the copy
    with pytest.raises(RuntimeError), store.transaction() as tx:
        [ghost] = add(store, ["ghost 幽灵"])
        assert tx.keyword_search("default", ["幽灵"], 1)[0][0] == ghost
        raise RuntimeError("roll back")
    builds.clear()
    assert indexed_ids(store) == set(ids)  # dropped, then loaded again: no ghost
    assert builds == []
    store.close()
    again = SQLiteStore(db, ann_threshold=THRESHOLD)
    assert search(again, ["幽灵"]) == []
    again.close()


def test_invalidate_vectors_forgets_the_keyword_copies(db: Path, builds: list[int]) -> None:
    ids, _ = filled(db)
    store = SQLiteStore(db, ann_threshold=THRESHOLD)
    store.invalidate_vectors()
    assert keyword_manifests(db) == []
    builds.clear()
    assert indexed_ids(store) == set(ids)
    assert builds == [1]
    store.close()


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    index = KeywordIndex.build((i, doc(rng)) for i in range(1, 500))
    index.upsert(900, "word1 word1 新词")  # a delta, merged by the save
    index.remove(3)
    index.seq = 42
    info = index.save(tmp_path)
    copy = KeywordIndex.load(tmp_path, info)
    assert copy.seq == 42
    assert np.array_equal(copy.ids(), index.ids())
    for q in [*QUERIES, ["新词"]]:
        assert copy.search(q, 10) == index.search(q, 10)

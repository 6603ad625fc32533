"""The slot prototype vectors cached on disk per embedder (engine/slot_prototypes.py): a
second process reads them instead of embedding ~950 texts, and a forged, corrupt or stale
file is ignored and rewritten, never read as vectors. A deterministic stand-in embedder,
no model needed."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from vecmem.engine.slot_prototypes import Prototypes, cache_dir, cached_vectors

TEXTS = [f"statement {i}" for i in range(40)]


class Embed:
    """Unit vectors from a text's hash; counts the texts it embedded."""

    def __init__(self, salt: str = "") -> None:
        self.salt = salt
        self.calls = 0

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls += len(texts)
        rows = []
        for t in texts:
            seed = int.from_bytes(hashlib.sha256((self.salt + t).encode()).digest()[:8], "big")
            v = np.random.default_rng(seed).standard_normal(16).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


def only_file(directory: Path) -> Path:
    files = list(directory.glob("slot_prototypes-*.npy"))
    assert len(files) == 1, files
    return files[0]


def test_a_second_process_reads_the_cache(tmp_path: Path) -> None:
    first = Embed()
    a = cached_vectors(TEXTS, first, "m1", tmp_path)
    assert first.calls == len(TEXTS)
    again = Embed()
    b = cached_vectors(TEXTS, again, "m1", tmp_path)
    assert np.array_equal(a, b)
    assert again.calls < len(TEXTS)  # only the sample it re-checks


def test_another_model_or_prototype_set_never_reads_an_old_file(tmp_path: Path) -> None:
    cached_vectors(TEXTS, Embed(), "m1", tmp_path)
    other = Embed(salt="other model")
    got = cached_vectors(TEXTS, other, "m2", tmp_path)
    assert np.array_equal(got, other(TEXTS)) and len(list(tmp_path.glob("*.npy"))) == 2
    more = Embed()
    got = cached_vectors([*TEXTS, "one more"], more, "m1", tmp_path)
    assert more.calls >= len(TEXTS) + 1 and got.shape == (len(TEXTS) + 1, 16)


@pytest.mark.parametrize("damage", ["forged", "truncated", "garbage", "pickle", "nan",
                                    "wrong_shape"])
def test_a_forged_or_corrupt_cache_is_rebuilt(tmp_path: Path, damage: str) -> None:
    embed = Embed()
    good = cached_vectors(TEXTS, embed, "m1", tmp_path)
    path = only_file(tmp_path)
    if damage == "forged":  # well-formed unit rows that are not the model's vectors
        np.save(path, Embed(salt="attacker")(TEXTS))
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:100])
    elif damage == "garbage":
        path.write_bytes(b"\x00not an array" * 10)
    elif damage == "pickle":
        np.save(path, np.array([{"x": 1}], dtype=object), allow_pickle=True)
    elif damage == "nan":
        bad = good.copy()
        bad[3] = np.nan
        np.save(path, bad)
    else:
        np.save(path, good[:-1])
    fresh = Embed()
    got = cached_vectors(TEXTS, fresh, "m1", tmp_path)
    assert np.array_equal(got, good)
    assert fresh.calls >= len(TEXTS)  # rebuilt, not read
    assert np.array_equal(np.load(path, allow_pickle=False), good)  # and rewritten


def test_no_directory_means_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VECMEM_CACHE_DIR", "")
    assert cache_dir() is None
    monkeypatch.setenv("VECMEM_CACHE_DIR", str(tmp_path / "c"))
    assert cache_dir() == tmp_path / "c"
    embed = Embed()
    assert cached_vectors(TEXTS, embed, "m1", None).shape == (len(TEXTS), 16)
    assert not list(tmp_path.glob("**/*.npy"))


def test_an_unwritable_directory_only_means_no_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    got = cached_vectors(TEXTS, Embed(), "m1", blocker / "sub")
    assert got.shape == (len(TEXTS), 16)


def test_a_full_disk_leaves_no_partial_file(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The write fails half-way (ENOSPC): the vectors are still returned, and neither a
    partial cache file nor its temporary file is left behind to be read later."""
    import errno

    from vecmem.engine import slot_prototypes

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(slot_prototypes.np, "save", full)
    directory = tmp_path / "cache"
    got = cached_vectors(TEXTS, Embed(), "m1", directory)
    assert got.shape == (len(TEXTS), 16)
    assert list(directory.iterdir()) == []


def test_prototypes_take_their_vectors_from_the_cache(tmp_path: Path) -> None:
    rows = [(t, "residence" if i % 2 else "none") for i, t in enumerate(TEXTS)]
    embed = Embed()
    a = Prototypes(rows, embed, vectors=lambda ts: cached_vectors(ts, embed, "m1", tmp_path))
    b = Prototypes(rows, embed, vectors=lambda ts: cached_vectors(ts, embed, "m1", tmp_path))
    assert np.array_equal(a.vectors, b.vectors)

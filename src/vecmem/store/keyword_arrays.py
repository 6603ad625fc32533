"""Saving and loading the in-memory keyword index (``keyword_index.py``) as plain arrays.

A mixin of ``KeywordIndex``: the same object's state, kept out of the search module so
each stays readable. ``FORMAT_VERSION`` changes with the layout of ``to_arrays``;
``from_arrays`` refuses other versions and other BM25 parameters (the caller rebuilds).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from vecmem.store.vector_index import _read_array, _write_array

#: Bump when the layout of ``to_arrays`` changes; ``from_arrays`` refuses other versions.
FORMAT_VERSION = 1


class KeywordArrays:
    """Persistence of a ``KeywordIndex`` (which sets ``PARAMS`` to its BM25 k1, b)."""

    PARAMS: tuple[float, float]
    _lock: Any

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The whole index as plain arrays (``np.savez``-able); delta is merged first."""
        with self._lock:
            return {name: a.copy() for name, a in self._arrays().items()}

    def _arrays(self) -> dict[str, np.ndarray]:
        """`to_arrays` without the copies: views valid while the caller holds the lock."""
        with self._lock:
            if self._n_rows != self._main or self._dead_main:
                self.merge()
            n = self._main
            vocab = "\n".join(self._tokens).encode("utf-8")
            return {
                "format": np.asarray([FORMAT_VERSION], dtype=np.int64),
                "params": np.asarray([self.k1, self.b, self._avgdl], dtype=np.float64),
                "seq": np.asarray([self.seq], dtype=np.int64),
                "vocab": np.frombuffer(vocab, dtype=np.uint8),
                "vocab_size": np.asarray([len(self._tokens)], dtype=np.int64),
                "ids": self._ids[:n],
                "dl": self._dl[:n],
                "df": self._df[: len(self._tokens)],
                "fwd_ptr": self._fwd_ptr,
                "fwd_tid": self._fwd_tid,
                "post_ptr": self._post_ptr,
                "doc_row": self._doc_row,
                "doc_tf": self._doc_tf,
                "imp_row": self._imp_row,
            }

    @classmethod
    def from_arrays(cls, arrays: dict[str, Any]) -> Any:
        """Inverse of ``to_arrays``. Raises ``ValueError`` for another format or params
        (the caller then rebuilds from the store)."""
        fmt = int(np.asarray(arrays["format"])[0])
        if fmt != FORMAT_VERSION:
            raise ValueError(f"keyword index format {fmt}, expected {FORMAT_VERSION}")
        k1, b, avgdl = (float(x) for x in np.asarray(arrays["params"]))
        if (k1, b) != cls.PARAMS:
            raise ValueError(f"keyword index built with k1={k1} b={b}, now "
                             f"{cls.PARAMS[0]} {cls.PARAMS[1]}")
        index = cls(k1=k1, b=b)  # type: ignore[call-arg]
        size = int(np.asarray(arrays["vocab_size"])[0])
        text = np.asarray(arrays["vocab"], dtype=np.uint8).tobytes().decode("utf-8")
        tokens = text.split("\n") if size else []
        if len(tokens) != size:
            raise ValueError("keyword index vocabulary is damaged")
        ids = np.asarray(arrays["ids"], dtype=np.int64)
        n = len(ids)
        with index._lock:
            index.seq = int(np.asarray(arrays["seq"])[0])
            index._tokens = tokens
            index._vocab = {t: i for i, t in enumerate(tokens)}
            index._df = np.array(arrays["df"], dtype=np.int64)
            index._reserve(n)
            index._ids[:n] = ids
            index._dl[:n] = np.asarray(arrays["dl"], dtype=np.int32)
            index._alive[:n] = True
            index._n_rows = index._n_alive = index._main = n
            index._total_len = int(index._dl[:n].sum())
            index._row = dict(zip(ids.tolist(), range(n), strict=True))
            index._avgdl = avgdl
            index._fwd_ptr = np.asarray(arrays["fwd_ptr"], dtype=np.int64)
            index._fwd_tid = np.asarray(arrays["fwd_tid"], dtype=np.int32)
            index._post_ptr = np.asarray(arrays["post_ptr"], dtype=np.int64)
            index._doc_row = np.asarray(arrays["doc_row"], dtype=np.int32)
            index._doc_tf = np.asarray(arrays["doc_tf"], dtype=np.uint16)
            index._imp_row = np.asarray(arrays["imp_row"], dtype=np.int32)
            index._check(size)
        return index

    def _check(self, size: int) -> None:
        """Refuse arrays that do not describe one index (a search would index out of
        bounds or, worse, answer with the wrong memories). O(postings), no sorting."""
        n, postings = self._main, len(self._doc_row)
        fwd, post = self._fwd_ptr, self._post_ptr
        fits = (
            len(self._row) == n and len(fwd) == n + 1 and len(post) == size + 1
            and len(self._df) == size and len(self._fwd_tid) == postings
            and len(self._doc_tf) == postings and len(self._imp_row) == postings
            and fwd[0] == 0 and post[0] == 0 and fwd[-1] == postings and post[-1] == postings
            and bool((np.diff(fwd) >= 0).all()) and bool((np.diff(post) >= 0).all())
        )
        if fits and postings:
            fits = all(
                int(a.min()) >= 0 and int(a.max()) < hi
                for a, hi in ((self._doc_row, n), (self._imp_row, n), (self._fwd_tid, size))
            )
        if not fits:
            raise ValueError("keyword index arrays do not fit together")

    def save(self, folder: Path) -> dict[str, Any]:
        """Write the whole index into the existing ``folder`` (one raw file per array of
        `to_arrays`); returns what `load` needs, with every file's size and CRC-32."""
        folder = Path(folder)
        with self._lock:
            files = {}
            for name, array in self._arrays().items():
                digest = _write_array(folder / f"{name}.bin", array)
                files[name] = {"length": len(array), **digest}
            return {"format": FORMAT_VERSION, "docs": self._n_alive, "files": files}

    @classmethod
    def load(cls, folder: Path, info: Mapping[str, Any]) -> Any:
        """The index `save` wrote into ``folder``. Raises (ValueError, OSError, KeyError)
        when a file is missing, damaged or does not fit; the caller rebuilds then."""
        folder = Path(folder)
        files = info["files"]
        arrays: dict[str, np.ndarray] = {}
        for name, dtype in _ARRAY_DTYPES.items():
            length = int(files[name]["length"])
            if length < 0:
                raise ValueError(f"{name}: negative length")
            arrays[name] = np.empty(length, dtype=dtype)
            _read_array(folder / f"{name}.bin", arrays[name], files[name])
        return cls.from_arrays(arrays)


#: The arrays of `KeywordIndex.to_arrays` and their types, as `KeywordIndex.load` reads them.
_ARRAY_DTYPES: dict[str, type[np.generic]] = {
    "format": np.int64, "params": np.float64, "seq": np.int64, "vocab": np.uint8,
    "vocab_size": np.int64, "ids": np.int64, "dl": np.int32, "df": np.int64,
    "fwd_ptr": np.int64, "fwd_tid": np.int32, "post_ptr": np.int64, "doc_row": np.int32,
    "doc_tf": np.uint16, "imp_row": np.int32,
}

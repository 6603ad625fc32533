"""In-memory k-NN over unit vectors: an exact numpy scan, and HNSW above a size threshold.

The store keeps vectors durably (SQLite blobs or pgvector); this index is the fast path
in front of it and can always be rebuilt from the store. It knows nothing of statuses or
scopes: the caller over-fetches and filters.

Layout (why it is compact): one growable float32 matrix with a row per vector, a row ->
id array, and an id -> row dict. Removal swaps the last row into the hole, so the matrix
never has gaps and the exact scan is a single ``matrix @ query``.

Above ``ann_threshold`` vectors a usearch HNSW graph is kept in sync as well (the exact
scan stays available as the fallback when usearch is not installed). Measured here the
exact scan costs ~7 ms at 100k x 384 and grows linearly; HNSW stays well under a
millisecond. usearch replaced hnswlib because hnswlib ships no wheels (a fresh machine
compiled it, and failed without a compiler), while usearch has wheels for Linux, macOS
and Windows; benchmarks/vector_index_compare.py compares the two (and faiss-cpu) on the
same data. The graph holds float16 copies (see GRAPH_DTYPE); scores are exact. Graph keys
are the memory ids themselves: usearch removes a key and reuses its slot, so replacing a
vector is remove + add and the graph does not grow with churn.

``save``/``load`` write and read the whole state (matrix, ids, graph) as raw files,
each with its size and CRC-32, so a persisted copy comes back without re-reading the
store's blobs or rebuilding the graph; `vecmem.store.index_cache` decides when that copy
is valid.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

#: HNSW graph parameters (first measured with hnswlib, the same algorithm), measured on
#: real LoCoMo turn vectors with real question vectors (e5 8.6k x 384, USE 14k x 512):
#: ef_construction 100 builds twice as fast as
#: 200 at the same search recall; ef_search 128 gave recall@10 0.995-0.998 against the
#: exact scan (64 gave 0.986-0.990, too close to the 0.98 goal) at ~0.5 ms per query.
#: At 1M clustered 384-d vectors (benchmarks/search_latency.py data, 300 queries) 128 gave
#: 0.987 with some queries at 0.0 (the search stuck in a wrong region); 160 gives 0.993,
#: no query below 0.8, for +0.16 ms (0.98 ms per query); 200 and 256 gain nothing more.
HNSW_M = 16
HNSW_EF_CONSTRUCTION = 100
HNSW_EF_SEARCH = 160

#: Graph files are checked in chunks: the file is far larger than what is worth holding
#: twice in memory just to checksum it.
_CHUNK = 64 << 20


class _OneBlasThread:
    """Run BLAS single-threaded inside (when threadpoolctl is installed).

    Measured on the shared 2-core machine: a 20k x 384 scan took 10.4 ms with OpenBLAS's
    2 threads and 3.4 ms with one; through ``Memory.search`` at 10k, p50 12.1 ms -> 2.3 ms.
    A matrix-vector product this small gains nothing from threads, and idle OpenBLAS
    threads spin, stealing the cores from whatever runs next. The setting is process-wide,
    so concurrent scans share one limit, and the caller's setting comes back when the
    last one leaves.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._blas: Any = None  # threadpoolctl controller, False when unavailable
        self._limiter: Any = None

    def __enter__(self) -> None:
        with self._lock:
            if self._blas is None:
                self._blas = _blas_controller()
            if self._blas and self._depth == 0:
                self._limiter = self._blas.limit(limits=1)
            self._depth += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._depth -= 1
            if self._depth == 0 and self._limiter is not None:
                self._limiter.restore_original_limits()
                self._limiter = None


def _blas_controller() -> Any:
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # optional (the `local` extra): scans just keep BLAS's threads
        return False
    blas = ThreadpoolController().select(user_api="blas")
    return blas if blas.lib_controllers else False


_ONE_BLAS_THREAD = _OneBlasThread()


#: Bumped whenever what `save` writes changes meaning: a saved copy of another layout is
#: refused (and rebuilt) by the index cache. 1: hnswlib; 2: usearch graph keyed by id
#: holding f32 vectors; 3: the same holding f16.
FORMAT_VERSION = 3

#: The graph keeps its own copy of the vectors as float16: measured at 50k x 384
#: (benchmarks/vector_index_compare.py), f32 built in 51.6 s, f16 in 14.4 s (hnswlib 11.2 s)
#: at the same recall@10 (1.000), and it halves the graph's memory. Scores never come from
#: the f16 copy: candidates are re-scored exactly against the float32 matrix. i8 was
#: faster still but lost recall (0.887).
GRAPH_DTYPE = "f16"


def _load_usearch() -> Any | None:
    try:
        from usearch import index as usearch_index
    except ImportError:  # optional extra: the exact scan still answers correctly
        return None
    return usearch_index


def ann_library() -> str | None:
    """``usearch <version>`` when the ANN library is importable, else None."""
    from importlib import metadata

    try:
        return f"usearch {metadata.version('usearch')}"
    except metadata.PackageNotFoundError:
        return None


def _keys(ids: np.ndarray) -> np.ndarray:
    # usearch keys are uint64; ids are int64. Reinterpreting the bits is exact both ways.
    return np.ascontiguousarray(ids, dtype=np.int64).view(np.uint64)


class VectorIndex:
    """Cosine k-NN over ``int64`` ids and unit-length ``float32`` vectors. Thread-safe."""

    def __init__(
        self,
        dim: int,
        *,
        ann_threshold: int = 20_000,
        ef_search: int = HNSW_EF_SEARCH,
        m: int = HNSW_M,
        ef_construction: int = HNSW_EF_CONSTRUCTION,
    ) -> None:
        if dim < 1:
            raise ValueError(f"dim must be positive, got {dim}")
        self.dim = int(dim)
        self.ann_threshold = int(ann_threshold)
        self.ef_search = int(ef_search)
        self._m = int(m)
        self._ef_construction = int(ef_construction)
        self._lock = threading.RLock()
        self._mat = np.empty((0, self.dim), dtype=np.float32)
        self._ids = np.empty(0, dtype=np.int64)  # row -> id
        self._row: dict[int, int] = {}  # id -> row
        self._n = 0
        self._usearch = _load_usearch()
        self._ann: Any | None = None  # usearch Index keyed by id
        self._changes = 0

    # -- inspection ------------------------------------------------------------------
    def __len__(self) -> int:
        return self._n

    def __contains__(self, id_: object) -> bool:
        try:
            key = int(id_)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False
        with self._lock:
            return key in self._row

    @property
    def uses_ann(self) -> bool:
        """True while searches go through the HNSW graph rather than the exact scan."""
        return self._ann is not None

    @property
    def changes(self) -> int:
        """Rows changed since this object was made or loaded (the graph build counts every
        row): lets a persisted copy tell cheaply how far it is behind."""
        return self._changes

    def ids(self) -> np.ndarray:
        with self._lock:
            return self._ids[: self._n].copy()

    def get(self, id_: int) -> np.ndarray | None:
        """A copy of the stored vector of ``id_``, or None."""
        with self._lock:
            row = self._row.get(int(id_))
            return None if row is None else self._mat[row].copy()

    def cosines(self, ids: Iterable[int], query: np.ndarray) -> dict[int, float]:
        """The cosine of unit-length ``query`` with each held id among ``ids`` (others are
        left out), under one lock and one gather: the same numbers, bit for bit, as
        ``float(np.dot(get(id), query))`` per id (a row-by-row dot, not one matrix
        product, whose summation order differs in the last bit)."""
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        if q.shape[0] != self.dim:
            return {}
        with self._lock:
            found = [(int(i), r) for i in ids if (r := self._row.get(int(i))) is not None]
            if not found:
                return {}
            sub = self._mat[[r for _, r in found]]
        dot = np.dot
        return {id_: float(dot(sub[j], q)) for j, (id_, _) in enumerate(found)}

    # -- changes -------------------------------------------------------------------
    def upsert(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        """Insert or replace vectors. Rows are re-normalized (zero rows stay zero)."""
        ids = np.asarray(ids, dtype=np.int64).reshape(-1)
        vecs = np.asarray(vectors, dtype=np.float32)
        if vecs.ndim == 1:
            vecs = vecs.reshape(1, -1)
        if vecs.shape != (len(ids), self.dim):
            raise ValueError(
                f"expected vectors of shape ({len(ids)}, {self.dim}), got {vecs.shape}"
            )
        if not np.isfinite(vecs).all():
            raise ValueError("vectors contain NaN or infinite values")
        if len(ids) == 0:
            return
        # Last occurrence wins when a batch names an id twice, like repeated upserts would.
        _, last = np.unique(ids[::-1], return_index=True)
        keep = np.sort(len(ids) - 1 - last)
        ids, vecs = ids[keep], vecs[keep]
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        vecs = vecs / np.where(norms > 0, norms, 1.0)

        with self._lock:
            rows = np.empty(len(ids), dtype=np.int64)
            new = 0
            old: list[int] = []
            for i, id_ in enumerate(ids.tolist()):
                row = self._row.get(id_)
                if row is None:
                    row = self._n + new
                    self._row[id_] = row
                    new += 1
                else:
                    old.append(id_)
                rows[i] = row
            self._reserve(self._n + new)
            if self._ann is not None and old:
                # A replaced vector leaves the graph first; its slot is reused by the add.
                self._ann.remove(_keys(np.asarray(old, dtype=np.int64)))
            self._mat[rows] = vecs
            self._ids[rows] = ids
            self._n += new
            self._changes += len(rows)
            if self._ann is not None:
                self._ann_add(rows)
            elif self._n >= self.ann_threshold:
                self._build_ann()

    def remove(self, ids: np.ndarray) -> None:
        """Remove ids; unknown ids are ignored (removal is idempotent)."""
        with self._lock:
            for id_ in np.asarray(ids, dtype=np.int64).reshape(-1).tolist():
                row = self._row.pop(id_, None)
                if row is None:
                    continue
                if self._ann is not None:
                    self._ann.remove(_keys(np.array([id_], dtype=np.int64)))
                last = self._n - 1
                if row != last:  # swap-remove keeps the matrix dense
                    self._mat[row] = self._mat[last]
                    self._ids[row] = self._ids[last]
                    self._row[int(self._ids[row])] = row
                self._n = last
                self._changes += 1
            # Hysteresis: only fall back to the exact scan well below the threshold, so a
            # store hovering around it does not rebuild the graph back and forth.
            if self._ann is not None and self._n < self.ann_threshold // 2:
                self._ann = None

    def clear(self) -> None:
        with self._lock:
            self._changes += self._n
            self._row.clear()
            self._n = 0
            self._ann = None

    # -- search --------------------------------------------------------------------
    def search(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        """The ``k`` nearest ids by cosine similarity, best first (fewer if the index is
        smaller)."""
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        if q.shape[0] != self.dim:
            raise ValueError(f"query has dimension {q.shape[0]}, index has {self.dim}")
        norm = float(np.linalg.norm(q))
        if not np.isfinite(norm):
            raise ValueError("query contains NaN or infinite values")
        if norm > 0:
            q = q / norm
        with self._lock:
            k = min(int(k), self._n)
            if k <= 0:
                return []
            if self._ann is None and self._n >= self.ann_threshold:
                self._build_ann()
            if self._ann is not None:
                return self._ann_search(q, k)
            return self._exact(q, k)

    def _exact(self, q: np.ndarray, k: int) -> list[tuple[int, float]]:
        with _ONE_BLAS_THREAD:
            scores = self._mat[: self._n] @ q
        top = np.argpartition(-scores, k - 1)[:k] if k < self._n else np.arange(self._n)
        top = top[np.argsort(-scores[top], kind="stable")]
        return list(zip(self._ids[top].tolist(), scores[top].tolist(), strict=True))

    # -- HNSW ------------------------------------------------------------------------
    def _new_graph(self) -> Any:
        assert self._usearch is not None
        return self._usearch.Index(
            ndim=self.dim, metric="ip", dtype=GRAPH_DTYPE, connectivity=self._m,
            expansion_add=self._ef_construction, expansion_search=self.ef_search,
        )

    def _build_ann(self) -> None:
        if self._usearch is None:
            return
        self._ann = self._new_graph()
        self._ann_add(np.arange(self._n, dtype=np.int64))
        self._changes += self._n

    def _ann_add(self, rows: np.ndarray) -> None:
        assert self._ann is not None
        # A full build passes a view, not a fancy-indexed copy of the whole matrix.
        full = len(rows) == self._n and bool((rows == np.arange(self._n)).all())
        data = self._mat[: self._n] if full else self._mat[rows]
        # One thread, always: usearch 2.26's concurrent insertion into an f16 graph left
        # nodes unreachable (19 of 18,000 exact-match queries found nothing, 60 builds of
        # 300 x 16; 0 with one thread, tests/embed/test_vector_index.py). On the loaded
        # 2-core machine one thread was also faster (50k x 384: 25.4 s vs 39.4 s).
        self._ann.add(_keys(self._ids[rows]), data, threads=1)

    def _ann_search(self, q: np.ndarray, k: int) -> list[tuple[int, float]]:
        assert self._ann is not None
        self._ann.expansion_search = max(self.ef_search, k)
        found = self._ann.search(q, k, threads=1)
        keys = np.asarray(found.keys)
        if len(keys) < k:
            # The graph could not reach k live vectors (possible right after heavy
            # removal); the exact scan always can.
            return self._exact(q, k)
        ids = keys.astype(np.uint64).view(np.int64)
        # The graph only chose the candidates: their cosines (and so their order) come
        # from the exact float32 rows, the same numbers the exact scan reports.
        found_rows = [self._row.get(i) for i in ids.tolist()]
        if None in found_rows:  # never expected (graph and rows change under one lock)
            return self._exact(q, k)
        rows = np.asarray(found_rows, dtype=np.int64)
        scores = self._mat[rows] @ q
        order = np.argsort(-scores, kind="stable")
        return list(zip(ids[order].tolist(), scores[order].astype(np.float64).tolist(),
                        strict=True))

    # -- persistence ---------------------------------------------------------------
    def save(self, folder: Path) -> dict[str, Any]:
        """Write the whole state into the existing ``folder``; returns what `load` needs,
        including every file's size and CRC-32 (a torn or damaged copy must be refused,
        and a graph library trusts its file's links)."""
        folder = Path(folder)
        with self._lock:
            n, ann = self._n, self._ann
            files = {
                "matrix.f32": _write_array(folder / "matrix.f32", self._mat[:n]),
                "ids.i64": _write_array(folder / "ids.i64", self._ids[:n]),
            }
            if ann is not None:
                ann.save(str(folder / GRAPH_FILE))
                files[GRAPH_FILE] = _file_digest(folder / GRAPH_FILE)
            return {
                "dim": self.dim, "n": n, "m": self._m, "ef_construction": self._ef_construction,
                "graph": ann is not None, "files": files,
            }

    @classmethod
    def load(
        cls,
        folder: Path,
        info: Mapping[str, Any],
        *,
        ann_threshold: int = 20_000,
        ef_search: int = HNSW_EF_SEARCH,
    ) -> VectorIndex:
        """The index `save` wrote into ``folder``. Raises (ValueError, OSError, KeyError,
        RuntimeError from usearch) when a file is missing, damaged or inconsistent; the
        caller rebuilds then. The graph is skipped when it would not be used: usearch
        missing, or fewer vectors than ``ann_threshold`` (the exact scan answers)."""
        folder = Path(folder)
        files = info["files"]
        dim, n = int(info["dim"]), int(info["n"])
        index = cls(
            dim, ann_threshold=ann_threshold, ef_search=ef_search, m=int(info["m"]),
            ef_construction=int(info["ef_construction"]),
        )
        if n < 0:
            raise ValueError(f"negative row count {n}")
        graph = bool(info["graph"]) and index._usearch is not None and n >= index.ann_threshold
        # Headroom, so the first writes after a load do not copy the whole matrix.
        cap = n + max(64, n // 16)
        mat = np.empty((cap, dim), dtype=np.float32)
        ids = np.empty(cap, dtype=np.int64)
        with ThreadPoolExecutor(max_workers=1) as pool:
            # The graph is checked and parsed while this thread reads the matrix: file
            # reads and zlib release the GIL.
            pending = pool.submit(
                _load_graph, index._usearch, folder / GRAPH_FILE, files[GRAPH_FILE], dim
            ) if graph else None
            _read_array(folder / "matrix.f32", mat[:n], files["matrix.f32"])
            _read_array(folder / "ids.i64", ids[:n], files["ids.i64"])
            row = dict(zip(ids[:n].tolist(), range(n), strict=True))
            if len(row) != n:
                raise ValueError("duplicate ids in a saved index")
            if pending is not None:
                ann = pending.result()
                if int(ann.connectivity) != index._m:
                    raise ValueError("saved graph has other parameters")
                # The graph must hold exactly the saved ids, or searches would return
                # memories that are not there (or miss ones that are).
                keys = np.sort(np.asarray(ann.keys, dtype=np.uint64).view(np.int64))
                if len(keys) != n or not np.array_equal(keys, np.sort(ids[:n])):
                    raise ValueError("saved graph does not match saved ids")
                ann.expansion_add = index._ef_construction
                ann.expansion_search = index.ef_search
                index._ann = ann
        index._mat, index._ids, index._row, index._n = mat, ids, row, n
        return index

    # -- storage -------------------------------------------------------------------
    def _reserve(self, rows: int) -> None:
        cap = self._mat.shape[0]
        if rows <= cap:
            return
        # Grow by half (not double) to bound the transient copy of a large matrix.
        new_cap = max(rows, int(cap * 1.5), 64)
        mat = np.empty((new_cap, self.dim), dtype=np.float32)
        mat[: self._n] = self._mat[: self._n]
        ids = np.empty(new_cap, dtype=np.int64)
        ids[: self._n] = self._ids[: self._n]
        self._mat, self._ids = mat, ids


#: The graph's file in a saved folder.
GRAPH_FILE = "usearch.bin"


def _load_graph(usearch_index: Any, path: Path, expect: Mapping[str, int], dim: int) -> Any:
    # A graph file is trusted by the library's loader: check every byte first.
    _check_file(path, expect)
    ann = usearch_index.Index.restore(str(path))
    if ann is None:
        raise ValueError(f"{path.name} is not a usearch index")
    if int(ann.ndim) != dim:
        raise ValueError("saved graph has another dimension")
    return ann


def _bytes(array: np.ndarray) -> memoryview:
    # A view, never a copy: `_read_array` fills the caller's array through it.
    if not array.flags.c_contiguous:
        raise ValueError("array must be contiguous")
    return memoryview(array.reshape(-1).view(np.uint8))


def _write_array(path: Path, array: np.ndarray) -> dict[str, int]:
    buf = _bytes(np.ascontiguousarray(array))
    with open(path, "wb") as f:
        f.write(buf)
    return {"size": buf.nbytes, "crc32": zlib.crc32(buf)}


def _read_array(path: Path, out: np.ndarray, expect: Mapping[str, int]) -> None:
    """Fill ``out`` (contiguous) from ``path``, refusing a size or checksum mismatch."""
    buf = _bytes(out)
    if int(expect["size"]) != buf.nbytes:
        raise ValueError(f"{path.name}: expected {buf.nbytes} bytes, manifest says "
                         f"{expect['size']}")
    with open(path, "rb") as f:
        got = 0
        while got < buf.nbytes:
            read = f.readinto(buf[got:])
            if not read:
                raise ValueError(f"{path.name} is truncated")
            got += read
        if f.read(1):
            raise ValueError(f"{path.name} is longer than saved")
    if zlib.crc32(buf) != int(expect["crc32"]):
        raise ValueError(f"{path.name} is damaged (checksum)")


def _file_digest(path: Path) -> dict[str, int]:
    crc, size = 0, 0
    chunk = bytearray(_CHUNK)
    view = memoryview(chunk)
    with open(path, "rb") as f:
        while read := f.readinto(chunk):
            crc = zlib.crc32(view[:read], crc)
            size += read
    return {"size": size, "crc32": crc}


def _check_file(path: Path, expect: Mapping[str, int]) -> None:
    if path.stat().st_size != int(expect["size"]):
        raise ValueError(f"{path.name} has the wrong size")
    if _file_digest(path) != {"size": int(expect["size"]), "crc32": int(expect["crc32"])}:
        raise ValueError(f"{path.name} is damaged (checksum)")

"""Persisted vector indexes for file-backed SQLite stores, in a folder beside the database.

Why: the in-memory index is derived data, rebuilt from the vector blobs on every open, and
the HNSW graph dominates that (24 s at 100k, ~5 min at 1M on 2 cores). Loading a saved
copy and catching up by change number takes seconds instead.

Layout of ``<db>.vecmem-index/``, one entry per (scope, model, dim):

    <stem>.json          the manifest: validity key, change number, file sizes and CRCs
    <stem>-<token>/      one generation of files written by `VectorIndex.save`

A save writes a new generation folder, then swaps the manifest in with ``os.replace``; a
reader therefore sees an old complete entry or a new complete one, never a mix.

Validity: the manifest names the store (its random ``store_id`` in ``meta``), scope, model,
dim, hnswlib parameters and version, and the change number (``seq``) the copy reflects.
Only committed states are saved (`committed_meta`), so every row change after the saved
seq carries a higher seq and the store's normal sync catches up. A copy is refused, and
removed so nobody trusts it later, when the identity or parameters differ, when its seq is
ahead of the store's (a restored or replaced database), or when a file fails its checksum.
Anything going wrong here means a rebuild, never an error and never a stale answer.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import secrets
import shutil
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

from vecmem.store.vector_index import HNSW_EF_CONSTRUCTION, HNSW_M, VectorIndex

log = logging.getLogger(__name__)

FORMAT = 1
SUFFIX = ".vecmem-index"
#: Leftovers of saves that died (or generations a concurrent save displaced) older than
#: this are removed; younger ones may still be in use by another process.
STALE_S = 3600.0


def _hnswlib_version() -> str | None:
    from importlib import metadata

    try:
        return metadata.version("hnswlib")
    except metadata.PackageNotFoundError:
        return None


def committed_meta(db_path: Path) -> tuple[str | None, int] | None:
    """(store_id, seq) as committed in the file right now, read on a fresh connection:
    the caller's own connection may be inside a transaction that could still roll back.
    None when the file cannot be read."""
    try:
        conn = sqlite3.connect(db_path, timeout=5.0)
        try:
            rows = dict(conn.execute(
                "SELECT key, value FROM meta WHERE key IN ('seq', 'store_id')").fetchall())
        finally:
            conn.close()
        return rows.get("store_id"), int(rows.get("seq", 0))
    except (sqlite3.Error, ValueError):
        return None


class IndexCache:
    """Save and load `VectorIndex` copies for the database at ``db_path``."""

    def __init__(self, db_path: str | os.PathLike[str]) -> None:
        name = os.fspath(db_path)
        self.db_path = Path(name)
        # In-memory and URI databases have no folder of their own to put files beside.
        self.root: Path | None = (
            None if name in ("", ":memory:") or name.startswith("file:")
            else Path(name + SUFFIX)
        )
        #: Wall time of the last successful load / save, for benchmarks and diagnostics.
        self.last_load_s: float | None = None
        self.last_save_s: float | None = None

    @property
    def enabled(self) -> bool:
        return self.root is not None

    # -- keys ---------------------------------------------------------------------------
    @staticmethod
    def _stem(scope: str, model: str, dim: int) -> str:
        # Scopes and model names are arbitrary text (Chinese, slashes): hash them.
        raw = json.dumps([scope, model, int(dim)], ensure_ascii=False).encode()
        return hashlib.sha256(raw).hexdigest()[:24]

    @staticmethod
    def _key(store_id: str, scope: str, model: str, dim: int) -> dict[str, Any]:
        return {
            "format": FORMAT, "store_id": store_id, "scope": scope, "model": model,
            "dim": int(dim), "space": "ip", "m": HNSW_M, "ef_construction": HNSW_EF_CONSTRUCTION,
            "hnswlib": _hnswlib_version(), "byteorder": sys.byteorder,
        }

    def _manifest(self, stem: str) -> dict[str, Any] | None:
        assert self.root is not None
        try:
            data = json.loads((self.root / f"{stem}.json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            return {}  # unreadable: treated as invalid, hence removed
        return data if isinstance(data, dict) else {}

    # -- load ---------------------------------------------------------------------------
    def load(
        self, *, store_id: str, scope: str, model: str, dim: int, current_seq: int,
        ann_threshold: int,
    ) -> tuple[VectorIndex, int] | None:
        """The saved index and the seq it reflects, or None (nothing valid saved)."""
        if self.root is None:
            return None
        stem = self._stem(scope, model, dim)
        key = self._key(store_id, scope, model, dim)
        for attempt in range(2):
            t0 = time.perf_counter()
            manifest = self._manifest(stem)
            if manifest is None:
                return None
            seq = manifest.get("seq")
            if isinstance(seq, int) and seq > current_seq and manifest.get("key") == key:
                state = committed_meta(self.db_path)
                if state is not None and state[0] == store_id and state[1] >= seq:
                    # Saved by another process after this transaction's snapshot: valid,
                    # but it holds rows this transaction cannot see yet. Leave it be.
                    return None
            if manifest.get("key") != key or not isinstance(seq, int) or seq > current_seq:
                # Another database now lives at this path, or this one was restored to an
                # earlier state, or the graph parameters changed: the copy is worthless.
                log.info("vector index copy for %r/%r is stale; rebuilding", scope, model)
                self._remove(stem, manifest)
                return None
            try:
                index = VectorIndex.load(
                    self.root / str(manifest["generation"]), manifest["index"],
                    ann_threshold=ann_threshold,
                )
            except FileNotFoundError:
                # A concurrent save may have swapped generations under us: look again once.
                if attempt == 0 and self._manifest(stem) != manifest:
                    continue
                log.warning("vector index copy for %r/%r is incomplete; rebuilding",
                            scope, model)
            except Exception as exc:  # any damage means a rebuild, never a crash
                log.warning("vector index copy for %r/%r is damaged (%s); rebuilding",
                            scope, model, exc)
            else:
                self.last_load_s = time.perf_counter() - t0
                return index, seq
            self._remove(stem, manifest)
            return None
        return None

    # -- save ---------------------------------------------------------------------------
    def save(
        self, index: VectorIndex, *, store_id: str, scope: str, model: str, seq: int
    ) -> bool:
        """Persist ``index`` as reflecting change ``seq``. The caller guarantees that seq
        is committed (see `is_committed`). False when nothing could be written."""
        if self.root is None:
            return False
        t0 = time.perf_counter()
        stem = self._stem(scope, model, index.dim)
        generation = f"{stem}-{secrets.token_hex(6)}"
        tmp = self.root / f"{generation}.tmp"
        try:
            self.root.mkdir(exist_ok=True)
            tmp.mkdir()
            info = index.save(tmp)
            os.replace(tmp, self.root / generation)
            old = self._manifest(stem)
            manifest = {
                "key": self._key(store_id, scope, model, index.dim), "seq": int(seq),
                "generation": generation, "index": info,
                "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            }
            _write_atomic(self.root / f"{stem}.json",
                          json.dumps(manifest, ensure_ascii=False).encode())
        except Exception as exc:  # saving is an optimization, never an error
            # Read-only folder, disk full, ...: the index still works, it just is not kept.
            log.info("vector index for %r/%r not saved: %s", scope, model, exc)
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.rmtree(self.root / generation, ignore_errors=True)
            return False
        self._sweep(stem, keep=generation, displaced=(old or {}).get("generation"))
        self.last_save_s = time.perf_counter() - t0
        return True

    def is_committed(self, store_id: str, seq: int) -> bool:
        """True when change ``seq`` is committed in this very database, so a copy of an
        index synced to it may be saved: a copy of rows that later roll back would be
        trusted as truth by the next open."""
        if self.root is None:
            return False
        state = committed_meta(self.db_path)
        return state is not None and state[0] == store_id and state[1] >= seq

    # -- removal ------------------------------------------------------------------------
    def discard(self) -> None:
        """Forget every saved copy (rows changed behind the change numbers' back)."""
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)

    def _remove(self, stem: str, manifest: dict[str, Any]) -> None:
        assert self.root is not None
        with contextlib.suppress(OSError):
            (self.root / f"{stem}.json").unlink()
        generation = manifest.get("generation")
        if isinstance(generation, str) and generation.startswith(f"{stem}-"):
            shutil.rmtree(self.root / generation, ignore_errors=True)

    def _sweep(self, stem: str, *, keep: str, displaced: Any) -> None:
        """Remove the generation the new manifest replaced, and stale leftovers (saves
        that died, generations a concurrent save displaced)."""
        assert self.root is not None
        now = time.time()
        with contextlib.suppress(OSError):
            for entry in list(self.root.iterdir()):
                name = entry.name
                if name == keep or not name.startswith((f"{stem}-", f"{stem}.json.")):
                    continue
                with contextlib.suppress(OSError):
                    if name == displaced or now - entry.stat().st_mtime > STALE_S:
                        if entry.is_dir():
                            shutil.rmtree(entry, ignore_errors=True)
                        else:
                            entry.unlink()


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise

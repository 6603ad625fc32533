"""Persisted in-memory indexes for file-backed SQLite stores, in a folder beside the database.

Why: the in-memory indexes are derived data, rebuilt on every open. The HNSW graph
dominates that (24 s at 100k, ~5 min at 1M on 2 cores), and the BM25 keyword index takes
~25 s at 1M. Loading a saved copy and catching up by change number takes seconds instead.

Layout of ``<db>.vecmem-index/``, one entry per vector index (scope, model, dim) and per
keyword index (scope):

    <stem>.json          the manifest: validity key, change number, file sizes and CRCs
    <stem>-<token>/      one generation of files written by `VectorIndex.save` or
                         `KeywordIndex.save`

A save writes a new generation folder, then swaps the manifest in with ``os.replace``; a
reader therefore sees an old complete entry or a new complete one, never a mix.

Validity: the manifest names the store (its random ``store_id`` in ``meta``), the entry
(scope; model, dim, layout, graph parameters and ANN library version for vectors; layout
version and BM25 parameters for keywords), and the change number (``seq``) the copy reflects.
Only committed states are saved (`committed_meta`), so every row change after the saved
seq carries a higher seq and the store's normal sync catches up. A copy is refused, and
removed so nobody trusts it later, when the identity or parameters differ, when its seq is
ahead of the store's (a restored or replaced database), when the newest audit event it saw
is gone (a restored database written past the copy's seq: `history_anchor`), or when a
file fails its checksum.
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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from vecmem.store import vector_index as vi
from vecmem.store.vector_index import HNSW_EF_CONSTRUCTION, HNSW_M, VectorIndex

if TYPE_CHECKING:
    from vecmem.store.keyword_index import KeywordIndex

T = TypeVar("T")

log = logging.getLogger(__name__)

FORMAT = 1
SUFFIX = ".vecmem-index"
#: Leftovers of saves that died (or generations a concurrent save displaced) older than
#: this are removed; younger ones may still be in use by another process.
STALE_S = 3600.0


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


def history_anchor(db_path: Path, event_id: int | None = None) -> list[Any] | None:
    """The newest audit event (or event ``event_id``) as ``[id, created_at, action,
    memory_id]``, read on a fresh connection; None when there is none.

    Events are append-only, so an event a copy saw stays in this database forever. A
    backup restored over the database and then written past the copy's change number has
    the same store id and a plausible seq, but not that event (its ids are re-used by
    other events with other timestamps): the anchor tells the two histories apart."""
    conn = sqlite3.connect(db_path, timeout=5.0)
    try:
        sql = "SELECT event_id, created_at, action, memory_id FROM events "
        row = (conn.execute(sql + "WHERE event_id = ?", (event_id,)).fetchone()
               if event_id is not None
               else conn.execute(sql + "ORDER BY event_id DESC LIMIT 1").fetchone())
    finally:
        conn.close()
    return None if row is None else [int(row[0]), str(row[1]), str(row[2]), row[3]]


def _manifest_checksum(manifest: dict[str, Any]) -> str:
    """SHA-256 of the manifest's canonical JSON, the checksum field left out."""
    body = {k: v for k, v in manifest.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False)
                          .encode("utf-8")).hexdigest()


class IndexCache:
    """Save and load index copies for the database at ``db_path``: `VectorIndex` per
    (scope, model, dim) and `KeywordIndex` per scope, through one mechanism."""

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

    # -- kinds of entries ---------------------------------------------------------------
    # Each kind names its entry (a stem), its validity key, and how to write and read its
    # files; everything else (manifest, generations, refusal, sweeping) is shared.
    @staticmethod
    def _stem(*parts: Any) -> str:
        # Scopes and model names are arbitrary text (Chinese, slashes): hash them.
        raw = json.dumps(list(parts), ensure_ascii=False).encode()
        return hashlib.sha256(raw).hexdigest()[:24]

    @staticmethod
    def _key(store_id: str, scope: str, model: str, dim: int) -> dict[str, Any]:
        return {
            "format": FORMAT, "store_id": store_id, "scope": scope, "model": model,
            "dim": int(dim), "space": "ip", "m": HNSW_M, "ef_construction": HNSW_EF_CONSTRUCTION,
            "layout": vi.FORMAT_VERSION, "ann": vi.ann_library(), "byteorder": sys.byteorder,
        }

    @staticmethod
    def _keyword_key(store_id: str, scope: str) -> dict[str, Any]:
        from vecmem.store import keyword_index as kw

        return {
            "format": FORMAT, "kind": "keyword", "store_id": store_id, "scope": scope,
            "layout": kw.FORMAT_VERSION, "k1": kw.K1, "b": kw.B, "byteorder": sys.byteorder,
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

    # -- vector indexes -----------------------------------------------------------------
    def load(
        self, *, store_id: str, scope: str, model: str, dim: int, current_seq: int,
        ann_threshold: int,
    ) -> tuple[VectorIndex, int] | None:
        """The saved vector index and the seq it reflects, or None (nothing valid saved)."""
        return self._load(
            self._stem(scope, model, dim), self._key(store_id, scope, model, dim),
            lambda folder, info, _seq: VectorIndex.load(
                folder, info, ann_threshold=ann_threshold),
            store_id=store_id, current_seq=current_seq, what=f"vector index {scope!r}/{model!r}",
        )

    def save(
        self, index: VectorIndex, *, store_id: str, scope: str, model: str, seq: int
    ) -> bool:
        """Persist ``index`` as reflecting change ``seq``. The caller guarantees that seq
        is committed (see `is_committed`). False when nothing could be written."""
        return self._save(
            self._stem(scope, model, index.dim), self._key(store_id, scope, model, index.dim),
            index.save, seq=seq, what=f"vector index {scope!r}/{model!r}",
        )

    # -- keyword indexes ----------------------------------------------------------------
    def load_keyword(
        self, *, store_id: str, scope: str, current_seq: int
    ) -> tuple[KeywordIndex, int] | None:
        """The saved keyword index of ``scope`` and the seq it reflects, or None."""
        from vecmem.store.keyword_index import KeywordIndex

        def read(folder: Path, info: dict[str, Any], seq: int) -> KeywordIndex:
            index = KeywordIndex.load(folder, info)
            if index.seq != seq:  # the arrays carry their seq too: they must agree
                raise ValueError("keyword index files belong to another save")
            return index

        return self._load(
            self._stem("keyword", scope), self._keyword_key(store_id, scope), read,
            store_id=store_id, current_seq=current_seq, what=f"keyword index {scope!r}",
        )

    def save_keyword(
        self, index: KeywordIndex, *, store_id: str, scope: str, seq: int
    ) -> bool:
        """Persist keyword ``index`` (whose ``seq`` must be ``seq``, committed)."""
        return self._save(
            self._stem("keyword", scope), self._keyword_key(store_id, scope), index.save,
            seq=seq, what=f"keyword index {scope!r}",
        )

    # -- shared -------------------------------------------------------------------------
    def _load(
        self, stem: str, key: dict[str, Any], read: Callable[[Path, dict[str, Any], int], T],
        *, store_id: str, current_seq: int, what: str,
    ) -> tuple[T, int] | None:
        if self.root is None:
            return None
        for attempt in range(2):
            t0 = time.perf_counter()
            manifest = self._manifest(stem)
            if manifest is None:
                return None
            if manifest.get("checksum") != _manifest_checksum(manifest):
                # The manifest covers itself: an edited or damaged one (a lowered seq would
                # make the copy claim an older state than its files hold) is not trusted.
                log.warning("%s manifest fails its checksum; rebuilding", what)
                self._remove(stem, manifest)
                return None
            seq = manifest.get("seq")
            if isinstance(seq, int) and seq > current_seq and manifest.get("key") == key:
                state = committed_meta(self.db_path)
                if state is not None and state[0] == store_id and state[1] >= seq:
                    # Saved by another process after this transaction's snapshot: valid,
                    # but it holds rows this transaction cannot see yet. Leave it be.
                    return None
            if (manifest.get("key") != key or not isinstance(seq, int) or seq > current_seq
                    or not self._same_history(manifest)):
                # Another database now lives at this path, or this one was restored to an
                # earlier state, or the parameters changed: the copy is worthless.
                log.info("%s copy is stale; rebuilding", what)
                self._remove(stem, manifest)
                return None
            try:
                index = read(self.root / str(manifest["generation"]), manifest["index"], seq)
            except FileNotFoundError:
                # A concurrent save may have swapped generations under us: look again once.
                if attempt == 0 and self._manifest(stem) != manifest:
                    continue
                log.warning("%s copy is incomplete; rebuilding", what)
            except Exception as exc:  # any damage means a rebuild, never a crash
                log.warning("%s copy is damaged (%s); rebuilding", what, exc)
            else:
                self.last_load_s = time.perf_counter() - t0
                return index, seq
            self._remove(stem, manifest)
            return None
        return None

    def _save(
        self, stem: str, key: dict[str, Any], write: Callable[[Path], dict[str, Any]], *,
        seq: int, what: str,
    ) -> bool:
        if self.root is None:
            return False
        t0 = time.perf_counter()
        generation = f"{stem}-{secrets.token_hex(6)}"
        tmp = self.root / f"{generation}.tmp"
        try:
            self.root.mkdir(exist_ok=True)
            tmp.mkdir()
            info = write(tmp)
            os.replace(tmp, self.root / generation)
            old = self._manifest(stem)
            manifest = {
                "key": key, "seq": int(seq), "generation": generation, "index": info,
                "anchor": history_anchor(self.db_path),
                "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            }
            manifest["checksum"] = _manifest_checksum(manifest)
            _write_atomic(self.root / f"{stem}.json",
                          json.dumps(manifest, ensure_ascii=False).encode())
        except Exception as exc:  # saving is an optimization, never an error
            # Read-only folder, disk full, ...: the index still works, it just is not kept.
            log.info("%s not saved: %s", what, exc)
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.rmtree(self.root / generation, ignore_errors=True)
            return False
        self._sweep(stem, keep=generation, displaced=(old or {}).get("generation"))
        self.last_save_s = time.perf_counter() - t0
        return True

    def _same_history(self, manifest: dict[str, Any]) -> bool:
        if "anchor" not in manifest:
            return False
        anchor = manifest["anchor"]
        try:
            if anchor is None:  # saved before any event: any history extends it
                return True
            return history_anchor(self.db_path, int(anchor[0])) == anchor
        except (sqlite3.Error, TypeError, ValueError, IndexError):
            return False

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

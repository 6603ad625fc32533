"""Consistent copies of a SQLite store, and restoring one, while other processes write.

Copying ``mem.db`` with ``cp`` while a writer is busy gives a file that may be torn, and
without its ``-wal`` it misses committed writes; with a ``-wal`` of another moment it is
corrupt. SQLite's online backup API copies the pages as one reader sees them: one state,
every committed write up to that moment and none after. Writers are not blocked (WAL).

The copy is written beside its destination and renamed into place only once complete and
checked, so a crash never leaves a half copy under the requested name; it is one
self-contained file (rollback journal mode: no ``-wal``/``-shm`` to carry along).

PostgreSQL stores are backed up with ``pg_dump``; ``backup_store`` says so.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from vecmem.errors import InvalidInputError, StoreError

#: Tables every vecmem store has; a file without them is not a vecmem store.
_REQUIRED = ("schema_version", "meta", "memories", "events")


def _stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def upgrade_backup_path(db: Path, label: str) -> Path:
    """Where the copy taken before an upgrade goes: beside the database, never over one."""
    base = db.with_name(f"{db.name}.before-upgrade-{label}-{_stamp()}")
    path, n = base, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


def backup_sqlite(src: str | os.PathLike[str], dest: str | os.PathLike[str], *,
                  overwrite: bool = False) -> Path:
    """Copy the SQLite database ``src`` to ``dest`` with the online backup API; returns
    ``dest``. Refuses to replace an existing ``dest`` unless ``overwrite``."""
    src, dest = Path(src), Path(dest).expanduser()
    if not src.is_file():
        raise StoreError(f"cannot back up {src}: no such database file")
    if dest.exists() and not overwrite:
        raise StoreError(f"{dest} already exists; choose another path (or remove it first)")
    if not dest.parent.is_dir():
        raise StoreError(f"cannot write {dest}: folder {dest.parent} does not exist")
    if dest.exists() and dest.resolve() == src.resolve():
        raise StoreError(f"cannot back up {src} onto itself")
    tmp = dest.with_name(f".{dest.name}.partial-{os.getpid()}")
    try:
        with contextlib.closing(_connect(src, readonly=True)) as source, \
                contextlib.closing(sqlite3.connect(tmp, isolation_level=None)) as copy:
            # One step (pages=-1): one read transaction, so one consistent state even
            # while others write (a stepwise copy restarts whenever the source changes).
            source.backup(copy, pages=-1)
            copy.execute("PRAGMA journal_mode = DELETE")
            _check(copy, dest)
        os.replace(tmp, dest)
    except sqlite3.Error as exc:
        raise StoreError(f"backup of {src} to {dest} failed ({exc})") from None
    except OSError as exc:
        raise StoreError(f"backup of {src} to {dest} failed ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return dest


def restore_sqlite(backup: str | os.PathLike[str], db: str | os.PathLike[str], *,
                   force: bool = False) -> dict[str, Any]:
    """Make ``db`` hold the state saved in ``backup``.

    An existing database is replaced only with ``force``, and is first copied aside
    (``<db>.replaced-<time>``) so a mistaken restore can itself be undone. The pages go
    in through SQLite's backup API, so a process that has ``db`` open sees the old state
    or the restored one, never a mix, and no stale ``-wal`` can be replayed over it.
    """
    backup, db = Path(backup).expanduser(), Path(db).expanduser()
    if not backup.is_file():
        raise StoreError(f"cannot restore from {backup}: no such file")
    try:
        with contextlib.closing(_connect(backup, readonly=True)) as source:
            _check(source, backup)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot restore from {backup}: not a readable database ({exc})") \
            from None
    if db.exists() and db.resolve() == backup.resolve():
        raise StoreError(f"cannot restore {db} from itself")
    aside = None
    if db.exists():
        if not force:
            raise StoreError(
                f"{db} exists; restoring would replace it. Pass --force (the current file "
                "is kept aside first)")
        aside = backup_sqlite(db, db.with_name(f"{db.name}.replaced-{_stamp()}"))
    elif not db.parent.is_dir():
        raise StoreError(f"cannot restore to {db}: folder {db.parent} does not exist")
    try:
        with contextlib.closing(_connect(backup, readonly=True)) as source, \
                contextlib.closing(sqlite3.connect(db, isolation_level=None, timeout=30)) as target:
            source.backup(target, pages=-1)
    except sqlite3.Error as exc:
        raise StoreError(f"restore of {db} from {backup} failed ({exc}); "
                         + (f"the previous file is kept at {aside}" if aside else "")) from None
    from vecmem.store.index_cache import IndexCache

    IndexCache(db).discard()  # saved indexes describe the replaced state
    return {"restored": str(db), "from": str(backup), "replaced_kept_at":
            str(aside) if aside else None}


def backup_store(store: Any, dest: str | os.PathLike[str]) -> dict[str, Any]:
    """``Memory.backup``: a consistent copy of the store behind ``store``."""
    if not isinstance(dest, str | os.PathLike) or not os.fspath(dest).strip():
        raise InvalidInputError("backup needs the path of the copy to write")
    if getattr(store, "engine_name", None) != "sqlite":
        raise StoreError(
            "vecmem backup copies SQLite stores only; back up a PostgreSQL store with "
            "pg_dump (e.g. pg_dump --format=custom --file=vecmem.dump \"$VECMEM_DB\") and "
            "restore it with pg_restore")
    path = backup_sqlite(store.path, dest)
    return {"backup": str(path), "from": str(store.path), "bytes": path.stat().st_size}


def restore_store(backup: str | os.PathLike[str], db: str | os.PathLike[str], *,
                  force: bool = False) -> dict[str, Any]:
    """``Memory.restore_backup``: ``restore_sqlite`` for a store named by path or URL."""
    for what, value in (("backup", backup), ("database", db)):
        if not isinstance(value, str | os.PathLike) or not os.fspath(value).strip():
            raise InvalidInputError(f"restore needs the path of the {what}")
    if os.fspath(db).startswith(("postgresql://", "postgres://")):
        raise StoreError("vecmem restores SQLite stores only; restore a PostgreSQL store "
                         "from its pg_dump with pg_restore")
    return restore_sqlite(backup, db, force=force)


def _connect(path: Path, *, readonly: bool) -> sqlite3.Connection:
    from urllib.request import pathname2url

    uri = f"file:{pathname2url(str(path.resolve()))}" + ("?mode=ro" if readonly else "")
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)
    conn.execute("PRAGMA busy_timeout = 30000")
    return conn


def _check(conn: sqlite3.Connection, where: Path) -> None:
    """The copy reads back whole and is a vecmem store."""
    problems = [r[0] for r in conn.execute("PRAGMA quick_check") if r[0] != "ok"]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = [t for t in _REQUIRED if t not in tables]
    if problems or missing:
        detail = "; ".join(problems[:3]) or f"missing tables {', '.join(missing)}"
        raise StoreError(f"{where} is not a usable vecmem database ({detail})")

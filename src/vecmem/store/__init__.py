"""Storage engines (SQLite, PostgreSQL) behind one ``Store`` interface; `open_store`
picks one from a path or URL. Engines are imported lazily: importing the package costs
nothing, and PostgreSQL support is optional."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from vecmem.errors import InvalidInputError

if TYPE_CHECKING:
    from vecmem.settings import Settings
    from vecmem.store.base import Store


def open_store(url: str, settings: Settings, *, create: bool = True) -> Store:
    """Pick the engine from the URL: ``postgresql://`` or a SQLite file path.

    ``create=False`` opens only what is already there: a SQLite file that does not exist
    is an input error, and PostgreSQL runs no DDL (no schema is created or migrated)."""
    from vecmem.settings import DEFAULT_DB

    if not isinstance(url, str) or not url.strip():
        raise InvalidInputError("database path or URL must be a non-empty string")
    if "\x00" in url:
        raise InvalidInputError("database path contains a NUL byte")
    if url.startswith(("postgresql://", "postgres://")):
        try:
            from vecmem.store.postgres import PostgresStore
        except ImportError as exc:
            raise InvalidInputError(
                f"PostgreSQL support is not installed ({exc}); pip install 'vecmem[postgres]'"
            ) from None
        return PostgresStore(url, pool_size=settings.pg_pool_size, migrate=create)
    from vecmem.store.sqlite import SQLiteStore

    path = os.path.expanduser(url)
    if not create and not os.path.isfile(path):
        raise InvalidInputError(f"no vecmem database at {path} (the file does not exist)")
    if url == DEFAULT_DB:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    return SQLiteStore(path, ann_threshold=settings.ann_threshold)

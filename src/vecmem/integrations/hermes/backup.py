"""``hermes backup`` support: a consistent snapshot of a database outside HERMES_HOME."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vecmem.errors import VecmemError
from vecmem.integrations.hermes.config import resolve_settings

logger = logging.getLogger(__name__)


def snapshot_paths(home: Path, overrides: Mapping[str, Any]) -> list[str]:
    """A snapshot of the database when it lives outside HERMES_HOME (``hermes backup``).

    Hermes zips what is listed here as plain files, so the live file with its
    ``-wal``/``-shm`` would be a torn copy; instead vecmem writes ``<db>.hermes-snapshot``
    with SQLite's backup API (consistent while others write) and lists only that.
    ``hermes import`` puts it back beside the database: ``vecmem restore-backup`` it.
    """
    try:
        settings, _ = resolve_settings(home, overrides)
    except Exception:
        return []
    if settings.db.startswith(("postgresql://", "postgres://")):
        return []
    db = Path(settings.db).expanduser().resolve()
    try:
        db.relative_to(home.expanduser().resolve())
        return []  # already inside HERMES_HOME: backed up with it
    except ValueError:
        pass
    if not db.is_file():
        return []
    snapshot = db.with_name(f"{db.name}.hermes-snapshot")
    try:
        from vecmem.embed.hashing import HashingEmbedder
        from vecmem.memory import Memory

        snapshot.unlink(missing_ok=True)
        # Nothing is embedded or written here: the cheap embedder avoids loading a model.
        with Memory.open(db, settings=settings, embedder=HashingEmbedder(),
                         reembed=False) as mem:
            mem.backup(snapshot)
    except (VecmemError, OSError) as exc:
        logger.warning("vecmem: no snapshot of %s for hermes backup: %s", db, exc)
        return []
    return [str(snapshot)]

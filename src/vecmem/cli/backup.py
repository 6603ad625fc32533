"""Backup and restore of a SQLite store: ``vecmem backup PATH``, ``vecmem restore-backup``.

``restore`` already restores an archived memory, so a store comes back from a backup with
``restore-backup``. Both go through ``Memory``; the mechanics (SQLite's online backup
API) are in ``vecmem.store.backup`` and docs/upgrades.md.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from vecmem.cli.app import Json, app, emit, load_settings, read_only, run
from vecmem.cli.render import line


@app.command()
def backup(
    path: Annotated[str, typer.Argument(help="File to write (must not exist yet).")],
    json_out: Json = False,
) -> None:
    """A consistent copy of the whole store, safe while others write (SQLite's online
    backup API). PostgreSQL: use pg_dump."""
    emit(read_only(lambda m: m.backup(path)), json_out,
         lambda r: line(f"backed up {r['from']} to {r['backup']} ({r['bytes']:,} bytes)"))


@app.command("restore-backup")
def restore_backup(
    path: Annotated[str, typer.Argument(help="A copy made by `vecmem backup`.")],
    force: Annotated[bool, typer.Option(
        "--force", help="Replace an existing store (it is copied aside first).")] = False,
    json_out: Json = False,
) -> None:
    """Make the store (--db) hold the state saved in a backup. Stop other processes that
    use the store first."""

    def action() -> Any:
        from vecmem.memory import Memory

        return Memory.restore_backup(path, load_settings().db, force=force)

    emit(run(action), json_out, lambda r: line(
        f"restored {r['restored']} from {r['from']}"
        + (f"; the replaced store is kept at {r['replaced_kept_at']}"
           if r["replaced_kept_at"] else "")))

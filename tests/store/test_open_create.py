"""``Memory.open(create=False)`` opens only what exists: a missing SQLite file is an input
error (no file appears) and an existing one opens and reads as usual."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.errors import InvalidInputError


def test_create_false_never_makes_a_sqlite_file(tmp_path: Path) -> None:
    missing = tmp_path / "nested" / "none.db"
    with pytest.raises(InvalidInputError, match="does not exist"):
        Memory.open(str(missing), embed_provider="hashing", create=False)
    assert not missing.exists() and not missing.parent.exists()
    db = tmp_path / "mem.db"
    with Memory.open(str(db), embed_provider="hashing") as mem:
        mem.add("用户住在上海")
    with Memory.open(str(db), embed_provider="hashing", create=False, reembed=False) as mem:
        assert [m.content for m in mem.list()] == ["用户住在上海"]

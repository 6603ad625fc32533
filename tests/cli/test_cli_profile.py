"""`vecmem profile` shows the core profile and edits it (pin, exclude, reset), in both
languages; bad input is a clear error without a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.test_cli_recall import run, store_with

from vecmem import Memory

FACTS = ["User is severely allergic to peanuts and carries an EpiPen.",
         "用户希望默认用中文回答。", "用户住在上海徐汇区。",
         "User's favourite coffee shop is the Manner on Wukang Road."]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return store_with(FACTS, tmp_path, monkeypatch)


def test_show_pin_exclude_reset(db: str) -> None:
    code, out, err = run("profile")
    assert code == 0, err
    assert FACTS[0] in out and FACTS[1] in out and FACTS[2] in out and FACTS[3] not in out
    assert "3 of at most 12 memories" in out
    code, out, err = run("profile", "--pin", "4")
    assert code == 0, err
    assert FACTS[3] in out
    code, out, _ = run("profile", "--exclude", "1", "--json")
    data = json.loads(out)
    assert 1 in data["excluded"] and 1 not in [e["memory_id"] for e in data["entries"]]
    assert data["entries"][0]["memory_id"] == 4 and data["entries"][0]["category"] == "pinned"
    # The choice is kept in the store: another process sees it.
    with Memory.open(db, embed_provider="hashing") as m:
        assert 1 not in {e.memory_id for e in m.core_profile().entries}
    code, out, _ = run("profile", "--reset", "1")
    assert code == 0 and FACTS[0] in out


def test_bad_edits_are_clear_errors(db: str) -> None:
    code, _, err = run("profile", "--pin", "999")
    assert code == 1 and "not found" in err and "Traceback" not in err
    code, _, err = run("profile", "--pin", "1", "--exclude", "2")
    assert code == 2 and "at most one" in err

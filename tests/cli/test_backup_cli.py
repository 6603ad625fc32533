"""`vecmem backup PATH` and `vecmem restore-backup PATH [--force]`, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cli.db"
    monkeypatch.setenv("VECMEM_DB", str(path))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    return path


def test_backup_and_restore_drill(db: Path, tmp_path: Path) -> None:
    assert run("add", "The user lives in Berlin")[0] == 0
    assert run("add", "用户喜欢用 Vim 写代码")[0] == 0
    code, out, _ = run("backup", str(tmp_path / "copy.db"), "--json")
    assert code == 0
    made = json.loads(out)
    assert made["backup"] == str(tmp_path / "copy.db") and made["bytes"] > 0
    code, _, err = run("backup", str(tmp_path / "copy.db"))
    assert code == 1 and "already exists" in err and "Traceback" not in err

    run("add", "The API server listens on port 8080")
    code, _, err = run("restore-backup", str(tmp_path / "copy.db"))
    assert code == 1 and "--force" in err
    code, out, _ = run("restore-backup", str(tmp_path / "copy.db"), "--force")
    assert code == 0 and "kept at" in out
    code, out, _ = run("list", "--json")
    assert sorted(m["content"] for m in json.loads(out)) == [
        "The user lives in Berlin", "用户喜欢用 Vim 写代码"]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("cli.db.replaced-")]
    assert len(aside) == 1
    assert run("doctor")[0] == 0


def test_backup_needs_a_store_and_restore_a_backup(db: Path, tmp_path: Path) -> None:
    code, _, err = run("backup", str(tmp_path / "copy.db"))
    assert code == 2 and "no vecmem database" in err  # a read command creates nothing
    assert not db.exists()
    (tmp_path / "junk").write_text("hello", encoding="utf-8")
    code, _, err = run("restore-backup", str(tmp_path / "junk"))
    assert code == 1 and "not a readable database" in err and "Traceback" not in err
    assert not db.exists()


def test_postgres_urls_are_pointed_at_pg_tools(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VECMEM_DB", "postgresql://nobody@127.0.0.1:1/none")
    (tmp_path / "copy.db").write_bytes(b"")
    code, _, err = run("restore-backup", str(tmp_path / "copy.db"), "--force")
    assert code == 1 and "pg_restore" in err

"""The `vecmem` command: thin, --json everywhere, clear one-line errors, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    path = str(tmp_path / "cli.db")
    monkeypatch.setenv("VECMEM_DB", path)
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")  # fast; models tested elsewhere
    return path


@pytest.fixture
def empty_db(db: str) -> str:
    """An existing database with no memories (read commands refuse a missing one)."""
    from vecmem import Memory

    Memory.open(db, embed_provider="hashing").close()
    return db


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_add_list_show_events_json(db: str) -> None:
    code, out, _ = run("add", "用户偏好：回答简洁务实", "--json")
    assert code == 0
    added = json.loads(out)
    assert added["decision"] == "store"
    code, out, _ = run("add", "用户偏好：回答简洁务实。", "--json")
    assert json.loads(out)["decision"] == "duplicate"
    code, out, _ = run("list", "--json")
    assert [m["id"] for m in json.loads(out)] == [added["memory_id"]]
    code, out, _ = run("show", str(added["memory_id"]), "--json")
    shown = json.loads(out)
    assert [e["action"] for e in shown["events"]] == ["duplicate", "add"]
    code, out, _ = run("events", "--json", "--action", "add")
    assert len(json.loads(out)) == 1
    run("add", "The build server runs Debian 12", "--source", "agent")
    code, out, _ = run("events", "--json", "--source", "agent")
    assert [e["after_content"] for e in json.loads(out)] == ["The build server runs Debian 12"]
    code, out, _ = run("events", "--json", "--source", "manual", "--action", "add")
    assert [e["memory_id"] for e in json.loads(out)] == [added["memory_id"]]
    code, out, _ = run("events", "--json", "--actor", "nobody", "--until", "2999-01-01")
    assert code == 0 and json.loads(out) == []


def test_preview_add_writes_nothing(db: str) -> None:
    run("add", "用户住在上海")
    code, out, _ = run("preview-add", "The user's daughter is named Mia", "--json")
    assert code == 0 and json.loads(out)["dry_run"] is True
    code, out, _ = run("stats", "--json")
    assert json.loads(out)["total"] == 1


def test_review_flow_and_revert(db: str) -> None:
    run("add", "默认模型：deepseek-v4")
    code, out, _ = run("add", "默认模型：qwen-max", "--json")
    item = json.loads(out)["memory_id"]
    code, out, _ = run("review", "list", "--json")
    assert json.loads(out)[0]["item"]["id"] == item
    code, out, _ = run("review", "approve", str(item), "--dry-run", "--json")
    assert json.loads(out)["dry_run"] is True
    code, out, _ = run("review", "approve", str(item), "--json")
    event = json.loads(out)["event_id"]
    code, out, _ = run("revert", str(event), "--json")
    assert code == 0 and json.loads(out)["after_status"] == "review"
    code, out, _ = run("archive", "1", "--json")
    assert json.loads(out)["after_status"] == "archived"
    code, out, _ = run("restore", "1", "--json")
    assert json.loads(out)["after_status"] == "active"


def test_search_keyword_explain(db: str) -> None:
    run("add", "我的前端框架是Vue")
    for cmd in ("search", "keyword", "explain"):
        code, out, _ = run(cmd, "前端", "--json")
        assert code == 0, out
    code, out, _ = run("keyword", "前端", "--json")
    assert json.loads(out)[0]["memory"]["content"] == "我的前端框架是Vue"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("add", ""), 2, "content is empty"),
        (("add", "   "), 2, "content is empty"),
        (("archive", "999"), 1, "does not exist"),
        (("restore", "1"), 1, "does not exist"),
        (("review", "approve", "0"), 2, "positive integer"),
        (("events", "--action", "nope"), 2, "unknown action"),
        (("list", "--status", "deleted"), 2, "unknown status"),
        (("search", "x", "-k", "0"), 2, "k must be"),
        (("revert", "77"), 1, "does not exist"),
    ],
)
def test_errors_are_one_line_with_exit_codes(empty_db: str, args: tuple[str, ...], code: int,
                                            message: str) -> None:
    exit_code, out, err = run(*args)
    assert exit_code == code
    assert message in err
    assert "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1


def test_wrong_status_transition(db: str) -> None:
    run("add", "用户住在上海")
    code, _, err = run("restore", "1")
    assert code == 1 and "only archived" in err


def _real(args: list[str], env_db: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "VECMEM_DB": env_db, "VECMEM_EMBED_PROVIDER": "hashing"}
    return subprocess.run([sys.executable, "-m", "vecmem", *args], capture_output=True,
                          env=env, input=stdin, timeout=120)


def test_database_problems_get_clear_errors(tmp_path: Path) -> None:
    missing = _real(["add", "用户住在上海"], str(tmp_path / "no" / "such" / "dir" / "x.db"))
    assert missing.returncode == 1 and b"does not exist" in missing.stderr
    missing = _real(["stats"], str(tmp_path / "no" / "such" / "dir" / "x.db"))
    assert missing.returncode == 2 and b"no vecmem database" in missing.stderr
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not sqlite" * 100)
    bad = _real(["stats"], str(corrupt))
    assert bad.returncode == 1 and b"corrupt" in bad.stderr
    assert b"Traceback" not in bad.stderr
    if os.geteuid() != 0:  # root ignores permission bits
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        r = _real(["add", "用户住在上海"], str(ro / "x.db"))
        assert r.returncode == 1 and b"read-only" in r.stderr


def test_invalid_utf8_and_nul_from_the_shell(tmp_path: Path) -> None:
    db = str(tmp_path / "u.db")
    r = _real([b"add".decode(), os.fsdecode(b"bad \xff bytes")], db)
    assert r.returncode == 2 and b"UTF-8" in r.stderr
    r = _real(["stats", "--json"], db)
    assert json.loads(r.stdout)["total"] == 0


def test_every_command_has_help() -> None:
    import typer.main

    cli = typer.main.get_command(app)
    assert hasattr(cli, "commands")

    def walk(group: object, prefix: str) -> None:
        for name, cmd in group.commands.items():
            assert cmd.help or cmd.short_help, f"{prefix}{name} has no help"
            if hasattr(cmd, "commands"):
                walk(cmd, f"{prefix}{name} ")
            else:
                params = {p.name for p in cmd.params}
                assert "json_out" in params or name in ("mcp", "serve", "install",
                                                        "uninstall"), f"{prefix}{name} --json"

    walk(cli, "")

"""Stored and typed text is printed as it is: ``[production]``, ``[/b]``, ``[/docs]``,
``[/INST]``, ``[bold red]`` and ``:smile:`` are text, never Rich markup, through every
read command and every write command's output, on a terminal (Rich tables) and in a
pipe (plain lines). A closing tag used to crash ``list`` for the whole database, and
``archive --reason "see [/docs]"`` archived and then exited 1."""

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
PHRASE = "我确认执行计划"
DEPLOY = "We deploy to [production] every Friday, see [/docs]"
MODEL_A = "默认模型：deepseek-v4 [/b]"
MODEL_B = "默认模型：qwen-max [/INST]"
EDITOR = "The user's editor is [bold red]vim[/] :smile:"


@pytest.fixture(params=["pipe", "terminal"])
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
         tmp_path: Path) -> str:
    monkeypatch.setenv("VECMEM_DB", str(tmp_path / "markup.db"))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    if request.param == "terminal":
        import vecmem.cli.render as render

        monkeypatch.setattr(render, "is_terminal", lambda stderr=False: True)
        monkeypatch.setenv("COLUMNS", "500")  # wide enough that no cell is folded
        monkeypatch.setenv("NO_COLOR", "1")
    return request.param


def cli(*args: str, code: int | tuple[int, ...] = 0, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    codes = (code,) if isinstance(code, int) else code
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code in codes, (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    return result.stdout


def test_markup_text_through_every_command(mode: str, tmp_path: Path) -> None:
    # -- writes, and what they print
    assert cli("add", DEPLOY).startswith("store #1")
    cli("add", MODEL_A)
    assert "conflicts with #2" in cli("add", MODEL_B)
    cli("add", EDITOR)
    assert "preview, nothing written" in cli("preview-add", "[/INST] in a preview")
    assert "see [/docs]" in cli("archive", "4", "--reason", "see [/docs]")
    assert "[/b] back" in cli("restore", "4", "--reason", "[/b] back")
    assert "[/INST] looks right" in cli("review", "approve", "3", "--dry-run", "--reason",
                                        "[/INST] looks right")
    rejected = json.loads(cli("review", "reject", "3", "--reason", "[production] no", "--json"))
    assert "[production] no" in cli("events", "--memory", "3")
    assert "archived → review" in cli("revert", str(rejected["event_id"]), "--dry-run")
    created = cli("plan", "create", "--archive", "1", "--reason", "[/docs] tidy")
    assert "[/docs] tidy" in created
    plan_id = created.split()[0]

    # -- reads: the text comes back whole
    listed = cli("list")
    for text in (DEPLOY, MODEL_A, MODEL_B, EDITOR):
        assert text in listed, (mode, text, listed)
    assert DEPLOY in cli("show", "1") and MODEL_B in cli("show", "3")
    for command, query, text in (("search", "[production] deploy", DEPLOY),
                                 ("keyword", "production", DEPLOY),
                                 ("explain", "[/docs] deploy", DEPLOY)):
        assert text in cli(command, query), command
    events = cli("events", "--limit", "100")
    assert "see [/docs]" in events and "[/b] back" in events and EDITOR in events
    cli("review", "list")
    assert "[/docs] tidy" in cli("plan", "show", plan_id)
    assert "[/docs] tidy" in cli("plan", "list")
    cli("cleanup")
    cli("health", code=(0, 1))
    assert "scope default" in cli("stats")
    cli("doctor")
    exported = cli("export", "-")
    assert json.dumps(DEPLOY, ensure_ascii=False) in exported

    # -- the plan applies and reverts, printing the same text
    assert "[/docs] tidy" in cli("plan", "apply", plan_id, "--confirm", PHRASE)
    assert "[/docs] tidy" in cli("plan", "revert", plan_id)

    # -- import and ingest report without reprs
    rows = tmp_path / "in.jsonl"
    rows.write_text(json.dumps({"content": "The staging host is [staging-01]"}) + "\n",
                    encoding="utf-8")
    imported = cli("import", str(rows))
    assert "{" not in imported and "'" not in imported, imported
    talk = tmp_path / "talk.json"
    talk.write_text(json.dumps([{"role": "user", "content": "I prefer answers in [/b] style"}]),
                    encoding="utf-8")
    cli("ingest", str(talk))
    # Every stored text above is still there, nothing was eaten on the way.
    assert "[staging-01]" in cli("list", "--limit", "100")


def test_errors_carrying_user_text_are_literal(mode: str) -> None:
    cli("add", DEPLOY)
    result = runner.invoke(app, ["events", "--action", "[/b]"])
    assert result.exit_code == 2 and "unknown action '[/b]'" in result.stderr
    result = runner.invoke(app, ["list", "--status", "[/docs]"])
    assert result.exit_code == 2 and "unknown status '[/docs]'" in result.stderr
    assert "total 0" in cli("--scope", "[/b]", "stats")


def _blocked(module: str, *args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """A real ``vecmem`` process in which ``module`` cannot be imported (the extra is
    missing)."""
    code = (f"import sys; sys.modules[{module!r}] = None\n"
            "from vecmem.cli import main\n"
            "sys.argv = ['vecmem', *sys.argv[1:]]\n"
            "main()\n")
    env = {**os.environ, "VECMEM_EMBED_PROVIDER": "hashing", "HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_missing_extras_give_the_install_hint(tmp_path: Path) -> None:
    mcp = _blocked("mcp", "mcp", tmp_path=tmp_path)
    assert mcp.returncode == 1 and "pip install 'vecmem[mcp]'" in mcp.stderr, mcp.stderr
    assert "Traceback" not in mcp.stderr
    serve = _blocked("fastapi", "serve", tmp_path=tmp_path)
    assert serve.returncode == 1 and "pip install 'vecmem[server]'" in serve.stderr
    pg = _blocked("psycopg", "--db", "postgresql://127.0.0.1:1/none", "list", tmp_path=tmp_path)
    assert pg.returncode != 0 and "vecmem[postgres]" in pg.stderr, pg.stderr
    assert "Traceback" not in pg.stderr

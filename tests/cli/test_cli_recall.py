"""`vecmem explain` shows the gate's decision for every candidate; `--no-gate` turns it off
in search and explain; `vecmem recalls` reads the recall log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem import Memory
from vecmem.cli import app

runner = CliRunner()
FACTS = ["I am allergic to peanuts and carry an EpiPen", "My sister lives in Berlin",
         "The Atlas project deploys with Argo CD", "用户住在上海浦东"]


def store_with(facts: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A hashing-embedder store holding ``facts`` as written, made the CLI's database."""
    path = str(tmp_path / "cli.db")
    monkeypatch.setenv("VECMEM_DB", path)
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    with Memory.open(path, embed_provider="hashing") as m:
        m.add_many(facts, raw=True)
    return path


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return store_with(FACTS, tmp_path, monkeypatch)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_explain_shows_the_gate_for_every_candidate(db: str) -> None:
    code, out, err = run("explain", "peanuts EpiPen allergy")
    assert code == 0, err
    assert "gate: on — gate-" in out
    rows = [ln.split("\t") for ln in out.splitlines() if ln[:1].isdigit()]
    header = next(ln.split("\t") for ln in out.splitlines() if ln.startswith("id\t"))
    gate = header.index("gate")
    assert len(rows) == len(FACTS)
    assert all(r[gate].startswith(("pass: cosine", "fail: cosine")) for r in rows)
    passed = [r for r in rows if r[gate].startswith("pass")]
    assert [r[-1] for r in passed] == [FACTS[0]]
    code, out, _ = run("explain", "peanuts EpiPen allergy", "--json")
    data = json.loads(out)
    assert data["gate"]["on"] is True and all(c["gate"] for c in data["candidates"])


def test_no_gate_lists_by_rank(db: str) -> None:
    code, out, _ = run("explain", "peanuts EpiPen allergy", "--no-gate")
    assert code == 0 and "gate: off" in out
    code, gated, _ = run("search", "tell me about Berlin or peanuts", "--json")
    code2, listed, _ = run("search", "tell me about Berlin or peanuts", "--no-gate",
                           "--min-score", "-1", "--json")
    assert code == code2 == 0
    assert len(json.loads(listed)) == len(FACTS) > len(json.loads(gated))


def test_recalls_reads_the_log(db: str) -> None:
    assert run("recalls")[1].strip() == "no recalls logged"
    with Memory.open(db, embed_provider="hashing") as m:
        m.search("peanuts EpiPen allergy", session="chat-7")
        m.search("thanks!", session="chat-7")
    code, out, _ = run("recalls", "--session", "chat-7")
    assert code == 0
    lines = out.splitlines()
    assert "session chat-7 turn 2 via python: thanks!" in lines[0]
    assert lines[1].strip() == "nothing injected"
    assert "turn 1" in lines[2] and "#1 score" in lines[3] and "allergic" in lines[3]
    code, out, _ = run("recalls", "--memory", "1", "--json")
    assert [e["turn"] for e in json.loads(out)] == [1]
    code, _, err = run("recalls", "--memory", "0")
    assert code == 2 and "positive integer" in err and "Traceback" not in err

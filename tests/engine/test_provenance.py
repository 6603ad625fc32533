"""The trust level a memory was written with, as ``show``, ``explain`` and HTTP give it
(issue 15 item 3): one derivation (engine/provenance.py) behind every front end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem import Memory, NotFoundError

FACTS = [  # (text, source, expected trust)
    ("The user keeps the release checklist in docs/release.md", "manual", "person"),
    ("The user's release checklist lives in the wiki too", "mcp", "agent"),
    ("用户的发布清单也同步在飞书文档里", "extract", "automatic"),
    ("The release checklist page was last edited in May", "web", "automatic"),
]


def test_each_memory_keeps_the_trust_of_its_write(mem: Memory) -> None:
    ids = {mem.add(text, source=src).memory_id: want for text, src, want in FACTS}
    assert all(ids)
    for memory_id, want in ids.items():
        assert mem.trust(memory_id) == want
    assert mem.trust_levels(ids) == ids


def test_trust_follows_the_first_write_not_later_edits(mem: Memory) -> None:
    first = mem.add("The user's release checklist has 12 steps", source="extract")
    assert mem.trust(first.memory_id) == "automatic"
    mem.update(first.memory_id, "The user's release checklist has 14 steps", reason="fixed")
    # The person corrected the text, but the fact itself came from extraction.
    assert mem.trust(first.memory_id) == "automatic"


def test_unknown_memory_is_a_clear_error(mem: Memory) -> None:
    with pytest.raises(NotFoundError):
        mem.trust(999)
    assert mem.trust_levels([999]) == {}


def test_explain_shows_each_candidates_trust(mem: Memory) -> None:
    want = {mem.add(text, source=src).memory_id: level for text, src, level in FACTS}
    ex = mem.explain("release checklist", k=10)
    assert ex.candidates, "the query must find the seeded facts"
    for c in ex.candidates:
        assert c.trust == want[c.memory_id]
    assert {c["trust"] for c in ex.to_dict()["candidates"]} <= {"person", "agent", "automatic"}


def test_cli_explain_and_show_print_the_trust(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from vecmem.cli import app

    monkeypatch.setenv("VECMEM_DB", str(tmp_path / "c.db"))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    runner = CliRunner()
    added = json.loads(runner.invoke(app, ["add", "用户的发布清单在飞书文档里", "--source",
                                           "extract", "--json"]).stdout)
    shown = json.loads(runner.invoke(app, ["show", str(added["memory_id"]), "--json"]).stdout)
    assert shown["trust"] == "automatic"
    out = runner.invoke(app, ["explain", "发布清单", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)["candidates"]
    assert [r["trust"] for r in rows if r["memory_id"] == added["memory_id"]] == ["automatic"]
    text = runner.invoke(app, ["explain", "发布清单"]).stdout
    assert "trust" in text and "automatic" in text


def test_trust_is_the_same_on_every_engine(cmem: Memory) -> None:
    ids = {cmem.add(text, source=src).memory_id: want for text, src, want in FACTS}
    assert cmem.trust_levels(ids) == ids

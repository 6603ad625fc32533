"""Export / import: a lossless raw round trip, a pipeline import that dedups and filters,
refusals with clear messages (non-empty scope, malformed lines with line numbers)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError

PHRASE = "我确认执行计划"


def _open(path: Path | str, **kw: Any) -> Memory:
    return Memory.open(str(path), embedder=HashingEmbedder(), **kw)


@pytest.fixture
def rich(mem: Memory) -> Memory:
    """Every state and every kind of history a restore has to carry over."""
    a = mem.add("默认模型：gpt-4").memory_id
    b = mem.add("默认模型：claude").memory_id  # review
    mem.approve(b)  # supersedes a
    c = mem.add("项目路径：/work/main", meta={"session": "s-1", "turn": 3})
    d = mem.add("I prefer dark mode")
    mem.merge([c.memory_id, d.memory_id], "项目路径 /work/main, prefers dark mode")
    e = mem.add("active_context: 正在做旧任务").memory_id
    mem.add("active_context: 正在写新的测试")  # updates the slot in place
    mem.add("编辑器：neovim")
    mem.add("编辑器：neovim")  # duplicate hit
    mem.add("这个功能有没有必要？")  # rejected input, audited
    mem.add("测试数据库是 postgres")
    mem.add("测试数据库是 mysql")  # stays in review
    plan = mem.create_plan([{"action": "archive", "memory_id": e}], reason="tidy")
    mem.apply_plan(plan.id, PHRASE)
    mem.create_plan([{"action": "add", "content": "时区：Asia/Shanghai"}])  # pending
    assert a
    return mem


def _body(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "header" and header.pop("exported_at")
    return [json.dumps(header, ensure_ascii=False), *lines[1:]]


@pytest.mark.parametrize("vectors", [True, False])
def test_export_raw_import_export_is_lossless(rich: Memory, tmp_path: Path,
                                              vectors: bool) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    summary = rich.export(first, vectors=vectors)
    assert summary["memories"] == rich.count() and summary["plans"] == 2
    with _open(tmp_path / "copy.db") as copy:
        result = copy.import_(first, raw=True)
        assert result["memories"] == summary["memories"]
        assert result["vectors_reused" if vectors else "embedded"] == summary["memories"]
        copy.export(second, vectors=vectors)
        assert _body(first) == _body(second)  # byte-equal apart from the export time
        assert [r.to_dict() for r in copy.list(limit=100)] == [
            r.to_dict() for r in rich.list(limit=100)]
        assert copy.events(limit=500) == rich.events(limit=500)
        assert copy.list_plans() == rich.list_plans()
        # Restored, not just copied: indexes work and new writes get fresh ids.
        assert copy.stats()["consistency"]["ok"]
        assert copy.search("neovim", k=1)[0].memory.content == "编辑器：neovim"
        assert copy.keyword("前端") == [] and copy.keyword("数据库")
        new = copy.add("时区：Europe/Berlin")
        assert new.memory_id > max(r.id for r in rich.list(limit=100))


def test_export_lines_carry_all_fields(rich: Memory, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    rich.export(path, vectors=True)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, memories = rows[0], [r for r in rows if r["type"] == "memory"]
    assert header["format"] == "vecmem-jsonl" and header["version"] == 1
    assert header["scope"] == "default" and header["model"] == "hashing-v1"
    assert [r["type"] for r in rows[1:]] == sorted((r["type"] for r in rows[1:]),
                                                   key=["memory", "event", "plan"].index)
    with_meta = next(m for m in memories if m["content"] == "项目路径：/work/main")
    assert with_meta["meta"] == {"session": "s-1", "turn": 3}
    assert with_meta["status"] == "superseded" and with_meta["superseded_by"]
    assert all(len(m["vector"]) == 256 and m["vector_model"] == "hashing-v1" for m in memories)


def test_pipeline_import_dedups_filters_and_skips_history(rich: Memory, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    rich.export(path)
    with (path.open("a", encoding="utf-8") as fh):
        fh.write(json.dumps({"content": "api_key=sk-abcdefghijklmnopqrstuvwxyz123456"}) + "\n")
        fh.write(json.dumps({"content": "用户偏好：回答简洁务实"}) + "\n")
    with _open(tmp_path / "other.db") as other:
        other.add("编辑器：neovim")  # already known here
        first = other.import_(path)
        assert first["mode"] == "pipeline"
        live = sum(1 for r in rich.list(limit=100) if r.status in ("active", "review"))
        assert first["read"] == live + 2
        assert first["skipped_not_live"] == rich.count() - live
        assert first["decisions"]["duplicate"] >= 1 and first["decisions"]["reject"] == 1
        second = other.import_(path)  # everything is known now
        assert set(second["decisions"]) <= {"duplicate", "reject"}
        assert other.list_plans() == []  # history belongs to the other database
        assert {e.source for e in other.events(limit=500)} <= {"import", "manual"}
        stored = [r.content for r in other.list(limit=100)]
        assert not any("sk-" in c for c in stored)
        rejected = other.events(action="reject_input", limit=5)
        assert rejected and all("abcdefghijklmnop" not in (e.after_content or "")
                                for e in rejected)


def test_raw_import_refuses_a_non_empty_scope(rich: Memory, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    rich.export(path)
    before = rich.count()
    with pytest.raises(InvalidInputError, match="not empty"):
        rich.import_(path, raw=True)
    assert rich.count() == before
    # Another scope of the same file is empty, but the ids are taken: refused, not mangled.
    with _open(rich.store.url, scope="elsewhere") as other, pytest.raises(
            InvalidInputError, match="already used"):
        other.import_(path, raw=True)


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Memory]:
    with _open(tmp_path / "empty.db") as m:
        yield m


@pytest.mark.parametrize(("lines", "needle"), [
    (['{"content": "用户偏好：回答简洁务实"}', "", '{"content": broken}'],
     "line 3 is not valid JSON"),
    (['{"content": "编辑器：vim"}', "[1, 2]"], "line 2 must be a JSON object"),
    (['{"type": "memo", "content": "x"}'], "line 1 has unknown type"),
    (['{"type": "memory", "content": ""}'], "line 1: a memory needs a non-empty content"),
])
def test_malformed_lines_name_their_line_and_import_nothing(empty: Memory, tmp_path: Path,
                                                            lines: list[str], needle: str) -> None:
    path = _write(tmp_path / "bad.jsonl", lines)
    for raw in (False, True):
        with pytest.raises(InvalidInputError, match=needle):
            empty.import_(path, raw=raw)
    assert empty.count() == 0 and empty.events() == []


def test_raw_import_needs_a_header_and_complete_rows(empty: Memory, tmp_path: Path) -> None:
    plain = _write(tmp_path / "plain.jsonl", ['{"content": "编辑器：vim"}'])
    with pytest.raises(InvalidInputError, match="header"):
        empty.import_(plain, raw=True)
    header = json.dumps({"type": "header", "format": "vecmem-jsonl", "version": 1})
    partial = _write(tmp_path / "partial.jsonl",
                     [header, '{"type": "memory", "id": 1, "content": "编辑器：vim"}'])
    with pytest.raises(InvalidInputError, match="line 2: memory is missing"):
        empty.import_(partial, raw=True)
    assert empty.count() == 0


def test_raw_import_reembeds_vectors_of_another_model(rich: Memory, tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    rich.export(path, vectors=True)
    with Memory.open(str(tmp_path / "wide.db"), embedder=HashingEmbedder(64)) as wide:
        result = wide.import_(path, raw=True)
        assert result["vectors_reused"] == 0 and result["embedded"] == rich.count()
        assert wide.stats()["consistency"]["ok"]


def test_export_refuses_folders_and_missing_parents(rich: Memory, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="folder"):
        rich.export(tmp_path)
    with pytest.raises(InvalidInputError, match="does not exist"):
        rich.export(tmp_path / "nope" / "x.jsonl")
    with pytest.raises(InvalidInputError, match="folder"):
        rich.import_(tmp_path)
    assert not list(tmp_path.glob(".vecmem-export-*"))

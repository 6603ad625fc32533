"""Write locks per scope: every write path of ``Memory`` names its scope, operations that
span scopes do not; on PostgreSQL writers of different scopes then run side by side while
writers of one scope still queue.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.settings import DEFAULT_CONFIRM_PHRASE
from vecmem.store.base import SQLTx


class _Recorder:
    """Wraps ``store.transaction`` and notes the scope of every write transaction."""

    def __init__(self, mem: Memory) -> None:
        self.writes: list[str | None] = []
        self._inner = mem.store.transaction

    def __call__(self, *, write: bool = True, scope: str | None = None
                 ) -> AbstractContextManager[SQLTx]:
        if write:
            self.writes.append(scope)
        return self._inner(write=write, scope=scope)


@pytest.fixture
def recorded(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> _Recorder:
    rec = _Recorder(mem)
    monkeypatch.setattr(mem.store, "transaction", rec)
    return rec


def _ops(mem: Memory) -> dict[str, Callable[[], Any]]:
    """Every scoped write operation, each run on the state the previous ones left."""
    ids: dict[str, int] = {}

    def add() -> None:
        ids["a"] = mem.add("用户偏好：回答简洁务实").memory_id
        ids["b"] = mem.add("The user's editor is neovim").memory_id
        ids["c"] = mem.add("测试数据库是 postgres").memory_id

    def plan() -> None:
        p = mem.create_plan([{"action": "archive", "memory_id": ids["c"]},
                             {"action": "add", "content": "时区：Asia/Shanghai"}])
        mem.apply_plan(p.id, DEFAULT_CONFIRM_PHRASE)
        mem.revert_plan(p.id)

    def revert() -> None:
        mem.revert(mem.events(ids["b"], action="archive", limit=1)[0].event_id)

    def import_(path: Path) -> None:
        path.write_text('{"content": "项目路径：/srv/app"}\n'
                        '{"content": "The user deploys on Fridays"}\n', encoding="utf-8")
        mem.import_(path)

    return {
        "add": add,
        "add_many": lambda: mem.add_many(["默认模型：gpt-4", "I prefer dark mode"]),
        "update": lambda: mem.update(ids["a"], "用户偏好：回答简洁、务实"),
        "archive": lambda: mem.archive(ids["b"]),
        "revert": revert,
        "archive_again": lambda: mem.archive(ids["b"]),
        "restore": lambda: mem.restore(ids["b"]),
        "merge": lambda: mem.merge([ids["a"], ids["b"]], "用户偏好：回答简洁；编辑器 neovim"),
        "plan": plan,
        "ingest": lambda: mem.ingest([{"role": "user", "content": "我的项目叫 vecmem"},
                                      {"role": "user", "content": "我住在上海"}]),
        "import": lambda: import_(Path("plain.jsonl")),
    }


def test_every_memory_write_names_its_scope(mem: Memory, recorded: _Recorder) -> None:
    for name, op in _ops(mem).items():
        before = len(recorded.writes)
        op()
        new = recorded.writes[before:]
        assert new, f"{name} wrote nothing: the case proves nothing"
        assert set(new) == {mem.scope}, (name, new)


def test_reembed_of_missing_vectors_names_its_scope(mem: Memory, recorded: _Recorder) -> None:
    mem.add("用户偏好：回答简洁务实")
    with mem.store.transaction(scope=mem.scope) as tx:
        tx.execute("DELETE FROM memory_vectors")
    recorded.writes.clear()
    assert mem.reembed()["reembedded"] == 1
    assert recorded.writes == [mem.scope]


def test_cross_scope_operations_lock_the_whole_database(
    mem: Memory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = mem.add("用户偏好：回答简洁务实").memory_id
    with mem.store.transaction(scope=mem.scope) as tx:
        tx.unindex_keywords(mid)  # drift for doctor to repair
    rec = _Recorder(mem)
    monkeypatch.setattr(mem.store, "transaction", rec)
    assert mem.doctor(repair=True).repaired
    assert rec.writes == [None]  # orphan vectors have no scope

    mem.export(tmp_path / "out.jsonl")
    with Memory.open(str(tmp_path / "fresh.db"), embedder=HashingEmbedder()) as fresh:
        rec2 = _Recorder(fresh)
        monkeypatch.setattr(fresh.store, "transaction", rec2)
        fresh.import_(tmp_path / "out.jsonl", raw=True)
        assert rec2.writes == [None]  # explicit ids are shared by every scope


# -- PostgreSQL: the locks themselves --------------------------------------------------------
def _pg_url(request: pytest.FixtureRequest) -> str:
    pg = pytest.importorskip("vecmem.testing.pg", reason="pgserver/psycopg not installed")
    return str(pg.create_database(request.getfixturevalue("pg_server")))


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> str:
    return _pg_url(request)


def _waiting_advisory_locks(url: str) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' "
                           "AND NOT granted").fetchone()
    return int(row[0]) if row else 0


@pytest.fixture
def held(pg_url: str) -> Iterator[threading.Event]:
    """Memory of scope "a" holding its own write transaction open until the event is set."""
    holder = Memory.open(pg_url, embedder=HashingEmbedder(), scope="a")
    started, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold() -> None:
        try:
            with holder._tx() as tx:  # exactly the lock Memory's writes take
                tx.execute("SELECT 1")
                started.set()
                release.wait(120)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
            started.set()

    thread = threading.Thread(target=hold)
    thread.start()
    assert started.wait(60) and not errors
    try:
        yield release
    finally:
        release.set()
        thread.join(60)
        holder.close()
    assert errors == []


def _run(fn: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []

    def work() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # pragma: no cover - reported by the caller
            out.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    return thread, out


@pytest.mark.postgres
def test_pg_other_scope_writes_while_a_scope_is_held(
    pg_url: str, held: threading.Event
) -> None:
    with Memory.open(pg_url, embedder=HashingEmbedder(), scope="b") as other:
        thread, out = _run(lambda: other.add("The user's editor is neovim"))
        # Not a timing assertion: the writer must finish without ever queueing on a lock.
        deadline = time.monotonic() + 120
        while thread.is_alive() and time.monotonic() < deadline:
            assert _waiting_advisory_locks(pg_url) == 0, "scope b waited for scope a"
            thread.join(0.05)
        assert not thread.is_alive(), "scope b never finished while scope a was held"
        assert not isinstance(out[0], BaseException), out[0]
        assert out[0].decision == "store"
        assert other.count() == 1


@pytest.mark.postgres
def test_pg_same_scope_writers_queue(
    pg_url: str, held: threading.Event
) -> None:
    release = held
    with Memory.open(pg_url, embedder=HashingEmbedder(), scope="a") as same:
        thread, out = _run(lambda: same.add("用户偏好：回答简洁务实"))
        deadline = time.monotonic() + 120
        while _waiting_advisory_locks(pg_url) == 0 and time.monotonic() < deadline:
            assert thread.is_alive(), f"the second writer of scope a did not wait: {out}"
            time.sleep(0.05)
        assert _waiting_advisory_locks(pg_url) == 1
        assert same.count() == 0  # nothing written while the first writer holds the scope
        release.set()
        thread.join(120)
        assert not thread.is_alive()
        assert not isinstance(out[0], BaseException), out[0]
        assert same.count() == 1

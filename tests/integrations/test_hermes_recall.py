"""What the agent receives through the real Hermes provider: the core profile once in the
system block, per-turn recall through the relevance gate, within a budget, never twice."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from agent.memory_manager import MemoryManager
from plugins.memory import load_memory_provider

from vecmem.integrations.hermes import install as installer
from vecmem.integrations.hermes.provider import estimate_tokens

FACTS = [
    "User is severely allergic to peanuts and carries an EpiPen.",
    "用户希望默认用中文回答，代码注释用英文。",
    "The Atlas service consumes payment events from Kafka topic payments.settled.",
    "The Atlas service is deployed with Argo CD onto the Kubernetes cluster.",
    "The Atlas service database is PostgreSQL 15 on Alibaba Cloud.",
    "Atlas service alerts go to PagerDuty; escalation is Dmitri then Priya.",
]
_ID = re.compile(r"#(\d+)\b")


def start_with_facts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     facts: list[str] = FACTS, **extra: Any) -> tuple[Any, Any]:
    """A Hermes MemoryManager over a fresh HERMES_HOME whose vecmem holds ``facts``."""
    import yaml

    home = tmp_path / "hermes-home"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    values = {"embed_provider": "hashing", "auto_extract": False, **extra}
    (home / "config.yaml").write_text(
        yaml.safe_dump({"memory": {"provider": "vecmem", "vecmem": values}}), encoding="utf-8")
    installer.install(home)
    provider = load_memory_provider("vecmem")
    manager = MemoryManager()
    manager.add_provider(provider)
    manager.initialize_all(session_id="s1", platform="cli", agent_context="primary")
    for fact in facts:
        out = json.loads(manager.handle_tool_call("vecmem", {"action": "add", "content": fact}))
        assert "error" not in out, out
    return manager, provider


def test_profile_once_gate_budget_and_no_repeats(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider = start_with_facts(tmp_path, monkeypatch, recall_budget=60)
    try:
        block = provider.system_prompt_block()
        in_block = set(_ID.findall(block))
        assert "allergic to peanuts" in block and "默认用中文回答" in block
        assert len(in_block) == 2
        # Trivial turns receive nothing.
        for turn in ("thanks!", "谢谢", "hi", "好的"):
            assert provider.prefetch(turn, session_id="s1") == "", turn
        # A relevant turn: within the budget, nothing from the system block.
        recalled = provider.prefetch("Which Kafka topic does the Atlas service consume?",
                                     session_id="s1")
        ids = _ID.findall(recalled)
        assert ids and not in_block & set(ids)
        lines = [ln for ln in recalled.splitlines() if ln.startswith("- #")]
        assert sum(estimate_tokens(ln) for ln in lines) <= 60 + 8 * len(lines)
        assert f"({len(lines)})" in recalled.splitlines()[0]
        # The same need again in the same session: nothing injected twice ...
        again = provider.prefetch("Kafka topic of the Atlas service consumer?",
                                  session_id="s1")
        assert not set(_ID.findall(again)) & set(ids)
        # ... but a new session receives it again.
        assert set(_ID.findall(provider.prefetch(
            "Which Kafka topic does the Atlas service consume?", session_id="s2"))) & set(ids)
    finally:
        manager.shutdown_all()


def test_a_zero_budget_recalls_nothing_per_turn(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider = start_with_facts(tmp_path, monkeypatch, recall_budget=0)
    try:
        assert provider.prefetch("Which Kafka topic does Atlas consume?", session_id="s1") == ""
        assert "allergic to peanuts" in provider.system_prompt_block()
    finally:
        manager.shutdown_all()

"""The system-prompt block stays within issue 13's size row (instructions and core profile
together), through the real Hermes provider, on a store with many standing facts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from agent.memory_manager import MemoryManager
from plugins.memory import load_memory_provider

from vecmem.engine.profile import MAX_MEMORIES
from vecmem.integrations.hermes import install as installer
from vecmem.integrations.hermes.provider import SYSTEM_BLOCK_CHARS

# Thirty standing facts of the profile's categories, long ones included, both languages.
STANDING = [
    *(f"User is allergic to {x} and must avoid it in every meal, restaurant or recipe."
      for x in ("peanuts", "shellfish", "sesame", "penicillin", "latex", "kiwi")),
    *(f"用户每天早上服用{x}，不能漏服，出差时也要带够。"
      for x in ("优甲乐", "阿托伐他汀", "维生素D", "二甲双胍", "氯雷他定")),
    *(f"用户的{x}住在成都，每年春节回去一次。" for x in ("父母", "爷爷奶奶", "姐姐", "舅舅")),
    "User lives in Xuhui, Shanghai, near metro line 11.", "用户住在上海徐汇区。",
    "User prefers short answers with the code first.", "用户希望默认用中文回答。",
    *(f"User's {x} is called {n}." for x, n in (("daughter", "Duoduo"), ("son", "Leo"),
                                               ("wife", "Lin Xiao"), ("cat", "Sesame"))),
]
_ID = re.compile(r"#(\d+)\b")


def test_the_system_block_fits_its_size_limit(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    home = tmp_path / "hermes-home"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    (home / "config.yaml").write_text(yaml.safe_dump({"memory": {"provider": "vecmem", "vecmem": {
        "embed_provider": "hashing", "auto_extract": False}}}), encoding="utf-8")
    installer.install(home)
    provider = load_memory_provider("vecmem")
    manager = MemoryManager()
    manager.add_provider(provider)
    manager.initialize_all(session_id="s1", platform="cli", agent_context="primary")
    try:
        for fact in STANDING:
            out = json.loads(manager.handle_tool_call("vecmem", {"action": "add",
                                                                 "content": fact}))
            assert "error" not in out, out
        block = provider.system_prompt_block()
        ids = set(_ID.findall(block))
        assert len(block) <= SYSTEM_BLOCK_CHARS, len(block)
        assert 1 <= len(ids) <= MAX_MEMORIES
        # Safety first: the allergy facts are what is kept when room runs out.
        assert "allergic to peanuts" in block
    finally:
        manager.shutdown_all()

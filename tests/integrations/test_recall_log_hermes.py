"""The recall log through the real Hermes provider: every prefetched turn is logged with
what it injected (ids and gate scores), never a memory's text or a secret."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from tests.integrations.test_hermes_recall import start_with_facts

FACTS = [
    "The Atlas service consumes payment events from Kafka topic payments.settled.",
    "The Atlas service is deployed with Argo CD onto the Kubernetes cluster.",
    "Atlas service alerts go to PagerDuty; escalation is Dmitri then Priya.",
]
_ID = re.compile(r"#(\d+)\b")
SECRET = "sk-proj-Zx81Qm2Lw93Rt84Yu75Io66Pa57Sd48F"


def _start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    return start_with_facts(tmp_path, monkeypatch, FACTS)


def test_the_provider_logs_what_each_turn_received(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider = _start(tmp_path, monkeypatch)
    try:
        assert provider.prefetch("thanks!", session_id="s1") == ""
        block = provider.prefetch("Which Kafka topic does the Atlas service consume?",
                                  session_id="s1")
        injected = [int(i) for i in _ID.findall(block)]
        assert injected
        turn3 = f"my key is {SECRET}, where do Atlas alerts go?"
        provider.prefetch(turn3, session_id="s1")
        assert provider.wait_idle(10)
        log = provider.memory.recalls(session="s1")
        assert [e.turn for e in log] == [3, 2, 1]  # newest first
        assert all(e.front_end == "hermes" and e.gate for e in log)
        assert log[2].items == []  # "thanks!" received nothing, and the log says so
        second = log[1]
        assert [it["memory_id"] for it in second.items] == injected
        for it in second.items:  # the gate's scores, and the memory's current text
            assert it["relevance"] is not None and it["relevance"] >= 0
            assert it["coverage"] is not None and 0 <= it["coverage"] <= 1
            assert it["content"] in FACTS
        # The secret never reaches the log: the query is stored redacted, and the table
        # holds no memory text at all.
        assert SECRET not in (log[0].query or "") and "[REDACTED" in (log[0].query or "")
        with provider.memory.store.transaction(write=False) as tx:
            rows = tx.execute("SELECT * FROM recalls").fetchall()
        dump = json.dumps([list(r) for r in rows], ensure_ascii=False)
        assert SECRET not in dump
        assert not any(fact in dump for fact in FACTS)
        # "Which turns received memory #N?"
        assert [e.turn for e in provider.memory.recalls(memory_id=injected[0])] == [2]
    finally:
        manager.shutdown_all()

"""The per-turn carrier of standing facts through the real Hermes provider (hermes-agent
0.19.0, real SQLite): with the system block full, a medication known only by the shape of
its statement and the person's own clinicians reach the turn that needs them, worded
without their words, in Chinese and English; never a greeting, thanks or a world-knowledge
question."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from tests.integrations.test_hermes_profile import BROAD, OTHER, RESERVED, SEVERE, STANDING
from tests.integrations.test_hermes_recall import start_with_facts

from vecmem.integrations.hermes.provider import SYSTEM_BLOCK_CHARS

NEW = {
    # Medications no drug list names: only the statement's shape says so.
    "apixaban": "User takes apixaban since the pulmonary embolism last year.",
    "warfarin": "用户的爸爸在吃华法林。",
    # The person's own clinicians.
    "gp": "User's GP is Dr. Anke Petersen on Ottenser Hauptstraße; book through Doctolib.",
    "paed": "两个孩子的儿科医生是 Dr. Hansen，诊所在 Ottensen。",
}
_ID = re.compile(r"#(\d+)\b")


def _ids(text: str) -> set[int]:
    return {int(i) for i in _ID.findall(text)}


def _start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, dict[str, int]]:
    facts = (SEVERE + BROAD + list(RESERVED.values()) + list(STANDING.values()) + OTHER
             + list(NEW.values()))
    manager, provider = start_with_facts(tmp_path, monkeypatch, [])
    results = provider.memory.add_many(facts, raw=True)
    ids = {k: results[facts.index(t)].memory_id for k, t in NEW.items()}
    assert None not in ids.values()
    return manager, provider, ids


def test_shape_medications_and_care_facts_are_standing_facts_left_in_reserve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        block = provider.system_prompt_block()
        assert len(block) <= SYSTEM_BLOCK_CHARS
        prof = provider.memory.core_profile()
        category = {e.memory_id: e.category for e in [*prof.entries, *prof.reserve]}
        assert category[ids["apixaban"]] == category[ids["warfarin"]] == "medication"
        assert category[ids["gp"]] == category[ids["paed"]] == "care"
        # The block is full of the severe facts and the broad ones: these wait in reserve.
        assert not set(ids.values()) & _ids(block)
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize(("turn", "key"), [
    # The drug's class, not its name ("blood thinner" and apixaban).
    ("Is it OK to take aspirin with my blood thinner?", "apixaban"),
    # A relative's medication on a turn about that relative and medicine.
    ("我爸牙疼，能给他吃点布洛芬吗？", "warfarin"),
    # A care fact on a turn about seeing a clinician, in both languages.
    ("need a sick note for tomorrow, who do I book?", "gp"),
    ("孩子发烧了，要带去看哪个医生？", "paed"),
])
def test_the_carrier_brings_the_fact_the_turn_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turn: str, key: str) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        provider.system_prompt_block()
        got = _ids(provider.prefetch(turn, session_id="s1"))
        assert ids[key] in got
        assert len(got) <= provider._recall._options().recall_max
    finally:
        manager.shutdown_all()


@pytest.mark.parametrize("turn", [
    "thanks!", "谢谢", "hi there", "Why do doctors wear white coats?", "华法林是谁发明的？",
    "Which Kafka topic does the Atlas service consume?",
])
def test_the_carrier_stays_empty_off_topic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turn: str) -> None:
    manager, provider, ids = _start(tmp_path, monkeypatch)
    try:
        provider.system_prompt_block()
        assert not _ids(provider.prefetch(turn, session_id="s1")) & set(ids.values())
    finally:
        manager.shutdown_all()

"""With an LLM configured (the scripted OpenAI-compatible server): cue terms from
structured extraction and the query rewrite before search -- both off by default, both
visible in explain, neither able to break search when the model fails."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.llm.client import LLMClient
from vecmem.settings import Settings
from vecmem.testing import FakeOpenAI

PEANUTS = "User is severely allergic to peanuts and carries an EpiPen."
SECRET = "sk-proj-Zx81Qm2Lw93Rt84Yu75Io66Pa57Sd48F"
EXTRACTED = {"facts": [{
    "content": "用户对花生过敏，随身带着肾上腺素笔", "memory_type": "user_fact",
    "confidence": 0.95, "durability": "long_term",
    "cues": ["peanut allergy", "snack", "零食", f"token {SECRET}", 42]}]}
TURNS = [{"role": "user", "content": "我对花生过敏，出门都带着肾上腺素笔。"}]


@pytest.fixture
def open_mem(tmp_path: Path, client: LLMClient) -> Iterator[Callable[..., Memory]]:
    opened: list[Memory] = []

    def build(**settings: Any) -> Memory:
        m = Memory.open(tmp_path / "llm.db", embedder=HashingEmbedder(), llm=client,
                        **settings)
        opened.append(m)
        return m

    yield build
    for m in opened:
        m.close()


def test_both_are_off_by_default(fake: FakeOpenAI, open_mem: Callable[..., Memory]) -> None:
    defaults = Settings()
    assert defaults.llm_cue_terms is False and defaults.llm_query_rewrite is False
    m = open_mem()
    fake.enqueue(EXTRACTED)
    m.ingest(TURNS)
    (extract,) = fake.chat_requests
    assert "cues:" not in extract.json["messages"][0]["content"]
    (rec,) = m.list()
    with m.store.transaction(write=False) as tx:
        assert "cues" not in (tx.get_memory_meta(rec.id) or {})
    m.search("what snack can I bring to the party?")
    ex = m.explain("what snack can I bring to the party?")
    assert len(fake.chat_requests) == 1  # no rewrite call
    # No LLM cue in the index (they would be unmarked terms): "snack" finds the memory
    # only through the marked rule cues of its categories (rules/cues.py).
    with m.store.transaction(write=False) as tx:
        terms = tx.keyword_index_terms(rec.id).split()
    assert "snack" not in terms and "\u01c2snack" in terms
    assert ex.rewrite is None and not any("(LLM)" in n for n in ex.notes)
    assert any(n.startswith(f"#{rec.id} matched through its cue terms: snack") and
               "(rule: food)" in n for n in ex.notes)


def test_cue_terms_from_extraction_find_the_memory_and_explain_says_so(
        fake: FakeOpenAI, open_mem: Callable[..., Memory]) -> None:
    m = open_mem(llm_cue_terms=True)
    fake.enqueue(EXTRACTED)
    summary = m.ingest(TURNS)
    assert summary.extractor == "llm" and summary.decisions == {"store": 1}
    assert "cues:" in fake.chat_requests[0].json["messages"][0]["content"]
    (rec,) = m.list()
    with m.store.transaction(write=False) as tx:
        meta = tx.get_memory_meta(rec.id)
        terms = tx.keyword_index_terms(rec.id)
    # Kept: the strings without a secret; the number and the secret are dropped.
    assert meta["cues"] == ["peanut allergy", "snack", "零食"]
    assert SECRET not in str(meta) and SECRET not in terms
    # An English turn now finds the Chinese memory by its cue, and explain names it.
    assert [h.memory.id for h in m.keyword("peanut")] == [rec.id]
    ex = m.explain("what snack can I bring to the party?")
    assert any(n.startswith(f"#{rec.id} matched through its cue terms: snack, 零食 (LLM)")
               for n in ex.notes)
    # The index stays consistent for doctor, and a re-derive keeps the cues.
    assert m.doctor().to_dict()["findings"]["stale_keyword"] == []
    assert m.stats()["consistency"]["ok"]
    with m.store.transaction() as tx:
        tx.set_meta("derivation_version", "1")
        tx.unindex_keywords(rec.id)
        tx.index_keywords(rec.id, "stale")
    m.close()
    again = open_mem(llm_cue_terms=True)
    assert [h.memory.id for h in again.keyword("peanut")] == [rec.id]
    assert again.doctor().to_dict()["findings"]["stale_keyword"] == []


def _rewriter(answer: dict[str, Any] | int) -> Callable[[Any], Any]:
    def respond(req: Any) -> Any:
        system = req.json["messages"][0]["content"]
        return answer if "prepare a search" in system else None
    return respond


def test_the_query_rewrite_adds_the_needed_words_and_explain_shows_it(
        fake: FakeOpenAI, open_mem: Callable[..., Memory]) -> None:
    m = open_mem(llm_query_rewrite=True)
    m.add_many([PEANUTS, "The Atlas service deploys with Argo CD on Fridays"], raw=True)
    # (Baking cookies for a potluck no longer needs the rewrite: those are rule cues of
    # the food category since RULES_VERSION 9. A party names no food word.)
    turn = "I'm hosting the office party, any ideas?"
    fake.responder = _rewriter({"query": "food allergies and diet",
                                "terms": ["peanut allergy", "过敏", "花生"]})
    hits = m.search(turn)
    assert [h.memory.content for h in hits][:1] == [PEANUTS]
    ex = m.explain(turn)
    assert ex.query == turn and ex.rewrite is not None
    assert ex.rewrite["query"] == "food allergies and diet"
    assert ex.rewrite["searched"].startswith(turn) and "peanut allergy" in ex.rewrite["searched"]
    assert ex.notes[0].startswith("LLM query rewrite: searched")
    asked = [r for r in fake.chat_requests if "prepare a search" in
             r.json["messages"][0]["content"]]
    assert asked and turn in asked[-1].json["messages"][1]["content"]
    # The recall log keeps the turn as the agent said it, not the rewrite.
    m.search(turn, session="s")
    assert m.recalls()[0].query == turn
    # Without the rewrite the same turn finds nothing (the words are not in the memory).
    plain = open_mem()
    assert plain.search(turn) == []


def test_no_call_for_a_trivial_turn_and_a_failing_model_changes_nothing(
        fake: FakeOpenAI, open_mem: Callable[..., Memory]) -> None:
    m = open_mem(llm_query_rewrite=True)
    m.add_many([PEANUTS], raw=True)
    before = len(fake.chat_requests)
    assert m.search("thanks!") == [] and m.search("谢谢") == []
    assert len(fake.chat_requests) == before
    fake.responder = _rewriter(500)
    expected = [h.memory.id for h in open_mem().search("peanuts EpiPen")]
    assert [h.memory.id for h in m.search("peanuts EpiPen")] == expected
    ex = m.explain("peanuts EpiPen")
    assert ex.rewrite is not None and ex.rewrite["error"].startswith("rewrite failed")
    assert ex.rewrite["searched"] == "peanuts EpiPen"

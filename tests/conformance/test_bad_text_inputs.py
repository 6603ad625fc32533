"""Text the database cannot store or compare (NUL, lone surrogates, absurd lengths) gets the
same ``InvalidInputError`` on both engines, from the engine-independent layer, before it
reaches a driver; nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError

BAD = {"nul": "ab\x00cd", "surrogate": "ab\ud800cd", "long": "x" * 300_000}
#: Fields whose length is capped (the free-text ones, content and queries, have their own).
CAPPED = ("add.actor", "add.source", "add.category", "archive.actor", "archive.reason",
          "update.reason", "list.since", "list.until", "list.source", "list.category",
          "list.topic_key", "events.since", "events.until", "plan.reason")


def _calls(mem: Memory, bad: str, mid: int) -> dict[str, Callable[[], Any]]:
    return {
        "add.content": lambda: mem.add(bad),
        "add.actor": lambda: mem.add("用户偏好：简洁", actor=bad),
        "add.source": lambda: mem.add("用户偏好：简洁", source=bad),
        "add.category": lambda: mem.add("用户偏好：简洁", category=bad),
        "add.meta": lambda: mem.add("用户偏好：简洁", meta={"k": bad}),
        "update.content": lambda: mem.update(mid, bad),
        "update.reason": lambda: mem.update(mid, "The user's editor is helix", reason=bad),
        "archive.reason": lambda: mem.archive(mid, reason=bad),
        "archive.actor": lambda: mem.archive(mid, actor=bad),
        "search.query": lambda: mem.search(bad),
        "keyword.query": lambda: mem.keyword(bad),
        "explain.query": lambda: mem.explain(bad),
        "list.since": lambda: mem.list(since=bad),
        "list.until": lambda: mem.list(until=bad),
        "list.source": lambda: mem.list(source=bad),
        "list.category": lambda: mem.list(category=bad),
        "list.topic_key": lambda: mem.list(topic_key=bad),
        "list.text": lambda: mem.list(text=bad),
        "count.text": lambda: mem.count(text=bad),
        "events.since": lambda: mem.events(since=bad),
        "events.until": lambda: mem.events(until=bad),
        "merge.content": lambda: mem.merge([mid, mid + 1], bad),
        "plan.reason": lambda: mem.create_plan([{"action": "archive", "memory_id": mid}],
                                               reason=bad),
        "plan.content": lambda: mem.create_plan([{"action": "add", "content": bad}]),
    }


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_text_is_invalid_input_on_every_engine(cmem: Memory, kind: str) -> None:
    mid = cmem.add("The user's editor is neovim").memory_id
    cmem.add("用户住在上海")
    before = (cmem.count(), len(cmem.events(limit=1000)))
    leaked: dict[str, str] = {}
    for name, call in _calls(cmem, BAD[kind], mid).items():
        try:
            call()
        except InvalidInputError:
            continue
        except Exception as exc:  # the point of the test: anything else is a leak
            leaked[name] = f"{type(exc).__name__}: {str(exc)[:120]}"
        else:
            if kind != "long" or name in CAPPED or name.endswith((".content", ".query")):
                leaked[name] = "accepted"
    assert leaked == {}
    assert (cmem.count(), len(cmem.events(limit=1000))) == before


@pytest.mark.parametrize("kind", ["nul", "surrogate"])
def test_bad_scope_is_invalid_input_on_every_engine(engine_url: str, kind: str) -> None:
    with pytest.raises(InvalidInputError, match="scope"):
        Memory.open(engine_url, embedder=HashingEmbedder(), scope=BAD[kind])

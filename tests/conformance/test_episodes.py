"""Episodes: memories written as one conversation lend each other search context."""

from __future__ import annotations

import pytest

from vecmem import InvalidInputError, Memory

TURNS = [
    "Alice: Did you ever go hiking in the Alps?",
    "Bob: Yes, I climbed the Matterhorn last summer with my brother.",
    "Alice: I adopted a cat named Whiskers last week.",
    "Bob: 我下周去上海出差，顺便见见老同学。",
    "Alice: 上海的小笼包很好吃，记得去城隍庙。",
]


def _rank(hits: list, content: str) -> int | None:
    for i, h in enumerate(hits):
        if h.memory.content == content:
            return i
    return None


@pytest.mark.parametrize(("query", "answer"), [
    ("hiking in the Alps", TURNS[1]),
    ("出差 上海", TURNS[4]),
])
def test_an_episode_neighbour_is_found_through_its_context(
        cmem: Memory, query: str, answer: str) -> None:
    cmem.add_many(TURNS, raw=True, source="chat", episode=True)
    cmem.add("The user prefers dark mode in every editor.")
    cmem.add("用户喜欢喝绿茶，不喝咖啡。")
    hits = cmem.search(query, k=3)
    with_context = _rank(hits, answer)
    assert with_context is not None and with_context <= 1
    ex = cmem.explain(query, k=3)
    lent = [c for c in ex.candidates if c.memory_id == hits[with_context].memory.id]
    assert lent and lent[0].context > 0 and lent[0].context_from is not None


def test_memories_outside_an_episode_lend_nothing(cmem: Memory) -> None:
    cmem.add_many(TURNS, raw=True, source="chat")  # not declared an episode
    hits = cmem.search("hiking in the Alps", k=5)
    assert all(c.context == 0 for c in cmem.explain("hiking in the Alps", k=5).candidates)
    assert hits[0].memory.content == TURNS[0]
    # Plain keyword and vector modes never use episode context.
    cmem.add_many(["Carol: 今天天气不错。", "Dave: hiking boots are on sale"], raw=True,
                  episode=True)
    # Context joiners carry neither a cosine nor a keyword rank: none in these modes.
    assert all(h.keyword_rank is not None for h in cmem.search("hiking boots", mode="keyword"))
    assert all(h.cosine is not None for h in cmem.search("hiking boots", mode="vector"))
    joined = [h for h in cmem.search("hiking boots", k=10)
              if h.cosine is None and h.keyword_rank is None]
    assert [h.memory.content for h in joined] in ([], ["Carol: 今天天气不错。"])


def test_two_episodes_do_not_touch_and_archived_neighbours_stay_hidden(cmem: Memory) -> None:
    first = cmem.add_many(TURNS[:2], raw=True, episode=True)
    second = cmem.add_many(["Carol: the weather in Lisbon is lovely.",
                            "Dave: 我们明天去海边吧。"], raw=True, episode=True)
    assert first[1].memory_id + 1 == second[0].memory_id  # adjacent ids, other episode
    ex = cmem.explain("Matterhorn summer brother", k=5)
    # Adjacent ids, but another episode: nothing crosses from first[1] to second[0].
    assert all(c.context_from != first[1].memory_id
               for c in ex.candidates if c.memory_id == second[0].memory_id)
    assert any(c.context > 0 for c in ex.candidates if c.memory_id == first[0].memory_id)
    cmem.archive(first[0].memory_id)
    hits = cmem.search("Matterhorn summer brother", k=5)
    assert all(h.memory.id != first[0].memory_id for h in hits)


def test_episode_flag_is_validated(cmem: Memory) -> None:
    with pytest.raises(InvalidInputError, match="episode"):
        cmem.add_many(TURNS, episode="yes")  # type: ignore[arg-type]
    assert cmem.stats()["total"] == 0 if "total" in cmem.stats() else True

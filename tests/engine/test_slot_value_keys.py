"""Through the write pipeline: a restated value in the other language or spelling is a
duplicate, a new value a conflict, and a new value that repeats one already waiting in
review joins that item instead of opening a second review (session 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder


def _open(tmp_path: Path) -> Memory:
    return Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())


@pytest.mark.parametrize(("prior", "new", "want"), [
    ("I live in Paris.", "我住在巴黎。", "duplicate"),
    ("用户住在慕尼黑。", "The user lives in Munich.", "duplicate"),
    ("I live in Berlin.", "用户搬到了巴黎。", "review"),
    ("My timezone is UTC+8.", "我用北京时间。", "duplicate"),
    ("我的时区是北京时间。", "用户现在按新加坡时间作息。", "review"),
    ("我的编辑器是 Neovim。", "My editor is nvim.", "duplicate"),
])
def test_restated_is_duplicate_new_is_review(tmp_path: Path, prior: str, new: str,
                                             want: str) -> None:
    mem = _open(tmp_path)
    try:
        mem.add(prior)
        assert str(mem.add(new).decision) == want
    finally:
        mem.close()


def test_a_pending_value_said_again_joins_its_review(tmp_path: Path) -> None:
    mem = _open(tmp_path)
    try:
        mem.add("I live in Berlin.")
        first = mem.add("I moved to Paris.")
        assert str(first.decision) == "review"
        again = mem.add("我现在住在巴黎。")
        assert str(again.decision) == "duplicate"
        other = mem.add("I moved to Lisbon.")
        assert str(other.decision) == "review"  # a third value is a review of its own
    finally:
        mem.close()

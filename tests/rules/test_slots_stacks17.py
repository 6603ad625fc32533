"""A project's stack named by two or more technologies (session 17, branch stacks17; issue
15 item 5): the whole set fills ``project.<name>.stack``. A different set for the same
project is a conflict, the same set in other words, order or aliases (Postgres =
PostgreSQL, Node = Node.js, JS = JavaScript) a duplicate. Two projects' stacks, a library
added for one purpose ("also uses Redis for caching", as the dev sets label it: store),
someone else's project, a course's stack and a hypothetical are stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder


def _decide(tmp_path: Path, prior: str, new: str) -> str:
    mem = Memory.open(str(tmp_path / "s.db"), embedder=HashingEmbedder())
    try:
        mem.add(prior)
        return str(mem.add(new).decision)
    finally:
        mem.close()


CONFLICTS = [
    ("en uses", "The tally app uses Django and PostgreSQL.", "tally now runs on Go with SQLite."),
    ("en built", "kiln is built with Rust and SQLite.",
     "kiln has been rewritten in Go and Postgres."),
    ("en label", "The tally project's stack is Django + Postgres.",
     "tally now uses FastAPI and MySQL."),
    ("zh plus", "账本系统用的是 Vue + Node.js。", "账本系统改成了 React 和 Go。"),
    ("zh label", "项目青鸟的技术栈是 Flask 和 SQLite。", "青鸟项目现在用 FastAPI + PostgreSQL。"),
    ("mixed", "Project Heron uses Django and Postgres.", "Heron 现在改用 Rails 和 MySQL 了。"),
    ("one to many", "Project Kite is built with Flask.", "Kite 项目现在是 FastAPI + SQLModel。"),
    ("many to one framework", "Project atlas is built with Django and PostgreSQL.",
     "We rewrote atlas in FastAPI"),
]

DUPLICATES = [
    ("en aliases", "The tally app uses Django and PostgreSQL.",
     "tally's stack: Django + Postgres."),
    ("en order", "kiln is built with Rust and SQLite.", "kiln uses SQLite and Rust."),
    ("zh alias", "账本系统用的是 Vue + Node.js。", "账本系统的技术栈是 Node 和 Vue。"),
    ("mixed alias", "Project Heron uses Django and Postgres.",
     "Heron 项目用的是 PostgreSQL 和 Django。"),
]

STORED = [
    ("two projects", "The tally app uses Django and PostgreSQL.",
     "The kiln project uses Rust and SQLite."),
    ("two projects zh", "账本系统用的是 Vue + Node.js。", "官网项目用的是 React 和 Go。"),
    ("library added", "The tally app uses Django and PostgreSQL.",
     "tally also uses Redis for caching."),
    ("library added zh", "账本系统用的是 Vue + Node.js。", "账本系统还加了 Redis 做缓存。"),
    ("someone else's", "The tally app uses Django and PostgreSQL.",
     "My friend's app uses Go and SQLite."),
    ("course", "The tally app uses Django and PostgreSQL.",
     "The course teaches React and Node.js."),
    ("hypothetical", "The tally app uses Django and PostgreSQL.",
     "We might try Go and SQLite for tally someday."),
    ("hypothetical zh", "账本系统用的是 Vue + Node.js。", "账本系统以后可能会试试 React 和 Go。"),
]


@pytest.mark.parametrize(("name", "prior", "new"), CONFLICTS, ids=[c[0] for c in CONFLICTS])
def test_a_new_set_conflicts(tmp_path: Path, name: str, prior: str, new: str) -> None:
    assert _decide(tmp_path, prior, new) in ("review", "update")


@pytest.mark.parametrize(("name", "prior", "new"), DUPLICATES, ids=[c[0] for c in DUPLICATES])
def test_the_same_set_is_a_duplicate(tmp_path: Path, name: str, prior: str, new: str) -> None:
    assert _decide(tmp_path, prior, new) == "duplicate"


@pytest.mark.parametrize(("name", "prior", "new"), STORED, ids=[c[0] for c in STORED])
def test_near_misses_are_stored(tmp_path: Path, name: str, prior: str, new: str) -> None:
    # a hypothetical may be the quality filter's to reject: never a slot decision
    assert _decide(tmp_path, prior, new) in (("store", "reject") if "hypothetical" in name
                                             else ("store",))

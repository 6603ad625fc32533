"""Fixtures for the HTTP API and dashboard tests: a fresh memory and a seeded one.

Seeding runs the real write pipeline once per session into a template file; each test
that asks for ``seeded`` gets its own copy of that file (fast, and fully isolated).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_seed import Seeded, seed

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder


@pytest.fixture(scope="session")
def seeded_template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Seeded]:
    path = tmp_path_factory.mktemp("seed") / "template.db"
    mem = Memory.open(str(path), embedder=HashingEmbedder())
    try:
        ids = seed(mem)
    finally:
        mem.close()
    return path, ids


@pytest.fixture
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    path = tmp_path / "server.db"
    if "seeded" in request.fixturenames:
        template, _ = request.getfixturevalue("seeded_template")
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{template}{suffix}").exists():
                shutil.copyfile(f"{template}{suffix}", f"{path}{suffix}")
    m = Memory.open(str(path), embedder=HashingEmbedder())
    yield m
    m.close()


@pytest.fixture
def seeded(mem: Memory, seeded_template: tuple[Path, Seeded]) -> Seeded:
    """The ids of the seeded memory that ``mem`` was opened on."""
    assert mem.count() > 0
    return seeded_template[1]

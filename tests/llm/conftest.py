"""Fixtures for the LLM layer: a real fake OpenAI server on loopback and clients for it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from vecmem.llm.client import LLMClient
from vecmem.testing import FakeOpenAI

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def make_client(fake: FakeOpenAI) -> Iterator[Callable[..., LLMClient]]:
    """Build clients for ``fake`` that never really sleep between retries."""
    clients: list[LLMClient] = []

    def build(**kwargs: Any) -> LLMClient:
        kwargs.setdefault("sleep", lambda _s: None)
        kwargs.setdefault("timeout", 5)
        client = LLMClient(kwargs.pop("base_url", fake.base_url), "fake-model", **kwargs)
        clients.append(client)
        return client

    yield build
    for client in clients:
        client.close()


@pytest.fixture
def client(make_client: Callable[..., LLMClient]) -> LLMClient:
    return make_client()


@pytest.fixture(scope="session")
def conversation() -> dict[str, Any]:
    return json.loads((DATA / "conversation_zh_en.json").read_text(encoding="utf-8"))

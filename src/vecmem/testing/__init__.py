"""Test helpers that ship with vecmem, so projects built on it can test against real parts.

- :class:`FakeOpenAI` — a real OpenAI-compatible HTTP server on loopback with scripted
  chat answers and deterministic embeddings.
"""

from vecmem.testing.fake_openai import FakeOpenAI, RecordedRequest, Reply, hash_embedding

__all__ = ["FakeOpenAI", "RecordedRequest", "Reply", "hash_embedding"]

"""A bounded, thread-safe LRU cache in front of any embedder.

Keyed by ``(model_id, role, sha256(text))``, role being query or document: the model is
part of the key so that switching models can never serve an old model's vector, and the
text is hashed so that the cache holds 32-byte keys instead of whole memories.

Fallback vectors are never cached: the first version of this system cached hashing
vectors under the API model's name while the API was down, and kept serving them after
it came back.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.embed.base import Embedder, Embedding, check_texts, embed_tagged

DEFAULT_MAX_ENTRIES = 10_000


def _text_key(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


class CachedEmbedder:
    """Wraps ``inner``; same ``model_id``, ``dim`` and ``is_fallback`` as it."""

    def __init__(self, inner: Embedder, max_entries: int = DEFAULT_MAX_ENTRIES) -> None:
        if max_entries < 0:
            raise ValueError(f"max_entries must be >= 0, got {max_entries}")
        self.inner = inner
        self.max_entries = int(max_entries)
        self._entries: OrderedDict[tuple[str, str, bytes], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    # Identity is read through, so a wrapper never disagrees with what it wraps.
    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    @property
    def is_fallback(self) -> bool:
        return self.inner.is_fallback

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def embed_documents_tagged(self, texts: list[str]) -> Embedding:
        """Embed documents through the cache and say which model made the vectors."""
        return self._through(check_texts(texts), "d", lambda todo: embed_tagged(self.inner, todo))

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self.embed_documents_tagged(texts).vectors

    def embed_query(self, text: str) -> np.ndarray:
        return self._through(check_texts([text]), "q", self._inner_query).vectors[0]

    def embed_query_bilingual(self, text: str) -> np.ndarray:
        """The inner model's query form for a store holding both languages
        (``DualEmbedder.embed_query_bilingual``), cached apart; ``embed_query`` when the
        inner model has none."""
        if getattr(self.inner, "embed_query_bilingual", None) is None:
            return self.embed_query(text)
        return self._through(check_texts([text]), "qb",
                             lambda todo: self._inner_query(todo, bilingual=True)).vectors[0]

    def _inner_query(self, todo: list[str], bilingual: bool = False) -> Embedding:
        # Same before/after identity check as embed_tagged, for the query side.
        before = (self.inner.model_id, self.inner.is_fallback)
        vec = (self.inner.embed_query_bilingual(todo[0])  # type: ignore[attr-defined]
               if bilingual else self.inner.embed_query(todo[0]))
        after = (self.inner.model_id, self.inner.is_fallback)
        fallback = before[1] or before != after
        return Embedding(vec.reshape(1, -1), after[0], fallback)

    def _through(
        self, texts: list[str], role: str, compute: Callable[[list[str]], Embedding]
    ) -> Embedding:
        """Serve ``texts`` from the cache, computing the misses with ``compute``.

        ``role`` keeps queries and documents apart: asymmetric models (e5) embed them
        with different prefixes, so the same text has two different vectors.
        """
        model_id = self.inner.model_id
        if not texts:
            return Embedding(np.empty((0, self.inner.dim), dtype=np.float32), model_id, False)
        keys = [(model_id, role, _text_key(t)) for t in texts]
        hits: dict[int, np.ndarray] = {}
        # Each distinct missing text is embedded once (an import often repeats lines).
        missing: dict[tuple[str, str, bytes], list[int]] = {}
        with self._lock:
            for i, key in enumerate(keys):
                vec = self._entries.get(key)
                if vec is None:
                    missing.setdefault(key, []).append(i)
                else:
                    self._entries.move_to_end(key)
                    hits[i] = vec
            self.hits += len(hits)
            self.misses += len(texts) - len(hits)

        result = None
        if missing:
            result = compute([texts[idxs[0]] for idxs in missing.values()])
            if result.is_fallback or result.model_id != model_id:
                # Trigger: the inner embedder is (or just became) a fallback, or switched
                # models during the call. Why: cached hits belong to `model_id` and the
                # new vectors do not, so one batch would mix two spaces. Outcome: bypass
                # the cache for the whole call and store nothing.
                return result if not hits else compute(texts)

        # The width comes from the vectors themselves: asking inner.dim could cost a
        # network probe for an API model of unknown width.
        width = result.vectors.shape[1] if result is not None else next(iter(hits.values())).size
        out = np.empty((len(texts), width), dtype=np.float32)
        for i, vec in hits.items():
            out[i] = vec
        if result is not None:
            with self._lock:
                for (key, idxs), vec in zip(missing.items(), result.vectors, strict=True):
                    out[idxs] = vec
                    self._put(key, vec)
        return Embedding(out, model_id, False)

    def _put(self, key: tuple[str, str, bytes], vec: np.ndarray) -> None:
        if self.max_entries == 0:
            return
        # A private read-only copy: callers may scribble on the arrays they get back.
        stored = np.array(vec, dtype=np.float32, copy=True)
        stored.flags.writeable = False
        self._entries[key] = stored
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def __repr__(self) -> str:
        return f"CachedEmbedder({self.inner!r}, max_entries={self.max_entries})"

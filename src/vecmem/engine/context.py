"""What every engine operation needs: the store, the scope, settings, embedder and LLM."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vecmem.errors import EmbedderError, VecmemError
from vecmem.settings import Settings
from vecmem.store.base import Store

log = logging.getLogger("vecmem")


@dataclass
class EmbedderState:
    """Tracks whether the configured embedder works, for health and explain."""

    degraded: bool = False
    last_error: str | None = None


@dataclass
class Context:
    store: Store
    settings: Settings
    scope: str
    embedder: Any  # vecmem.embed.Embedder; Any keeps engine importable without numpy models
    llm: Any = None  # vecmem.llm.client.LLMClient | None
    embedder_state: EmbedderState = field(default_factory=EmbedderState)
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: Called after every committed change (the Hermes prefetch cache listens here).
    listeners: list[Any] = field(default_factory=list)

    #: Set by the facade when it is closed; every later transaction is refused.
    closed: bool = False

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
        try:
            from vecmem.embed.base import embed_tagged

            result = embed_tagged(self.embedder, texts)
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

    def embed_query(self, text: str) -> np.ndarray | None:
        try:
            vec = self.embedder.embed_query(text)
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

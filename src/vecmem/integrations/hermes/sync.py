"""Extraction from the conversation: ``sync_turn`` buffers, a worker ingests.

``sync_turn`` must return at once, so a turn is only appended to a buffer; every
``extract_every`` turns (and at session end and shutdown) the write worker hands the
buffered turns to ``Memory.ingest``. Each user message carries its author when the host
named one (newer Hermes' ``turn_author`` in shared sessions), so the event of every memory
extracted from that turn records who said it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from vecmem.errors import VecmemError
from vecmem.integrations.actions import has_method
from vecmem.integrations.hermes.config import ProviderOptions
from vecmem.integrations.hermes.worker import Worker
from vecmem.types import MESSAGE_AUTHOR_KEYS

logger = logging.getLogger(__name__)

SOURCE = "hermes:extract"


@dataclass(frozen=True, slots=True)
class Turn:
    session_id: str
    user: str
    assistant: str
    author: Mapping[str, Any] | None = None

    def messages(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if (self.user or "").strip():
            user: dict[str, Any] = {"role": "user", "content": self.user}
            if self.author:
                user[MESSAGE_AUTHOR_KEYS[0]] = dict(self.author)
            out.append(user)
        if (self.assistant or "").strip():
            out.append({"role": "assistant", "content": self.assistant})
        return out


class TurnExtractor:
    """The turn buffer and the worker that extracts from it."""

    def __init__(self, lock: threading.RLock, memory: Callable[[], Any],
                 options: Callable[[], ProviderOptions]) -> None:
        self._lock = lock  # the provider's memory lock
        self._memory = memory
        self._options = options
        self._state = threading.Lock()
        self.turns: list[Turn] = []
        self.worker = Worker("vecmem-extract")
        self._warned_no_ingest = False

    def add(self, turn: Turn) -> None:
        """Buffer one turn; start an extraction when ``extract_every`` turns are waiting."""
        with self._state:
            self.turns.append(turn)
            due = len(self.turns) >= self._options().extract_every
        if due:
            self.flush(wait=False)

    def flush(self, *, wait: bool) -> None:
        with self._state:
            pending = bool(self.turns)
        if not pending or self._memory() is None:
            return
        future = self.worker.submit(self._extract_pending)
        if wait:
            try:
                future.result(timeout=self._options().flush_timeout)
            except Exception as exc:
                logger.warning("vecmem: flushing buffered turns failed: %s", exc)

    def _extract_pending(self) -> None:
        with self._state:
            turns, self.turns = self.turns, []
        if not turns:
            return
        messages = [m for turn in turns for m in turn.messages()]
        with self._lock:
            mem = self._memory()
            if mem is None:
                return
            if not has_method(mem, "ingest"):
                if not self._warned_no_ingest:
                    logger.warning("vecmem: this version has no Memory.ingest; turns not extracted")
                    self._warned_no_ingest = True
                return
            try:
                mem.ingest(messages, source=SOURCE)
            except VecmemError as exc:
                logger.warning("vecmem: extraction failed for %d turns: %s", len(turns), exc)

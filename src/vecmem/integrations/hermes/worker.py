"""The provider's background workers: one daemon thread each, running calls in order.

Hermes isolates profiles with context variables (a ``HERMES_HOME`` override and a
per-turn secret scope); a bare ``threading.Thread`` starts with an empty context, so a
worker would silently resolve the launch profile instead of the routed one. Newer Hermes
has one canonical spawner for memory-provider threads,
``agent.memory_provider.spawn_context_thread``; the worker starts its thread through it
where it exists and otherwise binds the thread to a copy of the starter's context itself
(what the helper does), so 0.19.0 gets the same behaviour. Each submitted call also runs
in a copy of *its* submitter's context, so a job queued during a turn sees that turn's
scope (Hermes' per-turn secret scope), not the one current when the thread started.
"""

from __future__ import annotations

import contextvars
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


def host_thread_spawner() -> Callable[..., threading.Thread] | None:
    """Hermes' context-preserving thread spawner, or None on hosts without one."""
    try:
        from agent.memory_provider import spawn_context_thread  # type: ignore[attr-defined]
    except ImportError:
        return None
    return spawn_context_thread if callable(spawn_context_thread) else None


def context_thread(target: Callable[[], Any], *, name: str) -> threading.Thread:
    """An unstarted daemon thread running ``target`` under the caller's context."""
    spawn = host_thread_spawner()
    if spawn is not None:
        return spawn(target, name=name, daemon=True)
    ctx = contextvars.copy_context()
    return threading.Thread(target=ctx.run, args=(target,), name=name, daemon=True)


class Worker:
    """One daemon thread running submitted calls in order (FIFO).

    Daemon, so a wedged call (an LLM that never answers) can never hold the Hermes
    process open at exit; ``shutdown`` waits a bounded time instead. The thread starts
    at the first ``submit``, under the context of that caller (see the module note).
    """

    def __init__(self, name: str) -> None:
        self._name = name
        self._queue: queue.SimpleQueue[
            tuple[Future[Any], contextvars.Context, Callable[[], Any]] | None
        ] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        if self._closed:
            future.set_exception(RuntimeError(f"{self._name} is shut down"))
            return future
        with self._start_lock:
            if self._thread is None:
                self._thread = context_thread(self._run, name=self._name)
                self._thread.start()
        self._queue.put((future, contextvars.copy_context(), fn))
        return future

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, ctx, fn = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(ctx.run(fn))
            except BaseException as exc:
                future.set_exception(exc)

    def drain(self, timeout: float | None) -> bool:
        """Wait until everything submitted so far has run (FIFO); False on timeout."""
        if self._thread is None:
            return True
        try:
            self.submit(lambda: None).result(timeout=timeout)
        except Exception:
            return False
        return True

    def shutdown(self, timeout: float) -> None:
        self._closed = True
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(timeout)

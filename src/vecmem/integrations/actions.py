"""The agent-facing tool actions, shared by the Hermes tool and the MCP server.

One table (:data:`ACTIONS`) describes every action an agent may call: its parameters,
its governance tier (light or advanced) and whether it writes. The Hermes plugin turns
the table into one ``vecmem`` tool with an ``action`` enum; the MCP server turns it into
one typed tool per action. Both run calls through :class:`ActionRunner`, so validation,
error messages and result shapes are the same everywhere.

Deliberately absent: ``apply_plan``. A plan is applied by a human (CLI, dashboard) with
the confirmation phrase; an agent can propose plans but never confirm its own. The phrase
is not in any schema, and :class:`ActionRunner` scrubs it from every result.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import logging
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from vecmem.errors import InvalidInputError, VecmemError
from vecmem.integrations.params import (
    CATEGORY,
    CONTENT,
    EVENT_ACTION,
    EVENT_ID,
    GATE,
    LIMIT,
    MEMORY_ID,
    MEMORY_TYPE,
    MIN_SCORE,
    OFFSET,
    OPERATIONS,
    PARAMS,
    PLAN_ID,
    QUERY,
    REASON,
    SESSION,
    SOURCE,
    STATUS,
    TOPIC_KEY,
    WINDOW_HOURS,
    K,
    Param,
    check_number,
    check_operations,
    check_string,
    is_blank,
)

logger = logging.getLogger(__name__)

Tier = Literal["light", "advanced"]

REDACTED = "[redacted]"


# --------------------------------------------------------------------------- context


@dataclass(frozen=True, slots=True)
class CallContext:
    """Who is calling: written into the audit trail of every write."""

    source: str
    actor: str | None = None
    meta: dict[str, Any] | None = None


Caller = Callable[[Any, dict[str, Any], CallContext], Any]


def _kw(args: Mapping[str, Any], *names: str, rename: Mapping[str, str] | None = None) -> dict:
    """The optional arguments that were given, so Memory's own defaults apply otherwise."""
    out: dict[str, Any] = {}
    for name in names:
        if args.get(name) is not None:
            out[(rename or {}).get(name, name)] = args[name]
    return out


def _gate(args: Mapping[str, Any]) -> dict[str, Any]:
    """``gate: "off"`` is the exploratory listing; unset or "on" keeps Memory's default."""
    return {"gate": False} if args.get("gate") == "off" else {}


def _session(args: Mapping[str, Any], ctx: CallContext) -> dict[str, Any]:
    """A session logs the hits in the recall log, under the caller's front end
    (``mcp``, ``hermes:tool`` -> ``hermes``)."""
    if not args.get("session"):
        return {}
    return {"session": args["session"], "front_end": ctx.source.split(":", 1)[0]}


def _writer(ctx: CallContext) -> dict[str, Any]:
    """Provenance for pipeline writes (``add``): source, actor and metadata."""
    out: dict[str, Any] = {"source": ctx.source, **_actor(ctx)}
    if ctx.meta:
        out["meta"] = dict(ctx.meta)
    return out


def _actor(ctx: CallContext) -> dict[str, Any]:
    """Provenance for status operations, which record an actor (and a reason)."""
    return {"actor": ctx.actor} if ctx.actor else {}


# --------------------------------------------------------------------------- shaping


def to_jsonable(value: Any) -> Any:
    """Turn vecmem result objects (``to_dict``), dataclasses and enums into JSON values."""
    if isinstance(value, enum.Enum):
        return value.value
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_jsonable(to_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


_BRIEF_FIELDS = (
    "id",
    "content",
    "status",
    "memory_type",
    "category",
    "topic_key",
    "source",
    "confidence",
    "hit_count",
    "created_at",
    "updated_at",
)


def memory_brief(record: Any) -> dict[str, Any]:
    """The fields of a memory an agent needs; drops hashes and normalized text."""
    data = to_jsonable(record)
    if not isinstance(data, dict):
        return {"value": data}
    out = {k: data.get(k) for k in _BRIEF_FIELDS if k in data}
    for extra in ("superseded_by", "review_meta"):
        if data.get(extra) is not None:
            out[extra] = data[extra]
    return out


def hit_brief(hit: Any) -> dict[str, Any]:
    memory = getattr(hit, "memory", None)
    if memory is None:  # a bare record (e.g. a keyword engine returning records)
        return memory_brief(hit)
    out: dict[str, Any] = {"score": _round(getattr(hit, "score", None))}
    cosine = getattr(hit, "cosine", None)
    if cosine is not None:
        out["cosine"] = _round(cosine)
    out.update(memory_brief(memory))
    return out


def _round(value: Any) -> Any:
    return round(float(value), 4) if isinstance(value, int | float) else value


def _hits(result: Any) -> dict[str, Any]:
    hits = [hit_brief(h) for h in (result or [])]
    return {"count": len(hits), "hits": hits}


def _memories(result: Any) -> dict[str, Any]:
    items = [memory_brief(m) for m in (result or [])]
    return {"count": len(items), "memories": items}


def _review(result: Any) -> dict[str, Any]:
    items = []
    for raw in result or []:
        entry = to_jsonable(raw)
        if isinstance(entry, dict) and isinstance(entry.get("item"), dict):
            entry = {
                "memory": memory_brief(entry["item"]),
                **{k: v for k, v in entry.items() if k not in ("item", "targets")},
                "targets": [memory_brief(t) for t in entry.get("targets") or []],
            }
        else:
            entry = memory_brief(raw)
        items.append(entry)
    return {"count": len(items), "items": items}


def _events(result: Any) -> dict[str, Any]:
    items = [to_jsonable(e) for e in (result or [])]
    return {"count": len(items), "events": items}


def _plans(result: Any) -> dict[str, Any]:
    items = [to_jsonable(p) for p in (result or [])]
    return {"count": len(items), "plans": items}


def _plain(result: Any) -> dict[str, Any]:
    data = to_jsonable(result)
    return data if isinstance(data, dict) else {"result": data}


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One tool action: what it takes, what it calls, how its result is shaped."""

    name: str
    description: str
    params: tuple[Param, ...]
    required: tuple[str, ...]
    tier: Tier
    read_only: bool
    destructive: bool
    idempotent: bool
    method: str
    call: Caller
    shape: Callable[[Any], dict[str, Any]]

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    def signature_text(self) -> str:
        parts = [p.name if p.name in self.required else f"{p.name}?" for p in self.params]
        return f"{self.name}({', '.join(parts)})"


def _spec(
    name: str,
    description: str,
    params: Sequence[Param],
    *,
    required: Sequence[str] = (),
    tier: Tier,
    read_only: bool,
    destructive: bool = False,
    idempotent: bool | None = None,
    method: str | None = None,
    call: Caller,
    shape: Callable[[Any], dict[str, Any]] = _plain,
) -> ActionSpec:
    return ActionSpec(
        name=name,
        description=description,
        params=tuple(params),
        required=tuple(required),
        tier=tier,
        read_only=read_only,
        destructive=destructive,
        idempotent=read_only if idempotent is None else idempotent,
        method=method or name,
        call=call,
        shape=shape,
    )


_SPECS: tuple[ActionSpec, ...] = (
    # ---- light ----
    _spec(
        "search",
        "Hybrid search (meaning + keywords) over active memories; best matches first.",
        (QUERY, K, MIN_SCORE, GATE, SESSION),
        required=("query",),
        tier="light",
        read_only=True,
        call=lambda m, a, c: m.search(a["query"], **_kw(a, "k", "min_score"), **_gate(a),
                                      **_session(a, c)),
        shape=_hits,
    ),
    _spec(
        "keyword",
        "Keyword / substring search over active memories (Chinese and English).",
        (QUERY, K),
        required=("query",),
        tier="light",
        read_only=True,
        call=lambda m, a, c: m.keyword(a["query"], **_kw(a, "k")),
        shape=_hits,
    ),
    _spec(
        "add",
        "Remember one durable fact. vecmem filters noise, folds duplicates and parks "
        "conflicts for human review; the result says what it decided and why.",
        (CONTENT, CATEGORY),
        required=("content",),
        tier="light",
        read_only=False,
        call=lambda m, a, c: m.add(a["content"], **_kw(a, "category"), **_writer(c)),
    ),
    _spec(
        "list",
        "List memories, newest first, optionally filtered.",
        (STATUS, MEMORY_TYPE, TOPIC_KEY, SOURCE, LIMIT, OFFSET),
        tier="light",
        read_only=True,
        call=lambda m, a, c: m.list(
            **_kw(a, "status", "memory_type", "topic_key", "source", "limit", "offset")
        ),
        shape=_memories,
    ),
    _spec(
        "archive",
        "Archive a memory that is wrong or obsolete. Nothing is deleted: it can be restored.",
        (MEMORY_ID, REASON),
        required=("memory_id",),
        tier="light",
        read_only=False,
        destructive=True,
        idempotent=True,
        call=lambda m, a, c: m.archive(a["memory_id"], **_kw(a, "reason"), **_actor(c)),
    ),
    _spec(
        "restore",
        "Bring an archived memory back to active.",
        (MEMORY_ID, REASON),
        required=("memory_id",),
        tier="light",
        read_only=False,
        idempotent=True,
        call=lambda m, a, c: m.restore(a["memory_id"], **_kw(a, "reason"), **_actor(c)),
    ),
    _spec(
        "stats",
        "Counts by status and type, the embedding model, consistency.",
        (),
        tier="light",
        read_only=True,
        call=lambda m, a, c: m.stats(),
    ),
    # ---- advanced ----
    _spec(
        "preview_add",
        "What add would decide for this text, without writing anything.",
        (CONTENT, CATEGORY),
        required=("content",),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.preview_add(a["content"], **_kw(a, "category"), **_writer(c)),
    ),
    _spec(
        "preview_archive",
        "What archive would do, without writing anything.",
        (MEMORY_ID, REASON),
        required=("memory_id",),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.preview_archive(a["memory_id"], **_kw(a, "reason")),
    ),
    _spec(
        "preview_restore",
        "What restore would do, without writing anything.",
        (MEMORY_ID, REASON),
        required=("memory_id",),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.preview_restore(a["memory_id"], **_kw(a, "reason")),
    ),
    _spec(
        "review_list",
        "Memories waiting for a decision (conflicts, uncertain merges), each with the "
        "memories it conflicts with or would change.",
        (LIMIT, OFFSET),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.review_list(**_kw(a, "limit", "offset")),
        shape=_review,
    ),
    _spec(
        "events",
        "The audit trail, newest first: each change with before/after text, source, reason.",
        (MEMORY_ID, EVENT_ACTION, LIMIT),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.events(
            **_kw(a, "memory_id", "event_action", "limit", rename={"event_action": "action"})
        ),
        shape=_events,
    ),
    _spec(
        "explain",
        "Why search returns what it returns: candidates, scores, what was filtered and why.",
        (QUERY, K, GATE),
        required=("query",),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.explain(a["query"], **_kw(a, "k"), **_gate(a)),
    ),
    _spec(
        "create_plan",
        "Propose a batch of operations (archive, restore, approve, reject, add, merge). "
        "A plan is only a proposal: a person reviews and applies it outside this tool.",
        (OPERATIONS, REASON),
        required=("operations",),
        tier="advanced",
        read_only=False,
        call=lambda m, a, c: m.create_plan(a["operations"], **_kw(a, "reason")),
    ),
    _spec(
        "list_plans",
        "Plans and their status, newest first.",
        (LIMIT,),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.list_plans(**_kw(a, "limit")),
        shape=_plans,
    ),
    _spec(
        "get_plan",
        "One plan with its operations, previews and results.",
        (PLAN_ID,),
        required=("plan_id",),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.get_plan(a["plan_id"]),
    ),
    _spec(
        "cleanup_report",
        "Cleanup suggestions (duplicates, stale or noisy memories). Changes nothing.",
        (),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.cleanup_report(),
    ),
    _spec(
        "health_report",
        "Health of the memory store over a time window. Changes nothing.",
        (WINDOW_HOURS,),
        tier="advanced",
        read_only=True,
        call=lambda m, a, c: m.health_report(**_kw(a, "window_hours")),
    ),
    _spec(
        "revert",
        "Undo one change (update, merge, archive, ...) by its audit event id.",
        (EVENT_ID,),
        required=("event_id",),
        tier="advanced",
        read_only=False,
        destructive=True,
        call=lambda m, a, c: m.revert(a["event_id"], **_actor(c)),
    ),
)

#: Every action an agent may call, by name, in presentation order.
ACTIONS: dict[str, ActionSpec] = {s.name: s for s in _SPECS}
LIGHT_ACTIONS: tuple[str, ...] = tuple(s.name for s in _SPECS if s.tier == "light")
ADVANCED_ACTIONS: tuple[str, ...] = tuple(s.name for s in _SPECS)
#: Never offered to an agent, whatever the mode: applying a plan and deciding a review
#: item belong to a person (the agent that staged a write must not approve it itself).
FORBIDDEN_ACTIONS: frozenset[str] = frozenset({"apply_plan", "approve", "reject", "purge"})


def actions_for(mode: str) -> tuple[str, ...]:
    """The action names offered under ``governance_mode`` (``light`` or ``advanced``)."""
    if mode == "advanced":
        return ADVANCED_ACTIONS
    if mode == "light":
        return LIGHT_ACTIONS
    raise InvalidInputError(f"governance_mode must be 'light' or 'advanced', got {mode!r}")


def validate_args(spec: ActionSpec, args: Mapping[str, Any] | None) -> dict[str, Any]:
    """Check ``args`` against ``spec``; return clean values or raise ``InvalidInputError``.

    Missing optional parameters are simply absent from the result. ``None`` and empty
    values count as "not given", so a model that fills every field of a shared schema
    with blanks is not punished; a non-blank value for a parameter the action does not
    take is an error that names the parameters it does take.
    """
    if args is None:
        args = {}
    if not isinstance(args, Mapping):
        raise InvalidInputError(f"arguments must be an object, got {type(args).__name__}")
    takes = ", ".join(spec.param_names) or "no parameters"
    clean: dict[str, Any] = {}
    for key, value in args.items():
        if key not in PARAMS:
            raise InvalidInputError(
                f"unknown parameter {key!r} for action '{spec.name}'; it takes: {takes}"
            )
        if is_blank(value):
            continue
        if key not in spec.param_names:
            raise InvalidInputError(
                f"parameter {key!r} does not apply to action '{spec.name}'; it takes: {takes}"
            )
        p = PARAMS[key]
        if p.kind == "string":
            text = check_string(p, value, spec.name)
            if text:
                clean[key] = text
        elif p.kind in ("integer", "number"):
            clean[key] = check_number(p, value, spec.name)
        else:
            clean[key] = check_operations(value)
    for name in spec.required:
        if name not in clean:
            p = PARAMS[name]
            kind = {
                "string": "a non-empty string",
                "integer": "an integer",
                "number": "a number",
                "operations": "a non-empty list of operations",
            }[p.kind]
            raise InvalidInputError(
                f"action '{spec.name}' needs '{name}' ({kind}); usage: {spec.signature_text()}"
            )
    return clean


# --------------------------------------------------------------------------- running


def redact(value: Any, secret: str | None) -> Any:
    """Replace every occurrence of ``secret`` in the strings of a JSON value."""
    if not secret:
        return value
    if isinstance(value, str):
        return value.replace(secret, REDACTED) if secret in value else value
    if isinstance(value, dict):
        return {redact(k, secret): redact(v, secret) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, secret) for v in value]
    return value


def error_payload(exc: BaseException, action: str | None = None) -> dict[str, Any]:
    """The JSON shape of a failed call: ``{"error": message, "error_type": ..., ...}``."""
    if isinstance(exc, VecmemError):
        payload: dict[str, Any] = {"error": exc.message, "error_type": type(exc).__name__}
    else:
        payload = {"error": f"unexpected failure: {exc}", "error_type": "InternalError"}
    if action:
        payload["action"] = action
    return payload


def dumps(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, default=str)


def has_method(obj: Any, name: str) -> bool:
    """``callable(getattr(obj, name))`` that treats any lookup failure as "missing".

    ``Memory`` resolves plans, reports and LLM features lazily from engine modules, so a
    lookup can fail with an ImportError while those modules are not installed.
    """
    try:
        return callable(getattr(obj, name))
    except Exception:
        return False


def _left_review(mem: Any, memory_id: int) -> bool:
    """True when the memory's newest archiving took it out of review (a rejection)."""
    for event in mem.events(memory_id, limit=50):
        if event.after_status == "archived":
            return event.before_status == "review"
    return False


def _refuse_review_decision(mem: Any, action: str, args: Mapping[str, Any]) -> None:
    """An agent must not decide a review item by a side door either: archiving an item in
    review rejects it, restoring a rejected item approves it, and a revert can do both.
    Called under the runner's lock, so the checked state is the state acted on."""
    if action == "revert" and has_method(mem, "preview_revert"):
        preview = mem.preview_revert(args["event_id"])
        memory_id, before, after = preview.memory_id, preview.before_status, preview.after_status
    elif action in ("archive", "restore"):
        memory_id, before, after = args["memory_id"], None, None
        before = mem.get(memory_id).status
        after = "archived" if action == "archive" else "active"
    else:
        return
    if memory_id is None:
        return
    if before == "review" or (after == "active" and _left_review(mem, memory_id)):
        raise InvalidInputError(
            f"memory #{memory_id} is (or was) a review item: a person decides it "
            "(vecmem review list, or the review tab of the dashboard), not an agent"
        )


class ActionRunner:
    """Validates and runs tool actions against one ``Memory`` under one lock.

    ``memory`` is a zero-argument callable returning the ``Memory`` (or ``None`` while
    the front end is not ready). ``on_write`` runs, under the lock, after every
    successful write (the Hermes plugin uses it to drop its recall cache).
    """

    def __init__(
        self,
        memory: Callable[[], Any],
        *,
        allowed: Sequence[str],
        context: CallContext,
        confirm_phrase: str | None = None,
        lock: threading.RLock | None = None,
        read_only_reason: Callable[[], str | None] | None = None,
        on_write: Callable[[], None] | None = None,
    ) -> None:
        unknown = [a for a in allowed if a not in ACTIONS]
        if unknown or FORBIDDEN_ACTIONS & set(allowed):
            raise ValueError(f"not offerable to an agent: {unknown or sorted(allowed)}")
        self._memory = memory
        self.allowed: tuple[str, ...] = tuple(allowed)
        self.context = context
        self._phrase = confirm_phrase
        self.lock = lock or threading.RLock()
        self._read_only_reason = read_only_reason
        self._on_write = on_write

    def _resolve_memory(self) -> Any:
        mem = self._memory()
        if mem is None:
            raise VecmemError("vecmem is not initialized yet")
        return mem

    def spec(self, action: Any) -> ActionSpec:
        if not isinstance(action, str) or not action.strip():
            raise InvalidInputError(
                f"'action' must be one of: {', '.join(self.allowed)}"
            )
        name = action.strip()
        if name in FORBIDDEN_ACTIONS:
            raise InvalidInputError(
                f"'{name}' is not available to agents: a person applies plans and decides "
                "review items (vecmem plan apply, vecmem review, or the dashboard)"
            )
        if name not in ACTIONS:
            raise InvalidInputError(
                f"unknown action {name!r}; available: {', '.join(self.allowed)}"
            )
        if name not in self.allowed:
            raise InvalidInputError(
                f"action '{name}' needs governance_mode 'advanced'; "
                f"available now: {', '.join(self.allowed)}"
            )
        return ACTIONS[name]

    def run(self, action: Any, args: Mapping[str, Any] | None) -> dict[str, Any]:
        """Run one action; return its JSON-ready result or raise ``VecmemError``."""
        spec = self.spec(action)
        clean = validate_args(spec, args)
        if not spec.read_only and self._read_only_reason is not None:
            why = self._read_only_reason()
            if why:
                raise InvalidInputError(f"action '{spec.name}' writes, but {why}")
        with self.lock:
            mem = self._resolve_memory()
            if not has_method(mem, spec.method):
                raise VecmemError(
                    f"action '{spec.name}' is not supported by this vecmem version "
                    f"(Memory.{spec.method} is missing)"
                )
            _refuse_review_decision(mem, spec.name, clean)
            result = spec.call(mem, clean, self.context)
            if not spec.read_only and self._on_write is not None:
                self._on_write()
        shaped = spec.shape(result)
        inner = shaped.pop("action", None)  # e.g. OpResult.action of a preview
        payload = {"action": spec.name, **shaped}
        if inner is not None and inner != spec.name:
            payload["operation"] = inner
        return redact(payload, self._phrase)

    def run_json(self, action: Any, args: Mapping[str, Any] | None) -> str:
        """Like :meth:`run`, but always a JSON string; errors become ``{"error": ...}``."""
        name = action if isinstance(action, str) else None
        try:
            return dumps(self.run(action, args))
        except Exception as exc:  # a tool call must never raise into the agent loop
            if not isinstance(exc, VecmemError):
                logger.exception("vecmem action %r failed", name)
            return dumps(redact(error_payload(exc, name), self._phrase))

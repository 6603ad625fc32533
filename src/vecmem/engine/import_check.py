"""A raw import is validated as a whole, like the pipeline validates one write, before
anything is written.

A raw import restores a vecmem export verbatim (ids, history, plans) into an empty scope,
so the file is untrusted input that names ids. Every check here closes a way a crafted
file could plant state the pipeline would never have produced:

- the derived fields (``content_norm``, ``content_hash``, the classification) are
  recomputed from the content, never taken from the file, so a forged hash cannot plant
  two live rows of one text (two live rows of one recomputed hash are refused);
- every id appears once; every reference (``superseded_by``, review targets, an event's
  memory and related ids, the event ids in its ``meta``, a plan's operations and
  results) names a row *of the file* — so a file imported into an empty scope can never
  reach a memory or event of another scope (reviewing, superseding or reverting it);
- no memory supersedes itself; actions, statuses and plan states are ones vecmem writes,
  and an applied plan's results name events that did what its operations say;
- no field of any line holds a secret (the kernel would redact it; a raw restore refuses
  instead, so the restore stays verbatim).

Every refusal is an ``InvalidInputError`` naming the line.
"""

from __future__ import annotations

from typing import Any

from vecmem.engine import writes
from vecmem.errors import InvalidInputError
from vecmem.limits import LABEL_MAX
from vecmem.rules import classify
from vecmem.text import content_hash, normalize
from vecmem.types import LIVE_STATUSES, Action, Status

Line = tuple[int, dict[str, Any]]
_STATUSES = {s.value for s in Status}
_ACTIONS = {a.value for a in Action}
_PLAN_STATUSES = ("pending", "applied", "reverted")
#: The events an applied plan operation may have written, by operation.
_OP_EVENTS = {
    "archive": {"archive"}, "restore": {"restore"}, "approve": {"approve"},
    "reject": {"reject"}, "merge": {"merge"},
    "add": {"add", "review", "duplicate", "update", "restore", "reject_input"},
}
#: Keys of an event's meta that name another event / a memory.
_META_EVENT_KEYS = ("reverts_event", "approve_event", "merge_event")
_META_MEMORY_KEYS = ("result_id",)


def _fail(n: int, message: str) -> InvalidInputError:
    return InvalidInputError(f"line {n}: {message}")


def _no_secret(n: int, what: str, obj: dict[str, Any], skip: tuple[str, ...] = ()) -> None:
    for key, value in obj.items():
        if key in skip:
            continue
        # The kernel's own test: would storing this field redact anything?
        if writes.redact_record({key: value}) != {key: value}:
            raise _fail(n, f"{what} field {key!r} contains a secret value; secrets are never "
                           "stored (remove it and import again)")


def _unique(n: int, seen: dict[Any, int], value: Any, what: str) -> None:
    if value in seen:
        raise _fail(n, f"{what} {value!r} appears twice in the file (first on line "
                       f"{seen[value]})")
    seen[value] = n


def _ids(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [] if value is None else [value]


def check_memories(memories: list[Line]) -> dict[int, int]:
    """Validate and re-derive every memory row in place; returns id -> line."""
    seen: dict[Any, int] = {}
    for n, o in memories:
        _unique(n, seen, o["id"], "memory id")
        _no_secret(n, "memory", o, skip=("content_hash", "vector"))
        if o["status"] not in _STATUSES:
            raise _fail(n, f"unknown status {o['status']!r}")
        for label in ("category", "source"):
            value = o.get(label)
            if not isinstance(value, str) or not value.strip() or len(value) > LABEL_MAX:
                raise _fail(n, f"{label} must be a non-empty string of at most {LABEL_MAX} "
                               "characters")
        # Derived fields come from the content, never from the file.
        norm = normalize(o["content"])
        cls = classify(norm)
        o.update(content_norm=norm, content_hash=content_hash(norm, o["category"]),
                 memory_type=cls.memory_type.value, topic_key=cls.topic_key,
                 subject=cls.subject, predicate=cls.predicate, object=cls.object)
    live: dict[str, tuple[int, Any]] = {}
    for n, o in memories:
        if o["superseded_by"] is not None:
            if o["superseded_by"] == o["id"]:
                raise _fail(n, f"memory #{o['id']} is superseded by itself")
            if o["superseded_by"] not in seen:
                raise _fail(n, f"superseded_by #{o['superseded_by']} is not in the file")
        meta = o.get("review_meta") or {}
        if not isinstance(meta, dict):
            raise _fail(n, "review_meta must be an object")
        for key in ("target_ids", "conflicts_with"):
            for ref in _ids(meta.get(key)):
                if ref not in seen:
                    raise _fail(n, f"review item names memory #{ref}, which is not in the "
                                   "file")
        if o["status"] in LIVE_STATUSES:
            first = live.setdefault(o["content_hash"], (n, o["id"]))
            if first[1] != o["id"]:
                raise _fail(n, f"memory #{o['id']} holds the same fact as #{first[1]} (line "
                               f"{first[0]}); at most one of them may be live")
    return {mid: n for mid, n in seen.items()}


def check_events(events: list[Line], memory_ids: dict[int, int]) -> dict[int, dict[str, Any]]:
    """Validate every event; returns event id -> event object."""
    seen: dict[Any, int] = {}
    for n, o in events:
        _unique(n, seen, o["event_id"], "event_id")
    by_id = {o["event_id"]: o for _, o in events}
    for n, o in events:
        _no_secret(n, "event", o)
        if o["action"] not in _ACTIONS:
            raise _fail(n, f"unknown event action {o['action']!r}")
        for key in ("before_status", "after_status"):
            if o[key] is not None and o[key] not in _STATUSES:
                raise _fail(n, f"unknown {key} {o[key]!r}")
        if o["memory_id"] is not None and o["memory_id"] not in memory_ids:
            raise _fail(n, f"event {o['event_id']} is about memory #{o['memory_id']}, which "
                           "is not in the file")
        if not isinstance(o["related_ids"], list):
            raise _fail(n, "related_ids must be a list")
        for ref in o["related_ids"]:
            if ref not in memory_ids and ref not in by_id:
                raise _fail(n, f"event {o['event_id']} names #{ref}, which is neither a "
                               "memory nor an event of the file")
        meta = o.get("meta") or {}
        if not isinstance(meta, dict):
            raise _fail(n, "meta must be an object")
        for key in _META_EVENT_KEYS:
            if meta.get(key) is not None and meta[key] not in by_id:
                raise _fail(n, f"meta.{key} names event {meta[key]}, which is not in the "
                               "file")
        for key in _META_MEMORY_KEYS:
            if meta.get(key) is not None and meta[key] not in memory_ids:
                raise _fail(n, f"meta.{key} names memory #{meta[key]}, which is not in the "
                               "file")
    return by_id


def check_plans(plans: list[Line], memory_ids: dict[int, int],
                events: dict[int, dict[str, Any]]) -> None:
    seen: dict[Any, int] = {}
    for n, o in plans:
        _unique(n, seen, o["id"], "plan id")
        _no_secret(n, "plan", o)
        if o["status"] not in _PLAN_STATUSES:
            raise _fail(n, f"unknown plan status {o['status']!r}")
        ops = o["operations"]
        if not isinstance(ops, list) or not ops:
            raise _fail(n, "a plan needs a non-empty list of operations")
        for op in ops:
            if not isinstance(op, dict) or op.get("action") not in _OP_EVENTS:
                raise _fail(n, "a plan operation has an unknown action")
            for ref in [*_ids(op.get("memory_id")), *_ids(op.get("memory_ids"))]:
                if ref not in memory_ids:
                    raise _fail(n, f"plan {o['id']} names memory #{ref}, which is not in the "
                                   "file")
        results = o["results"]
        if o["status"] == "pending":
            if results is not None or o["applied_at"] is not None:
                raise _fail(n, f"plan {o['id']} is pending but has results")
            continue
        if not isinstance(results, list) or not isinstance(o["applied_at"], str):
            raise _fail(n, f"plan {o['id']} is {o['status']} without results")
        _check_results(n, o, ops, results, memory_ids, events)


def _check_results(n: int, plan: dict[str, Any], ops: list[dict[str, Any]],
                   results: list[Any], memory_ids: dict[int, int],
                   events: dict[int, dict[str, Any]]) -> None:
    """An applied plan's results must be what applying its operations wrote."""
    for res in results:
        if not isinstance(res, dict) or res.get("status") not in ("applied", "skipped"):
            raise _fail(n, f"plan {plan['id']} has a malformed result")
        if res["status"] != "applied":
            continue
        index = res.get("index")
        if not isinstance(index, int) or not 0 <= index < len(ops):
            raise _fail(n, f"plan {plan['id']}: a result names no operation")
        op = ops[index]
        for ref in [res.get("event_id"), *_ids(res.get("event_ids"))]:
            if ref is not None and ref not in events:
                raise _fail(n, f"plan {plan['id']}: result names event {ref}, which is not in "
                               "the file")
        event = events.get(res.get("event_id"))  # type: ignore[arg-type]
        if event is None or event["action"] not in _OP_EVENTS[op["action"]]:
            raise _fail(n, f"plan {plan['id']}: operation {index + 1} ({op['action']}) is "
                           "marked applied, but its event is not one it would write")
        if op.get("memory_id") is not None and event["memory_id"] != op["memory_id"]:
            raise _fail(n, f"plan {plan['id']}: operation {index + 1} is about memory "
                           f"#{op['memory_id']}, its event about #{event['memory_id']}")
    meta = plan.get("meta") or {}
    for done in _ids(meta.get("revert") if isinstance(meta, dict) else None):
        ref = done.get("revert_event_id") if isinstance(done, dict) else None
        if ref is not None and ref not in events:
            raise _fail(n, f"plan {plan['id']}: revert names event {ref}, which is not in the "
                           "file")

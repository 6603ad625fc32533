"""Tool parameters, described once: JSON Schema for Hermes and MCP, and validation.

Every front end that offers vecmem actions to an agent builds its schema from
:data:`PARAMS` and checks arguments with the ``check_*`` functions here, so a bad
argument gets the same message everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from vecmem.errors import InvalidInputError
from vecmem.limits import (
    AGENT_CONTENT_MAX,
    AGENT_PLAN_OPS_MAX,
    AGENT_QUERY_MAX,
    AGENT_REASON_MAX,
    LABEL_MAX,
)
from vecmem.types import PLAN_OP_ACTIONS, Action, MemoryType, Status

ParamKind = Literal["string", "integer", "number", "operations"]

#: Plan operations an agent may propose (``create_plan``): ``types.PLAN_OP_ACTIONS``.
_PLAN_OP_KEYS = ("action", "memory_id", "memory_ids", "content", "reason")
MAX_PLAN_OPS = AGENT_PLAN_OPS_MAX

# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True, slots=True)
class Param:
    """One tool parameter, described once for JSON Schema, MCP and validation."""

    name: str
    kind: ParamKind
    description: str
    minimum: float | None = None
    maximum: float | None = None
    enum: tuple[str, ...] | None = None
    max_length: int | None = None

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any]
        if self.kind == "operations":
            return operations_json_schema(self.description)
        schema = {"type": self.kind, "description": self.description}
        if self.enum:
            schema["enum"] = list(self.enum)
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        if self.max_length is not None:
            schema["maxLength"] = self.max_length
        return schema


def operations_json_schema(description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "description": description,
        "minItems": 1,
        "maxItems": MAX_PLAN_OPS,
        "items": {
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": list(PLAN_OP_ACTIONS)},
                "memory_id": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "for archive, restore, approve, reject",
                },
                "memory_ids": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1},
                    "description": "for merge: the memories to fold into one",
                },
                "content": {"type": "string", "description": "for add and merge: the text"},
                "reason": {"type": "string"},
            },
            "required": ["action"],
            "additionalProperties": False,
        },
    }


_STATUSES = tuple(s.value for s in Status)
_TYPES = tuple(t.value for t in MemoryType)
_EVENT_ACTIONS = tuple(a.value for a in Action)

QUERY = Param("query", "string", "What to look for, in natural language.",
              max_length=AGENT_QUERY_MAX)
CONTENT = Param(
    "content",
    "string",
    "One durable, self-contained fact (a preference, project fact, environment detail, "
    "user fact). Not questions, progress notes or bare links.",
    max_length=AGENT_CONTENT_MAX,
)
CATEGORY = Param(
    "category", "string", "Optional label grouping memories (e.g. 'user').",
    max_length=LABEL_MAX
)
K = Param("k", "integer", "How many results (default: the configured top_k).", 1, 50)
MIN_SCORE = Param(
    "min_score",
    "number",
    "Usually leave unset: the memory then applies the similarity floor calibrated for its "
    "embedding model (0.81 for the default e5 model), below which a meaning match is "
    "noise. Pass a higher value (e.g. 0.9) for only close paraphrases, a lower one (e.g. "
    "0.5) to also see loose associations. Keyword matches are kept either way.",
    -1,
    1,
)
GATE = Param(
    "gate", "string",
    "Leave unset: the relevance gate returns only memories with evidence of being needed "
    "(possibly none). 'off' lists the best-ranked memories anyway, for exploration.",
    enum=("on", "off"))
SESSION = Param(
    "session", "string",
    "Optional conversation id: the results are logged as that session's next turn in the "
    "recall log (which memories each turn received).", max_length=200)
MEMORY_ID = Param("memory_id", "integer", "Id of the memory.", 1)
REASON = Param("reason", "string", "Why; kept in the audit trail.",
               max_length=AGENT_REASON_MAX)
STATUS = Param("status", "string", "Only memories with this status.", enum=_STATUSES)
MEMORY_TYPE = Param("memory_type", "string", "Only memories of this type.", enum=_TYPES)
TOPIC_KEY = Param("topic_key", "string", "Only memories with this topic key.", max_length=200)
SOURCE = Param(
    "source", "string", "Only memories from this source (e.g. 'hermes:tool').", max_length=100
)
LIMIT = Param("limit", "integer", "Maximum number of items (default 50).", 1, 200)
OFFSET = Param("offset", "integer", "Items to skip, for paging.", 0, 1_000_000)
EVENT_ACTION = Param(
    "event_action", "string", "Only events of this kind.", enum=_EVENT_ACTIONS
)
EVENT_ID = Param("event_id", "integer", "Id of the audit event to undo.", 1)
PLAN_ID = Param("plan_id", "string", "Id of the plan.", max_length=100)
OPERATIONS = Param(
    "operations",
    "operations",
    "Operations to propose, e.g. {\"action\": \"archive\", \"memory_id\": 3}, "
    "{\"action\": \"merge\", \"memory_ids\": [4, 7], \"content\": \"...\"}.",
)
WINDOW_HOURS = Param("window_hours", "integer", "Look-back window in hours (default 24).", 1, 2160)

PARAMS: dict[str, Param] = {
    p.name: p
    for p in (
        QUERY,
        CONTENT,
        CATEGORY,
        K,
        MIN_SCORE,
        GATE,
        SESSION,
        MEMORY_ID,
        REASON,
        STATUS,
        MEMORY_TYPE,
        TOPIC_KEY,
        SOURCE,
        LIMIT,
        OFFSET,
        EVENT_ACTION,
        EVENT_ID,
        PLAN_ID,
        OPERATIONS,
        WINDOW_HOURS,
    )
}


# --------------------------------------------------------------------------- validation


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str | list | dict) and len(value) == 0)


def check_string(p: Param, value: Any, action: str) -> str:
    if not isinstance(value, str):
        raise InvalidInputError(
            f"'{p.name}' must be a string, got {type(value).__name__} ({action})"
        )
    text = value.strip()
    if p.max_length is not None and len(text) > p.max_length:
        raise InvalidInputError(
            f"'{p.name}' is {len(text)} characters long; the limit is {p.max_length} ({action})"
        )
    if p.enum and text not in p.enum:
        raise InvalidInputError(
            f"'{p.name}' must be one of {', '.join(p.enum)}; got {text!r} ({action})"
        )
    return text


def check_number(p: Param, value: Any, action: str) -> int | float:
    want = "an integer" if p.kind == "integer" else "a number"
    number: int | float
    if isinstance(value, bool):
        raise InvalidInputError(f"'{p.name}' must be {want}, got a boolean ({action})")
    if isinstance(value, str):  # models sometimes quote numbers
        try:
            number = int(value.strip()) if p.kind == "integer" else float(value.strip())
        except ValueError:
            msg = f"'{p.name}' must be {want}, got {value!r} ({action})"
            raise InvalidInputError(msg) from None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if p.kind == "integer":
            if not value.is_integer():
                raise InvalidInputError(f"'{p.name}' must be {want}, got {value!r} ({action})")
            number = int(value)
        else:
            number = value
    else:
        raise InvalidInputError(
            f"'{p.name}' must be {want}, got {type(value).__name__} ({action})"
        )
    if isinstance(number, float) and not math.isfinite(number):
        raise InvalidInputError(f"'{p.name}' must be a finite number ({action})")
    low, high = p.minimum, p.maximum
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = (
            f"between {_fmt(low)} and {_fmt(high)}"
            if low is not None and high is not None
            else f"at least {_fmt(low)}"
            if low is not None
            else f"at most {_fmt(high)}"
        )
        raise InvalidInputError(f"'{p.name}' must be {bounds}, got {_fmt(number)} ({action})")
    return number


def _fmt(value: float | None) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _check_id(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidInputError(f"{what} must be a positive integer, got {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise InvalidInputError(f"{what} must be a positive integer, got {value!r}") from None
    if number < 1:
        raise InvalidInputError(f"{what} must be a positive integer, got {value!r}")
    return number


def check_operations(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise InvalidInputError(
            "'operations' must be a non-empty list of objects such as "
            '{"action": "archive", "memory_id": 3}'
        )
    if len(value) > MAX_PLAN_OPS:
        raise InvalidInputError(f"a plan holds at most {MAX_PLAN_OPS} operations, got {len(value)}")
    ops: list[dict[str, Any]] = []
    for i, raw in enumerate(value, 1):
        where = f"operation {i}"
        if hasattr(raw, "model_dump"):  # a pydantic model from a typed front end
            raw = raw.model_dump(exclude_none=True)
        if not isinstance(raw, Mapping):
            raise InvalidInputError(f"{where} must be an object, got {type(raw).__name__}")
        unknown = sorted(set(raw) - set(_PLAN_OP_KEYS))
        if unknown:
            raise InvalidInputError(
                f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_PLAN_OP_KEYS)}"
            )
        action = raw.get("action")
        if action not in PLAN_OP_ACTIONS:
            raise InvalidInputError(
                f"{where}: 'action' must be one of {', '.join(PLAN_OP_ACTIONS)}, got {action!r}"
            )
        op: dict[str, Any] = {"action": action}
        if action in ("archive", "restore", "approve", "reject"):
            op["memory_id"] = _check_id(raw.get("memory_id"), f"{where} ({action}): 'memory_id'")
        if action == "merge":
            ids = raw.get("memory_ids")
            if not isinstance(ids, list) or len(ids) < 2:
                raise InvalidInputError(
                    f"{where} (merge): 'memory_ids' must list at least two memory ids"
                )
            op["memory_ids"] = [_check_id(x, f"{where} (merge): memory id") for x in ids]
        if action in ("add", "merge"):
            content = raw.get("content")
            if not isinstance(content, str) or not content.strip():
                raise InvalidInputError(f"{where} ({action}): 'content' must be a non-empty string")
            op["content"] = content.strip()
        reason = raw.get("reason")
        if reason is not None:
            if not isinstance(reason, str):
                raise InvalidInputError(f"{where}: 'reason' must be a string")
            if reason.strip():
                op["reason"] = reason.strip()
        ops.append(op)
    return ops

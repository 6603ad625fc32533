"""The core profile: the few standing facts that apply to almost every turn.

Chosen by rules (``rules/profile.py``: how to answer, health and safety, medication,
home, family), editable by the person (``pin`` / ``exclude``, kept in the store's meta
table per scope, so every front end and process sees the same choice), and bounded
(``MAX_MEMORIES``, ``MAX_CHARS``) so that a system prompt never holds the whole store.
The Hermes provider delivers it once per session in its system-prompt block instead of
letting these facts compete for every turn's search slots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError, NotFoundError
from vecmem.rules.profile import CATEGORIES, core_category
from vecmem.store.base import MemoryFilter
from vecmem.types import Serializable, Status

#: Size limits of the profile (the Hermes system-prompt block: issue 13's goal table).
MAX_MEMORIES = 12
MAX_CHARS = 1200
#: Active memories read per page while choosing.
_PAGE = 2000


def _meta_key(scope: str) -> str:
    return f"core_profile:{scope}"


@dataclass(frozen=True, slots=True)
class ProfileEntry(Serializable):
    memory_id: int
    content: str
    #: The rule's category, or "pinned" when the person chose it.
    category: str
    #: When the fact was last stated or confirmed (a standing fact can grow old).
    last_confirmed: str | None = None


@dataclass(frozen=True, slots=True)
class CoreProfile(Serializable):
    entries: list[ProfileEntry]
    chars: int
    #: Memories the rules chose that did not fit the limits (id -> why).
    left_out: dict[int, str] = field(default_factory=dict)
    pinned: list[int] = field(default_factory=list)
    excluded: list[int] = field(default_factory=list)
    max_memories: int = MAX_MEMORIES
    max_chars: int = MAX_CHARS


def _choices(tx: Any, scope: str) -> dict[str, list[int]]:
    raw = tx.get_meta(_meta_key(scope))
    data = json.loads(raw) if raw else {}
    return {"pin": [int(i) for i in data.get("pin", [])],
            "exclude": [int(i) for i in data.get("exclude", [])]}


def build(ctx: Context) -> CoreProfile:
    """The profile as it stands: pinned memories first, then the rules' choice by
    category priority (the user's own facts before others' in a category), within the
    size limits."""
    with ctx.store.transaction(write=False) as tx:
        choice = _choices(tx, ctx.scope)
        pinned = [r for r in tx.get_many(choice["pin"]).values()
                  if r.scope == ctx.scope and r.status == Status.ACTIVE]
        ranked: list[tuple[tuple[int, int, int], str, Any]] = []
        excluded = set(choice["exclude"])
        offset = 0
        while True:
            page = tx.list_memories(ctx.scope, MemoryFilter(status=Status.ACTIVE),
                                    limit=_PAGE, offset=offset, order="id")
            for rec in page:
                if rec.id in excluded:
                    continue
                cat = core_category(rec.content)
                if cat is not None:
                    own = 0 if rec.content.lower().startswith(("user ", "用户")) else 1
                    ranked.append(((CATEGORIES.index(cat), own, rec.id), cat, rec))
            if len(page) < _PAGE:
                break
            offset += _PAGE
    order = {m: i for i, m in enumerate(choice["pin"])}
    pinned.sort(key=lambda r: order[r.id])
    ranked.sort(key=lambda x: x[0])
    entries: list[ProfileEntry] = []
    left_out: dict[int, str] = {}
    chars = 0
    seen: set[int] = set()
    for rec, cat in [(r, "pinned") for r in pinned] + [(r, c) for _, c, r in ranked]:
        if rec.id in seen:
            continue
        seen.add(rec.id)
        if len(entries) >= MAX_MEMORIES:
            left_out[rec.id] = f"over {MAX_MEMORIES} memories"
        elif chars + len(rec.content) > MAX_CHARS:
            left_out[rec.id] = f"over {MAX_CHARS} characters"
        else:
            entries.append(ProfileEntry(rec.id, rec.content, cat,
                                        rec.last_confirmed or rec.created_at))
            chars += len(rec.content)
    return CoreProfile(entries, chars, left_out, [r.id for r in pinned],
                       sorted(excluded))


def choose(ctx: Context, memory_id: object, include: object) -> CoreProfile:
    """The person's edit: ``include`` True pins the memory into the profile, False keeps
    it out whatever the rules say, None returns it to the rules."""
    if isinstance(memory_id, bool) or not isinstance(memory_id, int):
        raise InvalidInputError("memory_id must be an integer")
    if include is not None and not isinstance(include, bool):
        raise InvalidInputError("include must be true, false or null")
    with ctx.store.transaction(write=True) as tx:
        rec = tx.get(memory_id, ctx.scope)
        if rec is None:
            raise NotFoundError(f"memory {memory_id} not found")
        if include is True and rec.status != Status.ACTIVE:
            raise InvalidInputError(f"memory {memory_id} is {rec.status}, not active")
        choice = _choices(tx, ctx.scope)
        choice["pin"] = [i for i in choice["pin"] if i != memory_id]
        choice["exclude"] = [i for i in choice["exclude"] if i != memory_id]
        if include is True:
            choice["pin"].append(memory_id)
        elif include is False:
            choice["exclude"].append(memory_id)
        tx.set_meta(_meta_key(ctx.scope), json.dumps(choice))
    return build(ctx)

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
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vecmem.engine.context import Context
from vecmem.engine.writes import require_id
from vecmem.errors import InvalidInputError, NotFoundError
from vecmem.rules.kin import learn as learn_kin
from vecmem.rules.names import stated_pairs
from vecmem.rules.profile import (
    CATEGORIES,
    HEALTH,
    core_category,
    is_own,
    profile_names,
    severity,
    standing_exposures,
)
from vecmem.store.base import MemoryFilter
from vecmem.types import Serializable, Status

#: Size limits of the profile (the Hermes system-prompt block: issue 13's goal table).
MAX_MEMORIES = 12
MAX_CHARS = 1200
#: The first round of the choice: how many entries each group takes before the others
#: fill what is left (None: as many as fit). Life-threatening health facts come first and
#: are never capped; then a few of each broad kind, so that no single kind fills the
#: whole profile; then the rest of the health facts by severity, then everything else.
#: One family fact, not two: the second (a child's name and school) displaced a child's
#: allergy from a full block once the block's text was made shorter (dev split, session
#: 6); family facts that do not fit are recalled on a turn naming that relative.
FIRST_ROUND: tuple[tuple[str, int | None], ...] = (
    ("severe", None), ("answer_style", 3), ("home", 1), ("family", 1))
#: Active memories read per page while choosing.
_PAGE = 2000
_LANGUAGE = re.compile(r"中文|英文|chinese|english|language", re.I)
_CLOSE_FAMILY = re.compile(r"wife|husband|partner|daughter|son\b|child|kids?|妻子|丈夫|老婆|"
                           r"老公|女儿|儿子|孩子", re.I)
_RESIDENCE = re.compile(r"lives in|住在|家住|家在", re.I)


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
    #: Health facts: 0 life-threatening, 1 serious, 2 mild (``rules.profile.severity``).
    severity: int | None = None
    #: The topics of a turn that make it matter when it is not in the profile (health,
    #: home and family facts; ``rules.profile.standing_exposures``).
    exposures: list[str] = field(default_factory=list)


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
    #: Standing facts left out of ``entries`` that a turn's topic can expose (health
    #: facts first, most severe first; then home and family): a front end recalls them
    #: into a turn whose topic touches them (``rules.profile.turn_topics``).
    reserve: list[ProfileEntry] = field(default_factory=list)
    #: Names the scope's memories state in both scripts ("儿子小满，英文名Max"), each form
    #: to its others (Latin forms lower-cased): a turn saying "Max" names the fact
    #: "小满对腰果过敏" is about (``rules.profile.names_shared``).
    aliases: dict[str, list[str]] = field(default_factory=dict)
    #: Names the memories tie to one of the user's roles ("User's son Max", "用户的狗叫
    #: Kumara"), each to its roles (Latin names lower-cased): a turn saying "my son" or
    #: "the dog" concerns the facts that name them (``rules.kin``).
    kin: dict[str, list[str]] = field(default_factory=dict)


def _choices(tx: Any, scope: str) -> dict[str, list[int]]:
    raw = tx.get_meta(_meta_key(scope))
    data = json.loads(raw) if raw else {}
    return {"pin": [int(i) for i in data.get("pin", [])],
            "exclude": [int(i) for i in data.get("exclude", [])]}


def _entry(rec: Any, category: str) -> ProfileEntry:
    rule = core_category(rec.content) if category == "pinned" else category
    health = rule in HEALTH
    return ProfileEntry(rec.id, rec.content, category, rec.last_confirmed or rec.created_at,
                        severity(rec.content) if health else None,
                        sorted(standing_exposures(rule, rec.content)) if rule else [])


#: A serious (tier 1) health fact of the user's own exposed to at least this many turn
#: topics (type 1 diabetes: food, medicine, travel, the outdoors, illness, a device)
#: applies as broadly as
#: a life-threatening one and is offered a place with them (persona8, session 15: the
#: user's diabetes lost its place to a relative's narrower facts).
BROAD_EXPOSURES = 5


def _group(entry: ProfileEntry) -> str:
    if entry.severity == 0:
        return "severe"
    if (entry.severity == 1 and len(entry.exposures) >= BROAD_EXPOSURES
            and is_own(entry.content)):
        return "severe"
    return entry.category


def _rank(entry: ProfileEntry) -> tuple[Any, ...]:
    """Order inside a category: the user's own facts first; health by severity; answer
    language before other style; residence before hometown; spouse and children before
    other relatives; then the oldest first."""
    text = entry.content
    own = 0 if is_own(text) else 1
    if entry.category in HEALTH:
        return (entry.severity, own, entry.memory_id)
    if entry.category == "answer_style":
        return (0 if _LANGUAGE.search(text) else 1, entry.memory_id)
    if entry.category == "home":
        return (own, 0 if _RESIDENCE.search(text) else 1, entry.memory_id)
    if entry.category == "family":
        return (0 if _CLOSE_FAMILY.search(text) else 1, entry.memory_id)
    return (own, entry.memory_id)


def _order(candidates: list[ProfileEntry]) -> list[ProfileEntry]:
    """The rules' candidates in the order they are offered a place (see FIRST_ROUND)."""
    by_rank = sorted(candidates, key=lambda e: (CATEGORIES.index(e.category), _rank(e)))
    first: list[ProfileEntry] = []
    for group, quota in FIRST_ROUND:
        members = [e for e in by_rank if _group(e) == group]
        first += members if quota is None else members[:quota]
    taken = {e.memory_id for e in first}
    rest = [e for e in by_rank if e.memory_id not in taken]
    # After the first round: health before everything else, by severity.
    rest.sort(key=lambda e: (0 if e.category in HEALTH else 1,
                             e.severity if e.severity is not None else 3))
    return first + rest


def build(ctx: Context, *, max_memories: int | None = None, max_chars: int | None = None,
          cost: Callable[[ProfileEntry], int] | None = None) -> CoreProfile:
    """The profile as it stands: pinned memories first, then the rules' choice (see
    FIRST_ROUND), within the size limits. ``max_memories`` / ``max_chars`` can only
    tighten the limits; ``cost`` measures an entry as its front end renders it (default:
    its text's length), so the profile is chosen to fit what is actually shown. An entry
    that does not fit is skipped and a smaller one after it may still fit."""
    for name, value in (("max_memories", max_memories), ("max_chars", max_chars)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 0):
            raise InvalidInputError(f"{name} must be a non-negative integer")
    if cost is not None and not callable(cost):
        raise InvalidInputError("cost must be a function of a profile entry")
    limit_n = min(MAX_MEMORIES, MAX_MEMORIES if max_memories is None else max_memories)
    limit_c = min(MAX_CHARS, MAX_CHARS if max_chars is None else max_chars)
    measure = cost or (lambda e: len(e.content))
    with ctx.store.transaction(write=False) as tx:
        choice = _choices(tx, ctx.scope)
        pinned = [r for r in tx.get_many(choice["pin"]).values()
                  if r.scope == ctx.scope and r.status == Status.ACTIVE]
        candidates: list[ProfileEntry] = []
        aliases: dict[str, list[str]] = {}
        excluded = set(choice["exclude"])
        texts: list[str] = []
        offset = 0
        while True:
            page = tx.list_memories(ctx.scope, MemoryFilter(status=Status.ACTIVE),
                                    limit=_PAGE, offset=offset, order="id")
            for rec in page:
                texts.append(rec.content)
                for han, latin in stated_pairs(rec.content):
                    for a, b in ((han, latin), (latin, han)):
                        if b not in aliases.setdefault(a, []):
                            aliases[a].append(b)
                if rec.id in excluded:
                    continue
                cat = core_category(rec.content)
                if cat is not None:
                    candidates.append(_entry(rec, cat))
            if len(page) < _PAGE:
                break
            offset += _PAGE
    pairs, ties = profile_names(texts)
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            if y not in aliases.setdefault(x, []):
                aliases[x].append(y)
    kin = learn_kin(texts, aliases)
    for name, role in ties:
        if role not in kin.setdefault(name, []):
            kin[name].append(role)
    order = {m: i for i, m in enumerate(choice["pin"])}
    pinned.sort(key=lambda r: order[r.id])
    entries: list[ProfileEntry] = []
    left_out: dict[int, str] = {}
    reserve: list[ProfileEntry] = []
    chars = 0
    seen: set[int] = set()
    for entry in [_entry(r, "pinned") for r in pinned] + _order(candidates):
        if entry.memory_id in seen:
            continue
        seen.add(entry.memory_id)
        size = measure(entry)
        if len(entries) >= limit_n:
            left_out[entry.memory_id] = f"over {limit_n} memories"
        elif chars + size > limit_c:
            left_out[entry.memory_id] = f"over {limit_c} characters"
        else:
            entries.append(entry)
            chars += size
            continue
        if entry.exposures:
            reserve.append(entry)
    reserve.sort(key=lambda e: (3 if e.severity is None else e.severity, e.memory_id))
    return CoreProfile(entries, chars, left_out, [r.id for r in pinned], sorted(excluded),
                       limit_n, limit_c, reserve, aliases, kin)


def choose(ctx: Context, memory_id: object, include: object) -> CoreProfile:
    """The person's edit: ``include`` True pins the memory into the profile, False keeps
    it out whatever the rules say, None returns it to the rules."""
    memory_id = require_id(memory_id)  # the one id check: a bool, 0, 2**64 are refused
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

"""Value types shared by every layer: enums, memories, events, results.

All result types are frozen dataclasses with ``to_dict()`` so every front end can turn
them into JSON the same way.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

StrEnum = enum.StrEnum


class Status(StrEnum):
    ACTIVE = "active"
    REVIEW = "review"
    ARCHIVED = "archived"
    SUPERSEDED = "superseded"


#: Keys of an ingested message naming who said it: ``author`` (a mapping, e.g. Hermes'
#: ``{"id", "name", "is_bot"}`` in shared sessions) or ``speaker`` (a name, as transcripts
#: carry it). The event of every memory extracted from that message records it.
MESSAGE_AUTHOR_KEYS = ("author", "speaker")


#: Statuses that count as "live" for hash uniqueness: at most one live row per hash.
LIVE_STATUSES = (Status.ACTIVE.value, Status.REVIEW.value)


class MemoryType(StrEnum):
    PREFERENCE = "preference"
    PROJECT = "project"
    ENVIRONMENT = "environment"
    ACTIVE_CONTEXT = "active_context"
    IDEA_BACKLOG = "idea_backlog"
    WORKFLOW = "workflow"
    TOOL_QUIRK = "tool_quirk"
    USER_FACT = "user_fact"
    GENERAL = "general"


#: Kinds a time to live may be declared for (``settings.ttl_days``): memory types, and
#: ``temporary``, the durability extraction gives what is true only for a while.
TTL_KEYS: tuple[str, ...] = (*(t.value for t in MemoryType), "temporary")


class Decision(StrEnum):
    STORE = "store"
    DUPLICATE = "duplicate"
    UPDATE = "update"
    MERGE = "merge"
    REVIEW = "review"
    REJECT = "reject"


class Action(StrEnum):
    ADD = "add"
    DUPLICATE = "duplicate"
    UPDATE = "update"
    MERGE = "merge"
    SUPERSEDE = "supersede"
    REVIEW = "review"
    APPROVE = "approve"
    REJECT = "reject"
    ARCHIVE = "archive"
    RESTORE = "restore"
    REVERT = "revert"
    SUGGEST = "suggest"
    REJECT_INPUT = "reject_input"
    REPAIR = "repair"
    REEMBED = "reembed"
    #: A change made by upgrading the store (re-derived fields; a row sent to review).
    MIGRATE = "migrate"
    PURGE = "purge"


#: Events ``revert`` can undo (the others record no change it could put back).
REVERTIBLE: tuple[str, ...] = tuple(a.value for a in (
    Action.ADD, Action.UPDATE, Action.MERGE, Action.ARCHIVE, Action.RESTORE, Action.APPROVE,
    Action.REJECT, Action.SUPERSEDE, Action.REVIEW))
#: Status operations: a guard, one status change and its event.
STATUS_ACTIONS: tuple[str, ...] = tuple(a.value for a in (
    Action.ARCHIVE, Action.RESTORE, Action.APPROVE, Action.REJECT))
#: What a plan operation may do.
PLAN_OP_ACTIONS: tuple[str, ...] = (*STATUS_ACTIONS, Action.ADD.value, Action.MERGE.value)
#: Cleanup candidates a plan archives: the low-risk kinds, then ``possible_conflict`` (an
#: older slot value a newer fact may replace), which is planned only when asked for.
CLEANUP_PLAN_KINDS: tuple[str, ...] = ("auto", "expired", "active_context", "stale",
                                       "duplicate", "superseded_active", "possible_conflict")


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class Serializable:
    def to_dict(self) -> dict[str, Any]:
        return _plain(self)


@dataclass(frozen=True, slots=True)
class Verdict(Serializable):
    """What the source-quality filter says about one text."""

    allowed: bool
    category: str  # e.g. "question", "secret_value", "preference", "general"
    reason: str


@dataclass(frozen=True, slots=True)
class Classification(Serializable):
    """Deterministic classification of one normalized text."""

    memory_type: MemoryType
    topic_key: str | None
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    #: True when the topic holds one value at a time (a new value conflicts or replaces).
    single_valued: bool = True
    #: True when a new value replaces the old in place (``active_context:``) instead of review.
    slot: bool = False


@dataclass(frozen=True, slots=True)
class MemoryRecord(Serializable):
    id: int
    scope: str
    content: str
    content_norm: str
    content_hash: str
    category: str
    memory_type: str
    topic_key: str | None
    subject: str | None
    predicate: str | None
    object: str | None
    status: str
    confidence: float
    durability: str
    source: str
    hit_count: int
    superseded_by: int | None
    created_at: str
    updated_at: str
    last_hit_at: str | None
    #: For review items: what the item proposes (JSON), e.g. conflicting ids or merge text.
    review_meta: dict[str, Any] | None = None
    #: When the fact holds (valid time; ``created_at`` is when vecmem learned it). A date
    #: (``YYYY-MM-DD``, resolved from what the text says) or a timestamp; ``valid_until``
    #: is the last day included, ``None`` while open.
    valid_from: str | None = None
    valid_until: str | None = None
    #: When the fact was last stated or confirmed (written, or a duplicate arrived).
    last_confirmed: str | None = None


@dataclass(frozen=True, slots=True)
class Event(Serializable):
    event_id: int
    memory_id: int | None
    action: str
    before_content: str | None
    after_content: str | None
    before_status: str | None
    after_status: str | None
    source: str | None
    actor: str | None
    reason: str | None
    related_ids: list[int]
    created_at: str
    scope: str = "default"
    meta: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class AddResult(Serializable):
    """The outcome of one write through the pipeline (or of its preview)."""

    decision: Decision
    memory_id: int | None
    reason: str
    content: str
    memory_type: str | None = None
    topic_key: str | None = None
    category: str | None = None
    related_ids: list[int] = field(default_factory=list)
    event_id: int | None = None
    dry_run: bool = False
    #: For duplicate decisions: the similarity that triggered it (1.0 for exact).
    similarity: float | None = None


@dataclass(frozen=True, slots=True)
class OpResult(Serializable):
    """The outcome of a status operation (archive, restore, approve, reject, revert)."""

    action: str
    memory_id: int | None
    before_status: str | None
    after_status: str | None
    reason: str
    event_id: int | None = None
    dry_run: bool = False
    related_ids: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Hit(Serializable):
    memory: MemoryRecord
    score: float
    cosine: float | None = None
    keyword_rank: int | None = None
    vector_rank: int | None = None
    #: The gate's margin and the keyword coverage it weighed (None: the gate was off).
    relevance: float | None = None
    coverage: float | None = None
    #: A fact of the past (superseded, archived by time, or its period over), returned
    #: only by ``search(as_of=…)``, ``history=True`` or a question about the past; its
    #: dates are the memory's ``valid_from`` / ``valid_until``.
    historical: bool = False


class Hits(list[Hit]):
    """What ``Memory.search`` returns: its hits, best first, and how the relevance gate
    read the turn. ``personal``: True when the gate judged the turn about the person
    (``engine/relevance.impersonal`` false: their own words, a thing a memory says they
    own, a particular thing memories hold), False when it judged it impersonal or
    trivial, None when no gate ran. A front end that adds memories of its own to a turn
    (the Hermes provider's reserved health facts) reads this instead of judging the turn
    again with fewer rules."""

    personal: bool | None

    def __init__(self, hits: Any = (), personal: bool | None = None) -> None:
        super().__init__(hits)
        self.personal = personal


@dataclass(frozen=True, slots=True)
class CandidateScore(Serializable):
    memory_id: int
    content: str
    status: str
    cosine: float | None
    vector_rank: int | None
    keyword_rank: int | None
    fused: float
    included: bool
    excluded_because: str | None = None
    #: Score lent by an episode neighbour (``context_from``), included in ``fused``.
    context: float = 0.0
    context_from: int | None = None
    #: The relevance gate's verdict and its arithmetic (None: the gate was off).
    gate: str | None = None
    relevance: float | None = None
    #: Share of the query's rarity-weighted keyword evidence this memory matches.
    coverage: float | None = None
    #: The trust level the memory was written with (person > agent > automatic).
    trust: str | None = None


@dataclass(frozen=True, slots=True)
class Explanation(Serializable):
    query: str
    model: str | None
    dim: int | None
    query_vector_head: list[float]
    vector_candidates: int
    keyword_candidates: int
    keyword_terms: list[str]
    matched_terms: dict[int, list[str]]
    candidates: list[CandidateScore]
    min_score: float
    k: int
    fusion: str
    notes: list[str] = field(default_factory=list)
    #: The gate's rule and the query's statistics (None: the gate was off).
    gate: dict[str, Any] | None = None
    #: The LLM query rewrite (``llm_query_rewrite``): original, searched text, the
    #: model's query and terms (None: no rewrite).
    rewrite: dict[str, Any] | None = None

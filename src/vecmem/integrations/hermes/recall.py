"""What the provider recalls into the agent's context, and when.

* The **core profile** goes into the system prompt once per session, chosen to fit as
  rendered; its memories are not recalled again into a turn. The standing facts that
  did not fit (its ``reserve``: health first) are said in the block's last line and
  recalled into a turn whose topic touches them (``_health_for``: a food allergy on a
  turn about food), even below the relevance gate, at most two per turn.
* Per turn, ``queue_prefetch`` prepares a search in the background; ``for_turn`` answers
  from it when it is for the same message and still valid (every committed change bumps
  a generation: ``invalidate`` is the ``Memory.on_change`` listener), else searches
  waiting at most ``prefetch_wait`` for the memory lock, else falls back to the last
  prepared results. Of the hits, a turn shows only those not already in the system
  block or shown earlier in the session (unless changed since), within
  ``recall_budget`` estimated tokens and ``recall_max`` memories.
* ``prefetch_result`` hands newer Hermes a structured result (the block plus a bounded
  observation naming what was shown) where the host has the type, the plain block
  otherwise.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vecmem.errors import VecmemError
from vecmem.integrations.actions import has_method
from vecmem.integrations.hermes.config import ProviderOptions
from vecmem.integrations.hermes.render import (
    COMPRESS_HEADING,
    COMPRESS_NOTE,
    RECALL_HEADING,
    RECALL_NOTE,
    estimate_tokens,
    message_text,
    profile_frame,
    profile_line,
    profile_more,
    render_profile,
    render_recall,
)
from vecmem.integrations.hermes.worker import Worker
from vecmem.rules.profile import CLINICIAN, names_shared, roles, turn_topics
from vecmem.rules.substances import (
    asks_for_someone_on,
    asks_for_someone_with,
    shares_condition,
    shares_drug,
)
from vecmem.rules.substances import shared as substance_shared
from vecmem.rules.turn_need import is_impersonal

logger = logging.getLogger(__name__)

#: Sessions whose shown memories are remembered (the oldest are forgotten first).
SESSIONS_KEPT = 256
#: A line's frame around the memory's text (``- #12 (preference, as of …) ``), in tokens.
LINE_FRAME_TOKENS = 8
#: Health facts recalled into one turn by topic (``Recall._health_for``), and how deep
#: the ungated ranking that orders them looks. Two, not one: a turn about medicine for
#: Mum touches both her diabetes and her blood pressure; the per-turn count stays within
#: ``recall_max`` (dev + persona 2, benchmarks/README.md "Hermes recall, session 6").
HEALTH_PER_TURN = 2
HEALTH_RANKED = 30
#: Care facts (the person's clinicians: ``rules.profile`` "care") recalled into a turn
#: about seeing one, beside the health facts.
CARE_PER_TURN = 1
#: The search's own best hits kept ahead of the reserve facts it did not find: a turn's
#: most relevant memories are not pushed past ``recall_max`` by facts recalled by topic
#: ("妈妈站着做饭总说头晕": the search's first hit was the low blood pressure). Two, not one
#: or three: persona 4 received 179 / 181 / 181 of 229, the other tuned sets unchanged.
SEARCH_FIRST = 2
#: Ids named in one structured observation (newer Hermes bounds arrays at 64 items).
OBSERVED_IDS = 64


@dataclass(frozen=True, slots=True)
class _Prepared:
    query: str
    generation: int
    hits: list[Any]


class Recall:
    """Recall state of one provider: prepared searches, what each session was shown."""

    def __init__(self, lock: threading.RLock, memory: Callable[[], Any],
                 options: Callable[[], ProviderOptions]) -> None:
        self._lock = lock  # the provider's memory lock
        self._memory = memory
        self._options = options
        self._state = threading.Lock()  # guards the fields below
        self._generation = 0
        self._prepared: dict[str, _Prepared] = {}
        self._profile_ids: set[int] = set()
        #: Health facts left out of the system block (recalled by topic, see _health_for).
        self._reserve: list[Any] = []
        #: Names stated in both scripts (``CoreProfile.aliases``), for ``_health_for``.
        self._aliases: dict[str, list[str]] = {}
        #: Names tied to the user's roles (``CoreProfile.kin``), for ``_health_for``.
        self._kin: dict[str, list[str]] = {}
        self._shown: dict[str, dict[int, str]] = {}  # session -> id -> updated_at
        #: What the last ``for_turn`` showed (``recall_status`` counts it).
        self.last_shown: list[Any] = []
        self.worker = Worker("vecmem-prefetch")

    # -- invalidation ----------------------------------------------------------------------
    def invalidate(self) -> None:
        """``Memory.on_change`` listener: drop every prepared search."""
        with self._state:
            self._generation += 1
            self._prepared.clear()

    def forget_session(self, session_id: str) -> None:
        with self._state:
            self._prepared.pop(session_id, None)

    # -- the system block --------------------------------------------------------------
    def core_profile(self, room: int) -> str:
        """The core profile block (once per session, in the system prompt), at most
        ``room`` characters: the profile is chosen to fit as rendered (``profile_line``),
        and when health facts are left out the block says so in its last line; those
        facts are recalled into a turn whose topic touches them (``_health_for``)."""
        mem = self._memory()
        if mem is None or not has_method(mem, "core_profile"):
            return ""
        if not self._lock.acquire(timeout=2.0):
            return ""
        cost = lambda e: len(profile_line(e)) + 1  # noqa: E731 - the line and its break
        fit = room - profile_frame()
        try:
            prof = mem.core_profile(max_chars=max(fit, 0), cost=cost)
            if any(e.severity is not None for e in prof.reserve):  # room for the line
                prof = mem.core_profile(max_chars=max(fit - len(profile_more(99)) - 1, 0),
                                        cost=cost)
        except VecmemError as exc:
            logger.debug("vecmem core profile failed: %s", exc)
            return ""
        finally:
            self._lock.release()
        entries = list(prof.entries)
        reserve = list(prof.reserve)
        # The guarantee: never over ``room``, whatever the rendering (a safety net; the
        # choice above already fits). What gives way is reported, not dropped silently.
        def health(rs: list[Any]) -> int:
            return sum(e.severity is not None for e in rs)

        while entries and len(render_profile(entries, health(reserve))) > room:
            dropped = entries.pop()
            if dropped.exposures:
                reserve.append(dropped)
        with self._state:
            self._profile_ids = {e.memory_id for e in entries}
            self._reserve = reserve
            self._aliases = dict(getattr(prof, "aliases", {}) or {})
            self._kin = dict(getattr(prof, "kin", {}) or {})
        if entries:
            return render_profile(entries, health(reserve))
        # No room for a single fact: still never silent about the health facts.
        more = profile_more(health(reserve)) if health(reserve) else ""
        return more if len(more) <= room else ""

    @property
    def reserve(self) -> list[Any]:
        """Health facts the last system block could not hold (``recall_status``)."""
        with self._state:
            return list(self._reserve)

    # -- per turn ------------------------------------------------------------------------
    def queue(self, query: str, session_id: str) -> None:
        """Prepare the search for ``query`` in the background."""
        text = (query or "").strip()
        if not text or self._memory() is None:
            return

        def job() -> None:
            try:
                found = self._search(text, wait=None)
            except VecmemError as exc:
                logger.debug("vecmem prefetch failed: %s", exc)
                return
            if found is not None:
                self._remember(session_id, text, *found)

        self.worker.submit(job)

    def for_turn(self, query: str, session_id: str) -> list[Any]:
        """The memories this turn's recall block shows (see the module note)."""
        text = (query or "").strip()
        self.last_shown = []
        if not text or self._memory() is None:
            return []
        prepared = self._take_prepared(session_id)
        if prepared is not None and prepared.query == text:
            hits = prepared.hits
        else:
            try:
                found = self._search(text, wait=self._options().prefetch_wait)
            except VecmemError as exc:
                logger.debug("vecmem prefetch failed: %s", exc)
                found = None
            if found is not None:
                hits = found[0]
                self._remember(session_id, text, *found)
            elif prepared is not None:
                hits = prepared.hits
            else:
                return []
        self.last_shown = self._fresh(session_id, hits)
        return self.last_shown

    def pre_compress(self, messages: Sequence[Any]) -> str:
        """Memories relevant to the part of the conversation about to be compressed."""
        users = [
            text
            for m in messages
            if isinstance(m, Mapping) and m.get("role") == "user" and (text := message_text(m))
        ]
        query = " ".join(users[-3:]).strip()[:2000]
        if not query:
            return ""
        try:
            found = self._search(query, wait=self._options().prefetch_wait)
        except VecmemError as exc:
            logger.debug("vecmem pre-compress recall failed: %s", exc)
            return ""
        if not found:
            return ""
        return render_recall(found[0], heading=COMPRESS_HEADING, note=COMPRESS_NOTE)

    # -- internals -----------------------------------------------------------------------
    def _take_prepared(self, session_id: str) -> _Prepared | None:
        with self._state:
            prepared = self._prepared.get(session_id)
            if prepared is not None and prepared.generation != self._generation:
                self._prepared.pop(session_id, None)
                return None
            return prepared

    def _search(self, query: str, wait: float | None) -> tuple[list[Any], int] | None:
        """Search under the lock; None when the lock is busy for longer than ``wait``.
        The health facts this turn's topic touches (``_health_for``) come first."""
        mem = self._memory()
        if mem is None:
            return None
        if not self._lock.acquire(timeout=-1 if wait is None else wait):
            return None
        try:
            with self._state:
                generation = self._generation
                reserve = list(self._reserve)
                aliases = self._aliases
                kin = self._kin
            raw = mem.search(query)
            hits = raw if isinstance(raw, list) else list(raw)  # ``Hits`` keeps its reading
            first = self._health_for(mem, query, reserve, hits, aliases, kin)
            # The search's best SEARCH_FIRST hits, then the touched standing facts in
            # their own order (found or recalled), then the rest of the search.
            ordered = list(hits[:SEARCH_FIRST]) + [h for h in first
                                                   if h not in hits[:SEARCH_FIRST]]
            taken = {getattr(h, "memory", h).id for h in ordered}
            return ordered + [h for h in hits if h.memory.id not in taken], generation
        finally:
            self._lock.release()

    @staticmethod
    def _health_for(mem: Any, query: str, reserve: list[Any], hits: list[Any],
                    aliases: Mapping[str, Sequence[str]] | None = None,
                    kin: Mapping[str, Sequence[str]] | None = None) -> list[Any]:
        """Standing facts left out of the system block whose exposure this turn's topic
        touches (``rules.profile``: a food allergy on a turn about food, a medication on
        one about medicine, a home fact on one about the home, a relative's fact on one
        naming that relative), even when the relevance gate let none of them through: at
        most ``HEALTH_PER_TURN``, ordered as below. Called under the memory lock."""
        # A world-knowledge question or a self-contained task ("why do cats purr?", "火锅
        # 起源于哪里？") is not about the person, whatever its topic -- unless it names
        # someone a reserved fact is about ("What does Max take for ...?", "小满用的是什么
        # 喷雾？": the shape of a knowledge question, about the person's son).
        if not reserve:
            return []
        topics = turn_topics(query)
        who = roles(query, turn=True, kin=kin)
        named = {e.memory_id for e in reserve if names_shared(query, e.content, aliases)}
        # The gate's own reading of the turn (``Hits.personal``: every rule it has, the
        # kinds a memory says the person owns and the particular things memories hold
        # among them), so that a turn the search treats as the person's is the person's
        # here too; the text-only reading where no gate ran.
        personal = getattr(hits, "personal", None)
        impersonal = is_impersonal(query) if personal is None else not personal
        # A fact naming no one ("晚上十点打长效胰岛素 …", "包里常备 glucagon …") is the
        # person's own, as a note to oneself is: it is about the user as much as one
        # saying "User …" (else the facts written with a subject always won the turn).
        whose = {e.memory_id: roles(e.content, kin=kin) or frozenset({"self"})
                 for e in reserve}
        # A health fact naming the substance the turn names, by class and in either
        # language ("可待因" and "Codeine makes the user vomit", "烤面包机" and a coeliac's
        # shared toaster; ``rules.substances``): the closest touch there is.
        substance = {e.memory_id: s for e in reserve
                     if e.severity is not None and (s := substance_shared(query, e.content))}
        # Facts about someone the turn concerns other than the user ("Can my mum come to
        # the Great Wall?", "Kumara is limping": the mother's knee, the dog's painkillers),
        # whether by role word or by a name the store ties to that role.
        concerned = {m for m, r in whose.items() if r & who - {"self"}}
        # (A substance the turn shares with a fact is no exception to the first rule: "Who
        # created Sesame Street?", "大熊猫主要吃什么？" name one and are about no one --
        # except a drug a household fact names by its own class: "Is brown rice better for
        # someone on metformin?" asks, in a knowledge question's shape, for whoever in the
        # household takes it (session 17, persona 9).)
        drug = ({e.memory_id for e in reserve
                 if e.memory_id in substance and shares_drug(query, e.content)}
                if asks_for_someone_on(query) else set())
        # The same for a condition the fact holds ("Are bananas OK for someone with weak
        # kidneys?": the mother-in-law's kidney fact).
        if asks_for_someone_with(query):
            drug |= {e.memory_id for e in reserve
                     if e.severity is not None and shares_condition(query, e.content)}
        if impersonal and not named and not drug:
            return []
        if not topics and not (named or concerned or substance or drug):
            return []
        # A relative's fact only on a turn that names that relative. A health fact about
        # someone the turn names by name ("Arjun's class is going to the pool") whatever
        # the turn's topic: what is true of that person's health is what a plan for them
        # must respect, and no topic list foresees every plan.
        # A touched fact the search found too is moved to the front, not skipped: left in
        # place, the facts recalled before it pushed it past ``recall_max`` (persona 3: a
        # lactose intolerance lost to two weaker facts).
        wanted = {e.memory_id: e for e in reserve
                  if ((topics & set(e.exposures)
                        and (e.exposures != ["family"] or whose[e.memory_id] & who
                             or e.memory_id in named))
                       or (e.memory_id in substance and not impersonal)
                       or e.memory_id in drug
                       or (e.severity is not None and not impersonal
                           and (e.memory_id in named or e.memory_id in concerned)))}
        if impersonal and not named:  # here only for the drug it names: nothing else
            wanted = {m: e for m, e in wanted.items() if m in drug}
        if not wanted:
            return []
        # Order: health facts before home and family ones; about whom the turn is (the
        # name it says; else my wife, 我妈, the kids; else the user); the ungated ranking
        # of the turn (no cosine floor: the topic already is the evidence); severity.
        ranking = {h.memory.id: i for i, h in enumerate(
            mem.search(query, gate=False, k=HEALTH_RANKED, min_score=-1.0))}

        # How specific the touch is: a topic few reserved facts are exposed to (an
        # induction hob: the pacemaker) says more than one most are (any food turn).
        spread = {t: sum(t in e.exposures for e in reserve) for t in topics}

        def key(e: Any) -> tuple[int, ...]:
            about = e.memory_id in named or (not named and bool(whose[e.memory_id] & who))
            touch = min((spread[t] for t in topics & set(e.exposures)),
                        default=len(reserve) + 1)
            # A turn about a relative wants that relative's facts first ("我爸膝盖痛 … 鱼油":
            # his warfarin). On a turn about no one but the user, a touch only one fact
            # has (an induction hob: the one pacemaker) says more than the user's own
            # facts do: "Should we get an induction cooktop at home?" names nobody, yet
            # the mother's pacemaker is what it must respect.
            relative = about and bool(who - {"self"})
            # A care fact first on a turn about seeing a clinician (it has its own slot,
            # CARE_PER_TURN, and would otherwise sit past ``recall_max``).
            care = CLINICIAN in e.exposures
            return (0 if care else 1 if e.severity is not None else 2,
                    -substance.get(e.memory_id, 0),
                    0 if relative else 1, 0 if touch == 1 else 1, 0 if about else 1, touch,
                    ranking.get(e.memory_id, HEALTH_RANKED),
                    3 if e.severity is None else e.severity)

        chosen = sorted(wanted.values(), key=key)
        # In the order above, whether the search found them or not: the search's own hits
        # as they are (their scores, their flags), taking no slot; HEALTH_PER_TURN more
        # recalled. One order, not the search's finds first: a fact naming the turn's
        # drug ("levothyroxine" and "L-Thyroxin 75 微克") was pushed past ``recall_max``
        # by every medicine fact the search happened to return (persona 6).
        # A care fact (the person's GP, the children's paediatrician) has a slot of its
        # own (CARE_PER_TURN) on a turn about seeing a clinician: it never takes a
        # health fact's place.
        by_id = {h.memory.id: h for h in hits}
        out: list[Any] = []
        recalled = {False: 0, True: 0}
        for entry in chosen:
            if entry.memory_id in by_id:
                out.append(by_id[entry.memory_id])
                continue
            care = CLINICIAN in entry.exposures
            if recalled[care] >= (CARE_PER_TURN if care else HEALTH_PER_TURN):
                continue
            try:
                rec = mem.get(entry.memory_id)
            except VecmemError:
                continue
            if rec.status == "active":
                out.append(rec)
                recalled[care] += 1
        return out

    def _remember(self, session_id: str, query: str, hits: list[Any], generation: int) -> None:
        with self._state:
            if generation == self._generation:
                self._prepared[session_id] = _Prepared(query, generation, hits)

    def _fresh(self, session_id: str, hits: Sequence[Any]) -> list[Any]:
        budget = self._options().recall_budget
        most = self._options().recall_max
        out: list[Any] = []
        used = 0
        with self._state:
            if session_id not in self._shown and len(self._shown) >= SESSIONS_KEPT:
                self._shown.pop(next(iter(self._shown)))  # the oldest session
            seen = self._shown.setdefault(session_id, {})
            for hit in hits:
                rec = getattr(hit, "memory", hit)
                if rec.id in self._profile_ids or seen.get(rec.id) == rec.updated_at:
                    continue
                cost = estimate_tokens(rec.content) + LINE_FRAME_TOKENS
                if used + cost > budget or len(out) >= most:
                    break
                used += cost
                seen[rec.id] = rec.updated_at
                out.append(hit)
        return out


def turn_block(shown: Sequence[Any]) -> str:
    """This turn's recall block; the heading carries the count."""
    if not shown:
        return ""
    return render_recall(shown, heading=f"{RECALL_HEADING} ({len(shown)})", note=RECALL_NOTE)


def prefetch_result(context: str, shown: Sequence[Any]) -> Any:
    """The block as newer Hermes' ``MemoryPrefetchResult`` (context plus one bounded
    observation: which memories, of which types, were shown) where the host defines the
    type; the plain string on hosts that do not (0.19.0)."""
    try:
        from agent.memory_provider import (  # type: ignore[attr-defined]
            MemoryObservation,
            MemoryPrefetchResult,
        )
    except ImportError:
        return context
    if not context:
        return context
    recs = [getattr(hit, "memory", hit) for hit in shown][:OBSERVED_IDS]
    payload = {
        "count": len(shown),
        "memory_ids": [int(r.id) for r in recs],
        "memory_types": [str(getattr(r, "memory_type", None) or "memory") for r in recs],
    }
    observation = MemoryObservation(source_kind="memory_recall", schema="vecmem.recall",
                                    version=1, payload=payload)
    return MemoryPrefetchResult(context=context, observations=[observation])

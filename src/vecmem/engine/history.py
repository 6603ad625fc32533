"""Questions about the past: ``search(as_of=…)``, ``search(history=True)`` and the gate's
opt-in for questions that say they ask about an earlier time.

Default search answers with current facts only: active rows whose validity has not
ended. The vector and keyword indexes hold active rows only, so the past is searched
here, beside them, and fused into the same ranking (``search.hybrid``'s ``timeline``
hook):

* **which rows are the past**: superseded rows, archived rows whose validity was closed
  (archived because their time was over or because a successor took over; a row a person
  archived as wrong keeps an open ``valid_until`` and stays out), and active rows whose
  ``valid_until`` has passed (expired: still in the indexes, excluded from current
  answers by the ranking). Review items and purged rows never answer.
* **how they are searched**: an exact cosine scan over the stored vectors of the
  superseded/archived rows of the scope (the newest ``SCAN_MAX``), and the engine's own
  keyword search filtered to those statuses (SQLite FTS5 / PostgreSQL BM25, same tokens
  and idf as the active side). Cost: one read of at most ``SCAN_MAX`` vectors (384
  floats each: ~30 MB at the cap; ~1-3 ms per thousand rows on one core) and two keyword
  queries, paid only when a search asks about the past.
* **as of T** (bitemporal, like Graphiti): a memory counts when it held at T (valid
  time: ``valid_from <= T < end of valid_until``; a date is a whole day in the user's
  time zone) and it had been said by T (transaction time: the turn's timestamp for an
  ingested conversation, else when it was stored). A period ("in May") counts what held
  at any moment of it. A question that names a past period itself ("去年国庆去了哪里？")
  asks what held then, not what was known then: it checks valid time only, since a fact
  about a period is mostly said after it ("用户去年国庆去了云南", stored today). The filter
  is applied to every returned row in ``finish``, the one place that decides, so no
  path (an episode neighbour either) returns a row that did not count then.

A query that asks about the past ("before Hangzhou", "以前", "in May", "五月", "was ...")
opts into the past through the gate's evidence (``rules.when.history_cue``), never
silently: explain says which words did, and each past row is marked ``historical`` with
its dates. Past rows pass the same relevance gate as current ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import numpy as np

from vecmem.errors import InvalidInputError
from vecmem.rules.cues import index_terms
from vecmem.rules.when import HistoryCue, history_cue
from vecmem.store.fts_tokens import TOKENIZER
from vecmem.store.schema import TOMBSTONE
from vecmem.types import Explanation, Hit, Status

#: Newest superseded/archived rows whose vectors one history search scans exactly.
SCAN_MAX = 20_000
#: Statuses of the past (archived only with a closed validity, see the module doc).
PAST_STATUSES = (Status.SUPERSEDED.value, Status.ARCHIVED.value)
_TINY = timedelta(microseconds=1)
#: Set False to measure search without the gate's opt-in (benchmarks/temporal.py).
OPT_IN = True


@dataclass(frozen=True)
class TimeFacts:
    """What deciding "did it count then" needs of one row."""

    status: str
    valid_from: str | None
    valid_until: str | None
    stated: str  # when it was said: the turn's time, else when it was stored
    purged: bool = False


@dataclass
class Timeline:
    """One search's reach into the past: a window (``None``: every time) and why."""

    window: tuple[datetime, datetime] | None
    reason: str
    tz: ZoneInfo | None
    today: str
    label: str = ""
    cue: HistoryCue | None = None
    facts: dict[int, TimeFacts] = field(default_factory=dict)
    matched: dict[int, list[str]] = field(default_factory=dict)
    scanned: int = 0
    #: predecessor id -> the current hit it was replaced by (contrast questions)
    lineage: dict[int, int] = field(default_factory=dict)
    #: Also require "said by the window's end" (transaction time): ``as_of`` asks what was
    #: known then; a question naming a past period asks only what held then.
    known_then: bool = True

    @property
    def query(self) -> str | None:
        """What to search for: the question without its time words (the window answers
        those), or ``None`` to search the question as asked."""
        return self.cue.rest if self.cue is not None and self.cue.rest else None

    # -- the hooks search.hybrid calls ------------------------------------------------
    def widen(self, tx: Any, scope: str, model: str | None, qvec: np.ndarray | None,
              terms: list[str], searched: list[str], vec_hits: list[tuple[int, float]],
              kw_hits: list[tuple[int, float]], want: int
              ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """The index candidates plus the past's (exact vector scan, keyword search per
        past status), each side in score order; loads every candidate's time facts."""
        past_vec: list[tuple[int, float]] = []
        if qvec is not None and model is not None:
            past_vec = self._scan(tx, scope, model, qvec, want)
        past_kw: list[tuple[int, float]] = []
        for status in PAST_STATUSES if searched else ():
            past_kw += tx.keyword_search(scope, searched, want, status)
        vec = sorted(dict(vec_hits + past_vec).items(), key=lambda h: -h[1])
        kw = sorted(dict(kw_hits + past_kw).items(), key=lambda h: -h[1])
        self.load(tx, {i for i, _ in vec} | {i for i, _ in kw})
        past = {i for i, _ in past_kw} | {i for i, _ in past_vec}
        if terms and past:
            self.matched = _matches(tx, past, terms)
        return vec, kw

    def admit(self, fact: Any) -> str | None:
        """Why the candidate did not count in this timeline (``None``: it did)."""
        facts = self.facts.get(fact.id)
        return "no time facts" if facts is None else self.excluded(facts)

    # -- the rule ---------------------------------------------------------------------
    def excluded(self, f: TimeFacts) -> str | None:
        if f.purged:
            return "purged"
        if f.status == Status.REVIEW.value:
            return "status review (not a fact yet)"
        if f.status == Status.ARCHIVED.value and f.valid_until is None:
            return "archived by a person, not by time (not a past fact)"
        if self.window is None:
            return None
        start, end = self.window
        if self.known_then and self._at(f.stated) > end:
            return f"said {f.stated[:10]}, after {self.label}"
        if f.valid_from and self._at(f.valid_from) > end:
            return f"held from {f.valid_from[:10]}, after {self.label}"
        if f.valid_until and self._at(f.valid_until, end_of_day=True) <= start:
            return f"held until {f.valid_until[:10]}, before {self.label}"
        return None

    def historical(self, f: TimeFacts) -> bool:
        """Not a current fact: superseded, archived by time, or its period is over."""
        return f.status != Status.ACTIVE.value or bool(
            f.valid_until and f.valid_until[:10] < self.today)

    def _at(self, value: str, *, end_of_day: bool = False) -> datetime:
        """A stored time as an instant: a date is a day in the user's zone (its end, the
        start of the next day, with ``end_of_day``); a timestamp without zone is UTC."""
        if len(value) == 10:
            day = date.fromisoformat(value) + timedelta(days=1 if end_of_day else 0)
            return datetime.combine(day, time(), self.tz or UTC)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    # -- reading ----------------------------------------------------------------------
    def load(self, tx: Any, ids: set[int]) -> None:
        todo = sorted(int(i) for i in ids if int(i) not in self.facts)
        for start in range(0, len(todo), 500):
            chunk = todo[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = tx.execute(
                "SELECT id, status, valid_from, valid_until, created_at, "
                f"CASE WHEN content = ? THEN 1 ELSE 0 END, meta FROM memories "
                f"WHERE id IN ({marks})", [TOMBSTONE, *chunk]).fetchall()
            for mid, status, vf, vu, created, purged, meta in rows:
                self.facts[int(mid)] = TimeFacts(str(status), vf, vu,
                                                 _said_at(meta) or str(created), bool(purged))

    def _scan(self, tx: Any, scope: str, model: str, qvec: np.ndarray, want: int
              ) -> list[tuple[int, float]]:
        rows = tx.execute(
            "SELECT m.id, v.vector FROM memories m JOIN memory_vectors v ON v.memory_id = m.id "
            "WHERE m.scope = ? AND v.model = ? AND (m.status = ? OR (m.status = ? AND "
            "m.valid_until IS NOT NULL)) ORDER BY m.id DESC LIMIT ?",
            [scope, model, Status.SUPERSEDED.value, Status.ARCHIVED.value, SCAN_MAX],
        ).fetchall()
        self.scanned = len(rows)
        if not rows:
            return []
        ids = [int(r[0]) for r in rows]
        mat = np.vstack([tx.vector_value(r[1]) for r in rows]).astype(np.float32)
        norms = np.linalg.norm(mat, axis=1)
        norms[norms == 0] = 1.0
        q = np.asarray(qvec, dtype=np.float32)
        cos = (mat @ q) / norms / max(float(np.linalg.norm(q)), 1e-12)
        top = np.argsort(-cos)[:want]
        return [(ids[i], float(cos[i])) for i in top]

    # -- the answer -------------------------------------------------------------------
    def finish(self, ctx: Any, hits: list[Hit], k: int | None = None) -> list[Hit]:
        """Every returned row checked against the timeline (the one place that decides)
        and the past ones marked ``historical``. A question contrasting the past with
        the present ("before Hangzhou", "换华为之前") wants what the current facts it
        found replaced: their predecessors join just before them, and past rows lead."""
        with ctx.store.transaction(write=False) as tx:
            self.load(tx, {h.memory.id for h in hits})
            if self.cue is not None and self.cue.contrast:
                hits = self._with_predecessors(tx, ctx.scope, hits)
        out = []
        for h in hits:
            f = self.facts.get(h.memory.id)
            if f is None or self.excluded(f) is not None:
                continue
            out.append(replace(h, historical=self.historical(f)))
        if self.cue is not None and self.cue.contrast:
            out.sort(key=lambda h: not h.historical)  # stable: rank order within each
        return out[:k] if k else out

    def _with_predecessors(self, tx: Any, scope: str, hits: list[Hit]) -> list[Hit]:
        current = [h.memory.id for h in hits if h.memory.status == Status.ACTIVE.value]
        if not current:
            return hits
        marks = ",".join("?" * len(current))
        rows = tx.execute(
            f"SELECT id, superseded_by FROM memories WHERE scope = ? AND status = ? AND "
            f"superseded_by IN ({marks})", [scope, Status.SUPERSEDED.value, *current]
        ).fetchall()
        have = {h.memory.id for h in hits}
        by: dict[int, list[int]] = {}
        for mid, successor in rows:
            if int(mid) not in have:
                by.setdefault(int(successor), []).append(int(mid))
        if not by:
            return hits
        self.load(tx, {i for ids in by.values() for i in ids})
        recs = tx.get_many([i for ids in by.values() for i in ids])
        out: list[Hit] = []
        for h in hits:
            for mid in by.get(h.memory.id, []):
                if mid in recs:
                    self.lineage[mid] = h.memory.id
                    out.append(Hit(memory=recs[mid], score=h.score, historical=True))
            out.append(h)
        return out

    def describe(self) -> dict[str, Any]:
        return {"reason": self.reason, "as_of": self.label or None,
                "window": None if self.window is None else
                [self.window[0].isoformat(), self.window[1].isoformat()],
                "past_rows_scanned": self.scanned, "scan_limit": SCAN_MAX,
                "cue": None if self.cue is None else self.cue.words}

    def annotate(self, exp: Explanation, hits: list[Hit]) -> Explanation:
        """Explain says the past was searched, why, and what each candidate's time was."""
        kept = {h.memory.id for h in hits}
        seen = {c.memory_id for c in exp.candidates if not (c.excluded_because or "")
                .endswith("(filtered before ranking)")}
        cands = []
        for c in exp.candidates:
            if c.memory_id in seen and (c.excluded_because or "").endswith(
                    "(filtered before ranking)"):
                continue  # the past was a candidate here, not filtered
            f = self.facts.get(c.memory_id)
            if c.included and c.memory_id not in kept and f is not None:
                why = self.excluded(f)
                if why:
                    c = replace(c, included=False, excluded_because=f"as of: {why}")
            cands.append(c)
        if self.lineage:
            exp = replace(exp, notes=[*exp.notes, "replaced facts joined (the question "
                                      "contrasts then with now): " + ", ".join(
                                          f"#{p} (replaced by #{c})"
                                          for p, c in self.lineage.items())])
        if self.query is not None and self.cue is not None:
            exp = replace(exp, notes=[*exp.notes, f"searched as {self.query!r}: the time "
                                      f"words ({self.cue.words}) decide the window, not "
                                      "the match"])
        note = f"history searched: {self.reason}" + (
            f"; as of {self.label}" if self.label else "; every time") + (
            f"; {self.scanned} past rows scanned (limit {SCAN_MAX})")
        gate = dict(exp.gate) if exp.gate is not None else None
        if gate is not None:
            gate["history"] = self.describe()
        return replace(exp, candidates=cands, notes=[*exp.notes, note], gate=gate)


def _said_at(meta: Any) -> str | None:
    if not meta:
        return None
    import json

    try:
        value = (json.loads(meta) if isinstance(meta, str) else meta).get("said_at")
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, str) and value else None


def _matches(tx: Any, ids: set[int], terms: list[str]) -> dict[int, list[str]]:
    """The query terms each past row's text matches (the index's tokens), for coverage."""
    wanted = {t: set(TOKENIZER.tokens(t)) for t in dict.fromkeys(terms) if t}
    out: dict[int, list[str]] = {}
    recs = tx.get_many(sorted(ids))
    for mid, rec in recs.items():
        toks = TOKENIZER.tokens_many(index_terms(rec.content).split())  # cues too
        have = {t for parts in toks.values() for t in parts}
        hit = [t for t, want in wanted.items() if want and want & have]
        if hit:
            out[int(mid)] = hit
    return out


def _zone(ctx: Any) -> ZoneInfo | None:
    tz = ctx.settings.timezone
    return ZoneInfo(tz) if tz else None


def parse_as_of(value: object, tz: ZoneInfo | None) -> tuple[datetime, str]:
    """``as_of`` as an instant: a date (``YYYY-MM-DD``: the end of that day where the
    user is) or an ISO-8601 time (no zone: the user's zone). Anything else is refused."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        return datetime.combine(value + timedelta(days=1), time(), tz or UTC) - _TINY, \
            value.isoformat()
    elif isinstance(value, str) and value.strip():
        text = value.strip()
        try:
            if len(text) == 10:
                day = date.fromisoformat(text)
                return datetime.combine(day + timedelta(days=1), time(), tz or UTC) - _TINY, \
                    text
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidInputError(
                f"as_of {value!r} is not a date (YYYY-MM-DD) or an ISO-8601 time "
                "(e.g. 2026-05-31 or 2026-05-31T18:00:00+08:00)") from None
    else:
        raise InvalidInputError("as_of must be a date (YYYY-MM-DD) or an ISO-8601 time")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz or UTC)
    return moment, moment.isoformat()


def for_search(ctx: Any, query: str, *, as_of: object = None, history: object = False,
               opt_in: bool = True) -> Timeline | None:
    """The timeline a search runs in, or ``None`` for current facts only.

    ``as_of`` / ``history`` are the caller's explicit choice; without them, a question
    whose words ask about the past (``opt_in``: the gated hybrid path) reaches back
    through the gate's evidence."""
    if not isinstance(history, bool):
        raise InvalidInputError("history must be true or false")
    tz = _zone(ctx)
    today = ctx.today()
    # The question's own time words still shape an explicit search: "before" asks for
    # what was replaced, and a named period is no search word.
    cue = history_cue(query, date.fromisoformat(today)) if OPT_IN else None
    if as_of is not None:
        moment, label = parse_as_of(as_of, tz)
        return Timeline((moment, moment), f"as_of={label} (asked by the caller)", tz, today,
                        label, cue=cue)
    if history:
        return Timeline(None, "history=true (asked by the caller)", tz, today, cue=cue)
    if not (opt_in and OPT_IN) or cue is None:
        return None
    if cue.period_from is None or cue.period_until is None:
        return Timeline(None, f"the question asks about the past ({cue.words!r})", tz,
                        today, cue=cue)
    start = datetime.combine(cue.period_from, time(), tz or UTC)
    end = datetime.combine(cue.period_until + timedelta(days=1), time(), tz or UTC) - _TINY
    label = f"{cue.period_from.isoformat()}..{cue.period_until.isoformat()}"
    return Timeline((start, end), f"the question names a past period ({cue.words!r})", tz,
                    today, label, cue=cue, known_then=False)

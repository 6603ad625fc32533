"""Hybrid search over active memories, and ``explain`` for the same computation.

Vector k-NN (cosine, status filtered inside the store before the top-k cut) and keyword
search (CJK bigrams + Latin words) are fused by reciprocal rank fusion; recency and hit
count break ties. ``explain`` runs the very same function and returns its trace.
"""

from __future__ import annotations

import threading
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from vecmem.engine import relevance
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError
from vecmem.store.base import MemoryFilter
from vecmem.text import cjk_ratio, has_cjk, validate_text
from vecmem.types import CandidateScore, Explanation, Hit, Hits, MemoryRecord, Status

#: Bump when the ranking formula changes, so stored explanations stay interpretable.
FUSION_FORMULA_VERSION = "blend-v6"
#: Weight of the vector side in the score blend; the keyword side gets the rest.
VECTOR_WEIGHT = 0.4
#: The vector side's weight in a scope that holds both languages (``OTHER_LANGUAGE_SHARE``,
#: whatever the turn's language): there the keyword side sees only the memories written in
#: the turn's language (and the few words bridged), while the needed memory is as often in
#: the other one, found by its cosine alone. Tuned on agent-recall dev and personas 2-6
#: (needed-in-top-5 of 1,194 turns, relative cut 0.35: 0.4 945, 0.5 962, 0.6 971, 0.7 966;
#: ``benchmarks/README.md``, "session 11 (recall)"). Merged with gate-v7's cut that rises
#: with the rank (``relevance.RANK_STEP``), the flat cut stays 0.35: dev 102/110, persona 6
#: 195/253 at 3.80 and 3.89 memories per relevant turn (0.45: 99 and 193 at 3.15 and
#: 3.21; held-out 85 against 84 of 108). An English-only scope (LoCoMo) keeps
#: ``VECTOR_WEIGHT``, where it ranks best.
BILINGUAL_VECTOR_WEIGHT = 0.6
#: Keyword coverage (rarity-weighted share of the query matched) at which the best
#: keyword candidate keeps the keyword side's full weight in the blend.
FULL_COVERAGE = 0.5
#: blend-v6, gated search only (``Memory.search``'s default; the exploratory ranking and
#: LoCoMo's ``gate=False`` keep blend-v5): each keyword candidate's keyword side is scaled
#: by its *own* rarity-weighted coverage (up to ``FULL_COVERAGE``), not the best
#: candidate's -- a memory that matches one word of a long turn, or only the turn's
#: commonest concept, then cannot ride the best match's coverage to the top of the list.
#: Set False to measure without.
OWN_COVERAGE = True
#: blend-v6, gated search only: on the vector side a memory in the other language than the
#: turn's is scored on its cosine plus this many times its other-language floor offset
#: (``relevance.Floors.offset``: the measured gap between a turn's background cosines to
#: memories of its own language and of the other) before the min-max, so its rank among
#: the candidates follows how far it stands above its own language's background, as the
#: gate already judges it. Sessions 7-11 lowered only the floor; the fusion still ranked a
#: cross-language memory by its raw cosine, below same-language near-topic ones. Measured
#: on dev + gate and personas 2-7 (benchmarks/README.md "Agent recall, session 14"):
#: needed-in-top-5 of 1,537 turns 1,217 -> 1,229 at 1 x, 1,237 at 2 x (alone, with more
#: memories per turn: the rank cut ``relevance.RANK_STEP`` takes that back); 3 x with
#: ``OWN_COVERAGE`` gained 2 more persona-7 turns than 2 x and nothing on personas 2 and 5,
#: so 2 is kept. 0 turns it off.
OTHER_LANGUAGE_LIFT = 2.0
#: Reciprocal-rank term that breaks ties between equal blended scores.
RRF_K = 10
#: How many candidates each side contributes before fusion, per requested result.
OVERFETCH = 5
MIN_CANDIDATES = 50
MAX_QUERY_CHARS = 4000
#: Provenance key naming the episode of memories written by ``add_many(episode=True)``.
EPISODE_KEY = "episode"
#: Share of an episode neighbour's fused score a memory receives (hybrid mode only), by
#: offset in the episode: -1 is the memory written just before. The answer to a question
#: often sits in the turns after the one that shares its words, so earlier neighbours
#: lend more. Tuned on LoCoMo conversations 0-4 (benchmarks/retrieval_study.py, section
#: episode); recall@10 on the held-out 5-9: none 0.647, max(prev, next)*0.5 0.686,
#: these weights 0.717. The best settings form a flat plateau.
EPISODE_WEIGHTS: dict[int, float] = {-1: 0.5, -2: 0.425, 1: 0.35, 2: 0.2975}


#: A scope holds the other language when at least this share of its latest memories
#: holds CJK text (any: a name in characters is the cross-script case too). A turn that
#: is not wholly Chinese is then embedded in its bilingual form
#: (``Context.embed_query(bilingual=True)``; ``DualEmbedder``: an English turn's vector
#: gives USE a minor share, ``embed/local.EN_USE``), because e5 alone ranks every
#: English memory above the Chinese ones it needs. An English-only store keeps e5
#: alone, where it ranks best (LoCoMo). The agent-recall banks hold 46-54 % memories
#: with CJK text; LoCoMo, 0.
OTHER_LANGUAGE_SHARE = 0.10
#: How many of the scope's latest memories tell its languages: one indexed read,
#: kept until the store changes (its change number), so a search usually reads nothing.
LANGUAGE_SAMPLE = 200
_LANGUAGES: weakref.WeakKeyDictionary[Any, dict[str, tuple[int, float]]] = (
    weakref.WeakKeyDictionary())
_LANGUAGES_LOCK = threading.Lock()


def cjk_share(ctx: Context) -> float:
    """Share of the scope's latest ``LANGUAGE_SAMPLE`` active memories holding CJK text,
    cached per store and scope until the store's change number moves (one search per
    character class, not a letter count: ~1 ms for 200 rows of a 100k store)."""
    with ctx.store.transaction(write=False) as tx:
        seq = tx.current_seq()
        with _LANGUAGES_LOCK:
            known = _LANGUAGES.get(ctx.store, {}).get(ctx.scope)
        if known is not None and known[0] == seq:
            return known[1]
        rows = tx.list_memories(ctx.scope, MemoryFilter(status=Status.ACTIVE),
                                limit=LANGUAGE_SAMPLE, order="id DESC")
    share = sum(has_cjk(r.content) for r in rows) / len(rows) if rows else 0.0
    with _LANGUAGES_LOCK:
        _LANGUAGES.setdefault(ctx.store, {})[ctx.scope] = (seq, share)
    return share


def _bilingual(ctx: Context, query: str) -> bool:
    """Embed ``query`` in its bilingual form: it is not wholly Chinese, the embedder has
    such a form, and the scope holds the other language (``OTHER_LANGUAGE_SHARE``)."""
    if cjk_ratio(query) >= 1.0 or getattr(ctx.embedder, "embed_query_bilingual", None) is None:
        return False
    return cjk_share(ctx) >= OTHER_LANGUAGE_SHARE


def new_episode_id() -> str:
    # Short on purpose: a 32-hex-digit id would look like a secret to the redactor.
    return uuid.uuid4().hex[:12]


@dataclass
class Trace:
    candidates: list[CandidateScore] = field(default_factory=list)
    vector_count: int = 0
    keyword_count: int = 0
    terms: list[str] = field(default_factory=list)
    matched: dict[int, list[str]] = field(default_factory=dict)
    head: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    vector_weight: float | None = None
    dropped: dict[str, str] = field(default_factory=dict)
    gate: dict[str, Any] | None = None


def check_query(query: object, k: object, min_score: object) -> tuple[str, int, float | None]:
    text = validate_text(query, what="query")
    if len(text) > MAX_QUERY_CHARS:
        raise InvalidInputError(
            f"query is too long ({len(text)} characters; limit {MAX_QUERY_CHARS})"
        )
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1000):
        raise InvalidInputError("k must be an integer between 1 and 1000")
    if min_score is not None:
        if isinstance(min_score, bool) or not isinstance(min_score, int | float):
            raise InvalidInputError("min_score must be a number between -1 and 1")
        if not -1.0 <= float(min_score) <= 1.0:
            raise InvalidInputError("min_score must be a number between -1 and 1")
    return text, k, None if min_score is None else float(min_score)  # type: ignore[return-value]


def hybrid(
    ctx: Context, query: str, k: int, min_score: float, *, mode: str = "hybrid",
    trace: Trace | None = None, gate: bool = False, timeline: Any = None,
    turn: str | None = None,
) -> Hits:
    """Search ``mode`` in hybrid | vector | keyword; returns at most ``k`` active hits
    (``Hits.personal``: how the gate read the turn, for a front end's own additions).

    ``gate`` (hybrid mode only) keeps only the candidates the relevance gate passes
    (``relevance.py``); ``min_score`` is then an extra hard cosine floor. ``timeline``
    (``engine/history.py``) adds the past's rows and decides which rows count then.
    ``turn``: the words as the person wrote them, when ``query`` is a form of them (time
    words taken out, a rewrite); the gate judges whether the turn is about the person on
    them ("Summarize the Atlas incident from last month": "last month" is theirs)."""
    want = max(k * OVERFETCH, MIN_CANDIDATES)
    gate = gate and mode == "hybrid"
    qt = relevance.query_terms(query)
    terms = qt.terms
    if trace is not None:
        trace.terms = terms
        trace.dropped = dict(qt.dropped)
    if gate and (not terms or relevance.is_small_talk(query)):
        # Not one content word ("hi", "thanks!", "好的，谢谢", "👍"): such a turn needs
        # no memory, whatever an embedder makes of it.
        if trace is not None:
            trace.gate = {"on": True, "rule": relevance.TRIVIAL_RULE, "floor": None,
                          "scope_memories": None, "term_weights": {},
                          "document_frequency": {}, "common_terms": [],
                          "searched_terms": [], "concepts": []}
        return Hits(personal=False)
    bilingual = mode != "keyword" and _bilingual(ctx, query)
    qvec = ctx.embed_query(query, bilingual=bilingual) if mode != "keyword" else None
    if trace is not None:
        if bilingual:
            trace.notes.append(
                "query embedded in its bilingual form: the scope holds memories in both "
                f"languages (>= {OTHER_LANGUAGE_SHARE:.0%} of its latest memories hold CJK "
                "text)")
        if qt.expanded:
            trace.notes.append("other-language words searched: " + "; ".join(
                f"{t} -> {' '.join(more)}" for t, more in qt.expanded.items()))
        if qvec is not None:
            trace.head = [round(float(x), 4) for x in qvec[:8]]
        elif mode != "keyword":
            trace.notes.append(
                f"embedder unavailable ({ctx.embedder_state.last_error}); keyword side only"
            )
    with ctx.store.transaction(write=False) as tx:
        vec_hits: list[tuple[int, float]] = []
        if qvec is not None:
            vec_hits = tx.vector_search(ctx.scope, ctx.model_id, qvec, want)
        evidence: relevance.Evidence | None = None
        if mode != "vector" and terms:
            names = relevance.bridge_names(
                query, qt, lambda ts: tx.keyword_stats(ctx.scope, ts)[1])
            if names and trace is not None:
                trace.notes.append("names in the other script searched: " + "; ".join(
                    f"{n} -> {' '.join(forms)}" for n, forms in names.items()))
            _learned_names(tx, ctx.scope, qt, trace)
            _role_names(tx, ctx.scope, qt, trace, turn or query)
            _named_roles(tx, ctx.scope, qt, trace, turn or query)
            _search_cues(qt, trace, query)
        searched = terms
        if mode == "hybrid" and terms:
            # Rarity weights the keyword side (fusion and gate) and, with the gate on,
            # keeps the terms in a large share of the scope out of the search.
            evidence = relevance.weigh(terms, *tx.keyword_stats(ctx.scope, terms),
                                       qt.groups())
            if gate:
                searched = evidence.searched
        kw_hits: list[tuple[int, float]] = []
        if mode != "vector" and searched:
            kw_hits = tx.keyword_search(ctx.scope, searched, want)
        if timeline is not None:  # as_of / history: the past joins (engine/history.py)
            vec_hits, kw_hits = timeline.widen(
                tx, ctx.scope, ctx.model_id, qvec, terms, searched if mode != "vector" else [],
                vec_hits, kw_hits, want)
        ids = {i for i, _ in vec_hits} | {i for i, _ in kw_hits}
        beyond: dict[int, float] = {}
        if gate and qvec is not None:
            # Keyword candidates past the vector side's top-k: the gate judges them by
            # their real cosine. In a large store the needed memory often sits past the
            # k nearest (5,000 other notes crowd them) while its words find it.
            near = {i for i, _ in vec_hits}
            beyond = tx.cosines(ctx.scope, ctx.model_id, qvec,
                                sorted(i for i, _ in kw_hits if i not in near))
        matched: dict[int, list[str]] = {}
        if evidence is not None and kw_hits:
            # Only terms with a weight can add coverage (the only use of ``matched``): the
            # common ones (a concept in >= 20 % of the scope) never do, and looking them
            # up is most of this step's cost on a store where a few words are everywhere.
            weighed = [t for t in terms if t in evidence.weight]
            if weighed:
                matched = tx.keyword_matches(ctx.scope, [i for i, _ in kw_hits], weighed)
        if timeline is not None:
            matched.update(timeline.matched)
        # Ranking needs only status, hit count, age and episode; whole records are read for
        # the k returned (and for every candidate when explaining).
        facts = tx.rank_facts(ctx.scope, ids, EPISODE_KEY)
        records = tx.get_many(list(ids)) if trace is not None else {}
        episode = _episodes(facts) if mode == "hybrid" else {}
        neighbours: dict[int, Any] = {}
        if episode:
            near = {i + d for i in episode for d in EPISODE_WEIGHTS} - ids
            near_facts = tx.rank_facts(ctx.scope, near, EPISODE_KEY)
            more = _episodes(near_facts)
            episode.update(more)
            neighbours = {i: near_facts[i] for i in more}
            if trace is not None:
                records.update(tx.get_many(list(more)))
        if gate and evidence is None:  # every query term was a stopword, or none at all
            evidence = relevance.weigh([], 0, {})
        if trace is not None:
            _trace_lookups(tx, ctx, trace, terms, ids)
            if evidence is not None:
                trace.gate = _gate_summary(evidence, gate, searched)
        judge = None
        imp: bool | None = None
        if gate:
            floors = relevance.floors_for(ctx.model_id, ctx.min_score)
            why: dict[str, Any] = {}

            def subjects() -> dict[int, str]:
                # The keyword side's best candidates, read for the subject-slot test.
                top = [i for i, _ in kw_hits[:relevance.SUBJECT_CANDIDATES]]
                got = {i: records[i].content for i in top if i in records}
                got.update({i: r.content for i, r in
                            tx.get_many([i for i in top if i not in got]).items()})
                return {i: got[i] for i in top if i in got}

            def holding(term: str) -> list[str]:
                # A few memories holding a name the turn uses: is one of them about it?
                hit = [i for i, _ in tx.keyword_search(ctx.scope, [term], relevance.NAME_READ)]
                return [r.content for _, r in sorted(tx.get_many(hit).items())]

            imp = relevance.impersonal(query, qt, evidence.df if evidence else None,
                                       subjects, why, holding, turn=turn)
            judge = (floors.at(query, imp), floors.lift_for(query, imp), qvec is not None)
            if trace is not None and trace.gate is not None:
                because = why.get("because")  # what made a turn of that shape personal
                if because:
                    trace.gate["personal_because"] = because
                trace.gate["rule"] = relevance.describe_rule(floors, judge[0], turn or query,
                                                             imp, because)
                trace.gate["impersonal"] = imp
                trace.gate["floor"] = round(judge[0], 4)
        rejected: dict[int, Any] = {}
        offsets = None
        if judge is not None and not imp and floors.max_offset > 0:

            def offsets(band: list[int]) -> dict[int, float]:
                # The memories just below the floor: read their text for its language
                # (one read of a few rows; the rest never needs it).
                got = {i: records[i].content for i in band if i in records}
                got.update({i: r.content for i, r in
                            tx.get_many([i for i in band if i not in got]).items()})
                return {i: floors.offset(query, t) for i, t in got.items()}

        shift: dict[int, float] = {}
        if OTHER_LANGUAGE_LIFT and offsets is not None and vec_hits:
            # The vector candidates' texts are read for their language (one read of the
            # ~50 rows; the band below the floor reads the same rows).
            shift = {i: OTHER_LANGUAGE_LIFT * o
                     for i, o in offsets([i for i, _ in vec_hits]).items() if o > 0}
            if shift and trace is not None:
                trace.notes.append(
                    f"vector side: {len(shift)} candidate(s) in the other language scored on "
                    f"cosine + {OTHER_LANGUAGE_LIFT:g} x their floor offset before min-max "
                    f"(largest +{max(shift.values()):.4f})")
        scored = _rank(ids, facts, records, vec_hits, kw_hits, min_score, mode, trace,
                       evidence, matched, judge, rejected, today=ctx.today(),
                       admit=None if timeline is None else timeline.admit, beyond=beyond,
                       offsets=offsets, band=0.0 if offsets is None else floors.band(query),
                       weight=_vector_weight(ctx, mode, trace), shift=shift)
        if episode and scored:
            # A memory the gate turned down may still join as the context of a passing
            # neighbour in its episode (the answer often sits in the next turn).
            scored = _episode_context(scored, episode, {**neighbours, **rejected}, records,
                                      trace)
        scored = _unit_scale(scored, trace)
        if gate:
            scored = _vector_only_cap(scored, trace)
        if gate and relevance.RELATIVE_CUT > 0:
            scored = _relative_cut(scored, trace)
        # Fused score first; ties go to the more often confirmed, then the more recent
        # memory (two stable sorts: cheaper than a composite key over timestamp strings).
        scored.sort(key=lambda s: s[1].updated_at, reverse=True)
        scored.sort(key=lambda s: (round(-s[0], 12), -s[1].hit_count))
        top = scored[:k]
        full = dict(records)
        full.update(tx.get_many([cs.memory_id for _, _, cs in top if cs.memory_id not in full]))
    if trace is not None:
        trace.vector_count = len(vec_hits)
        trace.keyword_count = len(kw_hits)
        trace.candidates.sort(key=lambda c: (not c.included, -c.fused))
    return Hits((
        Hit(memory=full[cs.memory_id], score=round(fused, 6),
            cosine=None if cs.cosine is None else round(cs.cosine, 6),
            keyword_rank=cs.keyword_rank, vector_rank=cs.vector_rank,
            relevance=cs.relevance, coverage=cs.coverage)
        for fused, _, cs in top), personal=None if imp is None else not imp)


def _vector_weight(ctx: Context, mode: str, trace: Trace | None) -> float:
    """The vector side's weight in the blend: ``BILINGUAL_VECTOR_WEIGHT`` in a hybrid search
    of a scope holding both languages (the cached ``cjk_share``), else ``VECTOR_WEIGHT``."""
    weight = VECTOR_WEIGHT
    if mode == "hybrid" and cjk_share(ctx) >= OTHER_LANGUAGE_SHARE:
        weight = BILINGUAL_VECTOR_WEIGHT
    if trace is not None:
        trace.vector_weight = weight
    return weight


def _learned_names(tx: Any, scope: str, qt: relevance.QueryTerms, trace: Trace | None
                   ) -> None:
    """Also search the other-script form of a name that a memory of the scope states in
    both ("芝麻 / Sesame", "女儿朵朵（Duoduo）"; ``rules/names.py``)."""
    if not relevance.NAMES:
        return
    from vecmem.rules.names import MAX_STATING, learned

    def stating(mark: str) -> list[str]:
        ids = [i for i, _ in tx.keyword_search(scope, [mark], MAX_STATING)]
        return [r.content for _, r in sorted(tx.get_many(ids).items())]

    extra = {t for more in qt.expanded.values() for t in more}
    got = learned([t for t in qt.terms if t not in extra],
                  lambda ts: tx.keyword_stats(scope, ts)[1], stating)
    seen = set(qt.terms)
    for term, forms in got.items():
        qt.named.append(term)
        keep = [f for f in forms if f not in seen]
        qt.expanded.setdefault(term, []).extend(keep)
        qt.terms.extend(keep)
        seen.update(keep)
    if got and trace is not None:
        trace.notes.append("names stated in both scripts by a memory, searched: " + "; ".join(
            f"{t} -> {' '.join(forms)}" for t, forms in got.items()))


def _store_reader(tx: Any, scope: str, limit: int) -> Callable[[list[str]], list[str]]:
    """The texts of the scope's memories holding any of some words (at most ``limit``), in
    id order: what the name rules read to learn who a role or a name is."""
    def read(words: list[str]) -> list[str]:
        ids = [i for i, _ in tx.keyword_search(scope, words, limit)]
        return [r.content for _, r in sorted(tx.get_many(ids).items())]
    return read


def _add_store_forms(qt: relevance.QueryTerms, got: dict[str, list[str]],
                     trace: Trace | None, note: str) -> None:
    """Search the words the store ties to each query term as forms of that term's concept
    (each form once, none the query already has); ``explain`` notes what was added."""
    seen = set(qt.terms)
    added: dict[str, list[str]] = {}
    for term, words in got.items():
        forms = [f for w in words for f in relevance.query_terms(w).terms if f not in seen]
        forms = list(dict.fromkeys(forms))
        if forms:
            qt.expanded.setdefault(term, []).extend(forms)
            qt.terms.extend(forms)
            seen.update(forms)
            added[term] = forms
    if added and trace is not None:
        trace.notes.append(note + ", searched: " + "; ".join(
            f"{t} -> {' '.join(forms)}" for t, forms in added.items()))


def _role_names(tx: Any, scope: str, qt: relevance.QueryTerms, trace: Trace | None,
                query: str) -> None:
    """Also search the names the scope's memories give a role the turn names as the
    user's ("my son" -> jun, 老婆 -> 林晓; ``rules/names.role_names``), as forms of the role
    word's concept: a memory that says only "Jun has coeliac disease" then covers the
    turn's "儿子"."""
    if not relevance.NAMES:
        return
    from vecmem.rules.names import MAX_ROLE_READ, role_names

    got = role_names(query, qt.terms, _store_reader(tx, scope, MAX_ROLE_READ))
    _add_store_forms(qt, got, trace, "names the store gives the user's role")


def _named_roles(tx: Any, scope: str, qt: relevance.QueryTerms, trace: Trace | None,
                 query: str) -> None:
    """Also search the role words the scope's memories give a name the turn uses
    ("Kevin" -> son, 儿子: ``rules/names.named_roles``), as forms of the name's concept: a
    memory that says only "儿子在 … 读九年级" then covers the turn's "Kevin"."""
    if not relevance.NAMES:
        return
    from vecmem.rules.names import MAX_NAME_READ, named_roles

    extra = {t for more in qt.expanded.values() for t in more}
    got = named_roles(query, [t for t in qt.terms if t not in extra],
                      _store_reader(tx, scope, MAX_NAME_READ))
    _add_store_forms(qt, got, trace, "role words the store gives a name the turn uses")


def _search_cues(qt: relevance.QueryTerms, trace: Trace | None, query: str) -> None:
    """Also search the rule-cue forms of the query's concepts and of the categories the
    turn names (``rules/cues.py``)."""
    from vecmem.rules.cues import cue_groups
    from vecmem.store.fts_tokens import TOKENIZER

    qt.cued = cue_groups(qt.groups(), TOKENIZER.tokens, query)
    qt.terms.extend(t for g in qt.cued for t in g)
    if qt.cued and trace is not None:
        trace.notes.append("cue terms searched (ǂ: a memory's category cue): "
                           + " ".join(t for g in qt.cued for t in g))


def _trace_lookups(tx: Any, ctx: Context, trace: Trace, terms: list[str],
                   ids: set[int]) -> None:
    """What explain shows beyond the ranking: memories hidden by status, vectors of other
    models, and which query terms each candidate matched."""
    hidden: list[tuple[int, str]] = []
    if terms:
        # Not candidates (status is filtered before the cut), but explain names them.
        for st in ("review", "archived", "superseded"):
            hidden += [(i, st) for i, _ in tx.keyword_search(ctx.scope, terms, 10, st)]
    hidden_records = tx.get_many([i for i, _ in hidden])
    for mid, st in hidden:
        rec = hidden_records[mid]
        trace.candidates.append(CandidateScore(
            memory_id=mid, content=rec.content, status=st, cosine=None,
            vector_rank=None, keyword_rank=None, fused=0.0, included=False,
            excluded_because=f"status {st} (filtered before ranking)"))
    others = {m: n for m, n in tx.vector_models(ctx.scope).items() if m != ctx.model_id}
    if others:
        trace.notes.append(
            "excluded vectors of other models: "
            + ", ".join(f"{m} ({n})" for m, n in others.items())
        )
    if terms and ids:
        trace.matched = tx.keyword_matches(ctx.scope, ids, terms)


def _gate_summary(ev: relevance.Evidence, gate: bool, searched: list[str]) -> dict[str, Any]:
    return {
        "on": gate,
        "rule": "on" if gate else "off (gate=False or not hybrid)",
        "scope_memories": ev.docs,
        "term_weights": {t: round(w, 4) for t, w in ev.weight.items()},
        "document_frequency": dict(ev.df),
        "common_terms": list(ev.common),
        "searched_terms": list(searched),
        "concepts": [list(g) for g in ev.groups],
    }


def _rank(
    ids: set[int], facts: dict[int, Any], records: dict[int, MemoryRecord],
    vec_hits: list[tuple[int, float]], kw_hits: list[tuple[int, float]], min_score: float,
    mode: str, trace: Trace | None, evidence: relevance.Evidence | None = None,
    matched: dict[int, list[str]] | None = None,
    judge: tuple[float, float, bool] | None = None, rejected: dict[int, Any] | None = None,
    today: str | None = None, admit: Any = None, beyond: dict[int, float] | None = None,
    offsets: Any = None, band: float = 0.0, weight: float | None = None,
    shift: dict[int, float] | None = None,
) -> list[tuple[float, Any, CandidateScore]]:
    """Fused score of every candidate; the excluded ones go to the trace only.

    With ``judge`` (the gate on), a candidate is included only when the relevance gate
    passes it; otherwise, as before the gate, when its cosine is at least ``min_score``
    or the keyword side found it. ``beyond``: the cosines of keyword candidates past the
    vector side's top-k, for the gate only (the fusion's vector side is unchanged: they
    rank below every vector candidate). ``offsets`` (ids -> how much lower their floor
    is, ``Floors.offset``) is asked only for the candidates within ``band`` below the
    floor: a memory in the other language than the turn's passes a little lower.
    ``weight``: the vector side's share of the blend (``_vector_weight``). ``shift``: what
    each other-language vector candidate's cosine gains before the min-max
    (``OTHER_LANGUAGE_LIFT``; the reported cosine and the gate's verdict are unchanged)."""
    beyond = beyond or {}
    cos = dict(vec_hits)
    vrank = {mid: r for r, (mid, _) in enumerate(vec_hits, 1)}
    krank = {mid: r for r, (mid, _) in enumerate(kw_hits, 1)}
    shift = shift or {}
    vnorm = _minmax({m: c + shift.get(m, 0.0) for m, c in cos.items() if c >= min_score})
    matched = matched or {}
    cover: dict[int, float] = {}
    if evidence is not None:
        # Coverage depends only on which query terms matched, and most keyword
        # candidates match the same few sets: one computation per distinct set.
        by_set: dict[tuple[str, ...], float] = {}
        for m in krank:
            got = matched.get(m)
            key = tuple(got) if got else ()
            share = by_set.get(key)
            if share is None:
                share = by_set[key] = evidence.coverage(got)
            cover[m] = share
    knorm = _keyword_scale(dict(kw_hits), cover, own=OWN_COVERAGE and judge is not None)
    lower: dict[int, float] = {}
    if judge is not None and offsets is not None and band > 0:
        floor, lift = judge[0], judge[1]
        near = [m for m in ids if (c := cos.get(m, beyond.get(m))) is not None
                and c >= min_score and floor - band <= c + lift * cover.get(m, 0.0) < floor]
        lower = offsets(near) if near else {}
    scored: list[tuple[float, Any, CandidateScore]] = []
    explaining = trace is not None
    for mid in ids:
        fact = facts.get(mid)
        c = cos.get(mid)
        excluded = None
        vr = vrank.get(mid)
        kr = krank.get(mid)
        below = c is not None and c < min_score
        fused_vrank = vr if not below else None  # the fusion's side: before ``beyond``
        if c is None and judge is not None and mid in beyond:
            c = beyond[mid]
            below = c < min_score
        passed: bool | None = None  # the gate's verdict (None: not judged)
        rel = gate_note = None
        if fact is None or (admit is None and fact.status != Status.ACTIVE):
            excluded = f"status {fact.status if fact else 'missing'}"
        elif admit is not None and (why := admit(fact)) is not None:
            excluded = why  # not a fact at the time asked about (engine/history.py)
        elif admit is None and today is not None and fact.valid_until is not None and \
                fact.valid_until[:10] < today:
            # Its time is over ("下个月出差" after that month): kept, listed by cleanup
            # as expired, no longer handed to the agent as current.
            excluded = f"expired: held until {fact.valid_until[:10]}"
        elif judge is not None:
            if below:
                excluded = f"cosine {c:.4f} below min_score {min_score:.4f}"
            elif explaining:
                verdict = relevance.decide(c, cover.get(mid, 0.0), *judge,
                                           offset=lower.get(mid, 0.0))
                passed, rel = verdict.passed, verdict.relevance
                gate_note = ("pass: " if passed else "fail: ") + verdict.reason
                if not passed:
                    excluded = f"gate: {verdict.reason}"
            else:  # nobody reads the reason: the verdict alone
                passed, rel = relevance.verdict(c, cover.get(mid, 0.0), *judge,
                                                lower.get(mid, 0.0))
                if not passed:
                    excluded = "gate"
            if passed is False and rejected is not None:
                rejected[mid] = fact
        elif below and kr is None:
            excluded = f"cosine {c:.4f} below min_score {min_score:.4f}"
        elif mode == "vector" and (c is None or below):
            excluded = "no vector match above min_score"
        if excluded is not None and not explaining:
            continue  # only the trace keeps an excluded candidate: no score, no notes
        fused = fuse(vnorm.get(mid), knorm.get(mid), fused_vrank, kr, weight)
        content = records[mid].content if mid in records else ""
        cov = round(cover[mid], 4) if mid in cover else None
        if trace is not None:
            trace.candidates.append(
                CandidateScore(
                    memory_id=mid, content=content, status=fact.status if fact else "",
                    cosine=None if c is None else round(c, 4), vector_rank=vr, keyword_rank=kr,
                    fused=round(fused, 4), included=excluded is None, excluded_because=excluded,
                    gate=gate_note, relevance=rel, coverage=cov,
                )
            )
        if excluded is None and fact is not None:
            scored.append((fused, fact, CandidateScore(
                mid, content, fact.status, c, vr, kr, fused, True, gate=gate_note,
                relevance=rel, coverage=cov)))
    return scored


def _keyword_scale(bm25: dict[int, float], cover: dict[int, float], own: bool = False
                   ) -> dict[int, float]:
    """The keyword side in [0, 1]: BM25 min-max scaled over the keyword candidates, times
    how much of the query's rarity-weighted evidence the best match covers (up to
    ``FULL_COVERAGE``).

    One matched word of a long query, or a word in many memories, then moves the fused
    score a little, not as much as the best cosine (plain min-max gave any lone match the
    full keyword weight). The lowest is subtracted as before blend-v3: dividing by the
    best alone (blend-v3) lifted every weak keyword match and cost LoCoMo 0.010 of
    recall@10 with episodes (0.745 -> 0.735; back to 0.745 with blend-v4; agent-recall
    dev, no gate: USE 0.838 -> 0.847, e5 0.658 -> 0.667).

    ``own`` (blend-v6, the gated search): each candidate is scaled by its own coverage
    instead of the best one's (``OWN_COVERAGE``)."""
    if not bm25:
        return {}
    if own and cover:
        return {m: min(1.0, cover.get(m, 0.0) / FULL_COVERAGE) * v
                for m, v in _minmax(bm25).items()}
    strength = 1.0
    if cover:
        strength = min(1.0, max(cover.values()) / FULL_COVERAGE)
    return {m: strength * v for m, v in _minmax(bm25).items()}


def _unit_scale(scored: list[tuple[float, Any, CandidateScore]], trace: Trace | None
                ) -> list[tuple[float, Any, CandidateScore]]:
    """Keep fused scores in [0, 1]: episode shares can lift a score past 1, and then the
    query's scores are divided by the largest (the order is unchanged)."""
    top = max((f for f, _, _ in scored), default=0.0)
    if top <= 1.0:
        return scored
    if trace is not None:
        for i, c in enumerate(trace.candidates):
            if c.included:
                trace.candidates[i] = replace(c, fused=round(c.fused / top, 4))
    return [(f / top, rec, replace(cs, fused=f / top)) for f, rec, cs in scored]


def _vector_only_cap(scored: list[tuple[float, Any, CandidateScore]], trace: Trace | None
                     ) -> list[tuple[float, Any, CandidateScore]]:
    """Of the candidates that passed on cosine alone (no keyword coverage, not lent a
    score by an episode neighbour), keep the ``relevance.VECTOR_ONLY_MAX`` nearest --
    nearest to the floor each is held to (the gate's margin), so a memory in the other
    language, whose floor is lower, is not pushed out by its lower raw cosine."""
    alone = sorted((cs.cosine if cs.relevance is None else cs.relevance, cs.memory_id)
                   for _, _, cs in scored
                   if cs.cosine is not None and not cs.coverage and not cs.context)
    over = {mid for _, mid in alone[:max(0, len(alone) - relevance.VECTOR_ONLY_MAX)]}
    if not over:
        return scored
    if trace is not None:
        why = (f"gate: no keyword evidence and not among the {relevance.VECTOR_ONLY_MAX} "
               "nearest such candidates (by margin over the floor each is held to)")
        trace.candidates = [
            replace(c, included=False, excluded_because=why,
                    gate=f"fail: {why[len('gate: '):]}")
            if c.included and c.memory_id in over else c for c in trace.candidates]
    return [s for s in scored if s[2].memory_id not in over]


def _relative_cut(scored: list[tuple[float, Any, CandidateScore]], trace: Trace | None
                  ) -> list[tuple[float, Any, CandidateScore]]:
    """The gate's last step: of the candidates that passed, keep those whose fused score
    is at least ``relevance.RELATIVE_CUT`` of the best one's. The cut is relative to
    this query's own best, not a global number, so it holds on a store of 150 memories
    and of 5,000 alike: a bank padded with other people's notes passes more near-topic
    candidates, and they sit far below a real match."""
    best = max((f for f, _, _ in scored), default=0.0)
    bar = relevance.RELATIVE_CUT * best
    keep = [s for s in scored if s[0] >= bar]
    if trace is not None and len(keep) < len(scored):
        cut = {cs.memory_id for f, _, cs in scored if f < bar}
        why = (f"gate: fused below {relevance.RELATIVE_CUT:g} x the best candidate's "
               f"({bar:.4f} = {relevance.RELATIVE_CUT:g} x {best:.4f})")
        trace.candidates = [
            replace(c, included=False, excluded_because=why,
                    gate=f"fail: {why[len('gate: '):]}")
            if c.included and c.memory_id in cut else c for c in trace.candidates]
    return _rank_cut(keep, best, trace)


def _rank_cut(scored: list[tuple[float, Any, CandidateScore]], best: float,
              trace: Trace | None) -> list[tuple[float, Any, CandidateScore]]:
    """The relative cut's bar rises down the list (``relevance.RANK_STEP``): the
    candidate at rank ``k >= RANK_STEP_FROM`` must reach ``RELATIVE_CUT + RANK_STEP *
    (k - RANK_STEP_FROM)`` of the best fused score, plus ``TAIL_STEP`` per rank from
    ``TAIL_FROM`` (``_rank_share``). The first one below its bar ends the
    list (every later one is lower and its bar higher); one tied with a kept candidate
    stays, so the cut does not depend on how ties are ordered."""
    step, start = relevance.RANK_STEP, max(2, relevance.RANK_STEP_FROM)  # the best stays
    if step <= 0 or len(scored) < start:
        return scored
    ranked = sorted((s[0] for s in scored), reverse=True)
    end = next((k for k, f in enumerate(ranked, 1) if k >= start
                and f < best * _rank_share(k, start)), None)
    if end is None:
        return scored
    last = ranked[end - 2]  # the lowest score kept (rank end - 1 >= 1)
    keep = [s for s in scored if s[0] >= last]
    if trace is not None and len(keep) < len(scored):
        share = round(_rank_share(end, start), 4)
        cut = {cs.memory_id for f, _, cs in scored if f < last}
        why = (f"gate: rank {end} or lower, fused below {share:g} x the best candidate's "
               f"({share * best:.4f}; the relative cut rises by {step:g} per rank from rank "
               f"{start}" + (f", {relevance.TAIL_STEP:g} more from rank {relevance.TAIL_FROM}"
                             if relevance.TAIL_STEP > 0 and end >= relevance.TAIL_FROM
                             else "") + ")")
        trace.candidates = [
            replace(c, included=False, excluded_because=why,
                    gate=f"fail: {why[len('gate: '):]}")
            if c.included and c.memory_id in cut else c for c in trace.candidates]
    return keep


def _rank_share(k: int, start: int) -> float:
    """The share of the best fused score the candidate at rank ``k`` must reach: the
    relative cut, ``RANK_STEP`` per rank from ``start``, and ``TAIL_STEP`` more per rank
    from ``TAIL_FROM``."""
    tail = max(0, k - relevance.TAIL_FROM + 1) if relevance.TAIL_STEP > 0 else 0
    return (relevance.RELATIVE_CUT + relevance.RANK_STEP * (k - start)
            + relevance.TAIL_STEP * tail)


def _episodes(facts: dict[int, Any]) -> dict[int, str]:
    """id -> episode id of the active memories among ``facts`` written in an episode."""
    return {i: f.episode for i, f in facts.items()
            if f.episode is not None and f.status == Status.ACTIVE}


def _episode_context(
    scored: list[tuple[float, Any, CandidateScore]], episode: dict[int, str],
    neighbours: dict[int, Any], records: dict[int, MemoryRecord], trace: Trace | None,
) -> list[tuple[float, Any, CandidateScore]]:
    """Each memory of an episode gains a share (``EPISODE_WEIGHTS``) of the fused scores
    of its neighbours, the memories written just before and after it in the same episode
    (``episode``: id -> episode id); a neighbour that was no candidate (``neighbours``)
    joins with those shares alone. Memories written outside an episode are untouched."""
    fused = {cs.memory_id: f for f, _, cs in scored}
    lent: dict[int, tuple[float, int]] = {}  # id -> (share, largest contributor)
    for mid, ep in episode.items():
        parts = [(w * fused[mid + d], mid + d) for d, w in EPISODE_WEIGHTS.items()
                 if mid + d in fused and episode.get(mid + d) == ep]
        if parts:
            lent[mid] = (sum(p for p, _ in parts), max(parts)[1])
    joining = {m: neighbours[m] for m in lent if m not in fused and m in neighbours}
    out: list[tuple[float, Any, CandidateScore]] = []
    for f, rec, cs in scored:
        share, source = lent.get(cs.memory_id, (0.0, 0))
        if share:
            f = f + share
            cs = replace(cs, fused=f, context=round(share, 4), context_from=source)
        out.append((f, rec, cs))
    for mid, fact in joining.items():
        f, source = lent[mid]
        content = records[mid].content if mid in records else ""
        cs = CandidateScore(mid, content, fact.status, None, None, None, f, True,
                            context=round(f, 4), context_from=source)
        out.append((f, fact, cs))
    if trace is not None:
        changed = {cs.memory_id: cs for _, _, cs in out if cs.context}
        trace.candidates = [
            replace(c, fused=round(changed[c.memory_id].fused, 4),
                    context=changed[c.memory_id].context,
                    context_from=changed[c.memory_id].context_from)
            if c.included and c.memory_id in changed else c
            for c in trace.candidates
            if c.memory_id not in joining
        ] + [replace(cs, fused=round(cs.fused, 4)) for cs in changed.values()
             if cs.memory_id not in fused]
    return out


def _minmax(scores: dict[int, float]) -> dict[int, float]:
    """Scale one side's scores to [0, 1] over its candidates (1.0 when all are equal)."""
    if not scores:
        return {}
    low, high = min(scores.values()), max(scores.values())
    span = high - low
    return {m: (s - low) / span if span > 0 else 1.0 for m, s in scores.items()}


def fuse(vector: float | None, keyword: float | None, vrank: int | None,
         krank: int | None, weight: float | None = None) -> float:
    """Blend of min-max scaled cosine and keyword relevance, plus a small reciprocal-rank
    term so that a memory found by both sides outranks one found by one side at the same
    blended score. On LoCoMo (3 conversations, e5) recall@10: RRF k=60 0.660, blend with
    vector weight 0.6 0.660, 0.5 0.680, 0.4 0.683, 0.3 0.682 (benchmarks/README.md).
    ``weight``: the vector side's share (default ``VECTOR_WEIGHT``)."""
    w = VECTOR_WEIGHT if weight is None else weight
    score = w * (vector or 0.0) + (1 - w) * (keyword or 0.0)
    rr = 0.0  # the same sum as over a generator, in the same order, without one per call
    if vrank is not None:
        rr += 1.0 / (RRF_K + vrank)
    if krank is not None:
        rr += 1.0 / (RRF_K + krank)
    # Divided by the largest possible value (both sides 1.0, both ranks 1): in [0, 1].
    return (score + 0.01 * rr) / (1.0 + 0.02 / (RRF_K + 1))


def explain(ctx: Context, query: str, k: int, min_score: float, *, gate: bool = False,
            timeline: Any = None, turn: str | None = None) -> tuple[list[Hit], Explanation]:
    trace = Trace()
    hits = hybrid(ctx, query, k, min_score, trace=trace, gate=gate, timeline=timeline,
                  turn=turn)
    embedder = ctx.embedder
    notes = list(trace.notes)
    weight = VECTOR_WEIGHT if trace.vector_weight is None else trace.vector_weight
    if weight != VECTOR_WEIGHT:
        notes.append(f"vector side weighted {weight} (not {VECTOR_WEIGHT}): the scope holds "
                     f"memories in both languages (>= {OTHER_LANGUAGE_SHARE:.0%} of its "
                     "latest memories hold CJK text)")
    if trace.dropped:
        notes.append("no evidence (not searched): " + ", ".join(
            f"{t!r} ({why})" for t, why in trace.dropped.items()))
    if trace.gate is not None:
        trace.gate["dropped_terms"] = dict(trace.dropped)
    own = "its own" if gate and OWN_COVERAGE else "the best candidate's"
    return hits, Explanation(
        query=query,
        model=ctx.model_id,
        dim=int(getattr(embedder, "dim", 0) or 0) or None,
        query_vector_head=trace.head,
        vector_candidates=trace.vector_count,
        keyword_candidates=trace.keyword_count,
        keyword_terms=trace.terms,
        matched_terms=trace.matched,
        candidates=trace.candidates,
        min_score=min_score,
        k=k,
        fusion=(f"{FUSION_FORMULA_VERSION}: ({weight}·minmax(cosine) + "
                f"{round(1 - weight, 4):g}·keyword + 0.01·rrf(k={RRF_K})) / max, keyword = "
                f"minmax(bm25) · min(1, {own} coverage / {FULL_COVERAGE}); "
                + (f"a memory in the other language: cosine + {OTHER_LANGUAGE_LIFT:g} x its "
                   "floor offset before min-max; " if gate and OTHER_LANGUAGE_LIFT else "")
                + "+ episode neighbours (" + ", ".join(
                    f"{d:+d}: {w}" for d, w in EPISODE_WEIGHTS.items()) + "), "
                "scaled into [0, 1]; ties: hit_count, recency"),
        notes=notes,
        gate=trace.gate,
    )

"""What each result looks like as text. Everything prints through ``cli.render`` (stored
text is never read as markup); nothing prints a Python repr."""

from __future__ import annotations

from typing import Any

from vecmem.cli.render import line, pairs, short, styled, table, value_text

_DECISION_STYLE = {"store": "green", "duplicate": "yellow", "update": "cyan", "merge": "cyan",
                   "review": "magenta", "reject": "red"}


def _num(value: float | None, digits: int = 4) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _int(value: int | None) -> str:
    return "" if value is None else str(value)


def memories(records: list[Any]) -> None:
    if not records:
        line("no memories")
        return
    table(("id", "status", "type", "topic", "content", "hits", "updated"),
          [(r.id, r.status, r.memory_type, r.topic_key, r.content, r.hit_count,
            r.updated_at[:19]) for r in records])


def add_result(r: Any) -> None:
    decision = str(r.decision)
    target = f" #{r.memory_id}" if r.memory_id else ""
    note = " (preview, nothing written)" if r.dry_run else ""
    line(styled(decision, _DECISION_STYLE.get(decision, "bold")), f"{target}{note}: {r.reason}")


def op_result(r: Any) -> None:
    note = " (preview, nothing written)" if r.dry_run else ""
    reason = f" — {r.reason}" if r.reason else ""
    line(f"{r.action} #{r.memory_id}: {r.before_status} → {r.after_status}{note}{reason}")


def hits(found: list[Any]) -> None:
    if not found:
        line("no results")
        return
    table(("id", "score", "cosine", "keyword rank", "content"),
          [(h.memory.id, _num(h.score), _num(h.cosine), _int(h.keyword_rank), h.memory.content)
           for h in found])


def events(found: list[Any]) -> None:
    if not found:
        line("no events")
        return
    table(("event", "memory", "action", "status", "content", "reason", "at"),
          [(e.event_id, _int(e.memory_id), e.action,
            f"{e.before_status or ''}→{e.after_status or ''}",
            e.after_content or e.before_content or "", e.reason or "", e.created_at[:19])
           for e in found])


def memory_detail(d: dict[str, Any]) -> None:
    for key, value in d["memory"].to_dict().items():
        if value in (None, "", {}):
            continue
        if isinstance(value, dict):
            import json

            value = json.dumps(value, ensure_ascii=False)
        line(styled(key, "bold"), f": {value}")
    if d.get("trust"):
        line(styled("trust", "bold"), f": {d['trust']} (person > agent > automatic)")
    events(d["events"])


def explanation(ex: Any) -> None:
    head = ", ".join(f"{v:.4f}" for v in ex.query_vector_head)
    line(f"query: {ex.query}")
    line(f"model: {ex.model} (dim {ex.dim}); vector head: {head}")
    line(f"candidates: vector {ex.vector_candidates}, keyword {ex.keyword_candidates}; "
         f"keyword terms: {' '.join(ex.keyword_terms) or '(none)'}")
    line(f"fusion: {ex.fusion}; min_score {ex.min_score:.4f}; k {ex.k}")
    g = ex.gate
    if g is None or not g.get("on"):
        line(styled("gate: off", "yellow"), " (exploratory listing: ranked, not gated)")
    else:
        line(styled("gate: on", "bold"), f" — {g.get('rule')}")
        if g.get("common_terms"):
            line(f"  no evidence (in too many memories): {' '.join(g['common_terms'])}")
        line(f"  searched terms: {' '.join(g.get('searched_terms') or []) or '(none)'}")
    table(("id", "included", "cosine", "vector rank", "keyword rank", "fused", "gate",
           "margin", "coverage", "context", "why excluded", "matched", "content"),
          [(c.memory_id, "yes" if c.included else "no", _num(c.cosine), _int(c.vector_rank),
            _int(c.keyword_rank), _num(c.fused), c.gate or "", _num(c.relevance),
            _num(c.coverage, 2),
            f"+{c.context:.4f} from #{c.context_from}" if c.context else "",
            c.excluded_because or "", " ".join(ex.matched_terms.get(c.memory_id, [])),
            c.content) for c in ex.candidates],
          wide=("content", "gate", "why excluded"))
    for note in ex.notes:
        line(f"note: {note}")


def recalls(entries: list[Any]) -> None:
    if not entries:
        line("no recalls logged")
        return
    for e in entries:
        query = e.query if e.query is not None else f"(query hash {e.query_hash})"
        gate = "" if e.gate else ", gate off"
        line(styled(f"{e.created_at[:19]}", "dim"),
             f" session {e.session} turn {e.turn} via {e.front_end}{gate}: {short(query)}")
        if not e.items:
            line("    nothing injected")
        for it in e.items:
            line(f"    #{it['memory_id']} score {_num(it.get('score'))} cosine "
                 f"{_num(it.get('cosine')) or '—'} margin {_num(it.get('relevance')) or '—'} "
                 f"coverage {_num(it.get('coverage'), 2) or '—'}: "
                 f"{short(it.get('content') or '', 60)}")


def review_items(items: list[dict[str, Any]]) -> None:
    if not items:
        line("the review queue is empty")
    for it in items:
        item = it["item"]
        line(styled(f"#{item['id']}", "magenta"), f" ({it['kind']}) {item['content']}")
        for t in it["targets"]:
            line(f"    vs #{t['id']} ({t['status']}) {t['content']}")
        if it.get("proposed_text"):
            line(f"    proposed: {it['proposed_text']}")


def stats(s: dict[str, Any]) -> None:
    line(f"scope {s['scope']} · engine {s['engine']} · total {s['total']}")
    line("status: " + (pairs(s["by_status"]) or "none"))
    line("types: " + (pairs(dict(sorted(s["by_type"].items()))) or "none"))
    why = f": {s['embedder_error']}" if s.get("embedder_error") else ""
    line(f"model: {s['model']} (dim {s['dim']})",
         *((" ", styled("fallback", "yellow"), why) if s.get("embedder_fallback") else ()))
    if s.get("embedder_note"):  # a bundled model standing in for the configured one
        line(f"embedder: {s['embedder_note']}")
    c = s["consistency"]
    mark = "✅ ok" if c["ok"] else "❌ " + "; ".join(c["problems"])
    line(f"consistency: {mark}  memories {c['memories']} · vectors "
         f"{c['vectors_current_model']} · keyword index {c['keyword_index']}")


def mapping(d: dict[str, Any]) -> None:
    """A flat result (import, migrate, reembed): one ``key: value`` line each."""
    for key, value in d.items():
        line(f"{key}: {value_text(value)}")


def stored(results: list[Any]) -> None:
    for r in results:
        if str(r.decision) == "store":
            line("  ", styled("store", "green"), f" #{r.memory_id}: {short(r.content)}")

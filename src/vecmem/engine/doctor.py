"""Doctor: find drift between memories and their indexes, and repair it (audited).

The preview (``repair=False``) lists exactly the actions a repair would take; the repair
writes one ``repair`` event with the counts and never touches a memory row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vecmem.engine import maintenance, writes
from vecmem.engine.context import Context
from vecmem.engine.reports import consistency_line, labels
from vecmem.rules.cues import index_terms
from vecmem.store.base import MemoryFilter
from vecmem.store.schema import TOMBSTONE
from vecmem.text import keyword_terms
from vecmem.types import Action, Serializable

#: Below this ANN recall@10 (against an exact scan, on a sample), repair rebuilds the
#: graph. Measured on a healthy index: 0.98 and up with real embeddings.
ANN_RECALL_MIN = 0.9


# -- doctor ------------------------------------------------------------------------------
@dataclass(frozen=True)
class DoctorReport(Serializable):
    findings: dict[str, list[Any]]
    actions: list[dict[str, Any]]
    notes: list[str]
    repaired: bool
    repair_event_id: int | None
    reembed: dict[str, Any] | None
    consistency: dict[str, Any]

    @property
    def problems(self) -> int:
        return sum(len(v) for v in self.findings.values())

    @property
    def ok(self) -> bool:
        return self.consistency["ok"]

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "problems": self.problems, "ok": self.ok}

    def to_text(self, lang: str = "zh") -> str:
        t = labels(lang)
        lines = [t["doctor"].format(n=self.problems)]
        lines += [f"  {k}: {len(v)}" for k, v in self.findings.items() if v]
        lines.append(t["actions"].format(mode=t["done"] if self.repaired else t["preview"]))
        for a in self.actions:
            ids = ", ".join(f"#{i}" for i in a["ids"][:10]) + (" …" if len(a["ids"]) > 10 else "")
            lines.append(f"  {a['action']}: {a['count']} ({ids})")
        if not self.actions:
            lines.append(t["no_actions"])
        lines += [f"  note: {n}" for n in self.notes]
        lines.extend(consistency_line(self.consistency, t))
        return "\n".join(lines) + "\n"


def _drift(ctx: Context) -> tuple[dict[str, list[Any]], list[str], list[int] | None]:
    """Every drifted row (not a sample: ``consistency`` caps its lists, a repair cannot).

    Returns the findings, notes, and the ids to re-embed (None when re-embedding must not
    run: with only the fallback embedder, real-model vectors are never replaced)."""
    notes: list[str] = []
    if reason := getattr(ctx.embedder, "fallback_reason", None):
        notes.append(f"embedder: {reason}")
    with ctx.store.transaction(write=False) as tx:
        rows = tx.execute("SELECT m.id, m.content, v.model, m.meta FROM memories m LEFT JOIN "
                          "memory_vectors v ON v.memory_id = m.id WHERE m.scope = ? ORDER BY m.id",
                          [ctx.scope]).fetchall()
        ids = {int(r[0]) for r in rows}
        indexed = tx.keyword_index_ids(ctx.scope)
        stale = [int(i) for i, content, _, meta in rows if int(i) in indexed
                 and tx.keyword_index_terms(int(i)) != index_terms(content, _json(meta))]
        findings: dict[str, list[Any]] = {
            "missing_keyword": sorted(ids - indexed), "orphan_keyword": sorted(indexed - ids),
            "stale_keyword": stale,
            "missing_vector": [int(i) for i, content, model, _ in rows
                               if model is None and content != TOMBSTONE],
            "other_model_vector": [int(i) for i, _, model, _ in rows
                                   if model is not None and model != ctx.model_id],
            "orphan_vector": tx.orphan_vector_ids(),
            "duplicate_live_hash": [h for h, _ in tx.duplicate_live_hashes(ctx.scope)],
        }
        real = any(m != ctx.model_id for m in tx.vector_models(ctx.scope))
    findings["purge_residue"] = _purge_residue(ctx)
    held, in_text, note = _secrets(ctx)
    findings["secret_held"], findings["secret_in_text"] = held, in_text
    notes += note
    recall = ctx.store.ann_recall(ctx.scope, ctx.model_id,
                                  int(getattr(ctx.embedder, "dim", 0) or 0))
    findings["low_ann_recall"] = [round(recall, 4)] if recall is not None \
        and recall < ANN_RECALL_MIN else []
    findings["engine"] = ctx.store.integrity_check()
    if findings["duplicate_live_hash"]:
        notes.append("live duplicates are memories, not index rows: doctor never archives; "
                     "use `vecmem cleanup --plan`")
    reembed: list[int] | None = sorted(findings["missing_vector"] + findings["other_model_vector"])
    if reembed and real and getattr(ctx.embedder, "is_fallback", False):
        notes.append("re-embedding skipped: the fallback embedder would replace real vectors")
        reembed = None
    if any(p.startswith("keyword index") for p in findings["engine"]):
        # The FTS structure itself is damaged: rebuild every row of the scope, not a few.
        findings["missing_keyword"] = sorted(ids)
    return findings, notes, reembed


def _purge_residue(ctx: Context) -> list[int]:
    """Purged memories of which some copy of the text is still held: the row, an event
    about it, its keyword entry or its vector (a purge removes all of them at once)."""
    bad: list[int] = []
    with ctx.transaction(write=False) as tx:
        purged = {e.memory_id for e in tx.events(ctx.scope, action="purge", limit=10**9)
                  if e.memory_id is not None}
        tomb_terms = " ".join(keyword_terms(TOMBSTONE))
        for mid in sorted(purged):
            rec = tx.get(mid)
            events = tx.events(ctx.scope, memory_id=mid, limit=10**9)
            held = [t for e in events for t in (e.before_content, e.after_content)
                    if t not in (None, TOMBSTONE)]
            if (rec is None or rec.content != TOMBSTONE or rec.content_norm != TOMBSTONE
                    or held or tx.get_vector(mid) is not None
                    or tx.keyword_index_terms(mid) not in (None, tomb_terms)):
                bad.append(mid)
    return bad


def _secrets(ctx: Context) -> tuple[list[int], list[int], list[str]]:
    """Memories an upgrade held in review because their text held a secret
    (store/legacy_secrets.py), memories whose text holds one today (never expected: every
    write and every upgrade cuts them out), and what the person should do about both."""
    from vecmem.rules.redaction import redact
    from vecmem.store.legacy_secrets import REVIEW_KIND

    with ctx.transaction(write=False) as tx:
        review = tx.list_memories(ctx.scope, MemoryFilter(status="review"), limit=10**9)
        held = sorted(m.id for m in review if (m.review_meta or {}).get("kind") == REVIEW_KIND)
        in_text = [int(i) for i, content in tx.execute(
            "SELECT id, content FROM memories WHERE scope = ? ORDER BY id", [ctx.scope])
            if content != TOMBSTONE and redact(content) != content]
        backups = sorted({str(e.meta["backup"]) for e in tx.events(
            ctx.scope, action="migrate", limit=10**6) if e.memory_id is None and e.meta
            and (e.meta.get("secrets") or {}).get("memories") and e.meta.get("backup")})
    notes = []
    if held:
        notes.append(f"{len(held)} memories held a secret value that newer rules recognise; "
                     "an upgrade cut the value out of them and of their history and sent them "
                     "to review (approve keeps the redacted text, reject archives it)")
    if backups:
        notes.append("the copy taken before that upgrade still holds the old texts, secrets "
                     f"included: {', '.join(backups)} (delete it once the upgrade is checked)")
    if in_text:
        notes.append(f"{len(in_text)} memories hold a secret value in their text: purge them "
                     "with a plan (`purge` operations)")
    return held, in_text, notes


def _actions(f: dict[str, list[Any]], reembed: list[int] | None) -> list[dict[str, Any]]:
    plan = [
        ("reindex_keywords", sorted(set(f["missing_keyword"]) | set(f["stale_keyword"]))),
        ("drop_orphan_keyword_rows", f["orphan_keyword"]),
        ("drop_orphan_vectors", f["orphan_vector"]),
        ("reembed", reembed or []),
    ]
    if f.get("low_ann_recall"):
        # The graph has degraded (many re-inserts): rebuilt from the stored vectors.
        plan.append(("rebuild_vector_index", []))
    return [{"action": a, "count": len(ids) or 1, "ids": ids} for a, ids in plan
            if ids or a == "rebuild_vector_index"]


def doctor(ctx: Context, repair: bool = False, actor: str | None = None) -> DoctorReport:
    """Find index drift; ``repair=True`` carries out exactly the previewed actions."""
    findings, notes, reembed_ids = _drift(ctx)
    actions = _actions(findings, reembed_ids)
    if not repair or not actions:
        return DoctorReport(findings, actions, notes, False, None, None,
                            maintenance.consistency(ctx))
    todo = {a["action"]: a["ids"] for a in actions}
    # reembed commits batch by batch (resumable) and audits itself with reembed events.
    reembedded = maintenance.reembed(ctx, only_if_needed=True) if "reembed" in todo else None
    # Database-wide lock (no scope): orphan vectors belong to no scope, and the engine
    # check covers the whole database.
    with ctx.store.transaction() as tx:
        for mid in todo.get("reindex_keywords", []):
            rec = tx.get(mid)
            assert rec is not None
            tx.unindex_keywords(mid)
            tx.index_keywords(mid, index_terms(rec.content, tx.get_memory_meta(mid)))
        for mid in todo.get("drop_orphan_keyword_rows", []):
            tx.unindex_keywords(mid)
        for mid in todo.get("drop_orphan_vectors", []):
            tx.delete_vector(mid)
        counts = {a["action"]: a["count"] for a in actions}
        if reembedded is not None:
            counts["reembedded"] = reembedded["reembedded"]
        event_id = writes.record(
            ctx, tx, Action.REPAIR, actor=actor or "doctor",
            reason="doctor --repair: " + ", ".join(f"{k} {v}" for k, v in counts.items()),
            meta={"counts": counts},
            related_ids=[i for a in actions for i in a["ids"]][:50])
    ctx.store.invalidate_vectors()
    return DoctorReport(findings, actions, notes, True, event_id, reembedded,
                        maintenance.consistency(ctx))


def _json(value: Any) -> Any:
    """A meta column as read (JSON text on SQLite, maybe parsed already elsewhere)."""
    if value is None or isinstance(value, dict):
        return value
    import json

    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return None

"""Cleanup report, health report and doctor: the state of a memory without reading SQL.

``cleanup_report`` and ``health_report`` are pure reads: they open read transactions only
and write nothing, not a plan, not an event, not a file (the first version's health report
created a plan file on every run and its cleanup report wrote to a hard-coded path).
``doctor`` finds index drift; with ``repair=True`` it fixes exactly the actions its
preview lists, audits them with one ``repair`` event, and never touches a memory row.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from vecmem.engine import maintenance, staleness
from vecmem.engine.context import Context
from vecmem.errors import InvalidInputError
from vecmem.rules import check_quality, classify
from vecmem.store.base import MemoryFilter, SQLTx, utcnow
from vecmem.text import content_hash, normalize
from vecmem.types import CLEANUP_PLAN_KINDS, MemoryRecord, Serializable

#: Sources whose memories were written by a machine, not typed by a person.
AUTO_SOURCES = frozenset({"auto", "extract", "ingest", "hermes"})
#: An active_context entry not updated for this long is stale history.
ACTIVE_CONTEXT_MAX_AGE_DAYS = 14
#: An older value of a one-value slot that a newer fact the rules could not key may
#: replace (no LLM judge decided it): listed, and planned only when asked for by kind,
#: because it is a judgement, not upkeep. Its plan archives the older value.
POSSIBLE_CONFLICT = "possible_conflict"
#: Candidates that are memories (and so can become archive operations of a plan).
PLAN_KINDS = CLEANUP_PLAN_KINDS
#: The low-risk ones: the default plan archives them.
MEMORY_KINDS = tuple(k for k in PLAN_KINDS if k != POSSIBLE_CONFLICT)
KIND_ORDER = (*PLAN_KINDS, "orphan_vector", "orphan_keyword")
_ALL = 10_000_000

# key: (中文, English). One line per message keeps the two languages side by side.
_MESSAGES: dict[str, tuple[str, str]] = {
    "cleanup": ("清理报告 — {date}", "Cleanup report — {date}"),
    "candidates": ("低风险清理候选: {n} 条", "Low-risk cleanup candidates: {n}"),
    "review": ("审核队列未处理: {n} 条", "Review queue pending: {n}"),
    "ok": ("数据一致性: ✅ 全部正常  {counts}", "Data consistency: ✅ all good  {counts}"),
    "bad": ("数据一致性: ❌ {n} 个问题  {counts}", "Data consistency: ❌ {n} problem(s)  {counts}"),
    "dup": ("(与 ID:{id} 重复)", "(duplicate of ID:{id})"),
    "auto": ("今天的规则会拒绝它 ({category})", "today's rules would reject it ({category})"),
    "ac_old": ("已 {days} 天未更新", "not updated for {days} days"),
    "expired": ("有效期已过 (到 {until} 为止)", "its time is over (held until {until})"),
    "stale": ("短期信息已 {days} 天未确认 ({kind} 保留 {ttl:g} 天)",
              "short-lived, not confirmed for {days} days ({kind} is kept {ttl:g} days)"),
    "ac_more": ("较旧的 active_context; 当前为 #{current}",
                "older active_context entry; #{current} is current"),
    "superseded_active": ("已被 #{superseded_by} 取代却仍为 active",
                          "superseded by #{superseded_by} but still active"),
    "duplicate": ("规范化后与 #{duplicate_of} 相同",
                  "same text after normalization as #{duplicate_of}"),
    "possible_conflict": ("可能已被较新的 #{newer} 取代 ({topic_key}): “{newer_content}”",
                          "may be replaced by the newer #{newer} ({topic_key}): "
                          "\"{newer_content}\""),
    "conflicts_plan": ("可能的冲突: {n} 条 (vecmem cleanup --plan --kind possible_conflict)",
                       "Possible conflicts: {n} (vecmem cleanup --plan --kind "
                       "possible_conflict)"),
    "orphan_vector": ("没有对应记忆的向量 (vecmem doctor --repair)",
                      "vector without a memory (vecmem doctor --repair)"),
    "orphan_keyword": ("没有对应记忆的关键词索引行 (vecmem doctor --repair)",
                       "keyword index row without a memory (vecmem doctor --repair)"),
    "health": ("健康报告 — {at} (过去 {window})", "Health report — {at} (last {window})"),
    "status": ("状态: {s}", "Status: {s}"),
    "ok_s": ("✅ 正常", "✅ ok"),
    "attention": ("⚠️ 需要关注", "⚠️ attention"),
    "critical": ("❌ 严重", "❌ critical"),
    "new": ("新记录: {x}", "New records: {x}"),
    "queue": ("审核队列: {n} 条", "Review queue: {n}"),
    "clean": ("清理候选: {n} 条", "Cleanup candidates: {n}"),
    "conflicts": ("主题冲突: {n} 组", "Topic conflicts: {n}"),
    "size": ("数据库大小: {x}", "Database size: {x}"),
    "embedder": ("嵌入模型: {x}", "Embedder: {x}"),
    "flags": ("标记: {x}", "Flags: {x}"),
    "none": ("无", "none"),
    "fallback": ("回退", "fallback"),
    "degraded": ("降级", "degraded"),
    "doctor": ("诊断 — 发现 {n} 个问题", "Doctor — {n} problem(s) found"),
    "actions": ("修复动作{mode}:", "Repair actions{mode}:"),
    "preview": (" (预览; 加 --repair 执行)", " (preview; run with --repair)"),
    "done": (" (已执行)", " (done)"),
    "no_actions": ("  无需修复", "  nothing to repair"),
    "type": ("类型", "kind"),
    "content": ("内容", "content"),
    "reason": ("原因", "reason"),
}
_T = {lang: {k: v[i] for k, v in _MESSAGES.items()} for i, lang in enumerate(("zh", "en"))}


def labels(lang: str | None) -> dict[str, str]:
    if lang not in _T:
        raise InvalidInputError("lang must be zh or en")
    return _T[lang]


def _short(text: str | None, width: int = 80) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def _counts(c: dict[str, Any]) -> str:
    return (f"memories {c['memories']} · vectors {c['vectors_current_model']} · "
            f"keyword index {c['keyword_index']}")


def consistency_line(c: dict[str, Any], t: dict[str, str]) -> list[str]:
    if c["ok"]:
        return [t["ok"].format(counts=_counts(c))]
    return [t["bad"].format(n=len(c["problems"]), counts=_counts(c)),
            *(f"  - {p}" for p in c["problems"])]


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


# -- cleanup -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Candidate(Serializable):
    kind: str
    memory_id: int
    content: str | None
    status: str | None
    detail: dict[str, Any] = field(default_factory=dict)

    def reason(self, lang: str = "en") -> str:
        t = labels(lang)
        if self.kind == "active_context":
            key = "ac_more" if "current" in self.detail else "ac_old"
            return t[key].format(**self.detail)
        return t[self.kind].format(**self.detail)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reason": self.reason("en")}


@dataclass(frozen=True)
class CleanupReport(Serializable):
    generated_at: str
    scope: str
    candidates: list[Candidate]
    review_backlog: int
    consistency: dict[str, Any]

    def to_text(self, lang: str = "zh") -> str:
        t = labels(lang)
        lines = [t["cleanup"].format(date=self.generated_at[:10]),
                 t["candidates"].format(n=len(self.candidates) - len(self.possible_conflicts))]
        for c in self.candidates:
            if c.content is None:
                lines.append(f"  [{c.kind}] #{c.memory_id} — {c.reason(lang)}")
                continue
            extra = (" " + t["dup"].format(id=c.detail["duplicate_of"])
                     if c.kind == "duplicate" else
                     f" — {c.reason(lang)}" if c.kind == POSSIBLE_CONFLICT else "")
            lines.append(f'  [{c.kind}] #{c.memory_id} "{_short(c.content)}"{extra}')
        if self.possible_conflicts:
            lines.append(t["conflicts_plan"].format(n=len(self.possible_conflicts)))
        lines.append(t["review"].format(n=self.review_backlog))
        lines.extend(consistency_line(self.consistency, t))
        return "\n".join(lines) + "\n"

    def to_markdown(self, lang: str = "zh") -> str:
        t = labels(lang)
        low_risk = len(self.candidates) - len(self.possible_conflicts)
        lines = [f"# {t['cleanup'].format(date=self.generated_at[:10])}", "",
                 f"**{t['candidates'].format(n=low_risk)}**", ""]
        if self.candidates:
            lines += [f"| {t['type']} | ID | {t['content']} | {t['reason']} |", "|---|---|---|---|"]
            lines += [f"| {c.kind} | {c.memory_id} | {_md_cell(_short(c.content))} | "
                      f"{_md_cell(c.reason(lang))} |" for c in self.candidates]
            lines.append("")
        if self.possible_conflicts:
            lines.append(f"- {t['conflicts_plan'].format(n=len(self.possible_conflicts))}")
        lines.append(f"- {t['review'].format(n=self.review_backlog)}")
        lines += [f"- {line}" if not line.startswith("  ") else line
                  for line in consistency_line(self.consistency, t)]
        return "\n".join(lines) + "\n"

    def plan_ops(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Archive operations for a plan: the low-risk candidates, or those of ``kind``
        (front ends call this, not the engine module)."""
        return cleanup_plan_ops(self, kind)

    @property
    def possible_conflicts(self) -> list[Candidate]:
        return [c for c in self.candidates if c.kind == POSSIBLE_CONFLICT]

    def to_dict(self) -> dict[str, Any]:
        return {"generated_at": self.generated_at, "scope": self.scope,
                "candidates": [c.to_dict() for c in self.candidates],
                "candidate_count": len(self.candidates),
                "possible_conflicts": len(self.possible_conflicts),
                "review_backlog": self.review_backlog, "consistency": self.consistency}


def _is_auto(source: str) -> bool:
    return source.split(":", 1)[0].strip().lower() in AUTO_SOURCES


def _live(tx: SQLTx, scope: str) -> list[MemoryRecord]:
    return [m for s in ("active", "review")
            for m in tx.list_memories(scope, MemoryFilter(status=s), limit=_ALL, order="id ASC")]


def _find_candidates(tx: SQLTx, scope: str, now: datetime,
                     today: str | None = None,
                     ttl: dict[str, float] | None = None) -> list[Candidate]:
    live = _live(tx, scope)
    found: dict[int, Candidate] = {}

    def add(c: Candidate) -> None:
        found.setdefault(c.memory_id, c)  # the first (most specific) reason wins

    today = today or now.date().isoformat()
    for m in live:
        # A plan whose period is over ("下个月出差" after that month): search no longer
        # hands it to the agent; a plan of this report archives it.
        if m.status == "active" and m.valid_until and m.valid_until[:10] < today:
            add(Candidate("expired", m.id, m.content, m.status, {"until": m.valid_until[:10]}))

    for m in live:
        if m.status == "active" and m.superseded_by is not None:
            add(Candidate("superseded_active", m.id, m.content, m.status,
                          {"superseded_by": m.superseded_by}))
    # Recompute normalize + hash: a rule change can make two stored spellings one fact.
    groups: dict[str, list[MemoryRecord]] = defaultdict(list)
    for m in live:
        groups[content_hash(normalize(m.content), m.category)].append(m)
    for same in groups.values():
        keep = min(same, key=lambda r: (r.status != "active", r.id))
        for m in same:
            if m.id != keep.id:
                add(Candidate("duplicate", m.id, m.content, m.status, {"duplicate_of": keep.id}))
    slots: dict[str | None, list[MemoryRecord]] = defaultdict(list)
    for m in live:
        if m.memory_type == "active_context" and m.status == "active":
            slots[m.topic_key].append(m)
    ttl = {"active_context": ACTIVE_CONTEXT_MAX_AGE_DAYS} if ttl is None else ttl
    # The current active_context entry goes stale after its time to live (settings).
    max_age = ttl.get("active_context", float("inf"))
    cutoff = (now - timedelta(days=min(max_age, 36_600))).strftime("%Y-%m-%dT%H:%M:%S")
    for entries in slots.values():
        entries.sort(key=lambda r: (r.updated_at, r.id), reverse=True)
        for m in entries[1:]:
            add(Candidate("active_context", m.id, m.content, m.status, {"current": entries[0].id}))
        if entries[0].updated_at < cutoff:
            days = (now - datetime.fromisoformat(entries[0].updated_at.replace("Z", "+00:00"))).days
            add(Candidate("active_context", entries[0].id, entries[0].content, "active",
                          {"days": days}))
    # Other short-lived kinds (settings.ttl_days) not stated again within their time.
    for s in staleness.find(tx, scope, ttl, now, [m for m in live if m.status == "active"]):
        add(Candidate("stale", s.memory.id, s.memory.content, "active",
                      {"days": s.days, "kind": s.kind, "ttl": s.ttl_days}))
    for m in live:
        if _is_auto(m.source):
            verdict = check_quality(m.content)
            if not verdict.allowed:
                add(Candidate("auto", m.id, m.content, m.status, {"category": verdict.category}))
    for c in _possible_conflicts(tx, scope):
        add(c)
    return sorted(found.values(), key=lambda c: (KIND_ORDER.index(c.kind), c.memory_id))


def _possible_conflicts(tx: SQLTx, scope: str) -> list[Candidate]:
    """Older slot values a newer stored fact may replace: the pipeline flagged the newer
    one's ``add`` event (``possible_conflict``) when no judge decided; listed while both
    are still active."""
    out = []
    for event in tx.events_flagged(scope, POSSIBLE_CONFLICT, "add"):
        flag = (event.meta or {}).get(POSSIBLE_CONFLICT)
        newer = tx.get(event.memory_id, scope) if event.memory_id else None
        if not isinstance(flag, dict) or newer is None or newer.status != "active":
            continue
        older = tx.get_many([int(i) for i in flag.get("ids") or [] if int(i) != newer.id])
        for m in sorted(older.values(), key=lambda r: r.id):
            if m.scope == scope and m.status == "active":
                out.append(Candidate(POSSIBLE_CONFLICT, m.id, m.content, m.status, {
                    "newer": newer.id, "newer_content": _short(newer.content, 120),
                    "topic_key": flag.get("topic_key")}))
    return out


def _analyse(ctx: Context) -> tuple[list[Candidate], int, dict[str, Any]]:
    with ctx.store.transaction(write=False) as tx:
        candidates = _find_candidates(tx, ctx.scope, datetime.now(UTC), ctx.today(),
                                      ctx.settings.ttl_days)
        backlog = tx.count_memories(ctx.scope, MemoryFilter(status="review"))
    check = maintenance.consistency(ctx)
    candidates += [Candidate("orphan_vector", i, None, None) for i in check["orphan_vector_ids"]]
    candidates += [Candidate("orphan_keyword", i, None, None) for i in check["orphan_keyword_ids"]]
    return candidates, backlog, check


def cleanup_report(ctx: Context) -> CleanupReport:
    """Low-risk cleanup candidates with reasons; dry-run only, writes nothing."""
    candidates, backlog, check = _analyse(ctx)
    return CleanupReport(utcnow(), ctx.scope, candidates, backlog, check)


def cleanup_plan_ops(report: CleanupReport, kind: str | None = None) -> list[dict[str, Any]]:
    """Archive operations for the low-risk memory candidates, or for those of ``kind``
    (orphans are doctor's job)."""
    if kind is not None and kind not in PLAN_KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(PLAN_KINDS)}")
    kinds = MEMORY_KINDS if kind is None else (kind,)
    return [{"action": "archive", "memory_id": c.memory_id,
             "reason": f"cleanup ({c.kind}): {c.reason('en')}"[:2000]}
            for c in report.candidates if c.kind in kinds]


# -- health ------------------------------------------------------------------------------
@dataclass(frozen=True)
class HealthReport(Serializable):
    generated_at: str
    scope: str
    window_hours: float
    status: str
    flags: list[str]
    new_records: dict[str, int]
    review_queue: int
    cleanup_candidates: int
    topic_conflicts: list[dict[str, Any]]
    pending_plans: int
    consistency: dict[str, Any]
    size_bytes: int | None
    embedder: dict[str, Any]

    @property
    def exit_code(self) -> int:
        return {"ok": 0, "attention": 1}.get(self.status, 2)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "exit_code": self.exit_code}

    def _lines(self, lang: str) -> list[str]:
        t = labels(lang)
        hours = self.window_hours
        window = f"{hours:g}h" if hours < 48 or hours % 24 else f"{hours / 24:g}d"
        new = " · ".join(f"{k} {v}" for k, v in sorted(self.new_records.items())) or t["none"]
        e = self.embedder
        notes = [t[k] for k in ("fallback", "degraded") if e.get(k)]
        emb = f"{e['model']} (dim {e['dim']})" + (f" [{', '.join(notes)}]" if notes else "")
        if e.get("note"):
            emb += f" ({e['note']})"
        conflicts = t["conflicts"].format(n=len(self.topic_conflicts))
        if self.topic_conflicts:
            conflicts += "  " + "; ".join(
                f"{c['topic_key']}: " + ", ".join(f"#{i}" for i in c["ids"])
                for c in self.topic_conflicts[:5])
        size = "?" if self.size_bytes is None else _size(self.size_bytes)
        return [t["health"].format(at=self.generated_at[:16].replace("T", " ") + " UTC",
                                   window=window),
                t["status"].format(s=t["ok_s" if self.status == "ok" else self.status]),
                t["new"].format(x=new), t["queue"].format(n=self.review_queue),
                t["clean"].format(n=self.cleanup_candidates), conflicts,
                *consistency_line(self.consistency, t), t["size"].format(x=size),
                t["embedder"].format(x=emb),
                t["flags"].format(x=", ".join(self.flags) or t["none"])]

    def to_text(self, lang: str = "zh") -> str:
        return "\n".join(self._lines(lang)) + "\n"

    def to_markdown(self, lang: str = "zh") -> str:
        head, *rest = self._lines(lang)
        return "\n".join([f"# {head}", "", *(r if r.startswith("  ") else f"- {r}"
                                             for r in rest)]) + "\n"


def _size(n: int) -> str:
    for unit, scale in (("GB", 1024**3), ("MB", 1024**2), ("KB", 1024)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _topic_conflicts(tx: SQLTx, scope: str) -> list[dict[str, Any]]:
    rows = tx.execute(
        "SELECT topic_key FROM memories WHERE scope = ? AND status = 'active' AND topic_key IS "
        "NOT NULL GROUP BY topic_key HAVING COUNT(*) > 1 ORDER BY topic_key", [scope]).fetchall()
    out = []
    for (key,) in rows:
        same = tx.by_topic(scope, key, ("active",))
        cls = classify(same[0].content_norm)
        # Additive topics hold many values; slots (active_context) are cleanup's business.
        if cls.single_valued and not cls.slot:
            out.append({"topic_key": key, "ids": [m.id for m in same]})
    return out


def health_report(ctx: Context, window_hours: float = 24) -> HealthReport:
    """Status ok | attention | critical with flags; a pure read."""
    if (isinstance(window_hours, bool) or not isinstance(window_hours, int | float)
            or not 0 < window_hours <= 24 * 3660):
        raise InvalidInputError("window_hours must be a number of hours between 0 and 87840")
    now = datetime.now(UTC)
    since = (now - timedelta(hours=window_hours)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    candidates, backlog, check = _analyse(ctx)
    with ctx.store.transaction(write=False) as tx:
        new = tx.count_events(ctx.scope, since=since)
        conflicts = _topic_conflicts(tx, ctx.scope)
        pending = len(tx.list_plans(ctx.scope, status="pending", limit=10_000))
        from vecmem.store.legacy_secrets import REVIEW_KIND as SECRET_REVIEW

        secrets_held = any((m.review_meta or {}).get("kind") == SECRET_REVIEW for m in
                           tx.list_memories(ctx.scope, MemoryFilter(status="review"),
                                            limit=10_000))
    emb = ctx.embedder
    embedder = {
        "model": ctx.model_id, "dim": int(getattr(emb, "dim", 0) or 0),
        "provider": ctx.settings.embed_provider,
        # Hashing chosen on purpose is not a fallback; hashing standing in for a model is.
        "fallback": bool(getattr(emb, "is_fallback", False))
        and ctx.settings.embed_provider != "hashing",
        "degraded": ctx.embedder_state.degraded, "last_error": ctx.embedder_state.last_error,
        "note": getattr(emb, "fallback_reason", None),
    }
    flags = [name for name, on in (
        ("review_queue_nonempty", backlog > 0), ("cleanup_candidates", bool(candidates)),
        # Short-lived memories past their time to live (settings.ttl_days, staleness.py).
        ("stale_short_lived", any(c.kind in ("stale", "active_context") and "days" in c.detail
                                  for c in candidates)),
        ("topic_conflicts", bool(conflicts)), ("consistency_failed", not check["ok"]),
        # An upgrade cut a secret out of stored texts (store/legacy_secrets.py): see doctor.
        ("secrets_cut_on_upgrade", secrets_held),
        ("embedder_fallback", embedder["fallback"]), ("embedder_degraded", embedder["degraded"]),
    ) if on]
    status = "critical" if not check["ok"] else "attention" if flags else "ok"
    return HealthReport(now.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), ctx.scope, float(window_hours),
                        status, flags, new, backlog, len(candidates), conflicts, pending, check,
                        ctx.store.size_bytes(), embedder)

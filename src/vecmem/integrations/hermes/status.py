"""What a person sees of vecmem inside Hermes: the one-line health, the review count, the
"recalled N memories" status, and the cheap identity signature.

Hermes falls back silently to its built-in memory when a provider fails, so vecmem says
what is wrong where a person looks: the system-prompt block (which ``hermes memory
status`` and the agent both see) and ``recall_status`` (the UI's recall line). Everything
here only reads: nothing writes, and ``signature`` does no I/O at all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, NamedTuple

from vecmem.errors import VecmemError

PROVIDER_LABEL = "vecmem"
GLYPH = "🧠"
WARNING_GLYPH = "⚠"
#: How a person opens pending review items (the agent cannot act on them).
REVIEW_HOW = (
    "a person reviews them in the vecmem tab of the Hermes dashboard or with "
    "`vecmem review list`; you cannot approve or reject them"
)


class _RecallStatus(NamedTuple):
    """Same fields as newer Hermes' ``agent.memory_provider.RecallStatus``."""

    provider_label: str
    count: int
    glyph: str = GLYPH


def recall_status_type() -> Any:
    """Hermes' own ``RecallStatus`` where it exists (after 0.19.0), else the same shape."""
    try:
        from agent.memory_provider import RecallStatus  # type: ignore[attr-defined]
    except ImportError:
        return _RecallStatus
    return RecallStatus


def make_recall_status(count: int, problem: str | None) -> Any:
    label = PROVIDER_LABEL if not problem else f"{PROVIDER_LABEL} ({problem})"
    glyph = WARNING_GLYPH if problem else GLYPH
    return recall_status_type()(provider_label=label, count=count, glyph=glyph)


def store_problems(mem: Any, open_error: str | None) -> list[str]:
    """One short line per condition of the store that makes vecmem worse than configured:
    the database could not be opened, or the embedder fell back to hashing. Reads
    ``stats()``, so callers keep it off the per-turn path."""
    if open_error:
        return [f"vecmem is OFF: its database could not be opened ({open_error}); nothing "
                "is recalled or saved until this is fixed (run `vecmem doctor --hermes`)"]
    if mem is None:
        return []
    try:
        stats = mem.stats()
    except VecmemError as exc:
        return [f"vecmem cannot read its database ({exc.message}); run `vecmem doctor`"]
    if stats.get("embedder_fallback"):
        why = stats.get("embedder_note") or stats.get("embedder_error") or "model unavailable"
        return [f"vecmem recall is degraded: the embedder fell back to hashing ({why}); "
                "see `vecmem doctor --hermes`"]
    return []


def llm_problem(mem: Any) -> list[str]:
    """The LLM circuit breaker's state (cheap: no I/O)."""
    llm = getattr(getattr(mem, "context", None), "llm", None) if mem is not None else None
    if llm is not None and getattr(llm, "breaker_state", "closed") == "open":
        return ["vecmem's LLM endpoint is failing (circuit open): extraction and judging "
                "run on rules only for now"]
    return []


def review_line(pending: int) -> str:
    if pending <= 0:
        return ""
    items = "item waits" if pending == 1 else "items wait"
    return f"{pending} vecmem review {items} for a person: {REVIEW_HOW}."


def short_problem(problems: list[str]) -> str | None:
    """The recall line has room for a word or two, not a sentence."""
    if not problems:
        return None
    first = problems[0]
    if "is OFF" in first or "cannot read" in first:
        return "off: database unavailable"
    if "hashing" in first:
        return "degraded: hashing embedder"
    if "host_llm" in first or "auxiliary." in first:
        return "host LLM not usable"
    return "LLM circuit open"


def signature(*, home: str, db: str | None, overrides: Mapping[str, Any],
              scope: str | None, identity: str | None, user_id: str | None) -> dict[str, Any]:
    """Identity values that must bust a cached gateway agent when they change. Pure: no
    file or database is opened, so it is safe on an uninitialized instance per message."""
    configured_db = db or overrides.get("db")
    return {
        "vecmem.hermes_home": os.path.normpath(home),
        "vecmem.db": str(configured_db) if configured_db else "$HERMES_HOME/vecmem/vecmem.db",
        "vecmem.scope": scope or overrides.get("scope") or "",
        "vecmem.agent_identity": identity or "",
        "vecmem.user_id": user_id or "",
    }


def safe_db(db: str) -> str:
    """The database as a person may see it: a PostgreSQL URL without its password."""
    if not db.startswith(("postgresql://", "postgres://")):
        return db
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(db)
    if parts.password is None:
        return db
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[-1]}"))


def inspect_store(settings: Any) -> tuple[list[str], int]:
    """Health lines and the review count of the configured store, opened read-only (no
    file or schema is created, nothing is re-embedded); ([], 0) when there is none yet."""
    from pathlib import Path

    from vecmem.memory import Memory

    db = settings.db
    if not db.startswith(("postgresql://", "postgres://")) and not Path(db).is_file():
        return [], 0
    try:
        mem = Memory.open(db, settings=settings, reembed=False, create=False,
                          read_only=True)
    except (VecmemError, OSError) as exc:
        return store_problems(None, getattr(exc, "message", None) or str(exc)), 0
    try:
        return store_problems(mem, None), int(mem.count(status="review"))
    except VecmemError as exc:
        return [f"vecmem cannot read its database ({exc.message}); run `vecmem doctor`"], 0
    finally:
        mem.close()


def status_config(home: Any, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """What ``hermes memory status`` prints for vecmem: the settings that matter (never a
    secret) and, read-only, the health line, the LLM in use and the review count. Opens
    the database only if it exists, creating nothing."""
    from vecmem.integrations.hermes import hostllm
    from vecmem.integrations.hermes.config import resolve_settings

    try:
        settings, options = resolve_settings(home, overrides)
    except VecmemError as exc:
        return {"health": f"configuration error: {exc.message}"}
    out: dict[str, Any] = {
        "db": safe_db(settings.db),
        "scope": settings.scope if not options.scope_by_identity else "per user/profile",
        "governance_mode": settings.governance_mode,
        "embed_provider": settings.embed_provider,
    }
    host = hostllm.resolve(home, options, settings)
    if settings.llm_base_url:
        llm = f"{settings.llm_model} at {settings.llm_base_url}"
    elif host.client is not None:
        llm = f"Hermes {host.label}"
        host.client.close()  # only described here, never called
    else:
        llm = "none (rules only)"
    out["llm"] = f"{llm}; merge mode {settings.llm_merge_mode}"
    problems, pending = inspect_store(settings)
    problems += [host.problem] if host.problem else []
    out["health"] = problems[0] if problems else "ok"
    out["review"] = review_line(pending) or "nothing waits for review"
    out["doctor"] = "vecmem doctor --hermes explains any problem and its fix"
    return out

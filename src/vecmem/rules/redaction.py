"""The one redaction every stored string passes through, below every writer.

The write kernel (``engine/writes.py``) and the store's re-derive step
(``store/rederive.py``, which runs while a store opens, below the engine) both store
rows and events; both redact them with these functions, so what the kernel promises —
no secret value in any stored string, and no invisible character that draws nothing in
a stored JSON tree (tag letters spelling an instruction in a meta value) — holds for the
upgrade path too. Detection is :func:`vecmem.rules.secrets.redact_secrets`;
what draws nothing is :func:`vecmem.text.visible_text`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vecmem.rules.secrets import redact_secrets
from vecmem.text import visible_text

__all__ = ["ID_KEYS", "redact", "redact_event", "redact_row", "redact_value"]

#: Keys whose string values are identifiers vecmem generates (plan ids, content hashes,
#: episode and ingest keys): random-looking on purpose, never user text.
ID_KEYS = frozenset({"id", "plan_id", "content_hash", "episode", "ingest", "store_id",
                     "format"})
#: Memory columns holding free text (the rest are ids, enums, hashes and timestamps).
TEXT_FIELDS = frozenset({"content_norm", "topic_key", "subject", "predicate", "object",
                         "source"})
_EVENT_TEXTS = ("before_content", "after_content", "source", "actor", "reason")


def redact(text: str | None) -> str | None:
    """``text`` with every secret value replaced by a marker."""
    return redact_secrets(text) if text else text


def _shown(text: str) -> str | None:
    """A string of a JSON tree (meta, review meta, a plan) as a person sees it: invisible
    characters dropped, then redacted. (Free-text columns are either checked before —
    content, labels, reasons — or derived from them; an old row's identity text is not
    rewritten here: the upgrade compares texts with :func:`redact`.)"""
    return redact(visible_text(text))


def redact_value(value: Any, text: Callable[[str], str | None] | None = None) -> Any:
    """A JSON-like tree (dicts, lists, strings) with every string redacted, keys too, but
    the identifiers vecmem itself generates (``ID_KEYS``: random-looking by design).
    ``text`` redacts one string (default: invisible characters dropped, then :func:`redact`;
    the upgrade passes a cached :func:`redact`)."""
    one = text or _shown
    if isinstance(value, str):
        return one(value)
    if isinstance(value, dict):
        return {(one(k) if isinstance(k, str) else k):
                v if k in ID_KEYS and isinstance(v, str) else redact_value(v, one)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_value(v, one) for v in value]
    return value


def redact_row(fields: dict[str, Any]) -> dict[str, Any]:
    """A memory row's columns with their free text and JSON redacted (identity fields —
    content, category — are the caller's to refuse, never redacted here)."""
    out = {}
    for key, value in fields.items():
        if key in ("review_meta", "meta") and value is not None:
            out[key] = redact_value(value)
        elif key in TEXT_FIELDS and isinstance(value, str):
            out[key] = redact(value)
        else:
            out[key] = value
    return out


def redact_event(fields: dict[str, Any]) -> dict[str, Any]:
    """An event's keyword arguments (``tx.append_event``) with its texts and meta redacted."""
    out = dict(fields)
    for key in _EVENT_TEXTS:
        if isinstance(out.get(key), str):
            out[key] = redact(out[key])
    if out.get("meta"):
        out["meta"] = redact_value(out["meta"])
    return out

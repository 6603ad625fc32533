"""Mirroring Hermes' built-in ``memory`` tool into vecmem, touching only what it wrote.

Hermes keeps its own entries (``MEMORY.md`` / ``USER.md``) and reports each committed
write through ``on_memory_write(action, target, content, metadata)``; replace and remove
name the entry by a substring (``metadata["old_text"]``). A substring alone is not an
identity: a manually added fact can contain the same words. So every memory the mirror
creates records the entry it stands for in its event provenance (``hermes_entry``: the
target and a hash of the entry text), and replace/remove act only on a live memory whose
content-setting event carries such a record for the same target. When there is none
(the entry was refused by the quality filter, or written while mirroring was off), nothing
is changed and a ``reject_input`` event with ``mirror_skipped`` says why.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from typing import Any

from vecmem.errors import VecmemError
from vecmem.rules import redact_secrets

logger = logging.getLogger(__name__)

#: Events that set a memory's content from a mirrored entry. ``duplicate`` (the entry was
#: folded into an existing memory) and ``merge`` (combined with others) are not: that
#: memory holds more than the entry, so removing the entry must not archive it.
_OWNING_ACTIONS = frozenset({"add", "update", "review"})
_CANDIDATES = 200


def entry_identity(target: str, text: str) -> dict[str, str]:
    """What the mirror records about a built-in entry: its target and a hash of its text
    (the text itself is not repeated: the memory holds it, redacted if need be)."""
    # 64 bits tell entries of one store apart; a longer hex string would be taken for a
    # secret by the redaction every stored meta passes through.
    raw = f"{target}\n{text.strip()}".encode("utf-8", "surrogatepass")  # any str hashes
    digest = hashlib.sha256(raw).hexdigest()[:16]
    return {"target": target, "sha256": digest}


def _recorded_entry(mem: Any, memory_id: int, target: str) -> dict[str, Any] | None:
    """The entry identity in the newest content-setting event of ``memory_id`` when that
    event came from the mirror for ``target``; None otherwise."""
    for event in mem.events(memory_id, limit=50):
        if event.action not in _OWNING_ACTIONS:
            continue
        entry = ((event.meta or {}).get("provenance") or {}).get("hermes_entry")
        if isinstance(entry, Mapping) and entry.get("target") == target:
            return dict(entry)
        return None  # the content was last set by something else
    return None


def find_mirrored(mem: Any, target: str, needle: str) -> Any:
    """The live memory the mirror wrote for the ``target`` entry containing ``needle``:
    an exact entry-hash match first, then the most recently updated."""
    if not needle:
        return None
    from vecmem.text import normalize

    wanted = normalize(needle)
    exact = entry_identity(target, needle)["sha256"]
    found: dict[int, tuple[Any, bool]] = {}
    for status in ("active", "review"):
        for text in dict.fromkeys((wanted, needle)):
            if not text:
                continue
            for rec in mem.list(status=status, text=text, limit=_CANDIDATES):
                if rec.id in found:
                    continue
                entry = _recorded_entry(mem, rec.id, target)
                if entry is not None:
                    found[rec.id] = (rec, entry.get("sha256") == exact)
    if not found:
        return None
    rec, _ = max(found.values(), key=lambda pair: (pair[1], pair[0].updated_at, pair[0].id))
    return rec


def record_skip(mem: Any, *, source: str, actor: str, reason: str,
                provenance: Mapping[str, Any]) -> None:
    """An audit event for a mirrored operation that changed nothing, and why."""
    try:
        mem.note_refused(reason, source=source, actor=actor,
                         meta={"mirror_skipped": True, "provenance": dict(provenance)})
    except VecmemError as exc:  # the audit note is best effort; the skip itself stands
        logger.warning("vecmem: could not record a skipped mirror write: %s", exc)


def removal_reason(provenance: Mapping[str, Any]) -> str:
    """Status operations record a reason, not metadata: keep the provenance readable."""
    detail = json.dumps(
        {k: v for k, v in provenance.items() if k not in ("mirror",)}, ensure_ascii=False
    )
    return f"removed through Hermes' memory tool {detail}"[:2000]


def mirror_write(mem: Any, action: str, target: str, content: str, old_text: str, *,
                 provenance: dict[str, Any], actor: str) -> None:
    """Carry out one built-in write on ``mem`` (the caller holds the memory lock)."""
    source = f"hermes:{target}"
    text = content.strip()
    if action == "add":
        if text:
            provenance["hermes_entry"] = entry_identity(target, content)
            mem.add(content, source=source, actor=actor, meta=provenance)
        return
    if action == "replace":
        rec = find_mirrored(mem, target, old_text) if old_text else None
        if not text:
            return
        provenance["hermes_entry"] = entry_identity(target, content)
        if rec is None:
            provenance["replace_target"] = (
                "not found; stored as new (vecmem holds no memory it mirrored from that entry)"
            )
            mem.add(content, source=source, actor=actor, meta=provenance)
        else:
            mem.update(rec.id, content, reason="replaced through Hermes' memory tool",
                       source=source, actor=actor, meta=provenance)
        return
    if action == "remove":
        needle = old_text or text
        rec = find_mirrored(mem, target, needle)
        if rec is None:
            shown = redact_secrets(needle[:200])
            record_skip(
                mem, source=source, actor=actor, provenance=provenance,
                reason=(f"Hermes removed a {target} entry matching {shown!r}; vecmem "
                        "holds no memory it mirrored from that entry, so nothing was archived"),
            )
            return
        mem.archive(rec.id, reason=removal_reason(provenance), actor=actor)

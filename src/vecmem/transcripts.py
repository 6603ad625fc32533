"""Read conversation transcripts into ``{role, content, …}`` messages for ``ingest``.

Shapes understood (detected from the data, not from the file name):

- a JSON list of ``{role, content}`` messages, or JSONL with one message per line;
- OpenAI-style ``{"messages": [...]}`` (also one such object per JSONL line, each line
  becoming a session);
- LoCoMo: one sample ``{"conversation": {"speaker_a", "speaker_b", "session_N": [...],
  "session_N_date_time"}, "sample_id"}``, or the benchmark's list of samples — choose one
  with ``conversation=`` (index or ``sample_id``);
- LongMemEval: an entry with ``haystack_sessions`` (+ ``haystack_session_ids``,
  ``haystack_dates``), or a list of entries — choose one by index or ``question_id``.

Every message has ``role`` and ``content``; ``session``, ``turn_id``, ``ts`` (ISO 8601
when the source date parses, else as given) and ``speaker`` are added when the source has
them. Nothing is filtered here — system prompts and memory echoes are the extractor's
pre-filter's business — so a transcript round-trips. Malformed input raises
:class:`InvalidInputError` naming the line, the message or the field.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from vecmem.errors import InvalidInputError
from vecmem.rules.conversation import message_text

__all__ = ["detect_format", "load_transcript", "messages_from", "parse_transcript"]

Message = dict[str, Any]
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DATE_FORMATS = ("%I:%M %p on %d %B, %Y", "%Y/%m/%d (%a) %H:%M", "%Y/%m/%d %H:%M",
                 "%Y-%m-%d %H:%M:%S", "%Y-%m-%d")


def load_transcript(
    path: str | os.PathLike[str],
    *,
    conversation: int | str | None = None,
    speaker_names: bool = False,
) -> list[Message]:
    """Read a transcript file (JSON or JSONL, any shape above)."""
    p = Path(path).expanduser()
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InvalidInputError(f"transcript file not found: {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInputError(f"cannot read transcript {p}: {exc}") from None
    return parse_transcript(text, conversation=conversation, speaker_names=speaker_names,
                            source=str(p))


def parse_transcript(
    text: str,
    *,
    conversation: int | str | None = None,
    speaker_names: bool = False,
    source: str = "transcript",
) -> list[Message]:
    """Parse transcript text: one JSON document, or JSONL (one JSON value per line)."""
    if not text.strip():
        raise InvalidInputError(f"{source} is empty")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as whole:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2 or not _is_json(lines[0][1]):
            raise InvalidInputError(
                f"{source}: invalid JSON at line {whole.lineno}, column {whole.colno}: "
                f"{whole.msg}"
            ) from None
        data = []
        for number, line in lines:
            try:
                data.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise InvalidInputError(
                    f"{source}: invalid JSON on line {number}, column {exc.colno}: {exc.msg}"
                ) from None
    return messages_from(data, conversation=conversation, speaker_names=speaker_names)


def detect_format(data: Any) -> str:
    """``messages`` | ``openai`` | ``locomo`` | ``longmemeval`` (raises if none fits)."""
    items = data if isinstance(data, list) else [data]
    if not items:
        raise InvalidInputError("the transcript holds no messages")
    first = items[0]
    if isinstance(first, dict):
        if "conversation" in first:
            return "locomo"
        if "haystack_sessions" in first:
            return "longmemeval"
        if "messages" in first:
            return "openai"
        if isinstance(data, list) and ("role" in first or "content" in first):
            return "messages"
    raise InvalidInputError(
        "unrecognised transcript: expected a list of {role, content} messages, "
        '{"messages": [...]}, a LoCoMo sample or a LongMemEval entry'
    )


def messages_from(
    data: Any, *, conversation: int | str | None = None, speaker_names: bool = False
) -> list[Message]:
    """Messages from already-parsed JSON data of any supported shape."""
    kind = detect_format(data)
    if kind == "messages":
        return [_message(m, f"message {i}") for i, m in enumerate(data)]
    if kind == "openai":
        convs = data if isinstance(data, list) else [data]
        out: list[Message] = []
        for s, conv in enumerate(convs, 1):
            msgs = conv.get("messages") if isinstance(conv, dict) else None
            if not isinstance(msgs, list):
                raise InvalidInputError(f"conversation {s}: 'messages' must be a list")
            for i, m in enumerate(msgs):
                msg = _message(m, f"conversation {s}, message {i}")
                out.append({**msg, "session": str(s)} if len(convs) > 1 else msg)
        return out
    if kind == "locomo":
        sample = _select(data, conversation, "sample_id", "LoCoMo conversation")
        return _locomo(sample, speaker_names=speaker_names)
    sample = _select(data, conversation, "question_id", "LongMemEval entry")
    return _longmemeval(sample)


# ---- shapes -------------------------------------------------------------------------------


def _message(m: Any, where: str) -> Message:
    if not isinstance(m, dict):
        raise InvalidInputError(f"{where}: expected an object with role and content, "
                                f"got {type(m).__name__}")
    for key in ("role", "content"):
        if key not in m:
            raise InvalidInputError(f"{where}: missing '{key}'")
    if not isinstance(m["role"], str) or not m["role"].strip():
        raise InvalidInputError(f"{where}: 'role' must be a non-empty string")
    if not isinstance(m["content"], str | list | type(None)):
        raise InvalidInputError(f"{where}: 'content' must be a string")
    out: Message = {"role": m["role"].strip(), "content": message_text(m["content"])}
    for key in ("session", "turn_id", "ts", "speaker"):
        if m.get(key) is not None:
            out[key] = m[key]
    return out


def _select(data: Any, which: int | str | None, id_key: str, what: str) -> dict[str, Any]:
    items: Sequence[Any] = data if isinstance(data, list) else [data]
    ids = [str(it.get(id_key)) if isinstance(it, dict) else "?" for it in items]
    if which is None:
        if len(items) == 1:
            return _obj(items[0], what)
        raise InvalidInputError(
            f"the file holds {len(items)} {what}s; choose one by index (0-{len(items) - 1}) "
            f"or {id_key} ({', '.join(ids[:5])}{', …' if len(ids) > 5 else ''})"
        )
    if isinstance(which, str) and which in ids:
        return _obj(items[ids.index(which)], what)
    if isinstance(which, int) or (isinstance(which, str) and which.isdigit()):
        index = int(which)
        if 0 <= index < len(items):
            return _obj(items[index], what)
        raise InvalidInputError(f"{what} index {index} is out of range 0-{len(items) - 1}")
    raise InvalidInputError(f"no {what} with {id_key} {which!r}")


def _obj(item: Any, what: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise InvalidInputError(f"{what} must be an object, got {type(item).__name__}")
    return item


def _locomo(sample: dict[str, Any], *, speaker_names: bool) -> list[Message]:
    conv = sample.get("conversation")
    if not isinstance(conv, dict):
        raise InvalidInputError("LoCoMo sample: 'conversation' must be an object")
    roles: dict[str, str] = {}
    for key, role in (("speaker_a", "user"), ("speaker_b", "assistant")):
        if not isinstance(conv.get(key), str):
            raise InvalidInputError(f"LoCoMo conversation: missing '{key}'")
        roles[conv[key]] = role
    sessions = sorted((int(m.group(1)), key) for key in conv
                      if (m := _SESSION_KEY.match(key)))
    out: list[Message] = []
    for number, key in sessions:
        turns = conv[key]
        if not isinstance(turns, list):
            raise InvalidInputError(f"LoCoMo {key}: expected a list of turns")
        ts = _iso(conv.get(f"{key}_date_time"))
        for i, turn in enumerate(turns):
            where = f"LoCoMo {key}, turn {i}"
            if not isinstance(turn, dict):
                raise InvalidInputError(f"{where}: expected an object")
            for field in ("speaker", "text"):
                if not isinstance(turn.get(field), str):
                    raise InvalidInputError(f"{where}: missing '{field}'")
            text = turn["text"]
            if turn.get("blip_caption"):
                # The photo is part of what was said ("look at this!"); keep its caption.
                text = f"{text} [image: {turn['blip_caption']}]"
            speaker: str = turn["speaker"]
            # A speaker who is neither a nor b keeps their name rather than being guessed.
            role = speaker if speaker_names else roles.get(speaker, speaker)
            msg: Message = {"role": role, "content": text, "session": key,
                            "turn_id": turn.get("dia_id") or f"D{number}:{i + 1}",
                            "speaker": speaker}
            if ts:
                msg["ts"] = ts
            out.append(msg)
    if not out:
        raise InvalidInputError("LoCoMo conversation has no session_N turns")
    return out


def _longmemeval(entry: dict[str, Any]) -> list[Message]:
    sessions = entry.get("haystack_sessions")
    if not isinstance(sessions, list):
        raise InvalidInputError("LongMemEval entry: 'haystack_sessions' must be a list")
    ids = entry.get("haystack_session_ids") or [str(i + 1) for i in range(len(sessions))]
    dates = entry.get("haystack_dates") or [None] * len(sessions)
    if len(ids) != len(sessions) or len(dates) != len(sessions):
        raise InvalidInputError(
            f"LongMemEval entry: {len(sessions)} sessions but {len(ids)} session ids and "
            f"{len(dates)} dates"
        )
    out: list[Message] = []
    for session, sid, date in zip(sessions, ids, dates, strict=True):
        if not isinstance(session, list):
            raise InvalidInputError(f"LongMemEval session {sid}: expected a list of turns")
        ts = _iso(date)
        for j, turn in enumerate(session):
            msg = _message(turn, f"LongMemEval session {sid}, turn {j}")
            msg.update(session=str(sid), turn_id=f"{sid}:{j + 1}")
            if ts:
                msg["ts"] = ts
            out.append(msg)
    return out


def _iso(value: Any) -> str | None:
    """ISO 8601 for the benchmark date formats; anything else is kept as given."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).isoformat()
        except ValueError:
            continue
    return text


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return False
    return True

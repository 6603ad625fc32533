"""Memory.ingest records who said a turn (``MESSAGE_AUTHOR_KEYS``) in the event of every
memory extracted from it: a mapping (Hermes' turn_author) or a speaker name
(transcripts), each turn its own, and nothing odd in it reaches the event."""

from __future__ import annotations

from vecmem import Memory


def test_each_extracted_memory_records_its_own_turns_author() -> None:
    turns = [
        {"role": "user", "content": "我偏好用 pnpm 管理前端依赖",
         "author": {"id": "u-7", "name": "王", "is_bot": False, "nested": {"x": 1}}},
        {"role": "assistant", "content": "好的。"},
        {"role": "user", "content": "The release branch is named release-2026",
         "speaker": "  Ana  "},
        {"role": "user", "content": "My favourite editor is Helix", "author": "not a mapping",
         "speaker": 42},
    ]
    with Memory.open(":memory:", embed_provider="hashing") as mem:
        summary = mem.ingest(turns)
        seen = {}
        for result in summary.results:
            content = mem.get(result.memory_id).content
            prov = mem.events(result.memory_id)[0].meta["provenance"]
            seen[content] = {k: prov.get(k) for k in ("author", "speaker")}
    pnpm = next(v for c, v in seen.items() if "pnpm" in c)
    release = next(v for c, v in seen.items() if "release-2026" in c)
    helix = next(v for c, v in seen.items() if "Helix" in c)
    assert pnpm == {"author": {"id": "u-7", "name": "王", "is_bot": False}, "speaker": None}
    assert release == {"author": None, "speaker": "Ana"}
    # A plain string is a name; a number is not an author and is dropped.
    assert helix == {"author": "not a mapping", "speaker": None}

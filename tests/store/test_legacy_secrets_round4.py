"""Round-4 secret shapes stored under rules version 8 leave the store on upgrade (issue 15
item 4): the one redaction every write uses also reads the stored rows again, so a value
of a shape the older rules could not see (a code said with counts, another language's
label with a qualifier, a table column, a label broken across a line, a one-character
URL password) is cut from every table once the store opens under rules version 9.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from tests.store.test_legacy_secrets import _event, _holds, _row, _strings

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import VecmemError
from vecmem.store.rederive import HELD

T0 = "2026-01-03T00:00:00.000000Z"
COUNTED = "两个三两个七"
FOREIGN = "Eiche#2077"
TABLE = "N4s!vault"
BROKEN = "Ocelot#2077"
URL = "admin:Q@"
LEGACY = {
    "active": f"门禁密码是{COUNTED}",
    "archived": f"Passwort vom Router lautet {FOREIGN}",
    "table": f"| host | user | password |\n| nas | ann | {TABLE} |",
    "broken": f"the pass-\nword for the shed is {BROKEN}",
    "url": "the reports db is postgres://admin:Q@db.internal:5432/reports",
}
VALUES = (COUNTED, FOREIGN, TABLE, BROKEN, URL)


def test_round4_shapes_stored_by_older_rules_are_cut_on_upgrade(engine_url: str) -> None:
    with Memory.open(engine_url, embedder=HashingEmbedder()) as mem:
        mem.add("User prefers dark mode")
        with mem.store.transaction() as tx:
            active = _row(tx, LEGACY["active"], "active")
            archived = _row(tx, LEGACY["archived"], "archived")
            _event(tx, active, "add", after=LEGACY["active"])
            _event(tx, archived, "add", after=LEGACY["archived"])
            _event(tx, None, "reject_input", after=LEGACY["table"],
                   meta={"text": LEGACY["broken"]}, status=(None, None))
            tx.execute("INSERT INTO plans (id, scope, created_at, status, reason, operations) "
                       "VALUES ('plan-20260103-0000beef', 'default', ?, 'pending', 'legacy', ?)",
                       [T0, json.dumps([{"action": "add", "content": LEGACY["url"]}])])
            tx.execute("UPDATE meta SET value = '8' WHERE key = 'derivation_version'")
    assert all(_holds(_strings(engine_url), v) for v in VALUES)  # really there before
    with Memory.open(engine_url, embedder=HashingEmbedder()) as mem:
        report = mem.store.upgrade.rederived
        assert set(report["secrets"]) == {active, archived}
        assert report["plans_scrubbed"] == ["plan-20260103-0000beef"]
        held = mem.get(active)
        assert held.status == "review" and HELD in held.content_hash
        assert held.content == "门禁密码是[REDACTED:code_in_words]"
        assert mem.get(archived).status == "archived"
    blob = _strings(engine_url)
    assert [v for v in VALUES if _holds(blob, v)] == [], _where(engine_url)
    if "://" not in engine_url:
        # Not in any page of the file either (old FTS segments, freed pages, the WAL):
        # only the copy taken before the upgrade, which doctor names, still holds them.
        files = [p for p in Path(engine_url).parent.iterdir()
                 if p.name.startswith(Path(engine_url).name) and "before-upgrade" not in p.name]
        raw = b"".join(p.read_bytes() for p in files)
        assert [v for v in VALUES if v.encode() in raw or v.lower().encode() in raw] == []


def _where(url: str) -> list[str]:
    """The tables still holding a value, to say where a failure is."""
    if "://" not in url:
        return []
    import psycopg

    out = []
    with psycopg.connect(url) as conn:
        for (table,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall():
            rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
            text = "\n".join(str(x) for row in rows for x in row if isinstance(x, str))
            out += [f"{table}: {text[:300]}" for v in VALUES if _holds(text, v)]
    return out


@pytest.mark.parametrize("raw", [False, True], ids=["import", "import-raw"])
def test_an_import_stores_no_round4_value(tmp_path: Path, raw: bool) -> None:
    """An export written elsewhere (by older rules, or by hand) holding round-4 shapes in
    a memory, its meta and an event: importing it stores none of them."""
    src = tmp_path / "a.db"
    with Memory.open(str(src), embedder=HashingEmbedder()) as mem:
        mem.add("User prefers dark mode")
        mem.export(str(tmp_path / "e.jsonl"))
    lines = [json.loads(x) for x in (tmp_path / "e.jsonl").read_text("utf-8").splitlines()]
    for line in lines:
        if line["type"] == "memory":
            line["content"] = line["content_norm"] = LEGACY["active"]
            line["meta"] = {"note": LEGACY["archived"], "paste": LEGACY["table"]}
        elif line["type"] == "event":
            line["after_content"] = LEGACY["active"]
            line["reason"] = LEGACY["broken"]
    (tmp_path / "e.jsonl").write_text(
        "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    dest = tmp_path / "b.db"
    # Refusing the import is also safe; storing a value is not.
    with Memory.open(str(dest), embedder=HashingEmbedder()) as mem, \
            contextlib.suppress(VecmemError):
        mem.import_(str(tmp_path / "e.jsonl"), raw=raw)
    blob = _strings(str(dest))
    assert [v for v in (COUNTED, FOREIGN, TABLE, BROKEN) if _holds(blob, v)] == []

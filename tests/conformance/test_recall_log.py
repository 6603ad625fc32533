"""The recall log on both engines: what it records, its retention bound, what it never
holds (a memory's text, a secret, a purged text), and its errors."""

from __future__ import annotations

import json

import pytest

from vecmem import InvalidInputError, Memory
from vecmem.engine.recall_log import query_hash
from vecmem.store.schema import TOMBSTONE

FACTS = ["I am allergic to peanuts and carry an EpiPen",
         "我妹妹住在柏林，在一家设计公司工作",
         "The Atlas service deploys with Argo CD on Fridays"]
SECRET = "ghp_R2d2C3p0Xw9Yv8Ut7Sr6Qp5On4Ml3Kj2Ih1G"


@pytest.fixture
def bank(cmem: Memory) -> Memory:
    cmem.add_many(FACTS, raw=True)
    return cmem


def _rows(m: Memory) -> list[list[object]]:
    with m.store.transaction(write=False) as tx:
        return [list(r) for r in tx.execute("SELECT * FROM recalls ORDER BY id").fetchall()]


def test_search_with_a_session_logs_the_turn(bank: Memory) -> None:
    hits = bank.search("peanut allergy, what snack is safe?", session="chat-1",
                       front_end="mcp")
    assert hits
    bank.search("hi", session="chat-1")  # a trivial turn: logged, with nothing in it
    bank.search("where does my sister live? 妹妹住在哪里", session="chat-2", front_end="http")
    one = bank.recalls(session="chat-1")
    assert [(e.turn, e.front_end, len(e.items)) for e in one] == [
        (2, "python", 0), (1, "mcp", len(hits))]
    first = one[1]
    assert [it["memory_id"] for it in first.items] == [h.memory.id for h in hits]
    assert first.items[0]["score"] == round(hits[0].score, 4)
    assert first.items[0]["relevance"] == round(hits[0].relevance, 4)
    assert first.query == "peanut allergy, what snack is safe?"
    assert first.query_hash == query_hash("peanut   allergy, what snack is safe?")
    assert bank.recalls(query="peanut allergy, what snack is safe?")[0].id == first.id
    assert len(bank.recalls()) == 3
    assert bank.recalls(session="nobody") == []
    # Without a session nothing is logged; an explicit turn number is kept.
    bank.search("Atlas deploy day")
    assert len(bank.recalls()) == 3
    entry = bank.record_recall("Atlas deploy day", bank.search("Atlas deploy day"),
                               session="chat-1", turn=9, front_end="cli", gate=False)
    assert entry is not None and entry.turn == 9 and not entry.gate
    assert bank.recalls(session="chat-1")[0].turn == 9


def test_the_log_is_bounded_by_rows_and_by_age(engine_url: str) -> None:
    from vecmem.embed.hashing import HashingEmbedder

    with Memory.open(engine_url, embedder=HashingEmbedder(), recall_log_rows=5,
                     recall_log_days=1) as m:
        m.add_many(FACTS, raw=True)
        for i in range(12):
            m.search(f"peanut allergy question {i}", session="s")
        log = m.recalls(session="s", limit=100)
        assert [e.turn for e in log] == [12, 11, 10, 9, 8]  # the newest 5
        assert len(_rows(m)) == 5
        with m.store.transaction() as tx:
            tx.execute("UPDATE recalls SET created_at = ? WHERE turn <= 10",
                       ["2020-01-01T00:00:00.000000Z"])
        m.search("one more peanut question", session="s")
        assert [e.turn for e in m.recalls(session="s")] == [13, 12, 11]
    with Memory.open(engine_url, embedder=HashingEmbedder(), recall_log_rows=0) as off:
        assert off.record_recall("peanuts", [], session="s") is None
        off.search("peanuts", session="s")
        assert len(off.recalls(limit=100)) == 3  # nothing added, nothing pruned


def test_no_memory_text_no_secret_and_a_purge_reaches_the_queries(bank: Memory) -> None:
    bank.search(f"token {SECRET} for the Atlas deploy", session="s")
    bank.search("I am allergic to peanuts and carry an EpiPen: which snacks?", session="s")
    dump = json.dumps(_rows(bank), ensure_ascii=False)
    assert SECRET not in dump and "[REDACTED" in dump
    assert "Argo CD" not in dump  # memories' texts are never stored, only ids
    # A purged memory's text leaves the stored queries that carried it.
    allergy = next(r for r in bank.list() if "peanuts" in r.content)
    plan = bank.create_plan([{"action": "purge", "memory_id": allergy.id,
                              "reason": "the person asked to forget it"}])
    done = bank.apply_plan(plan.id, bank.settings.confirm_phrase)
    assert done.results[0]["status"] == "applied", done.results
    dump = json.dumps(_rows(bank), ensure_ascii=False)
    assert "allergic to peanuts" not in dump and TOMBSTONE in dump
    item = next(it for e in bank.recalls() for it in e.items if it["memory_id"] == allergy.id)
    assert item["content"] == TOMBSTONE


def test_hash_only_keeps_no_query(engine_url: str) -> None:
    from vecmem.embed.hashing import HashingEmbedder

    with Memory.open(engine_url, embedder=HashingEmbedder(), recall_log_queries="hash") as m:
        m.add_many(FACTS, raw=True)
        m.search("where does the Atlas service deploy?", session="s")
        (entry,) = m.recalls()
        assert entry.query is None and entry.query_hash
        assert "Atlas" not in json.dumps(_rows(m))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"session": ""}, "session must be"),
    ({"session": 5}, "session must be"),
    ({"session": "s", "front_end": "telegram"}, "front_end must be one of"),
    ({"session": "s", "turn": 0}, "turn must be"),
    ({"session": "s", "turn": True}, "turn must be"),
    ({"session": "s", "hits": "peanuts"}, "hits must be a list"),
    ({"session": "s", "hits": [{"id": 1}]}, "hits must be search hits"),
    ({"session": "s", "hits": [object()]}, "hits must be search hits"),
])
def test_bad_input_is_refused_and_writes_nothing(bank: Memory, kwargs: dict,
                                                 message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        args = dict(kwargs)  # the parameter is shared by both engines' runs
        bank.record_recall("peanuts", args.pop("hits", []), **args)
    assert bank.recalls() == []
    with pytest.raises(InvalidInputError, match="limit must be"):
        bank.recalls(limit=0)
    with pytest.raises(InvalidInputError, match="positive integer"):
        bank.recalls(memory_id=-1)

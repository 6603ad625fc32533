"""Short-lived memories have a time to live (issue 17 item 2), on both engines: past it
without a restatement, health flags them and cleanup lists them; a restatement refreshes
them; the setting is per kind, can be turned off, and is checked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidInputError


def _age(mem: Memory, memory_id: int, days: float) -> None:
    """As if the memory had last been stated ``days`` ago."""
    stamp = (datetime.now(UTC) - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    with mem.store.transaction(scope=mem.scope) as tx:
        # update_memory, as every write: it takes the change number caches sync by.
        tx.update_memory(memory_id, {"last_confirmed": stamp, "updated_at": stamp})
    mem.context.changed()


def _listed(mem: Memory) -> dict[int, tuple[str, dict]]:
    return {c.memory_id: (c.kind, c.detail) for c in mem.cleanup_report().candidates}


def test_short_lived_memories_go_stale_after_their_ttl(cmem: Memory) -> None:
    ac = cmem.add("active_context: 正在重构支付模块的对账流程").memory_id
    temp = cmem.add("The staging database is read-only during the audit",
                    durability="temporary").memory_id
    keep = cmem.add("The user prefers concise answers in Chinese").memory_id
    assert "stale_short_lived" not in cmem.health_report().flags
    for mid in (ac, temp, keep):
        _age(cmem, mid, 10)
    listed = _listed(cmem)
    # 10 days: the temporary note (7 days) is stale, active_context (14 days) not yet.
    assert listed.get(temp) == ("stale", {"days": 10, "kind": "temporary", "ttl": 7.0})
    assert ac not in listed and keep not in listed
    health = cmem.health_report()
    assert "stale_short_lived" in health.flags and health.status == "attention"
    _age(cmem, ac, 20)
    assert _listed(cmem)[ac][0] == "active_context"
    stale = next(c for c in cmem.cleanup_report().candidates if c.memory_id == temp)
    assert stale.reason("en") == ("short-lived, not confirmed for 10 days (temporary is "
                                  "kept 7 days)")
    assert stale.reason("zh").startswith("短期信息已 10 天未确认")
    assert "[stale]" in cmem.cleanup_report().to_text("en")


def test_a_restatement_refreshes_a_short_lived_memory(cmem: Memory) -> None:
    temp = cmem.add("The staging database is read-only during the audit",
                    durability="temporary").memory_id
    _age(cmem, temp, 9)
    assert temp in _listed(cmem)
    again = cmem.add("The staging database is read-only during the audit.",
                     durability="temporary")
    assert str(again.decision) == "duplicate"
    assert temp not in _listed(cmem)


def test_a_stale_plan_archives_it_through_cleanup(cmem: Memory) -> None:
    from vecmem.engine.reports import cleanup_plan_ops

    temp = cmem.add("测试服务器的数据库在审计期间设为只读", durability="temporary").memory_id
    _age(cmem, temp, 30)
    report = cmem.cleanup_report()
    ops = [c for c in report.candidates if c.memory_id == temp]
    assert ops and ops[0].kind == "stale"
    # Still a fact until a person archives it: search finds it.
    assert temp in [h.memory.id for h in cmem.search("测试服务器数据库只读", gate=False,
                                                      min_score=-1.0)]
    plan = cmem.create_plan(cleanup_plan_ops(report))
    cmem.apply_plan(plan.id, cmem.settings.confirm_phrase, actor="person")
    assert cmem.get(temp).status == "archived"


def test_ttl_setting_per_kind_and_off(engine_url: str) -> None:
    with Memory.open(engine_url, embedder=HashingEmbedder(),
                     ttl_days={"active_context": 2, "project": 30}) as mem:
        ac = mem.add("active_context: migrating billing to Stripe").memory_id
        temp = mem.add("The VPN is down for maintenance", durability="temporary").memory_id
        _age(mem, ac, 3)
        _age(mem, temp, 100)
        listed = _listed(mem)
        assert listed[ac][0] == "active_context" and temp not in listed  # no ttl for it
    with Memory.open(engine_url, embedder=HashingEmbedder(), ttl_days={}) as mem:
        assert not {k for k, _ in _listed(mem).values()} & {"stale", "active_context"}
        assert "stale_short_lived" not in mem.health_report().flags


@pytest.mark.parametrize("bad", [{"bogus": 3}, {"temporary": 0}, {"temporary": -1},
                                 {"active_context": True}])
def test_bad_ttl_is_a_clear_error(db_path: str, bad: dict) -> None:
    with pytest.raises(InvalidInputError, match="ttl_days"):
        Memory.open(db_path, embedder=HashingEmbedder(), ttl_days=bad)

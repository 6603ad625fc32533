"""Plans: previews by the real code path, the exact confirmation phrase, stale re-checks,
no double apply, whole-plan revert, strict plan ids."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import ConfirmationError, InvalidInputError, NotFoundError, PlanError

PHRASE = "我确认执行计划"


def _snapshot(mem: Memory) -> dict[int, tuple[Any, ...]]:
    return {r.id: (r.status, r.content, r.superseded_by, r.hit_count)
            for r in mem.list(limit=1000)}


def _event_count(mem: Memory) -> int:
    with mem.store.transaction(write=False) as tx:
        return int(tx.execute("SELECT COUNT(*) FROM events").fetchone()[0])


@pytest.fixture
def world(mem: Memory) -> dict[str, int]:
    """One memory in every state a plan operation needs."""
    ids = {
        "active": mem.add("用户偏好：回答简洁务实").memory_id,
        "archived": mem.add("项目路径：/work/main").memory_id,
        "model": mem.add("默认模型：gpt-4").memory_id,
        "db": mem.add("测试数据库是 postgres").memory_id,
        "m1": mem.add("I prefer dark mode").memory_id,
        "m2": mem.add("编辑器：neovim").memory_id,
    }
    mem.archive(ids["archived"])
    ids["review_model"] = mem.add("默认模型：claude").memory_id  # conflicts with "model"
    ids["review_db"] = mem.add("测试数据库是 mysql").memory_id  # conflicts with "db"
    assert mem.get(ids["review_model"]).status == "review"
    assert mem.get(ids["review_db"]).status == "review"
    return ids


def _all_ops(w: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"action": "archive", "memory_id": w["active"], "reason": "no longer true"},
        {"action": "restore", "memory_id": w["archived"]},
        {"action": "approve", "memory_id": w["review_model"]},
        {"action": "reject", "memory_id": w["review_db"]},
        {"action": "add", "content": "时区：Asia/Shanghai"},
        {"action": "merge", "memory_ids": [w["m1"], w["m2"]],
         "content": "I prefer dark mode in neovim"},
    ]


def test_create_plan_previews_every_op_and_changes_no_memory(mem: Memory, world: dict) -> None:
    before, events = _snapshot(mem), _event_count(mem)
    plan = mem.create_plan(_all_ops(world), reason="tidy up")
    assert _snapshot(mem) == before and _event_count(mem) == events
    assert plan.status == "pending" and plan.reason == "tidy up"
    assert plan.id.startswith("plan-") and len(plan.operations) == 6
    previews = [op["preview"] for op in plan.operations]
    # Each preview is exactly what the single operation's own preview says.
    assert previews[0] == mem.preview_archive(world["active"], reason="no longer true").to_dict()
    assert previews[1] == mem.preview_restore(world["archived"]).to_dict()
    assert previews[2] == mem.preview_approve(world["review_model"]).to_dict()
    assert previews[3] == mem.preview_reject(world["review_db"]).to_dict()
    assert previews[4]["decision"] == "store"
    assert previews[5] == mem.preview_merge([world["m1"], world["m2"]],
                                            "I prefer dark mode in neovim").to_dict()
    assert mem.get_plan(plan.id) == plan
    assert [p.id for p in mem.list_plans()] == [plan.id]


def test_preview_in_the_plan_is_what_apply_did(mem: Memory, world: dict) -> None:
    plan = mem.create_plan(_all_ops(world))
    done = mem.apply_plan(plan.id, PHRASE)
    assert done.status == "applied" and done.summary["applied"] == 6
    for op, res in zip(done.operations, done.results or [], strict=True):
        assert res["status"] == "applied", res
        preview, result = dict(op["preview"]), dict(res["result"])
        assert result["event_id"] == res["event_id"] in res["event_ids"]
        for d in (preview, result):
            d.pop("event_id"), d.pop("dry_run")
            if op["action"] in ("add", "merge"):
                d.pop("memory_id")  # the new row's id exists only once it is written
        assert preview == result
    assert mem.get(world["active"]).status == "archived"
    assert mem.get(world["archived"]).status == "active"
    assert mem.get(world["review_model"]).status == "active"
    assert mem.get(world["model"]).status == "superseded"
    assert mem.get(world["review_db"]).status == "archived"
    assert mem.get(world["m1"]).superseded_by == done.results[5]["result"]["memory_id"]
    assert [h.memory.content for h in mem.search("Asia/Shanghai", k=1)] == ["时区：Asia/Shanghai"]


@pytest.mark.parametrize("confirm", ["", "wrong", f" {PHRASE}", f"{PHRASE} ", f"{PHRASE}\n",
                                     PHRASE[:-1], "我确认执行计划。", None, 42])
def test_wrong_empty_or_padded_phrase_changes_nothing(mem: Memory, world: dict,
                                                      confirm: Any) -> None:
    plan = mem.create_plan(_all_ops(world))
    before, events = _snapshot(mem), _event_count(mem)
    with pytest.raises(ConfirmationError) as info:
        mem.apply_plan(plan.id, confirm)
    assert PHRASE not in info.value.message  # the error never hints at the phrase
    assert _snapshot(mem) == before and _event_count(mem) == events
    assert mem.get_plan(plan.id).status == "pending"
    assert mem.apply_plan(plan.id, PHRASE).status == "applied"


def test_configurable_phrase(db_path: str) -> None:
    with Memory.open(db_path, embedder=HashingEmbedder(), confirm_phrase="yes, apply it") as m:
        mid = m.add("用户偏好：回答简洁务实").memory_id
        plan = m.create_plan([{"action": "archive", "memory_id": mid}])
        with pytest.raises(ConfirmationError):
            m.apply_plan(plan.id, PHRASE)  # the default phrase no longer works
        assert m.get(mid).status == "active"
        m.apply_plan(plan.id, "yes, apply it")
        assert m.get(mid).status == "archived"


def test_phrase_is_never_in_a_plan_document(mem: Memory, world: dict) -> None:
    plan = mem.create_plan(_all_ops(world))
    assert PHRASE not in json.dumps(plan.to_dict(), ensure_ascii=False)
    done = mem.apply_plan(plan.id, PHRASE)
    assert PHRASE not in json.dumps(done.to_dict(), ensure_ascii=False)
    with mem.store.transaction(write=False) as tx:
        rows = tx.execute("SELECT operations, results, meta FROM plans").fetchall()
        event_text = tx.execute("SELECT group_concat(coalesce(reason,'') || coalesce(meta,''))"
                                " FROM events").fetchone()[0]
    assert PHRASE not in json.dumps(rows, ensure_ascii=False) and PHRASE not in event_text


def test_stale_operations_are_skipped_and_reported(mem: Memory, world: dict) -> None:
    plan = mem.create_plan([
        {"action": "archive", "memory_id": world["active"]},
        {"action": "approve", "memory_id": world["review_model"]},
        {"action": "add", "content": "时区：Asia/Shanghai"},
        {"action": "archive", "memory_id": world["db"]},
    ])
    # Between planning and applying: the first memory is rewritten, the conflict target of
    # the approve is archived, and the added fact is stored by someone else.
    mem.update(world["active"], "用户偏好：回答详细一些")
    mem.archive(world["model"])
    mem.add("时区：Asia/Shanghai")
    before = _snapshot(mem)
    done = mem.apply_plan(plan.id, PHRASE)
    status = [r["status"] for r in done.results or []]
    assert status == ["skipped", "skipped", "skipped", "applied"]
    reasons = [r.get("reason", "") for r in done.results or []]
    assert reasons[0].startswith(f"stale: memory #{world['active']} changed")
    assert f"memory #{world['model']}" in reasons[1] and "now archived" in reasons[1]
    assert reasons[2].startswith("stale: the outcome changed") and "duplicate" in reasons[2]
    after = _snapshot(mem)
    assert after[world["active"]] == before[world["active"]]
    assert after[world["review_model"]][0] == "review"
    time_id = next(i for i, r in after.items() if r[1] == "时区：Asia/Shanghai")
    assert after[time_id][3] == before[time_id][3]  # no duplicate hit was counted
    assert after[world["db"]][0] == "archived"
    assert done.summary == {"operations": 4, "refused_in_preview": 0, "applied": 1, "skipped": 3}


def test_guard_refusal_is_shown_in_preview_and_skipped(mem: Memory, world: dict) -> None:
    plan = mem.create_plan([{"action": "restore", "memory_id": world["active"]},
                            {"action": "archive", "memory_id": world["m1"]}])
    assert plan.operations[0]["preview"] is None
    assert "only archived memories" in plan.operations[0]["refused"]
    done = mem.apply_plan(plan.id, PHRASE)
    assert done.results[0]["status"] == "skipped"
    assert done.results[0]["reason"].startswith("refused:")
    assert done.results[1]["status"] == "applied"


def test_double_apply_and_double_revert_refused(mem: Memory, world: dict) -> None:
    plan = mem.create_plan([{"action": "archive", "memory_id": world["active"]}])
    mem.apply_plan(plan.id, PHRASE)
    events = _event_count(mem)
    with pytest.raises(PlanError, match="applied"):
        mem.apply_plan(plan.id, PHRASE)
    assert _event_count(mem) == events
    mem.revert_plan(plan.id)
    with pytest.raises(PlanError, match="reverted"):
        mem.revert_plan(plan.id)
    with pytest.raises(PlanError):
        mem.apply_plan(plan.id, PHRASE)
    pending = mem.create_plan([{"action": "archive", "memory_id": world["m1"]}])
    with pytest.raises(PlanError, match="pending"):
        mem.revert_plan(pending.id)


def test_revert_plan_restores_state(mem: Memory, world: dict) -> None:
    before = _snapshot(mem)
    plan = mem.create_plan(_all_ops(world))
    done = mem.apply_plan(plan.id, PHRASE)
    new_ids = {done.results[4]["result"]["memory_id"], done.results[5]["result"]["memory_id"]}
    reverted = mem.revert_plan(plan.id)
    assert reverted.status == "reverted" and reverted.reverted_at
    assert [r["index"] for r in reverted.revert_results or []] == [5, 4, 3, 2, 1, 0]
    after = _snapshot(mem)
    # Every original memory is back as it was; what the plan created is archived, not gone.
    assert {i: after[i][:3] for i in before} == {i: v[:3] for i, v in before.items()}
    assert {after[i][0] for i in new_ids} == {"archived"}
    assert mem.get_plan(plan.id).status == "reverted"


def test_plan_revert_is_all_or_nothing(mem: Memory, world: dict) -> None:
    plan = mem.create_plan([{"action": "archive", "memory_id": world["active"]},
                            {"action": "archive", "memory_id": world["m1"]}])
    mem.apply_plan(plan.id, PHRASE)
    mem.restore(world["active"])  # a later change the revert must not clobber
    before, events = _snapshot(mem), _event_count(mem)
    with pytest.raises(PlanError, match="nothing was changed"):
        mem.revert_plan(plan.id)
    assert _snapshot(mem) == before and _event_count(mem) == events
    assert mem.get_plan(plan.id).status == "applied"


def test_duplicate_add_in_a_plan_is_applied_but_has_nothing_to_revert(mem: Memory,
                                                                       world: dict) -> None:
    plan = mem.create_plan([{"action": "add", "content": "用户偏好：回答简洁务实"}])
    assert plan.operations[0]["preview"]["decision"] == "duplicate"
    done = mem.apply_plan(plan.id, PHRASE)
    assert done.results[0]["status"] == "applied"
    assert mem.get(world["active"]).hit_count == 1
    reverted = mem.revert_plan(plan.id)
    assert reverted.revert_results[0]["status"] == "nothing to undo"


@pytest.mark.parametrize("bad", ["../../etc/passwd", "plan-20261129-../../x", "plan-2026-0123abcd",
                                 "plan-20261129-0123ABCD", "plan-20261129-0123abcd\n",
                                 "plan-２０２６１１２９-0123abcd", "plan-20261129-0123abcd/..",
                                 "", None, 7, "plan-20261129-00000000"])
def test_bad_or_unknown_plan_ids(mem: Memory, bad: Any) -> None:
    with pytest.raises(NotFoundError):
        mem.get_plan(bad)
    with pytest.raises(NotFoundError):
        mem.apply_plan(bad, PHRASE)
    with pytest.raises(NotFoundError):
        mem.revert_plan(bad)


def test_plans_belong_to_their_scope(mem: Memory, db_path: str, world: dict) -> None:
    plan = mem.create_plan([{"action": "archive", "memory_id": world["active"]}])
    with Memory.open(db_path, embedder=HashingEmbedder(), scope="other") as other:
        assert other.list_plans() == []
        with pytest.raises(NotFoundError):
            other.get_plan(plan.id)
        with pytest.raises(NotFoundError):
            other.apply_plan(plan.id, PHRASE)


@pytest.mark.parametrize("ops", [
    [], "archive 1", [1], [{"action": "delete", "memory_id": 1}], [{"action": "archive"}],
    [{"action": "archive", "memory_id": True}], [{"action": "archive", "memory_id": -3}],
    [{"action": "add"}], [{"action": "add", "content": "  "}],
    [{"action": "merge", "memory_ids": [1], "content": "x y z"}],
    [{"action": "merge", "memory_ids": [1, 1], "content": "x y z"}],
    [{"action": "archive", "memory_id": 1, "colour": "red"}],
    [{"action": "archive", "memory_id": 1, "content": "why here"}],
    [{"action": "archive", "memory_id": 1, "reason": 5}],
])
def test_invalid_operations_refused(mem: Memory, world: dict, ops: Any) -> None:
    with pytest.raises(InvalidInputError):
        mem.create_plan(ops)
    assert mem.list_plans() == []


def test_ops_touching_the_same_memory_are_refused(mem: Memory, world: dict) -> None:
    with pytest.raises(InvalidInputError, match="split them"):
        mem.create_plan([{"action": "archive", "memory_id": world["m1"]},
                         {"action": "merge", "memory_ids": [world["m1"], world["m2"]],
                          "content": "I prefer dark mode in neovim"}])
    # approve #review_model supersedes #model, so archiving #model in the same plan clashes.
    with pytest.raises(InvalidInputError, match=f"#{world['model']}"):
        mem.create_plan([{"action": "approve", "memory_id": world["review_model"]},
                         {"action": "archive", "memory_id": world["model"]}])
    with pytest.raises(NotFoundError):
        mem.create_plan([{"action": "archive", "memory_id": 9999}])
    assert mem.list_plans() == []


def test_list_plans_filters_by_status(mem: Memory, world: dict) -> None:
    a = mem.create_plan([{"action": "archive", "memory_id": world["active"]}])
    b = mem.create_plan([{"action": "archive", "memory_id": world["m1"]}])
    mem.apply_plan(a.id, PHRASE)
    assert [p.id for p in mem.list_plans(status="applied")] == [a.id]
    assert [p.id for p in mem.list_plans(status="pending")] == [b.id]
    with pytest.raises(InvalidInputError):
        mem.list_plans(status="done")

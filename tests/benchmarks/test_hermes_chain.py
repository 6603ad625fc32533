"""benchmarks/hermes_chain.py on a tiny two-language case: the harness drives the real
provider across sessions, and its scoring counts what reached the context, the junk
and the secret the way the README says."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import hermes_chain as chain  # noqa: E402

SECRET = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"

TINY: dict[str, Any] = {
    "id": "t01", "lang": "mixed", "persona": "test",
    "sessions": [
        {"session": 1, "turns": [
            {"user": "我偏好用 pnpm 管理前端依赖", "assistant": "好的，之后都用 pnpm。"},
            {"user": "今天好累啊，加班到十点。", "assistant": "辛苦了。"},
            {"user": f"my GitHub token is {SECRET}, keep it handy", "assistant": "I won't."},
            {"user": "The staging host is stage-3.internal", "assistant": "Noted."},
        ]},
        {"session": 2, "turns": [
            {"user": "用 pnpm 还是 npm 装依赖？", "assistant": "pnpm。", "needs": ["f1"]},
        ]},
        {"session": 3, "turns": [
            {"user": "ssh to the staging host stage-3 for me", "assistant": "ok",
             "needs": ["f2"]},
        ]},
    ],
    "facts": [
        {"id": "f1", "text": "用户偏好用 pnpm 管理前端依赖。", "stated": [1, 0],
         "match": [["pnpm"]], "kind": "preference"},
        {"id": "f2", "text": "The staging host is stage-3.internal.", "stated": [1, 3],
         "match": [["stage-3"]], "kind": "config"},
    ],
    "junk": [
        {"id": "j1", "text": "用户今天加班到十点。", "stated": [1, 1], "match": [["加班"]],
         "why": "transient state"},
        {"id": "j2", "text": "GitHub token", "stated": [1, 2], "match": [["ghp_"]],
         "why": "secret"},
    ],
}


def test_the_chain_on_a_tiny_case() -> None:
    result = chain.run_all([TINY], embedder="hashing")
    rules, oracle = (result["setups"][s]["all"] for s in chain.SETUPS)
    for s in (rules, oracle):
        assert s["needed"] == 2
        assert s["junk"] == 2 and s["junk_stored"] == 0 and s["junk_in_context"] == 0
        assert s["secrets_shown"] is False and s["secret_in_db"] is False
        assert s["recall_tokens_per_turn"] >= 0 and s["system_tokens_per_session"] > 0
    # The oracle stores both facts in their canonical wording; keyword overlap brings
    # both back in the later sessions even with the hashing embedder.
    scores = result["setups"]["llm-oracle"]["conversations"][0]
    assert oracle["reached"] == 2 and scores["reached"] == 2
    assert oracle["llm_calls_per_100_turns"] > 0 and oracle["llm_tokens_per_100_turns"] > 0
    assert rules["llm_calls_per_100_turns"] == 0
    # Rules-only: the preference in the user's own words is extracted and recalled.
    assert result["setups"]["rules"]["conversations"][0]["reached"] >= 1
    assert "| rules | all |" in chain.table(result)


def test_scoring_matches_line_by_line() -> None:
    fact = {"match": [["鸡蛋", "蛋"], ["过敏"]]}
    assert chain.matches(fact, "用户的儿子对鸡蛋过敏。")
    assert not chain.matches(fact, "用户的儿子对花生过敏。")
    context = ("## vecmem: recalled long-term memories (2)\n<vecmem-recall>\n"
               "- #3 (user_fact, as of 2026-11-03) 儿子爱吃蛋糕\n"
               "- #4 (user_fact, as of 2026-11-03) 儿子对花生过敏\n</vecmem-recall>")
    lines = chain.memory_lines(context)
    assert lines == ["儿子爱吃蛋糕", "儿子对花生过敏"]
    # Two memories never add up to one fact.
    assert not any(chain.matches(fact, line) for line in lines)
    assert chain.matches(fact, " ".join(lines))  # (what a whole-context match would say)


def test_the_two_parts_cover_every_conversation_once() -> None:
    ids = [c["id"] for c in chain.load()]
    dev, untouched = (set(chain.PARTS[p]) for p in ("dev", "untouched"))
    assert not dev & untouched
    assert sorted(dev | untouched) == sorted(ids)
    # each part holds every language of the set
    langs = {c["id"]: c["lang"] for c in chain.load()}
    assert {langs[i] for i in dev} == {langs[i] for i in untouched} == set(langs.values())

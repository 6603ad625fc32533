"""A search nobody explains skips the work only a trace shows (the gate's reasons, the
scores of excluded candidates, one coverage per distinct set of matched terms): its hits
must be exactly those of the traced computation, on both engines."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.engine import relevance, search

BANK = [
    "User's cat Sesame eats salmon kibble twice a day",
    "用户的猫叫芝麻，每天吃两次三文鱼猫粮",
    "User is allergic to penicillin; amoxicillin gave her hives",
    "用户对青霉素过敏，吃阿莫西林起过荨麻疹",
    "User project Falcon deploys to the staging cluster every Friday",
    "用户的项目 Falcon 每周五部署到测试集群",
    "User prefers short answers with bullet points",
    "用户的女儿朵朵对鸡蛋过敏",
    "User project notes: the user keeps project files on the NAS",
    "用户项目的备份放在 NAS 上，用户每周检查一次",
    "User's dentist appointment is on 18 December at 09:30",
    "The user's bike is a cargo bike for the kids",
]

TURNS = [
    "what does my cat eat", "芝麻吃什么", "can I take amoxicillin for my sinus thing",
    "我对什么药过敏", "when does project Falcon deploy", "user project", "用户 项目",
    "write a haiku about rain", "谢谢", "bullet points please", "朵朵能吃蛋糕吗",
    "dentist", "the user project NAS backup", "cargo bike for the kids user project",
]


def _key(hits: list) -> list[tuple]:
    return [(h.memory.id, h.score, h.cosine, h.keyword_rank, h.vector_rank, h.relevance,
             h.coverage) for h in hits]


@pytest.mark.parametrize(("gate", "min_score"), [(True, -1.0), (True, 0.1), (False, -1.0),
                                               (False, 0.1)])
def test_an_untraced_search_returns_exactly_the_traced_hits(cmem: Memory, gate: bool,
                                                            min_score: float) -> None:
    cmem.add_many(BANK, raw=True)
    ctx = cmem.context
    excluded = included = 0
    for turn in TURNS:
        for k in (1, 3, 10):
            plain = search.hybrid(ctx, turn, k, min_score, gate=gate)
            traced, ex = search.explain(ctx, turn, k, min_score, gate=gate)
            assert _key(plain) == _key(traced), (turn, k)
            excluded += sum(not c.included for c in ex.candidates)
            included += len(plain)
    # Both paths were exercised: candidates the gate (or min_score) turned down, and hits.
    assert included > 0
    if gate:
        assert excluded > 0


def test_the_gates_verdict_is_decides_verdict() -> None:
    for args in [(0.81, 0.4, 0.8, 0.05, True, 0.0), (0.70, 0.0, 0.8, 0.05, True, 0.02),
                 (None, 0.5, 0.8, 0.05, True, 0.0), (None, 0.6, 0.8, 0.05, False, 0.0),
                 (0.79, 0.2, 0.8, 0.05, True, 0.0), (0.2, 0.1, 0.8, 0.05, False, 0.0),
                 (0.75, 1.0, 0.8, 0.05, True, 0.0)]:
        full = relevance.decide(*args)
        assert relevance.verdict(*args) == (full.passed, full.relevance), args
        assert full.reason

"""The deterministic vetoes that keep a high cosine from merging two different facts."""

from __future__ import annotations

import pytest

from vecmem.rules.sameness import adds_information, same_fact_veto


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ("端口是 8000", "端口是 8080", "numbers"),
        ("The service listens on port 8000", "The service listens on port 9000", "numbers"),
        ("用户喜欢喝咖啡", "用户不喜欢喝咖啡", ""),
        ("The user likes coffee", "The user does not like coffee", ""),
        ("The user used to live in Paris", "The user lives in Paris", ""),
        ("The team drinks coffee daily", "The team does not drink coffee daily", "negated"),
        ("用户以前住在北京", "用户住在北京", ""),
        ("前端使用 Vue", "前端使用 React", "names"),
        ("The backend is written in Go", "The backend is written in Rust", "names"),
        ("user prefers vim", "user prefers emacs", "other does not"),
        ("用户的生日是五月", "用户的生日是六月", "other does not"),
        ("用户偏好：回答简洁务实", "用户偏好：回答用中文", "topics"),
    ],
)
def test_different_facts_are_vetoed(a: str, b: str, why: str) -> None:
    reason = same_fact_veto(a, b)
    assert reason is not None
    assert why in reason


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("用户目前居住在上海", "用户住在上海"),
        ("项目测试使用 pytest", "项目测试使用 pytest。"),
        ("The team uses GitHub Actions for CI", "The team uses GitHub Actions for CI!"),
    ],
)
def test_restatements_pass(a: str, b: str) -> None:
    assert same_fact_veto(a, b) is None
    assert not adds_information(b, a)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("The user is allergic to peanuts and shellfish", "The user is allergic to peanuts"),
        ("用户每天晚上写代码，周末休息", "用户每天晚上写代码"),
    ],
)
def test_a_text_with_more_detail_adds_information(new: str, old: str) -> None:
    assert adds_information(new, old)
    assert not adds_information(old, new)

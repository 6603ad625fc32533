"""Round 11 of the rules (session 14 leftovers, branch ``leftovers``), by category, in both
languages: plain facts that use a credential word in its ordinary sense (a PIN pad, a press
pass, a card held somewhere) stay facts while real status lines stay progress.

Sentences here are not the dev-set cases; each stands for its category.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality


def _cat(text: str) -> str:
    v = check_quality(text)
    return "fact" if v.allowed else v.category


@pytest.mark.parametrize("text", [
    # where a thing stands: "next to" is a place, not a next step
    "Gate 12 is next to the PIN pad",
    "The badge reader is next to the lift on floor 3",
    "The printer is next door to the server room",
    # a pass or card issued to a person is held from now on
    "Press pass for the conference is ready",
    "My visa is ready",
    "The staff badges are ready at reception",
    "The boarding pass is in my Apple Wallet",
    # Chinese: a card that is somewhere (卡在 after a card's name), a pass issued
    "员工门禁卡在周末也能用",
    "会员卡在钱包的夹层里",
    "门禁密码锁在一楼大堂",
    "会议的记者证已经办好了",
    "年卡已经办好了",
    "健身房的访客通行证放在前台",
])
def test_credential_words_in_an_ordinary_sense_are_facts(text: str) -> None:
    assert _cat(text) == "fact"


@pytest.mark.parametrize("text", [
    "Press pass application submitted, waiting on approval now",
    "Boarding pass downloaded, next I'm checking the bags",
    "The staff badges are being printed now",
    "Passport renewal is in progress",
    "The visa is ready, next I'm booking flights",
    "Deploy is next",                                   # "is next" without a place
    "记者证申请提交了，下一步等审核",
    "签证还在审核中",
    "年卡在办理中",
    "门禁卡卡住了，刷不开",
    "接口调用卡在鉴权这一步",                           # a task stuck
    "提交卡在 review 上了",
])
def test_status_lines_around_those_words_stay_progress(text: str) -> None:
    assert _cat(text) == "progress"


@pytest.mark.parametrize("text,value", [
    ("Gmail 应用密码四组：hqzr ‑ vmkt ‑ pwle ‑ snbd", "hqzr ‑ vmkt ‑ pwle ‑ snbd"),  # U+2011
    ("Gmail app password: wqpe – rtnm – zxkl – bvcy", "wqpe – rtnm – zxkl – bvcy"),
    ("邮箱的应用专用密码 abcd - efgh - ijkl - mnop", "abcd - efgh - ijkl - mnop"),
])
def test_app_password_in_spaced_hyphen_groups_is_cut_out(text: str, value: str) -> None:
    from vecmem.rules import redact_secrets
    assert value not in redact_secrets(text)
    assert "vmkt" not in redact_secrets(text) and "rtnm" not in redact_secrets(text)


def test_spaced_hyphen_words_without_a_label_are_kept() -> None:
    from vecmem.rules import redact_secrets
    text = "the words come in four groups - like - this - here"
    assert redact_secrets(text) == text

"""Round 12b of the quality filter (session 17, branch ``filter17b``): the two kinds the
round-12 lane found and left, in both languages, each with the look-alike facts that must
stay facts.

* A bare imperative to the agent ("先跑一遍 lint。", "Rerun CI.") is a request: ``question``.
* A Chinese A-not-A doubt about a thing the agent could answer ("不知道 Docker 支不支持
  ARM") is a question; a doubt about the speaker's own step stays ``half_formed``.

Sentences here are not the dev-set cases; each stands for its kind.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality


def _cat(text: str) -> str:
    v = check_quality(text)
    return "fact" if v.allowed else v.category


# --- a bare imperative to the agent -------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "先跑一遍 lint。",
    "再把测试跑一下",
    "把日志清一清",
    "重启一下服务",
    "跑个 benchmark 看看",
    "跑一遍单元测试。",
    "再跑一次 benchmark",
    "先提交，再推送",
    "日志清一清",
    "换个模型试试",
    "先跑一遍 l\uff49nt",                    # a full-width letter
    "先跑\u200b一遍测试",                     # a zero-width space
    "Run the linter first.",
    "Clear the cache.",
    "Rerun CI.",
    "Restart nginx again.",
    "Rebuild the image.",
])
def test_a_bare_imperative_is_a_request(text: str) -> None:
    assert _cat(text) == "question"


@pytest.mark.parametrize("text", [
    "每次提交前先跑 lint",                   # a standing condition
    "以后都先跑测试再部署",
    "用户先跑了一遍 lint",                   # a subject, done
    "CI 会先跑 lint 再跑测试",                # how something works
    "先跑 lint 再跑测试是团队的规矩",
    "用户习惯先跑 lint 再提交",
    "跑了一遍测试，全过了",
    "周末一般先去健身房再去超市",
    "Always run the linter before pushing any commit.",
    "The user ran the linter first.",
    "CI runs the linter before the tests.",
    "The cache is cleared every night.",
    "换个工作环境对他有好处",                  # what a change does, no try asked for
    "跑一遍全量测试要四十分钟",                # a predicate about the step
    "Reset the router whenever the Wi-Fi drops.",
])
def test_an_instruction_that_stands_or_a_report_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- a Chinese A-not-A doubt about a thing ------------------------------------------------------
@pytest.mark.parametrize("text", [
    "不知道 Docker 支不支持 ARM",
    "不确定这个库还维不维护",
    "这个版本兼不兼容 Python 3.12",
    "不清楚 Postgres 16 支不支持这个语法",
    "不确定 Node 20 兼不兼容这个包",
    "不知道这家店周日开不开门",
    "不确定这个 API 收不收费",
    "我不知道 Redis 支不支持集群模式",
    "不知道 D\uff4fcker 支不支持 ARM",          # a full-width letter
    "不确定这个库\u200b还维不维护",            # a zero-width space
    "Docker 支持 ARM 吗",                     # the 吗 form
    "不知道 Node 有没有 ARM 版本",
    "不确定这个库还维护吗",                    # a doubt closed by 吗
    "不确定 Docker 是否支持 ARM",              # …or over 是否
])
def test_an_a_not_a_doubt_about_a_thing_is_a_question(text: str) -> None:
    assert _cat(text) == "question"


@pytest.mark.parametrize("text", [
    "不知道要不要换框架",
    "不确定这个依赖还需不需要",
    "不确定旧的定时任务还用不用得上",
    "不知道去不去参加年会",
    "不确定这个库换不换",
    "Not sure if we still need the legacy endpoint",
    "不确定是否值得升级",
    "不确定是否是缓存的问题",                  # a belief of one's own doubted
])
def test_a_doubt_about_ones_own_step_stays_half_formed(text: str) -> None:
    assert _cat(text) == "half_formed"


@pytest.mark.parametrize("text", [
    "用户不知道 Docker 支不支持 ARM，所以买了 x86 的机器",
    "用户不确定这个库还维不维护，打算换一个",
    "他动不动就发脾气",
    "不管下不下雨他都去跑步",
    "她还在考虑去不去上海",
    "这个库支持 Python 3.12，也兼容 3.11",
    "说不说都行",                             # settled after it
    "去不去由他定",
    "用户支不支持这个方案还没表态",
])
def test_a_subject_who_does_not_know_or_no_doubt_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


def test_the_round12_person_doubt_is_still_a_question() -> None:
    assert _cat("不知道老板周五在不在办公室") == "question"

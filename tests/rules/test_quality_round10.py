"""Round 10 of the quality filter (session 14, branch ``filter``): one test per category
touched, in both languages, from the kinds of miss of the retired blind8 round.

Sentences here are not the dev-set cases; each stands for its category.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality


def _cat(text: str) -> str:
    v = check_quality(text)
    return "fact" if v.allowed else v.category


@pytest.mark.parametrize("text", [
    "批处理跑到第 15 个文件了",                       # a job's position by count
    "The thumbnail job is up to photo 1200 now.",
    "Video export is at forty percent.",              # a share in words
    "数据回填进行到百分之七十了",
    "包在上传，传完就发布。",                         # under way, next step after it
    "The index is rebuilding, then I'll switch traffic over.",
    "先把表建好，回头再加索引",                       # first step now, the rest later
    "First wiring up the webhook, will add retries later.",
])
def test_task_states_are_progress(text: str) -> None:
    assert _cat(text) == "progress"


@pytest.mark.parametrize("text", [
    "I completed the Fastnet sailing race in August 2023.",  # dated achievement
    "我在 2020 年 6 月完成了第一次全程骑行。",
    "I'm taking guitar lessons on Saturdays.",              # a life, not a task
    "We're renting a flat in Porto for the summer.",
    "我最近在上烘焙课。",
    "浏览器我换成 Arc 了。",                                 # a slot's new value
    "默认 shell 我改成 fish 了",
    "文档站已经迁到 Vercel 上线了。",
    "字体我还是换回等宽的吧。",
    "Set my default browser to Firefox for everything.",
    "The Stripe key lives in 1Password under Billing.",     # where a credential lives
    "家里的门禁密码贴在冰箱门上。",
])
def test_standing_facts_pass(text: str) -> None:
    assert _cat(text) == "fact"


@pytest.mark.parametrize("text", [
    "Something about the mortgage, I'll remember later.",
    "报税那个事，我想起来再跟你说",
])
def test_topic_put_off_until_remembered_is_half_formed(text: str) -> None:
    assert _cat(text) == "half_formed"


@pytest.mark.parametrize("text", [
    "I've put the new Slack token in the env vars.",
    "I've added the Mapbox key to the Netlify env vars.",
    "新的 token 已经加到 GitLab 的 CI 变量里了",
    "Texted you the garage code.",
    "打印机密码微信发你了",
    "Password for the staging dashboard was reset yesterday.",
    "门禁密码：****",
])
def test_credential_events_without_value_are_no_context(text: str) -> None:
    assert _cat(text) == "secret_no_context"


def test_requests_and_work_items_stay_what_they_were() -> None:
    assert _cat("Switch the branch to main.") == "question"  # no standing setting of mine
    assert _cat("你把主题改回浅色吧") == "question"           # the agent is asked
    assert _cat("服务迁到新集群了，明天切流量") == "progress"   # a next step follows
    dated_then_next = "I deployed the hotfix in July 2025, next I'm writing the postmortem."
    assert _cat(dated_then_next) == "progress"
    assert _cat("I stored the token in Bitwarden.") == "fact"  # a vault: where it lives

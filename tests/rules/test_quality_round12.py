"""Round 12 of the quality filter (session 17, branch ``filter17``): one test per kind of
miss of the retired blind10 round, in both languages, each with the look-alike facts that
must stay facts.

Sentences here are not the dev-set cases; each stands for its kind.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality


def _cat(text: str) -> str:
    v = check_quality(text)
    return "fact" if v.allowed else v.category


# --- a job named by its noun, then its share done ---------------------------------------------
@pytest.mark.parametrize("text", [
    "The search reindex is at 41% and rising.",
    "The nightly backup's at about 40 percent.",
    "The video export is at seventy percent now.",
    "The reindex is at roughly 30% so far.",
    "The photo upload has reached 85%.",
    "视频导出已经 80% 了。",
    "模型训练才 20%，还早。",
    "数据回填目前百分之三十。",
    "日志归档的备份现在 55%。",
    "The database migr\uff41tion is at 55%.",        # a full-width letter
    "视频转码\u200b已经 60% 了",                       # a zero-width space
])
def test_a_job_at_a_share_is_progress(text: str) -> None:
    assert _cat(text) == "progress"


@pytest.mark.parametrize("text", [
    "The battery is at 63% after two years of use.",  # a device, no job
    "Test coverage is at 85% on the main package.",    # a measure
    "The user's savings rate is at 20% of income.",
    "The backup drive is at 90% capacity.",            # a job noun with "capacity" after
    "The migration success rate was at 99% last quarter.",  # a rate of the job
    "The upload quota is at 80% for this month.",
    "测试覆盖率是 85%。",
    "数据迁移的成功率是 99%。",
    "电池健康度还有 87%。",
])
def test_a_share_that_is_no_job_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- under way with an English verb in a Chinese frame, the next step when it ends ------------
@pytest.mark.parametrize("text", [
    "镜像在 push，push 完就重启服务。",
    "前端在 build，build 好了就发到 staging。",
    "数据在 sync，sync 完再跑报表。",
    "测试在 run，run 完之后合并。",
    "The image is building, once it's built I'll push it to the registry.",
    "The tests are running; when they pass I'll merge.",
    "文档在 deploy，deploy\u200b完就通知大家",          # a zero-width space
])
def test_under_way_then_next_step_is_progress(text: str) -> None:
    assert _cat(text) == "progress"


@pytest.mark.parametrize("text", [
    "CI 在 GitHub Actions 上跑，跑完就自动部署。",        # a rule of how things run
    "用户在 build 自己的博客，用的是 Hugo。",
    "用户在 Google 上班，下班后就去健身。",
    "The blog is built with Hugo and deployed to Netlify.",
])
def test_a_setup_told_with_its_steps_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- a clause opener, then a noun phrase and nothing said of it -------------------------------
@pytest.mark.parametrize("text", [
    "Since the new server",
    "So the backup script",
    "And then the database",
    "Because the ｃonfig file",                        # a full-width letter
    "因为她的",
    "所以那台服务器的",
    "但是我老婆的",
    "至于报销的",
    "还有就是关于 Kafka 的",
    "然后那家店\u200b的",                              # a zero-width space
])
def test_an_opener_and_a_noun_phrase_only_is_half_formed(text: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == "half_formed"


@pytest.mark.parametrize("text", [
    "Because of the rain the picnic moved indoors.",
    "Because the user likes tea, the office stocks green tea.",
    "Since 2019 the user has lived in Oslo.",
    "So the user prefers tea.",
    "关于部署的文档放在 Notion 里。",
    "这本书是关于历史的。",
    "然后那台机器挺好的",
    "因为他的车坏了，所以今天在家办公。",
])
def test_an_opener_with_its_clause_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- saying or thinking announced, broken off after a possessive ------------------------------
@pytest.mark.parametrize("text", [
    "The user said his laptop",
    "User said that her",
    "Anna thinks her",
    "用户说她的 iPad",
    "她提到她的新",
    "我觉得他的",
    "用户说他的\u200bMac",                             # a zero-width space
])
def test_said_and_broken_off_is_half_formed(text: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == "half_formed"


@pytest.mark.parametrize("text", [
    "用户说他的猫叫 Mochi。",
    "用户说他喜欢猫。",
    "用户觉得他的方案不错",
    "The user said his laptop is a ThinkPad.",
    "User said her favourite tea is oolong.",
    "She mentioned her husband.",
])
def test_said_with_its_content_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- not knowing what someone else wants or will do: an indirect question ---------------------
@pytest.mark.parametrize("text", [
    "Not sure whether Anna can make it on Friday.",
    "No idea whether the client prefers Zoom or Teams.",
    "I don't know if my landlord allows pets, need to check with him.",
    "Not sure if my sister's coming to dinner on Sunday.",
    "Not sure which hotel the team booked, I'll ask.",
    "不知道老板周五在不在办公室。",
    "不清楚她喜不喜欢吃辣，得问问。",
    "不确定客户要不要发票，回头问一下。",
    "不知道房东同不同意养猫。",
    "不知道用户下周\u200b有没有空",                     # a zero-width space
    "Not sure if the ｃlient wants a call or an email.",  # a full-width letter
])
def test_not_knowing_about_someone_is_a_question(text: str) -> None:
    assert _cat(text) == "question"


@pytest.mark.parametrize("text", [
    "Not sure if we still need the legacy endpoint",    # one's own step: a hedge
    "Not sure if I'll keep the gym membership.",
    "Not sure if it's worth upgrading.",
    "Not sure if Docker supports ARM.",                 # a tool's fact doubted, no person
    "Not sure if Postgres can handle that load.",
    "不知道要不要换框架，先放着",
    "不确定旧的定时任务还用不用得上",
])
def test_doubt_about_ones_own_step_stays_half_formed(text: str) -> None:
    assert _cat(text) == "half_formed"


@pytest.mark.parametrize("text", [
    "The user doesn't know whether her landlord allows pets.",  # their state, reported
    "Anna is not sure whether she can make it on Friday.",
    "用户不知道有没有必要买重疾险，在问朋友",
    "用户不清楚房东同不同意养猫，打算下周问。",
])
def test_someone_not_knowing_reported_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


# --- a standing instruction whose condition covers every case ---------------------------------
@pytest.mark.parametrize("text", [
    "Run the linter before pushing any commit.",
    "Check the changelog before tagging any release.",
    "Ask for confirmation before deleting any file.",
    "Run the smoke tests after merging each PR.",
    "在合并任何 PR 之前先跑一遍 lint。",
    "提交任何代码前先跑单元测试。",
    "Run the linter before pushing ａny commit.",       # a full-width letter
])
def test_a_standing_instruction_stays_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


@pytest.mark.parametrize("text", [
    "Run the test suite now.",
    "Check the changelog before tagging the release.",  # one release: this turn's task
    "Run the linter on this file.",
    "Tell me after fixing all the tests.",              # "all" of this task, not every case
    "把所有文件改完之后告诉我。",
    "帮我把这个文件跑一遍 lint。",
])
def test_a_one_off_instruction_is_still_a_request(text: str) -> None:
    assert _cat(text) == "question"

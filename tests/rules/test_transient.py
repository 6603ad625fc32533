"""Status reports, hedges, paths and reported asking (issue 15 item 2), both languages.

Each group is a category of text, written fresh for these tests (not taken from the dev
sets): the filter must reject the first kind and keep the second.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality

PROGRESS = [
    "Step 3 of 5 is done; starting the data backfill now",
    "Import job is at 45 percent",
    "Reindex is at 80% after the restart",
    "Moving on to the billing tests now",
    "数据同步跑到第三批了",
    "接口联调好了，接下来写部署脚本",
    "灰度发布进行中，还剩两个机房",
    "The user is deploying the hotfix right now",  # a named subject, but a status marker
    # A subjectless gerund with a time of now; half-way in Chinese; done + next announced.
    "Vacuuming the analytics tables now, then I'll rebuild the views",
    "Exporting the contacts tonight",
    "Renaming the branches this afternoon",
    "周报写到一半，午饭后继续",
    "图片迁移了一大半",
    "单测补完了，马上提交",
    "初稿改好了，准备发给编辑",
    "Released 3.1; announcing it on the forum now",
    "向量索引 rebuild 到第三个 shard 了",
    "爬虫跑到了第 12 批",
    "The first part of the backfill is done, the rest goes tomorrow",
    "已经发到预发了，今晚再上线",
    "Regenerated the fixtures; the snapshots look fine again",
    "Will send the invoice after lunch",
    "Next - update the README",
    "待会儿去开会，回来继续写",
]
HEDGED = [
    "Might be worth caching the tokenizer someday",
    "We could maybe move the docs to a wiki someday",
    "Maybe the cache should live in Redis at some point",
    "Not sure the second replica is needed",
    "回头看看要不要加个重试",
    "不确定旧的定时任务还用不用得上",
    "总觉得首页加载有点卡",
    "老觉得这个命名不太对",
    "Not entirely convinced the queue is needed",
    "Might move the docs to MkDocs",
    "不是很确定这个开关有没有用",
    "Could move the wiki to Notion eventually",
    "Should split this service down the road",
]
BARE_PATHS = [
    "~/Documents/合同 扫描/2024.pdf",
    "./data/raw files/march",
    r"C:\Users\Li Na\Documents\Tax 2024",
    r"E:\资料\课程 录像\第一周",
    r"\\nas01\Team Share\Design Assets",
    r"路径 D:\Program Files\Git\bin",
]
FACTS = [
    # A named person's ongoing activity is a fact about them.
    "Tim is currently learning German for a move to Vienna",
    "Ana is working on a novel about her grandmother",
    "The user is currently studying for the CFA level 2 exam",
    "用户正在学日语，每周上两次课",
    "Gardening has been good for Maria's back pain",
    # Durable achievements.
    "The user passed the driving test in 2022",
    "User completed the Lisbon half marathon last year",
    "用户去年考取了注册会计师证书",
    "用户的女儿钢琴考级通过了十级",
    # Reported asking.
    "The user asked a pharmacist for advice on mixing ibuprofen and coffee",
    "用户找律师咨询过租房合同的问题",
    "用户向老同事请教过转行做数据的经验",
    "用户经常咨询他的理财顾问关于基金定投的建议",
    "她请教过营养师，早餐改成了燕麦",
    "用户问过医生怎么缓解腰疼，现在每天做拉伸",  # what was asked belongs to the report
    "The user asks a neighbour for advice on the garden every spring",
    # Hobbies said with a gerund and "now" are facts, not status lines.
    "Swimming is now the user's main exercise",
    "Painting now takes up most of Maria's weekends",
    "Jon eventually moved to Denver for the job",
    "用户的孩子读到第三章就睡着了，每晚都是这样",
    # A path inside a sentence that says what it is.
    r"The tax documents are in C:\Users\Li Na\Documents\Tax 2024",
    r"项目的安装目录是 D:\Program Files\Acme Tool",
    # A named person's loose belief, plan or story.
    "Nate thinks the sequel is probably better than the original",
    "Priya hopes to open a bakery someday",
    "Her volunteering led her to consider, possibly, a career in nursing",
    "Omar's bike broke down last spring on a trip to Porto",
    "Lena starts learning the violin next month",
]


@pytest.mark.parametrize("text", PROGRESS)
def test_status_reports_are_progress(text: str) -> None:
    v = check_quality(text)
    assert (v.allowed, v.category) == (False, "progress"), v


@pytest.mark.parametrize("text", HEDGED)
def test_hedges_are_half_formed_not_questions(text: str) -> None:
    v = check_quality(text)
    assert (v.allowed, v.category) == (False, "half_formed"), v


@pytest.mark.parametrize("text", BARE_PATHS)
def test_bare_windows_paths_with_spaces_or_cjk(text: str) -> None:
    v = check_quality(text)
    assert (v.allowed, v.category) == (False, "bare_url_path"), v


@pytest.mark.parametrize("text", FACTS)
def test_facts_are_not_false_rejects(text: str) -> None:
    v = check_quality(text)
    assert v.allowed, v


def test_reason_is_shown() -> None:
    for text in PROGRESS + HEDGED + BARE_PATHS:
        v = check_quality(text)
        assert v.reason and v.reason.endswith(".")


# Chinese frames around English task verbs, and waiting for the next step.
@pytest.mark.parametrize("text", [
    "索引在 rebuild 中", "刚 tag 了，等会儿发 release notes", "已经 bump 了版本号",
    "等 staging 验证完再 release", "镜像推上去了，等 QA",
])
def test_mixed_language_task_states_are_progress(text: str) -> None:
    v = check_quality(text)
    assert (v.allowed, v.category) == (False, "progress"), v


@pytest.mark.parametrize("text", [
    "用户习惯等 CI 全绿再 merge", "等级高的会员可以免运费", "用户会说中文、英文，等等",
    "用户的代码在 GitHub 中托管", "用户的 build 在 GitHub Actions 上跑",
])
def test_mixed_language_facts_are_kept(text: str) -> None:
    assert check_quality(text).allowed


@pytest.mark.parametrize("text", [
    "The user is halfway through a two-year MBA",       # a person's studies, not a task
    "The user probably has a mild lactose intolerance",  # a loosely held fact about them
    "用户问我怎么配置 VPN 之后，决定自己搭一个",          # a reported ask
    "The user lived in Zimbabwe as a child",
])
def test_more_false_reject_traps_are_kept(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)


def test_a_status_of_this_moment_is_progress_even_for_studies() -> None:
    assert check_quality("The user is halfway through the exam, 80% done right now").category \
        == "progress"


# Status in markup: status labels, "Done with …, next: …" in a task list, and the same with
# invisible or full-width letters. (A task-list box alone is decoration: "- [ ] User prefers
# dark mode" is the fact itself, see test_canonical.py.)
@pytest.mark.parametrize("text", [
    "- [x] Done with the auth refactor, next: billing",
    "**Status:** deploying v3 now",
    "进度：完成 60%",
    "Runn\u200bing the backfill now",
    "Ｒｅｂｕｉｌｄｉｎｇ the cache now",
    "> 已经合并，下一步发布",
])
def test_status_in_markup_and_disguise_is_progress(text: str) -> None:
    v = check_quality(text)
    assert (v.allowed, v.category) == (False, "progress"), v


@pytest.mark.parametrize("text", [
    "Status of the user's visa: approved in May", "The user is done with dairy",
    "The user's update schedule is weekly", "active_context: - [ ] ship v2",
])
def test_status_words_in_facts_are_kept(text: str) -> None:
    assert check_quality(text).allowed


@pytest.mark.parametrize("text", [
    "用户做过电池续航优化，把待机功耗降了 40%",
    "用户做过数据库迁移，把查询时间缩短了一半",
    "The user cut standby power by 40% in a battery project",
    "She improved her 5k time by 10 percent last year",
])
def test_a_percentage_that_measures_a_change_is_a_result_not_progress(text: str) -> None:
    # A durable achievement with its amount ("降了 40%") is not "40% done".
    assert check_quality(text).allowed


@pytest.mark.parametrize("text", [
    "我们把构建时间降了一半，接下来优化测试",
    "用户把接口延迟降低了 30%，下一步是压测",
    "Cut the build time by 30%, next up the tests",
    "The migration is 40% done",
    "迁移做了一半",
])
def test_a_change_done_with_the_next_step_announced_is_still_progress(text: str) -> None:
    assert check_quality(text).category == "progress"

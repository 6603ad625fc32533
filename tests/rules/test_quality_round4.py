"""Quality filter, round 4 (issue 15, session 6): one group per category, both languages,
each sentence also disguised (look-alike letters, invisible characters, full-width letters,
a line break). Written fresh for these tests, not taken from the sets in ``tests/data``.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality

ZW = "\u200b"  # zero-width space
_LOOKALIKE = str.maketrans({"a": "\u0430", "e": "\u0435", "o": "\u043e"})  # Cyrillic


def _disguises(text: str) -> list[str]:
    """The same text four ways: one Latin letter swapped for its Cyrillic look-alike, a
    zero-width space inside the first word, Latin letters full-width, the first comma a
    line break."""
    out = []
    i = next((i for i, c in enumerate(text) if c in "aeo"), None)
    if i is not None:
        out.append(text[:i] + text[i].translate(_LOOKALIKE) + text[i + 1:])
    out.append(text[:2] + ZW + text[2:])
    out.append("".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c
                       for c in text))
    for sep in (", ", "，", "; "):
        if sep in text:
            out.append(text.replace(sep, sep.strip() + "\n", 1))
            break
    return out


def _cases(texts: list[str]) -> list[str]:
    return [v for t in texts for v in [t, *_disguises(t)]]


def _rejected_as(text: str, category: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == category, (text, v)
    assert v.reason and v.reason[0].isupper()  # shown to the user as is


# --- progress: status lines, mid-task states, a step done and the next under way ----------
STATUS_LINES = [
    "[2/6] Building wheels…",  # a step counter
    "(3/8) Applying migrations",
    "Step 4/9: compressing images",
    "CI: green, coverage: 78%, release: queued",  # a status board
    "Unit tests: passed · e2e: failing",
    "lint ✅ typecheck ✅ deploy ⏳",
    "构建：通过，部署：排队中",
    "Release status: blocked",
    "同步状态：进行中",
    "Today's todo: reply to the landlord, book the vet",  # a day's to-do list
    "本周待办：整理发票，续签合同",
    "明天的任务：升级 Node 到 22",
]
GERUND_STATUS = [  # a task verb opening the line, no subject
    "Installing the Android SDK, this takes ages",
    "Looking into why the webhook retries twice",
    "Cloning the monorepo and setting up the toolchain",
    "Bisecting the slowdown between 1.4 and 1.5",
    "Reproducing the flaky login test locally",
    "Porting the shell scripts to Python",
    "Setting up the printer for my mom",
]
STEP_THEN_NEXT = [
    "Docs are fixed. Now writing the release notes",  # the next step in its own sentence
    "Schema migrated. Next: the seed data",
    "Auth's done - on to the billing page",
    "Almost there with the invoice export, just the totals left",
]
ZH_MID_TASK = [
    "我这边在改导出功能，还没弄完",  # where the speaker is, then the work
    "我们这边在压测，先别合并",
    "我这里正在整理报销单，晚点发你",
    "备份还没同步完",  # not finished yet, any verb
    "述职报告写了个开头",  # just begun
    "刚把依赖升上去，晚点看看效果",  # just done, the next "later"
    "单测补完四分之一",  # a share of the task done
    "把证书更新到了两台网关，接下来换第三台",  # a step done, then the next
    "本周在修登录页，修完再做注册",  # the next after this one
]
MORE_EN_STATUS = [
    "Still running the load tests, results in an hour",
    "About 60% through the photo backup",
    "Going through the expense reports this evening",
    "I'm in the middle of the Postgres upgrade",
    "We're midway through the security review",
    "Queued the re-index, should be done by noon",
    "On my way, 15 minutes out",  # where the speaker is this minute
    "In a call, will get back to you later",
    "🚧 Migrating the photo library",  # a work-in-progress mark
    "The second batch of receipts is scanned, the third one tonight",
    "Lint passes locally now; pushing the branch",
    "Hotfix is in review, should land this afternoon",  # "Hotfix is" opens like "Tim is"
    "Fine-tuning is at epoch 3 of 10",
    "v3 已经上到预发，观察一天再全量",  # a step after a wait
    "已经推到 gitee 了，你拉一下看看",  # handed over
]
MIXED_STATUS = [  # English task verbs in a Chinese frame
    "PR rebase 了，now 在跑 CI",
    "跑 benchmark 中，大概还要二十分钟",
    "在 fine-tune 小模型，第三个 epoch",
    "镜像 build 完了，等 k8s 拉取",
]


def test_a_task_list_marker_alone_decides_nothing() -> None:
    # The canonical form drops list markers ("- [ ] fact" is the fact: test_canonical), so
    # a checkbox item is judged by its words like any other line.
    assert check_quality("- [ ] The NAS runs TrueNAS Scale").allowed
    _rejected_as("- [x] Deploying the hotfix now", "progress")


@pytest.mark.parametrize("text", _cases(STATUS_LINES + GERUND_STATUS + STEP_THEN_NEXT
                                        + ZH_MID_TASK + MORE_EN_STATUS + MIXED_STATUS))
def test_status_and_mid_task_lines_are_progress(text: str) -> None:
    _rejected_as(text, "progress")


# A gerund as the subject, a rule's consequence, a habit: how things are, not a status.
NOT_STATUS = [
    "Installing CUDA on Fedora requires the RPM Fusion repo",
    "Running migrations needs a maintenance window at the user's company",
    "测试覆盖率低于 80% 时 CI 会失败",
    "如果签名不对，上传就会报错",
    "部署失败时流水线会自动回滚",
    "The user's CI fails when a commit message lacks a ticket number",
    "The user's favourite status page is Better Stack",
    "用户的儿子游泳课还剩两节",  # a person's life, not a work item
    "The user's mother is almost there with her recovery from the hip surgery",
    "Currently running Arch Linux with the Sway window manager",  # a machine's setup
    "Installed base of the user's app is about 20k devices",
    "I'm halfway through my PhD in chemistry",  # the speaker's life
    "User is in the middle of a divorce",
    "Releases are blocked on Fridays by company policy",  # a habit, not today's state
    "家里的 NAS 跑着 Jellyfin 和 Nextcloud",  # hosts software: configuration
    "I tried Helix once but didn't like it",  # a trial with a verdict: a preference
    "王芳正在装修新房子，预算三十万",  # a life activity of a person named in Chinese
    "Arjun is learning to drive this summer",
    "用户的进度条偏好是显示百分比",  # a progress bar is a thing
    "用户在 Tesla 上海工厂工作",  # 在 + a name, not 在 + a task verb
]


@pytest.mark.parametrize("text", _cases(NOT_STATUS))
def test_rules_and_life_are_not_status(text: str) -> None:
    v = check_quality(text)
    assert v.allowed, (text, v)


# --- hedges and broken-off thoughts -------------------------------------------------------
HEDGES = [
    "I suppose the retry logic could be simpler",
    "I reckon we might move the docs to a wiki at some point",
    "We'll see about moving the blog to Astro",
    "这个页面可能还能再快一点",
    "这块可能也得重写",
    "不知道要不要换框架，先放着",  # undecided about one's own step
    "我感觉可能是缓存的问题，不过没测过",
    "等有时间再整理相册",
    "This feels like it could be more robust",
]
BROKEN_OFF = [  # a topic announced with nothing said, a musing cut off
    "One more thing about the move",
    "Oh and another thing regarding the school trip",
    "还有件事，关于报销",
    "对了，还有一个想法",
    "我在想要不要",
    "I was wondering if",
]


@pytest.mark.parametrize("text", _cases(HEDGES + BROKEN_OFF))
def test_hedges_and_broken_off_thoughts_are_half_formed(text: str) -> None:
    _rejected_as(text, "half_formed")


HEDGE_LOOKALIKE_FACTS = [  # a topic with something said, a person's loose plan
    "One more thing about the user: she is allergic to latex",
    "还有件事要记住：用户每周二加班",
    "The user supposes nothing; she measured the latency herself",
    "用户可能还要在上海待两年，公司外派",
    "Noah is not sure whether to move to Denver",  # a named person's indecision
    "用户不知道有没有必要买重疾险，在问朋友",  # the user's doubt, reported
    "用户没试过寿司",
    "用户以后有时间想再学一门乐器",
]


@pytest.mark.parametrize("text", _cases(HEDGE_LOOKALIKE_FACTS))
def test_facts_near_hedges_are_kept(text: str) -> None:
    v = check_quality(text)
    assert v.allowed, (text, v)


# --- questions ------------------------------------------------------------------------
QUESTIONS = [
    "体检报告出来了没",
    "机票订好了没有",
    "How long does the passport renewal take",
    "这个 API 限流是多少",
    "lmk if the backup finished",
    "不知道周五的体检还能不能改期",  # wondering about a fact asks for it
    "Hey, quick question about the staging database",  # a question announced
    "Recommend a good laptop for video editing",
    "Suggest a name for the new cat",
    "求一个能压缩 PDF 的网站",
    "so what's the budget for the trip",  # a discourse word first
    "is 39 too high for a baby",  # an auxiliary, one word, a degree word
    "need a script that renames the photos by date",  # a subjectless need
    "not sure how to mount the NAS, can you help",  # a request after a doubt
    "想让你帮我列一下搬家要买的东西",
    "这周末上海热不热",  # A-not-A at the end
]


@pytest.mark.parametrize("text", _cases(QUESTIONS))
def test_questions(text: str) -> None:
    _rejected_as(text, "question")


# --- bare URLs and paths ----------------------------------------------------------------
BARE = [
    r"Documents\税务\2025 年度",  # a relative Windows path
    r"桌面\家庭 账本.xlsx",
    "看这个：https://www.zhihu.com/question/123",  # a pointer word and a URL only
    "check this https://news.ycombinator.com/item?id=1",
    r"D:\Photos\小米 相册\2026-01",
    r"<E:\备份\微信 聊天记录>",  # wrapped in angle brackets
    r"E:\\照片\\2025 年\\三亚",  # doubled separators, as in a string literal
    "链接在这：https://meeting.tencent.com/dm/xyz",
    "网盘地址 https://pan.quark.cn/s/abc123",
]


@pytest.mark.parametrize("text", _cases(BARE))
def test_bare_paths_and_urls(text: str) -> None:
    _rejected_as(text, "bare_url_path")


PATH_FACTS = [
    r"用户的报税材料在 Documents\税务 文件夹里，每年四月整理",
    "The user reads https://lwn.net every Friday",
    r"The user's Zotero library lives in D:\Research\Zotero and syncs to the NAS",
    "I need a wheelchair-accessible room when travelling",  # a need in the first person
    "Is allergic to walnuts since childhood",  # subjectless, not an auxiliary question
]


@pytest.mark.parametrize("text", _cases(PATH_FACTS))
def test_facts_holding_a_path_are_kept(text: str) -> None:
    v = check_quality(text)
    assert v.allowed, (text, v)


# --- chatter --------------------------------------------------------------------------
CHATTER = [
    "haha okay",
    "lol thanks",
    "sure thing",
    "no worries!",
    "will do 👍",
    "Good night",
    "嘿嘿，好嘞",
    "晚上好呀",
    "好滴，谢啦",
    "拜拜～",
    "没事没事",
    "okie dokie",
    "alright then",
]


@pytest.mark.parametrize("text", _cases(CHATTER))
def test_chatter_is_too_short(text: str) -> None:
    _rejected_as(text, "too_short")


CHATTER_WORD_FACTS = [
    "The user says good night to her kids on video every evening",
    "用户每天晚上十点说晚安后就不看手机",
    "The user's dog is called Haha",
]


@pytest.mark.parametrize("text", _cases(CHATTER_WORD_FACTS))
def test_facts_with_chatter_words_are_kept(text: str) -> None:
    v = check_quality(text)
    assert v.allowed, (text, v)


# --- the reason the user is told ----------------------------------------------------------
@pytest.mark.parametrize(("text", "says"), [
    ("[3/5] Resizing images", "status line"),
    ("构建：失败，部署：排队中", "status line"),
    ("Today's todo: file the taxes", "status line"),
    ("Merged the PR, deploying it now", "next one"),
    ("接口联调完了，下一步是压测", "next one"),
    ("Currently rebuilding the search index", "Transient progress"),
    ("正在排查内存泄漏", "Transient progress"),
])
def test_progress_reason_names_the_kind(text: str, says: str) -> None:
    v = check_quality(text)
    assert v.category == "progress" and says in v.reason and v.reason.isascii(), v

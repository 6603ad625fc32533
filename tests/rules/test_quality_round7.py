"""Filter round 7 (session 9): the categories fixed this round, both languages.

Each mechanism with the traps it must leave alone and adversarial shapes. None of these
texts is in a dev set: they were written to attack the round's rules after the fixes, in
wordings the tune split did not have.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality
from vecmem.rules.quality_standing import is_far_plan, is_standing_change
from vecmem.text import normalize


def _category(text: str) -> str:
    v = check_quality(text)
    return v.category if not v.allowed else "allow"


# A change of a standing fact (role, employer, home, school, a default, a provider) told
# as a change done: the slot's new value, kept so the slot rules can compare it.
STANDING_CHANGE = [
    "我上个月升职为部门经理了",
    "她已经当上主治医生了",
    "我刚入职小红书，做数据产品",
    "我已经从阿里离职了，现在在创业",
    "女儿考上了浙大的研究生",
    "我终于转正了",
    "我改用飞书了，钉钉不用了",
    "我现在是组长了",
    "我跳槽到网易了，下周一报到",
    "I got promoted to engineering manager in January",
    "I joined Shopify as a backend developer",
    "I'm with Monzo now, closed the Barclays account",
    "Figma pays me now, I quit the agency",
    "Started at Datadog on Monday as an SRE",
    "我已经升为\u200b护士长了",
]
# …while a work item moved, switched or upgraded is still a status report.
WORK_ITEM_MOVED = [
    "数据库已经迁到新集群了，接下来验证数据",
    "分支切到 release 了，正在打包",
    "服务已经升到 v2.3 了，明天灰度",
    "Just switched the cluster to the new node pool, watching the metrics now",
    "Switched to the feature branch, rebasing now",
    "Migrating the users table next, should be done in an hour",
]


@pytest.mark.parametrize("text", STANDING_CHANGE)
def test_a_change_of_a_standing_fact_is_kept(text: str) -> None:
    assert _category(text) == "allow"


@pytest.mark.parametrize("text", WORK_ITEM_MOVED)
def test_a_work_item_moved_is_still_progress(text: str) -> None:
    assert _category(text) == "progress"


def test_standing_change_reads_the_change_not_the_word() -> None:
    assert is_standing_change(normalize("老公调到深圳分公司了"))
    assert is_standing_change(normalize("The user relocated to Denver for the new job"))
    # a move this minute is no new home
    assert not is_standing_change(normalize("Moving to the next ticket right now"))
    assert not is_standing_change(normalize("正在看日志"))


# A plan on a later date, told in the progressive or a future: kept; the same aspect with
# a marker of now stays a status line.
FAR_PLAN = [
    "Heading to Kyoto on 3 April for the cherry blossoms",
    "We're repainting the nursery next month",
    "The user is flying to Toronto in June for a conference",
    "I'm moving out of this flat at the end of the month",
    "下个月我们要去云南玩一周",
]
NOW_NOT_PLAN = [
    "Deploying to prod right now, next month's release is separate",
    "Repainting the hallway now, the nursery is next month",
]


@pytest.mark.parametrize("text", FAR_PLAN)
def test_a_plan_on_a_later_date_is_kept(text: str) -> None:
    assert _category(text) == "allow"


@pytest.mark.parametrize("text", NOW_NOT_PLAN)
def test_the_same_aspect_now_is_progress(text: str) -> None:
    assert _category(text) == "progress"
    assert not is_far_plan(normalize(text))


# A hedge by its grammar: a modal of possibility with a vague time, any verb; a doubt
# tagged on last. A person's plan held loosely stays a fact about them, and a time of
# today is no vague time.
MODAL_VAGUE = [
    "Could look into a CDN for the images at some point",
    "The test fixtures should probably be regenerated later on",
    "I may redo the kitchen tiles down the road",
    "Worth switching to a standing desk sometime, hard to say",
    "这个接口可能以后要拆成两个",
    "We may need a second NAS in the future",
    "The garden shed could get a new roof at a later stage",
    "Might migrate the photos to Immich someday",
]
PERSON_PLAN_LOOSE = [
    "The user may move to Spain someday to be near her parents",
    "Kenji might open his own bakery at some point",
    "用户以后可能会去读 MBA",
    "Hard water can damage the kettle over time",
]


@pytest.mark.parametrize("text", MODAL_VAGUE)
def test_a_modal_with_a_vague_time_is_a_hedge(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", PERSON_PLAN_LOOSE)
def test_a_persons_loose_plan_is_a_fact(text: str) -> None:
    assert _category(text) == "allow"


# A status report by the time scale of its next step, a promise to the listener, a counter
# of units, and work in flight with a warning about now.
STATUS_BY_SHAPE = [
    "Signed the lease paperwork, I'll send you a copy tonight",
    "Photos are uploaded, will forward them to you shortly",
    "照片整理好了，晚点传给你",
    "报告写完了，待会儿转给你",
    "Jess finished the slide deck and is presenting it after lunch",
    "The user cleaned the fridge and plans to restock it this evening",
    "Backfill #17 still running, please don't restart the worker",
    "12/40 files uploaded so far",
    "Job #9915 retrying",
    "The indexer is rebuilding the shards, hold off on queries",
    "正在导数据，先别动那张表",
]
# …and what shares a word with them but stands: a plan far off, a person's life with a
# warning, a share of a quota, a standing prohibition with the harm it prevents.
STANDS = [
    "Maria finished her degree and will start at Google in September",
    "My brother is building a treehouse for his kids, don't tell them yet",
    "I've been using 2/3 of my storage quota on iCloud",
    "Don't give the dog grapes, they are toxic to him",
    "别给狗吃葡萄，有毒",
    "Never give her ibuprofen, it makes her wheeze",
    "用户在学日语，别用繁体字回答她",
]


@pytest.mark.parametrize("text", STATUS_BY_SHAPE)
def test_status_by_its_shape(text: str) -> None:
    assert _category(text) == "progress"


@pytest.mark.parametrize("text", STANDS)
def test_what_stands_is_kept(text: str) -> None:
    assert _category(text) == "allow"


@pytest.mark.parametrize("text", ["Don't push to main on Fridays", "别在周五发版",
                                  "Can dogs eat grapes, are they toxic?"])
def test_a_prohibition_without_harm_is_still_a_request(text: str) -> None:
    assert _category(text) == "question"


# A Chinese person as the subject with an evidential or a degree word before the verb
# ("老周好像是…", "我妈好像对芒果过敏"): a soft observation about them, a fact.
@pytest.mark.parametrize("text", ["老周好像是用户的远房亲戚", "我妈好像对芒果过敏",
                                  "小马似乎更喜欢远程办公", "老高好像在装修"])
def test_a_soft_observation_about_a_chinese_person_is_kept(text: str) -> None:
    assert _category(text) == "allow"


def test_a_soft_thought_with_no_person_is_still_a_hedge() -> None:
    assert _category("好像哪里还有内存泄漏") == "half_formed"


# A thought broken off: disfluencies around a word being looked for, a musing cut on a word
# that needs what follows. A filler before a whole clause is no fragment.
@pytest.mark.parametrize("text", ["呃，就是那个，怎么说", "um so the uh", "I mean the whatsit",
                                  "我琢磨着给", "我们在考虑要不要换那个"])
def test_a_thought_broken_off_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", ["Um, my dog is called Rex",
                                  "他叫什么来着不重要，反正是张经理的同事"])
def test_a_filler_before_a_clause_is_kept(text: str) -> None:
    assert _category(text) == "allow"


# Hedges and half-thoughts by category, written from the definitions (not from any set):
# a modal of being after "there", a supposition or a doubt said aloud, a misgiving with no
# name, a doubt tagged on, a preposition or a determiner with nothing after it, a topic with
# nothing said about it.
HELD_BACK = [
    "There might be a better way to do the auth flow",
    "There's probably a neater way to structure the repo",
    "It could be worth revisiting the schema",
    "Thinking out loud: what if we cached the embeddings",
    "Unclear whether the upgrade is worth it",
    "Not 100% on whether Tailwind is the right call",
    "Half thinking we should drop Windows support",
    "The pricing page feels a little off somehow",
    "I was going to mention something about",
    "Anyway, the",
    "Something about the database",
    "大概率要重构吧，不好说",
    "这个页面的配色有点怪，说不清",
]
# …and the same words in facts about a person (a doubt of theirs, a need of theirs).
HELD_BY_A_PERSON = [
    "My daughter probably needs glasses, her teacher noticed squinting",
    "我妈不太确定要不要做手术",
    "The user is not sure whether to accept the Berlin offer",
    "用户觉得这个方案还有优化空间",
]


@pytest.mark.parametrize("text", HELD_BACK)
def test_held_back_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", HELD_BY_A_PERSON)
def test_a_persons_doubt_is_a_fact(text: str) -> None:
    assert _category(text) == "allow"


# Status lines by shape, written from the definitions: nearly done with the rest named,
# busy now with the matter put after, a step done then a short V一下 step, the speaker's
# place then their next step, a step done (irregular past) then the next under way.
STATUS_SHAPES_2 = [
    "Nearly done with the grocery order, just need to add the milk",
    "现在在开会，结束后再处理",
    "服务重启完了，观察一下日志",
    "On the train, will look at it when I'm home",
    "Took the bins out, now tackling the dishes",
]
# …and standing facts with the same words.
STANDING_2 = [
    "现在在上海工作，住在徐汇",
    "The user is nearly fluent in Portuguese",
    "On the weekends the user volunteers at an animal shelter",
    "第一轮面试一般由 HR 负责",
]


@pytest.mark.parametrize("text", STATUS_SHAPES_2)
def test_status_shapes_written_from_the_definitions(text: str) -> None:
    assert _category(text) == "progress"


@pytest.mark.parametrize("text", STANDING_2)
def test_standing_facts_with_status_words(text: str) -> None:
    assert _category(text) == "allow"


# A judgement softened by its suffix or its owner, a thing announced and not said.
@pytest.mark.parametrize("text", ["The search could stand to be faster",
                                  "Not a priority but the tests are flaky-ish",
                                  "Part of me wants to rewrite the whole thing",
                                  "No strong opinion yet on monorepo vs polyrepo",
                                  "The other thing I wanted to say", "就是那个，你知道的",
                                  "对了还有个"])
def test_softened_or_unsaid_is_half_formed(text: str) -> None:
    assert _category(text) == "half_formed"


@pytest.mark.parametrize("text", ["用户不一定每天都健身，一周三次左右",
                                  "The user has no strong opinion on tabs versus spaces",
                                  "Part of the user's salary is paid in stock"])
def test_the_same_words_about_a_person_are_facts(text: str) -> None:
    assert _category(text) == "allow"
